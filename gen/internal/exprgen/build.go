package exprgen

// The helpers called by the grammar's actions (grammar/expr.peg), and those
// that read the values of the rules without an action (Expr, Operand,
// Call, Index, Paren: their sequences, as pigeon gives them; startValue is
// where the reading starts). Each one is pure and cheap, with a cost
// linear in what its rule matched: pigeon also runs actions on paths it
// abandons later. Values travel between actions as `any`; the unexported
// token types below never leave the package.

import (
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/ast"
)

// opTok is an operator where it was written.
type opTok struct {
	pos int
	op  ast.Operator
}

// binOp is the action of BinOp. `not  in` and `is  not` may hold any white
// space between their words.
func binOp(pos int, text []byte) *opTok {
	op, ok := ast.BinaryOperator(string(text))
	if !ok {
		if text[0] == 'n' {
			op, _ = ast.BinaryOperator("not in")
		} else {
			op, _ = ast.BinaryOperator("is not")
		}
	}
	return &opTok{pos: pos, op: op}
}

// prefixOp is the action of PrefixOp.
func prefixOp(pos int, text []byte) *opTok {
	op, _ := ast.PrefixOperator(string(text))
	return &opTok{pos: pos, op: op}
}

// operandTok is an operand with prefix operators before it.
type operandTok struct {
	pre []*opTok
	x   ast.Expr
}

// startValue reads the value of Input, the grammar's first rule:
// (space, Expr, space, EOF).
func startValue(v any) any {
	return fullExpr(v.([]any)[1])
}

// fullExpr reads the value of Expr: the first operand, the (operator,
// operand) pairs and the tails. Expr has no action (see the grammar): its
// value is read by the rule or the code that holds it, once that matched.
func fullExpr(v any) ast.Expr {
	parts := v.([]any)
	e := chain(parts[0], parts[1].([]any))
	cond, assign := tails(parts[2])
	var y ast.Expr
	if assign != nil {
		y = fullExpr(assign[4])
	}
	if cond != nil {
		end := cond.(int)
		if y != nil { // the conditional takes in the assignment too
			end = y.End()
		}
		e = badOver(e, end, ast.Conditional, "")
	}
	if y != nil {
		e = badOver(e, y.End(), ast.Assignment, assign[2].(string))
	}
	return e
}

// tails reads the optional (lookahead, ExprTails) of an Expr: the value of
// CondTail (where it ends) or nil, and the sequence of AssignTail (space,
// lookahead, operator, space, Expr) or nil.
func tails(v any) (cond any, assign []any) {
	if v == nil {
		return nil, nil
	}
	t := v.([]any)[1].([]any)
	if len(t) == 2 { // CondTail AssignTail?
		assign, _ = t[1].([]any)
		return t[0], assign
	}
	return nil, t
}

// chain folds operands and operators by precedence (precedence climbing).
// Operators of the same strength group to the left, except ** which groups
// to the right.
func chain(first any, rest []any) ast.Expr {
	o := operand(first)
	if len(rest) == 0 && o.pre == nil {
		return o.x
	}
	// Short chains fold in arrays on the stack (the folder does not
	// escape); longer ones grow onto the heap.
	var operands [8]operandTok
	var ops [8]*opTok
	f := folder{operands: operands[:0], ops: ops[:0]}
	f.operands = append(f.operands, o)
	for _, item := range rest {
		seq := item.([]any)
		f.ops = append(f.ops, seq[2].(*opTok))
		f.operands = append(f.operands, operand(seq[4]))
	}
	return f.expr(0)
}

// operand reads the value of Operand: it applies the trailers to the
// primary and keeps the prefix operators for the fold, which knows how far
// each one reaches.
//
// The value of Operand is that of one of its alternatives: (lookahead,
// primary, trailers), or (lookahead, prefix operator, space, Operand), or a
// lambda's *ast.BadExpr.
func operand(v any) operandTok {
	var o operandTok
	for {
		parts, ok := v.([]any)
		switch {
		case !ok: // a lambda
			o.x = v.(ast.Expr)
			return o
		case len(parts) == 3:
			o.x = postfix(primary(parts[1]), parts[2].([]any))
			return o
		}
		o.pre = append(o.pre, parts[1].(*opTok))
		v = parts[3]
	}
}

// folder folds one operator chain. ops[i] stands between operands[i] and
// operands[i+1]; next is the operand to read, pre the next of its prefixes.
type folder struct {
	operands []operandTok
	ops      []*opTok
	next     int
	pre      int
}

// expr reads an operand and every following operator at least as strong as
// min. After an operand is read, the operator after it is ops[next-1].
func (f *folder) expr(min int) ast.Expr {
	x := f.unary()
	for f.next-1 < len(f.ops) {
		op := f.ops[f.next-1]
		if op.op.Prec < min {
			break
		}
		next := op.op.Prec + 1
		if op.op.Assoc == ast.RightAssoc {
			next = op.op.Prec
		}
		y := f.expr(next)
		if op.op.Allowed() {
			x = &ast.BinaryExpr{X: x, OpPos: op.pos, Op: op.op.Op, Y: y}
		} else {
			x = badOver(x, y.End(), op.op.Construct, op.op.Text)
		}
	}
	return x
}

// unary reads the next prefix operator with its operand, or the operand.
func (f *folder) unary() ast.Expr {
	o := &f.operands[f.next]
	if f.pre < len(o.pre) {
		op := o.pre[f.pre]
		f.pre++
		x := f.expr(op.op.Prec)
		if op.op.Allowed() {
			return &ast.UnaryExpr{OpPos: op.pos, Op: op.op.Op, X: x}
		}
		return &ast.BadExpr{From: op.pos, To: x.End(), Construct: op.op.Construct, Detail: op.op.Text}
	}
	f.next++
	f.pre = 0
	return o.x
}

// badOver refuses a construct whose left part is x. When x is itself the
// same construct (a == b < c, a and b and c), the detail of x, which was
// written first, is kept.
func badOver(x ast.Expr, to int, c ast.Construct, detail string) *ast.BadExpr {
	if b, ok := x.(*ast.BadExpr); ok && b.Construct == c {
		detail = b.Detail
	}
	return &ast.BadExpr{From: x.Pos(), To: to, Construct: c, Detail: detail}
}

// lambda is the action of Lambda.
func lambda(from, to int) ast.Expr {
	return &ast.BadExpr{From: from, To: to, Construct: ast.Lambda}
}

// The value of a trailer is its sequence: ('.', space, *ast.Ident) for a
// selector, (offset of the '(', space, arguments, space, offset of the
// ')') for a call, and (lbrack, space, item, (space, comma, space, item)
// pairs, (space, offset of a trailing comma) or nil, space, offset of the
// ']') for an index.

// lbrack is the offset of the [ of an index: the value of LBrack, which
// tells an index from a call in postfix.
type lbrack int

// postfix applies the trailers of an operand in order. Only a name can be
// called; x.name(...) is a method call.
func postfix(e ast.Expr, trailers []any) ast.Expr {
	for _, item := range trailers {
		t := item.([]any)[2].([]any)
		switch open := t[0].(type) {
		case terminal: // . name
			e = &ast.SelectorExpr{X: e, Sel: t[2].(*ast.Ident)}
		case lbrack:
			e = &ast.IndexExpr{X: e, Lbrack: int(open), Index: index(t), Rbrack: t[6].(int)}
		case int:
			lparen, rparen := open, t[4].(int)
			switch f := e.(type) {
			case *ast.Ident:
				e = &ast.CallExpr{Fun: f, Lparen: lparen, Args: callArgs(t[2]), Rparen: rparen}
			case *ast.SelectorExpr:
				e = &ast.BadExpr{From: f.Pos(), To: rparen + 1, Construct: ast.MethodCall, Detail: methodDetail(f)}
			default:
				e = &ast.BadExpr{From: e.Pos(), To: rparen + 1, Construct: ast.CallNonName}
			}
		}
	}
	return e
}

// methodDetail is the name of the first method called in x.a().b(): the one
// the message should talk about.
func methodDetail(f *ast.SelectorExpr) string {
	for x := f.X; ; {
		switch y := x.(type) {
		case *ast.SelectorExpr:
			x = y.X
		case *ast.IndexExpr:
			x = y.X
		case *ast.BadExpr:
			if y.Construct == ast.MethodCall {
				return y.Detail
			}
			return f.Sel.Name
		default:
			return f.Sel.Name
		}
	}
}

// callArgs reads the arguments of a call: nil, or the first argument, the
// end of a generator (f(x for x in y)) and the (comma, argument) pairs.
func callArgs(args any) []ast.Expr {
	if args == nil {
		return nil
	}
	parts := args.([]any)
	rest := parts[2].([]any)
	out := make([]ast.Expr, 0, len(rest)+1)
	x := arg(parts[0])
	if parts[1] != nil {
		x = &ast.BadExpr{From: x.Pos(), To: parts[1].(int), Construct: ast.Comprehension}
	}
	out = append(out, x)
	for _, item := range rest {
		out = append(out, arg(item.([]any)[3]))
	}
	return out
}

// arg reads an argument, the value of an Expr. `name=value` is a keyword
// argument: the grammar reads it as an assignment to a bare name.
func arg(v any) ast.Expr {
	parts := v.([]any)
	if cond, assign := tails(parts[2]); cond == nil && assign != nil {
		if name, ok := chain(parts[0], parts[1].([]any)).(*ast.Ident); ok && assign[2].(string) == "=" {
			x := fullExpr(assign[4])
			return &ast.BadExpr{From: name.Pos(), To: x.End(), Construct: ast.KeywordArg, Detail: name.Name}
		}
	}
	return fullExpr(v)
}

// index reads the inside of Index (t is its sequence): one item is the
// index; several, or one and a trailing comma, are a tuple, or a slice when
// one of them is a slice.
func index(t []any) ast.Expr {
	x := sliceItem(t[2])
	rest := t[3].([]any)
	if len(rest) == 0 && t[4] == nil {
		return x
	}
	c := ast.TupleLit
	if isBad(x, ast.Slice) {
		c = ast.Slice
	}
	last := x
	for _, item := range rest {
		last = sliceItem(item.([]any)[3])
		if isBad(last, ast.Slice) {
			c = ast.Slice
		}
	}
	end := last.End()
	if t[4] != nil { // a trailing comma
		end = t[4].([]any)[1].(int) + 1
	}
	return &ast.BadExpr{From: x.Pos(), To: end, Construct: c}
}

func isBad(x ast.Expr, c ast.Construct) bool {
	b, ok := x.(*ast.BadExpr)
	return ok && b.Construct == c
}

// sliceItem reads the value of SliceItem: an expression, maybe followed by
// a slice tail (whose end it holds), or a slice without a lower bound.
func sliceItem(v any) ast.Expr {
	parts, ok := v.([]any)
	if !ok {
		return v.(ast.Expr)
	}
	x := fullExpr(parts[0])
	if parts[1] == nil {
		return x
	}
	return &ast.BadExpr{From: x.Pos(), To: parts[1].(int), Construct: ast.Slice}
}

func sliceOnly(from, to int) ast.Expr {
	return &ast.BadExpr{From: from, To: to, Construct: ast.Slice}
}

// seqShape reads the inside of (...), [...] or {...}: the first item, the
// end of a comprehension, the (comma, item) pairs and a trailing comma.
// more reports several items or a trailing comma.
func seqShape(s any) (first any, comp, more bool, rest []any) {
	parts := s.([]any)
	rest = parts[2].([]any)
	return parts[0], parts[1] != nil, len(rest) > 0 || parts[3] != nil, rest
}

// primary reads the value of Primary: that of Paren is its sequence
// (offset of the '(', space, inside, space, offset of the ')'); the
// other alternatives' actions give an ast.Expr.
func primary(v any) ast.Expr {
	if p, ok := v.([]any); ok {
		return paren(p[0].(int), p[4].(int)+1, p[2])
	}
	return v.(ast.Expr)
}

// paren reads Paren from its ( to after its ): grouping, a tuple or a
// generator.
func paren(from, to int, s any) ast.Expr {
	if s == nil {
		return &ast.BadExpr{From: from, To: to, Construct: ast.TupleLit}
	}
	first, comp, more, _ := seqShape(s)
	switch {
	case comp:
		return &ast.BadExpr{From: from, To: to, Construct: ast.Comprehension}
	case more:
		return &ast.BadExpr{From: from, To: to, Construct: ast.TupleLit}
	}
	return &ast.ParenExpr{Lparen: from, X: fullExpr(first), Rparen: to - 1}
}

// list is the action of List: a list or a list comprehension.
func list(from, to int, s any) ast.Expr {
	if s != nil {
		if _, comp, _, _ := seqShape(s); comp {
			return &ast.BadExpr{From: from, To: to, Construct: ast.Comprehension}
		}
	}
	return &ast.BadExpr{From: from, To: to, Construct: ast.ListLit}
}

// brace is the action of Brace: a dictionary when empty or when an item is
// key: value or **x, a set otherwise, or a comprehension.
func brace(from, to int, s any) ast.Expr {
	c := ast.DictLit
	if s != nil {
		first, comp, _, rest := seqShape(s)
		dict := dictItem(first)
		for _, item := range rest {
			dict = dictItem(item.([]any)[3]) || dict
		}
		switch {
		case comp:
			c = ast.Comprehension
		case !dict:
			c = ast.SetLit
		}
	}
	return &ast.BadExpr{From: from, To: to, Construct: c}
}

// dictItem reports whether the value of DictItem is key: value or **x.
func dictItem(v any) bool {
	parts := v.([]any)
	if parts[1] != nil {
		return true
	}
	b, ok := fullExpr(parts[0]).(*ast.BadExpr)
	return ok && b.Construct == ast.Starred && b.Detail == "**"
}

// ident is the action of Name and Word.
func ident(pos int, text []byte) *ast.Ident {
	return &ast.Ident{NamePos: pos, Name: string(text)}
}

// selectorDigits is the action of .0 after a value: a name cannot start
// with a digit, and an item of a list is taken with [0].
func selectorDigits(pos int, text []byte) (any, error) {
	x := &ast.Ident{NamePos: pos, Name: string(text)}
	return x, &Problem{Offset: pos, Kind: DigitSelector, Text: x.Name}
}

// number is the action of Number: ASCII digits with an optional point and
// digits. Everything else the rule takes in is a problem.
func number(pos int, text []byte) (any, error) {
	s := string(text)
	lit := &ast.BasicLit{ValuePos: pos, Kind: ast.Number, Raw: s, Value: s}
	if !ast.IsNumberLiteral(s) {
		return lit, &Problem{Offset: pos, Kind: BadNumber, Text: s}
	}
	return lit, nil
}

// dotNumber is the action of .5 where a value is expected.
func dotNumber(pos int, text []byte) (any, error) {
	s := string(text)
	lit := &ast.BasicLit{ValuePos: pos, Kind: ast.Number, Raw: s, Value: s}
	return lit, &Problem{Offset: pos, Kind: DotNumber, Text: s}
}

// text is the action of Text: it decodes the escapes and reports the first
// unknown one, or text that is not closed.
func text(pos int, b []byte) (any, error) {
	raw := string(b)
	value, problem := decodeText(pos, raw)
	lit := &ast.BasicLit{ValuePos: pos, Kind: ast.String, Raw: raw, Value: value}
	if problem != nil {
		return lit, problem
	}
	return lit, nil
}

// decodeText returns the value of the text literal raw found at pos.
func decodeText(pos int, raw string) (string, *Problem) {
	q := raw[0]
	closed := false
	var sb strings.Builder
	plain := true // no escape seen: the value is a slice of raw
	var problem *Problem
	i := 1
	for i < len(raw) {
		ch := raw[i]
		if ch == q {
			closed = true
			break
		}
		if ch != '\\' {
			if !plain {
				sb.WriteByte(ch)
			}
			i++
			continue
		}
		if plain {
			plain = false
			sb.Grow(len(raw))
			sb.WriteString(raw[1:i])
		}
		if i+1 == len(raw) {
			break
		}
		r, size := utf8.DecodeRuneInString(raw[i+1:])
		switch r {
		case '\\', '\'', '"':
			sb.WriteRune(r)
		case 'n':
			sb.WriteByte('\n')
		case 't':
			sb.WriteByte('\t')
		case 'r':
			sb.WriteByte('\r')
		default:
			if problem == nil {
				problem = &Problem{Offset: pos + i, Kind: UnknownEscape, Text: string(r)}
			}
			sb.WriteRune(r)
		}
		i += 1 + size
	}
	if problem == nil && !closed {
		problem = &Problem{Offset: pos, Kind: UnclosedText, Text: raw[:1]}
	}
	if plain {
		return raw[1:i], problem
	}
	return sb.String(), problem
}

// prefixedText is the action of PrefixedText: f'...', rf'...' and fr'...'
// (any case) are f-strings, refused; any other prefix (r, b, u, br, ...) is
// not part of the language.
func prefixedText(pos int, b []byte) (any, error) {
	raw := string(b)
	n := strings.IndexAny(raw, `'"`)
	prefix := raw[:n]
	bad := &ast.BadExpr{From: pos, To: pos + len(raw), Construct: ast.FString, Detail: prefix}
	switch strings.ToLower(prefix) {
	case "f", "fr", "rf":
	default:
		return bad, &Problem{Offset: pos, Kind: TextPrefix, Text: prefix}
	}
	if !textClosed(raw[n:]) {
		return bad, &Problem{Offset: pos, Kind: UnclosedText, Text: raw[n : n+1]}
	}
	return bad, nil
}

// textClosed reports whether the quoted raw text ends with its closing
// quote (raw as TextBody matched it).
func textClosed(raw string) bool {
	q := raw[0]
	for i := 1; i < len(raw); i++ {
		switch raw[i] {
		case '\\':
			i++
		case q:
			return true
		}
	}
	return false
}
