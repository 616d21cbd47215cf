package ast

import "errors"

// SyntaxError is a text that the parser cannot read: an expression inside
// ${...} (package gen/exprparser) or a condition line (gen/condparser).
// Offset is the byte offset of the problem in the parsed text, between 0
// and its length; Reason says what is wrong, in words for a flow author.
type SyntaxError struct {
	Offset int
	Reason string
	// Fixed is the whole text the reason proposes to write instead, when
	// it proposes one (`part(x, '-', 1)` for `part(x, -, 1)`, D44), so that
	// a caller can check it further (D49); "" otherwise.
	Fixed string
}

// Error returns the reason.
func (e *SyntaxError) Error() string { return e.Reason }

// ErrInternal marks a failure that is a bug, not a mistake in the text: a
// panic inside the parser, a result of the wrong type, an error the parser
// does not know. Such an error wraps ErrInternal (errors.Is works) and
// carries the detail for a Go developer; it is never a *SyntaxError.
var ErrInternal = errors.New("internal error in expressions")
