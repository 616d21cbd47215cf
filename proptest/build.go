package proptest

import "github.com/kinenix/expressions/ast"

// The builders make parser-shaped trees: each one puts its operands in a
// ParenExpr exactly where ast.Print would print parentheses, so that
// parsing the printed tree gives a tree Equal to it. Positions are left at
// zero; ast.Equal ignores them. The binding strengths are those of ast's
// operator table (ast.Precedence), which the printer reads too.

// wrap puts x in parentheses when it binds less strongly than min.
func wrap(x ast.Expr, min int) ast.Expr {
	if ast.Precedence(x) < min {
		return &ast.ParenExpr{X: x}
	}
	return x
}

// Name is the name n.
func Name(n string) *ast.Ident { return &ast.Ident{Name: n} }

// Num is a number literal written as digits ("12", "0.50", "007").
func Num(digits string) *ast.BasicLit {
	return &ast.BasicLit{Kind: ast.Number, Raw: digits, Value: digits}
}

// Text is a text literal whose value is s (valid UTF-8).
func Text(s string) *ast.BasicLit {
	return &ast.BasicLit{Kind: ast.String, Raw: ast.QuoteText(s), Value: s}
}

// Paren is (x).
func Paren(x ast.Expr) *ast.ParenExpr { return &ast.ParenExpr{X: x} }

// Sel is x.key.
func Sel(x ast.Expr, key string) *ast.SelectorExpr {
	return &ast.SelectorExpr{X: wrap(x, ast.PrecPostfix), Sel: Name(key)}
}

// Index is x[i].
func Index(x, i ast.Expr) *ast.IndexExpr {
	return &ast.IndexExpr{X: wrap(x, ast.PrecPostfix), Index: i}
}

// Call is name(args...).
func Call(name string, args ...ast.Expr) *ast.CallExpr {
	return &ast.CallExpr{Fun: Name(name), Args: args}
}

// Unary is -x (op ast.Sub) or +x (op ast.Add).
func Unary(op ast.Op, x ast.Expr) *ast.UnaryExpr {
	return &ast.UnaryExpr{Op: op, X: wrap(x, op.Prefix().Prec)}
}

// Binary is x op y; operators of one strength group to the left (all the
// allowed operators do).
func Binary(op ast.Op, x, y ast.Expr) *ast.BinaryExpr {
	p := op.Binary().Prec
	return &ast.BinaryExpr{X: wrap(x, p), Op: op, Y: wrap(y, p+1)}
}

// Canon rebuilds e with the builders, so that it holds a ParenExpr wherever
// the printer needs one. A tree that is already parser-shaped comes back
// Equal to itself.
func Canon(e ast.Expr) ast.Expr {
	switch n := e.(type) {
	case *ast.ParenExpr:
		return Paren(Canon(n.X))
	case *ast.SelectorExpr:
		return Sel(Canon(n.X), n.Sel.Name)
	case *ast.IndexExpr:
		return Index(Canon(n.X), Canon(n.Index))
	case *ast.CallExpr:
		args := make([]ast.Expr, len(n.Args))
		for i, a := range n.Args {
			args[i] = Canon(a)
		}
		return Call(n.Fun.Name, args...)
	case *ast.UnaryExpr:
		return Unary(n.Op, Canon(n.X))
	case *ast.BinaryExpr:
		return Binary(n.Op, Canon(n.X), Canon(n.Y))
	}
	return e
}

// Size is the number of nodes of e.
func Size(e ast.Node) int {
	n := 0
	ast.Inspect(e, func(x ast.Node) bool {
		if x != nil {
			n++
		}
		return true
	})
	return n
}
