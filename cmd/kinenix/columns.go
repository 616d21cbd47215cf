package main

import (
	"context"
	"iter"
	"sync"

	"github.com/kinenix/expressions/flow"
)

// columnCount counts what the columns a flow reads hold (D45) over the
// rows of a sheet as the run gives back their results, so that the facts
// need no second reading of the sheet and cover exactly the rows run: a
// run that stops (D42) has read rows ahead that it never ran, and the
// facts are told of the rows run, as its other findings are.
type columnCount struct {
	c  *flow.ColumnCounter
	mu sync.Mutex        // the run reads rows on a goroutine of its own
	q  queue[flow.Input] // rows read, their results not yet given back
}

// queue is a first-in first-out queue whose array serves a whole run:
// items are taken from the front (q[head:] are kept) and added at the
// back, and the items kept move to the front once those taken make up
// half of the array, not made anew as q[1:] would make it.
type queue[T any] struct {
	q    []T
	head int
}

func (q *queue[T]) push(x T) { q.q = append(q.q, x) }

// peek returns the first item, ok false when there is none.
func (q *queue[T]) peek() (x T, ok bool) {
	if q.head == len(q.q) {
		return x, false
	}
	return q.q[q.head], true
}

// pop takes the first item away, keeping nothing of it.
func (q *queue[T]) pop() {
	var zero T
	q.q[q.head] = zero
	q.head++
	switch {
	case q.head == len(q.q):
		q.q, q.head = q.q[:0], 0
	case 2*q.head >= cap(q.q):
		n := copy(q.q, q.q[q.head:])
		clear(q.q[n:])
		q.q, q.head = q.q[:n], 0
	}
}

// newColumnCount returns the counter of the columns of a sheet that the
// flow src reads (D45), over the rows of a run, or nil when there is
// nothing to count: on is false (a run of one row), the data is no sheet
// with rows, or the flow reads no column. validate -data and preview
// both count with it, so that their warnings and -strict agree (D43).
func newColumnCount(src []byte, plan *rowsPlan, on bool) *columnCount {
	if !on || !plan.sheet || plan.headerOnly {
		return nil
	}
	cols := flow.Columns(src)
	if len(cols) == 0 {
		return nil
	}
	return &columnCount{c: flow.NewColumnCounter(cols)}
}

// findings are the column warnings (D45) of the rows counted, in the
// flow file name; nil for a nil counter. A run that stopped (D42) still
// tells the facts of the rows it ran, which are facts about those rows,
// saying that they cover only them, as its other findings do.
func (cc *columnCount) findings(name string, stopped bool) []rowFinding {
	if cc == nil {
		return nil
	}
	more := wrap(cc.c.Warnings(name))
	if n := cc.c.Rows(); stopped {
		for i := range more {
			more[i].Message += " (in the " + flow.Count(n) + " " + plural(n, "row", "rows") + " run before the run stopped)"
		}
	}
	return more
}

// run runs f over rows as a run of validate -data or preview does, the
// counter (when there is one; cc may be nil) keeping each row until its
// result comes.
func (cc *columnCount) run(ctx context.Context, f *flow.Flow, rows iter.Seq2[flow.Input, error]) iter.Seq2[flow.RowResult, error] {
	if cc != nil {
		rows = cc.pass(rows)
	}
	return f.RunRows(ctx, rows)
}

// pass passes the rows through, keeping each until its result comes.
func (cc *columnCount) pass(rows iter.Seq2[flow.Input, error]) iter.Seq2[flow.Input, error] {
	return func(yield func(flow.Input, error) bool) {
		for in, err := range rows {
			if err == nil {
				cc.mu.Lock()
				cc.q.push(in)
				cc.mu.Unlock()
			}
			if !yield(in, err) {
				return
			}
		}
	}
}

// ran counts the row whose result r is. Results come in row order, so
// it is the first row kept; one before it (none) is dropped uncounted.
func (cc *columnCount) ran(r *flow.RowResult) {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	for in, ok := cc.q.peek(); ok; in, ok = cc.q.peek() {
		cc.q.pop() // the row's data is not kept longer than the run keeps it
		if in.Index == r.Row {
			cc.c.AddRow(in, r)
			return
		}
	}
}
