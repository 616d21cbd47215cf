package ast

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// An offset outside the string is given back, never a panic
// (probe-bounds F3).
func TestOffsetsOutside(t *testing.T) {
	require.Equal(t, -1, DigitsEnd("12", -1))
	require.Equal(t, 5, DigitsEnd("12", 5))
	require.Equal(t, 2, DigitsEnd("12", 0))
	require.Equal(t, 10, NameStart("abc", 10))
	require.Equal(t, -1, NameStart("abc", -1))
	require.Equal(t, 0, NameStart("abc", 3))
}
