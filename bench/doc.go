// Package bench is the side-by-side benchmark of kinenix against
// github.com/expr-lang/expr and cel.dev/cel-go, with hand-written Go as the
// floor (issue #6). It is its own module, so the library's go.mod stays free
// of the peers; everything lives in the _test.go files and in
// cmd/benchtable, which runs the benchmarks and prints the table. See
// README.md.
package bench
