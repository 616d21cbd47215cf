package eval

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/value"
)

// Check is the first stage of the plan (plan.go): it walks the syntax
// tree of one expression and makes its plan, and it is the only place
// that refuses what the language does not have: names and keys that
// start with `_` (D9), constructs refused inside ${...} (D12, D13),
// unknown functions and wrong numbers of values (D14, D15), text joined
// by an operator (D44) and the limits (D17). It runs no code: a constant
// that fails is found by optimise, which may.

// Limits of one expression (D17, E7).
const (
	MaxLength = 500 // characters inside one ${...}
	MaxDepth  = 20  // nesting of parentheses, calls and brackets together
	// maxBytes caps the bytes of an expression whatever its characters are,
	// so 500 four-byte characters are the most the parser ever sees.
	maxBytes = 4 * MaxLength
)

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
		q, i = ast.QuoteStep(src, i, q)
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
		q, i = ast.QuoteStep(src, i, q)
	}
	if at < 0 {
		return nil
	}
	bad := &ast.BadExpr{From: at, To: len(src), Construct: ast.SetLit}
	if colon {
		bad.Construct = ast.DictLit
	}
	return spanError(src, at, len(src), ErrForbidden, source{src: src}.forbidden(bad))
}

// source is the text of one expression, which every stage's messages
// quote, and its tree, which a message's hint may look at (D44).
type source struct {
	src  string
	tree ast.Expr
}

// text is node n as written, shortened for a message.
func (c source) text(n ast.Node) string { return short(strings.TrimSpace(c.src[n.Pos():n.End()])) }

// fail makes an error about node n, spanning it: Offset and End cover the
// operand the reason is about (`row.a` of `row.a * 2`, D16).
func (c source) fail(n ast.Node, kind error, reason string) error {
	return spanError(c.src, n.Pos(), n.End(), kind, reason)
}

// srcText is node n as written, trimmed.
func (c source) srcText(n ast.Node) string {
	from, to := n.Pos(), n.End()
	if from < 0 || to > len(c.src) || from > to {
		return strings.TrimSpace(c.src)
	}
	return strings.TrimSpace(c.src[from:to])
}

// number gives the number of operand n's value v, or the D7 error.
func (c source) number(n ast.Expr, v value.Value) (value.Num, error) {
	if num, ok := value.ToNumber(v); ok {
		return num, nil
	}
	return value.Num{}, c.notNumber(n, v)
}

// checker is the check stage of one expression.
type checker struct {
	source
	problems []*Error
	// arena is where the plan's nodes are made, a few to an allocation
	// (compiling is timed too, cold).
	arena []node
}

// new makes a node of kind k at x in the arena. (No node is built on the
// stack and copied: the walk's frames stay small, as deep inputs nest it
// hundreds of times.)
func (c *checker) new(k kind, x ast.Expr) *node {
	if len(c.arena) == cap(c.arena) {
		c.arena = make([]node, 0, 4)
	}
	c.arena = c.arena[:len(c.arena)+1]
	n := &c.arena[len(c.arena)-1]
	n.kind, n.at = k, x
	return n
}

// span records a problem about node n, spanning it.
func (c *checker) span(n ast.Node, kind error, reason string) {
	c.problems = append(c.problems, spanError(c.src, n.Pos(), n.End(), kind, reason))
}

// failure records a problem about node n from an error of package funcs.
func (c *checker) failure(n ast.Node, err error) {
	var f *value.Failure
	if errors.As(err, &f) {
		c.span(n, f.Kind, f.Reason)
		return
	}
	c.span(n, ErrInternal, err.Error())
}

// bad is the plan node of x when check refused it or something under it;
// args are what check made of its values, for optimise to fold.
func bad(x ast.Expr, args ...*node) *node { return (&node{at: x, bad: true}).with(args...) }

// anyBad reports whether a node of ns has a problem.
func anyBad(ns ...*node) bool {
	for _, n := range ns {
		if n.bad {
			return true
		}
	}
	return false
}

// expr checks x and makes its plan node; parentheses leave no node.
func (c *checker) expr(x ast.Expr) *node {
	switch n := x.(type) {
	case *ast.ParenExpr:
		return c.expr(n.X)
	case *ast.BasicLit:
		return c.literal(n)
	case *ast.Ident:
		if c.underscore(n, false) {
			return bad(n)
		}
		v := c.new(kVar, n)
		v.name = n.Name
		return v
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
		if n.Construct == ast.MethodCall {
			return c.method(n)
		}
		c.span(n, ErrForbidden, c.forbidden(n))
		return bad(n)
	}
	c.problems = append(c.problems, newError(c.src, x.Pos(), ErrSyntax, "unexpected expression"))
	return bad(x)
}

func (c *checker) selector(n *ast.SelectorExpr) *node {
	if name, ok := envName(n); ok {
		if c.underscore(n.Sel, true) {
			return bad(n)
		}
		e := c.new(kEnv, n)
		e.name = name
		return e
	}
	in := c.expr(n.X)
	if c.underscore(n.Sel, true) || in.bad {
		return bad(n, in)
	}
	k := c.new(kKey, n).with(in)
	k.name = n.Sel.Name
	return k
}

func (c *checker) index(n *ast.IndexExpr) *node {
	if name, ok := envName(n); ok {
		e := c.new(kEnv, n)
		e.name = name
		return e
	}
	in, ix := c.expr(n.X), c.expr(n.Index)
	if anyBad(in, ix) {
		return bad(n, in, ix)
	}
	return c.new(kIndex, n).with(in, ix)
}

func (c *checker) unary(n *ast.UnaryExpr) *node {
	in := c.expr(n.X)
	if in.bad {
		return bad(n, in)
	}
	u := c.new(kArith, n).with(in)
	u.neg = n.Op == ast.Sub
	return u
}

func (c *checker) literal(n *ast.BasicLit) *node {
	if n.Kind != ast.Number {
		k := c.new(kConst, n)
		k.val = value.TextValue(n.Value)
		return k
	}
	num, err := value.ParseDigits(n.Value)
	if err != nil {
		var f *value.Failure
		if errors.As(err, &f) {
			c.span(n, f.Kind, f.Reason)
		} else {
			c.problems = append(c.problems, newError(c.src, n.Pos(), ErrValue, "bad number "+n.Raw))
		}
		return bad(n)
	}
	k := c.new(kConst, n)
	k.val = value.NumberValue(num)
	return k
}

// underscore refuses names and .keys that start with `_` (E7, D9).
func (c *checker) underscore(id *ast.Ident, key bool) bool {
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

func (c *checker) call(n *ast.CallExpr) *node {
	if c.underscore(n.Fun, false) {
		return bad(n)
	}
	f, ok := funcs.Lookup(n.Fun.Name)
	if !ok {
		c.failure(n.Fun, funcs.Unknown(n.Fun.Name))
		return bad(n)
	}
	out := c.new(kCall, n)
	out.fn = f
	out.args = out.two[:0:len(out.two)]
	for i, a := range n.Args {
		if i < len(f.Params) && f.Params[i].Lazy && i < 64 {
			out.lazy |= 1 << i // (a function has fewer than 64 parameters)
		}
		out.args = append(out.args, c.expr(a))
	}
	if err := f.CheckArity(len(n.Args)); err != nil {
		c.failure(n, err)
		out.bad = true
	}
	out.bad = out.bad || anyBad(out.args...)
	return out
}

func (c *checker) binary(n *ast.BinaryExpr) *node {
	if reason, ok := c.joinsText(n); ok {
		c.span(n, ErrType, reason)
		return bad(n)
	}
	x, y := c.expr(n.X), c.expr(n.Y)
	if anyBad(x, y) {
		return bad(n, x, y)
	}
	// The operation of the operator (arith.go): adding an operator
	// touches no code here.
	if _, ok := operation(n.Op); !ok {
		c.problems = append(c.problems, newError(c.src, n.OpPos, ErrSyntax, "unknown operator"))
		return bad(n, x, y)
	}
	ar := c.new(kArith, n).with(x, y)
	ar.op = n.Op
	return ar
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

// refused are the messages of the refused constructs that say the same
// whatever was written (D12, D13); forbidden words the others.
var refused = map[ast.Construct]string{
	ast.Membership:    "'in' is not allowed inside ${...}; write it in a condition",
	ast.Identity:      "'is' is not allowed inside ${...}; write it in a condition",
	ast.Power:         "** is not allowed; multiply instead",
	ast.Lambda:        "lambda is not allowed",
	ast.Comprehension: "comprehensions (for ... in ...) are not allowed",
	ast.Conditional:   "if ... else is not allowed inside ${...}; use a condition, or default(...)",
	ast.FString:       "f-strings are not allowed; write the text around ${...} instead",
	ast.CallNonName:   "only a function can be called, by its name, e.g. len(x)",
	ast.ListLit:       "list literals ([...]) are not allowed",
	ast.DictLit:       "dictionary literals ({...}) are not allowed",
	ast.SetLit:        "set literals ({...}) are not allowed",
	ast.TupleLit:      "tuples (a, b) are not allowed",
	ast.Starred:       "* and ** before values are not allowed",
}

// forbidden is the message for a refused construct (D12, D13).
func (c source) forbidden(n *ast.BadExpr) string {
	if reason, ok := refused[n.Construct]; ok {
		return reason
	}
	switch n.Construct {
	case ast.Slice:
		return c.slice(n)
	case ast.Compare:
		return "comparisons are not allowed inside ${...}; write them in a condition"
	case ast.BoolOp:
		return "'" + n.Detail + "' is not allowed inside ${...}; write it in a condition"
	case ast.OtherOperator:
		if reason, ok := c.ampersandJoin(n); ok {
			return reason
		}
		return "the operator " + n.Detail + " is not allowed; use + - * / or %"
	case ast.Assignment:
		return "assignment (" + n.Detail + ") is not allowed"
	case ast.MethodCall:
		reason, _ := c.methodCall(n)
		return reason
	case ast.KeywordArg:
		return "keyword arguments (" + n.Detail + "=...) are not allowed; give the values in order"
	}
	return "this is not allowed inside ${...}"
}

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

// slice is the message of `x[a:b]` (D11): slices are refused, and what to
// use instead depends on x, which is not known before the data is: a list
// takes its items by index (substring and part refuse a list), a text
// substring(...) or part(...).
func (c source) slice(n *ast.BadExpr) string {
	const msg = "slices ([a:b]) are not allowed"
	const text = "for text, use substring(...) or part(...)"
	if n.From < 0 || n.To > len(c.src) || n.From > n.To {
		return msg + "; for a list, take items by index; " + text
	}
	var recv string
	if x, err := parseExpr(c.src); err == nil {
		ast.Inspect(x, func(m ast.Node) bool {
			if ix, ok := m.(*ast.IndexExpr); ok && ix.Index != nil && ix.Index.Pos() == n.From && ix.Index.End() == n.To {
				recv = c.srcText(ix.X)
			}
			return recv == ""
		})
	}
	if recv == "" {
		return msg + "; for a list, take items by index; " + text
	}
	first, _, _ := strings.Cut(c.src[n.From:n.To], ":")
	if first = strings.TrimSpace(first); first == "" {
		first = "0"
	}
	return msg + "; for a list, take items by index (" + short(recv+"["+first+"]") + "); " + text
}

// methodSeg is one call `.name(args)` of a chain of method calls, its
// values as written.
type methodSeg struct {
	name string
	args []string
}

// methodChain splits span, the text of a method call or a chain of them
// (`x.upper().lower()`, `row.a.replace('a', 'b')`), into the receiver and
// the calls, in order; ok is false when span is not such a chain.
func methodChain(span string) (recv string, calls []methodSeg, ok bool) {
	span = strings.TrimSpace(span)
	first := -1
	depth, next := 0, 0 // next: where the next call must start
	var q byte
	for i := 0; i < len(span); {
		c := span[i]
		if q == 0 && depth == 0 && c == '.' {
			if name, args, end, isCall := callAt(span, i+1); isCall {
				if first < 0 {
					first = i
				} else if strings.TrimSpace(span[next:i]) != "" {
					return "", nil, false
				}
				calls = append(calls, methodSeg{name: name, args: args})
				i, next = end, end
				continue
			}
		}
		if q == 0 {
			depth = nest(c, depth)
		}
		q, i = ast.QuoteStep(span, i, q)
	}
	if first <= 0 || next != len(span) {
		return "", nil, false
	}
	return strings.TrimSpace(span[:first]), calls, true
}

// nest is depth after c outside quotes: one deeper after an opening
// parenthesis or bracket, one less after a closing one.
func nest(c byte, depth int) int {
	switch c {
	case '(', '[', '{':
		return depth + 1
	case ')', ']', '}':
		return depth - 1
	}
	return depth
}

// callAt reads `name (args)` at span[i:], spaces allowed around the name:
// the name, the values as written, and the end of the `)`.
func callAt(span string, i int) (name string, args []string, end int, ok bool) {
	for i < len(span) && (span[i] == ' ' || span[i] == '\t') {
		i++
	}
	j := i
	for j < len(span) && span[j] != '(' && span[j] != ' ' && span[j] != '\t' && span[j] != '.' && span[j] != ')' {
		j++
	}
	name = span[i:j]
	if !ast.IsName(name) {
		return "", nil, 0, false
	}
	for j < len(span) && (span[j] == ' ' || span[j] == '\t') {
		j++
	}
	if j == len(span) || span[j] != '(' {
		return "", nil, 0, false
	}
	open, depth := j, 0
	var q byte
	for j < len(span) {
		c := span[j]
		if q == 0 {
			depth = nest(c, depth)
			if depth == 0 {
				inner := strings.TrimSpace(span[open+1 : j])
				if inner != "" {
					args = ast.SplitOutside(inner, ',')
					for k := range args {
						args[k] = strings.TrimSpace(args[k])
					}
				}
				return name, args, j + 1, true
			}
		}
		q, j = ast.QuoteStep(span, j, q)
	}
	return "", nil, 0, false
}

// withReceiver is f's signature with recv in the place of the value it
// stands for in a method call (`replace(x, old, new)` for x.replace(...)).
func withReceiver(f *funcs.Func, recv string) string {
	at := 0
	if len(recv) >= 2 && (recv[0] == '\'' || recv[0] == '"') && recv[len(recv)-1] == recv[0] {
		at = min(f.Receiver, len(f.Params)-1)
	}
	var b strings.Builder
	b.WriteString(f.Name + "(")
	for i, p := range f.Params {
		if i > 0 {
			b.WriteString(", ")
		}
		switch {
		case i == at:
			b.WriteString(recv)
		case p.Optional:
			b.WriteString("[" + p.Name + "]")
		default:
			b.WriteString(p.Name)
		}
	}
	return b.String() + ")"
}

// method records the problem of a method call (D13). Its hint is the call
// to write instead, and a hint must work when followed (D49): when that
// call has a problem of its own, one that its receiver or its values
// bring (`lenght(x).upper()`, `[1, 2].upper()`), that problem is the one
// recorded, at its place in the text as written, so that the author fixes
// it first and then gets a hint that works. When such a problem cannot be
// placed in the text as written, the message gives no call to write.
func (c *checker) method(n *ast.BadExpr) *node {
	reason, call := c.methodCall(n)
	if call != "" {
		inner, placed := c.callProblems(n, call)
		if len(inner) > 0 && placed {
			c.problems = append(c.problems, inner...)
			return bad(n)
		}
		if len(inner) > 0 {
			reason = methodMsg
		}
	}
	c.span(n, ErrForbidden, reason)
	return bad(n)
}

// callProblems checks call, the call a method call reads as (`upper(x)`
// for `x.upper()`), as check would, and returns its problems, each placed
// on the same text inside n, the method call as written; placed is false
// when a problem's text is not found there.
func (c *checker) callProblems(n *ast.BadExpr, call string) (problems []*Error, placed bool) {
	if n.From < 0 || n.To > len(c.src) || n.From > n.To {
		return nil, true
	}
	tree, err := parseExpr(call)
	if err != nil {
		return []*Error{newError(call, 0, ErrSyntax, "")}, false
	}
	rc := &checker{source: source{src: call, tree: tree}}
	rc.expr(tree)
	span := c.src[n.From:n.To]
	for _, p := range rc.problems {
		if p.Offset < 0 || p.End > len(call) || p.Offset >= p.End {
			return rc.problems, false
		}
		at := indexOutsideQuotes(span, call[p.Offset:p.End])
		if at < 0 {
			return rc.problems, false
		}
		e := spanError(c.src, n.From+at, n.From+at+p.End-p.Offset, p.Kind, p.Reason)
		e.Detail, e.Subject = p.Detail, p.Subject
		problems = append(problems, e)
	}
	return problems, true
}

// byName puts the values of a method call written with keyword arguments
// (`x.round(digits=2)`) in the places of the function's values named so,
// recv first: round(x, 2). ok is false unless every name is one of f's,
// given once, and no value before the last one given is left out.
func byName(f *funcs.Func, recv string, args []string) (values []string, ok bool) {
	placed := make([]string, len(f.Params))
	placed[0] = recv
	named := false
	for i, a := range args {
		name, v, kw := strings.Cut(a, "=")
		at := i + 1
		if kw && ast.IsName(strings.TrimSpace(name)) && !strings.HasPrefix(v, "=") {
			named, at = true, -1
			for j, p := range f.Params {
				if p.Name == strings.TrimSpace(name) {
					at = j
				}
			}
			a = strings.TrimSpace(v)
		} else if named {
			return nil, false // a value in order after a named one
		}
		if at <= 0 || at >= len(placed) || placed[at] != "" || a == "" {
			return nil, false
		}
		placed[at] = a
	}
	n := len(placed)
	for n > 0 && placed[n-1] == "" {
		n--
	}
	for _, v := range placed[:n] {
		if v == "" {
			return nil, false
		}
	}
	return placed[:n], true
}

// indexOutsideQuotes is the offset of the first part of text that starts
// outside quoted text, or -1: `lenght(y)` of `x.replace('lenght(y)',
// lenght(y))` is the call, not the text.
func indexOutsideQuotes(text, part string) int {
	var q byte
	for i := 0; i < len(text); {
		if q == 0 && strings.HasPrefix(text[i:], part) {
			return i
		}
		q, i = ast.QuoteStep(text, i, q)
	}
	return -1
}

const methodMsg = "method calls are not allowed"

// methodCall is the D13 message: when the method is one of our functions,
// it shows the call to write instead, e.g. `write upper(x)`; call is that
// call, uncut, when the message ends with it.
func (c source) methodCall(n *ast.BadExpr) (reason, call string) {
	const msg = methodMsg
	if n.To > len(c.src) || n.From > n.To {
		return msg, ""
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
			return msg + "; for a key with parentheses in it, write " + short(recv) + "['" + short(key) + "']", ""
		}
		return msg, ""
	}
	if dot <= 0 {
		return msg + "; write " + n.Detail + "(...)", ""
	}
	recv, calls, ok := methodChain(span)
	if !ok {
		return msg + "; write " + f.Signature(), ""
	}
	// Each call takes the one before it as its receiver, written as a
	// call in turn: `x.upper().lower()` is lower(upper(x)).
	lead, note := msg, ""
	for _, m := range calls {
		f, ok := funcs.Lookup(m.name)
		if !ok {
			return msg, ""
		}
		// The receiver takes its place among the values
		// (funcs.Func.Receiver): `x.upper()` is upper(x),
		// `ids.join(', ')` and `', '.join(ids)` are join(ids, ', ').
		values := m.args
		at := 0
		if len(recv) >= 2 && (recv[0] == '\'' || recv[0] == '"') && recv[len(recv)-1] == recv[0] {
			at = min(f.Receiver, len(values))
		}
		withRecv := false
		for _, v := range values {
			if name, _, kw := strings.Cut(v, "="); kw && ast.IsName(strings.TrimSpace(name)) && !strings.HasPrefix(v[len(name):], "==") {
				lead = "method calls and keyword arguments (" + strings.TrimSpace(name) + "=...) are not allowed"
				// A hint must work when followed (D49): the values
				// named as the function's own (`x.round(digits=2)`)
				// are written in their places, round(x, 2); else it
				// says how the function is called.
				inOrder, ok := byName(f, recv, values)
				if at != 0 || !ok {
					return lead + "; write " + short(withReceiver(f, recv)) + ", with the values in order", ""
				}
				values, withRecv = inOrder, true
				break
			}
		}
		if !withRecv {
			values = append(values[:at:at], append([]string{recv}, values[at:]...)...)
		}
		if err := f.CheckArity(len(values)); err != nil {
			// The call the method call reads as would fail on its number
			// of values (D15, D49): the message names that. With too
			// many values, the call with as many as the function takes
			// (`x.upper(1)` is upper(x)); with too few, how the function
			// is called, the receiver in its place.
			var fail *value.Failure
			reason := ""
			if errors.As(err, &fail) {
				reason = fail.Reason
			}
			if _, most := f.Arity(); len(values) > most && reason != "" {
				if note == "" {
					note = reason
				}
				values = values[:most]
			} else {
				if reason == "" {
					return msg + "; write " + short(withReceiver(f, recv)), ""
				}
				return msg + "; " + reason + ": write " + short(withReceiver(f, recv)), ""
			}
		}
		recv = m.name + "(" + strings.Join(values, ", ") + ")"
	}
	// The hint echoes the expression: cut and cleaned (D37).
	if note != "" {
		return lead + "; " + note + ": write " + short(recv), recv
	}
	return lead + "; write " + short(recv), recv
}
