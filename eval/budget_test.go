package eval_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

// D35: one budget per evaluation, every step charged; past it the
// evaluation fails naming the budget.
func TestStepBudget(t *testing.T) {
	terms := strings.Repeat("len(x) + ", 30) + "len(x)"
	tpl := eval.MustCompile(strings.Repeat("${"+terms+"}", 20))
	s := scope.New(map[string]any{"x": "abc"}, scope.WithMaxSteps(500))
	_, err := tpl.Render(s)
	require.ErrorIs(t, err, eval.ErrBudget)
	require.ErrorIs(t, err, eval.ErrLimit)
	require.True(t, strings.HasPrefix(err.Error(), "${"), err.Error())
	require.Contains(t, err.Error(), "the evaluation needs more work than allowed (more than 500 steps)")
	// the same with a budget that suffices
	out, err := tpl.Render(scope.New(map[string]any{"x": "abc"}))
	require.NoError(t, err)
	require.Equal(t, strings.Repeat("93", 20), out)
}

// D35, D43: a spent budget stops the whole evaluation, not the part that
// charged last, so its error spans the placeholder whatever step it ran
// out at: with budgets of every size between 1 and what the expression
// needs, one place, so that a run lists a field that fails so once with
// its rows, not once per part where a row ran out.
func TestBudgetErrorSpansExpression(t *testing.T) {
	const expr = "len(x) + len(upper(x)) + len(join(l, '-')) + len(x)"
	tpl := eval.MustCompile("ab ${" + expr + "}")
	vars := map[string]any{"x": "abc", "l": []any{"a", "b", "c"}}
	spent := 0
	for steps := int64(1); steps < 64; steps++ {
		_, err := tpl.Render(scope.New(vars, scope.WithMaxSteps(steps)))
		if err == nil {
			continue
		}
		var e *eval.Error
		require.ErrorAs(t, err, &e)
		require.ErrorIs(t, err, eval.ErrBudget)
		require.Equal(t, []int{0, len(expr), 1, 6}, []int{e.Offset, e.End, e.Line, e.Column}, "%d steps: %v", steps, err)
		spent++
	}
	require.Greater(t, spent, 3, "the budgets tried stop the evaluation at several parts")
}

// D35: bytes built and shown are charged too, summed over the placeholders.
func TestByteBudget(t *testing.T) {
	big := strings.Repeat("x", 1000)
	tpl := eval.MustCompile(strings.Repeat("${v}", 50))
	s := scope.New(map[string]any{"v": big}, scope.WithMaxWork(10_000))
	_, err := tpl.Render(s)
	require.ErrorIs(t, err, eval.ErrBudget)
	require.Contains(t, err.Error(), "10000 bytes")
}

// D35: a done context stops an evaluation within a bounded number of
// steps, and the error wraps ctx.Err().
func TestCancellation(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	terms := strings.Repeat("len(x) + ", 44) + "1"
	tpl := eval.MustCompile(strings.Repeat("${"+terms+"}", 10))
	s := scope.New(map[string]any{"x": "abc"})
	_, err := tpl.RenderContext(ctx, s)
	require.True(t, errors.Is(err, context.Canceled), "%v", err)
	require.Contains(t, err.Error(), "the evaluation was cancelled")

	_, err = eval.MustCompile("${"+terms+"}").ValueContext(ctx, s)
	require.ErrorIs(t, err, context.Canceled)

	c := eval.MustCompileCondition("${" + terms + "} > 1 and ${x} == abc")
	_, err = c.TestContext(ctx, s)
	require.ErrorIs(t, err, context.Canceled)

	dl, cancel2 := context.WithTimeout(context.Background(), 0)
	defer cancel2()
	_, err = tpl.RenderContext(dl, s)
	require.ErrorIs(t, err, context.DeadlineExceeded)

	// a live context changes nothing
	out, err := eval.MustCompile("${len(x)}").RenderContext(context.Background(), s)
	require.NoError(t, err)
	require.Equal(t, "3", out)
}

// D35: a template's text and placeholder count are bounded before any
// placeholder is compiled; the problem list too.
func TestTemplateBounds(t *testing.T) {
	tpl, err := eval.Compile(strings.Repeat("${a}", eval.MaxPlaceholders+1))
	require.ErrorIs(t, err, eval.ErrLimit)
	require.NotNil(t, tpl)
	require.Contains(t, err.Error(), "more than 10000 placeholders")

	_, err = eval.Compile(strings.Repeat("x", eval.MaxTemplateSize+1))
	require.ErrorIs(t, err, eval.ErrLimit)

	// A limit of the whole text is no placeholder: it names the text by
	// its start, cut as every echo is, and invents no ${ (D37).
	_, err = eval.Compile("- **a:** " + strings.Repeat("${1}", eval.MaxPlaceholders+1))
	require.EqualError(t, err, "'- **a:** "+strings.Repeat("${1}", 27)+"${…': the text has more than 10000 placeholders (10001); split it into several texts or fields, or shorten it")
	var e *eval.Error
	require.ErrorAs(t, err, &e)
	require.True(t, e.Template)
	require.Equal(t, "the text has more than 10000 placeholders (10001); split it into several texts or fields, or shorten it", e.Reason)
	_, err = eval.Compile(strings.Repeat("a", eval.MaxTemplateSize+1))
	require.EqualError(t, err, "'"+strings.Repeat("a", 119)+"…': the text is longer than 1 MiB (1048577 bytes); split it into several texts or fields, or shorten it")
	_, err = eval.Compile("${x}")
	require.NoError(t, err)
	_, err = eval.Compile("${1+}")
	require.False(t, errors.As(err, &e) && e.Template, "a placeholder's problem keeps D16's form")

	tpl, err = eval.Compile(strings.Repeat("${1+}", 5000))
	require.NoError(t, err)
	ps := tpl.Problems(nil)
	require.Len(t, ps, eval.MaxProblems+1)
	require.Contains(t, ps[eval.MaxProblems].Reason, "too many problems")
	require.Equal(t, 1, ps[0].Line)
	require.Equal(t, 6, ps[1].Column-ps[0].Column+1, "columns from one line index")
}

// Issue #13: Strict returns every problem known without data, as a list
// whose items are *eval.Error; without it nothing changes (section 4).
func TestStrict(t *testing.T) {
	_, err := eval.Compile("${lenght(x)} ${len(x, 2)} ${x.upper()} ${row.Role in Company} ${row.missing}", eval.Strict())
	var list eval.ErrorList
	require.True(t, errors.As(err, &list))
	require.Len(t, list, 4)
	require.ErrorIs(t, list[0], eval.ErrUnknownFunction)
	require.ErrorIs(t, list[1], eval.ErrArity)
	require.ErrorIs(t, list[2], eval.ErrForbidden)
	require.ErrorIs(t, list[3], eval.ErrForbidden)
	require.ErrorIs(t, err, eval.ErrArity)
	var first *eval.Error
	require.True(t, errors.As(err, &first))
	require.Equal(t, "${lenght(x)}: unknown function lenght; did you mean len?", first.Error())
	require.Contains(t, err.Error(), "(and 3 more)")

	tpl, err := eval.Compile("${lenght(x)} ${row.Role in Company}")
	require.NoError(t, err)
	out, err := tpl.Render(scope.New(map[string]any{"lenght(x)": "a", "row": map[string]any{"Role in Company": "b"}}))
	require.NoError(t, err)
	require.Equal(t, "a b", out, "a lookup that works wins without Strict")

	_, err = eval.CompileCondition("${a} == 1 and ${len(a, b)} > 2", eval.Strict())
	require.ErrorIs(t, err, eval.ErrArity)
	require.True(t, errors.As(err, &list))
	_, err = eval.CompileCondition("${a} == 1 and ${b} > 2", eval.Strict())
	require.NoError(t, err)
	_, err = eval.Compile("${a} and ${b", eval.Strict())
	require.ErrorIs(t, err, eval.ErrUnclosed)
}

// Strict gives every problem of a condition line that cannot be read as a
// condition too: the line's own problem and those of its placeholders, as
// kinenix validate reports them, each starting with `condition:` (D37).
func TestStrictMalformedCondition(t *testing.T) {
	_, err := eval.CompileCondition("${lenght(x)} == 1 and ${a} >", eval.Strict())
	var list eval.ErrorList
	require.True(t, errors.As(err, &list), "%v", err)
	require.Len(t, list, 2, "%v", list)
	require.Equal(t, "condition: ${lenght(x)}: unknown function lenght; did you mean len?", list[0].Error())
	require.Equal(t, 3, list[0].Column)
	require.Equal(t, "condition: > needs a value on its right", list[1].Error())
	require.ErrorIs(t, err, eval.ErrUnknownFunction)
	require.ErrorIs(t, err, eval.ErrCondition)

	// An unclosed ${ is the line's problem, said once.
	_, err = eval.CompileCondition("${len(a, b)} == 1 and ${b", eval.Strict())
	require.True(t, errors.As(err, &list), "%v", err)
	require.Len(t, list, 2, "%v", list)
	require.ErrorIs(t, list[0], eval.ErrArity)
	require.ErrorIs(t, list[1], eval.ErrUnclosed)

	// Without Strict, the line's own problem alone, as before.
	_, err = eval.CompileCondition("${lenght(x)} == 1 and ${a} >")
	require.False(t, errors.As(err, &list))
	require.EqualError(t, err, "condition: > needs a value on its right")
}

// A recovered panic keeps its value for the programmer and is of the
// exported internal kind.
func TestErrInternalIsExported(t *testing.T) {
	require.NotNil(t, eval.ErrInternal)
	e := &eval.Error{Expr: "x", Reason: "internal error; please report it", Kind: eval.ErrInternal}
	require.ErrorIs(t, e, eval.ErrInternal)
}

// D37: writing a value as JSON fails like any other evaluation, with the
// placeholder named and the cap in the reason.
func TestJSONErrors(t *testing.T) {
	s := scope.New(map[string]any{"l": []any{"aaaa", "bbbb"}}, scope.WithMaxSize(8))
	_, err := eval.MustCompile("${l}").JSON(context.Background(), s)
	require.ErrorIs(t, err, eval.ErrLimit)
	require.Equal(t, "${l}: the result would be larger than the limit of 8 bytes", err.Error())
	b, err := eval.MustCompile("${l}").JSON(context.Background(), scope.New(map[string]any{"l": []any{1, "x"}}))
	require.NoError(t, err)
	require.Equal(t, `[1,"x"]`, string(b))
}

// D17: every failure of the size cap (scope.WithMaxSize) is of kind
// ErrTooLong, as value.ErrTooLong says, whoever builds the text: the
// template, a function, or the text written around the placeholders; it
// is a limit, not the work budget.
func TestSizeCapIsErrTooLong(t *testing.T) {
	l := []any{"abcdefghij", "abcdefghij", "abcdefghij"}
	s := scope.New(map[string]any{"s": strings.Repeat("x", 20), "l": l}, scope.WithMaxSize(16))
	for _, src := range []string{"${s}", "abc ${s}", "${l}", "${join(l, ', ')}", "${upper(s)}", "${replace(s, 'x', 'yy')}", strings.Repeat("t", 17), "0123456789abcdef ${'x'}"} {
		_, err := eval.MustCompile(src).Render(s)
		require.ErrorIs(t, err, eval.ErrTooLong, src)
		require.ErrorIs(t, err, eval.ErrLimit, src)
		require.NotErrorIs(t, err, eval.ErrBudget, src)
	}
	_, err := eval.MustCompileCondition("${join(l, ',')} == x").Test(s)
	require.ErrorIs(t, err, eval.ErrTooLong)
	_, err = eval.MustCompile("${l}").JSON(context.Background(), s)
	require.ErrorIs(t, err, eval.ErrTooLong)
}

// D32, D35: a call of constants whose result is past the size cap is a
// problem known without data, under the defaults or the scope's own caps;
// one within them is none.
func TestConstantPastCapIsAProblem(t *testing.T) {
	a64 := strings.Repeat("a", 64)
	src := "${len(replace(replace('" + a64 + "', 'a', '" + a64 + "'), 'a', '" + strings.Repeat("b", 257) + "'))}"
	tpl, err := eval.Compile(src)
	require.NoError(t, err)
	ps := tpl.Problems(nil)
	require.Len(t, ps, 1)
	require.ErrorIs(t, ps[0], eval.ErrLimit)
	require.Contains(t, ps[0].Error(), "replace: result would be larger than 1 MiB")
	// A host that allows more: no problem, and the render agrees.
	big := scope.New(nil, scope.WithMaxSize(4<<20))
	require.Empty(t, tpl.Problems(big))
	out, err := tpl.Render(big)
	require.NoError(t, err)
	require.Equal(t, "1052672", out)
	// Strict compiling reports it too.
	_, err = eval.Compile(src, eval.Strict())
	require.ErrorIs(t, err, eval.ErrLimit)
	ok, err := eval.Compile("${len(replace('abc', 'b', 'x'))}")
	require.NoError(t, err)
	require.Empty(t, ok.Problems(nil))
}
