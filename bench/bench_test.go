package bench

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

// TestSameResults checks that every engine gives the expected result on
// every case before anything is timed.
func TestSameResults(t *testing.T) {
	d := loadData(t)
	for _, c := range cases {
		for _, e := range engines(t, d) {
			t.Run(c.name+"/"+e.name, func(t *testing.T) {
				p, err := e.prepare(c)
				if err != nil {
					t.Fatalf("compile: %v", err)
				}
				got, err := p.show()
				if err != nil {
					t.Fatalf("run: %v", err)
				}
				if !sameShown(got, c.want) {
					t.Fatalf("got %q, want %q", got, c.want)
				}
			})
		}
	}
}

// TestWorstInputs checks that the worst-case inputs are as long as the
// limit allows and are accepted by Compile.
func TestWorstInputs(t *testing.T) {
	for _, w := range worstInputs() {
		if n := len([]rune(w.text)); n != eval.MaxLength {
			t.Errorf("%s: %d characters, want %d", w.name, n, eval.MaxLength)
		}
		if _, err := w.compile(); err != nil {
			t.Errorf("%s: %v", w.name, err)
		}
	}
}

// BenchmarkEval is the warm path: each case compiled once, then evaluated.
func BenchmarkEval(b *testing.B) {
	d := loadData(b)
	es := engines(b, d)
	for _, c := range cases {
		for _, e := range es {
			p, err := e.prepare(c)
			if err != nil {
				b.Fatalf("%s/%s: %v", c.name, e.name, err)
			}
			b.Run(c.name+"/"+e.name, func(b *testing.B) {
				b.ReportAllocs()
				defer cpuPerOp(b)()
				p.run(b)
			})
		}
	}
}

// BenchmarkCompile is the cold path: source text to a runnable program,
// with kinenix's cache bypassed (eval.WithoutCache).
func BenchmarkCompile(b *testing.B) {
	d := loadData(b)
	es := engines(b, d)
	for _, c := range cases {
		for _, e := range es {
			if e.compile == nil {
				continue // native has nothing to compile
			}
			if err := e.compile(c); err != nil {
				b.Fatalf("%s/%s: %v", c.name, e.name, err)
			}
			b.Run(c.name+"/"+e.name, func(b *testing.B) {
				b.ReportAllocs()
				defer cpuPerOp(b)()
				for b.Loop() {
					if err := e.compile(c); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// cacheTexts is how many distinct texts BenchmarkCacheMemory compiles.
const cacheTexts = 100_000

// BenchmarkCacheMemory compiles 100,000 distinct templates (and, in the
// second sub-benchmark, condition lines) through the cache and reports the
// heap still in use, after a GC, against before: the memory the parse
// caches hold (issue #6: it must stay bounded). It reports the figure after
// the 100,000 texts and the largest seen at the checkpoints every 10,000: a
// bounded cache stops growing after its first few thousand texts. Every op
// is the whole 100,000 texts; run it with -benchtime=1x.
func BenchmarkCacheMemory(b *testing.B) {
	s := scope.New(loadData(b).exact)
	for _, kind := range []string{"templates", "conditions"} {
		b.Run(kind, func(b *testing.B) {
			var peak, full uint64
			for i := 0; i < b.N; i++ {
				before := heapInUse()
				for j := 0; j < cacheTexts; j++ {
					if j > 0 && j%10_000 == 0 {
						peak = max(peak, growth(before, heapInUse()))
					}
					var err error
					if kind == "templates" {
						text := fmt.Sprintf("Dear ${row.name}, item %d-%d: ${number(row.premium) * %d}", i, j, j)
						_, err = eval.Compile(text)
					} else {
						line := fmt.Sprintf("${row.status} == Active-%d and ${row.amount} > %d", i, j)
						_, err = eval.CompileCondition(line)
					}
					if err != nil {
						b.Fatal(err)
					}
				}
				full = growth(before, heapInUse())
				peak = max(peak, full)
			}
			// Use the caches once more, so they are alive up to here.
			if _, err := eval.MustCompile("${len(packages)}").Render(s); err != nil {
				b.Fatal(err)
			}
			b.ReportMetric(float64(peak)/(1<<20), "MiB-peak")
			b.ReportMetric(float64(full)/(1<<20), "MiB-at-100k")
		})
	}
}

func growth(before, after uint64) uint64 {
	if after > before {
		return after - before
	}
	return 0
}

func heapInUse() uint64 {
	runtime.GC()
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// worstInput is one adversarial input, compiled cold: the text inside a
// ${...} of exactly eval.MaxLength characters, or a condition line of that
// length.
type worstInput struct {
	name string
	text string // inside ${...}, or the whole line when cond
	cond bool
}

func (w worstInput) compile() (any, error) {
	if w.cond {
		return eval.CompileCondition(w.text, eval.WithoutCache())
	}
	return eval.Compile("${"+w.text+"}", eval.WithoutCache())
}

// pad repeats unit until the text is n characters long and ends with tail.
func pad(unit, tail string, n int) string {
	var sb strings.Builder
	for len([]rune(sb.String()))+len([]rune(unit))+len([]rune(tail)) <= n {
		sb.WriteString(unit)
	}
	s := sb.String() + tail
	for len([]rune(s)) < n {
		s = " " + s
	}
	return s
}

// worstInputs are the shapes that are hard for a PEG parser: long
// operator chains, many calls, nesting to the depth limit, unclosed
// nesting (a syntax error found only at the end, after every choice was
// tried), a long quoted text, and a long condition line.
func worstInputs() []worstInput {
	n := eval.MaxLength
	nest := strings.Repeat("(a + ", eval.MaxDepth-1)
	nested := nest + "b" + strings.Repeat(")", eval.MaxDepth-1)
	unclosed := nest + "b"
	cond := pad("${row.status} == Active and ${row.amount} > 0 or ", "${row.amount} > 0", n)
	return []worstInput{
		{name: "chain", text: pad("a + b * 2 - n % 3 + ", "a", n)},
		{name: "calls", text: pad("len(packages) + ", "len(ok_ids)", n)},
		{name: "nested", text: pad(nested+" + ", nested, n)},
		{name: "unclosed", text: pad("a + ", unclosed, n)},
		{name: "quoted", text: "'" + strings.Repeat("x", n-2) + "'"},
		{name: "cond_line", text: cond, cond: true},
	}
}

// BenchmarkWorst compiles each worst-case input cold (issue #6: every
// 500-character input parses in under 2 ms).
func BenchmarkWorst(b *testing.B) {
	for _, w := range worstInputs() {
		b.Run(w.name+"/kinenix", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := w.compile(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// freshVars is a host's data for one event: 100 variables, packages among
// them.
func freshVars(d data) map[string]any {
	vars := make(map[string]any, 100)
	for i := 0; len(vars) < 99; i++ {
		vars["field_"+strconv.Itoa(i)] = json.Number(strconv.Itoa(i))
	}
	vars["packages"] = d.exact["packages"]
	return vars
}

// BenchmarkFreshScope is a host that makes a scope per event (issue #11):
// scope.New over 100 variables and one render of ${len(packages)}
// ("new"), against the same render on a scope made once ("reused"). The
// target: new within 3x of reused.
func BenchmarkFreshScope(b *testing.B) {
	vars := freshVars(loadData(b))
	t := eval.MustCompile("${len(packages)}")
	s := scope.New(vars)
	for _, c := range []struct {
		name  string
		scope func() *scope.Scope
	}{
		{"reused", func() *scope.Scope { return s }},
		{"new", func() *scope.Scope { return scope.New(vars) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				out, err := t.RenderContext(benchCtx, c.scope())
				if err != nil || out != "5" {
					b.Fatal(out, err)
				}
				sinkString = out
			}
		})
	}
}
