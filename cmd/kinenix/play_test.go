package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// play refuses what would open the page to other machines or read what it
// should not, before it listens.
func TestPlayUsage(t *testing.T) {
	const usage = "; usage: kinenix play [-addr 127.0.0.1:8080] [-public] [-data FILE] [FLOW.md] (kinenix help play for more)\n"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "-addr", "0.0.0.0:8080"}, "kinenix play: -addr 0.0.0.0:8080 is not a loopback address: the page would be open to other machines; give -public to allow it" + usage},
		{[]string{"play", "-addr", ":8080"}, "kinenix play: -addr :8080 is not a loopback address: the page would be open to other machines; give -public to allow it" + usage},
		{[]string{"play", "-addr", "8080"}, "kinenix play: -addr \"8080\" is not HOST:PORT" + usage},
		{[]string{"play", "a.md", "b.md"}, "kinenix play: play takes at most one flow file, got 2" + usage},
		{[]string{"play", "-addr", "127.0.0.1:0", "-"}, "kinenix play: play reads the flow from a file, not standard input" + usage},
		{[]string{"play", "-addr", "127.0.0.1:0", "-data", "testdata/no-such-sheet.xlsx#Sheet 2"}, "kinenix: data file testdata/no-such-sheet.xlsx does not exist\n"},
		{[]string{"play", "-nope"}, "kinenix play: unknown flag -nope" + usage},
		{[]string{"play", "-addr", "127.0.0.1:0", "testdata/no-such-flow.md"}, "kinenix: flow file testdata/no-such-flow.md does not exist\n"},
		{[]string{"play", "-addr", "127.0.0.1:0", "-data", "testdata/no-such-data.json"}, "kinenix: data file testdata/no-such-data.json does not exist\n"},
	} {
		r := runCLI(t, "", tc.args...)
		require.Equal(t, exitUsage, r.code, tc.args)
		require.Equal(t, tc.want, r.stderr, tc.args)
		require.Empty(t, r.stdout, tc.args)
	}
}
