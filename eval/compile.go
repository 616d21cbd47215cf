package eval

import (
	"errors"
	"sort"
	"strings"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/exprparser"
	"github.com/kinenix/expressions/value"
)

// expr is one compiled expression: the text inside ${...}.
type expr struct {
	src  string   // as written
	tree ast.Expr // the syntax tree, for checks against sample data
	// run is the expression's closure; nil for a plain path, which the
	// placeholder's closure reads itself (plainPath).
	run evalFunc
	// pure is true when the expression is a chain of names and .keys only:
	// evaluating it is the same as the dotted-path lookup, so that step can
	// be skipped (design section 4).
	pure bool
	// steps is what one run costs in steps, charged before it runs.
	steps int
	// num is run for an expression that is arithmetic (and not a folded
	// constant): the same evaluation, giving the number itself.
	num numFunc
	// call is set for an expression that is a call of one value on a
	// variable (len(x)): run is call.run, which a placeholder calls
	// directly.
	call *varCall
}

// compileExpr parses src and takes it through the plan's stages (plan.go):
// check, optimise, build. It returns every problem that can be known
// before any data is seen (limits, syntax, forbidden constructs, unknown
// functions, arity, constants that fail), sorted, left-most first; e is
// nil when there is any, tree nil when src does not parse.
func compileExpr(src string) (e *expr, tree ast.Expr, problems []*Error) {
	if err := checkLimits(src); err != nil {
		return nil, nil, []*Error{err}
	}
	tree, perr := parseExpr(src)
	if perr != nil {
		var se *exprparser.SyntaxError
		if errors.As(perr, &se) {
			if e := openBrace(src); e != nil {
				return nil, nil, []*Error{e}
			}
			if e := (source{src: src}).quotedUnknown(se); e != nil {
				return nil, nil, []*Error{e}
			}
			return nil, nil, []*Error{newError(src, se.Offset, ErrSyntax, se.Reason)}
		}
		e := newError(src, 0, ErrInternal, "internal error while parsing; please report it")
		e.Detail = perr.Error()
		return nil, nil, []*Error{e}
	}
	c := &checker{source: source{src: src, tree: tree}}
	root := c.expr(tree)
	o := &optimizer{source: c.source}
	root = o.node(root)
	if problems = append(c.problems, o.problems...); len(problems) > 0 {
		sort.SliceStable(problems, func(i, j int) bool { return problems[i].Offset < problems[j].Offset })
		return nil, tree, problems
	}
	// The shortcut holds only when the path reading splits the same way:
	// `row. status` reads the key " status" as a path.
	pure := isPure(tree) && !strings.ContainsAny(strings.TrimSpace(src), " \t\r\n")
	e = &expr{src: src, tree: tree, pure: pure, steps: root.steps()}
	b := &builder{c.source}
	if root.kind == kArith {
		e.num = b.num(root)
		e.run = asValue(e.num)
	} else if e.call = b.varCall(root); e.call != nil {
		e.run = e.call.run
	} else {
		e.run = b.value(root)
	}
	return e, tree, nil
}

// isPure reports whether x is a chain of names and .keys, with no `env`
// at its root (env.NAME reads the environment, not a variable).
func isPure(x ast.Expr) bool {
	for {
		switch n := x.(type) {
		case *ast.Ident:
			return n.Name != "env"
		case *ast.SelectorExpr:
			x = n.X
		default:
			return false
		}
	}
}

// describe names a value's kind, with the value when it is short data.
func describe(v value.Value) string {
	switch v.Kind() {
	case value.Text:
		return "text " + quote(v.Text())
	case value.Number:
		return v.Num().String()
	}
	return article(v.Kind())
}

// article is the kind's name with "a", for messages.
func article(k value.Kind) string { return k.Phrase() }
