// Package ast declares the typed syntax trees of the kinenix expression
// language: the expressions written inside ${...} and the condition lines of
// a flow.
//
// The trees are built by the parsers of gen/exprparser and gen/condparser
// and read by the evaluator. Every node knows its position: a byte offset
// into the text it was parsed from (Pos, inclusive, and End, exclusive);
// a LineIndex turns offsets into lines and columns. Print gives the
// canonical text of an expression; parsing that text again gives an equal
// tree.
//
// The package is also the one place of the language's lexical facts, which
// the parsers, the printer, the evaluator and the tests read: the operator
// table (Operators, with precedence and associativity), the keywords
// (IsKeyword), the identifier classes of D9 (IsIdentStart, IsIdentCont,
// IsName) and the number literal (IsNumberLiteral). SyntaxError is the
// error of both parsers; ErrInternal marks a failure that is a bug.
package ast

// Node is implemented by every node of both trees.
type Node interface {
	Pos() int // offset of the first byte of the node
	End() int // offset of the first byte after the node
}

// Expr is an expression inside ${...}.
type Expr interface {
	Node
	exprNode()
}

// Op is an arithmetic operator.
type Op uint8

// The arithmetic operators, for BinaryExpr and UnaryExpr.
const (
	Add Op = iota + 1 // +
	Sub               // -
	Mul               // *
	Quo               // /
	Rem               // %

	// endOp is one past the last operator: it sizes the indexes of the
	// operator table, so an operator added above needs no other change.
	endOp
)

// String returns the operator as written (from the operator table).
func (op Op) String() string {
	if o := op.Binary(); o.Text != "" {
		return o.Text
	}
	return "?"
}

// LitKind tells a number literal from a text literal.
type LitKind uint8

// The kinds of BasicLit.
const (
	Number LitKind = iota + 1 // 12, 3.5
	String                    // 'abc', "abc"
)

type (
	// Ident is a name: a variable, or the function of a call.
	Ident struct {
		NamePos int
		Name    string
	}

	// BasicLit is a number or text literal. Raw is the literal as written,
	// quotes and escapes included; Value is the number's digits or the
	// text with quotes removed and escapes decoded.
	BasicLit struct {
		ValuePos int
		Kind     LitKind
		Raw      string
		Value    string
	}

	// ParenExpr is an expression in parentheses.
	ParenExpr struct {
		Lparen int
		X      Expr
		Rparen int
	}

	// SelectorExpr is X.Sel: the key Sel of the dictionary X.
	SelectorExpr struct {
		X   Expr
		Sel *Ident
	}

	// IndexExpr is X[Index]: an item of a list or a key of a dictionary.
	IndexExpr struct {
		X      Expr
		Lbrack int
		Index  Expr
		Rbrack int
	}

	// CallExpr is a call of a function by name with positional values.
	CallExpr struct {
		Fun    *Ident
		Lparen int
		Args   []Expr
		Rparen int
	}

	// UnaryExpr is -X or +X.
	UnaryExpr struct {
		OpPos int
		Op    Op // Add or Sub
		X     Expr
	}

	// BinaryExpr is X Op Y.
	BinaryExpr struct {
		X     Expr
		OpPos int
		Op    Op
		Y     Expr
	}

	// BadExpr is a construct that the grammar recognises so that it can be
	// refused with its own message (decision D12), for example a comparison
	// or a method call. From and To span the construct; Detail carries what
	// the message needs (the operator as written, the method's name).
	BadExpr struct {
		From, To  int
		Construct Construct
		Detail    string
	}
)

// Construct names a forbidden construct held by a BadExpr.
type Construct uint8

// The forbidden constructs of decision D12, and a few more that Python
// users type by habit.
const (
	Compare       Construct = iota + 1 // a == b, a < b, ... (Detail: the operator)
	BoolOp                             // a and b, a or b, not a (Detail: the word)
	Membership                         // a in b, a not in b
	Identity                           // a is b, a is not b
	Power                              // a ** b
	OtherOperator                      // //, &, |, ^, ~, <<, >>, @ (Detail: the operator)
	Lambda                             // lambda x: x
	Comprehension                      // [x for x in y], (x for x in y), {...}
	Conditional                        // a if b else c
	FString                            // f'...'
	Assignment                         // a = b, a := b, a += b
	MethodCall                         // x.upper() (Detail: the method's name)
	CallNonName                        // (f)(x), a[0](x): only a function name can be called
	KeywordArg                         // f(x=1)
	Slice                              // a[1:2]
	ListLit                            // [1, 2]
	DictLit                            // {'a': 1}
	SetLit                             // {1, 2}
	TupleLit                           // (1, 2)
	Starred                            // *a, **a in a call
)

func (x *Ident) Pos() int        { return x.NamePos }
func (x *Ident) End() int        { return x.NamePos + len(x.Name) }
func (x *BasicLit) Pos() int     { return x.ValuePos }
func (x *BasicLit) End() int     { return x.ValuePos + len(x.Raw) }
func (x *ParenExpr) Pos() int    { return x.Lparen }
func (x *ParenExpr) End() int    { return x.Rparen + 1 }
func (x *SelectorExpr) Pos() int { return x.X.Pos() }
func (x *SelectorExpr) End() int { return x.Sel.End() }
func (x *IndexExpr) Pos() int    { return x.X.Pos() }
func (x *IndexExpr) End() int    { return x.Rbrack + 1 }
func (x *CallExpr) Pos() int     { return x.Fun.Pos() }
func (x *CallExpr) End() int     { return x.Rparen + 1 }
func (x *UnaryExpr) Pos() int    { return x.OpPos }
func (x *UnaryExpr) End() int    { return x.X.End() }
func (x *BinaryExpr) Pos() int   { return x.X.Pos() }
func (x *BinaryExpr) End() int   { return x.Y.End() }
func (x *BadExpr) Pos() int      { return x.From }
func (x *BadExpr) End() int      { return x.To }

func (*Ident) exprNode()        {}
func (*BasicLit) exprNode()     {}
func (*ParenExpr) exprNode()    {}
func (*SelectorExpr) exprNode() {}
func (*IndexExpr) exprNode()    {}
func (*CallExpr) exprNode()     {}
func (*UnaryExpr) exprNode()    {}
func (*BinaryExpr) exprNode()   {}
func (*BadExpr) exprNode()      {}
