package spell

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Pasted names the first character of name that text pasted from a word
// processor, a chat app or a phone (or typed with an input method) puts
// where a plain one was meant: a space that is not a plain space (U+00A0,
// U+2009, U+3000 ...), an invisible character (U+200B, U+FEFF ...), a
// full-width sign (＋, （), a dash or minus sign (−, –), × or ÷, a curly
// quote. what describes it, for a message (`a no-break space (U+00A0)`),
// and plain is what is meant in its place (`a plain space`, `-`), or ""
// for a character to delete. ok is false when name has none.
func Pasted(name string) (what, plain string, ok bool) {
	for _, r := range name {
		if what, plain, ok := pastedRune(r); ok {
			return what, plain, true
		}
	}
	return "", "", false
}

// Unpasted is name with each character that Pasted names replaced by what
// is meant (or deleted).
func Unpasted(name string) string {
	var b strings.Builder
	for _, r := range name {
		if _, plain, ok := pastedRune(r); ok {
			if plain == "a plain space" {
				plain = " "
			}
			b.WriteString(plain)
			continue
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Invisibles are the invisible characters that a pasted text holds where
// a space or nothing was meant: zero-width space, non-joiner and joiner,
// word joiner, U+FEFF.
const Invisibles = "\u200b\u200c\u200d\u2060\ufeff"

// Sign is the ASCII sign meant by r, a sign that a word processor, a
// chat app or an input method writes in its place: a full-width form of
// ASCII (＋, （, ＝, ！, ０; full is true), a minus sign or a dash (− – —
// ‐ ‒ for -), × for * and ÷ for /. It is the one table of these signs:
// the names of Pasted and the hints of the parsers read it. ok is false
// for any other r.
func Sign(r rune) (plain rune, full, ok bool) {
	switch {
	case r >= 0xFF01 && r <= 0xFF5E: // the full-width forms of ASCII
		return r - 0xFEE0, true, true
	case strings.ContainsRune("−–—‐‒", r):
		return '-', false, true
	case r == '×':
		return '*', false, true
	case r == '÷':
		return '/', false, true
	}
	return 0, false, false
}

// spaceNames are the spaces a pasted text most often holds, by name.
var spaceNames = map[rune]string{
	'\u00a0': "a no-break space",
	'\u2009': "a thin space",
	'\u202f': "a narrow no-break space",
	'\u3000': "an ideographic space",
	'\u2002': "an en space",
	'\u2003': "an em space",
}

func pastedRune(r rune) (what, plain string, ok bool) {
	switch {
	case r < utf8.RuneSelf:
		return "", "", false
	case unicode.IsSpace(r):
		name := spaceNames[r]
		if name == "" {
			name = "a space that is not a plain space"
		}
		return fmt.Sprintf("%s (%U)", name, r), "a plain space", true
	case strings.ContainsRune(Invisibles, r):
		return fmt.Sprintf("an invisible character (%U)", r), "", true
	}
	if plain, full, ok := Sign(r); ok {
		switch {
		case full:
			return fmt.Sprintf("the full-width %c", r), string(plain), true
		case r == '−':
			return "the minus sign − (U+2212)", "-", true
		case plain == '-':
			return fmt.Sprintf("the dash %c (%U)", r, r), "-", true
		}
		return fmt.Sprintf("the sign %c", r), string(plain), true
	}
	switch {
	case strings.ContainsRune("‘’", r):
		return fmt.Sprintf("the curly quote %c", r), "'", true
	case strings.ContainsRune("“”", r):
		return fmt.Sprintf("the curly quote %c", r), `"`, true
	}
	return "", "", false
}

// PastedHint is the end of a message about name, written with a pasted
// character (Pasted), when meant reads as name with each such character
// replaced as Unpasted does: what name has in its place, and what to
// write (`; it has a no-break space (U+00A0) where 'First Name' has a
// plain space: write a plain space`). It is "" otherwise.
func PastedHint(name, meant string, quote func(string) string) string {
	what, plain, ok := Pasted(name)
	if !ok || Unpasted(name) != meant && !strings.EqualFold(Unpasted(name), meant) {
		return ""
	}
	if plain == "" {
		return "; it has " + what + " that " + quote(meant) + " has not: delete it"
	}
	return "; it has " + what + " where " + quote(meant) + " has " + plain + ": write " + plain
}

// PastedInData is the end of a message about a lookup of name that finds
// nothing, where the data's key is name but for a character pasted in the
// key (a header pasted from a web page with a no-break space, a cell with
// a zero-width space): that character, and the fix, which is in the data,
// since the language has no way to write it (`; the data's key 'First
// Name' has a no-break space (U+00A0) where this has a plain space: write
// a plain space in the data`). It is "" otherwise.
func PastedInData(name, key string, quote func(string) string) string {
	what, plain, ok := Pasted(key)
	if !ok || Unpasted(key) != name && !strings.EqualFold(Unpasted(key), name) {
		return ""
	}
	if plain == "" {
		return "; the data's key " + quote(key) + " has " + what + " that this has not: delete it in the data"
	}
	return "; the data's key " + quote(key) + " has " + what + " where this has " + plain + ": write " + plain + " in the data"
}
