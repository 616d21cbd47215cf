package main

import (
	"github.com/kinenix/expressions/flow"
)

// columnWarnings are the warnings of D45 about the columns of the sheet
// that the flow src reads, when the runs are rows of a sheet: a column
// read as a number that holds text, a column of unclear numbers.
func columnWarnings(name string, src []byte, runs []rowScope) []rowFinding {
	cols := flow.Columns(src)
	if len(cols) == 0 || len(runs) == 0 || runs[0].row < 0 {
		return nil
	}
	c := flow.NewColumnCounter(cols)
	for _, r := range runs {
		row, ok, err := r.scope.Var("row")
		if err != nil || !ok {
			continue
		}
		c.AddValue(row, r.row, r.row+2) // the header is sheet row 1 (D41)
	}
	return wrap(c.Warnings(name))
}
