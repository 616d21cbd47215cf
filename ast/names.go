package ast

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Space is the white space the expression grammar skips between tokens
// (its wsClass, generated from here), which a dotted key holds as
// written: a space, a tab, a carriage return and a line feed.
const Space = " \t\r\n"

// The lexical classes of names (decision D9: Unicode identifier rules, as
// Python reads them), exactly as grammar/expr.peg writes them: a name
// starts with a letter, a letter number (Ⅷ, 〇), one of Unicode's
// Other_ID_Start characters (℘, ℮) or _, and goes on with those, marks,
// decimal digits, connector punctuation and Other_ID_Continue (the middle
// dot ·). A test checks these functions against the generated parser on
// every boundary of those Unicode classes.

// IsIdentStart reports whether r can start an identifier:
// [\pL\p{Nl}_] and Other_ID_Start.
func IsIdentStart(r rune) bool {
	return r == '_' || unicode.IsLetter(r) || unicode.In(r, unicode.Nl, unicode.Other_ID_Start)
}

// IsIdentCont reports whether r can follow the first character of an
// identifier: IsIdentStart, [\p{Mn}\p{Mc}\p{Nd}\p{Pc}] and Other_ID_Continue.
func IsIdentCont(r rune) bool {
	return IsIdentStart(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Other_ID_Continue)
}

// IsName reports whether s is one whole identifier by the grammar's
// classes: not empty, an IsIdentStart character, then IsIdentCont ones. It
// says nothing of keywords or of a leading _: a caller that needs a name a
// flow may use also checks IsKeyword (a keyword is not a name, but may be
// a .key) and StartsWithUnderscore (D9 refuses such names and keys).
func IsName(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD") {
			return false // invalid UTF-8
		}
		if i == 0 && !IsIdentStart(r) || i > 0 && !IsIdentCont(r) {
			return false
		}
	}
	return true
}

// StartsWithUnderscore reports whether s starts with _: such a name or
// .key is refused (D9); a quoted key (row['_id']) is not.
func StartsWithUnderscore(s string) bool { return strings.HasPrefix(s, "_") }

// keywords are the words of the expression grammar that cannot be names:
// the words of the operator table's word operators (and, or, not, in, is),
// then those of the constructs the grammar refuses (grammarWords). The
// grammar's Keyword rule is generated from them (gen/internal/mkpeg).
var keywords = func() []string {
	var out []string
	seen := map[string]bool{}
	add := func(w string) {
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	for _, o := range operators {
		for _, w := range strings.Fields(o.Text) {
			if r, _ := utf8.DecodeRuneInString(w); IsIdentStart(r) {
				add(w)
			}
		}
	}
	for _, w := range grammarWords {
		add(w)
	}
	return out
}()

// grammarWords are the keywords that are no operator: those of a
// conditional expression, a comprehension and a lambda (all refused, D12).
var grammarWords = [...]string{"if", "else", "for", "lambda"}

// IsKeyword reports whether s is a keyword of the expression grammar: and
// or not in is if else for lambda. A keyword cannot be a name (${in} is
// not a variable), but it can be a key after a dot (row.in).
func IsKeyword(s string) bool {
	for _, k := range keywords {
		if s == k {
			return true
		}
	}
	return false
}

// Keywords returns the keywords, in the order the grammar lists them.
func Keywords() []string { return append([]string(nil), keywords...) }

// IsNumberLiteral reports whether s is a number literal as grammar/expr.peg
// accepts it: ASCII digits, then optionally a point and more digits: 12, 0.50,
// 007. Not 5., .5, 1e3, 1_000 or 0x1F.
func IsNumberLiteral(s string) bool {
	i := DigitsEnd(s, 0)
	if i == 0 {
		return false
	}
	if i == len(s) {
		return true
	}
	if s[i] != '.' {
		return false
	}
	j := DigitsEnd(s, i+1)
	return j > i+1 && j == len(s)
}

// DigitsEnd is the offset just past the ASCII digits of s that start at
// offset i (i itself when there are none, or when i is not an offset of
// s).
func DigitsEnd(s string, i int) int {
	if i < 0 {
		return i
	}
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return i
}

// NameStart is the byte offset where the name that ends at offset off of s
// starts: off moved back over IsIdentCont characters (off itself when none
// ends there, or when off is not an offset of s).
func NameStart(s string, off int) int {
	if off > len(s) {
		return off
	}
	for off > 0 {
		r, size := utf8.DecodeLastRuneInString(s[:off])
		if !IsIdentCont(r) {
			break
		}
		off -= size
	}
	return off
}

// Outside calls yield with the offset and the byte of each byte of s that
// is outside quotes ('...' or "..."; in them a backslash escapes the next
// byte), the quotes themselves left out, until yield returns false. closed
// reports whether s does not end inside quotes.
func Outside(s string, yield func(i int, ch byte) bool) (closed bool) {
	var q byte
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case q != 0:
			if ch == '\\' {
				i++
			} else if ch == q {
				q = 0
			}
		case ch == '\'' || ch == '"':
			q = ch
		default:
			if !yield(i, ch) {
				return true
			}
		}
	}
	return q == 0
}

// SplitOutside splits s, a piece of an expression, at each sep that is
// outside quotes (Outside) and outside brackets: the values of a call (sep
// ','), the parts of `a & b`.
func SplitOutside(s string, sep byte) []string {
	var out []string
	depth, from := 0, 0
	Outside(s, func(i int, ch byte) bool {
		switch {
		case ch == '(' || ch == '[' || ch == '{':
			depth++
		case ch == ')' || ch == ']' || ch == '}':
			depth--
		case ch == sep && depth == 0:
			out = append(out, s[from:i])
			from = i + 1
		}
		return true
	})
	return append(out, s[from:])
}
