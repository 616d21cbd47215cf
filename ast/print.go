package ast

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/internal/echo"
)

// Print returns the canonical text of an expression: text literals in single
// quotes with \\ \' \n \t \r escapes, numbers as their digits, one space
// around binary operators, none after a unary one, f(a, b), x.key, x[i], and
// parentheses exactly where the tree has a ParenExpr.
//
// For a tree built by the parser, parsing the printed text gives a tree that
// is Equal to it, and printing that tree gives the same text. A tree built by
// hand that needs parentheses it does not hold (a Sub under a Mul, a
// BinaryExpr under a UnaryExpr or a selector) is printed with them, so the
// text keeps its meaning; parsing it then gives a ParenExpr the tree did not
// have.
//
// Print is meant for trees without BadExpr: a BadExpr holds no text to print
// and comes out as <construct detail>, for example <comparison "==">, which
// does not parse.
func Print(e Expr) string {
	var p printer
	p.expr(e, 0)
	return p.String()
}

type printer struct {
	strings.Builder
}

// expr prints e, in parentheses when it binds less strongly than min.
func (p *printer) expr(e Expr, min int) {
	if e == nil {
		p.WriteString("<nil>")
		return
	}
	if Precedence(e) < min {
		p.WriteByte('(')
		defer p.WriteByte(')')
	}
	switch e := e.(type) {
	case *Ident:
		p.ident(e)
	case *BasicLit:
		p.lit(e)
	case *ParenExpr:
		p.WriteByte('(')
		p.expr(e.X, 0)
		p.WriteByte(')')
	case *SelectorExpr:
		p.expr(e.X, PrecPostfix)
		if b, ok := e.X.(*BasicLit); ok && b.Kind == Number {
			p.WriteByte(' ') // 5.x would read as a malformed number
		}
		p.WriteByte('.')
		p.ident(e.Sel)
	case *IndexExpr:
		p.expr(e.X, PrecPostfix)
		p.WriteByte('[')
		p.expr(e.Index, 0)
		p.WriteByte(']')
	case *CallExpr:
		p.ident(e.Fun)
		p.WriteByte('(')
		for i, a := range e.Args {
			if i > 0 {
				p.WriteString(", ")
			}
			p.expr(a, 0)
		}
		p.WriteByte(')')
	case *UnaryExpr:
		p.WriteString(e.Op.String())
		p.expr(e.X, e.Op.Prefix().Prec)
	case *BinaryExpr:
		// The operand on the side the operator groups away from needs
		// parentheses at the same strength: a - (b - c).
		o := e.Op.Binary()
		left, right := o.Prec, o.Prec+1
		if o.Assoc == RightAssoc {
			left, right = o.Prec+1, o.Prec
		}
		p.expr(e.X, left)
		p.WriteByte(' ')
		p.WriteString(o.Text)
		p.WriteByte(' ')
		p.expr(e.Y, right)
	case *BadExpr:
		p.WriteByte('<')
		p.WriteString(constructName(e.Construct))
		if e.Detail != "" {
			p.WriteByte(' ')
			p.WriteString(strconv.Quote(e.Detail))
		}
		p.WriteByte('>')
	default:
		p.WriteString("<unknown>")
	}
}

func (p *printer) ident(x *Ident) {
	if x == nil {
		p.WriteString("<nil>")
		return
	}
	p.WriteString(x.Name)
}

func (p *printer) lit(x *BasicLit) {
	if x.Kind == Number {
		if x.Value != "" {
			p.WriteString(x.Value)
		} else {
			p.WriteString(x.Raw)
		}
		return
	}
	p.WriteString(QuoteText(x.Value))
}

// QuoteText returns s as a canonical text literal: in single quotes, with
// \\ \' \n \t \r escapes.
func QuoteText(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\':
			b.WriteString(`\\`)
		case '\'':
			b.WriteString(`\'`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// constructNames name the constructs for Print and for test output.
var constructNames = [...]string{
	Compare:       "comparison",
	BoolOp:        "boolean operator",
	Membership:    "membership",
	Identity:      "identity",
	Power:         "power",
	OtherOperator: "operator",
	Lambda:        "lambda",
	Comprehension: "comprehension",
	Conditional:   "conditional",
	FString:       "f-string",
	Assignment:    "assignment",
	MethodCall:    "method call",
	CallNonName:   "call of a non-name",
	KeywordArg:    "keyword argument",
	Slice:         "slice",
	ListLit:       "list",
	DictLit:       "dictionary",
	SetLit:        "set",
	TupleLit:      "tuple",
	Starred:       "starred value",
}

func constructName(c Construct) string {
	if int(c) < len(constructNames) && constructNames[c] != "" {
		return constructNames[c]
	}
	return "construct " + strconv.Itoa(int(c))
}

// KeyPath returns the lookup of key in x as an expression writes it:
// `x.key` when the key is a plain name, else the quoted form
// `x['Days Late']` (D9).
func KeyPath(x, key string) string {
	if IsName(key) && !StartsWithUnderscore(key) && !IsKeyword(key) {
		return x + "." + key
	}
	return x + "[" + QuoteText(key) + "]"
}

// UnclosedQuote is the reason of a ${ that holds a quote q left open, so
// that the } after it is taken as text (D18), with the fix: text is what
// follows the ${ on its line. When the text up to that } reads as a
// dotted lookup whose key holds the quote (`row.Customer's name`, an
// apostrophe in a column's name), the fix writes that key in brackets,
// which reads it (`${row['Customer\'s name']}`); otherwise the quote is to
// be closed.
//
// When the quote is closed with a curly quote (`${row['status’]}`, as a
// word processor or a phone types it), which is text, the fix writes q
// in its place.
func UnclosedQuote(text string, q byte) string {
	if curly, fixed, ok := curlyClose(text, q); ok {
		return "${ is not closed: the quote " + string(q) + " in it is closed with " + curly + ", a curly quote, which is text, so the } after it is taken as text; write " +
			string(q) + " in place of " + curly + ": " + echo.Text("${"+fixed)
	}
	reason := "${ is not closed: the quote " + string(q) + " in it is not closed, so the } after it is taken as text"
	if path, ok := quotedKeyPath(text, q); ok {
		return reason + "; for a key with " + string(q) + " in it, write " + echo.Text("${"+path+"}")
	}
	return reason + "; add the closing " + string(q) + " where the text ends"
}

// curlyClose finds a quote q of text (what follows a ${) that swallows
// the placeholder's } and holds before it a curly quote of its kind (’ or
// ‘ for ', ” or “ for "), and returns that curly
// quote and text with q in its place, up to and with the } that then
// closes the placeholder; ok is false when there is none, or when the
// text so written closes no placeholder.
func curlyClose(text string, q byte) (curly, fixed string, ok bool) {
	curlies := "’‘"
	if q == '"' {
		curlies = "”“"
	}
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c == '}' {
			return "", "", false
		}
		if c != '\'' && c != '"' {
			continue
		}
		j := i + 1
		for j < len(text) && text[j] != c {
			if text[j] == '\\' {
				j++
			}
			j++
		}
		j = min(j, len(text))
		// The quote swallowed the placeholder's }: it runs to the end of
		// the text, or a } follows the curly quote inside it (`'’'` is
		// a curly quote in quotes, as meant).
		seg := text[i+1 : j]
		if k := strings.IndexAny(seg, curlies); c == q && k >= 0 && (j == len(text) || strings.IndexByte(seg[k:], '}') >= 0) {
			k += i + 1
			_, n := utf8.DecodeRuneInString(text[k:])
			curly, fixed = text[k:k+n], text[:k]+string(q)+text[k+n:]
			switch end, open := closingBrace(fixed); {
			case end >= 0:
				return curly, fixed[:end+1], true
			case !open: // the text ends where the placeholder's } was
				return curly, fixed + "}", true
			}
			return "", "", false
		}
		i = j
	}
	return "", "", false
}

// WideBraceReason is the reason of a ${ without its } whose text holds
// the full-width ｝ of an input method where the placeholder was meant to
// end (`${row.status｝`); the fix, the text with } in its place
// (WideBrace), follows it.
const WideBraceReason = "${ is not closed: ｝ is a full-width brace, which is text; write } in its place: "

// WideBrace finds in text (what follows a ${ on its line) a full-width
// ｝ outside quotes, and returns the placeholder written with } in its
// place (`${row.status}`); ok is false when text holds none.
func WideBrace(text string) (fixed string, ok bool) {
	if i, _ := outsideQuotes(text, "｝"); i >= 0 {
		return "${" + text[:i] + "}", true
	}
	return "", false
}

// closingBrace is the offset of the first } outside quotes in text, the
// inside of a placeholder up to the end of its line; -1 when there is
// none, and then open tells whether a quote is left open at the end of
// text.
func closingBrace(text string) (brace int, open bool) {
	return outsideQuotes(text, "}")
}

// outsideQuotes is the offset of the first s in text outside quotes (' and
// ", with \ escapes inside them, D18); -1 when there is none, and then
// open tells whether a quote is left open at the end of text. s starts
// with no quote.
func outsideQuotes(text, s string) (at int, open bool) {
	var q byte
	for i := 0; i < len(text); {
		if q == 0 && strings.HasPrefix(text[i:], s) {
			return i, false
		}
		q, i = QuoteStep(text, i, q)
	}
	return -1, q != 0
}

// QuoteStep reads text[i] in the quote state q of D18 (0 outside quotes,
// else the open quote, ' or ") and returns the state after it and the
// index of the next byte to read: inside quotes a backslash escapes the
// byte after it. It is the one scan of quotes: each reader of a text's
// quotes (a placeholder's closing }, a quote left open, the editor's
// completion inside a text) steps with it.
func QuoteStep(text string, i int, q byte) (byte, int) {
	c := text[i]
	switch {
	case q != 0 && c == '\\':
		return q, i + 2
	case q != 0 && c == q:
		return 0, i + 1
	case q == 0 && (c == '\'' || c == '"'):
		return c, i + 1
	}
	return q, i + 1
}

// OpenQuote is the quote (' or ") left open at the end of text, read with
// QuoteStep, or 0.
func OpenQuote(text string) byte {
	var q byte
	for i := 0; i < len(text); {
		q, i = QuoteStep(text, i, q)
	}
	return q
}

// quotedKeyPath reads text up to its first } as a dotted lookup
// (`first.key.key`, each key as written, section 4) of which a key holds
// the quote q, and returns the lookup written with KeyPath.
func quotedKeyPath(text string, q byte) (string, bool) {
	if i := strings.IndexByte(text, '}'); i >= 0 {
		text = text[:i]
	}
	parts := strings.Split(strings.TrimSpace(text), ".")
	first := parts[0]
	// env.NAME is the environment (section 4), which brackets do not read.
	if len(parts) < 2 || !IsName(first) || StartsWithUnderscore(first) || IsKeyword(first) || first == "env" {
		return "", false
	}
	quoted := false
	for _, key := range parts[1:] {
		if key == "" || strings.Contains(key, "${") {
			return "", false
		}
		quoted = quoted || strings.IndexByte(key, q) >= 0
	}
	if !quoted {
		return "", false
	}
	path := first
	for _, key := range parts[1:] {
		path = KeyPath(path, key)
	}
	return path, true
}
