package eval_test

import (
	"math/rand"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/gen/condparser"
)

// D18 is written twice by necessity: the condition grammar must find each
// ${...} while it splits the line (grammar/cond.peg), and ScanPlaceholders
// finds them in templates. They agree: every placeholder ScanPlaceholders
// finds in a condition line the grammar reads lies inside one side, and
// the placeholders of each side are those ScanPlaceholders finds in the
// side's text, none left open.
func TestConditionGrammarAgreesWithScanner(t *testing.T) {
	seeds, err := os.ReadFile("../proptest/testdata/seeds/conditions.txt")
	require.NoError(t, err)
	lines := strings.Split(string(seeds), "\n")
	r := rand.New(rand.NewSource(18))
	pieces := []string{"${a}", "${'}'}", `${"x}y"}`, "${b.c}", " == ", " and ", " or ", "not ", "'q'", `"d"`, "x", " in ",
		"${len(x)}", " contains ", "}", "'", "${", " is empty", "${'a and b'}"}
	for i := 0; i < 3000; i++ {
		var b strings.Builder
		for n := 1 + r.Intn(7); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		lines = append(lines, b.String())
	}
	checked := 0
	for _, line := range lines {
		c, err := condparser.ParseCond(line)
		if err != nil {
			continue
		}
		var sides []*ast.Side
		var walk func(ast.Cond)
		walk = func(n ast.Cond) {
			switch n := n.(type) {
			case *ast.BoolCond:
				walk(n.X)
				walk(n.Y)
			case *ast.NotCond:
				walk(n.X)
			case *ast.Comparison:
				sides = append(sides, n.Left)
				if n.Right != nil {
					sides = append(sides, n.Right)
				}
			case *ast.Truth:
				sides = append(sides, n.X)
			}
		}
		walk(c)
		spans, _ := eval.ScanPlaceholders(line)
		for _, sp := range spans {
			inside := false
			for _, s := range sides {
				if sp.Start-2 >= s.From && sp.End+1 <= s.To {
					inside = true
				}
			}
			require.True(t, inside, "%q: the placeholder at %d crosses a side", line, sp.Start-2)
		}
		for _, s := range sides {
			inner, open := eval.ScanPlaceholders(s.Text)
			require.Empty(t, open, "%q: side %q has a ${ left open", line, s.Text)
			for _, sp := range inner {
				found := false
				for _, whole := range spans {
					if whole.Start == s.TextPos+sp.Start && whole.End == s.TextPos+sp.End {
						found = true
					}
				}
				require.True(t, found, "%q: side %q holds ${%s} that the line's scan does not", line, s.Text, s.Text[sp.Start:sp.End])
			}
		}
		checked++
	}
	require.Greater(t, checked, 500)
}
