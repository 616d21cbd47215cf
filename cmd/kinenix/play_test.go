package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// play refuses what would open the page to other machines or read what it
// should not, before it listens.
func TestPlayUsage(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "-addr", "0.0.0.0:8080"}, "kinenix: -addr 0.0.0.0:8080 is not a loopback address: the page would be open to other machines; give -public to allow it\n"},
		{[]string{"play", "-addr", ":8080"}, "kinenix: -addr :8080 is not a loopback address: the page would be open to other machines; give -public to allow it\n"},
		{[]string{"play", "-addr", "8080"}, "kinenix: -addr \"8080\" is not HOST:PORT\n"},
		{[]string{"play", "a.md", "b.md"}, "kinenix: play takes at most one flow file; usage: kinenix play [-addr 127.0.0.1:8080] [-data FILE] [FLOW.md]\n"},
		{[]string{"play", "-addr", "127.0.0.1:0", "testdata/no-such-flow.md"}, "kinenix: flow file testdata/no-such-flow.md does not exist\n"},
		{[]string{"play", "-addr", "127.0.0.1:0", "-data", "testdata/no-such-data.json"}, "kinenix: data file testdata/no-such-data.json does not exist\n"},
		{[]string{"play", "-addr", "127.0.0.1:0", "-"}, "kinenix: play reads the flow from a file, not standard input\n"},
		{[]string{"play", "-addr", "127.0.0.1:0", "-data", "sheet.xlsx"}, "kinenix: data file sheet.xlsx: the playground edits data as text: give JSON, YAML or CSV\n"},
		{[]string{"play", "-nope"}, "kinenix: flag provided but not defined: -nope\n"},
	} {
		r := runCLI(t, "", tc.args...)
		require.Equal(t, exitUsage, r.code, tc.args)
		require.Equal(t, tc.want, r.stderr, tc.args)
		require.Empty(t, r.stdout, tc.args)
	}
}
