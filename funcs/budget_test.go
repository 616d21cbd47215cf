package funcs

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/value"
)

// D35: every function charges the budget before it works, the bytes it
// reads and builds and the items it visits; past it, the call fails with
// the budget's error and has not built its result.
func TestBudgetCharges(t *testing.T) {
	long := strings.Repeat("a", 1000)
	dict := host(map[string]any{"a": 1, "b": 2})
	for _, c := range []struct {
		name         string
		fn           string
		args         []value.Value
		bytes, steps int64 // what a successful call charges
	}{
		{"len of a dictionary costs nothing", "len", []value.Value{dict}, 0, 0},
		{"len of a text reads it", "len", []value.Value{txt("abc")}, 3, 0},
		{"upper reads and builds", "upper", []value.Value{txt(long)}, 2000, 0},
		{"trim reads", "trim", []value.Value{txt("  x  ")}, 5, 0},
		{"number reads", "number", []value.Value{txt("12 THB")}, 6, 0},
		{"replace reads its three texts and builds", "replace", []value.Value{txt(long), txt("a"), txt("bb")}, 1000 + 1 + 2 + 2000, 0},
		{"join visits items and builds", "join", []value.Value{host([]any{"ab", "cd", "ef"}), txt("-")}, 1 + 8, 3},
		{"join of texts, then other items", "join", []value.Value{host([]any{"ab", "cd", 3, true}), txt("-")}, 1 + 12, 4},
		{"join reads items past the eighth again", "join", []value.Value{host([]any{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}), txt("")}, 10, 10 + 2},
		{"join of more than eight, one not a text", "join", []value.Value{host([]any{"a", "b", "c", "d", "e", "f", "g", "h", "i", 1}), txt("")}, 10, 10 + 2},
		{"part reads", "part", []value.Value{txt("a-b"), txt("-"), num("1")}, 3 + 1, 0},
		{"substring reads", "substring", []value.Value{txt("abcdef"), num("1"), num("2")}, 6, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := value.NewBudget(context.Background(), 0, 0)
			_, err := call(&Env{Budget: b}, c.fn, c.args...)
			require.NoError(t, err)
			bytes, steps := b.Used()
			require.Equal(t, c.bytes, bytes, "bytes")
			require.Equal(t, c.steps, steps, "steps")
			if c.bytes == 0 {
				return
			}
			// One byte less and the call fails with the budget's error.
			b = value.NewBudget(context.Background(), c.bytes-1, 0)
			_, err = call(&Env{Budget: b}, c.fn, c.args...)
			require.ErrorIs(t, err, value.ErrBudget)
		})
	}
}

// D35: the result is charged before it is built, so a call past the budget
// allocates nothing of its size.
func TestBudgetBeforeBuilding(t *testing.T) {
	x := txt(strings.Repeat("a", 1<<20))
	for _, c := range []struct {
		fn   string
		args []value.Value
	}{
		{"replace", []value.Value{x, txt("a"), txt("aaaa")}},
		{"upper", []value.Value{x}},
		{"join", []value.Value{host([]any{x, x, x, x}), txt("")}},
	} {
		b := value.NewBudget(context.Background(), 3<<19, 0) // room to read the text, not to build the result
		var err error
		alloc := allocated(func() { _, err = call(&Env{Budget: b, MaxSize: 64 << 20}, c.fn, c.args...) })
		require.ErrorIs(t, err, value.ErrBudget, c.fn)
		require.Less(t, alloc, uint64(1<<20), "%s allocated %d bytes", c.fn, alloc)
	}
}

// D35, issue #10: join over 2,000 references to one large dictionary stops
// at the budget after work of the order of the budget.
func TestBudgetJoinSharedItems(t *testing.T) {
	d := map[string]any{}
	for i := 0; i < 100; i++ {
		d[strings.Repeat("k", i+1)] = strings.Repeat("v", 1000)
	}
	refs := make([]any, 2000)
	for i := range refs {
		refs[i] = d
	}
	b := value.NewBudget(context.Background(), 4<<20, 0)
	var err error
	alloc := allocated(func() { _, err = call(&Env{Budget: b, MaxSize: 1 << 30}, "join", host(refs)) })
	require.ErrorIs(t, err, value.ErrBudget)
	require.Less(t, alloc, uint64(32<<20), "allocated %d bytes; the join is 200 MB", alloc)
}

// D35: the failure of a spent budget or a done context is the
// evaluation's: it reaches the caller as it is, not as join's or as a
// size limit, so the engine can name the budget.
func TestBudgetFailureIsNotTheFunctions(t *testing.T) {
	nested := host([]any{[]any{"a", "b"}, "c"})
	b := value.NewBudget(context.Background(), 0, 1)
	_, err := call(&Env{Budget: b}, "join", nested)
	require.ErrorIs(t, err, value.ErrBudget)
	require.Equal(t, b.Err(), err)
	require.NotContains(t, err.Error(), "join")

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	b = value.NewBudget(ctx, 0, 0)
	require.Error(t, b.Check())
	_, err = call(&Env{Budget: b}, "upper", num("12.5"))
	require.ErrorIs(t, err, context.Canceled)
	require.NotContains(t, err.Error(), "upper")
}
