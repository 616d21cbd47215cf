package funcs

import (
	"context"
	"errors"
	"math/rand"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/value"
)

// D21: number reads the first number in a text, English and Thai.
func TestNumber(t *testing.T) {
	ok := func(in, want string) tc {
		return tc{name: in, args: []value.Value{txt(in)}, want: want, kind: value.Number}
	}
	// unclearAs: the message quotes the number as written, not the text
	// around it (D39: '2 285,81' is not clear, for '2 285,81 грн.')
	unclearAs := func(in, written, hint string) tc {
		return tc{name: "D34 " + in, args: []value.Value{txt(in)}, err: "number: '" + written + "' is not clear: " + hint, is: value.ErrValue}
	}
	unclear := func(in, hint string) tc { return unclearAs(in, in, hint) }
	const general = "write the number it means with digits and at most one '.', its decimal point"
	run(t, "number", []tc{
		// D39: a number split by a space (or U+00A0, U+202F, U+2009) before
		// exactly three digits, or by "." or "," and a space, is refused
		// like D34; the examples of the rule first.
		unclear("9 800", "write 9800 or 9,800"),
		unclearAs("2 285,81 грн.", "2 285,81", "write 2285.81"),
		unclear("2 285,81", "write 2285.81"),
		unclearAs("1 995,00 Kč", "1 995,00", "write 1995.00"),
		unclear("119. 95", "write 119.95"),
		unclearAs("118, 99 TL", "118, 99", "write 118.99"),
		unclear("1\u00a0000", "write 1000 or 1,000"),
		unclearAs("1\u202f234\u202f567,89 €", "1\u202f234\u202f567,89", "write 1234567.89"),
		unclear("12\u2009345.5", "write 12345.5"),
		unclear("1 234 567", "write 1234567 or 1,234,567"),
		unclearAs("-9 800 บาท", "9 800", "write -9800 or -9,800"),
		unclearAs("(1 234,50)", "1 234,50", "write -1234.50"),
		unclear("๙ ๘๐๐", "write 9800 or 9,800"),
		unclear("1,234, 56", "write 1234.56"),
		unclear("1, 2", "write 1.2"),
		unclear("1, 2, 3", general),
		unclear("1.5 000", general),
		unclear("1,234 567", general),
		ok("9  800", "9"), // two spaces: not a grouping
		ok("9 8000", "9"), // four digits: not a group of three
		ok("9 80", "9"),   // two digits
		ok("9\t800", "9"), // a tab is no grouping space
		unclearAs("9 800x", "9 800", "write 9800 or 9,800"),
		ok("Page 3 of 10", "3"), // a space and no digits
		ok("12. Mai", "12"),
		ok("1.234", "1.234"), // plain number text (D6): its point is a decimal point
		ok("1.234 kg", "1.234"),
		ok("1,234", "1234"),
		// D34: a number followed by . , ' or ’ and a digit is refused,
		// with the reading the marks suggest written plainly.
		unclear("1.234,56", "write 1234.56 or 1,234.56"),
		unclear("1.234.567", "write 1234567 or 1,234,567"),
		unclear("1'049,95", "write 1049.95 or 1,049.95"),
		unclear("1’049,95", "write 1049.95 or 1,049.95"),
		unclear("205,68", "write 205.68"),
		unclear("1.5.2", general),
		unclearAs("205,68 €", "205,68", "write 205.68"),
		unclearAs("$ 1.144.000", "1.144.000", "write 1144000 or 1,144,000"),
		unclearAs("-1.234,56 บาท", "1.234,56", "write -1234.56 or -1,234.56"),
		unclearAs("(1.234,56)", "1.234,56", "write -1234.56 or -1,234.56"),
		unclear("1'049", "write 1049 or 1,049"),
		unclear("1.2.3", general),
		unclear("1,2345", "write 1.2345"),
		unclear("1,23", "write 1.23"),
		unclear("12,5", "write 12.5"),
		unclear("1,234,56", general),
		unclear("1,234.5,6", general),
		unclear("๒๐๕,๖๘", "write 205.68"),
		unclear("0.234,5", "write 234.5"),
		// A number that starts with its point (".75", D21) is quoted as
		// written too, never as '' (issue #22's '$.75,333').
		unclearAs("$.75,333", ".75,333", general),
		unclear(".75,33", general),
		unclear(".1.2", general),
		unclearAs("-.75,333 บาท", ".75,333", general),
		unclearAs("(.5,5)", ".5,5", general),
		// A number that starts with its decimal point (".5" is 0.5) and
		// goes on unclearly is quoted from its point, and gets no reading
		// of its marks as grouping: the first mark is its decimal point.
		unclear(".3.2", general),
		unclear(".234,5", general),
		unclearAs("-.123.456 บาท", ".123.456", general),
		unclearAs("(.5, 25)", ".5, 25", general),
		{name: "D34 a long reading gets the general hint", args: []value.Value{txt("1," + strings.Repeat("5", 100))},
			err: "number: '1," + strings.Repeat("5", 100) + "' is not clear: " + general, is: value.ErrValue},
		// The design's examples.
		ok("15,434.75 บาท/ปี", "15434.75"),
		ok("(1,200)", "-1200"),
		ok("฿ -3.5", "-3.5"),
		ok("Total: 12 items, 3 boxes", "12"),
		// English text.
		ok("12", "12"),
		ok(" 3.5 ", "3.5"),
		ok("$1,234,567.891", "1234567.891"),
		ok("USD 99.90 per month", "99.9"),
		ok("-42", "-42"),
		ok("Balance: -1,200.50", "-1200.5"),
		ok("-$3.50", "-3.5"),
		ok("$-3.50", "-3.5"),
		ok("($1,200.00)", "-1200"),
		ok("( 7 )", "-7"),
		ok("(-5)", "-5"),
		ok("(1,200 บาท)", "1200"),
		ok("Item (12) of 20", "-12"),
		ok("Total (12 items)", "12"),
		ok("INV-2026-00123", "2026"),
		ok("A-1", "1"),
		// A letter with its combining marks is a letter: the "-" after a
		// Thai word that ends in a vowel or tone mark is a hyphen too.
		ok("ปี-2026", "2026"),
		ok("ครั้งที่-2", "2"),
		ok("cafe\u0301-5", "5"),
		ok("ปี.5", "5"),
		ok("12 - 3", "12"),
		ok("- 5", "5"),
		// A minus glued to a currency sign, then white space: negative,
		// as "-€5" and "€ -5" are (never 5 with its minus lost); a minus
		// before white space alone is a list's dash.
		ok("-€ 5", "-5"),
		ok("-฿ 3.5", "-3.5"),
		ok("Balance: -$ 1,200.50", "-1200.5"),
		ok("- € 5", "5"),
		ok("INV-€ 5", "5"),
		// A point the number ends with does not keep its parentheses from
		// making it negative: "5." is 5, "(5.)" is -5.
		ok("(5.)", "-5"),
		ok("(฿ 1,200.)", "-1200"),
		ok("5.)", "5"),
		// The full-width comma and full stop of East Asian text are read
		// as "," and "." are, never a number in part.
		ok("１，２３４", "1234"),
		ok("1，234．5", "1234.5"),
		ok("¥１，２３４ 円", "1234"),
		unclear("1，23", "write 1.23"),
		unclear("１．２３４，５", "write 1234.5 or 1,234.5"),
		ok("Page 3 of 10", "3"),
		ok("007", "7"),
		ok("0", "0"),
		ok("-0", "0"),
		ok("0.000", "0"),
		ok("3.10", "3.1"),
		ok("12.", "12"),
		ok(".5", "0.5"),
		ok("-.5", "-0.5"),
		ok("No.5", "5"),
		ok("1e3", "1"),
		ok("1_000", "1"),
		ok("0x10", "0"),
		ok("Infinity 5", "5"),
		// Thousands separators are "," before exactly three digits.
		ok("1234,567", "1234567"),
		ok("1,200.", "1200"),
		ok("1.5.", "1.5"),
		ok("12' long", "12"),
		ok("1,000,000", "1000000"),
		// Thai and other Unicode decimal digits.
		ok("๑๒๓", "123"),
		ok("๑,๒๓๔.๕๐ บาท", "1234.5"),
		ok("ราคา ๒๕๐ บาท", "250"),
		ok("เบี้ย 15,434.75 บาท/ปี", "15434.75"),
		ok("ลบ −๕", "-5"),
		ok("１２３", "123"),
		ok("٣٤٥", "345"),
		// The Arabic decimal separator U+066B is a decimal point, and the
		// Arabic thousands separator U+066C groups as "," does: never
		// read in part (D34's spirit).
		ok("٣٫١٤", "3.14"),
		ok("٣٫٥", "3.5"),
		ok("3٫5", "3.5"),
		ok("١٬٢٣٤٫٥ ر.س", "1234.5"),
		ok("السعر ٫٥", "0.5"),
		ok("(٣٫٥)", "-3.5"),
		unclear("٣٫٥٫٢", general),
		// An invisible character inside a number (U+200B, U+FEFF,
		// U+2060, Unicode's Cf) is not clear: never read in part, as 1
		// or 12, nor its minus lost (review-lang F6).
		unclearAs("1\u200b234", `1\u200b234`, "an invisible character is inside it; write 1234"),
		unclearAs("1\ufeff234", `1\ufeff234`, "an invisible character is inside it; write 1234"),
		unclearAs("1\u2060234", `1\u2060234`, "an invisible character is inside it; write 1234"),
		unclearAs("-\u200b5", `-\u200b5`, "an invisible character is inside it; write -5"),
		unclearAs("12\u200b,5", `12\u200b,5`, "an invisible character is inside it; write 12.5"),
		unclearAs("1,\u200b234", `1,\u200b234`, "an invisible character is inside it; write 1234"),
		unclearAs("1\u200b,234.5 THB", `1\u200b,234.5`, "an invisible character is inside it; write 1234.5"),
		unclearAs("1\u200b 2\u200b 3", `1\u200b 2\u200b 3`, "an invisible character is inside it; "+general),
		ok("\u200b5\u2060", "5"),
		ok("5\u200b kg", "5"),
		unclear("١٬٢", "write 1.2"),                          // as "1,2" (review-lang F5)
		unclear("١٬٢٣", "write 1.23"),                        // as "1,23"
		unclearAs("٣٬ ٥٠٠", "٣٬ ٥٠٠", "write 3500 or 3,500"), // U+066C groups thousands: never 3.500
		unclear("١٬٢٣٤٬٥", general),
		ok("𝟗𝟘", "90"),
		ok("−7", "-7"),
		// Long but fine.
		ok(strings.Repeat("0", 5000)+"1", "1"),
		ok("1."+strings.Repeat("0", 5000), "1"),
		ok(strings.Repeat("9", value.MaxDigits), strings.Repeat("9", value.MaxDigits)),
		// Empty input.
		{name: "empty", args: []value.Value{null}, want: "", kind: value.Empty},
		{name: "empty text", args: []value.Value{txt("")}, want: "", kind: value.Empty},
		{name: "white space", args: []value.Value{txt(" \t\u00a0\u200b\n")}, want: "", kind: value.Empty},
		// A number stays itself.
		{name: "number", args: []value.Value{num("12.50")}, want: "12.5", kind: value.Number},
		{name: "negative number", args: []value.Value{num("-3")}, want: "-3", kind: value.Number},
		// Bad input.
		{name: "no number", args: []value.Value{txt("abc")}, err: "number: no number in 'abc'", is: value.ErrValue},
		{name: "NaN", args: []value.Value{txt("NaN")}, err: "number: no number in 'NaN'", is: value.ErrValue},
		{name: "Inf", args: []value.Value{txt("-Inf")}, err: "number: no number in '-Inf'", is: value.ErrValue},
		{name: "superscript is no decimal digit", args: []value.Value{txt("x²")}, err: "number: no number in 'x²'", is: value.ErrValue},
		// D37: echoed text is cut at 120 characters with …; control
		// characters, bidi controls and invalid UTF-8 are escapes.
		{name: "long text is cut", args: []value.Value{txt(strings.Repeat("no number here ", 10))},
			err: "number: no number in '" + strings.Repeat("no number here ", 10)[:119] + "…'", is: value.ErrValue},
		{name: "line breaks in the message", args: []value.Value{txt("a\nb")}, err: "number: no number in 'a\\nb'", is: value.ErrValue},
		{name: "invalid bytes in the message", args: []value.Value{txt("a\xffb")}, err: "number: no number in 'a\\xffb'", is: value.ErrValue},
		{name: "bidi controls in the message", args: []value.Value{txt("a\u202eb")}, err: "number: no number in 'a\\u202eb'", is: value.ErrValue},
		{name: "too many digits", args: []value.Value{txt(strings.Repeat("1", value.MaxDigits+1))},
			err: "number: the number in '" + strings.Repeat("1", 119) + "…' has more than 1000 digits", is: value.ErrLimit},
		{name: "too many fraction digits", args: []value.Value{txt("0." + strings.Repeat("1", value.MaxDigits+1))},
			err: "number: the number in '0." + strings.Repeat("1", 117) + "…' has more than 1000 digits", is: value.ErrLimit},
		{name: "boolean", args: []value.Value{boolean(true)}, err: "number needs text or a number, got a boolean", is: value.ErrType},
		{name: "list", args: []value.Value{host([]any{"1"})}, err: "number needs text or a number, got a list", is: value.ErrType},
		{name: "dictionary", args: []value.Value{host(map[string]any{"a": "1"})}, err: "number needs text or a number, got a dictionary", is: value.ErrType},
	})
}

// Reliability section 3: a 1 MiB run of digits is refused quickly, after
// reading at most MaxDigits of them.
func TestNumberHugeDigits(t *testing.T) {
	x := txt(strings.Repeat("7", 1<<20))
	var err error
	got := allocated(func() { _, err = call(nil, "number", x) })
	require.ErrorIs(t, err, value.ErrLimit)
	require.Less(t, got, uint64(16<<10))
	// a million leading zeros are skipped, not multiplied through
	v, err := call(nil, "number", txt(strings.Repeat("0", 1<<20)+"5"))
	require.NoError(t, err)
	require.Equal(t, "5", v.String())
}

// D24, E3, D6: round.
func TestRound(t *testing.T) {
	ok := func(name string, want string, args ...value.Value) tc {
		return tc{name: name, args: args, want: want, kind: value.Number}
	}
	run(t, "round", []tc{
		ok("half away from zero", "3", num("2.5")),
		ok("negative half away from zero", "-3", num("-2.5")),
		ok("exact decimals", "2.68", num("2.675"), num("2")),
		ok("1.005", "1.01", num("1.005"), num("2")),
		ok("negative digits", "1200", num("1234"), num("-2")),
		ok("negative digits half", "20", num("15"), num("-1")),
		ok("negative digits half negative", "-20", num("-15"), num("-1")),
		ok("shown without trailing zeros", "2.5", num("2.50"), num("2")),
		ok("more digits than the number has", "2.5", num("2.5"), num("5")),
		ok("zero digits given", "3", num("3.4"), num("0")),
		ok("half", "1", num("0.5")),
		ok("minus zero is shown as 0", "0", num("-0.4")),
		ok("whole number", "7", num("7")),
		ok("plain number text", "4", txt("3.5")),
		ok("plain number text with spaces", "-4", txt(" -3.5 ")),
		ok("digits as plain number text", "3.14", num("3.14159"), txt("2")),
		ok("digits as 2.0", "3.14", num("3.14159"), num("2.0")),
		ok("largest digits", "3.5", num("3.5"), num("1000")),
		ok("smallest digits", "0", num("3.5"), num("-1000")),
		{name: "empty", args: []value.Value{null}, want: "", kind: value.Empty},
		{name: "empty with digits", args: []value.Value{null, num("2")}, want: "", kind: value.Empty},
		{name: "empty text", args: []value.Value{txt("")}, want: "", kind: value.Empty},
		{name: "blank text", args: []value.Value{txt("  ")}, want: "", kind: value.Empty},
		{name: "text that is not a plain number", args: []value.Value{txt("12 THB")},
			err: "round needs a number, got the text '12 THB'; write round(number(...)) to read the number in it", is: value.ErrType},
		{name: "thousands separator is not plain", args: []value.Value{txt("1,200")},
			err: "round needs a number, got the text '1,200'; write round(number(...)) to read the number in it", is: value.ErrType},
		{name: "boolean", args: []value.Value{boolean(true)}, err: "round needs a number, got a boolean", is: value.ErrType},
		{name: "list", args: []value.Value{host([]any{1})}, err: "round needs a number, got a list", is: value.ErrType},
		{name: "dictionary", args: []value.Value{host(map[string]any{})}, err: "round needs a number, got a dictionary", is: value.ErrType},
		{name: "digits not whole", args: []value.Value{num("1"), num("1.5")}, err: "round: digits must be a whole number, got 1.5", is: value.ErrValue},
		{name: "digits text", args: []value.Value{num("1"), txt("abc")}, err: "round: digits must be a whole number, got the text 'abc'", is: value.ErrType},
		{name: "digits empty counts as left out (D47)", args: []value.Value{num("56.78"), null}, want: "57", kind: value.Number},
		{name: "digits \"\" counts as left out, as format's does (D47)", args: []value.Value{num("56.78"), txt("")}, want: "57", kind: value.Number},
		{name: "digits blank counts as left out, as format's does (D47)", args: []value.Value{num("56.78"), txt("  ")}, want: "57", kind: value.Number},
		{name: "digits boolean", args: []value.Value{num("1"), boolean(false)}, err: "round: digits must be a whole number, got false", is: value.ErrType},
		{name: "digits too large", args: []value.Value{num("1"), num("1001")}, err: "round: digits must be from -1000 to 1000, got 1001", is: value.ErrValue},
		{name: "digits too small", args: []value.Value{num("1"), num("-1001")}, err: "round: digits must be from -1000 to 1000, got -1001", is: value.ErrValue},
		{name: "digits huge", args: []value.Value{num("1"), num("1" + strings.Repeat("0", 30))},
			err: "round: digits must be from -1000 to 1000, got 1" + strings.Repeat("0", 30), is: value.ErrValue},
		{name: "empty x decides first, digits not checked (D48)", args: []value.Value{null, num("0.5")}, want: "", kind: value.Empty},
	})
}

// D6 and D21 together: whenever a text is plain number text, its first
// number is that number, so number() may read it as a comparison does.
// Texts are drawn from the pieces that either reading treats specially.
func TestPlainNumberIsFirstNumber(t *testing.T) {
	pieces := []string{"0", "1", "5", "9", "00", ".", ",", "-", "+", "−", " ", "\u00a0", "\t", "(", ")", "฿", "e", "a", "๕", "1,000", "' "}
	r := rand.New(rand.NewSource(21))
	checked := 0
	for i := 0; i < 200000; i++ {
		var b strings.Builder
		for n := 1 + r.Intn(6); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		s := b.String()
		plain, ok := value.ParseNum(s)
		if !ok {
			continue
		}
		checked++
		first, err := firstNumber(s)
		require.NoError(t, err, "%q", s)
		require.Equal(t, plain.String(), first.String(), "%q", s)
	}
	require.Greater(t, checked, 1000, "too few plain number texts drawn")
}

// D21, D17: number counts every digit of a whole part against the limit,
// trailing zeros too, whatever the shortcut for plain number text reads.
func TestNumberLongPlainText(t *testing.T) {
	for _, s := range []string{"1" + strings.Repeat("0", value.MaxDigits), "-1" + strings.Repeat("0", value.MaxDigits) + ".0"} {
		_, err := callNumber(nil, value.TextValue(s))
		require.ErrorIs(t, err, value.ErrLimit, "%.12q…", s)
		_, want := firstNumber(s)
		require.Equal(t, want.Error(), err.Error())
	}
	v, err := callNumber(nil, value.TextValue("1"+strings.Repeat("0", value.MaxDigits-1)))
	require.NoError(t, err)
	require.Equal(t, value.Number, v.Kind())
}

// D34, D39, D49: the rewrite that the message of an unclear number
// suggests, given to number, gives a number, the same for each form it
// writes; texts are drawn from the pieces the two rules look at. A message
// with no rewrite says so in the general words, never with an example.
func TestUnclearNumberHintWorks(t *testing.T) {
	pieces := []string{"1", "5", "0", "12", "234", "800", "๙", "٥", ".", ",", "\u066c", "\u066b", "\u200b", "\u2060", "'", "’", " ", "\u00a0", "\u202f", "\u2009", ". ", ", ", "-", "(", ")", "€", " Kč", "x"}
	r := rand.New(rand.NewSource(39))
	rewrites, general := 0, 0
	for i := 0; i < 100000; i++ {
		var b strings.Builder
		for n := 1 + r.Intn(7); n > 0; n-- {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		s := b.String()
		_, err := callNumber(nil, value.TextValue(s))
		if err == nil || !strings.Contains(err.Error(), " is not clear: ") {
			continue
		}
		quoted, hint, _ := strings.Cut(err.Error(), " is not clear: ")
		// the number as written is quoted, never nothing ('.3.2', not '')
		quoted = strings.TrimPrefix(quoted, "number: ")
		require.True(t, len(quoted) > 2 && value.HoldsDigit(quoted), "%q: %s", s, err)
		hint = strings.TrimPrefix(hint, "an invisible character is inside it; ")
		if hint == "write the number it means with digits and at most one '.', its decimal point" {
			general++
			continue
		}
		rewrites++
		forms, ok := strings.CutPrefix(hint, "write ")
		require.True(t, ok, "%q: %s", s, err)
		var first value.Value
		for k, form := range strings.Split(forms, " or ") {
			v, err := callNumber(nil, value.TextValue(form))
			require.NoError(t, err, "%q: the rewrite %q", s, form)
			require.Equal(t, value.Number, v.Kind(), "%q: the rewrite %q", s, form)
			if k == 0 {
				_, plain := value.ParseNum(form)
				require.True(t, plain, "%q: the first rewrite %q is plain number text", s, form)
				first = v
				continue
			}
			require.Equal(t, first.String(), v.String(), "%q: the forms %q", s, forms)
		}
	}
	require.Greater(t, rewrites, 1000, "too few rewrites drawn")
	require.Greater(t, general, 100, "too few texts with no one reading drawn")
}

// D40, D24, D47, D48: format shows a number with exactly digits places,
// rounded as round rounds, with group between thousands; the rule's
// examples first.
func TestFormat(t *testing.T) {
	ok := func(name, want string, args ...value.Value) tc {
		return tc{name: name, args: args, want: want, kind: value.Text}
	}
	blank := func(name string, args ...value.Value) tc {
		return tc{name: name, args: args, want: "", kind: value.Text}
	}
	ten := &Env{MaxSize: 10}
	run(t, "format", []tc{
		ok("D40 two places and a comma by default", "1,234.50", num("1234.5")),
		ok("D40 two places given", "875.00", num("875"), num("2")),
		ok("D40 no places, half away from zero", "1", num("0.5"), num("0")),
		ok("D40 no grouping", "-1234.5", num("-1234.5"), num("1"), txt("")),
		ok("D40 plain number text counts as its number", "980.50", txt("980.50")),
		ok("plain number text with spaces", "-3.50", txt(" -3.5 ")),
		ok("D24 exact decimals", "2.68", num("2.675"), num("2")),
		ok("D24 negative half away from zero", "-3", num("-2.5"), num("0")),
		ok("rounds up into a new group", "1,000.00", num("999.999")),
		ok("minus zero is shown as 0", "0.00", num("-0.001")),
		ok("minus zero without places", "0", num("-0.4"), num("0")),
		ok("zero", "0.00", num("0")),
		ok("small", "0.05", num("0.05")),
		ok("three digits have no group", "100.00", num("100")),
		ok("four digits have one", "1,000", num("1000"), num("0")),
		ok("millions", "-1,234,567.89", num("-1234567.891")),
		ok("twenty places", "0.10000000000000000000", num("0.1"), num("20")),
		ok("digits as plain number text", "1.5", num("1.5"), txt("1")),
		ok("group of any text", "1 234 567", num("1234567"), num("0"), txt(" ")),
		ok("group of several characters", "1'000'000.0", num("1000000"), num("1"), txt("'")),
		ok("group as a number's text", "10001.00", num("1001"), num("2"), num("0")),
		ok("long number", "1,"+strings.Repeat("000,", 9)+"000.00", num("1"+strings.Repeat("000", 10))),
		ok("D47 empty digits counts as left out", "1,234.50", num("1234.5"), null),
		ok("D47 empty group counts as left out", "1,234.5", num("1234.5"), num("1"), null),
		ok("D47 blank digits (an empty cell) counts as left out", "1,234.50", num("1234.5"), txt("")),
		ok("D47 blank digits of spaces", "1,234.50", num("1234.5"), txt("  ")),
		ok("D47 both empty", "1,234.50", num("1234.5"), null, null),
		{name: "exactly the cap", env: ten, args: []value.Value{num("1234.5678"), num("4")}, want: "1,234.5678", kind: value.Text},
		blank("empty", null),
		blank("empty text", txt("")),
		blank("blank text", txt(" \t\u00a0")),
		blank("D48 empty first whatever digits are", null, txt("abc")),
		blank("D48 empty first whatever group is", txt(""), num("2"), host([]any{1})),
		{name: "D40 text that is not plain", args: []value.Value{txt("15,434.75")},
			err: "format needs a number, got the text '15,434.75'; write format(number(...)) to read the number in it", is: value.ErrType},
		{name: "text with a unit", args: []value.Value{txt("12 THB")},
			err: "format needs a number, got the text '12 THB'; write format(number(...)) to read the number in it", is: value.ErrType},
		{name: "boolean", args: []value.Value{boolean(true)}, err: "format needs a number, got a boolean", is: value.ErrType},
		{name: "list", args: []value.Value{host([]any{1})}, err: "format needs a number, got a list", is: value.ErrType},
		{name: "dictionary", args: []value.Value{host(map[string]any{})}, err: "format needs a number, got a dictionary", is: value.ErrType},
		{name: "digits past 20", args: []value.Value{num("1"), num("21")}, err: "format: digits must be from 0 to 20, got 21", is: value.ErrValue},
		{name: "negative digits", args: []value.Value{num("1"), num("-1")}, err: "format: digits must be from 0 to 20, got -1", is: value.ErrValue},
		{name: "huge digits", args: []value.Value{num("1"), num("1" + strings.Repeat("0", 30))},
			err: "format: digits must be from 0 to 20, got 1" + strings.Repeat("0", 30), is: value.ErrValue},
		{name: "digits not whole", args: []value.Value{num("1"), num("1.5")}, err: "format: digits must be a whole number, got 1.5", is: value.ErrValue},
		{name: "digits text", args: []value.Value{num("1"), txt("two")}, err: "format: digits must be a whole number, got the text 'two'", is: value.ErrType},
		{name: "group a list", args: []value.Value{num("1"), num("2"), host([]any{","})},
			err: "format: group must be text, a number or a boolean, got a list", is: value.ErrType},
		{name: "one byte over the cap", env: ten, args: []value.Value{num("1234.5678"), num("5")},
			err: "format: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "groups count against the cap", env: ten, args: []value.Value{num("1000000"), num("0"), txt("---")},
			err: "format: result would be larger than 10 bytes", is: value.ErrLimit},
	})
}

// D40 with D17, D35: the text format builds is sized, checked against the
// cap and charged to the budget before it is built.
func TestFormatBudget(t *testing.T) {
	b := value.NewBudget(context.Background(), 0, 0)
	v, err := call(&Env{Budget: b}, "format", num("1234567.5"), num("2"), txt(" | "))
	require.NoError(t, err)
	require.Equal(t, "1 | 234 | 567.50", v.String())
	bytes, _ := b.Used()
	require.Equal(t, int64(len(" | ")+len("1 | 234 | 567.50")), bytes, "the group read, the result built")
	b = value.NewBudget(context.Background(), bytes-1, 0)
	_, err = call(&Env{Budget: b}, "format", num("1234567.5"), num("2"), txt(" | "))
	require.ErrorIs(t, err, value.ErrBudget)

	// A large group between many groups: refused before anything of its
	// size is built.
	group := txt(strings.Repeat(",", 1<<20))
	big := num("1" + strings.Repeat("0", 300))
	alloc := allocated(func() { _, err = call(&Env{MaxSize: 64 << 20}, "format", big, num("0"), group) })
	require.ErrorIs(t, err, value.ErrLimit)
	require.Less(t, alloc, uint64(1<<20), "allocated %d bytes", alloc)
	b = value.NewBudget(context.Background(), 2<<20, 0)
	alloc = allocated(func() { _, err = call(&Env{Budget: b, MaxSize: 1 << 30}, "format", big, num("0"), group) })
	require.ErrorIs(t, err, value.ErrBudget)
	require.Less(t, alloc, uint64(1<<20), "allocated %d bytes", alloc)
}

// Unclear is number()'s own refusal (D34, D39), told for the column facts
// (D45): it holds exactly when number(s) fails as not clear, its Reason is
// that failure's, and its Reading the rewrite the message writes.
func TestUnclearAgreesWithNumber(t *testing.T) {
	for _, tc := range []struct{ s, written, reading, before, after string }{
		{"12,5", "12,5", "12.5", "", ""},
		{"2 285,81 грн.", "2 285,81", "2285.81", "", " грн."},
		{"(1.234,56)", "1.234,56", "-1234.56", "(", ")"},
		{"January 15, 2026", "15, 2026", "15.2026", "January ", ""},
		{"1.5.2", "1.5.2", "", "", ""},
		{"15.01.2026", "15.01.2026", "", "", ""},
		{"1,250.50", "", "", "", ""},
		{"13:30", "", "", "", ""},
		{"abc", "", "", "", ""},
		{"", "", "", "", ""},
		{"7", "", "", "", ""},
	} {
		u, ok := Unclear(tc.s)
		_, err := callNumber(&Env{}, value.TextValue(tc.s))
		var f *value.Failure
		refused := errors.As(err, &f) && strings.Contains(f.Reason, " is not clear: ")
		require.Equal(t, refused, ok, "%q", tc.s)
		if !ok {
			require.Empty(t, tc.written, "%q", tc.s)
			continue
		}
		require.Equal(t, tc.written, u.Written, "%q", tc.s)
		require.Equal(t, tc.reading, u.Reading, "%q", tc.s)
		require.Equal(t, tc.before, u.Before, "%q", tc.s)
		require.Equal(t, tc.after, u.After, "%q", tc.s)
		require.Equal(t, strings.TrimPrefix(f.Reason, "number: "), u.Reason(), "%q", tc.s)
	}
}

// OneUnclear is the unclear number the column facts count and the
// messages rewrite (review-cli R1): one number, with a reading, no other
// digits, no named date.
func TestOneUnclear(t *testing.T) {
	for s, want := range map[string]string{
		"12,5":              "not a number, and number(...) refuses it: '12,5' is not clear: write 12.5",
		"9 800":             "not a number, and number(...) refuses it: '9 800' is not clear: write 9800 or 9,800",
		"1 995,00 Kč":       "not a number, and number(...) refuses it: '1 995,00' is not clear: write 1995.00",
		"1.5.2":             "",
		"15.01.2026":        "",
		"Jan 5, 2026 10:30": "",
		"January 15, 2026":  "",
		"1,200 THB":         "",
		"abc":               "",
		"12.5":              "",
	} {
		require.Equal(t, want, UnclearReason(s), "%q", s)
		_, ok := OneUnclear(s)
		require.Equal(t, want != "", ok, "%q", s)
	}
}

// isInvisible is Unicode's category Cf, its quick ranges aside.
func TestIsInvisible(t *testing.T) {
	for r := rune(0); r <= unicode.MaxRune; r++ {
		require.Equal(t, unicode.Is(unicode.Cf, r), isInvisible(r), "%U", r)
	}
}
