package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/flow"
)

// The maps of a streamed row's scope (its variables and its values) are
// used again once the rows before it are done (rowsDone): over a sheet of
// many rows run on every worker, each row's results are those of a run
// whose rows each have maps of their own (rows). (Run with -race, it also
// checks that no row's map is read after it is used again, here and in
// preview and validate.)
func TestRowMapsUsedAgain(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,name,amount,status\n")
	for i := range 3000 {
		amount := fmt.Sprintf("%d.%02d", i, i%100)
		if i%41 == 7 {
			amount = "n/a"
		}
		fmt.Fprintf(&b, "R%05d,Name %d,%s,%s\n", i, i%7, amount, []string{"Due", "Paid", "Lapsed"}[i%3])
	}
	dir := t.TempDir()
	sheet := filepath.Join(dir, "rows.csv")
	require.NoError(t, os.WriteFile(sheet, []byte(b.String()), 0o600))
	src := "- **id:** ${row.id} for ${row.name}\n- **amount:** ${round(number(row.amount) / 12, 2)}\n" +
		"- **condition:** ${row.status} == Due and ${number(row.amount)} > 10\n- **all:** ${row}\n"
	file := filepath.Join(dir, "f.md")
	require.NoError(t, os.WriteFile(file, []byte(src), 0o600))
	f, err := flow.Compile(file, []byte(src), flow.SampleWarnings())
	require.NoError(t, err)
	plan := &rowsPlan{sheet: true, every: true, path: sheet}
	results := func(reuse bool) []string {
		rows, done := plan.rows(false), func(int) {}
		if reuse {
			rows, done = plan.rowsDone(false)
		}
		var out []string
		for r, err := range f.RunRows(context.Background(), rows) {
			require.NoError(t, err)
			done(r.Row)
			for _, res := range r.Results {
				out = append(out, r.Name()+" "+res.String())
			}
		}
		return out
	}
	want := results(false)
	require.Len(t, want, 4*3000)
	require.Equal(t, want, results(true))

	// the CLI's runs, which use them again, over the same sheet (for -race)
	for _, args := range [][]string{
		{"preview", "-each", "-format", "csv"},
		{"preview", "-each", "-summary"},
		{"validate"},
	} {
		r := runCLI(t, "", append(args, "-data", sheet, file)...)
		require.Equal(t, exitProblem, r.code, args) // the rows of n/a fail
		require.NotEmpty(t, r.stdout, args)
	}
}
