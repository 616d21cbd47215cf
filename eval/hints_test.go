package eval

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/scope"
)

// hintData is the data the hints are tried with: a sheet row of the kind
// that makes authors write what the hints correct.
func hintData() map[string]any {
	return map[string]any{
		"row": map[string]any{
			"Amount":     "12",
			"amount":     "1,200 THB",
			"premium":    "15,434.75 บาท/ปี",
			"discount":   "",
			"blank":      "   ",
			"Customer":   "Acme",
			"first":      "Somchai",
			"last":       "Jaidee",
			"note":       "a-b",
			"date":       "25/10/2019",
			"us date":    "10/25/2019",
			"ambiguous":  "01/02/2026",
			"Start Date": "2026-04-01",
			"end":        "2026-05-01T10:00",
			"n":          "1500",
			"list":       []any{"a", "b"},
			"vat":        "7%",
			"e-mail":     "a@b.co",
			"First-Name": "somchai",
			"ชื่อ-สกุล":  "สมชาย ใจดี",
		},
	}
}

// D49: a hint must work when followed. Each case is a field or a condition
// that fails with a hint of D7, D13, D28, D38 or D44; the test takes the
// suggestion out of the message (what follows its last "use " or "write "),
// puts it where the message says (applyHint), and runs the result, which
// must give a value. fill is what an author puts for the "..." of a hint
// that shows one (`use ${number(...)}`).
func TestHintsWorkWhenFollowed(t *testing.T) {
	for _, c := range []struct {
		rule, src string
		cond      bool
		fill      string
		want      string // the result once the hint is followed
	}{
		// D7: arithmetic on what is not a number.
		{rule: "D7 text", src: "${row.premium * 12}", want: "185217"},
		{rule: "D7 empty", src: "${row.missing + 1}", want: "1"},
		{rule: "D7 D49 blank cell", src: "${row.discount + 1}", want: "1"},
		{rule: "D7 D49 blank cell of spaces", src: "Total ${row.blank * 2}", want: "Total 0"},
		{rule: "D7 D49 blank text", src: "${'  ' + 1}", want: "1"},
		{rule: "D7 text constant", src: "${'1,200' + 1}", want: "1201"},
		// D8, D49: what / or % divides by defaults to 1, not 0.
		{rule: "D7 D49 empty divisor", src: "${2 / row.missing}", want: "2"},
		{rule: "D7 D49 empty divisor of %", src: "${7 % row.missing}", want: "0"},
		{rule: "D7 D49 empty divisor in parentheses", src: "${2 / (-row.missing)}", want: "-2"},
		{rule: "D7 D49 blank divisor", src: "${2 / row.blank}", want: "2"},
		{rule: "D7 D49 empty dividend", src: "${row.missing / 2}", want: "0"},
		// D21, D49: number(...) only where it reads the number the text
		// shows; a number written with an exponent or in hexadecimal is
		// written in plain digits.
		{rule: "D7 D49 exponent in text", src: "${'1e3' + 1}", want: "1001"},
		{rule: "D7 D49 hexadecimal in text", src: "${'0x10' + 1}", want: "17"},
		{rule: "D7 D49 separators in text", src: "${2 * '1_000'}", want: "2000"},
		{rule: "D28 D49 exponent in a condition", src: "1e2 > 5", cond: true, want: "true"},
		{rule: "D28 D49 hexadecimal in a condition", src: "${row.Amount} < 0x10", cond: true, want: "true"},
		// D44: text joined by + or & goes outside the ${...}.
		{rule: "D44 + joins text", src: `${row.Amount + " THB"}`, want: "12 THB"},
		{rule: "D44 + joins text in a field", src: `Total: ${row.Amount + ' THB'}.`, want: "Total: 12 THB."},
		{rule: "D44 + joins text before", src: `${'Dear ' + row.first}`, want: "Dear Somchai"},
		{rule: "D44 + joins names", src: `${row.first + ' ' + row.last}`, want: "Somchai Jaidee"},
		{rule: "D44 + keeps arithmetic", src: `${row.Amount * 2 + 1 + ' THB'}`, want: "25 THB"},
		{rule: "D44 & joins text", src: `${row.Customer & " Ltd"}`, want: "Acme Ltd"},
		{rule: "D44 & joins names", src: `${row.first & ' ' & row.last}`, want: "Somchai Jaidee"},
		{rule: "D44 & joins values", src: `${row.first & row.last}`, want: "SomchaiJaidee"},
		{rule: "D44 & joins a number", src: `${row.Amount * 2 & ' THB'}`, want: "24 THB"},
		{rule: "D44 + joins values from data", src: `${row.first + row.last}`, want: "SomchaiJaidee"},
		{rule: "D44 + joins values in parentheses", src: `${(row.Customer + row.first)}`, want: "AcmeSomchai"},
		// D44, D49: a percent as text: number(...) reads 7 of '7%', so
		// the hint divides by 100.
		{rule: "D7 D49 percent", src: "${100 * (1 + row.vat)}", want: "107"},
		{rule: "D7 D49 percent divides", src: "${14 / row.vat}", want: "200"},
		{rule: "D7 D49 percent grouped", src: "${100 * '1,250%'}", want: "1250"},
		{rule: "D7 D49 percent in Thai digits", src: "${100 * '๗%'}", want: "7"},
		{rule: "D7 D49 full-width percent", src: "${100 * '７％'}", want: "7"},
		// D9, D49: a key with a - in it, glued, inside an expression.
		{rule: "D9 D49 dashed key", src: "${lower(row.e-mail)}", want: "a@b.co"},
		{rule: "D9 D49 dashed key, upper", src: "${upper(row.First-Name)}", want: "SOMCHAI"},
		{rule: "D9 D49 dashed Thai key", src: "${trim(row.ชื่อ-สกุล)}", want: "สมชาย ใจดี"},
		// D44: text without quotes where a value is expected.
		{rule: "D44 quotes", src: "${part(row.note, -, 1)}", want: "b"},
		{rule: "D44 quotes twice", src: "${replace(row.note, -, /)}", want: "a/b"},
		{rule: "D44 quotes nested", src: "${upper(part(row.date, /, 2))}", want: "2019"},
		{rule: "D44 quotes a point", src: "${part(row.date, ., 0)}", want: "25/10/2019"},
		{rule: "D44 quotes a comma", src: "${join(row.list, ,)}", want: "a,b"},
		{rule: "D44 quotes a comma between values", src: "${replace(row.amount, ,, ;)}", want: "1;200 THB"},
		// D14, D44, D49: text without quotes given to an unknown function
		// names the function first, and quotes it with the known name.
		{rule: "D14 D44 quotes and an unknown function", src: "${lenght(hello world)}", want: "11"},
		{rule: "D14 D44 quotes and an unknown function inside", src: "${upper(lenght(hello world))}", want: "11"},
		// D44, D49: a number with an exponent is told as a number
		// wherever it stands, not as text to quote.
		{rule: "D44 exponent", src: "${1e3 + 1}", want: "1001"},
		{rule: "D44 exponent in format", src: "${format(1e3)}", want: "1,000.00"},
		{rule: "D44 exponent in round", src: "${round(2.5e-3, 3)}", want: "0.003"},
		{rule: "D44 exponent in default", src: "${default(row.missing, 1e3)}", want: "1000"},
		{rule: "D12 D49 hexadecimal in arithmetic", src: "${0x10 + 1}", want: "17"},
		{rule: "D12 D49 separators and a point", src: "${1_000.5 + 1}", want: "1001.5"},
		// E3, D40, D49: round and format of text that holds a number
		// write the call with number(...) around the value as written.
		{rule: "E3 D49 round of text", src: "${round(row.premium, 1)}", want: "15434.8"},
		{rule: "D40 D49 format of text", src: "${format(row.premium)}", want: "15,434.75"},
		{rule: "D40 D49 format of a text constant", src: "${format('1,200 THB', 0)}", want: "1,200"},
		// D13: method calls.
		{rule: "D13 upper", src: "${row.Customer.upper()}", want: "ACME"},
		{rule: "D13 replace", src: "${row.note.replace('-', '+')}", want: "a+b"},
		{rule: "D13 lower of a call", src: "${trim(row.Customer).lower()}", want: "acme"},
		{rule: "D13 join, Python's way", src: "${', '.join(row.list)}", want: "a, b"},
		{rule: "D13 join, JavaScript's way", src: "${row.list.join(' / ')}", want: "a / b"},
		{rule: "D13 D49 chained", src: "${row.Customer.upper().lower()}", want: "acme"},
		{rule: "D13 D49 chained join", src: "${row.list.join(' / ').upper()}", want: "A / B"},
		{rule: "D13 D15 D49 too many values", src: "${row.Customer.upper(1, 2)}", want: "ACME"},
		{rule: "D13 D15 D49 too many values, an optional one", src: "${row.n.round(1, 2)}", want: "1500"},
		{rule: "D13 D15 D49 too many values in a chain", src: "${row.Customer.upper(1).lower(2)}", want: "acme"},
		{rule: "D13 D49 a keyword argument", src: "${row.n.round(digits=1)}", want: "1500"},
		{rule: "D13 D49 keyword arguments out of order", src: "${row.note.replace(new='+', old='-')}", want: "a+b"},
		{rule: "D13 D49 a value in order, then a keyword", src: "${row.n.format(0, group='')}", want: "1500"},
		// D28: order comparisons of text.
		{rule: "D28 text", src: "${row.amount} > 100", cond: true, fill: "row.amount", want: "true"},
		{rule: "D38 grouped literal", src: "${row.n} > 1,000", cond: true, want: "true"},
		// D44: dates are not compared by < and >.
		{rule: "D44 date and literal", src: "${row.Start Date} < 2026-04-15", cond: true, want: "true"},
		{rule: "D44 literal and date", src: "2026-04-15 > ${row.Start Date}", cond: true, want: "true"},
		{rule: "D44 two dates", src: "${row.Start Date} >= ${row.end}", cond: true, want: "false"},
		{rule: "D44 date in a longer line", src: "${row.Customer} == Acme and ${row['Start Date']} <= 2026-04-01", cond: true, want: "true"},
		{rule: "D44 D49 dates day first", src: "15/01/2026 < 10/02/2026", cond: true, want: "true"},
		{rule: "D44 D49 dates day first with dots", src: "15.01.2026 > 01.02.2026", cond: true, want: "false"},
		{rule: "D44 D49 dates day first, one digit", src: "1-2-2026 < 13-2-2026", cond: true, want: "true"},
		{rule: "D44 D49 dates with times", src: "2026-01-15T09:00 < 2026-01-15T10:00", cond: true, want: "true"},
		{rule: "D44 D49 a date and a time", src: "2026-01-15 < 2026-01-15 10:00:30", cond: true, want: "true"},
		{rule: "D44 D49 a date from data, day first", src: "${row.date} < 01/02/2026", cond: true, want: "true"},
		{rule: "D44 D49 a date from data, month first", src: "${row.us date} < 11/01/2019", cond: true, want: "true"},
		{rule: "D44 D49 a date from data, order from the literal", src: "${row.ambiguous} > 13/01/2026", cond: true, want: "true"},
		{rule: "D44 D49 a time from data", src: "${row.end} > 2026-05-01T09:30", cond: true, want: "true"},
	} {
		t.Run(c.rule, func(t *testing.T) {
			s := scope.New(hintData())
			msg := runHint(t, c.src, c.cond, s)
			require.NotEmpty(t, msg, "%s must fail with a hint", c.src)
			fixed, ok := applyHint(c.src, msg, c.fill, c.cond)
			require.True(t, ok, "no hint to apply in %q", msg)
			got := runHint(t, fixed, c.cond, s)
			require.True(t, strings.HasPrefix(got, "ok: "), "%s\n  hint: %s\n  followed: %s\n  gives: %s", c.src, msg, fixed, got)
			require.Equal(t, "ok: "+c.want, got, "%s followed as %s", c.src, fixed)
		})
	}
}

// D44, D49: where a rewrite of dates compared by < and > would not be
// certain, the reason says why and writes none (a guess could send the
// author wrong).
func TestDateHintWithoutRewrite(t *testing.T) {
	for _, c := range []struct{ src, why string }{
		{"01/02/2026 < 03/04/2026", "whether '01' in '01/02/2026' is the day or the month is not clear"},
		{"${row.ambiguous} < 03/04/2026", "whether '01' in '01/02/2026' is the day or the month is not clear"},
		{"15/01/2026 < 10/13/2026", "the dates are not written in one order of day and month"},
		{"2026-01-15T09:00Z < 2026-01-16", "are not compared by < and >; " + dateAdvice},
		{"${row.date} > 2019", "are not compared by < and >; " + dateAdvice},
		{"${row.date} is due < 01/02/2026", "are not compared by < and >; " + dateAdvice},
	} {
		msg := runHint(t, c.src, true, scope.New(hintData()))
		require.Contains(t, msg, "is a date, and dates are not compared by < and >", c.src)
		require.Contains(t, msg, c.why, c.src)
		require.NotContains(t, msg, "write", c.src)
		require.NotContains(t, msg, "number(", c.src)
	}
}

// D7, D28, D49: where number(...) would not read the number the text
// shows, or fails, no message suggests it: it names what the text is.
func TestNoNumberHintThatMisreads(t *testing.T) {
	data := hintData()
	data["ids"] = []any{"1", "2", "3"}
	data["huge"] = strings.Repeat("9", 2000)
	data["sci"] = "1e3"
	data["err"] = "#DIV/0!"
	for _, c := range []struct {
		src  string
		cond bool
		why  string
	}{
		{"${join(ids) + 1}", false, "join(ids) is text ('1, 2, 3'), not a number, nor one number that number(...) reads as written"},
		{"${row.date + 1}", false, "not a number, nor one number that number(...) reads as written"},
		{"${huge + 1}", false, "not a number: it has more than 1000 digits, more than a number holds"},
		{"${sci * 2}", false, "sci is text ('1e3'), not a number: it is written with an exponent, which number(...) does not read"},
		{"${round(sci)}", false, "round needs a number, got the text '1e3', not a number: it is written with an exponent"},
		{"${sci} > 5", true, "'1e3' is not a number: it is written with an exponent, which number(...) does not read"},
		{"${huge} > 5", true, "is not a number: it has more than 1000 digits"},
		// an XLSX error cell: number('#DIV/0!') is 0, not what it shows (review-cli R4)
		{"${err + 0}", false, "err is text ('#DIV/0!'), not a number: it is a spreadsheet's error value, kept for a formula that failed; correct the formula in the sheet"},
		{"${err} > 5", true, "'#DIV/0!' is not a number: it is a spreadsheet's error value"},
		{"${round(err)}", false, "round needs a number, got the text '#DIV/0!', not a number: it is a spreadsheet's error value"},
	} {
		msg := runHint(t, c.src, c.cond, scope.New(data))
		require.Contains(t, msg, c.why, c.src)
		require.NotContains(t, msg, "use number(", c.src)
		require.NotContains(t, msg, "use ${number(", c.src)
	}
}

// review-cli R1, D34, D39, D49: text that number(...) refuses as not clear
// gets number()'s own rewrite wherever a number is needed (arithmetic,
// < > <= >=, round, format), never the general "not one number".
func TestUnclearNumberSaysWhatToWrite(t *testing.T) {
	data := hintData()
	data["dc"] = "12,5"
	data["sp"] = "9 800"
	data["uah"] = "2 285,81 грн."
	data["zw"] = "1\u200b234"
	data["neg"] = "-\u200b5"
	for _, c := range []struct {
		src  string
		cond bool
		why  string
	}{
		{"${dc + 1}", false, "dc is text ('12,5'), not a number, and number(...) refuses it: '12,5' is not clear: write 12.5"},
		{"${dc} > 5", true, "> needs numbers; '12,5' is not a number, and number(...) refuses it: '12,5' is not clear: write 12.5"},
		{"5 <= ${sp}", true, "<= needs numbers; '9 800' is not a number, and number(...) refuses it: '9 800' is not clear: write 9800 or 9,800"},
		{"${round(dc)}", false, "round needs a number, got the text '12,5', not a number, and number(...) refuses it: '12,5' is not clear: write 12.5"},
		{"${format(sp)}", false, "'9 800' is not clear: write 9800 or 9,800"},
		{"${zw + 1}", false, `zw is text ('1\u200b234'), not a number, and number(...) refuses it: '1\u200b234' is not clear: an invisible character is inside it; write 1234`},
		{"${neg} < 0", true, `'-\u200b5' is not clear: an invisible character is inside it; write -5`},
		{"${uah * 2}", false, "uah is text ('2 285,81 грн.'), not a number, and number(...) refuses it: '2 285,81' is not clear: write 2285.81"},
	} {
		msg := runHint(t, c.src, c.cond, scope.New(data))
		require.Contains(t, msg, c.why, c.src)
		require.NotContains(t, msg, "nor one number", c.src)
	}
}

// runHint runs src, a field or a condition line, and gives the message of
// its error, or "ok: " and its result.
func runHint(t *testing.T, src string, cond bool, s *scope.Scope) string {
	t.Helper()
	if cond {
		c, err := CompileCondition(src)
		if err != nil {
			return err.Error()
		}
		ok, err := c.Test(s)
		if err != nil {
			return err.Error()
		}
		if ok {
			return "ok: true"
		}
		return "ok: false"
	}
	tpl, err := Compile(src)
	if err != nil {
		var list ErrorList
		if errors.As(err, &list) && len(list) > 0 {
			return list[0].Error()
		}
		return err.Error()
	}
	out, err := tpl.Render(s)
	if err != nil {
		return err.Error()
	}
	return "ok: " + out
}

// applyHint follows the hint of msg, the message of src's error: the
// suggestion is what follows the last "use " or "write " of the message.
// It replaces, in src:
//   - for a condition, the literal the message quotes as "not a number"
//     when there is one (`> 1,000`), the side `${fill}` when the
//     suggestion is one ${...}, or else the part the message quotes;
//   - for a field, what the message names after "instead of" by what
//     comes before it (`write 1000 instead of 1e3`), the ${...} the
//     message names when the suggestion holds ${ (the text goes outside), the operand the message starts with when
//     the suggestion holds it (`use number(x)`), or else the text inside
//     the ${...} (`write upper(x)`).
//
// "..." in the suggestion is fill.
func applyHint(src, msg, fill string, cond bool) (string, bool) {
	at := max(strings.LastIndex(msg, "use "), strings.LastIndex(msg, "write "))
	if at < 0 {
		return "", false
	}
	_, sugg, _ := strings.Cut(msg[at:], " ")
	sugg = strings.ReplaceAll(sugg, "...", fill)
	if cond {
		rest, ok := strings.CutPrefix(msg, "condition: '")
		if !ok {
			return "", false
		}
		part, reason, ok := strings.Cut(rest, "': ")
		if !ok {
			return "", false
		}
		switch {
		case strings.Contains(reason, "' is not a number: numbers in a condition"):
			lit := reason[1:strings.Index(reason, "' is not a number")]
			return strings.Replace(src, lit, sugg, 1), true
		case strings.HasPrefix(sugg, "${") && strings.Count(sugg, "${") == 1 && strings.HasSuffix(sugg, "}"):
			return strings.Replace(src, "${"+fill+"}", sugg, 1), true
		}
		return strings.Replace(src, part, sugg, 1), true
	}
	if !strings.HasPrefix(msg, "${") {
		return "", false
	}
	inner, reason, ok := strings.Cut(msg[2:], "}: ")
	if !ok {
		return "", false
	}
	switch operand, _, _ := strings.Cut(reason, " is "); {
	case strings.Contains(sugg, " instead of "): // `write 1000 instead of 1e3`
		with, written, _ := strings.Cut(sugg, " instead of ")
		with, _, _ = strings.Cut(with, " or ") // `write 5.0 or 5 instead of 5.`: the first
		return strings.Replace(src, written, with, 1), true
	case strings.Contains(sugg, "${"):
		return strings.Replace(src, "${"+inner+"}", sugg, 1), true
	case operand != "" && strings.Contains(sugg, "("+operand) && strings.Contains(inner, operand):
		return strings.Replace(src, inner, strings.Replace(inner, operand, sugg, 1), 1), true
	}
	return strings.Replace(src, inner, sugg, 1), true
}

// D49: the key a "key with spaces" hint quotes is the key the dotted
// lookup reads, white space as written: a key pasted with a tab between
// its words (a sheet's header) is quoted with the tab, written \t, and
// the call so written reads it. It quoted ['First'] and stopped at the tab.
func TestKeyHintKeepsTheTab(t *testing.T) {
	s := scope.New(map[string]any{"row": map[string]any{"First\tName": "somchai", "Unit\tPrice (THB)": "12"}})
	for _, c := range []struct{ src, key, want string }{
		{"${upper(row.First\tName)}", "First\tName", "SOMCHAI"},
		{"${row.Unit\tPrice (THB) * 2}", "Unit\tPrice (THB)", "24"},
	} {
		msg := runHint(t, c.src, false, s)
		m := regexp.MustCompile(`write \['(.+)'\] to read a key with spaces$`).FindStringSubmatch(msg)
		require.NotNil(t, m, "%s: %s", c.src, msg)
		require.Equal(t, strings.ReplaceAll(c.key, "\t", `\t`), m[1], c.src)
		fixed := strings.Replace(c.src, "."+c.key, "['"+m[1]+"']", 1)
		require.Equal(t, "ok: "+c.want, runHint(t, fixed, false, s), "%s followed as %s", c.src, fixed)
	}
}

// D44, D49: the error of bare words joined by / names the word that is no
// variable, the one whose empty value stops the arithmetic: with n in the
// data, n/a is stopped by a, and the data does have an n.
func TestJoinedWordsNameTheMissingWord(t *testing.T) {
	s := scope.New(map[string]any{"n": 3, "row": map[string]any{"Email": nil}})
	_, err := MustCompile("${default(row.Email, n/a)}").Render(s)
	require.ErrorContains(t, err, "the data has no variable 'a'; write 'n/a' in quotes for the text")
	s = scope.New(map[string]any{"row": map[string]any{"Email": nil}})
	_, err = MustCompile("${default(row.Email, n/a)}").Render(s)
	require.ErrorContains(t, err, "the data has no variable 'n'; write 'n/a' in quotes for the text")
}

// D13, D49: a method call whose receiver or values hold a problem of
// their own would get a hint that fails when followed (`write
// upper(lenght(x))`); that problem is named first, at its place in the
// text as written, and once it is fixed the hint works.
func TestMethodCallHintAfterItsInnerProblem(t *testing.T) {
	for _, c := range []struct{ src, want, fixed string }{
		{"${lenght(row.Customer).upper()}", "${lenght(row.Customer).upper()}: unknown function lenght; did you mean len?", "${len(row.Customer).upper()}"},
		{"${row.Customer.replace(lenght(row.note), 'b')}", "${row.Customer.replace(lenght(row.note), 'b')}: unknown function lenght; did you mean len?", "${row.Customer.replace(len(row.note), 'b')}"},
		{"${row.Customer.replace('lenght(x)', lenght(x))}", "${row.Customer.replace('lenght(x)', lenght(x))}: unknown function lenght; did you mean len?", "${row.Customer.replace('lenght(x)', 'b')}"},
		{"${[1, 2].upper()}", "${[1, 2].upper()}: list literals ([...]) are not allowed", "${row.list.join()}"},
		{"${_x.replace('a', 'b')}", "${_x.replace('a', 'b')}: names starting with _ are not allowed", "${row.note.replace('a', 'b')}"},
		{"${row.note[0:1].upper()}", "${row.note[0:1].upper()}: slices ([a:b]) are not allowed; for a list, take items by index (row.note[0]); for text, use substring(...) or part(...)", "${substring(row.note, 0, 1).upper()}"},
		{"${(row.note == 'a').lower()}", "${(row.note == 'a').lower()}: comparisons are not allowed inside ${...}; write them in a condition", "${(row.note).lower()}"},
	} {
		t.Run(c.src, func(t *testing.T) {
			s := scope.New(hintData())
			_, err := MustCompile(c.src).Render(s)
			require.EqualError(t, err, c.want)
			var e *Error
			require.True(t, errors.As(err, &e))
			// The problem is placed on its own text, not on the method call.
			require.NotContains(t, e.Expr[e.Offset:e.End], ".upper()")
			if e.Offset > 0 {
				require.NotEqual(t, byte('\''), e.Expr[e.Offset-1], "placed inside quoted text: %d", e.Offset)
			}
			// Fixed, the method call's hint works when followed.
			msg := runHint(t, c.fixed, false, s)
			require.Contains(t, msg, "method calls are not allowed; write ")
			fixed, ok := applyHint(c.fixed, msg, "", false)
			require.True(t, ok, "no hint to apply in %q", msg)
			require.True(t, strings.HasPrefix(runHint(t, fixed, false, s), "ok: "), "%s followed as %s", msg, fixed)
		})
	}
}
