package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// -compare counts a condition that one flow does not have as one
// that holds for every row (its step runs): adding a condition skips the
// rows where it is not true (false or failing), removing it runs them; a
// row where it is true has not changed (its step runs in both).
func TestCompareAddedCondition(t *testing.T) {
	d := writeFile(t, "c.csv", "id,amount\nA1,10\nA2,3\nA3,n/a\n")
	old := writeFlow(t, "old.md", "- **a:** ${row.id}\n")
	cond := writeFlow(t, "new.md", "- **a:** ${row.id}\n- **condition:** ${number(row.amount)} > 4\n")
	r := runCLI(t, "", "preview", "-compare", old, "-data", d, cond)
	last := r.stdout[strings.LastIndex(strings.TrimSuffix(r.stdout, "\n"), "\n")+1:]
	require.Contains(t, last, "3 rows, 2 changed; rows newly skipped: 2 (rows 1-2); rows newly run: 0;", r.stdout)
	require.Equal(t, 1, r.code, "rows[2] fails in the new flow")

	r = runCLI(t, "", "preview", "-compare", cond, "-data", d, old)
	last = r.stdout[strings.LastIndex(strings.TrimSuffix(r.stdout, "\n"), "\n")+1:]
	require.Contains(t, last, "3 rows, 2 changed; rows newly skipped: 0; rows newly run: 2 (rows 1-2);", r.stdout)
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
}

// R3: conditions are matched within their step. The old flow has a
// condition in step 1 only, the new one in step 2 only: rows[3] (Lapsed)
// is newly run in step 1 and newly skipped in step 2, and is counted so,
// not hidden by matching the two conditions by label across steps. With
// -where, rows whose added condition holds have not changed.
func TestCompareConditionsOfDifferentSteps(t *testing.T) {
	d := writeFile(t, "r.csv", "id,status,amount\nA,Due,10\nB,Paid,3\nC,Due,8\nD,Lapsed,1\n")
	old := writeFlow(t, "o2.md", "# t\n\n## 1. s\n\n- **action:** x\n- **condition:** ${row.status} == Due\n\n## 2. t\n\n- **action:** y\n")
	cur := writeFlow(t, "n2.md", "# t\n\n## 1. s\n\n- **action:** x\n\n## 2. t\n\n- **action:** y\n- **condition:** ${row.status} == Paid\n")
	r := runCLI(t, "", "preview", "-compare", old, "-data", d, cur)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, "rows[3] (sheet row 5): condition (line 6 of "+old+"): 'false' -> '(no field)'\n")
	require.Contains(t, r.stdout, "rows[3] (sheet row 5): condition (line 10): '(no field)' -> 'false'\n")
	require.Contains(t, r.stdout, ": 4 rows, 4 changed; rows newly skipped: 3 (rows 0, 2-3); rows newly run: 2 (rows 1, 3);")

	// a flow without the condition against one with it, -where on it:
	// every row chosen holds it, so none changed
	plain := writeFlow(t, "o3.md", "# t\n\n## 1. s\n\n- **action:** x\n")
	cond := writeFlow(t, "b.md", "# t\n\n## 1. s\n\n- **action:** x\n- **condition:** ${row.amount} > 5\n")
	r = runCLI(t, "", "preview", "-compare", plain, "-where", "${row.amount} > 5", "-data", d, cond)
	require.Equal(t, result{0, plain + " vs " + cond + ": 2 rows, 0 changed; rows newly skipped: 0; rows newly run: 0\n", ""}, r)
}

// The summary line of -compare names at most maxSummaryFields changed
// fields and counts the rest, so that a flow of thousands of changed
// fields gives one readable line (it gave one of 55 KB for 1,428), while
// each changed row and field keeps its own line.
func TestCompareSummaryBounded(t *testing.T) {
	d := writeFile(t, "w.csv", "id\nA\nB\n")
	var old, cur strings.Builder
	const n = maxSummaryFields + 500
	for i := range n {
		fmt.Fprintf(&old, "- **f%d:** ${row.id}\n", i)
		fmt.Fprintf(&cur, "- **f%d:** ${row.id}x\n", i)
	}
	oldF, curF := writeFlow(t, "wo.md", old.String()), writeFlow(t, "wn.md", cur.String())
	r := runCLI(t, "", "preview", "-compare", oldF, "-data", d, curF)
	require.Equal(t, 0, r.code, r.stderr)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	require.Len(t, lines, 2*n+1, "a line per row and field, and the summary")
	last := lines[len(lines)-1]
	require.Contains(t, last, ": 2 rows, 2 changed; rows newly skipped: 0; rows newly run: 0; f0 changed in 2 rows (every row);")
	require.Contains(t, last, fmt.Sprintf("; f%d changed in 2 rows (every row); and 500 more fields changed (the lines above name each)", maxSummaryFields-1))
	require.NotContains(t, last, fmt.Sprintf("f%d changed", maxSummaryFields))
	require.Less(t, len(last), 2000)

	// one more field than the line names is counted as one
	r = runCLI(t, "", "preview", "-compare", writeFlow(t, "wo2.md", strings.Join(strings.SplitAfter(old.String(), "\n")[:maxSummaryFields+1], "")),
		"-data", d, writeFlow(t, "wn2.md", strings.Join(strings.SplitAfter(cur.String(), "\n")[:maxSummaryFields+1], "")))
	require.Contains(t, r.stdout, "; and 1 more field changed (the lines above name each)\n")
}
