package spell

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

var funcNames = []string{"len", "join", "number", "trim", "lower", "upper", "replace", "default", "round", "part", "substring"}

// D14: an unknown function names the closest known one.
func TestClosestFunctions(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"lenght", "len"}, {"LEN", "len"}, {"uper", "upper"}, {"defualt", "default"},
		{"subst", "substring"}, {"rount", "round"}, {"Join", "join"},
	} {
		got, ok := Closest(tc.in, funcNames)
		require.True(t, ok, tc.in)
		require.Equal(t, tc.want, got, tc.in)
	}
	for _, in := range []string{"foo", "x", "eval", "", strings.Repeat("a", MaxRunes+1)} {
		_, ok := Closest(in, funcNames)
		require.False(t, ok, in)
	}
}

// validate -data: a missing key names the closest key of the sample.
func TestClosestKeys(t *testing.T) {
	keys := []string{"First Name", "status", "stab", "Unit Price"}
	got, ok := Closest("Frist Name", keys)
	require.True(t, ok)
	require.Equal(t, "First Name", got)
	got, _ = Closest("stat", keys)
	require.Equal(t, "status", got, "a prefix is at distance 0")
	got, _ = Closest(" unit price ", keys)
	require.Equal(t, "Unit Price", got)
	_, ok = Closest("status", []string{"status"})
	require.False(t, ok, "the name itself is no suggestion")
	got, _ = Closest("ab", []string{"ax", "ay"})
	require.Equal(t, "ax", got, "ties go to the first")
}
