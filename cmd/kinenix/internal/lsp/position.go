package lsp

import (
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/flow"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Positions. The flow package counts columns in characters (code points);
// LSP counts them in UTF-16 code units (its default position encoding, the
// only one of LSP 3.16), so a Thai letter is one unit and an emoji two.
// Lines are split as package flow splits them: at "\n", with a "\r" before
// it dropped.

// splitLines splits a document into its lines, without line ends. Unlike
// flow's reading of a file it keeps the empty line after a last line end:
// an editor puts its cursor, and its edits, there.
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

// findingRange is the range of a finding in the document's lines: from
// its Line and Column to its EndLine and EndColumn, the span of the
// problem as eval knows it (flow.Finding), in UTF-16 positions. A
// position past its line is clamped to the line's end; an end before the
// start (a finding made without one) is the start.
func findingRange(text []string, f flow.Finding) protocol.Range {
	return newRanger(text).findingRange(f)
}

// ranger converts the findings of one document, in their order (sorted by
// line and column), in time linear in the document: it counts on from the
// last position it converted, one count for the starts and one for the
// ends (which may come before the last end, for nested findings).
type ranger struct {
	text       []string
	start, end columns
}

func newRanger(text []string) *ranger {
	return &ranger{text: text, start: columns{li: -1}, end: columns{li: -1}}
}

func (r *ranger) findingRange(f flow.Finding) protocol.Range {
	if len(r.text) == 0 {
		return protocol.Range{}
	}
	last := len(r.text) - 1
	li := min(max(f.Line-1, 0), last)
	start := protocol.Position{Line: uint32(li), Character: uint32(r.start.at(r.text, li, f.Column))}
	end := start
	if eli := f.EndLine - 1; eli > li || eli == li && f.EndColumn > f.Column {
		eli = min(eli, last)
		end = protocol.Position{Line: uint32(eli), Character: uint32(r.end.at(r.text, eli, f.EndColumn))}
	}
	return protocol.Range{Start: start, End: end}
}

// columns converts 1-based character columns (package flow's) of the
// document's lines to UTF-16 offsets, counting on from the last one it
// converted when the next is on the same line and not before it.
type columns struct {
	li int // the line of the known position, -1 before the first
	// off, col and u16 are a byte offset of line li, its 1-based character
	// column and its UTF-16 offset.
	off, col, u16 int
	// steps counts the characters stepped over, for tests.
	steps int
}

// at is the UTF-16 offset of character column col of line li, clamped to
// the line.
func (c *columns) at(text []string, li, col int) int {
	line := text[li]
	if li != c.li || col < c.col {
		c.li, c.off, c.col, c.u16 = li, 0, 1, 0
		if li == 0 && strings.HasPrefix(line, "\uFEFF") {
			// Package flow drops a byte order mark before counting.
			c.off, c.u16 = len("\uFEFF"), 1
		}
	}
	for c.col < col && c.off < len(line) {
		r, size := utf8.DecodeRuneInString(line[c.off:])
		c.off += size
		c.steps++
		c.col++
		c.u16++
		if r >= 0x10000 {
			c.u16++
		}
	}
	return c.u16
}
