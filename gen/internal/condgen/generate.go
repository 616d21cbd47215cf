package condgen

// parser.go is generated from grammar/cond.peg by pigeon, with the options
// of gen/internal/exprgen (see generate.go there). pool.go and
// pool_test.go are exprgen's, copied by mkpool with this package's name.

//go:generate go tool -modfile=../../../tools.mod pigeon -optimize-parser -o parser.go ../../../grammar/cond.peg
//go:generate go run ../mkpool -from ../exprgen -pkg condgen
