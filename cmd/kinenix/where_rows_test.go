package main

import (
	"testing"

	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/stretchr/testify/require"
)

// -where counts only the rows it chose (-summary, the warnings of rows
// not printed, the column warnings of D45, -compare), and its words say
// so: `every one of the 2 rows -where chose`, never `every row`, and a
// column that holds numbers in the rows not chosen is not said to hold
// none. Before, `fail 2 (every row)` and `every row holds text that is
// not a number (...); the column holds no numbers` were said of a sheet
// whose other rows hold numbers. Without -where the words are as before.
func TestWhereNamesTheRowsChosen(t *testing.T) {
	d := writeFile(t, "w.csv", "kind,amount\ngood,10\nbad,abc\ngood,20\nbad,xyz\n")
	f := writeFlow(t, "w.md", "# T\n\n- **total:** ${row.amount * 2}\n- **condition:** ${row.kind} == bad\n")
	r := runCLI(t, "", "preview", "-where", "4", "-summary", "-data", d, f)
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stdout, ": summary of 2 rows\n")
	require.Contains(t, r.stdout, "  3 total: fails in 2 rows (every one of the 2 rows -where chose)\n")
	require.Contains(t, r.stdout, "column amount is read as a number, but every one of the 2 rows -where chose holds text that is not a number ('abc', 'xyz'); "+
		"in the rows -where chose, the column holds no numbers: correct the data, or read the column as text")
	require.NotContains(t, r.stdout, "every row")
	require.NotContains(t, r.stdout, "; the column holds no numbers")

	// Some of the rows chosen: named, among the rows chosen.
	r = runCLI(t, "", "preview", "-where", "${row.kind} == bad or ${row.amount} == 10", "-summary", "-data", d, f)
	require.Contains(t, r.stdout, "  3 total: fails in 2 rows (rows 1, 3 of the 3 rows -where chose)\n", r.stdout)
	require.Contains(t, r.stdout, "column amount is read as a number, but rows[1] (sheet row 3), rows[3] (sheet row 5) hold text that is not a number ('abc', 'xyz'); correct the data: a field reads")

	// -compare -where says the same of its rows.
	old := writeFlow(t, "o.md", "# T\n\n- **total:** ${row.amount}\n- **condition:** ${row.kind} == bad\n")
	r = runCLI(t, "", "preview", "-compare", old, "-where", "${row.kind} == good", "-data", d, f)
	require.Contains(t, r.stdout, "total changed in 2 rows (every one of the 2 rows -where chose)\n", r.stdout)

	// A warning of rows not printed (-summary alone) names them so too.
	nk := writeFlow(t, "k.md", "- **a:** ${row.nope}\n- **condition:** ${row.kind} == bad\n")
	r = runCLI(t, "", "preview", "-where", "2", "-summary", "-data", d, nk)
	require.Contains(t, r.stdout, "warning: row.nope: no key 'nope' in row (every one of the 2 rows -where chose)\n", r.stdout)
	r = runCLI(t, "", "preview", "-summary", "-data", d, nk)
	require.Contains(t, r.stdout, "warning: row.nope: no key 'nope' in row (every row)\n", r.stdout)

	// One row of -row N is named as itself.
	r = runCLI(t, "", "preview", "-where", "4", "-row", "1", "-summary", "-data", d, f)
	require.Contains(t, r.stdout, "  3 total: fails in 1 row (rows[1] (sheet row 3))\n", r.stdout)

	// Without -where: every row of the sheet, as before.
	r = runCLI(t, "", "preview", "-summary", "-data", d, f)
	require.Contains(t, r.stdout, "  3 total: fails in 2 rows (rows 1, 3)\n")
	r = runCLI(t, "", "preview", "-summary", "-data", writeFile(t, "t.csv", "kind,amount\nbad,abc\nbad,xyz\n"), f)
	require.Contains(t, r.stdout, "  3 total: fails in 2 rows (every row)\n")
	require.Contains(t, r.stdout, "but every row holds text that is not a number ('abc', 'xyz'); the column holds no numbers: correct the data")
}

// Rows chosen by -where are told among them, as rows run before a run
// stopped are (D42).
func TestRowsTextChosen(t *testing.T) {
	for _, c := range []struct {
		rows []int
		of   record.Among
		want string
	}{
		{[]int{0, 1}, record.Among{Rows: 2, Chosen: "-where"}, "every one of the 2 rows -where chose"},
		{[]int{0, 1, 2, 5}, record.Among{Rows: 10, Chosen: "-where"}, "rows 0-2, 5 of the 10 rows -where chose"},
		{[]int{3}, record.Among{Rows: 1, Chosen: "-where"}, "rows[3] (sheet row 5) of the 1 row -where chose"},
		{[]int{0, 1}, record.Among{Rows: 2, Chosen: "-where", Stopped: true}, "every one of the 2 rows -where chose before the run stopped"},
		{[]int{0, 1, 2, 5}, record.Among{Rows: 10, Chosen: "-where and -errors"}, "rows 0-2, 5 of the 10 rows -where and -errors chose"},
		{[]int{0, 1}, record.Among{Rows: 2}, "every row"},
		{[]int{0, 1}, record.Among{Rows: 2, Stopped: true}, "every one of the 2 rows run before the run stopped"},
	} {
		var r record.Rows
		for _, i := range c.rows {
			r.Add(i, i+2, "")
		}
		require.Equal(t, c.want, r.TextOf(c.of), c.rows)
		if c.of.Chosen == "" {
			require.Equal(t, c.want, r.Text(c.of.Rows, c.of.Stopped))
		}
	}
}
