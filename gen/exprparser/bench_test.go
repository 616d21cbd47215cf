package exprparser

import (
	"sort"
	"testing"
)

// The design's examples (sections 1 and 3).
var benchExamples = []struct{ name, src string }{
	{"len", "len(packages)"},
	{"join", "join(ok_ids, ', ')"},
	{"number_mul", "number(row.premium) * 12"},
	{"trim_upper", "trim(upper(row.brand))"},
	{"index_selector", "rows[0].request_id"},
	{"quoted_key", "row['Unit Price (THB)']"},
	{"parens", "(a + b) * 2"},
}

func BenchmarkParseExpr(b *testing.B) {
	for _, bb := range benchExamples {
		b.Run(bb.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := ParseExpr(bb.src); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParseAdversarial parses the expensive inputs of about 500
// characters; "unclosed calls" (f(f(f(... 500 bytes) is the costliest.
func BenchmarkParseAdversarial(b *testing.B) {
	inputs := adversarialInputs()
	names := make([]string, 0, len(inputs))
	for name := range inputs {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		src := inputs[name]
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = ParseExpr(src)
			}
		})
	}
}
