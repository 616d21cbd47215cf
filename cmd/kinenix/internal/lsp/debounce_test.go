package lsp

import (
	"context"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
	"github.com/stretchr/testify/require"
)

// timerOpts are options whose debounce timer the test fires (tick) and
// whose checks it counts: no test waits for the clock.
func timerOpts(tick chan time.Time, checks *atomic.Int32) Options {
	return Options{
		after: func(time.Duration) <-chan time.Time { return tick },
		validate: func(ctx context.Context, file string, src []byte, s *scope.Scope) []flow.Finding {
			checks.Add(1)
			return flow.ValidateContext(ctx, file, src, s)
		},
	}
}

func (c *client) change(uri string, version int, text string) {
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": version},
		"contentChanges": []any{map[string]any{"text": text}},
	})
}

// sync returns once the server has handled every message sent before:
// it answers in order.
func (c *client) sync(t *testing.T) {
	require.Nil(t, c.request("textDocument/hover", at(flowURI, 0, 0)).Error)
}

// TestChangesDebounced: 2,000 full-text changes sent while the debounce
// runs are checked once, at the last version (each was checked before:
// 31 s for 2,000 changes of a large flow).
func TestChangesDebounced(t *testing.T) {
	tick := make(chan time.Time)
	var checks atomic.Int32
	c := startServer(t, timerOpts(tick, &checks))
	c.initialize(t, nil)
	c.open(flowURI, flowWithTypo)
	for v := 2; v <= 2001; v++ {
		c.change(flowURI, v, strings.Repeat("x", v%7)+flowWithTypo)
	}
	c.sync(t)
	require.Zero(t, checks.Load(), "a check ran before the debounce ended")
	tick <- time.Time{}
	p := c.diagnostics(t)
	require.Equal(t, 2001, p.Version)
	require.Len(t, p.Diagnostics, 1)
	require.Equal(t, int32(1), checks.Load())

	// The next change waits for the timer again.
	c.change(flowURI, 2002, "fine\n")
	c.sync(t)
	require.Equal(t, int32(1), checks.Load())
	tick <- time.Time{}
	p = c.diagnostics(t)
	require.Equal(t, 2002, p.Version)
	require.Empty(t, p.Diagnostics)
	require.Equal(t, int32(2), checks.Load())
}

// TestCheckCancelled: a change that arrives while its document is being
// checked cancels the check; only the newer version's diagnostics are
// published.
func TestCheckCancelled(t *testing.T) {
	tick := make(chan time.Time)
	started, cancelled := make(chan string, 4), make(chan string, 4)
	opts := Options{
		after: func(time.Duration) <-chan time.Time { return tick },
		validate: func(ctx context.Context, file string, src []byte, s *scope.Scope) []flow.Finding {
			started <- string(src)
			if strings.HasPrefix(string(src), "slow") {
				<-ctx.Done() // a check that would run long
				cancelled <- string(src)
			}
			return flow.ValidateContext(ctx, file, src, s)
		},
	}
	c := startServer(t, opts)
	c.initialize(t, nil)
	c.open(flowURI, "slow ${lenght(x)}\n")
	tick <- time.Time{}
	require.Equal(t, "slow ${lenght(x)}\n", <-started)
	c.change(flowURI, 2, "fast ${lenght(x)}\n")
	require.Equal(t, "slow ${lenght(x)}\n", <-cancelled)
	tick <- time.Time{}
	require.Equal(t, "fast ${lenght(x)}\n", <-started)
	p := c.diagnostics(t)
	require.Equal(t, 2, p.Version, "the cancelled check published")
	require.Len(t, p.Diagnostics, 1)

	// Closing a document cancels its check too, and nothing is published
	// but the empty list of the close.
	c.change(flowURI, 3, "slow again\n")
	tick <- time.Time{}
	require.Equal(t, "slow again\n", <-started)
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": flowURI}})
	require.Equal(t, "slow again\n", <-cancelled)
	p = c.diagnostics(t)
	require.Zero(t, p.Version)
	require.Empty(t, p.Diagnostics)
}
