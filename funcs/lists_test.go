package funcs

import (
	"runtime"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/value"
)

// D19, D20: len.
func TestLen(t *testing.T) {
	run(t, "len", []tc{
		{name: "thai text", args: []value.Value{txt("บาท")}, want: "3", kind: value.Number},
		{name: "ascii text", args: []value.Value{txt("Toyota")}, want: "6", kind: value.Number},
		{name: "combining mark is its own code point", args: []value.Value{txt("e\u0301")}, want: "2", kind: value.Number},
		{name: "emoji", args: []value.Value{txt("👍🏽")}, want: "2", kind: value.Number},
		{name: "invalid bytes count one each", args: []value.Value{txt("a\xff\xfeb")}, want: "4", kind: value.Number},
		{name: "list", args: []value.Value{host([]any{"a", 1, nil})}, want: "3", kind: value.Number},
		{name: "dictionary", args: []value.Value{host(map[string]any{"a": 1, "b": 2})}, want: "2", kind: value.Number},
		{name: "empty text", args: []value.Value{txt("")}, want: "0", kind: value.Number},
		{name: "empty", args: []value.Value{null}, want: "0", kind: value.Number},
		{name: "empty list", args: []value.Value{host([]any{})}, want: "0", kind: value.Number},
		{name: "white space counts", args: []value.Value{txt("  ")}, want: "2", kind: value.Number},
		{name: "number", args: []value.Value{num("12")}, err: "len needs text, a list or a dictionary, got a number", is: value.ErrType},
		{name: "boolean", args: []value.Value{boolean(true)}, err: "len needs text, a list or a dictionary, got a boolean", is: value.ErrType},
	})
}

// D20, D3, D4: join.
func TestJoin(t *testing.T) {
	ids := host([]any{"A-1", "B-2", "C-3"})
	run(t, "join", []tc{
		{name: "default separator", args: []value.Value{ids}, want: "A-1, B-2, C-3", kind: value.Text},
		{name: "separator", args: []value.Value{ids, txt(" | ")}, want: "A-1 | B-2 | C-3", kind: value.Text},
		{name: "empty separator", args: []value.Value{ids, txt("")}, want: "A-1B-2C-3", kind: value.Text},
		{name: "empty separator counts as left out (D47)", args: []value.Value{ids, null}, want: "A-1, B-2, C-3", kind: value.Text},
		{name: "empty list, separator not checked (D48)", args: []value.Value{null, host([]any{1})}, want: "", kind: value.Text},
		{name: "number separator", args: []value.Value{ids, num("0")}, want: "A-10B-20C-3", kind: value.Text},
		{name: "thai", args: []value.Value{host([]string{"บาท", "ปี"}), txt("/")}, want: "บาท/ปี", kind: value.Text},
		{name: "items shown by D3 and D4", args: []value.Value{host([]any{12, "3.5", 2.50, true, false, nil, 1000000, -0.25})},
			want: "12, 3.5, 2.5, true, false, , 1000000, -0.25", kind: value.Text},
		{name: "nested list", args: []value.Value{host([]any{[]any{1, 2}, 3}), txt("-")}, want: "1, 2-3", kind: value.Text},
		{name: "dictionary item as JSON", args: []value.Value{host([]any{map[string]any{"b": 1, "a": "x"}}), txt(";")}, want: `{"a":"x","b":1}`, kind: value.Text},
		{name: "texts, then other items", args: []value.Value{host([]any{"a", "b", 3, "c", []any{"d"}, "e"}), txt("-")}, want: "a-b-3-c-d-e", kind: value.Text},
		{name: "more than eight texts", args: []value.Value{host([]string{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"}), txt("")}, want: "abcdefghij", kind: value.Text},
		{name: "more than eight, a number last", args: []value.Value{host([]any{"a", "b", "c", "d", "e", "f", "g", "h", "i", 10}), txt("")}, want: "abcdefghi10", kind: value.Text},
		{name: "more than eight of every kind", args: []value.Value{host([]any{1, "b", true, nil, 2.5, "f", "g", "h", false, 10, []any{"x", 2}, ""}), txt("-")},
			want: "1-b-true--2.5-f-g-h-false-10-x, 2-", kind: value.Text},
		{name: "one item", args: []value.Value{host([]any{"x"}), txt("-")}, want: "x", kind: value.Text},
		{name: "empty list", args: []value.Value{host([]any{})}, want: "", kind: value.Text},
		{name: "empty", args: []value.Value{null}, want: "", kind: value.Text},
		{name: "empty with separator", args: []value.Value{null, txt("-")}, want: "", kind: value.Text},
		{name: "single text joins as itself", args: []value.Value{txt("A-1"), txt("; ")}, want: "A-1", kind: value.Text},
		{name: "single number joins as itself", args: []value.Value{num("12.50")}, want: "12.5", kind: value.Text},
		{name: "single boolean joins as itself", args: []value.Value{boolean(true)}, want: "true", kind: value.Text},
		{name: "single dictionary joins as its JSON", args: []value.Value{host(map[string]any{"k": []any{1}})}, want: `{"k":[1]}`, kind: value.Text},
		{name: "list separator", args: []value.Value{ids, ids}, err: "join: the separator must be text, a number or a boolean, got a list", is: value.ErrType},
		{name: "dictionary separator", args: []value.Value{ids, host(map[string]any{})}, err: "join: the separator must be text, a number or a boolean, got a dictionary", is: value.ErrType},
	})
}

// D17: join checks Σlen + (n-1)·len(sep) against the cap.
func TestJoinLimit(t *testing.T) {
	ten := &Env{MaxSize: 10}
	run(t, "join", []tc{
		{name: "exactly the cap", env: ten, args: []value.Value{host([]string{"abcde", "fghij"}), txt("")}, want: "abcdefghij", kind: value.Text},
		{name: "one byte over", env: ten, args: []value.Value{host([]string{"abcde", "fghij"}), txt(",")}, err: "join: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "separators alone", env: ten, args: []value.Value{host(make([]string, 12)), txt("-")}, err: "join: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "numbers counted as shown", env: ten, args: []value.Value{host([]any{12345, 67890.5}), txt("")}, err: "join: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "nested list over the cap", env: ten, args: []value.Value{host([]any{"abcde", []any{"fg", "hi"}}), txt("")}, err: "join: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "nested list at the cap", env: ten, args: []value.Value{host([]any{"abcd", []any{"fg", "hi"}}), txt("")}, want: "abcdfg, hi", kind: value.Text},
		{name: "nested list with nothing left", env: ten, args: []value.Value{host([]any{"abcdefghij", []any{"x"}}), txt("")}, err: "join: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "empty nested list with nothing left", env: ten, args: []value.Value{host([]any{"abcdefghij", []any{}}), txt("")}, want: "abcdefghij", kind: value.Text},
		{name: "single dictionary", env: ten, args: []value.Value{host(map[string]any{"key": "value"})}, err: "join: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "single text", env: ten, args: []value.Value{txt("abcdefghijk")}, err: "join: result would be larger than 10 bytes", is: value.ErrLimit},
		{name: "default cap", args: []value.Value{host([]string{strings.Repeat("x", 1<<19), strings.Repeat("y", 1<<19)})}, err: "join: result would be larger than 1 MiB", is: value.ErrLimit},
		{name: "default cap exactly", args: []value.Value{host([]string{strings.Repeat("x", 1<<19-1), strings.Repeat("y", 1<<19-1)})}, want: strings.Repeat("x", 1<<19-1) + ", " + strings.Repeat("y", 1<<19-1), kind: value.Text},
	})
}

// Data nested deeper than value.MaxDepth keeps value's reason.
func TestJoinTooDeep(t *testing.T) {
	var deep any = "x"
	for i := 0; i < value.MaxDepth+5; i++ {
		deep = []any{deep}
	}
	_, err := call(nil, "join", host([]any{deep}))
	require.ErrorIs(t, err, value.ErrLimit)
	require.True(t, strings.HasPrefix(err.Error(), "join: "), err.Error())
	require.NotContains(t, err.Error(), "result would be larger")
}

// allocated returns the bytes allocated while f runs.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// D17, reliability section 3: a join of 100k items over the cap fails
// before building anything, and one under it allocates its result once.
func TestJoinChecksBeforeAllocating(t *testing.T) {
	items := make([]string, 100_000)
	for i := range items {
		items[i] = "item-" + strconv.Itoa(i) + "-abcdef" // ~17 bytes each, ~1.9 MB joined
	}
	list := host(items)
	var err error
	got := allocated(func() { _, err = call(nil, "join", list, txt(", ")) })
	require.ErrorIs(t, err, value.ErrLimit)
	require.Less(t, got, uint64(64<<10), "bytes allocated before failing")

	// 100k separators of 400 bytes: rejected before any item is read.
	sep := txt(strings.Repeat("y", 400))
	got = allocated(func() { _, err = call(nil, "join", list, sep) })
	require.ErrorIs(t, err, value.ErrLimit)
	require.Less(t, got, uint64(64<<10))

	// Under a larger cap the result is built with one allocation of its size.
	env := &Env{MaxSize: 4 << 20}
	var v value.Value
	got = allocated(func() { v, err = call(env, "join", list, txt(", ")) })
	require.NoError(t, err)
	size := len(v.Text())
	require.Greater(t, size, 1<<20)
	require.Less(t, got, uint64(size)+64<<10, "one allocation of the exact size")

	join, _ := Lookup("join")
	args := []value.Value{list, txt(", ")}
	allocs := testing.AllocsPerRun(5, func() { _, _ = join.Call(nil, args) })
	require.LessOrEqual(t, allocs, float64(4))
}

func TestJoinNumberItemsAllocOnce(t *testing.T) {
	items := make([]any, 1000)
	for i := range items {
		items[i] = i
	}
	v, err := call(nil, "join", host(items), txt(","))
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(v.Text(), "0,1,2,3,"))
	require.True(t, strings.HasSuffix(v.Text(), ",998,999"))
}
