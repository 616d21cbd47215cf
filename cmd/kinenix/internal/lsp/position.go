package lsp

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Positions. The flow package counts columns in characters (code points);
// LSP counts them in UTF-16 code units (its default position encoding, the
// only one of LSP 3.16), so a Thai letter is one unit and an emoji two.
// Lines are split as package flow splits them: at "\n", with a "\r" before
// it dropped.

// splitLines splits a document into its lines, without line ends.
func splitLines(text string) []string {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}

// utf16Len is the length of s in UTF-16 code units.
func utf16Len(s string) int {
	n := 0
	for _, r := range s {
		if r >= 0x10000 {
			n += 2
		} else {
			n++
		}
	}
	return n
}

// byteOfUTF16 returns the byte offset in line of UTF-16 position u, clamped
// to the line; a position inside a surrogate pair counts as the start of
// its character.
func byteOfUTF16(line string, u int) int {
	n := 0
	for i, r := range line {
		w := 1
		if r >= 0x10000 {
			w = 2
		}
		if n+w > u {
			return i
		}
		n += w
	}
	return len(line)
}

// byteOfColumn returns the byte offset in line of 1-based character column
// col, clamped to the line.
func byteOfColumn(line string, col int) int {
	n := 1
	for i := range line {
		if n >= col {
			return i
		}
		n++
	}
	return len(line)
}

// position is the LSP position of byte offset off in line number li.
func position(lines []string, li, off int) protocol.Position {
	return protocol.Position{Line: uint32(li), Character: uint32(utf16Len(lines[li][:off]))}
}

// maxScan bounds the scans of findingRange past a finding's start, in
// bytes: no expression is longer than eval.MaxLength characters of at most
// four bytes, so nothing it is about ends later (except an unclosed ${,
// which runs to the end of the line).
const maxScan = 4 * eval.MaxLength

// findingRange is the range of a finding in the document's lines: from its
// line and column to the end of what it is about. It derives the end by a
// small scan of the line: a finding at `${` covers the placeholder (to the
// end of the line when it is not closed); at a function name or key, that
// name (a missing key written with spaces, such as `Frist Name`, whole); at
// the start of the expression it quotes, that expression; at a quote, the
// text literal; at an operator, the operator; otherwise one character.
//
// The lead is adding end positions to flow.Finding; this function (with
// ranger.findingRange, which does the work) is the one place to switch to
// them.
func findingRange(text []string, f flow.Finding) protocol.Range {
	return newRanger(text).findingRange(f)
}

// ranger converts the findings of one document, in their order (sorted by
// line and column), in time linear in the document: it counts on from the
// last position it converted, and scans the placeholders of a line once.
type ranger struct {
	text []string
	li   int // the line of the known position, -1 before the first
	// off, col and u16 are a byte offset of line li, its 1-based character
	// column and its UTF-16 offset.
	off, col, u16 int
	scanned       bool // spans and open hold line li's placeholders
	spans         []eval.Span
	open          []int
	lineU16       int // the UTF-16 length of line li, -1 until needed
}

func newRanger(text []string) *ranger { return &ranger{text: text, li: -1} }

func (r *ranger) findingRange(f flow.Finding) protocol.Range {
	if len(r.text) == 0 {
		return protocol.Range{}
	}
	li := min(max(f.Line-1, 0), len(r.text)-1)
	line := r.text[li]
	if li != r.li {
		r.li, r.scanned, r.lineU16 = li, false, -1
		r.off, r.col, r.u16 = 0, 1, 0
		if li == 0 && strings.HasPrefix(line, "\uFEFF") {
			// Package flow drops a byte order mark before counting.
			r.off, r.u16 = len("\uFEFF"), 1
		}
	}
	if f.Column < r.col {
		r.off, r.col, r.u16 = 0, 1, 0
		if li == 0 && strings.HasPrefix(line, "\uFEFF") {
			r.off, r.u16 = len("\uFEFF"), 1
		}
	}
	// Count on to the finding's column.
	for r.col < f.Column && r.off < len(line) {
		c, size := utf8.DecodeRuneInString(line[r.off:])
		r.off += size
		r.col++
		r.u16++
		if c >= 0x10000 {
			r.u16++
		}
	}
	start, startU16 := r.off, r.u16
	var end, endU16 int
	if strings.HasPrefix(line[start:], "${") {
		end = r.placeholderEnd(line, start)
	} else {
		end = start + extent(line[start:min(len(line), start+maxScan)], f)
	}
	if end == len(line) {
		if r.lineU16 < 0 {
			r.lineU16 = startU16 + utf16Len(line[start:])
		}
		endU16 = r.lineU16
	} else {
		endU16 = startU16 + utf16Len(line[start:end])
	}
	return protocol.Range{
		Start: protocol.Position{Line: uint32(li), Character: uint32(startU16)},
		End:   protocol.Position{Line: uint32(li), Character: uint32(endU16)},
	}
}

// placeholderEnd is where the placeholder whose `${` is at byte offset
// start of line ends: after its `}`, or at the end of the line when it is
// not closed. The line is scanned once, as Compile scans it (D18).
func (r *ranger) placeholderEnd(line string, start int) int {
	if !r.scanned {
		r.spans, r.open = eval.ScanPlaceholders(line)
		r.scanned = true
	}
	i := sort.Search(len(r.spans), func(i int) bool { return r.spans[i].Start >= start+2 })
	if i < len(r.spans) && r.spans[i].Start == start+2 {
		return r.spans[i].End + 1
	}
	return len(line)
}

// extent is the length in bytes of what a finding at the start of rest is
// about; rest does not start with `${`.
func extent(rest string, f flow.Finding) int {
	if rest == "" {
		return 0
	}
	r, size := utf8.DecodeRuneInString(rest)
	switch {
	case isWordRune(r) && f.Kind != "unknown-function" && f.Kind != "arity" && f.Kind != "missing-key" &&
		f.Expr != "" && strings.HasPrefix(rest, f.Expr):
		return len(f.Expr)
	case isWordRune(r):
		n := wordLen(rest)
		if f.Kind == "missing-key" {
			// A key written with spaces: the words up to the end of the
			// placeholder.
			for n < len(rest) && rest[n] == ' ' {
				sp := n
				for sp < len(rest) && rest[sp] == ' ' {
					sp++
				}
				w := wordLen(rest[sp:])
				if w == 0 {
					break
				}
				n = sp + w
			}
		}
		return n
	case r == '\'' || r == '"':
		for i := 1; i < len(rest); i++ {
			switch rest[i] {
			case '\\':
				i++
			case byte(r):
				return min(i+1, len(rest))
			}
		}
		return size
	case strings.ContainsRune("=!<>", r):
		n := 0
		for n < len(rest) && strings.IndexByte("=!<>", rest[n]) >= 0 {
			n++
		}
		return n
	}
	return size
}

// isWordRune reports whether r can be part of a name (D9: Unicode
// identifier rules; Thai vowel and tone marks are combining marks).
func isWordRune(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.In(r, unicode.Mn, unicode.Mc)
}

// wordLen is the length in bytes of the name at the start of s.
func wordLen(s string) int {
	for i, r := range s {
		if !isWordRune(r) {
			return i
		}
	}
	return len(s)
}

// wordStart is the byte offset where the name that ends at off in s starts.
func wordStart(s string, off int) int {
	for off > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:off])
		if !isWordRune(r) {
			break
		}
		off -= size
	}
	return off
}
