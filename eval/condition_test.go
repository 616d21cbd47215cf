package eval_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

func condScope(t testing.TB) *scope.Scope {
	vars := data(t)
	vars["brand"] = "Toyota"
	vars["model"] = ""
	vars["company"] = "Johnson and Johnson"
	vars["s"] = "Pending"
	vars["note"] = "please SKIP this one"
	vars["tags"] = []any{"vip", "Gold", "12"}
	vars["zero"] = "0"
	vars["no"] = "No"
	vars["yes"] = "yes"
	vars["falsetext"] = "FALSE"
	vars["spaces"] = "   "
	vars["empty_list"] = []any{}
	vars["empty_map"] = map[string]any{}
	vars["big"] = "1,200"
	vars["nine"] = "9"
	vars["ten"] = 10
	vars["ecole"] = "ÉCOLE"
	vars["straße"] = "STRASSE"
	return scope.New(vars)
}

type condCase struct {
	line string
	want bool
}

func runConds(t *testing.T, cases []condCase) {
	t.Helper()
	s := condScope(t)
	for _, c := range cases {
		cond, err := eval.CompileCondition(c.line)
		require.NoError(t, err, c.line)
		got, err := cond.Test(s)
		require.NoError(t, err, c.line)
		require.Equal(t, c.want, got, c.line)
	}
}

// Design section 6: every example.
func TestConditionDesignExamples(t *testing.T) {
	runConds(t, []condCase{
		{"${row.status} == Active and ${row.amount} > 0", true},
		{"${brand} is empty or ${model} is empty", true},
		{"not ${row.note} contains skip", true}, // row.note is missing: it contains nothing
		{"not ${note} contains skip", false},
		{"${company} == Johnson and Johnson", true},
		{"${company} == 'Johnson and Johnson'", true},
	})
}

// D25: operators, and the truth of a lone ${...}.
func TestConditionTruth(t *testing.T) {
	runConds(t, []condCase{
		{"${flag}", true},
		{"${missing}", false},
		{"${blank}", false},
		{"${zero}", false},
		{"${no}", false},
		{"${falsetext}", false},
		{"${yes}", true},
		{"${count}", true},
		{"${count - 4}", false},
		{"not ${flag}", false},
		{"not ${missing}", true},
		{"${packages}", true},
	})
}

// D26: sides.
func TestConditionSides(t *testing.T) {
	runConds(t, []condCase{
		{"${row.status} ==    Active   ", true}, // bare text is trimmed
		{"${row.status} == ' Active'", true},    // D27 trims the shown texts
		{"${row.status} == \"Active\"", true},
		{"Mr ${row.First Name} == Mr Somchai", true}, // text with a placeholder in it
		{"${row.amount} == ${count + 8}", true},      // a single ${...} keeps its kind
		{"${row.status}${row.status} == activeactive", true},
	})
}

// D27: == and !=.
func TestConditionEquality(t *testing.T) {
	runConds(t, []condCase{
		{"${row.amount} == 12", true},
		{"${row.amount} == 12.0", true},   // numeric when both are numbers
		{"${price} == 12.00", true},       // plain number text counts
		{"${row.status} == ACTIVE", true}, // case does not matter
		{"${ecole} == école", true},       // Unicode case folding
		{"${missing} == ''", true},        // empty equals ""
		{"${missing} == ${blank}", true},
		{"${row.status} != Active", false},
		{"${row.status} != Pending", true},
		{"${big} == 1200", false}, // '1,200' is text, not a plain number
		{"${big} == '1,200'", true},
		{"${flag} == true", true},
		{"${flag} == TRUE", true},
	})
}

// D28: ordering.
func TestConditionOrder(t *testing.T) {
	runConds(t, []condCase{
		{"${nine} < ${ten}", true}, // numbers, not text: "9" < "10"
		{"${nine} < 10", true},
		{"9 < 10", true},
		{"${row.amount} > 0", true},
		{"${row.amount} >= 12", true},
		{"${row.amount} <= 11.99", false},
		{"${missing} > 0", false}, // false when a side is empty
		{"${missing} < 0", false},
		{"not ${missing} > 0", true},
		{"${half} > 3", true},
	})
	s := condScope(t)
	for _, line := range []string{"${big} > 5", "${row.status} < 3", "abc >= ${count}"} {
		c, err := eval.CompileCondition(line)
		require.NoError(t, err, line)
		_, err = c.Test(s)
		require.Error(t, err, line)
		require.ErrorIs(t, err, eval.ErrType, line)
		require.Contains(t, err.Error(), "number(", line)
		require.True(t, strings.HasPrefix(err.Error(), "condition: "), err.Error())
	}
}

// D29: in and contains.
func TestConditionMembership(t *testing.T) {
	runConds(t, []condCase{
		{"${s} in Active, Pending", true},
		{"${s} in Active,Pending ,Closed", true},
		{"${s} in Active, Pend", false},      // membership, never substring
		{"${s} in 'Active, Pending'", false}, // quoted text is one item (D26)
		{"${s} in 'Active', 'Pending'", true},
		{"pending in ${s}", true},
		{"gold in ${tags}", true}, // a list on the right
		{"12 in ${tags}", true},
		{"12.0 in ${tags}", true}, // items compare by D27
		{"go in ${tags}", false},
		{"${note} contains skip", true}, // text contains text, any case
		{"${note} contains 'SKIP this'", true},
		{"${note} contains nothing", false},
		{"${tags} contains GOLD", true}, // a list contains an equal item
		{"${tags} contains go", false},
		// a dictionary contains its keys, as its items are for in
		// (section 15), not the text of its values
		{"${row} contains STATUS", true},
		{"${row} contains Active", false},
		{"${empty_map} contains ''", false},
		{"${missing} in a, b", false},
	})
}

// D30: is empty.
func TestConditionIsEmpty(t *testing.T) {
	runConds(t, []condCase{
		{"${missing} is empty", true},
		{"${blank} is empty", true},
		{"${spaces} is empty", true},
		{"${empty_list} is empty", true},
		{"${empty_map} is empty", true},
		{"${zero} is empty", false},
		{"${packages} is empty", false},
		{"${packages} is not empty", true},
		{"${missing} is not empty", false},
		{"not ${missing} is empty", false},
	})
}

// D31: splitting, precedence.
func TestConditionSplitting(t *testing.T) {
	runConds(t, []condCase{
		{"${flag} or ${missing} and ${missing}", true}, // and binds tighter
		{"${missing} and ${missing} or ${flag}", true},
		{"${missing} or ${flag} and ${missing}", false},
		{"${flag} and ${missing} or ${missing}", false},
		{"${company} == Johnson and Johnson and ${flag}", false}, // "Johnson" is no condition: one comparison
		{"${company} == 'Johnson and Johnson' and ${flag}", true},
		{"${company} == 'Johnson or Johnson' or ${flag}", true},
		{"${s} == Pending and not ${flag}", false},
		{"${s} == Pending or not ${flag}", true},
		{"${replace(company, ' and ', ' & ')} == Johnson & Johnson", true}, // and inside ${...}
	})
}

// Short-circuit: a part that cannot change the result is not evaluated.
func TestConditionShortCircuit(t *testing.T) {
	runConds(t, []condCase{
		{"${flag} or ${word * 2} > 1", true},
		{"${missing} and ${word * 2} > 1", false},
	})
	s := condScope(t)
	c, err := eval.CompileCondition("${flag} and ${word * 2} > 1")
	require.NoError(t, err)
	_, err = c.Test(s)
	require.ErrorIs(t, err, eval.ErrType)
	require.Equal(t, "condition: ${word * 2}: word is text ('abc'), not a number, and number(...) finds none in it", err.Error())
	var e *eval.Error
	require.True(t, errors.As(err, &e))
	require.Equal(t, 1, e.Line)
	require.Equal(t, 15, e.Column) // the w of word in the line
}

func TestConditionExplain(t *testing.T) {
	s := condScope(t)
	c, err := eval.CompileCondition("${row.status} == Active and ${missing} > 0 or not ${flag}")
	require.NoError(t, err)
	ok, steps, err := c.Explain(s)
	require.NoError(t, err)
	require.False(t, ok)
	var lines []string
	for _, st := range steps {
		lines = append(lines, st.String())
	}
	require.Equal(t, []string{
		"${row.status} == Active: 'Active' -> true",
		"${missing} > 0: '' (empty) -> false",
		"not ${flag}: true -> false",
	}, lines)

	c, err = eval.CompileCondition("${flag} or ${missing} == x")
	require.NoError(t, err)
	ok, steps, err = c.Explain(s)
	require.NoError(t, err)
	require.True(t, ok)
	require.Equal(t, "${missing} == x: not needed", steps[1].String())
}

// A placeholder's problems inside a condition follow the expression rules.
func TestConditionPlaceholderErrors(t *testing.T) {
	s := condScope(t)
	for line, want := range map[string]string{
		"${len(rows, 2)} > 1":      "condition: ${len(rows, 2)}: len takes 1 value, got 2",
		"${a == b}":                "condition: ${a == b}: comparisons are not allowed inside ${...}; write them in a condition",
		"x == ${lenght(packages)}": "condition: ${lenght(packages)}: unknown function lenght; did you mean len?",
	} {
		c, err := eval.CompileCondition(line)
		require.NoError(t, err, line)
		_, err = c.Test(s)
		require.Error(t, err, line)
		require.Equal(t, want, err.Error(), line)
	}
}

// Data never changes a condition's structure: it is parsed before any
// value is substituted.
func TestConditionDataCannotInject(t *testing.T) {
	s := scope.New(map[string]any{"x": `a" or "1"=="1`, "y": "Active and ${flag}"})
	runOne := func(line string) bool {
		c, err := eval.CompileCondition(line)
		require.NoError(t, err)
		ok, err := c.Test(s)
		require.NoError(t, err)
		return ok
	}
	require.False(t, runOne(`${x} == b`))
	require.True(t, runOne(`${x} == 'a" or "1"=="1'`))
	require.False(t, runOne(`${y} == Active`))
}

// Section 6: there are no parentheses at this level; a grouping attempt is
// refused instead of comparing the text "(".
func TestConditionParentheses(t *testing.T) {
	for _, line := range []string{
		"(${flag} == true or ${missing} == 1) and ${flag}",
		"${flag} and (${count} > 1 or ${flag})",
		"${flag} and (${count} > 1",
		"${count} > 1) or ${flag}",
	} {
		_, err := eval.CompileCondition(line)
		require.ErrorIs(t, err, eval.ErrCondition, line)
		require.Contains(t, err.Error(), "condition: parentheses do not group parts of a condition")
	}
	runConds(t, []condCase{
		{"${s} == '(pending)' and ${flag}", false},
		{"${s} != (pending)", true}, // no and/or: plain text with parentheses
		{"${big} == (1,200)", false},
		{"(1,200) == (1,200)", true}, // text that opens and closes its own
		{"(${count}) == (4)", true},
		{"${s} == '(Pending'", false},
		{"${company} == Johnson and Johnson (UK)", false},
		// Text that opens and closes its own parentheses is text on a
		// line with and/or too: only a parenthesis that opens or closes
		// across parts is a grouping.
		{"${count} == 4 and ${s} != (closed)", true},
		{"${count} == 4 and ${s} != Johnson (UK)", true},
		{"${s} == Johnson (UK) or ${count} == 4", true},
		{"${count} == 4 and (x) == (x)", true},
		{"${flag} or ${s} in X, Johnson (UK)", true},
	})
	// A part put in parentheses, possibly after not, is a grouping too,
	// without and/or: refused, with the line without them as the fix.
	for line, fix := range map[string]string{
		"not (${s} == Pending)":             "; write: not ${s} == Pending",
		"(${s} == Pending)":                 "; write: ${s} == Pending",
		"(${count} > 1)":                    "; write: ${count} > 1",
		"NOT(${count} > 1)":                 "; write: NOT ${count} > 1",
		"(${s} == 'Pending')":               "; write: ${s} == 'Pending'",
		"(${s} is empty)":                   "; write: ${s} is empty",
		"not (${flag})":                     "; write: not ${flag}",
		"(${flag} or ${count} > 1)":         "; write: ${flag} or ${count} > 1",
		"not (${flag} or ${count} > 1)":     "", // not would take the first part only
		"(${s} == Johnson and Johnson)":     "; write: ${s} == Johnson and Johnson",
		" ( ${len(tags)} > 1 ) ":            "; write: ${len(tags)} > 1",
		"(${flag} == true or ${count} == 1": "",
	} {
		_, err := eval.CompileCondition(line)
		require.ErrorIs(t, err, eval.ErrCondition, line)
		want := "condition: parentheses do not group parts of a condition; and binds tighter than or (quote text that has parentheses in it)" + fix
		require.Equal(t, want, err.Error(), line)
		if fixed, ok := strings.CutPrefix(fix, "; write: "); ok {
			_, err := eval.CompileCondition(fixed) // D49: the fix works
			require.NoError(t, err, fixed)
		}
	}
}

// D38: comparing with a literal number written with grouping commas
// fails naming the fix in the line (write 1000); text from the data still
// gets number(...)'s hint.
func TestGroupedLiteralHint(t *testing.T) {
	_, err := eval.MustCompileCondition("${a} > 1,000").Test(scope.New(map[string]any{"a": 5}))
	require.EqualError(t, err, "condition: '${a} > 1,000': '1,000' is not a number: numbers in a condition are written without separators; write 1000")
	_, err = eval.MustCompileCondition("${a} > 5").Test(scope.New(map[string]any{"a": "1,000"}))
	require.ErrorContains(t, err, "number(")
	p := eval.MustCompileCondition("${a} < -1,234.5").Parts()[0]
	hint, ok := p.NumberHint()
	require.True(t, ok)
	require.Contains(t, hint, "write -1234.5")
	_, ok = eval.MustCompileCondition("${a} < 1,23").Parts()[0].NumberHint()
	require.False(t, ok)
}

// D49, D39: a number written in the line that number() refuses as not
// clear (`> 9 800`, `< 1.234,56`) is told as the line's to fix, with the
// one rewrite that a condition reads: number()'s own message offers a
// grouped form too (write 9800 or 9,800), which, written in a condition,
// fails again (`9,800` is written without separators). Text from the data
// keeps number()'s message, as its fix is number(...) or the data.
func TestUnclearLiteralHint(t *testing.T) {
	s := scope.New(map[string]any{"a": 5000, "t": "9 800"})
	for _, tc := range []struct{ line, literal, fix string }{
		{"${a} > 9 800", "9 800", "9800"},
		{"${a} < 1.234,56", "1.234,56", "1234.56"},
		{"${a} >= 1'000", "1'000", "1000"},
		{"-9 800 <= ${a}", "-9 800", "-9800"},
		{"${a} > 9 800 THB", "9 800 THB", "9800"},
		{"${a} > (1.234,56)", "(1.234,56)", "-1234.56"},
	} {
		c := eval.MustCompileCondition(tc.line)
		_, err := c.Test(s)
		require.EqualError(t, err, "condition: '"+tc.line+"': '"+tc.literal+"' is not a number: numbers in a condition are written in plain digits, not with spaces or marks between the digits; write "+tc.fix)
		hint, ok := c.Parts()[0].UnclearHint(value.NumberValue(value.Int(5000)), value.TextValue(tc.literal))
		if strings.HasPrefix(tc.line, "-") {
			hint, ok = c.Parts()[0].UnclearHint(value.TextValue(tc.literal), value.NumberValue(value.Int(5000)))
		}
		require.True(t, ok)
		require.True(t, strings.HasSuffix(hint, "; write "+tc.fix), hint)
		fixed := strings.Replace(tc.line, tc.literal, tc.fix, 1)
		_, err = eval.MustCompileCondition(fixed).Test(s) // D49: the fix reads
		require.NoError(t, err, fixed)
	}
	_, err := eval.MustCompileCondition("${t} > 1").Test(s)
	require.ErrorContains(t, err, "number(...) refuses it: '9 800' is not clear: write 9800 or 9,800")
}

// E6, D12: a placeholder whose compile found a problem (an unknown
// function, a wrong number of values, a syntax error, a forbidden
// construct) fails the condition even in a part that and/or leaves out,
// once its text is not a key of the data, as if the part had been
// evaluated; runtime-only errors of a part left out stay not needed.
func TestConditionSkippedPartProblems(t *testing.T) {
	s := scope.New(map[string]any{"x": "hello", "n": "12"})
	for line, want := range map[string]string{
		"${x} == hello or ${lenght(x)} == 1":         "condition: ${lenght(x)}: unknown function lenght; did you mean len?",
		"${x} == hello or ${a ** 2} == 1":            "condition: ${a ** 2}: ** is not allowed; multiply instead",
		"${x} == hello or ${x +} == 1":               "condition: ${x +}: unexpected end; a value is missing after '+'",
		"${x} == hello or ${len(1,2)} == 1":          "condition: ${len(1,2)}: len takes 1 value, got 2",
		"${x} == zzz and ${lenght(x)} == 1":          "condition: ${lenght(x)}: unknown function lenght; did you mean len?",
		"${x} == a and ${len(x, 2)} == 1":            "condition: ${len(x, 2)}: len takes 1 value, got 2",
		"${x} == hello or not ${_secret}":            "condition: ${_secret}: names starting with _ are not allowed",
		"${x} == hello or ${n} == 1 and 1 == ${f(}":  "condition: ${f(}: missing ')'",
		"${x} == zzz and ${n} == 1 or ${lenght(x)}":  "condition: ${lenght(x)}: unknown function lenght; did you mean len?",
		"${x} == hello or ${n} == 1 or ${len(x, 2)}": "condition: ${len(x, 2)}: len takes 1 value, got 2",
	} {
		c, err := eval.CompileCondition(line)
		require.NoError(t, err, line)
		_, err = c.Test(s)
		require.Error(t, err, line)
		require.Equal(t, want, err.Error(), line)
		// Explain fails alike, after saying which parts were needed.
		_, steps, err := c.Explain(s)
		require.Error(t, err, line)
		require.Equal(t, want, err.Error(), line)
		require.NotEmpty(t, steps, line)
		require.False(t, steps[len(steps)-1].Evaluated, line)
	}
	// D12: the text is read as a dotted path first; a key of the data
	// with that text is no error, and a text without expression syntax
	// that reads as no key is a missing lookup (E5).
	for line, want := range map[string]bool{
		"${x} == hello or ${a ** 2} == 1":            true,
		"${x} == zzz and ${a ** 2} == 1":             false,
		"${x} == hello or ${row.First Name} == 1":    true,
		"${x} == hello or ${number(x)} == 1":         true, // fails only when run
		"${x} == zzz and ${number(x) * 2} > 1":       false,
		"${x} == hello or ${number(n)} == 12":        true,
		"not ${x} == hello and ${lenght(x) + 1} > 1": false,
	} {
		c, err := eval.CompileCondition(line)
		require.NoError(t, err, line)
		got, err := c.Test(scope.New(map[string]any{"x": "hello", "n": "12", "a ** 2": 3}))
		if strings.Contains(line, "lenght") {
			require.Error(t, err, line) // the part left out still fails
			continue
		}
		require.NoError(t, err, line)
		require.Equal(t, want, got, line)
	}
}

// D26, D29: the right side of in written as a list that starts with
// quoted text is its items, each quoted one without its quotes (a comma
// inside it kept); with == the message says in (D49).
func TestConditionQuotedList(t *testing.T) {
	runConds(t, []condCase{
		{"${s} in 'Pending', 'Closed'", true},
		{"${s} in 'Open', 'Closed'", false},
		{"${company} in 'Johnson and Johnson', 'Acme'", true},
		{"${company} in 'Johnson, and Johnson', Johnson and Johnson", true},
		{"${big} in '1,200', '5'", true}, // the comma stays in its item
		{"${big} in '1', '200'", false},
		{"${count} in '4.0', x", true}, // items compare by D27
		{"not ${s} in 'Open', 'Closed'", true},
		{"${s} in 'x', '${s}'", true},
		{"${s} in 'x', 'y' and ${flag}", false},
	})
	s := condScope(t)
	c := eval.MustCompileCondition("${s} in 'x', '${lenght(s)}'")
	_, err := c.Test(s)
	require.EqualError(t, err, "condition: ${lenght(s)}: unknown function lenght; did you mean len?")
	require.Len(t, c.Problems(nil), 1) // the item's, once
	p := c.Parts()[0]
	require.Equal(t, "'x', '${lenght(s)}'", p.Right.Text())
	require.True(t, p.RightQuoted)
	_, steps, err := eval.MustCompileCondition("${s} in 'x', 'pending'").Explain(s)
	require.NoError(t, err)
	require.Equal(t, "${s} in 'x', 'pending': 'Pending' -> true", steps[0].String())
	_, err = eval.CompileCondition("${s} == 'Pending', 'Closed'")
	require.EqualError(t, err, "condition: text after the closing quote; to test for one of several values, write in instead of ==: X in 'a', 'b'")
}

// D26, D29: quoted text on a side is taken as written; only bare text on
// the right of `in` is split at commas, so a lone quoted right side is one
// item, commas in it kept, as it is in a list of quoted items.
func TestConditionQuotedSideIsOneItem(t *testing.T) {
	s := scope.New(map[string]any{
		"note":  "renewal, paid by transfer",
		"s":     "renewal",
		"blank": "",
		"tags":  []any{"a, b", "c"},
	})
	for _, c := range []condCase{
		{"${note} in 'renewal, paid by transfer'", true},
		{"${s} in 'renewal, paid by transfer'", false},
		{`${s} in "renewal, x"`, false},
		{`${note} in "renewal, paid by transfer"`, true},
		{"not ${s} in 'renewal, x'", true},
		{"${s} in 'RENEWAL'", true},
		{"${s} in renewal, x", true}, // bare text still splits (D29)
		{"${note} in renewal, paid by transfer", false},
		{"${s} in '${note}'", false}, // quoted: the rendered text is one item
		{"${note} in '${note}'", true},
		{"a, b in ${tags}", true}, // a list on the right keeps its items
		{"'a, b' in ${tags}", true},
		{"${note} contains 'paid by'", true},
		{"'renewal, paid' contains ${s}", true},
		{"'a, b' == 'a, b'", true},
		{"${note} != 'renewal, paid by transfer'", false},
	} {
		cond, err := eval.CompileCondition(c.line)
		require.NoError(t, err, c.line)
		got, err := cond.Test(s)
		require.NoError(t, err, c.line)
		require.Equal(t, c.want, got, c.line)
	}
}

// F3, F4, D49: a condition's message names what was written and its fix
// works when followed: the line written as the message says compiles and
// gives the value meant.
func TestConditionFixesWork(t *testing.T) {
	s := scope.New(map[string]any{"x": "hel'lo", "y": "abc d", "n": 3, "a": "yes"})
	for _, c := range []struct {
		bad, says, fixed string
		want             bool
	}{
		{"${n} ~= 4", "write !=", "${n} != 4", true},
		{"${y} =~ abc", "write contains", "${y} contains abc", true},
		{"${y} !~ zzz", "write not X contains Y", "not ${y} contains zzz", true},
		{"${n} ≥ 3", "write >= instead", "${n} >= 3", true},
		{"${n} ≤ 2", "write <= instead", "${n} <= 2", false},
		{"${n} ≠ 3", "write != instead", "${n} != 3", false},
		{"${n} ＞ 2", "write > instead", "${n} > 2", true},
		{"${n} ＜＝ 2", "write <= instead", "${n} <= 2", false},
		{"${y} ＝＝ ABC d", "write == instead", "${y} == ABC d", true},
		{"${y} ！＝ ABC d", "write != instead", "${y} != ABC d", false},
		{"${x} == 'hel'lo", `quote it with " instead: "hel'lo"`, `${x} == "hel'lo"`, true},
		// D26, D49: quoted text in a condition has no escapes, so the \
		// of \' (an expression's escape) is no part of the text meant
		{`${x} == 'hel\'lo'`, `quote it with " instead: "hel'lo"`, `${x} == "hel'lo"`, true},
		{`${y} == "say \"hi\""`, `quote it with ' instead: 'say "hi"'`, `${y} == 'say "hi"'`, false},
		{"${y} == 'abc' d", "put the whole text inside the quotes: 'abc d'", "${y} == 'abc d'", true},
		{"${y} == 'abc", "add the closing ' after the text: 'abc'", "${y} == 'abc'", false},
		{"${n} == 3 and and ${a}", "no condition between 'and' and 'and'", "${n} == 3 and ${a}", true},
		{"${y} == 'abc' 'x'", "X in 'abc', 'x'", "${y} in 'abc', 'x'", false},
	} {
		_, err := eval.CompileCondition(c.bad)
		require.Error(t, err, c.bad)
		require.Contains(t, err.Error(), c.says, c.bad)
		require.NotContains(t, err.Error(), "did you mean ==", c.bad)
		cond, err := eval.CompileCondition(c.fixed)
		require.NoError(t, err, c.fixed)
		got, err := cond.Test(s)
		require.NoError(t, err, c.fixed)
		require.Equal(t, c.want, got, c.fixed)
	}
}

// Blank text is one rule (value.IsBlankRune): trim, is empty (D30), the
// truth of a lone placeholder (D25), == against ” (D27) and number (D21)
// agree on which characters are blank, the zero-width space U+200B and
// U+FEFF among them; default replaces only empty and ” (D23).
func TestBlankIsOneRule(t *testing.T) {
	for _, blank := range []string{"", "   ", "\u00a0", "\u200b", "\ufeff", " \u200b\ufeff\t"} {
		s := scope.New(map[string]any{"x": blank})
		out, err := eval.MustCompile("[${trim(x)}]").Render(s)
		require.NoError(t, err, "%q", blank)
		require.Equal(t, "[]", out, "%q", blank)
		for line, want := range map[string]bool{
			"${x} is empty":         true,
			"${x} is not empty":     false,
			"${x}":                  false,
			"${x} == ''":            true,
			"${trim(x)} == ${x}":    true,
			"${number(x)} is empty": true,
		} {
			got, err := eval.MustCompileCondition(line).Test(s)
			require.NoError(t, err, "%q %s", blank, line)
			require.Equal(t, want, got, "%q %s", blank, line)
		}
		v, err := eval.MustCompile("${default(x, 'f')}").Value(s)
		require.NoError(t, err)
		if blank == "" {
			require.Equal(t, "f", v.Text())
		} else {
			require.Equal(t, blank, v.Text(), "default keeps blank text as written (D23)")
		}
		_, err = eval.MustCompile("${x + 1}").Render(s)
		if blank != "" {
			require.ErrorContains(t, err, "is blank text", "%q", blank)
		}
	}
	// Not blank: a word joiner and a soft hyphen are text.
	for _, text := range []string{"\u2060", "\u00ad"} {
		s := scope.New(map[string]any{"x": text})
		ok, err := eval.MustCompileCondition("${x} is empty").Test(s)
		require.NoError(t, err)
		require.False(t, ok, "%q", text)
		out, err := eval.MustCompile("${trim(x)}").Render(s)
		require.NoError(t, err)
		require.Equal(t, text, out)
	}
}

// F3: an operator of another language is underlined whole, as written.
func TestConditionLookalikeSpan(t *testing.T) {
	for line, want := range map[string]string{"${x} ~= a": "~=", "${x} =~ a": "=~", "${x} !~ a": "!~", "${x} ≥ 3": "≥"} {
		_, err := eval.CompileCondition(line)
		var e *eval.Error
		require.ErrorAs(t, err, &e, line)
		require.Equal(t, want, line[e.Offset:e.End], line)
	}
}

// D49: the hint of a ${ without its } in a condition line works when
// followed. Where the } goes is shown when one place makes the line
// compile (each fix given is applied and compiled here); when none or
// several do, the message says the place is not clear and gives no fix.
func TestConditionUnclosedFixCompiles(t *testing.T) {
	const where = "add the closing } where the placeholder ends: "
	for line, want := range map[string]string{
		"${n == 5":               "${n} == 5",
		"${a is empty":           "${a} is empty",
		"${a is not empty":       "${a} is not empty",
		"${a} == x and ${n == 5": "${n} == 5",
		"${s in Active, Pending": "${s} in Active, Pending",
		"${n>=5":                 "${n}>=5",
		"${upper(\"}\") == x":    "${upper(\"}\")} == x",
		"${len(items) > 2":       "${len(items)} > 2",
		// contains is no word of an expression, so a } at the end
		// compiles too, as a lookup of the key `note contains paid`
		// that no row has: the operator between spaces is the place
		"${note contains paid":          "${note} contains paid",
		"${n} > 1 and ${s CONTAINS Act": "${s} CONTAINS Act",
	} {
		_, err := eval.CompileCondition(line)
		require.Error(t, err, line)
		msg := err.Error()
		i := strings.Index(msg, where)
		require.GreaterOrEqual(t, i, 0, "%s: %s", line, msg)
		require.Equal(t, want, msg[i+len(where):], line)
		at := strings.LastIndex(line, "${")
		fixed := line[:at] + want
		_, err = eval.CompileCondition(fixed, eval.Strict())
		require.NoError(t, err, "%s: the fix %s", line, fixed)
	}
	// A } at the end is the fix when the line then compiles.
	for _, line := range []string{"${a", "${a} == ${b"} {
		_, err := eval.CompileCondition(line)
		require.ErrorContains(t, err, "${ is not closed; add the closing }", line)
		_, err = eval.CompileCondition(line+"}", eval.Strict())
		require.NoError(t, err, line)
	}
	// The full-width ｝ of an input method is where the placeholder ends:
	// the fix writes } in its place (not a } at the end, which would read
	// the key `status｝`).
	for line, want := range map[string]string{
		"${s｝ == Active":                 "${s} == Active",
		"${n} > 2 and ${s｝ in Active, b": "${s} in Active, b",
		"${upper(s)｝ contains ACT":       "${upper(s)} contains ACT",
	} {
		_, err := eval.CompileCondition(line)
		require.Error(t, err, line)
		const wide = "｝ is a full-width brace, which is text; write } in its place: "
		msg := err.Error()
		i := strings.Index(msg, wide)
		require.GreaterOrEqual(t, i, 0, "%s: %s", line, msg)
		require.Equal(t, want, msg[i+len(wide):], line)
		fixed := line[:strings.LastIndex(line, "${")] + want
		c, err := eval.CompileCondition(fixed, eval.Strict())
		require.NoError(t, err, fixed)
		ok, err := c.Test(scope.New(map[string]any{"s": "Active", "n": 3}))
		require.NoError(t, err, fixed)
		require.True(t, ok, fixed)
	}
	// No place makes it compile: no fix is given.
	_, err := eval.CompileCondition("${nosuch(a) == 5")
	require.ErrorContains(t, err, "where it ends is not clear")
	require.NotContains(t, err.Error(), where)
}

// F7: without Strict, CompileCondition never returns a condition and an
// error together: a ${...} over a limit fails the line with no condition.
func TestCompileConditionLimitNoCondition(t *testing.T) {
	for _, line := range []string{
		"${comp" + strings.Repeat(";", 950) + "any} == Johnson and Johnson",
		"${" + strings.Repeat("a+", 260) + "a} > 1",
		"${x} == 1 or ${" + strings.Repeat("(", 30) + "a" + strings.Repeat(")", 30) + "}",
	} {
		c, err := eval.CompileCondition(line)
		require.ErrorIs(t, err, eval.ErrLimit, line)
		require.Nil(t, c, line)
		_, err = eval.CompileCondition(line, eval.Strict()) // with Strict, the condition comes back too
		require.ErrorIs(t, err, eval.ErrLimit, line)
	}
}
