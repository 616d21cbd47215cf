package eval_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

// Issue #19: a host that makes a scope per event (scope.New, then one
// evaluation, or a row of them, on an Evaluator it keeps) allocates
// nothing for the scope: the evaluation reads the scope's variables
// through a copy and never keeps the scope, so the scope stays on the
// host's stack. Counted in allocations, not time.
func TestScopePerEventAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's instrumentation allocates")
	}
	vars := map[string]any{"packages": []any{"a", "b"}, "a": 17, "row": map[string]any{"status": "Active", "n": 3}}
	tpl := eval.MustCompile("${len(packages)}")
	sum := eval.MustCompile("${(a + 1) * 2}")
	cond, err := eval.CompileCondition("${row.status} == Active and ${row.n} > 0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ev := new(eval.Evaluator)
	var lenOut, sumOut string
	var ok bool
	run := func() {
		s := scope.New(vars)
		v, err := ev.Value(ctx, tpl, s)
		require.NoError(t, err)
		w, err := ev.Value(ctx, sum, s)
		require.NoError(t, err)
		ok, err = ev.Test(ctx, cond, s)
		require.NoError(t, err)
		// A flow's row: one budget for all its evaluations (Begin, D42).
		ev.Begin(ctx, s)
		_, err = ev.Value(ctx, sum, s)
		require.NoError(t, err)
		_, _ = ev.End()
		if lenOut == "" {
			lenOut, sumOut = v.String(), w.String()
		}
	}
	run()
	require.Equal(t, []any{"2", "36", true}, []any{lenOut, sumOut, ok})
	allocs := testing.AllocsPerRun(100, run)
	require.Zero(t, allocs)
}
