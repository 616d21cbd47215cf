package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A longer operator comes before its prefix, whatever the table's order;
// otherwise the table's order is kept.
func TestOrdered(t *testing.T) {
	require.Equal(t, []string{"+", "**", "*", "<=", "<", "is not", "is"}, ordered([]string{"+", "*", "**", "<", "<=", "is", "is not"}))
	require.Equal(t, []string{"a", "b"}, ordered([]string{"a", "b"}))
}

// A class puts - first, so it is no range, and escapes ] and \.
func TestChars(t *testing.T) {
	require.Equal(t, "-+*", chars([]string{"+", "-", "*", "*"}))
	require.Equal(t, `a\]\\`, chars([]string{"a]", `\`}))
	require.Equal(t, "icn", firstChars([]string{"In", "contains", "not"}, true))
}

// Slots are filled, comment lines are left as they are, and a name that
// is no slot is an error.
func TestExpand(t *testing.T) {
	out, err := expand("t.peg", "// {{name}} stays\nA <- [{{wsClass}}]*\n")
	require.NoError(t, err)
	require.Equal(t, "// {{name}} stays\nA <- [ \\t\\r\\n]*\n", out)
	_, err = expand("t.peg", "A <- {{noSuchSlot}}\n")
	require.Error(t, err)
	require.True(t, strings.Contains(err.Error(), "noSuchSlot"), err.Error())
	for name, v := range slots() {
		require.NotEmpty(t, v, name)
	}
}
