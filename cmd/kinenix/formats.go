package main

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/echo"
)

// columns are the names of the columns of -format table and csv: the row,
// the sheet row, the key with -key, then a column per field and condition,
// named by its label; a label given twice is named with its line too
// (`condition (line 19)`).
func columns(f *flow.Flow, key bool) []string {
	cols := []string{"row", "sheet_row"}
	if key {
		cols = append(cols, "key")
	}
	fields := f.Fields()
	count := map[string]int{}
	for _, fd := range fields {
		count[fd.Label]++
	}
	for _, fd := range fields {
		name := fd.Label
		if count[name] > 1 {
			name += " (line " + strconv.Itoa(fd.Line) + ")"
		}
		cols = append(cols, name)
	}
	return cols
}

// cells are the values of a row under columns: a field's text, true or
// false for a condition, `error: MESSAGE` for what failed.
func cells(r *flow.RowResult, key bool, out []string) []string {
	out = out[:0]
	row, sheetRow := "", ""
	if r.Row >= 0 {
		row = strconv.Itoa(r.Row)
	}
	if r.SheetRow > 0 {
		sheetRow = strconv.Itoa(r.SheetRow)
	}
	out = append(out, row, sheetRow)
	if key {
		out = append(out, r.Key)
	}
	for i := range r.Results {
		out = append(out, cell(&r.Results[i]))
	}
	return out
}

func cell(res *flow.Result) string {
	switch {
	case res.Err != nil:
		return "error: " + res.Err.Error()
	case res.Condition && res.Holds:
		return "true"
	case res.Condition:
		return "false"
	}
	return res.Text
}

// csvOut is -format csv: RFC 4180, a header row, CRLF line ends, and a
// cell that a spreadsheet would read as a formula (it starts with = + -
// @, a tab or a carriage return) written after a ' (CWE-1236).
type csvOut struct {
	w    *csv.Writer
	key  bool
	buf  []string
	cols []string
}

func newCSVOut(w io.Writer, f *flow.Flow, key bool) *csvOut {
	o := &csvOut{w: csv.NewWriter(w), key: key}
	o.w.UseCRLF = true
	o.cols = columns(f, key)
	o.write(o.cols)
	return o
}

func (o *csvOut) write(rec []string) {
	for i, c := range rec {
		rec[i] = formulaSafe(c)
	}
	o.w.Write(rec)
}

func (o *csvOut) row(r *flow.RowResult) {
	o.buf = cells(r, o.key, o.buf)
	o.write(o.buf)
}

func (o *csvOut) end() { o.w.Flush() }

// formulaSafe escapes a cell that a spreadsheet would run as a formula
// (CWE-1236) with a leading '.
func formulaSafe(s string) string {
	if s == "" {
		return s
	}
	switch s[0] {
	case '=', '+', '-', '@', '\t', '\r':
		return "'" + s
	}
	return s
}

// jsonlOut is -format jsonl: one JSON document per row, as a row of
// preview -json, on one line.
type jsonlOut struct {
	enc *json.Encoder
}

func newJSONL(w io.Writer) *jsonlOut {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	return &jsonlOut{enc: enc}
}

func (o *jsonlOut) row(r *flow.RowResult) { o.enc.Encode(jsonRow(r)) }
func (o *jsonlOut) end()                  {}

// tableOut is -format table: a header line, then one line per row, the
// columns aligned and the line cut to the width. The widths are those of
// the first tableSample rows, held until then. A later cell longer than
// its column widens the column from that line on: a value up to
// tableMaxCol characters (past that it is cut with `…`), a row's name
// (row, sheet row, key) without limit, so that a row's name is never cut
// (D41), not even by the terminal's width.
type tableOut struct {
	w       io.Writer
	key     bool
	width   int
	names   int // how many columns name the row
	cols    []string
	widths  []int
	pending [][]string
}

// tableMaxCol is the widest a column of values grows.
const tableMaxCol = 40

// tableSample is how many rows set the widths of the columns.
const tableSample = 50

// terminalWidth is $COLUMNS, or 100.
func terminalWidth() int {
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n > 0 {
		return n
	}
	return 100
}

func newTable(w io.Writer, f *flow.Flow, key bool) *tableOut {
	t := &tableOut{w: w, key: key, width: terminalWidth(), cols: columns(f, key), names: 2}
	if key {
		t.names++
	}
	return t
}

// grow widens the columns to the cells of a row: a row's name to its
// length, a value to at most tableMaxCol.
func (t *tableOut) grow(cs []string) {
	for i, c := range cs {
		n := utf8.RuneCountInString(c)
		if i >= t.names {
			n = min(n, tableMaxCol)
		}
		t.widths[i] = max(t.widths[i], n)
	}
}

func (t *tableOut) row(r *flow.RowResult) {
	cs := cells(r, t.key, nil)
	for i, c := range cs {
		cs[i] = echo.Clean(c)
	}
	if t.widths == nil {
		t.pending = append(t.pending, cs)
		if len(t.pending) == tableSample {
			t.flush()
		}
		return
	}
	t.grow(cs)
	t.line(cs)
}

func (t *tableOut) end() {
	if t.widths == nil {
		t.flush()
	}
}

// flush sets the widths from the rows held and prints them.
func (t *tableOut) flush() {
	t.widths = make([]int, len(t.cols))
	t.grow(t.cols)
	for _, cs := range t.pending {
		t.grow(cs)
	}
	t.line(t.cols)
	for _, cs := range t.pending {
		t.line(cs)
	}
	t.pending = nil
}

// line prints one line: the cells padded to their widths, two spaces
// apart, cut to the width but never within the row's name.
func (t *tableOut) line(cs []string) {
	var b strings.Builder
	name := 0 // the characters of the row's name, with its padding
	for i, c := range cs {
		if i == t.names {
			name = utf8.RuneCountInString(b.String())
		}
		if i > 0 {
			b.WriteString("  ")
		}
		w := t.widths[i]
		n := utf8.RuneCountInString(c)
		if n > w {
			c = cut(c, w)
			n = w
		}
		b.WriteString(c)
		if i < len(cs)-1 {
			b.WriteString(strings.Repeat(" ", w-n))
		}
	}
	s := b.String()
	if width := max(t.width, name+1); utf8.RuneCountInString(s) > width {
		s = cut(s, width)
	}
	io.WriteString(t.w, strings.TrimRight(s, " ")+"\n")
}

// cut cuts s to n characters, the last one `…`.
func cut(s string, n int) string {
	if n <= 0 {
		return ""
	}
	i := 0
	for j := range s {
		if i == n-1 {
			return s[:j] + "…"
		}
		i++
	}
	return s
}
