package record

import (
	"context"
	"testing"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
	"github.com/stretchr/testify/require"
)

// A tally counts per condition the rows true, false and failing, per
// field the rows failing, and lists the first of those up to its limit:
// the same whether it is given the rows' results (preview) or their
// outcomes (the playground).
func TestTally(t *testing.T) {
	f, err := flow.Compile("f.md", []byte("- **n:** ${number(row.n)}\n- **condition:** ${number(row.n)} > 2\n- **who:** ${row.who}\n"))
	require.NoError(t, err)
	ns := []string{"1", "x", "3", "y", "z", "5"}
	results, outcomes := NewTally(f.Fields(), 2), NewTally(f.Fields(), 2)
	for i, n := range ns {
		r := f.Run(context.Background(), scope.New(map[string]any{"row": map[string]any{"n": n, "who": "Ann"}}))
		r.Row, r.SheetRow, r.Key = i, i+2, "k"+n
		results.AddRow(&r)
		var outs []Outcome
		for j := range r.Results {
			outs = append(outs, OutcomeOf(&r.Results[j]))
		}
		outcomes.Add(i, i+2, "k"+n, outs)
	}
	sum := results.Record()
	require.Equal(t, sum, outcomes.Record())
	require.Equal(t, len(ns), sum.Rows)
	two, one := 2, 1
	require.Equal(t, []SummaryField{
		{Line: 1, Label: "n", Kind: "field", Fail: 3, FailRows: []int{1, 3}, FailSheetRows: []int{3, 5}, FailKeys: []string{"kx", "ky"}},
		{Line: 2, Label: "condition", Kind: "condition", True: &two, False: &one, Fail: 3, FailRows: []int{1, 3}, FailSheetRows: []int{3, 5}, FailKeys: []string{"kx", "ky"}},
		{Line: 3, Label: "who", Kind: "field"},
	}, sum.Fields)
	require.Equal(t, "rows 1, 3-4", results.Counts()[0].Fail.Text(len(ns), false))
	// The zero limit lists as many rows as a column warning does.
	var rows Rows
	for i := range flow.MaxRowsListed + 5 {
		rows.Add(i, i+2, "")
	}
	require.Len(t, rows.Listed(), flow.MaxRowsListed)
	require.Equal(t, flow.MaxRowsListed+5, rows.Len())
	require.Nil(t, rows.Keys())
}
