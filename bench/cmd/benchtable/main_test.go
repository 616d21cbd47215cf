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
BenchmarkEvent/len/kinenix-2        	  888112	       30.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkEvent/len/expr-2           	  888112	       60.0 ns/op	       0 B/op	       0 allocs/op
BenchmarkEvent/join/kinenix-2       	  888112	       300 ns/op	       0 B/op	       3 allocs/op
BenchmarkEvent/join/expr-2          	  888112	       200 ns/op	       0 B/op	       4 allocs/op
BenchmarkFlow/vars8/kinenix-2       	   10000	      5000 ns/op	       0 B/op	      10 allocs/op
BenchmarkFlow/vars8/expr-2          	   10000	     10000 ns/op	       0 B/op	      30 allocs/op
BenchmarkFlow/vars100/kinenix-2     	   10000	      8000 ns/op	       0 B/op	      10 allocs/op
BenchmarkFlow/vars100/expr-2        	   10000	     10000 ns/op	       0 B/op	      30 allocs/op
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
		"- warm geomean kinenix/native <= 2.0: **missed** (2.83x)",
		"- warm geomean kinenix/expr <= 0.6: **missed** (1.00x)",
		"- warm: kinenix faster than expr on every case: **missed** (join 2.00x)",
		"| len | 30.0 (0) | 60.0 (0) | 0.50x | - |",
		"- per event geomean kinenix/expr <= 0.8: **missed** (0.87x)",
		"- per event: kinenix faster than expr on every case: **missed** (join 1.50x)",
		"| vars100 | 8000 (10) | 10000 (30) | 0.80x | - |",
		"- flow vars8 kinenix/expr <= 0.6: met (0.50x)",
		"- flow vars100 kinenix/expr <= 0.7: **missed** (0.80x)",
		"- warm allocs <= native + 1 on every case: **missed** (join 3 > 1+1)",
		"- zero warm allocs for len, index, condition: met (all three)",
		"- cold compile kinenix <= 0.8x expr.Compile on every case: **missed** (len 2.00x)",
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

// Issue #11: a ratio is the median of the ratios within each round (the
// engines of a case run side by side in a round), not the ratio of the
// summed-up times; a scope made per event is reported against a reused one.
func TestRoundRatios(t *testing.T) {
	const rounds = `BenchmarkEval/len/kinenix-2 	 1	 10.0 ns/op
BenchmarkEval/len/expr-2    	 1	 40.0 ns/op
BenchmarkEval/len/kinenix-2 	 1	 40.0 ns/op
BenchmarkEval/len/expr-2    	 1	 20.0 ns/op
BenchmarkEval/len/kinenix-2 	 1	 30.0 ns/op
BenchmarkEval/len/expr-2    	 1	 30.0 ns/op
BenchmarkFreshScope/reused-2	 1	 50.0 ns/op	 0 allocs/op
BenchmarkFreshScope/new-2   	 1	 200 ns/op	 2 allocs/op
`
	r, err := parse(strings.NewReader(rounds))
	if err != nil {
		t.Fatal(err)
	}
	r.useMin = true
	if v, _ := r.ratio("Eval/len/kinenix", "Eval/len/expr"); v != 1 { // 0.25, 2, 1
		t.Errorf("ratio = %v, want the median of the round ratios, 1", v)
	}
	var buf bytes.Buffer
	r.write(&buf)
	for _, want := range []string{
		"| len | 10.0 | 20.0 | - | 1.00x |",
		"200 (2) ns/op, the same render on a reused scope 50.0 (0) ns/op: 4.00x",
		"- scope.New + one render within 3x of a reused scope's render: **missed** (4.00x)",
	} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, buf.String())
		}
	}
}

// Issue #19: where the benchmarks report the process's CPU time, the
// tables and ratios use it, not the wall time; -wall goes back to ns/op.
func TestCPUTime(t *testing.T) {
	const out = `BenchmarkEval/len/kinenix-2 	 1	 90.0 ns/op	 10.0 cpu-ns/op
BenchmarkEval/len/expr-2    	 1	 10.0 ns/op	 20.0 cpu-ns/op
`
	r, err := parse(strings.NewReader(out))
	if err != nil {
		t.Fatal(err)
	}
	if v, _ := r.ratio("Eval/len/kinenix", "Eval/len/expr"); v != 0.5 {
		t.Errorf("ratio = %v, want the CPU times' 0.5", v)
	}
	r.wall = true
	if v, _ := r.ratio("Eval/len/kinenix", "Eval/len/expr"); v != 9 {
		t.Errorf("ratio = %v, want the wall times' 9", v)
	}
}
