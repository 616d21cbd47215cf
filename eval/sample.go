package eval

import (
	"errors"
	"sort"
	"strings"
	"unicode"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/internal/spell"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// Checks against sample data (kinenix validate -data): what one example of
// the data shows may go wrong, beyond the problems Problems reports. These
// are warnings: the sample is one example, and the data a flow runs on may
// differ.

// The kinds of Warning that are not errors of evaluation.
var (
	// ErrMissingKey: a lookup whose variable or key is not in the sample.
	ErrMissingKey = errors.New("not in the sample data")
	// ErrNotNumber: a side of < > <= >= that is not a number in the sample.
	ErrNotNumber = errors.New("not a number in the sample data")
)

// Warning is something the sample data shows may go wrong.
type Warning struct {
	// Expr is the text inside ${...} as written, or for a warning about a
	// condition part the condition line.
	Expr string
	// Subject is what the warning is about, as written: a lookup
	// (`row.Frist Name`), a placeholder (`${number(row.note)}`) or the word
	// `condition`.
	Subject string
	// Reason says what the sample shows, for a flow author.
	Reason string
	// Offset is the byte offset in Expr where the problem is.
	Offset int
	// Line and Column (1-based, the column in characters) locate the
	// problem in the template or condition line, as for Error.
	Line, Column int
	// Kind is ErrMissingKey, ErrNotNumber, or the kind of the error that
	// evaluating with the sample gives (ErrType, ErrValue, ...).
	Kind error
}

// String is `<Subject>: <Reason>`, for example
// `row.Frist Name: no key 'Frist Name' in row; did you mean 'First Name'?`.
func (w Warning) String() string { return w.Subject + ": " + w.Reason }

// SampleWarnings checks each placeholder of the template against the
// sample data in s (nil gives none):
//
//   - a lookup whose variable or key is not in the sample, naming the
//     closest one that is (`no key 'Frist Name' in row; did you mean
//     'First Name'?`); this covers the dotted-path reading
//     (`${row.Frist Name}`) and the lookups inside an expression
//     (`${len(row.itmes)}`, `${row['Unit Prise']}`);
//   - otherwise, the error that evaluating the placeholder with the sample
//     gives (`row.brand is text ('  toyota '), not a number; ...`).
//
// A placeholder that is a lookup the sample has, an env.NAME, or one that
// Problems(s) reports gets no warning of the second kind. The warnings are
// sorted by position.
func (t *Template) SampleWarnings(s *scope.Scope) (ws []Warning) {
	if s == nil {
		return nil
	}
	defer recoverWarnings(&ws)
	for _, p := range t.places {
		ws = append(ws, p.sampleWarnings(s)...)
	}
	sortWarnings(ws)
	return ws
}

// SampleWarnings checks the condition's placeholders against the sample
// data in s as Template.SampleWarnings does, and also each side of < > <=
// >= whose value in the sample is neither a number nor blank: the
// condition would fail on such data. nil gives none.
func (c *Condition) SampleWarnings(s *scope.Scope) (ws []Warning) {
	if s == nil {
		return nil
	}
	defer recoverWarnings(&ws)
	for _, t := range c.sides {
		for _, p := range t.places {
			ws = append(ws, p.sampleWarnings(s)...)
		}
	}
	fr := getFrame(s)
	defer putFrame(fr)
	ws = append(ws, c.orderWarnings(c.root, fr)...)
	sortWarnings(ws)
	return ws
}

func recoverWarnings(ws *[]Warning) {
	if r := recover(); r != nil {
		*ws = append(*ws, Warning{Subject: "sample data", Reason: "internal error while checking; please report it",
			Line: 1, Column: 1, Kind: errInternal})
	}
}

func sortWarnings(ws []Warning) {
	sort.SliceStable(ws, func(i, j int) bool {
		if ws[i].Line != ws[j].Line {
			return ws[i].Line < ws[j].Line
		}
		return ws[i].Column < ws[j].Column
	})
}

// orderWarnings walks the condition for comparisons with < > <= >=.
func (c *Condition) orderWarnings(n cnode, fr *frame) []Warning {
	switch n := n.(type) {
	case *boolNode:
		return append(c.orderWarnings(n.x, fr), c.orderWarnings(n.y, fr)...)
	case *notNode:
		return c.orderWarnings(n.x, fr)
	case *cmpNode:
		switch n.op {
		case ast.Lt, ast.Gt, ast.Le, ast.Ge:
		default:
			return nil
		}
		l, err := sideValue(n.left, fr)
		if err != nil {
			return nil // the placeholder's own warning says why
		}
		if n.right == nil {
			return nil
		}
		r, err := sideValue(n.right, fr)
		if err != nil {
			return nil
		}
		bad, found := l, false
		for _, v := range []value.Value{l, r} {
			if _, num := value.ToNumber(v); !num && !value.IsBlank(v) {
				bad, found = v, true
				break
			}
		}
		if !found {
			return nil
		}
		_, _, err = value.OrderOp(n.op.String(), bad, value.NumberValue(value.Int(0)))
		reason := "needs numbers"
		var f *value.Failure
		if errors.As(err, &f) {
			reason = f.Reason
		}
		w := Warning{Expr: c.line, Subject: "condition", Reason: quote(n.part) + ": " + reason,
			Offset: n.opPos, Kind: ErrNotNumber}
		w.Line, w.Column = lineCol(c.line, n.opPos)
		return []Warning{w}
	}
	return nil
}

// sampleWarnings checks one placeholder against the sample.
func (p *placeholder) sampleWarnings(s *scope.Scope) []Warning {
	if p.isEnv {
		return nil
	}
	path := scope.SplitPath(p.raw)
	if path != nil {
		if _, bad := path.Underscore(); bad && p.expr == nil {
			return nil // a lookup of a `_` key is refused: an error, not a warning
		}
		if s.Has(path[0]) {
			if _, found, _ := s.Lookup(path); found {
				return nil // a lookup that works (design section 4)
			}
		}
	}
	sm := &sampler{s: s, p: p}
	switch {
	case p.expr != nil && p.expr.tree != nil:
		sm.expr(p.expr.tree)
	case path != nil && (p.noSyn || maybeKey(p.raw) || p.expr != nil):
		// a plain path (compiled without a tree), or text that may be one
		sm.path(path)
	}
	if len(sm.ws) > 0 || p.problem(s) != nil {
		return sm.ws
	}
	fr := getFrame(s)
	defer putFrame(fr)
	if _, err := p.eval(fr); err != nil {
		var e *Error
		if errors.As(err, &e) && e.Kind != errInternal {
			e = p.locate(e)
			return []Warning{{Expr: p.raw, Subject: "${" + e.Expr + "}", Reason: e.Reason,
				Offset: e.Offset, Line: e.Line, Column: e.Column, Kind: e.Kind}}
		}
	}
	return nil
}

// sampler walks one placeholder's lookups against the sample.
type sampler struct {
	s  *scope.Scope
	p  *placeholder
	ws []Warning
}

// warn records a warning about subject at byte offset off of the
// placeholder's text.
func (sm *sampler) warn(subject string, off int, reason string) {
	if off < 0 || off > len(sm.p.raw) {
		off = 0
	}
	e := sm.p.locate(newError(sm.p.raw, off, ErrMissingKey, reason))
	sm.ws = append(sm.ws, Warning{Expr: sm.p.raw, Subject: subject, Reason: reason,
		Offset: off, Line: e.Line, Column: e.Column, Kind: ErrMissingKey})
}

// missingVar warns about a variable the sample does not have.
func (sm *sampler) missingVar(subject, name string, off int) {
	reason := "no variable " + quote(name)
	if alt, ok := closest(name, sm.s.Names()); ok {
		reason += "; did you mean " + quote(alt) + "?"
	}
	sm.warn(subject, off, reason)
}

// missingKey warns that v, read by the text prefix, has no key.
func (sm *sampler) missingKey(subject, prefix string, v value.Value, key string, off int) {
	reason := "no key " + quote(key) + " in " + prefix
	if v.Kind() == value.Dict {
		if alt, ok := closest(key, v.Keys()); ok {
			reason += "; did you mean " + quote(alt) + "?"
		}
	} else {
		reason += ", which is " + article(v.Kind())
	}
	sm.warn(subject, off, reason)
}

// path checks the dotted-path reading of the placeholder's text, part by
// part.
func (sm *sampler) path(path scope.Path) {
	raw := sm.p.raw
	lead := len(raw) - len(strings.TrimLeftFunc(raw, unicode.IsSpace))
	offs := make([]int, len(path))
	at := lead
	for i, part := range path {
		offs[i] = at
		at += len(part) + 1
	}
	text := func(i int) string { return strings.Join(path[:i+1], ".") }
	v, found, err := sm.s.Var(path[0])
	if !found {
		sm.missingVar(text(0), path[0], offs[0])
		return
	}
	if err != nil {
		return
	}
	for i := 1; i < len(path); i++ {
		if v.Kind() == value.Empty {
			return
		}
		next, ok, err := v.Key(path[i])
		if err != nil {
			return
		}
		if !ok {
			sm.missingKey(text(i), text(i-1), v, path[i], offs[i])
			return
		}
		v = next
	}
}

// expr checks the lookups in x and returns x's value in the sample when it
// can be known without calling functions or doing arithmetic: a variable,
// .key, [index] and literals.
func (sm *sampler) expr(x ast.Expr) (value.Value, bool) {
	switch n := x.(type) {
	case *ast.BasicLit:
		if n.Kind == ast.String {
			return value.TextValue(n.Value), true
		}
		num, err := value.ParseDigits(n.Value)
		return value.NumberValue(num), err == nil
	case *ast.Ident:
		v, found, err := sm.s.Var(n.Name)
		if !found {
			sm.missingVar(n.Name, n.Name, n.Pos())
			return value.Value{}, false
		}
		return v, err == nil
	case *ast.ParenExpr:
		return sm.expr(n.X)
	case *ast.SelectorExpr:
		if _, ok := envName(n); ok {
			return value.Value{}, false
		}
		v, ok := sm.expr(n.X)
		if !ok {
			return value.Value{}, false
		}
		return sm.key(n, n.X, v, value.TextValue(n.Sel.Name), n.Sel.Pos())
	case *ast.IndexExpr:
		if _, ok := envName(n); ok {
			return value.Value{}, false
		}
		v, ok := sm.expr(n.X)
		i, iok := sm.expr(n.Index)
		if !ok || !iok {
			return value.Value{}, false
		}
		return sm.key(n, n.X, v, i, n.Index.Pos())
	case *ast.CallExpr:
		for _, a := range n.Args {
			sm.expr(a)
		}
	case *ast.UnaryExpr:
		sm.expr(n.X)
	case *ast.BinaryExpr:
		sm.expr(n.X)
		sm.expr(n.Y)
	}
	return value.Value{}, false
}

// key reads the key or index k of v (the value of node x) for node n, by
// the rules of evaluation (D10, D11), and warns when a dictionary lacks the
// key or .key is applied to a value that is not a dictionary.
func (sm *sampler) key(n, x ast.Expr, v, k value.Value, off int) (value.Value, bool) {
	subject := sm.src(n)
	prefix := sm.src(x)
	switch v.Kind() {
	case value.Dict:
		var key string
		switch k.Kind() {
		case value.Text:
			key = k.Text()
		case value.Number:
			key = k.Num().String()
		default:
			return value.Value{}, false
		}
		out, found, err := v.Key(key)
		if !found {
			sm.missingKey(subject, prefix, v, key, off)
			return value.Value{}, false
		}
		return out, err == nil
	case value.List:
		num, ok := value.ToNumber(k)
		if !ok {
			if _, sel := n.(*ast.SelectorExpr); sel {
				sm.missingKey(subject, prefix, v, k.Text(), off)
			}
			return value.Value{}, false
		}
		i, whole := num.Int64()
		if !whole || i < -(1<<31) || i > 1<<31 {
			return value.Value{}, false
		}
		out, err := v.Index(int(i))
		return out, err == nil && out.Kind() != value.Empty
	case value.Text, value.Number, value.Bool:
		if _, sel := n.(*ast.SelectorExpr); sel {
			sm.missingKey(subject, prefix, v, k.Text(), off)
		}
	}
	return value.Value{}, false
}

// src is the text of node n as written, trimmed.
func (sm *sampler) src(n ast.Node) string {
	raw := sm.p.raw
	from, to := n.Pos(), n.End()
	if from < 0 || to > len(raw) || from > to {
		return strings.TrimSpace(raw)
	}
	return strings.TrimSpace(raw[from:to])
}

// closest returns the candidate closest to name by the module's one spell
// checker; candidates are read in sorted order, so ties go to the first
// key in that order.
func closest(name string, candidates []string) (string, bool) {
	sorted := append([]string(nil), candidates...)
	sort.Strings(sorted)
	return spell.Closest(name, sorted)
}
