package eval_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// An Evaluator gives exactly what the methods give, evaluation after
// evaluation, whatever the previous one left behind: a spent budget, a
// cancelled context, a failure, another scope (D35: one budget per
// evaluation).
func TestEvaluatorAgreesWithMethods(t *testing.T) {
	vars := data(t)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	scopes := []*scope.Scope{
		scope.New(vars),
		scope.New(vars, scope.WithMaxSteps(3)),
		scope.New(vars, scope.WithMaxWork(5)),
		scope.New(vars, scope.WithMaxSize(4)),
		scope.New(map[string]any{"a": "x", "packages": 5}),
	}
	ctxs := []context.Context{context.Background(), done, nil}
	templates := append([]string{"${a}", "no placeholder", "${a + }", "${x} and ${word}"}, fastPathCases...)
	conditions := []string{"${a} == 2 and ${b} > 1", "${word} contains b", "${packages} is empty", "${a + 1} > ${x}"}
	var ev eval.Evaluator
	for round := 0; round < 2; round++ {
		for _, s := range scopes {
			for _, ctx := range ctxs {
				for _, text := range templates {
					tpl, err := eval.Compile(text)
					require.NoError(t, err, text)
					want, wantErr := tpl.ValueContext(ctx, s)
					got, gotErr := ev.Value(ctx, tpl, s)
					require.Equal(t, fmt.Sprint(wantErr), fmt.Sprint(gotErr), text)
					require.Equal(t, want.String(), got.String(), text)
					require.Equal(t, want.Kind(), got.Kind(), text)
					wantText, wantErr := tpl.RenderContext(ctx, s)
					gotText, gotErr := ev.Render(ctx, tpl, s)
					require.Equal(t, fmt.Sprint(wantErr), fmt.Sprint(gotErr), text)
					require.Equal(t, wantText, gotText, text)
				}
				for _, line := range conditions {
					cd, err := eval.CompileCondition(line)
					require.NoError(t, err, line)
					want, wantErr := cd.TestContext(ctx, s)
					got, gotErr := ev.Test(ctx, cd, s)
					require.Equal(t, fmt.Sprint(wantErr), fmt.Sprint(gotErr), line)
					require.Equal(t, want, got, line)
				}
			}
		}
	}
}

// A cancelled context stops an Evaluator's evaluation with an error that
// wraps ctx.Err(), and the next evaluation starts afresh (D35).
func TestEvaluatorContext(t *testing.T) {
	s := scope.New(data(t))
	tpl := eval.MustCompile("${len(packages)}")
	done, cancel := context.WithCancel(context.Background())
	cancel()
	var ev eval.Evaluator
	_, err := ev.Value(done, tpl, s)
	require.ErrorIs(t, err, context.Canceled)
	v, err := ev.Value(context.Background(), tpl, s)
	require.NoError(t, err)
	require.Equal(t, "3", v.String())

	var none *eval.Evaluator // a nil Evaluator takes the pooled state
	v, err = none.Value(context.Background(), tpl, s)
	require.NoError(t, err)
	require.Equal(t, value.Number, v.Kind())
	ok, err := none.Test(context.Background(), eval.MustCompileCondition("${a} == 2"), s)
	require.NoError(t, err)
	require.True(t, ok)
}

// D35: the steps of one ${...} are charged before any of it is computed,
// so a budget too small for the whole expression fails with the budget
// named even where a later part would have failed for another reason.
func TestStepsChargedBeforeTheExpression(t *testing.T) {
	// The text read as a dotted path first (1 step, section 4), then
	// word, +, a and *: 5 steps, though word + 1 fails after 3 of them.
	tpl := eval.MustCompile("${(word + 1) * a}")
	for steps, want := range map[int64]string{
		4: "${(word + 1) * a}: the evaluation needs more work than allowed (more than 4 steps)",
		5: "${(word + 1) * a}: word is text ('abc'), not a number, and number(...) finds none in it",
	} {
		_, err := tpl.Render(scope.New(data(t), scope.WithMaxSteps(steps)))
		require.EqualError(t, err, want, "steps=%d", steps)
	}
	// A folded constant costs no step when the expression runs: the path
	// reading, a and *, 3 steps (2 + 3 would be a fourth).
	v, err := eval.MustCompile("${a * (2 + 3)}").Value(scope.New(data(t), scope.WithMaxSteps(3)))
	require.NoError(t, err)
	require.Equal(t, "10", v.String())
}

// panicky is a context whose Err panics from its n-th call on: a host's
// bug that the library must turn into an error, not a crash.
type panicky struct {
	context.Context
	calls, n int
}

func (p *panicky) Done() <-chan struct{} { return make(chan struct{}) }
func (p *panicky) Err() error {
	p.calls++
	if p.calls >= p.n {
		panic("host context broke")
	}
	return nil
}

// A panic is an ErrInternal error that names the placeholder (D16) or,
// for a condition, starts with `condition:` (D37), with the panic value in
// Detail; even a panic of the host's context at the very start is caught.
func TestPanicIsNamedError(t *testing.T) {
	big := make([]any, 100_000)
	for i := range big {
		big[i] = i
	}
	s := scope.New(map[string]any{"big": big})
	var ev eval.Evaluator
	for _, n := range []int{1, 2} {
		tpl := eval.MustCompile("total: ${len(join(big, ','))}")
		_, err := tpl.RenderContext(&panicky{Context: context.Background(), n: n}, s)
		require.ErrorIs(t, err, eval.ErrInternal)
		require.Equal(t, "${len(join(big, ','))}: internal error; please report it", err.Error(), "n=%d", n)
		var e *eval.Error
		require.ErrorAs(t, err, &e)
		require.Equal(t, "panic: host context broke", e.Detail)
		_, err = ev.Render(&panicky{Context: context.Background(), n: n}, tpl, s)
		require.Equal(t, "${len(join(big, ','))}: internal error; please report it", fmt.Sprint(err), "n=%d", n)

		whole := eval.MustCompile("${len(join(big, ','))}")
		_, err = ev.Value(&panicky{Context: context.Background(), n: n}, whole, s)
		require.Equal(t, "${len(join(big, ','))}: internal error; please report it", fmt.Sprint(err), "n=%d", n)

		cd := eval.MustCompileCondition("${join(big, ',')} contains zz")
		_, err = cd.TestContext(&panicky{Context: context.Background(), n: n}, s)
		require.ErrorIs(t, err, eval.ErrInternal)
		require.Equal(t, "condition: internal error; please report it", err.Error(), "n=%d", n)
		_, err = ev.Test(&panicky{Context: context.Background(), n: n}, cd, s)
		require.Equal(t, "condition: internal error; please report it", fmt.Sprint(err), "n=%d", n)
	}
	// A panic names the placeholder of the template it is in, not one an
	// earlier render on the same Evaluator was at.
	_, err := ev.Render(context.Background(), eval.MustCompile("a ${len(big)} b"), s)
	require.NoError(t, err)
	_, err = ev.Value(&panicky{Context: context.Background(), n: 1}, eval.MustCompile("${big}"), s)
	require.Equal(t, "${big}: internal error; please report it", fmt.Sprint(err))
	// nor one the last render of the same template ended at
	two := eval.MustCompile("first ${len(big)} then ${big} end")
	_, err = ev.Render(context.Background(), two, s)
	require.NoError(t, err)
	_, err = ev.Render(&panicky{Context: context.Background(), n: 1}, two, s)
	wantErr := fmt.Sprint(func() error {
		_, err := two.RenderContext(&panicky{Context: context.Background(), n: 1}, s)
		return err
	}())
	require.Equal(t, wantErr, fmt.Sprint(err))
	require.Equal(t, "${len(big)}: internal error; please report it", fmt.Sprint(err))
	// and the Evaluator works on after it
	v, err := ev.Value(context.Background(), eval.MustCompile("${len(big)}"), s)
	require.NoError(t, err)
	require.Equal(t, "100000", v.String())
}

// D35: reading env.NAME is a step like any other, so the budget and a
// done context stop a template of many of them.
func TestEnvReadsAreSteps(t *testing.T) {
	env := scope.WithEnv(func(string) (string, bool) { return "0123456789", true })
	tpl := eval.MustCompile(strings.Repeat("${env.X}", 1000))
	_, err := tpl.Render(scope.New(nil, env, scope.WithMaxSteps(2)))
	require.ErrorIs(t, err, value.ErrBudget)
	done, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = tpl.RenderContext(done, scope.New(nil, env))
	require.ErrorIs(t, err, context.Canceled)
	// The path reading (two parts, cut at the dots), two env reads, two
	// calls and +: 7 steps.
	_, err = eval.MustCompile("${len(env.X) + len(env['X'])}").Render(scope.New(nil, env, scope.WithMaxSteps(6)))
	require.ErrorIs(t, err, value.ErrBudget)
	out, err := eval.MustCompile("${len(env.X) + len(env['X'])}").Render(scope.New(nil, env, scope.WithMaxSteps(7)))
	require.NoError(t, err)
	require.Equal(t, "20", out)
}

// D16: a function's failure spans its call, so that an editor underlines
// the call rather than its first letter.
func TestFunctionFailureSpansTheCall(t *testing.T) {
	for _, expr := range []string{"round(a, 'x')", "part(word, '', 1)", "number(word)"} {
		_, err := eval.MustCompile("${" + expr + "}").Render(scope.New(data(t)))
		var e *eval.Error
		require.ErrorAs(t, err, &e, expr)
		require.Equal(t, 0, e.Offset, expr)
		require.Equal(t, len(expr), e.End, "%s: %v", expr, err)
	}
	// a failure inside keeps its own place
	_, err := eval.MustCompile("${len(round(a, 'x'))}").Render(scope.New(data(t)))
	var e *eval.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, 4, e.Offset)
	require.Equal(t, 4+len("round(a, 'x')"), e.End)
}

// D16: the D7 failure of an operand spans that operand (`row.a` of
// `row.a * 2`), not its first letter; so does a divisor's.
func TestOperandFailureSpansTheOperand(t *testing.T) {
	s := scope.New(map[string]any{"row": map[string]any{"a": "abc", "blank": " "}})
	for _, c := range []struct {
		expr     string
		from, to int
	}{
		{"row.a * 2", 0, len("row.a")},
		{"2 * row.a", 4, 4 + len("row.a")},
		{"2 / row.missing", 4, 4 + len("row.missing")},
		{"1 + (row.blank)", 5, 5 + len("row.blank")},
	} {
		_, err := eval.MustCompile("${" + c.expr + "}").Render(s)
		var e *eval.Error
		require.ErrorAs(t, err, &e, c.expr)
		require.Equal(t, c.from, e.Offset, "%s: %v", c.expr, err)
		require.Equal(t, c.to, e.End, "%s: %v", c.expr, err)
	}
}

// D35: numbers and booleans written into a rendered text are bytes built,
// charged like text; D37: a method-call hint echoes the expression
// cleaned and cut.
func TestShownNumbersChargedAndHintsCleaned(t *testing.T) {
	s := scope.New(map[string]any{"n": 123456789, "f": true}, scope.WithMaxWork(1000))
	_, err := eval.MustCompile(strings.Repeat("${n}", 1000)).Render(s)
	require.ErrorIs(t, err, value.ErrBudget)
	_, err = eval.MustCompile(strings.Repeat("${f}", 1000)).Render(s)
	require.ErrorIs(t, err, value.ErrBudget)
	out, err := eval.MustCompile(strings.Repeat("${n}", 100)).Render(s)
	require.NoError(t, err)
	require.Len(t, out, 900)

	_, err = eval.MustCompile("${'\x1b[31m\u202e'.upper()}").Render(nil)
	require.ErrorContains(t, err, `write upper('\u001b[31m\u202e')`)
	_, err = eval.MustCompile("${'" + strings.Repeat("x", 300) + "'.upper()}").Render(nil)
	require.Less(t, len(err.Error()), 400)
}

// Between Begin and End an Evaluator's evaluations share one budget
// (D42): what each passes alone fails together once the budget is spent,
// and End (or Used, before it) reports the work charged.
func TestEvaluatorSharedBudget(t *testing.T) {
	tpl := eval.MustCompile("${len(replace('abcdefgh', 'a', 'xyz'))}")
	cd := eval.MustCompileCondition("${len(replace('abcdefgh', 'a', 'xyz'))} > 1")
	var ev eval.Evaluator
	// The steps of one render and of one explained test, counted with a
	// shared evaluation each.
	ev.Begin(context.Background(), scope.New(nil))
	_, err := ev.Render(context.Background(), tpl, scope.New(nil))
	require.NoError(t, err)
	_, sofar := ev.Used()
	_, one := ev.End()
	require.Positive(t, one)
	require.Equal(t, one, sofar, "Used is what End would return")
	_, after := ev.Used()
	require.Zero(t, after, "no shared evaluation after End")
	ev.Begin(context.Background(), scope.New(nil))
	_, _, err = ev.Explain(context.Background(), cd, scope.New(nil))
	require.NoError(t, err)
	_, two := ev.End()
	s := scope.New(nil, scope.WithMaxSteps(one+two))
	for range 3 { // alone, each fits
		_, err := ev.Render(context.Background(), tpl, s)
		require.NoError(t, err)
	}
	ev.Begin(context.Background(), s)
	_, err = ev.Render(context.Background(), tpl, s)
	require.NoError(t, err)
	_, sofar = ev.Used()
	require.Equal(t, one, sofar)
	ok, steps, err := ev.Explain(context.Background(), cd, s)
	require.NoError(t, err)
	require.True(t, ok)
	require.Len(t, steps, 1)
	_, err = ev.Value(context.Background(), tpl, s)
	require.ErrorIs(t, err, eval.ErrBudget)
	_, err = ev.Test(context.Background(), cd, s) // spent stays spent
	require.ErrorIs(t, err, eval.ErrBudget)
	_, used := ev.End()
	require.Equal(t, one+two, used)
	// After End, each evaluation has its own budget again.
	_, err = ev.Render(context.Background(), tpl, s)
	require.NoError(t, err)
	// A shared evaluation stops when the context given to Begin is done.
	done, cancel := context.WithCancel(context.Background())
	cancel()
	ev.Begin(done, s)
	_, err = ev.Render(context.Background(), tpl, s)
	require.ErrorIs(t, err, context.Canceled)
	ev.End()
}

// One Evaluator that goes back and forth between scopes, each used often
// enough to keep its converted values (a table), reads each time the
// scope it is given, and its environment: a frame keeps the reader of the
// last scope when the next is the same one, never another's.
func TestEvaluatorSwitchesWarmScopes(t *testing.T) {
	tpl, err := eval.Compile("${len(items)} ${name} ${env.MODE}")
	require.NoError(t, err)
	env := func(mode string) scope.Option {
		return scope.WithEnv(func(name string) (string, bool) { return mode, name == "MODE" })
	}
	a := scope.New(map[string]any{"items": []any{1, 2}, "name": "a"}, env("on"))
	b := scope.New(map[string]any{"items": []any{1, 2, 3}, "name": "b"}, env("off"))
	var ev eval.Evaluator
	for i := 0; i < 200; i++ {
		s, want := a, "2 a on"
		if i%3 == 2 {
			s, want = b, "3 b off"
		}
		got, err := ev.Render(context.Background(), tpl, s)
		require.NoError(t, err)
		require.Equal(t, want, got, "evaluation %d", i)
	}
}

// D37: an error of a condition starts with "condition:" however it is
// decided: Test and Explain, alone or within a shared evaluation.
func TestEvaluatorExplainMarksConditionErrors(t *testing.T) {
	cd := eval.MustCompileCondition("${number(x)} > 1")
	s := scope.New(map[string]any{"x": "abc"})
	var ev eval.Evaluator
	_, err := ev.Test(context.Background(), cd, s)
	require.ErrorContains(t, err, "condition: ${number(x)}")
	_, _, err = ev.Explain(context.Background(), cd, s)
	require.ErrorContains(t, err, "condition: ${number(x)}")
	ev.Begin(context.Background(), s)
	defer ev.End()
	_, err = ev.Test(context.Background(), cd, s)
	require.ErrorContains(t, err, "condition: ${number(x)}")
	_, _, err = ev.Explain(context.Background(), cd, s)
	require.ErrorContains(t, err, "condition: ${number(x)}")
}

// D35: a context cancelled after Begin stops the very next evaluation of
// the shared evaluation, whatever it is, with an error that wraps
// ctx.Err(): each evaluation looks at the context when it starts, not
// only every so many steps.
func TestEvaluatorCancelAfterBegin(t *testing.T) {
	s := scope.New(map[string]any{"x": []any{1, 2, 3}, "y": "yes"})
	tpl := eval.MustCompile("${len(x)}")
	plain := eval.MustCompile("${y}")
	text := eval.MustCompile("plain text")
	cd := eval.MustCompileCondition("${y}")
	cmp := eval.MustCompileCondition("${len(x)} > 1")
	for name, run := range map[string]func(ev *eval.Evaluator) error{
		"Render":      func(ev *eval.Evaluator) error { _, err := ev.Render(context.Background(), tpl, s); return err },
		"Render path": func(ev *eval.Evaluator) error { _, err := ev.Render(context.Background(), plain, s); return err },
		"Value":       func(ev *eval.Evaluator) error { _, err := ev.Value(context.Background(), tpl, s); return err },
		"Render text": func(ev *eval.Evaluator) error { _, err := ev.Render(context.Background(), text, s); return err },
		"Value text":  func(ev *eval.Evaluator) error { _, err := ev.Value(context.Background(), text, s); return err },
		"Test":        func(ev *eval.Evaluator) error { _, err := ev.Test(context.Background(), cd, s); return err },
		"Test cmp":    func(ev *eval.Evaluator) error { _, err := ev.Test(context.Background(), cmp, s); return err },
		"Explain": func(ev *eval.Evaluator) error {
			_, _, err := ev.Explain(context.Background(), cmp, s)
			return err
		},
	} {
		ctx, cancel := context.WithCancel(context.Background())
		var ev eval.Evaluator
		ev.Begin(ctx, s)
		require.NoError(t, run(&ev), "%s before the cancel", name)
		cancel()
		err := run(&ev)
		require.ErrorIs(t, err, context.Canceled, "%s: the first evaluation after the cancel", name)
		require.ErrorContains(t, err, "the evaluation was cancelled", name)
		ev.End()
	}
}

// D37, D42: a text without placeholders met after the shared budget is
// spent (or its context done) fails with the stop, named as a whole text
// is (Error.Template), quoted, not inside a ${ its author never wrote
// (`${plain text}`, `${abc ${x}`).
func TestEvaluatorStopAtPlainText(t *testing.T) {
	s := scope.New(map[string]any{"l": make([]int, 50)}, scope.WithMaxSteps(20))
	heavy := eval.MustCompile("${join(l, ',')}")
	for _, text := range []string{"plain text", "abc ${x", "{{row.t}}"} {
		var ev eval.Evaluator
		ev.Begin(context.Background(), s)
		_, err := ev.Render(context.Background(), heavy, s)
		require.ErrorIs(t, err, eval.ErrBudget)
		for name, run := range map[string]func() error{
			"Render": func() error { _, err := ev.Render(context.Background(), eval.MustCompile(text), s); return err },
			"Value":  func() error { _, err := ev.Value(context.Background(), eval.MustCompile(text), s); return err },
		} {
			err := run()
			require.ErrorIs(t, err, eval.ErrBudget, "%s %q", name, text)
			var e *eval.Error
			require.True(t, errors.As(err, &e))
			require.True(t, e.Template, "%s %q", name, text)
			require.Equal(t, "'"+text+"': the evaluation needs more work than allowed (more than 20 steps)", err.Error(), name)
			require.Equal(t, 1, e.Line)
			require.Equal(t, 1, e.Column)
		}
		ev.End()
	}
	ctx, cancel := context.WithCancel(context.Background())
	var ev eval.Evaluator
	ev.Begin(ctx, s)
	cancel()
	_, err := ev.Render(ctx, eval.MustCompile("plain text"), s)
	require.ErrorIs(t, err, context.Canceled)
	require.Equal(t, "'plain text': the evaluation was cancelled", err.Error())
}
