package condparser

// The reasons of the syntax errors, for a flow author: one for each
// problem the grammar finds (condgen.ProblemKind). Text of the line echoed
// in a reason goes through internal/echo (D37), cut to echoLimit
// characters.

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/internal/condgen"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/internal/spell"
)

// echoLimit is how many characters of the line a reason quotes at most
// (fewer than echo.Max: a condition's reason names a part of one line).
const echoLimit = 40

// problemError gives the reason of a problem in line. A reason names what
// the author wrote and gives a fix that works when followed (D49).
func problemError(p condgen.Problem, line string) error {
	var reason string
	switch p.Kind {
	case condgen.Empty:
		reason = "the condition is empty"
	case condgen.UnclosedPlaceholder:
		reason = "${ is not closed"
		if p.Text != "" && p.Offset >= 0 && p.Offset+2 <= len(line) {
			// the part from the ${ on, and the fix: close the quote, or
			// a key with the quote in it in brackets (as a field's message)
			reason = quote(strings.TrimRight(line[p.Offset:], " \t")) + ": " + ast.UnclosedQuote(line[p.Offset+2:], p.Text[0])
		} else if p.Text != "" {
			reason += "; the quote " + p.Text + " inside it is not closed"
		} else if p.Offset >= 0 && p.Offset < len(line) {
			// the part from the ${ on, as a field's message names its
			// placeholder, and the fix
			reason = quote(strings.TrimRight(line[p.Offset:], " \t")) + ": ${ is not closed; add the closing }"
		}
	case condgen.UnclosedQuote:
		reason = unclosedQuote(p.Text, after(line, p.Offset+len(p.Text)))
	case condgen.TextAfterQuote:
		reason = "text after the closing quote: " + quote(strings.TrimSpace(after(line, p.Offset))) +
			textAfterQuote(line, p.Offset, p.Text)
	case condgen.DoubledOperator:
		reason = doubledOperator(line, p.Offset, p.Text)
	case condgen.BadOperator:
		op, off := writtenOperator(line, p.Offset, p.Text)
		p.Offset, reason = off, badOperator(op)
	case condgen.NoLeft:
		reason = p.Text + " needs a value on its left"
	case condgen.NoRight:
		reason = p.Text + " needs a value on its right"
	case condgen.ExtraRight:
		reason = p.Text + " takes no value on its right"
	case condgen.NothingBefore:
		reason = "nothing before '" + p.Text + "'"
	case condgen.NothingAfter:
		reason = "nothing after '" + p.Text + "'"
		if next := leadingBoolWord(after(line, p.Offset+len(p.Text))); next != "" {
			// `and and`: the part that is missing is between the words.
			reason = "no condition between '" + p.Text + "' and '" + next + "'; write one between them, or remove one of the two"
		}
	case condgen.ListNotIn:
		reason = "text after the closing quote; to test for one of several values, write in instead of ==: X in 'a', 'b'"
		if p.Text == "!=" {
			reason = "text after the closing quote; to test for none of several values, write not before the part and in instead of !=: not X in 'a', 'b'"
		}
	case condgen.NotCondition:
		if op, at, ok := foreignOperator(p.Text); ok {
			if strings.HasPrefix(after(line, p.Offset), p.Text) {
				p.Offset += at
			}
			reason = badOperator(op)
			break
		}
		if word, at, fixed, ok := GluedWord(line); ok {
			// `${s}contains x`: the word is text with no space before it.
			p.Offset = at
			reason = "not a condition: " + quote(p.Text) + " (the word " + quote(word) + " is an operator only with white space on both sides); " +
				"write a space " + GluedSpace(line, word, at) + " " + word + ": " + echo.Text(fixed)
			break
		}
		reason = "not a condition: " + quote(p.Text)
		if hint := wordHint(p.Text); hint != "" {
			reason += hint
			break
		}
		reason += " (a condition compares two values, like ${x} == yes, or is a single ${...})"
	default:
		return internalError(fmt.Errorf("unknown problem: %v", p.Error()))
	}
	return &SyntaxError{Offset: p.Offset, Reason: reason}
}

// wordHint is the fix for a part that is a placeholder and a word that is
// no operator after it (`${s} is Due`, `${s} equals Due`, `${x} is null`,
// `${n} between 1 and 5`): is and equals compare, so == (!= after is not)
// is written instead, with the line; is null (none, nil) is is empty; any
// other word gets the list of operators. "" when the part is not so.
func wordHint(part string) string {
	t := strings.TrimSpace(part)
	end := strings.IndexByte(t, '}')
	if !strings.HasPrefix(t, "${") || end < 0 || end+1 >= len(t) || (t[end+1] != ' ' && t[end+1] != '\t') {
		return ""
	}
	left := t[:end+1]
	rest := strings.TrimLeft(t[end+1:], " \t")
	n := strings.IndexFunc(rest, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsMark(r) })
	if n < 0 {
		n = len(rest)
	}
	word, after := rest[:n], strings.TrimSpace(rest[n:])
	// ASCII case only, as the grammar reads operator words: İs is no
	// is (D33: lower('İ') is i̇).
	switch lw := asciiLower(word); {
	case word == "":
		return ""
	case lw == "is" || lw == "equals" || lw == "eq":
		not, notWord := false, ""
		if len(after) > 4 && strings.EqualFold(after[:4], "not ") {
			not, notWord, after = true, after[:3], strings.TrimSpace(after[4:])
		}
		switch strings.ToLower(after) {
		case "":
			return ""
		case "null", "none", "nil":
			op := " is empty"
			if not {
				op = " is not empty"
			}
			return "; there is no " + after + ": write " + echo.Cut(left+op, echoLimit)
		}
		op, written := "==", word
		if not {
			op, written = "!=", word+" "+notWord
		}
		return "; to compare, write " + op + " instead of " + written + ": " + echo.Cut(left+" "+op+" "+after, echoLimit)
	}
	return "; " + quote(word) + " is not an operator: " + operators
}

// opHints names the operator meant by common mistakes.
var opHints = map[string]string{
	"=": "==", "===": "==", "!==": "!=", "=!": "!=", "<>": "!=", "=<": "<=", "=>": ">=",
}

// operators lists the operators there are, for a reason that cannot guess
// which one was meant.
const operators = "the operators are ==, !=, <, >, <=, >=, in, contains, is empty and is not empty"

// lookalikes are operators of other languages and of typography whose
// meaning is known: each gets the operator (or the form) to write instead.
// `~=` is "not equal" in Lua and MATLAB but "matches" elsewhere, and `=~`
// "matches" (a pattern): neither may hint ==, the opposite of one of them.
var lookalikes = map[string]string{
	"≠":  "write != instead",
	"≥":  "write >= instead",
	"≤":  "write <= instead",
	"⩾":  "write >= instead",
	"≧":  "write >= instead",
	"⩽":  "write <= instead",
	"≦":  "write <= instead",
	"~":  "there is no ~: to test for part of a text write contains (" + operators + ")",
	"~=": "for \"not equal\" write !=; to test for part of a text write contains (" + operators + ")",
	"=~": "there is no pattern match: to test for part of a text write contains (" + operators + ")",
	"!~": "there is no pattern match: to test that a text does not hold another, write not X contains Y (" + operators + ")",
}

// badOperator explains an unknown operator, written lower-cased with its
// words separated by one space.
func badOperator(word string) string {
	reason := "unknown operator " + echo.Cut(word, echoLimit)
	switch {
	case strings.HasPrefix(word, "not "):
		reason += "; put not at the start instead: not X " + strings.TrimPrefix(word, "not ") + " Y"
	case lookalikes[word] != "":
		reason += "; " + lookalikes[word]
	case word != "" && fullWidthOperator(word, 0) == word:
		reason += "; " + fullWidthHint(word)
	case opHints[word] != "":
		reason += "; did you mean " + opHints[word] + "?"
	default:
		reason += "; use ==, !=, <, >, <= or >="
	}
	return reason
}

// writtenOperator is the unknown operator op found at off in line, as the
// author wrote it: the grammar reads `~=` and `=~` as = with a ~ beside
// it, which belongs to the operator. It gives the operator and its offset.
func writtenOperator(line string, off int, op string) (string, int) {
	if op != "=" || off < 0 || off+1 > len(line) || line[off] != '=' {
		return op, off
	}
	switch {
	case off > 0 && line[off-1] == '~':
		return "~=", off - 1
	case off+1 < len(line) && line[off+1] == '~':
		return "=~", off
	}
	return op, off
}

// plainOperators are the operators that the lookalikes of typography
// stand for; plainOperator adds those of an input method.
var plainOperators = map[string]string{
	"≠": "!=", "≥": ">=", "≤": "<=", "⩾": ">=", "≧": ">=", "⩽": "<=", "≦": "<=",
}

// fullWidthOperator is the operator written in full-width signs (spell's
// table: ＝＝, ！＝, ＞＝, ＜＝, ＝, ＞, ＜), as a Chinese, Japanese or Thai
// input method types them and as text pasted from a document in one keeps
// them, at text[i:]: the longest of two signs or one, or "".
func fullWidthOperator(text string, i int) string {
	end, plain := i, ""
	for n := 0; n < 2 && end < len(text); n++ {
		r, size := utf8.DecodeRuneInString(text[end:])
		p, full, _ := spell.Sign(r)
		if !full {
			break
		}
		end += size
		plain += string(p)
	}
	switch {
	case slices.Contains([]string{"==", "!=", ">=", "<="}, plain):
		return text[i:end]
	case plain != "" && strings.ContainsRune("=<>", rune(plain[0])):
		_, size := utf8.DecodeRuneInString(text[i:])
		return text[i : i+size]
	}
	return ""
}

// plainOperator is the operator of the language that op, a lookalike or
// an operator in full-width signs, stands for (＝ and ＝＝ for ==), or "".
func plainOperator(op string) string {
	if p := plainOperators[op]; p != "" {
		return p
	}
	if op == "" || fullWidthOperator(op, 0) != op {
		return ""
	}
	if p := spell.Unpasted(op); p != "=" {
		return p
	}
	return "=="
}

// fullWidthHint is the hint for the operator op in full-width signs: the
// signs (each once) and the operator to write.
func fullWidthHint(op string) string {
	signs := ""
	for _, r := range op {
		if !strings.ContainsRune(signs, r) {
			signs += string(r)
		}
	}
	if utf8.RuneCountInString(signs) == 1 {
		return signs + " is a full-width sign; write " + plainOperator(op) + " instead"
	}
	return signs + " are full-width signs; write " + plainOperator(op) + " instead"
}

// PlainOperators is line with each operator of typography or of an input
// method that stands for one of the language (≥, ＞＝, ＝＝, ≠) written as
// that one (>=, ==, !=), outside ${...}; op is the first so replaced, and
// ok is false when line has none.
func PlainOperators(line string) (fixed, op string, ok bool) {
	var b strings.Builder
	for rest := line; ; {
		found, at, has := foreignOperator(rest)
		if !has || plainOperator(found) == "" {
			if !ok {
				return line, "", false
			}
			b.WriteString(rest)
			return b.String(), op, true
		}
		if !ok {
			op, ok = found, true
		}
		b.WriteString(rest[:at])
		b.WriteString(plainOperator(found))
		rest = rest[at+len(found):]
	}
}

// foreignOperator finds, in the text of a part that is not a condition, an
// operator of another language or of typography that lookalikes knows
// (≥, !~, full-width ＞), outside ${...}: the operator and its byte offset
// in text.
func foreignOperator(text string) (string, int, bool) {
	for i := 0; i < len(text); {
		if strings.HasPrefix(text[i:], "${") {
			end := strings.IndexByte(text[i:], '}')
			if end < 0 {
				return "", 0, false
			}
			i += end + 1
			continue
		}
		for _, op := range [...]string{"≠", "≥", "≤", "⩾", "≧", "⩽", "≦", "!~"} {
			if strings.HasPrefix(text[i:], op) {
				return op, i, true
			}
		}
		if op := fullWidthOperator(text, i); op != "" {
			return op, i, true
		}
		// A lone ~ between spaces, as an operator is written (`${a} ~
		// b`); a ~ inside a word (`~/dir`, `5~6`) is text.
		if text[i] == '~' && i > 0 && text[i-1] == ' ' && i+1 < len(text) && text[i+1] == ' ' {
			return "~", i, true
		}
		i++
	}
	return "", 0, false
}

// GluedWord finds an operator word of a comparison (in, contains, is
// empty, from ast's table) written right after a } with no white space
// between (`${s}contains x`, `${s}in a, b`), or and, or, not written right
// after a } or right before a ${ (`${a}and ${b}`, `${a} == 1 and${b} ==
// 2`, `not${a}`): the grammar reads a word only with white space on both
// sides, so the word is text there. It returns the first such word as
// written, its offset in line, and the line with a space on each glued
// side of each one; ok is true only when that line is a condition, so that
// the hint works when followed (D49). A line that is a condition as
// written may hold one too (`${s}contains x and ${b} == 1` is one
// comparison): eval's trap of a glued word reads it here. GluedSpace says
// where the space goes.
func GluedWord(line string) (word string, at int, fixed string, ok bool) {
	var b strings.Builder
	from := 0
	space := func(i int) { // a space before line[i]
		b.WriteString(line[from:i])
		b.WriteByte(' ')
		from = i
	}
	for i := 0; i < len(line); i++ {
		switch {
		case line[i] == '}':
			w := operatorWordAt(line, i+1)
			if w == "" {
				w = boolWordAt(line, i+1)
			}
			if w == "" {
				continue
			}
			if word == "" {
				word, at = w, i+1
			}
			space(i + 1)
		case strings.HasPrefix(line[i:], "${"):
			w := boolWordBefore(line, i)
			if w == "" {
				continue
			}
			if word == "" {
				word, at = w, i-len(w)
			}
			space(i)
		}
	}
	if word == "" {
		return "", 0, "", false
	}
	b.WriteString(line[from:])
	fixed = strings.TrimSpace(b.String())
	r := condgen.ParseInput(fixed, DefaultMaxSteps, 0)
	if c, isCond := r.Value.(ast.Cond); !isCond || c == nil || r.TooComplex || r.Internal != nil || len(r.Problems) > 0 {
		return "", 0, "", false
	}
	return word, at, fixed, true
}

// GluedSpace is where the space goes for the glued word of GluedWord,
// word at offset at in line: "before", "after" or "before and after".
func GluedSpace(line, word string, at int) string {
	before := at > 0 && line[at-1] == '}'
	after := strings.HasPrefix(line[at+len(word):], "${")
	switch {
	case before && after:
		return "before and after"
	case after:
		return "after"
	}
	return "before"
}

// boolWords are the words that join and negate the parts of a condition.
var boolWords = [...]string{"and", "or", "not"}

// boolWordAt is and, or or not starting at off in line, as written, when
// white space, the line's end or a ${ follows it; else "".
func boolWordAt(line string, off int) string {
	rest := line[off:]
	for _, w := range boolWords {
		if len(rest) < len(w) || !strings.EqualFold(rest[:len(w)], w) {
			continue
		}
		if next, _ := utf8.DecodeRuneInString(rest[len(w):]); len(rest) == len(w) || unicode.IsSpace(next) || strings.HasPrefix(rest[len(w):], "${") {
			return rest[:len(w)]
		}
	}
	return ""
}

// boolWordBefore is and, or or not ending at off in line (right before a
// ${), as written, when white space, the line's start or a } is before
// it; else "".
func boolWordBefore(line string, off int) string {
	for _, w := range boolWords {
		start := off - len(w)
		if start < 0 || !strings.EqualFold(line[start:off], w) {
			continue
		}
		if prev, _ := utf8.DecodeLastRuneInString(line[:start]); start == 0 || unicode.IsSpace(prev) || prev == '}' {
			return line[start:off]
		}
	}
	return ""
}

// operatorWords are the first words of the word operators of ast's table
// of comparisons: in, contains, is.
var operatorWords = func() []string {
	var ws []string
	for _, op := range ast.CmpOps() {
		w, _, _ := strings.Cut(op.String(), " ")
		if w != "" && w[0] >= 'a' && w[0] <= 'z' && !slices.Contains(ws, w) {
			ws = append(ws, w)
		}
	}
	return ws
}()

// operatorWordAt is the first word of a word operator of a comparison
// (in, contains, is) that starts at off in line, as written, when white
// space or the line's end follows it; else "".
func operatorWordAt(line string, off int) string {
	rest := line[off:]
	for _, w := range operatorWords {
		if len(rest) < len(w) || !strings.EqualFold(rest[:len(w)], w) {
			continue
		}
		if next, _ := utf8.DecodeRuneInString(rest[len(w):]); len(rest) == len(w) || unicode.IsSpace(next) {
			return rest[:len(w)]
		}
	}
	return ""
}

// after is line from off on ("" past its end).
func after(line string, off int) string {
	if off < 0 || off > len(line) {
		return ""
	}
	return line[off:]
}

// otherQuote is the quote that is not q.
func otherQuote(q string) string {
	if q == "'" {
		return `"`
	}
	return "'"
}

// leadingBoolWord is the word and / or (as written) that text starts
// with after white space, or "".
func leadingBoolWord(text string) string {
	text = strings.TrimLeft(text, " \t")
	for _, w := range [...]string{"and", "or"} {
		if len(text) >= len(w) && strings.EqualFold(text[:len(w)], w) &&
			(len(text) == len(w) || text[len(w)] == ' ' || text[len(w)] == '\t') {
			return text[:len(w)]
		}
	}
	return ""
}

// gluedBoolWord returns the word and or or (as written) that starts at
// off in line right after a closing quote, with white space and more text
// after it, when the line with a space before the word is a condition:
// `${s} == 'Active'and ${n} > 0`. "" otherwise.
func gluedBoolWord(line string, off int) string {
	w := leadingBoolWord(line[off:])
	if w == "" || strings.TrimSpace(line[off+len(w):]) == "" {
		return ""
	}
	r := condgen.ParseInput(line[:off]+" "+line[off:], DefaultMaxSteps, 0)
	if c, isCond := r.Value.(ast.Cond); !isCond || c == nil || r.TooComplex || r.Internal != nil || len(r.Problems) > 0 {
		return ""
	}
	return w
}

// afterIn reports whether text (the line before a side) ends with the
// operator in.
func afterIn(text string) bool {
	text = strings.TrimRight(text, " \t")
	return len(text) >= 2 && strings.EqualFold(text[len(text)-2:], "in") &&
		(len(text) == 2 || text[len(text)-3] == ' ' || text[len(text)-3] == '\t' || text[len(text)-3] == '}')
}

// unclosedQuote is the reason of a quote q with no closing quote, rest
// the text after it: the text at fault, and the quote to add.
func unclosedQuote(q, rest string) string {
	reason := "quote " + q + " is not closed"
	text := strings.TrimRight(rest, " \t")
	switch {
	case strings.TrimSpace(text) == "":
		return reason + "; write the text between two quotes, like " + q + "text" + q + ", or " + q + q + " for the empty text"
	case strings.Contains(text, "${") || hasBoolWordIn(text):
		// Where the text was meant to end is not known.
		return reason + " in " + quote(q+text) + "; add the closing " + q + " where the text ends"
	}
	return reason + " in " + quote(q+text) + "; add the closing " + q + " after the text: " + echo.Cut(q+text+q, echoLimit)
}

// hasBoolWordIn reports whether text holds the word and / or between
// spaces.
func hasBoolWordIn(text string) bool {
	for _, f := range strings.Fields(text) {
		if strings.EqualFold(f, "and") || strings.EqualFold(f, "or") {
			return true
		}
	}
	return false
}

// textAfterQuote is the fix for text after the closing quote of a side,
// the text at fault starting at off in line: what to write instead. again
// is the quote when it appears again right after the closing one (`'it”s'`).
func textAfterQuote(line string, off int, again string) string {
	const whole = "; put the whole text inside the quotes"
	rest := strings.TrimSpace(after(line, off))
	// The closing quote is the last character before off that is not
	// white space; its side opens at the same quote before it.
	j := strings.LastIndexFunc(line[:max(min(off, len(line)), 0)], func(r rune) bool { return r != ' ' && r != '\t' })
	if rest == "" || j < 0 || (line[j] != '\'' && line[j] != '"') {
		return whole
	}
	q := line[j : j+1]
	open := strings.LastIndex(line[:j], q)
	if open < 0 {
		return whole
	}
	inner := line[open+1 : j]
	switch {
	case boolCompare(rest) != "":
		// `${s} contains '@' == false`: a part is a test already
		part := strings.TrimSpace(line[:j+1])
		if strings.Count(part, "${") != 1 || hasBoolWordIn(line[:open]) {
			return "; a part is true or false already, and is not compared again: write not before it for its opposite"
		}
		if boolCompare(rest) == "not" {
			part = "not " + part
		}
		return "; a part is true or false already, and is not compared again: write " + echo.Cut(part, echoLimit)
	case strings.HasPrefix(rest, "&&"), strings.HasPrefix(rest, "||"):
		// `== 'Active' && ...`: the trap of D44, not a quote to move;
		// the line written with the word follows (eval's fixLine).
		word := "and"
		if rest[0] == '|' {
			word = "or"
		}
		return "; '" + rest[:2] + "' does not join the parts of a condition (" + word + " does)"
	case rest == ";":
		return "; ';' is not part of a condition: leave it out"
	case rest[0] == ',' && afterIn(line[:open]):
		// A list of items after in that goes wrong after this one.
		return "; write the items of a list with a comma between them, each quote closed and nothing after the last: X in 'a', 'b'"
	case rest[0] == ',':
		return "; a comma after quoted text starts a list of items, which only in takes (X in 'a', 'b'); to keep the comma in the text, put it inside the quotes"
	case again == "" && j+1 == off && gluedBoolWord(line, off) != "":
		// `== 'Active'and ${b} == 1`: and / or right after the quote, with
		// no space before it, is no quote inside the text; the line with
		// the space is a condition (gluedBoolWord checks, D49).
		w := gluedBoolWord(line, off)
		return "; write a space before " + w + ": " + echo.Text(line[:off]+" "+line[off:])
	case again != "" || j+1 == off:
		// `'it''s'`, `'O'Brien'`, `'hel'lo`: a quote inside the text.
		word, _, _ := strings.Cut(rest, " ")
		text := inner + q + strings.TrimSuffix(strings.TrimPrefix(word, q), q)
		// `'it\'s'`: the escape of an expression's text, which a
		// condition's quotes do not have (D26): the \ is no part of the
		// text meant, and kept it would be compared (D49).
		text = strings.ReplaceAll(text, `\`+q, q)
		o := otherQuote(q)
		if strings.Contains(text, o) {
			return "; to write " + q + " in quoted text, quote it with " + o + " instead"
		}
		return "; to write " + q + " in quoted text, quote it with " + o + " instead: " + echo.Cut(o+text+o, echoLimit)
	case rest[0] == '\'' || rest[0] == '"':
		return "; put the text inside one pair of quotes, or to test for one of several values, write in and a comma between them: X in " + echo.Cut(q+inner+q+", "+rest, echoLimit)
	case leadingBoolWord(rest) != "":
		if fix, ok := quotedOrWords(line[:open], q+inner+q, rest); ok {
			return "; to test for one of several values, write in instead of == and or: " + echo.Cut(fix, echoLimit)
		}
		return "; after " + leadingBoolWord(rest) + " write a condition, like ${x} == yes, or to compare with the whole text, put it inside the quotes"
	case !strings.ContainsAny(rest, `'"$`):
		return whole + ": " + echo.Cut(q+inner+" "+rest+q, echoLimit)
	}
	return whole
}

// boolCompare reads rest, the text after a quoted side, as a comparison
// of the part before it with true or false (`== false`, `!= true`): "not"
// when it negates the part, "yes" when it keeps it, "" for other text.
func boolCompare(rest string) string {
	op := ""
	switch {
	case strings.HasPrefix(rest, "=="):
		op = "=="
	case strings.HasPrefix(rest, "!="):
		op = "!="
	default:
		return ""
	}
	switch strings.ToLower(strings.TrimSpace(rest[2:])) {
	case "false":
		if op == "==" {
			return "not"
		}
		return "yes"
	case "true":
		if op == "!=" {
			return "not"
		}
		return "yes"
	}
	return ""
}

// quotedOrWords is the line `${x} in 'a', 'b'` for a line that is
// `${x} == 'a' or 'b'` (before is the line up to the first quote, first
// the quoted text, rest what follows it): quoted texts joined by or after
// ==, as D44's `== a or b` of bare words, the trap this is with quotes.
// ok is false for any other line: more than one placeholder before, or
// anything but quoted texts after each or.
func quotedOrWords(before, first, rest string) (string, bool) {
	left, ok := strings.CutSuffix(strings.TrimRight(before, " \t"), "==")
	left = strings.TrimSpace(left)
	if !ok || !strings.HasPrefix(left, "${") || !strings.HasSuffix(left, "}") || strings.Count(left, "${") != 1 {
		return "", false
	}
	items := []string{first}
	for rest != "" {
		w := leadingBoolWord(rest)
		if !strings.EqualFold(w, "or") {
			return "", false
		}
		rest = strings.TrimLeft(strings.TrimLeft(rest, " \t")[len(w):], " \t")
		if rest == "" || (rest[0] != '\'' && rest[0] != '"') {
			return "", false
		}
		end := strings.IndexByte(rest[1:], rest[0])
		if end < 0 {
			return "", false
		}
		items = append(items, rest[:end+2])
		rest = strings.TrimSpace(rest[end+2:])
	}
	return left + " in " + strings.Join(items, ", "), len(items) > 1
}

// quote quotes text of the line for a reason, shortened. It uses single
// quotes, or double quotes when the text holds a single quote and no double
// quote.
func quote(text string) string {
	text = echo.Cut(text, echoLimit)
	if strings.Contains(text, "'") && !strings.Contains(text, `"`) {
		return `"` + text + `"`
	}
	return "'" + text + "'"
}

// doubledOperator explains an operator written twice, the second at off
// in line: text is the operator and the second as written. The same one
// twice is written once; two different ones name no fix, since either
// may be meant (`< =`: < or <=), rather than a wrong one (D49).
func doubledOperator(line string, off int, text string) string {
	first, second, _ := strings.Cut(text, " ")
	if first != second {
		return "two operators one after the other, " + first + " and " + second + "; write only the one you mean"
	}
	rest := strings.TrimLeftFunc(after(line, off+len(second)), unicode.IsSpace)
	if rest == "" {
		return first + " is written twice, and no value follows it"
	}
	return first + " is written twice; write it once: " + echo.Cut(line[:off]+rest, echoLimit)
}

// asciiLower lower-cases the ASCII letters of s and keeps the rest.
func asciiLower(s string) string {
	return strings.Map(func(r rune) rune {
		if 'A' <= r && r <= 'Z' {
			return r + 'a' - 'A'
		}
		return r
	}, s)
}
