package value

import (
	"context"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// allocated runs f and returns the bytes it allocated.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// megaDict is a dictionary that shows as a little more than 1 MiB.
func megaDict() map[string]any {
	d := make(map[string]any, 1024)
	item := strings.Repeat("x", 1010)
	for i := 0; i < 1024; i++ {
		d["k"+strconv.Itoa(i)] = item
	}
	return d
}

// D35, issue #10 point 2: 2,000 references to one 1 MiB dictionary under
// `in`, contains and == stop at the budget after work of the order of the
// budget, whatever the cap (here 2 MiB, so the cap is not what stops it).
func TestLimitsSharedReferences(t *testing.T) {
	d := megaDict()
	refs := make([]any, 2000)
	for i := range refs {
		refs[i] = d
	}
	list, err := FromHost(refs)
	require.NoError(t, err)
	const budget = 8 << 20
	ops := map[string]func(Limits) error{
		"in": func(l Limits) error { _, err := l.Member(TextValue("x"), list); return err },
		"contains": func(l Limits) error {
			_, err := l.Contains(list, TextValue("x"))
			return err
		},
		"==": func(l Limits) error {
			// A list of lists: each item is a list that shows as 1 MiB.
			_, err := l.Equal(list, TextValue("x"))
			return err
		},
		"in with a dictionary on the left": func(l Limits) error {
			dv, _ := FromHost(map[string]any{"other": 1})
			_, err := l.Member(dv, list)
			return err
		},
	}
	for name, op := range ops {
		t.Run(name, func(t *testing.T) {
			b := NewBudget(context.Background(), budget, 0)
			var err error
			alloc := allocated(func() { err = op(Limits{Budget: b, MaxSize: 2 << 30}) })
			require.ErrorIs(t, err, ErrBudget)
			bytes, _ := b.Used()
			require.LessOrEqual(t, bytes, int64(budget))
			// Work of the order of the budget: showing allocates its
			// buffers and a copy, a few times the bytes charged; the
			// 2,000 items would be 2 GiB.
			require.Less(t, alloc, uint64(8*budget), "allocated %d bytes", alloc)
		})
	}
}

// D35: a dictionary's keys are charged (a step each) before they are
// collected and sorted: a 1M-key dictionary compared with == fails at
// the budget with nothing shown and no key slice built.
func TestLimitsManyKeysBeforeSorting(t *testing.T) {
	many := make(map[string]any, 1_000_000)
	for i := 0; i < 1_000_000; i++ {
		many[strconv.Itoa(i)] = 1
	}
	v, err := FromHost(many)
	require.NoError(t, err)
	b := NewBudget(context.Background(), 0, 10_000)
	var eq bool
	alloc := allocated(func() { eq, err = Limits{Budget: b}.Equal(v, TextValue("x")) })
	require.ErrorIs(t, err, ErrBudget)
	require.False(t, eq)
	bytes, steps := b.Used()
	require.LessOrEqual(t, bytes, int64(2), "nothing shown but the opening braces, no key read")
	require.LessOrEqual(t, steps, int64(10_000))
	require.Less(t, alloc, uint64(1<<20), "no slice of a million keys (16 MB) was built")

	// With room for the steps, the key bytes are charged before sorting.
	b = NewBudget(context.Background(), 1000, 2_000_000)
	_, err = Limits{Budget: b, MaxSize: 1 << 30}.Keys(v)
	require.ErrorIs(t, err, ErrBudget)
}

// dagList is a DAG of shared lists: level 0 holds 9 texts, each level above
// holds 9 references to the one below, so depth d shows as 9^(d+1) texts
// from a few hundred bytes of data.
func dagList(depth int, leaf any) any {
	var a any = []any{leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf, leaf}
	for i := 0; i < depth; i++ {
		a = []any{a, a, a, a, a, a, a, a, a}
	}
	return a
}

// D35, issue #10 points 1-2: a small DAG of shared lists that shows as
// gigabytes fails at the budget, counted in bytes when it shows text and in
// steps when it shows nothing (lists of empty lists).
func TestLimitsSharedDAG(t *testing.T) {
	for _, tc := range []struct {
		name string
		leaf any
	}{{"text", "lol"}, {"empty lists", []any{}}} {
		v, err := FromHost(dagList(9, tc.leaf)) // 9^10 = 3.5 billion items
		require.NoError(t, err)
		for _, mode := range []string{"show", "json"} {
			t.Run(tc.name+" "+mode, func(t *testing.T) {
				b := NewBudget(context.Background(), 4<<20, 500_000)
				l := Limits{Budget: b, MaxSize: 1 << 40}
				var out []byte
				alloc := allocated(func() {
					if mode == "show" {
						out, err = l.Show(nil, v)
					} else {
						out, err = l.AppendJSON(nil, v)
					}
				})
				require.ErrorIs(t, err, ErrBudget)
				bytes, steps := b.Used()
				require.LessOrEqual(t, bytes, int64(4<<20))
				require.LessOrEqual(t, steps, int64(500_000))
				require.LessOrEqual(t, len(out), 4<<20)
				require.Less(t, alloc, uint64(32<<20))
			})
		}
	}
}

// D17, issue #10 point 2: showing under a host cap of 1000 stops at 1000
// bytes, and the budget is charged only for what was written.
func TestLimitsHostCap(t *testing.T) {
	items := make([]any, 10_000)
	for i := range items {
		items[i] = "abc"
	}
	v, err := FromHost(items)
	require.NoError(t, err)
	b := NewBudget(context.Background(), 0, 0)
	l := Limits{Budget: b, MaxSize: 1000}
	out, err := l.Show(nil, v)
	requireFailure(t, err, ErrTooLong, "the result would be larger than the limit of 1000 bytes")
	require.LessOrEqual(t, cap(out), 1000)
	bytes, steps := b.Used()
	require.LessOrEqual(t, bytes, int64(1000))
	require.Less(t, steps, int64(300), "it stopped after about 200 items")

	// Comparisons take the host's cap too: == on a list that shows past
	// it fails with the cap named, instead of showing it at the default.
	_, err = l.Equal(v, TextValue("abc"))
	requireFailure(t, err, ErrTooLong, "the result would be larger than the limit of 1000 bytes")
	_, err = l.Contains(v, TextValue("abc"))
	require.NoError(t, err, "contains on a list compares items, which are small")
	ok, err := l.Contains(TextValue(strings.Repeat("a", 10)), v)
	requireFailure(t, err, ErrLimit, "")
	require.False(t, ok)
	// The plain forms keep their meaning: a failure is "not equal".
	require.False(t, Equal(v, TextValue("abc")))
}

// D35: every comparison charges its step and the bytes it reads, so a
// budget counts them.
func TestLimitsCharges(t *testing.T) {
	b := NewBudget(context.Background(), 0, 0)
	l := Limits{Budget: b}
	ok, err := l.Equal(TextValue("abc"), TextValue("ABC"))
	require.NoError(t, err)
	require.True(t, ok)
	bytes, steps := b.Used()
	require.Equal(t, int64(6), bytes)
	require.Equal(t, int64(1), steps)

	b = NewBudget(context.Background(), 0, 0)
	l = Limits{Budget: b}
	ok, err = l.Member(TextValue("b"), TextValue("a, b, c"))
	require.NoError(t, err)
	require.True(t, ok)
	_, steps = b.Used()
	require.Equal(t, int64(2), steps, "two items visited")

	b = NewBudget(context.Background(), 0, 0)
	c, known, err := Limits{Budget: b}.OrderOp("<", TextValue("1"), NumberValue(Int(2)))
	require.NoError(t, err)
	require.True(t, known)
	require.Equal(t, -1, c)
	_, steps = b.Used()
	require.Equal(t, int64(1), steps)

	// A spent budget fails every operation, with the same error.
	spent := NewBudget(context.Background(), 1, 0)
	require.ErrorIs(t, spent.Bytes(2), ErrBudget)
	l = Limits{Budget: spent}
	_, err = l.Equal(Value{}, Value{})
	require.ErrorIs(t, err, ErrBudget)
	_, err = l.Show(nil, TextValue("x"))
	require.ErrorIs(t, err, ErrBudget)
	_, _, err = l.OrderOp("<", Value{}, Value{})
	require.ErrorIs(t, err, ErrBudget)
}
