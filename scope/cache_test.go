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

// Issue #19: a scope reads its map at the read that needs it, converting
// the top-level value (a json.Number to a number); reads by Var and by
// Lookup agree, before and after the scope is warm, for found and missing
// names, and nested data is read live. A fresh scope sees a change of a
// top-level entry; one read many times keeps what it read (scope.New).
func TestScopeReads(t *testing.T) {
	nested := map[string]any{"k": "old"}
	vars := map[string]any{"n": json.Number("12.50"), "row": nested, "s": "text"}
	for i := 0; i < 40; i++ { // more names than the table holds
		vars["v"+strconv.Itoa(i)] = i
	}
	s := scope.New(vars)
	vars["s"] = "changed"
	v, _, _ := s.Var("s")
	require.Equal(t, "changed", v.Text(), "a fresh scope reads the map")
	for round := 0; round < 40; round++ {
		for name, want := range map[string]string{"n": "12.5", "s": "changed", "v0": "0", "v39": "39"} {
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
	vars["s"] = "again"
	v, found, err := s.Lookup(scope.Path{"row", "k"})
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, "new", v.Text())
	v, _, _ = s.Var("s")
	require.Equal(t, "changed", v.Text(), "documented on scope.New: a scope read many times keeps what it read")
}

// Has answers exactly, for names that are words and names that are not,
// before and after the scope has looked at its names.
func TestScopeHas(t *testing.T) {
	words := scope.New(map[string]any{"a": 1, "row_2": 2})
	odd := scope.New(map[string]any{"a": 1, "len(packages)": 2, "ชื่อ": 3})
	for i := 0; i < 200; i++ {
		require.True(t, words.Has("a"))
		require.False(t, words.Has("len(packages)"))
		require.False(t, words.Has("b"))
		require.True(t, odd.Has("len(packages)"))
		require.True(t, odd.Has("ชื่อ"))
		require.False(t, odd.Has("x y"))
	}
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
