package ast_test

import (
	"fmt"

	"github.com/kinenix/expressions/ast"
)

func ExampleLineIndex() {
	flow := "# Report\r\nTotal: ${len(ลูกค้า) +}\n"
	x := ast.NewLineIndex(flow)
	// The + is on line 2, column 22: ลูกค้า is 18 bytes but 6 characters.
	line, col := x.Position(len("# Report\r\nTotal: ${len(ลูกค้า) "))
	fmt.Println(line, col)
	// Output: 2 22
}

func ExampleBinaryOperator() {
	for _, text := range []string{"*", "==", "not in"} {
		op, _ := ast.BinaryOperator(text)
		fmt.Println(op.Text, op.Name, op.Prec, op.Allowed())
	}
	fmt.Println(ast.Add.Binary().Prec < ast.Mul.Binary().Prec)
	// Output:
	// * multiplication 10 true
	// == equality test 4 false
	// not in non-membership test 4 false
	// true
}

func ExampleIsName() {
	for _, s := range []string{"ลูกค้า", "_id", "in", "2x"} {
		fmt.Println(s, ast.IsName(s), ast.IsKeyword(s), ast.StartsWithUnderscore(s))
	}
	// Output:
	// ลูกค้า true false false
	// _id true false true
	// in true true false
	// 2x false false false
}
