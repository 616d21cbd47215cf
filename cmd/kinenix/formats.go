package main

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"os"
	"strconv"
	"strings"

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
// columns aligned. The widths are those of the first tableSample rows,
// held until then: a row's name (row, sheet row, key) whole, a value up
// to tableMaxCol cells (past that it is cut with `…`). Every line has the
// header line's width, in terminal cells (a Thai mark takes none, a wide
// character two): the table's width, cut to the terminal's but never
// within a row's name. A later row's name longer than its column widens
// the column (D41: a row's name is never cut), and the room is taken from
// the columns of values, the widest first; a later value longer than its
// column widens it with room from a wider column of values, or is cut.
// Only a row's name that the values cannot make room for, or that the
// terminal's width cannot hold, makes its line and those after it wider:
// a row's name is never cut (D41).
type tableOut struct {
	w       io.Writer
	key     bool
	width   int // the terminal's
	names   int // how many columns name the row
	cols    []string
	widths  []int
	total   int // the table's width: the columns and the spaces between them
	size    int // every line's width: total, cut to the terminal's
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
// width, a value to at most tableMaxCol cells.
func (t *tableOut) grow(cs []string) {
	for i, c := range cs {
		n := displayWidth(c)
		if i >= t.names {
			n = min(n, tableMaxCol)
		}
		t.widths[i] = max(t.widths[i], n)
	}
}

// fit widens the columns to a later row's cells, so that the table keeps
// its width: a row's name whole (D41), the room taken from the columns of
// values, the widest first, down to one cell each, and what they cannot
// give widens the table; a value up to tableMaxCol cells, the room taken
// from a wider column of values while it stays wider.
func (t *tableOut) fit(cs []string) {
	for i, c := range cs {
		need := displayWidth(c)
		if i >= t.names {
			need = min(need, tableMaxCol)
		}
		for t.widths[i] < need {
			donor := -1
			for j := t.names; j < len(t.widths); j++ {
				if j != i && (donor < 0 || t.widths[j] > t.widths[donor]) {
					donor = j
				}
			}
			switch {
			case donor >= 0 && i < t.names && t.widths[donor] > 1,
				donor >= 0 && t.widths[donor] > t.widths[i]+1:
				t.widths[donor]--
			case i < t.names:
				t.total++ // no room left: the name widens the table
			default:
				need = t.widths[i] // the value is cut
				continue
			}
			t.widths[i]++
			if i < t.names {
				// a name past the terminal's width widens the lines
				t.size = max(t.size, min(t.total, t.nameEnd()+1))
			}
		}
	}
}

// nameEnd is where the values start: the cells of a row's name and the
// spaces after them.
func (t *tableOut) nameEnd() int {
	n := 0
	for _, w := range t.widths[:t.names] {
		n += w + 2
	}
	return n
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
	t.fit(cs)
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
	t.total = 2 * (len(t.widths) - 1)
	for _, w := range t.widths {
		t.total += w
	}
	t.size = min(t.total, max(t.width, t.nameEnd()+1))
	t.line(t.cols)
	for _, cs := range t.pending {
		t.line(cs)
	}
	t.pending = nil
}

// line prints one line of the table's width: the cells padded to their
// widths, two spaces apart, cut to the width (never within the row's
// name, which the width leaves room for).
func (t *tableOut) line(cs []string) {
	var b strings.Builder
	used := 0
	for i, c := range cs {
		if i > 0 {
			b.WriteString("  ")
			used += 2
		}
		w := t.widths[i]
		c = cutWidth(c, w)
		n := displayWidth(c)
		b.WriteString(c)
		b.WriteString(strings.Repeat(" ", w-n))
		used += w
	}
	s := b.String()
	if used > t.size {
		s = cutWidth(s, t.size)
	}
	io.WriteString(t.w, s+strings.Repeat(" ", t.size-displayWidth(s))+"\n")
}
