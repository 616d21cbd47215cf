package exprparser

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/internal/exprgen"
	"github.com/kinenix/expressions/internal/echo"
)

// steps parses src with no limit and returns the number of pigeon steps.
func steps(t testing.TB, src string) uint64 {
	t.Helper()
	return exprgen.ParseInput(src, 0, exprgen.NoRecover).Steps
}

// repeatTo repeats unit up to n bytes.
func repeatTo(unit string, n int) string {
	return strings.Repeat(unit, n/len(unit)+1)[:n]
}

func sum500() string {
	var b strings.Builder
	b.WriteString("a0")
	for i := 1; b.Len() < 490; i++ {
		fmt.Fprintf(&b, " + a%d", i)
	}
	return b.String()
}

// adversarialInputs are inputs of about 500 characters built to be
// expensive: long chains, deep nesting (closed and unclosed) of every
// bracket, and the shapes that once made the grammar exponential.
func adversarialInputs() map[string]string {
	nest := func(open, inner, close string, n int) string {
		return strings.Repeat(open, n) + inner + strings.Repeat(close, n)
	}
	return map[string]string{
		"500-char sum":           sum500(),
		"500-char product":       repeatTo("a*", 499) + "a",
		"20-deep calls":          nest("f(", "x", ")", 20),
		"20-deep long calls":     nest("number(", "row.premium_of_the_customer", ")", 20),
		"20-deep parens":         nest("(", "a", ")", 20),
		"20-deep brackets":       nest("a[", "0", "]", 20),
		"20-deep mixed":          nest("f((a[", "0", "]))", 20),
		"250-deep parens":        nest("(", "", ")", 250),
		"250-deep lists":         nest("[", "", "]", 250),
		"250 unclosed parens":    strings.Repeat("(", 250),
		"250 unclosed parens+a":  strings.Repeat("(", 250) + "a",
		"unclosed calls":         repeatTo("f(", 500),
		"unclosed indexes":       repeatTo("a[", 500),
		"unclosed braces":        repeatTo("{", 500),
		"unclosed dict values":   repeatTo("{f=", 500),
		"unclosed keyword args":  repeatTo("f(x=(", 500),
		"unclosed lambda calls":  repeatTo("lambda :f(", 500),
		"unclosed lambda params": repeatTo("lambda x=f(x=", 500),
		"unclosed slices":        repeatTo("a[:", 500),
		"unclosed conditionals":  repeatTo("a if (", 500),
		"500 minus signs":        repeatTo("-", 499) + "a",
		"500 nots":               repeatTo("not ", 496) + "a",
		"500 spaces":             "a" + strings.Repeat(" ", 498) + "b",
		"500-char text":          "'" + repeatTo("ab", 498) + "'",
		"500-char name":          repeatTo("abc", 500),
		"500 Thai characters":    repeatTo("ลูกค้า", 500*3),
		"conditional chain":      repeatTo("a if a else ", 490) + "a",
		"comparison chain":       repeatTo("a == ", 495) + "a",
		"method chain":           "x" + repeatTo(".a()", 496),
	}
}

// TestAdversarialSteps: every adversarial input ends, with a tree or a
// syntax error, well within DefaultMaxSteps.
func TestAdversarialSteps(t *testing.T) {
	var worst uint64
	for name, src := range adversarialInputs() {
		t.Run(name, func(t *testing.T) {
			n := steps(t, src)
			worst = max(worst, n)
			require.Less(t, n, uint64(DefaultMaxSteps/4), "steps for %d bytes", len(src))
			_, err := ParseExpr(src)
			var se *SyntaxError
			if err != nil {
				require.ErrorAs(t, err, &se)
				require.NotEqual(t, reasonTooComplex, se.Reason)
				require.LessOrEqual(t, 0, se.Offset)
				require.LessOrEqual(t, se.Offset, len(src))
			}
		})
	}
	t.Logf("most steps for an adversarial input: %d (DefaultMaxSteps %d)", worst, DefaultMaxSteps)
}

// TestLinearNesting: doubling the nesting at most doubles the steps (plus a
// little). An exponential grammar fails this long before it shows in time.
func TestLinearNesting(t *testing.T) {
	units := []string{
		"(", "[", "{", "f(", "a[", "f(x=", "f(x=(", "lambda :f(", "lambda :a[", "lambda x=f(", "lambda x=f(x=",
		"-(", "not (", "a if (", "a[:", "{a:", "(a, ", "[x for x in ", "a + f(", "x.y(", "a == (", "a = (",
	}
	for _, u := range units {
		t.Run(u, func(t *testing.T) {
			for _, tail := range []string{"", "x", "x)"} {
				a := steps(t, strings.Repeat(u, 10)+tail)
				b := steps(t, strings.Repeat(u, 20)+tail)
				require.Less(t, float64(b), 2.3*float64(a), "%q: %d steps at 10, %d at 20", u+tail, a, b)
			}
		})
	}
}

// TestNoPanicWithoutRecover runs every table input through the parser with
// Recover(false), so that a panic in an action is not turned into an error.
func TestNoPanicWithoutRecover(t *testing.T) {
	var inputs []string
	for _, tt := range acceptedTests {
		inputs = append(inputs, tt.src)
	}
	for _, tt := range forbiddenTests {
		inputs = append(inputs, tt.src)
	}
	for _, tt := range syntaxErrorTests {
		inputs = append(inputs, tt.src)
	}
	// Every prefix of the table inputs too: they end at every place.
	for _, src := range inputs {
		for i := range src {
			inputs = append(inputs, src[:i])
		}
	}
	for _, src := range adversarialInputs() {
		inputs = append(inputs, src)
	}
	for _, src := range inputs {
		require.NotPanics(t, func() {
			x, err := parse(src, DefaultMaxSteps, exprgen.NoRecover)
			if err != nil {
				var se *SyntaxError
				require.ErrorAs(t, err, &se, "%q", src)
				return
			}
			require.NotNil(t, x, "%q", src)
		}, "%q", src)
	}
}

// TestErrorsAreSyntaxErrors: ParseExpr fails only with *SyntaxError, at an
// offset inside the input, over all the table inputs and their prefixes.
func TestErrorsAreSyntaxErrors(t *testing.T) {
	var inputs []string
	for _, tt := range acceptedTests {
		inputs = append(inputs, tt.src)
	}
	for _, tt := range forbiddenTests {
		inputs = append(inputs, tt.src)
	}
	for _, tt := range syntaxErrorTests {
		inputs = append(inputs, tt.src)
	}
	for _, src := range inputs {
		for i := 0; i <= len(src); i++ {
			checkParse(t, src[:i])
		}
	}
	// Reasons repeat little of a long input.
	long := strings.Repeat("7", 300)
	for _, src := range []string{
		long + "x", "." + long + "x", "a." + long, long + "e5", long + ".", long + "_1",
		"a " + strings.Repeat("b", 300), "a '" + long + "'", "row." + strings.Repeat("Key ", 100),
	} {
		checkParse(t, src)
	}
}

// unsafeRune is a character D37 lets no message hold as it is.
func unsafeRune(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Cf, r) }

// checkParse checks the invariants of ParseExpr on any input: no panic; a
// tree, or a *SyntaxError with an offset in [0, len(src)]; for a tree
// without BadExpr, print -> parse gives an equal tree.
func checkParse(t testing.TB, src string) {
	t.Helper()
	x, err := ParseExpr(src)
	if err != nil {
		var se *SyntaxError
		if !errors.As(err, &se) {
			t.Fatalf("%q: %v is not a SyntaxError", src, err)
		}
		// D37: a reason echoes at most echo.Max characters of the input,
		// three times at most (write [7] ... instead of .7), each escape six
		// bytes at most, and holds no control or format character.
		if se.Offset < 0 || se.Offset > len(src) || se.Reason == "" || !utf8.ValidString(se.Reason) ||
			len(se.Reason) > 6*(3*echo.Max+100) || strings.ContainsFunc(se.Reason, unsafeRune) {
			t.Fatalf("%q: bad SyntaxError %+v", src, se)
		}
		return
	}
	if x == nil {
		t.Fatalf("%q: no tree and no error", src)
	}
	if x.Pos() < 0 || x.End() > len(src) {
		t.Fatalf("%q: tree spans [%d, %d)", src, x.Pos(), x.End())
	}
	if ast.FirstBad(x) != nil {
		return
	}
	printed := ast.Print(x)
	y, err := ParseExpr(printed)
	if err != nil {
		t.Fatalf("%q printed as %q: %v", src, printed, err)
	}
	if !ast.Equal(x, y) || ast.Print(y) != printed {
		t.Fatalf("%q printed as %q parses as %q", src, printed, ast.Print(y))
	}
}
