package record

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/flow"
)

// TextOnly Rows keep no list of rows, however many are added (a field
// changed by -compare is only shown as text), and say in text what Rows
// that list them say; the zero Rows list the first flow.MaxRowsListed.
func TestTextOnlyRows(t *testing.T) {
	const n = 3 * flow.MaxRowsListed
	listed, text := Rows{}, TextOnly()
	for i := range n {
		if i%7 == 3 {
			continue
		}
		listed.Add(i, i+2, "k")
		text.Add(i, i+2, "k")
	}
	require.Len(t, listed.list, flow.MaxRowsListed)
	require.Zero(t, cap(text.list)+cap(text.sheet)+cap(text.keys), "nothing listed")
	require.Equal(t, listed.Len(), text.Len())
	require.Equal(t, listed.Text(n, false), text.Text(n, false))
	require.Equal(t, listed.Text(n, true), text.Text(n, true))

	one, oneText := Rows{}, TextOnly()
	one.Add(5, 7, "INV-5")
	oneText.Add(5, 7, "INV-5")
	require.Equal(t, "rows[5] (sheet row 7, INV-5)", oneText.Text(10, false))
	require.Equal(t, one.Text(10, false), oneText.Text(10, false))
}
