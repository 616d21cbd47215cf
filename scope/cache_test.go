package scope_test

import (
	"encoding/json"
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// Issue #19: a scope reads its map live, at the read that needs it; every
// read converts the top-level value (a json.Number to a number), nested
// data and later changes to the map included.
func TestScopeReadsLive(t *testing.T) {
	nested := map[string]any{"k": "old"}
	vars := map[string]any{"n": json.Number("12.50"), "row": nested, "s": "text"}
	for i := 0; i < 40; i++ {
		vars["v"+strconv.Itoa(i)] = i
	}
	s := scope.New(vars)
	for round := 0; round < 10; round++ {
		for name, want := range map[string]string{"n": "12.5", "s": "text", "v0": "0", "v39": "39"} {
			v, found, err := s.Var(name)
			require.NoError(t, err)
			require.True(t, found, name)
			require.Equal(t, want, v.String(), name)
			w, found2, err := s.Lookup(scope.Path{name})
			require.NoError(t, err)
			require.Equal(t, found, found2)
			require.Equal(t, v.String(), w.String())
		}
		_, found, err := s.Var("missing")
		require.NoError(t, err)
		require.False(t, found)
	}
	nested["k"] = "new"
	vars["s"] = "changed"
	v, found, err := s.Lookup(scope.Path{"row", "k"})
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, "new", v.Text())
	v, _, _ = s.Var("s")
	require.Equal(t, "changed", v.Text(), "documented on scope.New: the map is read live")
}

// Unsupported data fails at every read.
func TestScopeUnsupported(t *testing.T) {
	s := scope.New(map[string]any{"bad": struct{}{}})
	for i := 0; i < 10; i++ {
		_, found, err := s.Var("bad")
		require.True(t, found)
		require.ErrorIs(t, err, value.ErrData)
	}
}

// Concurrent readers of one scope see the same values (run with -race).
func TestScopeConcurrentReaders(t *testing.T) {
	vars := map[string]any{}
	for i := 0; i < 50; i++ {
		vars["v"+strconv.Itoa(i)] = json.Number(strconv.Itoa(i))
	}
	vars["odd name"] = "x"
	s := scope.New(vars)
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := 0; r < 20; r++ {
				for i := 0; i < 50; i++ {
					v, found, err := s.Var("v" + strconv.Itoa(i))
					if err != nil || !found || v.String() != strconv.Itoa(i) {
						t.Errorf("v%d: %v %v %v", i, v, found, err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
}

// Design section 4 (D12): the whole text is looked up before it is parsed,
// in every scope, made once or per evaluation.
func TestWholeTextLookupStillFound(t *testing.T) {
	tpl := eval.MustCompile("${len(packages)}")
	odd := scope.New(map[string]any{"len(packages)": "the key", "packages": []any{"a"}})
	plain := scope.New(map[string]any{"packages": []any{"a", "b"}})
	for i := 0; i < 10; i++ {
		out, err := tpl.Render(odd)
		require.NoError(t, err)
		require.Equal(t, "the key", out)
		out, err = tpl.Render(plain)
		require.NoError(t, err)
		require.Equal(t, "2", out)
	}
}
