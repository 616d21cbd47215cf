package eval

import "strings"

// This file exports what tools that check whole files, such as the flow
// validator, need besides ScanPlaceholders (scan.go).

// UnclosedError is the problem that Template.Problems reports for the `${`
// at byte offset off of text when it has no closing `}`: the expression is
// the rest of the text after `${`, and the position is that of the `${`.
func UnclosedError(text string, off int) *Error {
	e := unclosedError(text, off)
	e.locate(text, off)
	return e
}

// unclosedError is UnclosedError without the line and column.
func unclosedError(text string, off int) *Error {
	if off < 0 {
		off = 0
	}
	if off > len(text) {
		off = len(text)
	}
	rest := ""
	if off+2 <= len(text) {
		rest = text[off+2:]
	}
	// The rest of the line, and never more than an expression may hold:
	// the work per unclosed ${ stays bounded however long the line is.
	if len(rest) > maxBytes {
		rest = rest[:maxBytes]
	}
	if i := strings.IndexByte(rest, '\n'); i >= 0 {
		rest = strings.TrimRight(rest[:i], "\r")
	}
	reason := reasonUnclosed
	// Shown as `${<rest>}`: what the author wrote, without doubling the
	// brace that the open quote swallowed.
	rest = strings.TrimSuffix(rest, "}")
	if q := openQuote(rest); q != 0 {
		reason = "${ is not closed: the quote " + string(q) + " in it is not closed, so the } after it is taken as text"
	}
	return newError(rest, 0, ErrSyntax, reason)
}

// openQuote returns the quote left open at the end of s, or 0.
func openQuote(s string) byte {
	var q byte
	for i := 0; i < len(s); {
		q, i = quoteStep(s, i, q)
	}
	return q
}

// reasonUnclosed is the reason of a `${` without its `}` in a template.
const reasonUnclosed = "${ is not closed; add the closing }"
