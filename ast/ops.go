package ast

// The operator table: every operator the expression grammar recognises,
// allowed or forbidden (D12), with its text, name, precedence and
// associativity. The grammar's actions fold operator chains with it, the
// canonical printer and the property-test generators read the same
// precedence from it, and messages name operators from it: it is the only
// place those facts live. The grammar's operator alternatives and their
// look-ahead classes are generated from it (gen/internal/mkpeg, at go
// generate). Adding an arithmetic operator means one line here (and its
// Op), and its operation on numbers in eval's table of operations (keyed
// by the Op).

// Precedence levels of the operators, weakest first, as in Python. An
// operand binds tighter than every operator: PrecPostfix is the strength
// of names, literals, x.key, x[i], f(...) and (...).
const (
	PrecOr      = 1 + iota // or, ||
	PrecAnd                // and, &&
	PrecNot                // prefix not
	PrecCompare            // == != < > <= >= <> === !== in, not in, is, is not
	PrecBitOr              // | (and the prefix * and ** of a starred value)
	PrecBitXor             // ^
	PrecBitAnd             // &
	PrecShift              // << >>
	PrecAdd                // + -
	PrecMul                // * / // % @
	PrecUnary              // prefix - + ~ !
	PrecPower              // **
	PrecPostfix            // operands and their trailers: no operator binds this tightly
)

// Assoc is how operators of one precedence group: a - b - c is
// (a - b) - c (Left), a ** b ** c is a ** (b ** c) (Right).
type Assoc uint8

// The associativities.
const (
	LeftAssoc Assoc = iota + 1
	RightAssoc
)

// Operator describes one operator as the grammar reads it. Exactly one of
// Op and Construct is set: Op for an operator of the language, Construct
// for one the grammar recognises only to refuse it with its own message.
type Operator struct {
	Text      string    // as written, words separated by one space: "+", "not in"
	Name      string    // in words, for messages: "addition", "membership test"
	Prefix    bool      // written before its operand; binary otherwise
	Prec      int       // one of the Prec constants
	Assoc     Assoc     // LeftAssoc or RightAssoc (binary operators)
	Op        Op        // the allowed operator, or 0
	Construct Construct // the forbidden construct, or 0
}

// Allowed reports whether the operator is part of the language.
func (o Operator) Allowed() bool { return o.Op != 0 }

// operators is the table. The binary operators come first, then the
// prefix ones; the order is the order Operators returns.
var operators = [...]Operator{
	{Text: "+", Name: "addition", Prec: PrecAdd, Assoc: LeftAssoc, Op: Add},
	{Text: "-", Name: "subtraction", Prec: PrecAdd, Assoc: LeftAssoc, Op: Sub},
	{Text: "*", Name: "multiplication", Prec: PrecMul, Assoc: LeftAssoc, Op: Mul},
	{Text: "/", Name: "division", Prec: PrecMul, Assoc: LeftAssoc, Op: Quo},
	{Text: "%", Name: "remainder", Prec: PrecMul, Assoc: LeftAssoc, Op: Rem},
	{Text: "**", Name: "power", Prec: PrecPower, Assoc: RightAssoc, Construct: Power},
	{Text: "//", Name: "floor division", Prec: PrecMul, Assoc: LeftAssoc, Construct: OtherOperator},
	{Text: "@", Name: "matrix multiplication", Prec: PrecMul, Assoc: LeftAssoc, Construct: OtherOperator},
	{Text: "&", Name: "bitwise and", Prec: PrecBitAnd, Assoc: LeftAssoc, Construct: OtherOperator},
	{Text: "|", Name: "bitwise or", Prec: PrecBitOr, Assoc: LeftAssoc, Construct: OtherOperator},
	{Text: "^", Name: "bitwise exclusive or", Prec: PrecBitXor, Assoc: LeftAssoc, Construct: OtherOperator},
	{Text: "<<", Name: "left shift", Prec: PrecShift, Assoc: LeftAssoc, Construct: OtherOperator},
	{Text: ">>", Name: "right shift", Prec: PrecShift, Assoc: LeftAssoc, Construct: OtherOperator},
	{Text: "==", Name: "equality test", Prec: PrecCompare, Assoc: LeftAssoc, Construct: Compare},
	{Text: "!=", Name: "inequality test", Prec: PrecCompare, Assoc: LeftAssoc, Construct: Compare},
	{Text: "<", Name: "less-than test", Prec: PrecCompare, Assoc: LeftAssoc, Construct: Compare},
	{Text: ">", Name: "greater-than test", Prec: PrecCompare, Assoc: LeftAssoc, Construct: Compare},
	{Text: "<=", Name: "less-or-equal test", Prec: PrecCompare, Assoc: LeftAssoc, Construct: Compare},
	{Text: ">=", Name: "greater-or-equal test", Prec: PrecCompare, Assoc: LeftAssoc, Construct: Compare},
	{Text: "<>", Name: "inequality test", Prec: PrecCompare, Assoc: LeftAssoc, Construct: Compare},
	{Text: "===", Name: "strict equality test", Prec: PrecCompare, Assoc: LeftAssoc, Construct: Compare},
	{Text: "!==", Name: "strict inequality test", Prec: PrecCompare, Assoc: LeftAssoc, Construct: Compare},
	{Text: "in", Name: "membership test", Prec: PrecCompare, Assoc: LeftAssoc, Construct: Membership},
	{Text: "not in", Name: "non-membership test", Prec: PrecCompare, Assoc: LeftAssoc, Construct: Membership},
	{Text: "is", Name: "identity test", Prec: PrecCompare, Assoc: LeftAssoc, Construct: Identity},
	{Text: "is not", Name: "non-identity test", Prec: PrecCompare, Assoc: LeftAssoc, Construct: Identity},
	{Text: "and", Name: "boolean and", Prec: PrecAnd, Assoc: LeftAssoc, Construct: BoolOp},
	{Text: "&&", Name: "boolean and", Prec: PrecAnd, Assoc: LeftAssoc, Construct: BoolOp},
	{Text: "or", Name: "boolean or", Prec: PrecOr, Assoc: LeftAssoc, Construct: BoolOp},
	{Text: "||", Name: "boolean or", Prec: PrecOr, Assoc: LeftAssoc, Construct: BoolOp},

	{Text: "-", Name: "negation", Prefix: true, Prec: PrecUnary, Assoc: RightAssoc, Op: Sub},
	{Text: "+", Name: "unary plus", Prefix: true, Prec: PrecUnary, Assoc: RightAssoc, Op: Add},
	{Text: "~", Name: "bitwise not", Prefix: true, Prec: PrecUnary, Assoc: RightAssoc, Construct: OtherOperator},
	{Text: "!", Name: "boolean not", Prefix: true, Prec: PrecUnary, Assoc: RightAssoc, Construct: BoolOp},
	{Text: "not", Name: "boolean not", Prefix: true, Prec: PrecNot, Assoc: RightAssoc, Construct: BoolOp},
	// A starred value reaches as far as a | chain (Python's star_expr).
	{Text: "*", Name: "unpacking", Prefix: true, Prec: PrecBitOr, Assoc: RightAssoc, Construct: Starred},
	{Text: "**", Name: "dictionary unpacking", Prefix: true, Prec: PrecBitOr, Assoc: RightAssoc, Construct: Starred},
}

// Indexes into operators, built once from the table.
var (
	binaryByText = map[string]int{}
	prefixByText = map[string]int{}
	binaryByOp   [endOp]int // 0: none; else index+1
	prefixByOp   [endOp]int
)

func init() {
	for i, o := range operators {
		byText, byOp := binaryByText, &binaryByOp
		if o.Prefix {
			byText, byOp = prefixByText, &prefixByOp
		}
		byText[o.Text] = i
		if o.Op != 0 {
			byOp[o.Op] = i + 1
		}
	}
}

// Operators returns a copy of the table: the binary operators, then the
// prefix ones.
func Operators() []Operator {
	out := make([]Operator, len(operators))
	copy(out, operators[:])
	return out
}

// BinaryOperator returns the binary operator written as text (words
// separated by one space), allowed or forbidden.
func BinaryOperator(text string) (Operator, bool) {
	i, ok := binaryByText[text]
	if !ok {
		return Operator{}, false
	}
	return operators[i], true
}

// PrefixOperator returns the prefix operator written as text.
func PrefixOperator(text string) (Operator, bool) {
	i, ok := prefixByText[text]
	if !ok {
		return Operator{}, false
	}
	return operators[i], true
}

// Binary returns the table's entry of op as a binary operator (the zero
// Operator for an unknown op).
func (op Op) Binary() Operator {
	if int(op) < len(binaryByOp) && binaryByOp[op] > 0 {
		return operators[binaryByOp[op]-1]
	}
	return Operator{}
}

// Prefix returns the table's entry of op as a prefix operator (the zero
// Operator for an op that cannot stand before its operand).
func (op Op) Prefix() Operator {
	if int(op) < len(prefixByOp) && prefixByOp[op] > 0 {
		return operators[prefixByOp[op]-1]
	}
	return Operator{}
}

// Precedence returns how strongly e binds, one of the Prec constants: that
// of its operator for a BinaryExpr or a UnaryExpr, PrecPostfix for any
// other expression.
func Precedence(e Expr) int {
	switch e := e.(type) {
	case *BinaryExpr:
		return e.Op.Binary().Prec
	case *UnaryExpr:
		return e.Op.Prefix().Prec
	}
	return PrecPostfix
}
