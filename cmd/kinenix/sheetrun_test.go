package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// D41: with -key, a row is named by that column's value as a field shows
// it (D3: a list's items joined with ", ", a dictionary as JSON), never as
// Go prints a slice or a map (`[1 2]`, `map[a:1]`).
func TestKeyOfListOrDictionary(t *testing.T) {
	d := writeFile(t, "r.jsonl", "{\"id\":[1,2],\"amount\":\"x\"}\n{\"id\":{\"a\":1},\"amount\":\"y\"}\n")
	f := writeFlow(t, "f.md", "- **id:** ${row.id}\n- **amt:** ${number(row.amount)}\n")
	r := runCLI(t, "", "preview", "-data", d, "-each", "-key", "id", f)
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stdout, "rows[0] (1, 2):\n"+f+":1: id: 1, 2\n")
	require.Contains(t, r.stdout, "rows[1] ({\"a\":1}):\n"+f+":1: id: {\"a\":1}\n")
	r = runCLI(t, "", "validate", "-data", d, "-key", "id", f)
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stdout, "(rows[0] (1, 2);")
	require.NotContains(t, r.stdout, "map[")
	require.NotContains(t, r.stdout, "[1 2]")
}

// D36, spec section 16: a sheet that is not valid (here a quoted field
// never closed, on line 4) is an error with its line in every command,
// also when the row computed comes before the mistake: preview and
// validate with -row 0 (or preview's first row by default) say it and
// exit 2, as render and cond do, and as -row -1 does, rather than pass a
// broken file in silence.
func TestSheetErrorAfterRowPicked(t *testing.T) {
	d := writeFile(t, "bad.csv", "name,amount\nA,1\nB,2\nC,\"open\n")
	f := writeFlow(t, "f.md", "- **name:** ${row.name}\n")
	msg := "data in " + d + ": line 4: not valid CSV: a quoted field has text after its closing \", or is never closed"
	for _, args := range [][]string{
		{"render", "-data", d, "-row", "0", "${row.name}"},
		{"preview", "-data", d, "-row", "-1", f},
		{"preview", "-data", d, "-row", "0", f},
		{"preview", "-data", d, f},
		{"preview", "-data", d, "-row", "1", "-format", "jsonl", f},
		{"preview", "-data", d, "-row", "0", "-json", f},
		{"validate", "-data", d, "-row", "0", f},
		{"validate", "-data", d, f},
	} {
		r := runCLI(t, "", args...)
		require.Equal(t, 2, r.code, "%v: %s%s", args, r.stdout, r.stderr)
		require.Contains(t, r.stderr, msg, args)
	}
}

// Spec section 14: a -where CONDITION that is no condition of the flow is
// tested on each row, with the variables a condition has: `rows` too, the
// whole sheet, though the flow itself does not read it (then the sheet is
// streamed without it). It chose no row, in silence, as if it were false.
func TestWhereReadsRows(t *testing.T) {
	d := writeFile(t, "s.csv", "name,amount\nA,1\nB,2\nC,3\n")
	f := writeFlow(t, "f.md", "- **name:** ${row.name}\n")
	for _, where := range []string{"${len(rows)} > 2", "${rows[-1].name} == C"} {
		r := runCLI(t, "", "preview", "-data", d, "-where", where, f)
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, "rows[0] (sheet row 2):\n"+f+":1: name: A\n"+
			"rows[1] (sheet row 3):\n"+f+":1: name: B\n"+
			"rows[2] (sheet row 4):\n"+f+":1: name: C\n", r.stdout, where)
		old := writeFlow(t, "old.md", "- **name:** ${lower(row.name)}\n")
		r = runCLI(t, "", "preview", "-data", d, "-where", where, "-compare", old, f)
		require.Equal(t, 0, r.code, r.stderr)
		require.Contains(t, r.stdout, "3 rows, 3 changed", where)
	}
}
