package proptest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

// The invariants every evaluation keeps (research/reliability.md section
// 2): it ends with a value or an *eval.Error; the error wraps
// exactly one of the package's kinds; its position lies inside the text it
// names; its reason is valid UTF-8 and short.

// MaxReason bounds the bytes of an error's reason. D37 cuts each piece of
// text a reason echoes (an operand, a value) at 120 characters, each
// written in at most 4 bytes (an escape such as \x88); a reason echoes at
// most three such pieces with some words between them.
const MaxReason = 3*120*4 + 200

// Kinds are the error kinds of package eval; every error wraps exactly one.
var Kinds = []error{
	eval.ErrSyntax, eval.ErrForbidden, eval.ErrUnknownFunction, eval.ErrArity, eval.ErrType,
	eval.ErrValue, eval.ErrLimit, eval.ErrDivisionByZero, eval.ErrData, eval.ErrCondition,
}

// KindName names an error's kind for test output.
func KindName(err error) string {
	for _, k := range Kinds {
		if errors.Is(err, k) {
			return k.Error()
		}
	}
	if err == nil {
		return "no error"
	}
	return "unknown kind"
}

// CheckError returns nil when err is nil or a well-formed *eval.Error, and
// otherwise says what is wrong with it.
func CheckError(err error) error {
	if err == nil {
		return nil
	}
	e, ok := err.(*eval.Error)
	if !ok {
		var inner *eval.Error
		if errors.As(err, &inner) {
			return fmt.Errorf("error of type %T wraps an *eval.Error: %v", err, err)
		}
		return fmt.Errorf("error of type %T, not *eval.Error: %v", err, err)
	}
	n := 0
	for _, k := range Kinds {
		if errors.Is(e, k) {
			n++
		}
	}
	if n != 1 {
		return fmt.Errorf("error wraps %d known kinds (kind %v; a recovered panic has an unknown kind): %q", n, e.Kind, e.Error())
	}
	if e.Offset < 0 || e.Offset > len(e.Expr) {
		return fmt.Errorf("offset %d outside the expression (%d bytes): %q", e.Offset, len(e.Expr), e.Error())
	}
	if e.Reason == "" {
		return fmt.Errorf("empty reason: %q", e.Error())
	}
	if !utf8.ValidString(e.Reason) {
		return fmt.Errorf("reason is not valid UTF-8: %q", e.Reason)
	}
	if len(e.Reason) > MaxReason {
		return fmt.Errorf("reason of kind %q has %d bytes (more than %d): %q", KindName(e), len(e.Reason), MaxReason, e.Reason)
	}
	if utf8.ValidString(e.Expr) && !utf8.ValidString(e.Error()) {
		return fmt.Errorf("message is not valid UTF-8: %q", e.Error())
	}
	if e.Line < 0 || e.Column < 0 || (e.Line == 0) != (e.Column == 0) {
		return fmt.Errorf("bad line %d / column %d: %q", e.Line, e.Column, e.Error())
	}
	return nil
}

// MaxMessage bounds the characters of a whole message, Error() (D37 and
// D19 count characters, not bytes: 120 Thai letters are 360 bytes). D37
// cuts each piece of text a message echoes to 120 characters, not the
// number of pieces: the expression's echo, and in a hint for a text that
// is no number as many as five more (the percent hint names the operand
// three times, its value and its number; a text literal's operand and
// value are the same text, `'a' is text ('a')`, as the spec writes it).
// Six echoes of 120 characters and their quotes, and the words.
const MaxMessage = 6*(120+2) + 150

// CheckMessage returns nil when err's message has the form of D37, and
// otherwise says what is wrong with it: err is an *eval.Error whose
// message starts with `${` or `condition:` and nothing else (a limit of
// the whole template, Error.Template, with its quoted start), is valid
// UTF-8, one line, at most MaxMessage characters, and holds no control
// character, bidi control or line separator raw. Each character of
// escaped (an invalid byte counts as one) must appear in the message as an
// escape: \u202e, \x88 (\n, \r and \t for those three).
func CheckMessage(err error, escaped string) error {
	var e *eval.Error
	if !errors.As(err, &e) {
		return fmt.Errorf("not an *eval.Error: %v", err)
	}
	msg := e.Error()
	switch {
	case !utf8.ValidString(msg):
		return fmt.Errorf("message is not valid UTF-8: %.300q", msg)
	case strings.ContainsAny(msg, "\n\r"):
		return fmt.Errorf("message is more than one line: %.300q", msg)
	case utf8.RuneCountInString(msg) > MaxMessage:
		return fmt.Errorf("message of %d characters, more than %d: %.300q", utf8.RuneCountInString(msg), MaxMessage, msg)
	case e.Template && (!strings.HasPrefix(msg, "'") || strings.HasPrefix(msg, "${")):
		return fmt.Errorf("a limit of the whole template is not named by its quoted start: %.300q", msg)
	case !e.Template && !strings.HasPrefix(msg, "${") && !strings.HasPrefix(msg, "condition:"):
		return fmt.Errorf("message starts with neither ${ nor condition: (D37): %.300q", msg)
	}
	for _, r := range msg {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == '\u2028' || r == '\u2029' {
			return fmt.Errorf("message holds %U raw: %.300q", r, msg)
		}
	}
	lower := strings.ToLower(msg)
	for i := 0; i < len(escaped); {
		r, size := utf8.DecodeRuneInString(escaped[i:])
		forms := []string{fmt.Sprintf(`\u%04x`, r)}
		switch {
		case r == utf8.RuneError && size == 1:
			forms = []string{fmt.Sprintf(`\x%02x`, escaped[i])}
		case r == '\n' || r == '\r' || r == '\t':
			forms = append(forms, strings.Trim(strconv.QuoteRune(r), "'"))
		case r < 0x100:
			forms = append(forms, fmt.Sprintf(`\x%02x`, r))
		}
		if !slices.ContainsFunc(forms, func(f string) bool { return strings.Contains(lower, f) }) {
			return fmt.Errorf("message does not show %q as an escape (%s): %.300q", escaped[i:i+size], strings.Join(forms, " or "), msg)
		}
		i += size
	}
	return nil
}

// Outcome of one template on one scope, as text for comparing runs.
func renderOutcome(out string, err error) string {
	if err != nil {
		return "error: " + err.Error()
	}
	return "ok: " + out
}

// CheckTemplate compiles text and runs every entry point of a template on
// s: Render, Value (and both on a reused eval.Evaluator, which must agree),
// Problems with and without data. It returns the first
// broken invariant: an error that fails CheckError, a rendered text longer
// than the scope's cap, problems out of order, validation with s and the
// run disagreeing (agree). It is not timed (no test depends on the
// machine's speed): the work is bounded by the budget and the limits,
// which the limit tests count. A panic is not recovered: the caller's
// test reports it.
func CheckTemplate(text string, s *scope.Scope) error {
	return checkTemplate(text, s)
}

func checkTemplate(text string, s *scope.Scope) error {
	t, err := eval.Compile(text)
	if err != nil {
		// Compile returns the template with its problems; the error is a
		// limit, which the template's problems hold too.
		if t == nil {
			return fmt.Errorf("eval.Compile returned no template with its error")
		}
		if !errors.Is(err, eval.ErrLimit) {
			return fmt.Errorf("eval.Compile failed with %v, not a limit", err)
		}
		return wrapCheck("Compile", err)
	}
	out, err := t.Render(s)
	if err := wrapCheck("Render", err); err != nil {
		return err
	}
	if err == nil && len(out) > s.MaxSize() {
		return fmt.Errorf("rendering gave %d bytes, more than the cap %d", len(out), s.MaxSize())
	}
	rerr := err
	v, err := t.Value(s)
	if err := wrapCheck("Value", err); err != nil {
		return err
	}
	// An Evaluator gives exactly what the methods give, also right after
	// an evaluation of its own that ran out of budget.
	var ev eval.Evaluator
	_, _ = ev.Render(context.Background(), t, scope.New(nil, scope.WithMaxSteps(1)))
	evOut, evErr := ev.Render(context.Background(), t, s)
	if evOut != out || fmt.Sprint(evErr) != fmt.Sprint(rerr) {
		return fmt.Errorf("Evaluator.Render gave %q, %v; Render gave %q, %v", evOut, evErr, out, rerr)
	}
	evV, evErr := ev.Value(context.Background(), t, s)
	if evV.String() != v.String() || evV.Kind() != v.Kind() || fmt.Sprint(evErr) != fmt.Sprint(err) {
		return fmt.Errorf("Evaluator.Value gave %v, %v; Value gave %v, %v", evV, evErr, v, err)
	}
	for _, sample := range []*scope.Scope{nil, s} {
		if err := checkProblems("Problems", t.Problems(sample)); err != nil {
			return err
		}
	}
	return agree(text, t.Problems(s), rerr)
}

// staticKinds are the kinds of problem that can be known without running
// a template: validation reports them (D32).
var staticKinds = []error{eval.ErrSyntax, eval.ErrForbidden, eval.ErrUnknownFunction, eval.ErrArity}

// agree checks that validation with the run's own data and the run agree:
// a problem validation reports (an unclosed ${ aside, which rendering
// leaves as text, D18) makes the run fail, and a run that fails with a
// kind validation knows about was reported.
func agree(text string, problems []*eval.Error, runErr error) error {
	_, open := eval.ScanPlaceholders(text)
	for _, p := range problems {
		if runErr == nil && !unclosed(text, open, p) {
			return fmt.Errorf("validation reports %q, but the template renders", p.Error())
		}
	}
	if len(problems) == 0 {
		for _, k := range staticKinds {
			if errors.Is(runErr, k) {
				return fmt.Errorf("rendering fails with %q, which validation with the same data does not report", runErr.Error())
			}
		}
	}
	return nil
}

// unclosed reports whether p is the problem of one of the `${` at the
// offsets open that have no `}` (D18): told by its kind and position, not
// by the wording of its reason.
func unclosed(text string, open []int, p *eval.Error) bool {
	if !errors.Is(p, eval.ErrUnclosed) {
		return false
	}
	for _, off := range open {
		line := 1 + strings.Count(text[:off], "\n")
		col := 1 + utf8.RuneCountInString(text[strings.LastIndexByte(text[:off], '\n')+1:off])
		if p.Line == line && p.Column == col {
			return true
		}
	}
	return false
}

// CheckCondition compiles a condition line and runs Test, Explain and
// Problems on s, with the invariants of CheckTemplate; Test and Explain
// must agree.
func CheckCondition(line string, s *scope.Scope) error {
	return checkCondition(line, s)
}

func checkCondition(line string, s *scope.Scope) error {
	c, err := eval.CompileCondition(line)
	if err != nil {
		if c != nil {
			return fmt.Errorf("eval.CompileCondition returned a condition and an error")
		}
		return wrapCheck("CompileCondition", err)
	}
	ok, err := c.Test(s)
	if err := wrapCheck("Test", err); err != nil {
		return err
	}
	ok2, _, err2 := c.Explain(s)
	if err := wrapCheck("Explain", err2); err != nil {
		return err
	}
	if renderOutcome(fmt.Sprint(ok), err) != renderOutcome(fmt.Sprint(ok2), err2) {
		return fmt.Errorf("tested, the condition gave %v, %v, but explained %v, %v", ok, err, ok2, err2)
	}
	var ev eval.Evaluator
	_, _ = ev.Test(context.Background(), c, scope.New(nil, scope.WithMaxSteps(1)))
	if ok3, err3 := ev.Test(context.Background(), c, s); ok3 != ok || fmt.Sprint(err3) != fmt.Sprint(err) {
		return fmt.Errorf("Evaluator.Test gave %v, %v; Test gave %v, %v", ok3, err3, ok, err)
	}
	for _, sample := range []*scope.Scope{nil, s} {
		if err := checkProblems("Problems", c.Problems(sample)); err != nil {
			return err
		}
	}
	return nil
}

func wrapCheck(what string, err error) error {
	if e := CheckError(err); e != nil {
		return fmt.Errorf("%s: %w", what, e)
	}
	return nil
}

func checkProblems(what string, ps []*eval.Error) error {
	for _, p := range ps {
		if err := wrapCheck(what, p); err != nil {
			return err
		}
	}
	if !sort.SliceIsSorted(ps, func(i, j int) bool {
		if ps[i].Line != ps[j].Line {
			return ps[i].Line < ps[j].Line
		}
		return ps[i].Column < ps[j].Column
	}) {
		return fmt.Errorf("%s: not sorted by position", what)
	}
	return nil
}
