package main

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The messages of the probe's minor findings: each names the reason and a
// fix that works when followed (D49).
func TestMessagesGiveTheFix(t *testing.T) {
	// -row, -each, -key without a sheet name every kind of sheet
	r := runCLI(t, "", "render", "-row", "1", "${a}")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "give the sheet with -data FILE.csv, FILE.xlsx or FILE.jsonl;")

	// -timeout: 0 is taken (no limit), a negative one refused as such
	f := writeFlow(t, "f.md", "- **a:** ${1}\n")
	for _, cmd := range []string{"validate", "preview"} {
		r = runCLI(t, "", cmd, "-timeout", "-1s", f)
		require.Equal(t, 2, r.code)
		require.Contains(t, r.stderr, "-timeout takes a duration of 0 or more, e.g. 30s (0, the default, sets no limit)")
		r = runCLI(t, "", cmd, "-timeout", "0", f)
		require.Equal(t, 0, r.code, r.stderr)
	}

	// #SHEET after a file that is not a workbook
	d := writeFile(t, "s.csv", "a\n1\n")
	r = runCLI(t, "", "render", "-data", d+"#x", "${1}")
	require.Equal(t, 2, r.code)
	require.Equal(t, "kinenix: data file "+d+"#x: #SHEET names a sheet of an .xlsx workbook only; give the file alone: -data "+d+"\n", r.stderr)

	// a data file too large says what to do
	big := filepath.Join(t.TempDir(), "big.csv")
	require.NoError(t, os.WriteFile(big, []byte("a\n"), 0o600))
	require.NoError(t, os.Truncate(big, maxDataSize+1)) // sparse: nothing written
	r = runCLI(t, "", "preview", "-each", "-data", big, f)
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "is larger than 64 MiB; split it into files of fewer rows, or give only the rows and columns the flow reads")

	// a condition too long
	long := writeFlow(t, "l.md", "- **condition:** "+strings.Repeat("${a} == 1 and ", 200)+"${a} == 1\n")
	r = runCLI(t, "", "validate", long)
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stdout, "the condition is longer than 2000 characters (it has 2809); split it into several condition lines, or shorten it")

	// the fix of an environment variable not let in keeps those that are
	e := writeFlow(t, "e.md", "- **a:** ${upper(env.BAZ)} ${env.FOO}\n")
	r = runCLI(t, "", "validate", "-env", "FOO", e)
	require.Equal(t, e+":1:18: warning: env.BAZ: the environment variable 'BAZ' is not let in, so this is always empty; run with -env FOO,BAZ\n", r.stdout)
}

// A data file whose size says it is too large is refused before it is
// read (charge first): 64 MiB of a file of any size was read, and copied
// once as the buffer grew, before the refusal (160 MB for a 70 MB file).
func TestDataTooLargeIsNotRead(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.json")
	require.NoError(t, os.WriteFile(big, []byte("{}"), 0o600))
	require.NoError(t, os.Truncate(big, maxDataSize+1)) // sparse: nothing written
	f, err := os.Open(big)
	require.NoError(t, err)
	defer f.Close()
	_, err = readAll(f)
	require.ErrorIs(t, err, errTooLarge)
	off, err := f.Seek(0, io.SeekCurrent)
	require.NoError(t, err)
	require.Zero(t, off, "no byte read")

	r := runCLI(t, "", "render", "-data", big, "${a}")
	require.Equal(t, 2, r.code)
	require.Equal(t, "kinenix: data in "+big+" is larger than 64 MiB; "+tooLargeFix+"\n", r.stderr)
}
