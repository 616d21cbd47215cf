package play

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// D45 and D44 in the playground: with a sheet, the columns the flow reads
// and what each holds, with their warnings over every row (not among the
// problems, which are the one row's, as validate -row N reports them);
// the traps of a condition among the problems.
func TestCheckColumnsAndTraps(t *testing.T) {
	md := "- **total:** ${row.Amount * 2}\n- **condition:** ${row.Status} == Paid;\n"
	res, err := Check(context.Background(), Request{Flow: md, Data: "Amount,Status\n100,Paid\nn/a,Draft\n", Format: "csv"})
	require.NoError(t, err)
	require.Equal(t, []SheetColumn{
		{Name: "Amount", Line: 1, Numeric: true, Facts: "number 1 (100); other text 1 ('n/a')", Warnings: []string{
			"column Amount is read as a number, but rows[1] (sheet row 3) holds text that is not a number ('n/a'); " +
				"correct the data: a field reads the column as a number on every row, and no condition can leave a row out of a field"}},
		{Name: "Status", Line: 2, Facts: "other text 2 ('Paid', 'Draft')"},
	}, res.Columns)
	var msgs []string
	for _, p := range res.Problems {
		require.True(t, p.Warning)
		require.NotEqual(t, "column", p.Kind, "a column warning is no problem of the row checked")
		msgs = append(msgs, p.Message)
	}
	require.Contains(t, msgs, "condition: ';' is part of the text that is compared, so this is quietly false; leave it out: ${row.Status} == Paid")
	res, err = Check(context.Background(), Request{Flow: md, Data: `{"row": {"Amount": "n/a"}}`})
	require.NoError(t, err)
	require.Empty(t, res.Columns, "no sheet, no column facts")
}

// D41: a column warning names each row as the sheet shows it, also when
// the sheet has blank rows or its header below row 1 (as the table and
// validate -data name them), not as its index plus 2.
func TestCheckColumnsSheetRows(t *testing.T) {
	md := "- **total:** ${row.Amount * 2}\n"
	res, err := Check(context.Background(), Request{Flow: md, Data: "\nAmount\n100\n\nn/a\n", Format: "csv"})
	require.NoError(t, err)
	require.Len(t, res.Columns, 1)
	require.Len(t, res.Columns[0].Warnings, 1)
	require.Contains(t, res.Columns[0].Warnings[0], "rows[1] (sheet row 5) holds text that is not a number ('n/a')")
}

// The column facts are counted once for the same data and the same
// columns read (a keystroke's check), and again when either changes: the
// facts and warnings then follow the new lines and the new data.
func TestCheckColumnsKept(t *testing.T) {
	md := "- **total:** ${row.Amount * 2}\n"
	sheet := "Amount\n100\nn/a\n"
	cases := []struct {
		name, flow, data string
		line             int
		facts            string
	}{
		{"first", md, sheet, 1, "number 1 (100); other text 1 ('n/a')"},
		{"same again", md, sheet, 1, "number 1 (100); other text 1 ('n/a')"},
		{"a line above", "# Title\n" + md, sheet, 2, "number 1 (100); other text 1 ('n/a')"},
		{"other data", "# Title\n" + md, "Amount\n100\n7\n", 2, "number 2 (100, 7)"},
	}
	for _, c := range cases {
		res, err := Check(context.Background(), Request{Flow: c.flow, Data: c.data, Format: "csv"})
		require.NoError(t, err, c.name)
		require.Len(t, res.Columns, 1, c.name)
		col := res.Columns[0]
		require.Equal(t, SheetColumn{Name: "Amount", Line: c.line, Numeric: true, Facts: c.facts}, SheetColumn{Name: col.Name, Line: col.Line, Numeric: col.Numeric, Facts: col.Facts}, c.name)
		require.Equal(t, strings.Contains(c.facts, "other text"), len(col.Warnings) == 1, c.name)
	}
}

// D45, D49: a row counts for a column read as a number only when its run
// read it so: where a part before the comparison leaves the row out, the
// playground's column warning is validate -data's, which the advice,
// followed, clears; a row that the comparison still reads is named. (Found
// by TestPropToolsAgreeWithValidate: the playground counted every row.)
func TestCheckColumnsGuardedAsValidate(t *testing.T) {
	md := "- **condition:** ${row.amount} != 'n/a' and ${row.amount} > 5\n"
	res, err := Check(context.Background(), Request{Flow: md, Data: "amount\n10\nn/a\n20\n", Format: "csv"})
	require.NoError(t, err)
	require.Len(t, res.Columns, 1)
	require.Equal(t, "number 2 (10, 20); other text 1 ('n/a')", res.Columns[0].Facts)
	require.Empty(t, res.Columns[0].Warnings, "the advice followed clears the warning")

	res, err = Check(context.Background(), Request{Flow: md, Data: "amount\n10\nn/a\nabc\n", Format: "csv"})
	require.NoError(t, err)
	require.Len(t, res.Columns, 1)
	require.Len(t, res.Columns[0].Warnings, 1)
	require.Contains(t, res.Columns[0].Warnings[0], "but rows[2] (sheet row 4) holds text that is not a number ('abc')")

	// A field that reads the column as a number reads it on every row:
	// its warning stays, whatever a condition leaves out; a column read
	// so only by the condition has none, and a keystroke in the field's
	// line (the conditions the same) keeps it so.
	for _, note := range []string{"", "x"} {
		md2 := "- **condition:** ${row.amount} != 'n/a' and ${row.amount} > 5 and ${row.b} != 'n/a' and ${row.b} > 1\n- **twice:** ${row.amount * 2}" + note + "\n"
		res, err = Check(context.Background(), Request{Flow: md2, Data: "amount,b\n10,n/a\nn/a,3\n", Format: "csv"})
		require.NoError(t, err)
		require.Len(t, res.Columns, 2)
		require.Len(t, res.Columns[0].Warnings, 1, "amount")
		require.Contains(t, res.Columns[0].Warnings[0], "rows[1] (sheet row 3) holds text that is not a number ('n/a'); correct the data: a field reads")
		require.Empty(t, res.Columns[1].Warnings, "b")
	}

	// A leading `if ` (D44) decides the line before the comparison on
	// every row: no row reads the column as a number.
	md = "- **condition:** if ${row.x} is not empty or ${number(row.amount)} < 100\n"
	res, err = Check(context.Background(), Request{Flow: md, Data: "amount\nLapsed\n", Format: "csv"})
	require.NoError(t, err)
	require.Len(t, res.Columns, 2)
	require.Empty(t, res.Columns[1].Warnings)
}

// D49 in the playground: the fix of ${env.NAME} is one the page can
// follow; it has no -env, and never shows an environment.
func TestCheckEnvFix(t *testing.T) {
	for _, line := range []string{"- **e:** ${env.HOME}\n", "- **condition:** ${upper(env.HOME)} == X\n"} {
		res, err := Check(context.Background(), Request{Flow: line})
		require.NoError(t, err)
		require.Len(t, res.Problems, 1, line)
		require.True(t, strings.HasSuffix(res.Problems[0].Message,
			"the playground reads no environment, so this is empty here; the flow reads env.HOME when it runs with -env HOME"), res.Problems[0].Message)
	}
}

// D41 in the playground: a problem that the row checked gives names it,
// index and sheet row, as validate -json -row N writes it; one known
// without data names no row.
func TestCheckProblemsNameTheRow(t *testing.T) {
	md := "- **n:** ${number(row.amount) + 1}\n- **u:** ${lenght(x)}\n"
	res, err := Check(context.Background(), Request{Flow: md, Data: "amount\n5\n\nx\n", Format: "csv", Row: -1})
	require.NoError(t, err)
	require.Len(t, res.Problems, 2)
	p := res.Problems[0]
	require.Equal(t, "${number(row.amount) + 1}: number: no number in 'x'", p.Message)
	require.Equal(t, []int{1}, p.Rows)
	require.Equal(t, []int{4}, p.SheetRows) // a blank line before it
	require.Equal(t, 1, p.RowCount)
	require.Equal(t, 1, *p.Row)
	require.Equal(t, 4, p.SheetRow)
	require.Nil(t, res.Problems[1].Rows, res.Problems[1].Message)
	require.Nil(t, res.Problems[1].Row)
}
