package eval

import (
	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/value"
)

// The plan of one expression: the stages that turn the text inside ${...}
// into closures each own one file and one job (as expr's checker,
// optimizer and compiler, or cel-go's planner, at our scale):
//
//	check.go     syntax tree -> plan + problems; the only place D9, D12,
//	             D13-D15 and the limits apply; runs no code
//	optimize.go  folds arithmetic of constants, tries calls of constants
//	             once (a failure no data can change is a problem), fuses
//	             chains of text functions into one node
//	build.go     one closure builder per node kind, and a placeholder's
//	             evaluation by what section 4 reads it as (readAs)
//	compile.go   the pipeline: limits, parse, check, optimise, build
//	run.go       one frame: its start, its budget and context, its finish
//
// A plan is made once per expression and kept by nothing but the stages:
// what runs is the closures build made of it.

// kind is the kind of a plan node.
type kind uint8

const (
	// kConst is a value known before any data: a literal, or arithmetic
	// of literals folded by optimise (val; for an operand of arithmetic,
	// the number optimise read from it).
	kConst kind = iota
	// kVar reads the variable name.
	kVar
	// kEnv reads the environment variable name (env.NAME, env['NAME']).
	kEnv
	// kKey reads the key name of its one value (x.key, D10).
	kKey
	// kIndex reads item or key args[1] of args[0] (x[i], D11).
	kIndex
	// kCall calls fn with args; bit i of lazy marks a value computed only
	// when the function needs it (D46).
	kCall
	// kText is a call of a text function fused by optimise with the call
	// of a text function that is its value, args[0] (trim(upper(x))): a
	// kText or a kCall, the innermost call of the chain.
	kText
	// kArith is arithmetic: op of args[0] and args[1], or with one value
	// the sign (neg for -).
	kArith
	// kFail is a constant inside a lazy value whose folding failed: err,
	// given when (and only when) the value is needed (D46).
	kFail
)

// node is one node of a plan.
type node struct {
	kind kind
	// at is the node as written (parentheses taken off), for positions
	// and messages.
	at   ast.Expr
	val  value.Value
	name string // kVar, kEnv, kKey
	fn   *funcs.Func
	args []*node
	lazy uint64 // kCall
	op   ast.Op // kArith
	neg  bool   // kArith of one value: -x
	err  error  // kFail
	// bad is set when check found a problem in the node or under it: it is
	// never built, and optimise folds only what is under it.
	bad bool
	// two holds args when there are at most two, so that a node is one
	// allocation (compiling is timed too, cold).
	two [2]*node
}

// with sets n's values to args, held in n itself when there are at most
// two, and returns n.
func (n *node) with(args ...*node) *node {
	n.args = append(n.two[:0:len(n.two)], args...)
	return n
}

// isLazy reports whether value i of a call is lazy (D46).
func (n *node) isLazy(i int) bool { return i < 64 && n.lazy>>i&1 == 1 }

// steps is what running n costs in steps, charged all at once before the
// expression runs (D35): one for every name, .key, [index], env.NAME,
// call and binary operator, none for a constant. A lazy value's steps are
// its own, charged when it runs (build.go).
func (n *node) steps() int {
	switch n.kind {
	case kConst, kFail:
		return 0
	case kVar, kEnv:
		return 1
	}
	s := 0
	if n.kind != kArith || len(n.args) == 2 {
		s = 1
	}
	for i, a := range n.args {
		if n.kind == kCall && n.isLazy(i) {
			continue
		}
		s += a.steps()
	}
	return s
}

// readAs is what design section 4 (D12) reads the text of a placeholder
// as, decided once when it is compiled (placeholder.decide): the one
// place its order is written is placeholder.build, which builds the
// placeholder's evaluation by it; Problems and the inspection API read
// the same decision.
type readAs uint8

const (
	// asPath looks the dotted path up (step 2) and, when it finds
	// nothing, runs the expression (step 3), or gives its problem; a text
	// without expression syntax that does not parse is then a missing
	// lookup (E5).
	asPath readAs = iota
	// asEnv reads the environment variable of env.NAME (step 1).
	asEnv
	// asUnder is a path with a part that starts with `_`: refused whether
	// or not the data has it (E7, D9).
	asUnder
	// asLimit is a text over a limit (D17): no lookup can change it.
	asLimit
	// asExpr runs the expression at once: a plain path (the lookup and the
	// expression are the same) or a text with no path reading.
	asExpr
	// asExprUnlessName is asExpr for an expression whose path reading
	// starts with a part that is not a word (`len(packages)`): only a
	// scope that has such a name can match it, so elsewhere the path's
	// steps are charged and the expression runs at once; there, asPath.
	asExprUnlessName
)
