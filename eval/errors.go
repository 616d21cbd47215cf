package eval

import (
	"errors"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/ast"

	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/value"
)

// The kinds of problem. Every error the package returns is an *Error (or
// an ErrorList of them) that wraps exactly one kind, so callers can branch
// with errors.Is.
var (
	ErrSyntax          = errors.New("syntax error")                   // the text does not parse
	ErrForbidden       = errors.New("not allowed")                    // a refused construct or a `_` name
	ErrUnknownFunction = funcs.ErrUnknownFunction                     // a call of a function not in the list
	ErrArity           = funcs.ErrArity                               // a call with the wrong number of values
	ErrType            = value.ErrType                                // arithmetic or a function on the wrong kind of value
	ErrValue           = value.ErrValue                               // a value a function cannot use, e.g. number('abc')
	ErrLimit           = value.ErrLimit                               // length, depth, size and budget limits
	ErrBudget          = value.ErrBudget                              // the evaluation's work budget; errors.Is(err, ErrLimit) holds too
	ErrTooLong         = value.ErrTooLong                             // a text built past the size cap (scope.WithMaxSize); errors.Is(err, ErrLimit) holds too
	ErrDivisionByZero  = value.ErrDivisionByZero                      // / or % by zero
	ErrData            = value.ErrData                                // host data of a kind the library does not read
	ErrCondition       = errors.New("not a condition")                // a malformed condition line
	ErrUnclosed        = value.NewKind("${ is not closed", ErrSyntax) // a ${ without its }; errors.Is(err, ErrSyntax) holds too
	ErrInternal        = errors.New("internal error in expressions")  // a bug: a recovered panic or a parser failure
	// errUnclosedCond is a ${ without its } in a condition line: a
	// malformed line (ErrCondition) that errors.Is also tells as
	// ErrUnclosed.
	errUnclosedCond error = unclosedCond{}
	// The kinds of warnings that sample data shows (Severity Warning).
	ErrMissingKey = errors.New("not in the sample data")          // a lookup whose variable or key is not in the sample
	ErrNotNumber  = errors.New("not a number in the sample data") // a side of < > <= >= that is not a number in the sample
)

type unclosedCond struct{}

func (unclosedCond) Error() string        { return "${ is not closed" }
func (unclosedCond) Is(target error) bool { return target == ErrUnclosed }
func (unclosedCond) Unwrap() error        { return ErrCondition }

// Severity tells a problem that fails from a warning.
type Severity uint8

// The severities of a diagnostic.
const (
	SeverityError   Severity = iota // the template or condition fails, or would
	SeverityWarning                 // something sample data shows may go wrong
)

// String is "error" or "warning".
func (s Severity) String() string {
	if s == SeverityWarning {
		return "warning"
	}
	return "error"
}

// Error is the one diagnostic type of the package: an error of compiling
// or evaluating, or a warning. Error() is `${<Expr>}: <Reason>` for a
// problem in a placeholder, `condition: <Reason>` for a problem of a
// condition line as a whole, and `condition: ${<Expr>}: <Reason>` for a
// problem of a placeholder in a condition line (InCondition), so that
// every error of a condition starts with `condition:` (D37); the text
// echoed is cut and cleaned so that the message is one line of valid
// UTF-8 that is safe to print.
type Error struct {
	// Expr is the text inside ${...} exactly as written, or for a condition
	// problem the condition line.
	Expr string
	// Reason says what is wrong, for a flow author. It names no Go type.
	Reason string
	// Detail, when set, says more for the Go programmer (it may name a Go
	// type, e.g. of host data the library does not read).
	Detail string
	// Offset and End are the byte offsets in Expr where the problem starts
	// and ends (End > Offset; a problem at a point has End = Offset+1, or
	// Offset at the end of Expr).
	Offset, End int
	// Line and Column (1-based; the column counts characters, not bytes)
	// locate the start of the problem in the template or condition line it
	// came from; EndLine and EndColumn its end (exclusive). They are 0 when
	// the error was made without one.
	Line, Column, EndLine, EndColumn int
	// Kind is the sentinel the error wraps (ErrSyntax, ErrLimit, ...).
	Kind error
	// Severity is SeverityError, or SeverityWarning for a warning.
	Severity Severity
	// Cond is true when the problem is the condition line itself rather
	// than a placeholder in it.
	Cond bool
	// InCondition is true for a problem of a placeholder inside a
	// condition line: Error() then puts `condition: ` before the `${...}`,
	// so that every error of a condition starts with it (D37).
	InCondition bool
	// Template is true for a limit of the template text as a whole (D35:
	// its size, its number of placeholders), and for the stop of a shared
	// evaluation (Evaluator.Begin: its budget spent, its context done)
	// met at a text without placeholders; neither is a placeholder:
	// Expr is the whole text, and Error() names it by its start, quoted
	// and cut as every echo is (D37), with no ${ that the author did not
	// write: `'aaaa…': the text is longer than 1 MiB (1048577 bytes)`.
	Template bool
	// Subject, for a warning about a lookup, is the lookup as written
	// (`row.Frist Name`); for an error, the part of Expr the reason is
	// about, when the reason is a warning's too (`N/A`, D44); else "".
	Subject string
}

// Error implements error. An error with a Subject says it before the
// reason, as its warning does: `${default(x, N/A)}: N/A: this is read as
// arithmetic of variables, ...`.
func (e *Error) Error() string {
	if e == nil {
		return "no error (a nil *Error)"
	}
	reason := e.Reason
	if e.Subject != "" && e.Severity == SeverityError {
		reason = echo.Text(e.Subject) + ": " + reason
	}
	if e.Cond {
		return "condition: " + reason
	}
	if e.Template {
		return echo.Quote(e.Expr) + ": " + reason
	}
	if e.InCondition {
		return "condition: ${" + echo.Text(e.Expr) + "}: " + reason
	}
	return "${" + echo.Text(e.Expr) + "}: " + reason
}

// inCondition marks the problems of err, errors of the placeholders of a
// condition line, as InCondition (D37). Each *Error is copied, not
// changed: a side's problems are kept with its compiled template, which a
// field with the same text may share through the cache.
func inCondition(err error) error {
	switch e := err.(type) {
	case nil:
		return nil
	case *Error:
		if e.Cond || e.InCondition {
			return e
		}
		c := *e
		c.InCondition = true
		return &c
	case ErrorList:
		out := make(ErrorList, len(e))
		for i, x := range e {
			out[i] = inCondition(x).(*Error)
		}
		return out
	}
	return err
}

// inConditionList is inCondition for a list of problems.
func inConditionList(l []*Error) []*Error {
	if len(l) == 0 {
		return l
	}
	return inCondition(ErrorList(l)).(ErrorList)
}

// Unwrap returns the error's kind (nil for a nil *Error).
func (e *Error) Unwrap() error {
	if e == nil {
		return nil
	}
	return e.Kind
}

// ErrorList is a list of problems sorted by position, as a strict Compile
// returns them. errors.As(err, &list) gives the list, and errors.As to an
// *Error its first item; errors.Is matches the kind of any item.
type ErrorList []*Error

// Error is the first problem, and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no problems"
	case 1:
		return l[0].Error()
	}
	return l[0].Error() + " (and " + strconv.Itoa(len(l)-1) + " more)"
}

// Unwrap returns the items, for errors.Is and errors.As; a nil item is
// left out.
func (l ErrorList) Unwrap() []error {
	out := make([]error, 0, len(l))
	for _, e := range l {
		if e != nil {
			out = append(out, e)
		}
	}
	return out
}

// Sort sorts the list by line and column, errors before warnings at the
// same place, and drops repeats of the same problem at the same place,
// and nil items. A nil *ErrorList is left alone.
func (l *ErrorList) Sort() {
	if l == nil {
		return
	}
	if slices.Contains(*l, nil) {
		*l = slices.DeleteFunc(*l, func(e *Error) bool { return e == nil })
	}
	es := *l
	if len(es) < 2 {
		return // sorted, and no repeats (sort.SliceStable would allocate)
	}
	sort.SliceStable(es, func(i, j int) bool {
		a, b := es[i], es[j]
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Column != b.Column {
			return a.Column < b.Column
		}
		return a.Severity < b.Severity
	})
	out := es[:0]
	for _, e := range es {
		// A repeat, or a warning that says what an error at the same
		// place says (errors sort first), is dropped: one line per problem
		// (D32).
		if n := len(out); n > 0 && (same(e, out[n-1]) || e.Severity == SeverityWarning && sameText(e, out[n-1])) {
			continue
		}
		out = append(out, e)
	}
	clear(es[len(out):])
	*l = out
}

func same(a, b *Error) bool {
	return a.Severity == b.Severity && sameText(a, b)
}

// sameText reports whether a and b say the same at the same place,
// whatever their severity.
func sameText(a, b *Error) bool {
	return a.Line == b.Line && a.Column == b.Column &&
		a.Reason == b.Reason && a.Expr == b.Expr && a.Cond == b.Cond
}

// newError makes an Error about expr at offset off.
func newError(expr string, off int, kind error, reason string) *Error {
	return &Error{Expr: expr, Reason: reason, Offset: off, End: pointEnd(expr, off), Kind: kind}
}

// spanError makes an Error about expr[from:to].
func spanError(expr string, from, to int, kind error, reason string) *Error {
	e := newError(expr, from, kind, reason)
	if to > from && to <= len(expr) {
		e.End = to
	}
	return e
}

// pointEnd is the end of a problem at one point: the character there.
func pointEnd(expr string, off int) int {
	if off < 0 || off >= len(expr) {
		return max(off, 0)
	}
	end := off + 1
	for end < len(expr) && expr[end]&0xC0 == 0x80 {
		end++
	}
	return end
}

// wrapFailure turns an error from package value or funcs into an Error
// about expr at offset off.
func wrapFailure(expr string, off int, err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	var f *value.Failure
	if errors.As(err, &f) {
		out := newError(expr, off, f.Kind, f.Reason)
		if value.StopsEvaluation(f) {
			// A spent budget or a done context stops the whole
			// evaluation, not the part that happened to charge last: the
			// error spans the expression, in one place on every row, so
			// that a flow's run lists a field that fails so once (D43).
			out.Offset, out.End = 0, len(expr)
		}
		out.Detail = failureDetail(f)
		return out
	}
	out := newError(expr, off, ErrInternal, "internal error; please report it")
	out.Detail = err.Error()
	return out
}

// spanFailure is wrapFailure for a failure of expr[from:to] as a whole (a
// call whose function failed): the error spans it, so that an editor
// underlines the call, not its first letter. An *Error from inside it
// keeps its own place.
func spanFailure(expr string, from, to int, err error) *Error {
	var e *Error
	if errors.As(err, &e) {
		return e
	}
	out := wrapFailure(expr, from, err)
	if to > from && to <= len(expr) && !value.StopsEvaluation(err) {
		out.End = to
	}
	return out
}

// itemFailure names the item at fault in a failure of unsupported data
// reached inside a list or dictionary (value.Failure.Item): what, the
// expression that gave the value as written, with the item's steps after
// it, before the reason: `f` and "[1]" give "f[1]: unsupported data", and
// with a function's name fn, "join: f[1]: unsupported data". This is the
// one place that names such an item, for every path that shows, joins or
// compares a whole list or dictionary; a path read step by step (f[1],
// m.k) is named by dataError. Detail, the Go type for the programmer,
// stays. Any other error is returned as it is.
func itemFailure(fn, what string, err error) error {
	f, ok := err.(*value.Failure)
	if !ok || f.Item == "" {
		return err
	}
	g := *f
	g.Reason = echo.Text(strings.TrimSpace(what)+f.Item) + ": " + f.Reason
	if fn != "" {
		g.Reason = fn + ": " + g.Reason
	}
	g.Item = ""
	return &g
}

// failureDetail is what a failure says for the Go programmer.
func failureDetail(f *value.Failure) string { return f.Detail }

// dataError is a problem with the host data read at what (a name or a
// path), keeping the kind the value package gave it (ErrData, ErrLimit).
func dataError(expr string, off int, what string, err error) *Error {
	e := wrapFailure(expr, off, err)
	if e.Kind == ErrInternal {
		e.Kind = ErrData
	}
	e.Reason = echo.Text(what) + ": " + e.Reason
	return e
}

// internalError is the error of a recovered panic: a bug, never the flow
// author's fault. The panic value goes into Detail for the programmer.
func internalError(expr string, r any) *Error {
	e := newError(expr, 0, ErrInternal, "internal error; please report it")
	e.Detail = panicText(r)
	return e
}

func panicText(r any) string {
	switch x := r.(type) {
	case error:
		return "panic: " + x.Error()
	case string:
		return "panic: " + x
	}
	return "panic"
}

// quote shows a piece of data in a message (D37).
func quote(s string) string { return echo.Quote(s) }

// short shows a piece of the expression in a message (D37).
func short(s string) string { return echo.Text(s) }

// sizeText names a byte count: 1 MiB, 64 KiB, 1000 bytes.
func sizeText(n int) string { return value.SizeText(n) }

// lines locates byte offsets of one text by line and character column,
// from ast's index of its line starts, built once per text.
type lines struct {
	idx *ast.LineIndex
}

func newLines(text string) *lines { return &lines{idx: ast.NewLineIndex(text)} }

// pos returns the 1-based line and character column of byte offset at.
func (l *lines) pos(at int) (line, col int) { return l.idx.Position(at) }

func runeCount(s string) int { return utf8.RuneCountInString(s) }

// locate sets the line and column fields of e from the offsets of its
// start and end in the text of l, where Expr starts at byte base.
func (l *lines) locate(e *Error, base int) *Error {
	if e.Line != 0 {
		return e
	}
	e.Line, e.Column = l.pos(base + e.Offset)
	e.EndLine, e.EndColumn = l.pos(base + max(e.End, e.Offset))
	return e
}

// nilTemplate and nilCondition are the errors of a method called on a nil
// *Template or *Condition: a bug of the host, told as an error rather
// than a panic.
func nilTemplate() *Error {
	return &Error{Reason: "no template to evaluate (a nil *Template; make one with Compile)", Kind: ErrInternal}
}

func nilCondition() *Error {
	return &Error{Reason: "no condition to test (a nil *Condition; make one with CompileCondition)", Kind: ErrInternal, Cond: true}
}

// untestable reports whether c is nil or the zero Condition, which
// CompileCondition never returns (it has no parts to test): small enough
// to inline where every test asks it, before the call of noCondition.
func untestable(c *Condition) bool { return c == nil || c.root == nil }

// noCondition is the error of testing c when it is untestable.
func noCondition(c *Condition) *Error {
	if c == nil {
		return nilCondition()
	}
	return &Error{Reason: "no condition to test (a zero Condition; make one with CompileCondition)", Kind: ErrInternal, Cond: true}
}

// zeroPlaceholder is the error of evaluating a Placeholder that no
// template holds (the zero Placeholder, or one built by the host).
func zeroPlaceholder(ph Placeholder) *Error {
	return &Error{Expr: ph.Text, Reason: "no placeholder to evaluate (a zero Placeholder; take one from Template.Placeholders)", Kind: ErrInternal}
}
