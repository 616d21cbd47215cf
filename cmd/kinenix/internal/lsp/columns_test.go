package lsp

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/scope"
)

// D45: the hover on row.X with a sheet as sample data shows what the
// column holds over the sheet's rows.
func TestColumnNote(t *testing.T) {
	s := scope.New(map[string]any{
		"row":  map[string]any{"Amount": "100"},
		"rows": []any{map[string]any{"Amount": "100"}, map[string]any{"Amount": "n/a"}, map[string]any{"Amount": ""}},
	})
	require.Equal(t, "\n\nColumn over 3 rows: number text 1 ('100'); other text 1 ('n/a'); nothing 1", columnNote("row.Amount", s))
	require.Equal(t, "", columnNote("rows[0].Amount", s), "only row.X")
	require.Equal(t, "", columnNote("row.Amount", nil))
	require.Equal(t, "", columnNote("row.Amount", scope.New(map[string]any{"row": map[string]any{}})), "no sheet")
	text, _, _, ok := hoverText(placeholderOf(t, "row.Amount"), 5, s)
	require.True(t, ok)
	require.Contains(t, text, "`row.Amount`: text in the sample data")
}
