package ast

import (
	"strconv"
	"strings"

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
func UnclosedQuote(text string, q byte) string {
	reason := "${ is not closed: the quote " + string(q) + " in it is not closed, so the } after it is taken as text"
	if path, ok := quotedKeyPath(text, q); ok {
		return reason + "; for a key with " + string(q) + " in it, write " + echo.Text("${"+path+"}")
	}
	return reason + "; add the closing " + string(q) + " where the text ends"
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
