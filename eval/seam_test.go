package eval_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

// Issue #9: `${row._id (x)}` gets one answer from Problems, a strict
// Compile and Render: the `_` rule (D9, E7) of the path reading.
func TestUnderscoreOneAnswer(t *testing.T) {
	const text = "${row._id (x)}"
	const want = "${row._id (x)}: names starting with _ are not allowed; for a key that starts with _, write ['_id (x)']"
	tpl := eval.MustCompile(text)
	ps := tpl.Problems(nil)
	require.Len(t, ps, 1)
	require.Equal(t, want, ps[0].Error())
	s := scope.New(map[string]any{"row": map[string]any{"_id (x)": "secret"}})
	_, err := tpl.Render(s)
	require.Equal(t, want, err.Error())
	_, err = eval.Compile(text, eval.Strict())
	require.Equal(t, want, err.Error())
	require.ErrorIs(t, err, eval.ErrForbidden)
}

// Issue #9 and D31: the grammar's split is the truth. A line it keeps
// whole is one comparison, parentheses and all.
func TestJohnsonAndJohnsonUK(t *testing.T) {
	c, err := eval.CompileCondition("${name} == Johnson and Johnson (UK)")
	require.NoError(t, err)
	ok, err := c.Test(scope.New(map[string]any{"name": "johnson and johnson (uk)"}))
	require.NoError(t, err)
	require.True(t, ok)
	parts := c.Parts()
	require.Len(t, parts, 1)
	require.Equal(t, "==", parts[0].Op)
	require.Equal(t, "Johnson and Johnson (UK)", parts[0].Right.Text())
}

// Issue #9 and D35: the host's cap holds for constants too, with the same
// answer as for the same text from data, from Render and from Value.
func TestHostCapHoldsForConstants(t *testing.T) {
	s := scope.New(map[string]any{"x": strings.Repeat("a", 20)}, scope.WithMaxSize(10))
	_, fromData := eval.MustCompile("${upper(x)}").Value(s)
	require.ErrorIs(t, fromData, eval.ErrLimit)
	konst := eval.MustCompile("${upper('" + strings.Repeat("a", 20) + "')}")
	_, err := konst.Value(s)
	require.ErrorIs(t, err, eval.ErrLimit)
	var a, b *eval.Error
	require.True(t, errors.As(fromData, &a))
	require.True(t, errors.As(err, &b))
	require.Equal(t, a.Reason, b.Reason)
	_, err = konst.Render(s)
	require.ErrorIs(t, err, eval.ErrLimit)
	require.True(t, errors.As(err, &b))
	require.Equal(t, a.Reason, b.Reason)
	// a text literal alone is held to the cap as well
	_, err = eval.MustCompile("${'" + strings.Repeat("a", 20) + "'}").Value(s)
	require.ErrorIs(t, err, eval.ErrLimit)
}

// Issue #9: when literal text takes the result past the cap, the error
// names that text, not the last placeholder.
func TestSizeErrorNamesTheLiteral(t *testing.T) {
	s := scope.New(map[string]any{"a": "1", "b": "2"}, scope.WithMaxSize(8))
	_, err := eval.MustCompile("${a}${b} and then a long tail").Render(s)
	require.ErrorIs(t, err, eval.ErrLimit)
	require.True(t, strings.HasPrefix(err.Error(), "${"), err.Error())
	require.Contains(t, err.Error(), "' and then a long tail'")
	var e *eval.Error
	require.True(t, errors.As(err, &e))
	require.Equal(t, 8, e.Offset)
	require.Equal(t, 9, e.Column)
}
