package value

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// A *Table reads as the list of maps it stands for: the same length,
// items, keys, text, JSON, comparisons and Any, a row at a time.
func TestTableReadsAsMaps(t *testing.T) {
	keys := []string{"id", "amount", "paid"}
	rows := [][]any{
		{"A-1", json.Number("1250.50"), true},
		{"A-2", json.Number("-3"), nil},
		{"A-3"}, // short: the rest is empty
	}
	// More rows than a block, so that rows of a later block are read too.
	for i := len(rows); i < tableBlock+20; i++ {
		rows = append(rows, []any{fmt.Sprintf("B-%d", i), json.Number(fmt.Sprint(i)), i%2 == 0})
	}
	tab, err := NewTable(keys)
	require.NoError(t, err)
	var maps []any
	for _, r := range rows {
		require.NoError(t, tab.Append(r...))
		m := map[string]any{}
		for j, k := range keys {
			m[k] = nil
			if j < len(r) {
				m[k] = r[j]
			}
		}
		maps = append(maps, m)
	}
	require.Equal(t, len(rows), tab.Len())
	require.Equal(t, keys, tab.Keys())

	got, err := FromHost(tab)
	require.NoError(t, err)
	want, err := FromHost(maps)
	require.NoError(t, err)
	require.Equal(t, List, got.Kind())
	require.Equal(t, want.Len(), got.Len())
	require.True(t, Equal(want, got))
	for _, i := range []int{0, 1, 2, tableBlock - 1, tableBlock, tableBlock + 19, -1, -len(rows)} {
		g, err := got.Index(i)
		require.NoError(t, err)
		w, err := want.Index(i)
		require.NoError(t, err)
		require.Equal(t, Dict, g.Kind(), "row %d", i)
		require.Equal(t, len(keys), g.Len())
		require.Equal(t, w.Keys(), g.Keys())
		require.Equal(t, w.String(), g.String(), "row %d", i)
		require.True(t, Equal(w, g), "row %d", i)
		for _, k := range append(keys, "nope") {
			gv, gok, gerr := g.Key(k)
			wv, wok, werr := w.Key(k)
			require.Equal(t, wok, gok, k)
			require.Equal(t, werr, gerr, k)
			require.True(t, Equal(wv, gv) && wv.Kind() == gv.Kind(), "row %d key %s", i, k)
		}
		require.Equal(t, tab.Row(int(mod(i, len(rows)))), maps[mod(i, len(rows))])
	}
	for _, i := range []int{len(rows), -len(rows) - 1} {
		g, err := got.Index(i)
		require.NoError(t, err)
		require.Equal(t, Empty, g.Kind(), "out of range")
		require.Nil(t, tab.Row(i))
	}

	ga, err := got.Any()
	require.NoError(t, err)
	wa, err := want.Any()
	require.NoError(t, err)
	require.Equal(t, wa, ga)
	gj, err := got.MarshalJSON()
	require.NoError(t, err)
	wj, err := want.MarshalJSON()
	require.NoError(t, err)
	require.Equal(t, string(wj), string(gj))

	var none *Table
	e, err := FromHost(none)
	require.NoError(t, err)
	require.Equal(t, Empty, e.Kind(), "a nil table is empty, as a nil map is")
}

func mod(i, n int) int { return (i%n + n) % n }

func TestTableRefusals(t *testing.T) {
	_, err := NewTable([]string{"a", "b", "a"})
	require.ErrorIs(t, err, ErrData)
	require.EqualError(t, err, `the key "a" is given twice in the keys of a table`)

	tab, err := NewTable([]string{"a"})
	require.NoError(t, err)
	err = tab.Append(1, 2)
	require.ErrorIs(t, err, ErrData)
	require.EqualError(t, err, "a row of a table has 2 values for 1 keys")
	require.Equal(t, 0, tab.Len(), "no row added")

	// A value FromHost does not read fails when it is read, as in a map.
	require.NoError(t, tab.Append(customer{"Ann"}))
	v, err := FromHost(tab)
	require.NoError(t, err)
	row, err := v.Index(0)
	require.NoError(t, err)
	_, found, err := row.Key("a")
	require.True(t, found)
	require.ErrorIs(t, err, ErrData)
}

// A nil *Table is a table with no keys and no rows, as FromHost reads it
// (empty): its methods read nothing and Append is an error, never a panic.
func TestNilTable(t *testing.T) {
	var tab *Table
	require.Zero(t, tab.Len())
	require.Nil(t, tab.Keys())
	require.Nil(t, tab.Row(0))
	err := tab.Append(1)
	require.ErrorIs(t, err, ErrData)
	require.EqualError(t, err, "no table to add a row to (a nil *Table; make one with NewTable)")
}

func ExampleTable() {
	rows, _ := NewTable([]string{"customer", "premium"})
	_ = rows.Append("Ann", json.Number("1250.50"))
	_ = rows.Append("Bo") // no premium: empty
	v, _ := FromHost(rows)
	last, _ := v.Index(-1)
	fmt.Println(v.Len(), last.String())
	first, _ := v.Index(0)
	premium, _, _ := first.Key("premium")
	fmt.Println(premium.Kind(), premium.String())
	// Output:
	// 2 {"customer":"Bo","premium":null}
	// number 1250.5
}

// BenchmarkRowKey reads rows[i].customer from a list of maps and from a
// Table of the same rows, side by side (go test -bench RowKey ./value):
// a row of a table is read without allocating, as a map is.
func BenchmarkRowKey(b *testing.B) {
	keys := []string{"policy_no", "customer", "status", "premium", "renewal_date"}
	tab, err := NewTable(keys)
	require.NoError(b, err)
	var maps []any
	for i := range 1000 {
		row := []any{fmt.Sprintf("P%07d", i), "Ann", "Due", json.Number("1250.50"), "2026-01-15"}
		require.NoError(b, tab.Append(row...))
		m := map[string]any{}
		for j, k := range keys {
			m[k] = row[j]
		}
		maps = append(maps, m)
	}
	for _, c := range []struct {
		name string
		rows any
	}{{"maps", maps}, {"table", tab}} {
		list, err := FromHost(c.rows)
		require.NoError(b, err)
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				row, _ := list.Index(i % 1000)
				sinkVal, _, sinkErr = row.Key("customer")
				i++
			}
		})
	}
}

// A wide table holds fewer rows a block, so that a block holds at most
// blockValues values whatever the width, and a table holds at most one
// block more than its rows (a block was 4096 rows, 640 MB for 10,000
// columns, and the first grew by doubling: 300 rows of 10,000 took 512).
// It reads as the maps it stands for across its blocks. Counted in values
// held, not bytes or time.
func TestWideTableBlocks(t *testing.T) {
	for _, w := range []int{1, 3, 16, 17, 1000, 10000, 70000} {
		keys := make([]string, w)
		for j := range keys {
			keys[j] = fmt.Sprintf("c%d", j)
		}
		tab, err := NewTable(keys)
		require.NoError(t, err)
		const n = 300
		for i := range n {
			row := []any{fmt.Sprint(i), json.Number(fmt.Sprint(i))}
			require.NoError(t, tab.Append(row[:min(w, 2)]...))
		}
		held := 0
		for _, b := range tab.blocks {
			require.LessOrEqual(t, len(b), max(blockValues, w), "width %d: values in a block", w)
			held += len(b)
		}
		require.LessOrEqual(t, held, n*w+max(blockValues, w), "width %d: values held for %d rows", w, n)
		for i := range n {
			require.Equal(t, fmt.Sprint(i), tab.at(i, 0), "width %d row %d", w, i)
		}
		for _, i := range []int{0, 5, n - 1} {
			m := tab.Row(i)
			require.Len(t, m, w)
			require.Equal(t, fmt.Sprint(i), m["c0"], "width %d row %d", w, i)
			if w > 1 {
				require.Equal(t, json.Number(fmt.Sprint(i)), m["c1"], "width %d row %d", w, i)
			}
			if w > 2 {
				require.Nil(t, m[keys[w-1]])
			}
		}
	}
}
