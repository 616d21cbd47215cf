package eval

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The caches hold at most their size, however many distinct texts come.
func TestCacheBounded(t *testing.T) {
	c := newCache[int](100)
	for i := 0; i < 10000; i++ {
		c.put(strconv.Itoa(i), i)
		require.LessOrEqual(t, c.len(), 100)
	}
	// a text in use stays while others come and go
	c.put("hot", 1)
	for i := 0; i < 1000; i++ {
		c.put("cold"+strconv.Itoa(i), i)
		v, ok := c.get("hot")
		require.True(t, ok, i)
		require.Equal(t, 1, v)
	}

	for i := 0; i < 5000; i++ {
		_, err := Compile("${n + " + strconv.Itoa(i) + "}")
		require.NoError(t, err)
	}
	require.LessOrEqual(t, templates.len(), 4096)

	// texts over maxCached are compiled but not kept
	big := strings.Repeat("x", maxCached) + "${n}"
	a, err := Compile(big)
	require.NoError(t, err)
	b, err := Compile(big)
	require.NoError(t, err)
	require.NotSame(t, a, b)
}
