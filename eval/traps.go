package eval

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/gen/condparser"
	"github.com/kinenix/expressions/internal/spell"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// Traps (decisions D38, D44) are facts of a compiled template or
// condition: what is valid as written but quietly gives what its author
// most likely does not mean. They are found once, from the parsed nodes
// (the literal text between placeholders, the sides and operators of a
// comparison), and tools read them here instead of scanning the text.

// TrapKind names a kind of trap with a short stable word.
type TrapKind string

// The kinds of trap.
const (
	TrapAndAnd    TrapKind = "&&"       // `&&` between parts of a condition: write and
	TrapOrOr      TrapKind = "||"       // `||` between parts: write or
	TrapBang      TrapKind = "!"        // `!` before ${: write not
	TrapIf        TrapKind = "if"       // a condition that starts with `if ` or `when `
	TrapSemicolon TrapKind = ";"        // a condition that ends with `;`
	TrapOrWords   TrapKind = "or-words" // `== a or b`: write ${x} in a, b
	TrapNotList   TrapKind = "not-list" // `!= a, b`: write not ${x} in a, b
	TrapEqList    TrapKind = "eq-list"  // `== a, b` of words, with data on a row whose value is a or b: write ${x} in a, b
	// `${row.amount} == 15000` where the value is `15,000` or `15000
	// THB`: text with separators or a unit is no number for == (section
	// 5), so it is compared as text, quietly false; with data, on such a
	// row: write ${number(row.amount)} == 15000
	TrapNumberText TrapKind = "number-text"
	// `${s} in Due; Lapsed`, `in Due or Lapsed`, `== Due | Lapsed`: items
	// joined by a sign or a word that is no comma, so one item; with data,
	// on a row whose value is one of them: write ${s} in Due, Lapsed
	TrapSepList TrapKind = "sep-list"
	// `${row.tags} in VIP` where the tags are `VIP, Gold` or a list: asks
	// whether the whole of them is VIP, quietly false; with data, on such
	// a row: write VIP in ${row.tags}
	TrapReversedIn TrapKind = "reversed-in"
	// `${row.vip} == true` where the sheet holds `Yes`: text, not a
	// boolean, so compared with the text 'true', quietly false; with
	// data, on a row holding yes (no for false): write ${row.vip}, which
	// a lone placeholder reads as meant (`no` is false)
	TrapBoolText  TrapKind = "bool-text"
	TrapAndOrText TrapKind = "and-or"    // `== a and b and ${x} == y` kept as one comparison (D38)
	TrapBraces    TrapKind = "braces"    // `{{ ... }}` left as text
	TrapDollar    TrapKind = "dollar"    // `$name`, `$row.x` left as text
	TrapBareWord  TrapKind = "bare-word" // a bare word as a function's value, when the data has no such variable
	TrapCutKey    TrapKind = "cut-key"   // a `.key` that a `.` cuts: `${row.Policy No.}` (D38)
	TrapNumber    TrapKind = "number"    // `${1e3}` alone: a number written as the language does not, read as a variable (D12)
	TrapQuotedIn  TrapKind = "quoted-in" // `in 'a, b'`: one quoted item, commas kept (D26); write in 'a', 'b' or in a, b
	// `in (a, b)`, `in [a, b]`: the brackets are part of the items
	// (D29), so the first is `(a`; write in a, b
	TrapBracketedIn TrapKind = "bracketed-in"
	// `${s}in a, b and ${x} == 1`: a word glued to } is text, so the line
	// is one comparison; write a space before in
	TrapGluedWord TrapKind = "glued-word"
	// `${}`, `${ }`, `${.status}`: nothing inside, or nothing before the
	// first `.`, so always empty (D12: a text with no expression syntax
	// that does not parse is a missing lookup, and a path needs a
	// variable's name first); write a name or an expression inside, or
	// remove it
	TrapEmpty TrapKind = "empty"
	// `${s} == “Active”`, `in ‘a’, ‘b’`: a value in curly quotes (a word
	// processor's or a phone's), which are text, not quotes, so they are
	// compared too; write straight quotes
	TrapCurlyQuotes TrapKind = "curly-quotes"
	// `${x − 1}`, `${x × 2}`, `${upper（name）}`, `${“abc”}`: a sign pasted
	// from a word processor or typed with an input method is no sign of
	// the language, so the text reads as a variable's name, empty; it is
	// an expression with the plain sign
	TrapPasted TrapKind = "pasted"
)

// TrapKinds returns every kind of trap, in the order of D38 and D44.
func TrapKinds() []TrapKind {
	return []TrapKind{TrapAndAnd, TrapOrOr, TrapBang, TrapIf, TrapSemicolon, TrapOrWords, TrapNotList, TrapEqList, TrapSepList, TrapReversedIn, TrapNumberText, TrapBoolText,
		TrapAndOrText, TrapQuotedIn, TrapBracketedIn, TrapGluedWord, TrapCurlyQuotes, TrapCutKey, TrapEmpty, TrapBraces, TrapDollar, TrapBareWord, TrapNumber, TrapPasted}
}

// Trap is one trap: where it is, what the text does as written and what
// to write instead.
type Trap struct {
	Kind TrapKind
	// Offset and End span the trap in bytes: in the template's text, or
	// in the condition line for a condition and for the sides of one.
	Offset, End int
	// Subject is what the message names: the text of the trap as written
	// (`{{row.Amount}}`, `none`), or "condition".
	Subject string
	// Reason says what the text does and how to fix it, e.g. `this is one
	// comparison with the text 'shipped or partially_shipped', so it is
	// quietly false; write ${order.status} in shipped, partially_shipped`.
	Reason string
	// Name is, for a bare word (TrapBareWord) or a number written as the
	// language does not (TrapNumber), the variable it is read as: the trap
	// holds only where the data has no variable of that name (see
	// Applies).
	Name string
	// Literal is, for a trap of a condition's value that the data may hold
	// as written, that text: a value in curly quotes, quotes and all
	// (`“VIP”`, TrapCurlyQuotes), the items after `in` joined by a
	// full-width comma (`A、B`, TrapPasted), or the one text compared
	// where a list was most likely meant (`tea or coffee` of TrapOrWords,
	// `Acme, Inc.` of TrapNotList, `'renewal, paid by transfer'` of
	// TrapQuotedIn, without its quotes). The trap holds only where the
	// left side of the comparison does not hold it (Condition.TrapHolds).
	// For the traps a row's value decides (Condition.RowTraps) it is the
	// value compared: the items of TrapEqList, the number of
	// TrapNumberText.
	Literal string
	// Variable is true for a bare word (TrapBareWord) where the function
	// works on the value (funcs.Func.WorksOn: `default(x, 'n/a')`,
	// `upper(name)`): the word is most likely meant as a variable, since
	// quotes make the call's result fixed whatever the data. Its reason
	// names a variable of the data first and D44's quotes second; a tool
	// may name instead the variable the author most likely meant.
	Variable bool
}

// Message is the trap as one line: `subject: reason`, the subject cleaned
// as echoed text is (D37).
func (tr Trap) Message() string { return short(tr.Subject) + ": " + tr.Reason }

// Applies reports whether the trap holds with the data in s: a bare word
// (TrapBareWord) holds only when s is not nil and has no variable of its
// name; a number written as the language does not (TrapNumber), or a name
// with a pasted sign in it (TrapPasted with a Name), unless s has a
// variable of that name; a trap that only a row's value decides
// (Condition.RowTraps) only when s is not nil, and then where
// Condition.TrapHolds says; every other trap holds whatever the data.
func (tr Trap) Applies(s *scope.Scope) bool {
	switch tr.Kind {
	case TrapBareWord:
		return s != nil && !s.Has(tr.Name)
	case TrapNumber:
		return s == nil || !s.Has(tr.Name)
	case TrapPasted:
		return s == nil || tr.Name == "" || !s.Has(tr.Name)
	}
	if rowTrap(tr.Kind) {
		return s != nil // and only on a row whose value decides (TrapHolds)
	}
	return true
}

// TrapHolds reports whether tr, one of c's traps, holds with the data in
// s: as Trap.Applies, and for a value the data may hold as written
// (Trap.Literal: a value in curly quotes, items joined by a full-width
// comma, one text compared where a list was most likely meant) only where
// the left side of its comparison, evaluated with ev (nil: a budget of
// its own) under ctx, does not contain that text, or for curly quotes
// the two quotes (`${row.note} == “VIP”` where the note is “VIP” or
// “Gold”, `${row.note} in A、B` where it is A、B, `${row.drink} == tea
// or coffee` where it is tea or coffee): there the data holds it, so it
// is meant, and the fix would make the comparison false (D49). `== a, b`
// (TrapEqList) holds only where the left side equals one of the items
// (`== Due, Lapsed` where the status is Due): a list was meant there,
// and anywhere else the text may be a name (`Smith, John`). A left side
// that fails to evaluate leaves the trap holding, but for TrapEqList;
// its own problem is told elsewhere.
func (c *Condition) TrapHolds(ctx context.Context, ev *Evaluator, tr Trap, s *scope.Scope) bool {
	if !tr.Applies(s) {
		return false
	}
	if c == nil || s == nil || tr.Literal == "" {
		return true
	}
	for i := range c.parts {
		p := &c.parts[i]
		if p.Right == nil || tr.Offset < p.OpPos || tr.Offset >= p.End {
			continue
		}
		l, err := ev.Value(ctx, p.Left, s)
		if tr.Kind == TrapEqList || tr.Kind == TrapSepList {
			// `== Due, Lapsed` where the status is Due: one of the items,
			// so a list was meant; `== Smith, John` where the name is
			// Smith, John or Jones is a name compared as written.
			return err == nil && isItem(l, tr.Literal)
		}
		if tr.Kind == TrapNumberText {
			return err == nil && c.numberTextHolds(ctx, ev, tr, l, s)
		}
		if tr.Kind == TrapBoolText {
			// `Yes` compared with true, `No` with false: the line says
			// other than meant there (`No == true` is false as meant)
			if err != nil || l.Kind() != value.Text {
				return false
			}
			w := strings.ToLower(value.TrimBlank(l.Text()))
			return w == "yes" && tr.Literal == "true" || w == "no" && tr.Literal == "false"
		}
		if tr.Kind == TrapReversedIn {
			// `${row.tags} in VIP` where the tags are `VIP, Gold` or a
			// list that holds VIP: the item is the tags', not the other
			// way round; `15,000` is one number, no list of 15 and 000
			return err == nil && (l.Kind() == value.List || l.Kind() == value.Text && strings.Contains(l.Text(), ",") && !numberCommas(l.Text())) &&
				value.Member(value.TextValue(tr.Literal), l)
		}
		if err != nil {
			return true
		}
		if tr.Kind == TrapCurlyQuotes {
			// The data writes its values in these curly quotes (`‘b’` for
			// the item `‘a’` of `in ‘a’, ‘b’`): they are meant.
			open, _ := utf8.DecodeRuneInString(tr.Literal)
			close, _ := utf8.DecodeLastRuneInString(tr.Literal)
			return !value.Contains(l, value.TextValue(string(open))) || !value.Contains(l, value.TextValue(string(close)))
		}
		for _, lit := range append([]string{tr.Literal}, c.moreLiterals(tr)...) {
			if value.Contains(l, value.TextValue(lit)) {
				return false
			}
		}
		return true
	}
	return true
}

// codeNumber reports whether the number in s, text that holds one number
// (value.NumberText), is part of a code: joined to a letter before it, or
// by - to a letter or digit before or after it (`B2`, `A-101`, `101-B`,
// `ID-2026`). number() reads its digits, but the text is no amount with
// a unit or a currency sign, so it is no number-text trap.
func codeNumber(s string) bool {
	start := strings.IndexFunc(s, unicode.IsDigit)
	if start < 0 {
		return false
	}
	before, _ := utf8.DecodeLastRuneInString(s[:start])
	if unicode.IsLetter(before) {
		return true
	}
	if before == '-' {
		if r, _ := utf8.DecodeLastRuneInString(s[:start-1]); unicode.IsLetter(r) || unicode.IsDigit(r) {
			return true
		}
	}
	end := start
	for end < len(s) {
		r, size := utf8.DecodeRuneInString(s[end:])
		if !unicode.IsDigit(r) && (r != ',' && r != '.' || !startsWithDigit(s[end+size:])) {
			break
		}
		end += size
	}
	if strings.HasPrefix(s[end:], "-") {
		r, _ := utf8.DecodeRuneInString(s[end+1:])
		return unicode.IsLetter(r) || unicode.IsDigit(r)
	}
	return false
}

// startsWithDigit reports whether s starts with a digit.
func startsWithDigit(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return unicode.IsDigit(r)
}

// numberCommas reports whether every comma of s has a digit right before
// and after it: separators in a number (`15,000`, `1,500 THB`), one value,
// not items (`VIP, Gold`).
func numberCommas(s string) bool {
	for i := strings.IndexByte(s, ','); i >= 0; i = strings.IndexByte(s, ',') {
		if i == 0 || i+1 >= len(s) || s[i-1] < '0' || s[i-1] > '9' || s[i+1] < '0' || s[i+1] > '9' {
			return false
		}
		s = s[i+1:]
	}
	return true
}

// numberTextHolds reports whether a number-text trap holds where the
// left side's value is l: l is no number for == (not a number, nor a
// plain number in text), and number() reads it as the number compared
// (`15,000`, `15000 THB` for 15000), the one number the text shows
// (value.NumberText). Elsewhere the line means what it says: a number
// compared as one, or text that is no such number, as a house number
// `5/1`, a time `10:30`, a date `2026/01/15` or `Q1 2026`, whose first
// number number() reads (D49).
func (c *Condition) numberTextHolds(ctx context.Context, ev *Evaluator, tr Trap, l value.Value, s *scope.Scope) bool {
	if _, ok := value.ToNumber(l); ok || l.Kind() != value.Text {
		return false
	}
	if what, _ := value.NumberText(l.Text()); what != value.OneNumber || codeNumber(l.Text()) {
		return false
	}
	i := slices.IndexFunc(c.numberFixes, func(f numberFix) bool { return f.at == tr.Offset })
	want, ok := value.ToNumber(value.TextValue(tr.Literal))
	if i < 0 || !ok {
		return false
	}
	v, err := ev.Value(ctx, c.numberFixes[i].read, s)
	got, ok := value.ToNumber(v)
	return err == nil && ok && got.Cmp(want) == 0
}

// moreLiteral are texts that a row may hold as it holds the Literal of the
// trap at byte at, after it: the quoted items without commas after a
// bare first of TrapQuotedIn (`'b'` and `'c'` of `in a, 'b', 'c'`). A
// Trap keeps one Literal and stays comparable; the rest are the
// Condition's.
type moreLiteral struct {
	at    int
	texts []string
}

// moreLiterals are the texts after tr.Literal that a row may hold.
func (c *Condition) moreLiterals(tr Trap) []string {
	for _, m := range c.more {
		if m.at == tr.Offset {
			return m.texts
		}
	}
	return nil
}

// boolText finds the trap of == or != between one lookup and the word
// true or false (`${row.vip} == true`), outside a not: where the sheet
// holds `Yes` or `No`, text and not a boolean, the comparison is with
// the text `true` or `false`, quietly false (true for !=). The lone
// placeholder reads yes as true and no as false (section 10), so it is
// the fix: `${row.vip}`, or `not ${row.vip}` for == false and != true.
// The trap holds only with data, on a row holding yes compared with true
// or no compared with false, where the line says other than meant
// (Condition.TrapHolds). It reports whether the trap was found.
func (cd *Condition) boolText(n *ast.Comparison, not bool, left, right string) bool {
	word := strings.ToLower(strings.TrimSpace(right))
	if not || n.Op != ast.Eq && n.Op != ast.Ne || word != "true" && word != "false" || !lookupSide(left) {
		return false
	}
	fix := left
	if (word == "true") != (n.Op == ast.Eq) {
		fix = "not " + left
	}
	if f := compileConditionOnly(fix); f.err != nil || len(f.traps) > 0 {
		return false
	}
	quietly := "false"
	if n.Op == ast.Ne {
		quietly = "true"
	}
	r := n.Right
	cd.addTrap(TrapBoolText, r.TextPos, r.TextPos+len(r.Text), "a value written as Yes or No is text, not a boolean, so "+n.Op.String()+
		" compares it with the text "+quote(word)+" and is quietly "+quietly+" there; "+left+" alone reads yes as true and no as false: write "+short(fix), nil)
	cd.traps[len(cd.traps)-1].Literal = word // the row's yes or no decides (TrapHolds)
	return true
}

// lookupSide reports whether side, a comparison's side as written, is one
// placeholder that is a lookup alone (`${row.amount}`, `${row['Unit
// Price']}`): a value as the data holds it, which the row traps read.
// An expression's value is no text a sheet holds.
func lookupSide(side string) bool {
	if !strings.HasPrefix(side, "${") || !strings.HasSuffix(side, "}") || strings.Count(side, "${") != 1 || strings.Count(side, "}") != 1 {
		return false
	}
	t, err := Compile(side)
	return err == nil && len(t.Reads()) == 1 && t.Reads()[0].Whole
}

// numberFix is the fix of a number-text trap at byte at of the line:
// read, the left side read with number() (`${number(row.amount)}`).
type numberFix struct {
	at   int
	read *Template
}

// numberText finds the trap of == or != between one lookup and a plain
// number (`${row.amount} == 15000`): a value written with separators, a
// unit or a currency sign (`15,000`, `15000 THB`) is text, no number for
// == (section 5), so it is compared as text: quietly false (true after
// !=). The trap holds only with data, on a row whose value number() reads
// as that number (Condition.TrapHolds); its fix reads the side with
// number(). It reports whether the trap was found.
func (cd *Condition) numberText(n *ast.Comparison, left, right string) bool {
	right = strings.TrimSpace(right)
	if n.Op != ast.Eq && n.Op != ast.Ne {
		return false
	}
	if _, ok := value.ToNumber(value.TextValue(right)); !ok || !value.HoldsDigit(right) || !lookupSide(left) {
		return false
	}
	read, err := Compile("${number(" + left[2:len(left)-1] + ")}")
	if err != nil || len(read.Problems(nil)) > 0 {
		return false
	}
	fix := "${number(" + left[2:len(left)-1] + ")} " + n.Op.String() + " " + right
	quietly := "false"
	if n.Op == ast.Ne {
		quietly = "true"
	}
	r := n.Right
	cd.addTrap(TrapNumberText, r.TextPos, r.TextPos+len(r.Text), "a value written with separators, a unit or a currency sign (as 1,200 "+
		"or 1200 THB) is text, not a number, so "+n.Op.String()+" compares it with "+right+" as text and is quietly "+quietly+" there; write "+short(fix), nil)
	cd.traps[len(cd.traps)-1].Literal = right // the number; the row's value decides (TrapHolds)
	cd.numberFixes = append(cd.numberFixes, numberFix{r.TextPos, read})
	return true
}

// isItem reports whether l equals (D27) one of the items of list, the
// text of an eq-list trap: l's text is short, so a long one is none.
func isItem(l value.Value, list string) bool {
	if l.Kind() == value.Text && len(l.Text()) > len(list) {
		return false
	}
	return value.Member(l, value.TextValue(list)) // in's own rule (D29)
}

// Traps returns the traps of the template's literal text and placeholders,
// in order: another template language's `{{ ... }}` or `$name` left as
// text (D44), and a bare word given to a function (`default(row.Email,
// none)`), which holds only where the data has no such variable (see
// Trap.Applies).
func (t *Template) Traps() []Trap {
	if t == nil {
		return nil
	}
	t.trapsOnce.Do(func() {
		for _, s := range t.segs {
			if !s.isExpr && !t.quoted {
				t.traps = append(t.traps, literalTraps(s.lit, t.base+s.start)...)
			}
		}
		for _, p := range t.places {
			t.traps = append(t.traps, p.traps()...)
		}
	})
	if len(t.traps) == 0 {
		return nil
	}
	return append([]Trap(nil), t.traps...)
}

// literalTraps finds `{{ ... }}`, `$name`, and a placeholder that a pasted
// character keeps from being one (`$\u00a0{x}`, `＄｛x｝`) in literal text
// that starts at byte base.
func literalTraps(lit string, base int) []Trap {
	out, _ := literalTrapsScanned(lit, base)
	return out
}

// literalTrapsScanned is literalTraps, and how many bytes of lit it read
// looking for the end of a pasted placeholder (closeAfter).
func literalTrapsScanned(lit string, base int) ([]Trap, int) {
	var out []Trap
	closes := closeAfter{lit: lit, at: -1}
	for i := 0; i < len(lit); i++ {
		switch {
		case strings.HasPrefix(lit[i:], "{{"):
			j := strings.Index(lit[i+2:], "}}")
			if j < 0 {
				return out, closes.scanned
			}
			inner := strings.TrimSpace(lit[i+2 : i+2+j])
			end := i + 2 + j + 2
			if inner != "" {
				out = append(out, otherLanguage(lit[i:end], inner, base+i, base+end))
			}
			i = end - 1
		case lit[i] == '$' || strings.HasPrefix(lit[i:], "＄"):
			tr, end, ok := pastedDollar(lit, i, base, &closes)
			if ok {
				out = append(out, tr)
				i = end - 1
				break
			}
			if lit[i] != '$' || nameRuneBefore(lit, i) || !nameStartAt(lit, i+1) {
				break
			}
			j := i + 1
			for j < len(lit) {
				if n := nameRuneAt(lit, j); n > 0 {
					j += n
				} else if lit[j] == '.' && nameStartAt(lit, j+1) {
					j++
				} else {
					break
				}
			}
			out = append(out, otherLanguage(lit[i:j], lit[i+1:j], base+i, base+j))
			i = j - 1
		}
	}
	return out, closes.scanned
}

// closeAfter finds the first }, ｝ or { of lit at or after a byte, for
// pastedDollar, going on from what it found last while the bytes asked
// only grow: a text of many `＄｛` and no close is read once, not once
// from each of them to its end.
type closeAfter struct {
	lit     string
	from    int // the first }, ｝ or { at or after from is at,
	at      int // len(lit) when there is none; -1 before the first search
	scanned int // bytes read
}

func (c *closeAfter) find(j int) int {
	if j < c.from || j > c.at {
		c.from, c.at = j, len(c.lit)
		if k := strings.IndexAny(c.lit[j:], "}｝{"); k >= 0 {
			c.at = j + k
		}
		c.scanned += c.at - j
	}
	return c.at
}

// pastedDollar finds at byte i of lit a placeholder that a pasted
// character keeps from being one: a no-break or zero-width space between
// `$` and `{` (`$\u00a0{row.status}`), or the full-width `＄`, `｛`, `｝`
// of an input method (`＄｛row.status｝`). It is text, shown as written.
// The trap, whose fix is the placeholder written plain, and the byte
// where it ends in lit.
func pastedDollar(lit string, i, base int, closes *closeAfter) (Trap, int, bool) {
	j, pasted := i+1, false
	if lit[i] != '$' {
		j, pasted = i+len("＄"), true
	}
	for j < len(lit) {
		r, n := utf8.DecodeRuneInString(lit[j:])
		if _, plain, ok := spell.Pasted(string(r)); !ok || plain != "" && plain != "a plain space" {
			break
		}
		j, pasted = j+n, true
	}
	switch {
	case strings.HasPrefix(lit[j:], "{"):
		j++
	case strings.HasPrefix(lit[j:], "｛"):
		j, pasted = j+len("｛"), true
	default:
		return Trap{}, 0, false
	}
	if !pasted {
		return Trap{}, 0, false
	}
	end := closes.find(j) - j
	if j+end == len(lit) || lit[j+end] == '{' {
		return Trap{}, 0, false
	}
	inner := strings.TrimSpace(lit[j : j+end])
	_, n := utf8.DecodeRuneInString(lit[j+end:])
	end += j + n
	if inner == "" {
		return Trap{}, 0, false
	}
	what, _, _ := spell.Pasted(lit[i:end])
	return Trap{Kind: TrapPasted, Offset: base + i, End: base + end, Subject: lit[i:end],
		Reason: "it has " + what + ", pasted with the text, which keeps this from being a placeholder, so it is shown as written; " + placeholderFix(spell.Unpasted(inner))}, end, true
}

func otherLanguage(written, inner string, from, to int) Trap {
	kind := TrapDollar
	if strings.HasPrefix(written, "{{") {
		kind = TrapBraces
	}
	return Trap{Kind: kind, Offset: from, End: to, Subject: written,
		Reason: "this is another template language and is left as text; " + placeholderFix(inner)}
}

// placeholderFix ends the reason of a trap whose fix is inner written in
// ${...} (`{{ x }}`, `$x`, `＄｛x｝`): `write ${inner}` where that is one
// placeholder with no problem known without data, by the rule validate
// checks it with (Problems), so that the fix works when followed (D49);
// else why it is none (`{{ name | capitalize }}`, `$_`), naming no fix
// rather than a wrong one.
func placeholderFix(inner string) string {
	if calls, ok := filterCalls(inner); ok {
		text := "${" + calls + "}"
		if t := compileTemplate(text); t.whole && len(t.Problems(nil)) == 0 {
			return "its filters are calls of functions here: write " + short(text)
		}
	}
	text := "${" + inner + "}"
	t := compileTemplate(text)
	if !t.whole {
		return "written as " + short(text) + ", this is no placeholder that works either; write what it means as an expression of this language in ${...}"
	}
	if ps := t.Problems(nil); len(ps) > 0 {
		return "written as " + short(text) + ", this is no placeholder that works either (" + ps[0].Reason + "); write what it means as an expression of this language"
	}
	return "write " + short(text)
}

// filterCalls writes the filters of another template language
// (`x | upper`, Jinja's `x | default('n/a')`, Liquid's `x | default:
// 'n/a'`) as calls of this one's functions, the value first:
// `upper(x)`, `default(x, 'n/a')`; ok is false when inner has no filter,
// or one names no function of the table (`x | capitalize`).
func filterCalls(inner string) (string, bool) {
	parts := ast.SplitOutside(inner, '|')
	for i, p := range parts {
		if parts[i] = strings.TrimSpace(p); parts[i] == "" {
			return "", false // `| upper`, and `a || b` of other languages
		}
	}
	if len(parts) < 2 {
		return "", false
	}
	expr := parts[0]
	for _, f := range parts[1:] {
		name, args := f, ""
		if i := strings.IndexAny(f, "(:"); i >= 0 {
			name, args = strings.TrimSpace(f[:i]), strings.TrimSpace(f[i+1:])
			if f[i] == '(' {
				if !strings.HasSuffix(args, ")") {
					return "", false
				}
				args = strings.TrimSpace(strings.TrimSuffix(args, ")"))
			}
		}
		if _, ok := funcs.Lookup(name); !ok {
			return "", false
		}
		if args != "" {
			args = ", " + args
		}
		expr = name + "(" + expr + args + ")"
	}
	return expr, true
}

// nameStartAt reports whether a name starts at byte i of s: a character
// that starts a name by Unicode's identifier rules (D9, ast.IsIdentStart),
// so `$ชื่อ` is a name left as text as `$name` is.
func nameStartAt(s string, i int) bool {
	if i >= len(s) {
		return false
	}
	r, size := utf8.DecodeRuneInString(s[i:])
	return !(r == utf8.RuneError && size == 1) && ast.IsIdentStart(r)
}

// nameRuneAt is the size of the character at byte i of s when it goes on
// a name (ast.IsIdentCont: letters, marks, digits, _), else 0; a Thai
// tone mark goes on the name it follows.
func nameRuneAt(s string, i int) int {
	r, size := utf8.DecodeRuneInString(s[i:])
	if r == utf8.RuneError && size == 1 || !ast.IsIdentCont(r) {
		return 0
	}
	return size
}

// nameRuneBefore reports whether the character before byte i of s goes on
// a name, so that a `$` at i is inside a word (`ราคา$x`, `US$5`).
func nameRuneBefore(s string, i int) bool {
	if i == 0 {
		return false
	}
	r, size := utf8.DecodeLastRuneInString(s[:i])
	return !(r == utf8.RuneError && size == 1) && ast.IsIdentCont(r)
}

// traps are the traps of one placeholder's expression: nothing inside
// it, a key that a `.` cuts, a number written as the language does not, a bare word given to a
// function.
func (p *placeholder) traps() []Trap {
	if tr, ok := p.empty(); ok {
		return []Trap{tr}
	}
	if tr, ok := p.cutKey(); ok {
		return []Trap{tr}
	}
	if tr, ok := p.numberAlone(); ok {
		return []Trap{tr}
	}
	if tr, ok := p.pasted(); ok {
		return []Trap{tr}
	}
	if p.tree == nil || p.rd.isEnv || len(p.problems) > 0 || p.under != nil {
		return nil // a problem of the expression is told first
	}
	var out []Trap
	ast.Inspect(p.tree, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if tr, ok := p.cutSelector(sel); ok {
				out = append(out, tr)
				return false
			}
			return true
		}
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		f, _ := funcs.Lookup(call.Fun.Name)
		for i, a := range call.Args {
			if id, ok := a.(*ast.Ident); ok {
				tr := Trap{Kind: TrapBareWord, Offset: p.start + id.Pos(), End: p.start + id.End(),
					Subject: id.Name, Name: id.Name,
					Reason: "this is read as a variable, and the data has no variable " + quote(id.Name) +
						"; write '" + id.Name + "' in quotes for the text"}
				if f != nil && f.WorksOn(i) {
					// `default(x, 'n/a')`: quoted, x would be the
					// result whatever the data; the word is a variable
					// that is not there.
					tr.Variable = true
					tr.Reason = "this is read as a variable, and the data has no variable " + quote(id.Name) +
						"; write the name of a variable of the data, or write '" + id.Name + "' in quotes for the text itself"
				}
				out = append(out, tr)
			} else if first, ok := wordsJoined(a); ok {
				// `default(x, N/A)`, `part(x, e-mail, 1)`: bare words joined
				// by / or -, read as arithmetic of variables.
				text := p.raw[a.Pos():a.End()]
				out = append(out, Trap{Kind: TrapBareWord, Offset: p.start + a.Pos(), End: p.start + a.End(),
					Subject: text, Name: first, Reason: joinedWordsReason(text, first)})
			}
		}
		return true
	})
	return out
}

// joinedWordsReason is what is said of bare words joined by / or -
// given to a function (text, the first word first, D44): the trap's
// reason, and the reason of the error their arithmetic gives when a word
// is empty (joinedWordsError), so that validate and render give the same
// advice.
func joinedWordsReason(text, first string) string {
	return "this is read as arithmetic of variables, and the data has no variable " + quote(first) +
		"; write '" + text + "' in quotes for the text"
}

// joinedWordsArg returns the argument of a call in tree that is bare
// words joined by / or - (wordsJoined) and holds n, with its first word.
func joinedWordsArg(tree ast.Expr, n ast.Node) (arg ast.Expr, first string, ok bool) {
	if tree == nil {
		return nil, "", false
	}
	ast.Inspect(tree, func(x ast.Node) bool {
		call, isCall := x.(*ast.CallExpr)
		if ok || !isCall {
			return !ok
		}
		for _, a := range call.Args {
			if a.Pos() <= n.Pos() && n.End() <= a.End() {
				if w, joined := wordsJoined(a); joined {
					arg, first, ok = a, w, true
					return false
				}
			}
		}
		return true
	})
	return arg, first, ok
}

// wordsJoined reports whether x is bare words joined by / or - alone
// (`N/A`, `e-mail`), with the first word: text without quotes, most
// likely, where a function wants a value (D44).
func wordsJoined(x ast.Expr) (first string, ok bool) {
	b, isBin := x.(*ast.BinaryExpr)
	if !isBin || b.Op != ast.Quo && b.Op != ast.Sub {
		return "", false
	}
	l, r := b.X, b.Y
	if id, ok := r.(*ast.Ident); !ok || id.Name == "" {
		return "", false
	}
	if id, ok := l.(*ast.Ident); ok {
		return id.Name, true
	}
	return wordsJoined(l)
}

// Traps returns the traps of the condition line, in order: those of the
// line's parts (D38, D44: `&&`, `||`, `!` before ${, a leading `if ` or
// `when `, a trailing `;`, `== a or b`, `!= a, b`, a comparison that keeps
// a bare and/or and what reads as a comparison in its text) and those of
// its sides as templates (Template.Traps). Offsets count in the line.
func (c *Condition) Traps() []Trap {
	if c == nil {
		return nil
	}
	var out []Trap
	for _, tr := range c.traps {
		if !rowTrap(tr.Kind) {
			out = append(out, tr)
		}
	}
	for _, s := range c.sides {
		out = append(out, s.Traps()...)
	}
	return out
}

// RowTraps returns the traps of the line that only a row's value decides,
// which Traps does not list: `== a, b` of words (TrapEqList), which may
// be a name (`Smith, John`) but is a list where the value is one of the
// items; values joined by `;`, `|`, `/`, `or` or spaces (TrapSepList);
// `${row.tags} in VIP` (TrapReversedIn), a list the wrong way round where
// the tags are `VIP, Gold`; `== 15000` (TrapNumberText), right where
// the value is a number and quietly false where it is `15,000`; and `==
// true` (TrapBoolText), quietly false where the sheet holds `Yes`. None
// holds without data; Condition.TrapHolds says whether one holds on a
// row, and a tool that warns with a row's data lists these with Traps.
func (c *Condition) RowTraps() []Trap {
	if c == nil {
		return nil
	}
	var out []Trap
	for _, tr := range c.traps {
		if rowTrap(tr.Kind) {
			out = append(out, tr)
		}
	}
	return out
}

// rowTrap reports whether a trap of kind k is one that only a row's
// value decides (RowTraps).
func rowTrap(k TrapKind) bool {
	return k == TrapEqList || k == TrapSepList || k == TrapReversedIn || k == TrapNumberText || k == TrapBoolText
}

// edit is a fix of a trap: line[from:to] becomes text.
type edit struct {
	from, to int
	text     string
}

// findTraps finds the traps of the parts of tree, the parsed line, and
// when the fixes of those that have one give a line that reads as a
// condition, names that line in their reasons.
func (cd *Condition) findTraps(tree ast.Cond) {
	cd.collectTraps(tree)
	cd.gluedWord()
	cd.invisibleSpace()
	if len(cd.edits) == 0 {
		return
	}
	fixed := applyEdits(cd.line, cd.edits)
	if strings.TrimSpace(fixed) == "" || !readsAsCondition(fixed) {
		return
	}
	for i := range cd.traps {
		switch cd.traps[i].Kind {
		case TrapAndAnd, TrapOrOr, TrapBang, TrapIf, TrapSemicolon, TrapCurlyQuotes:
			// Only a trap with a fix of its own names the line: one
			// without (`${a} in !${b}`) would still hold after it.
			if cd.fixes(cd.traps[i]) {
				cd.traps[i].Reason += ": " + short(fixed)
			}
		}
	}
}

// fixes reports whether tr has a fix among the edits: one that spans
// where it starts.
func (cd *Condition) fixes(tr Trap) bool {
	return slices.ContainsFunc(cd.edits, func(e edit) bool { return e.from <= tr.Offset && tr.Offset < e.to })
}

// collectTraps finds the traps of the parts of tree.
func (cd *Condition) collectTraps(tree ast.Cond) {
	var sides []*ast.Side
	in := map[*ast.Side]bool{} // the right sides of in
	right := map[*ast.Side]*ast.Comparison{}
	negated := map[*ast.Side]bool{} // the right sides of != or after not: true where the text is never the value
	var walk func(n ast.Cond, not bool)
	walk = func(n ast.Cond, not bool) {
		switch n := n.(type) {
		case *ast.BoolCond:
			walk(n.X, false)
			walk(n.Y, false)
		case *ast.NotCond:
			walk(n.X, true)
		case *ast.Comparison:
			sides = append(sides, n.Left)
			if n.Right != nil {
				sides = append(sides, n.Right)
				in[n.Right] = n.Op == ast.In
				right[n.Right] = n
				negated[n.Right] = (n.Op == ast.Ne) != not
				cd.comparisonTraps(n, not, tree)
			}
		case *ast.Truth:
			sides = append(sides, n.X)
		}
	}
	walk(tree, false)
	for i, s := range sides {
		if !s.Quoted {
			cd.sideTraps(s, i == 0, i == len(sides)-1, in[s], negated[s], right[s])
		}
	}
}

// gluedWord finds the trap of a condition word glued to the } before it
// (or and / or glued to the ${ after it) in a line that is a condition as
// written: the word is text (words need
// white space on both sides), so `${s}in a, b and ${x} == 1` is one
// comparison whose left side is `${s}in a, b and ${x}`. It is a trap only
// when the line with the spaces (condparser.GluedWord) splits into parts,
// the tests meant; `${size}in == 12in` stays a comparison of its text.
func (cd *Condition) gluedWord() {
	word, at, fixed, ok := condparser.GluedWord(cd.line)
	if !ok || len(cd.parts) > 1 {
		return
	}
	if fc := compileConditionOnly(fixed); fc.err != nil || len(fc.parts) < 2 {
		return
	}
	// The glued word, not an and/or in the text, is why the line is one
	// comparison: andOrText's advice (quote the text) would not help.
	cd.traps = slices.DeleteFunc(cd.traps, func(tr Trap) bool { return tr.Kind == TrapAndOrText })
	side := condparser.GluedSpace(cd.line, word, at)
	glued := "right after }"
	switch side {
	case "after":
		glued = "right before ${"
	case "before and after":
		glued = "between } and ${"
	}
	cd.addTrap(TrapGluedWord, at, at+len(word), "the word "+quote(word)+" "+glued+" is text, not an operator, so the line is one comparison; "+
		"write a space "+side+" "+word+": "+short(fixed), nil)
}

// invisibleSpace finds the trap of an invisible character pasted with the
// text (a zero-width space U+200B, U+FEFF, a word joiner) where a space
// was meant, outside ${...}, in a line that reads as one comparison but
// splits into parts with a space in its place (`${s} == Active\u200band
// ${n} > 2`): the word beside it is text, so the parts meant are never
// tested. The fix is the line with spaces in their places.
func (cd *Condition) invisibleSpace() {
	if len(cd.parts) > 1 || len(cd.traps) > 0 || !strings.ContainsAny(cd.line, spell.Invisibles) {
		return
	}
	segs, _ := scanTemplate(cd.line)
	var b strings.Builder
	first := -1
	for _, seg := range segs {
		if seg.isExpr {
			b.WriteString(cd.line[seg.start-len("${") : seg.end+len("}")])
			continue
		}
		for i, r := range seg.lit {
			if _, plain, ok := spell.Pasted(string(r)); ok && plain == "" {
				if first < 0 {
					first = seg.start + i
				}
				b.WriteByte(' ')
				continue
			}
			b.WriteRune(r)
		}
	}
	if first < 0 {
		return
	}
	fixed := strings.TrimSpace(b.String())
	if fc := compileConditionOnly(fixed); fc.err != nil || len(fc.parts) < 2 {
		return
	}
	r, n := utf8.DecodeRuneInString(cd.line[first:])
	what, _, _ := spell.Pasted(string(r))
	cd.addTrap(TrapPasted, first, first+n, "it has "+what+", pasted with the text where a space was meant, so the word beside it is text and the line is one comparison; "+
		"write a space in its place: "+short(fixed), nil)
}

// applyEdits makes the edits, in order of place, to line; an edit that
// overlaps one before it is left out.
func applyEdits(line string, edits []edit) string {
	es := append([]edit(nil), edits...)
	slices.SortStableFunc(es, func(a, b edit) int { return a.from - b.from })
	var b strings.Builder
	at := 0
	for _, e := range es {
		if e.from < at {
			continue
		}
		b.WriteString(line[at:e.from])
		b.WriteString(e.text)
		at = e.to
	}
	b.WriteString(line[at:])
	return strings.TrimSpace(b.String())
}

// bangBefore reports whether lit, the text before a ${, ends in a `!`
// that negates what follows as another language's `!` would, and the
// offset of the `!` in lit: right before the ${ (`!${x}`), or, with white
// space between, where a part starts: at the start (first: lit is the
// first text of its side or line, `! ${x}`) or after and, or, not, && or
// || (`${a} == 1 and ! ${b}`). A `!` that ends a word (`wow! ${x}`), one
// alone inside text (`Bonjour ! ${x}`, as French writes it) or right
// after a placeholder (`${a} ! ${b}`) is text: not would not fix it (D49).
func bangBefore(lit string, first bool) (int, bool) {
	trimmed := strings.TrimRight(lit, " \t")
	if !strings.HasSuffix(trimmed, "!") {
		return 0, false
	}
	i := len(trimmed) - 1
	if len(trimmed) == len(lit) {
		return i, true
	}
	if before := strings.TrimRight(trimmed[:i], " \t"); before != "" && len(before) == i {
		return 0, false // `wow! ${x}`
	}
	if startsPart(trimmed[:i], first) {
		return i, true
	}
	return 0, false
}

// startsPart reports whether a `!` after before, the text before it in a
// side (first: the side's first text), is where a part starts, so that
// not in its place negates the part: at the start, or after and, or,
// not, && or ||.
func startsPart(before string, first bool) bool {
	before = strings.TrimRight(before, " \t")
	if before == "" {
		return first
	}
	lower := strings.ToLower(before)
	for _, w := range [...]string{"&&", "||", "and", "or", "not"} {
		if rest, ok := strings.CutSuffix(lower, w); ok && (w[0] == '&' || w[0] == '|' || rest == "" || strings.HasSuffix(rest, " ") || strings.HasSuffix(rest, "\t")) {
			return true
		}
	}
	return false
}

// readsAsCondition reports whether line compiles as a condition that has
// no trap of its own parts.
func readsAsCondition(line string) bool {
	c := compileConditionOnly(line)
	if c.err != nil {
		return false
	}
	c.collectTraps(c.tree)
	return len(c.edits) == 0
}

func (cd *Condition) addTrap(kind TrapKind, from, to int, reason string, fix *edit) {
	cd.traps = append(cd.traps, Trap{Kind: kind, Offset: from, End: to, Subject: "condition", Reason: reason})
	if fix != nil {
		cd.edits = append(cd.edits, *fix)
	}
}

// wholeItem reports whether the n bytes at byte i of text, a side's text,
// are the whole of it or of one of its comma-separated items, white space
// aside.
func wholeItem(text string, i, n int) bool {
	before, after := text[:i], text[i+n:]
	if k := strings.LastIndexByte(before, ','); k >= 0 {
		before = before[k+1:]
	}
	if k := strings.IndexByte(after, ','); k >= 0 {
		after = after[:k]
	}
	return strings.TrimSpace(before) == "" && strings.TrimSpace(after) == ""
}

// sideTraps finds the traps in the literal text of one side: `&&`, `||`
// (or the full-width ＆＆, ｜｜ of an input method), `!` right before ${,
// and for the line's first side a leading `if ` or `when `, for its last
// a trailing `;`. in is true for the list after in, negated for the right
// side of != or of a comparison after not, where the line is quietly true;
// cmp is the comparison whose right side s is, or nil.
func (cd *Condition) sideTraps(s *ast.Side, first, last, in, negated bool, cmp *ast.Comparison) {
	segs, _ := scanTemplate(s.Text)
	for k, seg := range segs {
		if seg.isExpr {
			continue
		}
		at := s.TextPos + seg.start
		for _, w := range [...]struct {
			op, word string
			kind     TrapKind
		}{{"&&", "and", TrapAndAnd}, {"||", "or", TrapOrOr}, {"＆＆", "and", TrapAndAnd}, {"｜｜", "or", TrapOrOr}} {
			for off := 0; ; {
				i := strings.Index(seg.lit[off:], w.op)
				if i < 0 {
					break
				}
				i += off
				fix, word := "write "+w.word, w.word
				n := len(w.op)
				if wholeItem(s.Text, at+i-s.TextPos, n) {
					// The value compared (`${row.op} == &&`, `in &&,
					// ||`): it joins nothing, and left out or written as
					// a word it would lose its value (D49).
					off = i + n
					continue
				}
				if strings.TrimSpace(cd.line[:at+i]) == "" || strings.TrimSpace(cd.line[at+i+n:]) == "" {
					// Nothing on one side of it: `and` there would be an
					// error (nothing after 'and'); the fix that works
					// when followed (D49) is to leave it out.
					fix, word = "leave it out", ""
				}
				cd.addTrap(w.kind, at+i, at+i+n, quote(w.op)+" does not join the parts of a condition, so this is one comparison with the text "+
					quote(strings.TrimSpace(s.Text))+"; "+fix, &edit{at + i, at + i + n, word})
				off = i + n
			}
		}
		if bang, ok := bangBefore(seg.lit, k == 0); k+1 < len(segs) && ok {
			i := at + bang
			switch {
			case cmp != nil && k == 0 && strings.TrimSpace(seg.lit[:bang]) == "":
				cd.bangAfterOperator(cmp, i, at+len(seg.lit), s.TextPos+segs[k+1].end+len("}"))
			case startsPart(seg.lit[:bang], k == 0):
				cd.addTrap(TrapBang, i, i+1, "'!' before ${ is kept as text and negates nothing; write not", &edit{i, at + len(seg.lit), "not "})
			default:
				// `${a} in x, !${b}`, `${c} !${b}`: not there would be
				// text too (D49)
				cd.addTrap(TrapBang, i, i+1, "'!' before ${ is kept as text and negates nothing, and not negates a whole comparison, written where a part starts, so it would be text here too", nil)
			}
		}
	}
	cd.curlyQuotes(s, in)
	if n := leadingIf(s.Text); first && n > 0 {
		w := strings.ToLower(strings.Fields(s.Text)[0])
		cd.addTrap(TrapIf, s.TextPos, s.TextPos+n, "a condition line has no "+quote(w)+
			": the word is text that is compared; leave it out", &edit{s.TextPos, s.TextPos + n, ""})
	}
	// A `;` that is the whole value, or the whole last item of a list
	// (`${row.note} contains ;`, `${row.sep} in comma, ;`), is what is
	// compared: left out, the comparison would lose its value (D49).
	if before := strings.TrimSpace(strings.TrimSuffix(s.Text, ";")); last && strings.HasSuffix(s.Text, ";") && before != "" && !strings.HasSuffix(before, ",") {
		i := s.TextPos + len(s.Text) - 1
		cd.addTrap(TrapSemicolon, i, i+1, "';' is part of the text that is compared, so this is quietly "+strconv.FormatBool(negated)+"; leave it out",
			&edit{i, i + 1, ""})
	}
}

// bangAfterOperator finds the trap of a `!` at i that starts the right
// side of cmp, before the placeholder line[dollar:close]: `not` negates a whole comparison,
// written before it, so after an operator it would be text as the `!` is
// (`${a} == not ${b}` compares with the text 'not ...'). After == or !=
// the one meaning is the other operator: `${a} == !${b}` is `${a} !=
// ${b}`, and `${a} != !${b}` is `${a} == ${b}` (D49), where that line,
// with the fixes of the traps after it made too (fixText), compares with
// the placeholder alone. After another operator (`in !${b}`, `> !${b}`),
// or with more text beside the placeholder, there is no one meaning, and
// the reason names no fix rather than a wrong one.
func (cd *Condition) bangAfterOperator(cmp *ast.Comparison, i, dollar, close int) {
	op := cmp.Op.String()
	reason := "'!' before ${ is kept as text and negates nothing, and not, which negates a whole comparison written before it, would be text after " + op
	other := map[ast.CmpOp]ast.CmpOp{ast.Eq: ast.Ne, ast.Ne: ast.Eq}
	if o, ok := other[cmp.Op]; ok {
		swap := o.String() + cd.line[cmp.OpEnd:i]
		rest := strings.TrimSuffix(strings.TrimRight(cd.line[dollar:], " \t"), ";")
		for _, op := range [...]string{"&&", "||", "＆＆", "｜｜"} {
			rest = strings.TrimSuffix(strings.TrimRight(rest, " \t"), op) // nothing after it: left out
		}
		rest = fixText(strings.NewReplacer("＆＆", "&&", "｜｜", "||").Replace(rest))
		if c := compileConditionOnly(cd.line[:cmp.OpPos] + swap + rest); c.err == nil && rightText(c.tree, cmp.OpPos) == cd.line[dollar:close] {
			cd.addTrap(TrapBang, i, i+1, reason+"; write "+o.String()+" in place of "+op+" !", &edit{cmp.OpPos, dollar, swap})
			return
		}
	}
	cd.addTrap(TrapBang, i, i+1, reason+"; there is no operator that compares with the opposite of a value", nil)
}

// rightText is the text of the bare right side of the comparison of tree
// whose operator is at opPos, or "".
func rightText(tree ast.Cond, opPos int) string {
	switch t := tree.(type) {
	case *ast.BoolCond:
		if x := rightText(t.X, opPos); x != "" {
			return x
		}
		return rightText(t.Y, opPos)
	case *ast.NotCond:
		return rightText(t.X, opPos)
	case *ast.Comparison:
		if t.OpPos == opPos && t.Right != nil && !t.Right.Quoted {
			return t.Right.Text
		}
	}
	return ""
}

// leadingIf is the length of a leading `if ` or `when ` of text, the first
// side of a condition line, with the white space after it (the trap
// TrapIf, whose fix leaves it out), or 0.
func leadingIf(text string) int {
	lower := strings.ToLower(text)
	for _, w := range [...]string{"if ", "when "} {
		if strings.HasPrefix(lower, w) {
			return len(w) + leadingSpace(text[len(w):])
		}
	}
	return 0
}

// curlyQuotes finds the trap of a bare side, or of an item of one split
// as splitItems splits it (`in ‘a’, ‘b’`), written in the curly quotes a
// word processor, a chat app or a phone puts in place of ' and "
// (“Active”, ‘Active’, «Active», „Active“): they are text, not quotes
// (only ' and " are, D26), so the value is compared with them and the
// comparison is quietly false. The fix writes straight quotes in their
// place (" when the text holds a '). In the list after in (in is true)
// whose first item is bare, straight quotes on a later item would keep
// them (the split-quote trap: `in a, 'b'` matches only 'b' quotes and
// all), so there the fix quotes every item, as that trap's does: `in a,
// ‘b’` is `in 'a', 'b'` (D49).
func (cd *Condition) curlyQuotes(s *ast.Side, in bool) {
	if !strings.ContainsAny(s.Text, curlyOpen) {
		return
	}
	if slices.ContainsFunc(cd.traps, func(tr Trap) bool { return tr.Kind == TrapOrWords && tr.Offset == s.TextPos }) {
		return // `== “x” or ‘y’`: the or-words fix writes the straight quotes
	}
	items, _, _ := splitItems(s.Text)
	var list *edit
	if in {
		list = cd.curlyList(s, items)
	}
	for _, it := range items {
		item := s.Text[it.from:it.to]
		if open, close, ok := curlyQuoted(item); ok {
			at := s.TextPos + it.from
			reason := "the curly quotes " + open + " " + close + " are text, not quotes, so " + quote(item) + " is compared quotes and all; "
			var fix *edit
			if straight, how, ok := straightQuotes(item); ok {
				reason += how
				fix = &edit{at, at + len(item), straight}
				if list != nil {
					reason += ", and every item in quotes, since a list is read item by item only when its first item is quoted"
					fix = list
				}
			} else {
				reason += how
			}
			cd.addTrap(TrapCurlyQuotes, at, at+len(item), reason, fix)
			cd.traps[len(cd.traps)-1].Literal = item
		}
	}
}

// curlyList is the fix of s, the list after in split into items, with
// its items in curly quotes in straight ones and, where its first item is
// bare so that a quoted item after it would keep its quotes (splitQuote),
// every item quoted (quoteEvery); nil where the first item is quoted,
// where an item can be written in no quotes, or where the line it gives
// does not compile to as many items: the fix of each item stands then.
func (cd *Condition) curlyList(s *ast.Side, items []item) *edit {
	right, n, ok := straightList(s.Text, items)
	if !ok || n == 0 {
		return nil
	}
	fixed := cd.line[:s.TextPos] + right + cd.line[s.TextPos+len(s.Text):]
	if c := compileLine(fixed, false); c.err != nil || rightItems(c, s.TextPos) != n {
		return nil
	}
	return &edit{s.TextPos, s.TextPos + len(s.Text), right}
}

// straightList is text, a bare list after in split into items
// (splitItems), as the curly-quotes trap writes it: its items in curly
// quotes in straight ones (straightItems) and, where its first item is
// bare so that a quoted item after it would keep its quotes
// (splitQuote), every item quoted (quoteEvery), a trailing `;` left out;
// n is the number of items then, 0 where it quotes no more than the
// items in curly quotes. ok is false where one of those can be written
// in no quotes.
func straightList(text string, items []item) (list string, n int, ok bool) {
	list, ok = straightItems(text, items)
	if !ok {
		return "", 0, false
	}
	if t := strings.TrimSpace(list); t == "" || t[0] == '\'' || t[0] == '"' {
		return list, 0, true
	}
	if right, n, _, _ := quoteEvery(strings.TrimSuffix(strings.TrimRight(list, " \t"), ";")); n > 0 {
		return right, n, true
	}
	return list, 0, true
}

// straightWords is words, the items of a list a fix writes after in
// (`${s} in a, b`), joined by commas as the curly-quotes trap writes
// such a list (straightList): followed, the fix has none of its quotes.
func straightWords(words []string) string {
	list := strings.Join(words, ", ")
	items, _, _ := splitItems(list)
	if straight, _, ok := straightList(list, items); ok {
		return straight
	}
	return list
}

// straightItems is text, a bare side split into items (splitItems), with
// each item in curly quotes written in straight ones (straightQuotes); ok
// is false when one can be written in none.
func straightItems(text string, items []item) (string, bool) {
	var b strings.Builder
	at := 0
	for _, it := range items {
		t := text[it.from:it.to]
		if _, _, curly := curlyQuoted(t); curly {
			straight, _, ok := straightQuotes(t)
			if !ok {
				return "", false
			}
			t = straight
		}
		b.WriteString(text[at:it.from])
		b.WriteString(t)
		at = it.to
	}
	b.WriteString(text[at:])
	return b.String(), true
}

// straightQuotes is item, written in curly quotes (curlyQuoted), written
// as a condition's side reads it as meant: in straight quotes (" when it
// holds a '), or bare when it holds both (a quoted side has no escapes,
// D26, and a bare one is read as written, trimmed); how is the fix in
// words. ok is false when neither works.
func straightQuotes(item string) (straight, how string, ok bool) {
	open, close, _ := curlyQuoted(item)
	inner := item[len(open) : len(item)-len(close)]
	switch q := "'"; {
	case !strings.Contains(inner, "'") || !strings.Contains(inner, `"`):
		if strings.Contains(inner, "'") {
			q = `"`
		}
		return q + inner + q, "write " + q + inner + q + " in straight quotes", true
	case bareSide(inner):
		return inner, "write " + inner + " without them", true
	}
	return "", "write the text without them", false
}

// curlyOpen and curlyClose are the curly quotes that open and close a
// text (either way round, as languages differ).
const (
	curlyOpen  = "“”„«»‘‚"
	curlyClose = "”“»«’‘"
)

// item is an item of a bare side read as a list: text[from:to], trimmed.
type item struct{ from, to int }

// splitItems splits text, a bare side, into its items the one way that
// both the curly-quotes trap and the full-width-comma trap read a list
// (D29, D49): at each comma, plain (,) or of an input method (，、),
// except inside an item written in curly quotes, which ends at the
// closing curly quote that the end or a comma follows (`‘b，c’` and
// `‘Rock’n’roll’` are one item each). wide tells whether a full-width
// comma separates two of the items, and sep is the first one that does.
func splitItems(text string) (items []item, wide bool, sep string) {
	// unclosed: a search for a closing curly quote found none up to the
	// end, so none that starts later does: each byte is read once.
	unclosed := false
	for i := 0; ; {
		from := i + leadingSpace(text[i:])
		end := -1 // the comma after the item, or len(text)
		to := 0
		if r, n := utf8.DecodeRuneInString(text[from:]); from < len(text) && !unclosed && strings.ContainsRune(curlyOpen, r) {
			unclosed = true
			for j := from + n; j < len(text); {
				c, m := utf8.DecodeRuneInString(text[j:])
				j += m
				if !strings.ContainsRune(curlyClose, c) {
					continue
				}
				if k := j + leadingSpace(text[j:]); k == len(text) || commaAt(text, k) > 0 {
					end, to, unclosed = k, j, false
					break
				}
			}
		}
		if end < 0 {
			end = len(text)
			if k := strings.IndexAny(text[from:], ",，、"); k >= 0 {
				end = from + k
			}
			to = from + len(strings.TrimRight(text[from:end], " \t\r\n"))
		}
		items = append(items, item{from, max(from, to)})
		n := commaAt(text, end)
		if n == 0 {
			return items, wide, sep
		}
		if n > 1 && !wide {
			wide, sep = true, text[end:end+n]
		}
		i = end + n
	}
}

// commaAt is the length of the comma (, ， or 、) at text[i:], or 0.
func commaAt(text string, i int) int {
	for _, c := range [...]string{",", "，", "、"} {
		if strings.HasPrefix(text[i:], c) {
			return len(c)
		}
	}
	return 0
}

// bareSide reports whether text, written bare as the right side of a
// comparison, is that side whole, as written: not trimmed, not quoted,
// and holding no and, or or operator that would split the line.
func bareSide(text string) bool {
	c := compileConditionOnly("${x} == " + text)
	if c.err != nil {
		return false
	}
	cmp, ok := c.tree.(*ast.Comparison)
	return ok && cmp.Right != nil && !cmp.Right.Quoted && cmp.Right.Text == text
}

// curlyQuoted reports whether text is written in curly quotes, and which:
// it starts with an opening one and ends with a closing one (either way
// round, as languages differ: “a”, „a“, «a», »a«, ”a”, ‘a’, ‚a‘), with
// something between them and no ${ in it. A text that only ends in an
// apostrophe (`Rock’n’roll’`) or starts with one (`’90s`) is not.
func curlyQuoted(text string) (open, close string, ok bool) {
	if strings.Contains(text, "${") {
		return "", "", false
	}
	o, n := utf8.DecodeRuneInString(text)
	c, m := utf8.DecodeLastRuneInString(text)
	if len(text) <= n+m || !strings.ContainsRune(curlyOpen, o) || !strings.ContainsRune(curlyClose, c) {
		return "", "", false
	}
	return text[:n], text[len(text)-m:], true
}

// comparisonTraps finds the traps of a comparison with a right side
// (not is true when it is negated): `== a or b` of bare words, `!= a, b`,
// and a bare and/or followed by what reads as a comparison (D38).
func (cd *Condition) comparisonTraps(n *ast.Comparison, not bool, tree ast.Cond) {
	r := n.Right
	if r.Quoted && n.Op == ast.In {
		cd.quotedIn(n)
		return
	}
	if n.Op == ast.In && cd.bracketedIn(n, not) {
		return
	}
	if n.Op == ast.In && cd.splitQuote(n) {
		return
	}
	if n.Op == ast.In && cd.wideCommas(n, not) {
		return
	}
	if r.Quoted || strings.Contains(r.Text, "${") {
		if !r.Quoted {
			cd.andOrText(n, tree)
		}
		return
	}
	// The fixes below write the left side without a leading `if ` or
	// `when `, which the if trap's own warning says to leave out, as they
	// leave out a trailing `;` (D49).
	leftAt := n.Left.From
	if strings.TrimSpace(cd.line[:leftAt]) == "" {
		leftAt += leadingIf(cd.line[leftAt:n.Left.To])
	}
	left := strings.TrimSpace(cd.line[leftAt:n.Left.To])
	// The fixes below leave out a trailing `;`, which is a trap of its own
	// (its warning says to leave it out): followed, either warning gives a
	// line that holds (D49), not `in a, b;`, whose last item is `b;`.
	items := strings.TrimSuffix(strings.TrimRight(r.Text, " \t"), ";")
	if items, ok := orWords(items); ok && (n.Op == ast.Eq || n.Op == ast.Ne) {
		// Under != or a `not` the one comparison is quietly true, and the
		// fix keeps the negation the author wrote (D49); under both, the
		// two negations cancel out (`not ${s} != a or b` means s is a or
		// b), and the comparison is quietly false.
		fix, quietly := left+" in "+straightWords(items), "false"
		if (n.Op == ast.Ne) != not {
			fix, quietly = "not "+fix, "true"
		}
		cd.addTrap(TrapOrWords, r.TextPos, r.TextPos+len(r.Text), "this is one comparison with the text "+quote(r.Text)+
			", so it is quietly "+quietly+"; "+cancel(n, not)+"write "+fix, nil)
		cd.traps[len(cd.traps)-1].Literal = strings.TrimSpace(r.Text) // `tea or coffee` may be a value
		return
	}
	if n.Op == ast.Ne && !not && strings.Contains(r.Text, ",") {
		if _, grouped := ungrouped(r.Text); !grouped && listItems(r.Text) {
			first := strings.TrimSpace(r.Text[:strings.IndexByte(r.Text, ',')])
			cd.addTrap(TrapNotList, r.TextPos, r.TextPos+len(r.Text), "this is one comparison with the text "+quote(r.Text)+
				", so it is true for "+first+" too; write not "+left+" in "+strings.TrimSpace(items), nil)
			cd.traps[len(cd.traps)-1].Literal = strings.TrimSpace(r.Text) // `Acme, Inc.` may be a value
			return
		}
	}
	if cd.numberText(n, left, items) || cd.boolText(n, not, left, items) {
		return
	}
	if n.Op == ast.Eq && strings.Contains(r.Text, ",") {
		if _, grouped := ungrouped(r.Text); !grouped && listItems(items) && wordItems(items) {
			first := strings.TrimSpace(items[:strings.IndexByte(items, ',')])
			fix, quietly := left+" in "+strings.TrimSpace(items), "false"
			if not {
				fix, quietly = "not "+fix, "true"
			}
			cd.addTrap(TrapEqList, r.TextPos, r.TextPos+len(r.Text), "this is one comparison with the text "+quote(r.Text)+
				", so it is quietly "+quietly+" even for "+first+"; for one of several values, write "+fix, nil)
			cd.traps[len(cd.traps)-1].Literal = strings.TrimSpace(items) // a row whose value is an item decides (TrapHolds)
			return
		}
	}
	// `in Motor 3` may be one item with a space in it (reversed-in, where
	// the tags hold Motor 3) or two joined by a space: both may be found,
	// each holding only on its own rows
	if cd.sepList(n, not, left, items, false) {
		return
	}
	if rev, sep := cd.reversedIn(n, not, left, items), cd.sepList(n, not, left, items, true); rev || sep {
		return
	}
	cd.andOrText(n, tree)
}

// cancel is what a fix of a list says where the comparison n is != under
// a `not` (not is true): the two negations cancel out, so the fix has
// neither; "" elsewhere.
func cancel(n *ast.Comparison, not bool) string {
	if not && n.Op == ast.Ne {
		return "not and != cancel out: "
	}
	return ""
}

// listSeps are the signs and words, other than a comma, that an author
// joins the values of a list with, in the order they are tried; those
// after the first three only after in (`== Johnson and Johnson` is a
// name, `== a or b` the trap or-words, `== Mary Ann` a name).
var listSeps = []string{"|", ";", "/", " or ", " and ", " "}

// sepList finds the trap of a bare right side of ==, != or in, without
// commas, whose values are joined by one of listSeps (spaces: only the
// last of them, a space, else the others) (`${s} in Due;
// Lapsed`, `in Due or Lapsed`, `in Due Lapsed`, `== Due | Lapsed`): it is
// one item, so the comparison is quietly false (true after != or not)
// where the value is one of them; after == or !=, not a / beside a
// number, a single letter or what is no one word (`== 5/1`, `!= N/A`,
// `== example.com/th`: one value, slashWords).
// It holds only with data, on a row whose
// value is one of the values (Condition.TrapHolds), and names the line
// with commas, which it checks has no trap of its own. It reports
// whether the trap was found.
func (cd *Condition) sepList(n *ast.Comparison, not bool, left, text string, spaces bool) bool {
	text = strings.TrimSpace(text)
	if n.Op != ast.Eq && n.Op != ast.Ne && n.Op != ast.In || strings.Contains(text, ",") || strings.ContainsAny(text, "'\"") ||
		andOrSign(text) {
		return false // `in a && b`: the && trap's, whose fix is and
	}
	seps := listSeps[:len(listSeps)-1]
	switch {
	case spaces && n.Op == ast.In:
		seps = listSeps[len(listSeps)-1:]
	case spaces:
		return false
	case n.Op != ast.In:
		seps = listSeps[:3]
	}
	for _, sep := range seps {
		var parts []string
		if sep == " " {
			parts = strings.Fields(text)
		} else {
			for _, p := range strings.Split(text, sep) {
				parts = append(parts, strings.TrimSpace(p))
			}
		}
		if len(parts) < 2 || slices.ContainsFunc(parts, noWord) || sep == "/" && n.Op != ast.In && !slashWords(parts) {
			continue
		}
		list := strings.Join(parts, ", ")
		fix := left + " in " + list
		if not != (n.Op == ast.Ne) {
			fix = "not " + fix
		}
		if f := compileConditionOnly(fix); f.err != nil || len(f.parts) != 1 || len(f.traps) > 0 || len(f.Traps()) > 0 {
			return false
		}
		joined := "by " + quote(strings.TrimSpace(sep))
		if sep == " " {
			joined = "by spaces"
		}
		quietly := "false"
		if strings.HasPrefix(fix, "not ") {
			quietly = "true"
		}
		r := n.Right
		one := "this is one comparison with the text " + quote(text)
		if n.Op == ast.In {
			one = quote(text) + " is one item"
		}
		cd.addTrap(TrapSepList, r.TextPos, r.TextPos+len(r.Text), "the values are joined "+joined+", not by commas, so "+one+
			", quietly "+quietly+" even for "+parts[0]+"; for one of several values, write "+short(fix), nil)
		cd.traps[len(cd.traps)-1].Literal = list // a row whose value is one of them decides (TrapHolds)
		return true
	}
	return false
}

// andOrSign reports whether text holds && or || (or the full-width ＆＆,
// ｜｜ of an input method), which the traps && and || are about.
func andOrSign(text string) bool {
	for _, sign := range [...]string{"&&", "||", "＆＆", "｜｜"} {
		if strings.Contains(text, sign) {
			return true
		}
	}
	return false
}

// noWord reports whether part, a value of a list, holds no letter and no
// digit: blank, or a sign (`==`, `!`, `|`), no value a list is made of.
func noWord(part string) bool {
	return !strings.ContainsFunc(part, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) })
}

// slashWords reports whether parts, values joined by / after == or !=,
// are each one word (wordItems) of two letters or more, as `Yes/No`; a
// number, a letter or what is no one word is one value a sheet holds as
// written beside 5, N or S: `5/1` (a house number), `24/7`,
// `15/01/2026`, `N/A`, `S/M` (a size), `A-1/B` (a code),
// `example.com/th`.
func slashWords(parts []string) bool {
	for _, p := range parts {
		n := 0
		for _, r := range p {
			if unicode.IsLetter(r) {
				n++
			}
		}
		if n < 2 || !wordItems(p) {
			return false
		}
	}
	return true
}

// reversedIn finds the trap of `${x} in a`, one lookup in one bare item,
// where x holds several values, a list or text with commas (`${row.tags}
// in VIP` where the tags are `VIP, Gold`): it asks whether the whole of
// them is the item, quietly false (true after not), where the author
// asked whether they hold it, `VIP in ${row.tags}`. It holds only with
// data, on a row whose value holds the item (Condition.TrapHolds). It
// reports whether the trap was found.
func (cd *Condition) reversedIn(n *ast.Comparison, not bool, left, text string) bool {
	item := strings.TrimSpace(text)
	if n.Op != ast.In || item == "" || strings.Contains(item, ",") || !lookupSide(left) {
		return false
	}
	fix := item + " in " + left
	if not {
		fix = "not " + fix
	}
	if f := compileConditionOnly(fix); f.err != nil || len(f.parts) != 1 || len(f.traps) > 0 || len(f.Traps()) > 0 {
		return false
	}
	quietly := "false"
	if not {
		quietly = "true"
	}
	r := n.Right
	cd.addTrap(TrapReversedIn, r.TextPos, r.TextPos+len(r.Text), "where "+left+" holds several values (as VIP, Gold), this asks whether "+
		"the whole of them is "+quote(item)+", quietly "+quietly+"; to ask whether they hold it, write "+short(fix), nil)
	cd.traps[len(cd.traps)-1].Literal = item // a row whose value holds it decides (TrapHolds)
	return true
}

// wordItems reports whether every item of text, split at commas, is one
// word of letters, digits, `_` and `-` with a letter in it (`Due,
// Lapsed`): a list of values such as a status column holds, not a name
// with a comma (`Acme, Inc.`, `Johnson & Johnson Co., Ltd.`) or a number
// with separators (`1,200`).
func wordItems(text string) bool {
	for _, it := range strings.Split(text, ",") {
		it = strings.TrimSpace(it)
		letter := false
		for _, r := range it {
			switch {
			case unicode.IsLetter(r) || unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Mc, r):
				letter = letter || unicode.IsLetter(r)
			case unicode.IsDigit(r) || r == '_' || r == '-':
			default:
				return false
			}
		}
		if !letter {
			return false
		}
	}
	return true
}

// quotedIn finds the trap of `in` with one quoted right side that holds
// commas (`${s} in 'Active, Pending'`): the quoted text is one item,
// commas kept (D26), where the author most likely meant a list, as bare
// text would be (D29). The fixes named are those that compile: each item
// quoted (`in 'Active', 'Pending'`), or bare (`in Active, Pending`).
func (cd *Condition) quotedIn(n *ast.Comparison) {
	r := n.Right
	if r.Items != nil || !strings.Contains(r.Text, ",") || strings.Contains(r.Text, "${") || !listItems(r.Text) || r.From >= len(cd.line) {
		return
	}
	q := cd.line[r.From]
	text := r.Text
	if inner, ok := unbracket(text); ok {
		text = inner // `in '(a, b)'`: the fixes leave the brackets out too
	}
	items := strings.Split(text, ",")
	quoted, bare := make([]string, len(items)), make([]string, len(items))
	for i, it := range items {
		it = strings.TrimSpace(it)
		bare[i] = it
		switch {
		case !strings.ContainsRune(it, rune(q)):
			quoted[i] = string(q) + it + string(q)
		case !strings.Contains(it, "'"):
			quoted[i] = "'" + it + "'"
		default:
			quoted[i] = `"` + it + `"`
		}
	}
	var fixes []string
	for _, list := range [...][]string{quoted, bare} {
		right := strings.Join(list, ", ")
		fixed := cd.line[:r.From] + right + cd.line[r.To:]
		if c := compileLine(fixed, false); c.err == nil && rightItems(c, n.Right.From) == len(items) {
			fixes = append(fixes, "in "+right)
		}
	}
	if len(fixes) == 0 {
		return
	}
	cd.addTrap(TrapQuotedIn, r.From, r.To, "the quoted text "+quote(r.Text)+" is one item, commas kept, so it matches only that whole text; "+
		"for one of several values, write "+strings.Join(fixes, " or "), nil)
	cd.traps[len(cd.traps)-1].Literal = r.Text // `'renewal, paid by transfer'` may be a value
}

// splitQuote finds the trap of `in` whose bare list holds a quoted item
// after its first (`${s} in Other, 'renewal, paid by transfer'`, `${s} in
// a, 'b'`): a list is read item by item only when its first item is
// quoted, so this one is text split at every comma (D29), and the quoted
// item keeps its quotes (`'b'`), or its halves keep a quote each
// (`'renewal` and `paid by transfer'`): quietly false (true after not).
// The fix quotes every item, which makes the list one read item by item;
// it is named only when the line it gives compiles to as many items. A
// trailing `;`, a trap of its own, is left out of it, as the other list
// fixes leave it out (D49). The fix is the trap's edit. It reports
// whether the trap was found.
func (cd *Condition) splitQuote(n *ast.Comparison) bool {
	r := n.Right
	if r.Quoted || r.Items != nil || strings.Contains(r.Text, "${") {
		return false
	}
	right, items, cut, held := quoteEvery(strings.TrimSuffix(strings.TrimRight(r.Text, " \t"), ";"))
	if items == 0 {
		return false
	}
	fixed := cd.line[:r.TextPos] + right + cd.line[r.TextPos+len(r.Text):]
	if c := compileLine(fixed, false); c.err != nil || rightItems(c, r.TextPos) != items {
		return false
	}
	what := "the quoted text " + cut + " keeps its quotes"
	matches := "only text in quotes"
	if strings.Contains(cut, ",") {
		what, matches = "the quoted text "+cut+" is cut at its commas", "neither part"
	}
	// The fix is the trap's edit too, so that the line another trap's fix
	// names (`in a, 'b';`, `if ${x} in a, 'b'`) quotes every item (D49).
	cd.addTrap(TrapQuotedIn, r.TextPos, r.TextPos+len(r.Text), what+", since a list is read item by item "+
		"only when its first item is quoted, so it matches "+matches+"; write in "+right, &edit{r.TextPos, r.TextPos + len(r.Text), right})
	if len(held) > 0 {
		// an item with its quotes: a row whose value is `'b'` holds it,
		// and there the line means what is written (D49)
		cd.traps[len(cd.traps)-1].Literal = held[0]
		if len(held) > 1 {
			cd.more = append(cd.more, moreLiteral{r.TextPos, held[1:]})
		}
	}
	return true
}

// quoteEvery is text, a bare list after in that holds a quoted item
// after its first (quotedItems), with every item quoted: right, the
// list read item by item that the author most likely meant. cut is the
// quoted item the split cuts (quotedItems), held every quoted item after
// the first without a comma, quotes and all (one value a row may hold);
// n is the number of items, 0 when there is no such quoted item, or an
// item no quote can hold.
func quoteEvery(text string) (right string, n int, cut string, held []string) {
	items, cut, held := quotedItems(text)
	if cut == "" {
		return "", 0, "", nil
	}
	quoted := make([]string, len(items))
	for i, it := range items {
		switch {
		case !strings.Contains(it, "'"):
			quoted[i] = "'" + it + "'"
		case !strings.Contains(it, `"`):
			quoted[i] = `"` + it + `"`
		default:
			return "", 0, "", nil // no quote can hold it
		}
	}
	return strings.Join(quoted, ", "), len(items), cut, held
}

// quotedItems reads text, a bare list after in, as the author of a
// quoted item in it most likely meant it: items at the commas outside
// quotes (also the full-width ， and 、 of an input method, which the
// full-width-comma trap reads as commas), an item that starts with ' or
// " and whose closing quote the end or a comma follows taken without its
// quotes, as is one in curly quotes (splitItems, the curly-quotes
// trap's reading), other items trimmed and blank ones left out (D29).
// cut is the first quoted item after the first item, quotes and all (""
// when there is none), or the first such that holds a comma: the one
// that splitting text at every comma cuts; held is every quoted item
// after the first that holds no comma, quotes and all.
func quotedItems(text string) (items []string, cut string, held []string) {
	for i := 0; ; {
		from := i + leadingSpace(text[i:])
		end := -1
		if from < len(text) && (text[from] == '\'' || text[from] == '"') {
			if k := strings.IndexByte(text[from+1:], text[from]); k >= 0 {
				closing := from + 1 + k
				if after := closing + 1 + leadingSpace(text[closing+1:]); after == len(text) || commaAt(text, after) > 0 {
					it := text[from+1 : closing]
					if i > 0 && (cut == "" || !strings.Contains(cut, ",") && strings.Contains(it, ",")) {
						cut = text[from : closing+1]
					}
					if i > 0 && !strings.Contains(it, ",") {
						held = append(held, text[from:closing+1])
					}
					items, end = append(items, it), after
				}
			}
		} else if its, _, _ := splitItems(text[from:]); len(its) > 0 {
			if t := text[from : from+its[0].to]; its[0].from == 0 {
				if open, close, ok := curlyQuoted(t); ok {
					// `‘b, c’`: one item, written in curly quotes where
					// straight ones were meant
					items, end = append(items, t[len(open):len(t)-len(close)]), from+its[0].to+leadingSpace(text[from+its[0].to:])
				}
			}
		}
		if end < 0 {
			end = len(text)
			if k := strings.IndexAny(text[from:], ",，、"); k >= 0 {
				end = from + k
			}
			if it := strings.TrimSpace(text[from:end]); it != "" {
				items = append(items, it)
			}
		}
		n := commaAt(text, end)
		if end >= len(text) || n == 0 {
			return items, cut, held
		}
		i = end + n
	}
}

// bracketedIn finds the trap of `in` with a bare right side in brackets,
// as another language writes a list (`${s} in (a, b)`, `${s} in [a,
// b]`): the right side is text split at commas (D29), so the brackets are
// part of the first and last items, `(a` and `b)`, and the membership is
// quietly false (true after not). Parentheses count only around items
// separated by commas: `in (none)` may be a value. The fix, the right side
// without its brackets, is named only when the line it gives compiles;
// the `not` of a negated comparison is kept in it. It reports whether the
// trap was found.
func (cd *Condition) bracketedIn(n *ast.Comparison, not bool) bool {
	r := n.Right
	text := r.Text
	if r.Quoted || r.Items != nil {
		return false
	}
	inner, ok := unbracket(text)
	if !ok {
		return false
	}
	if strings.ContainsAny(inner, curlyOpen) {
		// `[a, ‘b’]`: the items in curly quotes in straight ones, as the
		// curly-quotes trap writes them, or the fix would have that trap
		// (one item, `[“b”]`, is left as it is: quoted, it is no list)
		items, _, _ := splitItems(inner)
		if straight, ok := straightItems(inner, items); ok && len(items) > 1 {
			inner = straight
		}
	}
	if quoted, n, _, _ := quoteEvery(inner); n > 0 && inner[0] != '\'' && inner[0] != '"' {
		// `[a, 'b']`: without the brackets the quoted item after a bare
		// first would keep its quotes (splitQuote); every item quoted,
		// the fix has the values meant (D49)
		inner = quoted
	}
	fixed := cd.line[:r.TextPos] + inner + cd.line[r.TextPos+len(text):]
	c := compileConditionOnly(fixed)
	if c.err != nil || !strings.Contains(inner, "${") && rightItems(c, r.TextPos) == 0 {
		return false
	}
	what := "the first and the last item of the list after in"
	if !strings.Contains(text, ",") {
		what = "the item after in"
	}
	quietly := "false"
	fix := strings.TrimSpace(cd.line[n.Left.From:n.Left.To]) + " in " + inner
	if not {
		quietly, fix = "true", "not "+fix
	}
	cd.addTrap(TrapBracketedIn, r.TextPos, r.TextPos+len(text), "the brackets "+text[:1]+text[len(text)-1:]+" are kept as text in "+
		what+", so this is quietly "+quietly+"; write "+short(fix), nil)
	if !strings.Contains(text, ",") {
		// one item, brackets and all: a row whose value is `[A]` holds
		// it, and there the line means what is written (D49)
		cd.traps[len(cd.traps)-1].Literal = strings.TrimSpace(text)
	}
	return true
}

// wideCommas finds the trap of `in` with a bare right side whose items are
// separated by the full-width comma of an input method (`，`, `、`):
// it is no comma (D29), so the whole text is one item and the membership
// is quietly false (true after not). The items are those of splitItems,
// as the curly-quotes trap reads them (a ， inside ‘b，c’ is the item's),
// and the fix writes an item in curly quotes in straight ones, so that
// the line it gives, followed, means what was written (D49): `in ‘a’，‘b’`
// is `in 'a', 'b'`. The fix, with commas, is named when the line it gives
// compiles; it is the trap's edit too, so that the curly-quotes trap
// names the same line. It reports whether the trap was found.
func (cd *Condition) wideCommas(n *ast.Comparison, not bool) bool {
	r := n.Right
	if r.Quoted || r.Items != nil || !strings.ContainsAny(r.Text, "，、") {
		return false
	}
	split, wide, sep := splitItems(r.Text)
	if !wide {
		return false
	}
	var items []string
	for _, it := range split {
		text := r.Text[it.from:it.to]
		if _, _, curly := curlyQuoted(text); curly {
			if straight, _, ok := straightQuotes(text); ok {
				text = straight
			}
		}
		if text != "" {
			items = append(items, text)
		}
	}
	inner := strings.Join(items, ", ")
	if quoted, n, _, _ := quoteEvery(inner); n == len(items) && inner[0] != '\'' && inner[0] != '"' {
		// `a、‘b’`: `a, 'b'` would keep the quotes of 'b' (splitQuote);
		// every item quoted, the fix has the values meant (D49)
		inner = quoted
	}
	fixed := cd.line[:r.TextPos] + inner + cd.line[r.TextPos+len(r.Text):]
	if c := compileConditionOnly(fixed); c.err != nil || rightItems(c, r.TextPos) != len(items) {
		return false
	}
	quietly, fix := "false", strings.TrimSpace(cd.line[n.Left.From:n.Left.To])+" in "+inner
	if not {
		quietly, fix = "true", "not "+fix
	}
	cd.addTrap(TrapPasted, r.TextPos, r.TextPos+len(r.Text), "the full-width "+sep+" is no comma, so the items it separates in "+quote(r.Text)+
		" are one, and this is quietly "+quietly+"; write "+short(fix), &edit{r.TextPos, r.TextPos + len(r.Text), inner})
	cd.traps[len(cd.traps)-1].Literal = strings.TrimSpace(r.Text)
	return true
}

// unbracket returns the items of text written as another language writes
// a list, in brackets (`[a, b]`, `[a]`, `(a, b)`; parentheses only around
// items separated by commas, since `(none)` may be a value), without the
// brackets; ok is false when text is not so written.
func unbracket(text string) (inner string, ok bool) {
	if len(text) < 2 {
		return "", false
	}
	open, close := text[0], text[len(text)-1]
	if !(open == '[' && close == ']' || open == '(' && close == ')' && strings.Contains(text, ",")) {
		return "", false
	}
	// The first bracket must close at the end: in `(a), (b)` each item
	// has its own brackets, which may be part of the values (D29).
	depth := 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case open:
			depth++
		case close:
			depth--
			if depth == 0 && i < len(text)-1 {
				return "", false
			}
		}
	}
	inner = strings.TrimSpace(text[1 : len(text)-1])
	return inner, inner != "" && listItems(inner)
}

// rightItems is how many items the right side of `in` that starts at
// from in c has: a list of items, or bare text split at its commas
// (D29); 0 when there is no such side.
func rightItems(c *Condition, from int) int {
	n := 0
	var walk func(ast.Cond)
	walk = func(t ast.Cond) {
		switch t := t.(type) {
		case *ast.BoolCond:
			walk(t.X)
			walk(t.Y)
		case *ast.NotCond:
			walk(t.X)
		case *ast.Comparison:
			switch r := t.Right; {
			case t.Op != ast.In || r == nil || r.From != from:
			case len(r.Items) > 0:
				n = len(r.Items)
			case !r.Quoted && !strings.Contains(r.Text, "${"):
				n = strings.Count(r.Text, ",") + 1
			}
		}
	}
	walk(c.tree)
	return n
}

// orWords reports whether text is words joined by `or` (`shipped or
// partially_shipped`), bare or, after the first, in quotes (`Due or
// 'Lapsed'`), and returns the words as a list's items: when one is
// quoted, every one, since a list is read item by item only when its
// first item is quoted (D31): `'Due', 'Lapsed'`.
func orWords(text string) ([]string, bool) {
	ws := strings.Fields(text)
	if len(ws) < 3 || len(ws)%2 == 0 {
		return nil, false
	}
	var items []string
	quoted := false
	for i, w := range ws {
		isOr := strings.EqualFold(w, "or")
		if (i%2 == 1) != isOr || (i%2 == 0 && strings.EqualFold(w, "and")) {
			return nil, false
		}
		if i%2 == 1 {
			continue
		}
		if strings.ContainsAny(w, ",'\"`") {
			if i == 0 || !quotedWord(w) {
				return nil, false
			}
			quoted = true
		}
		items = append(items, w)
	}
	if quoted {
		for i, w := range items {
			if !quotedWord(w) {
				items[i] = "'" + w + "'"
			}
		}
	}
	return items, true
}

// quotedWord reports whether w is one word in straight quotes, ' or ",
// with no other quote or comma in it.
func quotedWord(w string) bool {
	return len(w) > 2 && (w[0] == '\'' || w[0] == '"') && w[len(w)-1] == w[0] &&
		!strings.ContainsAny(w[1:len(w)-1], ",'\"`")
}

// listItems reports whether text is items separated by commas, none of
// them blank.
func listItems(text string) bool {
	for _, it := range strings.Split(text, ",") {
		if strings.TrimSpace(it) == "" {
			return false
		}
	}
	return true
}

// andOrText finds D38's trap: a line kept as one comparison whose right
// side holds a bare and/or followed by what reads as a comparison (`${c}
// == Johnson and Johnson and ${x} == y` compares with the whole text
// after == and is quietly false).
// condPlain is text with the lookalike operators written plain
// (condparser.PlainOperators).
func condPlain(text string) string {
	fixed, _, _ := condparser.PlainOperators(text)
	return fixed
}

func (cd *Condition) andOrText(n *ast.Comparison, tree ast.Cond) {
	// lhs is what the fixes write before the operator: the left side,
	// and the `not` before it as written, which the author means too.
	lhsAt, not := n.Pos(), false
	if nc, ok := tree.(*ast.NotCond); ok {
		tree, lhsAt, not = nc.X, nc.Pos(), true
	} else {
		lhsAt += leadingIf(cd.line[lhsAt:n.OpPos]) // left out by the if trap's fix
	}
	if _, ok := tree.(*ast.Comparison); !ok || n.Right == nil || n.Right.Quoted {
		return // split into parts, or quoted on purpose (D31)
	}
	right := n.Right.Text
	words := strings.Fields(right)
	for i, w := range words {
		if !(strings.EqualFold(w, "and") || strings.EqualFold(w, "or")) || i == 0 || i == len(words)-1 {
			continue
		}
		rest := strings.Join(words[i+1:], " ")
		if !readsAsComparison(rest) && !readsAsComparison(condPlain(rest)) {
			continue
		}
		left := strings.Join(words[:i], " ")
		lhs := strings.TrimSpace(cd.line[lhsAt:n.OpPos])
		and := strings.ToLower(w)
		inside := and // the word the quoted text holds: the first and/or of left
		for _, lw := range strings.Fields(left) {
			if strings.EqualFold(lw, "and") || strings.EqualFold(lw, "or") {
				inside = strings.ToLower(lw)
				break
			}
		}
		quietly := "false"
		if (n.Op == ast.Ne) != not {
			quietly = "true" // `!= a and ${x} == 1`: the whole text is never the value
		}
		reason := "this is one comparison with the text " + quote(right) + ", so it is quietly " + quietly + "; "
		if fixed, op, ok := condparser.PlainOperators(cd.line); ok && readsAsComparison(condPlain(rest)) {
			// `== 東京 and ${n} ≥ 3`: the sign is no operator, so the rest
			// is no comparison; the fix writes the operator (D49).
			if fc := compileConditionOnly(fixed); fc.err == nil && len(fc.parts) > 1 {
				cd.addTrap(TrapAndOrText, n.Right.TextPos, n.End(), reason+op+" is no operator of the language; write "+short(fixed), nil)
				return
			}
		}
		// `in Due or Lapsed and ${n} > 0`, `== Due or Lapsed and ...`:
		// the words before are or-words, a list (D44), so the fix is the
		// list with commas, not the text in quotes, one item (D49).
		if items, ok := orWords(left); ok && (n.Op == ast.In || n.Op == ast.Eq || n.Op == ast.Ne) {
			list := lhs + " in " + straightWords(items)
			switch {
			case not && n.Op == ast.Ne:
				// `not ${s} != a or b and ...`: the two negations
				// cancel out, as for the or-words trap
				list = strings.TrimSpace(cd.line[n.Pos():n.OpPos]) + " in " + straightWords(items)
			case n.Op == ast.Ne:
				list = "not " + list
			}
			fix := list + " " + and + " " + rest
			if fc := compileConditionOnly(fix); fc.err == nil && len(fc.parts) > 1 {
				cd.addTrap(TrapAndOrText, n.Right.TextPos, n.End(), reason+cancel(n, not)+"for one of several values and the rest, write "+short(fix), nil)
				return
			}
		}
		// The fix is offered only when it reads as the tests it means:
		// the rest may hold more that is no comparison (`and z`).
		fix := lhs + " " + n.Op.String() + " '" + left + "' " + and + " " + rest
		if fc := compileConditionOnly(fix); fc.err == nil && len(fc.parts) > 1 {
			reason += "to compare with text that has '" + inside + "' in it and test the rest, quote the text: " + short(fix)
		} else {
			reason += "quote the text if it has '" + inside + "' in it, and write each test after '" + and + "' as a comparison"
		}
		cd.addTrap(TrapAndOrText, n.Right.TextPos, n.End(), reason, nil)
		return
	}
}

// readsAsComparison reports whether text starts what reads as a
// comparison of its own: a ${...} (after an optional `not`), or a word
// and then an operator.
func readsAsComparison(text string) bool {
	words := strings.Fields(text)
	if len(words) > 0 && strings.EqualFold(words[0], "not") {
		words = words[1:]
	}
	if len(words) == 0 {
		return false
	}
	if strings.HasPrefix(words[0], "${") {
		return true
	}
	if len(words) < 2 {
		return false
	}
	switch strings.ToLower(words[1]) {
	case "==", "!=", "<", ">", "<=", ">=", "in", "contains", "is":
		return true
	}
	return false
}

// fixLine rewrites a line that is not a condition by the fixes of D44's
// traps (`&&` and `||` as and and or, `!${` as not ${, a leading `if ` or
// `when ` and a trailing `;` left out); ok is true when that changes the
// line into one that reads as a condition with no trap: `!${row.Paid}`
// is `not ${row.Paid}`.
func fixLine(line string) (string, bool) {
	fixed := fixText(line)
	if fixed == strings.TrimSpace(line) || !readsAsCondition(fixed) {
		return "", false
	}
	return fixed, true
}

// fixText is line rewritten by the fixes of D44's traps that fixLine
// makes, whether or not it then reads as a condition.
func fixText(line string) string {
	t := strings.TrimSpace(line)
	t = strings.TrimSpace(t[leadingIf(t):])
	t = strings.TrimSpace(strings.TrimSuffix(t, ";"))
	segs, _ := scanTemplate(t)
	var b strings.Builder
	for k, seg := range segs {
		if seg.isExpr {
			b.WriteString(t[seg.start-2 : seg.end+1])
			continue
		}
		lit := strings.NewReplacer("&&", "and", "||", "or").Replace(seg.lit)
		if bang, ok := bangBefore(lit, k == 0); k+1 < len(segs) && ok {
			lit = lit[:bang] + "not "
		}
		b.WriteString(lit)
	}
	return b.String()
}

// cutKey is the trap of a dotted lookup whose key a `.` cuts: it ends in
// `.` (`${row.Policy No.}`) or holds `..`, so it can never be read as a
// path and is quietly empty, or a `.` is followed by white space
// (`${row.No. of items}`), so it reads another key (D38). The fix names
// the quoted form.
// numberAlone is the trap of a placeholder that is only a number written
// as the language does not (`${1e3}`, `${0x10}`, `${1_000}`, `${.5}`):
// with no expression syntax it is a missing lookup (D12), quietly empty
// where the data has no variable of that name (D44). The fix is the
// parser's own, as `${1e3 + 1}` gets it: the trap holds only where the
// text does not parse, and never for a placeholder that fails.
func (p *placeholder) numberAlone() (Trap, bool) {
	text := strings.TrimSpace(p.raw)
	issue := p.issue()
	if p.rd.isEnv || p.rd.exprSyntax || p.expr != nil || issue == nil || issue.Kind != ErrSyntax || !numberStart(text) {
		return Trap{}, false
	}
	off := strings.Index(p.raw, text)
	reason := issue.Reason
	if plain, ok := ungrouped(text); ok {
		reason = "a number is written without commas: write " + plain
	}
	return Trap{Kind: TrapNumber, Offset: p.start + off, End: p.start + off + len(text), Subject: text, Name: text,
		Reason: "this is read as a variable " + quote(text) + ", so it is empty; " + reason}, true
}

// pasted is the trap of a placeholder read as a missing lookup (D12: no
// expression syntax, and it does not parse) because of a character pasted
// from a word processor or typed with an input method (spell.Pasted:
// `${x − 1}`, `${x × 2}`, `${upper（name）}`, `${“abc”}`, `${x\u200b}`),
// when the text with the plain characters is an expression or a lookup:
// the text is read as a name, empty, where that was meant. Its reason
// names the character and the placeholder written with plain ones. It
// holds only where the data has no variable of the name before the first
// `.` (Trap.Applies), as a lookup that works wins (E1); with data, a key
// so written that is missing is told by the lookup's own warning.
func (p *placeholder) pasted() (Trap, bool) {
	text := strings.TrimSpace(p.raw)
	issue := p.issue()
	if p.rd.isEnv || p.rd.exprSyntax || p.expr != nil || issue != nil && issue.Kind != ErrSyntax {
		return Trap{}, false
	}
	what, plain, ok := spell.Pasted(text)
	if !ok {
		return Trap{}, false
	}
	fixed := spell.Unpasted(text)
	x, err := parseExpr(fixed)
	if err != nil || ast.FirstBad(x) != nil || invisibleInWord(text) || unknownCall(x) {
		return Trap{}, false
	}
	name, keys, _ := strings.Cut(text, ".")
	read := "a variable " + quote(name)
	if _, _, inName := spell.Pasted(name); !inName {
		// Only in a key: a key may hold a dash or a sign as written
		// (`row.Jan – Mar`), so only an invisible character at its end
		// is a trap.
		for _, r := range keys {
			if _, plain, ok := spell.Pasted(string(r)); ok && plain != "" {
				return Trap{}, false
			}
		}
		read = "the key path " + quote(text)
	}
	why := "which is no sign of the language"
	if plain == "" || plain == "a plain space" {
		why = "often pasted with text"
	}
	off := strings.Index(p.raw, text)
	return Trap{Kind: TrapPasted, Offset: p.start + off, End: p.start + off + len(text), Subject: text, Name: name,
		Reason: "this is read as " + read + ", so it is empty: it has " + what + ", " + why + "; write " + short("${"+fixed+"}")}, true
}

// unknownCall reports whether x calls a name that is no function
// (`金額(円)` for the name `金額（円）`, written with the full-width
// parentheses of an input method): the parentheses are part of a name
// the data may have, as `ราคา (บาท)` is, not a call, so the plain ones
// are no fix (D49: the fix would be an unknown function's error).
func unknownCall(x ast.Expr) bool {
	unknown := false
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && c.Fun != nil {
			if _, ok := funcs.Lookup(c.Fun.Name); !ok {
				unknown = true
			}
		}
		return !unknown
	})
	return unknown
}

// invisibleInWord reports whether text holds an invisible character
// between two letters or digits (`First\u200bName`), where it may stand
// for a space as well as for nothing: a fix that deletes it is a guess.
func invisibleInWord(text string) bool {
	word := func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }
	for i, r := range text {
		if _, plain, ok := spell.Pasted(string(r)); !ok || plain != "" {
			continue
		}
		before, _ := utf8.DecodeLastRuneInString(text[:i])
		after, _ := utf8.DecodeRuneInString(text[i+utf8.RuneLen(r):])
		if word(before) && word(after) {
			return true
		}
	}
	return false
}

// numberStart reports whether s starts as a number does: a digit, or a
// point and a digit.
func numberStart(s string) bool {
	digit := func(i int) bool { return i < len(s) && s[i] >= '0' && s[i] <= '9' }
	return digit(0) || len(s) > 1 && s[0] == '.' && digit(1)
}

// empty is the trap of a placeholder that can never read anything: one
// with nothing inside but white space (`${}`), or whose text starts with
// a `.` (`${.status}`, `${...}`: a path needs a variable's name before
// its first `.`, D12) and is no number (`${.5}` is numberAlone's) and no
// expression. Either is always empty, whatever the data. The trap spans
// the whole placeholder, `${` and `}` included.
func (p *placeholder) empty() (Trap, bool) {
	text := strings.TrimSpace(p.raw)
	missing := func() bool { // read as a missing lookup: no expression, no error told
		issue := p.issue()
		return !p.rd.isEnv && !p.rd.exprSyntax && p.expr == nil && (issue == nil || issue.Kind == ErrSyntax)
	}
	reason := "nothing is inside the placeholder, so it is always empty; write a name or an expression inside it, or remove it"
	switch {
	case text == "":
	case text[0] == '.' && !numberStart(text) && missing():
		reason = "nothing comes before the first '.', so this names no variable and is always empty; " +
			"write the name of a variable before it, or remove the placeholder"
	default:
		return Trap{}, false
	}
	written := "${" + p.raw + "}"
	return Trap{Kind: TrapEmpty, Offset: p.start - len("${"), End: p.start + len(p.raw) + len("}"), Subject: written,
		Reason: reason}, true
}

func (p *placeholder) cutKey() (Trap, bool) {
	first, rest := p.rd.cutFirst, p.rd.cutRest
	if first == "" || p.rd.isEnv {
		return Trap{}, false
	}
	off := strings.Index(p.raw, first) + len(first) + 1
	if rest == "" { // `${row.}`: no key at all
		return Trap{Kind: TrapCutKey, Offset: p.start + off - 1, End: p.start + off, Subject: first + ".",
			Reason: "nothing follows the last '.', so this is always empty; write " + short(first) + " for the whole value"}, true
	}
	always := "so this is always empty"
	if p.rd.path != nil { // `row.No. of items` reads the key No of row
		always = "so this reads the key " + quote(p.rd.path[1]) + " of " + short(first)
	}
	return Trap{Kind: TrapCutKey, Offset: p.start + off, End: p.start + off + len(rest), Subject: first + "." + rest,
		Reason: "the key " + quote(rest) + " has a '.' that cuts the path, " + always + "; write " +
			short(first) + "['" + short(rest) + "']"}, true
}

// cutSelector is the trap of a `.key` cut by a `.` inside an expression
// (D38): `row.St. Name` parses as the key Name of the key St, since white
// space may follow a `.`, but a `.` followed by white space is most likely
// the key's own (an abbreviation), as in a lone `${row.No. of items}`. sel
// is the outermost selector of such a run; the key is written from the
// name before the first such `.` to sel's name, and the fix quotes it.
func (p *placeholder) cutSelector(sel *ast.SelectorExpr) (Trap, bool) {
	spaced := func(s *ast.SelectorExpr) bool {
		gap := p.raw[s.X.End():s.Sel.Pos()]
		return len(gap) > 1 && gap[0] == '.' && strings.TrimLeft(gap[1:], " \t") == ""
	}
	if !spaced(sel) {
		return Trap{}, false
	}
	x := sel.X
	for {
		in, ok := x.(*ast.SelectorExpr)
		if !ok {
			return Trap{}, false // `row. name`: a variable before the `.`, no key to cut
		}
		if !spaced(in) {
			x = in
			break
		}
		x = in.X
	}
	first := x.(*ast.SelectorExpr)
	if _, env := envName(first); env {
		return Trap{}, false // `env.NAME. x`: a variable's name has no '.' to quote
	}
	prefix := p.raw[first.X.Pos():first.X.End()]
	key := p.raw[first.Sel.Pos():sel.Sel.End()]
	return Trap{Kind: TrapCutKey, Offset: p.start + first.Sel.Pos(), End: p.start + sel.Sel.End(), Subject: prefix + "." + key,
		Reason: "the key " + quote(key) + " has a '.' that cuts the path, so this reads the key " + quote(first.Sel.Name) +
			" of " + short(prefix) + "; write " + short(prefix) + "['" + short(key) + "']"}, true
}
