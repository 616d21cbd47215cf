// Command benchtable runs the side-by-side benchmark of the bench module
// and prints it as markdown: one table for warm evaluation (ns/op and
// allocs/op per engine, the ratios kinenix/native and kinenix/expr, the
// geometric means), one per event (a host map bound afresh for one field),
// one for a flow (a fresh binding, then all 8 cases, with 8 and 100 host
// variables), one for cold compile, one for the worst-case inputs,
// the parse cache's memory, and where each target of issue #6 stands.
//
// Usage, from the bench directory (what `make bench` does):
//
//	go run ./cmd/benchtable [-count 5] [-benchtime 200ms] [-q] [-raw out.txt]
//	go run ./cmd/benchtable -in out.txt   # table from a saved run
//
// It builds the test binary once, runs TestSameResults before any timing,
// then -count short rounds of every benchmark, so the engines of a case
// run side by side in each round. Each cell is the fastest round (-stat
// median takes the median instead); each ratio is the median of the
// ratios within each round, so the machine's load of the moment cancels
// out. The go test output goes to stderr as it comes (unless -q), the
// tables to stdout.
package main

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

func main() {
	count := flag.Int("count", 5, "interleaved rounds of every benchmark")
	benchtime := flag.String("benchtime", "200ms", "go test -benchtime for the eval, compile and worst-case benchmarks")
	dir := flag.String("dir", ".", "the bench module directory")
	in := flag.String("in", "", "read a saved `go test -bench` output instead of running the benchmarks")
	raw := flag.String("raw", "", "also write the raw go test output to this file (for benchstat)")
	quiet := flag.Bool("q", false, "do not echo the go test output to stderr")
	cache := flag.Bool("cache", true, "also run BenchmarkCacheMemory (100,000 distinct texts, once)")
	wall := flag.Bool("wall", false, "compare wall time (ns/op) instead of the process's CPU time (cpu-ns/op)")
	stat := flag.String("stat", "min", "how the rounds of a benchmark are summed up: min (the fastest, steadiest on a busy machine) or median")
	flag.Parse()
	if *stat != "median" && *stat != "min" {
		fatal(fmt.Errorf("-stat is median or min, not %q", *stat))
	}

	var out []byte
	settings := ""
	if *in != "" {
		b, err := os.ReadFile(*in)
		if err != nil {
			fatal(err)
		}
		out = b
	} else {
		var echo io.Writer = os.Stderr
		if *quiet {
			echo = io.Discard
		}
		// One test binary, TestSameResults (and the worst inputs' check)
		// before any timing, then -count short rounds of every benchmark:
		// the engines of a case run next to each other in each round, so
		// a busy spell of the machine hits them alike.
		tmp, err := os.MkdirTemp("", "benchtable")
		if err != nil {
			fatal(err)
		}
		defer os.RemoveAll(tmp)
		bin := filepath.Join(tmp, "bench.test")
		if _, err := goTest(*dir, []string{"test", "-c", "-o", bin, "."}, echo); err != nil {
			fatal(fmt.Errorf("go test -c: %v", err))
		}
		run := func(args ...string) {
			b, err := runBinary(bin, *dir, args, echo)
			out = append(out, b...)
			if err != nil {
				os.RemoveAll(tmp)
				fatal(fmt.Errorf("bench.test %s: %v", strings.Join(args, " "), err))
			}
		}
		run("-test.run", "^(TestSameResults|TestWorstInputs)$", "-test.count", "1")
		for i := 0; i < *count; i++ {
			run("-test.run", "^$", "-test.bench", "^Benchmark(Eval|Event|Flow|Compile|Worst|FreshScope)$",
				"-test.benchtime", *benchtime, "-test.count", "1", "-test.timeout", "60m")
		}
		if *cache {
			run("-test.run", "^$", "-test.bench", "^BenchmarkCacheMemory$",
				"-test.benchtime", "1x", "-test.count", "1", "-test.timeout", "60m")
		}
		settings = fmt.Sprintf("%d interleaved rounds of -benchtime=%s, %s, %s", *count, *benchtime, goVersion(*dir),
			time.Now().UTC().Format("2006-01-02"))
	}
	if *raw != "" {
		if err := os.WriteFile(*raw, out, 0o644); err != nil {
			fatal(err)
		}
	}
	r, err := parse(bytes.NewReader(out))
	if err != nil {
		fatal(err)
	}
	if len(r.order) == 0 {
		fatal(fmt.Errorf("no benchmark results in the output"))
	}
	r.settings = settings
	r.useMin = *stat == "min"
	r.wall = *wall
	r.write(os.Stdout)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "benchtable:", err)
	os.Exit(1)
}

// goTest runs go with args in dir, echoing its output as it comes.
func goTest(dir string, args []string, echo io.Writer) ([]byte, error) {
	var buf bytes.Buffer
	cmd := exec.Command(goCmd(), args...)
	cmd.Dir = dir
	cmd.Stdout = io.MultiWriter(&buf, echo)
	cmd.Stderr = io.MultiWriter(&buf, echo)
	err := cmd.Run()
	return buf.Bytes(), err
}

// runBinary runs the compiled test binary in dir (the benchmarks read
// testdata/ from there), echoing its output as it comes.
func runBinary(bin, dir string, args []string, echo io.Writer) ([]byte, error) {
	var buf bytes.Buffer
	cmd := exec.Command(bin, args...)
	cmd.Dir = dir
	cmd.Stdout = io.MultiWriter(&buf, echo)
	cmd.Stderr = io.MultiWriter(&buf, echo)
	err := cmd.Run()
	return buf.Bytes(), err
}

// goCmd is the go command: $GO when set (the Makefile's variable), else go.
func goCmd() string {
	if g := os.Getenv("GO"); g != "" {
		return g
	}
	return "go"
}

func goVersion(dir string) string {
	cmd := exec.Command(goCmd(), "env", "GOVERSION")
	cmd.Dir = dir
	b, err := cmd.Output()
	if err != nil {
		return "go (unknown version)"
	}
	return strings.TrimSpace(string(b))
}

// results holds the samples of one or more go test -bench outputs.
type results struct {
	cpu, goos, goarch, procs string
	settings                 string
	// samples[name][unit] are the values of every run, name without the
	// -GOMAXPROCS suffix, e.g. "Eval/len/kinenix".
	samples map[string]map[string][]float64
	order   []string // names in first-seen order
	useMin  bool     // sum the runs up by their minimum instead of their median
	wall    bool     // compare wall time (ns/op) even where CPU time was measured
}

// time is the unit the times of the benchmarks names are compared in:
// the process's CPU time per iteration (cpu-ns/op, which the benchmarks
// report) when every one of them has it and wall is not set, else ns/op.
// On a machine shared with other work, wall time also counts the waits
// for a core.
func (r *results) time(names ...string) string {
	if r.wall || len(names) == 0 {
		return "ns/op"
	}
	for _, name := range names {
		if len(r.samples[name]["cpu-ns/op"]) == 0 {
			return "ns/op"
		}
	}
	return "cpu-ns/op"
}

// anyCPU reports whether any benchmark has CPU times (and wall is not set).
func (r *results) anyCPU() bool {
	for name := range r.samples {
		if r.time(name) == "cpu-ns/op" {
			return true
		}
	}
	return false
}

// parse reads go test -bench output: the header lines (goos, goarch, cpu)
// and every Benchmark line (name, iterations, then value-unit pairs).
func parse(r io.Reader) (*results, error) {
	res := &results{samples: map[string]map[string][]float64{}}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if k, v, ok := strings.Cut(line, ": "); ok && !strings.HasPrefix(line, "Benchmark") {
			switch k {
			case "cpu":
				res.cpu = strings.TrimSpace(v)
			case "goos":
				res.goos = strings.TrimSpace(v)
			case "goarch":
				res.goarch = strings.TrimSpace(v)
			}
			continue
		}
		if !strings.HasPrefix(line, "Benchmark") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 || len(f)%2 != 0 {
			continue // a name printed alone, before its result line
		}
		if _, err := strconv.ParseInt(f[1], 10, 64); err != nil {
			continue
		}
		name := strings.TrimPrefix(f[0], "Benchmark")
		if i := strings.LastIndexByte(name, '-'); i > 0 {
			if _, err := strconv.Atoi(name[i+1:]); err == nil {
				res.procs = name[i+1:]
				name = name[:i]
			}
		}
		m := res.samples[name]
		if m == nil {
			m = map[string][]float64{}
			res.samples[name] = m
			res.order = append(res.order, name)
		}
		for i := 2; i+1 < len(f); i += 2 {
			v, err := strconv.ParseFloat(f[i], 64)
			if err != nil {
				return nil, fmt.Errorf("bad value %q in %q", f[i], line)
			}
			m[f[i+1]] = append(m[f[i+1]], v)
		}
	}
	return res, sc.Err()
}

// get returns the median (or the minimum, with useMin) of name's unit and
// whether there is one.
func (r *results) get(name, unit string) (float64, bool) {
	vs := r.samples[name][unit]
	if len(vs) == 0 {
		return 0, false
	}
	if r.useMin {
		return slices.Min(vs), true
	}
	return median(vs), true
}

func median(vs []float64) float64 {
	s := append([]float64(nil), vs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// geomean is the geometric mean of vs (all > 0); 0 when empty.
func geomean(vs []float64) float64 {
	if len(vs) == 0 {
		return 0
	}
	sum := 0.0
	for _, v := range vs {
		sum += math.Log(v)
	}
	return math.Exp(sum / float64(len(vs)))
}

// group lists, in first-seen order, the cases and engines of the names
// that start with prefix + "/" (prefix/case/engine).
func (r *results) group(prefix string) (cases, engines []string) {
	seenC, seenE := map[string]bool{}, map[string]bool{}
	for _, name := range r.order {
		rest, ok := strings.CutPrefix(name, prefix+"/")
		if !ok {
			continue
		}
		c, e, ok := strings.Cut(rest, "/")
		if !ok {
			continue
		}
		if !seenC[c] {
			seenC[c] = true
			cases = append(cases, c)
		}
		if !seenE[e] {
			seenE[e] = true
			engines = append(engines, e)
		}
	}
	// The engines in the order, any other after them.
	rank := map[string]int{"kinenix": 0, "expr": 1, "cel": 2, "native": 3}
	sort.SliceStable(engines, func(i, j int) bool {
		ri, okI := rank[engines[i]]
		rj, okJ := rank[engines[j]]
		if !okI {
			ri = 100
		}
		if !okJ {
			rj = 100
		}
		return ri < rj
	})
	return cases, engines
}

// cell shows a time and its allocations: "139 (0)".
func (r *results) cell(name string, scale float64) string {
	ns, ok := r.get(name, r.time(name))
	if !ok {
		return "-"
	}
	s := num(ns / scale)
	if a, ok := r.get(name, "allocs/op"); ok {
		s += " (" + strconv.FormatFloat(a, 'f', -1, 64) + ")"
	}
	return s
}

// num shows a measure with three significant digits, at least.
func num(v float64) string {
	switch {
	case v >= 100:
		return strconv.FormatFloat(v, 'f', 0, 64)
	case v >= 10:
		return strconv.FormatFloat(v, 'f', 1, 64)
	default:
		return strconv.FormatFloat(v, 'f', 2, 64)
	}
}

func ratio(v float64) string {
	if v == 0 || math.IsNaN(v) || math.IsInf(v, 0) {
		return "-"
	}
	return strconv.FormatFloat(v, 'f', 2, 64) + "x"
}

// ratios is the per-case ratio of engine a to engine b in group prefix,
// for the cases that have both.
func (r *results) ratios(prefix string, cases []string, a, b string) map[string]float64 {
	out := map[string]float64{}
	for _, c := range cases {
		if v, ok := r.ratio(prefix+"/"+c+"/"+a, prefix+"/"+c+"/"+b); ok {
			out[c] = v
		}
	}
	return out
}

// ratio is the time of benchmark a over that of b: the median of the
// ratios within each round when both ran in every round (each round runs
// them side by side, so the machine's load of the moment cancels out),
// else the ratio of their summed-up times.
func (r *results) ratio(a, b string) (float64, bool) {
	xs, ys := r.samples[a][r.time(a, b)], r.samples[b][r.time(a, b)]
	if len(xs) > 0 && len(xs) == len(ys) {
		rs := make([]float64, 0, len(xs))
		for i := range xs {
			if ys[i] <= 0 {
				return 0, false
			}
			rs = append(rs, xs[i]/ys[i])
		}
		return median(rs), true
	}
	x, okX := r.get(a, r.time(a, b))
	y, okY := r.get(b, r.time(a, b))
	if !okX || !okY || y <= 0 {
		return 0, false
	}
	return x / y, true
}

func values(m map[string]float64) []float64 {
	var vs []float64
	for _, v := range m {
		vs = append(vs, v)
	}
	return vs
}

func (r *results) write(w io.Writer) {
	machine := strings.TrimSpace(r.cpu)
	if machine == "" {
		machine = "unknown cpu"
	}
	fmt.Fprintf(w, "Machine: %s, %s/%s, GOMAXPROCS=%s", machine, r.goos, r.goarch, r.procs)
	if r.settings != "" {
		fmt.Fprintf(w, "; %s", r.settings)
	}
	if r.useMin {
		fmt.Fprint(w, ". Each cell is the fastest of the rounds; each ratio the median of the ratios within each round.")
	} else {
		fmt.Fprint(w, ". Each cell is the median of the rounds; each ratio the median of the ratios within each round.")
	}
	if r.anyCPU() {
		fmt.Fprint(w, " Times are the process's CPU time per op (cpu-ns/op, garbage collection included), not wall time: on a shared machine wall time also counts the waits for a core.")
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w)
	t := &targets{}
	r.writeEval(w, t)
	r.writeEvent(w, t)
	r.writeFlow(w, t)
	r.writeCompile(w, t)
	r.writeWorst(w, t)
	r.writeCache(w)
	r.writeFresh(w, t)
	t.write(w)
}

// writeTable prints one table of a group (Eval or Compile): ns/op divided
// by scale and allocs/op per case and engine, then kinenix's ratio to each
// engine of against, and a geometric-mean row. It returns the cases, the
// engines and the ratios by engine of against.
func (r *results) writeTable(w io.Writer, group, title string, scale float64, against ...string) ([]string, []string, map[string]map[string]float64) {
	cases, engines := r.group(group)
	if len(cases) == 0 {
		return nil, nil, nil
	}
	fmt.Fprintln(w, title)
	fmt.Fprintln(w)
	hdr, sep := "| case |", "|---|"
	for _, e := range engines {
		hdr += " " + e + " |"
		sep += "---:|"
	}
	vs := map[string]map[string]float64{}
	for _, a := range against {
		hdr += " kinenix/" + a + " |"
		sep += "---:|"
		vs[a] = r.ratios(group, cases, "kinenix", a)
	}
	fmt.Fprintln(w, hdr)
	fmt.Fprintln(w, sep)
	for _, c := range cases {
		row := "| " + c + " |"
		for _, e := range engines {
			row += " " + r.cell(group+"/"+c+"/"+e, scale) + " |"
		}
		for _, a := range against {
			row += " " + ratio(vs[a][c]) + " |"
		}
		fmt.Fprintln(w, row)
	}
	row := "| **geomean** |"
	for _, e := range engines {
		var ns []float64
		for _, c := range cases {
			if v, ok := r.get(group+"/"+c+"/"+e, r.time(group+"/"+c+"/"+e)); ok {
				ns = append(ns, v)
			}
		}
		row += " " + num(geomean(ns)/scale) + " |"
	}
	for _, a := range against {
		row += " **" + ratio(geomean(values(vs[a]))) + "** |"
	}
	fmt.Fprintln(w, row)
	fmt.Fprintln(w)
	return cases, engines, vs
}

func (r *results) writeEval(w io.Writer, t *targets) {
	cases, engines, vs := r.writeTable(w, "Eval", "### Warm evaluation: ns/op (allocs/op)", 1, "native", "expr")
	if len(cases) == 0 {
		return
	}
	vsNative, vsExpr := vs["native"], vs["expr"]
	gNative := geomean(values(vsNative))
	var parts []string
	for _, e := range engines {
		if e == "native" {
			continue
		}
		if g := geomean(values(r.ratios("Eval", cases, e, "native"))); g > 0 {
			parts = append(parts, e+" "+ratio(g))
		}
	}
	if len(parts) > 0 {
		fmt.Fprintf(w, "Geometric mean of engine/native: %s.\n\n", strings.Join(parts, ", "))
	}

	// Targets.
	if gNative > 0 {
		t.add("warm geomean kinenix/native <= 2.0", gNative <= 2.0, ratio(gNative))
	}
	t.vsExpr("warm", cases, vsExpr, 0.6)
	var over, nonzero []string
	compared, zeroChecked := 0, 0
	for _, c := range cases {
		k, okK := r.get("Eval/"+c+"/kinenix", "allocs/op")
		n, okN := r.get("Eval/"+c+"/native", "allocs/op")
		if okK && okN {
			compared++
			if k > n+1 {
				over = append(over, fmt.Sprintf("%s %g > %g+1", c, k, n))
			}
		}
		if okK && (c == "len" || c == "index" || c == "condition") {
			zeroChecked++
			if k > 0 {
				nonzero = append(nonzero, fmt.Sprintf("%s %g", c, k))
			}
		}
	}
	if compared > 0 {
		t.add("warm allocs <= native + 1 on every case", len(over) == 0, listOr(over, "all cases"))
	}
	if zeroChecked > 0 {
		t.add("zero warm allocs for len, index, condition", len(nonzero) == 0, listOr(nonzero, "all three"))
	}
}

func (r *results) writeCompile(w io.Writer, t *targets) {
	cases, _, vs := r.writeTable(w, "Compile", "### Cold compile (source text to runnable program): µs/op (allocs/op)", 1000, "expr", "cel")
	if len(cases) == 0 {
		return
	}
	vsExpr := vs["expr"]
	var slower []string
	for _, c := range cases {
		if v, ok := vsExpr[c]; ok && v > 0.8 {
			slower = append(slower, c+" "+ratio(v))
		}
	}
	if len(vsExpr) > 0 {
		t.add("cold compile kinenix <= 0.8x expr.Compile on every case", len(slower) == 0, listOr(slower, "all cases"))
	}
}

// writeEvent prints BenchmarkEvent: one field per event, every iteration
// binding a host map not seen for thousands of iterations (issue #19).
func (r *results) writeEvent(w io.Writer, t *targets) {
	cases, _, vs := r.writeTable(w, "Event", "### Per event, one field (a fresh scope / map / activation each time): ns/op (allocs/op)", 1, "expr", "cel")
	if len(cases) == 0 {
		return
	}
	t.vsExpr("per event", cases, vs["expr"], 0.8)
}

// flowTargets are issue #19's bounds on kinenix/expr for a flow of 8
// fields, by the number of host variables.
var flowTargets = map[string]float64{"vars8": 0.6, "vars100": 0.7}

// writeFlow prints BenchmarkFlow: a fresh binding, then all 8 cases, with
// 8 and with 100 host variables (issue #19).
func (r *results) writeFlow(w io.Writer, t *targets) {
	cases, _, vs := r.writeTable(w, "Flow", "### Per event, a flow of all 8 cases on one fresh binding: ns/op (allocs/op)", 1, "expr", "cel")
	for _, c := range cases {
		v, ok := vs["expr"][c]
		bound, known := flowTargets[c]
		if ok && known {
			t.add(fmt.Sprintf("flow %s kinenix/expr <= %.1f", c, bound), v <= bound, ratio(v))
		}
	}
}

func (r *results) writeWorst(w io.Writer, t *targets) {
	cases, _ := r.group("Worst")
	if len(cases) == 0 {
		return
	}
	fmt.Fprintln(w, "### Worst case: 500-character inputs compiled cold, µs/op (allocs/op)")
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| input | kinenix |")
	fmt.Fprintln(w, "|---|---:|")
	worst, worstCase := 0.0, ""
	for _, c := range cases {
		name := "Worst/" + c + "/kinenix"
		fmt.Fprintf(w, "| %s | %s |\n", c, r.cell(name, 1000))
		if v, ok := r.get(name, r.time(name)); ok && v > worst {
			worst, worstCase = v, c
		}
	}
	fmt.Fprintln(w)
	t.add("every 500-character input parses in under 2 ms", worst < 2e6,
		fmt.Sprintf("slowest %s %s µs", worstCase, num(worst/1000)))
}

func (r *results) writeCache(w io.Writer) {
	var parts []string
	for _, name := range r.order {
		kind, ok := strings.CutPrefix(name, "CacheMemory/")
		if !ok {
			continue
		}
		peak, ok1 := r.get(name, "MiB-peak")
		full, ok2 := r.get(name, "MiB-at-100k")
		if ok1 && ok2 {
			parts = append(parts, fmt.Sprintf("%s %.1f MiB (peak %.1f MiB over checkpoints every 10,000)", kind, full, peak))
		}
	}
	if len(parts) == 0 {
		return
	}
	fmt.Fprintf(w, "Parse cache: heap retained after compiling 100,000 distinct texts: %s.\n\n",
		strings.Join(parts, "; "))
}

// writeFresh prints BenchmarkFreshScope: a scope made per event against
// one reused (issue #11: within 3x).
func (r *results) writeFresh(w io.Writer, t *targets) {
	v, ok := r.ratio("FreshScope/new", "FreshScope/reused")
	if !ok {
		return
	}
	fmt.Fprintf(w, "Scope per event: scope.New over 100 variables and one render of `${len(packages)}` %s ns/op, the same render on a reused scope %s ns/op: %s.\n\n",
		r.cell("FreshScope/new", 1), r.cell("FreshScope/reused", 1), ratio(v))
	t.add("scope.New + one render within 3x of a reused scope's render", v <= 3, ratio(v))
}

// vsExpr adds the two targets of a table against expr: the geometric mean
// of kinenix/expr at most bound, and kinenix faster on every case.
func (t *targets) vsExpr(mode string, cases []string, vs map[string]float64, bound float64) {
	if len(vs) == 0 {
		return
	}
	g := geomean(values(vs))
	t.add(fmt.Sprintf("%s geomean kinenix/expr <= %.1f", mode, bound), g <= bound, ratio(g))
	var slower []string
	for _, c := range cases {
		if v, ok := vs[c]; ok && v >= 1 {
			slower = append(slower, c+" "+ratio(v))
		}
	}
	t.add(mode+": kinenix faster than expr on every case", len(slower) == 0, listOr(slower, "all cases"))
}

func listOr(items []string, none string) string {
	if len(items) == 0 {
		return none
	}
	return strings.Join(items, ", ")
}

// targets collects where each target of issues #6, #11 and #19 stands.
type targets struct{ lines []string }

func (t *targets) add(name string, met bool, detail string) {
	state := "**missed**"
	if met {
		state = "met"
	}
	t.lines = append(t.lines, fmt.Sprintf("- %s: %s (%s)", name, state, detail))
}

func (t *targets) write(w io.Writer) {
	if len(t.lines) == 0 {
		return
	}
	fmt.Fprintln(w, "### Targets (issues #6, #11 and #19)")
	fmt.Fprintln(w)
	for _, l := range t.lines {
		fmt.Fprintln(w, l)
	}
}
