package exprparser

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
)

// syntaxErrorTests pin the reason and the offset of each syntax error.
var syntaxErrorTests = []struct {
	src    string
	offset int
	reason string
}{
	// Empty.
	{"", 0, "the expression is empty"},
	{" \t\n", 0, "the expression is empty"},

	// D44: text left out of quotes where a value is expected is named,
	// with the call to write.
	{"part(x, -, 1)", 8, "'-' is text without quotes; put it in quotes: write part(x, '-', 1)"},
	{"part(row.date, /, -1)", 15, "'/' is text without quotes; put it in quotes: write part(row.date, '/', -1)"},
	{"replace(x, -, /)", 11, "'-' is text without quotes; put it in quotes: write replace(x, '-', '/')"},
	{"default(row.x, n a)", 15, "'n a' is text without quotes; put it in quotes: write default(row.x, 'n a')"},
	// a point or a comma, the commonest separators, left out of quotes
	{"part(row.model, ., 0)", 16, "'.' is text without quotes; put it in quotes: write part(row.model, '.', 0)"},
	{"replace(x, ..., .)", 11, "'...' is text without quotes; put it in quotes: write replace(x, '...', '.')"},
	{"join(ids, ,)", 10, "',' is text without quotes; put it in quotes: write join(ids, ',')"},
	{"part(x, ,, 0)", 8, "',' is text without quotes; put it in quotes: write part(x, ',', 0)"},
	{"replace(x, ,, ;)", 11, "',' is text without quotes; put it in quotes: write replace(x, ',', ';')"},
	{"default(row.x, n/a) + part(y, -, 0)", 30, "'-' is text without quotes; put it in quotes: write default(row.x, n/a) + part(y, '-', 0)"},
	{"upper(part(x, -, 0))", 14, "'-' is text without quotes; put it in quotes: write upper(part(x, '-', 0))"},
	{"part(x, -, 1", 9, "unexpected ','; a value is missing after '-'"}, // quoting alone would not make it parse
	{"part(x, 'a' -, 1)", 13, "unexpected ','; a value is missing after '-'"},
	// D44, D49: a number whose own reason says how to write it keeps that
	// reason inside a call too; quoting it would make text of it, and the
	// hints would go round in a circle.
	{"format(1e3)", 7, "numbers with an exponent are not supported; write 1000 instead of 1e3"},
	{"round(1e3, 1)", 6, "numbers with an exponent are not supported; write 1000 instead of 1e3"},
	{"default(x, 2.5e-3)", 11, "numbers with an exponent are not supported; write 0.0025 instead of 2.5e-3"},
	{"part(x, 1e3, -)", 8, "numbers with an exponent are not supported; write 1000 instead of 1e3"},
	{"format(1_000)", 7, "numbers are written without separators: write 1000 instead of 1_000"},
	{"format(5.)", 7, "write 5.0 or 5 instead of 5."},
	{"format(2019abc)", 7, "'2019abc' is text without quotes; put it in quotes: write format('2019abc')"},

	// Input that ends too early.
	{"a +", 3, "unexpected end; a value is missing after '+'"},
	{"a + ", 4, "unexpected end; a value is missing after '+'"},
	{"a *", 3, "unexpected end; a value is missing after '*'"},
	{"-", 1, "unexpected end; a value is missing after '-'"},
	{"f(a,", 4, "unexpected end; a value is missing after ','"},
	{"a.", 2, "unexpected end; a name is missing after '.'"},
	{"a[", 2, "unexpected end; a value is missing after '['"},
	{"a ==", 4, "unexpected end; a value is missing after '=='"},
	{"a =", 3, "unexpected end; a value is missing after '='"},
	{"a +=", 4, "unexpected end; a value is missing after '+='"},
	{"not", 3, "unexpected end; a value is missing after 'not'"},
	{"a and", 5, "unexpected end; a value is missing after 'and'"},
	{"a in", 4, "unexpected end; a value is missing after 'in'"},
	{"f(", 2, "missing ')'"},
	{"f(a", 3, "missing ')'"},
	{"f(a, b", 6, "missing ')'"},
	{"f(f(f(", 6, "missing ')'"},
	{"(", 1, "missing ')'"},
	{"(a + b", 6, "missing ')'"},
	{"len(rows", 8, "missing ')'"},
	{"x[0", 3, "missing ']'"},
	{"[", 1, "missing ']'"},
	{"{a", 2, "missing '}'"},
	{"f(x[0", 5, "missing ']'"},

	// A token where it cannot stand.
	{"a b", 2, "unexpected 'b'"},
	{"a 1", 2, "unexpected '1'"},
	{"a 'b'", 2, "unexpected text 'b'"},
	{`a "b"`, 2, `unexpected text "b"`},
	{"'abc' 'def'", 6, "unexpected text 'def'"},
	{"a)", 1, "unexpected ')'"},
	{"f(a))", 4, "unexpected ')'"},
	{")", 0, "unexpected ')'"},
	{"a]", 1, "unexpected ']'"},
	{"}", 0, "unexpected '}'"},
	{"a, b", 1, "unexpected ','"},
	{"a + )", 4, "unexpected ')'; a value is missing after '+'"},
	{"(a + )", 5, "unexpected ')'; a value is missing after '+'"},
	{"f(a,)", 4, "unexpected ')'; a value is missing after ','"},
	{"f(,)", 2, "unexpected ','"},
	{"f(x=)", 4, "unexpected ')'; a value is missing after '='"},
	{"a + / b", 4, "unexpected '/'; a value is missing after '+'"},
	{"a not", 5, "unexpected end"},
	{"a..b", 2, "unexpected '.'; a name is missing after '.'"},
	{"a.'b'", 2, "unexpected text 'b'; a name is missing after '.'"},
	{"(a]", 2, "unexpected ']'; missing ')'"},
	{"f(a]", 3, "unexpected ']'; missing ')'"},
	{"[a)", 2, "unexpected ')'; missing ']'"},
	{"a[]", 2, "unexpected ']'; an index is missing between '[' and ']'"},
	{"in", 0, "unexpected 'in'"},
	{"if x", 0, "unexpected 'if'"},
	{"for x in y", 0, "unexpected 'for'"},
	{"len(in)", 4, "unexpected 'in'"},
	{"1 + else", 4, "unexpected 'else'; a value is missing after '+'"},
	{"a else b", 2, "unexpected 'else'"},
	{"x for x in y", 2, "unexpected 'for'"},
	{"a not b", 6, "unexpected 'b'"},
	{"a ! b", 2, "unexpected '!'"},
	{"a => b", 3, "unexpected '>'; a value is missing after '='"},
	{"upper(row.First Name)", 16, "unexpected 'Name'; write ['First Name'] to read a key with spaces"},
	{"row.Unit Price THB + 1", 9, "unexpected 'Price'; write ['Unit Price THB'] to read a key with spaces"},
	{"row.Unit Price (THB)", 9, "unexpected 'Price'; write ['Unit Price (THB)'] to read a key with spaces"},
	{"number(row.Unit Price (THB)) * 2", 16, "unexpected 'Price'; write ['Unit Price (THB)'] to read a key with spaces"},
	// D49: a '.' that no name follows is the key's (`Policy No.`), so the
	// key the hint quotes is the one written, and reads it when followed.
	{"len(row.Policy No.)", 15, "unexpected 'No'; write ['Policy No.'] to read a key with spaces"},
	{"row.Policy No. + 1", 11, "unexpected 'No'; write ['Policy No.'] to read a key with spaces"},
	{"row.Policy No. 2 + 1", 11, "unexpected 'No'; write ['Policy No. 2'] to read a key with spaces"},
	{"default(row.Policy No., 'x')", 19, "unexpected 'No'; write ['Policy No.'] to read a key with spaces"},
	{"row.First Name.x", 10, "unexpected 'Name'; write ['First Name'] to read a key with spaces"},
	{"len(row.No. of items)", 15, "unexpected 'items'; write ['No. of items'] to read a key with spaces"},
	{"row.a.St. Paul Rd. + 1", 15, "unexpected 'Rd'; write ['St. Paul Rd.'] to read a key with spaces"},
	{"row.Total No. of items", 10, "unexpected 'No'; write ['Total No. of items'] to read a key with spaces"},
	// D49: a tab between the words is the key's as a space is (a dotted
	// lookup reads everything between two dots), written as the escape
	// that reads it.
	{"upper(row.First\tName)", 16, "unexpected 'Name'; write ['First\\tName'] to read a key with spaces"},
	{"row.Unit\tPrice  (THB) + 1", 9, "unexpected 'Price'; write ['Unit\\tPrice  (THB)'] to read a key with spaces"},

	// Characters that are not part of the language.
	{"a $ b", 2, "unexpected character '$'"},
	{"a ? b : c", 2, "unexpected character '?'"},
	{"a; b", 1, "unexpected character ';'"},
	{`a \ b`, 2, `unexpected character '\'`},
	{"a # note", 2, "unexpected character '#'; there are no comments in an expression"},
	{"${a}", 0, "unexpected '${'; a ${...} cannot hold another ${...}: write the name alone"},
	{"a + ${b}", 4, "unexpected '${'; a ${...} cannot hold another ${...}: write the name alone"},
	{"len(${rows})", 4, "unexpected '${'; a ${...} cannot hold another ${...}: write the name alone"},
	{"join(ids, ‘, ’)", 10, `unexpected character '‘'; write text in straight quotes ' or "`},
	{"“abc”", 0, `unexpected character '“'; write text in straight quotes ' or "`},
	{"๑๒", 0, "unexpected character '๑'; write numbers with the digits 0-9"},
	{"a\u00a0+ b", 1, "unexpected character U+00A0 (a space that is not a plain space); write a plain space"},
	{"a +\u3000b", 3, "unexpected character U+3000 (a space that is not a plain space); write a plain space"},
	{"a\x00", 1, "unexpected character U+0000"},
	{"\ufeffa", 0, "unexpected character U+FEFF (an invisible character, often pasted with text); delete it"},
	{"len(a)\u200b", 6, "unexpected character U+200B (an invisible character, often pasted with text); delete it"},
	// Pasted from a word processor or typed with an input method.
	{"len(a) ＋ 1", 7, "unexpected character '＋'; ＋ is a full-width sign: write + instead"},
	{"join(a，b)", 6, "unexpected character '，'; ， is a full-width sign: write , instead"},
	{"len（a)", 3, "unexpected character '（'; （ is a full-width sign: write ( instead"},
	{"len(a) − 1", 7, "unexpected character '−'; write - for minus"},
	{"len(a) – 1", 7, "unexpected character '–'; write - for minus"},
	{"len(a) × 2", 7, "unexpected character '×'; write * to multiply"},
	{"len(a) ÷ 2", 7, "unexpected character '÷'; write / to divide"},
	// Glued inside a dotted key, as a sheet's header holds it: the key in
	// brackets reads it (D49); `row.金額(円)` would be a method call.
	{"number(row.金額（円）) + 1", 17, "unexpected character '（'; to read the key '金額（円）', write row['金額（円）']"},
	{"len(row.ราคา（บาท）)", 20, "unexpected character '（'; to read the key 'ราคา（บาท）', write row['ราคา（บาท）']"},
	{"number(row.Jan–Mar) + 1", 14, "unexpected character '–'; write - for minus; to read the key 'Jan–Mar', write row['Jan–Mar']"},
	{"number(row.W×H)", 12, "unexpected character '×'; write * to multiply; to read the key 'W×H', write row['W×H']"},
	{"row.total–row.tax + 0", 9, "unexpected character '–'; write - for minus"},
	{"row.a – 1", 6, "unexpected character '–'; write - for minus"},

	// Text.
	{"'abc", 0, "text is not closed; add the closing '"},
	{`"abc`, 0, `text is not closed; add the closing "`},
	{"f('a, 'b')", 7, "unexpected 'b'"},
	{"f('a, b", 2, "text is not closed; add the closing '"},
	{`'abc\'`, 0, "text is not closed; add the closing '"},
	{`'abc\`, 0, "text is not closed; add the closing '"},
	{`'a\qb'`, 2, `unknown escape \q in text; write \\ for a backslash`},
	{`'C:\Users'`, 3, `unknown escape \U in text; write \\ for a backslash`},
	{`x + "\d"`, 5, `unknown escape \d in text; write \\ for a backslash`},
	{`'\x41'`, 1, `unknown escape \x in text; write \\ for a backslash`},
	{`'\ก'`, 1, `unknown escape \ก in text; write \\ for a backslash`},
	{"'a\\\nb'", 2, `unknown escape in text: \ followed by U+000A; write \\ for a backslash`},
	{`'\q\w`, 1, `unknown escape \q in text; write \\ for a backslash`},
	{"r'x'", 0, "text with the prefix r is not supported; write the text in quotes without it"},
	{`b"x"`, 0, "text with the prefix b is not supported; write the text in quotes without it"},
	{"u'x'", 0, "text with the prefix u is not supported; write the text in quotes without it"},
	{"Rb'x'", 0, "text with the prefix Rb is not supported; write the text in quotes without it"},
	{"f'abc", 0, "text is not closed; add the closing '"},

	// Numbers.
	{"1e3", 0, "numbers with an exponent are not supported; write 1000 instead of 1e3"},
	{"1E3", 0, "numbers with an exponent are not supported; write 1000 instead of 1E3"},
	{"2.5e-3", 0, "numbers with an exponent are not supported; write 0.0025 instead of 2.5e-3"},
	{"x * 1.5e+2", 4, "numbers with an exponent are not supported; write 150 instead of 1.5e+2"},
	{"12e0", 0, "numbers with an exponent are not supported; write 12 instead of 12e0"},
	{"0e5", 0, "numbers with an exponent are not supported; write 0 instead of 0e5"},
	{"1e400", 0, "numbers with an exponent are not supported; write 1e400 in full"},
	{"5.e3", 0, "numbers with an exponent are not supported; write 5000 instead of 5.e3"},
	{"0x1F", 0, "only decimal numbers are supported; write 31 instead of 0x1F"},
	{"0b101", 0, "only decimal numbers are supported; write 5 instead of 0b101"},
	{"0o17", 0, "only decimal numbers are supported; write 15 instead of 0o17"},
	{"1_000", 0, "numbers are written without separators: write 1000 instead of 1_000"},
	// D49: the number as written runs on after a . that the Number rule
	// stops at; the reason covers all of it, so that, followed, it gives
	// the number the author wrote, or names no rewrite when it is none
	// (1000.5 from 1e3.5 was never written).
	{"1_000.5", 0, "numbers are written without separators: write 1000.5 instead of 1_000.5"},
	{"1e3.5 + 1", 0, "invalid number 1e3.5"},
	{"1.5e3.2", 0, "invalid number 1.5e3.2"},
	{"x * 1e-3.5", 4, "invalid number 1e-3.5"},
	{"1e3.x + 1", 0, "invalid number 1e3.x"},
	{"1e3. + 1", 0, "invalid number 1e3."},
	{"0x1F.5 + 1", 0, "only decimal numbers are supported: 0x1F.5"},
	{"format(1e3.5)", 7, "invalid number 1e3.5"},
	{"1e3 .5", 0, "numbers with an exponent are not supported; write 1000 instead of 1e3"},
	{"5.", 0, "write 5.0 or 5 instead of 5."},
	{"a + 5. ", 4, "write 5.0 or 5 instead of 5."},
	{".5", 0, "write 0.5 instead of .5"},
	{"x * .07", 4, "write 0.07 instead of .07"},
	{".5x", 0, "invalid number .5x"},
	{"12abc", 0, "invalid number 12abc"},
	{"2x", 0, "invalid number 2x"},
	{"1e", 0, "invalid number 1e"},
	{"1.5x", 0, "invalid number 1.5x"},
	{"1๒", 0, "invalid number 1๒; write numbers with the digits 0-9"},
	{"rows.0", 5, "write [0] for an item of a list, or ['0'] for a key, instead of .0"},
	{"rows.0.request_id", 5, "write [0] for an item of a list, or ['0'] for a key, instead of .0"},
	{"row.2024", 4, "write [2024] for an item of a list, or ['2024'] for a key, instead of .2024"},
	{"row.1st", 4, "a name cannot start with a digit; write ['1st'] for a key instead of .1st"},

	// The left-most problem is reported.
	{"'a\\q' + 'b\\w'", 2, `unknown escape \q in text; write \\ for a backslash`},
	{"1e3 + 'abc", 0, "numbers with an exponent are not supported; write 1000 instead of 1e3"},

	// Invalid UTF-8.
	{"\xff", 0, "the text is not valid UTF-8 (byte 0xFF)"},
	{"'abc\xc3'", 4, "the text is not valid UTF-8 (byte 0xC3)"},
	{"a + \xe0\xb8", 4, "the text is not valid UTF-8 (byte 0xE0)"},
}

func TestSyntaxErrors(t *testing.T) {
	for _, tt := range syntaxErrorTests {
		t.Run(tt.src, func(t *testing.T) {
			x, err := ParseExpr(tt.src)
			require.Nil(t, x)
			var se *SyntaxError
			require.ErrorAs(t, err, &se)
			require.Equal(t, tt.reason, se.Reason)
			require.Equal(t, tt.reason, err.Error())
			require.Equal(t, tt.offset, se.Offset)
			require.True(t, utf8.ValidString(se.Reason))
		})
	}
}

func TestTooComplex(t *testing.T) {
	src := strings.Repeat("f(", 20) + "x" + strings.Repeat(")", 20)
	_, err := ParseExpr(src, MaxSteps(100))
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	require.Equal(t, "the expression is too complex", se.Reason)
	require.Equal(t, 0, se.Offset)

	// Zero means DefaultMaxSteps.
	x, err := ParseExpr(src, MaxSteps(0))
	require.NoError(t, err)
	require.Equal(t, src, ast.Print(x))

	// The limit wins over any other problem found before it.
	_, err = ParseExpr("'a\\q' + "+src, MaxSteps(150))
	require.ErrorAs(t, err, &se)
	require.Equal(t, "the expression is too complex", se.Reason)
}

// D37: text of the input in a reason is cut to echo.Max characters, the
// last one …, and control characters, bidi controls and invalid bytes are
// written as escapes.
func TestReasonsEchoSafely(t *testing.T) {
	long := strings.Repeat("b", 300)
	for _, tt := range []struct{ src, reason string }{
		{"a " + long, "unexpected '" + strings.Repeat("b", 119) + "…'"},
		{"a 'x\u202ey'", `unexpected text 'x\u202ey'`},
		{"a '\x01\tz'", `unexpected text '\u0001\tz'`},
		{"1" + strings.Repeat("0", 200) + "x", "invalid number 1" + strings.Repeat("0", 118) + "…"},
	} {
		_, err := ParseExpr(tt.src)
		var se *SyntaxError
		require.ErrorAs(t, err, &se, "%q", tt.src)
		require.Equal(t, tt.reason, se.Reason, "%q", tt.src)
	}
}
