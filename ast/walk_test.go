package ast

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// trace lists the nodes Inspect visits, with ")" for each f(nil).
func trace(n Node, skip func(Node) bool) string {
	var out []string
	Inspect(n, func(n Node) bool {
		if n == nil {
			out = append(out, ")")
			return true
		}
		out = append(out, fmt.Sprintf("%T", n)[len("*ast."):])
		return !skip(n)
	})
	return strings.Join(out, " ")
}

func TestInspectExpr(t *testing.T) {
	// trim(rows[0].name) + -1
	x := bin(
		&CallExpr{Fun: id("trim"), Args: []Expr{
			&SelectorExpr{X: &IndexExpr{X: id("rows"), Index: num("0")}, Sel: id("name")},
		}},
		Add,
		&UnaryExpr{Op: Sub, X: &ParenExpr{X: &BadExpr{Construct: ListLit}}},
	)
	never := func(Node) bool { return false }
	require.Equal(t,
		"BinaryExpr CallExpr Ident ) SelectorExpr IndexExpr Ident ) BasicLit ) ) Ident ) ) ) "+
			"UnaryExpr ParenExpr BadExpr ) ) ) )",
		trace(x, never))

	// Returning false skips the children and the closing call.
	isCall := func(n Node) bool { _, ok := n.(*CallExpr); return ok }
	require.Equal(t, "BinaryExpr CallExpr UnaryExpr ParenExpr BadExpr ) ) ) )", trace(x, isCall))

	Inspect(nil, func(Node) bool { t.Fatal("called for nil"); return true })
	var nilExpr Expr
	Inspect(nilExpr, func(Node) bool { t.Fatal("called for nil"); return true })
}

func TestInspectNilChildren(t *testing.T) {
	// Children left nil are skipped, not visited as typed nils.
	x := &CallExpr{Args: []Expr{nil, &SelectorExpr{}}}
	require.Equal(t, "CallExpr SelectorExpr ) )", trace(x, func(Node) bool { return false }))
}

func TestInspectCond(t *testing.T) {
	side := func(s string) *Side { return &Side{Raw: s, Text: s} }
	c := &BoolCond{
		X:  &NotCond{X: &Comparison{Left: side("${a}"), Op: Eq, Right: side("b")}},
		Op: Or,
		Y:  &BoolCond{X: &Truth{X: side("${c}")}, Op: And, Y: &Comparison{Left: side("${d}"), Op: IsEmpty}},
	}
	require.Equal(t,
		"BoolCond NotCond Comparison Side ) Side ) ) ) BoolCond Truth Side ) ) Comparison Side ) ) ) )",
		trace(c, func(Node) bool { return false }))
}

func TestFirstBad(t *testing.T) {
	require.Nil(t, FirstBad(bin(id("a"), Add, id("b"))))
	require.Nil(t, FirstBad(nil))

	first := &BadExpr{From: 2, To: 4, Construct: Compare}
	x := &CallExpr{Fun: id("f"), Args: []Expr{
		&BadExpr{From: 9, To: 12, Construct: ListLit},
		bin(first, Add, &BadExpr{From: 6, To: 7, Construct: Starred}),
	}}
	require.Same(t, first, FirstBad(x))
}
