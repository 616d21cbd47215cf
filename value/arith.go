package value

// arithmetic maps the name of each arithmetic operator, as the operator
// table of package ast names it, to the exact operation on numbers that
// implements it (D2, D8). The evaluator looks an operator up here by that
// name, so an operator is added in three places: the grammar, ast's
// operator table and this table with its method on Num.
var arithmetic = map[string]func(a, b Num) (Num, error){
	"addition":       Num.Add,
	"subtraction":    Num.Sub,
	"multiplication": Num.Mul,
	"division":       Num.Quo,
	"remainder":      Num.Rem,
}

// Arithmetic returns the operation of the arithmetic operator named name
// (ast's operator table: "addition", "subtraction", "multiplication",
// "division", "remainder"); ok is false for any other name.
func Arithmetic(name string) (op func(a, b Num) (Num, error), ok bool) {
	op, ok = arithmetic[name]
	return op, ok
}
