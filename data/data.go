package data

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/value"
)

// Option adjusts how Decode reads a file.
type Option func(*options)

type options struct {
	sheet string
	named bool // Sheet was given: an empty name is an error, not the first sheet
}

// Sheet names the XLSX sheet to read; without it Decode reads the first
// sheet of cells (a chart sheet is passed over; named, it is an error). An
// empty name is an error that lists the workbook's sheets. It has no
// effect on other formats.
func Sheet(name string) Option {
	return func(o *options) { o.sheet, o.named = name, true }
}

// Data is a decoded data file: a mapping of variable names to values, or,
// for a sheet (CSV, XLSX or JSON lines), its rows. A nil *Data is no data:
// no variables and no rows.
type Data struct {
	name string // for messages
	vars map[string]any
	// rows are a sheet's rows: a *value.Table of them, or for JSON lines
	// whose rows do not all have the same keys, a []any of maps.
	rows      any
	n         int
	sheetRows []int32 // Row.SheetRow of each row
	sheet     bool
}

// Vars returns the variables. For a sheet they are "rows" (the list of
// rows, each a dictionary keyed by the header: a *value.Table, the keys
// held once; a []any of map[string]any for JSON lines whose rows do not
// all have the same keys) and "row" (the first row, a map[string]any;
// absent when the sheet has no rows). The map belongs to d: read it, do
// not change it.
func (d *Data) Vars() map[string]any {
	if d == nil {
		return nil
	}
	return d.vars
}

// IsSheet reports whether the data is a sheet: read from CSV, XLSX or
// JSON lines, so that it has rows (Len, Row, RowVars).
func (d *Data) IsSheet() bool { return d != nil && d.sheet }

// Len returns the number of rows of a sheet, 0 for other data.
func (d *Data) Len() int {
	if d == nil {
		return 0
	}
	return d.n
}

// Row returns row i of a sheet as a map keyed by the header (a new map
// for a row of a *value.Table), or nil when i is out of range or the data
// is not a sheet. A negative i counts from the end, as in RowVars.
func (d *Data) Row(i int) map[string]any {
	if d == nil {
		return nil
	}
	if i < 0 {
		i += d.n
	}
	switch rows := d.rows.(type) {
	case *value.Table:
		return rows.Row(i)
	case []any:
		if 0 <= i && i < len(rows) {
			m, _ := rows[i].(map[string]any)
			return m
		}
	}
	return nil
}

// RowVars returns the variables with "row" set to row i of the sheet: "rows"
// as Vars gives it and "row" the i-th row. A negative i counts from the end
// (D11: -1 is the last row). An i out of range, or data that is not a sheet,
// is an error that names the number of rows.
func (d *Data) RowVars(i int) (map[string]any, error) {
	if !d.IsSheet() {
		return nil, fmt.Errorf("row %d: the data in %s is not a sheet (CSV, XLSX or JSON lines), so it has no rows", i, d.label())
	}
	j := i
	if j < 0 {
		j += d.n
	}
	if j < 0 || j >= d.n {
		return nil, fmt.Errorf("row %d is out of range: the sheet in %s has %s", i, d.label(), plural(d.n, "row"))
	}
	return map[string]any{"rows": d.rows, "row": d.Row(j)}, nil
}

// SheetRow returns the row number the spreadsheet shows for row i of a
// sheet, the header being row 1 (D41; Row.SheetRow), or 0 when i is out of
// range, the data is not a sheet, or its rows have no sheet numbers (JSON
// lines). A negative i counts from the end, as in RowVars.
func (d *Data) SheetRow(i int) int {
	if d == nil {
		return 0
	}
	if i < 0 {
		i += len(d.sheetRows)
	}
	if i < 0 || i >= len(d.sheetRows) {
		return 0
	}
	return int(d.sheetRows[i])
}

func (d *Data) label() string {
	if d == nil {
		return label("")
	}
	return label(d.name)
}

// label names a file in a message: its name as given, or quoted with
// escapes when it holds control characters or invalid UTF-8 (D37), or
// "the data" when it has none.
func label(name string) string {
	if name == "" {
		return "the data"
	}
	for _, r := range name {
		if r == utf8.RuneError || !strconv.IsGraphic(r) {
			return strconv.QuoteToGraphic(name)
		}
	}
	return name
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Decode reads a data file's bytes. name picks the format by its extension
// (.json, .yaml, .yml, .csv, .xlsx, .jsonl, in any letter case); for any other name,
// "" included, the text is JSON when it starts with `{` after an optional
// byte-order mark and white space, and YAML otherwise. name also starts
// every error message ("data in NAME: ..."); Decode reads no file itself.
//
// The rules (D36, written out in docs/flow_markdown_spec.md, "Data files"):
// JSON and YAML must hold a mapping at the top level; numbers stay exact
// (json.Number); a YAML scalar keeps its written text unless it is plain
// number text without a leading `+` or a leading zero (see the spec);
// aliases are shared, never copied; merge keys are applied; duplicate keys,
// a second YAML document and invalid UTF-8 are errors with their position.
// What a file builds is bounded by its size: past a small multiple of
// len(b) values Decode stops with an error. A YAML file larger than
// MaxYAMLSize may hold only a plain subset of YAML (see MaxYAMLSize). A
// sheet's first row is its header.
//
// Values are plain host data: map[string]any, []any, string, bool, nil and
// json.Number; a sheet's rows (see Vars), and a list of 64 or more
// dictionaries with the same keys (records) in JSON or YAML, are a
// *value.Table, the keys held once (a YAML list with an alias for an item
// stays a []any). A value reached through two YAML aliases is the same Go
// value (a map or slice shared, not copied); do not change values in place.
func Decode(name string, b []byte, opts ...Option) (*Data, error) {
	return newDecoder(name, len(b)).decode(b, opts)
}

func newDecoder(name string, n int) *decoder {
	return &decoder{name: name, limit: valueLimit(n)}
}

// The formats Decode reads.
const (
	fmtSniff = iota
	fmtJSON
	fmtYAML
	fmtCSV
	fmtXLSX
	fmtJSONL
)

// formats are the extensions Decode reads by name, in the order they are
// listed to an author.
var formats = []struct {
	ext    string
	format int
}{
	{".json", fmtJSON}, {".yaml", fmtYAML}, {".yml", fmtYAML}, {".csv", fmtCSV}, {".xlsx", fmtXLSX}, {".jsonl", fmtJSONL},
}

func formatOf(name string) int {
	ext := strings.ToLower(path.Ext(name))
	for _, f := range formats {
		if f.ext == ext {
			return f.format
		}
	}
	return fmtSniff
}

// Extensions returns the file name extensions whose format Decode knows
// by the name (".json", ".yaml", ".yml", ".csv", ".xlsx", ".jsonl"); for
// any other name it tells JSON from YAML by the text.
func Extensions() []string {
	exts := make([]string, len(formats))
	for i, f := range formats {
		exts[i] = f.ext
	}
	return exts
}

var bom = []byte("\xef\xbb\xbf")

func (d *decoder) decode(b []byte, opts []Option) (*Data, error) {
	var o options
	for _, opt := range opts {
		if opt == nil {
			continue // a nil Option is none
		}
		opt(&o)
	}
	format := formatOf(d.name)
	if err := d.claims(format, b); err != nil {
		return nil, err
	}
	if format == fmtXLSX {
		return d.xlsx(b, o)
	}
	switch format {
	case fmtCSV:
		return d.sheetData(newCSVRows(d, bytes.NewReader(b)))
	case fmtJSONL:
		return d.sheetData(newJSONLRows(d, bytes.NewReader(b)))
	}
	if bytes.HasPrefix(b, bom) {
		b, d.bomLen = b[len(bom):], len(bom)
	}
	if !utf8.Valid(b) {
		off := echo.FirstInvalid(b)
		return nil, d.errorf("line %d, byte offset %d: the text is not valid UTF-8 (data files must be UTF-8)", lineAt(b, off), off+d.bomLen)
	}
	sniffed := format == fmtSniff
	if sniffed {
		if t := bytes.TrimLeft(b, " \t\r\n"); len(t) > 0 && t[0] == '{' {
			format = fmtJSON
		} else {
			format = fmtYAML
		}
	}
	switch format {
	case fmtJSON:
		vars, err := d.json(b)
		if err != nil {
			if looksLikeJSONLines(b) {
				// R12: one object per line is JSON lines, which only a
				// name ending in .jsonl reads (standard input and .json
				// are read as one JSON document)
				return nil, &FormatError{Name: d.label(), Format: "jsonl"}
			}
			return nil, err
		}
		return &Data{name: d.name, vars: vars}, nil
	}
	vars, err := d.yaml(b)
	if err != nil {
		if sep, ok := looksLikeCSV(b); ok && sniffed {
			// D45: named for what it is, as a workbook read this way is
			return nil, &FormatError{Name: d.label(), Format: "csv", Sep: sep}
		}
		return nil, err
	}
	return &Data{name: d.name, vars: vars}, nil
}

// A FormatError is the error for text read as JSON or YAML (by its name,
// or by its text when the name tells no format) that is text of a format
// Decode reads only by its name: CSV (D45) or JSON lines (R12). Its
// message says what the text is and names the file to save it in, which
// is read as that format; a host whose data has no file name to give (the
// playground's text box) words advice that works there from its fields
// (D49: a hint must work when followed).
type FormatError struct {
	Name   string // the data's name as messages give it ("data in NAME: ...")
	Format string // "csv" or "jsonl"
	Sep    string // for CSV, what separates its values: "','", "';'" or "tabs"
}

// What returns what the text is, as the message says it: "this is text
// that looks like CSV (values separated by ','), not JSON or YAML".
func (e *FormatError) What() string {
	switch {
	case e.Format == "jsonl":
		return "this looks like JSON lines (one JSON object per line), not one JSON object"
	case e.Sep != "','":
		return "this is text that looks like CSV with its columns separated by " + e.Sep + ", not JSON or YAML"
	}
	return "this is text that looks like CSV (values separated by " + e.Sep + "), not JSON or YAML"
}

func (e *FormatError) Error() string {
	fix := "save it as a file whose name ends in .csv, which is read as CSV"
	switch {
	case e.Format == "jsonl":
		// standard input and .json are read as one JSON document
		fix = "save it as a file whose name ends in .jsonl, which is read as JSON lines"
	case e.Sep != "','":
		// D49: advice that works when followed. A .csv file is read with
		// commas (separator refuses ';' and tabs), so the commas are
		// asked for now, not after the rename.
		fix = "save it as CSV with commas (in a spreadsheet: \"CSV UTF-8 (Comma delimited)\") in a file whose name ends in .csv, which is read as CSV"
	}
	return "data in " + e.Name + ": " + e.What() + "; " + fix
}

// maxDepth bounds how deeply lists and dictionaries nest in a data file.
const maxDepth = 1000

// valueLimit is the most a file of n bytes may build (D36), in values of
// 16 bytes (an item of a list): one per byte of the file and 4 Mi more (64
// MiB) for any file, so values never take much more than 16 times the
// file's size and 64 MiB. Every value is charged where it is built, by its weight:
// a scalar, a key, an item, an alias (a reference to a shared value) 1; a
// list listCost more; a dictionary mapCost of its entries (one grown by a
// merge key, the slots it grows by); a sheet's row rowCost of its header and a cell
// read 1. Ordinary files stay below it (`[0,0,0]` is one per two bytes, a
// CSV row of five cells or a JSON record of three keys about two per three
// bytes); files of many tiny dictionaries (a one-column CSV of `0`,
// `[{"a":0},...]`) and merge keys that repeat big mappings reach it.
func valueLimit(n int) int { return n + 1<<22 }

// listCost is the weight of a list beyond its items (its header), and
// mapCost(n) the weight of a dictionary of n entries as Go keeps it: a
// header and one group of eight slots (a key and a value each, and a
// control byte) up to eight entries; past eight, a table of a power of
// two slots filled at most seven in eight, in tables of at most 1,024
// slots, each a block the allocator rounds up (by a quarter at most). A
// weight of one group per eight entries, as before, was half or less of
// what a map of 9 to 5,000 entries holds (82 bytes an entry at 1,000),
// so a file of big dictionaries, or merge keys that repeat them, kept
// more than it was charged (D36: charged before it is kept).
const listCost = 2

// rowCost(n) is the weight of a sheet's row of n columns, kept in a
// value.Table (one value a column, in blocks) rather than as a map: two
// per column in groups of eight and three more, which bounds it with room.
func rowCost(n int) int { return 3 + 2*8*((n+7)/8) }

func mapCost(n int) int {
	if n <= 8 {
		return 3 + 19
	}
	slots := 16
	for slots*7/8 < n {
		slots *= 2
	}
	if slots <= 1024 {
		return 3 + (slots*33*5/4+15)/16
	}
	return 3 + slots/1024*2564
}

// decoder carries one Decode call: the file's name for messages and the
// count of values built against the file's limit.
type decoder struct {
	name string
	// readErr is the first read of the host's file that failed
	// (readFailed), or nil.
	readErr error
	bomLen  int
	// lineBase is added to every line a message names: the line before
	// the one being read, for JSON lines.
	lineBase int
	// jsonLines is set while JSON lines are read: a line, not the
	// file, holds one object.
	jsonLines bool
	built     int
	limit     int
	// texts and numbers share equal short scalars (see shared).
	texts, numbers map[string]any
	// seldom is set while a sheet reads a cell of a column whose texts
	// seldom repeat (sheet.cell): a text is not looked up among those
	// shared once no more can be added. found is whether the last text
	// looked up was.
	seldom, found bool
	// spare is a dictionary of a record that a value.Table took the
	// values of (rowsOrList.add), cleared, for the next dictionary the
	// walk of JSON or of the streaming YAML reader makes: a list of a
	// million records then makes one map for them, not a million that
	// each become garbage (about 300 bytes each, even for two keys). It
	// had spareLen entries.
	spare    map[string]any
	spareLen int
}

// newMap returns a map for a dictionary of about hint entries: the spare
// one when it had as many entries, else a new one.
func (d *decoder) newMap(hint int) map[string]any {
	if m := d.spare; m != nil && hint <= d.spareLen {
		d.spare = nil
		return m
	}
	return make(map[string]any, hint)
}

// reuse keeps m, which nothing holds any more (its values were copied
// into a table), as the spare map.
func (d *decoder) reuse(m map[string]any) {
	if m != nil {
		d.spareLen = len(m)
		clear(m)
		d.spare = m
	}
}

// charge counts k more values built, before they are built, and fails once
// the file's limit is passed.
func (d *decoder) charge(k int) error {
	d.built += k
	if d.built > d.limit {
		return d.errorf("the data would take more than %d MiB of memory, too much for a file of its size (many tiny rows or dictionaries, or merge keys that repeat big mappings)", d.limit>>16)
	}
	return nil
}

func (d *decoder) errorf(format string, args ...any) error {
	return fmt.Errorf("data in %s: %s", d.label(), fmt.Sprintf(format, args...))
}

func (d *decoder) label() string { return label(d.name) }

// The errors every reader of nested data gives alike (D36).

func (d *decoder) tooDeep(line int) error {
	return d.errorf("line %d: the data nests lists and dictionaries more than %d deep", line, maxDepth)
}

// duplicateKey is the error for key given twice in one mapping, on line
// line; first is the line of its first use, 0 when not known.
func (d *decoder) duplicateKey(line int, key string, first int) error {
	if first > 0 {
		return d.errorf("line %d: the key %s is given twice in one mapping (first on line %d)", line, quoteKey(key), first)
	}
	return d.errorf("line %d: the key %s is given twice in one mapping", line, quoteKey(key))
}

func (d *decoder) secondDocument(line int) error {
	return d.errorf("line %d: a second YAML document starts here; a data file holds one document", line)
}

// notYAMLMapping is the error for a YAML document whose top level is
// what, not a mapping.
func (d *decoder) notYAMLMapping(line int, what string) error {
	return d.errorf("line %d: the top level must be a mapping of names to values (`name: value` lines), not %s", line, what)
}

// maxInterned bounds the scalars a decoder shares between equal texts, and
// maxInternLen the length of a shared one: a list of a million zeros holds
// one "0", not a million.
const (
	maxInterned  = 1 << 14
	maxInternLen = 32
)

// scalar turns the written text of a YAML plain scalar or a sheet cell into
// its value (D36, one rule for YAML, CSV and XLSX): nothing, `~` and `null`
// (also `Null`, `NULL`) are empty; `true` and `false` (also `True`, `TRUE`,
// `False`, `FALSE`) are booleans; number text in JSON's form without an
// exponent (`-12`, `0`, `0.5`, `1234.50`) is a json.Number; everything else,
// `01234`, `+66812345678`, `.5`, `1e3`, `0x10` and ` 12 ` among it, stays
// the text written.
func (d *decoder) scalar(s string) any { return d.scalarText(nil, s) }

// scalarText is scalar for the text b, or s when b is nil; a text already
// seen costs no allocation (see sharedBytes).
func (d *decoder) scalarText(b []byte, s string) any {
	if b == nil || len(b) <= len("false") { // no word below is longer
		t := s
		if b != nil {
			t = string(b) // short, so converted on the stack
		}
		switch t {
		case "", "~", "null", "Null", "NULL":
			return nil
		case "true", "True", "TRUE":
			return true
		case "false", "False", "FALSE":
			return false
		}
	}
	if b != nil {
		return d.sharedBytes(b, "", isNumber(b))
	}
	return d.shared(s, isNumber(s))
}

// shared returns s as a value (a json.Number when number is true), the
// same boxed value for the same short text, so a file of a million equal
// cells holds one.
func (d *decoder) shared(s string, number bool) any {
	return d.sharedBytes(nil, s, number)
}

// sharedBytes is shared for the text b, or s when b is nil; a text already
// seen costs no allocation.
func (d *decoder) sharedBytes(b []byte, s string, number bool) any {
	n := len(s)
	if b != nil {
		n = len(b)
	}
	m := &d.texts
	if number {
		m = &d.numbers
	}
	if n <= maxInternLen && !(d.seldom && len(*m) >= maxInterned) {
		var v any
		var ok bool
		if b != nil {
			v, ok = (*m)[string(b)] // no allocation for the look-up
		} else {
			v, ok = (*m)[s]
		}
		if ok {
			d.found = true
			return v
		}
	}
	if b != nil {
		s = string(b)
	}
	var v any // boxed once: `var v any = s` and then a json.Number boxed the text twice
	if number {
		v = json.Number(s)
	} else {
		v = s
	}
	if n <= maxInternLen && len(*m) < maxInterned {
		if *m == nil {
			*m = make(map[string]any)
		}
		(*m)[s] = v
	}
	return v
}

// isNumber reports whether s is number text kept as a number (D36): an
// optional `-`, then `0` or a digit 1-9 and more digits, then optionally a
// point and at least one digit. It is plain number text (D6) without a
// leading `+`, without a leading zero before another digit, and in JSON's
// own form, so the json.Number made of it is valid JSON.
func isNumber[T string | []byte](s T) bool {
	i := 0
	if i < len(s) && s[i] == '-' {
		i++
	}
	switch {
	case i < len(s) && s[i] == '0':
		i++
	case i < len(s) && '1' <= s[i] && s[i] <= '9':
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
	default:
		return false
	}
	if i < len(s) && s[i] == '.' {
		i++
		start := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		if i == start {
			return false
		}
	}
	return i == len(s)
}

// maxQuoted is how many characters of a key or text a message shows.
// quoteKey shows a key or text from the data in a message, in double
// quotes, by the one echo rule (D37): cut at 120 characters with "…",
// control and format characters and invalid UTF-8 as escapes.
func quoteKey(s string) string { return `"` + echo.Text(s) + `"` }
