package exprgen

// parser.go is generated from grammar/expr.peg by pigeon v1.3.0, pinned in
// tools.mod so that the generator stays out of go.mod. Its output is
// deterministic and gofmt-clean, so `go generate` reproduces parser.go byte
// for byte (make check-generated).
//
// -optimize-parser drops pigeon's debugging, memoization and statistics
// (1.7-3x faster). -optimize-basic-latin was tried for issue #11: every
// test stayed green but no gain showed over interleaved benchmark rounds
// (within the noise for expressions, slower for conditions), so it is
// not used.

//go:generate go tool -modfile=../../../tools.mod pigeon -optimize-parser -o parser.go ../../../grammar/expr.peg
