package scope

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A kept value is found by any Name of its variable: one numbered at
// compile time (NewName), one made at the read (Var), a name too long to
// be numbered, in either order of keeping and reading.
func TestKeptValueFoundByAnyName(t *testing.T) {
	long := strings.Repeat("n", maxNameLen+1)
	s := New(map[string]any{"x": 1, "y": 2, long: 3})
	for i := 0; i < warmReads+1; i++ { // warm: the table is built
		_, _, _ = s.Var("w")
	}
	// x kept by a numbered Name, read by a Name of another string.
	v, found, err := s.VarName(NewName("x"))
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, "1", v.String())
	v, found, _ = s.Var(strings.Clone("x"))
	require.True(t, found)
	require.Equal(t, "1", v.String())
	// y kept by an unnumbered read, then read by a numbered Name.
	v, found, _ = s.Var("y")
	require.True(t, found)
	require.Equal(t, "2", v.String())
	v, found, _ = s.VarName(NewName(strings.Clone("y")))
	require.True(t, found)
	require.Equal(t, "2", v.String())
	// a long name has no number and is still read
	require.Zero(t, NewName(long).id)
	v, found, _ = s.VarName(NewName(long))
	require.True(t, found)
	require.Equal(t, "3", v.String())
	// a name's number is its own
	require.Equal(t, NewName("x").id, NewName(strings.Clone("x")).id)
	require.NotEqual(t, NewName("x").id, NewName("y").id)
	_, found, _ = s.VarName(NewName("z"))
	require.False(t, found)
}
