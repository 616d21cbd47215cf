package main

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// D45: a sheet with nothing in it is told as empty, not as "a header and
// no rows" (it has no header), by preview and validate alike.
func TestEmptySheetIsToldAsEmpty(t *testing.T) {
	p := writeFlow(t, "f.md", "- **n:** ${row.amount}\n")
	for _, name := range []string{"e.csv", "e.jsonl"} {
		d := writeFile(t, name, "")
		r := runCLI(t, "", "preview", "-data", d, p)
		require.Equal(t, result{0, d + ":1:1: warning: the file is empty (no header, no rows), so there is no row to preview\n", ""}, r, name)
		r = runCLI(t, "", "validate", "-data", d, p)
		require.Equal(t, 0, r.code, name)
		require.Contains(t, r.stdout, d+":1:1: warning: the file is empty (no header, no rows), so the flows were checked without data", name)
		require.NotContains(t, r.stdout, "header and no rows", name)
	}
}

// Spec, data files: JSON lines have the columns of every line, in the
// order first seen, so -key may name a column that first comes on a later
// line; a row without it is named by its number alone. A column no line
// has is still refused, listing every column seen.
func TestJSONLinesKeyFirstSeenLater(t *testing.T) {
	d := writeFile(t, "k.jsonl", "{\"a\":1}\n{\"a\":2,\"id\":\"K2\"}\n")
	p := writeFlow(t, "f.md", "- **n:** ${row.a}\n")
	for _, cmd := range []string{"preview", "validate"} {
		r := runCLI(t, "", cmd, "-data", d, "-each", "-key", "id", p)
		if cmd == "validate" {
			r = runCLI(t, "", cmd, "-data", d, "-key", "id", p)
		}
		require.Equal(t, 0, r.code, "%s: %+v", cmd, r)
	}
	r := runCLI(t, "", "preview", "-data", d, "-each", "-key", "id", p)
	require.Contains(t, r.stdout, "rows[0]:\n")
	require.Contains(t, r.stdout, "rows[1] (K2):\n")
	r = runCLI(t, "", "preview", "-data", d, "-each", "-key", "nope", p)
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "-key nope is not a column of "+d+"; its columns are a, id")
}

// A -key that is not a column lists five columns and how many more, as
// a missing sheet lists sheets (probe-bounds F6: 200,000 columns made a
// message of 1.7 MB).
func TestKeyNotAColumnListsFew(t *testing.T) {
	var hdr, row strings.Builder
	for j := range 10000 {
		if j > 0 {
			hdr.WriteByte(',')
			row.WriteByte(',')
		}
		fmt.Fprintf(&hdr, "k%d", j)
		row.WriteByte('1')
	}
	d := writeFile(t, "w.csv", hdr.String()+"\n"+row.String()+"\n")
	p := writeFlow(t, "f.md", "- **n:** ${row.k0}\n")
	r := runCLI(t, "", "preview", "-data", d, "-each", "-key", "nope", p)
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "-key nope is not a column of "+d+"; its columns are k0, k1, k2, k3, k4, and 9995 more")
	require.Less(t, len(r.stderr), 1000)
}
