package main

import "github.com/kinenix/expressions/flow"

// columnCount counts what the columns a flow reads hold (D45) over the
// rows of a sheet as the run gives back their results, so that the facts
// need no second reading of the sheet and cover exactly the rows run: a
// run that stops (D42) has read rows ahead that it never ran, and the
// facts are told of the rows run, as its other findings are. Each result
// carries its row's variables (flow.ColumnCounter.AddResult), so nothing
// is kept here between the reading of a row and its result.
type columnCount struct {
	c *flow.ColumnCounter
	// chosen names the flag that chose the rows counted ("-where"), ""
	// for every row of the sheet.
	chosen string
}

// newColumnCount returns the counter of the columns of a sheet that the
// flow src reads (D45), over the rows of a run, or nil when there is
// nothing to count: on is false (a run of one row), the data is no sheet
// with rows, or the flow reads no column. validate -data and preview
// both count with it, so that their warnings and -strict agree (D43).
func newColumnCount(src []byte, plan *rowsPlan, on bool) *columnCount {
	if !on || !plan.sheet || plan.headerOnly {
		return nil
	}
	cols := flow.Columns(src)
	if len(cols) == 0 {
		return nil
	}
	return &columnCount{c: flow.NewColumnCounter(cols)}
}

// findings are the column warnings (D45) of the rows counted, in the
// flow file name; nil for a nil counter. A run that stopped (D42) still
// tells the facts of the rows it ran, which are facts about those rows,
// saying that they cover only them, as its other findings do; so do the
// facts of the rows -where chose (flow.ColumnCounter.Chosen).
func (cc *columnCount) findings(name string, stopped bool) []rowFinding {
	if cc == nil {
		return nil
	}
	if cc.chosen != "" {
		// the rows chosen, named as such in the warnings' own words
		rows := "rows " + cc.chosen + " chose"
		if stopped {
			rows += " before the run stopped"
		}
		cc.c.Chosen(rows)
		return wrap(cc.c.Warnings(name))
	}
	more := wrap(cc.c.Warnings(name))
	if n := cc.c.Rows(); stopped {
		for i := range more {
			more[i].Message += " (in the " + flow.Count(n) + " " + plural(n, "row", "rows") + " run before the run stopped)"
		}
	}
	return more
}

// ran counts the row whose result r is.
func (cc *columnCount) ran(r *flow.RowResult) { cc.c.AddResult(r) }
