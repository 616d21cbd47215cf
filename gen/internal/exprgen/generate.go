package exprgen

// parser.go is generated from grammar/expr.peg by pigeon v1.3.0, pinned in
// tools.mod so that the generator stays out of go.mod. Its output is
// deterministic and gofmt-clean, so `go generate` reproduces parser.go byte
// for byte.

//go:generate go tool -modfile=../../../tools.mod pigeon -optimize-parser -o parser.go ../../../grammar/expr.peg
