package scope_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// Design section 4, step 2: the dotted path.
func TestSplitPath(t *testing.T) {
	for text, want := range map[string]scope.Path{
		"row.First Name":       {"row", "First Name"},
		"  config.email.to ":   {"config", "email", "to"},
		"row.Role in Company":  {"row", "Role in Company"},
		"x":                    {"x"},
		"":                     nil,
		"   ":                  nil,
		".a":                   nil, // an empty part is never a lookup
		"a.":                   nil,
		"a..b":                 nil,
		"row.Unit Price (THB)": {"row", "Unit Price (THB)"},
	} {
		require.Equal(t, want, scope.SplitPath(text), text)
	}
}

func TestLookup(t *testing.T) {
	s := scope.New(map[string]any{
		"row":    map[string]any{"First Name": "Ann", "nested": map[string]any{"x": 1}, "list": []any{1}},
		"config": map[string]string{"to": "ops@example.com"},
		"n":      12,
	})
	for text, want := range map[string]string{
		"row.First Name": "Ann",
		"row.nested.x":   "1",
		"config.to":      "ops@example.com",
		"n":              "12",
	} {
		v, found, err := s.Lookup(scope.SplitPath(text))
		require.NoError(t, err, text)
		require.True(t, found, text)
		require.Equal(t, want, v.String(), text)
	}
	for _, text := range []string{"row.Last Name", "missing.x", "n.x", "row.list.0", "row.First Name.x"} {
		_, found, err := s.Lookup(scope.SplitPath(text))
		require.NoError(t, err, text)
		require.False(t, found, text) // D10: every part must be found in a dictionary
	}
	// A path with no parts names no variable (SplitPath gives it for a
	// text that can never be a lookup): it was found, as empty.
	for _, p := range []scope.Path{nil, {}, scope.SplitPath("")} {
		_, found, err := s.Lookup(p)
		require.NoError(t, err)
		require.False(t, found)
	}
}

// D9: a part starting with _ is found by Underscore, wherever it stands.
func TestUnderscore(t *testing.T) {
	part, bad := scope.SplitPath("row._id").Underscore()
	require.True(t, bad)
	require.Equal(t, "_id", part)
	_, bad = scope.SplitPath("row.id_x").Underscore()
	require.False(t, bad)
}

// D1: host data is read through maps, slices and scalars only.
func TestVarKinds(t *testing.T) {
	type hidden struct{ Secret string }
	s := scope.New(map[string]any{"ok": []any{"a"}, "bad": hidden{"x"}})
	v, found, err := s.Var("ok")
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, value.List, v.Kind())
	_, found, err = s.Var("bad")
	require.True(t, found)
	require.ErrorIs(t, err, value.ErrData)
	require.NotContains(t, err.Error(), "hidden")
	_, found, err = s.Var("none")
	require.NoError(t, err)
	require.False(t, found)
}

// The environment is read only through the host's function (issue #2).
func TestEnvAndLimits(t *testing.T) {
	s := scope.New(nil)
	_, ok := s.Env("HOME")
	require.False(t, ok, "no function: the library reads no environment by itself")
	require.Equal(t, value.DefaultMaxSize, s.MaxSize())

	s = scope.New(nil, scope.WithEnv(func(k string) (string, bool) { return "v-" + k, true }), scope.WithMaxSize(10))
	v, ok := s.Env("HOME")
	require.True(t, ok)
	require.Equal(t, "v-HOME", v)
	require.Equal(t, 10, s.MaxSize())
	require.Equal(t, value.DefaultMaxSize, scope.New(nil, scope.WithMaxSize(-1)).MaxSize())
}
