package value

import (
	"unicode"
	"unicode/utf8"
)

// Blank text is one rule for the whole language: the characters that
// trim removes are the characters that make a text blank for `is empty`
// (D30), false as a lone placeholder (D25), empty for number(...) (D21),
// left out as an optional argument (D47), and trimmed when == compares
// texts (D27). They are Unicode white space (unicode.IsSpace: space, tab,
// line breaks, the no-break space U+00A0 and the other spaces of
// category Zs) and two invisible characters a sheet cell often holds: the
// zero-width space U+200B and U+FEFF (a byte-order mark pasted into the
// text). Nothing else: a word joiner U+2060 or a soft hyphen U+00AD is
// text. default(x, fallback) needs no blank rule: it replaces only empty
// and "" (D23), so blank text is kept, as written.

// IsBlankRune reports whether r is a blank character (above).
func IsBlankRune(r rune) bool {
	return unicode.IsSpace(r) || r == '\u200b' || r == '\ufeff'
}

// isASCIIBlank is IsBlankRune for an ASCII byte.
func isASCIIBlank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

// TrimBlank removes blank characters from both ends of s. A byte that is
// not UTF-8 is not blank and stops the trimming.
func TrimBlank(s string) string {
	start := 0
	for start < len(s) {
		if c := s[start]; c < utf8.RuneSelf {
			if !isASCIIBlank(c) {
				break
			}
			start++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[start:])
		if r == utf8.RuneError && size == 1 || !IsBlankRune(r) {
			break
		}
		start += size
	}
	end := len(s)
	for end > start {
		if c := s[end-1]; c < utf8.RuneSelf {
			if !isASCIIBlank(c) {
				break
			}
			end--
			continue
		}
		r, size := utf8.DecodeLastRuneInString(s[start:end])
		if r == utf8.RuneError && size == 1 || !IsBlankRune(r) {
			break
		}
		end -= size
	}
	return s[start:end]
}

// IsBlankText reports whether s is blank: nothing but blank characters
// ("" included).
func IsBlankText(s string) bool { return TrimBlank(s) == "" }
