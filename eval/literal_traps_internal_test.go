package eval

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The search for the end of a pasted placeholder (`＄｛x｝`) reads a
// literal text once, not once from each `＄｛` to its end: a field of many
// of them and no close took time growing with their square (1 MB, the
// most a flow holds, minutes). The traps found are those of each case.
func TestLiteralTrapsReadOnce(t *testing.T) {
	for _, tc := range []struct {
		lit   string
		traps int
	}{
		{strings.Repeat("＄｛", 20000), 0},
		{strings.Repeat("$\u00a0｛", 20000), 0},
		{strings.Repeat("＄｛", 20000) + "x｝", 1},
		{strings.Repeat("＄｛a｝ ", 5000), 5000},
		{strings.Repeat("$\u00a0{row.x} ＄｛", 3000), 3000},
	} {
		out, scanned := literalTrapsScanned(tc.lit, 0)
		require.Len(t, out, tc.traps)
		require.LessOrEqual(t, scanned, len(tc.lit), "bytes read of a text of %d", len(tc.lit))
	}
}
