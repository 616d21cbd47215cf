package lend

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestLendBorrow(t *testing.T) {
	require.True(t, Lend("test.double", func(n int) int { return 2 * n }))
	require.Equal(t, 6, Borrow[func(int) int]("test.double")(3))
	require.PanicsWithValue(t, "lend: test.double is lent twice", func() { Lend("test.double", 1) })
	require.PanicsWithValue(t, "lend: nothing is lent as test.double of that type", func() { Borrow[func(string) int]("test.double") })
	require.PanicsWithValue(t, "lend: nothing is lent as test.none of that type", func() { Borrow[func(int) int]("test.none") })
}
