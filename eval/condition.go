package eval

import (
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/condparser"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// MaxConditionLength caps a condition line, in characters, before it is
// parsed; each ${...} in it also keeps the MaxLength limit.
const MaxConditionLength = 2000

// Condition is a compiled condition line (design section 6). It is
// immutable and safe for concurrent use.
type Condition struct {
	line  string
	root  cnode
	sides []*Template // every side, in order, for Problems
}

// Step is one part of a condition as Explain saw it: the part as written,
// the values its sides had, and whether it held.
type Step struct {
	Part      string // the part as written, e.g. `${row.amount} > 0`
	Values    string // the values of its placeholders, shown, e.g. `'' (empty)`
	Result    bool
	Evaluated bool // false when short-circuit left the part out
}

// String shows the step as the part, a colon, the values of its
// placeholders, an arrow and the result, e.g. `${row.amount} > 0: 5 -> true`.
func (s Step) String() string {
	if !s.Evaluated {
		return s.Part + ": not needed"
	}
	var b strings.Builder
	b.WriteString(s.Part)
	b.WriteString(": ")
	if s.Values != "" {
		b.WriteString(s.Values)
		b.WriteString(" -> ")
	}
	b.WriteString(strconv.FormatBool(s.Result))
	return b.String()
}

// cnode is one compiled node of a condition.
type cnode interface {
	test(fr *frame, steps *[]Step) (bool, error)
	skip(steps *[]Step)
}

var conditions = newCache[*Condition](4096)

// CompileCondition compiles a condition line. Compiled conditions are
// cached by text. A malformed line fails here with an *Error whose Cond is
// true (`condition: ...`); a problem inside a ${...} of it is reported as
// for templates: when the condition is tested.
func CompileCondition(line string, opts ...Option) (*Condition, error) {
	var o options
	for _, f := range opts {
		f(&o)
	}
	if !o.noCache {
		if c, ok := conditions.get(line); ok {
			return c, nil
		}
	}
	c, err := compileCondition(line)
	if err != nil {
		return nil, err
	}
	if !o.noCache && len(line) <= maxCached {
		conditions.put(line, c)
	}
	return c, nil
}

func condError(line string, off int, kind error, reason string) *Error {
	e := &Error{Expr: line, Reason: reason, Offset: off, Kind: kind, Cond: true}
	e.locate(line, off)
	return e
}

func compileCondition(line string) (*Condition, error) {
	if n := utf8.RuneCountInString(line); n > MaxConditionLength || len(line) > 4*MaxConditionLength {
		return nil, condError(line, 0, ErrLimit, "the condition is longer than "+
			strconv.Itoa(MaxConditionLength)+" characters (it has "+strconv.Itoa(n)+")")
	}
	tree, err := condparser.ParseCond(line, condparser.DefaultMaxSteps)
	if err != nil {
		var se *condparser.SyntaxError
		if errors.As(err, &se) {
			return nil, condError(line, se.Offset, ErrCondition, se.Reason)
		}
		return nil, condError(line, 0, ErrCondition, err.Error())
	}
	if e := groupingParens(line, tree); e != nil {
		return nil, e
	}
	c := &Condition{line: line}
	root, cerr := c.compile(tree)
	if cerr != nil {
		return nil, cerr
	}
	c.root = root
	return c, nil
}

// groupingParens refuses a split line whose parts start or end with a bare
// parenthesis: a flow author who writes `(${a} == 1 or ${b} == 2) and ${c}`
// means a grouping that conditions do not have (design section 6), and
// would otherwise get a silent comparison with the text "(".
func groupingParens(line string, c ast.Cond) *Error {
	const reason = "parentheses do not group parts of a condition; " +
		"and binds tighter than or (quote text that has parentheses in it)"
	t := strings.TrimSpace(line)
	if strings.HasPrefix(t, "(") || strings.HasSuffix(t, ")") {
		low := " " + strings.ToLower(strings.Join(strings.Fields(t), " ")) + " "
		if strings.Contains(low, " and ") || strings.Contains(low, " or ") {
			return condError(line, strings.Index(line, t[:1]), ErrCondition, reason)
		}
	}
	if _, split := c.(*ast.BoolCond); !split {
		return nil
	}
	var bad *ast.Side
	var walk func(ast.Cond)
	check := func(s *ast.Side) {
		if bad == nil && s != nil && !s.Quoted &&
			(strings.HasPrefix(s.Text, "(") || strings.HasSuffix(s.Text, ")")) {
			bad = s
		}
	}
	walk = func(c ast.Cond) {
		switch n := c.(type) {
		case *ast.BoolCond:
			walk(n.X)
			walk(n.Y)
		case *ast.NotCond:
			walk(n.X)
		case *ast.Comparison:
			check(n.Left)
			check(n.Right)
		case *ast.Truth:
			check(n.X)
		}
	}
	walk(c)
	if bad == nil {
		return nil
	}
	return condError(line, bad.From, ErrCondition, reason)
}

func (cd *Condition) compile(c ast.Cond) (cnode, error) {
	line := cd.line
	switch n := c.(type) {
	case *ast.BoolCond:
		x, err := cd.compile(n.X)
		if err != nil {
			return nil, err
		}
		y, err := cd.compile(n.Y)
		if err != nil {
			return nil, err
		}
		return &boolNode{and: n.Op == ast.And, x: x, y: y}, nil
	case *ast.NotCond:
		x, err := cd.compile(n.X)
		if err != nil {
			return nil, err
		}
		return &notNode{x: x, part: line[n.Pos():n.End()]}, nil
	case *ast.Comparison:
		l, err := cd.side(n.Left)
		if err != nil {
			return nil, err
		}
		cmp := &cmpNode{line: line, op: n.Op, opPos: n.OpPos, left: l, part: line[n.Pos():n.End()]}
		if n.Right != nil {
			if cmp.right, err = cd.side(n.Right); err != nil {
				return nil, err
			}
		}
		return cmp, nil
	case *ast.Truth:
		s, err := cd.side(n.X)
		if err != nil {
			return nil, err
		}
		return &truthNode{side: s, part: line[n.Pos():n.End()]}, nil
	}
	return nil, condError(line, c.Pos(), ErrCondition, "not a condition: "+quote(line[c.Pos():c.End()]))
}

// side compiles one side as a template whose positions are those of the
// line (D26).
func (cd *Condition) side(s *ast.Side) (*Template, error) {
	t, err := compileSide(cd.line, s)
	if err == nil {
		cd.sides = append(cd.sides, t)
	}
	return t, err
}

func compileSide(line string, s *ast.Side) (*Template, error) {
	t, err := buildTemplate(s.Text, s.TextPos, line)
	if err != nil {
		return nil, err
	}
	if len(t.unclosed) > 0 {
		return nil, condError(line, s.TextPos+t.unclosed[0], ErrCondition, "${ is not closed")
	}
	return t, nil
}

// sideValue evaluates a side: one ${...} keeps its kind, anything else is
// its rendered text.
func sideValue(t *Template, fr *frame) (value.Value, error) {
	if t.whole {
		return t.places[0].eval(fr)
	}
	if len(t.places) == 0 {
		return value.TextValue(t.text), nil
	}
	out, err := t.Render(fr.s)
	if err != nil {
		return value.Value{}, err
	}
	return value.TextValue(out), nil
}

// Test decides the condition against the data in s. Parts that cannot
// change the result are not evaluated.
func (c *Condition) Test(s *scope.Scope) (ok bool, err error) {
	fr := getFrame(s)
	defer fr.release(&err)
	return c.root.test(fr, nil)
}

// Explain decides the condition like Test and also returns, part by part,
// the values each side had and whether the part held, so a flow author can
// see why a step did or did not run.
func (c *Condition) Explain(s *scope.Scope) (ok bool, steps []Step, err error) {
	fr := getFrame(s)
	defer fr.release(&err)
	steps = []Step{}
	ok, err = c.root.test(fr, &steps)
	return ok, steps, err
}

// Problems returns the problems of the placeholders in the condition that
// can be known without data, by the rules of Template.Problems. A malformed
// line is not among them: CompileCondition already refused it.
func (c *Condition) Problems(s *scope.Scope) []*Error {
	var out []*Error
	for _, t := range c.sides {
		for _, p := range t.places {
			if e := p.problem(s); e != nil {
				out = append(out, e)
			}
		}
	}
	sortErrors(out)
	return out
}

// Text returns the condition line as written.
func (c *Condition) Text() string { return c.line }

type boolNode struct {
	and  bool
	x, y cnode
}

func (n *boolNode) test(fr *frame, steps *[]Step) (bool, error) {
	a, err := n.x.test(fr, steps)
	if err != nil {
		return false, err
	}
	if a != n.and { // false and ..., true or ...: decided
		if steps != nil {
			n.y.skip(steps)
		}
		return a, nil
	}
	return n.y.test(fr, steps)
}

func (n *boolNode) skip(steps *[]Step) { n.x.skip(steps); n.y.skip(steps) }

type notNode struct {
	x    cnode
	part string
}

func (n *notNode) test(fr *frame, steps *[]Step) (bool, error) {
	if steps == nil {
		ok, err := n.x.test(fr, nil)
		return !ok, err
	}
	var inner []Step
	ok, err := n.x.test(fr, &inner)
	if err != nil {
		return false, err
	}
	st := Step{Part: n.part, Result: !ok, Evaluated: true}
	if len(inner) == 1 {
		st.Values = inner[0].Values
	}
	*steps = append(*steps, st)
	return !ok, nil
}

func (n *notNode) skip(steps *[]Step) { *steps = append(*steps, Step{Part: n.part}) }

type truthNode struct {
	side *Template
	part string
}

func (n *truthNode) test(fr *frame, steps *[]Step) (bool, error) {
	v, err := sideValue(n.side, fr)
	if err != nil {
		return false, err
	}
	ok := value.Truthy(v) // D25
	if steps != nil {
		*steps = append(*steps, Step{Part: n.part, Values: showValue(v), Result: ok, Evaluated: true})
	}
	return ok, nil
}

func (n *truthNode) skip(steps *[]Step) { *steps = append(*steps, Step{Part: n.part}) }

type cmpNode struct {
	line        string
	op          ast.CmpOp
	opPos       int
	left, right *Template
	part        string
}

func (n *cmpNode) test(fr *frame, steps *[]Step) (bool, error) {
	l, err := sideValue(n.left, fr)
	if err != nil {
		return false, err
	}
	var r value.Value
	if n.right != nil {
		if r, err = sideValue(n.right, fr); err != nil {
			return false, err
		}
	}
	var ok bool
	switch n.op {
	case ast.Eq: // D27
		ok = value.Equal(l, r)
	case ast.Ne:
		ok = !value.Equal(l, r)
	case ast.Lt, ast.Gt, ast.Le, ast.Ge: // D28
		c, known, err := value.OrderOp(n.op.String(), l, r)
		if err != nil {
			var f *value.Failure
			reason := err.Error()
			if errors.As(err, &f) {
				reason = f.Reason
			}
			return false, condError(n.line, n.opPos, ErrType, quote(n.part)+": "+reason)
		}
		ok = known && order(n.op, c)
	case ast.In: // D29
		ok = value.Member(l, r)
	case ast.Contains:
		ok = value.Contains(l, r)
	case ast.IsEmpty: // D30
		ok = value.IsBlank(l)
	case ast.IsNotEmpty:
		ok = !value.IsBlank(l)
	}
	if steps != nil {
		*steps = append(*steps, Step{Part: n.part, Values: n.values(l, r), Result: ok, Evaluated: true})
	}
	return ok, nil
}

func (n *cmpNode) skip(steps *[]Step) { *steps = append(*steps, Step{Part: n.part}) }

// values shows the values of the sides that hold placeholders; a literal
// side can be read in the part itself.
func (n *cmpNode) values(l, r value.Value) string {
	lp := len(n.left.places) > 0
	rp := n.right != nil && len(n.right.places) > 0
	switch {
	case lp && rp:
		return showValue(l) + " " + n.op.String() + " " + showValue(r)
	case lp:
		return showValue(l)
	case rp:
		return showValue(r)
	}
	return ""
}

func order(op ast.CmpOp, c int) bool {
	switch op {
	case ast.Lt:
		return c < 0
	case ast.Gt:
		return c > 0
	case ast.Le:
		return c <= 0
	}
	return c >= 0
}

// showValue shows a value in an explanation: text quoted, numbers plain,
// empty as two quotes and the word empty.
func showValue(v value.Value) string {
	switch v.Kind() {
	case value.Empty:
		return "'' (empty)"
	case value.Text:
		if v.Text() == "" {
			return "'' (empty)"
		}
		return quote(v.Text())
	case value.Number, value.Bool:
		return v.String()
	}
	b, err := v.Show(nil, 200)
	if err != nil {
		return "(" + v.Kind().String() + ")"
	}
	return "[" + string(b) + "] (" + v.Kind().String() + ")"
}
