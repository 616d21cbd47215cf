package eval

import (
	"strings"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/exprparser"
	"github.com/kinenix/expressions/value"
)

// The hints of messages live here, in one place (D7, D28, D44, D49): each
// says what to write instead, computed from the text as written, and each
// works when followed (a test applies every hint and gets a value).

// notNumber explains why an operand of arithmetic is not a number (D7).
// Blank text (a blank cell) hints default(number(x), 0): number of blank
// text is empty, which default replaces (D49); default(x, 0) would keep
// the blank.
func (c source) notNumber(n ast.Expr, v value.Value) error {
	t := c.text(n)
	switch v.Kind() {
	case value.Empty:
		return c.fail(n, ErrType, t+" is empty; use default("+t+", 0)")
	case value.Text:
		if strings.TrimSpace(v.Text()) == "" {
			return c.fail(n, ErrType, t+" is blank text ("+quote(v.Text())+"), not a number; use default(number("+t+"), 0)")
		}
		return c.fail(n, ErrType, t+" is text ("+quote(v.Text())+"), not a number; use number("+t+")")
	}
	return c.fail(n, ErrType, t+" is "+article(v.Kind())+", not a number")
}

// joinText is the reason for text joined by an operator inside ${...}
// (D44): the text goes outside the ${...}, and each run of other parts in
// a ${...} of its own: `${row.Amount + " THB"}` -> `${row.Amount} THB`,
// `${row.a + 1 + ' THB'}` -> `${row.a + 1} THB` (a run of + is arithmetic;
// & is never, so each of its parts has its own ${...}). parts are the operands
// as written, in order; lits[i] is the text of part i when it is a text
// literal.
func joinText(op string, parts []string, lits []*ast.BasicLit) string {
	var b strings.Builder
	for i := 0; i < len(parts); {
		if lits[i] != nil {
			b.WriteString(lits[i].Value)
			i++
			continue
		}
		b.WriteString("${")
		b.WriteString(parts[i])
		for i++; op == "+" && i < len(parts) && lits[i] == nil; i++ {
			b.WriteString(" " + op + " ")
			b.WriteString(parts[i])
		}
		b.WriteString("}")
	}
	return op + " does not join text; with the text outside the ${...}, write " + short(b.String())
}

// joinsText reports whether n is a chain of + that joins text (D44): it
// holds a text literal that is not plain number text (D6) and something
// other than literals (`row.Amount + " THB"`, `row.First + ' ' +
// row.Last`). A chain of literals alone (`'  ' + 1`, `'1,200' + 1`) is
// arithmetic on text, which D7 explains. The reason is joinText's.
func (c source) joinsText(n *ast.BinaryExpr) (string, bool) {
	if n.Op != ast.Add {
		return "", false
	}
	var operands []ast.Expr
	var flatten func(x ast.Expr)
	flatten = func(x ast.Expr) {
		if b, ok := x.(*ast.BinaryExpr); ok && b.Op == ast.Add {
			flatten(b.X)
			flatten(b.Y)
			return
		}
		operands = append(operands, x)
	}
	flatten(n)
	joins, other := false, false
	parts := make([]string, len(operands))
	lits := make([]*ast.BasicLit, len(operands))
	for i, x := range operands {
		parts[i] = c.srcText(x)
		lit, ok := x.(*ast.BasicLit)
		switch {
		case !ok:
			other = true
		case lit.Kind == ast.String:
			if _, plain := value.ParseNum(lit.Value); plain {
				parts[i] = lit.Raw // a number in quotes: a value, not text to show
				continue
			}
			lits[i], joins = lit, true
		}
	}
	if !other || !joins {
		return "", false
	}
	return joinText("+", parts, lits), true
}

// ampersandJoin is the reason for `a & b` (D44): & joins text in a sheet's
// formulas, not here (`${row.Customer & " Ltd"}`, `${row.First & row.Last}`),
// and never means arithmetic, so the hint is the join written as text. The
// parts are the text of the construct split at each & outside quotes and
// brackets; each must parse.
func (c source) ampersandJoin(n *ast.BadExpr) (string, bool) {
	if n.Detail != "&" || n.From < 0 || n.To > len(c.src) || n.From > n.To {
		return "", false
	}
	pieces := ast.SplitOutside(c.src[n.From:n.To], '&')
	if len(pieces) < 2 {
		return "", false
	}
	parts := make([]string, len(pieces))
	lits := make([]*ast.BasicLit, len(pieces))
	for i, p := range pieces {
		parts[i] = strings.TrimSpace(p)
		x, err := exprparser.ParseExpr(parts[i])
		if err != nil {
			return "", false
		}
		if _, bad := x.(*ast.BadExpr); bad {
			return "", false
		}
		if lit, ok := x.(*ast.BasicLit); ok && lit.Kind == ast.String {
			lits[i] = lit
		}
	}
	return joinText("&", parts, lits), true
}

// orderDateHint is the reason for an order comparison (D28) where a side is
// a date written yyyy-mm-dd (D44): dates are not compared by < and >, and
// number(...) of a date alone reads its year. Such dates compare as the
// numbers of their digits, so the hint writes the comparison that way:
//
//	${row.Start Date} < 2026-04-15
//	${number(replace(row['Start Date'], '-', ''))} < 20260415
//
// ok is false when no side is such a date or a side cannot be rewritten.
func orderDateHint(op string, left, right *Template, l, r value.Value) (string, bool) {
	switch op {
	case "<", ">", "<=", ">=":
	default:
		return "", false
	}
	if left == nil || right == nil {
		return "", false
	}
	date := ""
	sides := [2]string{}
	for i, side := range [2]struct {
		t *Template
		v value.Value
	}{{left, l}, {right, r}} {
		text := strings.TrimSpace(side.t.text)
		if side.v.Kind() != value.Text || !isoDate(side.v.Text()) {
			sides[i] = text
			continue
		}
		if date == "" {
			date = side.v.Text()
		}
		switch {
		case len(side.t.places) == 0:
			sides[i] = strings.ReplaceAll(strings.TrimSpace(side.v.Text())[:10], "-", "")
		case side.t.whole:
			x, ok := exprForm(side.t.places[0].raw)
			if !ok {
				return "", false
			}
			sides[i] = "${number(replace(" + x + ", '-', ''))}"
		default:
			return "", false
		}
	}
	if date == "" {
		return "", false
	}
	return op + " needs numbers; " + quote(date) + " is a date, and dates are not compared by < and >; " +
		"compare their digits as numbers: write " + short(sides[0]+" "+op+" "+sides[1]), true
}

// isoDate reports whether s, trimmed, starts with a date written
// yyyy-mm-dd, alone or before a time (`2026-04-15`, `2026-04-15T10:30`).
func isoDate(s string) bool {
	s = strings.TrimSpace(s)
	if len(s) < 10 || len(s) > 10 && s[10] != 'T' && s[10] != ' ' {
		return false
	}
	for i := 0; i < 10; i++ {
		if i == 4 || i == 7 {
			if s[i] != '-' {
				return false
			}
		} else if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// exprForm is the text of a placeholder written so that it reads the same
// inside a call: an expression as it is, a dotted path whose keys are not
// names (`row.Start Date`) with its keys quoted (`row['Start Date']`).
func exprForm(raw string) (string, bool) {
	raw = strings.TrimSpace(raw)
	if x, err := exprparser.ParseExpr(raw); err == nil && ast.FirstBad(x) == nil {
		return raw, true
	}
	parts := strings.Split(raw, ".")
	if len(parts) < 2 || !ast.IsName(parts[0]) {
		return "", false
	}
	var b strings.Builder
	b.WriteString(parts[0])
	for _, p := range parts[1:] {
		switch {
		case p == "" || strings.Contains(p, "\\"):
			return "", false
		case !strings.Contains(p, "'"):
			b.WriteString("['" + p + "']")
		case !strings.Contains(p, `"`):
			b.WriteString(`["` + p + `"]`)
		default:
			return "", false
		}
	}
	return b.String(), true
}
