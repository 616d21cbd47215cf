package lsp

import (
	"strconv"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// columnNote is, for a hover on `row.X` (src) with a sheet as sample
// data, what the column X holds over the sheet's rows (D45): each kind
// with its count and up to three examples; "" otherwise.
func columnNote(src string, sample *scope.Scope) string {
	if sample == nil {
		return ""
	}
	t, err := eval.Compile("${" + src + "}")
	if err != nil {
		return ""
	}
	rs := t.Reads()
	if len(rs) != 1 || !rs[0].Whole || len(rs[0].Path) != 2 || rs[0].Path[0] != "row" {
		return ""
	}
	c, ok := flow.SheetFacts(sample, []flow.ColumnRead{{Name: rs[0].Path[1]}})
	if !ok {
		return ""
	}
	return "\n\nColumn over " + strconv.Itoa(c.Rows()) + " rows: " + c.Facts()[0].String()
}
