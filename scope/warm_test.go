package scope

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// Issue #19: a scope made for one event keeps nothing and looks at none of
// its names, whatever their number; only a scope read warmReads times
// builds its table, and only one asked warmReads times about names that
// are not words looks at its names.
func TestFreshScopeKeepsNothing(t *testing.T) {
	vars := map[string]any{}
	for i := 0; i < 100; i++ {
		vars["v"+strconv.Itoa(i)] = i
	}
	s := New(vars)
	for i := 0; i < warmReads-1; i++ {
		_, _, _ = s.Var("v1")
		require.False(t, s.Has("len(v1)"))
	}
	require.Nil(t, s.cache.table.Load())
	require.Equal(t, wordsUnknown, s.cache.words.Load())
	_, _, _ = s.Var("v1")
	require.False(t, s.Has("len(v1)"))
	require.NotNil(t, s.cache.table.Load())
	require.Equal(t, wordsOnly, s.cache.words.Load())
	require.True(t, isWord("row_2"))
	require.False(t, isWord("row 2"))
	require.False(t, isWord("a.b"))
}
