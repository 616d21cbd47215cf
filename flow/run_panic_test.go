package flow_test

import (
	"context"
	"iter"
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/flow"
)

// panicAt is sheetRows(n) that panics with v once it has yielded at rows
// (and, with onStop, instead when its loop stops it early).
func panicAt(n, at int, v any, onStop bool) iter.Seq2[flow.Input, error] {
	return func(yield func(flow.Input, error) bool) {
		i := 0
		for in := range sheetRows(n) {
			if i == at && !onStop {
				panic(v)
			}
			i++
			if !yield(in, nil) {
				if onStop {
					panic(v)
				}
				return
			}
		}
	}
}

// runCatching runs f over rows as a host that recovers would, breaking
// after brk rows (never when brk < 0): the rows delivered, in order, and
// what it recovered.
func runCatching(t *testing.T, f *flow.Flow, rows iter.Seq2[flow.Input, error], brk int) (n int, recovered any, err error) {
	t.Helper()
	defer func() { recovered = recover() }()
	for r, e := range f.RunRows(context.Background(), rows) {
		if e != nil {
			return n, nil, e
		}
		require.Equal(t, n, r.Row)
		n++
		if n == brk {
			break
		}
	}
	return n, nil, nil
}

// settled waits, without a clock, until the goroutines of the process
// are no more than before: a run that left one of its own behind never
// returns, and the test's deadline shows where it is stuck.
func settled(before int) {
	for runtime.NumGoroutine() > before {
		runtime.Gosched()
	}
}

// A panic of the host's rows iterator is raised again on the goroutine
// that ranges over RunRows, with the same value, as iter.Pull does, after
// the rows before it are delivered and every goroutine of the run has
// ended: with several workers it happened on the run's reader goroutine,
// past any recover of the host, and took its process down. One worker
// and several behave alike.
func TestRunRowsRowsPanic(t *testing.T) {
	for _, workers := range []int{1, 4} {
		f, err := flow.Compile("f.md", []byte(sheetFlow), flow.Workers(workers))
		require.NoError(t, err)
		for _, at := range []int{0, 1, 3, 100, 999} {
			before := runtime.NumGoroutine()
			v := &struct{ at int }{at}
			n, got, err := runCatching(t, f, panicAt(1000, at, v, false), -1)
			require.NoError(t, err)
			require.Same(t, v, got, "workers %d, at %d", workers, at)
			require.Equal(t, at, n, "the rows before the panic, workers %d", workers)
			settled(before)
		}
		// Past the row where the host stopped, the iterator is not read
		// (with one worker) or what a worker read ahead is not the host's
		// (with several): no panic, as the loop never asked for that row.
		before := runtime.NumGoroutine()
		n, got, err := runCatching(t, f, panicAt(1_000_000, 500, "late", false), 5)
		require.NoError(t, err)
		require.Nil(t, got, "workers %d", workers)
		require.Equal(t, 5, n)
		settled(before)
		// A panic of the iterator as it is stopped (the loop broke) is
		// raised to the host too, as a loop over the iterator itself
		// would have it.
		n, got, err = runCatching(t, f, panicAt(1_000_000, 0, "on stop", true), 5)
		require.NoError(t, err)
		require.Equal(t, "on stop", got, "workers %d", workers)
		require.Equal(t, 5, n)
		settled(before)
		// An iterator that calls runtime.Goexit ends the goroutine that
		// ranges over the run, as iter.Pull has it, not the run alone as
		// if the rows had ended.
		exited := make(chan bool)
		go func() {
			returned := false
			defer func() { exited <- returned }()
			for range f.RunRows(context.Background(), func(yield func(flow.Input, error) bool) {
				for in := range sheetRows(10) {
					if !yield(in, nil) {
						return
					}
				}
				runtime.Goexit()
			}) {
			}
			returned = true
		}()
		require.False(t, <-exited, "workers %d", workers)
		settled(before)
	}
}
