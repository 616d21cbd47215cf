package data

import (
	"encoding/json"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/value"
)

// #21: a sheet's rows, and a long JSON or YAML list of records with the
// same keys, are a value.Table: the keys once, not a map per row. A list
// that is short, or whose items differ, stays a list of maps.
func TestRowsAreATable(t *testing.T) {
	d, err := Decode("s.csv", []byte("a,b\n1,x\n2,y\n"))
	require.NoError(t, err)
	tab, ok := d.Vars()["rows"].(*value.Table)
	require.True(t, ok, "%T", d.Vars()["rows"])
	require.Equal(t, []string{"a", "b"}, tab.Keys())
	require.Equal(t, map[string]any{"a": json.Number("1"), "b": "x"}, d.Vars()["row"])
	require.Equal(t, d.Row(-1), tab.Row(1))

	d, err = Decode("s.jsonl", []byte("{\"b\":1,\"a\":2}\n{\"a\":3,\"b\":4}\n"))
	require.NoError(t, err)
	require.IsType(t, &value.Table{}, d.Vars()["rows"], "the same keys in another order")
	require.Equal(t, map[string]any{"a": json.Number("3"), "b": json.Number("4")}, d.Row(1))

	record := func(i int) string { return fmt.Sprintf(`{"id":%d,"name":"n%d","tags":[%d]}`, i, i, i) }
	list := func(n int, odd int) string {
		items := make([]string, n)
		for i := range items {
			items[i] = record(i)
			if i == odd {
				items[i] = fmt.Sprintf(`{"id":%d,"name":"n%d"}`, i, i)
			}
		}
		return `{"x":[` + strings.Join(items, ",") + `]}`
	}
	for _, tc := range []struct {
		n, odd int
		table  bool
	}{
		{minTable, -1, true},
		{minTable - 1, -1, false},
		{minTable + 10, 5, false},            // differs before the table is made
		{minTable + 10, minTable + 3, false}, // and after
	} {
		src := list(tc.n, tc.odd)
		d, err := Decode("l.json", []byte(src))
		require.NoError(t, err)
		_, isTable := d.Vars()["x"].(*value.Table)
		require.Equal(t, tc.table, isTable, "%d records, record %d differs", tc.n, tc.odd)
		var want map[string]any
		require.NoError(t, json.Unmarshal([]byte(src), &want))
		got, err := json.Marshal(plain(d.Vars()))
		require.NoError(t, err)
		require.JSONEq(t, src, string(got), "the same values, in order")
		if !isTable {
			require.Len(t, d.Vars()["x"], tc.n)
		}
	}
}

// A YAML list of aliases keeps sharing the one mapping, never copies it
// into a table (D36: an alias costs one reference).
func TestAliasedRecordsShared(t *testing.T) {
	src := "base: &b {a: 1, b: 2}\nx: [" + strings.TrimSuffix(strings.Repeat("*b, ", 2*minTable), ", ") + "]\n"
	d, err := Decode("a.yaml", []byte(src))
	require.NoError(t, err)
	x, ok := d.Vars()["x"].([]any)
	require.True(t, ok, "%T", d.Vars()["x"])
	x[0].(map[string]any)["probe"] = true // the same map in every item
	require.Equal(t, true, x[2*minTable-1].(map[string]any)["probe"])

	src = "x:\n" + strings.Repeat("  - {a: 1, b: 2}\n", minTable)
	d, err = Decode("r.yaml", []byte(src))
	require.NoError(t, err)
	require.IsType(t, &value.Table{}, d.Vars()["x"], "records written out are a table")
}

// retained returns the bytes of heap that what f returns keeps alive.
func retained(f func() any) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	x := f()
	runtime.GC()
	runtime.ReadMemStats(&after)
	runtime.KeepAlive(x)
	return after.HeapAlloc - before.HeapAlloc
}

// #21: rows of five short cells (the memory round's shapes, smaller) are
// held within five times the file's size in every format (CSV, whose rows
// are shortest, 4.1x; a map per row took 10x); a process takes up to
// twice what it holds.
func TestRowsHeldSmall(t *testing.T) {
	for _, f := range shapeFiles(20_000) {
		var d *Data
		n := retained(func() any {
			var err error
			d, err = Decode(f.name, f.body)
			require.NoError(t, err, f.name)
			return d
		})
		rows := d.Vars()["rows"]
		v, err := value.FromHost(rows)
		require.NoError(t, err)
		require.Equal(t, 20_000, v.Len(), f.name)
		require.Less(t, n, uint64(5*len(f.body)), "%s: %d bytes held for a %d-byte file (%.1fx)", f.name, n, len(f.body), float64(n)/float64(len(f.body)))
	}
}
