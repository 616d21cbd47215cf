package eval

import (
	"context"
	"errors"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/value"
)

// Optimise is the second stage of the plan (plan.go). It may run code,
// always on constants and under a small budget of its own:
//   - arithmetic of literals is folded into a constant, and a literal
//     operand of arithmetic into its number; a failure is a problem
//     known before any data is seen (or, inside a lazy value, D46, an
//     error when the value is needed);
//   - a call whose values are all constants is run once to find a failure
//     no data can change (replace('abc', '', 'x')); its value is not
//     kept, as it is built when the template is evaluated, under the
//     host's caps and budget (D35);
//   - a chain of calls of text functions (trim(upper(x))) becomes one
//     node that passes strings from call to call.

// checkMaxWork and checkMaxSteps bound the work of running constants at
// compile time; a call that needs more is not tried then (the host's own
// caps decide at run time).
const (
	checkMaxWork  = 64 << 10
	checkMaxSteps = 10_000
)

// optimizer is the optimise stage of one expression.
type optimizer struct {
	source
	problems []*Error
	fr       *frame // for running constants (tryFrame), made when first needed
	// lazy counts the lazy values (D46) around the node at hand: inside
	// one, a constant that fails is no problem now, but an error when (and
	// only when) the value is needed.
	lazy int
}

// tryFrame is the frame constants run in: no data, the default size cap
// and a small budget, fresh at each use.
func (o *optimizer) tryFrame() *frame {
	if o.fr == nil {
		o.fr = &frame{env: funcs.Env{MaxSize: value.DefaultMaxSize}}
		o.fr.env.Budget = &o.fr.budget
	}
	o.fr.budget.Reset(context.Background(), checkMaxWork, checkMaxSteps) // never done
	return o.fr
}

// node optimises n and what is under it, bad or not (a constant under a
// refused node still has its own problem), and returns what replaces it.
func (o *optimizer) node(n *node) *node {
	for i, a := range n.args {
		lazy := n.isLazy(i)
		if lazy {
			o.lazy++
		}
		n.args[i] = o.node(a)
		if lazy {
			o.lazy--
		}
		if n.args[i].bad {
			n.bad = true
		}
	}
	if n.bad {
		return n
	}
	switch n.kind {
	case kArith:
		return o.arith(n)
	case kCall:
		return o.call(n)
	}
	return n
}

// failed is constant x whose folding failed with err: a problem, or inside
// a lazy value a node that gives the error when the value is needed.
func (o *optimizer) failed(x ast.Expr, err error) *node {
	e := wrapFailure(o.src, x.Pos(), err)
	if o.lazy > 0 {
		return &node{kind: kFail, at: x, err: e}
	}
	o.problems = append(o.problems, e)
	return bad(x)
}

// arith reads the number of each constant operand of n, and folds n when
// both are constants.
func (o *optimizer) arith(n *node) *node {
	konst := true
	for i, a := range n.args {
		if a.kind != kConst {
			konst = false
			continue
		}
		if a.val.Kind() != value.Number {
			num, err := o.number(a.at, a.val)
			if err != nil {
				n.args[i] = o.failed(a.at, err)
				konst = false
				if n.args[i].bad {
					n.bad = true
				}
				continue
			}
			n.args[i] = &node{kind: kConst, at: a.at, val: value.NumberValue(num)}
		}
	}
	if !konst || n.bad {
		return n
	}
	r, err := (&builder{o.source}).num(n)(o.tryFrame())
	if err != nil {
		return o.failed(n.at, err)
	}
	return &node{kind: kConst, at: n.at, val: value.NumberValue(r)}
}

// call tries a call of constants once (see above), then fuses a chain of
// text functions.
func (o *optimizer) call(n *node) *node {
	if callOfConstants(n.at.(*ast.CallExpr)) {
		_, err := (&builder{o.source}).value(n)(o.tryFrame())
		if err != nil && o.lazy == 0 {
			if e := wrapFailure(o.src, n.at.Pos(), err); !errors.Is(e.Kind, ErrLimit) { // the caps of the check are not the host's
				o.problems = append(o.problems, e)
				n.bad = true
				return n
			}
		}
	}
	if in := n.args[0]; textFunc(n) && (in.kind == kText || textFunc(in)) {
		n.kind = kText
	}
	return n
}

// textFunc reports whether n is a call of one value of a function of one
// text that gives a text (its text form, funcForms).
func textFunc(n *node) bool {
	if n.kind != kCall || len(n.args) != 1 {
		return false
	}
	one, text := funcForms(n.fn)
	return one != nil && text != nil
}

// callOfConstants reports whether every value of call n is known at
// compile time, a literal, arithmetic of literals or a call of them.
func callOfConstants(n *ast.CallExpr) bool {
	for _, a := range n.Args {
		if c, ok := a.(*ast.CallExpr); ok {
			if !callOfConstants(c) {
				return false
			}
		} else if !constant(a) {
			return false
		}
	}
	return true
}

// constant reports whether x reads no variable and no environment and
// calls no function: literals and arithmetic on them, folded once at
// compile time. Their values are numbers (bounded by value.MaxDigits) and
// text literals (bounded by MaxLength), so folding builds nothing large
// and keeps nothing large in a cache; a call is evaluated when the
// template is, under the host's caps and budget (D35).
func constant(x ast.Expr) bool {
	switch n := x.(type) {
	case *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return constant(n.X)
	case *ast.UnaryExpr:
		return constant(n.X)
	case *ast.BinaryExpr:
		return constant(n.X) && constant(n.Y)
	}
	return false
}
