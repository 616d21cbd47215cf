package main

import (
	"fmt"
	"io"
	"os"
	"sync/atomic"
	"time"

	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/echo"
)

// summary is -summary: the tally of the rows run (record.Tally), printed
// as text or written as JSON.
type summary struct {
	*record.Tally
	// stopped is set when the run stopped before the sheet's end (D42):
	// the rows are those run.
	stopped bool
	// chosen names the flag that chose the rows counted ("-where"), ""
	// for every row.
	chosen string
}

func newSummary(f *flow.Flow) *summary {
	return &summary{Tally: record.NewTally(f.Fields(), flow.MaxRowsListed)}
}

// print writes the summary as text: a line for the flow, then a line per
// field: `  19 condition: true 2, false 1, fail 1 (rows[3] (sheet row 5))`.
func (s *summary) print(w io.Writer, name string) {
	stopped := ""
	if s.stopped {
		stopped = " run before the run stopped"
	}
	rows := s.Rows()
	fmt.Fprintf(w, "%s: summary of %s %s%s\n", echo.Clean(name), flow.Count(rows), plural(rows, "row", "rows"), stopped)
	for _, c := range s.Counts() {
		fd, fails := c.Field, c.Fail.Len()
		fmt.Fprintf(w, "  %d %s: ", fd.Line, echo.Clean(fd.Label))
		if fd.Condition {
			fmt.Fprintf(w, "true %s, false %s, fail %s", flow.Count(c.True), flow.Count(c.False), flow.Count(fails))
		} else if fails == 0 {
			io.WriteString(w, "fails in no row")
		} else {
			fmt.Fprintf(w, "fails in %s %s", flow.Count(fails), plural(fails, "row", "rows"))
		}
		if fails > 0 {
			fmt.Fprintf(w, " (%s)", c.Fail.TextOf(record.Among{Rows: rows, Stopped: s.stopped, Chosen: s.chosen}))
		}
		io.WriteString(w, "\n")
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// progress is the line on standard error that says how far a run is:
// only when standard error is a terminal, never with -json, and only once
// the run has taken a second.
type progress struct {
	rows  atomic.Int64
	stop  chan struct{}
	ended chan struct{}
}

func (p *previewRun) progress() *progress {
	pr := &progress{}
	f, ok := p.stderr.(*os.File)
	if !ok || p.json != nil {
		return pr
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return pr
	}
	pr.stop, pr.ended = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(pr.ended)
		start := time.Now()
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		shown := false
		for {
			select {
			case <-pr.stop:
				if shown {
					fmt.Fprint(f, "\r\033[K")
				}
				return
			case now := <-tick.C:
				el := now.Sub(start)
				if el < time.Second {
					continue
				}
				n := pr.rows.Load()
				fmt.Fprintf(f, "\r\033[K%s rows, %s rows/s", flow.Count(int(n)), flow.Count(int(float64(n)/el.Seconds())))
				shown = true
			}
		}
	}()
	return pr
}

func (pr *progress) add() { pr.rows.Add(1) }

func (pr *progress) done() {
	if pr.stop != nil {
		close(pr.stop)
		<-pr.ended
	}
}
