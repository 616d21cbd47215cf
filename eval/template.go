package eval

import (
	"context"
	"errors"

	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/internal/lend"

	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// Limits of one template (D35), checked before its placeholders are
// compiled.
const (
	// MaxTemplateSize is the longest template text, in bytes.
	MaxTemplateSize = 1 << 20
	// MaxPlaceholders is the most placeholders one template may hold.
	MaxPlaceholders = 10_000
	// MaxProblems is the most problems Problems and a strict Compile
	// return; past it one more says that checking stopped.
	MaxProblems = 1_000
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
	lines    *lines         // of text, or of the condition line a side is in
	base     int            // where text starts in lines.text
	limit    *Error         // a limit of the whole template (D35); nothing else is compiled
	// literal is the text as a value, for a template without
	// placeholders (a literal side of a condition), made once.
	literal value.Value
	// traps are the template's traps, found once when first asked for
	// (Traps).
	trapsOnce sync.Once
	traps     []Trap
	// quoted is true for a side of a condition written in quotes: its
	// text is meant as written, `$` and `{{` included (D31).
	quoted bool
}

// placeholder is one compiled ${...}.
type placeholder struct {
	raw   string   // inner text as written
	start int      // offset of raw in lines.text
	rd    reading  // what section 4 can read it as
	expr  *expr    // the compiled expression (step 3); nil on a problem
	tree  ast.Expr // the syntax tree, nil when the text does not parse
	// problems are what is wrong with the text as an expression, sorted;
	// the first is raised when the dotted-path lookup fails.
	problems []*Error
	under    *Error // the path has a part starting with `_` (E7, D9)
	lines    *lines
	// as is what section 4 reads the text as, decided once (decide), and
	// read the evaluation by that reading (build.go), its errors placed
	// in the template.
	as   readAs
	read evalFunc
	// form is exprForm of raw, kept once asked: a date hint asks on every
	// row whose comparison fails, and the answer depends on raw alone.
	form atomic.Pointer[formed]
	// date is the ${...} that a date hint last wrote for this placeholder
	// alone (dateSide.digits), with the shape of the date it is for.
	date atomic.Pointer[dateForm]
}

// formed is what exprForm answered for a placeholder's text.
type formed struct {
	text string
	ok   bool
}

// exprForm is exprForm(p.raw), parsed on the first ask only (the template
// is shared by the goroutines of a run: two first asks both parse and
// store the same answer).
func (p *placeholder) exprForm() (string, bool) {
	if f := p.form.Load(); f != nil {
		return f.text, f.ok
	}
	text, ok := exprForm(p.raw)
	p.form.Store(&formed{text, ok})
	return text, ok
}

// issue is the problem raised when the lookup fails, or nil.
func (p *placeholder) issue() *Error {
	if len(p.problems) == 0 {
		return nil
	}
	return p.problems[0]
}

func (p *placeholder) locate(e *Error) *Error { return p.lines.locate(e, p.start) }

// Compile compiles a template. Compiled templates are cached by text (see
// Cache), so compiling the same text again is cheap.
//
// By default Compile fails only on problems that no data can change: a
// limit (a text longer than MaxTemplateSize, more than MaxPlaceholders
// placeholders, an expression longer than MaxLength characters or nested
// deeper than MaxDepth). The other problems of a placeholder (syntax,
// forbidden constructs, unknown functions, wrong number of values, `_`
// names) are reported when the template is rendered and the text is not a
// lookup that exists (design section 4), and by Problems. With the Strict
// option, Compile returns every problem that can be known without data as
// an ErrorList.
//
// The template is returned with the error too, not nil: a tool that shows
// problems (Problems, Placeholders) reads it; rendering it fails with the
// same problems.
func Compile(text string, opts ...Option) (*Template, error) {
	o := makeOptions(opts)
	if !o.noCache {
		if t, ok := o.cache.template(text); ok {
			return t, o.strictError(t.staticProblems(o.strict))
		}
	}
	t := compileTemplate(text)
	if !o.noCache {
		o.cache.putTemplate(text, t)
	}
	return t, o.strictError(t.staticProblems(o.strict))
}

// MustCompile is Compile for texts known to be good; it panics on error.
func MustCompile(text string, opts ...Option) *Template {
	t, err := Compile(text, opts...)
	if err != nil {
		panic(err)
	}
	return t
}

// templateError is a limit of the whole template text (D35): named by the
// text's start, not as a placeholder (Error.Template).
func templateError(text, reason string) *Error {
	e := newError(text, 0, ErrLimit, reason)
	e.Template = true
	return e
}

func compileTemplate(text string) *Template {
	return buildTemplate(text, 0, newLines(text))
}

// splitFix ends the message of a limit of a whole template (D49: a
// message gives the fix), as the condition-length message does.
const splitFix = "; split it into several texts or fields, or shorten it"

// buildTemplate compiles text, which starts at byte base of ls.text (the
// template itself, or the condition line a side sits in), so positions in
// errors are those of ls.text.
func buildTemplate(text string, base int, ls *lines) *Template {
	t := &Template{text: text, lines: ls, base: base}
	if len(text) > MaxTemplateSize {
		t.limit = ls.locate(templateError(text, "the text is longer than "+sizeText(MaxTemplateSize)+
			" ("+strconv.Itoa(len(text))+" bytes)"+splitFix), base)
		t.segs = []segment{{lit: text}}
		t.litSize = len(text)
		return t
	}
	segs, unclosed := scanTemplate(text)
	if n := len(segs) - countLiterals(segs); n > MaxPlaceholders {
		t.limit = ls.locate(templateError(text, "the text has more than "+strconv.Itoa(MaxPlaceholders)+
			" placeholders ("+strconv.Itoa(n)+")"+splitFix), base)
		t.segs = []segment{{lit: text}}
		t.litSize = len(text)
		return t
	}
	t.segs, t.unclosed = segs, unclosed
	t.places = make([]*placeholder, 0, len(segs)-countLiterals(segs))
	for _, s := range segs {
		if !s.isExpr {
			t.litSize += len(s.lit)
			continue
		}
		t.places = append(t.places, compilePlaceholder(text[s.start:s.end], base+s.start, ls))
	}
	t.whole = len(segs) == 1 && segs[0].isExpr
	if len(t.places) == 0 {
		t.literal = parsedText(text) // a condition compares it again and again
	}
	return t
}

func countLiterals(segs []segment) int {
	n := 0
	for _, s := range segs {
		if !s.isExpr {
			n++
		}
	}
	return n
}

func compilePlaceholder(raw string, start int, ls *lines) *placeholder {
	p := &placeholder{raw: raw, start: start, lines: ls}
	if err := checkLimits(raw); err != nil {
		// D17: no reading of a text over the limits, lookup or not.
		p.problems = []*Error{p.locate(err)}
		p.decide()
		return p
	}
	p.rd = read(raw)
	if p.rd.isEnv {
		p.decide()
		return p
	}
	if p.rd.plain {
		// Its expression reading is the dotted path itself (design section
		// 4): no parse needed, the same value either way.
		// Its run is built with the placeholder's (plainPath).
		p.expr = &expr{src: raw, pure: true, steps: len(p.rd.path)}
		p.decide()
		return p
	}
	e, tree, problems := compileExpr(raw)
	p.expr, p.tree = e, tree
	for _, pr := range problems {
		p.problems = append(p.problems, p.locate(pr))
	}
	if part := p.rd.underscore; part != "" {
		reason := "names starting with _ are not allowed"
		if part != p.rd.path[0] {
			reason += "; for a key that starts with _, write ['" + short(part) + "']"
		}
		at := strings.Index(raw, part)
		p.under = p.locate(spanError(raw, at, at+len(part), ErrForbidden, reason))
	}
	p.decide()
	return p
}

// decide decides, once p is compiled, what section 4 (D12) reads its text
// as, and builds its evaluation by that reading (placeholder.build).
func (p *placeholder) decide() {
	issue := p.issue()
	switch {
	case p.rd.isEnv:
		p.as = asEnv
	case p.under != nil:
		p.as = asUnder
	case issue != nil && issue.Kind == ErrLimit:
		p.as = asLimit
	case p.expr == nil || len(p.problems) > 0:
		p.as = asPath
	case p.expr.pure || p.rd.path == nil:
		p.as = asExpr
	case !p.rd.word:
		p.as = asExprUnlessName
	default:
		p.as = asPath
	}
	p.read = p.build()
}

// parsedText is value.TextValue with its number reading worked out once
// and kept, which value lends to eval (internal/lend).
var parsedText = lend.Borrow[func(s string) value.Value]("value.parsedText")

// Render evaluates every placeholder and returns the text with each one
// replaced by its shown value (D3, D4). The result is capped at the scope's
// MaxSize (D17), and the work at the scope's budget (D35).
func (t *Template) Render(s *scope.Scope) (string, error) {
	return t.RenderContext(context.Background(), s)
}

// RenderContext is Render that also stops, within a bounded number of
// steps, when ctx is done; the error then wraps ctx.Err().
func (t *Template) RenderContext(ctx context.Context, s *scope.Scope) (out string, err error) {
	if out, done, err := t.renderStatic(s); done {
		return out, err
	}
	e := pooled()
	out, err = e.Render(ctx, t, s)
	e.putBack()
	return out, err
}

// renderStatic renders a template that needs no evaluation: one with a
// limit problem, or one without placeholders. done is false for the
// others.
func (t *Template) renderStatic(s *scope.Scope) (out string, done bool, err error) {
	if t == nil {
		return "", true, nilTemplate()
	}
	if t.limit != nil {
		return "", true, t.limit
	}
	if len(t.places) == 0 {
		if len(t.text) > s.MaxSize() {
			return "", true, t.literalTooLarge(0, s.MaxSize())
		}
		return t.text, true, nil
	}
	return "", false, nil
}

// stopped is the error of a template without placeholders evaluated
// within a shared evaluation (Evaluator.Begin) whose budget is spent or
// whose context is done, or nil: such a text needs no work, but every
// evaluation after the stop fails with the stop's error (D35, D42), the
// text included, so that a host never takes a row as half done.
func (t *Template) stopped(b *value.Budget) error {
	err := b.Check()
	if err == nil {
		return nil
	}
	// The text is no placeholder: it is named as a whole text is
	// (Error.Template, D37), `'plain text': ...`, never inside a ${ that
	// its author did not write.
	e := *wrapFailure(t.text, 0, err)
	e.Template = true
	return t.lines.locate(&e, t.base)
}

func (t *Template) render(fr *frame) (string, error) {
	max := fr.env.MaxSize
	if t.whole {
		p := t.places[0]
		v, err := p.read(fr)
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
		if err := t.write(fr, &sb, p, v, max, max); err != nil {
			return "", err
		}
		return sb.String(), nil
	}
	if t.litSize > max {
		return "", t.literalTooLarge(t.firstOverflow(max), max)
	}
	var sb strings.Builder
	sb.Grow(min(t.litSize+16*len(t.places), max))
	k := 0
	for i, seg := range t.segs {
		if !seg.isExpr {
			if sb.Len()+len(seg.lit) > max {
				return "", t.literalTooLarge(i, max)
			}
			if err := fr.budget.Bytes(len(seg.lit)); err != nil {
				return "", t.budgetError(t.places[min(k, len(t.places)-1)], err)
			}
			sb.WriteString(seg.lit)
			continue
		}
		p := t.places[k]
		k++
		fr.place = k // for the error of a panic (p is places[k-1])
		v, err := p.read(fr)
		if err != nil {
			return "", err
		}
		if err := t.write(fr, &sb, p, v, max-sb.Len(), max); err != nil {
			return "", err
		}
	}
	return sb.String(), nil
}

// firstOverflow is the index of the literal segment that takes the
// literal text alone past max.
func (t *Template) firstOverflow(max int) int {
	n := 0
	for i, seg := range t.segs {
		n += len(seg.lit)
		if !seg.isExpr && n > max {
			return i
		}
	}
	return len(t.segs) - 1
}

// write appends the shown value v of placeholder p to sb (D3, D4), failing
// when it would take more than room bytes. Scalars are shown through a
// buffer on the stack; only lists and dictionaries take the general path.
func (t *Template) write(fr *frame, sb *strings.Builder, p *placeholder, v value.Value, room, max int) error {
	switch v.Kind() {
	case value.Empty:
		return nil
	case value.Text:
		if len(v.Text()) > room {
			return t.tooLarge(p, max)
		}
		if err := fr.budget.Bytes(len(v.Text())); err != nil {
			return t.budgetError(p, err)
		}
		sb.WriteString(v.Text())
		return nil
	case value.Number:
		var buf [64]byte
		b := v.Num().Append(buf[:0]) // a number shows in at most MaxDigits and its sign and point
		if len(b) > room {
			return t.tooLarge(p, max)
		}
		if err := fr.budget.Bytes(len(b)); err != nil {
			return t.budgetError(p, err)
		}
		sb.Write(b)
		return nil
	case value.Bool:
		b := "false"
		if v.Bool() {
			b = "true"
		}
		if len(b) > room {
			return t.tooLarge(p, max)
		}
		if err := fr.budget.Bytes(len(b)); err != nil {
			return t.budgetError(p, err)
		}
		sb.WriteString(b)
		return nil
	}
	if room <= 0 {
		return t.tooLarge(p, max)
	}
	b, err := showIn(fr, v, room)
	if errors.Is(err, value.ErrTooLong) {
		return t.tooLarge(p, max) // name the cap, not the room that was left
	}
	if err != nil {
		return p.locate(wrapFailure(p.raw, 0, itemFailure("", p.raw, err)))
	}
	sb.Write(b)
	return nil
}

func (t *Template) tooLarge(p *placeholder, max int) error {
	return p.locate(newError(p.raw, 0, ErrTooLong, "the result would be larger than the limit of "+sizeText(max)))
}

func (t *Template) budgetError(p *placeholder, err error) error {
	return p.locate(wrapFailure(p.raw, 0, err))
}

// literalTooLarge is the size error of literal text: the text of segment
// i is what takes the result past max. The message echoes the template
// and names that text.
func (t *Template) literalTooLarge(i, max int) error {
	seg := t.segs[min(i, len(t.segs)-1)]
	at := seg.start
	reason := "the text " + quote(seg.lit) + " would make the result larger than the limit of " + sizeText(max)
	if len(t.places) == 0 {
		reason = "the text is larger than the limit of " + sizeText(max)
	}
	return t.lines.locate(spanError(t.text, at, at+len(seg.lit), ErrTooLong, reason), t.base)
}

// Value evaluates the template to a value. When the template is exactly one
// ${...} and nothing else, the value keeps its kind: a list stays a list, a
// number a number (D5). Any other template gives its rendered text. A text
// longer than the scope's MaxSize is an error either way.
func (t *Template) Value(s *scope.Scope) (value.Value, error) {
	return t.ValueContext(context.Background(), s)
}

// ValueContext is Value that also stops when ctx is done, as
// RenderContext does.
func (t *Template) ValueContext(ctx context.Context, s *scope.Scope) (v value.Value, err error) {
	if t == nil || !t.whole {
		out, err := t.RenderContext(ctx, s)
		if err != nil {
			return value.Value{}, err
		}
		return value.TextValue(out), nil
	}
	e := pooled()
	v, err = e.Value(ctx, t, s)
	e.putBack()
	return v, err
}

// wholeValue is v and err, what the template's one placeholder read
// (its error placed already, with the empty value), as the template's
// value: its text within the cap. The caller reads the placeholder itself
// (t.places[0].read), so that this is small enough to inline.
func (t *Template) wholeValue(fr *frame, v value.Value, err error) (value.Value, error) {
	if v.Kind() == value.Text {
		v, err = t.capText(fr, v)
	}
	return v, err
}

// capText is text v, the value of a whole template, within the cap.
func (t *Template) capText(fr *frame, v value.Value) (value.Value, error) {
	if len(v.Text()) > fr.env.MaxSize {
		return value.Value{}, t.tooLarge(t.places[0], fr.env.MaxSize)
	}
	return v, nil
}

// Problems returns what is wrong with the template's placeholders as far as
// it can be known without running it (decision D32): syntax errors,
// forbidden constructs, unknown functions, wrong numbers of values, `_`
// names, limits, and each `${` that is not closed. They are sorted by
// position; at most MaxProblems are returned, and one more then says that
// checking stopped.
//
// With s == nil, a placeholder whose text could be a dotted lookup of a key
// written with spaces or an operator in it (`row.Role in Company`) is not
// reported, unless its problem is an unknown function or a wrong number of
// values: without data nobody can tell the rest. With sample data in s, such a
// placeholder is reported only when the lookup does not find it.
func (t *Template) Problems(s *scope.Scope) []*Error {
	if t == nil {
		return []*Error{nilTemplate()}
	}
	var out ErrorList
	t.problems(s, false, &out)
	return bound(out)
}

// problems appends the template's problems to out by the rules of
// Problems; strict reports the problems of key-like texts too.
func (t *Template) problems(s *scope.Scope, strict bool, out *ErrorList) {
	if t.limit != nil {
		*out = append(*out, t.limit)
		return
	}
	for _, off := range t.unclosed {
		if len(*out) > MaxProblems {
			break
		}
		*out = append(*out, t.lines.locate(unclosedError(t.text, off), t.base+off))
	}
	for _, p := range t.places {
		if len(*out) > MaxProblems {
			break
		}
		if e := p.problem(s, strict); e != nil {
			*out = append(*out, e)
		}
	}
}

// bound sorts a list of problems and cuts it to MaxProblems, adding one
// that says checking stopped.
func bound(out ErrorList) ErrorList {
	out.Sort()
	if len(out) > MaxProblems {
		last := out[MaxProblems-1]
		out = append(out[:MaxProblems:MaxProblems], &Error{Expr: last.Expr, Offset: last.Offset, End: last.End,
			Line: last.Line, Column: last.Column, EndLine: last.EndLine, EndColumn: last.EndColumn,
			Kind: ErrLimit, Cond: last.Cond,
			Reason: "too many problems; checking stopped after " + strconv.Itoa(MaxProblems)})
	}
	return out
}

// staticProblems are the problems a Compile returns: the limits, or with
// strict every problem known without data.
func (t *Template) staticProblems(strict bool) ErrorList {
	if !strict {
		if t.limit != nil {
			return ErrorList{t.limit}
		}
		for _, p := range t.places {
			if is := p.issue(); is != nil && is.Kind == ErrLimit {
				return ErrorList{is}
			}
		}
		return nil
	}
	var out ErrorList
	t.problems(nil, true, &out)
	return bound(out)
}

// problem is the placeholder's problem, if any, by the rules of Problems.
func (p *placeholder) problem(s *scope.Scope, strict bool) *Error {
	issue := p.issue()
	switch {
	case p.as == asUnder: // refused whether or not the data has the key, as read is
		return p.under
	case issue == nil:
		return p.constantProblem(s)
	case p.as == asLimit:
		return issue
	}
	if !p.rd.exprSyntax && issue.Kind == ErrSyntax {
		return nil // a missing lookup, never an error
	}
	if strict {
		return issue
	}
	if s == nil {
		// A key may read like a syntax error or a forbidden construct
		// (`row.Role in Company`), hardly like a call of an unknown
		// function or with the wrong number of values: those are reported.
		if p.rd.keyLike && issue.Kind != ErrUnknownFunction && issue.Kind != ErrArity {
			return nil
		}
		return issue
	}
	if p.rd.path != nil && s.Has(p.rd.path[0]) {
		if _, found, _ := s.Lookup(p.rd.path); found {
			return nil
		}
	}
	return issue
}

// constantProblem is the failure of p when p is a call of constants
// (replace('ab', 'b', 'bb')), which no data can change: it is evaluated
// under s's caps and budget, or the defaults when s is nil, so that a
// result past the size cap is a problem known before any data (D32, D35).
// Optimise tried it under a small budget only; this runs it under the
// budget of one evaluation, as the run would.
func (p *placeholder) constantProblem(s *scope.Scope) *Error {
	if p.expr == nil {
		return nil
	}
	call, ok := p.expr.tree.(*ast.CallExpr)
	if !ok || !callOfConstants(call) {
		return nil
	}
	if s == nil {
		s = scope.New(nil)
	}
	var ev Evaluator
	_, err := ev.Eval(context.Background(), Placeholder{p: p}, s, nil)
	var e *Error
	if errors.As(err, &e) && !errors.Is(err, context.Canceled) && !errors.Is(err, context.DeadlineExceeded) {
		return e
	}
	return nil
}

// Text returns the template's source text.
func (t *Template) Text() string {
	if t == nil {
		return ""
	}
	return t.text
}

// Pos is the byte offset where the template's text starts: 0, or for a
// side of a condition its offset in the line. The offsets of Placeholders
// and errors count from the start of the line too.
func (t *Template) Pos() int {
	if t == nil {
		return 0
	}
	return t.base
}
