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
