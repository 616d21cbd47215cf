package condgen

// parser.go is generated from grammar/cond.peg by pigeon, with the options
// of gen/internal/exprgen (see generate.go there).

//go:generate go tool -modfile=../../../tools.mod pigeon -optimize-parser -o parser.go ../../../grammar/cond.peg
