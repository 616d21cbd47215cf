package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// hostile is text that a terminal would act on: an escape sequence that
// clears the screen, a bell, a right-to-left override, invalid UTF-8.
const hostile = "\x1b[2J\a\u202e\xff"

// TestEchoesCleaned: every echo of the command line, -json included,
// writes the control characters, bidi controls and invalid UTF-8 of what
// it echoes (a file name, a flag's value, a part of a condition) as
// escapes (D37).
func TestEchoesCleaned(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "flow"+hostile+".md")
	require.NoError(t, os.WriteFile(bad, []byte("- **label "+hostile+":** ${lenght(x)}\n- **condition:** ${x} == '"+hostile+"'\n"), 0o600))
	empty := filepath.Join(dir, "dir"+hostile)
	require.NoError(t, os.Mkdir(empty, 0o700))
	sheet := filepath.Join(dir, "s.csv")
	require.NoError(t, os.WriteFile(sheet, []byte("a\n1\n"), 0o600))
	keyed := filepath.Join(dir, "k.csv") // the key column holds what a terminal acts on; the flow does not show it
	require.NoError(t, os.WriteFile(keyed, []byte("id,a\n\""+hostile[:len(hostile)-1]+"\",x\nok,1\n"), 0o600))
	plain := filepath.Join(dir, "a.md")
	require.NoError(t, os.WriteFile(plain, []byte("- **a:** ${row.a}\n- **b:** ${row.nope * 2}\n"), 0o600))
	byID := filepath.Join(dir, "id.md") // reads a column as a number: a column warning (D45) names the row
	require.NoError(t, os.WriteFile(byID, []byte("- **a:** ${row.a + 1}\n"), 0o600))

	cases := []struct {
		name string
		args []string
		want string // in standard output or error, escaped
	}{
		{"cond -explain parts", []string{"cond", "-explain", "${x} == '" + hostile[:len(hostile)-1] + "'"}, `'\u001b[2J\u0007\u202e'`},
		{"-data file name", []string{"render", "-data", "/nowhere/" + hostile + ".json", "x"}, `/nowhere/\u001b[2J\u0007\u202e\xff.json`},
		{"-data file name, -json", []string{"render", "-json", "-data", "/nowhere/" + hostile + ".json", "${x}"}, `/nowhere/\u001b[2J`},
		{"-data of a flag needing a sheet", []string{"render", "-row", "1", "-data", bad, "x"}, `flow\u001b[2J`}, // the extension is refused first (D45)
		{"-row value", []string{"cond", "-data", sheet, "-row", hostile, "true"}, `-row \u001b[2J\u0007\u202e\xff:`},
		{"-env value", []string{"render", "-env", "A=" + hostile, "x"}, `\u202e`},
		{"unknown command", []string{hostile}, `"\u001b[2J\u0007\u202e\xff"`},
		{"help of an unknown command", []string{"help", hostile}, `"\u001b[2J`},
		{"a flow file that is missing", []string{"validate", "/nowhere/" + hostile + ".md"}, `/nowhere/\u001b[2J`},
		{"a flow file that is missing, preview", []string{"preview", "/nowhere/" + hostile + ".md"}, `/nowhere/\u001b[2J`},
		{"a directory without flows", []string{"validate", empty}, `dir\u001b[2J`},
		{"validate's findings", []string{"validate", bad}, `flow\u001b[2J\u0007\u202e\xff.md:1:`},
		{"validate -json", []string{"validate", "-json", bad}, `flow\\u001b[2J\\u0007\\u202e\\xff.md`},
		{"preview", []string{"preview", "-explain", bad}, `label \u001b[2J`},
		{"preview -json -explain", []string{"preview", "-json", "-explain", bad}, `'\\u001b[2J\\u0007\\u202e\\xff'`},
		{"-key value, preview", []string{"preview", "-data", keyed, "-key", "id", "-each", plain}, `rows[0] (sheet row 2, \u001b[2J\u0007\u202e):`},
		{"-key value, preview -json", []string{"preview", "-json", "-data", keyed, "-key", "id", "-each", plain}, `"key": "\\u001b[2J\\u0007\\u202e"`},
		{"a label, preview -format table", []string{"preview", "-format", "table", "-data", sheet, bad}, `label \u001b[2J\u0007\u202e\xff`},
		{"-key value, preview -format table", []string{"preview", "-format", "table", "-data", keyed, "-key", "id", "-each", plain}, `\u001b[2J\u0007\u202e`},
		{"-key value, preview -format jsonl", []string{"preview", "-format", "jsonl", "-data", keyed, "-key", "id", "-each", plain}, `"key":"\\u001b[2J\\u0007\\u202e"`},
		{"-key value, preview -summary", []string{"preview", "-summary", "-data", keyed, "-key", "id", "-where", "${row.a} == x", "-errors", plain}, `(rows[0] (sheet row 2, \u001b[2J\u0007\u202e) of the 1 row -where chose)`},
		{"-key value, validate's column warning", []string{"validate", "-data", keyed, "-key", "id", byID}, `but rows[0] (sheet row 2, \u001b[2J\u0007\u202e) holds text`},
		{"play -addr", []string{"play", "-addr", hostile}, `"\x1b[2J\a\u202e\xff"`}, // Go-quoted
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, "", tc.args...)
			out := r.stdout + r.stderr
			require.Contains(t, out, tc.want)
			for _, raw := range []string{"\x1b", "\a", "\u202e", "\xff"} {
				require.NotContains(t, out, raw, "%q in %q", raw, out)
			}
			require.NotContains(t, out, "internal error")
			require.True(t, strings.HasSuffix(out, "\n"))
		})
	}
}
