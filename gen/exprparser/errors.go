package exprparser

// The reasons of the syntax errors, for a flow author. A lexical problem
// found by an action (a bad number, an unknown escape) has its own reason.
// When the grammar does not match at all, the parser reports the farthest
// offset it reached and the terminals it tried there; the reason is built
// from the text around that offset (the token there and the one before
// it) and from whether a closing bracket was among the terminals. The raw
// list is never shown: it names the terminals of the forbidden constructs
// too. Text of the input echoed in a reason goes through internal/echo
// (D37: at most 120 characters, unsafe characters escaped).

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/internal/exprgen"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/internal/spell"
)

// problemError gives the reason of a lexical problem.
func problemError(p exprgen.Problem) error {
	var reason string
	switch p.Kind {
	case exprgen.BadNumber:
		if reason = numberProblem(p.Text); reason == "" {
			return internalError(fmt.Errorf("%q was reported as a bad number", p.Text))
		}
	case exprgen.DotNumber:
		c := echo.Text(p.Text)
		reason = "invalid number " + c
		if ast.DigitsEnd(p.Text, 1) == len(p.Text) {
			reason = fmt.Sprintf("write 0%s instead of %s", c, c)
		}
	case exprgen.DigitSelector:
		s := echo.Text(p.Text)
		reason = fmt.Sprintf("a name cannot start with a digit; write ['%s'] for a key instead of .%s", s, s)
		if ast.DigitsEnd(p.Text, 0) == len(p.Text) {
			reason = fmt.Sprintf("write [%s] for an item of a list, or ['%s'] for a key, instead of .%s", s, s, s)
		}
	case exprgen.UnknownEscape:
		r, _ := utf8.DecodeRuneInString(p.Text)
		reason = unknownEscape(r)
	case exprgen.UnclosedText:
		reason = fmt.Sprintf("text is not closed; add the closing %s", p.Text)
	case exprgen.TextPrefix:
		reason = fmt.Sprintf("text with the prefix %s is not supported; write the text in quotes without it", echo.Text(p.Text))
	default:
		return internalError(fmt.Errorf("unknown problem: %v", p.Error()))
	}
	return &SyntaxError{Offset: p.Offset, Reason: reason}
}

func unknownEscape(r rune) string {
	if unicode.IsPrint(r) && !unicode.IsSpace(r) {
		return fmt.Sprintf(`unknown escape \%c in text; write \\ for a backslash`, r)
	}
	return fmt.Sprintf(`unknown escape in text: \ followed by %U; write \\ for a backslash`, r)
}

// maxSpelled bounds the length of a number that a reason spells out in
// full (write 1000 instead of 1e3).
const maxSpelled = 24

// maxExpandExponent bounds the exponent for which the message about 1e3
// spells the number out.
const maxExpandExponent = 20

// numberProblem says what is wrong with the text the Number rule matched,
// or returns "" for a good number.
func numberProblem(s string) string {
	c := echo.Text(s)
	i := ast.DigitsEnd(s, 0)
	j := i
	point := false
	if j < len(s) && s[j] == '.' {
		point = true
		j = ast.DigitsEnd(s, j+1)
	}
	if ast.IsNumberLiteral(s) {
		return ""
	}
	if j == len(s) { // 5.
		return fmt.Sprintf("write %s0 or %s instead of %s", c, echo.Text(s[:i]), c)
	}
	if s[j] == 'e' || s[j] == 'E' {
		k := j + 1
		if k < len(s) && (s[k] == '+' || s[k] == '-') {
			k++
		}
		if end := ast.DigitsEnd(s, k); end > k && end == len(s) {
			if full, ok := expandExponent(s[:j], s[j+1:]); ok && len(full) <= maxSpelled {
				return fmt.Sprintf("numbers with an exponent are not supported; write %s instead of %s", full, c)
			}
			return fmt.Sprintf("numbers with an exponent are not supported; write %s in full", c)
		}
	}
	if i == 1 && s[0] == '0' && !point && strings.ContainsRune("xXbBoO", rune(s[1])) {
		base := map[byte]int{'x': 16, 'b': 2, 'o': 8}[s[1]|0x20]
		if n, err := strconv.ParseUint(strings.ReplaceAll(s[2:], "_", ""), base, 64); err == nil && !strings.HasPrefix(s[2:], "_") {
			return fmt.Sprintf("only decimal numbers are supported; write %d instead of %s", n, c)
		}
		return fmt.Sprintf("only decimal numbers are supported: %s", c)
	}
	if strings.ContainsRune(s, '_') {
		if t := strings.ReplaceAll(s, "_", ""); t != "" && numberProblem(t) == "" {
			return fmt.Sprintf("numbers are written without separators: write %s instead of %s", echo.Text(t), c)
		}
	}
	for _, r := range s[j:] {
		if r > '9' && unicode.IsDigit(r) {
			return fmt.Sprintf("invalid number %s; write numbers with the digits 0-9", c)
		}
	}
	return "invalid number " + c
}

// expandExponent writes mantissa×10^exp in plain digits.
func expandExponent(mantissa, exp string) (string, bool) {
	neg := false
	switch exp[0] {
	case '-':
		neg = true
		exp = exp[1:]
	case '+':
		exp = exp[1:]
	}
	exp = strings.TrimLeft(exp, "0")
	if len(exp) > 2 {
		return "", false
	}
	e := 0
	for _, c := range exp {
		e = e*10 + int(c-'0')
	}
	if e > maxExpandExponent {
		return "", false
	}
	if neg {
		e = -e
	}
	intPart, frac, _ := strings.Cut(mantissa, ".")
	digits := intPart + frac
	point := len(intPart) + e // position of the point in digits
	switch {
	case point <= 0:
		digits = "0." + strings.Repeat("0", -point) + digits
	case point >= len(digits):
		digits += strings.Repeat("0", point-len(digits))
	default:
		digits = digits[:point] + "." + digits[point:]
	}
	if strings.Contains(digits, ".") {
		digits = strings.TrimRight(digits, "0")
		digits = strings.TrimSuffix(digits, ".")
	}
	intEnd := strings.IndexByte(digits, '.')
	if intEnd < 0 {
		intEnd = len(digits)
	}
	if lead := len(digits[:intEnd]) - len(strings.TrimLeft(digits[:intEnd], "0")); lead > 0 {
		if lead == intEnd {
			lead--
		}
		digits = digits[lead:]
	}
	return digits, true
}

// noMatch explains a parse that stopped at off.
func noMatch(src string, off int, expected []string) *SyntaxError {
	off = max(0, min(off, len(src)))
	keyword := onlyIdentCont(expected)
	if keyword {
		// Pigeon went past a keyword that stands where a value is needed
		// (`in`, `if x`): the check that the word ends after it is the last
		// thing it tried. The problem is the word.
		off = ast.NameStart(src, off)
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
const identContClass = exprgen.IdentContClass

func onlyIdentCont(expected []string) bool {
	for _, e := range expected {
		if e != identContClass {
			return false
		}
	}
	return len(expected) > 0
}

// expectsValue reports whether pigeon tried to read a value at the
// farthest offset: a value may start with a name.
func expectsValue(expected []string) bool {
	for _, e := range expected {
		if e == exprgen.IdentStartClass {
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

// opChars are the characters operators are written with: those of the
// operator table, and the ':' of slices, lambdas and :=.
var opChars = func() string {
	chars := ":"
	for _, o := range ast.Operators() {
		for _, r := range o.Text {
			if r != ' ' && !ast.IsIdentCont(r) && !strings.ContainsRune(chars, r) {
				chars += string(r)
			}
		}
	}
	return chars
}()

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
	if !ast.IsIdentCont(r) {
		return token{text: string(r), from: end - utf8.RuneLen(r)}
	}
	from := ast.NameStart(src, end)
	// Digits belong to a number unless a name started before them.
	if !ast.IsIdentStart(firstRune(src[from:end])) {
		return token{text: src[from:end], from: from}
	}
	before := strings.TrimRight(src[:from], " \t\r\n")
	t := token{text: src[from:end], from: from}
	t.afterDot = strings.HasSuffix(before, ".")
	t.wantValue = ast.IsKeyword(t.text) && !t.afterDot
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
		if hint := pastedKeyHint(src, off); hint != "" {
			return reason + hint
		}
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
	case prev.afterDot && ast.IsIdentStart(firstRune(src[off:])):
		return reason + keyHint(src, prev.from)
	}
	return reason
}

func isCloser(c byte) bool { return c == ')' || c == ']' || c == '}' }

// describe names the token at off: 'name', '12', text 'abc', '==', ')'.
// known is false for a character that no token of the language starts with.
func describe(src string, off int) (what string, known bool) {
	r, n := utf8.DecodeRuneInString(src[off:])
	switch {
	case ast.IsIdentStart(r):
		end := off + n
		for end < len(src) {
			r, n := utf8.DecodeRuneInString(src[end:])
			if !ast.IsIdentCont(r) {
				break
			}
			end += n
		}
		return echo.Quote(src[off:end]), true
	case r >= '0' && r <= '9':
		end := off
		for end < len(src) && (src[end] >= '0' && src[end] <= '9' || src[end] == '.') {
			end++
		}
		return echo.Quote(src[off:end]), true
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
		return "text " + echo.Text(src[off:end]), true
	case r == '$' && strings.HasPrefix(src[off:], "${"):
		return "'${'", true
	case strings.ContainsRune(opChars, r):
		end := off + 1
		for end < len(src) && end-off < 3 && strings.IndexByte(opChars, src[end]) >= 0 {
			end++
		}
		return echo.Quote(src[off:end]), true
	case strings.ContainsRune("()[]{},.", r):
		return echo.Quote(string(r)), true
	}
	if unicode.IsPrint(r) && !unicode.IsSpace(r) {
		return fmt.Sprintf("character '%c'", r), false
	}
	return fmt.Sprintf("character %U", r), false
}

// charHint helps with characters that are not part of the language.
func charHint(src string, off int) string {
	r, _ := utf8.DecodeRuneInString(src[off:])
	plain, full, sign := spell.Sign(r)
	switch {
	case strings.ContainsRune("‘’‚‛“”„‟′″", r):
		return `; write text in straight quotes ' or "`
	case unicode.IsDigit(r):
		return "; write numbers with the digits 0-9"
	case unicode.IsSpace(r):
		return " (a space that is not a plain space); write a plain space"
	case strings.ContainsRune(spell.Invisibles, r):
		return " (an invisible character, often pasted with text); delete it"
	case full:
		return fmt.Sprintf("; %c is a full-width sign: write %c instead", r, plain)
	case sign:
		return signHints[plain]
	case r == '#':
		return "; there are no comments in an expression"
	}
	return ""
}

// signHints are the hints for the signs of spell.Sign that are no
// full-width form, by the sign meant.
var signHints = map[rune]string{
	'-': "; write - for minus",
	'*': "; write * to multiply",
	'/': "; write / to divide",
}

// pastedKeyHint is the start of the hint for a sign pasted from a word
// processor or typed with an input method (a full-width parenthesis, a
// dash, ×, ÷) glued inside the key of a dotted path (`row.金額（円）`,
// `row.Jan–Mar`), which a sheet's header may well hold: the key in
// brackets, which reads it as written (D49). The sign's own hint follows
// it for a dash, × or ÷, which may be meant as the operator; "" when the
// sign is elsewhere. It is the whole hint: the plain parentheses alone
// would be a method call.
func pastedKeyHint(src string, off int) string {
	r, _ := utf8.DecodeRuneInString(src[off:])
	if !keySign(r) && r != '（' {
		return ""
	}
	from := off
	for from > 0 {
		c, n := utf8.DecodeLastRuneInString(src[:from])
		if !ast.IsIdentCont(c) {
			break
		}
		from -= n
	}
	if from == off || from < 2 || src[from-1] != '.' {
		return ""
	}
	start := from - 1
	for start > 0 {
		c, n := utf8.DecodeLastRuneInString(src[:start])
		if !ast.IsIdentCont(c) && c != '.' {
			break
		}
		start -= n
	}
	path := src[start : from-1]
	if path == "" || !ast.IsIdentStart(firstRune(path)) || strings.HasSuffix(path, ".") {
		return ""
	}
	end, depth := from, 0
	for end < len(src) {
		c, n := utf8.DecodeRuneInString(src[end:])
		if c == '）' && depth == 0 {
			break // the ） of a call the key is inside
		}
		if c == '（' {
			depth++
		} else if c == '）' {
			depth--
		} else if !ast.IsIdentCont(c) && !keySign(c) {
			break
		}
		end += n
	}
	key := src[from:end]
	if end < len(src) && src[end] == '.' {
		return "" // `row.total–row.tax`: a path after the sign, an operator meant
	}
	if depth != 0 || len(key) > maxKeyHint || strings.ContainsAny(key, `'\`) {
		return ""
	}
	hint := fmt.Sprintf("; to read the key '%s', write %s['%s']", echo.Text(key), echo.Text(path), echo.Text(key))
	if r == '（' {
		return hint // the plain ( would call a method of the key
	}
	return charHint(src, off) + hint
}

// keySign reports whether r is a sign pasted from a word processor or
// typed with an input method that a sheet's header may hold inside a
// word (`Jan–Mar`, `W×H`), apart from parentheses and quotes.
func keySign(r rune) bool {
	plain, _, ok := spell.Sign(r)
	return ok && strings.ContainsRune("-*/+%", plain)
}

// maxKeyHint bounds the length of a key that keyHint suggests quoting.
const maxKeyHint = 48

// keyHint suggests ['Key With Spaces'] for row.Key With Spaces, where from
// is the offset of the word after the dot. A '.' that no name follows
// cannot start a .key, so it is the key's (`row.Policy No.`, `row.Policy
// No. 2`): the hint quotes the key as written, and reads it when followed
// (D49). So is a '.' that white space follows before the word (`row.No.
// of items`, read up to `of` as the key of the key No): the key starts at
// the name before it.
func keyHint(src string, from int) string {
	from = spacedDotsBefore(src, from)
	end := from
	for end < len(src) {
		r, n := utf8.DecodeRuneInString(src[end:])
		if r == '.' && end > from {
			if next, _ := utf8.DecodeRuneInString(src[end+1:]); !ast.IsIdentStart(next) {
				end++
				continue
			}
		}
		if r == '(' {
			// `Unit Price (THB)`: a balanced group belongs to the key
			if close := strings.IndexByte(src[end:], ')'); close > 0 &&
				!strings.ContainsAny(src[end+1:end+close], "(),'\"") {
				end += close + 1
				continue
			}
		}
		if !ast.IsIdentCont(r) && !isWS(r) {
			break
		}
		end += n
	}
	key := strings.TrimRight(src[from:end], ast.Space)
	if len(key) > maxKeyHint {
		return ""
	}
	return fmt.Sprintf("; write ['%s'] to read a key with spaces", echo.Text(key))
}

// spacedDotsBefore moves from, the start of a word after a '.', back over
// each `Name. ` before it, a '.' followed by white space and the name of a
// path before it (`row.No. of`): the start of the key as written.
func spacedDotsBefore(src string, from int) int {
	for {
		dot := from
		for dot > 0 && isWS(rune(src[dot-1])) {
			dot--
		}
		if dot == from || dot < 2 || src[dot-1] != '.' {
			return from
		}
		start := dot - 1
		for start > 0 {
			r, n := utf8.DecodeLastRuneInString(src[:start])
			if !ast.IsIdentCont(r) && !isWS(r) {
				break
			}
			start -= n
		}
		if start == dot-1 || start == 0 || src[start-1] != '.' || !ast.IsIdentStart(firstRune(src[start:])) {
			return from
		}
		from = start
	}
}

// isWS reports the white space of the grammar (ast.Space): a dotted key
// holds it as written, a tab as well as a space (D49: the key the hint
// quotes is the key the lookup reads).
func isWS(r rune) bool { return r < utf8.RuneSelf && strings.IndexByte(ast.Space, byte(r)) >= 0 }

func firstRune(s string) rune {
	r, _ := utf8.DecodeRuneInString(s)
	return r
}
