package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// -compare counts a condition that one flow does not have as one
// that holds for every row (its step runs): adding a condition skips the
// rows where it is not true (false or failing), removing it runs them.
func TestCompareAddedCondition(t *testing.T) {
	d := writeFile(t, "c.csv", "id,amount\nA1,10\nA2,3\nA3,n/a\n")
	old := writeFlow(t, "old.md", "- **a:** ${row.id}\n")
	cond := writeFlow(t, "new.md", "- **a:** ${row.id}\n- **condition:** ${number(row.amount)} > 4\n")
	r := runCLI(t, "", "preview", "-compare", old, "-data", d, cond)
	last := r.stdout[strings.LastIndex(strings.TrimSuffix(r.stdout, "\n"), "\n")+1:]
	require.Contains(t, last, "3 rows, 3 changed; rows newly skipped: 2 (rows 1-2); rows newly run: 0;", r.stdout)
	require.Equal(t, 1, r.code, "rows[2] fails in the new flow")

	r = runCLI(t, "", "preview", "-compare", cond, "-data", d, old)
	last = r.stdout[strings.LastIndex(strings.TrimSuffix(r.stdout, "\n"), "\n")+1:]
	require.Contains(t, last, "3 rows, 3 changed; rows newly skipped: 0; rows newly run: 2 (rows 1-2);", r.stdout)
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
}
