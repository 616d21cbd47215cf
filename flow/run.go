package flow

import (
	"cmp"
	"context"
	"errors"
	"iter"
	"runtime"
	"strings"
	"sync"

	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/internal/rowtext"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// Input is one row of a run: its variables, and how messages name it
// (D41).
type Input struct {
	// Index is the row's index, the n of rows[n]; -1 for data that is not
	// a sheet.
	Index int
	// SheetRow is the row number the spreadsheet shows (the header is row
	// 1); 0 when unknown (JSON lines, data that is not a sheet).
	SheetRow int
	// Key is the value of the host's key column (`-key COLUMN`), or "".
	Key string
	// Scope holds the variables of the row: row, and rows (the whole
	// sheet) when the flow reads it (Flow.Reads).
	Scope *scope.Scope
}

// RowName names a row as every message about one row does (D41):
// `rows[3] (sheet row 5)`, `rows[3] (sheet row 5, INV-2026-0104)`,
// `rows[3]` when the sheet row is not known, `the data` for data that is
// not a sheet. A key that is empty or blank (white space, U+200B, U+FEFF:
// the one blank rule) names nothing and is left out: `rows[3] (sheet row 5)`, not `(sheet row 5,  )`. Numbers of four digits and more are grouped: `rows[1,204]`.
func RowName(index, sheetRow int, key string) string {
	if index < 0 {
		return "the data"
	}
	var b strings.Builder
	b.WriteString("rows[")
	b.WriteString(Count(index))
	b.WriteByte(']')
	var extra []string
	if sheetRow > 0 {
		extra = append(extra, "sheet row "+Count(sheetRow))
	}
	if !value.IsBlankText(key) {
		extra = append(extra, echo.Text(key))
	}
	if len(extra) > 0 {
		b.WriteString(" (" + strings.Join(extra, ", ") + ")")
	}
	return b.String()
}

// Count shows a count or a row number the way messages do: digits grouped
// by `,` in threes from four digits on (1,204; 12,546).
func Count(n int) string { return rowtext.Count(n) }

// StopError is the error that ends a run before its last row (D42): its
// budget is spent, or its context is done. The rows before At were
// delivered; At and the rows after it were not.
type StopError struct {
	// At names the first row not delivered.
	Index, SheetRow int
	Key             string
	// Rows is how many rows were delivered.
	Rows int
	// Reason is ErrRunBudget, or the failure of a done context (it wraps
	// ctx.Err()).
	Reason error
}

// ErrRunBudget is the reason of a run that needs more work than its
// budget allows (D42). errors.Is(err, value.ErrBudget) holds for it too.
var ErrRunBudget = value.NewKind("the run needs more work than allowed", value.ErrBudget)

// Error is `stopped at rows[1,204] (sheet row 1,206): the run needs more
// work than allowed`.
func (e *StopError) Error() string {
	if e == nil {
		return "stopped: no reason (a nil *StopError)"
	}
	if e.Reason == nil {
		return "stopped at " + RowName(e.Index, e.SheetRow, e.Key) + ": no reason given"
	}
	reason := e.Reason.Error()
	var f *value.Failure
	if errors.As(e.Reason, &f) {
		reason = f.Reason
	}
	if errors.Is(e.Reason, context.DeadlineExceeded) {
		reason = "the run ran out of time"
	} else if errors.Is(e.Reason, context.Canceled) {
		reason = "the run was cancelled"
	}
	return "stopped at " + RowName(e.Index, e.SheetRow, e.Key) + ": " + reason
}

// Unwrap returns the reason.
func (e *StopError) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Reason
}

// errNilFlow is what a nil *Flow runs to.
var errNilFlow = errors.New("no flow to run (a nil *Flow; make one with Compile)")

// orBackground is ctx, or for a nil ctx context.Background(), as package
// eval takes a nil context.
func orBackground(ctx context.Context) context.Context {
	if ctx == nil {
		return context.Background()
	}
	return ctx
}

// maxBatch is the most rows a worker takes at once; batches start at one
// row and double, so that a few heavy rows still spread over the workers.
const maxBatch = 64

// maxBatchResults is the most results (a row's fields and conditions) a
// batch holds: a flow of many fields takes fewer rows at once (down to
// one), so that what a run holds in flight is bounded by the rows times
// the fields, not by the rows alone (D42).
const maxBatchResults = 4096

// batchRows is the most rows of f that a batch holds.
func (f *Flow) batchRows() int {
	return max(1, min(maxBatch, maxBatchResults/max(1, len(f.fields))))
}

// RunRows runs the flow over rows, each row as Run runs it (one budget per
// row), and yields the results in the order of the rows. Rows are computed
// on Workers goroutines (GOMAXPROCS by default) and never more than a few
// batches of rows per worker are held at once, a batch holding fewer rows
// for a flow of many fields, so memory grows neither with the number of
// rows nor with rows times fields; a host that wants to shard a sheet across its
// own workers can call Run, or RunRows with Workers(1), on each shard.
//
// The run has a budget of its own (RunBudget, D42) that the rows' work
// adds up to, in row order; past it, or when ctx is done, the run stops
// and yields a *StopError that names the first row not delivered. Once
// ctx is done no row is delivered, whatever the number of workers: not
// the rows workers computed ahead of the loop, nor a row computed as ctx
// was cancelled; a loop body that cancels ctx at row K gets the
// *StopError at row K+1 next (none when K was the last row). An error
// from rows itself is yielded as it is, and ends the run. Stopping the
// loop early (break) stops the workers. A nil *Flow, or a nil rows, is
// one error and no rows.
//
// ctx is looked at between rows: a rows that blocks waiting for its next
// row (a queue) is not interrupted, since the run cannot stop the host's
// code; such a rows should end when ctx is done, or return.
//
// A panic in rows is raised again, with the same value, on the goroutine
// that ranges over the run, as iter.Pull does, whatever the number of
// workers: after the rows before it are delivered and the run's workers
// and reader have stopped, so that the host's recover sees it and nothing
// of the run is left running. With more than one worker rows is read
// ahead of the loop: a panic past the row where the run ended (a break,
// a stop) is not raised, as with one worker, where rows is never read so
// far; a panic of rows as it is told to stop is. A runtime.Goexit in rows
// ends the goroutine of the loop alike.
func (f *Flow) RunRows(ctx context.Context, rows iter.Seq2[Input, error]) iter.Seq2[RowResult, error] {
	return func(yield func(RowResult, error) bool) {
		switch {
		case f == nil:
			yield(RowResult{}, errNilFlow)
			return
		case rows == nil:
			yield(RowResult{}, errors.New("no rows to run (a nil iterator)"))
			return
		}
		ctx := orBackground(ctx)
		workers := f.opts.workers
		if workers <= 0 {
			workers = runtime.GOMAXPROCS(0)
		}
		t := tally{}
		if workers == 1 {
			f.runSerial(ctx, rows, &t, yield)
			return
		}
		if c := f.runParallel(ctx, rows, workers, &t, yield); c != nil {
			c.raise()
		}
	}
}

// tally adds up the work of a run in row order.
type tally struct {
	bytes, steps       int64
	maxBytes, maxSteps int64
	rows               int
	set                bool
}

// cancelled is the error that stops a run at the row named, its host's
// ctx being done, or nil. It is checked before every row is delivered, by
// one worker and by several alike (charge): once ctx is done no row is
// delivered, neither one computed before (a worker ahead of the loop) nor
// one computed as it was cancelled (its fields failed with it).
func (t *tally) cancelled(ctx context.Context, index, sheetRow int, key string) error {
	if err := ctx.Err(); err != nil {
		return &StopError{Index: index, SheetRow: sheetRow, Key: key, Rows: t.rows, Reason: value.Stopped(err)}
	}
	return nil
}

// charge charges the work of r; it returns the error that stops the run
// before r is delivered (ctx is done, or the run's budget is spent), or
// nil.
func (f *Flow) charge(ctx context.Context, t *tally, r *RowResult, s *scope.Scope) error {
	if err := t.cancelled(ctx, r.Row, r.SheetRow, r.Key); err != nil {
		return err
	}
	if !t.set {
		t.set = true
		t.maxBytes, t.maxSteps = f.opts.runBytes, f.opts.runSteps
		if t.maxBytes <= 0 {
			t.maxBytes = RunBudgetFactor * orDefault(s.MaxWork(), value.DefaultMaxWork)
		}
		if t.maxSteps <= 0 {
			t.maxSteps = RunBudgetFactor * orDefault(s.MaxSteps(), value.DefaultMaxSteps)
		}
	}
	stop := func(reason error) error {
		return &StopError{Index: r.Row, SheetRow: r.SheetRow, Key: r.Key, Rows: t.rows, Reason: reason}
	}
	if r.Err != nil {
		return stop(r.Err)
	}
	t.bytes += r.Bytes
	t.steps += r.Steps
	if t.bytes > t.maxBytes || t.steps > t.maxSteps {
		// Name the limit that was passed, with its numbers grouped as the
		// rows are (D42), and what the author can do about it.
		limit := "more than " + Count(int(min(t.maxSteps, 1<<62))) + " steps"
		if t.bytes > t.maxBytes {
			limit = "more than " + value.SizeText(int(min(t.maxBytes, 1<<62))) + " of text"
		}
		return stop(value.Fail(ErrRunBudget, "the run needs more work than allowed ("+limit+
			" over all rows; run the flow over fewer rows at a time)"))
	}
	t.rows++
	return nil
}

func orDefault(n, d int64) int64 {
	if n <= 0 {
		return d
	}
	return n
}

func (f *Flow) runSerial(ctx context.Context, rows iter.Seq2[Input, error], t *tally, yield func(RowResult, error) bool) {
	st := evaluators.Get().(*runState)
	defer evaluators.Put(st)
	var buf []Result // with ReuseResults, the last row's results
	for in, err := range rows {
		if err != nil {
			yield(RowResult{}, err)
			return
		}
		if err := t.cancelled(ctx, in.Index, in.SheetRow, in.Key); err != nil {
			yield(RowResult{}, err) // no row is run once ctx is done
			return
		}
		r := f.runInto(ctx, st, in, buf)
		if f.opts.reuse {
			buf = r.Results
		}
		if err := f.charge(ctx, t, &r, in.Scope); err != nil {
			yield(RowResult{}, err)
			return
		}
		if !yield(r, nil) {
			return
		}
	}
}

// batch is rows a worker computes together. A batch delivered is used
// again for later rows (its storage, and with ReuseResults that of its
// rows' results), so that a run allocates no batches once it is under
// way.
type batch struct {
	seq  int
	ins  []Input
	outs []RowResult
	err  error // an error of the rows iterator after ins
	// panic: rows panicked after ins (or called runtime.Goexit).
	panic *caught
}

// size makes b.outs as long as b.ins, keeping its storage.
func (b *batch) size() {
	if cap(b.outs) >= len(b.ins) {
		b.outs = b.outs[:len(b.ins)]
	} else {
		b.outs = append(b.outs[:cap(b.outs)], make([]RowResult, len(b.ins)-cap(b.outs))...)
	}
}

// recycle makes b ready for other rows: it keeps no row's data, and with
// reuse keeps the storage of its rows' results.
func (b *batch) recycle(reuse bool) {
	clear(b.ins)
	b.ins = b.ins[:0]
	if reuse {
		for i := range b.outs {
			b.outs[i] = RowResult{Results: b.outs[i].Results}
		}
	} else {
		clear(b.outs)
	}
	b.err, b.panic = nil, nil
}

func (f *Flow) runParallel(parent context.Context, rows iter.Seq2[Input, error], workers int, t *tally, yield func(RowResult, error) bool) (raise *caught) {
	ctx, cancel := context.WithCancel(parent)
	defer cancel()
	inFlight := 4 * workers
	tokens := make(chan struct{}, inFlight)
	todo := make(chan *batch, inFlight)
	done := make(chan *batch, inFlight)
	total := make(chan int, 1)
	// free are the batches delivered, for the reader to fill again; as
	// no more than inFlight batches are out at once, sending never
	// blocks.
	free := make(chan *batch, inFlight)
	newBatch := func() *batch {
		select {
		case b := <-free:
			return b
		default:
			return &batch{}
		}
	}
	// Written by the reader before it closes todo, read by the writer
	// once every batch is delivered or after the workers end:
	//   - tail: the batch the reader could not send, ctx being done: its
	//     rows were not run (the stop names the first, as the sheet shows
	//     it, D41), or the error or panic of rows after them;
	//   - stopPanic: a panic of rows after the reader stopped it (its
	//     yield returned false), raised whatever the writer did, as a
	//     loop over rows itself would meet it.
	var tail *batch
	var stopPanic *caught
	// The reader: batches of rows, at most inFlight of them not yet
	// delivered; at its end, how many batches it sent.
	most := f.batchRows()
	go func() {
		seq, size := 0, 1
		b := newBatch()
		send := func() bool {
			select {
			case tokens <- struct{}{}:
			case <-ctx.Done():
				return false
			}
			b.seq = seq
			seq++
			todo <- b
			b = newBatch()
			size = min(2*size, most)
			return true
		}
		flush := func() {
			if !send() {
				tail = b
			}
		}
		// stopping: the reader told rows to stop; returned: rows returned.
		stopping, returned := false, false
		defer func() {
			if !returned {
				// rows panicked (or called runtime.Goexit, which recover
				// does not see): the host's to meet on its own goroutine.
				c := &caught{value: recover()}
				c.goexit = c.value == nil
				if stopping {
					stopPanic = c
				} else {
					b.panic = c // after the rows read before it
					flush()
				}
			}
			close(todo)
			total <- seq
		}()
		ended := false
		func() {
			for in, err := range rows {
				if err != nil {
					b.err = err
					flush()
					stopping = true
					return
				}
				b.ins = append(b.ins, in)
				if len(b.ins) == size && !send() {
					tail = b
					stopping = true
					return
				}
			}
			ended = true
		}()
		returned = true
		if ended && len(b.ins) > 0 {
			flush()
		}
	}()
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			st := evaluators.Get().(*runState)
			defer evaluators.Put(st)
			for b := range todo {
				b.size()
				for i, in := range b.ins {
					if err := ctx.Err(); err != nil {
						b.outs[i] = RowResult{Row: in.Index, SheetRow: in.SheetRow, Key: in.Key, Err: value.Stopped(err)}
						continue
					}
					b.outs[i] = f.runInto(ctx, st, in, b.outs[i].Results)
				}
				done <- b
			}
		}()
	}
	go func() {
		wg.Wait()
		close(done)
	}()
	defer func() {
		cancel()
		for range done { // let the workers end, and so the reader
		}
		if raise == nil {
			raise = stopPanic
		}
	}()
	// deliver yields the rows of b, then its error; false when the run
	// ends there.
	deliver := func(b *batch) bool {
		for i := range b.outs {
			r := &b.outs[i]
			if err := f.charge(parent, t, r, b.ins[i].Scope); err != nil {
				yield(RowResult{}, err)
				return false
			}
			if !yield(*r, nil) {
				return false
			}
		}
		if b.err != nil {
			yield(RowResult{}, b.err)
			return false
		}
		if b.panic != nil {
			raise = b.panic
			return false
		}
		return true
	}
	// The writer: results in row order.
	parked := map[int]*batch{}
	next, sent := 0, -1
	for sent < 0 || next < sent {
		b, ok := parked[next]
		if !ok {
			select {
			case n := <-total:
				sent = n
				continue
			case b, ok = <-done:
				if !ok {
					b = nil
				}
			}
			if b == nil {
				break // every worker is done, and so is the reader
			}
			if b.seq != next {
				parked[b.seq] = b
				continue
			}
		}
		delete(parked, next)
		next++
		if !deliver(b) {
			return raise
		}
		b.recycle(f.opts.reuse)
		free <- b
		<-tokens
	}
	if b := tail; b != nil {
		// The reader stopped, ctx being done, holding rows no worker
		// has: they were not run.
		b.size()
		for i, in := range b.ins {
			b.outs[i] = RowResult{Row: in.Index, SheetRow: in.SheetRow, Key: in.Key, Err: value.Stopped(cmp.Or(ctx.Err(), context.Canceled))}
		}
		deliver(b)
	}
	return raise
}

// caught is a panic of a host's rows iterator, or its call of
// runtime.Goexit, met on a goroutine of the run, to be raised again on
// the goroutine that ranges over the run (as iter.Pull does).
type caught struct {
	value  any
	goexit bool
}

func (c *caught) raise() {
	if c.goexit {
		runtime.Goexit()
	}
	panic(c.value)
}
