package ast

// Equal reports whether two expressions have the same shape and content,
// ignoring positions. Literals compare by kind and Value, not by how they
// were written ("a" equals 'a'); BadExpr nodes compare by construct and
// detail. Two nil expressions are equal.
func Equal(a, b Expr) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch a := a.(type) {
	case *Ident:
		b, ok := b.(*Ident)
		return ok && identEqual(a, b)
	case *BasicLit:
		b, ok := b.(*BasicLit)
		return ok && a.Kind == b.Kind && a.Value == b.Value
	case *ParenExpr:
		b, ok := b.(*ParenExpr)
		return ok && Equal(a.X, b.X)
	case *SelectorExpr:
		b, ok := b.(*SelectorExpr)
		return ok && Equal(a.X, b.X) && identEqual(a.Sel, b.Sel)
	case *IndexExpr:
		b, ok := b.(*IndexExpr)
		return ok && Equal(a.X, b.X) && Equal(a.Index, b.Index)
	case *CallExpr:
		b, ok := b.(*CallExpr)
		if !ok || !identEqual(a.Fun, b.Fun) || len(a.Args) != len(b.Args) {
			return false
		}
		for i := range a.Args {
			if !Equal(a.Args[i], b.Args[i]) {
				return false
			}
		}
		return true
	case *UnaryExpr:
		b, ok := b.(*UnaryExpr)
		return ok && a.Op == b.Op && Equal(a.X, b.X)
	case *BinaryExpr:
		b, ok := b.(*BinaryExpr)
		return ok && a.Op == b.Op && Equal(a.X, b.X) && Equal(a.Y, b.Y)
	case *BadExpr:
		b, ok := b.(*BadExpr)
		return ok && a.Construct == b.Construct && a.Detail == b.Detail
	}
	return false
}

func identEqual(a, b *Ident) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a.Name == b.Name
}
