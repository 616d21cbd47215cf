package value

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"
	"golang.org/x/text/transform"
)

// CaseMapping is a full Unicode case mapping (D33), as Python's
// str.upper() and str.lower() do it: one character may become several
// (upper('straße') is STRASSE, lower('İ') is i̇) and a final sigma is
// written ς (lower('ΟΔΥΣΣΕΥΣ') is οδυσσευς). The mapping itself is
// golang.org/x/text/cases, language-neutral. A byte that is not UTF-8
// becomes U+FFFD, as strings.ToUpper makes it, so the result is valid
// UTF-8; the text on each side of it is mapped on its own (it ends a word
// for the final sigma).
//
// The result may be longer than the text, so a caller that caps it asks
// Len first and builds it with Write only when it fits: neither allocates
// more than a few kilobytes of scratch besides what Write appends.
type CaseMapping uint8

// The case mappings.
const (
	Upper CaseMapping = iota + 1 // full upper-case mapping
	Lower                        // full lower-case mapping, with final sigma
)

// caser returns a new transformer of the mapping; a Caser holds state, so
// each use has its own.
func (c CaseMapping) caser() cases.Caser {
	if c == Upper {
		return cases.Upper(language.Und)
	}
	return cases.Lower(language.Und)
}

// Len is the length in bytes of s mapped, counted without building it.
func (c CaseMapping) Len(s string) int {
	if isASCII(s) {
		return len(s)
	}
	n := 0
	transformEach(c.caser(), s, func(p []byte) { n += len(p) }, func(byte) { n += len(replacement) })
	return n
}

// Write appends s mapped to b; b grows by exactly c.Len(s) bytes.
func (c CaseMapping) Write(b *strings.Builder, s string) {
	if isASCII(s) {
		for i := 0; i < len(s); i++ {
			ch := s[i]
			switch {
			case c == Upper && 'a' <= ch && ch <= 'z':
				ch -= 'a' - 'A'
			case c == Lower && 'A' <= ch && ch <= 'Z':
				ch += 'a' - 'A'
			}
			b.WriteByte(ch)
		}
		return
	}
	transformEach(c.caser(), s, func(p []byte) { b.Write(p) }, func(byte) { b.WriteString(replacement) })
}

// replacement is what an invalid byte becomes in a case mapping.
const replacement = "\uFFFD"

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// transformEach runs t over s and hands each piece of its output to emit,
// in order, so that the whole output is never held. A byte that is not
// UTF-8 is handed to invalid instead, and ends the text that t sees: each
// run of valid text between such bytes is mapped on its own (so a final
// sigma just before an invalid byte is final). Each run goes through two
// fixed buffers.
func transformEach(t transform.Transformer, s string, emit func([]byte), invalid func(byte)) {
	start := 0 // s[start:i] is valid text not yet mapped
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n != 1 {
			i += n
			continue
		}
		transformRun(t, s[start:i], emit)
		invalid(s[i])
		i++
		start = i
	}
	transformRun(t, s[start:], emit)
}

// cutPoint is where to end the piece of s that fits in room bytes: all of
// s when it fits; else between two characters that are neither Σ nor case
// ignorable (letters, digits, spaces), because x/text's lower caser starts
// every call as if at the start of a word and misses a final sigma whose
// context crosses the end of its input (in Caser.String too, on long
// texts). Around such a cut no mapping depends on what is across it. When
// room holds no such place, it cuts at a character boundary.
func cutPoint(s string, room int) int {
	if len(s) <= room {
		return len(s)
	}
	boundary := 0
	for i := room; i > 0; i-- {
		if !utf8.RuneStart(s[i]) {
			continue
		}
		if boundary == 0 {
			boundary = i
		}
		next, _ := utf8.DecodeRuneInString(s[i:])
		prev, _ := utf8.DecodeLastRuneInString(s[:i])
		if plainForCase(next) && plainForCase(prev) {
			return i
		}
	}
	return boundary
}

// plainForCase reports a character whose case mapping needs no context
// and gives none: a letter other than Σ and modifier letters, a digit, a
// space.
func plainForCase(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == ' '
	}
	return r != 'Σ' && (unicode.IsLetter(r) && !unicode.Is(unicode.Lm, r) || unicode.IsDigit(r) || unicode.IsSpace(r))
}

// transformRun runs t over the valid text s through two fixed buffers,
// cut by cutPoint. A
// transformer from golang.org/x/text/cases does not fail on valid text; if
// one ever made no progress, the rest of s is emitted as it is.
func transformRun(t transform.Transformer, s string, emit func([]byte)) {
	if s == "" {
		return
	}
	var src [1 << 10]byte
	var dst [4 << 10]byte
	t.Reset()
	pending := 0 // bytes at the start of src not yet consumed
	for len(s) > 0 || pending > 0 {
		n := copy(src[pending:], s[:cutPoint(s, len(src)-pending)])
		s = s[n:]
		pending += n
		atEOF := len(s) == 0
		nDst, nSrc, err := t.Transform(dst[:], src[:pending], atEOF)
		if nDst > 0 {
			emit(dst[:nDst])
		}
		copy(src[:], src[nSrc:pending])
		pending -= nSrc
		if err != nil && err != transform.ErrShortDst && err != transform.ErrShortSrc {
			break
		}
		if nDst == 0 && nSrc == 0 && (atEOF || pending == len(src)) {
			break // no progress possible
		}
	}
	if pending > 0 {
		emit(src[:pending])
	}
	for len(s) > 0 {
		n := copy(dst[:], s)
		emit(dst[:n])
		s = s[n:]
	}
}
