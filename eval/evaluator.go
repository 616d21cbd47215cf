package eval

import (
	"context"
	"math"

	"github.com/kinenix/expressions/internal/hostvars"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// An Evaluator runs templates and conditions one at a time and keeps the
// state of an evaluation (its work budget, D35, and its scratch space)
// from one to the next. Template.Render and Value and Condition.Test take
// that state from a pool and give it back at every call; a host that
// evaluates many times on one goroutine, such as a flow run over the rows
// of a sheet, can keep an Evaluator instead and save that cost, as an
// engine with a virtual machine reuses the machine.
//
// Each call is one evaluation, with the budget and the caps of its scope,
// and gives exactly what the Template or Condition method of the same name
// gives. The zero Evaluator is ready to use; a nil *Evaluator takes the
// pooled state, like the methods. An Evaluator must not be used by two
// goroutines at once: keep one per goroutine. It keeps a reference to the
// variables of its last evaluation's scope until the next one, and to the
// values of its last calls of a function until later calls overwrite them
// (End drops them), as a virtual machine keeps its last environment and
// stack, but never the scope itself:
// a scope made for one evaluation (scope.New per event) can stay on its
// maker's stack.
type Evaluator struct {
	fr frame
	// shared is set between Begin and End: the evaluations draw on the
	// budget Begin made.
	shared bool
	// misses counts the lookups that found nothing since CountMisses;
	// counter is the frame's miss that counts them (made once).
	misses   int
	counter  func(Miss)
	counting bool
}

// Begin starts a shared evaluation (D42): until End, every Render, Value,
// Test, Explain and Eval of e draws on one work budget (D35), made now from
// the limits of s and watching ctx, instead of a fresh budget per call. A
// flow uses it so that all the fields and conditions of one row share one
// budget: once it is spent, every later evaluation of the row fails with
// the same error. The calls keep their own scope argument; the context
// they are given is not looked at until End (the budget watches ctx).
// Begin again without End starts a new shared evaluation. A nil
// *Evaluator has no state to share: Begin and End do nothing, and each
// call takes a fresh budget, as the methods do.
func (e *Evaluator) Begin(ctx context.Context, s *scope.Scope) {
	if e == nil {
		return
	}
	e.shared = false
	e.fr.start(ctx, s, false)
	e.fr.s = hostvars.Reader{}
	e.fr.miss, e.misses, e.counting = nil, 0, false
	e.shared = true
}

// CountMisses makes the evaluations of the shared evaluation Begin
// started count the lookups that find nothing (each Miss that Eval would
// report), until End; Misses returns the count so far. It changes no
// result and no work charged. A host that checks a row's data after
// running it (a flow's sample warnings) learns from it which evaluations
// found every lookup, without evaluating them again. Outside a shared
// evaluation it does nothing.
func (e *Evaluator) CountMisses() {
	if e == nil || !e.shared {
		return
	}
	if e.counter == nil {
		e.counter = func(Miss) { e.misses++ }
	}
	e.misses, e.counting = 0, true
	e.fr.miss = e.counter
}

// Affords reports whether the budget of the shared evaluation Begin
// started has room for bytes and steps more work, charging nothing: a
// host that skipped work (a flow's checks of a row's data) asks whether
// doing it would have spent the budget. Outside a shared evaluation it
// is true.
func (e *Evaluator) Affords(bytes, steps int64) bool {
	if e == nil || !e.shared {
		return true
	}
	if bytes > math.MaxInt || steps > math.MaxInt {
		return false // past an int of a 32-bit machine: said to be no room
	}
	b := e.fr.budget // a copy, charged and dropped
	return b.Bytes(int(bytes)) == nil && b.Steps(int(steps)) == nil
}

// A Mark is the state of the budget of a shared evaluation
// (Evaluator.Mark).
type Mark struct{ budget value.Budget }

// Mark returns the state of the budget of the shared evaluation Begin
// started; Rewind puts it back, as if the work charged since had not been
// done: a host that took a shorter way to a result, and cannot tell that
// it gives what the longer way gives, goes the longer way from the same
// budget.
func (e *Evaluator) Mark() Mark {
	if e == nil {
		return Mark{}
	}
	return Mark{e.fr.budget}
}

// Rewind puts back the budget's state m that Mark returned, within the
// same shared evaluation.
func (e *Evaluator) Rewind(m Mark) {
	if e == nil || !e.shared {
		return
	}
	e.fr.budget = m.budget
}

// recount goes on counting the misses after a panic, whose recovery
// (finish) dropped the frame's miss, within a shared evaluation.
func (e *Evaluator) recount() {
	if e.shared && e.counting && e.fr.miss == nil {
		e.fr.miss = e.counter
	}
}

// Misses is how many lookups found nothing since CountMisses, in the
// evaluations of the shared evaluation (not those of Eval, whose miss
// hears of its own).
func (e *Evaluator) Misses() int {
	if e == nil {
		return 0
	}
	return e.misses
}

// End ends the shared evaluation Begin started and returns the work it
// charged: bytes built, shown, copied or compared, and steps.
func (e *Evaluator) End() (bytes, steps int64) {
	if e == nil {
		return 0, 0
	}
	e.shared, e.counting = false, false
	bytes, steps = e.fr.budget.Used()
	e.fr.finish(nil, nil, site{})
	return bytes, steps
}

// Used returns the work charged so far in the shared evaluation Begin
// started (bytes, steps), as End would return it now, without ending it:
// a host reads it before and after an evaluation of a row for that
// evaluation's share, or after its own work to tell it from more work
// done in the same evaluation (a flow's checks of a row's data).
func (e *Evaluator) Used() (bytes, steps int64) {
	if e == nil || !e.shared {
		return 0, 0
	}
	return e.fr.budget.Used()
}

// enter starts one evaluation of e in s: a fresh budget, or within a
// shared evaluation (Begin) the shared one.
func (e *Evaluator) enter(ctx context.Context, s *scope.Scope) {
	e.fr.start(ctx, s, e.shared) // one call, so that enter inlines
}

// Explain is c.ExplainContext(ctx, s).
func (e *Evaluator) Explain(ctx context.Context, c *Condition, s *scope.Scope) (ok bool, steps []Step, err error) {
	if e == nil || !e.shared {
		return c.ExplainContext(ctx, s)
	}
	if untestable(c) {
		return false, nil, noCondition(c)
	}
	ran := false
	defer func() {
		if !ran {
			e.fr.finish(recover(), &err, site{line: c.line})
			e.recount()
		}
	}()
	e.enter(ctx, s)
	steps = []Step{}
	ok, err = c.root.test(&e.fr, &steps)
	ran = true
	return ok, steps, inCondition(err) // as Test marks it (D37)
}

// Eval is ph.Eval(ctx, s, miss).
func (e *Evaluator) Eval(ctx context.Context, ph Placeholder, s *scope.Scope, miss func(Miss)) (v value.Value, err error) {
	if e == nil || !e.shared || ph.p == nil {
		return ph.Eval(ctx, s, miss)
	}
	ran := false
	counting := e.fr.miss // CountMisses's counter, or nil
	defer func() {
		e.fr.miss = counting
		if !ran {
			e.fr.finish(recover(), &err, site{t: &Template{places: []*placeholder{ph.p}}})
			e.recount()
		}
	}()
	e.enter(ctx, s)
	e.fr.miss = miss
	v, err = ph.p.read(&e.fr)
	ran = true
	return v, err
}

// Render is t.RenderContext(ctx, s).
func (e *Evaluator) Render(ctx context.Context, t *Template, s *scope.Scope) (out string, err error) {
	if e == nil {
		return t.RenderContext(ctx, s)
	}
	if out, done, err := t.renderStatic(s); done {
		if err == nil && e.shared {
			err = t.stopped(&e.fr.budget)
		}
		if err != nil {
			return "", err
		}
		return out, nil
	}
	ran := false
	defer func() { // the end of the evaluation: see the note after Test
		if !ran {
			e.fr.finish(recover(), &err, site{t: t})
			e.recount()
		}
	}()
	e.enter(ctx, s)
	out, err = t.render(&e.fr)
	ran = true
	return out, err
}

// Value is t.ValueContext(ctx, s).
func (e *Evaluator) Value(ctx context.Context, t *Template, s *scope.Scope) (v value.Value, err error) {
	if e == nil {
		return t.ValueContext(ctx, s)
	}
	if t == nil || !t.whole {
		out, err := e.Render(ctx, t, s)
		if err != nil {
			return value.Value{}, err
		}
		return value.TextValue(out), nil
	}
	ran := false
	defer func() { // the end: see after Test
		if !ran {
			e.fr.finish(recover(), &err, site{t: t})
			e.recount()
		}
	}()
	e.enter(ctx, s)
	v, err = t.places[0].read(&e.fr)
	v, err = t.wholeValue(&e.fr, v, err)
	ran = true
	return v, err
}

// Test is c.TestContext(ctx, s).
func (e *Evaluator) Test(ctx context.Context, c *Condition, s *scope.Scope) (ok bool, err error) {
	if e == nil {
		return c.TestContext(ctx, s)
	}
	if untestable(c) {
		return false, noCondition(c)
	}
	ran := false
	defer func() { // the end: see after Test
		if !ran {
			e.fr.finish(recover(), &err, site{line: c.line})
			e.recount()
		}
	}()
	e.enter(ctx, s)
	ok, err = c.root.test(&e.fr, nil)
	ran = true
	if err != nil {
		err = inCondition(err)
	}
	return ok, err
}

// Each method's one deferred call turns a panic into an error
// (finish). It is a function literal, not a method call, and it calls
// recover only when the evaluation did not run to its end (ran), since
// only a panic stops it there; an evaluation that ran leaves the state as
// it is, for the next one to overwrite. Each of these is a call less on
// every evaluation (issue #11).
