package value

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"
)

// D35: one budget per evaluation; past it every charge fails with the
// budget named; a done context stops it within pollEvery steps.
func TestBudget(t *testing.T) {
	b := NewBudget(context.Background(), 10, 3)
	require.NoError(t, b.Bytes(10))
	err := b.Bytes(1)
	require.ErrorIs(t, err, ErrBudget)
	require.ErrorIs(t, err, ErrLimit)
	require.Contains(t, err.Error(), "more work than allowed")
	require.Contains(t, err.Error(), "10 bytes")
	require.Equal(t, err, b.Steps(1), "a spent budget keeps failing")

	b = NewBudget(context.Background(), 0, 3)
	require.NoError(t, b.Steps(3))
	require.ErrorContains(t, b.Steps(1), "3 steps")
	bytes, steps := b.Used()
	require.Equal(t, int64(0), bytes)
	require.Equal(t, int64(3), steps)

	var none *Budget
	require.NoError(t, none.Bytes(1<<40))
	require.NoError(t, none.Steps(1<<40))
	require.NoError(t, none.Check())
	none.Reset(context.Background(), 1, 1) // nothing to reset: still charges nothing
	require.NoError(t, none.Bytes(1<<40))

	// The zero Budget has no room, as its doc says, until Reset.
	var zero Budget
	require.ErrorIs(t, zero.Steps(1), ErrBudget)
	zero.Reset(context.Background(), 0, 0)
	require.NoError(t, zero.Steps(1))
	require.NoError(t, zero.Bytes(1<<20))
}

func TestBudgetContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	b := NewBudget(ctx, 0, 0)
	require.NoError(t, b.Steps(1))
	cancel()
	var err error
	n := 0
	for err == nil {
		err = b.Steps(1)
		n++
	}
	require.LessOrEqual(t, n, pollEvery)
	require.True(t, errors.Is(err, context.Canceled))
	require.Equal(t, "the evaluation was cancelled", err.Error())

	// Reset looks at the context: a budget made under a done context
	// fails at its very first charge, of either kind (D35).
	done, stop := context.WithCancel(context.Background())
	stop()
	require.ErrorIs(t, NewBudget(done, 0, 0).Steps(1), context.Canceled)
	require.ErrorIs(t, NewBudget(done, 0, 0).Bytes(1), context.Canceled)

	ctx, cancel = context.WithTimeout(context.Background(), 0)
	defer cancel()
	require.ErrorIs(t, NewBudget(ctx, 0, 0).Check(), context.DeadlineExceeded)
}
