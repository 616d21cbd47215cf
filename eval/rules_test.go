package eval_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/gen/exprparser"
	"github.com/kinenix/expressions/scope"
)

// rulesData is the data of the D46-D49 tests: a row with an empty digits
// cell, a zero count and an amount.
func rulesData() map[string]any {
	return map[string]any{
		"row":  map[string]any{"amount": 5, "count": 0, "digits": nil, "name": "Ann", "n": "12", "price": "1,200 THB"},
		"e":    nil,
		"ids":  []any{"A-1", "B-2"},
		"text": "abc",
	}
}

func renderRule(t *testing.T, text string, s *scope.Scope) (string, error) {
	t.Helper()
	tpl, err := eval.Compile(text)
	if err != nil {
		return "", err
	}
	return tpl.Render(s)
}

// D46: default computes its fallback only when it is needed, at compile
// time as at run time; D47: an empty value for an optional argument
// counts as left out; D48: an empty first value decides first, once the
// other values are computed, without checking their kinds.
func TestRulesD46D47D48(t *testing.T) {
	s := scope.New(rulesData())
	for _, c := range []struct {
		rule, text, want, err string
	}{
		{"D46", "${default(5, 1/0)}", "5", ""},
		{"D46", "${default(5, 1 % 0)}", "5", ""},
		{"D46", "${default(row.amount, 1 / row.count)}", "5", ""},
		{"D46", "${default(row.amount, len(12))}", "5", ""},
		{"D46", "${default('x', upper(ids))}", "x", ""},
		{"D46", "${default(row.missing, 1 / row.count)}", "", "division by zero"},
		{"D46", "${default('', 1 / 0)}", "", "division by zero"},
		{"D46", "${default(e, len(12))}", "", "len needs text, a list or a dictionary, got a number"},
		{"D46", "${default(e, default(e, 7))}", "7", ""},
		{"D47", "${round(56.78, row.digits)}", "57", ""},
		{"D47", "${round(56.78, e)}", "57", ""},
		{"D47", "${join(ids, e)}", "A-1, B-2", ""},
		{"D47", "${join(ids, '')}", "A-1B-2", ""},
		{"D47", "${substring('Toyota Camry', 7, row.digits)}", "Camry", ""},
		{"D47", "${substring('abc', e)}", "", "substring: start must be a whole number, got an empty value"},
		{"D47", "${part('a-b', '-', e)}", "", "part: n must be a whole number, got an empty value"},
		{"D48", "${replace(e, e, e)}|", "|", ""},
		{"D48", "${replace(e, '', 'x')}|", "|", ""},
		{"D48", "${substring(e, 'x', ids)}|", "|", ""},
		{"D48", "${part(e, '', 1.5)}|", "|", ""},
		{"D48", "${join(e, ids)}|", "|", ""},
		{"D48", "${round(e, 0.5)}|", "|", ""},
		// round reads "" and white space as its empty input, as format
		// does: they decide first too, whatever digits are.
		{"D48", "${round('', 'x')}|", "|", ""},
		{"D48", "${round('  ', 0.5)}|", "|", ""},
		{"D48", "${format(' ', 'x')}|", "|", ""},
		{"D48", "${round('abc', 0.5)}", "", "round needs a number, got the text 'abc'"},
		{"D48", "${replace(e, 1 / row.count, 'x')}", "", "division by zero"},
		{"D48", "${replace('', '', 'x')}", "", "replace: the text to replace is empty"},
	} {
		t.Run(c.rule+" "+c.text, func(t *testing.T) {
			out, err := renderRule(t, c.text, s)
			if c.err != "" {
				require.Error(t, err)
				require.Contains(t, err.Error(), c.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.want, out)
		})
	}
}

// D46: the budget is charged only for what runs: a fallback that is not
// needed costs no step, so a budget that the fallback would pass suffices.
func TestLazyFallbackBudget(t *testing.T) {
	deep := strings.Repeat("len(text) + ", 15) + "1"
	tpl := eval.MustCompile("${default(row.amount, " + deep + ")}")
	// the section-4 reading, default and row.amount take a few steps; the
	// fallback alone takes more than 40.
	out, err := tpl.Render(scope.New(rulesData(), scope.WithMaxSteps(10)))
	require.NoError(t, err)
	require.Equal(t, "5", out)
	_, err = tpl.Render(scope.New(map[string]any{"row": map[string]any{}, "text": "abc"}, scope.WithMaxSteps(40)))
	require.ErrorIs(t, err, eval.ErrBudget, "a needed fallback is charged")
	out, err = tpl.Render(scope.New(map[string]any{"row": map[string]any{}, "text": "abc"}))
	require.NoError(t, err)
	require.Equal(t, "46", out)
}

// D47 for every optional parameter of the table: a call of an example
// that gives the parameter, with that value made empty, gives what the
// call without it gives (the list of functions is the table's).
func TestEmptyOptionalIsLeftOut(t *testing.T) {
	s := scope.New(funcs.ExampleData())
	checked := 0
	for _, f := range funcs.All() {
		for i, p := range f.Params {
			if !p.Optional || i != len(f.Params)-1 {
				continue
			}
			for _, ex := range f.Examples {
				x, err := exprparser.ParseExpr(ex.Expr)
				require.NoError(t, err)
				call, ok := x.(*ast.CallExpr)
				if !ok || len(call.Args) != len(f.Params) {
					continue
				}
				var args []string
				for _, a := range call.Args[:i] {
					args = append(args, ast.Print(a))
				}
				without, err1 := renderRule(t, "${"+f.Name+"("+strings.Join(args, ", ")+")}", s)
				empty, err2 := renderRule(t, "${"+f.Name+"("+strings.Join(append(args, "row.missing"), ", ")+")}", s)
				require.Equal(t, err1 == nil, err2 == nil, ex.Expr)
				require.Equal(t, without, empty, "%s with %s empty", ex.Expr, p.Name)
				checked++
			}
		}
	}
	require.Positive(t, checked)
}

// D48 for every function of the table that has an empty result and more
// than one value: an empty first value gives that result whatever the
// other values are, even values the function would refuse.
func TestEmptyFirstDecides(t *testing.T) {
	s := scope.New(rulesData())
	checked := 0
	for _, f := range funcs.All() {
		if f.EmptyFirst == funcs.EmptyOwn {
			continue
		}
		args := []string{"e"}
		for range f.Params[1:] {
			args = append(args, "ids")
		}
		v, err := eval.MustCompile("${" + f.Name + "(" + strings.Join(args, ", ") + ")}").Value(s)
		require.NoError(t, err, f.Name)
		require.Equal(t, f.EmptyFirst.Value(), v, f.Name)
		checked++
	}
	require.Positive(t, checked)
}

// hintFix finds the fix a message proposes: the text after its last
// "use " or "write " (D7, D13, D28).
var hintFix = regexp.MustCompile(`(?:use|write) (\S.*)$`)

// D49: a hint works when followed. Each message of D7 (text and empty in
// arithmetic), D13 (method calls) and D28 (an order comparison of text)
// is applied as written, and the result is a value, not an error. (The
// blank-text hint of D7 is rewritten by D49 on the numbers branch; its
// case belongs here once it lands.)
func TestHintsWorkWhenFollowed(t *testing.T) {
	s := scope.New(rulesData())
	// part is what the hint replaces: the operand it names (D7), or
	// the whole method call (D13).
	for _, c := range []struct {
		rule, text, part, want string
	}{
		{"D7 text", "${row.price * 2}", "row.price", "2400"},
		{"D7 empty", "${e + 1}", "e", "1"},
		{"D7 missing key", "${row.missing * 3 + 1}", "row.missing", "1"},
		{"D13", "${row.name.upper()}", "row.name.upper()", "ANN"},
		{"D13 nested", "${trim(row.name).lower()}", "trim(row.name).lower()", "ann"},
		{"D13 two values", "${row.n.replace('1', '7') + 1}", "row.n.replace('1', '7')", "73"},
	} {
		t.Run(c.rule, func(t *testing.T) {
			_, err := renderRule(t, c.text, s)
			require.Error(t, err)
			m := hintFix.FindStringSubmatch(err.Error())
			require.NotNil(t, m, "a hint in %q", err.Error())
			fixed := strings.Replace(c.text, c.part, m[1], 1)
			out, err := renderRule(t, fixed, s)
			require.NoError(t, err, "the hint %q: %s", m[1], fixed)
			require.Equal(t, c.want, out)
		})
	}
	// D28: `use ${number(...)}`: the side that is not a number (part)
	// written as ${number(...)} of it (arg).
	for _, c := range []struct {
		line, part, arg string
		want            bool
	}{
		{"${row.price} > 5", "${row.price}", "row.price", true},
		{"${row.price} <= 1000", "${row.price}", "row.price", false},
		{"Invoice 12 > 1", "Invoice 12", "'Invoice 12'", true},
	} {
		t.Run("D28 "+c.line, func(t *testing.T) {
			_, err := eval.MustCompileCondition(c.line).Test(s)
			require.Error(t, err)
			require.Contains(t, err.Error(), "use ${number(...)}")
			fixed := strings.Replace(c.line, c.part, "${number("+c.arg+")}", 1)
			ok, err := eval.MustCompileCondition(fixed).Test(s)
			require.NoError(t, err, fixed)
			require.Equal(t, c.want, ok)
		})
	}
}
