package ast

// Cond is a condition line, or one part of it (design section 6).
type Cond interface {
	Node
	condNode()
}

// BoolKind is `and` or `or` between two condition parts.
type BoolKind uint8

// The words that join condition parts.
const (
	And BoolKind = iota + 1
	Or
)

// String returns the word as written.
func (k BoolKind) String() string {
	if k == And {
		return "and"
	}
	return "or"
}

// CmpOp is a comparison operator of a condition (decision D25).
type CmpOp uint8

// The comparison operators.
const (
	Eq         CmpOp = iota + 1 // ==
	Ne                          // !=
	Lt                          // <
	Gt                          // >
	Le                          // <=
	Ge                          // >=
	In                          // in
	Contains                    // contains
	IsEmpty                     // is empty
	IsNotEmpty                  // is not empty
)

// comparisons is the table of the comparison operators, by the operator:
// its text as written (words in lower case, separated by one space) and
// whether it takes no right side. The condition grammar's actions read an
// operator's text through it (CmpOpByText), the printers and messages
// write it from it, and the tests and generators list the operators from
// it (CmpOps).
var comparisons = [...]struct {
	text  string
	unary bool
}{
	Eq:         {text: "=="},
	Ne:         {text: "!="},
	Lt:         {text: "<"},
	Gt:         {text: ">"},
	Le:         {text: "<="},
	Ge:         {text: ">="},
	In:         {text: "in"},
	Contains:   {text: "contains"},
	IsEmpty:    {text: "is empty", unary: true},
	IsNotEmpty: {text: "is not empty", unary: true},
}

// cmpByText indexes comparisons by text.
var cmpByText = func() map[string]CmpOp {
	m := make(map[string]CmpOp, len(comparisons))
	for op, c := range comparisons {
		if c.text != "" {
			m[c.text] = CmpOp(op)
		}
	}
	return m
}()

// CmpOps returns every comparison operator, in the table's order.
func CmpOps() []CmpOp {
	var out []CmpOp
	for op, c := range comparisons {
		if c.text != "" {
			out = append(out, CmpOp(op))
		}
	}
	return out
}

// CmpOpByText returns the comparison operator written as text: symbols
// as they are, words in lower case separated by one space.
func CmpOpByText(text string) (CmpOp, bool) {
	op, ok := cmpByText[text]
	return op, ok
}

// String returns the operator as written.
func (op CmpOp) String() string {
	if int(op) < len(comparisons) && comparisons[op].text != "" {
		return comparisons[op].text
	}
	return "?"
}

// Unary reports whether the operator takes no right side.
func (op CmpOp) Unary() bool { return int(op) < len(comparisons) && comparisons[op].unary }

type (
	// BoolCond is X and Y, or X or Y. `and` binds tighter than `or`, and
	// both group to the left.
	BoolCond struct {
		X     Cond
		OpPos int
		Op    BoolKind
		Y     Cond
	}

	// NotCond is `not` before one comparison or lone placeholder.
	NotCond struct {
		NotPos int
		X      Cond
	}

	// Comparison is Left Op Right; Right is nil for the unary operators
	// (is empty, is not empty).
	Comparison struct {
		Left  *Side
		OpPos int // first byte of the operator
		OpEnd int // first byte after it (`is  not empty` may hold extra spaces)
		Op    CmpOp
		Right *Side
	}

	// Truth is a part that is a single ${...} and nothing else: true unless
	// its value is empty-like (decision D25).
	Truth struct {
		X *Side
	}

	// Side is one side of a comparison: text with any number of ${...} in
	// it (decision D26). Raw is the side exactly as written, From and To its
	// span in the line. Text is what the side means as a template: bare
	// text trimmed, or quoted text with the quotes removed. TextPos is the
	// offset of Text's first byte in the line, so positions inside a
	// placeholder can be reported in line coordinates.
	//
	// Items is set on the right side of `in` written as a list that starts
	// with quoted text (`'a, b', 'c'`, D26, D29): each item, quoted or
	// bare, is a Side of its own, and Text is then Raw.
	Side struct {
		From, To int
		Raw      string
		Quoted   bool
		Text     string
		TextPos  int
		Items    []*Side
	}
)

func (x *BoolCond) Pos() int   { return x.X.Pos() }
func (x *BoolCond) End() int   { return x.Y.End() }
func (x *NotCond) Pos() int    { return x.NotPos }
func (x *NotCond) End() int    { return x.X.End() }
func (x *Comparison) Pos() int { return x.Left.From }
func (x *Comparison) End() int {
	if x.Right != nil {
		return x.Right.To
	}
	return x.OpEnd
}
func (x *Truth) Pos() int { return x.X.From }
func (x *Truth) End() int { return x.X.To }
func (x *Side) Pos() int  { return x.From }
func (x *Side) End() int  { return x.To }

func (*BoolCond) condNode()   {}
func (*NotCond) condNode()    {}
func (*Comparison) condNode() {}
func (*Truth) condNode()      {}
