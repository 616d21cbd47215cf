package hostvars

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"
)

// Issue #19: a scope made for one event keeps nothing and looks at none of
// its names, whatever their number; only a scope used warmUses times
// builds its table, and only then looks, once, at its names when asked
// about one that is not a word.
func TestFreshScopeKeepsNothing(t *testing.T) {
	vars := map[string]any{}
	for i := 0; i < 100; i++ {
		vars["v"+strconv.Itoa(i)] = i
	}
	v := New(vars)
	for i := 0; i < warmUses-1; i++ {
		r := v.Reader()
		_, _, _ = r.Var("v1")
		require.False(t, r.Has("len(v1)"))
		require.Nil(t, r.t)
	}
	require.Nil(t, v.kept)
	require.Equal(t, tableNone, v.state.Load())
	r := v.Reader()
	require.NotNil(t, r.t)
	require.Equal(t, wordsUnknown, r.t.words.Load())
	_, _, _ = r.Var("v1")
	require.False(t, r.Has("len(v1)"))
	require.Equal(t, wordsOnly, r.t.words.Load())
	require.Same(t, r.t, v.Reader().t, "the table is built once")
	require.True(t, isWord("row_2"))
	require.False(t, isWord("row 2"))
	require.False(t, isWord("a.b"))
}

// A nil *Vars and a zero Reader read nothing and have the default limits.
func TestNilVars(t *testing.T) {
	var v *Vars
	r := v.Reader()
	_, found, err := r.Var("x")
	require.NoError(t, err)
	require.False(t, found)
	require.False(t, r.Has("x"))
	_, ok := r.Env("HOME")
	require.False(t, ok)
	require.Positive(t, v.MaxSize())
	require.Zero(t, v.MaxWork())
	require.Nil(t, v.Names())
}

// A warm scope's reads, by name or by a Name made once, give what the map
// holds, for more names than the table has slots and for names that share
// a hash (same length, first and last bytes: "axb", "ayb"), read again
// once kept.
func TestWarmTableReads(t *testing.T) {
	vars := map[string]any{}
	var names []string
	for i := 0; i < 2*tableSize; i++ {
		name := "a" + strconv.Itoa(i) + "b"
		vars[name] = i
		names = append(names, name)
	}
	v := New(vars)
	for i := 0; i < warmUses; i++ {
		v.Reader()
	}
	require.Equal(t, tableSet, v.state.Load())
	for round := 0; round < 2; round++ {
		r := v.Reader()
		require.NotNil(t, r.t)
		for i, name := range names {
			n := NameOf(name)
			got, found, err := r.VarOf(&n)
			require.NoError(t, err)
			require.True(t, found, name)
			require.Equal(t, strconv.Itoa(i), got.Num().String(), name)
			again, _, _ := r.Var(name)
			require.Equal(t, got, again, name)
			require.True(t, r.HasOf(&n), name)
		}
		missing := NameOf("a9999b")
		_, found, _ := r.VarOf(&missing)
		require.False(t, found)
		require.False(t, r.HasOf(&missing))
	}
}

// Readers are the Same only when they read one warm scope; setting the
// environment of a warm scope drops its table, so a Reader made before is
// not the Same as one made after (it copied the old function).
func TestSameReaders(t *testing.T) {
	warm := func(vars map[string]any) *Vars {
		v := New(vars)
		for i := 0; i < warmUses; i++ {
			v.Reader()
		}
		return v
	}
	a, b := warm(map[string]any{"x": 1}), warm(map[string]any{"x": 1})
	ra, ra2, rb := a.Reader(), a.Reader(), b.Reader()
	require.True(t, ra.Same(&ra2))
	require.False(t, ra.Same(&rb))
	fresh := New(map[string]any{"x": 1})
	rf, rf2 := fresh.Reader(), fresh.Reader()
	require.False(t, rf.Same(&rf2), "a scope without a table is never the Same")

	a.SetEnv(func(name string) (string, bool) { return "on", name == "MODE" })
	after := a.Reader()
	require.False(t, ra.Same(&after))
	got, ok := after.Env("MODE")
	require.True(t, ok)
	require.Equal(t, "on", got)
}
