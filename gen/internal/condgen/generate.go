package condgen

//go:generate go tool -modfile=../../../tools.mod pigeon -optimize-parser -o parser.go ../../../grammar/cond.peg
