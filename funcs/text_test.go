package funcs

import (
	"math/rand"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
	"golang.org/x/text/cases"
	"golang.org/x/text/language"

	"github.com/kinenix/expressions/value"
)

// D22: trim removes Unicode white space, NBSP, ZWSP and BOM.
func TestTrim(t *testing.T) {
	ok := func(name, in, want string) tc {
		return tc{name: name, args: []value.Value{txt(in)}, want: want, kind: value.Text}
	}
	run(t, "trim", []tc{
		ok("spaces", "  Toyota  ", "Toyota"),
		ok("tabs and line breaks", "\t\r\n Toyota Camry \r\n", "Toyota Camry"),
		ok("inner space kept", " a  b ", "a  b"),
		ok("no-break space", "\u00a0A-1\u00a0", "A-1"),
		ok("zero-width space and BOM", "\ufeff\u200bA-1\u200b", "A-1"),
		ok("ideographic space", "\u3000全角\u3000", "全角"),
		ok("next line and line separator", "\u0085x\u2028", "x"),
		ok("thai", " บาท ", "บาท"),
		ok("zero-width joiner is not space", "\u200dx", "\u200dx"),
		ok("invalid bytes are not space", " \xffx\xfe ", "\xffx\xfe"),
		ok("only space", " \u00a0\u200b ", ""),
		ok("nothing to do", "abc", "abc"),
		ok("empty text", "", ""),
		{name: "empty", args: []value.Value{null}, want: "", kind: value.Text},
		{name: "number", args: []value.Value{num("12.50")}, want: "12.5", kind: value.Text},
		{name: "boolean", args: []value.Value{boolean(false)}, want: "false", kind: value.Text},
		{name: "list", args: []value.Value{host([]any{" a "})}, err: "trim needs text, a number or a boolean, got a list", is: value.ErrType},
		{name: "dictionary", args: []value.Value{host(map[string]any{})}, err: "trim needs text, a number or a boolean, got a dictionary", is: value.ErrType},
		{name: "cap", env: &Env{MaxSize: 3}, args: []value.Value{txt(" abcd ")}, err: "trim: result would be larger than 3 bytes", is: value.ErrLimit},
		{name: "at the cap", env: &Env{MaxSize: 3}, args: []value.Value{txt("  abc  ")}, want: "abc", kind: value.Text},
	})
}

// D22: lower and upper.
func TestLowerUpper(t *testing.T) {
	run(t, "lower", []tc{
		{name: "ascii", args: []value.Value{txt("ToYoTa CAMRY")}, want: "toyota camry", kind: value.Text},
		{name: "umlauts", args: []value.Value{txt("ÄÖÜ")}, want: "äöü", kind: value.Text},
		{name: "greek", args: []value.Value{txt("ΑΒΓ")}, want: "αβγ", kind: value.Text},
		{name: "thai has no case", args: []value.Value{txt("บาท")}, want: "บาท", kind: value.Text},
		{name: "Kelvin sign", args: []value.Value{txt("\u212a")}, want: "k", kind: value.Text},
		{name: "grows from 2 to 3 bytes", args: []value.Value{txt("Ⱥ")}, want: "ⱥ", kind: value.Text},
		{name: "invalid byte becomes U+FFFD", args: []value.Value{txt("A\xff")}, want: "a\uFFFD", kind: value.Text},
		{name: "invalid bytes past the cap", env: &Env{MaxSize: 10}, args: []value.Value{txt("\xff\xff\xff\xff")}, err: "lower: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "final sigma (D33)", args: []value.Value{txt("ΟΔΥΣΣΕΥΣ")}, want: "οδυσσευς", kind: value.Text},
		{name: "sigma inside a word", args: []value.Value{txt("ΣΑΣ ΣΑ")}, want: "σας σα", kind: value.Text},
		{name: "dotted capital I grows (D33)", args: []value.Value{txt("İ")}, want: "i\u0307", kind: value.Text},
		{name: "number", args: []value.Value{num("12")}, want: "12", kind: value.Text},
		{name: "boolean", args: []value.Value{boolean(true)}, want: "true", kind: value.Text},
		{name: "empty", args: []value.Value{null}, want: "", kind: value.Text},
		{name: "empty text", args: []value.Value{txt("")}, want: "", kind: value.Text},
		{name: "list", args: []value.Value{host([]any{"A"})}, err: "lower needs text, a number or a boolean, got a list", is: value.ErrType},
		{name: "cap", env: &Env{MaxSize: 10}, args: []value.Value{txt("ABCDEFGHIJK")}, err: "lower: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "growth past the cap", env: &Env{MaxSize: 10}, args: []value.Value{txt("ȺȺȺȺ")}, err: "lower: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "growth within the cap", env: &Env{MaxSize: 10}, args: []value.Value{txt("ȺȺȺ")}, want: "ⱥⱥⱥ", kind: value.Text},
		{name: "full mapping past the cap", env: &Env{MaxSize: 10}, args: []value.Value{txt("İİİİ")}, err: "lower: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "full mapping within the cap", env: &Env{MaxSize: 9}, args: []value.Value{txt("İİİ")}, want: "i\u0307i\u0307i\u0307", kind: value.Text},
	})
	run(t, "upper", []tc{
		{name: "ascii", args: []value.Value{txt("Toyota camry")}, want: "TOYOTA CAMRY", kind: value.Text},
		{name: "umlauts", args: []value.Value{txt("ärger")}, want: "ÄRGER", kind: value.Text},
		{name: "sharp s is SS (D33)", args: []value.Value{txt("straße")}, want: "STRASSE", kind: value.Text},
		{name: "ligature", args: []value.Value{txt("ﬃ")}, want: "FFI", kind: value.Text},
		{name: "growth past the cap", env: &Env{MaxSize: 10}, args: []value.Value{txt("ΐΐ")}, err: "upper: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "sharp s within the cap", env: &Env{MaxSize: 7}, args: []value.Value{txt("straße")}, want: "STRASSE", kind: value.Text},
		{name: "sharp s past the cap", env: &Env{MaxSize: 6}, args: []value.Value{txt("straßen")}, err: "upper: result would be larger than 6 bytes", is: value.ErrLimit},
		{name: "dotless i", args: []value.Value{txt("ı")}, want: "I", kind: value.Text},
		{name: "thai has no case", args: []value.Value{txt("บาท")}, want: "บาท", kind: value.Text},
		{name: "number", args: []value.Value{num("-1.5")}, want: "-1.5", kind: value.Text},
		{name: "boolean", args: []value.Value{boolean(false)}, want: "FALSE", kind: value.Text},
		{name: "empty", args: []value.Value{null}, want: "", kind: value.Text},
		{name: "dictionary", args: []value.Value{host(map[string]any{})}, err: "upper needs text, a number or a boolean, got a dictionary", is: value.ErrType},
		{name: "cap", env: &Env{MaxSize: 10}, args: []value.Value{txt("abcdefghijk")}, err: "upper: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "at the cap", env: &Env{MaxSize: 10}, args: []value.Value{txt("abcdefghij")}, want: "ABCDEFGHIJ", kind: value.Text},
	})
}

// oneTransform maps s as package value documents it, the reference for
// its chunked mapping: each run of valid UTF-8 by one call of the x/text
// transformer over all of it, each invalid byte between them U+FFFD. (Not
// Caser.String: on long texts it misses some final sigmas, 'ⱥΣ ' in
// lower, which one whole call and Python's str.lower get right.)
func oneTransform(t *testing.T, c cases.Caser, s string) string {
	var out strings.Builder
	for len(s) > 0 {
		i := 0
		for i < len(s) {
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				break
			}
			i += n
		}
		dst := make([]byte, 4*i+16)
		c.Reset()
		nDst, nSrc, err := c.Transform(dst, []byte(s[:i]), true)
		require.NoError(t, err)
		require.Equal(t, i, nSrc)
		out.Write(dst[:nDst])
		if i < len(s) {
			out.WriteString("\uFFFD")
			i++
		}
		s = s[i:]
	}
	return out.String()
}

// D33: the size counted before building is exactly the size built, and
// the result is x/text/cases' own, on texts that cross the buffers of the
// counting and of the building (final sigma at a buffer edge too).
func TestCaseLenMatchesResult(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	pieces := []string{"a", "Z", "é", "Ⱥ", "ⱥ", "ı", "İ", "ß", "\u212a", "ſ", "ǅ", "\xff", "\xe0\x80", "บ", "𝐀", "Ω", "ꭰ", "Ᏸ", "Σ", " ", "ΐ", "ﬃ"}
	for i := 0; i < 300; i++ {
		var b strings.Builder
		for n := rng.Intn(3000); n > 0; n-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		s := b.String()
		for _, tc := range []struct {
			m    value.CaseMapping
			want string
		}{{value.Upper, oneTransform(t, cases.Upper(language.Und), s)}, {value.Lower, oneTransform(t, cases.Lower(language.Und), s)}} {
			require.Equal(t, tc.want, tc.m.Map(s, tc.m.Len(s)))
			require.Equal(t, len(tc.want), tc.m.Len(s))
		}
	}
}

// Reliability section 3 and D33: upper of 512 KiB of ΐ would be 1.5 MiB
// (each becomes three characters); it is refused before anything is built.
func TestUpperChecksBeforeAllocating(t *testing.T) {
	x := txt(strings.Repeat("ΐ", 1<<18))
	var err error
	got := allocated(func() { _, err = call(nil, "upper", x) })
	require.ErrorIs(t, err, value.ErrLimit)
	require.EqualError(t, err, "upper: result would be larger than 1 MiB")
	require.Less(t, got, uint64(64<<10))
}

// D22: replace.
func TestReplace(t *testing.T) {
	ok := func(name, want string, args ...value.Value) tc {
		return tc{name: name, args: args, want: want, kind: value.Text}
	}
	run(t, "replace", []tc{
		ok("every occurrence", "25/10/2019", txt("25-10-2019"), txt("-"), txt("/")),
		ok("remove", "1200000", txt("1,200,000"), txt(","), txt("")),
		ok("remove with empty new", "1200000", txt("1,200,000"), txt(","), null),
		ok("grows", "aaaaaa", txt("aaa"), txt("a"), txt("aa")),
		ok("not overlapping, from the left", "bba", txt("aaaaa"), txt("aa"), txt("b")),
		ok("not found", "abc", txt("abc"), txt("x"), txt("y")),
		ok("same length, other text: not its input (textResult compares texts, #19)", "axc", txt("abc"), txt("b"), txt("x")),
		ok("case matters", "Abc", txt("Abc"), txt("a"), txt("x")),
		ok("thai", "ราคา 100 THB", txt("ราคา 100 บาท"), txt("บาท"), txt("THB")),
		ok("number x", "12", num("1200"), txt("0"), txt("")),
		ok("number old and new", "2.5", num("1.5"), num("1"), num("2")),
		ok("boolean x", "yes", boolean(true), txt("true"), txt("yes")),
		ok("empty", "", null, txt("-"), txt("/")),
		ok("empty text", "", txt(""), txt("-"), txt("/")),
		{name: "empty old", args: []value.Value{txt("abc"), txt(""), txt("x")}, err: "replace: the text to replace is empty", is: value.ErrValue},
		{name: "missing old", args: []value.Value{txt("abc"), null, txt("x")}, err: "replace: the text to replace is empty", is: value.ErrValue},
		{name: "empty x decides first, old not checked (D48)", args: []value.Value{null, txt(""), txt("x")}, want: "", kind: value.Text},
		{name: "all empty (D48)", args: []value.Value{null, null, null}, want: "", kind: value.Text},
		{name: "text x still checks old", args: []value.Value{txt(""), txt(""), txt("x")}, err: "replace: the text to replace is empty", is: value.ErrValue},
		{name: "list x", args: []value.Value{host([]any{"a"}), txt("a"), txt("b")}, err: "replace needs text, a number or a boolean, got a list", is: value.ErrType},
		{name: "list old", args: []value.Value{txt("a"), host([]any{"a"}), txt("b")}, err: "replace: old must be text, a number or a boolean, got a list", is: value.ErrType},
		{name: "dictionary new", args: []value.Value{txt("a"), txt("a"), host(map[string]any{})}, err: "replace: new must be text, a number or a boolean, got a dictionary", is: value.ErrType},
		// D17: the size is computed first.
		{name: "cap", env: &Env{MaxSize: 10}, args: []value.Value{txt("aaaaa"), txt("a"), txt("xyz")}, err: "replace: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "at the cap", env: &Env{MaxSize: 10}, args: []value.Value{txt("aaaaa"), txt("a"), txt("xy")}, want: "xyxyxyxyxy", kind: value.Text},
		{name: "shrinks under the cap", env: &Env{MaxSize: 4}, args: []value.Value{txt("aaaaa"), txt("a"), txt("")}, want: "", kind: value.Text},
		{name: "unchanged over the cap", env: &Env{MaxSize: 4}, args: []value.Value{txt("aaaaa"), txt("b"), txt("c")}, err: "replace: result would be larger than 4 bytes", is: value.ErrLimit},
		{name: "same size over the cap", env: &Env{MaxSize: 4}, args: []value.Value{txt("aaaaa"), txt("a"), txt("b")}, err: "replace: result would be larger than 4 bytes", is: value.ErrLimit},
		{name: "cap in KiB", env: &Env{MaxSize: 2048}, args: []value.Value{txt(strings.Repeat("a", 1000)), txt("a"), txt("bbb")}, err: "replace: result would be larger than 2 KiB", is: value.ErrLimit},
	})
}

// Reliability section 3: replace(X, empty old, 'y'*400) on 1 MiB would make
// 400 MiB; an empty old is refused (D22), and replace(X, 'x', 'y'*400),
// which would make as much, is refused before allocating; so is every
// level of a nested replace on a growing text.
func TestReplaceChecksBeforeAllocating(t *testing.T) {
	x := txt(strings.Repeat("x", 1<<20))
	y := txt(strings.Repeat("y", 400))
	var err error
	got := allocated(func() { _, err = call(nil, "replace", x, txt(""), y) })
	require.EqualError(t, err, "replace: the text to replace is empty")
	require.Less(t, got, uint64(16<<10), "bytes allocated before failing")

	got = allocated(func() { _, err = call(nil, "replace", x, txt("x"), y) })
	require.EqualError(t, err, "replace: result would be larger than 1 MiB")
	require.ErrorIs(t, err, value.ErrLimit)
	require.Less(t, got, uint64(64<<10), "bytes allocated before failing")

	allocs := testing.AllocsPerRun(5, func() { _, _ = call(nil, "replace", x, txt("x"), y) })
	require.LessOrEqual(t, allocs, float64(5))

	// Nesting: each level triples "ab"; it stops at the cap.
	v := txt("ab")
	levels := 0
	for ; levels < 20; levels++ {
		next, err := call(nil, "replace", v, txt("a"), txt("aaa"))
		if err != nil {
			require.ErrorIs(t, err, value.ErrLimit)
			break
		}
		v = next
	}
	require.Less(t, levels, 20)
	require.LessOrEqual(t, len(v.Text()), 1<<20)

	// Under the cap, one allocation of the exact size.
	small := txt(strings.Repeat("x", 1000))
	var out value.Value
	got = allocated(func() { out, err = call(nil, "replace", small, txt("x"), y) })
	require.NoError(t, err)
	require.Equal(t, 400_000, len(out.Text()))
	require.Less(t, got, uint64(400_000+16<<10))
}

// D22: part.
func TestPart(t *testing.T) {
	ok := func(name, want string, args ...value.Value) tc {
		return tc{name: name, args: args, want: want, kind: value.Text}
	}
	run(t, "part", []tc{
		ok("design example", "10", txt("25-10-2019"), txt("-"), num("1")),
		ok("design example from the end", "00123", txt("INV-2026-00123"), txt("-"), num("-1")),
		ok("first", "INV", txt("INV-2026-00123"), txt("-"), num("0")),
		ok("last by index", "00123", txt("INV-2026-00123"), txt("-"), num("2")),
		ok("first from the end", "INV", txt("INV-2026-00123"), txt("-"), num("-3")),
		ok("past the end", "", txt("25-10-2019"), txt("-"), num("3")),
		ok("past the start", "", txt("25-10-2019"), txt("-"), num("-4")),
		ok("empty piece", "", txt("a--b"), txt("-"), num("1")),
		ok("after empty piece", "b", txt("a--b"), txt("-"), num("2")),
		ok("no separator, piece 0", "abc", txt("abc"), txt("-"), num("0")),
		ok("no separator, piece -1", "abc", txt("abc"), txt("-"), num("-1")),
		ok("no separator, piece 1", "", txt("abc"), txt("-"), num("1")),
		ok("long separator", "b", txt("a::b::c"), txt("::"), num("1")),
		ok("overlapping separator from the end", "-b", txt("a---b"), txt("--"), num("-1")),
		ok("thai", "ปี", txt("บาท/ปี"), txt("/"), num("1")),
		ok("n as plain number text", "10", txt("25-10-2019"), txt("-"), txt("1")),
		ok("n as 1.0", "10", txt("25-10-2019"), txt("-"), num("1.0")),
		ok("huge n", "", txt("a-b"), txt("-"), num("1"+strings.Repeat("0", 30))),
		ok("huge negative n", "", txt("a-b"), txt("-"), num("-1"+strings.Repeat("0", 30))),
		ok("number x", "5", num("2026.5"), txt("."), num("1")),
		ok("number separator", "a", txt("a0b"), num("0"), num("0")),
		ok("empty", "", null, txt("-"), num("1")),
		ok("empty text", "", txt(""), txt("-"), num("0")),
		{name: "empty separator", args: []value.Value{txt("25-10-2019"), txt(""), num("1")}, err: "part: the separator is empty", is: value.ErrValue},
		{name: "missing separator", args: []value.Value{txt("25-10-2019"), null, num("1")}, err: "part: the separator is empty", is: value.ErrValue},
		{name: "n not whole", args: []value.Value{txt("25-10-2019"), txt("-"), num("1.5")}, err: "part: n must be a whole number, got 1.5", is: value.ErrValue},
		{name: "n text", args: []value.Value{txt("25-10-2019"), txt("-"), txt("one")}, err: "part: n must be a whole number, got the text 'one'", is: value.ErrType},
		{name: "n empty", args: []value.Value{txt("25-10-2019"), txt("-"), null}, err: "part: n must be a whole number, got an empty value", is: value.ErrType},
		{name: "n list", args: []value.Value{txt("25-10-2019"), txt("-"), host([]any{1})}, err: "part: n must be a whole number, got a list", is: value.ErrType},
		{name: "list x", args: []value.Value{host([]any{"a-b"}), txt("-"), num("0")}, err: "part needs text, a number or a boolean, got a list", is: value.ErrType},
		{name: "list separator", args: []value.Value{txt("a-b"), host([]any{"-"}), num("0")}, err: "part: the separator must be text, a number or a boolean, got a list", is: value.ErrType},
		{name: "cap", env: &Env{MaxSize: 2}, args: []value.Value{txt("abc-d"), txt("-"), num("0")}, err: "part: result would be larger than 2 bytes", is: value.ErrLimit},
	})
}

// pieceOf agrees with strings.Split, without building the pieces.
func TestPieceOfMatchesSplit(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	alphabet := []string{"a", "b", "-", "--", "ก"}
	seps := []string{"-", "--", "a", "ab", "ก", "-ก"}
	for i := 0; i < 3000; i++ {
		var b strings.Builder
		for n := rng.Intn(10); n > 0; n-- {
			b.WriteString(alphabet[rng.Intn(len(alphabet))])
		}
		s, sep := b.String(), seps[rng.Intn(len(seps))]
		pieces := strings.Split(s, sep)
		for n := -len(pieces) - 2; n < len(pieces)+2; n++ {
			want := ""
			if n >= 0 && n < len(pieces) {
				want = pieces[n]
			} else if n < 0 && -n <= len(pieces) {
				want = pieces[len(pieces)+n]
			}
			require.Equal(t, want, pieceOf(s, sep, int64(n)), "part(%q, %q, %d)", s, sep, n)
		}
	}
}

// D19, D22: substring counts code points; negative start or length count
// as 0; positions past the end give what is there.
func TestSubstring(t *testing.T) {
	ok := func(name, want string, args ...value.Value) tc {
		return tc{name: name, args: args, want: want, kind: value.Text}
	}
	big := num("1" + strings.Repeat("0", 30))
	run(t, "substring", []tc{
		ok("to the end", "Camry", txt("Toyota Camry"), num("7")),
		ok("with length", "Toyota", txt("Toyota Camry"), num("0"), num("6")),
		ok("thai code points", "ปี", txt("บาท/ปี"), num("4")),
		ok("thai with length", "บาท", txt("บาท/ปี"), num("0"), num("3")),
		ok("length past the end", "bc", txt("abc"), num("1"), num("100")),
		ok("start at the end", "", txt("abc"), num("3")),
		ok("start past the end", "", txt("abc"), num("5")),
		ok("zero length", "", txt("abc"), num("1"), num("0")),
		ok("negative start counts as 0", "ab", txt("abc"), num("-2"), num("2")),
		ok("negative length counts as 0", "", txt("abc"), num("1"), num("-1")),
		ok("huge start", "", txt("abc"), big),
		ok("huge length", "bc", txt("abc"), num("1"), big),
		ok("huge negative start", "ab", txt("abc"), num("-1"+strings.Repeat("0", 30)), num("2")),
		ok("invalid byte is one character", "\xff", txt("a\xffb"), num("1"), num("1")),
		ok("emoji with modifier is two", "🏽", txt("👍🏽"), num("1")),
		ok("plain number text positions", "bc", txt("abcd"), txt("1"), txt("2")),
		ok("number x", "23", num("12345"), num("1"), num("2")),
		ok("whole number written 2.0", "c", txt("abc"), num("2.0")),
		ok("empty", "", null, num("0"), num("3")),
		ok("empty text", "", txt(""), num("0")),
		{name: "start not whole", args: []value.Value{txt("abc"), num("0.5")}, err: "substring: start must be a whole number, got 0.5", is: value.ErrValue},
		{name: "length not whole", args: []value.Value{txt("abc"), num("0"), num("1.5")}, err: "substring: length must be a whole number, got 1.5", is: value.ErrValue},
		{name: "start text", args: []value.Value{txt("abc"), txt("first")}, err: "substring: start must be a whole number, got the text 'first'", is: value.ErrType},
		{name: "start empty", args: []value.Value{txt("abc"), null}, err: "substring: start must be a whole number, got an empty value", is: value.ErrType},
		{name: "length empty counts as left out (D47)", args: []value.Value{txt("abc"), num("1"), null}, want: "bc", kind: value.Text},
		{name: "length \"\" counts as left out, as format's digits (D47)", args: []value.Value{txt("abc"), num("1"), txt("")}, want: "bc", kind: value.Text},
		{name: "length blank counts as left out (D47)", args: []value.Value{txt("abc"), num("1"), txt(" ")}, want: "bc", kind: value.Text},
		{name: "empty x decides first, start not checked (D48)", args: []value.Value{null, txt("x"), host([]any{})}, want: "", kind: value.Text},
		{name: "list x", args: []value.Value{host([]any{"abc"}), num("0")}, err: "substring needs text, a number or a boolean, got a list", is: value.ErrType},
		{name: "cap", env: &Env{MaxSize: 2}, args: []value.Value{txt("abcdef"), num("1"), num("3")}, err: "substring: result would be larger than 2 bytes", is: value.ErrLimit},
	})
}

// substring never panics on any int positions.
func TestSubstringBounds(t *testing.T) {
	s := "aé👍b\xff"
	n := utf8.RuneCountInString(s)
	for _, start := range []int64{-1 << 62, -10, -1, 0, 1, 2, 3, 4, 5, 6, 1 << 62} {
		for _, length := range []int64{-1 << 62, -1, 0, 1, 2, 3, 10, 1 << 62} {
			v, err := call(nil, "substring", txt(s), num(strconv.FormatInt(start, 10)), num(strconv.FormatInt(length, 10)))
			require.NoError(t, err)
			r := []rune(s)
			from := min(max(start, 0), int64(n))
			to := min(from+max(min(length, int64(n)), 0), int64(n))
			require.Equal(t, string(r[from:to]), strings.ToValidUTF8(v.Text(), "\uFFFD"), "substring(%q, %d, %d)", s, start, length)
		}
	}
}

// textResult returns x itself only for x's own text: a result of the same
// length but another text (a function that maps each character) is that
// text.
func TestTextResultComparesText(t *testing.T) {
	x := value.TextValue("abc")
	v, err := textResult("f", x, "xyz", 100)
	require.NoError(t, err)
	require.Equal(t, "xyz", v.Text())
	v, err = textResult("f", x, x.Text(), 100)
	require.NoError(t, err)
	require.Equal(t, "abc", v.Text())
	_, err = textResult("f", x, "abcd", 3)
	require.ErrorIs(t, err, value.ErrLimit)
}
