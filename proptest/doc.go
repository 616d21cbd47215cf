// Package proptest holds the grammar-based property tests of the expression
// language (design section 8, "Fuzz"): gopter generators that build syntax
// trees, condition lines, host data and malformed input; the invariants
// every evaluation must keep; the Go fuzz targets; and the safety suite.
//
// The generators live in the package's ordinary files so that other
// packages' tests can use them; the properties, the fuzz targets and the
// safety table are in its _test.go files.
//
//	go test ./proptest/                          # fixed seed, CI case counts
//	PROPTEST_SEED=42 go test ./proptest/         # another seed
//	PROPTEST_FACTOR=100 go test ./proptest/      # 100 times more cases
//	go test -run='^$' -fuzz='^FuzzRender$' ./proptest/
package proptest

// Design notes (not API):
//
// Trees are built node by node from the grammar's node kinds (package ast)
// and printed with ast.Print, never pasted together from strings. A tree
// is built "parser-shaped": wherever the printer would add parentheses to
// keep the meaning, the builder puts a ParenExpr, so that parsing the
// printed text gives back an Equal tree.
//
// Shrinking: every generator here gives gopter a shrinker. A tree shrinks
// to its sub-expressions and to itself with one sub-expression shrunk; a
// literal shrinks towards the empty text and 0; host data shrinks by
// dropping keys and items; a list of input pieces by dropping pieces. So a
// failing case comes back as the smallest tree or input that still fails.
