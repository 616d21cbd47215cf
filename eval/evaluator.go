package eval

import (
	"context"

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
// scope of its last evaluation until the next one, as a virtual machine
// keeps its last environment.
type Evaluator struct {
	fr frame
}

// Render is t.RenderContext(ctx, s).
func (e *Evaluator) Render(ctx context.Context, t *Template, s *scope.Scope) (out string, err error) {
	if e == nil {
		return t.RenderContext(ctx, s)
	}
	if out, done, err := t.renderStatic(s); done {
		return out, err
	}
	ran := false
	defer func() { // the end of the evaluation: see the note after Test
		if !ran {
			e.fr.finish(recover(), &err, site{t: t})
		}
	}()
	e.fr.start(ctx, s)
	out, err = t.render(&e.fr, s)
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
		}
	}()
	e.fr.start(ctx, s)
	if t.num == nil && t.runsAtOnce(s) {
		// wholeValue's last case, the most common evaluation, written out:
		// a call less (issue #11).
		if err = e.fr.budget.Steps(t.steps); err == nil {
			v, err = t.run(&e.fr)
		}
		if err != nil || v.Kind() == value.Text {
			v, err = t.settle(&e.fr, v, err)
		}
	} else {
		v, err = t.wholeValue(&e.fr)
	}
	ran = true
	return v, err
}

// Test is c.TestContext(ctx, s).
func (e *Evaluator) Test(ctx context.Context, c *Condition, s *scope.Scope) (ok bool, err error) {
	if e == nil {
		return c.TestContext(ctx, s)
	}
	if c == nil {
		return false, nilCondition()
	}
	ran := false
	defer func() { // the end: see after Test
		if !ran {
			e.fr.finish(recover(), &err, site{line: c.line})
		}
	}()
	e.fr.start(ctx, s)
	ok, err = c.root.test(&e.fr, nil)
	ran = true
	return ok, err
}

// Each method's one deferred call turns a panic into an error
// (finish). It is a function literal, not a method call, and it calls
// recover only when the evaluation did not run to its end (ran), since
// only a panic stops it there; an evaluation that ran leaves the state as
// it is, for the next one to overwrite. Each of these is a call less on
// every evaluation (issue #11).
