package conformance_test

import (
	"fmt"
	"testing/fstest"

	"github.com/kinenix/expressions/conformance"
)

// Run the suite this package carries and count what passes.
func ExampleRun() {
	cases, err := conformance.Load(conformance.Suite())
	if err != nil {
		fmt.Println(err)
		return
	}
	failed := 0
	for _, r := range conformance.Run(cases) {
		if !r.Pass {
			failed++
		}
	}
	fmt.Println(len(cases) >= 1000, failed)
	// Output: true 0
}

// Load reads cases from any fs.FS: here one file, with one case that
// pins D46.
func ExampleLoad() {
	suite := fstest.MapFS{"default.yaml": {Data: []byte(`data: {row: {amount: 5, count: 0}}
cases:
  - template: "${default(row.amount, 1 / row.count)}"
    want: "5"
    rule: D46
    complexity: 2
    hint: the fallback is computed only when it is needed
`)}}
	cases, _ := conformance.Load(suite)
	r := cases[0].Run()
	fmt.Println(r.Case.Area, r.Case.Rule, r.Pass, r.Got)
	// Output: default D46 true 5
}
