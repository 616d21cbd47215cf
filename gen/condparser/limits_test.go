package condparser

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/internal/condgen"
)

// steps is the number of parsing steps a line takes (what MaxExpressions
// counts).
func steps(line string) uint64 {
	return condgen.ParseInput(line, 0, condgen.NoRecover).Steps
}

// fill repeats unit as often as it fits in n bytes, and pads with spaces to
// n bytes.
func fill(unit string, n int) string {
	k := n / len(unit)
	return strings.Repeat(unit, k) + strings.Repeat(" ", n-k*len(unit))
}

// lineOf35 is a legitimate 500-character line with 35 comparisons, every
// operator and both and / or.
var lineOf35 = func() string {
	units := []string{"${a} == 1", "${b} != x", "${c} < 3", "${d} >= 4", "${e} in x", "${f} contains z", "${g} is empty"}
	var b strings.Builder
	for i := range 35 {
		switch {
		case i == 0:
		case i%11 == 10:
			b.WriteString(" and ")
		default:
			b.WriteString(" or ")
		}
		b.WriteString(units[i%len(units)])
	}
	return b.String() + " "
}()

// Lines of about n bytes shaped to make a parser backtrack: the pattern
// repeated, or a prefix and a filler.
var adversarial = map[string]func(n int) string{
	"35 comparisons":         func(n int) string { return fill("${a} == 1 and ", n) },
	"comparisons then word":  func(n int) string { return fill("${a} == 1 and ", n-2) + " x" },
	"placeholders then word": func(n int) string { return fill("${a} and ", n-2) + " x" },
	"and and and":            func(n int) string { return fill("and ", n) },
	"or and not":             func(n int) string { return fill("or and not ", n) },
	"not not not":            func(n int) string { return fill("not ", n) },
	"is is is":               func(n int) string { return fill("is ", n) },
	"is not run":             func(n int) string { return "${x} is" + fill(" ", n/2) + "not" + fill(" ", n/2) },
	"in in in":               func(n int) string { return fill("x in ", n) },
	"unclosed ${":            func(n int) string { return fill("${", n) },
	"unclosed ${ and quote":  func(n int) string { return "${" + fill("'", n-2) },
	"unclosed quote side":    func(n int) string { return "'" + fill("a ", n-1) },
	"quotes":                 func(n int) string { return fill("'", n) },
	"quoted and":             func(n int) string { return fill("${x} == 'a and ", n) },
	"quoted sides":           func(n int) string { return fill("'a' == 'b' and ", n) },
	"quoted placeholders":    func(n int) string { return fill("'${a}'", n) },
	"placeholders":           func(n int) string { return fill("${a}", n) },
	"dollars":                func(n int) string { return fill("$", n) },
	"bangs":                  func(n int) string { return fill("!", n) },
	"equals":                 func(n int) string { return fill("=", n) },
	"equals spaced":          func(n int) string { return fill("= ", n) },
	"and ==":                 func(n int) string { return fill("and == ", n) },
	"spaces in left":         func(n int) string { return "x" + fill(" ", n-8) + "x == y" },
	"spaces in right":        func(n int) string { return "${a} ==" + fill(" ", n-8) + "x" },
	"words":                  func(n int) string { return "${a} == " + fill("Johnson and ", n-8) },
	"placeholder quotes":     func(n int) string { return fill(`${f('}', "}")} `, n) },
	"escapes":                func(n int) string { return "${'" + fill(`\'`, n-3) },
	"thai":                   func(n int) string { return fill("${ลูกค้า} == บาท and ", n) },
}

// Every adversarial 500-character line ends within DefaultMaxSteps, with a
// tree or a reason the grammar chose.
func TestAdversarialWithinDefaultMaxSteps(t *testing.T) {
	lines := map[string]string{"35 mixed comparisons": lineOf35}
	for name, make := range adversarial {
		lines[name] = make(500)
	}
	for name, line := range lines {
		require.LessOrEqual(t, steps(line), uint64(DefaultMaxSteps)/3, name)
		_, err := ParseCond(line)
		if err != nil {
			require.NotContains(t, err.Error(), "too long", name)
			require.NotErrorIs(t, err, ast.ErrInternal, name)
		}
	}
	c, err := ParseCond(lineOf35)
	require.NoError(t, err)
	require.Equal(t, 500, len(lineOf35))
	require.Equal(t, 35, strings.Count(show(c), `"${`))
}

// Parsing time is linear: four times the line costs about four times the
// steps.
func TestLinearTime(t *testing.T) {
	for name, make := range adversarial {
		small, large := steps(make(500)), steps(make(2000))
		require.Less(t, float64(large), 4.5*float64(small)+200, "%s: %d steps for 500 bytes, %d for 2000", name, small, large)
	}
}

// FuzzParseCond: no panic (actions run with Recover(false)), every failure
// is a reason chosen by the grammar, offsets are inside the line, and a
// parsed tree's spans are inside the line too.
func FuzzParseCond(f *testing.F) {
	for _, table := range condTables {
		for _, tc := range table {
			f.Add(tc.line)
		}
	}
	for _, tc := range errCases {
		f.Add(tc.line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		c, err := parseCond(line, DefaultMaxSteps*40, condgen.NoRecover)
		if err != nil {
			se, ok := err.(*SyntaxError)
			require.True(t, ok, "%q: %v", line, err)
			require.GreaterOrEqual(t, se.Offset, 0)
			require.LessOrEqual(t, se.Offset, len(line))
			// D37: valid UTF-8, no control or format character, and at most
			// echoLimit characters of the line, each escape counted as
			// one (an escape such as \u0019 is six bytes).
			require.True(t, utf8.ValidString(se.Reason))
			require.False(t, strings.ContainsFunc(se.Reason, func(r rune) bool {
				return unicode.IsControl(r) || unicode.Is(unicode.Cf, r)
			}), "%q: %q", line, se.Reason)
			require.LessOrEqual(t, len(se.Reason), 150+6*echoLimit, "%q: %s", line, se.Reason)
			return
		}
		require.GreaterOrEqual(t, c.Pos(), 0)
		require.LessOrEqual(t, c.End(), len(line))
		require.LessOrEqual(t, c.Pos(), c.End())
	})
}
