package eval

import (
	"context"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// The inspection API: a read-only view of what a compiled template or
// condition holds, for tools (validation, preview, an editor, a
// playground). A tool reads it instead of scanning the text again.

// Placeholder is one ${...} of a template, as compiled. Only the
// placeholders that Template.Placeholders returns can be evaluated: the
// zero Placeholder, or one a host fills in, holds nothing compiled, and
// its Eval is an error (ErrInternal) that says so.
type Placeholder struct {
	// Text is the text between ${ and }, as written.
	Text string
	// Start and End are the byte offsets of the `${` and just after the
	// `}` in the template (or, for a side of a condition, in the line).
	Start, End int
	// Env is NAME when the text is `env.NAME` (design section 4, step 1).
	Env string
	// Path is the dotted-path reading of the text (step 2), nil when it
	// cannot be one.
	Path scope.Path
	// Tree is the expression the text parses to (step 3), forbidden
	// constructs as *ast.BadExpr nodes; nil when it does not parse or is a
	// plain path compiled without the parser.
	Tree ast.Expr
	// Problems are what is wrong with the text as an expression, sorted;
	// they are raised only when the dotted-path lookup fails (see
	// Template.Problems for which are reported without data).
	Problems []*Error

	p *placeholder
}

// Placeholders returns the template's placeholders in order.
func (t *Template) Placeholders() []Placeholder {
	if t == nil {
		return nil
	}
	out := make([]Placeholder, len(t.places))
	for i, p := range t.places {
		out[i] = p.view()
	}
	return out
}

func (p *placeholder) view() Placeholder {
	v := Placeholder{Text: p.raw, Start: p.start - 2, End: p.start + len(p.raw) + 1, Path: p.rd.path, p: p}
	if p.rd.isEnv {
		v.Env = p.rd.env
	}
	v.Tree = p.tree
	v.Problems = append([]*Error(nil), p.problems...)
	if p.under != nil {
		v.Problems = append([]*Error{p.under}, v.Problems...)
	}
	return v
}

// Problem is the placeholder's problem by the rules of Template.Problems
// (s may be nil), or nil.
func (ph Placeholder) Problem(s *scope.Scope) *Error {
	if ph.p == nil {
		return nil
	}
	return ph.p.problem(s, false)
}

// IsEnv reports whether the placeholder reads the environment (env.NAME).
func (ph Placeholder) IsEnv() bool { return ph.p != nil && ph.p.rd.isEnv }

// KeyLike reports whether the text could be a dotted lookup of a key
// written with spaces or operator words (`row.Role in Company`).
func (ph Placeholder) KeyLike() bool { return ph.p != nil && ph.p.rd.keyLike }

// CutKey reports a text that reads as a name and a key, except that a `.`
// cuts the key so that it can never be read as a path (`row.Policy No.`,
// `row.a..b`) or reads another key (`row.No. of items`): the name and the
// key as written after the name's dot.
func (ph Placeholder) CutKey() (name, key string, ok bool) {
	if ph.p == nil {
		return "", "", false
	}
	return ph.p.rd.cutFirst, ph.p.rd.cutRest, ph.p.rd.cutFirst != ""
}

// Miss is a lookup that found nothing while an evaluation ran: a variable
// that is not in the scope, or a key that a dictionary (or a value that
// is not one) does not have. It is not an error (a missing value is empty,
// E5); tools report it as a warning with sample data.
type Miss struct {
	// Offset and End span the lookup as written in the placeholder's text;
	// KeyAt is where the missing key is written (the key of `.key` or
	// `['key']`, the first part of a dotted path that is not found).
	Offset, End, KeyAt int
	// Subject is the lookup as written (`row.Frist Name`,
	// `row['Unit Prise']`); Prefix what the key was looked up in, as
	// written (`row`), "" for a variable.
	Subject, Prefix string
	// Name is the variable or key that was not found; for an index past
	// the ends of a list (In is the list), the index as a number.
	Name string
	// In is the value the key was looked up in (empty for a variable).
	In value.Value
	// Var is true for a variable that is not in the scope.
	Var bool
}

// Eval evaluates the placeholder alone in s by the order of design
// section 4, as rendering does, and calls miss (when not nil) for every
// lookup that finds nothing. The result keeps its kind.
func (ph Placeholder) Eval(ctx context.Context, s *scope.Scope, miss func(Miss)) (v value.Value, err error) {
	if ph.p == nil {
		return value.Value{}, zeroPlaceholder(ph)
	}
	e := pooled()
	defer e.release(&err, site{t: &Template{places: []*placeholder{ph.p}}})
	fr := &e.fr
	fr.start(ctx, s, false)
	fr.miss = miss
	return ph.p.read(fr)
}

// missPath tells fr.miss where the dotted path stops being found.
func (fr *frame) missPath(raw string, path scope.Path) {
	v, n, err := fr.s.Walk(path)
	if m, ok := missAt(raw, path, v, n, err); ok {
		fr.miss(m)
	}
}

// PathMiss says where the dotted-path reading of the placeholder (design
// section 4, step 2) stops being found in s: the variable or the key that
// is missing. ok is false when the path is found or cannot be read.
func (ph Placeholder) PathMiss(s *scope.Scope) (m Miss, ok bool) {
	if ph.Path == nil || ph.p == nil || ph.p.rd.isEnv {
		return Miss{}, false
	}
	v, n, err := s.Walk(ph.Path)
	return missAt(ph.Text, ph.Path, v, n, err)
}

// missAt is the Miss of raw's path, which Walk found n parts of (v the
// last), or false when it was found or cannot be read.
func missAt(raw string, path scope.Path, v value.Value, n int, err error) (Miss, bool) {
	if err != nil || n == len(path) {
		return Miss{}, false
	}
	lead := leadingSpace(raw)
	off := lead
	for _, part := range path[:n] {
		off += len(part) + 1
	}
	m := Miss{Offset: lead, End: off + len(path[n]), KeyAt: off, Subject: joinPath(path[:n+1]), Name: path[n]}
	if n == 0 {
		m.Var = true
	} else {
		m.Prefix, m.In = joinPath(path[:n]), v
	}
	return m, true
}

func leadingSpace(s string) int {
	for i, c := range s {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return i
		}
	}
	return len(s)
}

func joinPath(p scope.Path) string {
	n := 0
	for _, part := range p {
		n += len(part) + 1
	}
	b := make([]byte, 0, n)
	for i, part := range p {
		if i > 0 {
			b = append(b, '.')
		}
		b = append(b, part...)
	}
	return string(b)
}
