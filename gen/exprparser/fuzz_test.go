package exprparser

import "testing"

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
		if len(src) > 2000 {
			t.Skip("longer than any ${...} the engine lets through")
		}
		checkParse(t, src)
	})
}
