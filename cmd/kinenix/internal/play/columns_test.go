package play

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"
)

// D45 and D44 in the playground: with a sheet, the columns the flow reads
// and what each holds, and their warnings among the problems; the traps
// of a condition among the problems too.
func TestCheckColumnsAndTraps(t *testing.T) {
	md := "- **total:** ${row.Amount * 2}\n- **condition:** ${row.Status} == Paid;\n"
	res, err := Check(context.Background(), Request{Flow: md, Data: "Amount,Status\n100,Paid\nn/a,Draft\n", Format: "csv"})
	require.NoError(t, err)
	require.Equal(t, []SheetColumn{
		{Name: "Amount", Line: 1, Numeric: true, Facts: "number 1 (100); other text 1 ('n/a')"},
		{Name: "Status", Line: 2, Facts: "other text 2 ('Paid', 'Draft')"},
	}, res.Columns)
	var msgs []string
	for _, p := range res.Problems {
		require.True(t, p.Warning)
		msgs = append(msgs, p.Message)
	}
	require.Contains(t, msgs, "condition: ';' is part of the text that is compared, so this is quietly false; leave it out: ${row.Status} == Paid")
	require.Contains(t, msgs, "column Amount is read as a number, but rows[1] (sheet row 3) holds text that is not a number ('n/a'); "+
		"correct the data, or test the column with is not empty or give a default with default(...)")
	res, err = Check(context.Background(), Request{Flow: md, Data: `{"row": {"Amount": "n/a"}}`})
	require.NoError(t, err)
	require.Empty(t, res.Columns, "no sheet, no column facts")
}
