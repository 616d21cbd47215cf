package scope_test

import (
	"fmt"

	"github.com/kinenix/expressions/scope"
)

// A scope holds the variables of one evaluation: maps, slices and
// scalars, read as they come; options set its limits.
func ExampleNew() {
	s := scope.New(map[string]any{
		"row":      map[string]any{"status": "Active", "amount": 1250.5},
		"packages": []string{"basic", "plus"},
	}, scope.WithMaxSize(64<<10), scope.WithMaxSteps(10_000))
	v, found, err := s.Lookup(scope.Path{"row", "amount"})
	fmt.Println(v, found, err)
	v, _, _ = s.Var("packages")
	fmt.Println(v.Len(), s.MaxSize())
	// Output:
	// 1250.5 true <nil>
	// 2 65536
}
