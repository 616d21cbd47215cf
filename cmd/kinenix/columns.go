package main

import (
	"iter"

	"github.com/kinenix/expressions/flow"
)

// countColumns passes the rows of a sheet through, counting what the
// columns the flow reads hold (D45) as each row goes by, so the facts
// need no second reading of the sheet and no row is kept for them.
func countColumns(rows iter.Seq2[flow.Input, error], c *flow.ColumnCounter) iter.Seq2[flow.Input, error] {
	return func(yield func(flow.Input, error) bool) {
		for in, err := range rows {
			if err == nil {
				c.AddInput(in)
			}
			if !yield(in, err) {
				return
			}
		}
	}
}
