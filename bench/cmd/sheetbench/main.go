// Command sheetbench measures the targets of issue #20 with a built
// kinenix binary: a flow over a whole sheet, streamed and run on all
// cores. It builds kinenix from the repository, writes the sheets
// (sheetgen) and the heavy flow (heavygen) into a temporary directory,
// runs each command once, and prints for each the wall time, the CPU
// (user+sys) and the peak memory (from the process's rusage), then the
// ratios the targets name:
//
//   - preview -data rows.csv -each -format csv sheet.md > /dev/null on
//     100,000 rows: rows/s (target >= 100,000 on two cores) and CPU per row
//     against the library's own per-row evaluation (BenchmarkRun of
//     package flow; target within 3x);
//   - peak memory at 1,000,000 rows against 10,000 rows (target <= 1.5x);
//   - the heavy flow over 20 rows, preview -each and validate -data
//     (target under 5 s each, the budget named);
//   - -compare over 100,000 rows against one preview (target <= 2.5x).
//
// On a shared machine the wall times move with its load; the CPU per row
// does much less, so both are printed.
//
//	cd bench && go run ./cmd/sheetbench            # or: make bench-sheet
//	go run ./cmd/sheetbench -kinenix /tmp/kinenix-main -old   # a binary without -format
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"
)

func main() {
	bin := flag.String("kinenix", "", "a kinenix binary to measure (default: build ../cmd/kinenix)")
	old := flag.Bool("old", false, "the binary has no -format: measure -each as text")
	big := flag.Bool("big", true, "measure 1,000,000 rows too (the memory target)")
	flag.Parse()
	dir, err := os.MkdirTemp("", "sheetbench")
	check(err)
	defer os.RemoveAll(dir)
	if *bin == "" {
		*bin = filepath.Join(dir, "kinenix")
		build := exec.Command("go", "build", "-o", *bin, "./cmd/kinenix")
		build.Dir, build.Stderr = "..", os.Stderr
		check(build.Run())
	}
	sizes := []int{10_000, 100_000}
	if *big {
		sizes = append(sizes, 1_000_000)
	}
	sheets := map[int]string{}
	for _, n := range sizes {
		p := filepath.Join(dir, fmt.Sprintf("rows%d.csv", n))
		out, err := exec.Command("go", "run", "./cmd/sheetgen", "-rows", strconv.Itoa(n)).Output()
		check(err)
		check(os.WriteFile(p, out, 0o644))
		sheets[n] = p
	}
	heavy := filepath.Join(dir, "heavy.md")
	out, err := exec.Command("go", "run", "./cmd/heavygen").Output()
	check(err)
	check(os.WriteFile(heavy, out, 0o644))
	heavyCSV := filepath.Join(dir, "heavy.csv")
	check(os.WriteFile(heavyCSV, []byte("a\n"+strings.Repeat("1\n", 20)), 0o644))

	flowMD, oldMD := "testdata/sheet.md", "testdata/sheet-old.md"
	format := []string{"-format", "csv"}
	if *old {
		format = nil
	}
	fmt.Printf("kinenix: %s\n\n", *bin)
	fmt.Printf("%-44s %9s %9s %10s %10s\n", "command", "wall s", "cpu s", "peak MiB", "rows/s")
	res := map[string]measure{}
	for _, n := range sizes {
		name := fmt.Sprintf("preview -each csv, %d rows", n)
		res[name] = report(name, n, *bin, false, append(append([]string{"preview", "-data", sheets[n], "-each"}, format...), flowMD)...)
	}
	cmp := report("preview -compare, 100000 rows", 100_000, *bin, false, "preview", "-data", sheets[100_000], "-compare", oldMD, flowMD)
	hp := report("heavy flow, preview -each, 20 rows", 20, *bin, true, "preview", "-data", heavyCSV, "-each", heavy)
	hv := report("heavy flow, validate -data, 20 rows", 20, *bin, true, "validate", "-data", heavyCSV, heavy)

	lib := libraryPerRow()
	one := res["preview -each csv, 100000 rows"]
	fmt.Println()
	fmt.Printf("library Flow.Run per row (BenchmarkRun):    %.2f us\n", lib*1e6)
	cpuRow := one.cpu.Seconds() / 100_000
	fmt.Printf("CLI CPU per row (user+sys / rows):          %.2f us   ratio %.2fx (target <= 3x)\n", cpuRow*1e6, cpuRow/lib)
	fmt.Printf("rows/s at 100,000 rows (wall):              %.0f (target >= 100,000); by CPU on 2 cores: %.0f\n",
		100_000/one.wall.Seconds(), 2/cpuRow)
	if m1, ok := res["preview -each csv, 1000000 rows"]; ok {
		m10 := res["preview -each csv, 10000 rows"]
		fmt.Printf("peak memory 1,000,000 / 10,000 rows:        %.2fx (target <= 1.5x)\n", float64(m1.rss)/float64(m10.rss))
	}
	fmt.Printf("heavy flow: preview %.2f s, validate %.2f s wall; %.2f s, %.2f s CPU (target < 5 s); budget named: %v\n",
		hp.wall.Seconds(), hv.wall.Seconds(), hp.cpu.Seconds(), hv.cpu.Seconds(),
		bytes.Contains(hp.out, []byte("more work than allowed")) && bytes.Contains(hv.out, []byte("more work than allowed")))
	fmt.Printf("-compare / preview at 100,000 rows:         %.2fx wall, %.2fx CPU (target <= 2.5x)\n",
		cmp.wall.Seconds()/one.wall.Seconds(), cmp.cpu.Seconds()/one.cpu.Seconds())
}

type measure struct {
	wall, cpu time.Duration
	rss       int64 // bytes
	out       []byte
}

// report runs the command once under /usr/bin/time (its peak memory is
// the process's own: a child's rusage from Go would start from this
// program's high-water mark, which fork copies) and prints a line.
//
// The command writes as the targets name it: its standard output straight
// to /dev/null (keep false) or, for a run whose output is read after
// (keep), to a file. Never through a pipe to this program: reading
// 17 MB of CSV into a buffer here takes a core from the command on a
// two-core machine and halved its rows/s.
func report(name string, rows int, bin string, keep bool, args ...string) measure {
	stats := filepath.Join(os.TempDir(), fmt.Sprintf("sheetbench-%d.time", os.Getpid()))
	defer os.Remove(stats)
	outPath := os.DevNull
	if keep {
		outPath = filepath.Join(os.TempDir(), fmt.Sprintf("sheetbench-%d.out", os.Getpid()))
		defer os.Remove(outPath)
	}
	stdout, err := os.Create(outPath)
	check(err)
	devNull, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	check(err)
	cmd := exec.Command("/usr/bin/time", append([]string{"-o", stats, "-f", "%e %U %S %M", bin}, args...)...)
	cmd.Stdout, cmd.Stderr = stdout, devNull
	_ = cmd.Run() // a flow that fails exits 1
	check(stdout.Close())
	check(devNull.Close())
	var m measure
	if keep {
		m.out, err = os.ReadFile(outPath)
		check(err)
	}
	b, err := os.ReadFile(stats)
	check(err)
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	f := strings.Fields(lines[len(lines)-1])
	if len(f) != 4 {
		check(fmt.Errorf("/usr/bin/time printed %q", b))
	}
	num := func(s string) float64 { v, err := strconv.ParseFloat(s, 64); check(err); return v }
	m.wall = time.Duration(num(f[0]) * 1e9)
	m.cpu = time.Duration((num(f[1]) + num(f[2])) * 1e9)
	m.rss = int64(num(f[3]) * 1024)
	fmt.Printf("%-44s %9.2f %9.2f %10.1f %10.0f\n", name, m.wall.Seconds(), m.cpu.Seconds(), float64(m.rss)/(1<<20), float64(rows)/m.wall.Seconds())
	return m
}

// libraryPerRow is BenchmarkRun's seconds per row.
func libraryPerRow() float64 {
	cmd := exec.Command("go", "test", "-run", "^$", "-bench", "^BenchmarkRun$", "-benchtime", "1s", "./flow/")
	cmd.Dir = ".."
	out, err := cmd.CombinedOutput()
	check(err)
	m := regexp.MustCompile(`BenchmarkRun\S*\s+\d+\s+([0-9.]+) ns/op`).FindSubmatch(out)
	if m == nil {
		fmt.Fprintf(os.Stderr, "sheetbench: no result in\n%s", out)
		os.Exit(1)
	}
	ns, err := strconv.ParseFloat(string(m[1]), 64)
	check(err)
	return ns / 1e9
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "sheetbench:", err)
		os.Exit(1)
	}
}
