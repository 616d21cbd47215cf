package lsp

import (
	"strconv"
	"strings"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// columnNote is, for a hover on `row.X` (src) with a sheet as sample
// data, what the column X holds over the sheet's rows (D45): each kind
// with its count and up to three examples; "" otherwise.
func columnNote(src string, sample *scope.Scope) string {
	c, ok := columnOf(src, sample)
	if !ok {
		return ""
	}
	return "\n\nColumn over " + strconv.Itoa(c.Rows()) + " rows: " + c.Facts()[0].String()
}

// columnOf counts the column that src, `row.X` alone, reads over the rows
// of the sheet in sample; ok is false when src is no such read or sample
// holds no sheet.
func columnOf(src string, sample *scope.Scope) (c *flow.ColumnCounter, ok bool) {
	if sample == nil {
		return nil, false
	}
	t, err := eval.Compile("${" + src + "}")
	if err != nil {
		return nil, false
	}
	rs := t.Reads()
	if len(rs) != 1 || !rs[0].Whole || len(rs[0].Path) != 2 || rs[0].Path[0] != "row" {
		return nil, false
	}
	return flow.SheetFacts(sample, []flow.ColumnRead{{Name: rs[0].Path[1]}})
}

// absentColumn is the hover on a placeholder that is `row.X` alone, a key
// the sample's row does not hold, when other rows of the sheet in sample
// hold something in it (D45: the hover knows each column a flow reads):
// that it is not in the sample's row, the column's facts following it
// (columnNote). ok is false otherwise: a key no row holds is only the
// finding the check gives.
func absentColumn(ph eval.Placeholder, sample *scope.Scope) (text string, from, to int, ok bool) {
	from = len(ph.Text) - len(strings.TrimLeft(ph.Text, " \t\r\n"))
	to = len(strings.TrimRight(ph.Text, " \t\r\n"))
	if from >= to || ph.IsEnv() {
		return "", 0, 0, false
	}
	src := ph.Text[from:to]
	c, ok := columnOf(src, sample)
	if !ok || c.Facts()[0].Values() == 0 {
		return "", 0, 0, false
	}
	if _, found, err := sample.Lookup(scope.Path{"row", c.Facts()[0].Name}); found || err != nil {
		return "", 0, 0, false // in the row: its hover is its value's (hoverText)
	}
	return codeSpan(src) + ": not in the sample's row", from, to, true
}
