package condgen

// cond.peg is written by mkpeg from the template grammar/cond.peg, and
// parser.go from it by pigeon, with the options of gen/internal/exprgen
// (see generate.go there). pool.go and
// pool_test.go are exprgen's, copied by mkcopy with this package's name.

//go:generate go run ../mkpeg -o cond.peg ../../../grammar/cond.peg
//go:generate go tool -modfile=../../../tools.mod pigeon -optimize-parser -o parser.go cond.peg
//go:generate go run ../fastpeg parser.go
//go:generate go run ../mkcopy -from ../exprgen -pkg condgen pool.go pool_test.go
