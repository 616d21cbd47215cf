package ast

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The table is consistent: each entry is either allowed (an Op) or
// forbidden (a Construct, D12), texts are unique per kind, and the Op
// indexes find the entries back.
func TestOperatorTable(t *testing.T) {
	seen := map[bool]map[string]bool{false: {}, true: {}}
	for _, o := range Operators() {
		require.NotEmpty(t, o.Text)
		require.NotEmpty(t, o.Name, o.Text)
		require.True(t, (o.Op != 0) != (o.Construct != 0), "%q: exactly one of Op and Construct", o.Text)
		require.False(t, seen[o.Prefix][o.Text], "%q twice", o.Text)
		seen[o.Prefix][o.Text] = true
		require.True(t, o.Prec >= PrecOr && o.Prec < PrecPostfix, "%q", o.Text)
		require.Contains(t, []Assoc{LeftAssoc, RightAssoc}, o.Assoc, o.Text)
		lookup := BinaryOperator
		if o.Prefix {
			lookup = PrefixOperator
		}
		got, ok := lookup(o.Text)
		require.True(t, ok)
		require.Equal(t, o, got)
		if o.Op != 0 {
			require.True(t, o.Allowed())
			if o.Prefix {
				require.Equal(t, o, o.Op.Prefix())
			} else {
				require.Equal(t, o, o.Op.Binary())
				require.Equal(t, o.Text, o.Op.String())
			}
		}
	}
	_, ok := BinaryOperator("not  in")
	require.False(t, ok, "texts have one space between words")
	require.Equal(t, Operator{}, Op(0).Binary())
	require.Equal(t, Operator{}, Mul.Prefix())
	require.Equal(t, "?", Op(99).String())
}

// The precedence of the allowed operators is Python's (D13): * / % bind
// tighter than + -, a unary sign tighter than both, ** tighter than a
// sign on its left; every operator groups to the left except **.
func TestPrecedence(t *testing.T) {
	require.Less(t, Add.Binary().Prec, Mul.Binary().Prec)
	require.Equal(t, Add.Binary().Prec, Sub.Binary().Prec)
	require.Equal(t, Mul.Binary().Prec, Quo.Binary().Prec)
	require.Equal(t, Mul.Binary().Prec, Rem.Binary().Prec)
	require.Less(t, Mul.Binary().Prec, Sub.Prefix().Prec)
	pow, _ := BinaryOperator("**")
	require.Less(t, Sub.Prefix().Prec, pow.Prec)
	require.Equal(t, RightAssoc, pow.Assoc)
	require.Equal(t, LeftAssoc, Sub.Binary().Assoc)
	x := &BinaryExpr{X: id("a"), Op: Add, Y: id("b")}
	require.Equal(t, PrecAdd, Precedence(x))
	require.Equal(t, PrecUnary, Precedence(&UnaryExpr{Op: Sub, X: x}))
	require.Equal(t, PrecPostfix, Precedence(&CallExpr{Fun: id("f")}))
}

// The comparison table: every operator is found by its text, unary ones
// are the `is` forms, and an operator outside the table is "?".
func TestComparisonTable(t *testing.T) {
	ops := CmpOps()
	require.NotEmpty(t, ops)
	for _, op := range ops {
		back, ok := CmpOpByText(op.String())
		require.True(t, ok, op.String())
		require.Equal(t, op, back)
		require.Equal(t, strings.HasPrefix(op.String(), "is "), op.Unary(), op.String())
	}
	require.Equal(t, Eq, ops[0])
	_, ok := CmpOpByText("not in")
	require.False(t, ok)
	require.Equal(t, "?", CmpOp(0).String())
	require.Equal(t, "?", CmpOp(200).String())
	require.False(t, CmpOp(200).Unary())
}
