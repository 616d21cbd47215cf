package eval

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/condparser"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// MaxConditionLength caps a condition line, in characters, before it is
// parsed; each ${...} in it also keeps the MaxLength limit.
const MaxConditionLength = 2000

// Condition is a compiled condition line (design section 6). It is
// immutable and safe for concurrent use.
type Condition struct {
	line  string
	root  cnode
	sides []*Template // every side, in order, for Problems
	parts []Part      // every part, in order, for Parts
	lines *lines
	// err is the problem of a line that cannot be a condition; nothing
	// else is compiled then.
	err *Error
	// traps are the traps of the parts (see Traps), edits the fixes of
	// those that have one.
	traps []Trap
	edits []edit
	// numberFixes are the fixes of the number-text traps, which their
	// rows' data decide (TrapHolds).
	numberFixes []numberFix
	// more are the texts after a trap's Literal that a row may hold
	// (moreLiterals).
	more []moreLiteral
	tree ast.Cond // while compiling
	// grouping is the line with its parts grouped (see Grouping).
	grouping string
}

// Step is one part of a condition as Explain saw it: the part as written,
// the values its sides had, and whether it held.
type Step struct {
	Part      string // the part as written, e.g. `${row.amount} > 0`
	Values    string // the values of its placeholders, shown, e.g. `'' (empty)`
	Result    bool
	Evaluated bool // false when short-circuit left the part out
}

// String shows the step as the part, a colon, the values of its
// placeholders, an arrow and the result, e.g. `${row.amount} > 0: 5 -> true`.
func (s Step) String() string {
	if !s.Evaluated {
		return s.Part + ": not needed"
	}
	var b strings.Builder
	b.WriteString(s.Part)
	b.WriteString(": ")
	if s.Values != "" {
		b.WriteString(s.Values)
		b.WriteString(" -> ")
	}
	b.WriteString(strconv.FormatBool(s.Result))
	return b.String()
}

// cnode is one compiled node of a condition.
type cnode interface {
	test(fr *frame, steps *[]Step) (bool, error)
	skip(steps *[]Step)
	// failure is, for a node that and/or left out, the error of its first
	// placeholder whose compile found a problem (known without data) that
	// the data does not turn into a lookup (D12): the error the node would
	// have failed with, had it been evaluated. Runtime-only errors are not
	// looked for.
	failure(fr *frame) error
	// fails reports whether failure can find anything: a placeholder of
	// the node has such a problem.
	fails() bool
}

// CompileCondition compiles a condition line. Compiled conditions are
// cached by text (see Cache). A malformed line fails here with an *Error
// whose Cond is true (`condition: ...`); a problem inside a ${...} of it
// is reported as for templates: when the condition is tested, or at once
// with the Strict option (all of them, as an ErrorList); the condition is
// then returned with the error, as Compile returns a template, while a
// malformed line gives a nil *Condition. A limit of a ${...} (an
// expression longer than MaxLength or nested deeper than MaxDepth), which
// no data changes, fails here without Strict too, with a nil *Condition:
// without Strict, a condition never comes back with an error.
func CompileCondition(line string, opts ...Option) (*Condition, error) {
	o := makeOptions(opts)
	var c *Condition
	if !o.noCache {
		c, _ = o.cache.condition(line)
	}
	if c == nil {
		c = compileCondition(line)
		if !o.noCache {
			o.cache.putCondition(line, c)
		}
	}
	if c.err != nil {
		if o.strict {
			return nil, malformedProblems(line, c.err)
		}
		return nil, c.err
	}
	problems := c.staticProblems(o.strict)
	if len(problems) > 0 && !o.strict {
		// A limit of a ${...} (longer than MaxLength, nested deeper than
		// MaxDepth): no data changes it, so it fails here, as Compile
		// fails a template; without Strict a condition never comes back
		// with an error.
		return nil, inCondition(problems[0])
	}
	return c, inCondition(o.strictError(problems))
}

// malformedProblems is what a strict CompileCondition returns for a line
// that cannot be read as a condition: the line's own problem, lineErr, and
// every problem of its placeholders known without data, as validate reports
// them (Strict promises every problem). A ${ left open is the line's
// problem, said once.
func malformedProblems(line string, lineErr *Error) ErrorList {
	out := ErrorList{lineErr}
	if lineErr.Kind == ErrLimit {
		return out // the line is refused whole; its text is not read further
	}
	for _, e := range compileTemplate(line).staticProblems(true) {
		if !errors.Is(e, ErrUnclosed) {
			out = append(out, e)
		}
	}
	return inCondition(bound(out)).(ErrorList)
}

// MustCompileCondition is CompileCondition for lines known to be good; it
// panics on error.
func MustCompileCondition(line string, opts ...Option) *Condition {
	c, err := CompileCondition(line, opts...)
	if err != nil {
		panic(err)
	}
	return c
}

func (cd *Condition) condError(off int, kind error, reason string) *Error {
	e := &Error{Expr: cd.line, Reason: reason, Offset: off, End: pointEnd(cd.line, off), Kind: kind, Cond: true}
	for e.End < len(cd.line) && off < len(cd.line) && strings.IndexByte("=!<>~", cd.line[off]) >= 0 &&
		strings.IndexByte("=!<>~", cd.line[e.End]) >= 0 {
		e.End++ // an operator spans its run of signs: `=!`, `===`
	}
	return cd.lines.locate(e, 0)
}

func compileCondition(line string) *Condition {
	c := compileConditionOnly(line)
	if c.tree != nil {
		c.findTraps(c.tree)
		c.tree = nil
	}
	if c.err != nil && c.err.Kind == ErrCondition {
		if fixed, ok := fixLine(line); ok {
			e := *c.err
			e.Reason += "; write: " + short(fixed)
			c.err = &e
		}
	}
	return c
}

// compileConditionOnly compiles line as a condition without looking for
// its traps; tree is the parsed line when it compiled.
func compileConditionOnly(line string) *Condition {
	return compileLine(line, true)
}

// compileLine is compileConditionOnly; hint says whether an unclosed ${
// looks for where its } goes (unclosedFix), which compiles other lines
// with hint false.
func compileLine(line string, hint bool) *Condition {
	c := &Condition{line: line, lines: newLines(line)}
	if n := runeCount(line); n > MaxConditionLength || len(line) > 4*MaxConditionLength {
		c.err = c.condError(0, ErrLimit, "the condition is longer than "+
			strconv.Itoa(MaxConditionLength)+" characters (it has "+strconv.Itoa(n)+"); split it into several condition lines, or shorten it")
		return c
	}
	tree, err := condparser.ParseCond(line)
	if err != nil {
		var se *condparser.SyntaxError
		if errors.As(err, &se) {
			if e := c.wrappedLine(false); e != nil {
				c.err = e // `(${a} == 'x')`: the grouping, not the quote
				return c
			}
			kind := ErrCondition
			if _, open := ScanPlaceholders(line); slices.Contains(open, se.Offset) {
				kind = errUnclosedCond // the grammar stops at a ${ that D18 leaves open
			}
			reason := se.Reason
			if kind == errUnclosedCond && hint && strings.HasSuffix(reason, closeReason) {
				reason = unclosedFix(line, se.Offset)
			}
			c.err = c.condError(se.Offset, kind, reason)
		} else {
			c.err = c.condError(0, ErrInternal, "internal error while parsing; please report it")
			c.err.Detail = err.Error()
		}
		return c
	}
	if e := c.wrappedLine(true); e != nil {
		c.err = e
		return c
	}
	if e := c.groupingParens(tree); e != nil {
		c.err = e
		return c
	}
	root, cerr := c.compile(tree)
	if cerr != nil {
		c.err = wrapFailure(line, 0, cerr)
		return c
	}
	c.root, c.tree = root, tree
	c.grouping = c.group(tree, false)
	return c
}

// Grouping shows how `and` and `or` grouped the parts of the condition
// (D44): the parts as written, joined by their words, with each run of
// parts joined by `and` in parentheses where it is one side of an `or`,
// since `and` binds tighter: `${a} == 1 or ${b} == 2 and ${c} == 3` is
// `${a} == 1 or (${b} == 2 and ${c} == 3)`. A line of one part, or whose
// parts are joined by one word only, is shown without parentheses.
// Explain's steps are the parts in the same order.
func (c *Condition) Grouping() string {
	if c == nil {
		return ""
	}
	return c.grouping
}

// group prints n; inOr is true for an operand of an `or`.
func (cd *Condition) group(n ast.Cond, inOr bool) string {
	b, ok := n.(*ast.BoolCond)
	if !ok {
		return strings.TrimSpace(cd.line[n.Pos():n.End()])
	}
	if b.Op == ast.Or {
		return cd.group(b.X, true) + " or " + cd.group(b.Y, true)
	}
	s := cd.group(b.X, false) + " and " + cd.group(b.Y, false)
	if inOr {
		return "(" + s + ")"
	}
	return s
}

// parensReason is the reason of a line that groups with parentheses.
const parensReason = "parentheses do not group parts of a condition; " +
	"and binds tighter than or (quote text that has parentheses in it)"

// wrappedLine is the error of a line that is one condition put in
// parentheses (unwrapLine), with the line without them as its fix when
// that reads as a condition; nil for any other line. parsed says whether
// the line itself parsed: one that did not is refused so only when the
// line without the parentheses parses, and keeps its own error otherwise.
func (cd *Condition) wrappedLine(parsed bool) *Error {
	fixed, open, negated, ok := unwrapLine(cd.line)
	if !ok {
		return nil
	}
	reason := parensReason
	tree, err := condparser.ParseCond(fixed)
	switch _, split := tree.(*ast.BoolCond); {
	case err != nil && !parsed:
		return nil
	case err == nil && !(split && negated) && readsAsCondition(fixed):
		// Not for `not (a or b)`: not would take the first part only.
		reason += "; write: " + short(fixed)
	}
	return cd.condError(open, ErrCondition, reason)
}

// groupingParens refuses a line that the grammar split into parts (D31)
// where a part's side starts or ends with a bare parenthesis: a flow
// author who writes `(${a} == 1 or ${b} == 2) and ${c}` means a grouping
// that conditions do not have (design section 6), and would otherwise get
// a silent comparison with the text "(". A line the grammar keeps whole
// (`${name} == Johnson and Johnson (UK)`) is one comparison, whatever its
// parentheses.
func (cd *Condition) groupingParens(c ast.Cond) *Error {
	const reason = parensReason
	_, split := c.(*ast.BoolCond)
	var bad *ast.Side
	var walk func(ast.Cond)
	check := func(s *ast.Side) {
		if bad != nil || s == nil || s.Quoted {
			return
		}
		if split && (strings.HasPrefix(s.Text, "(") || strings.HasSuffix(s.Text, ")")) && !parensBalance(s.Text) {
			bad = s
		}
		// Kept whole, a side that opens a parenthesis right before a
		// ${...}, or closes one right after it, next to a bare and/or, is
		// a grouping too: `${flag} and (${count} > 1 or ${flag})`.
		if !split && groupsPlaceholder(s.Text) && hasBoolWord(s.Text) {
			bad = s
		}
	}
	walk = func(c ast.Cond) {
		switch n := c.(type) {
		case *ast.BoolCond:
			walk(n.X)
			walk(n.Y)
		case *ast.NotCond:
			walk(n.X)
		case *ast.Comparison:
			check(n.Left)
			check(n.Right)
		case *ast.Truth:
			check(n.X)
		}
	}
	walk(c)
	if bad == nil {
		return nil
	}
	at := bad.From
	if strings.HasSuffix(bad.Text, ")") && !strings.HasPrefix(bad.Text, "(") {
		at = bad.To - 1
	}
	return cd.condError(at, ErrCondition, reason)
}

// parensBalance reports whether the parentheses of a side's text, outside
// its ${...}, close what they open, in order: text with its own
// parentheses (`Johnson (UK)`, `(3)`) is text, while `(${a}` or `2)`
// opens or closes a grouping across parts.
func parensBalance(text string) bool { return parenMin(text) == 0 && parenDepth(text) == 0 }

func (cd *Condition) compile(c ast.Cond) (cnode, error) {
	line := cd.line
	switch n := c.(type) {
	case *ast.BoolCond:
		x, err := cd.compile(n.X)
		if err != nil {
			return nil, err
		}
		y, err := cd.compile(n.Y)
		if err != nil {
			return nil, err
		}
		return &boolNode{and: n.Op == ast.And, x: x, y: y, check: y.fails()}, nil
	case *ast.NotCond:
		at := len(cd.parts)
		x, err := cd.compile(n.X)
		if err != nil {
			return nil, err
		}
		if at < len(cd.parts) {
			cd.parts[at].Not = true
			cd.parts[at].Text, cd.parts[at].Start = line[n.Pos():n.End()], n.Pos()
		}
		return &notNode{x: x, part: line[n.Pos():n.End()]}, nil
	case *ast.Comparison:
		l, err := cd.side(n.Left)
		if err != nil {
			return nil, err
		}
		cmp := &cmpNode{cd: cd, op: n.Op, opPos: n.OpPos, left: l, part: line[n.Pos():n.End()]}
		right := (*Template)(nil)
		if n.Right != nil && n.Right.Items != nil {
			// `in 'a, b', 'c'`: each item a side (D26, D29); the part's
			// Right is the list as written, its problems the items'.
			for _, item := range n.Right.Items {
				t, err := cd.side(item)
				if err != nil {
					return nil, err
				}
				cmp.items = append(cmp.items, t)
			}
			right = buildTemplate(n.Right.Text, n.Right.TextPos, cd.lines)
			right.quoted = true
		} else if n.Right != nil {
			if cmp.right, err = cd.side(n.Right); err != nil {
				return nil, err
			}
			right = cmp.right
		}
		cd.parts = append(cd.parts, Part{Text: cmp.part, Start: n.Pos(), End: n.End(), Op: n.Op.String(),
			OpPos: n.OpPos, Left: l, Right: right, RightQuoted: n.Right != nil && n.Right.Quoted})
		return cmp, nil
	case *ast.Truth:
		s, err := cd.side(n.X)
		if err != nil {
			return nil, err
		}
		part := line[n.Pos():n.End()]
		cd.parts = append(cd.parts, Part{Text: part, Start: n.Pos(), End: n.End(), Left: s})
		return &truthNode{side: s, part: part}, nil
	}
	return nil, cd.condError(c.Pos(), ErrCondition, "not a condition: "+quote(line[c.Pos():c.End()]))
}

// groupsPlaceholder reports whether text has "(" right before a ${ or
// ")" right after a placeholder's }, white space between them aside.
func groupsPlaceholder(text string) bool {
	t := strings.Join(strings.Fields(text), "")
	return strings.Contains(t, "(${") || strings.Contains(t, "})")
}

// unwrapLine reports whether line is one condition put in parentheses,
// possibly after not: `(${a} == 1)`, `not (${a} == 1)`, `not(${a} > 1)`.
// open is the offset of the "(", fixed the line without the pair, and
// negated is set when not comes before the "(". The
// ")" that ends the line must close the "(" that starts it (outside
// placeholders), so `(1,200) == (1,200)` is two texts, not a grouping.
func unwrapLine(line string) (fixed string, open int, negated, ok bool) {
	t := strings.TrimRightFunc(line, unicode.IsSpace)
	open = len(line) - len(strings.TrimLeftFunc(line, unicode.IsSpace))
	not := ""
	if rest := line[open:]; len(rest) > 3 && strings.EqualFold(rest[:3], "not") &&
		(rest[3] == '(' || unicode.IsSpace(rune(rest[3]))) {
		not = line[open:open+3] + " "
		open += 3
		open += len(line[open:]) - len(strings.TrimLeftFunc(line[open:], unicode.IsSpace))
	}
	if open >= len(t) || t[open] != '(' || !strings.HasSuffix(t, ")") || len(t)-1 <= open {
		return "", 0, false, false
	}
	inner := t[open+1 : len(t)-1]
	if parenDepth(inner) != 0 || parenMin(inner) < 0 {
		return "", 0, false, false
	}
	return not + strings.TrimSpace(inner), open, not != "", true
}

// parenMin is the lowest parenDepth of a start of text.
func parenMin(text string) int {
	d, low := 0, 0
	eachParen(text, func(c byte) {
		if c == '(' {
			d++
		} else {
			d--
		}
		low = min(low, d)
	})
	return low
}

// parenDepth is the number of "(" less the number of ")" in text, outside
// its placeholders.
func parenDepth(text string) int {
	d := 0
	eachParen(text, func(c byte) {
		if c == '(' {
			d++
		} else {
			d--
		}
	})
	return d
}

// eachParen calls f with each "(" and ")" of text outside its
// placeholders, in order.
func eachParen(text string, f func(byte)) {
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '(', ')':
			f(text[i])
		case '$':
			if i+1 < len(text) && text[i+1] == '{' {
				if end := strings.IndexByte(text[i:], '}'); end > 0 {
					i += end
				}
			}
		}
	}
}

// hasBoolWord reports whether text holds the word and or or.
func hasBoolWord(text string) bool {
	for _, w := range strings.Fields(text) {
		if strings.EqualFold(w, "and") || strings.EqualFold(w, "or") {
			return true
		}
	}
	return false
}

// side compiles one side as a template whose positions are those of the
// line (D26).
func (cd *Condition) side(s *ast.Side) (*Template, error) {
	t := buildTemplate(s.Text, s.TextPos, cd.lines)
	t.quoted = s.Quoted
	if len(t.unclosed) > 0 {
		return nil, cd.condError(s.TextPos+t.unclosed[0], errUnclosedCond, "${ is not closed")
	}
	if t.limit != nil {
		return nil, t.limit
	}
	cd.sides = append(cd.sides, t)
	return t, nil
}

// sideValue evaluates a side: one ${...} keeps its kind, anything else is
// its rendered text.
func sideValue(t *Template, fr *frame) (value.Value, error) {
	if t.whole {
		v, err := t.places[0].read(fr)
		return t.wholeValue(fr, v, err)
	}
	if len(t.places) == 0 {
		return t.literal, nil
	}
	if t.litSize > fr.env.MaxSize {
		return value.Value{}, t.literalTooLarge(t.firstOverflow(fr.env.MaxSize), fr.env.MaxSize)
	}
	out, err := t.render(fr)
	if err != nil {
		return value.Value{}, err
	}
	return value.TextValue(out), nil
}

// Test decides the condition against the data in s. Parts that cannot
// change the result are not evaluated.
func (c *Condition) Test(s *scope.Scope) (bool, error) {
	return c.TestContext(context.Background(), s)
}

// TestContext is Test that also stops, within a bounded number of steps,
// when ctx is done; the error then wraps ctx.Err().
func (c *Condition) TestContext(ctx context.Context, s *scope.Scope) (ok bool, err error) {
	if untestable(c) {
		return false, noCondition(c)
	}
	e := pooled()
	ok, err = e.Test(ctx, c, s)
	e.putBack()
	return ok, err // marked by e.Test (D37)
}

// Explain decides the condition like Test and also returns, part by part,
// the values each side had and whether the part held, so a flow author can
// see why a step did or did not run.
func (c *Condition) Explain(s *scope.Scope) (ok bool, steps []Step, err error) {
	return c.ExplainContext(context.Background(), s)
}

// ExplainContext is Explain that also stops when ctx is done.
func (c *Condition) ExplainContext(ctx context.Context, s *scope.Scope) (ok bool, steps []Step, err error) {
	if untestable(c) {
		return false, nil, noCondition(c)
	}
	e := pooled()
	defer e.release(&err, site{line: c.line})
	fr := &e.fr
	fr.start(ctx, s, false)
	steps = []Step{}
	ok, err = c.root.test(fr, &steps)
	return ok, steps, inCondition(err)
}

// Problems returns the problems of the placeholders in the condition that
// can be known without data, by the rules of Template.Problems. A malformed
// line is not among them: CompileCondition already refused it.
func (c *Condition) Problems(s *scope.Scope) []*Error {
	if c == nil {
		return []*Error{nilCondition()}
	}
	var out ErrorList
	for _, t := range c.sides {
		t.problems(s, false, &out)
	}
	return inConditionList(bound(out))
}

// staticProblems are the problems a CompileCondition returns: the limits,
// or with strict every problem known without data.
func (c *Condition) staticProblems(strict bool) ErrorList {
	var out ErrorList
	for _, t := range c.sides {
		out = append(out, t.staticProblems(strict)...)
	}
	if len(out) > 0 && !strict {
		return out[:1]
	}
	return bound(out)
}

// Part is one part of a condition as compiled: a comparison, or a single
// ${...} tested for truth (D25), possibly after `not`.
type Part struct {
	// Text is the part as written; Start and End its byte offsets in the
	// line.
	Text       string
	Start, End int
	// Op is the operator as written in canonical form ("==", "in",
	// "is not empty", ...), "" for a part that is a single ${...}; OpPos
	// its offset.
	Op    string
	OpPos int
	// Not is true when the part is negated with `not`.
	Not bool
	// Left and Right are the sides, compiled as templates with the
	// positions of the line; Right is nil for `is empty`, `is not empty`
	// and a single ${...}.
	Left, Right *Template
	// RightQuoted is true when the right side is written in quotes
	// (D31): its text is kept whole on purpose.
	RightQuoted bool
}

// NumberHint is, when a side of p is literal text that is a number
// written with grouping commas (`> 1,000`, D38), an exponent, in
// hexadecimal or with `_` (`> 1e3`, D49), the reason that names the fix
// (write 1000), where the comparison's own reason would suggest
// number(...); ok is false otherwise.
func (p Part) NumberHint() (reason string, ok bool) { return groupedLiteral(p.Left, p.Right) }

// DateHint is, when p is an order comparison (< > <= >=) and a side's
// value (l or r) is a date (2026-04-15, 15/04/2026, ...), the reason that
// says dates are not compared by < and > and, when it is certain, writes
// the comparison as numbers of year, month and day (D44, D49), where the
// comparison's own reason would suggest number(...), which reads a date's
// first number; ok is false otherwise.
func (p Part) DateHint(l, r value.Value) (reason string, ok bool) {
	return orderDateHint(p.Op, p.Left, p.Right, l, r)
}

// UnclearHint is, when p is an order comparison (< > <= >=) and the side
// that is not a number (l or r) is text that number(...) refuses as not
// clear ('12,5', '9 800', D34, D39), the reason with number()'s own
// rewrite (write 12.5), where the comparison's own reason would say only
// that the text is not one number; for such a number written in the line
// itself, the one rewrite a condition reads (write 9800, never 9,800);
// ok is false otherwise.
func (p Part) UnclearHint(l, r value.Value) (reason string, ok bool) {
	switch p.Op {
	case "<", ">", "<=", ">=":
		return unclearOrder(p.Op, p.Left, p.Right, l, r)
	}
	return "", false
}

// groupedLiteral is NumberHint for the sides of a comparison.
func groupedLiteral(sides ...*Template) (string, bool) {
	for _, side := range sides {
		if side == nil || len(side.places) > 0 {
			continue
		}
		text := strings.TrimSpace(side.text)
		if plain, ok := ungrouped(text); ok {
			return quote(text) + " is not a number: numbers in a condition are written without separators; write " + plain, true
		}
		if what, plain := value.NumberText(text); what == value.WrittenNumber && plain != "" {
			return quote(text) + " is not a number: numbers in a condition are written in plain digits, not " +
				value.WrittenAs(text) + "; write " + plain, true
		}
	}
	return "", false
}

// ungrouped reports whether s is a number with `,` between groups of
// three digits (1,000 or -1,234.5) and returns it without them.
func ungrouped(s string) (string, bool) {
	body := strings.TrimPrefix(s, "-")
	intPart, frac, hasFrac := strings.Cut(body, ".")
	groups := strings.Split(intPart, ",")
	if len(groups) < 2 || len(groups[0]) == 0 || len(groups[0]) > 3 {
		return "", false
	}
	for i, g := range groups {
		if (i > 0 && len(g) != 3) || !allDigits(g) {
			return "", false
		}
	}
	if hasFrac && !allDigits(frac) {
		return "", false
	}
	return strings.ReplaceAll(s, ",", ""), true
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// Parts returns the condition's parts in order.
func (c *Condition) Parts() []Part {
	if c == nil {
		return nil
	}
	return append([]Part(nil), c.parts...)
}

// RanAll reports whether a test of c that gave holds without an error
// evaluated every part: and/or left none out (`a and b` that holds, `a or
// b` that does not). Its first part is evaluated by any test.
func (c *Condition) RanAll(holds bool) bool {
	return c != nil && ranAll(c.root, holds)
}

// ranAll reports whether a test of n that gave result evaluated every
// part of it.
func ranAll(n cnode, result bool) bool {
	switch n := n.(type) {
	case *boolNode:
		// and: only true when both are; or: only false when both are
		return result == n.and && ranAll(n.x, result) && ranAll(n.y, result)
	case *notNode:
		return ranAll(n.x, !result)
	case *truthNode, *cmpNode:
		return true
	}
	return false
}

// Text returns the condition line as written.
func (c *Condition) Text() string {
	if c == nil {
		return ""
	}
	return c.line
}

type boolNode struct {
	and  bool
	x, y cnode
	// check is set when y has a placeholder whose compile found a
	// problem: left out, y still fails with it (failure).
	check bool
}

func (n *boolNode) test(fr *frame, steps *[]Step) (bool, error) {
	a, err := n.x.test(fr, steps)
	if err != nil {
		return false, err
	}
	if a != n.and { // false and ..., true or ...: decided
		if steps != nil {
			n.y.skip(steps)
		}
		if n.check {
			// E6, D12: an unknown function, a syntax error or a
			// forbidden construct fails the condition even where
			// and/or leaves its part out, once its text is not a key
			// of the data; only those placeholders are read.
			if err := n.y.failure(fr); err != nil {
				return false, err
			}
		}
		return a, nil
	}
	return n.y.test(fr, steps)
}

func (n *boolNode) skip(steps *[]Step) { n.x.skip(steps); n.y.skip(steps) }

func (n *boolNode) failure(fr *frame) error {
	if err := n.x.failure(fr); err != nil {
		return err
	}
	return n.y.failure(fr)
}

func (n *boolNode) fails() bool { return n.x.fails() || n.y.fails() }

type notNode struct {
	x    cnode
	part string
}

func (n *notNode) test(fr *frame, steps *[]Step) (bool, error) {
	if steps == nil {
		ok, err := n.x.test(fr, nil)
		return !ok, err
	}
	var inner []Step
	ok, err := n.x.test(fr, &inner)
	if err != nil {
		return false, err
	}
	st := Step{Part: n.part, Result: !ok, Evaluated: true}
	if len(inner) == 1 {
		st.Values = inner[0].Values
	}
	*steps = append(*steps, st)
	return !ok, nil
}

func (n *notNode) skip(steps *[]Step) { *steps = append(*steps, Step{Part: n.part}) }

func (n *notNode) failure(fr *frame) error { return n.x.failure(fr) }

func (n *notNode) fails() bool { return n.x.fails() }

type truthNode struct {
	side *Template
	part string
}

func (n *truthNode) test(fr *frame, steps *[]Step) (bool, error) {
	v, err := sideValue(n.side, fr)
	if err != nil {
		return false, err
	}
	ok := value.Truthy(v) // D25
	if steps != nil {
		*steps = append(*steps, Step{Part: n.part, Values: showValue(v), Result: ok, Evaluated: true})
	}
	return ok, nil
}

func (n *truthNode) skip(steps *[]Step) { *steps = append(*steps, Step{Part: n.part}) }

func (n *truthNode) failure(fr *frame) error { return n.side.staticFailure(fr) }

func (n *truthNode) fails() bool { return n.side.hasStaticProblem() }

type cmpNode struct {
	cd          *Condition
	op          ast.CmpOp
	opPos       int
	left, right *Template
	// items are the items of a right side of `in` written as a list of
	// quoted text (`'a, b', 'c'`); right is nil then.
	items []*Template
	part  string
}

func (n *cmpNode) test(fr *frame, steps *[]Step) (bool, error) {
	l, err := sideValue(n.left, fr)
	if err != nil {
		return false, err
	}
	if n.items != nil {
		return n.testItems(fr, steps, l)
	}
	var r value.Value
	if n.right != nil {
		if r, err = sideValue(n.right, fr); err != nil {
			return false, err
		}
	}
	var ok bool
	lim := fr.env.Limits() // the host's cap and the evaluation's budget (D35)
	switch n.op {
	case ast.Eq: // D27
		ok, err = lim.Equal(l, r)
	case ast.Ne:
		ok, err = lim.Equal(l, r)
		ok = !ok
	case ast.Lt, ast.Gt, ast.Le, ast.Ge: // D28
		var c int
		var known bool
		c, known, err = lim.OrderOp(n.op.String(), l, r)
		ok = err == nil && known && order(n.op, c)
	case ast.In: // D29
		if n.right != nil && n.right.quoted && r.Kind() != value.List && r.Kind() != value.Dict {
			// Quoted text is taken as written (D26): one item, its
			// commas kept, as in a list of quoted items; only bare
			// text is split at commas.
			ok, err = lim.Equal(l, r)
			break
		}
		ok, err = lim.Member(l, r)
	case ast.Contains:
		ok, err = lim.Contains(l, r)
	case ast.IsEmpty: // D30
		ok = value.IsBlank(l)
	case ast.IsNotEmpty:
		ok = !value.IsBlank(l)
	}
	if err != nil {
		return false, n.fail(err, l, r)
	}
	if steps != nil {
		*steps = append(*steps, Step{Part: n.part, Values: n.values(l, r), Result: ok, Evaluated: true})
	}
	return ok, nil
}

// testItems is test for a right side of `in` that is a list of items:
// whether l equals one of them (D27, D29), the items evaluated in order
// until one does.
func (n *cmpNode) testItems(fr *frame, steps *[]Step, l value.Value) (bool, error) {
	lim := fr.env.Limits()
	ok := false
	for _, item := range n.items {
		v, err := sideValue(item, fr)
		if err != nil {
			return false, err
		}
		if ok, err = lim.Equal(l, v); err != nil {
			return false, n.fail(err, l, v)
		}
		if ok {
			break
		}
	}
	if steps != nil {
		*steps = append(*steps, Step{Part: n.part, Values: n.values(l, value.Value{}), Result: ok, Evaluated: true})
	}
	return ok, nil
}

// fail is the error of the comparison, err, with the values l and r of
// its sides.
func (n *cmpNode) fail(err error, l, r value.Value) error {
	err = n.itemAtFault(err, l, r)
	kind, reason, detail := error(ErrType), err.Error(), ""
	var f *value.Failure
	if errors.As(err, &f) {
		kind, reason, detail = f.Kind, f.Reason, f.Detail
	}
	if hint, ok := groupedLiteral(n.left, n.right); ok && kind == ErrType {
		reason = hint // `> 1,000`: the fix is in the line, not number(...)
	} else if hint, ok := orderDateHint(n.op.String(), n.left, n.right, l, r); ok && kind == ErrType {
		reason = hint // `< 2026-04-15`: number(...) of a date is its year
	} else if n.op == ast.Lt || n.op == ast.Gt || n.op == ast.Le || n.op == ast.Ge {
		if hint, ok := unclearOrder(n.op.String(), n.left, n.right, l, r); ok && kind == ErrType {
			reason = hint // `> 5` of '12,5': number()'s own rewrite, write 12.5
		}
	}
	e := n.cd.condError(n.opPos, kind, quote(n.part)+": "+reason)
	e.Detail = detail // the Go type of refused host data, for the programmer
	return e
}

// itemAtFault names, in a failure of unsupported data inside a list or
// dictionary (value.Failure.Item), the side it came from: the one whose
// value is a list or dictionary, or of two, the one that fails to show.
func (n *cmpNode) itemAtFault(err error, l, r value.Value) error {
	if f, ok := err.(*value.Failure); !ok || f.Item == "" {
		return err
	}
	side := n.left
	if container(r) && (!container(l) || !failsToShow(l)) {
		side = n.right
	}
	what := ""
	if side != nil && side.whole {
		what = side.places[0].raw
	}
	return itemFailure("", what, err)
}

func container(v value.Value) bool { return v.Kind() == value.List || v.Kind() == value.Dict }

// failsToShow reports whether showing v fails on its data (an error path
// only: it walks v again).
func failsToShow(v value.Value) bool {
	_, err := v.Show(nil, 0)
	return errors.Is(err, value.ErrData)
}

func (n *cmpNode) skip(steps *[]Step) { *steps = append(*steps, Step{Part: n.part}) }

func (n *cmpNode) failure(fr *frame) error {
	if err := n.left.staticFailure(fr); err != nil {
		return err
	}
	if n.right != nil {
		return n.right.staticFailure(fr)
	}
	for _, item := range n.items {
		if err := item.staticFailure(fr); err != nil {
			return err
		}
	}
	return nil
}

func (n *cmpNode) fails() bool {
	if n.left.hasStaticProblem() || (n.right != nil && n.right.hasStaticProblem()) {
		return true
	}
	for _, item := range n.items {
		if item.hasStaticProblem() {
			return true
		}
	}
	return false
}

// hasStaticProblem reports whether a placeholder of side t has a problem
// its compile found (placeholder.issue, or a `_` name).
func (t *Template) hasStaticProblem() bool {
	for _, p := range t.places {
		if p.issue() != nil || p.under != nil {
			return true
		}
	}
	return false
}

// staticFailure is, for side t of a part that and/or left out, the error
// of its first placeholder with a problem found by its compile, read as
// D12 reads it when the part is evaluated (placeholder.read: the dotted
// path first, which may find a key of the data with that text); nil when
// each such text is a key of the data, or a missing lookup (E5). The
// other placeholders are not read.
func (t *Template) staticFailure(fr *frame) error {
	for _, p := range t.places {
		if p.issue() == nil && p.under == nil {
			continue
		}
		if _, err := p.read(fr); err != nil {
			return err
		}
	}
	return nil
}

// values shows the values of the sides that hold placeholders; a literal
// side can be read in the part itself.
func (n *cmpNode) values(l, r value.Value) string {
	lp := len(n.left.places) > 0
	rp := n.right != nil && len(n.right.places) > 0
	switch {
	case lp && rp:
		return showValue(l) + " " + n.op.String() + " " + showValue(r)
	case lp:
		return showValue(l)
	case rp:
		return showValue(r)
	}
	return ""
}

func order(op ast.CmpOp, c int) bool {
	switch op {
	case ast.Lt:
		return c < 0
	case ast.Gt:
		return c > 0
	case ast.Le:
		return c <= 0
	}
	return c >= 0
}

// showValue shows a value in an explanation: text quoted, numbers plain,
// empty as two quotes and the word empty.
func showValue(v value.Value) string {
	switch v.Kind() {
	case value.Empty:
		return "'' (empty)"
	case value.Text:
		if v.Text() == "" {
			return "'' (empty)"
		}
		return quote(v.Text())
	case value.Number, value.Bool:
		return v.String()
	}
	b, err := value.Limits{Budget: value.NewBudget(context.Background(), 4096, 4096), MaxSize: 200}.Show(nil, v)
	if err != nil {
		return "(" + v.Kind().String() + ")"
	}
	return "[" + string(b) + "] (" + v.Kind().String() + ")"
}

// closeReason ends condparser's reason for a ${ without its } (and
// without an open quote in it): the fix that adds } at the end of the
// line.
const closeReason = "${ is not closed; add the closing }"

// maxCloseTries bounds how many places unclosedFix tries for a }: each is
// one compile of the line.
const maxCloseTries = 16

// unclosedFix is the reason of a condition line whose ${ at off has no }
// (D49: a fix that works when followed). A } at the end of the line is
// the fix when the line then compiles (`${a` -> `${a}`). Otherwise the }
// goes where the placeholder's expression ends, before the rest of the
// comparison: it tries each place before a space or an operator, and
// names the one place where the line then compiles (`${n == 5` ->
// `${n} == 5`, `${a is empty` -> `${a} is empty`). When no place, or
// more than one, makes the line compile, it says that the place is not
// clear, rather than give a fix that is wrong.
func unclosedFix(line string, off int) string {
	at := quote(strings.TrimRight(line[off:], " \t")) + ": "
	if fixed, ok := ast.WideBrace(line[off+2:]); ok {
		// `${row.status｝ == x`: a } at the end would read the key
		// `status｝`; the fix is the line with } in its place, when it
		// compiles, else the placeholder so written.
		if l := line[:off] + fixed + line[off+len(fixed)-1+len("｝"):]; compiles(l) {
			fixed = strings.TrimRight(l[off:], " \t")
		}
		return at + ast.WideBraceReason + short(fixed)
	}
	inner := line[off+2:]
	if compiles(line + "}") {
		// `${note contains paid`: contains is no word of an expression,
		// so a } at the end compiles, as a lookup of the key `note
		// contains paid`, which the operator was not meant for; the
		// place before the operator is the fix when the line then
		// compiles (D49).
		if fix, ok := beforeWordOp(line, off); ok {
			return at + "${ is not closed; add the closing } where the placeholder ends: " + short(strings.TrimRight(fix, " \t"))
		}
		return at + closeReason
	}
	fix, found, tries := "", 0, 0
	for k := 1; k < len(inner) && tries < maxCloseTries; k++ {
		b, prev := inner[k], inner[k-1]
		space := b == ' ' || b == '\t'
		op := strings.IndexByte("=!<>~", b) >= 0 && prev != ' ' && prev != '\t' && strings.IndexByte("=!<>~", prev) < 0
		if !(space && prev != ' ' && prev != '\t' || op) {
			continue
		}
		tries++
		fixed := line[:off+2] + inner[:k] + "}" + inner[k:]
		if compiles(fixed) {
			fix, found = fixed[off:], found+1
		}
	}
	if found == 1 {
		return at + "${ is not closed; add the closing } where the placeholder ends: " + short(strings.TrimRight(fix, " \t"))
	}
	return at + "${ is not closed, and where it ends is not clear; add the closing } right after the placeholder's expression, before any comparison: ${name} == value"
}

// beforeWordOp is the line from off with the } of the ${ at off put
// before a word operator of a condition that follows white space in it
// (`${note contains paid` -> `${note} contains paid`), when exactly one
// such place makes the line compile.
func beforeWordOp(line string, off int) (fix string, ok bool) {
	inner := line[off+2:]
	found, tries := 0, 0
	for k := 1; k < len(inner) && tries < maxCloseTries; k++ {
		if b, prev := inner[k], inner[k-1]; !(b == ' ' || b == '\t') || prev == ' ' || prev == '\t' {
			continue
		}
		word := strings.TrimLeft(inner[k:], " \t")
		if end := strings.IndexAny(word, " \t"); end >= 0 {
			word = word[:end]
		}
		if !isWordOp(word) {
			continue
		}
		tries++
		if fixed := line[:off+2] + inner[:k] + "}" + inner[k:]; compiles(fixed) {
			fix, found = fixed[off:], found+1
		}
	}
	return fix, found == 1
}

// isWordOp reports whether w is the first word of a word operator of a
// condition (in, contains, is: ast's table), in any ASCII case, as the grammar
// reads them (`İN` and `containſ` are no operator).
func isWordOp(w string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			return false // EqualFold would fold ſ to s and K to k
		}
	}
	for _, op := range ast.CmpOps() {
		first, _, _ := strings.Cut(op.String(), " ")
		if first != "" && unicode.IsLetter(rune(first[0])) && strings.EqualFold(w, first) {
			return true
		}
	}
	return false
}

// compiles reports whether line compiles as a condition with no problem
// known before the data, in its ${...} either (as with Strict).
func compiles(line string) bool {
	c := compileLine(line, false)
	return c.err == nil && len(c.staticProblems(true)) == 0
}
