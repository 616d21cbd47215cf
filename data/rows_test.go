package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/stretchr/testify/require"
)

// readRows reads every row of a RowReader over b.
func readRows(t *testing.T, name string, b []byte, opts ...Option) ([]Row, []string, error) {
	t.Helper()
	r, err := OpenRows(name, bytes.NewReader(b), int64(len(b)), opts...)
	if err != nil {
		return nil, nil, err
	}
	var rows []Row
	for {
		row, err := r.Next()
		if errors.Is(err, io.EOF) {
			return rows, r.Header(), nil
		}
		if err != nil {
			_, again := r.Next()
			require.Equal(t, err, again, "an error stays")
			return rows, r.Header(), err
		}
		require.Equal(t, len(rows), row.Index)
		rows = append(rows, row)
	}
}

// requireSameAsDecode checks that the rows streamed are the rows Decode
// gives, in order, or the same error.
func requireSameAsDecode(t *testing.T, name string, b []byte, opts ...Option) []Row {
	t.Helper()
	rows, _, err := readRows(t, name, b, opts...)
	d, derr := Decode(name, b, opts...)
	if derr != nil {
		require.EqualError(t, err, derr.Error())
		return rows
	}
	require.NoError(t, err)
	want := rowsOf(d)
	require.Len(t, rows, len(want))
	for i, r := range rows {
		require.Equal(t, want[i], r.Values)
	}
	// NextInto gives the same rows, in the one map it is given again
	rr, err := OpenRows(name, bytes.NewReader(b), int64(len(b)), opts...)
	require.NoError(t, err)
	values := map[string]any{"stale": "a key of no row"}
	for i := 0; ; i++ {
		row, err := rr.NextInto(values)
		if errors.Is(err, io.EOF) {
			require.Equal(t, len(rows), i)
			break
		}
		require.NoError(t, err)
		require.Equal(t, rows[i], row)
		if !strings.HasSuffix(strings.ToLower(name), ".jsonl") {
			values[" mark"] = true // the map given is the row's
			require.Equal(t, true, row.Values[" mark"])
		}
	}
	return rows
}

func TestOpenRowsCSV(t *testing.T) {
	src := "\xef\xbb\xbfpolicy_no,note\r\n" +
		"0042,\"two\nlines\"\r\n" +
		"\r\n" + // blank: skipped, but the sheet shows it as a row
		"0043,x\r\n"
	rows := requireSameAsDecode(t, "r.csv", []byte(src))
	require.Equal(t, []Row{
		{Index: 0, SheetRow: 2, Values: map[string]any{"policy_no": "0042", "note": "two\nlines"}},
		{Index: 1, SheetRow: 4, Values: map[string]any{"policy_no": "0043", "note": "x"}},
	}, rows, "a line end inside a quoted field is not a new row of the sheet")
	_, header, err := readRows(t, "r.csv", []byte(src))
	require.NoError(t, err)
	require.Equal(t, []string{"policy_no", "note"}, header)

	for _, src := range []string{
		readExampleString(t, "renewals.csv"),
		"a,,c\n1,2,3\n",
		"a,b\n1,2\n3,4,5\n",
		"a,b\n1,x\"y\n",
		"a,b\n1,2\n3,\xff\n",
		"a,b\n1,2\n3,\xe0\xb8", // a character cut by the end
		"a\n" + strings.Repeat("0\n", 1<<20),
	} {
		requireSameAsDecode(t, "s.csv", []byte(src))
	}
}

// The UTF-8 check holds however the text arrives: a byte at a time, a
// character cut between reads.
func TestUTF8ReaderOneByte(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"a,b\nกข,ค\n", ""},
		{"a,b\nกข,\xff\n", "data in x.csv: line 2, byte offset 11: the text is not valid UTF-8 (data files must be UTF-8); save it as \"CSV UTF-8\" in the spreadsheet"},
		{"a\n\xe0\xb8", "data in x.csv: line 2, byte offset 2: the text is not valid UTF-8 (data files must be UTF-8); save it as \"CSV UTF-8\" in the spreadsheet"},
	} {
		d := newDecoder("x.csv", len(tc.src))
		src := newCSVRows(d, iotest.OneByteReader(strings.NewReader(tc.src)))
		_, err := d.sheetData(src)
		if tc.want == "" {
			require.NoError(t, err, tc.src)
			continue
		}
		require.EqualError(t, err, tc.want, tc.src)
		_, derr := Decode("x.csv", []byte(tc.src))
		require.EqualError(t, derr, tc.want)
	}
}

func TestOpenRowsXLSX(t *testing.T) {
	b := buildXLSX(t, []string{"Renewals", "Second"}, map[string][]cell{
		"Renewals": {
			{"A1", "policy_no", ""}, {"B1", "premium", ""},
			{"A2", "0042", ""}, {"B2", 1250.5, "0.00"},
			{"A5", "0044", ""}, {"B5", 7.25, ""},
		},
		"Second": {{"A3", "name", ""}, {"A4", "x", ""}},
	})
	rows := requireSameAsDecode(t, "w.xlsx", b)
	require.Equal(t, []Row{
		{Index: 0, SheetRow: 2, Values: map[string]any{"policy_no": "0042", "premium": json.Number("1250.50")}},
		{Index: 1, SheetRow: 5, Values: map[string]any{"policy_no": "0044", "premium": json.Number("7.25")}},
	}, rows)
	rows = requireSameAsDecode(t, "w.xlsx", b, Sheet("Second"))
	require.Equal(t, []Row{{Index: 0, SheetRow: 4, Values: map[string]any{"name": "x"}}}, rows)
	requireSameAsDecode(t, "w.xlsx", b, Sheet("Nope"))
	requireSameAsDecode(t, "renewals.xlsx", readExample(t, "renewals.xlsx"))
}

func TestOpenRowsJSONLines(t *testing.T) {
	src := "\xef\xbb\xbf{\"b\": 1, \"a\": \"x\"}\n\n{\"c\": [1, 2], \"a\": null}\r\n{\"a\": 1.50}"
	rows, header, err := readRows(t, "r.jsonl", []byte(src))
	require.NoError(t, err)
	require.Equal(t, []string{"b", "a", "c"}, header, "keys in first-seen order")
	require.Equal(t, []Row{
		{Index: 0, Values: map[string]any{"b": json.Number("1"), "a": "x"}},
		{Index: 1, Values: map[string]any{"c": []any{json.Number("1"), json.Number("2")}, "a": nil}},
		{Index: 2, Values: map[string]any{"a": json.Number("1.50")}},
	}, rows)
	requireSameAsDecode(t, "r.jsonl", []byte(src))

	for _, tc := range []struct{ src, want string }{
		{"{\"a\":1}\n{\"a\":1,\"a\":2}\n", `data in r.jsonl: line 2: the key "a" is given twice in one mapping`},
		{"{\"a\":1}\n\n[1]\n", "data in r.jsonl: line 3: each line of JSON lines must be one JSON object `{...}` (a row)"},
		{"{\"a\":1}\n{\"a\":\n", "data in r.jsonl: line 2, column 5: not valid JSON: the text ends before the JSON is complete"},
		{"{\"a\":1}\n{\"a\":\"\xff\"}\n", "data in r.jsonl: line 2, byte offset 14: the text is not valid UTF-8 (data files must be UTF-8)"},
		{"\xef\xbb\xbf{\"a\":\"\xff\"}\n", "data in r.jsonl: line 1, byte offset 9: the text is not valid UTF-8 (data files must be UTF-8)"},
		{"{\"a\":1}\r\n\n{\"a\":\"\xe0\xb8\"}", "data in r.jsonl: line 3, byte offset 16: the text is not valid UTF-8 (data files must be UTF-8)"},
		// two objects on a line, or lines ended by CR alone (read as one
		// line): the fix is a line each, not "a file holds one object"
		{"{\"a\":1}\n{\"a\":2} {\"a\":3}\n", "data in r.jsonl: line 2, column 9: not valid JSON: more text after the end of the JSON object; " +
			"a line of JSON lines holds one object (a row): put each object on a line of its own"},
		{"{\"a\":1}\r{\"a\":2}\r", "data in r.jsonl: line 1, column 9: not valid JSON: more text after the end of the JSON object; " +
			"a line of JSON lines holds one object (a row): put each object on a line of its own"},
	} {
		_, _, err := readRows(t, "r.jsonl", []byte(tc.src))
		require.Error(t, err, tc.src)
		require.Contains(t, err.Error(), tc.want, tc.src)
	}

	_, err = OpenRows("r.yaml", bytes.NewReader(nil), 0)
	require.EqualError(t, err, "data in r.yaml: the rows of a sheet are read from .csv, .xlsx or .jsonl files, not from this one")
}

// A stream is bounded as Decode is: the rows read are charged to the
// file's budget though none is kept.
func TestOpenRowsBounded(t *testing.T) {
	narrow := "a\n" + strings.Repeat("0\n", 1<<20)
	rows, _, err := readRows(t, "narrow.csv", []byte(narrow))
	require.Error(t, err)
	require.Contains(t, err.Error(), "data in narrow.csv: the data would take more than 96 MiB of memory")
	require.Less(t, len(rows), 1<<20)
}

func readExampleString(t *testing.T, name string) string { return string(readExample(t, name)) }

// #21, D45: CR-only line ends are line ends; every byte-order mark at the
// start goes; a file separated by ';' or tabs, or not UTF-8, is named for
// what it is.
func TestCSVDoors(t *testing.T) {
	for _, tc := range []struct {
		src  string
		rows []map[string]any
	}{
		{"name,amount\r1,2\r3,4\r", []map[string]any{{"name": json.Number("1"), "amount": json.Number("2")}, {"name": json.Number("3"), "amount": json.Number("4")}}},
		{"name,amount\r\n1,\"a\rb\"\r\n", []map[string]any{{"name": json.Number("1"), "amount": "a\nb"}}},
		{"\xef\xbb\xbf\xef\xbb\xbfname,amount\n1,2\n", []map[string]any{{"name": json.Number("1"), "amount": json.Number("2")}}},
		{"\xef\xbb\xbf\xef\xbb\xbf\xef\xbb\xbfname\n1\n", []map[string]any{{"name": json.Number("1")}}},
		{"note\nx;y\n", []map[string]any{{"note": "x;y"}}}, // only the header tells
		// a header with a `;` in a name, which its rows do not follow
		{"name,tags;list\nA,x;y\n", []map[string]any{{"name": "A", "tags;list": "x;y"}}},
		{"name;id,amount\nA,1\n", []map[string]any{{"name;id": "A", "amount": json.Number("1")}}},
		{"a;b;c,d\n1;2,3\n", []map[string]any{{"a;b;c": "1;2", "d": json.Number("3")}}},
		{"a;b,c\n", nil}, // no row to tell
	} {
		for _, r := range []io.Reader{strings.NewReader(tc.src), iotest.OneByteReader(strings.NewReader(tc.src))} {
			d := newDecoder("x.csv", len(tc.src))
			data, err := d.sheetData(newCSVRows(d, r))
			require.NoError(t, err, tc.src)
			rows := rowsOf(data)
			require.Len(t, rows, len(tc.rows), tc.src)
			for i, want := range tc.rows {
				require.Equal(t, want, rows[i], tc.src)
			}
		}
	}
	for _, tc := range []struct{ src, want string }{
		{"name;amount\n1;2\n", `data in x.csv: line 1: the columns are separated by ';', not ','; save it as CSV with commas`},
		{"\n\nname\tamount\n1\t2\n", `data in x.csv: line 3: the columns are separated by tabs, not ','; save it as CSV with commas`},
		// a header of several cells when a value or a name holds a comma
		// (a decimal comma, `amount, EUR`), and its first row splits alike
		{"id;amount, EUR;note\nA;1,5;x\n", `data in x.csv: line 1: the columns are separated by ';', not ','; save it as CSV with commas`},
		{"id;amount\n\nA;1,5\n", `data in x.csv: line 1: the columns are separated by ';', not ','; save it as CSV with commas`},
		{"\nid\tamount, EUR\tnote\nA\t1,5\tx\n", `data in x.csv: line 2: the columns are separated by tabs, not ','; save it as CSV with commas`},
		{"name,city\n1,\xa1\xc3\xd8\xa7\xe0\xb7\xbe\n", `data in x.csv: line 2, byte offset 12: the text is not valid UTF-8 (data files must be UTF-8); save it as "CSV UTF-8" in the spreadsheet`},
		{"\xef\xbb\xbf\xef\xbb\xbfa\n\xff\n", `data in x.csv: line 2, byte offset 8: the text is not valid UTF-8`},
		{"a\r1\r\"x\r\n\ny\"\r\xff\r", `data in x.csv: line 6, byte offset 12: the text is not valid UTF-8`}, // CR, LF and CR LF each end a line
	} {
		_, err := Decode("x.csv", []byte(tc.src))
		require.Error(t, err, tc.src)
		require.Contains(t, err.Error(), tc.want, tc.src)
	}
}

// A record longer than encoding/csv's buffer reads whole, however its
// bytes fall in that buffer: the readers under it are asked for what is
// left of the buffer, down to a byte.
func TestCSVLongRecord(t *testing.T) {
	for _, n := range []int{4090, 4093, 4095, 4096, 4097, 8000, 70000} {
		for _, end := range []string{"\n", "\r\n", "\r"} {
			cell := strings.Repeat("a", n)
			src := "id,s" + end + "1," + cell + end + "2,\"" + cell + "\"" + end + "3,\xff" + end
			rows, _, err := readRows(t, "x.csv", []byte(src))
			require.EqualError(t, err, "data in x.csv: line 4, byte offset "+strconv.Itoa(len(src)-1-len(end))+
				": the text is not valid UTF-8 (data files must be UTF-8); save it as \"CSV UTF-8\" in the spreadsheet", n)
			require.Len(t, rows, 2, n)
			for _, r := range rows {
				require.Equal(t, cell, r.Values["s"], n)
			}
			src = strings.TrimSuffix(src, "3,\xff"+end)
			requireSameAsDecode(t, "x.csv", []byte(src))
		}
	}
}

// D41: Data names each row of a sheet as the sheet shows it, as OpenRows
// does: a blank line is a row of the sheet, a line break inside a quoted
// field is not.
func TestDataSheetRow(t *testing.T) {
	d, err := Decode("s.csv", []byte("a,b\n1,2\n\n\"x\ny\",3\n4,5\n"))
	require.NoError(t, err)
	require.Equal(t, 3, d.Len())
	require.Equal(t, []int{2, 4, 5}, []int{d.SheetRow(0), d.SheetRow(1), d.SheetRow(2)})
	require.Equal(t, 5, d.SheetRow(-1))
	require.Equal(t, 0, d.SheetRow(3))
	j, err := Decode("d.json", []byte(`{"a": 1}`))
	require.NoError(t, err)
	require.Equal(t, 0, j.SheetRow(0))
}

// A bad argument of a public function is an error, never a panic
// (probe-bounds F3).
func TestOpenRowsBadArguments(t *testing.T) {
	for _, name := range []string{"x.csv", "x.xlsx", "x.jsonl"} {
		r, err := OpenRows(name, strings.NewReader("a\n1\n"), -1)
		require.Nil(t, r)
		require.EqualError(t, err, "data in "+name+": its size is given as -1 bytes; give OpenRows the file's size, 0 or more")
		r, err = OpenRows(name, nil, 4)
		require.Nil(t, r)
		require.EqualError(t, err, "data in "+name+": no reader was given to read the file from (OpenRows' r is nil)")
	}
	r, err := OpenRows("x.csv", strings.NewReader("a\n1\n"), 4, nil)
	require.NoError(t, err)
	row, err := r.Next()
	require.NoError(t, err)
	require.Equal(t, 0, row.Index)
	d, err := Decode("x.csv", []byte("a\n1\n"), nil, Sheet(""))
	require.NoError(t, err)
	require.NotNil(t, d)
	var nilReader *RowReader
	require.Nil(t, nilReader.Header())
	_, err = nilReader.Next()
	require.Error(t, err)
}

// A column of a new text per row is read without looking its texts up
// among those shared once no more can be shared (sheet.cell); its values,
// and those of a column of few texts, which are still shared, are the
// values of the one scalar rule (D36) all the same.
func TestSeldomColumnValues(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,n,status,flag\n")
	rows := maxInterned + 3*seldomRun
	for i := range rows {
		fmt.Fprintf(&b, "ID%06d,%d.%02d,%s,%s\n", i, i, i%100, []string{"Due", "Paid", "", "12"}[i%4], []string{"true", "", "null", "x"}[i%4])
	}
	r, err := OpenRows("r.csv", strings.NewReader(b.String()), int64(b.Len()))
	require.NoError(t, err)
	d := newDecoder("r.csv", 1<<30)
	for i := 0; ; i++ {
		row, err := r.Next()
		if errors.Is(err, io.EOF) {
			require.Equal(t, rows, i)
			break
		}
		require.NoError(t, err)
		require.Equal(t, map[string]any{
			"id":     d.scalar(fmt.Sprintf("ID%06d", i)),
			"n":      d.scalar(fmt.Sprintf("%d.%02d", i, i%100)),
			"status": d.scalar([]string{"Due", "Paid", "", "12"}[i%4]),
			"flag":   d.scalar([]string{"true", "", "null", "x"}[i%4]),
		}, row.Values, "row %d", i)
	}
	require.Len(t, r.s.fresh, 4)
	require.Equal(t, seldomRun, r.s.fresh[0], "id: read without look-ups")
	require.Equal(t, seldomRun, r.s.fresh[1], "n: read without look-ups")
	require.Less(t, r.s.fresh[2], 4, "status: shared")
	require.Less(t, r.s.fresh[3], 4, "flag: shared")
	require.Len(t, r.d.texts, maxInterned)
	require.Len(t, r.d.numbers, maxInterned)
}

// failingAt is a file whose reads fail after its first n bytes.
type failingAt struct {
	b []byte
	n int
}

func (f failingAt) ReadAt(p []byte, off int64) (int, error) {
	if int(off) >= f.n {
		return 0, errors.New("disk gone")
	}
	k := copy(p, f.b[off:min(len(f.b), f.n)])
	if k < len(p) {
		return k, errors.New("disk gone")
	}
	return k, nil
}

// A read that fails is an error that names the file, as every other
// error of Next does; CSV passed the reader's own error on bare (`disk
// gone`), and JSON lines dropped it. errors.Is still finds it.
func TestRowsReadError(t *testing.T) {
	csv := []byte("a,b\n" + strings.Repeat("1,2\n", 40000))
	jsonl := []byte(strings.Repeat(`{"a":1}`+"\n", 40000))
	for name, b := range map[string][]byte{"x.csv": csv, "x.jsonl": jsonl} {
		r, err := OpenRows(name, failingAt{b, 100 << 10}, int64(len(b)))
		require.NoError(t, err, name)
		for err == nil {
			_, err = r.Next()
		}
		require.NotErrorIs(t, err, io.EOF, name)
		require.EqualError(t, err, "data in "+name+": cannot read the data: disk gone", name)
		_, again := r.Next()
		require.Equal(t, err, again, "sticky")
	}
}

// A nil *Data is no data, and a RowReader not made by OpenRows is an
// error, never a panic.
func TestNilData(t *testing.T) {
	var d *Data
	require.False(t, d.IsSheet())
	require.Zero(t, d.Len())
	require.Nil(t, d.Row(0))
	require.Zero(t, d.SheetRow(0))
	require.Nil(t, d.Vars())
	_, err := d.RowVars(0)
	require.EqualError(t, err, "row 0: the data in the data is not a sheet (CSV, XLSX or JSON lines), so it has no rows")
	var r RowReader
	require.Nil(t, r.Header())
	_, err = r.Next()
	require.EqualError(t, err, "data: Next called on a RowReader not made by OpenRows; use the one OpenRows returns")
}

// failingAfter is a file whose reads succeed ok times, then fail.
type failingAfter struct {
	b     []byte
	ok    int
	calls *int
}

var errDiskGone = errors.New("disk gone")

func (f failingAfter) ReadAt(p []byte, off int64) (int, error) {
	*f.calls++
	if *f.calls > f.ok {
		return 0, errDiskGone
	}
	return bytes.NewReader(f.b).ReadAt(p, off)
}

// A workbook whose reads fail is the file that could not be read, as for
// CSV, wherever the read fails (opening the archive, the shared strings,
// a row of the sheet): not "not a valid zip archive" or a damaged part,
// which sent the host to repair a file that is fine. errors.Is finds the
// reader's own error.
func TestRowsReadErrorXLSX(t *testing.T) {
	b := workbook{
		sst:  []string{"a", "b"},
		rows: headerAnd(20000, func(r int) string { return fmt.Sprintf(`<c r="A%d"><v>%d</v></c>`, r, r*7919) }),
	}.bytes(t)
	rows, _, err := readRows(t, "x.xlsx", b)
	require.NoError(t, err)
	require.Len(t, rows, 20000, "the workbook read whole")
	failures := 0
	for ok := 0; ; ok++ {
		calls := 0
		r, err := OpenRows("x.xlsx", failingAfter{b, ok, &calls}, int64(len(b)))
		for err == nil {
			_, err = r.Next()
		}
		if errors.Is(err, io.EOF) {
			require.Positive(t, failures)
			break
		}
		failures++
		require.ErrorIs(t, err, errDiskGone, "after %d reads", ok)
		require.EqualError(t, err, "data in x.xlsx: cannot read the data: disk gone", "after %d reads", ok)
	}
}
