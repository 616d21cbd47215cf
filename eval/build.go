package eval

import (
	"strconv"
	"strings"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/internal/hostvars"
	"github.com/kinenix/expressions/internal/lend"
	"github.com/kinenix/expressions/value"
)

// The closures of the shapes a profile still wants, by the shape of
// arithmetic's sides and of a pick (shapes.go, from eval/internal/shapegen).
//go:generate go run ./internal/shapegen -o shapes.go

// Build is the last stage of the plan (plan.go): one closure builder per
// node kind. A closure charges no steps of its own (the expression's are
// charged at once before it runs, placeholder.run), except a lazy
// value's (D46).

// evalFunc evaluates one built node.
type evalFunc func(fr *frame) (value.Value, error)

// numFunc evaluates an arithmetic node straight to a number, so nested
// arithmetic passes numbers, not values, from level to level.
type numFunc func(fr *frame) (value.Num, error)

// strFunc evaluates a chain of text functions straight to its text, so the
// calls of the chain pass strings, not values.
type strFunc func(fr *frame) (string, error)

// funcForms are a function's one-value and text-to-text forms, which
// funcs lends to eval (internal/lend): a call of one value passes no
// slice, and a chain of text functions passes strings.
var funcForms = lend.Borrow[func(f *funcs.Func) (
	one func(env *funcs.Env, x value.Value) (value.Value, error),
	text func(env *funcs.Env, s string) (string, error))]("funcs.forms")

// builder is the build stage of one expression.
type builder struct{ source }

// value builds n.
func (b *builder) value(n *node) evalFunc {
	switch n.kind {
	case kConst:
		v := n.val
		return func(*frame) (value.Value, error) { return v, nil }
	case kFail:
		err := n.err
		return func(*frame) (value.Value, error) { return value.Value{}, err }
	case kVar:
		return b.variable(n.at.(*ast.Ident))
	case kEnv:
		name := n.name
		return func(fr *frame) (value.Value, error) {
			if s, ok := fr.s.Env(name); ok {
				return value.TextValue(s), nil
			}
			return value.Value{}, nil
		}
	case kKey:
		return b.key(n)
	case kIndex:
		return b.index(n)
	case kCall:
		return b.call(n)
	case kText:
		return b.textChain(n)
	case kArith:
		return asValue(b.num(n))
	}
	panic("eval: a plan node of no kind") // check makes none
}

func (b *builder) variable(n *ast.Ident) evalFunc {
	name, src := n.Name, b.src
	nm := hostvars.NameOf(name)
	return func(fr *frame) (value.Value, error) {
		v, found, err := fr.s.VarOf(&nm)
		if err != nil {
			return value.Value{}, dataError(src, n.Pos(), name, err)
		}
		if !found && fr.miss != nil {
			fr.miss(Miss{Offset: n.Pos(), End: n.End(), KeyAt: n.Pos(), Subject: name, Name: name, Var: true})
		}
		return v, nil
	}
}

// varRead is a variable read in the closure of the node that uses it
// (len(x), x.key, x[0], a + b), a call less than through the variable's
// own closure val, which runs only when the read is not plain: the data
// fails (its error placed), or an inspection hears of a miss.
type varRead struct {
	nm  hostvars.Name
	val evalFunc
}

func (r *varRead) read(fr *frame) (value.Value, error) {
	v, found, err := fr.s.VarOf(&r.nm)
	if err != nil || !found && fr.miss != nil {
		return r.val(fr)
	}
	return v, nil
}

// readOf returns the varRead of n when n is a variable (kVar), built by
// val; else nil, for a node that runs val itself.
func readOf(n *node, val evalFunc) *varRead {
	if n.kind != kVar {
		return nil
	}
	return &varRead{nm: hostvars.NameOf(n.name), val: val}
}

func (b *builder) key(k *node) evalFunc {
	n := k.at.(*ast.SelectorExpr)
	return b.pick(k.args[0], n, n.X, nil, k.name, 0, n.Sel.Pos(), n.Sel.Pos())
}

// pick is a read of a fixed part of the value of a node (x as written)
// in at: its key (x.key, D10; item nil) or, for an index item of a
// constant k, the item k of a list or the key of k's shown text in a
// dictionary (x[0], D11). A failure of the data is placed at errAt, a
// missing key at keyAt. Of anything else the part is empty. Each of the
// two has its closure, generated from one text (shapes.go), so that
// neither runs the other's branches where one runs inside the other
// (rows[0].request_id): one closure for both measured slower there.
type pick struct {
	val          evalFunc // the node's value
	r            *varRead // set when the node is a variable: read it here
	at, x        ast.Expr
	item         *ast.IndexExpr
	key          string
	k            int64
	errAt, keyAt int
}

func (b *builder) pick(xn *node, at, x ast.Expr, item *ast.IndexExpr, key string, k int64, errAt, keyAt int) evalFunc {
	val := b.value(xn)
	p := pick{val: val, r: readOf(xn, val), at: at, x: x, item: item, key: key, k: k, errAt: errAt, keyAt: keyAt}
	if item == nil {
		return b.pickKey(p)
	}
	return b.pickItem(p)
}

func (b *builder) index(in *node) evalFunc {
	n := in.at.(*ast.IndexExpr)
	if run := b.constIndex(in); run != nil {
		return run
	}
	x, ix := b.value(in.args[0]), b.value(in.args[1])
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
				return value.Value{}, b.fail(n.Index, ErrType, "a list index must be a whole number, got "+describe(i))
			}
			k, fits := num.Int64()
			if !fits {
				if r, err := num.Round(0); err == nil && r.Cmp(num) == 0 {
					return value.Value{}, nil // D11: whole, and far out of range
				}
				return value.Value{}, b.fail(n.Index, ErrType, "a list index must be a whole number, got "+short(num.String()))
			}
			if k < -(1<<31) || k > 1<<31 {
				return value.Value{}, nil
			}
			out, err = v.Index(int(k))
			if fr.miss != nil && err == nil {
				b.missItem(fr, n, v, k)
			}
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
				return value.Value{}, b.fail(n.Index, ErrType, "a dictionary key must be text, got "+describe(i))
			}
			var found bool
			out, found, err = v.Key(key)
			if !found && err == nil && fr.miss != nil {
				b.missKey(fr, n, n.X, v, key, n.Index.Pos())
			}
		default:
			// Like .key (D10), an index into anything else is empty.
			return value.Value{}, nil
		}
		if err != nil {
			return value.Value{}, dataError(b.src, n.Pos(), b.text(n), err)
		}
		return out, nil
	}
}

// constIndex builds x[i] for a constant i that is a whole number within
// range (rows[0]): the item of a list, the key of its shown text in a
// dictionary (D11), worked out here once, not at every evaluation. nil
// for any other index, which index builds in general.
func (b *builder) constIndex(in *node) evalFunc {
	c := in.args[1]
	if c.kind != kConst || c.val.Kind() != value.Number {
		return nil
	}
	num := c.val.Num()
	k, fits := num.Int64()
	if !fits || k < -(1<<31) || k > 1<<31 {
		return nil
	}
	n := in.at.(*ast.IndexExpr)
	return b.pick(in.args[0], n, n.X, n, num.String(), k, n.Pos(), n.Index.Pos())
}

// missItem tells fr.miss when index k is past the ends of the list v,
// the value of n.X: the lookup is empty (D11), which a sample shows (D43).
func (b *builder) missItem(fr *frame, n *ast.IndexExpr, v value.Value, k int64) {
	if l := int64(v.Len()); k >= l || k < -l {
		fr.miss(Miss{Offset: n.Pos(), End: n.End(), Subject: b.srcText(n), Prefix: b.srcText(n.X),
			Name: strconv.FormatInt(k, 10), In: v, KeyAt: n.Index.Pos()})
	}
}

// missKey tells fr.miss that the key was not found in v, the value of x,
// by node n.
func (b *builder) missKey(fr *frame, n, x ast.Expr, v value.Value, key string, off int) {
	fr.miss(Miss{Offset: n.Pos(), End: n.End(), Subject: b.srcText(n), Prefix: b.srcText(x),
		Name: key, In: v, KeyAt: off})
}

// lazy builds a lazy value (D46): computed only when the function needs
// it, so its steps are charged when it runs, not with the expression's.
func (b *builder) lazy(n *node) evalFunc {
	f, steps := b.value(n), n.steps()
	if steps == 0 {
		return f
	}
	return func(fr *frame) (value.Value, error) {
		if err := fr.budget.Steps(steps); err != nil {
			return value.Value{}, err
		}
		return f(fr)
	}
}

// call builds a call: its values from left to right (the first error
// stops), then the function.
func (b *builder) call(c *node) evalFunc {
	if vc := b.varCall(c); vc != nil {
		return vc.run
	}
	f := c.fn
	args := make([]evalFunc, len(c.args))
	for i, a := range c.args {
		if c.isLazy(i) {
			args[i] = b.lazy(a)
		} else {
			args[i] = b.value(a)
		}
	}
	call, fail := f.Call, b.callFail(c)
	if f.Shortcut != nil && len(args) > 1 {
		return shortCall(f, args, fail)
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
		if one, _ := funcForms(f); one != nil {
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
			if err != nil {
				return value.Value{}, fail(err)
			}
			return v, nil
		}
	case 2:
		a0, a1 := args[0], args[1]
		return func(fr *frame) (value.Value, error) {
			x, err := a0(fr)
			if err != nil {
				return x, err
			}
			y, err := a1(fr)
			if err != nil {
				return y, err
			}
			fr.argv[0], fr.argv[1] = x, y
			v, err := call(&fr.env, fr.argv[:2])
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

// varCall is a call of a function of one value on a variable (len(x)),
// the most common call: the variable is read here, not through its
// closure arg, which runs only when the read is not plain (the data
// fails, or an inspection hears of a miss). A placeholder whose whole
// expression is one calls run directly (placeholder.build).
type varCall struct {
	arg  varRead
	one  func(env *funcs.Env, x value.Value) (value.Value, error)
	fail func(error) error
}

// varCall returns the varCall of c when c is one: a call of one value,
// a variable, whose function has a one-value form; else nil.
func (b *builder) varCall(c *node) *varCall {
	if c.kind != kCall || len(c.args) != 1 || c.args[0].kind != kVar {
		return nil
	}
	one, _ := funcForms(c.fn)
	if one == nil {
		return nil
	}
	arg := b.value(c.args[0])
	if c.isLazy(0) {
		arg = b.lazy(c.args[0])
	}
	return &varCall{arg: *readOf(c.args[0], arg), one: one, fail: b.callFail(c)}
}

// callFail is the failure of call node c: err placed at the call.
func (b *builder) callFail(c *node) func(error) error {
	return b.callFailure(c.at.(*ast.CallExpr))
}

// callFailure is the failure of call n: err placed at the call, an item
// of its first value at fault named from that value's text (join: f[1]),
// a hint to read the first value with number(...) written as the call
// (numberCall).
func (b *builder) callFailure(n *ast.CallExpr) func(error) error {
	what := ""
	if len(n.Args) > 0 {
		what = b.src[n.Args[0].Pos():n.Args[0].End()]
	}
	return func(err error) error {
		return spanFailure(b.src, n.Pos(), n.End(), itemFailure(n.Fun.Name, what, numberCall(b.src, n, err)))
	}
}

func (vc *varCall) run(fr *frame) (value.Value, error) {
	x, err := vc.arg.read(fr)
	if err != nil {
		return x, err
	}
	v, err := vc.one(&fr.env, x)
	if err != nil {
		return value.Value{}, vc.fail(err)
	}
	return v, nil
}

// shortCall is the closure of a call of f, which has a Shortcut (D46):
// its first value, then, unless the shortcut decides, its other values
// from left to right (the first error stops) and the function.
func shortCall(f *funcs.Func, args []evalFunc, fail func(error) error) evalFunc {
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

// textChain builds a chain of text functions (kText): the innermost call
// of the value, then each call around it on the text, the value built
// once, at the top.
func (b *builder) textChain(n *node) evalFunc {
	str := b.textLink(n)
	return func(fr *frame) (value.Value, error) {
		s, err := str(fr)
		if err != nil {
			return value.Value{}, err
		}
		return value.TextValue(s), nil
	}
}

// textLink builds call n of a chain to its text: a kText on the text of
// the call that is its value, the innermost call (a kCall) on its value.
func (b *builder) textLink(n *node) strFunc {
	call := n.at.(*ast.CallExpr)
	fail := b.callFailure(call)
	one, text := funcForms(n.fn)
	if n.kind == kText {
		inner := b.textLink(n.args[0])
		return func(fr *frame) (string, error) {
			s, err := inner(fr)
			if err != nil {
				return "", err
			}
			if s, err = text(&fr.env, s); err != nil {
				return "", fail(err)
			}
			return s, nil
		}
	}
	a := b.value(n.args[0])
	return func(fr *frame) (string, error) {
		x, err := a(fr)
		if err != nil {
			return "", err
		}
		var s string
		if x.Kind() == value.Text {
			s, err = text(&fr.env, x.Text())
		} else {
			x, err = one(&fr.env, x)
			s = x.Text() // a text function gives text
		}
		if err != nil {
			return "", fail(err)
		}
		return s, nil
	}
}

// asValue turns a numFunc into an evalFunc for the rest of the tree.
func asValue(f numFunc) evalFunc {
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
	// k is the number of a constant operand (konst), read by optimise:
	// it needs no closure to run.
	k     value.Num
	konst bool
	// read is set for an operand that is a variable (val reads it): the
	// shapes read it in their own closure.
	read *varRead
}

// side is how an operand runs, for the closure of its shape (shapes.go).
type side uint8

const (
	sideConst side = iota // konst: its number k, no call
	sideNum               // arithmetic: num gives its number
	sideRead              // a variable: read reads it
	sideVal               // any other value: val
)

func (o *operand) side() side {
	switch {
	case o.konst:
		return sideConst
	case o.num != nil:
		return sideNum
	case o.read != nil:
		return sideRead
	}
	return sideVal
}

func (b *builder) operand(n *node) operand {
	switch n.kind {
	case kConst:
		return operand{k: n.val.Num(), konst: true, node: n.at}
	case kArith:
		return operand{num: b.num(n), node: n.at}
	}
	val := b.value(n)
	return operand{val: val, node: n.at, read: readOf(n, val)}
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
func (b *builder) toNum(o *operand, n value.Num, v value.Value) (value.Num, error) {
	if o.num != nil || o.konst {
		return n, nil
	}
	return b.number(o.node, v)
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

// num builds arithmetic (kArith) to its number.
func (b *builder) num(n *node) numFunc {
	if len(n.args) == 1 {
		return b.unary(n)
	}
	x, y := b.operand(n.args[0]), b.operand(n.args[1])
	// The operation of the operator (arith.go): adding an operator
	// touches no code here.
	op, _ := operation(n.op) // check refused an operator without one
	at := opAt{b.src, n.at.(*ast.BinaryExpr).OpPos}
	// The shapes a profile still wants get their own closure, generated
	// from a list (shapes.go); the general one below is the reference
	// they keep to.
	if f := b.shapeNum(x, y, op, at); f != nil {
		return f
	}
	return func(fr *frame) (value.Num, error) {
		a, av, err := x.eval(fr)
		if err != nil {
			return a, err
		}
		c, cv, err := y.eval(fr)
		if err != nil {
			return c, err
		}
		if a, err = b.toNum(&x, a, av); err != nil {
			return a, err
		}
		if c, err = b.toNum(&y, c, cv); err != nil {
			return c, err
		}
		return at.result(op(a, c))
	}
}

func (b *builder) unary(n *node) numFunc {
	x := b.operand(n.args[0])
	neg := n.neg
	return func(fr *frame) (value.Num, error) {
		a, av, err := x.eval(fr)
		if err != nil {
			return a, err
		}
		if a, err = b.toNum(&x, a, av); err != nil {
			return a, err
		}
		if neg {
			return a.Neg(), nil
		}
		return a, nil
	}
}

// build builds the evaluation of placeholder p by what section 4 reads it
// as (p.as, readAs): the one place the order of D12 is written. Its
// errors are placed in the template.
func (p *placeholder) build() evalFunc {
	switch p.as {
	case asLimit:
		err := p.issue()
		return func(*frame) (value.Value, error) { return value.Value{}, err }
	case asUnder:
		err := p.under
		return func(*frame) (value.Value, error) { return value.Value{}, err }
	case asEnv:
		name := p.rd.env
		return func(fr *frame) (value.Value, error) {
			if err := fr.budget.Steps(1); err != nil { // the host's lookup is a step too
				return value.Value{}, p.placed(err)
			}
			if s, ok := fr.s.Env(name); ok {
				return value.TextValue(s), nil
			}
			return value.Value{}, nil
		}
	case asExpr:
		return p.runner(0, nil)
	case asExprUnlessName:
		// The path's steps and the expression's charged at once, as no
		// work comes between them.
		first := hostvars.NameOf(p.rd.path[0])
		return p.runner(len(p.rd.path), &first)
	}
	return p.pathRead
}

// settle is the result of p's expression, v or its error err placed in
// the template.
func (p *placeholder) settle(v value.Value, err error) (value.Value, error) {
	if err != nil {
		return value.Value{}, p.placed(err)
	}
	return v, nil
}

// placed is err placed in the template at the placeholder.
func (p *placeholder) placed(err error) error { return p.locate(wrapFailure(p.raw, 0, err)) }

// runner runs p's expression, its steps and extra more charged first, all
// at once: the nodes of an expression all run unless one fails (no
// function evaluates anything itself). With unless, a scope that has that
// name reads the placeholder as its path instead (asExprUnlessName).
func (p *placeholder) runner(extra int, unless *hostvars.Name) evalFunc {
	if p.rd.plain {
		return p.plainPath(extra)
	}
	steps := extra + p.expr.steps
	if num := p.expr.num; num != nil {
		// Arithmetic gives its number, made a value here once.
		return func(fr *frame) (value.Value, error) {
			if unless != nil && fr.s.HasOf(unless) {
				return p.pathRead(fr)
			}
			if err := fr.budget.Steps(steps); err != nil {
				return value.Value{}, p.placed(err)
			}
			n, err := num(fr)
			return p.settle(value.NumberValue(n), err)
		}
	}
	if vc := p.expr.call; vc != nil {
		// len(x): varCall.run's work written out here, two calls less:
		// the variable read in the closure itself unless its read is not
		// plain (varRead.read), then the function.
		nm, arg, one, fail := &vc.arg.nm, vc.arg.val, vc.one, vc.fail
		return func(fr *frame) (value.Value, error) {
			if unless != nil && fr.s.HasOf(unless) {
				return p.pathRead(fr)
			}
			if err := fr.budget.Steps(steps); err != nil {
				return value.Value{}, p.placed(err)
			}
			x, found, err := fr.s.VarOf(nm)
			if err != nil || !found && fr.miss != nil {
				if x, err = arg(fr); err != nil {
					return value.Value{}, p.placed(err)
				}
			}
			v, err := one(&fr.env, x)
			if err != nil {
				return value.Value{}, p.placed(fail(err))
			}
			return v, nil
		}
	}
	run := p.expr.run
	return func(fr *frame) (value.Value, error) {
		if unless != nil && fr.s.HasOf(unless) {
			return p.pathRead(fr)
		}
		if err := fr.budget.Steps(steps); err != nil {
			return value.Value{}, p.placed(err)
		}
		return p.settle(run(fr))
	}
}

// pathRead is asPath: the dotted path, then the expression or its
// problem. A method, not a closure built for every placeholder: an
// expression read unless a name takes it only when the scope has the name.
func (p *placeholder) pathRead(fr *frame) (value.Value, error) {
	if path := p.rd.path; path != nil && (p.expr == nil || !p.expr.pure) {
		// (A pure expression is the lookup itself; a plain path is never
		// read as asPath.)
		if err := fr.budget.Steps(len(path)); err != nil {
			return value.Value{}, p.placed(err)
		}
		v, found, err := fr.s.Lookup(path)
		if err != nil {
			return value.Value{}, p.placed(err)
		}
		if found {
			return v, nil
		}
	}
	if p.expr == nil {
		issue := p.issue()
		if !p.rd.exprSyntax && issue.Kind == ErrSyntax {
			if fr.miss != nil && p.rd.path != nil {
				fr.missPath(p.raw, p.rd.path)
			}
			return value.Value{}, nil // a missing lookup, as always (E5)
		}
		return value.Value{}, issue
	}
	if err := fr.budget.Steps(p.expr.steps); err != nil {
		return value.Value{}, p.placed(err)
	}
	if num := p.expr.num; num != nil {
		n, err := num(fr)
		return p.settle(value.NumberValue(n), err)
	}
	return p.settle(p.expr.run(fr))
}

// plainPath is the expression of a plain path (`row.status`), read as
// one: the same value as the path's lookup, built without the parser, its
// steps and extra more charged first, its error placed (as runner's).
func (p *placeholder) plainPath(extra int) evalFunc {
	raw, path := p.raw, p.rd.path
	first, trimmed, steps := hostvars.NameOf(path[0]), strings.TrimSpace(raw), extra+p.expr.steps
	one := len(path) == 1 // one name: the variable itself, no path to walk
	two, key := len(path) == 2, path[len(path)-1]
	return func(fr *frame) (v value.Value, err error) {
		if err := fr.budget.Steps(steps); err != nil {
			return value.Value{}, p.placed(err)
		}
		var found bool
		switch {
		case one:
			v, found, err = fr.s.VarOf(&first)
		case two:
			// Lookup of `name.key`, the most common path, without its
			// loop: the variable, then its key (as a selector is).
			if v, found, err = fr.s.VarOf(&first); found && err == nil {
				v, found, err = v.Key(key)
			}
		default:
			v, found, err = fr.s.Lookup(path)
		}
		if err != nil {
			return value.Value{}, p.placed(dataError(raw, 0, trimmed, err))
		}
		if !found && fr.miss != nil {
			fr.missPath(raw, path)
		}
		return v, nil
	}
}
