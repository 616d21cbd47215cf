package eval

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/gen/exprparser"
	"github.com/kinenix/expressions/scope"
)

// checked is what check alone makes of src: its plan and its problems.
func checked(t *testing.T, src string) (*node, []*Error) {
	t.Helper()
	tree, err := exprparser.ParseExpr(src)
	require.NoError(t, err, src)
	c := &checker{source: source{src: src}}
	return c.expr(tree), c.problems
}

// Check runs no code: a problem that only running a constant finds is
// optimise's, and the pipeline still reports it (issue #19).
func TestCheckRunsNoCode(t *testing.T) {
	for _, src := range []string{"1 / 0", "-'a'", "replace('abc', '', 'x')", "x * (2 % 0)", "len(upper(5 / 0))"} {
		root, problems := checked(t, src)
		require.Empty(t, problems, "check of %s", src)
		require.False(t, root.bad, src)
		_, _, all := compileExpr(src)
		require.NotEmpty(t, all, "the pipeline finds what %s does when run", src)
	}
	// What check refuses it refuses without running anything.
	for _, src := range []string{"_x", "row._k", "nosuch(1)", "len()", "row.a + ' THB'", "x if y else z", "env._X"} {
		_, problems := checked(t, src)
		require.NotEmpty(t, problems, src)
	}
}

// Inside a lazy value (D46), a constant that fails is no problem: it fails
// when (and only when) the value is needed.
func TestLazyConstantFailsWhenNeeded(t *testing.T) {
	e, _, problems := compileExpr("default(x, 1 / 0)")
	require.Empty(t, problems)
	require.NotNil(t, e)
	tpl, err := Compile("${default(x, 1 / 0)}", Strict())
	require.NoError(t, err)
	out, err := tpl.Render(scope.New(map[string]any{"x": "set"}))
	require.NoError(t, err)
	require.Equal(t, "set", out)
	_, err = tpl.Render(scope.New(nil))
	require.ErrorContains(t, err, "by zero")
}

// Optimise folds arithmetic of literals and fuses chains of text
// functions into nodes of the plan, each chain link on its own call.
func TestOptimisePlan(t *testing.T) {
	plan := func(src string) *node {
		root, problems := checked(t, src)
		require.Empty(t, problems, src)
		o := &optimizer{source: source{src: src}}
		root = o.node(root)
		require.Empty(t, o.problems, src)
		return root
	}
	n := plan("(1 + 2) * x")
	require.Equal(t, kArith, n.kind)
	require.Equal(t, kConst, n.args[0].kind)
	require.Equal(t, "3", n.args[0].val.Num().String())
	require.Equal(t, kVar, n.args[1].kind)

	n = plan("lower(trim((upper(x))))")
	require.Equal(t, kText, n.kind)
	require.Equal(t, "lower", n.fn.Name)
	require.Equal(t, kText, n.args[0].kind)
	require.Equal(t, "trim", n.args[0].fn.Name)
	inner := n.args[0].args[0]
	require.Equal(t, kCall, inner.kind, "the innermost call of a chain")
	require.Equal(t, "upper", inner.fn.Name)
	require.Equal(t, kVar, inner.args[0].kind)
	require.Equal(t, 3+1, n.steps(), "a step a call and a name")

	// One text function alone is a call, not a chain.
	require.Equal(t, kCall, plan("upper(x)").kind)
	// A function that is not one of text to text ends the chain.
	n = plan("upper(len(x))")
	require.Equal(t, kCall, n.kind)
}

// What section 4 reads a placeholder as is decided once, when it is
// compiled (readAs).
func TestPlaceholderReadAs(t *testing.T) {
	for _, c := range []struct {
		text string
		as   readAs
	}{
		{"row.status", asExpr},
		{"len(packages)", asExprUnlessName},
		{"(a + b) * 2", asExprUnlessName},
		{"row.First Name", asPath},
		{"row.a + 1", asPath},
		{"len(packages", asPath},
		{"env.HOME", asEnv},
		{"_x", asUnder},
		{"row._key", asUnder},
		{strings.Repeat("a", MaxLength+1), asLimit},
	} {
		p := compilePlaceholder(c.text, 2, newLines("${"+c.text+"}"))
		require.Equal(t, c.as, p.as, c.text)
		require.NotNil(t, p.read, c.text)
	}
}
