package funcs

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestJSON encodes every function as the reference shows it: the docs'
// fields, none of the machinery (Call, Shortcut, EmptyFirst, Receiver, a
// parameter's Default and Lazy), so encoding/json never meets a func.
func TestJSON(t *testing.T) {
	b, err := json.Marshal(All())
	require.NoError(t, err)
	var got []map[string]any
	require.NoError(t, json.Unmarshal(b, &got))
	require.Len(t, got, len(table))
	keys := func(m map[string]any) []string { return slices.Sorted(maps.Keys(m)) }
	for i, f := range got {
		require.Equal(t, []string{"doc", "empty", "examples", "name", "params"}, keys(f), table[i].Name)
		require.Equal(t, table[i].Name, f["name"])
		require.Equal(t, table[i].Empty, f["empty"])
		params := f["params"].([]any)
		require.Len(t, params, len(table[i].Params), table[i].Name)
		for j, p := range params {
			want := table[i].Params[j]
			require.Equal(t, map[string]any{"name": want.Name, "optional": want.Optional, "doc": want.Doc}, p)
		}
		examples := f["examples"].([]any)
		require.Len(t, examples, len(table[i].Examples), table[i].Name)
		for j, e := range examples {
			want := table[i].Examples[j]
			require.Equal(t, map[string]any{"expr": want.Expr, "want": want.Want}, e)
		}
	}
}
