package condgen

// The helpers that the actions of grammar/cond.peg call. They are pure and
// cheap: pigeon also runs actions inside lookaheads and on paths that are
// abandoned later. A value that is not a condition is a *Problem, and
// every helper that combines values passes the left-most one on.

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kinenix/expressions/ast"
)

type (
	// sideVal is a side as read, with the problem it has, if any.
	sideVal struct {
		side *ast.Side
		err  *Problem
		// items are, for a side that starts with quoted text and goes
		// on, its items when it is a list of them (quotedList): the
		// right side of `in` reads them, where any other side has err.
		items []*ast.Side
	}

	// opTok is an operator as read; bad holds an unknown one as written.
	opTok struct {
		op       ast.CmpOp
		pos, end int
		bad      string
	}

	// sepTok is `and` or `or` between two parts, as written.
	sepTok struct {
		kind ast.BoolKind
		pos  int
		word string
	}

	// emptyPart is a part with nothing in it: and / or dangles.
	emptyPart struct{}

	// notOnlyPart is a part that is only the word not.
	notOnlyPart struct{ pos int }

	// truthPart and otherPart are the parts of a line that is not a
	// condition: a single ${...} (with or without not), or anything else.
	truthPart struct{}
	otherPart struct {
		pos  int
		text string
	}
)

// startValue reads the value of Line, the grammar's first rule. Every
// alternative but Split has an action that gives the value itself; Split's
// is its sequence (Part, the (Sep, Part) pairs, space, end).
func startValue(v any) any {
	if split, ok := v.([]any); ok {
		return joinParts(split[0], split[1])
	}
	return v
}

// part reads the value of Part: (space, the value of EmptyPart, NotPart or
// CondPart). NotPart's is (offset of not, (space, CondPart) or nil when
// only not is there).
func part(v any) any {
	x := v.([]any)[1]
	if not, ok := x.([]any); ok && len(not) == 2 {
		if rest, ok := not[1].([]any); ok {
			return newNot(not[0], rest[1])
		}
		return notOnly(not[0])
	}
	return condPart(x)
}

// condPart reads the value of CondPart: Compare's sequence (Left, Op,
// Right), or what Truth gave.
func condPart(v any) any {
	c, ok := v.([]any)
	if !ok {
		return v
	}
	return newComparison(c[0], c[1], c[2].([]any)[1]) // Right is (space, side)
}

func errEmpty() *Problem { return &Problem{Offset: 0, Kind: Empty} }

// errUnclosed reports the ${ at pos, whose text runs to the end of the
// line; quoted is set when it ends with a quote that swallowed the rest
// of the line (the grammar's last, optional, terminal).
func errUnclosed(pos int, text []byte, quoted bool) *Problem {
	p := &Problem{Offset: pos, Kind: UnclosedPlaceholder}
	if quoted {
		p.Text = string(text[len(text)-1:])
	}
	return p
}

// newSep reads `and` or `or` with the white space before it.
func newSep(pos int, text []byte) sepTok {
	word := bytes.TrimLeftFunc(text, unicode.IsSpace)
	kind := ast.And
	if bytes.EqualFold(word, []byte("or")) {
		kind = ast.Or
	}
	return sepTok{kind: kind, pos: pos + len(text) - len(word), word: string(word)}
}

func newOp(op ast.CmpOp, pos int, text []byte) opTok {
	return opTok{op: op, pos: pos, end: pos + len(text)}
}

// newWordOp reads an operator word with the white space before it.
func newWordOp(pos int, text []byte) opTok {
	word := bytes.TrimLeftFunc(text, unicode.IsSpace)
	pos += len(text) - len(word)
	if op, ok := ast.CmpOpByText(strings.Join(strings.Fields(strings.ToLower(string(word))), " ")); ok {
		return newOp(op, pos, word)
	}
	return newBadOp(pos, word)
}

// newSymOp reads an operator of the symbols = < > !, by ast's table.
func newSymOp(pos int, text []byte) opTok {
	if op, ok := ast.CmpOpByText(string(text)); ok {
		return newOp(op, pos, text)
	}
	return newBadOp(pos, text)
}

func newBadOp(pos int, text []byte) opTok {
	return opTok{pos: pos, end: pos + len(text), bad: string(text)}
}

// newSide reads the text of a side, white space around it included. quoted
// is the length of the quoted text it starts with, or nil.
func newSide(pos int, text []byte, quoted any) sideVal {
	trimmed := bytes.TrimLeftFunc(text, unicode.IsSpace)
	from := pos + len(text) - len(trimmed)
	trimmed = bytes.TrimRightFunc(trimmed, unicode.IsSpace)
	raw := string(trimmed)
	side := &ast.Side{From: from, To: from + len(raw), Raw: raw, Text: raw, TextPos: from}
	n, isQuoted := quoted.(int)
	switch {
	case isQuoted && n == len(raw):
		side.Quoted, side.Text, side.TextPos = true, raw[1:n-1], from+1
	case isQuoted:
		return sideVal{side: side, err: errAfterQuote(from, raw, n), items: quotedList(from, raw)}
	case raw != "" && (raw[0] == '\'' || raw[0] == '"'):
		return sideVal{side: side, err: &Problem{Offset: from, Kind: UnclosedQuote, Text: raw[:1]}}
	}
	return sideVal{side: side}
}

// errAfterQuote reports the text after the quoted text raw[:n] of a side at
// from. When that text follows the closing quote right away and holds the
// same quote again, as in "say "hi"", Text is that quote: the message
// suggests the other one.
func errAfterQuote(from int, raw string, n int) *Problem {
	rest := strings.TrimLeftFunc(raw[n:], unicode.IsSpace)
	p := &Problem{Offset: from + len(raw) - len(rest), Kind: TextAfterQuote}
	if rest == raw[n:] && strings.IndexByte(rest, raw[0]) >= 0 {
		p.Text = raw[:1]
	}
	return p
}

// quotedList reads raw, a side at from that starts with quoted text, as a
// list of items separated by commas (D29), each quoted text, taken as
// written without its quotes (D26), or bare text, trimmed, up to the next
// comma (blank bare items are skipped, as D29 skips them): `'a, b', 'c'`
// is the items "a, b" and "c". It is nil when raw is not such a list of at
// least two items: text after a quoted item other than a comma, or a
// quote that is not closed.
func quotedList(from int, raw string) []*ast.Side {
	var items []*ast.Side
	for i := 0; ; {
		j := skipSpace(raw, i)
		if j < len(raw) && (raw[j] == '\'' || raw[j] == '"') {
			end := quoteEnd(raw, j)
			if end < 0 {
				return nil
			}
			items = append(items, &ast.Side{From: from + j, To: from + end + 1, Raw: raw[j : end+1],
				Quoted: true, Text: raw[j+1 : end], TextPos: from + j + 1})
			k := skipSpace(raw, end+1)
			if k == len(raw) {
				break
			}
			if raw[k] != ',' {
				return nil
			}
			i = k + 1
			continue
		}
		k := j
		for k < len(raw) && raw[k] != ',' {
			if strings.HasPrefix(raw[k:], "${") {
				if k = placeholderEnd(raw, k); k < 0 {
					return nil
				}
				continue
			}
			k++
		}
		if text := strings.TrimRightFunc(raw[j:k], unicode.IsSpace); text != "" {
			items = append(items, &ast.Side{From: from + j, To: from + j + len(text), Raw: text, Text: text, TextPos: from + j})
		}
		if k == len(raw) {
			break
		}
		i = k + 1
	}
	if len(items) < 2 {
		return nil
	}
	return items
}

func skipSpace(s string, i int) int {
	return len(s) - len(strings.TrimLeftFunc(s[i:], unicode.IsSpace))
}

// quoteEnd is the offset of the quote that closes the quoted text at
// s[i], a ${...} in it read whole (as the grammar's Quoted); -1 when none
// does.
func quoteEnd(s string, i int) int {
	q := s[i]
	for k := i + 1; k < len(s); {
		switch {
		case s[k] == q:
			return k
		case strings.HasPrefix(s[k:], "${"):
			if k = placeholderEnd(s, k); k < 0 {
				return -1
			}
		default:
			k++
		}
	}
	return -1
}

// placeholderEnd is the offset after the } that closes the ${ at s[i]:
// its first } outside quoted text, which has backslash escapes (D18, the
// grammar's Placeholder); -1 when none does.
func placeholderEnd(s string, i int) int {
	for k := i + 2; k < len(s); k++ {
		switch s[k] {
		case '}':
			return k + 1
		case '\'', '"':
			q := s[k]
			for k++; k < len(s) && s[k] != q; k++ {
				if s[k] == '\\' {
					k++
				}
			}
			if k >= len(s) {
				return -1
			}
		}
	}
	return -1
}

// newComparison checks a comparison's parts in the order they are written.
func newComparison(l, o, r any) any {
	left, op, right := l.(sideVal), o.(opTok), r.(sideVal)
	switch {
	case left.err != nil:
		return left.err
	case op.bad != "":
		return errBadOp(op)
	case left.side.Raw == "":
		return &Problem{Offset: op.pos, Kind: NoLeft, Text: op.op.String()}
	case op.op.Unary() && right.side.Raw != "":
		return &Problem{Offset: right.side.From, Kind: ExtraRight, Text: op.op.String()}
	case op.op.Unary():
		return &ast.Comparison{Left: left.side, OpPos: op.pos, OpEnd: op.end, Op: op.op}
	case right.err != nil && op.op == ast.In && right.items != nil:
		// `in 'a, b', 'c'`: a list of quoted items (D26, D29).
		side := *right.side
		side.Quoted, side.Text, side.TextPos, side.Items = true, side.Raw, side.From, right.items
		return &ast.Comparison{Left: left.side, OpPos: op.pos, OpEnd: op.end, Op: op.op, Right: &side}
	case right.err != nil && right.items != nil && (op.op == ast.Eq || op.op == ast.Ne):
		// `== 'a', 'b'` means one of them: in, which the quote hint
		// would not give (D49).
		return &Problem{Offset: right.err.Offset, Kind: ListNotIn, Text: op.op.String()}
	case right.err != nil && op.op == ast.In && right.err.Kind == TextAfterQuote && strings.Contains(right.side.Raw, ","):
		// A list of quoted items gone wrong (`in 'a', 'b' c`): quoting
		// it whole with the other quote would keep the quotes in its
		// items (D49), so no such hint.
		return &Problem{Offset: right.err.Offset, Kind: TextAfterQuote}
	case right.err != nil:
		return right.err
	case right.side.Raw == "":
		return &Problem{Offset: op.pos, Kind: NoRight, Text: op.op.String()}
	}
	if second, ok := leadingOperator(right.side); ok {
		// `${a} == == b` compared ${a} with the text `== b`, quietly
		// false: an operator written twice is no text of a side.
		return &Problem{Offset: right.side.From, Kind: DoubledOperator, Text: op.op.String() + " " + second}
	}
	return &ast.Comparison{Left: left.side, OpPos: op.pos, OpEnd: op.end, Op: op.op, Right: right.side}
}

// leadingOperator reports the operator a bare side starts with, when
// white space or the side's end follows it: a comparison's sign (==, <,
// ...) or a run of = < > such as = or ===. A ! alone is not one (`== !
// ${b}` is a trap of its own, D44), nor a sign glued to text (`<none>`).
func leadingOperator(side *ast.Side) (string, bool) {
	if side.Quoted {
		return "", false
	}
	n := 0
	for n < len(side.Raw) && strings.IndexByte("=<>!", side.Raw[n]) >= 0 {
		n++
	}
	if n == 0 {
		return "", false
	}
	if r, size := utf8.DecodeRuneInString(side.Raw[n:]); size > 0 && !unicode.IsSpace(r) {
		return "", false
	}
	word := side.Raw[:n]
	if _, ok := ast.CmpOpByText(word); ok || !strings.Contains(word, "!") {
		return word, true
	}
	return "", false
}

// errBadOp reports an operator that is not one: Text is the word as
// written, lower-cased, its words separated by one space.
func errBadOp(op opTok) *Problem {
	word := strings.ToLower(strings.Join(strings.Fields(op.bad), " "))
	return &Problem{Offset: op.pos, Kind: BadOperator, Text: word}
}

func newTruth(pos int, text []byte) any {
	return &ast.Truth{X: newSide(pos, text, nil).side}
}

// newNot is the action of NotPart and NotWhole: x is the value of
// CondPart or WholeCompare.
func newNot(n, x any) any {
	x = condPart(x)
	if err, ok := x.(*Problem); ok {
		return err
	}
	return &ast.NotCond{NotPos: n.(int), X: x.(ast.Cond)}
}

func notOnly(n any) notOnlyPart { return notOnlyPart{pos: n.(int)} }

// joinParts checks the parts of a split line and joins them: and before or,
// each to the left. first is the value of Part, rest the (Sep, Part) pairs.
func joinParts(first, rest any) any {
	items := rest.([]any)
	raw := append(make([]any, 0, len(items)+1), part(first))
	seps := make([]sepTok, 0, len(items))
	for _, item := range items {
		pair := item.([]any)
		seps = append(seps, pair[0].(sepTok))
		raw = append(raw, part(pair[1]))
	}
	parts := make([]ast.Cond, len(raw))
	for i, part := range raw {
		switch p := part.(type) {
		case ast.Cond:
			parts[i] = p
		case *Problem:
			return p
		case notOnlyPart:
			return &Problem{Offset: p.pos, Kind: NothingAfter, Text: "not"}
		case emptyPart:
			if i == 0 {
				return &Problem{Offset: seps[0].pos, Kind: NothingBefore, Text: seps[0].word}
			}
			return &Problem{Offset: seps[i-1].pos, Kind: NothingAfter, Text: seps[i-1].word}
		}
	}
	var or ast.Cond
	var orSep sepTok
	term := parts[0]
	for i, s := range seps {
		if s.kind == ast.And {
			term = &ast.BoolCond{X: term, OpPos: s.pos, Op: ast.And, Y: parts[i+1]}
			continue
		}
		or, orSep, term = joinOr(or, orSep, term), s, parts[i+1]
	}
	return joinOr(or, orSep, term)
}

func joinOr(x ast.Cond, s sepTok, y ast.Cond) ast.Cond {
	if x == nil {
		return y
	}
	return &ast.BoolCond{X: x, OpPos: s.pos, Op: ast.Or, Y: y}
}

func newOther(pos int, text []byte) otherPart {
	trimmed := bytes.TrimLeftFunc(text, unicode.IsSpace)
	return otherPart{pos: pos + len(text) - len(trimmed), text: string(bytes.TrimRightFunc(trimmed, unicode.IsSpace))}
}

// errNotCondition names the first part that is not a condition when some
// other part is one (a single ${...}), and the whole line otherwise
// (decision D31).
func errNotCondition(line []byte, first, rest any) *Problem {
	parts := []any{first}
	for _, item := range rest.([]any) {
		parts = append(parts, item.([]any)[1])
	}
	hasTruth, culprit := false, (*otherPart)(nil)
	for _, p := range parts {
		switch p := p.(type) {
		case truthPart:
			hasTruth = true
		case otherPart:
			if culprit == nil {
				culprit = &p
			}
		}
	}
	if !hasTruth || culprit == nil {
		whole := newOther(0, line)
		culprit = &whole
	}
	return &Problem{Offset: culprit.pos, Kind: NotCondition, Text: culprit.text}
}
