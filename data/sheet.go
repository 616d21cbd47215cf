package data

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/kinenix/expressions/data/internal/xlsx"
	"github.com/kinenix/expressions/value"
)

// sheet builds the rows of a sheet from its records, CSV or XLSX alike.
// A record whose cells are all empty is skipped. The first other record is
// the header: its cells, with blank characters (value.TrimBlank) around them
// trimmed, are the keys of every row; an empty or repeated name is an
// error. Each later record is a row: cell j under header j, read by the
// one scalar rule (decoder.scalar); a row shorter than the header has
// empty values for the cells it lacks; a cell beyond the header must be
// empty.
//
// In a workbook (leading set), the header starts at its first cell that
// is not empty: the columns left of it (a table placed from column B)
// are not read, and a value in them is an error. In CSV a leading comma
// is an empty cell written, so an empty name is an error there.
type sheet struct {
	d       *decoder
	header  []string
	vals    []any // the values of the record just read (values)
	leading bool  // columns left of the header's first name are left out
	skip    int   // the columns left out, before the header's first
	// headerStart names the header's first cell, for a message.
	headerStart string
	// headerRow is the row of the header: its line in CSV, its row
	// number in a workbook.
	headerRow int
	// fresh counts, for each column, the texts in a row of it that were
	// not shared (decoder.shared): a column of a new text per row (an ID,
	// an e-mail) is read without looking its texts up once seldomRun of
	// them came new in a row and no more texts can be shared, for a look-up
	// that finds nothing in a full table is the slowest.
	fresh []int
}

// seldomRun is how many texts of a column that come new in a row mark
// it as a column whose texts seldom repeat (sheet.fresh).
const seldomRun = 512

// cell is the value of the text c of column j (scalar).
func (s *sheet) cell(j int, c string) any {
	if j >= len(s.fresh) {
		s.fresh = append(s.fresh, make([]int, j+1-len(s.fresh))...)
	}
	s.d.seldom, s.d.found = s.fresh[j] >= seldomRun, false
	v := s.d.scalar(c)
	s.d.seldom = false
	switch v.(type) {
	case nil, bool:
		return v // a word (null, true), never looked up
	}
	switch {
	case s.d.found:
		s.fresh[j] = 0
	case s.fresh[j] < seldomRun:
		s.fresh[j]++
	}
	return v
}

// headerCell names, in a message, the place in the header of column j of
// a record: `line 3` of a CSV file, `cell D3` of a workbook (where the
// header need not be the first row).
func (s *sheet) headerCell(j int) string {
	if s.leading {
		return "cell " + xlsx.CellName(j, s.headerRow)
	}
	return "line " + strconv.Itoa(s.headerRow)
}

// titleHint is the end of the message for a value past the header when
// the header is one name alone: most likely a title above the table (a
// report's first line, `Payroll November 2026`), which the header was read
// from, since the first row that is not blank is the header.
func (s *sheet) titleHint() string {
	if len(s.header) != 1 {
		return ""
	}
	place := "line " + strconv.Itoa(s.headerRow)
	if s.leading {
		place = "row " + strconv.Itoa(s.headerRow)
	}
	return "; if " + place + " (" + quoteKey(s.header[0]) + ") is a title above the table, delete it: the first " +
		strings.Fields(place)[0] + " that is not blank is read as the header"
}

// emptyName is the reason for an empty column name in the header, whose
// row is row (its line in CSV, its row number in a workbook): `the first
// row` when it is row 1, else its place as headerCell names it, `line 3`
// or `row 3`, the first that is not blank (blank records before the
// header are skipped, and a workbook's table may start lower).
func emptyName(row int, workbook bool) string {
	place := "the first row"
	switch {
	case row > 1 && workbook:
		place = "row " + strconv.Itoa(row) + ", the first row that is not blank"
	case row > 1:
		place = "line " + strconv.Itoa(row) + ", the first line that is not blank"
	}
	return "the header (" + place + ") has an empty column name; every column needs a name"
}

// record takes one record and returns its row, or nil for a blank record
// and the header; where(j) names cell j of it in a message. Reading a
// record and keeping its row are charged to the decoder's budget first.
func (s *sheet) record(cells []string, where func(j int) string) (map[string]any, error) {
	vals, err := s.values(cells, where)
	if vals == nil || err != nil {
		return nil, err
	}
	row := make(map[string]any, len(s.header))
	for j, name := range s.header {
		row[name] = vals[j]
	}
	return row, nil
}

// values is record's values in the order of the header, nil for a blank
// record and the header. The slice is s's, overwritten by the next record.
func (s *sheet) values(cells []string, where func(j int) string) ([]any, error) {
	if err := s.d.charge(1 + len(cells)); err != nil { // reading it
		return nil, err
	}
	blank := true
	for j, c := range cells {
		if c == "" {
			continue
		}
		blank = false
		if s.header != nil && j < s.skip {
			return nil, s.d.errorf("%s: %s is left of the table, whose header starts at %s; give its column a name in the header or remove the value", where(j), quoteKey(c), s.headerStart)
		}
		if s.header != nil && j-s.skip >= len(s.header) {
			return nil, s.d.errorf("%s: %s is in a column with no header name; give the column a name in the header (%s) or remove the value%s", where(j), quoteKey(c), s.headerCell(j), s.titleHint())
		}
	}
	if blank {
		return nil, nil
	}
	if s.header == nil {
		if s.leading {
			for s.skip < len(cells) && value.IsBlankText(cells[s.skip]) {
				s.skip++
			}
			if s.skip == len(cells) {
				s.skip = 0 // no name at all: the first empty one is named
			}
			s.headerStart = where(s.skip)
		}
		skip := s.skip
		return nil, s.setHeader(cells[skip:], func(j int) string { return where(j + skip) })
	}
	cells = cells[min(s.skip, len(cells)):]
	// Kept as a row of a table (a map made for it is read and dropped, or
	// given back, NextInto): charged alike in the stream and in Decode.
	if err := s.d.charge(1 + rowCost(len(s.header))); err != nil { // keeping it
		return nil, err
	}
	s.vals = s.vals[:0]
	for j := range s.header {
		var v any
		if j < len(cells) {
			v = s.cell(j, cells[j])
		}
		s.vals = append(s.vals, v)
	}
	return s.vals, nil
}

func (s *sheet) setHeader(cells []string, where func(j int) string) error {
	seen := make(map[string]int, len(cells))
	header := make([]string, len(cells))
	for j, c := range cells {
		// Trimmed by the one blank rule: a zero-width space or U+FEFF
		// around a pasted name is no part of it (section 6).
		name := value.TrimBlank(c)
		if name == "" {
			return s.d.errorf("%s: %s", where(j), emptyName(s.headerRow, s.leading))
		}
		if k, dup := seen[name]; dup {
			return s.d.errorf("%s: the column name %s is given twice in the header (first %s)", where(j), quoteKey(name), where(k))
		}
		seen[name] = j
		header[j] = name
	}
	s.header = header
	return nil
}

// sheetData reads every row of src into Data: Decode for a sheet is a
// loop over the rows a RowReader gives, kept in a value.Table (the keys
// once, not a map per row).
func (d *decoder) sheetData(src rowSource) (*Data, error) {
	r, err := newRowReader(d, src)
	if err != nil {
		return nil, err
	}
	var (
		table     *value.Table
		list      []any // JSON lines whose rows differ in their keys
		sheetRows []int32
		buf       []any
	)
	if r.seen == nil && r.s.header != nil {
		table, err = value.NewTable(r.s.header)
		if err != nil { // setHeader refuses a name given twice first
			return nil, d.errorf("%s", err)
		}
	}
	for n := 0; ; n++ {
		vals, sheetRow, obj, err := r.read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		if obj == nil { // a record of CSV or XLSX
			if err := table.Append(vals...); err != nil {
				return nil, d.errorf("%s", err)
			}
			sheetRows = append(sheetRows, int32(sheetRow))
			continue
		}
		// A row of JSON lines: a table while every row has the keys of
		// the first, then a list of maps.
		if n == 0 {
			if table, err = value.NewTable(slices.Clone(r.keys)); err != nil {
				return nil, d.errorf("%s", err)
			}
		}
		if list == nil && !sameKeys(table, obj) {
			list, table = appendMaps(make([]any, 0, max(n+1, 16)), table), nil
		}
		if list != nil {
			list = append(list, obj)
			continue
		}
		buf = appendRow(table, obj, buf)
		d.reuse(obj) // the next line is read into it
	}
	var rows any = list
	n := len(list)
	switch {
	case list != nil:
	case table == nil || table.Len() == 0:
		rows = []any{} // no rows
	default:
		rows, n = table, table.Len()
	}
	data := &Data{name: d.name, rows: rows, n: n, sheetRows: sheetRows, sheet: true}
	data.vars = map[string]any{"rows": rows}
	if n > 0 {
		data.vars["row"] = data.Row(0)
	}
	return data, nil
}

// sameKeys reports whether the object obj has the keys of t, no more.
func sameKeys(t *value.Table, obj map[string]any) bool {
	if len(obj) != len(t.Keys()) {
		return false
	}
	for _, k := range t.Keys() {
		if _, ok := obj[k]; !ok {
			return false
		}
	}
	return true
}

func (d *decoder) csvError(err error, inner int) error {
	var pe *csv.ParseError
	if !errors.As(err, &pe) {
		return d.errorf("not valid CSV")
	}
	reason := pe.Err.Error()
	switch {
	case errors.Is(pe.Err, csv.ErrBareQuote):
		reason = `a " inside a field that does not start with "; put the whole field in double quotes and write each " inside it as ""`
	case errors.Is(pe.Err, csv.ErrQuote):
		reason = `a quoted field has text after its closing ", or is never closed; write each " inside a quoted field as ""`
		if pe.StartLine < pe.Line {
			// The quote opens in the record that starts at StartLine: a
			// quote never closed takes the lines after it into its field,
			// to the end of the file, where encoding/csv finds it.
			return d.errorf(`line %d%s: not valid CSV: a quoted field in the row that starts here has text after its closing ", or is never closed (it runs on to line %d); write each " inside a quoted field as ""`, pe.StartLine, sheetRowOfLine(pe.StartLine, pe.StartLine-inner), pe.Line)
		}
	}
	return d.errorf("line %d%s: not valid CSV: %s", pe.Line, sheetRowOfLine(pe.StartLine, pe.StartLine-inner), reason)
}

// sheetRowOfLine is ` (sheet row N)` for a line of a CSV file in the
// record that a spreadsheet shows as row N (D41), when line ends inside
// quoted fields before it or in its own make the two differ; "" when they
// are one number.
func sheetRowOfLine(line, row int) string {
	if line == row {
		return ""
	}
	return " (sheet row " + strconv.Itoa(row) + ")"
}

// xlsxUnzipLimit bounds what an XLSX file of n bytes may unpack to: 64
// times its size and 1 MiB for the workbook's own parts, at most 1 GiB. A
// zip bomb stops at the limit: the reader counts what every part unpacks
// to as it reads it, and each part is also held to its declared size.
func xlsxUnzipLimit(n int) int64 {
	return min(64*int64(n)+1<<20, 1<<30)
}

// xlsxValueLimit is valueLimit for an XLSX file of n bytes: its XML is
// compressed, so the limit is four values (64 bytes) per byte and the same
// 64 MiB for any file. An ordinary sheet builds about one value per byte of
// workbook.
func xlsxValueLimit(n int) int { return 4*n + 1<<22 }

// xlsx reads the first sheet of cells of an XLSX workbook, or the one
// named: cells as the sheet shows them (formatted values), then the one
// scalar rule.
func (d *decoder) xlsx(b []byte, o options) (*Data, error) {
	src, err := openXLSXRows(d, bytes.NewReader(b), int64(len(b)), o)
	if err != nil {
		return nil, err
	}
	return d.sheetData(src)
}

// minTable is the fewest dictionaries a list of JSON or YAML holds in a
// value.Table: a shorter list stays a []any of maps, as it was written.
const minTable = 64

// tableOf returns items as a value.Table when they are at least minTable
// dictionaries that all have the keys of the first (records, as an export
// of a table writes them), else nil.
func tableOf(items []any) *value.Table {
	if len(items) < minTable {
		return nil
	}
	first, ok := items[0].(map[string]any)
	if !ok || len(first) == 0 {
		return nil
	}
	t, _ := value.NewTable(slices.Sorted(maps.Keys(first))) // keys of a map are distinct
	for _, v := range items {
		m, ok := v.(map[string]any)
		if !ok || !sameKeys(t, m) {
			return nil
		}
	}
	var vals []any
	for _, v := range items {
		vals = appendRow(t, v.(map[string]any), vals)
	}
	return t
}

// appendMaps appends the rows of t to list, each a map.
func appendMaps(list []any, t *value.Table) []any {
	for i := range t.Len() {
		list = append(list, t.Row(i))
	}
	return list
}

// appendRow appends m, which has the keys of t, to t; vals is a buffer.
func appendRow(t *value.Table, m map[string]any, vals []any) []any {
	vals = vals[:0]
	for _, k := range t.Keys() {
		vals = append(vals, m[k])
	}
	t.Append(vals...) // as many values as keys
	return vals
}

// rowsOrList builds a list of n items, one at a time: as a value.Table
// when tableOf takes its first minTable items and every later item has
// their keys, else as a []any. A dictionary kept in the table is not kept
// itself, so a long list of records never holds a map per record.
type rowsOrList struct {
	list  []any
	table *value.Table
	vals  []any
	mixed bool // not a table
}

// add returns v's map when the table took its values and holds nothing
// of it: a walk that built it for this list alone may use it again
// (decoder.reuse). A map an alias may share must not be.
func (r *rowsOrList) add(v any, n int) (taken map[string]any) {
	if r.table != nil {
		if m, ok := v.(map[string]any); ok && sameKeys(r.table, m) {
			r.vals = appendRow(r.table, m, r.vals)
			return m
		}
		r.list, r.table, r.mixed = appendMaps(make([]any, 0, n), r.table), nil, true
	}
	if r.list == nil {
		r.list = make([]any, 0, n)
	}
	r.list = append(r.list, v)
	if !r.mixed && len(r.list) == minTable {
		if r.table = tableOf(r.list); r.table != nil {
			r.list = nil
		} else {
			r.mixed = true
		}
	}
	return nil
}

// value is the list built.
func (r *rowsOrList) value() any {
	if r.table != nil {
		return r.table
	}
	if r.list == nil {
		return []any{}
	}
	return r.list
}
