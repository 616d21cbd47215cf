package exprparser_test

import (
	"errors"
	"fmt"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/exprparser"
)

func ExampleParseExpr() {
	x, err := exprparser.ParseExpr("number(row.premium)*12")
	fmt.Println(ast.Print(x), err)

	// A forbidden construct parses, as a BadExpr for the caller to refuse.
	x, _ = exprparser.ParseExpr("row.name.upper()")
	bad := ast.FirstBad(x)
	fmt.Println(bad.Construct == ast.MethodCall, bad.Detail)

	// Anything else is a syntax error with a reason and an offset.
	_, err = exprparser.ParseExpr("join(ids, ', ')) + 1")
	var se *exprparser.SyntaxError
	if errors.As(err, &se) {
		fmt.Println(se.Offset, se.Reason)
	}
	// Output:
	// number(row.premium) * 12 <nil>
	// true upper
	// 15 unexpected ')'
}
