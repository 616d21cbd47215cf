package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
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

// -row -k on a streamed sheet keeps only the sheet's last k rows
// (streamTail), never the whole sheet: it computes the row that -row
// n-k does, named alike, in CSV, XLSX and JSON lines, for preview and
// validate; past the first row it is out of range with the message of a
// held sheet; and with more than maxTailRows the sheet is held as before.
func TestNegativeRowStreamsTail(t *testing.T) {
	f := writeFlow(t, "f.md", "- **name:** ${row.name}\n- **id:** ${row.id}\n")
	csv := writeFile(t, "s.csv", "id,name\n1,A\n2,B\n3,C\n4,D\n")
	jsonl := writeFile(t, "s.jsonl", "{\"id\":1,\"name\":\"A\"}\n{\"id\":2,\"name\":\"B\"}\n{\"id\":3,\"name\":\"C\"}\n{\"id\":4,\"name\":\"D\"}\n")
	for _, d := range []string{csv, jsonl, "../../examples/renewals.xlsx"} {
		n := 4
		if d == "../../examples/renewals.xlsx" {
			all := runCLI(t, "", "preview", "-data", d, "-each", "-format", "jsonl", f)
			require.Equal(t, 0, all.code, all.stderr)
			n = strings.Count(all.stdout, "\n")
		}
		for k := 1; k <= n; k++ {
			for _, cmd := range [][]string{{"preview"}, {"preview", "-json"}, {"validate"}} {
				back := runCLI(t, "", append(cmd, "-data", d, "-row", strconv.Itoa(-k), "-key", "id", f)...)
				front := runCLI(t, "", append(cmd, "-data", d, "-row", strconv.Itoa(n-k), "-key", "id", f)...)
				require.Equal(t, front, back, "%s %v -row %d", d, cmd, -k)
			}
		}
		r := runCLI(t, "", "preview", "-data", d, "-row", strconv.Itoa(-n-1), f)
		require.Equal(t, 2, r.code, r.stdout)
		require.Contains(t, r.stderr, "-row "+strconv.Itoa(-n-1)+" is out of range: the sheet in "+d+" has "+strconv.Itoa(n)+" rows")
	}
	// Past maxTailRows the held sheet answers, as it did for every -k.
	r := runCLI(t, "", "preview", "-data", csv, "-row", strconv.Itoa(-maxTailRows-1), f)
	require.Equal(t, 2, r.code, r.stdout)
	require.Contains(t, r.stderr, "is out of range: the sheet in "+csv+" has 4 rows")
}

// D44, spec section 14: a -where CONDITION that is no condition of the
// flow has its traps said once on standard error, as cond says them; a
// line quietly false on every row (`&&`, `== Due or Lapsed`) chose no row
// in silence. A right one says nothing.
func TestWhereTrapsSaid(t *testing.T) {
	d := writeFile(t, "s.csv", "name,amount,status\nA,10,Due\nB,1,Lapsed\n")
	f := writeFlow(t, "f.md", "- **name:** ${row.name}\n")
	for where, want := range map[string]string{
		"${row.amount} > 5 && ${row.name} == A": "write and: ${row.amount} > 5 and ${row.name} == A",
		"${row.status} == Due or Lapsed":        "write ${row.status} in Due, Lapsed",
	} {
		r := runCLI(t, "", "preview", "-data", d, "-where", where, f)
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, 1, strings.Count(r.stderr, "kinenix preview: -where: warning: condition: "), r.stderr)
		require.Contains(t, r.stderr, want)
	}
	r := runCLI(t, "", "preview", "-data", d, "-where", "${row.status} in Due, Lapsed", f)
	require.Equal(t, 0, r.code, r.stderr)
	require.Empty(t, r.stderr)
	require.Contains(t, r.stdout, "rows[1] (sheet row 3):")
	// Over a folder of flows, once a run, not once a flow.
	dir := t.TempDir()
	for _, name := range []string{"a.md", "b.md"} {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte("- **name:** ${row.name}\n"), 0o600))
	}
	r = runCLI(t, "", "preview", "-data", d, "-where", "${row.status} == Due or Lapsed", dir)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, 1, strings.Count(r.stderr, "kinenix preview: -where: warning: "), r.stderr)
}

// D16: the data read from standard input is named as other messages name
// it, "standard input", never "-".
func TestSheetFlagOnStandardInput(t *testing.T) {
	f := writeFlow(t, "f.md", "- **name:** ${row.name}\n")
	for _, flag := range [][]string{{"-key", "id"}, {"-row", "1"}, {"-each"}} {
		args := append([]string{"preview", "-data", "-"}, flag...)
		r := runCLI(t, "{\"row\": {\"name\": \"A\"}}", append(args, f)...)
		require.Equal(t, 2, r.code, r.stdout)
		require.Contains(t, r.stderr, flag[0]+" needs a sheet (.csv, .xlsx or .jsonl); standard input (JSON or YAML) is not one")
	}
}
