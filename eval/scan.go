package eval

import (
	"strings"

	"github.com/kinenix/expressions/ast"
)

// A segment of a template: literal text from start to end, or a
// placeholder whose inner text runs from start to end (the bytes between
// `${` and `}`).
type segment struct {
	lit        string
	start, end int
	isExpr     bool
}

// scanTemplate splits text into literal segments and placeholders by D18,
// as ScanPlaceholders finds them. A `${` without its `}` stays literal text;
// its offset is returned so validation can report it.
func scanTemplate(text string) (segs []segment, unclosed []int) {
	spans, unclosed := ScanPlaceholders(text)
	if len(spans) > 0 || text != "" {
		segs = make([]segment, 0, 2*len(spans)+1) // each placeholder, the text before it, the rest
	}
	lit := 0
	for _, sp := range spans {
		if open := sp.Start - 2; open > lit {
			segs = append(segs, segment{lit: text[lit:open], start: lit, end: open})
		}
		segs = append(segs, segment{start: sp.Start, end: sp.End, isExpr: true})
		lit = sp.End + 1
	}
	if lit < len(text) {
		segs = append(segs, segment{lit: text[lit:], start: lit, end: len(text)})
	}
	return segs, unclosed
}

// Span is one placeholder found by ScanPlaceholders: its inner text is
// text[Start:End], the bytes between `${` and `}`.
type Span struct {
	Start, End int
}

// ScanPlaceholders finds the placeholders of text exactly as Compile does
// (D18): a placeholder starts at `${` and ends at the first `}` outside
// quotes; inside quotes a backslash escapes the next character;
// parentheses and brackets are not counted. It also returns the byte offset
// of each `${` that is not closed, which Compile leaves as literal text and
// Template.Problems reports.
//
// Unlike Compile it takes time linear in the length of text, however many
// `${` are left open: once a search for the closing `}` from some position
// and quote state has reached the end of the text, a later search that
// arrives at the same position in the same state stops there.
func ScanPlaceholders(text string) (spans []Span, unclosed []int) {
	var dead []uint8 // per byte: the quote states known to reach the end unclosed
	i := 0
	for {
		j := strings.Index(text[i:], "${")
		if j < 0 {
			break
		}
		open := i + j
		end, ok := closeBraceLinear(text, open+2, dead)
		if !ok {
			if dead == nil {
				dead = make([]uint8, len(text))
			}
			markDead(text, open+2, dead)
			unclosed = append(unclosed, open)
			i = open + 2
			continue
		}
		spans = append(spans, Span{Start: open + 2, End: end})
		i = end + 1
	}
	return spans, unclosed
}

// quoteBit is the bit of a quote state in the dead table: outside quotes,
// inside '...', inside "...".
func quoteBit(q byte) uint8 {
	switch q {
	case '\'':
		return 2
	case '"':
		return 4
	}
	return 1
}

// closeBraceLinear is closeBrace that stops as soon as it reaches a
// position and quote state recorded in dead (dead may be nil).
func closeBraceLinear(text string, from int, dead []uint8) (int, bool) {
	var q byte
	for i := from; i < len(text); {
		if dead != nil && dead[i]&quoteBit(q) != 0 {
			return 0, false
		}
		if q == 0 && text[i] == '}' {
			return i, true
		}
		q, i = ast.QuoteStep(text, i, q)
	}
	return 0, false
}

// markDead walks the same search as closeBraceLinear, which failed, and
// records each position and quote state it examined, up to the first one
// already recorded.
func markDead(text string, from int, dead []uint8) {
	var q byte
	for i := from; i < len(text); {
		bit := quoteBit(q)
		if dead[i]&bit != 0 {
			return
		}
		dead[i] |= bit
		q, i = ast.QuoteStep(text, i, q)
	}
}

// unclosedError is the problem of the `${` at byte offset off of text
// when it has no closing `}` (D18): the expression is the rest of the
// line after `${`, and the position is that of the `${`.
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
	if q := ast.OpenQuote(rest); q != 0 {
		reason = ast.UnclosedQuote(rest, q)
	} else if fixed, ok := ast.WideBrace(rest); ok {
		reason = ast.WideBraceReason + short(fixed)
	}
	e := newError(rest, 0, ErrUnclosed, reason)
	e.End = 2 // the `${` itself, where the error is placed
	return e
}

// reasonUnclosed is the reason of a `${` without its `}` in a template.
const reasonUnclosed = "${ is not closed; add the closing }"
