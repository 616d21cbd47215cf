package eval

import (
	"context"
	"errors"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/gen/exprparser"
	"github.com/kinenix/expressions/internal/hostvars"
	"github.com/kinenix/expressions/value"
)

// Limits of one expression (D17, E7).
const (
	MaxLength = 500 // characters inside one ${...}
	MaxDepth  = 20  // nesting of parentheses, calls and brackets together
	// maxBytes caps the bytes of an expression whatever its characters are,
	// so 500 four-byte characters are the most the parser ever sees.
	maxBytes = 4 * MaxLength
)

// frame is the state of one evaluation: the scope, the function
// environment, the work budget (D35) and a stack for call arguments,
// reused through a pool.
type frame struct {
	s      hostvars.Reader // the scope's variables, read (never the scope: lookup.go)
	env    funcs.Env
	budget value.Budget
	stack  []value.Value
	// argv holds the values of a call of at most len(argv) values while
	// the function runs (a function never evaluates anything itself).
	argv [3]value.Value
	// miss, when set, hears of every lookup that found nothing (the
	// inspection API's Eval).
	miss func(Miss)
	// place is the placeholder a render is at, to name it in the error
	// of a panic.
	place *placeholder
}

// evalFunc evaluates one compiled node.
type evalFunc func(fr *frame) (value.Value, error)

// expr is one compiled expression: the text inside ${...}.
type expr struct {
	src  string   // as written
	tree ast.Expr // the syntax tree, for checks against sample data
	run  evalFunc
	// pure is true when the expression is a chain of names and .keys only:
	// evaluating it is the same as the dotted-path lookup, so that step can
	// be skipped (design section 4).
	pure bool
	// steps is what one run costs in steps, charged before it runs.
	steps int
	// num is run for an expression that is arithmetic (and not a folded
	// constant): the same evaluation, giving the number itself.
	num numFunc
}

// arithmetic reports whether x, without its parentheses, is an operator
// that is not a constant (a constant is folded into a value).
func arithmetic(x ast.Expr) bool {
	for {
		switch n := x.(type) {
		case *ast.ParenExpr:
			x = n.X
		case *ast.BinaryExpr, *ast.UnaryExpr:
			return !constant(x)
		default:
			return false
		}
	}
}

// checkLimits enforces D17 before any parsing: the length in characters
// (and bytes), and the nesting of (), [] and {} outside quotes.
func checkLimits(src string) *Error {
	if len(src) > maxBytes || utf8.RuneCountInString(src) > MaxLength {
		n := utf8.RuneCountInString(src)
		return spanError(src, 0, len(src), ErrLimit, "expression is longer than "+
			strconv.Itoa(MaxLength)+" characters (it has "+strconv.Itoa(n)+")")
	}
	depth := 0
	var q byte
	for i := 0; i < len(src); {
		if q == 0 {
			switch src[i] {
			case '(', '[', '{':
				depth++
				if depth > MaxDepth {
					return newError(src, i, ErrLimit, "expression is nested deeper than "+
						strconv.Itoa(MaxDepth)+" levels of parentheses, calls and brackets")
				}
			case ')', ']', '}':
				if depth > 0 {
					depth--
				}
			}
		}
		q, i = quoteStep(src, i, q)
	}
	return nil
}

// openBrace is the D12 error of a dictionary or set literal whose `}`
// the placeholder never saw: the first `}` ends a ${...} (D18), so
// `${{'a': 1}}` holds `{'a': 1`, which does not parse. A `{` outside
// quotes and not after `$` has no other meaning in an expression. nil when
// src has none.
func openBrace(src string) *Error {
	var q byte
	at, colon := -1, false
	for i := 0; i < len(src); {
		if q == 0 {
			switch {
			case src[i] == '{' && at < 0 && (i == 0 || src[i-1] != '$'):
				at = i // ${ inside ${...} is a placeholder written twice, not a literal
			case src[i] == ':' && at >= 0:
				colon = true
			}
		}
		q, i = quoteStep(src, i, q)
	}
	if at < 0 {
		return nil
	}
	bad := &ast.BadExpr{From: at, To: len(src), Construct: ast.SetLit}
	if colon {
		bad.Construct = ast.DictLit
	}
	return spanError(src, at, len(src), ErrForbidden, (&compiler{src: src}).forbidden(bad))
}

// compiler turns a syntax tree into closures and collects the problems
// that can be known before any data is seen.
type compiler struct {
	src      string
	problems []*Error
	// lastText is the last call of a text function (funcs.Func.Text)
	// compiled, as a strFunc too, for a text function around it to take:
	// the value of a call of one value is compiled just before the call.
	lastText struct {
		call *ast.CallExpr
		str  strFunc
	}
	check *frame // the check pass's frame (checkFrame)
	// lastNum is the arithmetic compiled last as a number (asValue): for
	// an expression that is arithmetic, its root, which a whole template
	// runs without the wrapper that makes a value of the number.
	lastNum numFunc
	// steps counts the nodes that take a step each time the expression
	// runs (D35): every name, .key, [index], env.NAME, call and operator,
	// except those of constants folded here. They are charged all at once before
	// the expression runs (placeholder.run), not node by node.
	steps int
	// lazy counts the lazy values (funcs.Param.Lazy, D46) being compiled
	// around the node at hand: inside one, a constant that fails is no
	// problem now, but an error when (and only when) the value is needed.
	lazy int
}

// strFunc evaluates a call of a text function straight to its text, so a
// chain of them (trim(upper(x))) passes strings, not values.
type strFunc func(fr *frame) (string, error)

// compileExpr parses and compiles src. It returns every problem that can
// be known before any data is seen (limits, syntax, forbidden constructs,
// unknown functions, arity, constants that fail), sorted, left-most first;
// e is nil when there is any, tree nil when src does not parse.
func compileExpr(src string) (e *expr, tree ast.Expr, problems []*Error) {
	if err := checkLimits(src); err != nil {
		return nil, nil, []*Error{err}
	}
	tree, perr := exprparser.ParseExpr(src)
	if perr != nil {
		var se *exprparser.SyntaxError
		if errors.As(perr, &se) {
			if e := openBrace(src); e != nil {
				return nil, nil, []*Error{e}
			}
			return nil, nil, []*Error{newError(src, se.Offset, ErrSyntax, se.Reason)}
		}
		e := newError(src, 0, ErrInternal, "internal error while parsing; please report it")
		e.Detail = perr.Error()
		return nil, nil, []*Error{e}
	}
	c := &compiler{src: src}
	run := c.expr(tree)
	if len(c.problems) > 0 {
		sort.SliceStable(c.problems, func(i, j int) bool { return c.problems[i].Offset < c.problems[j].Offset })
		return nil, tree, c.problems
	}
	// The shortcut holds only when the path reading splits the same way:
	// `row. status` reads the key " status" as a path.
	pure := isPure(tree) && !strings.ContainsAny(strings.TrimSpace(src), " \t\r\n")
	e = &expr{src: src, tree: tree, run: run, pure: pure, steps: c.steps}
	if arithmetic(tree) {
		e.num = c.lastNum
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

// callOfConstants reports whether every value of call n is known at
// compile time: the check pass runs it once to find a failure no data can
// change (replace('abc', ”, 'x')), and keeps no value.
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

// checkMaxWork and checkMaxSteps bound the work of running a call of
// constants at compile time; a call that needs more is not checked then
// (the host's own caps decide at run time).
const (
	checkMaxWork  = 64 << 10
	checkMaxSteps = 10_000
)

// span records a problem about node n, spanning it.
func (c *compiler) span(n ast.Node, kind error, reason string) evalFunc {
	c.problems = append(c.problems, spanError(c.src, n.Pos(), n.End(), kind, reason))
	return nil
}

func (c *compiler) problem(off int, kind error, reason string) evalFunc {
	c.problems = append(c.problems, newError(c.src, off, kind, reason))
	return nil
}

// text is node n as written, shortened for a message.
func (c *compiler) text(n ast.Node) string { return short(strings.TrimSpace(c.src[n.Pos():n.End()])) }

// fail makes a run-time error about node n.
func (c *compiler) fail(n ast.Node, kind error, reason string) error {
	return newError(c.src, n.Pos(), kind, reason)
}

// expr compiles x. A part that reads no data is computed here, once; an
// error it gives is a problem known before any data is seen.
func (c *compiler) expr(x ast.Expr) evalFunc {
	steps := c.steps
	f := c.node(x)
	if f == nil {
		return nil
	}
	if !constant(x) {
		return f
	}
	c.steps = steps // a folded constant is no step at run time
	v, err := f(c.checkFrame())
	if err != nil {
		return c.foldFailed(x, err)
	}
	return func(*frame) (value.Value, error) { return v, nil }
}

// foldFailed is a constant x whose folding failed with err: a problem
// known before any data is seen, or inside a lazy value (D46) a closure
// that gives the error when the value is needed.
func (c *compiler) foldFailed(x ast.Expr, err error) evalFunc {
	e := wrapFailure(c.src, x.Pos(), err)
	if c.lazy > 0 {
		return func(*frame) (value.Value, error) { return value.Value{}, e }
	}
	c.problems = append(c.problems, e)
	return nil
}

// lazyArg compiles x, the value of a lazy parameter (D46): computed only
// when the function needs it, so its steps are charged when it runs, not
// with the expression's, and a constant in it that fails fails then.
func (c *compiler) lazyArg(x ast.Expr) evalFunc {
	steps := c.steps
	c.lazy++
	f := c.expr(x)
	c.lazy--
	n := c.steps - steps
	c.steps = steps
	if f == nil || n == 0 {
		return f
	}
	return func(fr *frame) (value.Value, error) {
		if err := fr.budget.Steps(n); err != nil {
			return value.Value{}, err
		}
		return f(fr)
	}
}

func (c *compiler) node(x ast.Expr) evalFunc {
	switch n := x.(type) {
	case *ast.BasicLit:
		return c.literal(n)
	case *ast.Ident:
		return c.ident(n)
	case *ast.ParenExpr:
		return c.expr(n.X)
	case *ast.SelectorExpr:
		return c.selector(n)
	case *ast.IndexExpr:
		return c.index(n)
	case *ast.CallExpr:
		return c.call(n)
	case *ast.UnaryExpr:
		return c.unary(n)
	case *ast.BinaryExpr:
		return c.binary(n)
	case *ast.BadExpr:
		return c.span(n, ErrForbidden, c.forbidden(n))
	}
	return c.problem(x.Pos(), ErrSyntax, "unexpected expression")
}

func (c *compiler) literal(n *ast.BasicLit) evalFunc {
	var v value.Value
	if n.Kind == ast.Number {
		num, err := value.ParseDigits(n.Value)
		if err != nil {
			var f *value.Failure
			if errors.As(err, &f) {
				return c.span(n, f.Kind, f.Reason)
			}
			return c.problem(n.Pos(), ErrValue, "bad number "+n.Raw)
		}
		v = value.NumberValue(num)
	} else {
		v = value.TextValue(n.Value)
	}
	return func(*frame) (value.Value, error) { return v, nil }
}

// underscore refuses names and .keys that start with `_` (E7, D9).
func (c *compiler) underscore(id *ast.Ident, key bool) bool {
	if !strings.HasPrefix(id.Name, "_") {
		return false
	}
	reason := "names starting with _ are not allowed"
	if key {
		reason += "; for a key that starts with _, write ['" + short(id.Name) + "']"
	}
	c.span(id, ErrForbidden, reason)
	return true
}

func (c *compiler) ident(n *ast.Ident) evalFunc {
	if c.underscore(n, false) {
		return nil
	}
	name := n.Name
	c.steps++
	return func(fr *frame) (value.Value, error) {
		v, found, err := fr.s.Var(name)
		if err != nil {
			return value.Value{}, dataError(c.src, n.Pos(), name, err)
		}
		if !found && fr.miss != nil {
			fr.miss(Miss{Offset: n.Pos(), End: n.End(), KeyAt: n.Pos(), Subject: name, Name: name, Var: true})
		}
		return v, nil
	}
}

// plainVar reports the name of x when x is a variable. The caller has
// compiled x, so the name is one that may be read (D9).
func plainVar(x ast.Expr) (string, bool) {
	id, ok := x.(*ast.Ident)
	if !ok {
		return "", false
	}
	return id.Name, true
}

// envName returns NAME when x is env.NAME or env['NAME'] (design section 4,
// step 1: env.NAME is the environment variable).
func envName(x ast.Expr) (string, bool) {
	switch n := x.(type) {
	case *ast.SelectorExpr:
		if id, ok := n.X.(*ast.Ident); ok && id.Name == "env" {
			return n.Sel.Name, true
		}
	case *ast.IndexExpr:
		id, ok := n.X.(*ast.Ident)
		lit, isLit := n.Index.(*ast.BasicLit)
		if ok && isLit && id.Name == "env" && lit.Kind == ast.String {
			return lit.Value, true
		}
	}
	return "", false
}

func envFunc(name string) evalFunc {
	return func(fr *frame) (value.Value, error) {
		if s, ok := fr.s.Env(name); ok {
			return value.TextValue(s), nil
		}
		return value.Value{}, nil
	}
}

func (c *compiler) selector(n *ast.SelectorExpr) evalFunc {
	if name, ok := envName(n); ok {
		if c.underscore(n.Sel, true) {
			return nil
		}
		c.steps++
		return envFunc(name)
	}
	x := c.expr(n.X)
	if c.underscore(n.Sel, true) || x == nil {
		return nil
	}
	key := n.Sel.Name
	c.steps++
	return func(fr *frame) (value.Value, error) {
		v, err := x(fr)
		if err != nil {
			return v, err
		}
		// D10: .key of anything but a dictionary is empty.
		out, found, err := v.Key(key)
		if err != nil {
			return value.Value{}, dataError(c.src, n.Sel.Pos(), c.text(n), err)
		}
		if !found && fr.miss != nil && v.Kind() != value.Empty {
			c.missKey(fr, n, n.X, v, key, n.Sel.Pos())
		}
		return out, nil
	}
}

func (c *compiler) index(n *ast.IndexExpr) evalFunc {
	if name, ok := envName(n); ok {
		c.steps++
		return envFunc(name)
	}
	x, ix := c.expr(n.X), c.expr(n.Index)
	if x == nil || ix == nil {
		return nil
	}
	c.steps++
	return func(fr *frame) (value.Value, error) {
		v, err := x(fr)
		if err != nil {
			return v, err
		}
		i, err := ix(fr)
		if err != nil {
			return i, err
		}
		var out value.Value
		switch v.Kind() {
		case value.List:
			// D11: a whole number; negative counts from the end; out of
			// range is empty.
			if i.Kind() == value.Empty {
				return value.Value{}, nil
			}
			num, ok := value.ToNumber(i)
			if !ok {
				return value.Value{}, c.fail(n.Index, ErrType, "a list index must be a whole number, got "+describe(i))
			}
			k, fits := num.Int64()
			if !fits {
				if r, err := num.Round(0); err == nil && r.Cmp(num) == 0 {
					return value.Value{}, nil // D11: whole, and far out of range
				}
				return value.Value{}, c.fail(n.Index, ErrType, "a list index must be a whole number, got "+short(num.String()))
			}
			if k < -(1<<31) || k > 1<<31 {
				return value.Value{}, nil
			}
			out, err = v.Index(int(k))
		case value.Dict:
			// D11: a text key; a number key reads the key of its shown
			// text (a column named 2026).
			var key string
			switch i.Kind() {
			case value.Text:
				key = i.Text()
			case value.Number:
				key = i.Num().String()
			case value.Empty:
				return value.Value{}, nil
			default:
				return value.Value{}, c.fail(n.Index, ErrType, "a dictionary key must be text, got "+describe(i))
			}
			var found bool
			out, found, err = v.Key(key)
			if !found && err == nil && fr.miss != nil {
				c.missKey(fr, n, n.X, v, key, n.Index.Pos())
			}
		default:
			// Like .key (D10), an index into anything else is empty.
			return value.Value{}, nil
		}
		if err != nil {
			return value.Value{}, dataError(c.src, n.Pos(), c.text(n), err)
		}
		return out, nil
	}
}

func (c *compiler) call(n *ast.CallExpr) evalFunc {
	if c.underscore(n.Fun, false) {
		return nil
	}
	f, ok := funcs.Lookup(n.Fun.Name)
	if !ok {
		return c.failure(n.Fun, funcs.Unknown(n.Fun.Name))
	}
	args := make([]evalFunc, len(n.Args))
	bad := false
	for i, a := range n.Args {
		if i < len(f.Params) && f.Params[i].Lazy {
			args[i] = c.lazyArg(a)
		} else {
			args[i] = c.expr(a)
		}
		bad = bad || args[i] == nil
	}
	if err := f.CheckArity(len(n.Args)); err != nil {
		return c.failure(n, err)
	}
	if bad {
		return nil
	}
	c.steps++
	run := c.callFunc(n, f, args)
	if callOfConstants(n) {
		// The check pass: a failure that no data can change is a problem
		// now. The value is not kept: it is built when the template is
		// evaluated, under the host's caps and budget.
		if _, err := run(c.checkFrame()); err != nil && c.lazy == 0 {
			if e := wrapFailure(c.src, n.Pos(), err); e.Kind != ErrLimit && e.Kind != ErrBudget {
				c.problems = append(c.problems, e)
				return nil
			}
		}
	}
	return run
}

// callFunc is the closure of call n of f, its values args: one step, the
// values from left to right (the first error stops), then the function.
func (c *compiler) callFunc(n *ast.CallExpr, f *funcs.Func, args []evalFunc) evalFunc {
	call := f.Call
	fail := func(err error) error { return spanFailure(c.src, n.Pos(), n.End(), err) }
	if f.Shortcut != nil && len(args) > 1 {
		return c.shortCall(f, args, fail)
	}
	if f.Text != nil && f.One != nil && len(args) == 1 {
		if run := c.textCall(n, f, args[0], fail); run != nil {
			return run
		}
	}
	switch len(args) {
	case 0:
		return func(fr *frame) (value.Value, error) {
			v, err := call(&fr.env, nil)
			if err != nil {
				return value.Value{}, fail(err)
			}
			return v, nil
		}
	case 1:
		a := args[0]
		if one := f.One; one != nil {
			if name, ok := plainVar(n.Args[0]); ok {
				// The variable is read here, not through its closure a,
				// which runs only when the read is not plain: the data
				// fails, or an inspection hears of a miss.
				return func(fr *frame) (value.Value, error) {
					x, found, err := fr.s.Var(name)
					if err != nil || !found && fr.miss != nil {
						if x, err = a(fr); err != nil {
							return x, err
						}
					}
					v, err := one(&fr.env, x)
					if err != nil {
						return value.Value{}, fail(err)
					}
					return v, nil
				}
			}
			return func(fr *frame) (value.Value, error) {
				x, err := a(fr)
				if err != nil {
					return x, err
				}
				v, err := one(&fr.env, x)
				if err != nil {
					return value.Value{}, fail(err)
				}
				return v, nil
			}
		}
		return func(fr *frame) (value.Value, error) {
			x, err := a(fr)
			if err != nil {
				return x, err
			}
			fr.argv[0] = x
			v, err := call(&fr.env, fr.argv[:1])
			fr.argv[0] = value.Value{}
			if err != nil {
				return value.Value{}, fail(err)
			}
			return v, nil
		}
	case 2:
		a, b := args[0], args[1]
		return func(fr *frame) (value.Value, error) {
			x, err := a(fr)
			if err != nil {
				return x, err
			}
			y, err := b(fr)
			if err != nil {
				return y, err
			}
			fr.argv[0], fr.argv[1] = x, y
			v, err := call(&fr.env, fr.argv[:2])
			fr.argv[0], fr.argv[1] = value.Value{}, value.Value{}
			if err != nil {
				return value.Value{}, fail(err)
			}
			return v, nil
		}
	}
	return func(fr *frame) (value.Value, error) {
		base := len(fr.stack)
		for _, a := range args {
			v, err := a(fr)
			if err != nil {
				fr.stack = fr.stack[:base]
				return v, err
			}
			fr.stack = append(fr.stack, v)
		}
		v, err := call(&fr.env, fr.stack[base:])
		clear(fr.stack[base:])
		fr.stack = fr.stack[:base]
		if base == 0 && cap(fr.stack) > 256 {
			fr.stack = nil // not kept past the call that grew it this far
		}
		if err != nil {
			return value.Value{}, fail(err)
		}
		return v, nil
	}
}

// shortCall is the closure of a call of f, which has a Shortcut (D46):
// its first value, then, unless the shortcut decides, its other values
// from left to right (the first error stops) and the function.
func (c *compiler) shortCall(f *funcs.Func, args []evalFunc, fail func(error) error) evalFunc {
	call, short := f.Call, f.Shortcut
	return func(fr *frame) (value.Value, error) {
		x, err := args[0](fr)
		if err != nil {
			return x, err
		}
		if v, ok := short(x); ok {
			return v, nil
		}
		var v value.Value
		if len(args) == 2 { // default(x, fallback): no slice built
			var y value.Value
			if y, err = args[1](fr); err != nil {
				return y, err
			}
			fr.argv[0], fr.argv[1] = x, y
			v, err = call(&fr.env, fr.argv[:2])
			fr.argv[0], fr.argv[1] = value.Value{}, value.Value{}
		} else {
			vals := make([]value.Value, len(args))
			vals[0] = x
			for i, a := range args[1:] {
				if vals[i+1], err = a(fr); err != nil {
					return vals[i+1], err
				}
			}
			v, err = call(&fr.env, vals)
		}
		if err != nil {
			return value.Value{}, fail(err)
		}
		return v, nil
	}
}

// textCall compiles call n of a text function f (funcs.Func.Text) of
// value a. Its text form is kept for a text function around it; when a
// itself is such a call, the two pass a string and the value is built
// once, at the top. It returns nil when a is not a call of a text
// function: the value form of n is then the plain call.
func (c *compiler) textCall(n *ast.CallExpr, f *funcs.Func, a evalFunc, fail func(error) error) evalFunc {
	text, call := f.Text, f.One
	var str strFunc
	var inner strFunc
	if in := innerCall(n.Args[0]); in != nil && c.lastText.call == in {
		inner = c.lastText.str
	}
	if inner != nil {
		str = func(fr *frame) (string, error) {
			s, err := inner(fr)
			if err != nil {
				return "", err
			}
			if s, err = text(&fr.env, s); err != nil {
				return "", fail(err)
			}
			return s, nil
		}
	} else {
		str = func(fr *frame) (string, error) {
			x, err := a(fr)
			if err != nil {
				return "", err
			}
			var s string
			if x.Kind() == value.Text {
				s, err = text(&fr.env, x.Text())
			} else {
				x, err = call(&fr.env, x)
				s = x.Text() // a text function gives text
			}
			if err != nil {
				return "", fail(err)
			}
			return s, nil
		}
	}
	c.lastText.call, c.lastText.str = n, str
	if inner == nil {
		return nil
	}
	return func(fr *frame) (value.Value, error) {
		s, err := str(fr)
		if err != nil {
			return value.Value{}, err
		}
		return value.TextValue(s), nil
	}
}

// innerCall is x without parentheses when it is a call, else nil.
func innerCall(x ast.Expr) *ast.CallExpr {
	for {
		switch n := x.(type) {
		case *ast.ParenExpr:
			x = n.X
		case *ast.CallExpr:
			return n
		default:
			return nil
		}
	}
}

// checkFrame is the frame of the check pass, one per compiler, its budget
// fresh at each use.
func (c *compiler) checkFrame() *frame {
	if c.check == nil {
		c.check = checkFrame()
		return c.check
	}
	c.check.budget.Reset(context.Background(), checkMaxWork, checkMaxSteps)
	return c.check
}

// checkFrame is the frame of the check pass: no data, the default size
// cap and a small budget.
func checkFrame() *frame {
	fr := &frame{env: funcs.Env{MaxSize: value.DefaultMaxSize}}
	fr.budget.Reset(context.Background(), checkMaxWork, checkMaxSteps) // never done
	fr.env.Budget = &fr.budget
	return fr
}

// missKey tells fr.miss that the key was not found in v, the value of x,
// by node n.
func (c *compiler) missKey(fr *frame, n, x ast.Expr, v value.Value, key string, off int) {
	fr.miss(Miss{Offset: n.Pos(), End: n.End(), Subject: c.srcText(n), Prefix: c.srcText(x),
		Name: key, In: v, KeyAt: off})
}

// srcText is node n as written, trimmed.
func (c *compiler) srcText(n ast.Node) string {
	from, to := n.Pos(), n.End()
	if from < 0 || to > len(c.src) || from > to {
		return strings.TrimSpace(c.src)
	}
	return strings.TrimSpace(c.src[from:to])
}

// failure records a static problem about node n from an error of
// package funcs.
func (c *compiler) failure(n ast.Node, err error) evalFunc {
	var f *value.Failure
	if errors.As(err, &f) {
		return c.span(n, f.Kind, f.Reason)
	}
	return c.span(n, ErrInternal, err.Error())
}

// number gives the number of operand n's value v, or the D7 error.
func (c *compiler) number(n ast.Expr, v value.Value) (value.Num, error) {
	if num, ok := value.ToNumber(v); ok {
		return num, nil
	}
	return value.Num{}, c.notNumber(n, v)
}

// numFunc evaluates an arithmetic node straight to a number, so nested
// arithmetic passes numbers, not values, from level to level.
type numFunc func(fr *frame) (value.Num, error)

func (c *compiler) unary(n *ast.UnaryExpr) evalFunc {
	return c.asValue(c.unaryNum(n))
}

func (c *compiler) binary(n *ast.BinaryExpr) evalFunc {
	return c.asValue(c.binaryNum(n))
}

// asValue turns a numFunc back into an evalFunc for the rest of the tree.
func (c *compiler) asValue(f numFunc) evalFunc {
	if f == nil {
		return nil
	}
	c.lastNum = f
	return func(fr *frame) (value.Value, error) {
		r, err := f(fr)
		if err != nil {
			return value.Value{}, err
		}
		return value.NumberValue(r), nil
	}
}

// operand is one side of arithmetic: either arithmetic itself or a
// constant, which evaluate straight to a number, or any other expression,
// whose value is converted only after both sides have run, so that, as in
// Python, an error while evaluating the right side comes before a wrong
// kind on the left.
type operand struct {
	num  numFunc
	val  evalFunc
	node ast.Expr
	// k is the number of a constant operand (konst), computed here once:
	// it needs no closure to run.
	k     value.Num
	konst bool
	// name is the variable an operand that is one (val reads it) reads:
	// the common shapes read it in their own closure (see plainVar).
	name  string
	isVar bool
}

// operand compiles x as a side of arithmetic; ok is false on a problem.
func (c *compiler) operand(x ast.Expr) (operand, bool) {
	if p, ok := x.(*ast.ParenExpr); ok {
		return c.operand(p.X)
	}
	if constant(x) {
		return c.constOperand(x)
	}
	switch n := x.(type) {
	case *ast.UnaryExpr:
		f := c.unaryNum(n)
		return operand{num: f, node: x}, f != nil
	case *ast.BinaryExpr:
		f := c.binaryNum(n)
		return operand{num: f, node: x}, f != nil
	}
	v := c.expr(x)
	if v == nil {
		return operand{}, false
	}
	name, isVar := plainVar(x)
	return operand{val: v, node: x, name: name, isVar: isVar}, true
}

// constOperand computes the constant operand x once, at compile time,
// reporting its error once; a folded x is no step at run time.
func (c *compiler) constOperand(x ast.Expr) (operand, bool) {
	steps := c.steps
	defer func() { c.steps = steps }()
	var k value.Num
	var err error
	switch n := x.(type) {
	case *ast.UnaryExpr, *ast.BinaryExpr:
		var f numFunc
		if u, ok := n.(*ast.UnaryExpr); ok {
			f = c.unaryNum(u)
		} else {
			f = c.binaryNum(n.(*ast.BinaryExpr))
		}
		if f == nil {
			return operand{}, false
		}
		k, err = f(c.checkFrame())
	default:
		f := c.node(x)
		if f == nil {
			return operand{}, false
		}
		var v value.Value
		if v, err = f(c.checkFrame()); err == nil {
			k, err = c.number(x, v)
		}
	}
	if err != nil {
		f := c.foldFailed(x, err)
		return operand{val: f, node: x}, f != nil
	}
	return operand{k: k, konst: true, node: x}, true
}

// eval runs the operand: a number for arithmetic and constants, else a
// value still to be converted.
func (o *operand) eval(fr *frame) (value.Num, value.Value, error) {
	if o.konst {
		return o.k, value.Value{}, nil
	}
	if o.num != nil {
		n, err := o.num(fr)
		return n, value.Value{}, err
	}
	v, err := o.val(fr)
	return value.Num{}, v, err
}

// toNum converts what eval gave to a number (D7 on a wrong kind).
func (c *compiler) toNum(o *operand, n value.Num, v value.Value) (value.Num, error) {
	if o.num != nil || o.konst {
		return n, nil
	}
	return c.number(o.node, v)
}

func (c *compiler) unaryNum(n *ast.UnaryExpr) numFunc {
	x, ok := c.operand(n.X)
	if !ok {
		return nil
	}
	neg := n.Op == ast.Sub
	return func(fr *frame) (value.Num, error) {
		a, av, err := x.eval(fr)
		if err != nil {
			return a, err
		}
		if a, err = c.toNum(&x, a, av); err != nil {
			return a, err
		}
		if neg {
			return a.Neg(), nil
		}
		return a, nil
	}
}

// opAt is where an arithmetic operator is written, for its failure.
type opAt struct {
	src string
	pos int
}

// result is the operation's result r, with its failure err placed at the
// operator. A method on a value rather than a closure, so that the
// compiler inlines it into each operator's closure.
func (at opAt) result(r value.Num, err error) (value.Num, error) {
	if err != nil {
		return r, wrapFailure(at.src, at.pos, err)
	}
	return r, nil
}

func (c *compiler) binaryNum(n *ast.BinaryExpr) numFunc {
	if reason, ok := c.joinsText(n); ok {
		c.span(n, ErrType, reason)
		return nil
	}
	x, okx := c.operand(n.X)
	y, oky := c.operand(n.Y)
	if !okx || !oky {
		return nil
	}
	// The operation of the operator (arith.go): adding an operator
	// touches no code here.
	op, ok := operation(n.Op)
	if !ok {
		c.problem(n.OpPos, ErrSyntax, "unknown operator")
		return nil
	}
	at := opAt{c.src, n.OpPos}
	c.steps++
	// The common shapes get their own closure: a constant side is no
	// call at all, and a side of arithmetic gives its number directly.
	// Each keeps the order of the general one below: the left side, the
	// right side, the step, the left number, the right number (D7, D12).
	kx, xk := x.k, x.konst
	ky, yk := y.k, y.konst
	switch {
	case x.isVar && y.isVar:
		// As the case below, each variable read here unless its read is
		// not plain (plainVar).
		return func(fr *frame) (value.Num, error) {
			av, found, err := fr.s.Var(x.name)
			if err != nil || !found && fr.miss != nil {
				if av, err = x.val(fr); err != nil {
					return value.Num{}, err
				}
			}
			bv, found, err := fr.s.Var(y.name)
			if err != nil || !found && fr.miss != nil {
				if bv, err = y.val(fr); err != nil {
					return value.Num{}, err
				}
			}
			a := av.Num()
			if av.Kind() != value.Number {
				if a, err = c.number(x.node, av); err != nil {
					return a, err
				}
			}
			b := bv.Num()
			if bv.Kind() != value.Number {
				if b, err = c.number(y.node, bv); err != nil {
					return b, err
				}
			}
			return at.result(op(a, b))
		}
	case x.isVar && yk:
		return func(fr *frame) (value.Num, error) {
			av, found, err := fr.s.Var(x.name)
			if err != nil || !found && fr.miss != nil {
				if av, err = x.val(fr); err != nil {
					return value.Num{}, err
				}
			}
			a := av.Num()
			if av.Kind() != value.Number {
				if a, err = c.number(x.node, av); err != nil {
					return a, err
				}
			}
			return at.result(op(a, ky))
		}
	case x.val != nil && y.val != nil:
		return func(fr *frame) (value.Num, error) {
			av, err := x.val(fr)
			if err != nil {
				return value.Num{}, err
			}
			bv, err := y.val(fr)
			if err != nil {
				return value.Num{}, err
			}
			a := av.Num() // a number, the common case, without a call
			if av.Kind() != value.Number {
				if a, err = c.number(x.node, av); err != nil {
					return a, err
				}
			}
			b := bv.Num() // a number, the common case, without a call
			if bv.Kind() != value.Number {
				if b, err = c.number(y.node, bv); err != nil {
					return b, err
				}
			}
			return at.result(op(a, b))
		}
	case x.val != nil && yk:
		return func(fr *frame) (value.Num, error) {
			av, err := x.val(fr)
			if err != nil {
				return value.Num{}, err
			}
			a := av.Num() // a number, the common case, without a call
			if av.Kind() != value.Number {
				if a, err = c.number(x.node, av); err != nil {
					return a, err
				}
			}
			return at.result(op(a, ky))
		}
	case xk && y.val != nil:
		return func(fr *frame) (value.Num, error) {
			bv, err := y.val(fr)
			if err != nil {
				return value.Num{}, err
			}
			b := bv.Num() // a number, the common case, without a call
			if bv.Kind() != value.Number {
				if b, err = c.number(y.node, bv); err != nil {
					return b, err
				}
			}
			return at.result(op(kx, b))
		}
	case x.num != nil && !xk && yk:
		return func(fr *frame) (value.Num, error) {
			a, err := x.num(fr)
			if err != nil {
				return a, err
			}
			return at.result(op(a, ky))
		}
	case xk && y.num != nil && !yk:
		return func(fr *frame) (value.Num, error) {
			b, err := y.num(fr)
			if err != nil {
				return b, err
			}
			return at.result(op(kx, b))
		}
	case x.num != nil && y.num != nil:
		return func(fr *frame) (value.Num, error) {
			a, err := x.num(fr)
			if err != nil {
				return a, err
			}
			b, err := y.num(fr)
			if err != nil {
				return b, err
			}
			return at.result(op(a, b))
		}
	}
	return func(fr *frame) (value.Num, error) {
		a, av, err := x.eval(fr)
		if err != nil {
			return a, err
		}
		b, bv, err := y.eval(fr)
		if err != nil {
			return b, err
		}
		if a, err = c.toNum(&x, a, av); err != nil {
			return a, err
		}
		if b, err = c.toNum(&y, b, bv); err != nil {
			return b, err
		}
		return at.result(op(a, b))
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

// forbidden is the message for a refused construct (D12, D13).
func (c *compiler) forbidden(n *ast.BadExpr) string {
	const cond = " is not allowed inside ${...}; write it in a condition"
	switch n.Construct {
	case ast.Compare:
		return "comparisons (" + n.Detail + ") are not allowed inside ${...}; write them in a condition"
	case ast.BoolOp:
		return "'" + n.Detail + "'" + cond
	case ast.Membership:
		return "'in'" + cond
	case ast.Identity:
		return "'is'" + cond
	case ast.Power:
		return "** is not allowed; multiply instead"
	case ast.OtherOperator:
		if reason, ok := c.ampersandJoin(n); ok {
			return reason
		}
		return "the operator " + n.Detail + " is not allowed; use + - * / or %"
	case ast.Lambda:
		return "lambda is not allowed"
	case ast.Comprehension:
		return "comprehensions (for ... in ...) are not allowed"
	case ast.Conditional:
		return "if ... else is not allowed inside ${...}; use a condition, or default(...)"
	case ast.FString:
		return "f-strings are not allowed; write the text around ${...} instead"
	case ast.Assignment:
		return "assignment (" + n.Detail + ") is not allowed"
	case ast.MethodCall:
		return c.methodCall(n)
	case ast.CallNonName:
		return "only a function can be called, by its name, e.g. len(x)"
	case ast.KeywordArg:
		return "keyword arguments (" + n.Detail + "=...) are not allowed; give the values in order"
	case ast.Slice:
		return "slices ([a:b]) are not allowed; use substring(...) or part(...)"
	case ast.ListLit:
		return "list literals ([...]) are not allowed"
	case ast.DictLit:
		return "dictionary literals ({...}) are not allowed"
	case ast.SetLit:
		return "set literals ({...}) are not allowed"
	case ast.TupleLit:
		return "tuples (a, b) are not allowed"
	case ast.Starred:
		return "* and ** before values are not allowed"
	}
	return "this is not allowed inside ${...}"
}

// methodCall is the D13 message: when the method is one of our functions,
// it shows the call to write instead, e.g. `write upper(x)`.
// methodDot is the offset of the `.` before the method name in span, the
// text of a method call (`x.upper()`, `x. upper ()`), or -1.
func methodDot(span, name string) int {
	i := strings.LastIndex(span, name)
	for i > 0 {
		j := i - 1
		for j > 0 && (span[j] == ' ' || span[j] == '\t') {
			j--
		}
		if span[j] == '.' {
			return j
		}
		i = strings.LastIndex(span[:i], name)
	}
	return -1
}

func (c *compiler) methodCall(n *ast.BadExpr) string {
	const msg = "method calls are not allowed"
	if n.To > len(c.src) || n.From > n.To {
		return msg
	}
	span := c.src[n.From:n.To]
	dot := methodDot(span, n.Detail)
	f, ok := funcs.Lookup(n.Detail)
	if !ok {
		// `row.Amount (THB)` reads like a call of Amount, but is most
		// likely a key written with parentheses.
		if dot > 0 && !strings.ContainsAny(span[dot:], "'\"") &&
			strings.Contains(span[dot:], " (") && !strings.HasSuffix(span, "()") {
			recv := strings.TrimSpace(span[:dot])
			key := strings.TrimSpace(span[dot+1:])
			return msg + "; for a key with parentheses in it, write " + short(recv) + "['" + short(key) + "']"
		}
		return msg
	}
	if dot <= 0 {
		return msg + "; write " + n.Detail + "(...)"
	}
	recv := strings.TrimSpace(span[:dot])
	rest := strings.TrimSpace(span[dot+1:])
	rest = strings.TrimSpace(strings.TrimPrefix(rest, n.Detail))
	args := ""
	if strings.HasPrefix(rest, "(") && strings.HasSuffix(rest, ")") {
		args = strings.TrimSpace(rest[1 : len(rest)-1])
	}
	var values []string
	if args != "" {
		values = ast.SplitOutside(args, ',')
		for i := range values {
			values[i] = strings.TrimSpace(values[i])
		}
	}
	// The receiver takes its place among the values (funcs.Func.Receiver):
	// `x.upper()` is upper(x), `ids.join(', ')` and `', '.join(ids)` are
	// join(ids, ', ').
	at := 0
	if len(recv) >= 2 && (recv[0] == '\'' || recv[0] == '"') && recv[len(recv)-1] == recv[0] {
		at = min(f.Receiver, len(values))
	}
	values = append(values[:at], append([]string{recv}, values[at:]...)...)
	if f.CheckArity(len(values)) != nil {
		// The call the method call reads as would fail on its number of
		// values: a hint must work when followed (D49), so it says how the
		// function is called instead of writing that call.
		return msg + "; write " + f.Signature() + " with " + short(recv) + " as " + f.Params[at].Name
	}
	// The hint echoes the expression: cut and cleaned (D37).
	return msg + "; write " + n.Detail + "(" + short(strings.Join(values, ", ")) + ")"
}
