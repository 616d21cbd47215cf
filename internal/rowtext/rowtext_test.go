package rowtext

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCount(t *testing.T) {
	for n, want := range map[int]string{0: "0", 999: "999", 1000: "1,000", 12546: "12,546", 1234567: "1,234,567", -1204: "-1,204", -12: "-12"} {
		require.Equal(t, want, Count(n), n)
	}
}

// D41: `rows 1-2, 6 and 12,546 more`: runs of neighbours, at most MaxRuns
// of them, the rest counted.
func TestRuns(t *testing.T) {
	var r Runs
	for _, i := range []int{1, 2, 6} {
		r.Add(i)
	}
	require.Equal(t, "rows 1-2, 6", r.Text())

	var many Runs
	n := 0
	for i := 0; n < MaxRuns+12546; i += 2 { // no two neighbours: a run each
		many.Add(i)
		n++
	}
	require.Equal(t, MaxRuns, len(many.runs))
	require.Contains(t, many.Text(), " and 12,546 more")
	require.True(t, len(many.Text()) < 100, many.Text())
}
