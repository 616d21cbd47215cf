package main

import (
	"bytes"
	"math"
	"strings"
	"testing"
)

const sample = `goos: linux
goarch: amd64
pkg: github.com/kinenix/expressions/bench
cpu: Test CPU @ 2.0GHz
BenchmarkEval/len/kinenix-2         	  888112	       30.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkEval/len/kinenix-2         	  888112	       10.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkEval/len/kinenix-2         	  888112	       20.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkEval/len/expr-2            	 3760476	        40.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkEval/len/native-2          	11829999	        10.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkEval/join/kinenix-2        	  405726	       400 ns/op	      48 B/op	       3 allocs/op
BenchmarkEval/join/expr-2           	  586495	       200 ns/op	     160 B/op	       4 allocs/op
BenchmarkEval/join/native-2         	 1000000	       100 ns/op	      48 B/op	       1 allocs/op
BenchmarkCompile/len/kinenix-2      	   10000	     20000 ns/op	    3000 B/op	      40 allocs/op
BenchmarkCompile/len/expr-2         	   10000	     10000 ns/op	    3000 B/op	      40 allocs/op
BenchmarkWorst/chain/kinenix-2      	    1000	   1500000 ns/op	    3000 B/op	      40 allocs/op
BenchmarkCacheMemory/templates-2    	       1	3000000000 ns/op	         2.600 MiB-peak	         2.500 MiB-at-100k
PASS
`

func TestParse(t *testing.T) {
	r, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if r.cpu != "Test CPU @ 2.0GHz" || r.procs != "2" || r.goos != "linux" {
		t.Errorf("header: cpu %q procs %q goos %q", r.cpu, r.procs, r.goos)
	}
	if v, _ := r.get("Eval/len/kinenix", "ns/op"); v != 20 {
		t.Errorf("median = %v, want 20", v)
	}
	if v, _ := r.get("CacheMemory/templates", "MiB-at-100k"); v != 2.5 {
		t.Errorf("MiB-at-100k = %v, want 2.5", v)
	}
	cases, engines := r.group("Eval")
	if strings.Join(cases, ",") != "len,join" || strings.Join(engines, ",") != "kinenix,expr,native" {
		t.Errorf("group: %v %v", cases, engines)
	}
}

func TestMedianGeomean(t *testing.T) {
	if m := median([]float64{4, 1, 3, 2}); m != 2.5 {
		t.Errorf("median = %v", m)
	}
	if g := geomean([]float64{2, 8}); math.Abs(g-4) > 1e-12 {
		t.Errorf("geomean = %v", g)
	}
}

func TestWrite(t *testing.T) {
	r, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	r.write(&buf)
	out := buf.String()
	for _, want := range []string{
		"| len | 20.0 (0) | 40.0 (0) | 10.0 (0) | 2.00x | 0.50x |",
		"| join | 400 (3) | 200 (4) | 100 (1) | 4.00x | 2.00x |",
		"| **geomean** | 89.4 | 89.4 | 31.6 | **2.83x** | **1.00x** |",
		"| len | 20.0 (40) | 10.0 (40) | 2.00x | - |",
		"| chain | 1500 (40) |",
		"templates 2.5 MiB (peak 2.6 MiB over checkpoints every 10,000)",
		"- warm geomean kinenix/native <= 3: met (2.83x)",
		"- kinenix faster than expr on every case: **missed** (join 2.00x)",
		"- warm allocs <= native + 1 on every case: **missed** (join 3 > 1+1)",
		"- zero warm allocs for len, index, condition: met (all three)",
		"- cold compile kinenix <= expr.Compile on every case: **missed** (len 2.00x)",
		"- every 500-character input parses in under 2 ms: met (slowest chain 1500 µs)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

func TestMin(t *testing.T) {
	r, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	r.useMin = true
	if v, _ := r.get("Eval/len/kinenix", "ns/op"); v != 10 {
		t.Errorf("min = %v, want 10", v)
	}
}
