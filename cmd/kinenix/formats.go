package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
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
	for i, c := range t.cols {
		// the header echoes the flow's labels to the terminal as the cells
		// echo the values: control and bidi characters escaped (D37)
		t.cols[i] = echo.Clean(c)
	}
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

// The document `preview -json` prints is
//
//	{"files": [{"file": NAME, "rows": [ROW...], "summary": SUMMARY, "error": MESSAGE}...], "errors": N, "warnings": N}
//
// files lists the flows in the order read; error is there only when a flow
// could not be read as a whole (it is too large) or its run stopped
// (D42), and then stopped too: {"row": N, "sheetRow": M, "key": KEY,
// "message": MESSAGE}, the row where it stopped (D41) and the message
// of error; summary only with -summary; warnings, the warnings of the
// rows not listed (-errors, -where) and the column warnings of a sheet
// (D45), as validate -json lists them, only when there are some. errors counts the fields that failed
// and the flows that could not be read, warnings the warnings. Each
// ROW is a previewRow. jsonOut writes it a row at a time.

type previewRow struct {
	// Row is the index of the row (rows[N]), absent when the data is not
	// a sheet; SheetRow the row number the spreadsheet shows (D41),
	// absent when unknown; Key the value of the -key column.
	Row      *int           `json:"row,omitempty"`
	SheetRow int            `json:"sheetRow,omitempty"`
	Key      string         `json:"key,omitempty"`
	Fields   []previewField `json:"fields"`
}

type previewField struct {
	record.Place
	Label string `json:"label"`
	// Kind is "field" or "condition".
	Kind string `json:"kind"`
	// Value is the field's text as written in the flow.
	Value string `json:"value"`
	// Result is the rendered text of a field, or true or false for a
	// condition; absent when Error is set.
	Result any    `json:"result,omitempty"`
	Error  string `json:"error,omitempty"`
	// Steps are the parts of a condition, with -explain.
	Steps    []record.Step    `json:"steps,omitempty"`
	Warnings []record.Finding `json:"warnings,omitempty"`
}

type jsonRows struct{ j *jsonOut }

func (o jsonRows) row(r *flow.RowResult) { o.j.row(jsonRow(r)) }
func (o jsonRows) end()                  {}

// jsonOut writes the document of `preview -json` as it goes, one row at a
// time, laid out as json.MarshalIndent with two spaces lays out the whole,
// so that a sheet of many rows is never held in memory at once. Text is
// written as it is (no HTML escapes).
type jsonOut struct {
	w           io.Writer
	files, rows int
	err         error
}

func (j *jsonOut) write(s string) {
	if j.err == nil {
		_, j.err = io.WriteString(j.w, s)
	}
}

// encode is v as indented JSON whose lines after the first start with
// prefix.
func (j *jsonOut) encode(v any, prefix string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil && j.err == nil {
		j.err = err
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func (j *jsonOut) begin() { j.write("{\n  \"files\": [") }

func (j *jsonOut) file(name string) {
	if j.files > 0 {
		j.write(",")
	}
	j.files++
	j.rows = 0
	j.write("\n    {\n      \"file\": " + j.encode(name, "") + ",\n      \"rows\": [")
}

func (j *jsonOut) row(r previewRow) {
	if j.rows > 0 {
		j.write(",")
	}
	j.rows++
	j.write("\n        " + j.encode(r, "        "))
}

// jsonStop is where the run of a flow stopped (D42), in preview -json.
type jsonStop struct {
	record.RowRef
	Message string `json:"message"`
}

func (j *jsonOut) endFile(failed string, stopped *jsonStop, sum *summary, warnings []record.Finding) {
	if j.rows > 0 {
		j.write("\n      ")
	}
	j.write("]")
	if len(warnings) > 0 {
		j.write(",\n      \"warnings\": " + j.encode(warnings, "      "))
	}
	if sum != nil {
		j.write(",\n      \"summary\": " + j.encode(sum.Record(), "      "))
	}
	if failed != "" {
		j.write(",\n      \"error\": " + j.encode(failed, ""))
	}
	if stopped != nil {
		j.write(",\n      \"stopped\": " + j.encode(stopped, "      "))
	}
	j.write("\n    }")
}

// end ends the document with the counts, and message when it is not ""
// (a sheet with no rows: there is no row to preview).
func (j *jsonOut) end(errors, warnings int, message string) {
	if j.files > 0 {
		j.write("\n  ")
	}
	j.write("],\n  \"errors\": " + strconv.Itoa(errors) + ",\n  \"warnings\": " + strconv.Itoa(warnings))
	if message != "" {
		j.write(",\n  \"message\": " + j.encode(message, ""))
	}
	j.write("\n}\n")
}

// printResults prints the results of one flow for one row: a line per
// field, then, indented, the parts of a condition, then the warnings.

func jsonRow(r *flow.RowResult) previewRow {
	pr := previewRow{Fields: make([]previewField, 0, len(r.Results)), SheetRow: r.SheetRow, Key: record.KeyText(r.Key)}
	if r.Row >= 0 {
		row := r.Row
		pr.Row = &row
	}
	for _, res := range r.Results {
		pr.Fields = append(pr.Fields, jsonField(res))
	}
	return pr
}

func jsonField(r flow.Result) previewField {
	f := previewField{Place: record.PlaceOf(r.File, r.Line, r.Column), Label: echo.Clean(r.Label),
		Kind: "field", Value: echo.Clean(r.Value)}
	if r.Condition {
		f.Kind = "condition"
	}
	switch {
	case r.Err != nil:
		f.Error = echo.Clean(r.Err.Error())
	case r.Condition:
		f.Result = r.Holds
	default:
		f.Result = jsonText(r.Text)
	}
	for _, st := range r.Steps {
		f.Steps = append(f.Steps, record.StepOf(st))
	}
	for _, w := range r.Warnings {
		f.Warnings = append(f.Warnings, toJSONFinding(w, nil))
	}
	return f
}

// jsonText is a result for JSON: as rendered, but for a byte that is not
// valid UTF-8, written as the escape the text output writes (`\xff`,
// D37), which encoding/json would replace with U+FFFD silently.
func jsonText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			fmt.Fprintf(&b, `\x%02x`, s[i])
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
