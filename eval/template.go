package eval

import (
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// Template is a compiled text with any number of ${...} placeholders. It is
// immutable: compile it once and render it many times, from many
// goroutines.
type Template struct {
	text     string
	segs     []segment
	places   []*placeholder // the placeholders of segs, in order
	litSize  int            // bytes of literal text
	whole    bool           // exactly one placeholder and nothing else (D5)
	unclosed []int          // offsets of `${` without `}` (D18)
}

// placeholder is one compiled ${...}.
type placeholder struct {
	raw   string // inner text as written
	start int    // offset of raw in the template
	// env is set for `env.NAME` (design section 4, step 1).
	env    string
	isEnv  bool
	path   scope.Path // the dotted-path reading (step 2); nil when not needed
	expr   *expr      // the compiled expression (step 3); nil on a problem
	issue  *Error     // the expression's problem, raised when the lookup fails
	under  *Error     // the path has a part starting with `_` (E7, D9)
	noSyn  bool       // the text has no expression syntax: a failed parse is a missing lookup
	locate func(*Error) *Error
}

// Option configures Compile and CompileCondition.
type Option func(*options)

type options struct{ noCache bool }

// WithoutCache compiles the text afresh instead of taking a compiled copy
// from the package's cache (and does not store the result there).
func WithoutCache() Option { return func(o *options) { o.noCache = true } }

var templates = newCache[*Template](4096)

// Compile compiles a template. Compiled templates are cached by text, so
// compiling the same text again is cheap.
//
// Compile fails only on problems no data can change: an expression longer
// than MaxLength characters or nested deeper than MaxDepth. The other
// problems of a placeholder (syntax, forbidden constructs, unknown
// functions, wrong number of values) are reported when the template is
// rendered and the text is not a lookup that exists (design section 4), and
// by Problems.
func Compile(text string, opts ...Option) (*Template, error) {
	var o options
	for _, f := range opts {
		f(&o)
	}
	if !o.noCache {
		if t, ok := templates.get(text); ok {
			return t, nil
		}
	}
	t, err := compileTemplate(text)
	if err != nil {
		return nil, err
	}
	if !o.noCache && len(text) <= maxCached {
		templates.put(text, t)
	}
	return t, nil
}

// MustCompile is Compile for texts known to be good; it panics on error.
func MustCompile(text string) *Template {
	t, err := Compile(text)
	if err != nil {
		panic(err)
	}
	return t
}

func compileTemplate(text string) (*Template, error) {
	return buildTemplate(text, 0, text)
}

// buildTemplate compiles text, which starts at byte base of outer (the
// template itself, or the condition line a side sits in), so positions in
// errors are those of outer.
func buildTemplate(text string, base int, outer string) (*Template, error) {
	segs, unclosed := scanTemplate(text)
	t := &Template{text: text, segs: segs, unclosed: unclosed}
	for _, s := range segs {
		if !s.isExpr {
			t.litSize += len(s.lit)
			continue
		}
		p, err := compilePlaceholder(text[s.start:s.end], base+s.start, outer)
		if err != nil {
			return nil, err
		}
		t.places = append(t.places, p)
	}
	t.whole = len(segs) == 1 && segs[0].isExpr
	return t, nil
}

func compilePlaceholder(raw string, start int, text string) (*placeholder, *Error) {
	p := &placeholder{raw: raw, start: start}
	p.locate = func(e *Error) *Error {
		if e.Line == 0 {
			e.locate(text, start+e.Offset)
		}
		return e
	}
	trimmed := strings.TrimSpace(raw)
	if name, ok := strings.CutPrefix(trimmed, "env."); ok && envLike(name) {
		p.env, p.isEnv = name, true
		return p, nil
	}
	if path, ok := plainPath(raw); ok {
		// Its expression reading is the dotted path itself (design section
		// 4): no parse needed, the same value either way.
		p.expr = &expr{src: raw, pure: true, run: func(fr *frame) (value.Value, error) {
			v, _, err := fr.s.Lookup(path)
			if err != nil {
				return value.Value{}, dataError(raw, 0, strings.TrimSpace(raw), err)
			}
			return v, nil
		}}
		return p, nil
	}
	e, issue, err := compileExpr(raw)
	if err != nil {
		return nil, p.locate(err)
	}
	p.expr, p.issue = e, issue
	if issue != nil {
		p.locate(issue)
	}
	p.noSyn = !hasExprSyntax(raw)
	if e == nil || !e.pure {
		// A pure chain of names is the same lookup as the path reading;
		// anything else may still name a key as written.
		p.path = scope.SplitPath(raw)
		// A `_` part is refused (E7, D9) when the text reads as a path: its
		// first part a name, or itself the `_` name; never where it may sit
		// inside a quoted key (row['a._b']) or a call (upper(a._b), which
		// the expression check refuses with its own message).
		pathLike := false
		if len(p.path) > 0 {
			first := strings.TrimSpace(p.path[0])
			pathLike = isName(first) || strings.HasPrefix(first, "_")
		}
		if part, bad := p.path.Underscore(); bad && pathLike && !strings.ContainsAny(raw, "'\"[]()") {
			reason := "names starting with _ are not allowed"
			if part != p.path[0] {
				reason += "; for a key that starts with _, write ['" + short(part) + "']"
			}
			p.under = p.locate(newError(raw, strings.Index(raw, part), ErrForbidden, reason))
		}
	}
	return p, nil
}

// eval evaluates one placeholder by the order of design section 4 (D12).
func (p *placeholder) eval(fr *frame) (value.Value, error) {
	if p.isEnv {
		if s, ok := fr.s.Env(p.env); ok {
			return value.TextValue(s), nil
		}
		return value.Value{}, nil
	}
	if p.under != nil {
		return value.Value{}, p.under // whether or not the variable exists
	}
	if p.path != nil {
		v, found, err := fr.s.Lookup(p.path)
		if err != nil {
			return value.Value{}, p.locate(wrapFailure(p.raw, 0, err))
		}
		if found {
			return v, nil
		}
	}
	if p.expr == nil {
		if p.noSyn && p.issue.Kind == ErrSyntax {
			return value.Value{}, nil // a missing lookup, as always (E5)
		}
		return value.Value{}, p.issue
	}
	if p.expr.konst != nil {
		return *p.expr.konst, nil
	}
	v, err := p.expr.run(fr)
	if err != nil {
		e := wrapFailure(p.raw, 0, err)
		return value.Value{}, p.locate(e)
	}
	return v, nil
}

var frames = sync.Pool{New: func() any { return &frame{stack: make([]value.Value, 0, 16)} }}

func getFrame(s *scope.Scope) *frame {
	fr := frames.Get().(*frame)
	fr.s = s
	fr.env.MaxSize = s.MaxSize()
	return fr
}

func putFrame(fr *frame) {
	var err error
	fr.release(&err)
}

// release returns fr to the pool and turns a panic, which is always a bug,
// into an error instead of taking the host down. It is the one deferred
// call of each entry point, so the defer stays open-coded (cheap).
func (fr *frame) release(err *error) {
	if r := recover(); r != nil {
		*err = &Error{Reason: "internal error; please report it", Kind: errInternal, whole: true}
		fr.stack = make([]value.Value, 0, 16) // may be left mid-call
	}
	fr.s = nil
	if cap(fr.stack) > 256 {
		fr.stack = make([]value.Value, 0, 16)
	}
	fr.stack = fr.stack[:0]
	frames.Put(fr)
}

// Render evaluates every placeholder and returns the text with each one
// replaced by its shown value (D3, D4). The result is capped at the scope's
// MaxSize (D17).
func (t *Template) Render(s *scope.Scope) (out string, err error) {
	if len(t.places) == 0 {
		if len(t.text) > s.MaxSize() {
			return "", &Error{Reason: "the text is larger than the limit of " + sizeText(s.MaxSize()),
				Kind: ErrLimit, whole: true}
		}
		return t.text, nil
	}
	fr := getFrame(s)
	defer fr.release(&err)
	return t.render(fr, s)
}

func (t *Template) render(fr *frame, s *scope.Scope) (string, error) {
	max := s.MaxSize()
	if t.whole {
		p := t.places[0]
		v, err := p.eval(fr)
		if err != nil {
			return "", err
		}
		switch v.Kind() {
		case value.Text:
			if len(v.Text()) > max {
				return "", t.tooLarge(p, max)
			}
			return v.Text(), nil
		case value.Empty:
			return "", nil
		}
		var sb strings.Builder
		if err := t.write(&sb, p, v, max, max); err != nil {
			return "", err
		}
		return sb.String(), nil
	}
	var sb strings.Builder
	sb.Grow(t.litSize + 16*len(t.places))
	k := 0
	for _, seg := range t.segs {
		if !seg.isExpr {
			if sb.Len()+len(seg.lit) > max {
				return "", t.tooLarge(t.places[len(t.places)-1], max)
			}
			sb.WriteString(seg.lit)
			continue
		}
		p := t.places[k]
		k++
		v, err := p.eval(fr)
		if err != nil {
			return "", err
		}
		if err := t.write(&sb, p, v, max-sb.Len(), max); err != nil {
			return "", err
		}
	}
	return sb.String(), nil
}

// write appends the shown value v of placeholder p to sb (D3, D4), failing
// when it would take more than room bytes. Scalars are shown through a
// buffer on the stack; only lists and dictionaries take the general path.
func (t *Template) write(sb *strings.Builder, p *placeholder, v value.Value, room, max int) error {
	switch v.Kind() {
	case value.Empty:
		return nil
	case value.Text:
		if len(v.Text()) > room {
			return t.tooLarge(p, max)
		}
		sb.WriteString(v.Text())
		return nil
	case value.Number:
		var buf [64]byte
		b := v.Num().Append(buf[:0])
		if len(b) > room {
			return t.tooLarge(p, max)
		}
		sb.Write(b)
		return nil
	case value.Bool:
		b := "false"
		if v.Bool() {
			b = "true"
		}
		sb.WriteString(b)
		return nil
	}
	b, err := v.Show(nil, room)
	if err != nil {
		return p.locate(wrapFailure(p.raw, 0, err))
	}
	sb.Write(b)
	return nil
}

func (t *Template) tooLarge(p *placeholder, max int) error {
	return p.locate(newError(p.raw, 0, ErrLimit, "the result would be larger than the limit of "+sizeText(max)))
}

// Value evaluates the template to a value. When the template is exactly one
// ${...} and nothing else, the value keeps its kind: a list stays a list, a
// number a number (D5). Any other template gives its rendered text.
func (t *Template) Value(s *scope.Scope) (v value.Value, err error) {
	if !t.whole {
		out, err := t.Render(s)
		if err != nil {
			return value.Value{}, err
		}
		return value.TextValue(out), nil
	}
	fr := getFrame(s)
	defer fr.release(&err)
	return t.places[0].eval(fr)
}

// Problems returns what is wrong with the template's placeholders as far as
// it can be known without running it (decision D32): syntax errors,
// forbidden constructs, unknown functions, wrong numbers of values, `_`
// names, and each `${` that is not closed. They are sorted by position.
//
// With s == nil, a placeholder whose text could be a dotted lookup of a key
// written with spaces or an operator in it (`row.Role in Company`) is not
// reported, unless its problem is an unknown function or a wrong number of
// values: without data nobody can tell the rest. With sample data in s, such a
// placeholder is reported only when the lookup does not find it.
func (t *Template) Problems(s *scope.Scope) []*Error {
	var out []*Error
	if len(t.unclosed) > 0 {
		// The offsets are sorted: find each line and column by walking on
		// from the last one, not from the start, so a long line with many
		// open ${ stays linear.
		line, col, at := 1, 1, 0
		for _, off := range t.unclosed {
			seg := t.text[at:off]
			if n := strings.Count(seg, "\n"); n > 0 {
				line += n
				col = 1 + utf8.RuneCountInString(seg[strings.LastIndexByte(seg, '\n')+1:])
			} else {
				col += utf8.RuneCountInString(seg)
			}
			at = off
			e := unclosedError(t.text, off)
			e.Line, e.Column = line, col
			out = append(out, e)
		}
	}
	for _, p := range t.places {
		if e := p.problem(s); e != nil {
			out = append(out, e)
		}
	}
	sortErrors(out)
	return out
}

// problem is the placeholder's problem, if any, by the rules of Problems.
func (p *placeholder) problem(s *scope.Scope) *Error {
	if p.under != nil { // refused whether or not the data has the key
		if p.issue != nil && p.issue.Kind == ErrForbidden {
			return p.issue
		}
		return p.under
	}
	if p.issue == nil {
		return nil
	}
	if p.noSyn && p.issue.Kind == ErrSyntax {
		return nil // a missing lookup, never an error
	}
	if s == nil {
		// A key may read like a syntax error or a forbidden construct
		// (`row.Role in Company`), hardly like a call of an unknown
		// function or with the wrong number of values: those are reported.
		if maybeKey(p.raw) && p.issue.Kind != ErrUnknownFunction && p.issue.Kind != ErrArity {
			return nil
		}
		return p.issue
	}
	if p.path != nil && s.Has(p.path[0]) {
		if _, found, _ := s.Lookup(p.path); found {
			return nil
		}
	}
	return p.issue
}

// plainPath reports whether raw is a chain of plain names joined by dots
// (`row.status`, `config.email.to`), with no white space inside, no `_`
// part, no keyword as the first name and no `env` root, and returns its
// parts. Such a text reads the same as a dotted path and as an expression.
func plainPath(raw string) (scope.Path, bool) {
	t := strings.TrimSpace(raw)
	if t == "" || len(t) > MaxLength {
		return nil, false
	}
	p := scope.SplitPath(t)
	if len(p) == 0 || p[0] == "env" || keywords[p[0]] {
		return nil, false
	}
	for _, part := range p {
		if !isName(part) { // isName refuses "", spaces and a leading _
			return nil, false
		}
	}
	return p, true
}

// keywords cannot be names in an expression (grammar/expr.peg).
var keywords = map[string]bool{"and": true, "or": true, "not": true, "in": true,
	"is": true, "if": true, "else": true, "for": true, "lambda": true}

// envLike reports whether name can be the NAME of `env.NAME` (design
// section 4, step 1): not empty, and without white space, expression
// syntax or a leading `_`. Anything else is parsed as an expression, so
// ${env.COUNT * 2} multiplies.
func envLike(name string) bool {
	return name != "" && !strings.HasPrefix(name, "_") &&
		!hasExprSyntax(name) && !strings.ContainsAny(name, " \t\r\n.")
}

// maybeKey reports whether text reads like a dotted lookup of a key that
// has spaces or operators in it: at least two parts, the first a plain name,
// and no quotes, brackets or comparison signs anywhere.
func maybeKey(text string) bool {
	p := scope.SplitPath(text)
	if len(p) < 2 || !isName(strings.TrimSpace(p[0])) {
		return false
	}
	return !strings.ContainsAny(text, "'\"[]{}=<>!")
}

// isName reports whether s is a plain ASCII-or-Unicode identifier.
func isName(s string) bool {
	if s == "" || strings.HasPrefix(s, "_") {
		return false
	}
	for i, r := range s {
		if !(unicode.IsLetter(r) || r == '_' || i > 0 && (unicode.IsDigit(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r))) {
			return false
		}
	}
	return true
}

func sortErrors(es []*Error) {
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Line != es[j].Line {
			return es[i].Line < es[j].Line
		}
		return es[i].Column < es[j].Column
	})
}

// Text returns the template's source text.
func (t *Template) Text() string { return t.text }

// sizeText shows a byte count the way a person writes it: 1 MiB, 64 KiB,
// 1000 bytes.
func sizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return itoa(n>>20) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return itoa(n>>10) + " KiB"
	}
	return itoa(n) + " bytes"
}
