package condparser

import (
	"errors"
	"fmt"
	"testing"

	"github.com/kinenix/expressions/ast"
)

func benchParse(b *testing.B, line string) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseCond(line); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "us/parse")
}

// BenchmarkParseCond parses the lines of design section 6 and a
// 500-character line with 35 comparisons.
func BenchmarkParseCond(b *testing.B) {
	for i, tc := range section6Cases {
		b.Run(fmt.Sprintf("section6-%d", i+1), func(b *testing.B) { benchParse(b, tc.line) })
	}
	b.Run("500-chars-35-comparisons", func(b *testing.B) { benchParse(b, lineOf35) })
}

// BenchmarkParseCondAdversarial parses the costliest 500-character lines.
func BenchmarkParseCondAdversarial(b *testing.B) {
	for _, name := range []string{"dollars", "not not not", "unclosed quote side", "placeholders then word"} {
		line := adversarial[name](500)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_, _ = ParseCond(line)
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "us/parse")
		})
	}
}

func ExampleParseCond() {
	c, err := ParseCond("${row.status} == Active and ${row.amount} > 0")
	if err != nil {
		fmt.Println(err)
		return
	}
	and := c.(*ast.BoolCond)
	first := and.X.(*ast.Comparison)
	fmt.Println(and.Op, first.Left.Text, first.Op, first.Right.Text)

	_, err = ParseCond("${row.status} = Active")
	var se *SyntaxError
	if errors.As(err, &se) {
		fmt.Println(se.Offset, se.Reason)
	}
	// Output:
	// and ${row.status} == Active
	// 14 unknown operator =; did you mean ==?
}
