package eval

import (
	"sync/atomic"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/exprparser"
)

// parses counts the expressions that this package has parsed, for the
// tests that a row's failure parses nothing again: what depends only on
// the flow is parsed when it compiles (or once, when first asked), so the
// count grows with the flow, never with its rows.
var parses atomic.Int64

// parseExpr is exprparser.ParseExpr, counted.
func parseExpr(src string) (ast.Expr, error) {
	parses.Add(1)
	return exprparser.ParseExpr(src)
}
