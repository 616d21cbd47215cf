package ast

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// D9: names follow Unicode identifier rules; the classes are the
// grammar's (checked against the parser in gen/internal/exprgen).
func TestIsName(t *testing.T) {
	for _, s := range []string{"a", "row", "ลูกค้า", "_id", "a_b", "x1", "é", "a\u0301", "a‿b", "and", "True"} {
		require.True(t, IsName(s), "%q", s)
	}
	for _, s := range []string{"", "1a", "a b", "a-b", "a.b", "\u0301a", "a\xff", "$x", "a\u200d"} {
		require.False(t, IsName(s), "%q", s)
	}
	require.True(t, IsIdentStart('_'))
	require.True(t, IsIdentCont('_'))
	require.False(t, IsIdentStart('1'))
	require.True(t, IsIdentCont('๑'), "Thai digit: Nd")
	require.True(t, IsIdentCont('‿'), "U+203F: Pc")
	require.True(t, StartsWithUnderscore("_id"))
	require.False(t, StartsWithUnderscore("id_"))
}

func TestKeywords(t *testing.T) {
	// D9's keywords; the list itself is made from the operator table.
	require.ElementsMatch(t, []string{"and", "or", "not", "in", "is", "if", "else", "for", "lambda"}, Keywords())
	for _, k := range Keywords() {
		require.True(t, IsKeyword(k))
		require.True(t, IsName(k), "a keyword is an identifier by the classes")
	}
	for _, s := range []string{"And", "iff", "contains", "empty", "", "True"} {
		require.False(t, IsKeyword(s), s)
	}
	k := Keywords()
	first := k[0]
	k[0] = "x"
	require.True(t, IsKeyword(first), "Keywords returns a copy")
}

// D9: NameStart goes back over the name's characters only, Thai marks
// and letter numbers included; DigitsEnd over ASCII digits only.
func TestNameStartAndDigitsEnd(t *testing.T) {
	for _, c := range []struct {
		s    string
		off  int
		want int
	}{
		{"len(packages", 12, 4}, {"a + ลูกค้า", len("a + ลูกค้า"), 4}, {"x·y", len("x·y"), 0},
		{"(Ⅷ", len("(Ⅷ"), 1}, {"a + ", 4, 4}, {"", 0, 0},
	} {
		if got := NameStart(c.s, c.off); got != c.want {
			t.Errorf("NameStart(%q, %d) = %d, want %d", c.s, c.off, got, c.want)
		}
	}
	if got := DigitsEnd("12.5", 0); got != 2 {
		t.Errorf("DigitsEnd = %d", got)
	}
	if got := DigitsEnd("a١٢", 1); got != 1 { // Arabic-Indic digits are not ASCII
		t.Errorf("DigitsEnd over non-ASCII digits = %d", got)
	}
}

// SplitOutside splits at separators outside quotes and brackets only.
func TestSplitOutside(t *testing.T) {
	for _, c := range []struct {
		in   string
		sep  byte
		want []string
	}{
		{"x, '-', 1", ',', []string{"x", " '-'", " 1"}},
		{"f(a, b), [c, d], {e: 1, f: 2}", ',', []string{"f(a, b)", " [c, d]", " {e: 1, f: 2}"}},
		{`'a,b', "c,d", 'e\',f'`, ',', []string{`'a,b'`, ` "c,d"`, ` 'e\',f'`}},
		{`row.Customer & " Ltd" & x`, '&', []string{"row.Customer ", ` " Ltd" `, " x"}},
		{"", ',', []string{""}},
		{"a,", ',', []string{"a", ""}},
	} {
		require.Equal(t, c.want, SplitOutside(c.in, c.sep), c.in)
	}
}

// Outside gives the bytes outside quotes, a backslash escaping in them,
// and says whether the text ends outside quotes (the scanning rule of
// D18, used by SplitOutside and the parser's quoting hint).
func TestOutside(t *testing.T) {
	for _, c := range []struct {
		in     string
		want   string
		closed bool
	}{
		{"a(b, 'c,d')", "a(b, )", true},
		{`x "a\"b" y`, "x  y", true},
		{`'it\'s' z`, " z", true},
		{"f('open", "f(", false},
		{"", "", true},
	} {
		var got []byte
		closed := Outside(c.in, func(_ int, ch byte) bool { got = append(got, ch); return true })
		require.Equal(t, c.want, string(got), c.in)
		require.Equal(t, c.closed, closed, c.in)
	}
	var seen int
	Outside("abc", func(int, byte) bool { seen++; return false })
	require.Equal(t, 1, seen, "yield false stops")
}
