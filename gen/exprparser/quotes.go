package exprparser

import (
	"slices"
	"strings"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/internal/exprgen"
	"github.com/kinenix/expressions/internal/echo"
)

// maxQuoteArgs bounds the values of a call that quoteHint looks at.
const maxQuoteArgs = 8

// quoteHint is the syntax error for text left out of quotes where a value
// is expected (D44): `part(x, -, 1)`. When the failure at off is inside
// the values of a call, and writing each value that is not an expression
// on its own in quotes makes the whole text parse, the error names the
// first such value and shows the call to write: `'-' is text without
// quotes; put it in quotes: write part(x, '-', 1)`. The repaired text is
// parsed under the same step limit, without looking for another hint.
func quoteHint(src string, off int, maxSteps uint64, mode exprgen.Mode) (*SyntaxError, bool) {
	open, close, ok := enclosingCall(src, off)
	if !ok {
		return nil, false
	}
	args := commaValue(ast.SplitOutside(src[open+1:close], ','))
	if len(args) > maxQuoteArgs {
		return nil, false
	}
	var b strings.Builder
	b.WriteString(src[:open+1])
	first, firstAt := "", -1
	at := open + 1
	for i, a := range args {
		if i > 0 {
			b.WriteByte(',')
		}
		text := strings.TrimSpace(a)
		lead := strings.Index(a, text)
		if !quotable(text) && text != "," || parses(text, maxSteps, mode) {
			b.WriteString(a)
		} else {
			b.WriteString(a[:lead] + "'" + text + "'" + a[lead+len(text):])
			if firstAt < 0 {
				first, firstAt = text, at+lead
			}
		}
		at += len(a) + 1
	}
	b.WriteString(src[close:])
	fixed := b.String()
	if firstAt < 0 || !parses(fixed, maxSteps, mode) {
		return nil, false
	}
	return &SyntaxError{Offset: firstAt, Reason: echo.Quote(first) + " is text without quotes; put it in quotes: write " + echo.Text(fixed), Fixed: fixed}, true
}

// commaValue joins two values of a call that are both blank and stand
// side by side into one, a comma (`join(ids, ,)`, `part(x, ,, 0)`): a
// comma left out of quotes, meant as the text. Only one such pair is
// read so; the values are returned as they are otherwise.
func commaValue(args []string) []string {
	pair := -1
	for i := 0; i+1 < len(args); i++ {
		if strings.TrimSpace(args[i]) == "" && strings.TrimSpace(args[i+1]) == "" {
			if pair >= 0 || i+2 < len(args) && strings.TrimSpace(args[i+2]) == "" {
				return args
			}
			pair = i
		}
	}
	if pair < 0 || pair == 0 {
		return args
	}
	return slices.Concat(args[:pair], []string{args[pair] + "," + args[pair+1]}, args[pair+2:])
}

// quotable reports whether text, a value of a call that does not parse,
// reads as text left out of quotes: not empty, not a keyword alone, and
// without what another message explains better (a dotted key with spaces,
// a ${...} inside, curly quotes, `x=`, a full-width sign of an input
// method, `join(a，b)`, meant as the sign) or what a quote would not hold.
func quotable(text string) bool {
	if dots(text) {
		return true // `.`, `...`: a separator, no dotted key
	}
	return text != "" && !ast.IsKeyword(text) && !strings.ContainsAny(text, "()[]{}$=.'\"\\‘’“”`，（）［］｛｝＋－＊／％＝＂＇−×÷")
}

// dots reports whether text is one to three points, a separator written
// without quotes (`part(x, ., 0)`).
func dots(text string) bool {
	return text != "" && len(text) <= 3 && strings.Trim(text, ".") == ""
}

// parses reports whether src is an expression with no forbidden construct.
func parses(src string, maxSteps uint64, mode exprgen.Mode) bool {
	if strings.TrimSpace(src) == "" {
		return false
	}
	x, err := fromResult(src, exprgen.ParseInput(src, maxSteps, mode))
	return err == nil && ast.FirstBad(x) == nil
}

// enclosingCall finds the innermost call whose "(" is open at off: the
// offsets of its "(" and of its ")" (len(src) when it is not closed).
func enclosingCall(src string, off int) (open, close int, ok bool) {
	var stack []int
	if !ast.Outside(src[:min(off, len(src))], func(i int, ch byte) bool {
		switch {
		case ch == '(' || ch == '[' || ch == '{':
			stack = append(stack, i)
		case (ch == ')' || ch == ']' || ch == '}') && len(stack) > 0:
			stack = stack[:len(stack)-1]
		}
		return true
	}) {
		return 0, 0, false
	}
	for k := len(stack) - 1; k >= 0; k-- {
		o := stack[k]
		before := strings.TrimRight(src[:o], " \t\r\n")
		if src[o] != '(' || before == "" || !ast.IsIdentCont(rune(before[len(before)-1])) {
			continue
		}
		depth, end, closed := 0, len(src), false
		ast.Outside(src[o:], func(i int, ch byte) bool {
			switch {
			case ch == '(' || ch == '[' || ch == '{':
				depth++
			case ch == ')' || ch == ']' || ch == '}':
				depth--
				if depth == 0 {
					end, closed = o+i, ch == ')'
					return false
				}
			}
			return true
		})
		if end == len(src) {
			return o, len(src), true
		}
		return o, end, closed
	}
	return 0, 0, false
}
