package flow

import (
	"errors"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

// Limits of one check.
const (
	// MaxSize is the largest flow Validate checks, in bytes. A flow is a
	// Markdown file a person writes; a larger one is reported, not read.
	MaxSize = 1 << 20
	// MaxFindings is the most findings Validate returns for one flow; past
	// it, one more finding says that checking stopped.
	MaxFindings = 1000
	// maxShown is the most characters of an expression a message shows
	// (eval.MaxLength: every expression within the limit is shown whole).
	maxShown = eval.MaxLength
)

// Finding is one problem or warning in a flow.
type Finding struct {
	File string
	// Line and Column (1-based; the column counts characters, so a Thai
	// letter or a tab is one) point at the problem in the file.
	Line, Column int
	// Expr is the text inside ${...} as written, or for a problem of a
	// condition line as a whole the condition line.
	Expr string
	// Message is the problem in the words of decision D16:
	// `${<text>}: <reason>` or `condition: <reason>`; a warning about a
	// lookup reads `row.Frist Name: no key 'Frist Name' in row; did you mean
	// 'First Name'?`.
	Message string
	// Kind is a short stable word for the kind of problem: syntax,
	// forbidden, unknown-function, arity, type, value, limit,
	// division-by-zero, data, condition, unclosed, missing-key, not-number
	// (internal for a bug).
	Kind string
	// Warning is true for what sample data shows may go wrong; warnings do
	// not make a flow fail validation.
	Warning bool
}

// String is `FILE:LINE:COL: message`, or `FILE:LINE:COL: warning: message`.
func (f Finding) String() string {
	var b strings.Builder
	b.WriteString(f.File)
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(f.Line))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(f.Column))
	b.WriteString(": ")
	if f.Warning {
		b.WriteString("warning: ")
	}
	b.WriteString(f.Message)
	return b.String()
}

// Validate checks one flow; file is the name used in the findings. sample
// may be nil; with sample data, placeholders whose text could be a lookup
// of a key written with spaces or operators (`${row.Role in Company}`) are
// checked against it (design section 4), and warnings are added. Findings
// are sorted by line and column, errors before warnings at the same place.
// Validate never panics and its work is bounded by MaxSize and MaxFindings.
func Validate(file string, src []byte, sample *scope.Scope) (out []Finding) {
	v := &validator{file: file, sample: sample}
	defer func() {
		if r := recover(); r != nil {
			v.out = append(v.out, Finding{File: file, Line: 1, Column: 1,
				Message: "internal error while checking this flow; please report it", Kind: "internal"})
			out = v.finish()
		}
	}()
	if len(src) > MaxSize {
		v.out = append(v.out, Finding{File: file, Line: 1, Column: 1,
			Message: tooLarge(len(src)) + "; it was not checked", Kind: "limit"})
		return v.finish()
	}
	var fs fenceState
	for _, ln := range splitLines(string(src)) {
		if v.full {
			break
		}
		if fs.skip(ln.text) {
			continue
		}
		if label, at, ok := parseField(ln.text); ok && strings.EqualFold(label, "condition") {
			v.condition(ln, at)
		} else {
			v.template(ln, ln.text, 0, true)
		}
	}
	out = v.finish()
	if v.full {
		// Last, and placed so that the findings stay sorted.
		stop := Finding{File: file, Line: v.stoppedAt, Column: v.stoppedCol, Kind: "limit",
			Message: "too many problems; checking stopped after " + strconv.Itoa(MaxFindings)}
		if last := out[len(out)-1]; last.Line == stop.Line && last.Column > stop.Column {
			stop.Column = last.Column
		}
		out = append(out, stop)
	}
	return out
}

// tooLarge says that a flow of n bytes is over MaxSize.
func tooLarge(n int) string {
	return "the flow is larger than " + strconv.Itoa(MaxSize>>20) + " MiB (" + strconv.Itoa(n) + " bytes)"
}

type validator struct {
	file   string
	sample *scope.Scope
	out    []Finding
	full   bool // MaxFindings reached: later findings are dropped
	// stoppedAt and stoppedCol locate the first finding dropped.
	stoppedAt, stoppedCol int
}

// finish sorts the findings and drops repeats of the same message at the
// same place.
func (v *validator) finish() []Finding {
	sort.SliceStable(v.out, func(i, j int) bool {
		a, b := v.out[i], v.out[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return !a.Warning && b.Warning
	})
	out := v.out[:0]
	for i, f := range v.out {
		if i > 0 && f == v.out[i-1] {
			continue
		}
		out = append(out, f)
	}
	return out
}

// template checks the placeholders of text, which starts at byte offset
// base of the line. unclosed says whether a `${` without its `}` is
// reported (a condition line reports it itself).
func (v *validator) template(ln line, text string, base int, unclosed bool) {
	spans, open := eval.ScanPlaceholders(text)
	if unclosed {
		cols := columns{text: ln.text}
		for _, off := range open {
			if v.full {
				return
			}
			// From the `${` on, so that locating it costs nothing: the
			// column is counted here.
			e := eval.UnclosedError(text[off:], 0)
			v.add(ln, cols.at(base+off), e.Expr, message(e), "unclosed", false)
		}
	}
	cols := columns{text: ln.text}
	for _, sp := range spans {
		if v.full {
			return
		}
		raw := text[sp.Start:sp.End]
		col := cols.at(base + sp.Start - 2) // the `$`
		t, err := eval.Compile("${" + raw + "}")
		if err != nil {
			v.addError(ln, col, err)
			continue
		}
		for _, e := range t.Problems(v.sample) {
			v.addError(ln, col, e)
		}
		v.underscore(ln, col, raw, t)
		for _, w := range t.SampleWarnings(v.sample) {
			v.addWarning(ln, col, w)
		}
	}
}

// underscore reports a dotted lookup with a part that starts with `_`
// (`${row._id}`, decision D9), which evaluation refuses whenever its first
// part names a variable; Template.Problems does not report it when the text
// reads like a lookup. The message is the one evaluation gives.
func (v *validator) underscore(ln line, col int, raw string, t *eval.Template) {
	p := scope.SplitPath(raw)
	if len(p) < 2 || strings.HasPrefix(strings.TrimSpace(raw), "env.") || strings.HasPrefix(p[0], "_") {
		return
	}
	part, bad := p.Underscore()
	if !bad || strings.ContainsAny(raw, "'\"[]") {
		return
	}
	for _, e := range t.Problems(v.sample) {
		if errors.Is(e, eval.ErrForbidden) {
			return // already reported
		}
	}
	off := strings.Index(raw, part)
	e := &eval.Error{Expr: raw, Offset: off, Kind: eval.ErrForbidden,
		Reason: "names starting with _ are not allowed; for a key that starts with _, write ['" + part + "']"}
	v.add(ln, col+2+utf8.RuneCountInString(raw[:off]), raw, message(e), "forbidden", false)
}

// condition checks a condition field whose value starts at byte offset at.
func (v *validator) condition(ln line, at int) {
	cond := strings.TrimRight(ln.text[at:], " \t")
	col := column(ln.text, at)
	c, err := eval.CompileCondition(cond)
	if err != nil {
		var e *eval.Error
		if errors.As(err, &e) && e.Cond && errors.Is(e, eval.ErrCondition) {
			kind := "condition"
			if _, open := eval.ScanPlaceholders(cond); containsInt(open, e.Offset) {
				kind = "unclosed"
			}
			v.add(ln, col+max(e.Column, 1)-1, e.Expr, message(e), kind, false)
		} else {
			v.addError(ln, col, err)
		}
		// The line cannot be read as a condition; its placeholders can
		// still be checked as placeholders.
		v.template(ln, cond, at, false)
		return
	}
	for _, e := range c.Problems(v.sample) {
		v.addError(ln, col, e)
	}
	v.conditionUnderscores(ln, cond, at)
	for _, w := range c.SampleWarnings(v.sample) {
		v.addWarning(ln, col, w)
	}
}

// conditionUnderscores applies the `_` check of underscore to the
// placeholders of a condition line.
func (v *validator) conditionUnderscores(ln line, cond string, at int) {
	spans, _ := eval.ScanPlaceholders(cond)
	for _, sp := range spans {
		raw := cond[sp.Start:sp.End]
		t, err := eval.Compile("${" + raw + "}")
		if err != nil {
			continue
		}
		v.underscore(ln, column(ln.text, at+sp.Start-2), raw, t)
	}
}

func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// addError adds an error from package eval. col is the file column where
// the text the error's Line and Column count in (a `${...}` or a condition
// line) starts; that text is one line.
func (v *validator) addError(ln line, col int, err error) {
	var e *eval.Error
	if !errors.As(err, &e) {
		v.add(ln, col, "", strings.ToValidUTF8(err.Error(), "\uFFFD"), "internal", false)
		return
	}
	v.add(ln, col+max(e.Column, 1)-1, e.Expr, message(e), kindOf(e.Kind), false)
}

// addWarning adds a warning from package eval, placed as addError places an
// error.
func (v *validator) addWarning(ln line, col int, w eval.Warning) {
	if w.Subject == "" {
		return
	}
	kind := kindOf(w.Kind)
	msg := shorten(w.Subject) + ": " + w.Reason
	v.add(ln, col+max(w.Column, 1)-1, w.Expr, msg, kind, true)
}

func (v *validator) add(ln line, col int, expr, msg, kind string, warning bool) {
	if len(v.out) >= MaxFindings {
		if !v.full {
			v.full, v.stoppedAt, v.stoppedCol = true, ln.num, max(col, 1)
		}
		return
	}
	if col < 1 {
		col = 1
	}
	v.out = append(v.out, Finding{
		File:    v.file,
		Line:    ln.num,
		Column:  col,
		Expr:    valid(shorten(expr)),
		Message: valid(msg),
		Kind:    kind,
		Warning: warning,
	})
}

// message is the error's text by D16, with an expression longer than
// maxShown characters cut (only an expression over the length limit, or
// the rest of a line after a `${` that is not closed, is that long).
func message(e *eval.Error) string {
	if e.Cond {
		return "condition: " + e.Reason
	}
	return "${" + shorten(e.Expr) + "}: " + e.Reason
}

// shorten cuts s to maxShown characters and marks the cut with "...".
func shorten(s string) string {
	if len(s) <= maxShown {
		return s
	}
	n := 0
	for i := range s {
		if n == maxShown {
			return s[:i] + "..."
		}
		n++
	}
	return s
}

func valid(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }

// kindOf is the Finding.Kind word of an error kind.
func kindOf(k error) string {
	switch {
	case k == nil:
		return "internal"
	case errors.Is(k, eval.ErrSyntax):
		return "syntax"
	case errors.Is(k, eval.ErrForbidden):
		return "forbidden"
	case errors.Is(k, eval.ErrUnknownFunction):
		return "unknown-function"
	case errors.Is(k, eval.ErrArity):
		return "arity"
	case errors.Is(k, eval.ErrType):
		return "type"
	case errors.Is(k, eval.ErrValue):
		return "value"
	case errors.Is(k, eval.ErrLimit):
		return "limit"
	case errors.Is(k, eval.ErrDivisionByZero):
		return "division-by-zero"
	case errors.Is(k, eval.ErrData):
		return "data"
	case errors.Is(k, eval.ErrCondition):
		return "condition"
	case errors.Is(k, eval.ErrMissingKey):
		return "missing-key"
	case errors.Is(k, eval.ErrNotNumber):
		return "not-number"
	}
	return "internal"
}
