package data

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// records writes n YAML list items of two short keys under rows.
func records(n int) []byte {
	var b strings.Builder
	b.WriteString("rows:\n")
	for i := range n {
		fmt.Fprintf(&b, "- a: POL-%07d\n  b: %d\n", i, i%7)
	}
	return []byte(b.String())
}

// A plain YAML file under MaxYAMLSize is read by the streaming reader,
// not by yaml.v3, whose nodes cost about 20 allocations a record (and
// some 60 times the file's size): counted, not timed.
func TestSmallPlainYAMLIsStreamed(t *testing.T) {
	b := records(1000)
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := Decode("r.yaml", b); err != nil {
			t.Fatal(err)
		}
	})
	require.Less(t, allocs/1000, 6.0, "allocations a record") // yaml.v3: about 21
}

// A small file the streaming reader does not read is read by yaml.v3
// from the start: the same values, and the same charge against the
// budget as yaml.v3 alone (the stream's partial read is not counted).
func TestSmallYAMLOutsideSubsetReadByYAMLv3(t *testing.T) {
	for _, src := range []string{
		"a: 1\nb: &x [1, 2]\nc: *x\n",
		string(records(100)) + "base: &b {x: 1}\nm: {<<: *b, y: 2}\n",
		"a: 1\nt: |\n  block\n",
		"a: !!str 12\n",
	} {
		d := newDecoder("t.yaml", len(src))
		got, err := d.yaml([]byte(src))
		require.NoError(t, err, src)
		n := newDecoder("t.yaml", len(src))
		want, err := n.yamlNodes([]byte(src))
		require.NoError(t, err, src)
		require.Equal(t, plain(want), plain(got), src)
		require.Equal(t, n.built, d.built, "%q: the charge", src)
	}
}

// A small file with a mistake is told by yaml.v3's path, as before the
// streaming reader read small files: the same message, byte for byte.
func TestSmallYAMLMistakesAsBefore(t *testing.T) {
	for _, src := range []string{
		"a: 1\na: 2\n",
		"a: [1, 2\n",
		"a: 'open\n",
		"a:\n  b: 1\n c: 2\n",
		"- 1\n",
		"a: 1\n---\nb: 2\n",
		"a: *nope\n",
	} {
		_, err := newDecoder("t.yaml", len(src)).yaml([]byte(src))
		_, want := newDecoder("t.yaml", len(src)).yamlNodes([]byte(src))
		require.Error(t, want, src)
		require.EqualError(t, err, want.Error(), src)
	}
}

// jsonRecords writes n JSON records of two short keys under rows.
func jsonRecords(n int) []byte {
	var b strings.Builder
	b.WriteString(`{"rows":[`)
	for i := range n {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `{"a":"POL-%07d","b":%d}`, i, i%7)
	}
	b.WriteString("]}\n")
	return []byte(b.String())
}

// A list of records read into a value.Table makes one map for them, used
// again record after record, not a map per record that becomes garbage
// once the table has its values (some 300 bytes each): a record costs
// its one new text (two allocations), counted, not timed. The values are
// those of a map per record.
func TestRecordsMakeOneMap(t *testing.T) {
	const n = 2000
	for _, tc := range []struct {
		name string
		b    []byte
	}{
		{"r.json", jsonRecords(n)},
		{"r.yaml", records(n)},                        // under MaxYAMLSize: streamed
		{"big.yaml", append(records(n), bigPad()...)}, // over it
		{"flow.yaml", flowRecords(n)},
	} {
		var d *Data
		allocs := testing.AllocsPerRun(3, func() {
			var err error
			if d, err = Decode(tc.name, tc.b); err != nil {
				t.Fatal(tc.name, err)
			}
		})
		if !raceEnabled {
			require.Less(t, allocs/n, 2.5, "%s: allocations a record", tc.name)
		}
		rows := plain(d.Vars()["rows"]).([]any)
		require.Len(t, rows, n, tc.name)
		for _, i := range []int{0, 63, 64, 65, 1234, n - 1} {
			want := map[string]any{"a": fmt.Sprintf("POL-%07d", i), "b": json.Number(fmt.Sprint(i % 7))}
			require.Equal(t, want, rows[i], "%s: row %d", tc.name, i)
		}
	}
}

// bigPad is a comment line that takes a file over MaxYAMLSize.
func bigPad() []byte {
	return []byte("# " + strings.Repeat("x", MaxYAMLSize) + "\n")
}

// flowRecords writes n YAML records in one flow list, [{a: ..., b: ...}, ...].
func flowRecords(n int) []byte {
	var b strings.Builder
	b.WriteString("rows: [")
	for i := range n {
		if i > 0 {
			b.WriteString(",\n  ")
		}
		fmt.Fprintf(&b, "{a: POL-%07d, b: %d}", i, i%7)
	}
	b.WriteString("]\n")
	return []byte(b.String())
}

// A number is boxed once: its text and the json.Number holding it, two
// allocations (a text was boxed as a string first, then again as a
// json.Number). Counted over numbers that all differ.
func TestNumberBoxedOnce(t *testing.T) {
	const n = 3000
	var js, ys strings.Builder
	js.WriteString(`{"n":[`)
	ys.WriteString("n:\n")
	for i := range n {
		if i > 0 {
			js.WriteString(",")
		}
		fmt.Fprintf(&js, "%d", 1000000+i)
		fmt.Fprintf(&ys, "- %d\n", 1000000+i)
	}
	js.WriteString("]}")
	for _, f := range []struct{ name, text string }{{"n.json", js.String()}, {"n.yaml", ys.String()}} {
		b := []byte(f.text)
		allocs := testing.AllocsPerRun(3, func() {
			if _, err := Decode(f.name, b); err != nil {
				t.Fatal(err)
			}
		})
		if !raceEnabled {
			require.Less(t, allocs/n, 2.5, "%s: allocations a number", f.name)
		}
	}
}

// The top-level mapping of a YAML file is made once at its size, from a
// count of its key lines (keyLines), not grown through tables that become
// garbage: bytes allocated a key, counted by the runtime (no timing).
func TestTopYAMLMappingSizedOnce(t *testing.T) {
	const n = 100000
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "key%07d: %d\n", i, i*7)
	}
	src := []byte(b.String())
	require.Equal(t, n, keyLines(src, 0))
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	d, err := Decode("k.yaml", src)
	runtime.ReadMemStats(&m1)
	require.NoError(t, err)
	require.Len(t, d.Vars(), n)
	perKey := float64(m1.TotalAlloc-m0.TotalAlloc) / n
	if !raceEnabled {
		require.Less(t, perKey, 180.0, "bytes allocated a key (grown: about 225)")
	}
}

// keyLines counts the lines that hold a key at the column given, and no
// others: not blank lines, comments, list items or lines indented more.
func TestKeyLines(t *testing.T) {
	for _, tc := range []struct {
		src  string
		col  int
		want int
	}{
		{"", 0, 0},
		{"a: 1\nb: 2", 0, 2},
		{"a: 1\n\n# c\nb:\n  x: 1\n  - y\n- z\nc: 3\n", 0, 3},
		{"  a: 1\n  b:\n    c: 2\n d: 1\n  e: 1\r\n", 2, 3},
		{"a:\n\tb: 1\n", 0, 1},
	} {
		require.Equal(t, tc.want, keyLines([]byte(tc.src), tc.col), "%q", tc.src)
	}
}

// Reading a workbook's cells formats no message: the error for a cell
// over Excel's limit is made only when there is one (it named the cell
// with fmt for every cell read, about four allocations a cell). A row of
// five cells, of which only the policy number is new text, costs that
// text: counted over the rows of a stream.
func TestXLSXCellsFormatNoMessage(t *testing.T) {
	const n = 2000
	b := benchWorkbook(t, n)
	allocs := testing.AllocsPerRun(3, func() {
		rr, err := OpenRows("w.xlsx", bytes.NewReader(b), int64(len(b)))
		if err != nil {
			t.Fatal(err)
		}
		var row Row
		for {
			if row, err = rr.NextInto(row.Values); err != nil {
				break
			}
		}
		if err != io.EOF {
			t.Fatal(err)
		}
	})
	if !raceEnabled {
		require.Less(t, allocs/n, 4.0, "allocations a row of five cells")
	}
}

// A line of JSON lines is read into the map of a row the host is done
// with (NextInto), and Decode reads the next line into the map whose
// values its table took: no map a line (about 300 bytes each). A line's
// one new text costs two allocations, its counts one.
func TestJSONLinesReuseTheRowMap(t *testing.T) {
	const n = 2000
	var b bytes.Buffer
	for i := range n {
		fmt.Fprintf(&b, `{"a":"POL-%07d","b":%d,"c":"x"}`+"\n", i, i%7)
	}
	src := b.Bytes()
	stream := testing.AllocsPerRun(3, func() {
		rr, err := OpenRows("r.jsonl", bytes.NewReader(src), int64(len(src)))
		if err != nil {
			t.Fatal(err)
		}
		var row Row
		for {
			if row, err = rr.NextInto(row.Values); err != nil {
				break
			}
		}
		if err != io.EOF {
			t.Fatal(err)
		}
	})
	if !raceEnabled {
		require.Less(t, stream/n, 4.0, "allocations a line, streamed")
	}
	var d *Data
	decode := testing.AllocsPerRun(3, func() {
		var err error
		if d, err = Decode("r.jsonl", src); err != nil {
			t.Fatal(err)
		}
	})
	if !raceEnabled {
		require.Less(t, decode/n, 4.0, "allocations a line, decoded")
	}
	require.Equal(t, n, d.Len())
	for _, i := range []int{0, 1, n - 1} {
		require.Equal(t, map[string]any{"a": fmt.Sprintf("POL-%07d", i), "b": json.Number(fmt.Sprint(i % 7)), "c": "x"}, d.Row(i))
	}
	// streamed rows read into one map hold each line's values in turn
	rr, err := OpenRows("r.jsonl", bytes.NewReader(src), int64(len(src)))
	require.NoError(t, err)
	var row Row
	for i := 0; ; i++ {
		if row, err = rr.NextInto(row.Values); err != nil {
			require.ErrorIs(t, err, io.EOF)
			require.Equal(t, n, i)
			break
		}
		require.Equal(t, fmt.Sprintf("POL-%07d", i), row.Values["a"])
		require.Len(t, row.Values, 3)
	}
	// a line with other keys keeps none of the line before
	mixed := []byte("{\"a\":1,\"b\":{\"x\":1}}\n{\"c\":2}\n")
	rr, err = OpenRows("m.jsonl", bytes.NewReader(mixed), int64(len(mixed)))
	require.NoError(t, err)
	first, err := rr.NextInto(nil)
	require.NoError(t, err)
	require.Equal(t, map[string]any{"a": json.Number("1"), "b": map[string]any{"x": json.Number("1")}}, first.Values)
	second, err := rr.NextInto(first.Values)
	require.NoError(t, err)
	require.Equal(t, map[string]any{"c": json.Number("2")}, second.Values)
}
