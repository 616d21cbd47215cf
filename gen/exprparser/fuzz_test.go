package exprparser

import "testing"

// maxFuzzInput is the most bytes of an input FuzzParseExpr checks.
const maxFuzzInput = 256

// FuzzParseExpr checks the invariants of checkParse on any input: no panic,
// a tree or a *SyntaxError inside the input, and print -> parse round trips
// for trees without forbidden constructs. Seeded from the test tables.
func FuzzParseExpr(f *testing.F) {
	for _, tt := range acceptedTests {
		f.Add(tt.src)
	}
	for _, tt := range forbiddenTests {
		f.Add(tt.src)
	}
	for _, tt := range syntaxErrorTests {
		f.Add(tt.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		if len(src) > maxFuzzInput {
			// The fuzzer minimizes an input in time that grows with its
			// size: up to 2,000 bytes it ran 0 inputs a second after its
			// first 15 s. The limits on long inputs (E7's 500 characters,
			// the parser's steps) are tested in limits_test.go.
			t.Skip("longer than a fuzzed expression needs to be")
		}
		checkParse(t, src)
	})
}
