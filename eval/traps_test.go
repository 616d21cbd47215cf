package eval_test

import (
	"context"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

// trapCases hold, per kind of trap (D38, D44), a condition line that has
// it, the text the trap spans and a part of its reason that names the
// fix; fixed is the line written as the fix says, which must have no
// trap and must hold for the data of trapScope.
var trapCases = map[eval.TrapKind]struct {
	line, span, fix, fixed string
}{
	eval.TrapAndAnd:      {"${row.Status} == Overdue && ${row['Days Late']} > 21", "&&", "write and: ${row.Status} == Overdue and ${row['Days Late']} > 21", "${row.Status} == Overdue and ${row['Days Late']} > 21"},
	eval.TrapOrOr:        {"${row.Status} == Paid || ${row.Status} == Overdue", "||", "write or: ${row.Status} == Paid or ${row.Status} == Overdue", "${row.Status} == Paid or ${row.Status} == Overdue"},
	eval.TrapBang:        {"${row.Status} == Overdue and !${row.Paid}", "!", "write not: ${row.Status} == Overdue and not ${row.Paid}", "${row.Status} == Overdue and not ${row.Paid}"},
	eval.TrapIf:          {"if ${row.Status} == Overdue", "if ", "leave it out: ${row.Status} == Overdue", "${row.Status} == Overdue"},
	eval.TrapSemicolon:   {"${row.Status} == Overdue;", ";", "leave it out: ${row.Status} == Overdue", "${row.Status} == Overdue"},
	eval.TrapOrWords:     {"${order.status} == shipped or partially_shipped", "shipped or partially_shipped", "write ${order.status} in shipped, partially_shipped", "${order.status} in shipped, partially_shipped"},
	eval.TrapNotList:     {"${row.Kind} != Paid, Draft", "Paid, Draft", "true for Paid too; write not ${row.Kind} in Paid, Draft", "not ${row.Kind} in Paid, Draft"},
	eval.TrapEqList:      {"${row.Kind} == Paid, Draft", "Paid, Draft", "quietly false even for Paid; for one of several values, write ${row.Kind} in Paid, Draft", "${row.Kind} in Paid, Draft"},
	eval.TrapSepList:     {"${row.Status} in Overdue; Paid", "Overdue; Paid", "write ${row.Status} in Overdue, Paid", "${row.Status} in Overdue, Paid"},
	eval.TrapReversedIn:  {"${row.Tags} in VIP", "VIP", "write VIP in ${row.Tags}", "VIP in ${row.Tags}"},
	eval.TrapBoolText:    {"${row.Vip} == true", "true", "write ${row.Vip}", "${row.Vip}"},
	eval.TrapNumberText:  {"${row.Premium} == 15000", "15000", "write ${number(row.Premium)} == 15000", "${number(row.Premium)} == 15000"},
	eval.TrapAndOrText:   {"${row.Company} == Johnson and Johnson and ${row.Status} == Overdue", "Johnson and Johnson and ${row.Status} == Overdue", "quote the text: ${row.Company} == 'Johnson and Johnson' and ${row.Status} == Overdue", "${row.Company} == 'Johnson and Johnson' and ${row.Status} == Overdue"},
	eval.TrapQuotedIn:    {"${row.Status} in 'Overdue, Paid'", "'Overdue, Paid'", "write in 'Overdue', 'Paid' or in Overdue, Paid", "${row.Status} in 'Overdue', 'Paid'"},
	eval.TrapBracketedIn: {"${row.Status} in (Overdue, Paid)", "(Overdue, Paid)", "write ${row.Status} in Overdue, Paid", "${row.Status} in Overdue, Paid"},
	eval.TrapGluedWord:   {"${row.Status}in Overdue, Paid and ${row.Kind} == Paid", "in", "write a space before in: ${row.Status} in Overdue, Paid and ${row.Kind} == Paid", "${row.Status} in Overdue, Paid and ${row.Kind} == Paid"},
	eval.TrapCurlyQuotes: {"${row.Status} == “Overdue”", "“Overdue”", "write 'Overdue' in straight quotes: ${row.Status} == 'Overdue'", "${row.Status} == 'Overdue'"},
	eval.TrapPasted:      {"${row.Paid} == ${“false”}", "“false”", `write ${"false"}`, `${row.Paid} == ${"false"}`},
	eval.TrapCutKey:      {"${row.Policy No.} == P-77", "Policy No.", "write row['Policy No.']", "${row['Policy No.']} == P-77"},
	eval.TrapBraces:      {"{{row.Status}} == Overdue", "{{row.Status}}", "write ${row.Status}", "${row.Status} == Overdue"},
	eval.TrapDollar:      {"$row.Status == Overdue", "$row.Status", "write ${row.Status}", "${row.Status} == Overdue"},
	eval.TrapBareWord:    {"${default(row.Email, none)} == none", "none", "write 'none' in quotes", "${default(row.Email, 'none')} == none"},
	eval.TrapEmpty:       {"${} == Overdue", "${}", "write a name or an expression inside it", "${row.Status} == Overdue"},
	eval.TrapNumber:      {"${row['Days Late']} > ${2e1}", "2e1", "write 20", "${row['Days Late']} > ${20}"},
}

func trapScope() *scope.Scope {
	return scope.New(map[string]any{
		"row":   map[string]any{"Status": "Overdue", "Days Late": 30, "Paid": false, "Company": "Johnson and Johnson", "Email": "", "Kind": "Paid", "Policy No.": "P-77", "Premium": "15,000 THB", "Tags": "VIP, Gold", "Vip": "Yes"},
		"order": map[string]any{"status": "partially_shipped"},
	})
}

// D38, D44: every kind of trap is a fact of the compiled condition, with
// its span and a reason that names the fix; the fix, applied, has no trap
// and gives the value meant.
func TestTraps(t *testing.T) {
	s := trapScope()
	for _, kind := range eval.TrapKinds() {
		tc, ok := trapCases[kind]
		require.True(t, ok, "no case for the trap %q", kind)
		c, err := eval.CompileCondition(tc.line)
		require.NoError(t, err, tc.line)
		traps := append(c.Traps(), c.RowTraps()...)
		require.Len(t, traps, 1, "%s: %+v", tc.line, traps)
		tr := traps[0]
		require.Equal(t, kind, tr.Kind)
		require.Equal(t, tc.span, tc.line[tr.Offset:tr.End])
		require.Contains(t, tr.Message(), tc.fix)
		require.True(t, tr.Applies(s))
		before, err := c.Test(s)
		require.NoError(t, err)

		f, err := eval.CompileCondition(tc.fixed)
		require.NoError(t, err, tc.fixed)
		require.Empty(t, f.Traps(), tc.fixed)
		after, err := f.Test(s)
		require.NoError(t, err)
		require.NotEqual(t, before, after, "%s is quietly wrong, the fix %s is not", tc.line, tc.fixed)
	}
	require.Len(t, trapCases, len(eval.TrapKinds()))
}

// D44: `!` before `${` is a trap also with white space between them, as
// `! ${x}` is written in the languages it comes from; the fix writes not.
func TestTrapBangSpaced(t *testing.T) {
	s := trapScope()
	for line, fixed := range map[string]string{
		"${row.Status} == Overdue and ! ${row.Paid}":  "${row.Status} == Overdue and not ${row.Paid}",
		"${row.Status} == Overdue and !\t${row.Paid}": "${row.Status} == Overdue and not ${row.Paid}",
		"${row.Status} == Paid OR ! ${row.Paid}":      "${row.Status} == Paid OR not ${row.Paid}",
		"! ${row.Paid} and ${row.Status} == Overdue":  "not ${row.Paid} and ${row.Status} == Overdue",
	} {
		c, err := eval.CompileCondition(line)
		require.NoError(t, err, line)
		traps := c.Traps()
		require.Len(t, traps, 1, "%s: %+v", line, traps)
		require.Equal(t, eval.TrapBang, traps[0].Kind)
		require.Equal(t, "!", line[traps[0].Offset:traps[0].End])
		require.Contains(t, traps[0].Message(), "write not: "+fixed, line)
		before, err := c.Test(s)
		require.NoError(t, err)
		after, err := eval.MustCompileCondition(fixed).Test(s)
		require.NoError(t, err)
		require.NotEqual(t, before, after, line)
	}
	// `!` that ends a word is text, not a negation.
	// Nor is a `!` standing alone inside text (`Bonjour ! ${b}`, as French
	// writes it) or after a placeholder: only one that starts a part.
	for _, line := range []string{"${a} == wow! ${b}", "${a} != ${b}", "${a} == '! ${b}'",
		"${a} == Bonjour ! ${b}", "${a} == ${c} ! ${b}"} {
		require.Empty(t, eval.MustCompileCondition(line).Traps(), line)
	}
}

// Texts close to a trap that are no trap.
func TestNoTraps(t *testing.T) {
	for _, line := range []string{
		"${a} == 'x or y'",                     // quoted on purpose (D31)
		"${a} == '$USD {{x}}'",                 // quoted text is meant as written
		"${a} == x or ${b} == y",               // split into parts
		"${a} != 1,000",                        // a number with grouping (D38's own warning with data)
		"${a} == Smith, John",                  // == with a comma is a name (a list only where a row's value is an item: RowTraps)
		"${n} == 15000",                        // a number (number-text only where a row's value is 15,000: RowTraps)
		"${a} == Johnson and Johnson",          // no comparison after the and
		"${a} == US$5 or ${b}",                 // $ before a digit
		"${a} contains 'if ' and ${b} == x; y", // ; inside
		"${name} == Ann and ${x} > 1",
		"${a} in 'x, y', z",     // a list of items: the quoted item is meant whole
		"${a} in 'x'",           // one quoted item, no comma
		"${a} == 'Smith, John'", // == compares with the whole text
		"${a} in '${b}, ${c}'",  // placeholders in quoted text
		"${a} in (none)",        // one item in parentheses may be a value
		"${a} in (x), y",        // brackets around one item of a list
		"${a} in (x), (y)",      // brackets around each item, not around the list
		"${a} in [x], [y]",      // the same with square brackets
		"${a} == (x, y)",        // not in: == compares with the whole text
		"${a} contains [x, y]",  // only in takes a list
		"${size}in == 12in",     // a length in inches: the line is no condition with a space
	} {
		c, err := eval.CompileCondition(line)
		require.NoError(t, err, line)
		require.Empty(t, c.Traps(), line)
	}
	tpl := eval.MustCompile("Total: US$100, ${'$x'} {not {template}} {{ }}")
	require.Empty(t, tpl.Traps())
	tpl = eval.MustCompile("${len(items)} ${upper('none')}")
	for _, tr := range tpl.Traps() {
		require.False(t, tr.Applies(nil), "a bare word needs data to be a trap")
		require.False(t, tr.Applies(scope.New(map[string]any{"items": []any{}})))
	}
}

// A line that is not a condition, written as another language writes it,
// names the condition it means.
func TestTrapFixInError(t *testing.T) {
	for line, fixed := range map[string]string{
		"!${row.Paid}":                      "not ${row.Paid}",
		"if ${row.Paid}":                    "${row.Paid}",
		"${row.Paid};":                      "${row.Paid}",
		"${row.Paid} || ${row.Late}":        "${row.Paid} or ${row.Late}",
		"${row.Paid} && ${row.Late}":        "${row.Paid} and ${row.Late}",
		"when !${row.Paid} && ${row.Late};": "not ${row.Paid} and ${row.Late}",
		"! ${row.Paid}":                     "not ${row.Paid}",
		"${row.Late} || ! ${row.Paid}":      "${row.Late} or not ${row.Paid}",
	} {
		_, err := eval.CompileCondition(line)
		require.ErrorContains(t, err, "; write: "+fixed, line)
		_, err = eval.CompileCondition(fixed)
		require.NoError(t, err)
	}
}

// D44: Grouping shows how and/or grouped the parts; and binds tighter.
func TestGrouping(t *testing.T) {
	for line, want := range map[string]string{
		"${a}":                                       "${a}",
		"${a} == 1 and ${b} == 2":                    "${a} == 1 and ${b} == 2",
		"${a} == 1 or ${b} == 2":                     "${a} == 1 or ${b} == 2",
		"${a} == 1 or ${b} == 2 and ${c} > 3":        "${a} == 1 or (${b} == 2 and ${c} > 3)",
		"${a} and ${b} or ${c}":                      "(${a} and ${b}) or ${c}",
		"${a} and ${b} and ${c} or not ${d}":         "(${a} and ${b} and ${c}) or not ${d}",
		"${a} or ${b} and not ${c} or ${d} and ${e}": "${a} or (${b} and not ${c}) or (${d} and ${e})",
		"${x} == Johnson and Johnson":                "${x} == Johnson and Johnson",
	} {
		c, err := eval.CompileCondition(line)
		require.NoError(t, err, line)
		require.Equal(t, want, c.Grouping(), line)
	}
}

// D45: the lookups of a template or condition, with whether each is read
// as a number.
func TestReads(t *testing.T) {
	type r struct {
		path    string
		numeric bool
	}
	for text, want := range map[string][]r{
		"${row.Amount * 2} ${row['Unit Price']}":         {{"row.Amount", true}, {"row.Unit Price", false}},
		"${round(row.x, row.d)} ${number(row.y)}":        {{"row.x", true}, {"row.d", false}, {"row.y", true}},
		"${len(rows[0].id)} ${-row.z} ${env.HOME}":       {{"rows.0.id", false}, {"row.z", true}},
		"${row.First Name} ${default(row.a, row.b) + 1}": {{"row.First Name", false}, {"row.a", true}, {"row.b", true}},
		// the environment is no variable, however it is read (EnvReads)
		"${env['HOME']} ${upper(env.REGION)} ${len(env['A B']) + row.n}": {{"row.n", true}},
	} {
		var got []r
		for _, rd := range eval.MustCompile(text).Reads() {
			got = append(got, r{strings.Join(rd.Path, "."), rd.Numeric})
			require.Equal(t, rd.Path[0], text[rd.Offset:rd.Offset+len(rd.Path[0])], text)
		}
		require.Equal(t, want, got, text)
	}
	c := eval.MustCompileCondition("${row.Days} > 21 and ${row.Status} == x or ${len(row.Items)} >= 2")
	var got []r
	for _, rd := range c.Reads() {
		got = append(got, r{strings.Join(rd.Path, "."), rd.Numeric})
	}
	require.Equal(t, []r{{"row.Days", true}, {"row.Status", false}, {"row.Items", false}}, got)
}

// D44: every read of the environment is a fact of the compiled template,
// the whole placeholder or inside an expression, each spanning the read as
// written.
func TestEnvReads(t *testing.T) {
	type r struct {
		text  string
		whole bool
	}
	for text, want := range map[string][]r{
		"${env.HOME}":            {{"env.HOME", true}},
		"${ env.HOME } ${row.x}": {{"env.HOME", true}},
		"${env['HOME']}":         {{"env['HOME']", true}},
		"${upper(env.REGION)}":   {{"env.REGION", false}},
		"${default(env.REGION, 'eu')} ${len(env['A B']) + 1}": {{"env.REGION", false}, {"env['A B']", false}},
		"${row.env} ${row['env']} ${rows[0].x}":               nil,
	} {
		var got []r
		for _, rd := range eval.MustCompile(text).EnvReads() {
			got = append(got, r{text[rd.Offset:rd.End], rd.Whole})
		}
		require.Equal(t, want, got, text)
	}
	c := eval.MustCompileCondition("${env.STAGE} == prod and ${lower(env.REGION)} in eu, us")
	var names []string
	for _, rd := range c.EnvReads() {
		names = append(names, rd.Name)
	}
	require.Equal(t, []string{"STAGE", "REGION"}, names)
}

// D44, D49: when a line has two traps, each warning's fix, followed, gives
// a line that holds: `== a or b;` and `!= a, b;` name the list without the
// `;` (whose own warning says to leave it out), not a last item `b;`.
func TestTrapFixesCombine(t *testing.T) {
	s := trapScope()
	for _, tc := range []struct {
		line, fix, fixed string
		want             bool
	}{
		{"${order.status} == shipped or partially_shipped;", "write ${order.status} in shipped, partially_shipped",
			"${order.status} in shipped, partially_shipped", true},
		{"${row.Kind} != Draft, Paid;", "write not ${row.Kind} in Draft, Paid",
			"not ${row.Kind} in Draft, Paid", false},
		{"${row.Kind} != Draft, Paid ; ", "write not ${row.Kind} in Draft, Paid",
			"not ${row.Kind} in Draft, Paid", false},
	} {
		t.Run(tc.line, func(t *testing.T) {
			c, err := eval.CompileCondition(tc.line)
			require.NoError(t, err)
			var msgs []string
			for _, tr := range c.Traps() {
				msgs = append(msgs, tr.Message())
			}
			require.Len(t, msgs, 2, "%q", msgs)
			found := false
			for _, m := range msgs {
				found = found || strings.HasSuffix(m, tc.fix)
			}
			require.True(t, found, "no warning ends with %q: %q", tc.fix, msgs)
			f, err := eval.CompileCondition(tc.fixed)
			require.NoError(t, err)
			require.Empty(t, f.Traps(), tc.fixed)
			got, err := f.Test(s)
			require.NoError(t, err)
			require.Equal(t, tc.want, got, tc.fixed)
		})
	}
}

// D44, D49: `&&` or `||` with nothing on one side is left out, not written
// as `and`/`or`, which would fail (`nothing after 'and'`); the fix,
// followed, holds.
func TestTrapLoneOperatorLeftOut(t *testing.T) {
	s := trapScope()
	for _, tc := range []struct{ line, fix string }{
		{"${row.Status} == Overdue &&", "leave it out: ${row.Status} == Overdue"},
		{"${row.Status} == Overdue ||  ", "leave it out: ${row.Status} == Overdue"},
		{"&& ${row.Status} == Overdue", "leave it out: ${row.Status} == Overdue"},
		{"|| ${row.Status} == Overdue", "leave it out: ${row.Status} == Overdue"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			c, err := eval.CompileCondition(tc.line)
			require.NoError(t, err)
			traps := c.Traps()
			require.Len(t, traps, 1)
			require.True(t, strings.HasSuffix(traps[0].Message(), tc.fix), traps[0].Message())
			fixed := strings.TrimPrefix(tc.fix, "leave it out: ")
			f, err := eval.CompileCondition(fixed)
			require.NoError(t, err)
			require.Empty(t, f.Traps())
			ok, err := f.Test(s)
			require.NoError(t, err)
			require.True(t, ok)
		})
	}
}

// D44, one rule in one place: bare words joined by / or - given to a
// function fail, when a word is empty, with the reason of their trap, not
// with D7's `N is empty; use default(N, 0)`; the fix applied gives the
// text.
func TestJoinedWordsErrorIsTheTrap(t *testing.T) {
	for src, fixed := range map[string]string{
		"${default(row.x, N/A)}":       "${default(row.x, 'N/A')}",
		"${part(row.x, e-mail, 1)}":    "${part(row.x, 'e-mail', 1)}",
		"${default(row.x, to/be/set)}": "${default(row.x, 'to/be/set')}",
	} {
		tmpl := eval.MustCompile(src)
		traps := tmpl.Traps()
		require.Len(t, traps, 1, src)
		_, err := tmpl.Render(scope.New(map[string]any{"row": map[string]any{}}))
		var e *eval.Error
		require.ErrorAs(t, err, &e, src)
		require.Equal(t, traps[0].Reason, e.Reason, src)
		require.Equal(t, traps[0].Subject, e.Subject, src)
		require.Equal(t, "${"+src[2:len(src)-1]+"}: "+traps[0].Message(), err.Error(), src)
		require.NotContains(t, err.Error(), "use default(", src)
		require.Contains(t, err.Error(), "in quotes for the text", src)

		tmpl = eval.MustCompile(fixed)
		require.Empty(t, tmpl.Traps(), fixed)
		_, err = tmpl.Render(scope.New(map[string]any{"row": map[string]any{}}))
		require.NoError(t, err, fixed)
	}
	// With the words' variables in the data it is arithmetic, as written.
	got, err := eval.MustCompile("${default(row.x, N/A)}").Render(scope.New(map[string]any{"N": 6, "A": 3}))
	require.NoError(t, err)
	require.Equal(t, "2", got)
	// An empty operand elsewhere keeps D7's hint.
	_, err = eval.MustCompile("${default(row.x, 0) + n}").Render(scope.New(nil))
	require.EqualError(t, err, "${default(row.x, 0) + n}: n is empty; use default(n, 0)")
}

// F3, D26, D44: the warning of a quoted right side of `in` with commas
// names both fixes, and each, followed, holds for the data where the line
// as written is quietly false.
func TestTrapQuotedInFixes(t *testing.T) {
	s := trapScope()
	c, err := eval.CompileCondition("not ${row.Status} in 'Overdue, Paid'")
	require.NoError(t, err)
	require.Len(t, c.Traps(), 1)
	require.Contains(t, c.Traps()[0].Message(), "is one item, commas kept")
	for _, fixed := range []string{"not ${row.Status} in 'Overdue', 'Paid'", "not ${row.Status} in Overdue, Paid"} {
		require.Contains(t, c.Traps()[0].Message(), strings.TrimPrefix(fixed, "not ${row.Status} "))
		f, err := eval.CompileCondition(fixed, eval.Strict())
		require.NoError(t, err, fixed)
		require.Empty(t, f.Traps(), fixed)
		ok, err := f.Test(s)
		require.NoError(t, err)
		require.False(t, ok, fixed)
	}
	ok, err := c.Test(s)
	require.NoError(t, err)
	require.True(t, ok, "as written, the one item is not Overdue")
}

// A quoted list in brackets (`in '(a, b)'`) is one item too; the fixes
// leave the brackets out, as bracketed-in's does, so that neither, followed,
// is a trap of its own (D49).
func TestTrapQuotedInBracketed(t *testing.T) {
	s := trapScope()
	for _, line := range []string{"${row.Status} in '(Overdue, Paid)'", `${row.Status} in "[Overdue, Paid]"`} {
		c, err := eval.CompileCondition(line)
		require.NoError(t, err)
		traps := c.Traps()
		require.Len(t, traps, 1, line)
		require.Equal(t, eval.TrapQuotedIn, traps[0].Kind, line)
		require.Contains(t, traps[0].Message(), " or in Overdue, Paid", line)
		for _, fixed := range []string{"${row.Status} in Overdue, Paid", "${row.Status} in 'Overdue', 'Paid'", `${row.Status} in "Overdue", "Paid"`} {
			if !strings.Contains(traps[0].Message(), strings.TrimPrefix(fixed, "${row.Status} ")) {
				continue
			}
			f, err := eval.CompileCondition(fixed)
			require.NoError(t, err, fixed)
			require.Empty(t, f.Traps(), fixed)
			ok, err := f.Test(s)
			require.NoError(t, err)
			require.True(t, ok, fixed)
		}
	}
}

// D44, D49: a bare word as the value a function works on (its first) is
// meant as a variable: the trap names a variable of the data first, since
// quotes would make the call's result fixed (default('x', 'n/a') is always
// 'x'), and D44's quotes second; a bare word as any other value has the
// quotes as its fix.
func TestBareWordWorkedOn(t *testing.T) {
	for src, variable := range map[string]bool{
		"${default(x, 'n/a')}":        true,
		"${upper(zzz)}":               true,
		"${len(items)}":               true,
		"${default(row.Email, none)}": false,
		"${replace(row.x, Ltd, '')}":  false,
		"${join(row.ids, sep)}":       false,
	} {
		traps := eval.MustCompile(src).Traps()
		require.Len(t, traps, 1, src)
		require.Equal(t, eval.TrapBareWord, traps[0].Kind, src)
		require.Equal(t, variable, traps[0].Variable, src)
		if variable {
			require.Contains(t, traps[0].Reason, "; write the name of a variable of the data, or write '", src)
		} else {
			require.Contains(t, traps[0].Reason, "in quotes for the text", src)
		}
	}
	// Followed, the fix (a variable of the data) gives its value, where
	// the quotes would give 'x' whatever the data.
	s := scope.New(map[string]any{"row": map[string]any{"Email": "a@b.c"}})
	got, err := eval.MustCompile("${default(row.Email, 'n/a')}").Render(s)
	require.NoError(t, err)
	require.Equal(t, "a@b.c", got)
	got, err = eval.MustCompile("${default('x', 'n/a')}").Render(s)
	require.NoError(t, err)
	require.Equal(t, "x", got)
}

// D29, D44, D49: `in` with its right side in brackets, as another
// language writes a list, is quietly false (quietly true after not): the
// brackets are part of the first and last items. The warning's fix,
// followed, keeps the not and gives the membership.
func TestTrapBracketedIn(t *testing.T) {
	s := scope.New(map[string]any{"s": "a", "b": "b", "ids": []any{"x", "a"}, "n": 5})
	for line, fix := range map[string]string{
		"${s} in (a, b)":                  "${s} in a, b",
		"${s} in [a, b]":                  "${s} in a, b",
		"${s} in [a,b,c]":                 "${s} in a,b,c",
		"${s} in [a]":                     "${s} in a",
		"${s} in ('a', 'b')":              "${s} in 'a', 'b'",
		`${s} in ["a", "b"]`:              `${s} in "a", "b"`,
		"${s} in (${b}, a)":               "${s} in ${b}, a",
		"${s} in [${ids}]":                "${s} in ${ids}",
		"not ${s} in (a, y)":              "not ${s} in a, y",
		"${s} IN (a, b) and ${n} > 1":     "${s} in a, b",
		"not ${s} in [a, y] or ${n} > 10": "not ${s} in a, y",
		"${n} > 10 or not ${s} in (a, y)": "not ${s} in a, y",
		"${s} in ( a , b ) and ${n} == 5": "${s} in a , b",
	} {
		c, err := eval.CompileCondition(line)
		require.NoError(t, err, line)
		traps := c.Traps()
		require.Len(t, traps, 1, "%s: %+v", line, traps)
		require.Equal(t, eval.TrapBracketedIn, traps[0].Kind, line)
		require.True(t, strings.HasSuffix(traps[0].Message(), "; write "+fix), "%s: %s", line, traps[0].Message())
		before, err := c.Test(s)
		require.NoError(t, err, line)

		// The fix written in place of the part it names.
		from, to := traps[0].Offset, traps[0].End
		right := strings.TrimSpace(line[from+1 : to-1])
		fixed := line[:from] + right + line[to:]
		require.Contains(t, strings.ToLower(fixed), strings.ToLower(fix), line)
		f, err := eval.CompileCondition(fixed)
		require.NoError(t, err, fixed)
		require.Empty(t, f.Traps(), fixed)
		after, err := f.Test(s)
		require.NoError(t, err, fixed)
		require.NotEqual(t, before, after, "%s is quietly wrong, the fix %s is not", line, fixed)
	}
}

// D44, D49: a condition word glued to the } before it is text, so a line
// that goes on with and / or is one comparison, quietly wrong; the trap
// (and not andOrText's advice to quote) names the space, and the line it
// gives holds as meant.
func TestTrapGluedWord(t *testing.T) {
	s := scope.New(map[string]any{"s": "a", "n": 5})
	for line, fixed := range map[string]string{
		"${s}contains a and ${n} == 5":   "${s} contains a and ${n} == 5",
		"${n} == 4 or ${s}in a, b":       "${n} == 4 or ${s} in a, b",
		"${s}IS NOT EMPTY and ${n} == 5": "${s} IS NOT EMPTY and ${n} == 5",
		"not ${s}in a, y and ${n} == 5":  "not ${s} in a, y and ${n} == 5",
		// and / or glued to the ${ after them, or to the } before them
		"${n}==5 and${s} == a":  "${n}==5 and ${s} == a",
		"${n} == 4 or${s} == a": "${n} == 4 or ${s} == a",
		"${s}and ${n} == 5":     "${s} and ${n} == 5",
	} {
		c, err := eval.CompileCondition(line)
		require.NoError(t, err, line)
		traps := c.Traps()
		require.Len(t, traps, 1, "%s: %+v", line, traps)
		require.Equal(t, eval.TrapGluedWord, traps[0].Kind, line)
		require.True(t, strings.HasSuffix(traps[0].Message(), ": "+fixed), traps[0].Message())
		before, err := c.Test(s)
		require.NoError(t, err, line)
		f, err := eval.CompileCondition(fixed)
		require.NoError(t, err, fixed)
		require.Empty(t, f.Traps(), fixed)
		after, err := f.Test(s)
		require.NoError(t, err, fixed)
		require.NotEqual(t, before, after, "%s is quietly wrong, the fix %s is not", line, fixed)
	}
}

// D44 with D9: `$name` left as text is a trap for every name the language
// has, Unicode's too, and its span and fix hold the whole path: a Thai
// name, a key with combining marks, a letter before `$` that makes it
// part of a word.
func TestTrapDollarUnicodeNames(t *testing.T) {
	for text, want := range map[string]string{
		"ราคา $row.ชื่อ บาท": "$row.ชื่อ",
		"$ชื่อ บาท":          "$ชื่อ",
		"$row.náme":          "$row.náme",
		"$row.ne\u0301":      "$row.ne\u0301", // e and a combining acute
		"($ลูกค้า.ยอด)":      "$ลูกค้า.ยอด",
		"฿$ยอด":              "$ยอด", // a currency sign is no letter
	} {
		traps := eval.MustCompile(text).Traps()
		require.Len(t, traps, 1, text)
		require.Equal(t, eval.TrapDollar, traps[0].Kind, text)
		require.Equal(t, want, text[traps[0].Offset:traps[0].End], text)
		require.Contains(t, traps[0].Message(), "write ${"+want[1:]+"}", text)
	}
	// `$` after a letter or a mark is inside a word; before a digit or a
	// mark it starts no name.
	for _, text := range []string{"ราคา$x", "น้ำ$x", "US$5", "$\u0e49x", "$๑๒"} {
		require.Empty(t, eval.MustCompile(text).Traps(), text)
	}
}

// D38: inside an expression, a `.` followed by white space (`row.St.
// Name`) reads as two keys, St and then Name of it, and is quietly empty
// where the author meant the key `St. Name`: the same trap as a lone
// `${row.Policy No.}`, naming the quoted form, which reads the key when
// followed. A `.` that a name follows directly is a path, no trap.
func TestTrapCutKeyInExpression(t *testing.T) {
	s := scope.New(map[string]any{"row": map[string]any{"St. Name": "Main", "No. Items": "3", "a": map[string]any{"b. c": "x"}}})
	for _, tc := range []struct{ src, span, fix, fixed, want string }{
		{"${len(row.St. Name)}", "St. Name", "write row['St. Name']", "${len(row['St. Name'])}", "4"},
		{"${number(row.No. Items) * 2}", "No. Items", "write row['No. Items']", "${number(row['No. Items']) * 2}", "6"},
		{"${default(row.a.b. c, 'n/a')}", "b. c", "write row.a['b. c']", "${default(row.a['b. c'], 'n/a')}", "x"},
	} {
		tm, err := eval.Compile(tc.src)
		require.NoError(t, err, tc.src)
		traps := tm.Traps()
		require.Len(t, traps, 1, "%s: %+v", tc.src, traps)
		require.Equal(t, eval.TrapCutKey, traps[0].Kind)
		require.Equal(t, tc.span, tc.src[traps[0].Offset:traps[0].End])
		require.Contains(t, traps[0].Message(), "has a '.' that cuts the path")
		require.Contains(t, traps[0].Message(), tc.fix)
		require.True(t, traps[0].Applies(s))
		fixed := eval.MustCompile(tc.fixed)
		require.Empty(t, fixed.Traps(), tc.fixed)
		got, err := fixed.Render(s)
		require.NoError(t, err)
		require.Equal(t, tc.want, got, tc.fixed)
	}
	for _, src := range []string{"${len(row.a.b)}", "${row.a .b}", "${len(row. a)}", "${len(config.email.to)}", "${upper(env.HOME. x)}"} {
		require.Empty(t, eval.MustCompile(src).Traps(), src)
	}
}

// D12, D44: a placeholder with nothing inside, or with nothing before its
// first `.`, never reads a variable (not even a host key of that text),
// so it is a trap that spans the whole placeholder; a number (`.5`), an
// expression or a syntax error is told as such instead.
func TestTrapEmpty(t *testing.T) {
	data := scope.New(map[string]any{"": "e", ".x": "v", "...": "d", "x": "w"})
	for _, text := range []string{"${}", "${ }", "${\t}", "${.}", "${ . }", "${...}", "${.x}", "${.x.y}", "${. x}"} {
		tm, err := eval.Compile("a " + text + " b")
		require.NoError(t, err, text)
		traps := tm.Traps()
		require.Len(t, traps, 1, text)
		require.Equal(t, eval.TrapEmpty, traps[0].Kind, text)
		require.Equal(t, text, ("a " + text + " b")[traps[0].Offset:traps[0].End])
		require.True(t, traps[0].Applies(data))
		out, err := tm.Render(data)
		require.NoError(t, err, text)
		require.Equal(t, "a  b", out, "%s reads nothing, whatever the data", text)
	}
	for _, text := range []string{"${.5}", "${.x + 1}", "${x}", "${x.}", "${' '}"} {
		for _, tr := range eval.MustCompile(text).Traps() {
			require.NotEqual(t, eval.TrapEmpty, tr.Kind, text)
		}
	}
}

// Curly quotes pasted from a word processor, a chat app or a phone are
// text, not quotes (D26): a value written in them is compared with them,
// quietly false. The trap names straight quotes, and the line written
// with them holds (D49).
func TestTrapCurlyQuotes(t *testing.T) {
	s := trapScope()
	for line, fixed := range map[string]string{
		"${row.Status} == ‘Overdue’":                         "${row.Status} == 'Overdue'",
		"${row.Status} == «Overdue»":                         "${row.Status} == 'Overdue'",
		"${row.Status} == „Overdue“ and ${row.Kind} == Paid": "${row.Status} == 'Overdue' and ${row.Kind} == Paid",
		"${row.Status} in “Paid”, “Overdue”":                 "${row.Status} in 'Paid', 'Overdue'",
		"${row.Company} == “Johnson and Johnson”":            "${row.Company} == 'Johnson and Johnson'",
		"${row.Status} contains “due”":                       "${row.Status} contains 'due'",
		"${row.Kind} != “Paid”":                              "${row.Kind} != 'Paid'",
	} {
		c, err := eval.CompileCondition(line)
		require.NoError(t, err, line)
		traps := c.Traps()
		require.NotEmpty(t, traps, line)
		for _, tr := range traps {
			require.Equal(t, eval.TrapCurlyQuotes, tr.Kind, line)
			require.Contains(t, tr.Message(), "are text, not quotes", line)
		}
		require.True(t, strings.HasSuffix(traps[0].Message(), ": "+fixed), "%s: %s", line, traps[0].Message())
		before, err := c.Test(s)
		require.NoError(t, err)
		f := eval.MustCompileCondition(fixed)
		require.Empty(t, f.Traps(), fixed)
		after, err := f.Test(s)
		require.NoError(t, err)
		require.NotEqual(t, before, after, line)
	}
	// An apostrophe in a word, a quoted side, a curly quote inside text:
	// no trap.
	for _, line := range []string{
		"${row.Company} == O’Brien", "${row.Company} == ’90s", "${row.Company} == 'It’s “ok”'",
		"${row.Company} == a “b” c", "${row.Company} == “", "${row.Company} == “${row.Kind}”",
	} {
		require.Empty(t, eval.MustCompileCondition(line).Traps(), line)
	}
}

// A text in curly quotes that holds both ' and " cannot be quoted in a
// condition (a quoted side has no escapes, D26): the fix writes it bare,
// which a side reads as written, trimmed, and which works (D49); never
// `"It's "a""`, which does not compile.
func TestTrapCurlyQuotesBothQuotes(t *testing.T) {
	s := scope.New(map[string]any{"row": map[string]any{"Title": `It's "a"`}})
	line := "${row.Title} == “It's \"a\"”"
	c := eval.MustCompileCondition(line)
	traps := c.Traps()
	require.Len(t, traps, 1)
	require.Equal(t, eval.TrapCurlyQuotes, traps[0].Kind)
	fixed := "${row.Title} == It's \"a\""
	require.True(t, strings.HasSuffix(traps[0].Message(), ": "+fixed), traps[0].Message())
	before, err := c.Test(s)
	require.NoError(t, err)
	require.False(t, before)
	after, err := eval.MustCompileCondition(fixed).Test(s)
	require.NoError(t, err)
	require.True(t, after)
	// Bare, it would start a quote: no fix is written then, rather than
	// one that is wrong.
	for _, line := range []string{"${row.Title} == “'It's \"a\"”", "${row.Title} == “ It's \"a\"”"} {
		traps := eval.MustCompileCondition(line).Traps()
		require.Len(t, traps, 1, line)
		require.True(t, strings.HasSuffix(traps[0].Message(), "; write the text without them"), traps[0].Message())
	}
}

// A value in curly quotes that the data holds, quotes and all (a note
// “VIP” in the sheet), is meant: the trap does not hold on that data,
// since the fix's straight quotes would make the comparison false (D49).
// It holds without data, and where the data holds the value without them.
func TestTrapCurlyQuotesInData(t *testing.T) {
	ctx := context.Background()
	curly := scope.New(map[string]any{"row": map[string]any{"note": "“VIP”", "q": "« oui »", "tags": "a “VIP” member"}})
	plain := scope.New(map[string]any{"row": map[string]any{"note": "VIP", "q": "oui", "tags": "a VIP member"}})
	for _, line := range []string{
		"${row.note} == “VIP”", "${row.note} != “VIP”", "${row.note} in “VIP”, Gold", "${row.tags} contains “VIP”",
		"${row.q} == « oui »", "${row.note} == “vip” and ${row.q} == « oui »",
	} {
		c := eval.MustCompileCondition(line)
		traps := c.Traps()
		require.NotEmpty(t, traps, line)
		for _, tr := range traps {
			require.Equal(t, eval.TrapCurlyQuotes, tr.Kind, line)
			require.True(t, c.TrapHolds(ctx, nil, tr, nil), line)
			require.True(t, c.TrapHolds(ctx, nil, tr, plain), line)
			require.False(t, c.TrapHolds(ctx, nil, tr, curly), line)
			require.False(t, c.TrapHolds(ctx, &eval.Evaluator{}, tr, curly), line)
		}
	}
	// As written, the line holds on the data with the curly quotes.
	ok, err := eval.MustCompileCondition("${row.note} == “VIP”").Test(curly)
	require.NoError(t, err)
	require.True(t, ok)
	// Data that writes its values in the same curly quotes (“Gold”) means
	// them too; an item of `in` that the row does not hold is no trap then.
	gold := scope.New(map[string]any{"row": map[string]any{"note": "“Gold”"}})
	c := eval.MustCompileCondition("${row.note} in “VIP”, “Gold”")
	for _, tr := range c.Traps() {
		require.False(t, c.TrapHolds(ctx, nil, tr, gold), tr.Message())
	}
	// Items joined by a full-width comma that the data holds as one text
	// (`A、B`): meant; where the row holds one item, the trap holds.
	c = eval.MustCompileCondition("${row.note} in A、B")
	traps := c.Traps()
	require.Len(t, traps, 1)
	require.Equal(t, "A、B", traps[0].Literal)
	require.False(t, c.TrapHolds(ctx, nil, traps[0], scope.New(map[string]any{"row": map[string]any{"note": "A、B"}})))
	require.True(t, c.TrapHolds(ctx, nil, traps[0], scope.New(map[string]any{"row": map[string]any{"note": "B"}})))
	require.True(t, c.TrapHolds(ctx, nil, traps[0], nil))
}

// A test after and/or written with an operator of typography or of an
// input method (≥, ＞＝) is no comparison, so the line is one, quietly
// false: the trap names the sign and writes the line with the operator,
// which holds when followed (D49), not "write each test as a comparison".
func TestTrapAndOrLookalikeOperator(t *testing.T) {
	s := scope.New(map[string]any{"row": map[string]any{"city": "東京", "total": 5}})
	for line, want := range map[string]string{
		"${row.city} == 東京 and ${row.total} ≥ 3":  "≥ is no operator of the language; write ${row.city} == 東京 and ${row.total} >= 3",
		"${row.city} == 東京 and ${row.total} ＞＝ 3": "＞＝ is no operator of the language; write ${row.city} == 東京 and ${row.total} >= 3",
		"${row.city} == 大阪 or ${row.total} ＞ 3":   "＞ is no operator of the language; write ${row.city} == 大阪 or ${row.total} > 3",
	} {
		c := eval.MustCompileCondition(line)
		traps := c.Traps()
		require.Len(t, traps, 1, line)
		require.Equal(t, eval.TrapAndOrText, traps[0].Kind)
		require.True(t, strings.HasSuffix(traps[0].Reason, want), traps[0].Reason)
		ok, err := c.Test(s)
		require.NoError(t, err)
		require.False(t, ok, line)
		fixed := eval.MustCompileCondition(want[strings.LastIndex(want, "; write ")+len("; write "):])
		require.Empty(t, fixed.Traps())
		ok, err = fixed.Test(s)
		require.NoError(t, err)
		require.True(t, ok, line)
	}
}

// The full-width ＆＆ and ｜｜ of an input method are the traps of && and
// ||: one comparison with the text after them; the fix writes and, or.
func TestTrapFullWidthAndOr(t *testing.T) {
	s := trapScope()
	for line, fixed := range map[string]string{
		"${row.Status} == Overdue ＆＆ ${row['Days Late']} > 21": "${row.Status} == Overdue and ${row['Days Late']} > 21",
		"${row.Status} == Paid ｜｜ ${row.Status} == Overdue":    "${row.Status} == Paid or ${row.Status} == Overdue",
	} {
		c := eval.MustCompileCondition(line)
		traps := c.Traps()
		require.Len(t, traps, 1, line)
		require.Contains(t, []eval.TrapKind{eval.TrapAndAnd, eval.TrapOrOr}, traps[0].Kind)
		// The trap spans the two full-width signs whole (3 bytes each),
		// never ending inside one: the editor and validate place it there.
		require.Contains(t, []string{"＆＆", "｜｜"}, line[traps[0].Offset:traps[0].End], line)
		require.True(t, strings.HasSuffix(traps[0].Message(), ": "+fixed), traps[0].Message())
		before, err := c.Test(s)
		require.NoError(t, err)
		after, err := eval.MustCompileCondition(fixed).Test(s)
		require.NoError(t, err)
		require.NotEqual(t, before, after, line)
	}
}

// A sign pasted from a word processor or typed with an input method in a
// placeholder that has no expression syntax makes it a name, read as a
// missing variable: a trap, whose fix (the placeholder with the plain
// sign) gives the value meant (D49). A lookup that works wins (E1): with
// a variable of that name, it is no trap.
func TestTrapPasted(t *testing.T) {
	s := scope.New(map[string]any{"x": 5, "name": "ann", "row": map[string]any{"status": "Active"}})
	for text, want := range map[string]string{
		"${x − 1}":            "4",
		"${x – 1}":            "4",
		"${−x}":               "-5",
		"${x × 2}":            "10",
		"${x ÷ 2}":            "2.5",
		"${x ＋ 1}":            "6",
		"${upper（name）}":      "ANN",
		"${“abc”}":            "abc",
		"${x\u200b}":          "5",
		"${row.status\ufeff}": "Active",
	} {
		tpl := eval.MustCompile(text)
		traps := tpl.Traps()
		require.Len(t, traps, 1, text)
		tr := traps[0]
		require.Equal(t, eval.TrapPasted, tr.Kind, text)
		require.True(t, tr.Applies(nil), text)
		i := strings.LastIndex(tr.Reason, "; write ")
		require.Greater(t, i, 0, tr.Reason)
		out, err := eval.MustCompile(tr.Reason[i+len("; write "):]).Render(s)
		require.NoError(t, err, tr.Reason)
		require.Equal(t, want, out, "%s: %s", text, tr.Reason)
	}
	require.Contains(t, eval.MustCompile("${x − 1}").Traps()[0].Message(),
		"x − 1: this is read as a variable 'x − 1', so it is empty: it has the minus sign − (U+2212), which is no sign of the language; write ${x - 1}")
	// A placeholder that a pasted character keeps from being one is text,
	// shown as written: the trap's fix is the placeholder written plain.
	for text, want := range map[string]string{
		"Hi $\u00a0{name}!":        "Hi ann!",
		"Hi $\u200b{name}!":        "Hi ann!",
		"Hi ＄｛name｝!":              "Hi ann!",
		"Hi $｛ name }!":            "Hi ann!",
		"Hi ＄{upper（name）}!":       "Hi ANN!",
		"${x} $\u3000{row.status}": "5 Active",
	} {
		traps := eval.MustCompile(text).Traps()
		require.Len(t, traps, 1, text)
		require.Equal(t, eval.TrapPasted, traps[0].Kind, text)
		require.True(t, traps[0].Applies(s), text)
		i := strings.LastIndex(traps[0].Reason, "; write ")
		fix := traps[0].Reason[i+len("; write "):]
		fixed := text[:traps[0].Offset] + fix + text[traps[0].End:]
		out, err := eval.MustCompile(fixed).Render(s)
		require.NoError(t, err, fixed)
		require.Equal(t, want, out, "%s -> %s", text, fixed)
	}
	for _, text := range []string{"US$5", "＄5 and ＄ 10", "$ {x}", "$\u00a0{}", "price $\u00a05", "＄｛"} {
		require.Empty(t, eval.MustCompile(text).Traps(), text)
	}
	// A variable of that name is read: no trap.
	tr := eval.MustCompile("${x − 1}").Traps()[0]
	require.False(t, tr.Applies(scope.New(map[string]any{"x − 1": 3})))
	// An invisible character between letters may stand for a space: the
	// fix would be a guess. A key with a no-break space is a lookup of its
	// own, and a text that is no expression with plain signs is no trap.
	for _, text := range []string{"${row.First\u200bName}", "${row.First\u00a0Name}", "${a – b – c d}", "${O’Brien}", "${row.Jan – Mar}", "${row.Total × 2}", "${row.Rate（%）}"} {
		require.Empty(t, eval.MustCompile(text).Traps(), text)
	}
	// Full-width parentheses after a name that is no function are part of
	// a name (a sheet's `金額（円）`, as `ราคา (บาท)`): the plain ones would
	// call an unknown function, a fix that fails when followed (D49).
	for _, text := range []string{"${金額（円）}", "${ราคา（บาท）}", "${Total（THB）}", "${a（b） + 1}"} {
		require.Empty(t, eval.MustCompile(text).Traps(), text)
	}
	out, err := eval.MustCompile("${金額（円）}").Render(scope.New(map[string]any{"金額（円）": 5}))
	require.NoError(t, err)
	require.Equal(t, "5", out)
}

// In a condition, an invisible character pasted where a space was meant
// glues a word to the text, and the full-width comma of an input method
// separates no items: each is a pasted trap whatever the data, whose fix
// gives the value meant (D49).
func TestTrapPastedCondition(t *testing.T) {
	s := trapScope()
	for line, fixed := range map[string]string{
		"${row.Status} == Overdue\u200band ${row.Kind} == Paid": "${row.Status} == Overdue and ${row.Kind} == Paid",
		"${row.Kind} == Draft or\ufeff${row.Status} == Overdue": "${row.Kind} == Draft or ${row.Status} == Overdue",
		"${row.Status} in Paid，Overdue":                         "${row.Status} in Paid, Overdue",
		"not ${row.Status} in Paid、Overdue, Draft":              "not ${row.Status} in Paid, Overdue, Draft",
	} {
		c := eval.MustCompileCondition(line)
		traps := c.Traps()
		require.Len(t, traps, 1, line)
		require.Equal(t, eval.TrapPasted, traps[0].Kind, line)
		require.True(t, traps[0].Applies(s), line)
		require.True(t, strings.HasSuffix(traps[0].Message(), fixed), "%s: %s", line, traps[0].Message())
		before, err := c.Test(s)
		require.NoError(t, err)
		f := eval.MustCompileCondition(fixed)
		require.Empty(t, f.Traps(), fixed)
		after, err := f.Test(s)
		require.NoError(t, err)
		require.NotEqual(t, before, after, line)
	}
	// An invisible character where no space makes parts, and a wide
	// comma in quoted text: no trap.
	for _, line := range []string{"${row.Status} == Over\u200bdue", "${row.Status} in 'Paid，Overdue'", "${row.Status} == Paid，Overdue"} {
		require.Empty(t, eval.MustCompileCondition(line).Traps(), line)
	}
}

// The curly-quotes trap and the full-width-comma trap read the items of
// `in` one way: a ， inside an item in curly quotes (‘b，c’) is the
// item's, and a ， between items in curly quotes (‘a’，‘b’) separates
// them. Each trap names the same line, and that line, followed, has the
// value meant on each row (D49): never `in ‘a’, ‘b, c’`, which keeps the
// curly quotes and splits a quoted item.
func TestTrapCurlyQuotesWideCommasAgree(t *testing.T) {
	for _, c := range []struct {
		line, fixed string
		kinds       []eval.TrapKind
		meant       map[string]bool // x: the value meant
	}{
		{"${x} in ‘a’, ‘b，c’", "${x} in 'a', 'b，c'", []eval.TrapKind{eval.TrapCurlyQuotes, eval.TrapCurlyQuotes},
			map[string]bool{"a": true, "b，c": true, "b": false, "c": false}},
		{"${x} in ‘a’，‘b’", "${x} in 'a', 'b'", []eval.TrapKind{eval.TrapPasted, eval.TrapCurlyQuotes, eval.TrapCurlyQuotes},
			map[string]bool{"a": true, "b": true, "c": false}},
		{"${x} in “a”、b", "${x} in 'a', b", []eval.TrapKind{eval.TrapPasted, eval.TrapCurlyQuotes},
			map[string]bool{"a": true, "b": true, "“a”": false}},
		{"not ${x} in “a”、“b”, c", "not ${x} in 'a', 'b', c", []eval.TrapKind{eval.TrapPasted, eval.TrapCurlyQuotes, eval.TrapCurlyQuotes},
			map[string]bool{"a": false, "b": false, "c": false, "d": true}},
		{"${x} in ‘Rock’n’roll’，‘b’", "${x} in 'Rock’n’roll', 'b'", []eval.TrapKind{eval.TrapPasted, eval.TrapCurlyQuotes, eval.TrapCurlyQuotes},
			map[string]bool{"Rock’n’roll": true, "b": true, "Rock": false}},
		{"${x} in ‘a，b’", "${x} in 'a，b'", []eval.TrapKind{eval.TrapCurlyQuotes},
			map[string]bool{"a，b": true, "a": false}},
		{"${x} == “Hello, world”", "${x} == 'Hello, world'", []eval.TrapKind{eval.TrapCurlyQuotes},
			map[string]bool{"Hello, world": true, "Hello": false}},
	} {
		cond := eval.MustCompileCondition(c.line)
		traps := cond.Traps()
		var kinds []eval.TrapKind
		for _, tr := range traps {
			kinds = append(kinds, tr.Kind)
			require.True(t, strings.HasSuffix(tr.Message(), " "+c.fixed), "%s: %s", c.line, tr.Message())
		}
		require.Equal(t, c.kinds, kinds, c.line)
		requireFixMeant(t, cond, c.fixed, c.meant)
	}
}

// requireFixDiffers checks a trap's fix on one row (D49): the line
// fixed has no trap, warning or row trap, and on s it gives another
// result than line as written, which was quietly wrong there.
func requireFixDiffers(t *testing.T, s *scope.Scope, line string, cond *eval.Condition, fixed string) {
	t.Helper()
	f := eval.MustCompileCondition(fixed)
	require.Empty(t, append(f.Traps(), f.RowTraps()...), fixed)
	before, err := cond.Test(s)
	require.NoError(t, err)
	after, err := f.Test(s)
	require.NoError(t, err)
	require.NotEqual(t, before, after, line)
}

// requireFixMeant checks a trap's fix (D49): the line fixed has no trap
// and, for each value of x, the value meant, and on at least one the line
// as written had another.
func requireFixMeant(t *testing.T, cond *eval.Condition, fixed string, meant map[string]bool) {
	t.Helper()
	f := eval.MustCompileCondition(fixed)
	require.Empty(t, f.Traps(), fixed)
	changed := false
	for x, want := range meant {
		s := scope.New(map[string]any{"x": x})
		got, err := f.Test(s)
		require.NoError(t, err)
		require.Equal(t, want, got, "%s with x = %s", fixed, x)
		before, err := cond.Test(s)
		require.NoError(t, err)
		changed = changed || before != want
	}
	require.True(t, changed, "%s: the trap changes no value", fixed)
}

// A list trap's text that the row's data holds as one value is meant
// there: `== tea or coffee` where the drink is "tea or coffee", `!= Acme,
// Inc.` where the customer is "Acme, Inc.", `in 'renewal, paid by
// transfer'` where the note is that text. On that row the line means what
// is written and the fix would make it false (D49), so the trap does not
// hold (Condition.TrapHolds); on a row that holds one item, and without
// data, it does.
func TestTrapListTextHeldByData(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		line, kind, literal, held, item string
		holds                           bool // the line on the row that holds the text
	}{
		{"${row.v} == tea or coffee", string(eval.TrapOrWords), "tea or coffee", "tea or coffee", "tea", true},
		{"${row.v} != Acme, Inc.", string(eval.TrapNotList), "Acme, Inc.", "Acme, Inc.", "Acme", false},
		{"${row.v} in 'renewal, paid by transfer'", string(eval.TrapQuotedIn), "renewal, paid by transfer", "renewal, paid by transfer", "renewal", true},
	} {
		cond := eval.MustCompileCondition(c.line)
		traps := cond.Traps()
		require.Len(t, traps, 1, c.line)
		tr := traps[0]
		require.Equal(t, c.kind, string(tr.Kind), c.line)
		require.Equal(t, c.literal, tr.Literal, c.line)
		held := scope.New(map[string]any{"row": map[string]any{"v": c.held}})
		item := scope.New(map[string]any{"row": map[string]any{"v": c.item}})
		require.False(t, cond.TrapHolds(ctx, nil, tr, held), c.line)
		require.False(t, cond.TrapHolds(ctx, &eval.Evaluator{}, tr, held), c.line)
		require.True(t, cond.TrapHolds(ctx, nil, tr, item), c.line)
		require.True(t, cond.TrapHolds(ctx, nil, tr, nil), c.line)
		ok, err := cond.Test(held)
		require.NoError(t, err)
		require.Equal(t, c.holds, ok, c.line)
	}
}

// A bracketed item without commas (`in [A]`) and a quoted item after a
// bare first (`in a, 'b'`) are one item each with the brackets or the
// quotes kept: on a row whose value is that text the line is true as
// written and the fix would make it false (D49), so the trap does not
// hold there (Condition.TrapHolds); on a row that holds the item without
// them, it does.
func TestTrapKeptMarksHeldByData(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ line, kind, held, meant string }{
		{"${row.v} in [A]", string(eval.TrapBracketedIn), "[A]", "A"},
		{"${row.v} in a, 'b'", string(eval.TrapQuotedIn), "'b'", "b"},
	} {
		cond := eval.MustCompileCondition(c.line)
		traps := cond.Traps()
		require.Len(t, traps, 1, c.line)
		tr := traps[0]
		require.Equal(t, c.kind, string(tr.Kind), c.line)
		held := scope.New(map[string]any{"row": map[string]any{"v": c.held}})
		meant := scope.New(map[string]any{"row": map[string]any{"v": c.meant}})
		require.False(t, cond.TrapHolds(ctx, nil, tr, held), c.line)
		require.True(t, cond.TrapHolds(ctx, nil, tr, meant), c.line)
		ok, err := cond.Test(held)
		require.NoError(t, err)
		require.True(t, ok, "%s: true as written where the row holds %s", c.line, c.held)
	}
	// With commas the brackets and quotes split the items: no row's value
	// is meant by the line, and the trap holds on each.
	for line, v := range map[string]string{"${row.v} in [A, B]": "[A, B]", "${row.v} in a, 'b, c'": "'b, c'"} {
		cond := eval.MustCompileCondition(line)
		require.Len(t, cond.Traps(), 1, line)
		require.True(t, cond.TrapHolds(ctx, nil, cond.Traps()[0], scope.New(map[string]any{"row": map[string]any{"v": v}})), line)
	}
}

// `== a, b` of one-word items is one comparison with the text `a, b`:
// quietly false for each item (true after not), warned with the fix `in
// a, b` (not kept), which, followed, has the value meant (D44, D49). A
// name with a comma (`Acme, Inc.`, `Johnson & Johnson Co., Ltd.`), a
// number with separators (`1,200`), an item with no letter, a blank item,
// or a quoted side is no such list.
func TestTrapEqList(t *testing.T) {
	for _, c := range []struct {
		line, fixed string
		meant       map[string]bool
	}{
		{"${x} == Due, Lapsed", "${x} in Due, Lapsed", map[string]bool{"Due": true, "Lapsed": true, "Paid": false}},
		{"not ${x} == Due, Lapsed", "not ${x} in Due, Lapsed", map[string]bool{"Due": false, "Lapsed": false, "Paid": true}},
		{"${x} == ชำระแล้ว, ค้างชำระ", "${x} in ชำระแล้ว, ค้างชำระ", map[string]bool{"ชำระแล้ว": true, "ค้างชำระ": true, "x": false}},
		{"${x} == on-hold, new_1 and ${x} != z", "${x} in on-hold, new_1 and ${x} != z", map[string]bool{"on-hold": true, "new_1": true, "z": false}},
	} {
		cond := eval.MustCompileCondition(c.line)
		require.Empty(t, cond.Traps(), c.line)
		traps := cond.RowTraps()
		require.Len(t, traps, 1, c.line)
		require.Equal(t, eval.TrapEqList, traps[0].Kind, c.line)
		fix := strings.TrimSuffix(c.fixed, " and ${x} != z")
		require.True(t, strings.HasSuffix(traps[0].Message(), "write "+fix), "%s: %s", c.line, traps[0].Message())
		requireFixMeant(t, cond, c.fixed, c.meant)
	}
	// `== a, b` may be a name (`Smith, John`): the trap holds only with
	// data, on a row whose value is one of the items.
	ctx := context.Background()
	cond := eval.MustCompileCondition("${x} == Smith, John")
	require.Len(t, cond.RowTraps(), 1)
	tr := cond.RowTraps()[0]
	require.False(t, cond.TrapHolds(ctx, nil, tr, nil), "without data")
	for x, holds := range map[string]bool{"Smith, John": false, "Jones": false, "smith": true, "John": true, "Smith John": false} {
		require.Equal(t, holds, cond.TrapHolds(ctx, nil, tr, scope.New(map[string]any{"x": x})), x)
		require.Equal(t, holds, cond.TrapHolds(ctx, &eval.Evaluator{}, tr, scope.New(map[string]any{"x": x})), x)
	}
	require.False(t, cond.TrapHolds(ctx, nil, tr, scope.New(map[string]any{"y": 1})), "x is empty")
	for _, line := range []string{"${x} == Acme, Inc.", "${x} == Johnson & Johnson Co., Ltd.", "${x} == 1,200", "${x} == Gold, 5",
		"${x} == Due,", "${x} == 'Due, Lapsed'", "${x} == Due, ${y}", "${x} contains Due, Lapsed"} {
		for _, tr := range eval.MustCompileCondition(line).RowTraps() {
			require.NotEqual(t, eval.TrapEqList, tr.Kind, "%s: %s", line, tr.Message())
		}
	}
}

// `== 15000` where the value is `15,000` or `15000 THB` compares text
// (section 5: no number), quietly false; the number-text trap holds only
// with data, on a row whose value number() reads as that number and that
// is no number for == (D44, D49); its fix, number(), then holds.
func TestTrapNumberText(t *testing.T) {
	ctx := context.Background()
	for line, rows := range map[string]map[any]bool{
		"${row.v} == 15000": {"15,000": true, "15000 THB": true, "฿15,000.00": true, " 15000 ": false, "15000": false,
			json.Number("15000"): false, 15000: false, "1,200": false, "abc": false, "": false},
		"${row.v} != 12.5":   {"12.50 บาท": true, "12.5": false, "13 บาท": false},
		"not ${row.v} == -3": {"(3)": true, "-3": false},
		// number() reads the first number of text that holds more than
		// one (a house number 5/1, a time, a date, a fraction, a quarter):
		// the line means what it says there, and the fix would not
		// (value.NumberText, D49)
		"${row.v} == 5":    {"5/1": false, "99/5": false, "5:30": false, "5-7": false, "5 บาท": true},
		"${row.v} == 2026": {"2026/01/15": false, "2026-01-15": false, "Q1 2026": false},
		"${row.v} != 1":    {"1/2": false, "Q1 2026": false, "1 THB": true},
		// a number joined to a letter before it, or by - to one after it,
		// is part of a code (a room A-101, a seat B2), no amount with a
		// unit
		"${row.v} == 101": {"A-101": false, "101-B": false, "B101": false, "ID-101": false, "TH-101": false, "101 บาท": true,
			"101บาท": true, "$101": true, "US$ 101": true},
	} {
		cond := eval.MustCompileCondition(line)
		require.Empty(t, cond.Traps(), line)
		traps := cond.RowTraps()
		require.Len(t, traps, 1, line)
		tr := traps[0]
		require.Equal(t, eval.TrapNumberText, tr.Kind, line)
		require.False(t, cond.TrapHolds(ctx, nil, tr, nil), "%s without data", line)
		fixed := strings.Replace(line, "${row.v}", "${number(row.v)}", 1)
		require.True(t, strings.HasSuffix(tr.Message(), "write "+strings.TrimPrefix(fixed, "not ")), "%s: %s", line, tr.Message())
		f := eval.MustCompileCondition(fixed)
		require.Empty(t, append(f.Traps(), f.RowTraps()...), fixed)
		for v, holds := range rows {
			s := scope.New(map[string]any{"row": map[string]any{"v": v}})
			require.Equal(t, holds, cond.TrapHolds(ctx, nil, tr, s), "%s where v is %#v", line, v)
			if holds {
				before, err := cond.Test(s)
				require.NoError(t, err)
				after, err := f.Test(s)
				require.NoError(t, err)
				require.NotEqual(t, before, after, "%s where v is %#v", fixed, v)
			}
		}
	}
	for _, line := range []string{"${row.v} == '15000'", "${row.v} == 15,000", "${row.v} > 15000", "${row.v} in 15000",
		"${row.a}${row.b} == 15000", "${row.v + 1} == 15000", "${number(row.v)} == 15000", "${row.v} == abc", "15000 == ${row.v}"} {
		for _, tr := range eval.MustCompileCondition(line).RowTraps() {
			require.NotEqual(t, eval.TrapNumberText, tr.Kind, "%s: %s", line, tr.Message())
		}
	}
}

// Values joined by a sign or a word that is no comma (`in Due; Lapsed`,
// `in Due or Lapsed`, `in Due Lapsed`, `== Due | Lapsed`) are one item:
// the sep-list trap holds only with data, on a row whose value is one of
// them, and its fix (commas, the not kept) gives the value meant there
// (D44, D49). == and != take only |, ; and / (`== Mary Ann` and `==
// Johnson and Johnson` are names, `== a or b` is or-words).
func TestTrapSepList(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct {
		line, fixed string
		meant       map[string]bool
	}{
		{"${x} in Due; Lapsed", "${x} in Due, Lapsed", map[string]bool{"Due": true, "Lapsed": true, "Paid": false}},
		{"${x} in Due | On hold", "${x} in Due, On hold", map[string]bool{"Due": true, "On hold": true, "On": false}},
		{"${x} in Due/Lapsed", "${x} in Due, Lapsed", map[string]bool{"Due": true, "Lapsed": true, "Paid": false}},
		{"${x} in S M L", "${x} in S, M, L", map[string]bool{"M": true, "XL": false}},
		{"${x} in Due or Lapsed", "${x} in Due, Lapsed", map[string]bool{"Lapsed": true, "Paid": false}},
		{"not ${x} in Due and Lapsed", "not ${x} in Due, Lapsed", map[string]bool{"Due": false, "Paid": true}},
		{"${x} == Due | Lapsed", "${x} in Due, Lapsed", map[string]bool{"Due": true, "Paid": false}},
		{"${x} != Yes/No", "not ${x} in Yes, No", map[string]bool{"Yes": false, "no": false, "Maybe": true}},
		{"not ${x} != Yes/No", "${x} in Yes, No", map[string]bool{"Yes": true, "Maybe": false}},
	} {
		cond := eval.MustCompileCondition(c.line)
		require.Empty(t, cond.Traps(), c.line)
		var tr eval.Trap // in S M L may also be one item, reversed (TestTrapReversedIn)
		for _, t := range cond.RowTraps() {
			if t.Kind == eval.TrapSepList {
				tr = t
			}
		}
		require.Equal(t, eval.TrapSepList, tr.Kind, c.line)
		require.True(t, strings.HasSuffix(tr.Message(), "write "+c.fixed), "%s: %s", c.line, tr.Message())
		require.False(t, cond.TrapHolds(ctx, nil, tr, nil), "%s without data", c.line)
		f := eval.MustCompileCondition(c.fixed)
		require.Empty(t, append(f.Traps(), f.RowTraps()...), c.fixed)
		for x, want := range c.meant {
			s := scope.New(map[string]any{"x": x})
			got, err := f.Test(s)
			require.NoError(t, err)
			require.Equal(t, want, got, "%s with x = %s", c.fixed, x)
			before, err := cond.Test(s)
			require.NoError(t, err)
			// the trap holds exactly where the line as written is not
			// what was meant
			require.Equal(t, before != want, cond.TrapHolds(ctx, nil, tr, s), "%s with x = %s", c.line, x)
		}
	}
	// A row that holds the whole text means it as written: no trap there.
	cond := eval.MustCompileCondition("${x} in Due/Lapsed")
	require.False(t, cond.TrapHolds(ctx, nil, cond.RowTraps()[0], scope.New(map[string]any{"x": "Due/Lapsed"})))
	for _, line := range []string{"${x} == Mary Ann", "${x} == Johnson and Johnson", "${x} in New York, Boston", "${x} in 'a; b'",
		"${x} in Due;", "${x} == a/", "${x} contains a; b", "${x} in Due, Lapsed", "${x} in Due"} {
		for _, tr := range eval.MustCompileCondition(line).RowTraps() {
			require.NotEqual(t, eval.TrapSepList, tr.Kind, "%s: %s", line, tr.Message())
		}
	}
	// A sign is no value a list is made of (`in a == b`, `in a | | b`), and
	// a line with && or || has its own trap, whose fix is and or or: the
	// fix in a, &&, b would say otherwise (D49).
	for _, line := range []string{"${x} in a && b", "${x} in a; b && c", "${x} in a || b", "${x} in a ＆＆ b", "${x} in a == b",
		"${x} in a | | b", "${x} in a ! b", "${x} in / /"} {
		for _, tr := range eval.MustCompileCondition(line).RowTraps() {
			require.NotEqual(t, eval.TrapSepList, tr.Kind, "%s: %s", line, tr.Message())
		}
	}
	// After == or !=, a / beside a number, a single letter or what is no
	// one word (a domain, a file) is one value
	// a sheet holds as written (a house number 5/1 beside 5, N/A beside a
	// flag N, a size S/M beside S): the line means what it says on every
	// row, and the fix would not (D49).
	for _, line := range []string{"${x} == 5/1", "${x} == 1/2", "${x} != 24/7", "${x} == 15/01/2026", "${x} != N/A", "${x} == S/M",
		"${x} == A-1/B", "${x} == A4/A3", "${x} == 99/12ก", "${x} == example.com/th", "${x} != docs/readme.md", "${x} == Mary Ann/John"} {
		for _, tr := range eval.MustCompileCondition(line).RowTraps() {
			require.NotEqual(t, eval.TrapSepList, tr.Kind, "%s: %s", line, tr.Message())
		}
	}
}

// `${row.tags} in VIP` where the tags are `VIP, Gold`, or a list that
// holds VIP, asks whether the whole of them is VIP: the reversed-in trap
// holds only with data, on such a row, and its fix `VIP in ${row.tags}`
// (not kept) gives the value meant there (D44, D49).
func TestTrapReversedIn(t *testing.T) {
	ctx := context.Background()
	for line, rows := range map[string]map[string]any{
		"${row.tags} in VIP":     {"VIP, Gold": true, "Gold, Silver": false, "VIP": false, "VIP Gold": false, "list": []any{"Gold", "VIP"}},
		"not ${row.tags} in VIP": {"Gold, vip": true, "Gold": false},
		"${row.tags} in Motor 3": {"Motor 1, Motor 3": true, "Motor 1": false},
		"${row['tags']} in ไทย":  {"ไทย, ลาว": true},
	} {
		cond := eval.MustCompileCondition(line)
		require.Empty(t, cond.Traps(), line)
		var tr eval.Trap
		for _, t := range cond.RowTraps() {
			if t.Kind == eval.TrapReversedIn {
				tr = t
			}
		}
		require.Equal(t, eval.TrapReversedIn, tr.Kind, line)
		require.False(t, cond.TrapHolds(ctx, nil, tr, nil), "%s without data", line)
		_, fix, ok := strings.Cut(tr.Message(), "; to ask whether they hold it, write ")
		require.True(t, ok, tr.Message())
		f := eval.MustCompileCondition(fix)
		require.Empty(t, append(f.Traps(), f.RowTraps()...), fix)
		for name, v := range rows {
			if name == "list" {
				name = "a list holding VIP"
			} else {
				v = name
			}
			s := scope.New(map[string]any{"row": map[string]any{"tags": v}})
			holds := cond.TrapHolds(ctx, nil, tr, s)
			before, err := cond.Test(s)
			require.NoError(t, err)
			after, err := f.Test(s)
			require.NoError(t, err)
			require.Equal(t, before != after, holds, "%s where the tags are %s", line, name)
		}
	}
	// A number with separators (`15,000`, `1,500 THB`) is one value, no
	// list of 15 and 000: the line means what it says there, and the fix
	// 15 in ${row.amount} would be true (D49).
	cond := eval.MustCompileCondition("${row.amount} in 15")
	require.Len(t, cond.RowTraps(), 1)
	for _, v := range []string{"15,000", "1,500 THB", "฿15,000.00"} {
		s := scope.New(map[string]any{"row": map[string]any{"amount": v}})
		require.False(t, cond.TrapHolds(ctx, nil, cond.RowTraps()[0], s), v)
	}
	require.True(t, cond.TrapHolds(ctx, nil, cond.RowTraps()[0], scope.New(map[string]any{"row": map[string]any{"amount": "15, 20"}})))
	for _, line := range []string{"${row.tags} in VIP, Gold", "VIP in ${row.tags}", "${row.tags} contains VIP", "${row.a}${row.b} in VIP",
		"${row.tags} in 'VIP'", "${row.tags} == VIP"} {
		for _, tr := range eval.MustCompileCondition(line).RowTraps() {
			require.NotEqual(t, eval.TrapReversedIn, tr.Kind, "%s: %s", line, tr.Message())
		}
	}
}

// D38's and-or trap over a list written with or (`in Due or Lapsed and
// ${n} > 0`, `== Due or Lapsed and ...`) names the list with commas, not
// the words in quotes, one item whose fix would be quietly false where
// the status is Due (D44, D49); != says quietly true, and keeps its not.
func TestTrapAndOrTextOrWordsList(t *testing.T) {
	s := scope.New(map[string]any{"status": "Due", "n": 3})
	for line, fixed := range map[string]string{
		"${status} in Due or Lapsed and ${n} > 0": "${status} in Due, Lapsed and ${n} > 0",
		"${status} == Due or Lapsed and ${n} > 0": "${status} in Due, Lapsed and ${n} > 0",
		"${status} != Due or Lapsed and ${n} > 0": "not ${status} in Due, Lapsed and ${n} > 0",
	} {
		c := eval.MustCompileCondition(line)
		traps := c.Traps()
		require.Len(t, traps, 1, line)
		require.Equal(t, eval.TrapAndOrText, traps[0].Kind, line)
		require.True(t, strings.HasSuffix(traps[0].Message(), "write "+fixed), "%s: %s", line, traps[0].Message())
		before, err := c.Test(s)
		require.NoError(t, err)
		require.Contains(t, traps[0].Message(), "quietly "+strconv.FormatBool(before), line)
		f := eval.MustCompileCondition(fixed)
		require.Empty(t, append(f.Traps(), f.RowTraps()...), fixed)
		after, err := f.Test(s)
		require.NoError(t, err)
		require.NotEqual(t, before, after, line)
	}
}

// `${row.vip} == true` where the sheet holds Yes compares text with the
// text 'true': the bool-text trap holds only with data, on a row where
// the line says other than meant (Yes with true, No with false), and its
// fix, the lone placeholder (not for == false and != true), reads yes as
// true and no as false (D44, D49, section 10).
func TestTrapBoolText(t *testing.T) {
	ctx := context.Background()
	for line, fix := range map[string]string{
		"${row.vip} == true": "${row.vip}", "${row.vip} == FALSE": "not ${row.vip}",
		"${row.vip} != true": "not ${row.vip}", "${row.vip} != false": "${row.vip}",
	} {
		cond := eval.MustCompileCondition(line)
		require.Empty(t, cond.Traps(), line)
		traps := cond.RowTraps()
		require.Len(t, traps, 1, line)
		tr := traps[0]
		require.Equal(t, eval.TrapBoolText, tr.Kind, line)
		require.True(t, strings.HasSuffix(tr.Message(), "write "+fix), "%s: %s", line, tr.Message())
		require.False(t, cond.TrapHolds(ctx, nil, tr, nil), "%s without data", line)
		f := eval.MustCompileCondition(fix)
		require.Empty(t, append(f.Traps(), f.RowTraps()...), fix)
		for _, v := range []any{"Yes", " no ", "YES", "No", "maybe", "", true, false, "TRUE", "false"} {
			s := scope.New(map[string]any{"row": map[string]any{"vip": v}})
			before, err := cond.Test(s)
			require.NoError(t, err)
			holds := cond.TrapHolds(ctx, nil, tr, s)
			w, isText := v.(string)
			w = strings.ToLower(strings.TrimSpace(w))
			if !isText || w != "yes" && w != "no" {
				require.False(t, holds, "%s where vip is %#v", line, v)
				continue
			}
			// on yes or no the fix reads the value as meant: the trap
			// holds exactly where the line as written says otherwise
			meant, err := f.Test(s)
			require.NoError(t, err)
			require.Equal(t, before != meant, holds, "%s where vip is %#v", line, v)
		}
	}
	for _, line := range []string{"not ${row.vip} == true", "${row.vip} == yes", "${row.a}${row.b} == true", "${row.vip} == 'true'"} {
		for _, tr := range eval.MustCompileCondition(line).RowTraps() {
			require.NotEqual(t, eval.TrapBoolText, tr.Kind, "%s: %s", line, tr.Message())
		}
	}
}

// A `;` that is the whole value compared, or the whole last item of `in`,
// is meant: leaving it out, as the trap says, would leave the comparison
// without its value (D49). A `;` after a value is still the trap.
func TestTrapSemicolonIsTheValue(t *testing.T) {
	s := scope.New(map[string]any{"row": map[string]any{"note": "a; b", "sep": ";"}})
	for line, want := range map[string]bool{
		"${row.note} contains ;": true,
		"${row.sep} == ;":        true,
		"${row.sep} in comma, ;": true,
		"${row.sep} != ;":        false,
	} {
		c := eval.MustCompileCondition(line)
		require.Empty(t, c.Traps(), line)
		ok, err := c.Test(s)
		require.NoError(t, err, line)
		require.Equal(t, want, ok, line)
	}
	for _, line := range []string{"${row.sep} == Active;", "${row.sep} in a, b;", "${row.note} contains b;"} {
		traps := eval.MustCompileCondition(line).Traps()
		require.Len(t, traps, 1, line)
		require.Equal(t, eval.TrapSemicolon, traps[0].Kind, line)
	}
}

// `&&` or `||` that is the whole value compared, or a whole item of `in`,
// joins nothing: no trap, whose hints (leave it out, write and) would
// leave the comparison without its value or change it (D49).
func TestTrapAndAndIsTheValue(t *testing.T) {
	s := scope.New(map[string]any{"row": map[string]any{"op": "&&", "note": "a && b"}})
	for _, line := range []string{"${row.note} contains &&", "${row.op} == &&", "${row.op} in &&, ||", "${row.op} in ＆＆, &&", "not ${row.op} == &&"} {
		c := eval.MustCompileCondition(line)
		require.Empty(t, c.Traps(), line)
		ok, err := c.Test(s)
		require.NoError(t, err, line)
		require.Equal(t, !strings.HasPrefix(line, "not "), ok, line)
	}
	for line, kind := range map[string]eval.TrapKind{
		"${row.op} == 1 &&":             eval.TrapAndAnd,
		"${row.op} == a && ${row.x}":    eval.TrapAndAnd,
		"${row.op} == a, b || ${row.x}": eval.TrapOrOr,
	} {
		traps := eval.MustCompileCondition(line).Traps()
		require.Len(t, traps, 1, line)
		require.Equal(t, kind, traps[0].Kind, line)
	}
}

// A bare list after `in` with a quoted item after its first is text split
// at every comma (D29): the quoted item keeps its quotes, or is cut at its
// commas, so the line is quietly false for the value the quotes hold. The
// trap spans the list and names the line with every item quoted, which,
// followed, has no trap and the value meant (D49). A quote inside a bare
// word (O'Brien), a quote never closed, or none after the first item is
// no such list.
func TestTrapSplitQuote(t *testing.T) {
	for _, c := range []struct {
		line, fixed string
		meant       map[string]bool // x: the value meant
	}{
		{"${x} in a, 'b, c'", "${x} in 'a', 'b, c'", map[string]bool{"b, c": true, "a": true, "b": false, "'b": false}},
		{"not ${x} in Other, 'renewal, paid by transfer'", "not ${x} in 'Other', 'renewal, paid by transfer'",
			map[string]bool{"renewal, paid by transfer": false, "Other": false, "renewal": true}},
		{"${x} in a, 'b'", "${x} in 'a', 'b'", map[string]bool{"b": true, "'b'": false}},
		{`${x} in O'Brien, "Smith, J"`, `${x} in "O'Brien", 'Smith, J'`, map[string]bool{"Smith, J": true, "O'Brien": true, "Smith": false}},
		{"${x} in a, 'b, c' and ${x} != q", "${x} in 'a', 'b, c' and ${x} != q", map[string]bool{"b, c": true, "q": false}},
	} {
		cond := eval.MustCompileCondition(c.line)
		traps := cond.Traps()
		require.Len(t, traps, 1, c.line)
		tr := traps[0]
		require.Equal(t, eval.TrapQuotedIn, tr.Kind, c.line)
		list := strings.TrimPrefix(strings.TrimPrefix(c.fixed, "not "), "${x} in ")
		list, _, _ = strings.Cut(list, " and ")
		require.True(t, strings.HasSuffix(tr.Message(), "; write in "+list), "%s: %s", c.line, tr.Message())
		written := c.line[tr.Offset:tr.End]
		require.Equal(t, c.fixed, c.line[:tr.Offset]+list+c.line[tr.End:], "the trap spans the list: %q", written)
		requireFixMeant(t, cond, c.fixed, c.meant)
	}
	for _, line := range []string{"${x} in O'Brien, Smith", "${x} in a, 'b, c", "${x} in 'a', 'b, c'", "${x} in a, b", "${x} == a, 'b'"} {
		for _, tr := range eval.MustCompileCondition(line).Traps() {
			require.NotEqual(t, eval.TrapQuotedIn, tr.Kind, "%s: %s", line, tr.Message())
		}
	}
}

// The fix of a quoted item after a bare first names the items the author
// meant, and followed it has no trap and their values (D49): a trailing
// `;` (a trap of its own, left out) is not put inside the last item's
// quotes, a full-width comma separates items as the full-width-comma
// trap reads it, and an item in curly quotes is written in straight ones
// as the curly-quotes trap writes it, not kept with them inside straight
// quotes.
func TestTrapSplitQuoteFixMeant(t *testing.T) {
	for _, c := range []struct {
		line, fixed string
		meant       map[string]bool
	}{
		{"${x} in a, 'b', c;", "${x} in 'a', 'b', 'c'", map[string]bool{"c": true, "c;": false, "b": true}},
		{"${x} in a、b, 'c'", "${x} in 'a', 'b', 'c'", map[string]bool{"a": true, "b": true, "c": true, "a、b": false}},
		{"${x} in ‘a’, 'b'", "${x} in 'a', 'b'", map[string]bool{"a": true, "b": true, "‘a’": false}},
		{"${x} in a, ‘b, c’, 'd'", "${x} in 'a', 'b, c', 'd'", map[string]bool{"b, c": true, "d": true, "‘b": false}},
	} {
		cond := eval.MustCompileCondition(c.line)
		var split *eval.Trap
		for _, tr := range cond.Traps() {
			if tr.Kind == eval.TrapQuotedIn {
				split = &tr
			}
		}
		require.NotNil(t, split, c.line)
		_, list, ok := strings.Cut(split.Message(), "; write in ")
		require.True(t, ok, split.Message())
		require.Equal(t, c.fixed, c.line[:split.Offset]+list+c.line[split.End:], "%s: %s", c.line, split.Message())
		requireFixMeant(t, cond, c.fixed, c.meant)
	}
}

// Every quoted item after a bare first that holds no comma is one value
// with its quotes: on a row whose value is any of them the line is true
// as written and the fix would make it false, so the trap does not hold
// there (D49), not only for the first such item.
func TestTrapSplitQuoteEveryItemHeld(t *testing.T) {
	ctx := context.Background()
	for _, c := range []struct{ line, held, meant string }{
		{"${row.v} in a, 'c', 'b'", "'b'", "b"},
		{"${row.v} in a, 'c', 'b'", "'c'", "c"},
		{"${row.v} in a, 'b, c', 'd'", "'d'", "d"},
	} {
		cond := eval.MustCompileCondition(c.line)
		traps := cond.Traps()
		require.Len(t, traps, 1, c.line)
		tr := traps[0]
		require.Equal(t, eval.TrapQuotedIn, tr.Kind, c.line)
		held := scope.New(map[string]any{"row": map[string]any{"v": c.held}})
		meant := scope.New(map[string]any{"row": map[string]any{"v": c.meant}})
		ok, err := cond.Test(held)
		require.NoError(t, err)
		require.True(t, ok, "%s: true as written where the row holds %s", c.line, c.held)
		require.False(t, cond.TrapHolds(ctx, nil, tr, held), "%s where the row holds %s", c.line, c.held)
		require.True(t, cond.TrapHolds(ctx, nil, tr, meant), c.line)
	}
}

// The brackets trap's fix of a list whose quoted item comes after a bare
// first (`in [a, 'b']`) is a line without the split-quote trap: every
// item quoted, so that followed it has the value meant (D49).
func TestTrapBracketedInQuotedItem(t *testing.T) {
	for line, fixed := range map[string]string{
		"${x} in [a, 'b']":     "${x} in 'a', 'b'",
		"not ${x} in (a, 'b')": "not ${x} in 'a', 'b'",
	} {
		traps := eval.MustCompileCondition(line).Traps()
		require.Len(t, traps, 1, line)
		require.Equal(t, eval.TrapBracketedIn, traps[0].Kind, line)
		require.True(t, strings.HasSuffix(traps[0].Message(), "; write "+fixed), "%s: %s", line, traps[0].Message())
		requireFixMeant(t, eval.MustCompileCondition(line), fixed, map[string]bool{"a": !strings.HasPrefix(line, "not "), "b": !strings.HasPrefix(line, "not ")})
	}
}

// The full-width-comma trap's fix of a list whose item in curly quotes
// comes after a bare first (`in a、‘b’`) quotes every item: `in a, 'b'`
// would keep the quotes of 'b' (the split-quote trap), quietly false for
// b (D49).
func TestTrapWideCommasQuotedItem(t *testing.T) {
	line, fixed := "${x} in a、‘b’", "${x} in 'a', 'b'"
	cond := eval.MustCompileCondition(line)
	for _, tr := range cond.Traps() {
		require.True(t, strings.HasSuffix(tr.Message(), fixed), "%s: %s", line, tr.Message())
	}
	requireFixMeant(t, cond, fixed, map[string]bool{"a": true, "b": true, "‘b’": false})
}

// A Trap is a value a tool may compare and use as a map key: it stays
// comparable (what a condition keeps beside it is the Condition's).
func TestTrapComparable(t *testing.T) {
	c := eval.MustCompileCondition("${row.v} in a, 'b', 'c'")
	seen := map[eval.Trap]bool{}
	for _, tr := range append(c.Traps(), c.Traps()...) {
		seen[tr] = true
	}
	require.Len(t, seen, 1)
}

// The curly-quotes trap's fix of a list after in whose item in curly
// quotes comes after a bare first (`in a, ‘b’`) quotes every item: `in a,
// 'b'` would keep the quotes of 'b' (the split-quote trap), quietly false
// for b (D49). Where the first item is the quoted one, or the side is no
// list, the fix writes straight quotes only.
func TestTrapCurlyQuotesAfterBareItem(t *testing.T) {
	for _, c := range []struct {
		line, fixed string
		meant       map[string]bool // x: the value meant
	}{
		{"${x} in a, ‘b’", "${x} in 'a', 'b'", map[string]bool{"a": true, "b": true, "c": false, "‘b’": false}},
		{"${x} in a, “b, c”", "${x} in 'a', 'b, c'", map[string]bool{"a": true, "b, c": true, "b": false, "c": false}},
		{"not ${x} in a, ‘b’", "not ${x} in 'a', 'b'", map[string]bool{"a": false, "b": false, "c": true}},
		{"${x} in a, ‘b’, ‘c’", "${x} in 'a', 'b', 'c'", map[string]bool{"a": true, "b": true, "c": true, "d": false}},
		{"${x} in a, ‘b’ and ${x} != c", "${x} in 'a', 'b' and ${x} != c", map[string]bool{"a": true, "b": true, "c": false}},
		{"${x} == ‘a’", "${x} == 'a'", map[string]bool{"a": true, "b": false, "‘a’": false}},
		{"${x} in ‘a’, b", "${x} in 'a', b", map[string]bool{"a": true, "b": true, "c": false}},
	} {
		cond := eval.MustCompileCondition(c.line)
		traps := cond.Traps()
		require.NotEmpty(t, traps, c.line)
		for _, tr := range traps {
			require.Equal(t, eval.TrapCurlyQuotes, tr.Kind, c.line)
			require.True(t, strings.HasSuffix(tr.Message(), ": "+c.fixed), "%s: %s", c.line, tr.Message())
		}
		require.Empty(t, eval.MustCompileCondition(c.fixed).RowTraps(), c.fixed)
		requireFixMeant(t, cond, c.fixed, c.meant)
	}
}

// The line a trap's fix names is one without the split-quote trap: the
// fixes of a trailing `;` and of a leading `if` on a list whose quoted
// item comes after a bare first name the line with every item quoted, as
// the split-quote trap does, not one that is still quietly false (D49).
func TestTrapFixLineQuotesEveryItem(t *testing.T) {
	for _, c := range []struct {
		line string
		kind eval.TrapKind
	}{
		{"${x} in a, 'b';", eval.TrapSemicolon},
		{"if ${x} in a, 'b'", eval.TrapIf},
	} {
		fixed := "${x} in 'a', 'b'"
		cond := eval.MustCompileCondition(c.line)
		var found bool
		for _, tr := range cond.Traps() {
			if tr.Kind == c.kind {
				found = true
				require.True(t, strings.HasSuffix(tr.Message(), ": "+fixed), "%s: %s", c.line, tr.Message())
			}
		}
		require.True(t, found, c.line)
		require.Empty(t, eval.MustCompileCondition(fixed).RowTraps(), fixed)
		requireFixMeant(t, cond, fixed, map[string]bool{"a": true, "b": true, "c": false})
	}
}

// The brackets trap's fix of a list with an item in curly quotes (`in
// [a, ‘b’]`) writes it in straight quotes, every item quoted after a bare
// first, so that the line it names has neither the curly-quotes nor the
// split-quote trap (D49).
func TestTrapBracketedInCurlyItem(t *testing.T) {
	for _, c := range []struct {
		line, fixed string
		meant       map[string]bool
	}{
		{"${x} in [a, ‘b’]", "${x} in 'a', 'b'", map[string]bool{"a": true, "b": true, "c": false}},
		{"not ${x} in (a, “b”)", "not ${x} in 'a', 'b'", map[string]bool{"a": false, "b": false, "c": true}},
		{"${x} in [‘a’, b]", "${x} in 'a', b", map[string]bool{"a": true, "b": true, "c": false}},
	} {
		cond := eval.MustCompileCondition(c.line)
		traps := cond.Traps()
		require.Len(t, traps, 1, c.line)
		require.Equal(t, eval.TrapBracketedIn, traps[0].Kind, c.line)
		require.True(t, strings.HasSuffix(traps[0].Message(), "; write "+c.fixed), "%s: %s", c.line, traps[0].Message())
		require.Empty(t, eval.MustCompileCondition(c.fixed).RowTraps(), c.fixed)
		requireFixMeant(t, cond, c.fixed, c.meant)
	}
}

// A `not` before a line kept as one comparison is part of what the
// author meant: the fixes of the or-words and and-or traps keep it, and
// their reasons say what the line quietly gives under it (true, as under
// !=), so that the fix, followed, gives the other value (D38, D44, D49).
func TestTrapOrWordsAndOrKeepNot(t *testing.T) {
	s := scope.New(map[string]any{"status": "Due", "n": 3, "c": "Johnson and Johnson"})
	for line, want := range map[string]struct {
		kind  eval.TrapKind
		fixed string
	}{
		"not ${status} == Due or Lapsed":                   {eval.TrapOrWords, "not ${status} in Due, Lapsed"},
		"${status} != Due or Lapsed":                       {eval.TrapOrWords, "not ${status} in Due, Lapsed"},
		"not ${status} != Due or Lapsed":                   {eval.TrapOrWords, "${status} in Due, Lapsed"},
		"not ${status} != Due or Lapsed and ${n} > 0":      {eval.TrapAndOrText, "${status} in Due, Lapsed and ${n} > 0"},
		"not ${status} == Due or Lapsed and ${n} > 0":      {eval.TrapAndOrText, "not ${status} in Due, Lapsed and ${n} > 0"},
		"NOT ${status} in Due or Lapsed and ${n} > 0":      {eval.TrapAndOrText, "NOT ${status} in Due, Lapsed and ${n} > 0"},
		"not ${c} == Johnson and Johnson and ${n} > 5":     {eval.TrapAndOrText, "not ${c} == 'Johnson and Johnson' and ${n} > 5"},
		"not  ${c} contains Johnson or Smith and ${n} > 5": {eval.TrapAndOrText, "not  ${c} contains 'Johnson or Smith' and ${n} > 5"},
	} {
		c := eval.MustCompileCondition(line)
		traps := c.Traps()
		require.Len(t, traps, 1, line)
		require.Equal(t, want.kind, traps[0].Kind, line)
		require.True(t, strings.HasSuffix(traps[0].Message(), " "+want.fixed), "%s: %s", line, traps[0].Message())
		before, err := c.Test(s)
		require.NoError(t, err)
		require.Contains(t, traps[0].Message(), "quietly "+strconv.FormatBool(before), line)
		f := eval.MustCompileCondition(want.fixed)
		require.Empty(t, append(f.Traps(), f.RowTraps()...), want.fixed)
		after, err := f.Test(s)
		require.NoError(t, err)
		require.NotEqual(t, before, after, line)
	}
}

// D44, D49: the list the or-words trap (and the and-or trap's list fix)
// names writes an item in curly quotes in straight ones, every item
// quoted where its first is bare, as the curly-quotes trap writes a list:
// the curly quotes kept, the fix would get that trap's warning. The
// curly-quotes trap does not read the whole side `“x” or ‘y’` as one
// value in quotes then: the or-words fix says it all. A word after the
// first in straight quotes (`== y or 'x'`) is or-words as well, the list
// quoted alike.
func TestTrapOrWordsCurlyQuotes(t *testing.T) {
	s := scope.New(map[string]any{"s": "x", "n": 3})
	for line, fixed := range map[string]string{
		"${s} == ‘x’ or y":              "${s} in 'x', y",
		"${s} == x or ‘y’":              "${s} in 'x', 'y'",
		"${s} == “x” or ‘y’":            "${s} in 'x', 'y'",
		"${s} != ‘x’ or y":              "not ${s} in 'x', y",
		"${s} == ‘x’ or y and ${n} > 0": "${s} in 'x', y and ${n} > 0",
		"${s} == y or ‘x’ and ${n} > 0": "${s} in 'y', 'x' and ${n} > 0",
		// straight quotes after the first word, the list quoted alike
		"${s} == y or 'x'":              "${s} in 'y', 'x'",
		"${s} == y or \"x\" or z":       "${s} in 'y', \"x\", 'z'",
		"${s} != y or 'x'":              "not ${s} in 'y', 'x'",
		"${s} == y or 'x' and ${n} > 0": "${s} in 'y', 'x' and ${n} > 0",
	} {
		c := eval.MustCompileCondition(line)
		traps := c.Traps()
		require.Len(t, traps, 1, line)
		require.True(t, strings.HasSuffix(traps[0].Message(), "write "+fixed), "%s: %s", line, traps[0].Message())
		requireFixDiffers(t, s, line, c, fixed)
	}
}

// D44, D49: under a `not`, != is a second negation: `not ${s} != a or
// b` is true where s is the text 'a or b', quietly false where it is a,
// as `${s} == a or b` is; the two cancel out, and the warning says so.
func TestTrapOrWordsNotNe(t *testing.T) {
	for _, line := range []string{"not ${status} != Due or Lapsed", "not ${status} != Due or Lapsed and ${n} > 0"} {
		traps := eval.MustCompileCondition(line).Traps()
		require.Len(t, traps, 1, line)
		require.Contains(t, traps[0].Message(), "not and != cancel out", line)
	}
}

// D44, D49: the fix of another template language's `{{ ... }}` or `$name`,
// and of a placeholder a pasted character keeps from being one, is the
// text in ${...} only where that is a placeholder that works: followed,
// it has no problem. Where it has one (a filter, `_` names, a list), the
// reason says why and names no fix rather than a wrong one.
func TestTrapOtherLanguageFixWorks(t *testing.T) {
	for text, fix := range map[string]string{
		"{{row.Status}}":          "${row.Status}",
		"{{ row.First Name }}":    "${row.First Name}",
		"Dear $row.name,":         "${row.name}",
		"＄｛row.status｝":           "${row.status}",
		"{{ name | capitalize }}": "",
		// filters written as the calls they are here
		"{{ row.amount | upper }}":                "${upper(row.amount)}",
		"{{ row.name | default('n/a') }}":         "${default(row.name, 'n/a')}",
		"{{ row.name | default: 'n|a' | upper }}": "${upper(default(row.name, 'n|a'))}",
		"{{ row.items|join(', ')|upper }}":        "${upper(join(row.items, ', '))}",
		"{{ a || b }}":                            "",
		"{{ | upper }}":                           "",
		"{{ row.name | default('x' }}":            "",
		"{{1,2},{3,4}}":                           "",
		"PowerShell's $_ is it":                   "",
		"$_id":                                    "",
		"{{ lenght(x) }}":                         "",
		"＄｛x|y｝":                                  "",
	} {
		traps := eval.MustCompile(text).Traps()
		require.Len(t, traps, 1, text)
		msg := traps[0].Message()
		if fix == "" {
			require.NotContains(t, msg, "write ${", text)
			require.Contains(t, msg, "this is no placeholder that works either", text)
			continue
		}
		require.True(t, strings.HasSuffix(msg, "write "+fix), "%s: %s", text, msg)
		fixed := text[:traps[0].Offset] + fix + text[traps[0].End:]
		f := eval.MustCompile(fixed)
		require.Empty(t, f.Traps(), fixed)
		require.Empty(t, f.Problems(nil), fixed)
	}
}

// D44, D49: a leading `if` or `when` is a trap of its own, whose warning
// says to leave it out; the fix of a trap of the comparison after it
// leaves it out too, as it leaves out a trailing `;` (not `write if ${x}
// in a, b`), so that with both warnings followed the line has no trap
// and holds as meant.
func TestTrapIfLeftOutOfOtherFixes(t *testing.T) {
	s := scope.New(map[string]any{"status": "Due", "c": "Johnson and Johnson", "n": 3})
	for line, fixed := range map[string]string{
		"if ${status} == Due or Lapsed":                 "${status} in Due, Lapsed",
		"When ${status} != Due or Lapsed":               "not ${status} in Due, Lapsed",
		"if ${status} == Due or Lapsed;":                "${status} in Due, Lapsed",
		"when ${c} == Johnson and Johnson and ${n} > 2": "${c} == 'Johnson and Johnson' and ${n} > 2",
		"if ${status} == Due or Lapsed and ${n} > 2":    "${status} in Due, Lapsed and ${n} > 2",
		"if ${status} != Due, Lapsed;":                  "not ${status} in Due, Lapsed",
	} {
		c := eval.MustCompileCondition(line)
		traps := c.Traps()
		require.GreaterOrEqual(t, len(traps), 2, line)
		for _, tr := range traps {
			if tr.Kind != eval.TrapIf && tr.Kind != eval.TrapSemicolon {
				require.True(t, strings.HasSuffix(tr.Message(), "write "+fixed) || strings.HasSuffix(tr.Message(), ": "+fixed), "%s: %s", line, tr.Message())
			}
		}
		requireFixDiffers(t, s, line, c, fixed)
	}
}

// D44: the `;` trap says what the line quietly gives: false, or true
// under != or a `not` (the text with `;` is never the value).
func TestTrapSemicolonQuietlyTrue(t *testing.T) {
	s := trapScope()
	for _, line := range []string{"${row.Status} == Overdue;", "${row.Status} != Overdue;", "not ${row.Status} == Overdue;", "not ${row.Status} != Overdue;"} {
		c := eval.MustCompileCondition(line)
		traps := c.Traps()
		require.Len(t, traps, 1, line)
		require.Equal(t, eval.TrapSemicolon, traps[0].Kind, line)
		got, err := c.Test(s)
		require.NoError(t, err)
		require.Contains(t, traps[0].Message(), "so this is quietly "+strconv.FormatBool(got), line)
	}
}

// D44, D49: a `!` before the ${ of a comparison's right side negates
// nothing, and `not` there would be text too (`${a} == not ${b}`
// compares with the text 'not ...'). After == or != the one meaning is
// the other operator (`${a} == !${b}` is `${a} != ${b}`), which the
// fix names; after another operator, or with more text beside the
// placeholder, there is no one meaning and the reason names no line.
func TestTrapBangAfterOperator(t *testing.T) {
	s := scope.New(map[string]any{"a": true, "b": false, "n": 3, "s": "Due"})
	for line, fixed := range map[string]string{
		"${a} == !${b}":                 "${a} != ${b}",
		"${a} != !${b}":                 "${a} == ${b}",
		"${a} == ! ${b}":                "${a} != ${b}",
		"not ${a} == !${b}":             "not ${a} != ${b}",
		"${a} == !${b} and ${n} > 0":    "${a} != ${b} and ${n} > 0",
		"${n} > 5 or ${a} != !${b}":     "${n} > 5 or ${a} == ${b}",
		"${a} == !${b} && ${n} > 0":     "${a} != ${b} and ${n} > 0",
		"${s} == Due && !${b}":          "${s} == Due and not ${b}",
		"${a} == !${b};":                "${a} != ${b}",
		"${a}  ==  !${b}":               "${a}  !=  ${b}",
		"${n} > 2 and ${a} == !${b}":    "${n} > 2 and ${a} != ${b}",
		"${a} == !${b} and !${b}":       "${a} != ${b} and not ${b}",
		"if ${a} == !${b}":              "${a} != ${b}",
		"${a} == !${b} or ${s} == X ||": "${a} != ${b} or ${s} == X",
	} {
		c := eval.MustCompileCondition(line)
		var bang *eval.Trap
		for _, tr := range c.Traps() {
			require.True(t, strings.HasSuffix(tr.Message(), ": "+fixed) || strings.HasSuffix(tr.Message(), "write "+fixed), "%s: %s", line, tr.Message())
			if tr.Kind == eval.TrapBang && bang == nil {
				bang = &tr
			}
		}
		require.NotNil(t, bang, line)
		require.Equal(t, "!", line[bang.Offset:bang.End])
		requireFixDiffers(t, s, line, c, fixed)
	}
	for _, line := range []string{"${a} in !${b}", "${a} contains !${b}", "${n} > !${b}", "${a} in x, !${b}", "${a} == !${b} ${n}", "${a} == !${b}x"} {
		c := eval.MustCompileCondition(line)
		traps := c.Traps()
		require.Len(t, traps, 1, line)
		require.Equal(t, eval.TrapBang, traps[0].Kind, line)
		msg := traps[0].Message()
		require.NotContains(t, msg, "write not", line)
		require.NotContains(t, msg, "not ${b}", line)
		require.NotContains(t, msg, "write: ", line)
	}
	// The no-fix bang takes no line of another trap's fix either: followed,
	// it would still compare with the text '!...'.
	c := eval.MustCompileCondition("${a} in !${b} && ${n} > 0")
	for _, tr := range c.Traps() {
		if tr.Kind == eval.TrapBang {
			require.NotContains(t, tr.Message(), "write: ", tr.Message())
		}
	}
}
