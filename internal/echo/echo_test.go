package echo

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// D37: the text echoed in a message is cut to at most 120 characters with
// "…"; control characters, bidi controls and invalid UTF-8 are escapes, so
// a message is valid UTF-8 and one line.
func TestText(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"row.status", "row.status"},
		{"", ""},
		{"บาท", "บาท"},
		{"a\nb", `a\nb`},
		{"a\tb\r", `a\tb\r`},
		{"\x1b[31mred", `\u001b[31mred`},
		{"bell\a", `bell\u0007`},
		{"evil\u202etxt", `evil\u202etxt`},
		{"\u2066x\u2069", `\u2066x\u2069`},
		{"bad\x88byte", `bad\x88byte`},
		{"\xff\xfe", `\xff\xfe`},
		{"line\u2028sep", `line\u2028sep`},
		{"del\x7f", `del\u007f`},
		{"c1\u0085", `c1\u0085`},
		{strings.Repeat("a", 120), strings.Repeat("a", 120)},
		{strings.Repeat("a", 121), strings.Repeat("a", 119) + "…"},
		{strings.Repeat("ก", 200), strings.Repeat("ก", 119) + "…"},
	} {
		got := Text(tc.in)
		require.Equal(t, tc.want, got, "Text(%q)", tc.in)
		require.True(t, utf8.ValidString(got))
		require.NotContains(t, got, "\n")
	}
}

func TestCutBounds(t *testing.T) {
	long := strings.Repeat("\x88", 1<<20)
	got := Text(long)
	// An escape counts with all its characters: 29 of \x88 and the
	// ellipsis are 117, and a 30th would pass 120.
	require.Equal(t, strings.Repeat(`\x88`, 29)+"…", got)
	bells := Text(strings.Repeat("\a", 120))
	require.Equal(t, strings.Repeat(`\u0007`, 19)+"…", bells)
	require.Equal(t, `\u0007\u0007`, Text("\a\a"), "what fits is not cut")
	require.Equal(t, `a\n…`, Cut("a\nbc", 4))
	require.Equal(t, `a\nb`, Cut("a\nb", 4))
	require.Equal(t, "'ab'", Quote("ab"))
	require.Equal(t, "a…", Cut("abc", 2))
	require.Equal(t, "abc", Cut("abc", 3))
	require.Equal(t, "…", Cut("abc", 0))
	require.Equal(t, `x\ny`+strings.Repeat("z", 300), Clean("x\ny"+strings.Repeat("z", 300)))
	require.Equal(t, strings.Repeat(`\u0007`, 300), Clean(strings.Repeat("\a", 300)))
}

func FuzzText(f *testing.F) {
	f.Add("abc\x00\u202e\xff")
	f.Fuzz(func(t *testing.T, s string) {
		got := Text(s)
		if !utf8.ValidString(got) || strings.ContainsAny(got, "\n\r\x1b\u202e") {
			t.Fatalf("unsafe output %q", got)
		}
		if n := utf8.RuneCountInString(got); n > Max {
			t.Fatalf("%d characters echoed: %q", n, got)
		}
		if n := utf8.RuneCountInString(s); n > Max && !strings.HasSuffix(got, Ellipsis) {
			t.Fatalf("%d characters not cut: %q", n, got)
		}
		// An echo is safe as it is: echoing it again (a message that
		// quotes another's text) changes nothing.
		if again := Text(got); again != got {
			t.Fatalf("echoed again, %q became %q", got, again)
		}
	})
}

func TestFirstInvalid(t *testing.T) {
	for s, want := range map[string]int{"": -1, "abc": -1, "บาท\uFFFD": -1, "a\x88": 1, "ก\xe0\xb8": 3, "\xff": 0, "é\xc3(": 2} {
		require.Equal(t, want, FirstInvalid(s), "%q", s)
		require.Equal(t, want, FirstInvalid([]byte(s)), "%q", s)
	}
}

func TestFew(t *testing.T) {
	names := []string{"a", "b", "c", "d", "e", "f", "g"}
	show := func(i int) string { return names[i] }
	require.Equal(t, "", Few(0, show))
	require.Equal(t, "a, b", Few(2, show))
	require.Equal(t, "a, b, c, d, e", Few(5, show))
	require.Equal(t, "a, b, c, d, e, and 2 more", Few(7, show))
}

// D37 counts characters (D19), and a cut never parts a letter from the
// marks that belong to it (a Thai tone mark or vowel above or below, a
// combining accent, SARA AM): it falls before the letter, so the echo
// stays at most Max characters and shows no letter changed. Only a text
// that is one letter with its marks to the cut is cut inside them.
func TestCutKeepsMarksWithTheirLetter(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want string
	}{
		{strings.Repeat("ก้", 100), Max, strings.Repeat("ก้", 59) + "…"},
		{strings.Repeat("น้ำ", 60), Max, strings.Repeat("น้ำ", 39) + "…"},
		{strings.Repeat("x", 118) + "น้ำ", Max, strings.Repeat("x", 118) + "…"},
		{strings.Repeat("x", 117) + "น้ำ", Max, strings.Repeat("x", 117) + "น้ำ"}, // fits whole
		{strings.Repeat("e\u0301", 70), Max, strings.Repeat("e\u0301", 59) + "…"},
		{"สถานะของลูกค้าที่ต้องการตรวจสอบความถูกต้องของข้อมูล", 40, "สถานะของลูกค้าที่ต้องการตรวจสอบความถูก…"},
		{"ก" + strings.Repeat("\u0e49", 10), 5, "ก\u0e49\u0e49\u0e49…"}, // one letter: cut inside its marks
		{"abc\u0e49d", 4, "ab…"}, // the cut falls before c, not between c and its mark
	} {
		got := Cut(tc.in, tc.n)
		require.Equal(t, tc.want, got, "Cut(%q, %d)", tc.in, tc.n)
		require.LessOrEqual(t, utf8.RuneCountInString(got), tc.n)
	}
}

// UTF-16 text is told from UTF-8 and from binary bytes: by its
// byte-order mark, or by NULs beside every ASCII character on one side.
func TestUTF16(t *testing.T) {
	le := func(s string) []byte {
		var b []byte
		for _, r := range s {
			b = append(b, byte(r), byte(r>>8))
		}
		return b
	}
	be := func(s string) []byte {
		var b []byte
		for _, r := range s {
			b = append(b, byte(r>>8), byte(r))
		}
		return b
	}
	for _, b := range [][]byte{
		append([]byte{0xff, 0xfe}, le("เลขที่,ชื่อ\r\n")...),
		append([]byte{0xfe, 0xff}, be("id,name\n")...),
		le("เลขที่,ชื่อ\nINV-1,สมชาย\n"), // no byte-order mark
		be("a,b\n1,2\n"),
	} {
		require.True(t, UTF16(b), "%x", b)
	}
	for _, b := range []string{"", "a,b\n1,2\n", "เลขที่,ชื่อ\n", "- **a:** x\x00y\n", "PK\x03\x04\x14\x00\x00\x00\x08\x00", "\xfe"} {
		require.False(t, UTF16(b), "%q", b)
	}
}
