package eval

import (
	"errors"
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/value"
)

// The kinds of failure. Every error the package returns is an *Error that
// wraps exactly one of them, so callers can branch with errors.Is.
var (
	ErrSyntax          = errors.New("syntax error")                  // the text does not parse
	ErrForbidden       = errors.New("not allowed")                   // a refused construct (D12) or a `_` name (D9)
	ErrUnknownFunction = funcs.ErrUnknownFunction                    // a call of a function not in the list (D14)
	ErrArity           = funcs.ErrArity                              // a call with the wrong number of values (D15)
	ErrType            = value.ErrType                               // arithmetic or a function on the wrong kind of value (D7)
	ErrValue           = value.ErrValue                              // a value a function cannot use, e.g. number('abc')
	ErrLimit           = value.ErrLimit                              // length, depth or size limits (D17)
	ErrDivisionByZero  = value.ErrDivisionByZero                     // / or % by zero (D8)
	ErrData            = value.ErrData                               // host data of a kind the library does not read (D1)
	ErrCondition       = errors.New("not a condition")               // a malformed condition line (D31)
	errInternal        = errors.New("internal error in expressions") // a recovered panic; a bug
)

// Error is the one error type of the package (D16). Error() is
// `${<Expr>}: <Reason>` for a problem in a placeholder, and
// `condition: <Reason>` for a problem of a condition line as a whole.
type Error struct {
	// Expr is the text inside ${...} exactly as written, or for a condition
	// problem the condition line.
	Expr string
	// Reason says what is wrong, for a flow author.
	Reason string
	// Offset is the byte offset in Expr where the problem is.
	Offset int
	// Line and Column (1-based; the column counts characters, not bytes)
	// locate the problem in the template or condition line it came from.
	// They are 0 when the error was made without one.
	Line, Column int
	// Kind is the sentinel the error wraps (ErrSyntax, ErrLimit, ...).
	Kind error
	// Cond is true when the problem is the condition line itself rather
	// than a placeholder in it.
	Cond bool
	// whole is set for a problem of a template as a whole (its size), not
	// of one placeholder: Error() is `text: <Reason>`.
	whole bool
}

// Error implements error.
func (e *Error) Error() string {
	if e.Cond {
		return "condition: " + e.Reason
	}
	if e.whole {
		return "text: " + e.Reason
	}
	return "${" + e.Expr + "}: " + e.Reason
}

// Unwrap returns the error's kind.
func (e *Error) Unwrap() error { return e.Kind }

// newError makes an Error about expr at offset off.
func newError(expr string, off int, kind error, reason string) *Error {
	return &Error{Expr: expr, Reason: reason, Offset: off, Kind: kind}
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
		return newError(expr, off, f.Kind, f.Reason)
	}
	return newError(expr, off, errInternal, "internal error")
}

// dataError is a problem with the host data read at what (a name or a
// path), keeping the kind the value package gave it (ErrData, ErrLimit).
func dataError(expr string, off int, what string, err error) *Error {
	e := wrapFailure(expr, off, err)
	if e.Kind == errInternal {
		e.Kind = ErrData
	}
	e.Reason = short(what) + ": " + e.Reason
	return e
}

// locate sets e.Line and e.Column from the byte offset at in text.
func (e *Error) locate(text string, at int) {
	e.Line, e.Column = lineCol(text, at)
}

// lineCol returns the 1-based line and character column of byte offset at
// in text. A "\r\n" ends one line.
func lineCol(text string, at int) (line, col int) {
	if at > len(text) {
		at = len(text)
	}
	if at < 0 {
		at = 0
	}
	head := text[:at]
	line = 1 + strings.Count(head, "\n")
	if i := strings.LastIndexByte(head, '\n'); i >= 0 {
		head = head[i+1:]
	}
	return line, utf8.RuneCountInString(head) + 1
}

// short shows a piece of the expression in a message: at most 40
// characters, invalid UTF-8 replaced, so a reason stays short (G6) however
// long the operand is.
func short(s string) string {
	s = strings.ToValidUTF8(s, "\uFFFD")
	if utf8.RuneCountInString(s) <= 40 {
		return s
	}
	n := 0
	for i := range s {
		if n == 37 {
			return s[:i] + "..."
		}
		n++
	}
	return s
}

// quote shows a piece of data in a message: in single quotes, cut to 40
// characters, invalid UTF-8 replaced, so a message stays short and readable
// whatever the data holds.
func quote(s string) string {
	const max = 40
	var b strings.Builder
	b.WriteByte('\'')
	n := 0
	for _, r := range s {
		if n == max {
			b.WriteString("...")
			break
		}
		if r == '\n' {
			b.WriteString(`\n`)
		} else {
			b.WriteRune(r)
		}
		n++
	}
	b.WriteByte('\'')
	return b.String()
}
