package lsp

import (
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

// findingRange is the range of a finding in the document's lines: from its
// line and column to the end of what it is about. It derives the end by a
// small scan of the line: a finding at `${` covers the placeholder (to the
// end of the line when it is not closed); at a function name or key, that
// name (a missing key written with spaces, such as `Frist Name`, whole); at
// the start of the expression it quotes, that expression; at a quote, the
// text literal; at an operator, the operator; otherwise one character.
//
// The lead is adding end positions to flow.Finding; this function is the
// one place to switch to them.
func findingRange(text []string, f flow.Finding) protocol.Range {
	if len(text) == 0 {
		return protocol.Range{}
	}
	li := min(max(f.Line-1, 0), len(text)-1)
	line := text[li]
	base := 0
	if li == 0 && strings.HasPrefix(line, "\uFEFF") {
		base = len("\uFEFF") // package flow drops a byte order mark before counting
	}
	start := base + byteOfColumn(line[base:], f.Column)
	end := start + extent(line[start:], f)
	return protocol.Range{Start: position(text, li, start), End: position(text, li, end)}
}

// extent is the length in bytes of what a finding at the start of rest is
// about.
func extent(rest string, f flow.Finding) int {
	if rest == "" {
		return 0
	}
	r, size := utf8.DecodeRuneInString(rest)
	switch {
	case strings.HasPrefix(rest, "${"):
		if spans, _ := eval.ScanPlaceholders(rest); len(spans) > 0 && spans[0].Start == 2 {
			return spans[0].End + 1
		}
		return len(rest)
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
				return i + 1
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
