package value

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/internal/echo"
)

// FuzzParseNum checks D6 and D3 together: whatever the text, ParseNum does
// not panic, and a number it accepts shows as plain number text that reads
// back as the same number.
func FuzzParseNum(f *testing.F) {
	for _, s := range []string{"12", " -3.50 ", ".5", "5.", "1,200", "1e3", "\xff", "๑๒", "-0", "99999999999999999999.9"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, ok := ParseNum(s)
		if !ok {
			return
		}
		requireCanonical(t, n)
		shown := n.String()
		require.Equal(t, len(shown), n.shownLen())
		back, ok := ParseNum(shown)
		require.True(t, ok, shown)
		require.Zero(t, back.Cmp(n))
		require.Equal(t, shown, back.String())
		// and arithmetic with it neither panics nor breaks the invariants
		for _, m := range []Num{Int(3), num(t, "-0.7"), n} {
			for _, op := range []func(Num) (Num, error){n.Add, n.Sub, n.Mul, n.Quo, n.Rem} {
				if r, err := op(m); err == nil {
					requireCanonical(t, r)
				}
			}
		}
	})
}

// maxCompareInput is the most bytes of the two texts FuzzCompare checks.
const maxCompareInput = 64

// FuzzCompare checks that the comparison rules never panic on any text,
// that equality is symmetric and reflexive and order antisymmetric, that
// messages are one line of valid UTF-8, short and safe to print (G6,
// D37), and that the folded search agrees with the direct scan.
func FuzzCompare(f *testing.F) {
	f.Add("Active", " active ")
	f.Add("ÉCOLE", "école")
	f.Add("a\xffb", "\xff")
	f.Add("1,200", "5")
	f.Add("Straße\u212a", "SSE")
	f.Add("a\u202eb\n", "1")
	f.Fuzz(func(t *testing.T, a, b string) {
		if len(a)+len(b) > maxCompareInput {
			// Comparison works a character at a time: longer texts find
			// nothing new, and Go minimizes a new input by trying to cut
			// out every span of it, a number of runs that grows with the
			// square of its size (unbounded, and at 512 bytes, the
			// fuzzer ran 0 inputs a second after its first 20 s).
			t.Skip("longer than a fuzzed comparison needs to be")
		}
		x, y := TextValue(a), TextValue(b)
		require.Equal(t, Equal(x, y), Equal(y, x))
		_ = Member(x, y)
		_ = Truthy(x)
		_ = IsBlank(x)
		require.True(t, Equal(x, x), "%q equals itself", a)
		c, ok, err := OrderOp("<", x, y)
		if err != nil {
			// D37: one line of valid UTF-8, no control or bidi character
			// as it is, the echo cut.
			msg := err.Error()
			require.True(t, utf8.ValidString(msg))
			require.False(t, strings.ContainsFunc(msg, func(r rune) bool {
				return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == '\u2028' || r == '\u2029'
			}), "%q", msg)
			// D37 cuts the text echoed to echo.Max characters, so the
			// message is the echo of one side, as echo.Quote gives it,
			// and the words of one of NotOneNumberReason's reasons: at
			// most 140 characters (the longest, 134: `< needs numbers;
			// '…' is not a number: it is a spreadsheet's error value,
			// kept for a formula that failed; correct the formula in the
			// sheet`).
			// (The longer echo found: one side's may be in the other's,
			// '0' in '0'1'.)
			shown := ""
			for _, side := range []string{echo.Quote(a), echo.Quote(b)} {
				if strings.Contains(msg, side) && len(side) > len(shown) {
					shown = side
				}
			}
			require.NotEmpty(t, shown, "the message echoes a side, cut: %q", msg)
			require.LessOrEqual(t, utf8.RuneCountInString(msg)-utf8.RuneCountInString(shown), 140, "%q", msg)
		}
		// the order read the other way round is the opposite one
		c2, ok2, err2 := OrderOp("<", y, x)
		require.Equal(t, ok, ok2, "%q < %q", a, b)
		require.Equal(t, err == nil, err2 == nil, "%q < %q", a, b)
		if ok {
			require.Equal(t, -c, c2, "%q < %q", a, b)
		}
		require.Equal(t, strings.Contains(foldString(a), foldString(b)), containsFold(a, b))
		require.Equal(t, foldString(a) == foldString(b), foldEqual(a, b))
		j, err := x.AppendJSON(nil, 0)
		require.NoError(t, err)
		require.True(t, utf8.Valid(j))
		require.Equal(t, jsonStringLen(a), len(j))
	})
}
