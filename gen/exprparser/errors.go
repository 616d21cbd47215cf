package exprparser

// Rewriting pigeon's "no match found, expected: ..." into a reason for a
// flow author. Pigeon reports the farthest offset it reached and the
// terminals it tried there; the reason is built from the text around that
// offset (the token there and the one before it) and from whether a closing
// bracket was among the terminals. The raw list is never shown: it names
// the terminals of the forbidden constructs too.

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// noMatch explains a parse that stopped at off.
func noMatch(src string, off int, expected []string) *SyntaxError {
	off = max(0, min(off, len(src)))
	keyword := onlyIdentCont(expected)
	if keyword {
		// Pigeon went past a keyword that stands where a value is needed
		// (`in`, `if x`): the check that the word ends after it is the last
		// thing it tried. The problem is the word.
		off = wordStart(src, off)
	}
	closer := expectedCloser(expected)
	prev := prevToken(src, off)
	if !keyword && !expectsValue(expected) {
		// After `a not` only `in` can follow: no value is missing.
		prev.wantValue = false
	}
	if off == len(src) {
		return &SyntaxError{Offset: off, Reason: endReason(prev, closer)}
	}
	return &SyntaxError{Offset: off, Reason: unexpectedReason(src, off, prev, closer)}
}

// expectedCloser is the closing bracket pigeon tried at the farthest
// offset, if any: the innermost bracket still open.
func expectedCloser(expected []string) string {
	for _, e := range expected {
		switch e {
		case `")"`:
			return ")"
		case `"]"`:
			return "]"
		case `"}"`:
			return "}"
		}
	}
	return ""
}

// identContClass is how pigeon lists the grammar's IdentCont class.
const identContClass = `[\pL\p{Mn}\p{Mc}\p{Nd}\p{Pc}]`

func onlyIdentCont(expected []string) bool {
	for _, e := range expected {
		if e != identContClass {
			return false
		}
	}
	return len(expected) > 0
}

// wordStart returns the offset of the identifier that ends at off, or off.
func wordStart(src string, off int) int {
	for off > 0 {
		r, n := utf8.DecodeLastRuneInString(src[:off])
		if !isIdentCont(r) {
			break
		}
		off -= n
	}
	return off
}

// expectsValue reports whether pigeon tried to read a value at the
// farthest offset: a value may start with a name.
func expectsValue(expected []string) bool {
	for _, e := range expected {
		if e == `[\pL_]` {
			return true
		}
	}
	return false
}

// token is the token before the failure, as far as the messages need it.
type token struct {
	text      string
	wantValue bool // an operator, an opening bracket, a comma or a keyword
	opener    bool // ( [ or {
	dot       bool // . : a name must follow
	afterDot  bool // a word right after a dot: a key
	from      int  // offset of its first byte
}

var keywords = map[string]bool{
	"and": true, "or": true, "not": true, "in": true, "is": true,
	"if": true, "else": true, "for": true, "lambda": true,
}

const opChars = "+-*/%<>=!&|^~@:"

// prevToken reads the token that ends before off (white space skipped).
func prevToken(src string, off int) token {
	end := len(strings.TrimRight(src[:off], " \t\r\n"))
	if end == 0 {
		return token{}
	}
	c := src[end-1]
	switch {
	case strings.IndexByte(opChars, c) >= 0:
		from := end - 1
		for from > 0 && end-from < 3 && strings.IndexByte(opChars, src[from-1]) >= 0 {
			from--
		}
		return token{text: src[from:end], wantValue: true, from: from}
	case c == '(' || c == '[' || c == '{':
		return token{text: string(c), wantValue: true, opener: true, from: end - 1}
	case c == ',':
		return token{text: ",", wantValue: true, from: end - 1}
	case c == '.':
		return token{text: ".", dot: true, from: end - 1}
	}
	r, _ := utf8.DecodeLastRuneInString(src[:end])
	if !isIdentCont(r) {
		return token{text: string(r), from: end - utf8.RuneLen(r)}
	}
	from := wordStart(src, end)
	// Digits belong to a number unless a name started before them.
	if !isIdentStart(firstRune(src[from:end])) {
		return token{text: src[from:end], from: from}
	}
	before := strings.TrimRight(src[:from], " \t\r\n")
	t := token{text: src[from:end], from: from}
	t.afterDot = strings.HasSuffix(before, ".")
	t.wantValue = keywords[t.text] && !t.afterDot
	return t
}

// endReason explains input that ends too early.
func endReason(prev token, closer string) string {
	switch {
	case prev.opener && closer != "":
		return fmt.Sprintf("missing '%s'", closer)
	case prev.dot:
		return "unexpected end; a name is missing after '.'"
	case prev.wantValue:
		return fmt.Sprintf("unexpected end; a value is missing after '%s'", prev.text)
	case closer != "":
		return fmt.Sprintf("missing '%s'", closer)
	}
	return "unexpected end"
}

// unexpectedReason explains the token at off.
func unexpectedReason(src string, off int, prev token, closer string) string {
	what, known := describe(src, off)
	reason := "unexpected " + what
	if !known {
		return reason + charHint(src, off)
	}
	switch {
	case what == "'${'":
		return reason + "; a ${...} cannot hold another ${...}: write the name alone"
	case prev.dot:
		return reason + "; a name is missing after '.'"
	case prev.wantValue && !prev.opener:
		return reason + fmt.Sprintf("; a value is missing after '%s'", prev.text)
	case prev.text == "[" && src[off] == ']':
		return reason + "; an index is missing between '[' and ']'"
	case isCloser(src[off]) && closer != "" && closer != src[off:off+1]:
		return reason + fmt.Sprintf("; missing '%s'", closer)
	case prev.afterDot && isIdentStart(firstRune(src[off:])):
		return reason + keyHint(src, prev.from)
	}
	return reason
}

func isCloser(c byte) bool { return c == ')' || c == ']' || c == '}' }

// maxShown bounds how much of the input a reason repeats.
const maxShown = 24

// describe names the token at off: 'name', '12', text 'abc', '==', ')'.
// known is false for a character that no token of the language starts with.
func describe(src string, off int) (what string, known bool) {
	r, n := utf8.DecodeRuneInString(src[off:])
	switch {
	case isIdentStart(r):
		end := off + n
		for end < len(src) {
			r, n := utf8.DecodeRuneInString(src[end:])
			if !isIdentCont(r) {
				break
			}
			end += n
		}
		return quote(src[off:end]), true
	case r >= '0' && r <= '9':
		end := off
		for end < len(src) && (src[end] >= '0' && src[end] <= '9' || src[end] == '.') {
			end++
		}
		return quote(src[off:end]), true
	case r == '\'' || r == '"':
		end := len(src)
		for i := off + 1; i < len(src); i++ {
			if src[i] == '\\' {
				i++
				continue
			}
			if src[i] == src[off] {
				end = i + 1
				break
			}
		}
		return "text " + shorten(src[off:end]), true
	case r == '$' && strings.HasPrefix(src[off:], "${"):
		return "'${'", true
	case strings.ContainsRune(opChars, r):
		end := off + 1
		for end < len(src) && end-off < 3 && strings.IndexByte(opChars, src[end]) >= 0 {
			end++
		}
		return quote(src[off:end]), true
	case strings.ContainsRune("()[]{},.", r):
		return quote(string(r)), true
	}
	if unicode.IsPrint(r) && !unicode.IsSpace(r) {
		return fmt.Sprintf("character '%c'", r), false
	}
	return fmt.Sprintf("character %U", r), false
}

// charHint helps with characters that are not part of the language.
func charHint(src string, off int) string {
	r, _ := utf8.DecodeRuneInString(src[off:])
	switch {
	case strings.ContainsRune("‘’‚‛“”„‟′″", r):
		return `; write text in straight quotes ' or "`
	case unicode.IsDigit(r):
		return "; write numbers with the digits 0-9"
	case unicode.IsSpace(r):
		return " (a space that is not a plain space)"
	case r == '#':
		return "; there are no comments in an expression"
	}
	return ""
}

// keyHint suggests ['Key With Spaces'] for row.Key With Spaces, where from
// is the offset of the word after the dot.
func keyHint(src string, from int) string {
	end := from
	for end < len(src) {
		r, n := utf8.DecodeRuneInString(src[end:])
		if r == '(' {
			// `Unit Price (THB)`: a balanced group belongs to the key
			if close := strings.IndexByte(src[end:], ')'); close > 0 &&
				!strings.ContainsAny(src[end+1:end+close], "(),'\"") {
				end += close + 1
				continue
			}
		}
		if !isIdentCont(r) && r != ' ' {
			break
		}
		end += n
	}
	key := strings.TrimRight(src[from:end], " ")
	if len(key) > 2*maxShown {
		return ""
	}
	return fmt.Sprintf("; write ['%s'] to read a key with spaces", key)
}

// quote puts s in single quotes, shortened when long.
func quote(s string) string {
	if len(s) > maxShown {
		s = cut(s, maxShown) + "..."
	}
	return "'" + s + "'"
}

// shorten shortens a text literal for a message.
func shorten(s string) string {
	if len(s) > maxShown {
		return cut(s, maxShown) + "..."
	}
	return s
}

// cut returns at most n bytes of s without splitting a character.
func cut(s string, n int) string {
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}

// isIdentStart and isIdentCont are the classes IdentStart and IdentCont of
// the grammar (D9).
func isIdentStart(r rune) bool { return r == '_' || unicode.IsLetter(r) }

func isIdentCont(r rune) bool {
	return unicode.IsLetter(r) || unicode.In(r, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc)
}
