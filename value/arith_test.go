package value

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// Every arithmetic operator name gives its exact operation (D2, D8).
func TestArithmeticByName(t *testing.T) {
	seven, three := Int(7), Int(-3)
	for name, want := range map[string]string{
		"addition": "4", "subtraction": "10", "multiplication": "-21",
		"division": "-2.333333333333333333333333333333333", "remainder": "-2",
	} {
		op, ok := Arithmetic(name)
		require.True(t, ok, name)
		got, err := op(seven, three)
		require.NoError(t, err)
		require.Equal(t, want, got.String(), name)
	}
	_, ok := Arithmetic("power")
	require.False(t, ok)
}
