package exprgen

// expr.peg is written by mkpeg from the template grammar/expr.peg, its
// slots filled from ast's operator table and the lexical classes (see
// gen/internal/mkpeg); parser.go is generated from expr.peg by pigeon v1.3.0, pinned in
// tools.mod so that the generator stays out of go.mod. Its output is
// deterministic and gofmt-clean, so `go generate` reproduces parser.go byte
// for byte (make check-generated).
//
// -optimize-parser drops pigeon's debugging, memoization and statistics
// (1.7-3x faster). -optimize-basic-latin was tried for issue #11: every
// test stayed green but no gain showed over interleaved benchmark rounds
// (within the noise for expressions, slower for conditions), so it is
// not used. -optimize-grammar was tried too: it inlines rules and merges
// literals into classes, which changes the terminals a failed parse
// reports (so the messages built from them) and drops the rules the
// grammar tests read; the grammar writes out the references that matter
// by hand instead (grammar/expr.peg, rules of the house).

//go:generate go run ../mkpeg -o expr.peg ../../../grammar/expr.peg
//go:generate go tool -modfile=../../../tools.mod pigeon -optimize-parser -o parser.go expr.peg
//go:generate go run ../fastpeg parser.go
