package eval

import (
	"context"
	"sync"

	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/internal/hostvars"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// One evaluation's frame: its state, its start and its finish, and the
// pool of Evaluators that keeps frames from one evaluation to the next.

// frame is the state of one evaluation: the scope, the function
// environment, the work budget (D35) and a stack for call arguments,
// reused through a pool.
type frame struct {
	s      hostvars.Reader // the scope's variables, read (never the scope: start)
	env    funcs.Env
	budget value.Budget
	stack  []value.Value
	// argv holds the values of a call of at most len(argv) values while
	// the function runs (a function never evaluates anything itself).
	// They stay until the next such call, or the frame's finish: clearing
	// them after every call wrote the heap twice more, each write through
	// the garbage collector's write barrier while a collection runs, as
	// a virtual machine keeps its last stack until it is overwritten.
	argv [3]value.Value
	// miss, when set, hears of every lookup that found nothing (the
	// inspection API's Eval).
	miss func(Miss)
	// place is the placeholder a render is at, to name it in the error
	// of a panic: its index in the template's places, plus one (0: none).
	// A number, not a pointer: writing it at every placeholder costs no
	// write barrier.
	place int
}

// evaluators are the Evaluators of the methods (Render, Value, Test, ...),
// which keep none of their own.
var evaluators = sync.Pool{New: func() any { return new(Evaluator) }}

// pooled takes an Evaluator from the pool; putBack returns it.
func pooled() *Evaluator { return evaluators.Get().(*Evaluator) }

// putBack returns e to the pool once it has dropped what an evaluation
// left in it, which the pool must not keep alive.
func (e *Evaluator) putBack() {
	e.fr.finish(nil, nil, site{})
	evaluators.Put(e)
}

// An entry point of its own (Explain, inspection, JSON) takes a pooled
// Evaluator, defers its release, then starts its frame, so that even a
// panic of the host's context (asked in start) is recovered.

// start makes fr the state of a new evaluation in s under ctx (nil is a
// context that is never done): with a fresh budget, or, when shared
// (Evaluator.Begin), within the budget it has.
func (fr *frame) start(ctx context.Context, s *scope.Scope, shared bool) {
	// The scope's reader and its limits in one call (hostvars.Start),
	// not one per setting: this runs at every evaluation. The reader is
	// a copy of the scope's variables, so the frame never keeps s and a
	// scope made per event does not escape its maker's stack (issue
	// #19); each start is one use of s (a scope used many times keeps
	// what it converts).
	r, l := (*hostvars.Vars)(s).Start()
	fr.read(&r)
	fr.env.MaxSize = l.MaxSize
	if shared {
		// Within Begin's budget: one look at its context now, so that a
		// cancel between two evaluations stops the next one at its first
		// charge (D35), not some hundred steps later.
		fr.budget.Check()
		return
	}
	if fr.env.Budget == nil {
		fr.env.Budget = &fr.budget // its own budget, for the frame's whole life
	}
	fr.budget.Reset(ctx, l.MaxWork, l.MaxSteps)
}

// read makes r the reader of fr's evaluation, and forgets the
// placeholder a frame that ran before may still name. It writes the
// reader only when it changed: the frame lives on the heap (in an
// Evaluator), where each pointer written while a garbage collection runs
// goes through its write barrier, ~12% of warm ${join(ok_ids, ', ')} when
// every evaluation wrote it. A warm scope's reader is the Same as the last
// one's when the frame reads that scope again.
func (fr *frame) read(r *hostvars.Reader) {
	if !r.Same(&fr.s) {
		fr.s = *r
	}
	fr.place = 0
}

// site is what an evaluation evaluates, to name it in the error of a
// panic: a template, or a condition line.
type site struct {
	t    *Template
	line string // the condition line, when a condition
}

// release returns e to the pool once finish has run. It is the one
// deferred call of each entry point that takes a pooled Evaluator itself.
func (e *Evaluator) release(err *error, at site) {
	e.fr.finish(recover(), err, at)
	evaluators.Put(e)
}

// finish ends the evaluation of fr: it turns a panic r, which is always a
// bug, into an error instead of taking the host down (the panic value is
// kept in the error's Detail), and drops what fr must not keep alive.
// The error names the placeholder being evaluated (D16), or the condition
// line (D37: `condition: ...`).
func (fr *frame) finish(r any, err *error, at site) {
	if r != nil {
		switch {
		case at.t == nil:
			e := &Error{Expr: at.line, Reason: "internal error; please report it", Kind: ErrInternal, Cond: true}
			e.Detail = panicText(r)
			*err = e
		case fr.place > 0 && fr.place <= len(at.t.places):
			*err = internalError(at.t.places[fr.place-1].raw, r)
		case len(at.t.places) > 0:
			*err = internalError(at.t.places[0].raw, r)
		default:
			*err = internalError(at.t.text, r)
		}
		fr.stack = nil // may be left mid-call
	}
	fr.s, fr.miss, fr.place = hostvars.Reader{}, nil, 0
	clear(fr.argv[:])
	if fr.stack != nil { // only calls of more than len(argv) values use it
		if cap(fr.stack) > 256 {
			fr.stack = nil
		}
		fr.stack = fr.stack[:0]
	}
}
