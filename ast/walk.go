package ast

// Inspect traverses the tree under n in depth-first order, as go/ast does:
// it calls f(n); if f returns true, Inspect visits each child of n, then
// calls f(nil). It covers the nodes of both trees, expressions and
// conditions. Nil children are skipped.
func Inspect(n Node, f func(Node) bool) {
	if n == nil || !f(n) {
		return
	}
	switch n := n.(type) {
	case *ParenExpr:
		inspectExpr(n.X, f)
	case *SelectorExpr:
		inspectExpr(n.X, f)
		if n.Sel != nil {
			Inspect(n.Sel, f)
		}
	case *IndexExpr:
		inspectExpr(n.X, f)
		inspectExpr(n.Index, f)
	case *CallExpr:
		if n.Fun != nil {
			Inspect(n.Fun, f)
		}
		for _, a := range n.Args {
			inspectExpr(a, f)
		}
	case *UnaryExpr:
		inspectExpr(n.X, f)
	case *BinaryExpr:
		inspectExpr(n.X, f)
		inspectExpr(n.Y, f)
	case *BoolCond:
		inspectCond(n.X, f)
		inspectCond(n.Y, f)
	case *NotCond:
		inspectCond(n.X, f)
	case *Comparison:
		if n.Left != nil {
			Inspect(n.Left, f)
		}
		if n.Right != nil {
			Inspect(n.Right, f)
		}
	case *Truth:
		if n.X != nil {
			Inspect(n.X, f)
		}
	}
	f(nil)
}

func inspectExpr(x Expr, f func(Node) bool) {
	if x != nil {
		Inspect(x, f)
	}
}

func inspectCond(x Cond, f func(Node) bool) {
	if x != nil {
		Inspect(x, f)
	}
}

// FirstBad returns the BadExpr of the tree under n that starts first (the
// left-most forbidden construct), or nil when there is none. A BadExpr has
// no children, so two of them never start at the same offset.
func FirstBad(n Node) *BadExpr {
	var first *BadExpr
	Inspect(n, func(n Node) bool {
		if b, ok := n.(*BadExpr); ok && (first == nil || b.From < first.From) {
			first = b
		}
		return true
	})
	return first
}
