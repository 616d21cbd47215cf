package flow_test

import (
	"fmt"
	"slices"

	"github.com/kinenix/expressions/flow"
)

// The columns of a sheet that a flow reads, counted over a stream of rows,
// and the warnings of D45.
func ExampleCountColumns() {
	src := []byte("- **total:** ${row.Amount * 1.07}\n- **to:** ${row.Customer}\n")
	rows := slices.Values([]map[string]any{
		{"Customer": "Acme", "Amount": "100"},
		{"Customer": "Beta", "Amount": "n/a"},
		{"Customer": "", "Amount": 250},
	})
	c := flow.CountColumns(flow.Columns(src), rows)
	for _, f := range c.Facts() {
		fmt.Printf("%s: %s\n", f.Name, f)
	}
	for _, w := range c.Warnings("invoice.md") {
		fmt.Println(w)
	}
	// Output:
	// Amount: number 1 (250); number text 1 ('100'); other text 1 ('n/a')
	// Customer: other text 2 ('Acme', 'Beta'); nothing 1
	// invoice.md:1:16: warning: column Amount is read as a number, but rows[1] (sheet row 3) holds text that is not a number ('n/a'); correct the data: a field reads the column as a number on every row, and no condition can leave a row out of a field
}
