package proptest

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
)

// TestAmplificationRefusedBeforeAllocating measures the bytes allocated
// while compiling and rendering inputs that would build far more than the 1 MiB cap: the
// size is computed and refused before the text is built (D17, style.md
// "its output size is computed and checked before it allocates"). Only
// what stays within the cap may be built: the levels of a nested replace
// below the cap.
func TestAmplificationRefusedBeforeAllocating(t *testing.T) {
	s := safetyScope(false)
	cases := []struct {
		text    string
		wouldBe float64 // bytes the result would have without the cap
		budget  uint64  // bytes the render may allocate
	}{
		{"${replace(X, 'a', '" + rep("b", 450) + "')}", 450 << 20, 128 << 10},
		{"${join(many, '" + rep("s", 450) + "')}", 450 * 999_999, 128 << 10},
		{"${upper(Xbad)}", 3 << 20, 128 << 10},
		{"${lower(Xbad)}", 3 << 20, 128 << 10},
		{"${replace(replace(X, 'a', 'aa'), 'a', 'aa')}", 4 << 20, 128 << 10},
		// 3^20 × 2 bytes; the levels below 1 MiB (about 1.5 MiB in all)
		// are built before the one that passes it is refused.
		{"${" + rep("replace(", 20) + "word" + rep(", 'a', 'aaa')", 20) + "}", 3486784401 + 10, 4 << 20},
		// The same on a literal is computed when it is compiled.
		{"${" + rep("replace(", 20) + "'ab'" + rep(", 'a', 'aaa')", 20) + "}", 2 * 3486784401, 4 << 20},
	}
	for _, c := range cases {
		tpl, err := eval.Compile(c.text)
		require.NoError(t, err)
		_, err = tpl.Render(s) // warm: pools, caches
		require.ErrorIs(t, err, eval.ErrLimit, "%.80q", c.text)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		tpl, err = eval.Compile(c.text, eval.WithoutCache())
		if err == nil {
			_, err = tpl.Render(s)
		}
		runtime.ReadMemStats(&after)
		require.ErrorIs(t, err, eval.ErrLimit)
		delta := after.TotalAlloc - before.TotalAlloc
		t.Logf("%.60q: %d bytes allocated; the result would have %.0f", c.text, delta, c.wouldBe)
		require.LessOrEqual(t, delta, c.budget, "%.80q allocated %d bytes before refusing", c.text, delta)
	}
}
