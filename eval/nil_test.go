package eval_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// A nil scope is a scope with no variables, and a nil template, condition,
// cache or option is an error or nothing, never a panic (never a panic, a
// hang, or a Go type name in a flow author's message: these are the host's
// mistakes, told to the host).
func TestNilsDoNotPanic(t *testing.T) {
	ctx := context.Background()
	tpl := eval.MustCompile("${len(x)} ${a}")
	out, err := tpl.Render(nil)
	require.NoError(t, err)
	require.Equal(t, "0 ", out)
	v, err := eval.MustCompile("${a}").Value(nil)
	require.NoError(t, err)
	require.Equal(t, value.Empty, v.Kind())
	_, err = tpl.JSON(ctx, nil)
	require.NoError(t, err)
	ok, err := eval.MustCompileCondition("${a} is empty").Test(nil)
	require.NoError(t, err)
	require.True(t, ok)
	_, _, err = eval.MustCompileCondition("${a} == 1").Explain(nil)
	require.NoError(t, err)
	ph := tpl.Placeholders()[0]
	_, err = ph.Eval(ctx, nil, nil)
	require.NoError(t, err)
	_, _ = ph.PathMiss(nil)

	var none *eval.Template
	_, err = none.Render(scope.New(nil))
	require.ErrorIs(t, err, eval.ErrInternal)
	require.Contains(t, err.Error(), "a nil *Template")
	_, err = none.Value(nil)
	require.ErrorIs(t, err, eval.ErrInternal)
	_, err = none.JSON(ctx, nil)
	require.ErrorIs(t, err, eval.ErrInternal)
	require.Len(t, none.Problems(nil), 1)
	require.Empty(t, none.Text())
	require.Nil(t, none.Placeholders())
	var noEv *eval.Evaluator // takes the pooled state; nothing to share
	noEv.Begin(ctx, scope.New(nil))
	out, err = noEv.Render(ctx, tpl, nil)
	require.NoError(t, err)
	require.Equal(t, "0 ", out)
	bytes, steps := noEv.End()
	require.Zero(t, bytes)
	require.Zero(t, steps)
	bytes, steps = noEv.Used()
	require.Zero(t, bytes+steps)
	var ev eval.Evaluator
	bytes, steps = ev.End() // End without Begin
	require.Zero(t, bytes+steps)
	_, err = ev.Value(ctx, none, nil)
	require.ErrorIs(t, err, eval.ErrInternal)

	var noCond *eval.Condition
	_, err = noCond.Test(nil)
	require.ErrorIs(t, err, eval.ErrInternal)
	require.Contains(t, err.Error(), "condition: no condition to test")
	_, _, err = noCond.Explain(nil)
	require.ErrorIs(t, err, eval.ErrInternal)
	_, err = ev.Test(ctx, noCond, nil)
	require.ErrorIs(t, err, eval.ErrInternal)
	require.Nil(t, noCond.Parts())

	var noCache *eval.Cache
	require.Zero(t, noCache.Len())
	require.Zero(t, noCache.Bytes())
	noCache.Clear()
	_, err = eval.Compile("${a}", nil, eval.WithCache(nil))
	require.NoError(t, err)
	_, err = eval.CompileCondition("${a} == 1", nil)
	require.NoError(t, err)

	var s *scope.Scope
	_, found, err := s.Var("a")
	require.False(t, found)
	require.NoError(t, err)
	_, found, _ = s.Lookup(scope.Path{"a", "b"})
	require.False(t, found)
	_, env := s.Env("HOME")
	require.False(t, env)
	require.False(t, s.Has("a"))
	require.Nil(t, s.Names())
	require.Equal(t, 1<<20, s.MaxSize())
	_ = scope.New(nil, nil)
}

// The zero values of the exported types, and nil items of an ErrorList,
// are errors that name them or nothing, never a panic: a zero Condition
// (not made by CompileCondition) said "internal error; please report it",
// and a zero Placeholder, a nil *Error and an ErrorList with a nil item
// panicked.
func TestZeroValuesDoNotPanic(t *testing.T) {
	ctx := context.Background()
	var zc eval.Condition
	_, err := zc.Test(nil)
	require.ErrorIs(t, err, eval.ErrInternal)
	require.EqualError(t, err, "condition: no condition to test (a zero Condition; make one with CompileCondition)")
	_, _, err = zc.Explain(nil)
	require.ErrorIs(t, err, eval.ErrInternal)
	require.Contains(t, err.Error(), "a zero Condition")
	var ev eval.Evaluator
	ev.Begin(ctx, nil)
	_, err = ev.Test(ctx, &zc, nil)
	require.Contains(t, err.Error(), "a zero Condition")
	_, _, err = ev.Explain(ctx, &zc, nil)
	require.Contains(t, err.Error(), "a zero Condition")
	ev.End()

	var ph eval.Placeholder
	_, err = ph.Eval(ctx, nil, nil)
	require.ErrorIs(t, err, eval.ErrInternal)
	require.EqualError(t, err, "${}: no placeholder to evaluate (a zero Placeholder; take one from Template.Placeholders)")
	_, err = ev.Eval(ctx, ph, nil, nil)
	require.ErrorIs(t, err, eval.ErrInternal)
	ev.Begin(ctx, nil)
	_, err = ev.Eval(ctx, ph, nil, nil)
	require.ErrorIs(t, err, eval.ErrInternal)
	ev.End()
	require.Nil(t, ph.Problem(nil))
	require.False(t, ph.IsEnv())
	require.False(t, ph.KeyLike())
	_, _, ok := ph.CutKey()
	require.False(t, ok)
	_, ok = ph.PathMiss(nil)
	require.False(t, ok)

	var e *eval.Error
	require.Equal(t, "no error (a nil *Error)", e.Error())
	require.NoError(t, e.Unwrap())
	list := eval.ErrorList{nil, {Expr: "a", Reason: "b", Kind: eval.ErrSyntax}, nil}
	require.ErrorIs(t, list, eval.ErrSyntax)
	list.Sort()
	require.Equal(t, "${a}: b", list.Error(), "nil items are dropped")
	var none *eval.ErrorList
	none.Sort()
}

// D37: JSON's failure is an *Error that starts with ${, also when only
// the quotes of the JSON push a rendered text past the cap; the empty
// template too, whose JSON `""` passes a cap of one byte (it panicked,
// found by proptest's property 9).
func TestJSONOfTextPastTheCap(t *testing.T) {
	for _, text := range []string{"abc", "txt ${'1,234.5'}txt ${\"x\"}", ""} {
		tpl := eval.MustCompile(text)
		out, err := tpl.Render(scope.New(nil, scope.WithMaxSize(len(text))))
		require.NoError(t, err, text)
		_, err = tpl.JSON(context.Background(), scope.New(nil, scope.WithMaxSize(len(out)+1)))
		var e *eval.Error
		require.ErrorAs(t, err, &e, text)
		require.ErrorIs(t, err, eval.ErrLimit)
		require.True(t, strings.HasPrefix(err.Error(), "${"), err.Error())
		if !strings.Contains(text, "${") {
			require.Contains(t, err.Error(), "written as JSON", "the text itself fits the cap")
		}
	}
}
