package flow

import (
	"errors"
	"iter"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// Column facts (D45): with a sheet, what each column a flow reads holds,
// row by row, and the warnings that follows from it. The columns come
// from eval's inspection (Template.Reads, Condition.Reads), the kinds of
// values from value's and number()'s own readings.

// ColumnRead is a column of a sheet that a flow reads: a key of `row`.
type ColumnRead struct {
	// Name is the column's header, the key of row.
	Name string
	// Numeric is true when some line reads the column as a number: an
	// operand of arithmetic, the first value of number(), round() or
	// format(), a side of < > <= >= (see eval.Read).
	Numeric bool
	// Line and Column (1-based, characters) are where the flow first
	// reads the column (as a number when Numeric).
	Line, Column int
}

// Columns returns the columns (keys of `row`) that the flow src reads, in
// the order they are first read. The lines are those Validate checks.
func Columns(src []byte) []ColumnRead {
	var out []ColumnRead
	index := map[string]int{}
	add := func(ln line, at int, rs []eval.Read) {
		for _, r := range rs {
			if len(r.Path) < 2 || r.Path[0] != "row" {
				continue
			}
			c := ColumnRead{Name: r.Path[1], Numeric: r.Numeric, Line: ln.num, Column: column(ln.text, at+r.Offset)}
			i, seen := index[c.Name]
			switch {
			case !seen:
				index[c.Name] = len(out)
				out = append(out, c)
			case c.Numeric && !out[i].Numeric:
				out[i] = c
			}
		}
	}
	if len(src) > MaxSize {
		return nil
	}
	var fs fenceState
	for _, ln := range splitLines(string(src)) {
		if fs.skip(ln.text) {
			continue
		}
		if label, at, ok := parseField(ln.text); ok && strings.EqualFold(label, "condition") {
			if c, err := eval.CompileCondition(strings.TrimRight(ln.text[at:], " \t")); err == nil {
				add(ln, at, c.Reads())
			}
			continue
		}
		t, _ := eval.Compile(ln.text)
		add(ln, 0, t.Reads())
	}
	return out
}

// ValueKind is what one cell of a column holds (D45).
type ValueKind int

// The kinds of cell, in the order facts list them.
const (
	KindNumber     ValueKind = iota // a number
	KindNumberText                  // text that number() reads: '1,250.50', '฿ 1,200'
	KindUnclear                     // text that number() refuses as not clear (D34, D39): '12,5', '9 800'
	KindText                        // other text (or a yes/no, a list, a dictionary)
	KindNothing                     // empty or blank
	kindCount
)

// String is the kind in words: number, number text, unclear number,
// other text, nothing.
func (k ValueKind) String() string {
	return [...]string{"number", "number text", "unclear number", "other text", "nothing"}[k]
}

// MaxExamples is how many examples of each kind a ColumnFacts keeps.
const MaxExamples = 3

// KindFacts are the cells of one kind in a column.
type KindFacts struct {
	Kind  ValueKind
	Count int
	// Examples are up to MaxExamples different cells, as a message shows
	// them (text quoted), the first rows first.
	Examples []string
	// Rows are up to MaxExamples rows that hold the kind, as D41 names
	// them: `rows[3] (sheet row 5)`.
	Rows []string
	// at are the first MaxRowsListed rows of the kinds a warning is about
	// (other text, unclear numbers), by index and sheet row, for
	// Finding.Rows.
	at []RowRef
	// tried counts the cells looked at for a new example: a column of
	// one value repeated looks at the first maxTries only.
	tried int
}

// maxTries bounds the cells of one kind looked at for examples that
// differ, so that a long column of one repeated value costs nothing more
// per row once its first cells are seen.
const maxTries = 64

// MaxRowsListed is how many rows a column warning lists in Finding.Rows
// (as validate -json lists the rows of a finding: the first 1,000).
const MaxRowsListed = 1000

// RowRef names one row of a sheet (D41): Index is its index in rows,
// SheetRow the row number the spreadsheet shows (0 when unknown), Key
// its value in the -key column.
type RowRef struct {
	Index, SheetRow int
	Key             string
}

// ColumnFacts are what a column that a flow reads holds.
type ColumnFacts struct {
	ColumnRead
	// Kinds has one entry per ValueKind, in the order of the kinds.
	Kinds []KindFacts
	// reason is number()'s message for the first unclear cell.
	reason string
	// asNumber are the cells of other text and of unclear numbers in the
	// rows that read the column as a number, for the warnings; left is
	// set once a row did not (AddRow): until then they are Kinds'.
	asNumber [2]KindFacts
	left     bool
}

// read are the cells of kind (other text, or unclear numbers) that a
// warning about a column read as a number is about: those of the rows
// that read it as a number.
func (f *ColumnFacts) read(kind ValueKind) KindFacts {
	if !f.left {
		return f.Kinds[kind]
	}
	return f.asNumber[kind-KindUnclear]
}

// Values is the number of cells that hold something.
func (f ColumnFacts) Values() int {
	n := 0
	for _, k := range f.Kinds {
		if k.Kind != KindNothing {
			n += k.Count
		}
	}
	return n
}

// String shows the kinds that occur with their counts and examples:
// `number text 48 ('1,250.50', '980.50', '12'); other text 2 ('n/a')`.
func (f ColumnFacts) String() string {
	var parts []string
	for _, k := range f.Kinds {
		if k.Count == 0 {
			continue
		}
		s := k.Kind.String() + " " + strconv.Itoa(k.Count)
		if len(k.Examples) > 0 {
			s += " (" + strings.Join(k.Examples, ", ") + ")"
		}
		parts = append(parts, s)
	}
	if len(parts) == 0 {
		return "no rows"
	}
	return strings.Join(parts, "; ")
}

// ColumnCounter counts, row by row, what the columns a flow reads hold.
// It keeps a bounded amount per column whatever the number of rows, so
// that rows can be fed to it as a stream. The zero value is not ready;
// use NewColumnCounter.
type ColumnCounter struct {
	facts []ColumnFacts
	rows  int
}

// NewColumnCounter returns a counter for the columns cols (see Columns).
func NewColumnCounter(cols []ColumnRead) *ColumnCounter {
	c := &ColumnCounter{facts: make([]ColumnFacts, len(cols))}
	for i, col := range cols {
		c.facts[i].ColumnRead = col
		c.facts[i].Kinds = make([]KindFacts, kindCount)
		for k := range c.facts[i].Kinds {
			c.facts[i].Kinds[k].Kind = ValueKind(k)
		}
	}
	return c
}

// CountColumns counts the rows of a sheet for the columns cols; the
// index of a row in rows is rows[i], and its sheet row i+2 (the header
// is row 1).
func CountColumns(cols []ColumnRead, rows iter.Seq[map[string]any]) *ColumnCounter {
	c := NewColumnCounter(cols)
	i := 0
	for row := range rows {
		c.Add(row, i, i+2)
		i++
	}
	return c
}

// Add counts one row, as a map from column to cell: index is its index
// in rows, sheetRow the row number the spreadsheet shows (D41), 0 when
// there is none. A cell that is no value a flow can hold counts as other
// text.
func (c *ColumnCounter) Add(row map[string]any, index, sheetRow int) {
	c.add(func(name string) value.Value {
		v, err := value.FromHost(row[name])
		if err != nil {
			return value.TextValue("?")
		}
		return v
	}, RowRef{Index: index, SheetRow: sheetRow})
}

// AddValue is Add for a row given as a dictionary value (the `row` of a
// scope).
func (c *ColumnCounter) AddValue(row value.Value, index, sheetRow int) {
	c.add(func(name string) value.Value {
		v, _, _ := row.Key(name)
		return v
	}, RowRef{Index: index, SheetRow: sheetRow})
}

// AddInput is AddValue for the row of a run's input (its variable row),
// which it names as a run names it, with its Key (D41: `rows[3] (sheet
// row 5, INV-0104)`). An input that is no row of a sheet is not counted.
func (c *ColumnCounter) AddInput(in Input) {
	if in.Index < 0 || in.Scope == nil {
		return
	}
	row, ok, err := in.Scope.Var("row")
	if err != nil || !ok {
		return
	}
	c.add(func(name string) value.Value {
		v, _, _ := row.Key(name)
		return v
	}, RowRef{Index: in.Index, SheetRow: in.SheetRow, Key: in.Key})
}

// AddRow is AddInput for the input in of a run and its result r: a
// column that the flow reads as a number only in parts of conditions that
// the row's run left out (the part before decided the line, D49) is not
// counted as read as a number on that row, for its warnings; its facts
// count the cell as ever. It knows the parts left out when the flow runs
// with SampleWarnings, and is AddInput otherwise.
func (c *ColumnCounter) AddRow(in Input, r *RowResult) {
	if len(r.notNumeric) == 0 {
		c.AddInput(in)
		return
	}
	if in.Index < 0 || in.Scope == nil {
		return
	}
	row, ok, err := in.Scope.Var("row")
	if err != nil || !ok {
		return
	}
	c.add(func(name string) value.Value {
		v, _, _ := row.Key(name)
		return v
	}, RowRef{Index: in.Index, SheetRow: in.SheetRow, Key: in.Key}, r.notNumeric...)
}

// add counts one row; the columns notNumeric are not read as a number on
// it.
func (c *ColumnCounter) add(cell func(name string) value.Value, at RowRef, notNumeric ...string) {
	c.rows++
	name := ""
	for i := range c.facts {
		f := &c.facts[i]
		v := cell(f.Name)
		kind, reason := classify(v)
		if kind == KindUnclear && f.reason == "" {
			f.reason = reason
		}
		counted := kind == KindText || kind == KindUnclear // by the warnings of a column read as a number
		notRead := counted && slices.Contains(notNumeric, f.Name)
		if notRead && !f.left {
			// from here on the warnings count apart from the facts
			f.left = true
			f.asNumber = [2]KindFacts{cloneKind(f.Kinds[KindUnclear]), cloneKind(f.Kinds[KindText])}
		}
		f.Kinds[kind].add(kind, v, at, &name)
		if f.left && counted && !notRead {
			f.asNumber[kind-KindUnclear].add(kind, v, at, &name)
		}
	}
}

// cloneKind is k with lists of its own.
func cloneKind(k KindFacts) KindFacts {
	k.Examples, k.Rows, k.at = slices.Clone(k.Examples), slices.Clone(k.Rows), slices.Clone(k.at)
	return k
}

// add counts one cell v of kind on the row at; name is the row's name as
// messages give it, made once per row when first needed.
func (k *KindFacts) add(kind ValueKind, v value.Value, at RowRef, name *string) {
	k.Count++
	if len(k.Examples) < MaxExamples && kind != KindNothing && k.tried < maxTries {
		k.tried++
		if s := showCell(v); !slices.Contains(k.Examples, s) {
			k.Examples = append(k.Examples, s) // D45: up to three examples, each once
		}
	}
	if len(k.Rows) < MaxExamples {
		if *name == "" {
			*name = RowName(at.Index, at.SheetRow, at.Key) // as messages name it
		}
		k.Rows = append(k.Rows, *name)
	}
	if (kind == KindText || kind == KindUnclear) && len(k.at) < MaxRowsListed {
		k.at = append(k.at, at)
	}
}

// classify reads a cell as D45 counts it: by value's reading of plain
// number text (D6) and by number() itself, never by a parser of its own;
// reason is number()'s message for an unclear number.
func classify(v value.Value) (ValueKind, string) {
	switch {
	case value.IsBlank(v):
		return KindNothing, ""
	case v.Kind() == value.Number:
		return KindNumber, ""
	case v.Kind() != value.Text:
		return KindText, ""
	}
	if _, ok := value.ToNumber(v); ok {
		return KindNumberText, ""
	}
	f, ok := numberFunc()
	if !ok {
		return KindText, ""
	}
	_, err := f.Call(nil, []value.Value{v})
	if err == nil {
		return KindNumberText, ""
	}
	var fail *value.Failure
	if errors.As(err, &fail) && strings.Contains(fail.Reason, " is not clear: ") {
		return KindUnclear, strings.TrimPrefix(fail.Reason, "number: ")
	}
	return KindText, ""
}

// numberFunc is number() of the function table, looked up once: classify
// runs for every cell of a sheet, and Lookup copies the function each time.
var numberFunc = sync.OnceValues(func() (*funcs.Func, bool) { return funcs.Lookup("number") })

// showCell shows a cell in facts: text quoted, a number plain, both cut
// and cleaned as echoed text is (D37).
func showCell(v value.Value) string {
	if v.Kind() == value.Text {
		return echo.Quote(v.Text())
	}
	return echo.Text(v.String())
}

// Rows is the number of rows counted.
func (c *ColumnCounter) Rows() int { return c.rows }

// Facts returns the facts of each column, in the order of the columns.
func (c *ColumnCounter) Facts() []ColumnFacts {
	out := make([]ColumnFacts, len(c.facts))
	for i, f := range c.facts {
		out[i] = f
		out[i].Kinds = append([]KindFacts(nil), f.Kinds...)
	}
	return out
}

// Warnings are the warnings of D45 for the flow file, each at the line
// that first reads its column, of Kind "column": a column read as a
// number that holds other text in some rows, naming the rows (D41); a
// column most of whose values are numbers that number() refuses as not
// clear (D34, D39); and a column read as a number that holds such
// numbers in some rows, fewer than half. Each follows the facts: other
// text and unclear numbers are told apart, each with its own rows in
// sheet order.
func (c *ColumnCounter) Warnings(file string) []Finding {
	var out []Finding
	for _, f := range c.facts {
		unclear := f.Kinds[KindUnclear]
		values := f.Values()
		mostlyUnclear := unclear.Count > 0 && 2*unclear.Count > values
		at := Finding{File: file, Line: f.Line, Column: f.Column, EndLine: f.Line, EndColumn: f.Column + 1,
			Expr: ast.KeyPath("row", f.Name), Kind: "column", Warning: true}
		if mostlyUnclear {
			w := at
			w.Message = "column " + echo.Text(f.Name) + ": " + strconv.Itoa(unclear.Count) + " of " + strconv.Itoa(values) +
				" values " + unclearLook(unclear.Examples[0]) + "; number() refuses them (" + f.reason + ")"
			listRows(&w, unclear)
			out = append(out, w)
		}
		if !f.Numeric {
			continue
		}
		if text := f.read(KindText); text.Count > 0 {
			w := at
			w.Message = "column " + echo.Text(f.Name) + " is read as a number, but " + rowList(text) + " " + holds(text.Count) +
				" text that is not a number (" + strings.Join(text.Examples, ", ") + "); correct the data, or, in a condition, leave such rows out " +
				"with a part before the comparison (${" + ast.KeyPath("row", f.Name) + "} != " + text.Examples[0] + " and ...)"
			listRows(&w, text)
			out = append(out, w)
		}
		if unclear := f.read(KindUnclear); unclear.Count > 0 && !mostlyUnclear {
			w := at
			what, them := " a number that is not clear (", "it"
			if unclear.Count > 1 {
				what, them = " numbers that are not clear (", "them"
			}
			w.Message = "column " + echo.Text(f.Name) + " is read as a number, but " + rowList(unclear) + " " + holds(unclear.Count) +
				what + strings.Join(unclear.Examples, ", ") + "); number() refuses " + them + " (" + f.reason + ")"
			listRows(&w, unclear)
			out = append(out, w)
		}
	}
	return out
}

// rowList names the rows of k as a message does: up to MaxExamples of
// them in sheet order, then how many more (`rows[2] (sheet row 4),
// rows[5] (sheet row 7) and 3 more`).
func rowList(k KindFacts) string {
	list := strings.Join(k.Rows, ", ")
	if k.Count > len(k.Rows) {
		list += " and " + Count(k.Count-len(k.Rows)) + " more"
	}
	return list
}

// listRows sets the rows of w, a warning about the cells of k: Rows,
// and Row when it is about exactly one row (D41).
func listRows(w *Finding, k KindFacts) {
	w.Rows = &RowList{Refs: slices.Clip(k.at), Count: k.Count}
	if k.Count == 1 && len(k.at) == 1 {
		w.Row = &k.at[0]
	}
}

func holds(n int) string {
	if n == 1 {
		return "holds"
	}
	return "hold"
}

// unclearLook names what unclear numbers like the shown example look
// like: numbers grouped by spaces (9 800), decimal commas (12,5), or
// numbers that are not clear.
func unclearLook(example string) string {
	s := strings.Trim(example, "'")
	for i, r := range s {
		if unicode.IsSpace(r) || r == '\u202f' || r == '\u00a0' {
			if i > 0 && unicode.IsDigit(rune(s[i-1])) {
				return "look like numbers grouped by spaces (" + s + ")"
			}
		}
	}
	if strings.Contains(s, ",") {
		return "look like decimal commas (" + s + ")"
	}
	return "are numbers that are not clear (" + s + ")"
}

// SheetFacts counts the columns cols over the rows of the sheet that s
// holds: the variable rows, a list of dictionaries, as a sheet given as
// data makes it (the header is sheet row 1). ok is false when s holds no
// such list. For an editor's hover and a playground, which have the whole
// sheet as sample data.
func SheetFacts(s *scope.Scope, cols []ColumnRead) (c *ColumnCounter, ok bool) {
	rows, found, err := s.Var("rows")
	if err != nil || !found || rows.Kind() != value.List {
		return nil, false
	}
	c = NewColumnCounter(cols)
	for i := 0; i < rows.Len(); i++ {
		row, err := rows.Index(i)
		if err != nil || row.Kind() != value.Dict {
			return nil, false
		}
		c.AddValue(row, i, i+2)
	}
	return c, true
}
