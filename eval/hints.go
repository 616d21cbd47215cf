package eval

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/funcs"
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
//
// An operand that is what / or % divides by gets 1 instead of 0 as its
// default: followed, default(x, 0) would fail with division by zero
// (D8, D49).
func (c source) notNumber(n ast.Expr, v value.Value) error {
	t := c.text(n)
	fallback, why := "0", ""
	if c.divisor(n) {
		fallback, why = "1", ", and the number to divide by cannot be 0"
	}
	switch v.Kind() {
	case value.Empty:
		if arg, first, ok := joinedWordsArg(c.tree, n); ok {
			// `default(x, N/A)`: bare words, not arithmetic; the advice
			// is the bare-word trap's, which validate gives (D44).
			text := c.src[arg.Pos():arg.End()]
			if id, ok := n.(*ast.Ident); ok {
				first = id.Name // the word that is empty: in n/a with n in the data, a
			}
			e := spanError(c.src, arg.Pos(), arg.End(), ErrType, joinedWordsReason(text, first))
			e.Subject = text
			return e
		}
		if reason, ok := c.dashedKey(n); ok {
			return c.fail(n, ErrType, reason)
		}
		return c.fail(n, ErrType, t+" is empty"+why+"; use default("+t+", "+fallback+")")
	case value.Text:
		if value.IsBlankText(v.Text()) {
			return c.fail(n, ErrType, t+" is blank text ("+quote(v.Text())+"), not a number"+why+"; use default(number("+t+"), "+fallback+")")
		}
		if !value.HoldsDigit(v.Text()) {
			if reason, ok := c.joinsValues(n); ok {
				return c.fail(c.tree, ErrType, reason) // `${row.first + row.last}`: text joined (D44)
			}
			// number(...) would fail too: no hint that fails when
			// followed (D49).
			return c.fail(n, ErrType, t+" is text ("+quote(v.Text())+"), not a number, and number(...) finds none in it")
		}
		what, plain := value.NumberText(v.Text())
		if lit, ok := n.(*ast.BasicLit); ok && what == value.WrittenNumber && plain != "" {
			// '1e3' as written: the number in plain digits, as ${1e3}
			// is told (D12)
			return c.fail(n, ErrType, t+" is text, not a number, and number(...) does not read a number written "+
				value.WrittenAs(lit.Value)+"; write "+plain+" instead of "+t)
		}
		if why := funcs.UnclearReason(v.Text()); why != "" {
			// number(...) refuses it as not clear: its own rewrite
			// (D34, D39), never a parse of our own
			return c.fail(n, ErrType, t+" is text ("+quote(v.Text())+"), "+why)
		}
		if why := value.NotOneNumberReason(v.Text()); why != "" {
			return c.fail(n, ErrType, t+" is text ("+quote(v.Text())+"), "+why)
		}
		if pct, ok := percentText(v.Text()); ok {
			// number('7%') is 7: followed, `use number(x)` would give a
			// result 100 times too large, quietly (D44, D49).
			return c.fail(n, ErrType, t+" is text ("+quote(v.Text())+"), a percent, not a number: number("+t+") reads it as "+
				pct+"; for the rate it stands for, use (number("+t+") / 100)")
		}
		return c.fail(n, ErrType, t+" is text ("+quote(v.Text())+"), not a number; use number("+t+")")
	}
	return c.fail(n, ErrType, t+" is "+article(v.Kind())+", not a number")
}

// percentText reports whether s is a percent written as text: a number
// that number(...) reads as shown, then a percent sign after it (`7%`,
// `-2.5 %`, `1,250%`, `๗%`, `７％`, as a sheet's percent cells are read),
// with the number number(...) reads from it: followed, the hint to use
// number(...) would give a result 100 times too large.
func percentText(s string) (string, bool) {
	t := value.TrimBlank(s)
	var num string
	ok := false
	for _, sign := range [...]string{"%", "\uff05", "\u066a"} { // %, full-width ％, Arabic ٪
		if num, ok = strings.CutSuffix(t, sign); ok {
			break
		}
	}
	if !ok {
		return "", false
	}
	if what, _ := value.NumberText(num); what != value.OneNumber {
		return "", false
	}
	number, _ := funcs.Lookup("number")
	n, err := number.Call(nil, []value.Value{value.TextValue(num)})
	if err != nil || n.Kind() != value.Number {
		return "", false
	}
	return n.Num().String(), true
}

// dashedKey is the reason for n, an empty lookup, when it is written glued
// to a - and a word after it (`row.e-mail`, `row.ชื่อ-สกุล`): that is
// row.e minus mail, where a key with a - in it was surely meant; the
// expression is written again with the key in brackets (D9, D49), as a
// key with spaces is told.
func (c source) dashedKey(n ast.Expr) (string, bool) {
	if _, ok := n.(*ast.SelectorExpr); !ok || c.tree == nil {
		return "", false
	}
	if _, ok := lookupPath(n); !ok {
		return "", false
	}
	// The chain of `- word` glued after n: n is the X of the innermost.
	end, key := n.End(), ""
	for {
		var next *ast.BinaryExpr
		ast.Inspect(c.tree, func(m ast.Node) bool {
			if b, ok := m.(*ast.BinaryExpr); ok && b.Op == ast.Sub && b.X.Pos() == n.Pos() && b.X.End() == end {
				next = b
			}
			return next == nil
		})
		if next == nil {
			break
		}
		id, ok := next.Y.(*ast.Ident)
		if !ok || id.Pos() != end+1 || c.src[end:id.Pos()] != "-" {
			break
		}
		key += "-" + id.Name
		end = id.End()
	}
	if key == "" {
		return "", false
	}
	sel := n.(*ast.SelectorExpr)
	base := c.src[sel.X.Pos():sel.X.End()]
	key = sel.Sel.Name + key
	written := c.src[n.Pos():end]
	fixed := c.src[:n.Pos()] + ast.KeyPath(base, key) + c.src[end:]
	return written + " is read as " + c.src[n.Pos():n.End()] + " minus " + strings.TrimPrefix(c.src[n.End():end], "-") +
		", and " + c.src[n.Pos():n.End()] + " is empty; to read the key " + quote(key) + ", write " + short(strings.TrimSpace(fixed)), true
}

// joinsValues is the reason for a + that joins values (D44), when the
// whole expression is a chain of + whose operands are all lookups and
// one of them is text that holds no number (`${row.first + row.last}`):
// each goes in a ${...} of its own, as with &.
func (c source) joinsValues(n ast.Expr) (string, bool) {
	top := c.tree
	for {
		p, ok := top.(*ast.ParenExpr)
		if !ok {
			break
		}
		top = p.X
	}
	b, ok := top.(*ast.BinaryExpr)
	if !ok || b.Op != ast.Add {
		return "", false
	}
	var operands []ast.Expr
	var flatten func(x ast.Expr) bool
	flatten = func(x ast.Expr) bool {
		if b, ok := x.(*ast.BinaryExpr); ok && b.Op == ast.Add {
			return flatten(b.X) && flatten(b.Y)
		}
		if _, ok := lookupPath(x); !ok {
			return false
		}
		operands = append(operands, x)
		return true
	}
	if !flatten(b) {
		return "", false
	}
	found := false
	parts := make([]string, len(operands))
	for i, x := range operands {
		parts[i] = c.srcText(x)
		found = found || x.Pos() == n.Pos() && x.End() == n.End()
	}
	if !found {
		return "", false
	}
	return joinText("+", false, parts, make([]*ast.BasicLit, len(parts))), true
}

// numberCall is err, a failure of call n (its text in src), with the hint
// of round or format whose first value is text with a number in it written
// as the call itself, number(...) around that value as written:
// `write round(number(row.premium), 1)` (E3, D40, D49). Any other error is
// returned as it is.
func numberCall(src string, n *ast.CallExpr, err error) error {
	f, ok := err.(*value.Failure)
	if !ok || len(n.Args) == 0 || n.End() > len(src) {
		return err
	}
	a := n.Args[0]
	call := src[n.Pos():a.Pos()] + "number(" + src[a.Pos():a.End()] + ")" + src[a.End():n.End()]
	reason, ok := funcs.WithNumberCall(f.Reason, n.Fun.Name, short(call))
	if !ok {
		return err
	}
	g := *f
	g.Reason = reason
	return &g
}

// unclearOrder is the reason of an order comparison (D28) whose side that
// is not a number is text that number(...) refuses as not clear (D34,
// D39): "> needs numbers; '12,5' is not a number, and number(...) refuses
// it: '12,5' is not clear: write 12.5", number()'s own rewrite
// (funcs.UnclearReason), as notNumber gives it for arithmetic. ok is false
// for any other side. left and right are the sides as written: when the
// side at fault is written in the line (no placeholder), the fix is the
// line's, with the one rewrite a condition reads (number()'s message
// offers a grouped form too, `9,800`, which a condition refuses, D49).
func unclearOrder(op string, left, right *Template, l, r value.Value) (string, bool) {
	bad, side := l, left
	if _, ok := value.ToNumber(l); ok {
		bad, side = r, right
	}
	if bad.Kind() != value.Text {
		return "", false
	}
	if side != nil && len(side.places) == 0 {
		if u, ok := funcs.OneUnclear(bad.Text()); ok && u.Reading != "" {
			return quote(strings.TrimSpace(bad.Text())) + " is not a number: numbers in a condition are written in plain digits, " +
				"not with spaces or marks between the digits; write " + u.Reading, true
		}
	}
	why := funcs.UnclearReason(bad.Text())
	if why == "" {
		return "", false
	}
	return op + " needs numbers; " + quote(bad.Text()) + " is " + why, true
}

// quotedUnknown is the error of text left out of quotes (D44) in a call
// of a function that is not ours (`lenght(hello world)`): following the
// quotes alone would fail with unknown function, so the message names the
// unknown function first, with its did-you-mean (D14), and writes the
// quotes with that name (`write len('hello world')`, D49). nil when every
// function of the rewrite is known.
func (c source) quotedUnknown(se *exprparser.SyntaxError) *Error {
	if se.Fixed == "" {
		return nil
	}
	x, err := parseExpr(se.Fixed)
	if err != nil {
		return nil
	}
	var call *ast.Ident
	ast.Inspect(x, func(m ast.Node) bool {
		if f, ok := m.(*ast.CallExpr); ok && call == nil {
			if _, known := funcs.Lookup(f.Fun.Name); !known {
				call = f.Fun
			}
		}
		return call == nil
	})
	if call == nil {
		return nil
	}
	reason := funcs.Unknown(call.Name).Error()
	quotes, _, _ := strings.Cut(se.Reason, "; put it in quotes")
	if s, ok := funcs.Suggest(call.Name); ok && s != call.Name {
		fixed := se.Fixed[:call.Pos()] + s + se.Fixed[call.End():]
		reason += " " + quotes + ": write " + short(fixed)
	}
	return newError(c.src, call.Pos(), ErrUnknownFunction, reason)
}

// divisor reports whether n is what a / or % of the expression divides
// by, itself or inside parentheses or a sign (`2 / missing`, `2 % (-x)`).
// It walks the tree compiled from the expression, kept with it, so that a
// row that fails costs no parse; without one it parses the text again.
func (c source) divisor(n ast.Expr) bool {
	x := c.tree
	if x == nil {
		var err error
		if x, err = parseExpr(c.src); err != nil {
			return false
		}
	}
	found := false
	ast.Inspect(x, func(m ast.Node) bool {
		b, ok := m.(*ast.BinaryExpr)
		if found || !ok || b.Op != ast.Quo && b.Op != ast.Rem {
			return !found
		}
		for y := b.Y; y != nil; {
			if y.Pos() == n.Pos() && y.End() == n.End() {
				found = true
				return false
			}
			switch w := y.(type) {
			case *ast.ParenExpr:
				y = w.X
			case *ast.UnaryExpr:
				y = w.X
			default:
				y = nil
			}
		}
		return true
	})
	return found
}

// joinText is the reason for text joined by an operator inside ${...}
// (D44): the text goes outside the ${...}, and each run of other parts in
// a ${...} of its own: `${row.Amount + " THB"}` -> `${row.Amount} THB`,
// `${row.a + 1 + ' THB'}` -> `${row.a + 1} THB` (with arith, a run of
// parts stays arithmetic; & is never, nor a + of values that are text,
// so each of their parts has its own ${...}). parts are the operands as
// written, in order; lits[i] is the text of part i when it is a text
// literal.
func joinText(op string, arith bool, parts []string, lits []*ast.BasicLit) string {
	var b strings.Builder
	for i := 0; i < len(parts); {
		if lits[i] != nil {
			b.WriteString(lits[i].Value)
			i++
			continue
		}
		b.WriteString("${")
		b.WriteString(parts[i])
		for i++; arith && i < len(parts) && lits[i] == nil; i++ {
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
// row.Last`), or texts alone with no digit in any (`"a" + "b"`), which no
// number(...) could make numbers of. Other chains of literals alone
// (`'  ' + 1`, `'1,200' + 1`, `'abc' + 1`) are arithmetic on text, which D7
// explains (E3). The reason is joinText's.
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
	words := true // every operand a text literal with no digit in it
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
				words = false
				continue
			}
			lits[i], joins = lit, true
			if value.HoldsDigit(lit.Value) {
				words = false
			}
			continue
		}
		words = false
	}
	if words {
		other = true // texts alone, none with a digit: they are joined
	}
	if !other || !joins {
		return "", false
	}
	return joinText("+", true, parts, lits), true
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
		x, err := parseExpr(parts[i])
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
	return joinText("&", false, parts, lits), true
}

// orderDateHint is the reason for an order comparison (D28) where a side is
// a date (D44): dates are not compared by < and >, and number(...) of a
// date alone reads its first number. A date is written year first
// (2026-04-15, 2026/04/15, 2026.04.15) or day and month first (15/04/2026,
// 04/15/2026, 15.04.2026, 15-04-2026), alone or before a time (T09:30, or
// a space and 09:30:15). When both sides are dates, the hint writes the
// comparison as numbers of year, month, day and time, which compare as
// the dates do:
//
//	${row.Start Date} < 2026-04-15
//	${number(replace(row['Start Date'], '-', ''))} < 20260415
//
// It writes that rewrite only when it is certain (D49): the order of day
// and month is known (a date written year first is year, month, day; for
// dates with the year last, a part over 12 in either date decides the
// order for both), every date reads whole (no zone, no fraction of a
// second), and a side from data is its placeholder alone. Otherwise the
// reason says what is not clear and how dates compare, without a
// rewrite. ok is false when no side is a date.
func orderDateHint(op string, left, right *Template, l, r value.Value) (string, bool) {
	switch op {
	case "<", ">", "<=", ">=":
	default:
		return "", false
	}
	if left == nil || right == nil {
		return "", false
	}
	sides := [2]dateSide{{t: left}, {t: right}}
	first := ""
	for i, v := range [2]value.Value{l, r} {
		if v.Kind() != value.Text {
			continue
		}
		if d, ok := readDate(v.Text()); ok {
			sides[i].d, sides[i].ok = d, true
			if first == "" {
				first = v.Text()
			}
		}
	}
	if first == "" {
		return "", false
	}
	reason := op + " needs numbers; " + quote(first) + " is a date, and dates are not compared by < and >; "
	rewrite, why := dateRewrite(op, sides)
	if why != "" {
		return reason + why, true
	}
	return reason + "compare their digits as numbers: write " + rewrite, true
}

// dateSide is a side of an order comparison, and the date its value is.
type dateSide struct {
	t  *Template
	d  writtenDate
	ok bool
}

// dateAdvice is what orderDateHint says when it writes no rewrite.
const dateAdvice = "compare them as numbers written year, month, day (yyyymmdd) on both sides"

// DateAdvice is what the hint of an order comparison of dates says when
// it writes no rewrite (D44); the column facts of a sheet (package flow)
// say it of a column of dates read as a number.
const DateAdvice = "dates are not compared by < and >; " + dateAdvice

// IsDate reports whether text is a date as the hint of an order
// comparison reads one: 2026-04-15, 15/04/2026, 15.04.2026, alone or
// before a time.
func IsDate(text string) bool {
	_, ok := readDate(text)
	return ok
}

// dateRewrite is the comparison of sides written as numbers of year, month,
// day and time (orderDateHint), or, when that is not certain, why.
func dateRewrite(op string, sides [2]dateSide) (rewrite, why string) {
	dayFirst, known := false, false
	for _, s := range sides {
		if !s.ok || !s.d.exact {
			return "", dateAdvice
		}
		if s.d.yearFirst {
			continue
		}
		switch {
		case s.d.a > 12 && known && !dayFirst, s.d.b > 12 && known && dayFirst:
			return "", "the dates are not written in one order of day and month; " + dateAdvice
		case s.d.a > 12:
			dayFirst, known = true, true
		case s.d.b > 12:
			dayFirst, known = false, true
		}
	}
	if !known {
		for _, s := range sides {
			if !s.d.yearFirst {
				return "", "whether " + quote(s.d.parts[0]) + " in " + quote(s.d.text) + " is the day or the month is not clear; " + dateAdvice
			}
		}
	}
	clock := max(len(sides[0].d.clock), len(sides[1].d.clock))
	var out [2]string
	for i, s := range sides {
		text, ok := s.digits(dayFirst, clock)
		if !ok {
			return "", dateAdvice
		}
		out[i] = text
	}
	return out[0] + " " + op + " " + out[1], ""
}

// digits writes the side as a number of year, month, day and its time,
// padded to clock digits of time: the digits of a literal, or a ${...}
// that computes them from the placeholder that is the side alone.
func (s dateSide) digits(dayFirst bool, clock int) (string, bool) {
	d := s.d
	year, month, day := 0, 1, 2
	if !d.yearFirst {
		year, month, day = 2, 1, 0
		if !dayFirst {
			month, day = 0, 1
		}
	}
	pad := strings.Repeat("0", clock-len(d.clock))
	if len(s.t.places) == 0 {
		num := func(i int) string {
			return fmt.Sprintf("%02s", d.parts[i])
		}
		return num(year) + num(month) + num(day) + d.clock + pad, true
	}
	if !s.t.whole {
		return "", false
	}
	// The ${...} depends on the placeholder and on how the date is
	// written, not on its digits: a sheet's dates, written alike, reuse
	// the one written for the row before.
	p := s.t.places[0]
	shape := dateShape{yearFirst: d.yearFirst, dayFirst: dayFirst,
		twoDigits: len(d.parts[1]) == 2 && len(d.parts[2]) == 2,
		clock:     d.clock != "", sep: d.sep, clockSep: d.clockSep, pad: len(pad)}
	if f := p.date.Load(); f != nil && f.shape == shape {
		return f.text, f.ok
	}
	text, ok := placeDigits(p, d, year, month, day, pad)
	p.date.Store(&dateForm{shape, text, ok})
	return text, ok
}

// dateShape is how a date is written, as far as the ${...} that digits
// writes for a placeholder depends on it.
type dateShape struct {
	yearFirst, dayFirst, twoDigits, clock bool
	sep, clockSep                         byte
	pad                                   int
}

// dateForm is the ${...} that digits wrote for a placeholder, and the
// shape of the date it was written for.
type dateForm struct {
	shape dateShape
	text  string
	ok    bool
}

// placeDigits is digits of a side that is placeholder p alone: a ${...}
// that computes the number from the placeholder's value, a date written
// as d (its year, month and day are parts year, month and day), padded
// with pad.
func placeDigits(p *placeholder, d writtenDate, year, month, day int, pad string) (string, bool) {
	x, ok := p.exprForm()
	if !ok || short(x) != x {
		// The placeholder is echoed whole, up to three times, or there
		// is no rewrite: one cut (D37) could not be followed.
		return "", false
	}
	sep := "'" + string(d.sep) + "'"
	var e string
	switch {
	case d.yearFirst && len(d.parts[1]) == 2 && len(d.parts[2]) == 2:
		// 2026-04-15: the digits in order, without the marks
		e = "replace(" + x + ", " + sep + ", '')"
		if d.clock != "" {
			e = "replace(replace(" + e + ", '" + string(d.clockSep) + "', ''), ':', '')"
		}
		e = "number(" + e + ")"
		if pad != "" {
			e += " * 1" + pad
		}
	case d.clock == "":
		part := func(i int) string { return "number(part(" + x + ", " + sep + ", " + strconv.Itoa(i) + "))" }
		e = part(year) + " * 10000 + " + part(month) + " * 100 + " + part(day)
		if pad != "" {
			e = "(" + e + ") * 1" + pad
		}
	default:
		return "", false
	}
	return "${" + e + "}", true
}

// writtenDate is a date as written (orderDateHint).
type writtenDate struct {
	text string // as written, trimmed
	// parts are the three numbers as written, in order; sep is the mark
	// between them.
	parts [3]string
	sep   byte
	// yearFirst is true for year, month, day; otherwise the year is last,
	// and a and b are the first two parts.
	yearFirst bool
	a, b      int
	// clock is the time's digits (hhmm or hhmmss), "" for none; clockSep
	// is what comes between the date and the time ('T' or ' ').
	clock    string
	clockSep byte
	// exact is false when more follows that the digits would not keep
	// (a zone, a fraction of a second, other text).
	exact bool
}

// readDate reads s, trimmed, as a date written as orderDateHint says; ok
// is false when it is not one.
func readDate(s string) (writtenDate, bool) {
	s = strings.TrimSpace(s)
	d := writtenDate{text: s, exact: true}
	i := 0
	for k := 0; k < 3; k++ {
		j := i
		for j < len(s) && s[j] >= '0' && s[j] <= '9' {
			j++
		}
		if j == i || j-i > 4 {
			return d, false
		}
		d.parts[k] = s[i:j]
		if k < 2 {
			if j == len(s) || !strings.ContainsRune("-/.", rune(s[j])) || k == 1 && s[j] != d.sep {
				return d, false
			}
			d.sep = s[j]
			j++
		}
		i = j
	}
	l0, l1, l2 := len(d.parts[0]), len(d.parts[1]), len(d.parts[2])
	switch {
	case l0 == 4 && l1 <= 2 && l2 <= 2:
		d.yearFirst = true
	case l0 <= 2 && l1 <= 2 && l2 == 4:
	default:
		return d, false
	}
	p := [3]int{}
	for k, t := range d.parts {
		p[k], _ = strconv.Atoi(t)
	}
	if d.yearFirst {
		if p[1] < 1 || p[1] > 12 || p[2] < 1 || p[2] > 31 {
			return d, false
		}
	} else {
		d.a, d.b = p[0], p[1]
		if d.a < 1 || d.b < 1 || d.a > 31 || d.b > 31 || d.a > 12 && d.b > 12 {
			return d, false
		}
	}
	rest := s[i:]
	if rest == "" {
		return d, true
	}
	if rest[0] != 'T' && rest[0] != ' ' {
		return d, false
	}
	d.clockSep = rest[0]
	d.clock, d.exact = readClock(rest[1:])
	return d, true
}

// readClock reads hh:mm or hh:mm:ss, the whole of s, as its digits.
func readClock(s string) (string, bool) {
	if len(s) != 5 && len(s) != 8 {
		return "", false
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch {
		case i%3 == 2:
			if s[i] != ':' {
				return "", false
			}
		case s[i] < '0' || s[i] > '9':
			return "", false
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), true
}

// exprForm is the text of a placeholder written so that it reads the same
// inside a call: an expression as it is, a dotted path whose keys are not
// names (`row.Start Date`) with its keys quoted (`row['Start Date']`).
func exprForm(raw string) (string, bool) {
	raw = strings.TrimSpace(raw)
	if x, err := parseExpr(raw); err == nil && ast.FirstBad(x) == nil {
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
