package eval

import (
	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/value"
)

// operations is the exact operation on numbers (D2, D8) of each
// arithmetic operator of ast's operator table, keyed by the operator
// itself (never by its name): an operator is added in the grammar, the
// table, and here.
var operations = [...]func(a, b value.Num) (value.Num, error){
	ast.Add: value.Num.Add,
	ast.Sub: value.Num.Sub,
	ast.Mul: value.Num.Mul,
	ast.Quo: value.Num.Quo,
	ast.Rem: value.Num.Rem,
}

// operation returns the operation of the binary operator op; ok is false
// for an operator without one.
func operation(op ast.Op) (f func(a, b value.Num) (value.Num, error), ok bool) {
	if int(op) < len(operations) && operations[op] != nil {
		return operations[op], true
	}
	return nil, false
}
