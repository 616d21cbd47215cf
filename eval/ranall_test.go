package eval_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

// TestConditionRanAll checks RanAll against Explain: whenever it says a
// test evaluated every part, Explain's steps say so too; and it says so
// for a and b that holds and a or b that does not.
func TestConditionRanAll(t *testing.T) {
	lines := []string{
		"${a} == 1",
		"${a} == 1 and ${b} == 1",
		"${a} == 1 or ${b} == 1",
		"not ${a} == 1 and ${b} == 1",
		"${a} == 1 and ${b} == 1 or ${c} == 1",
		"${a} == 1 or ${b} == 1 and ${c} == 1",
		"not ${a} == 1 or not ${b} == 1",
		"${a} and ${b} and ${c}",
	}
	for _, line := range lines {
		c, err := eval.CompileCondition(line)
		require.NoError(t, err, line)
		for bits := range 8 {
			vars := map[string]any{"a": bits & 1, "b": bits >> 1 & 1, "c": bits >> 2 & 1}
			s := scope.New(vars)
			ok, steps, err := c.ExplainContext(context.Background(), s)
			require.NoError(t, err, line)
			all := true
			for _, st := range steps {
				all = all && st.Evaluated
			}
			if c.RanAll(ok) {
				require.True(t, all, "%s with %v: RanAll but a part was left out", line, vars)
			}
		}
	}
	and, _ := eval.CompileCondition("${a} == 1 and ${b} == 1")
	require.True(t, and.RanAll(true))
	require.False(t, and.RanAll(false))
	or, _ := eval.CompileCondition("${a} == 1 or ${b} == 1")
	require.True(t, or.RanAll(false))
	require.False(t, or.RanAll(true))
	require.False(t, (*eval.Condition)(nil).RanAll(true))
}

// TestEvaluatorCountMisses: within a shared evaluation the misses of
// Render and Test are counted, those of Eval go to its own callback and
// leave the count going, and Begin starts again from none.
func TestEvaluatorCountMisses(t *testing.T) {
	ctx := context.Background()
	s := scope.New(map[string]any{"row": map[string]any{"a": "x"}})
	found, _ := eval.Compile("${row.a}")
	missing, _ := eval.Compile("${row.b} and ${upper(row.c)}")
	cond, _ := eval.CompileCondition("${row.d} == 1")
	var ev eval.Evaluator
	ev.Begin(ctx, s)
	ev.CountMisses()
	out, err := ev.Render(ctx, found, s)
	require.NoError(t, err)
	require.Equal(t, "x", out)
	require.Equal(t, 0, ev.Misses())
	out, err = ev.Render(ctx, missing, s)
	require.NoError(t, err)
	require.Equal(t, " and ", out)
	require.Equal(t, 2, ev.Misses())
	heard := 0
	_, err = ev.Eval(ctx, missing.Placeholders()[0], s, func(eval.Miss) { heard++ })
	require.NoError(t, err)
	require.Equal(t, 1, heard)
	require.Equal(t, 2, ev.Misses(), "Eval's miss is its callback's")
	_, err = ev.Test(ctx, cond, s)
	require.NoError(t, err)
	require.Equal(t, 3, ev.Misses(), "counting goes on after Eval")
	ev.End()
	ev.Begin(ctx, s)
	require.Equal(t, 0, ev.Misses())
	_, err = ev.Render(ctx, missing, s)
	require.NoError(t, err)
	require.Equal(t, 0, ev.Misses(), "not counting unless asked")
	ev.End()
}

// TestEvaluatorAffordsRewind: Affords charges nothing, and Rewind puts
// the budget back where Mark found it, a spent budget included.
func TestEvaluatorAffordsRewind(t *testing.T) {
	ctx := context.Background()
	s := scope.New(map[string]any{"a": "x"}, scope.WithMaxSteps(100))
	tmpl, _ := eval.Compile("${upper(a)}")
	var ev eval.Evaluator
	require.True(t, ev.Affords(1<<40, 1<<40), "outside a shared evaluation")
	ev.Begin(ctx, s)
	require.True(t, ev.Affords(0, 50))
	require.False(t, ev.Affords(0, 101))
	_, steps0 := ev.Used()
	require.Zero(t, steps0, "Affords charges nothing")
	m := ev.Mark()
	var err error
	for err == nil {
		_, err = ev.Render(ctx, tmpl, s)
	}
	require.False(t, ev.Affords(0, 1))
	ev.Rewind(m)
	_, steps := ev.Used()
	require.Equal(t, steps0, steps)
	out, err := ev.Render(ctx, tmpl, s)
	require.NoError(t, err)
	require.Equal(t, "X", out)
	ev.End()
}
