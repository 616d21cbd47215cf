package eval_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// benchData holds every variable and key the benchmarks read, so each one
// measures the lookup or expression it names, not the path of a missing
// value (requireFound checks it before timing).
const benchData = `{
  "packages": ["basic", "plus", "gold"],
  "ok_ids": ["A-1", "B-2", "C-3"],
  "a": 2, "b": 3, "total": 100,
  "company": "Johnson and Johnson",
  "rows": [
    {"request_id": "REQ-1"},
    {"request_id": "REQ-2"},
    {"request_id": "REQ-3"}
  ],
  "row": {
    "First Name": "Somchai",
    "Role in Company": "CTO",
    "Unit Price (THB)": "1,250.50",
    "premium": "15434.75",
    "brand": "  toyota ",
    "model": "Yaris",
    "note": "ship on Monday",
    "status": "Active",
    "amount": 12
  }
}`

// benchScope is benchData decoded as flows get it (UseNumber), with HOME
// in the environment.
func benchScope(b *testing.B) *scope.Scope {
	dec := json.NewDecoder(strings.NewReader(benchData))
	dec.UseNumber()
	var m map[string]any
	require.NoError(b, dec.Decode(&m))
	return scope.New(m, scope.WithEnv(func(k string) (string, bool) {
		return "/home/flow", k == "HOME"
	}))
}

// requireFound fails b unless every placeholder of text gives a value on s
// that is not empty: the data has what the case reads.
func requireFound(b *testing.B, s *scope.Scope, text string) {
	spans, _ := eval.ScanPlaceholders(text)
	require.NotEmpty(b, spans, text)
	for _, sp := range spans {
		inner := "${" + text[sp.Start:sp.End] + "}"
		v, err := eval.MustCompile(inner).Value(s)
		require.NoError(b, err, "%s in %s", inner, text)
		require.NotEqual(b, value.Empty, v.Kind(), "%s in %s: the benchmark data lacks it", inner, text)
	}
}

// The design doc's examples (section 1 and 3), rendered warm and compiled
// cold, in this order. `go test -bench . ./eval/` reports ns/op and
// allocs/op.
var benchCases = []struct{ name, text string }{
	{"subject", "${len(packages)} packages for ${join(ok_ids, ', ')}"},
	{"len", "${len(packages)}"},
	{"join", "${join(ok_ids, ', ')}"},
	{"value", "${number(row.premium) * 12}"},
	{"name", "${trim(upper(row.brand))}"},
	{"first", "${rows[0].request_id}"},
	{"lookup", "${row.First Name}"},
	{"key_with_in", "${row.Role in Company}"},
	{"quoted_key", "${row['Unit Price (THB)']}"},
	{"arith", "${(a + b) * 2}"},
	{"divide", "${total / len(rows)}"},
	{"env", "${env.HOME}"},
}

func BenchmarkRender(b *testing.B) {
	s := benchScope(b)
	for _, c := range benchCases {
		requireFound(b, s, c.text)
		tpl := eval.MustCompile(c.text)
		if _, err := tpl.Render(s); err != nil {
			b.Fatal(c.text, err)
		}
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := tpl.Render(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkCompile(b *testing.B) {
	for _, c := range benchCases {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := eval.Compile(c.text, eval.WithoutCache()); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkCondition(b *testing.B) {
	s := benchScope(b)
	b.Run("compile", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := eval.CompileCondition("${row.status} == Active and ${row.amount} > 0", eval.WithoutCache()); err != nil {
				b.Fatal(err)
			}
		}
	})
	// Design section 6's examples, and a 500-character line of 18 parts
	// that are all evaluated (every and-part holds). want is each line's
	// result on benchData: the or-line's parts are both false, so both are
	// tested.
	long := "${row.amount} > 0"
	for len(long)+len(" and ${row.status} == Active") <= 500 {
		long += " and ${row.status} == Active"
	}
	long += strings.Repeat(" ", 500-len(long))
	for _, c := range []struct {
		name, line string
		want       bool
	}{
		{"status_and_amount", "${row.status} == Active and ${row.amount} > 0", true},
		{"is_empty_or", "${row.brand} is empty or ${row.model} is empty", false},
		{"not_contains", "not ${row.note} contains skip", true},
		{"johnson", "${company} == Johnson and Johnson", true},
		{"line_500", long, true},
	} {
		requireFound(b, s, c.line)
		cond, err := eval.CompileCondition(c.line)
		require.NoError(b, err, c.name)
		ok, err := cond.Test(s)
		require.NoError(b, err, c.name)
		require.Equal(b, c.want, ok, c.name)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := cond.Test(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkEvaluator is the entry of one evaluation on a reused
// Evaluator, with and without a context that can be cancelled: a lone
// variable, a call, arithmetic, and a constant (which section 4 looks up
// as a name first).
func BenchmarkEvaluator(b *testing.B) {
	s := scope.New(map[string]any{"a": "x", "packages": []any{"a", "b", "c", "d", "e"}, "n": 7})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for _, text := range []string{"${a}", "${len(packages)}", "${n + 1}", "${1}"} {
		tpl := eval.MustCompile(text)
		var ev eval.Evaluator
		for _, c := range []struct {
			name string
			ctx  context.Context
		}{{"background", context.Background()}, {"cancellable", ctx}} {
			b.Run(text+"/"+c.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := ev.Value(c.ctx, tpl, s); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
