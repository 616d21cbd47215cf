package eval_test

import (
	"strings"
	"testing"

	"github.com/kinenix/expressions/eval"
)

// The design doc's examples (section 1 and 3), rendered warm and compiled
// cold. `go test -bench . ./eval/` reports ns/op and allocs/op.
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
	s := newScope(b)
	for _, c := range benchCases {
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
	s := newScope(b)
	b.Run("compile", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := eval.CompileCondition("${row.status} == Active and ${row.amount} > 0", eval.WithoutCache()); err != nil {
				b.Fatal(err)
			}
		}
	})
	// Design section 6's examples, and a 500-character line of 18 parts
	// that are all evaluated (every and-part holds).
	long := "${row.amount} > 0"
	for len(long)+len(" and ${row.status} == Active") <= 500 {
		long += " and ${row.status} == Active"
	}
	long += strings.Repeat(" ", 500-len(long))
	for name, line := range map[string]string{
		"status_and_amount": "${row.status} == Active and ${row.amount} > 0",
		"is_empty_or":       "${row.brand} is empty or ${row.model} is empty",
		"not_contains":      "not ${row.note} contains skip",
		"johnson":           "${company} == Johnson and Johnson",
		"line_500":          long,
	} {
		c, err := eval.CompileCondition(line)
		if err != nil {
			b.Fatal(err)
		}
		if ok, err := c.Test(s); err != nil || (name == "line_500" && !ok) {
			b.Fatal(name, ok, err)
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := c.Test(s); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
