package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The spec's validate-data example (section 13) is what the command line
// prints: validate -data runs the flow with the data (D43), so what fails
// with it is an error and the exit status 1. The document's data block is
// the data, the flow block before the example the flow.
func TestSpecValidateData(t *testing.T) {
	b, err := os.ReadFile("../../docs/flow_markdown_spec.md")
	require.NoError(t, err)
	doc := strings.ReplaceAll(string(b), "\r\n", "\n")
	block := func(open string, from int) (body string, end int) {
		i := strings.Index(doc[from:], "\n"+open+"\n")
		require.GreaterOrEqual(t, i, 0, "no %s block", open)
		start := from + i + len(open) + 2
		j := strings.Index(doc[start:], "\n```\n")
		require.GreaterOrEqual(t, j, 0)
		return doc[start : start+j+1], start + j
	}
	data, _ := block("```data", 0)
	at := strings.Index(doc, "\n```validate-data\n")
	require.Greater(t, at, 0)
	flowAt := strings.LastIndex(doc[:at], "\n```flow\n")
	require.Greater(t, flowAt, 0)
	src, end := block("```flow", flowAt)
	require.Less(t, end, at, "the flow block is the one right before")
	want, _ := block("```validate-data", at)

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "data.json"), []byte(data), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "flow.md"), []byte(src), 0o600))
	t.Chdir(dir)
	r := runCLI(t, "", "validate", "-data", "data.json", "flow.md")
	require.Equal(t, want, r.stdout)
	require.Empty(t, r.stderr)
	require.Equal(t, 1, r.code, "lines 4 and 5 fail with the data: errors (D43)")
}
