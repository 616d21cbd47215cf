// Package echo writes text taken from a flow or its data into a message
// (decision D37): cut to at most Max characters with "…", with control
// characters, bidi and other format characters, line and paragraph
// separators and invalid UTF-8 written as escapes (\n, \u202e, \x88), so
// that every message is valid UTF-8, one line, short and safe to print to
// a terminal whatever the flow or the data holds.
//
// It is the only place that rule lives: every package that echoes text in
// a message calls it.
package echo

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Max is the most characters of echoed text a message shows (D37).
const Max = 120

// Ellipsis marks text that was cut.
const Ellipsis = "…"

// Text returns s ready to stand in a message: at most Max characters,
// each unsafe character written as an escape that counts with all its
// characters (\u202e is six), and the last of them replaced by Ellipsis
// when s does not fit. It reads at most Max+1 characters of s, so its
// cost does not depend on the length of s.
func Text(s string) string { return Cut(s, Max) }

// Cut is Text with another limit, for the few messages that show less
// (n < 1 is taken as 1).
func Cut(s string, n int) string {
	if n < 1 {
		n = 1
	}
	if safePrefix(s, n) {
		return s
	}
	// Does all of s fit, escapes and all? Then it is written whole;
	// otherwise as much as fits before the Ellipsis.
	width, all := 0, true
	for i := 0; i < len(s); {
		p, size := piece(s, i)
		if width += utf8.RuneCountInString(p); width > n {
			all = false
			break
		}
		i += size
	}
	room := n
	if !all {
		room = n - 1
	}
	// end is where the echo stops in s: where the room is full, or, when
	// that is inside a letter's marks, before the letter (base), so that a
	// cut never shows a letter without its tone mark or accent. A text
	// that is one letter and its marks up to the cut is cut inside them.
	width, end, base := 0, 0, 0
	for i := 0; i < len(s); {
		p, size := piece(s, i)
		w := utf8.RuneCountInString(p)
		mark := markAt(s, i)
		if width+w > room {
			if mark && base > 0 {
				end = base
			}
			break
		}
		if !mark {
			base = i
		}
		width += w
		i += size
		end = i
	}
	var b strings.Builder
	b.Grow(min(end, 4*n) + len(Ellipsis))
	for i := 0; i < end; {
		p, size := piece(s, i)
		b.WriteString(p)
		i += size
	}
	if !all {
		b.WriteString(Ellipsis)
	}
	return b.String()
}

// markAt reports whether the character at byte i of s is a Mark.
func markAt(s string, i int) bool {
	if s[i] < utf8.RuneSelf {
		return false
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	return !(r == utf8.RuneError && size == 1) && IsMark(r)
}

// IsMark reports whether r belongs to the letter before it, so that a cut
// of text (here, and by terminal width in a table) keeps them together: a
// combining mark (Unicode's categories Mn, Mc, Me: a Thai vowel or tone
// mark above or below its letter, an accent written apart) or the Thai
// and Lao SARA AM, which Unicode's grapheme clusters join to their letter
// too.
func IsMark(r rune) bool {
	return r == '\u0e33' || r == '\u0eb3' || r >= 0x300 && unicode.In(r, unicode.Mn, unicode.Mc, unicode.Me)
}

// piece is what stands in a message for the character of s at byte i:
// the character itself, or its escape; size is its length in s.
func piece(s string, i int) (p string, size int) {
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && size == 1:
		return `\x` + string(hexDigits[s[i]>>4]) + string(hexDigits[s[i]&0xf]), 1
	case !unsafe(r):
		return s[i : i+size], size
	case r == '\n':
		return `\n`, size
	case r == '\r':
		return `\r`, size
	case r == '\t':
		return `\t`, size
	}
	h := strconv.FormatInt(int64(r), 16)
	return `\u` + strings.Repeat("0", max(0, 4-len(h))) + h, size
}

// Quote is Text in single quotes: 'abc'.
func Quote(s string) string { return "'" + Text(s) + "'" }

// Clean writes every unsafe character of s as an escape, as Text does,
// without cutting it. For text that is already bounded (a reason built
// from bounded pieces).
func Clean(s string) string { return Cut(s, 6*len(s)+1) } // an escape is at most 6 characters a byte

const hexDigits = "0123456789abcdef"

// unsafe reports whether r must be written as an escape: control
// characters, format characters (bidi controls among them), line and
// paragraph separators.
func unsafe(r rune) bool {
	if r < utf8.RuneSelf {
		return r < 0x20 || r == 0x7f
	}
	return (r >= 0x80 && r < 0xa0) || r == '\u2028' || r == '\u2029' || unicode.Is(unicode.Cf, r)
}

// safePrefix reports whether s has at most n characters and none of them
// needs an escape: the common case, which needs no copy.
func safePrefix(s string, n int) bool {
	count := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c < 0x20 || c == 0x7f {
				return false
			}
			i++
		} else {
			r, size := utf8.DecodeRuneInString(s[i:])
			if (r == utf8.RuneError && size == 1) || unsafe(r) {
				return false
			}
			i += size
		}
		count++
		if count > n {
			return false
		}
	}
	return true
}

// FirstInvalid is the byte offset of the first byte of s that is not part
// of valid UTF-8, or -1 when s is valid: the one reading of "not valid
// UTF-8" for parsers, data files and messages alike.
func FirstInvalid[T ~string | ~[]byte](s T) int {
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		var buf [utf8.UTFMax]byte
		n := copy(buf[:], s[i:min(i+utf8.UTFMax, len(s))])
		r, size := utf8.DecodeRune(buf[:n])
		if r == utf8.RuneError && size == 1 {
			return i
		}
		i += size
	}
	return -1
}

// UTF16 reports whether head, the start of a file, is text written in
// UTF-16 (what Windows calls "Unicode": Notepad's, and a spreadsheet's
// "Unicode Text"), not UTF-8: it starts with a UTF-16 byte-order mark (FF
// FE or FE FF), or its NUL bytes, two or more, are all at odd or all at
// even offsets, as UTF-16 writes every ASCII character (a comma, a line
// end, a digit) with a NUL beside it. Bytes with NULs at both (a binary
// file) or a lone NUL are not UTF-16 text. The one reading of "this is
// UTF-16" for flow files and data files alike.
func UTF16[T ~string | ~[]byte](head T) bool {
	if len(head) >= 2 && (head[0] == 0xff && head[1] == 0xfe || head[0] == 0xfe && head[1] == 0xff) {
		return true
	}
	var at [2]int
	for i := 0; i < len(head); i++ {
		if head[i] == 0 {
			at[i%2]++
		}
	}
	return at[0]+at[1] >= 2 && (at[0] == 0 || at[1] == 0)
}

// FewNamed is how many names a message lists before "and N more".
const FewNamed = 5

// Few lists the first FewNamed of n names, each as name(i) shows it,
// then "and N more": a list in a message stays short however many
// there are (sheets of a workbook, columns of a sheet).
func Few(n int, name func(i int) string) string {
	var b strings.Builder
	for i := range min(n, FewNamed) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(name(i))
	}
	if n > FewNamed {
		b.WriteString(", and " + strconv.Itoa(n-FewNamed) + " more")
	}
	return b.String()
}
