package flow

import (
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
	"github.com/kinenix/expressions/internal/rowtext"
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
	// Field is true when a field (a line that is no condition) reads
	// the column as a number: a field is computed on every row, so no
	// condition can leave a row out of that read.
	Field bool
	// Line and Column (1-based, characters) are where the flow first
	// reads the column; when Numeric, its first read as a number that no
	// condition leaves out (a field's, or one of a condition that is not
	// a part of an `and` or an `or`), else its first read as a number.
	Line, Column int
}

// Columns returns the columns (keys of `row`) that the flow src reads, in
// the order they are first read. The lines are those Validate checks.
func Columns(src []byte) []ColumnRead {
	out, _ := columnsOf(src)
	return out
}

// columnsOf is Columns, and how many bytes of the lines it counted to
// find the columns of the reads: each line once, however many
// placeholders it holds.
func columnsOf(src []byte) (out []ColumnRead, scanned int) {
	index := map[string]int{}
	always := map[string]bool{} // Line and Column are of a read no condition leaves out
	// parts are the parts of a condition, nil for a field.
	add := func(ln line, at int, rs []eval.Read, field bool, parts []eval.Part) {
		cur := columnCursor{text: ln.text}
		defer func() { scanned += cur.scanned }()
		for _, r := range rs {
			if len(r.Path) < 2 || r.Path[0] != "row" {
				continue
			}
			c := ColumnRead{Name: r.Path[1], Numeric: r.Numeric, Line: ln.num, Column: cur.at(at + r.Offset)}
			unguarded := false
			if c.Numeric {
				c.Field = field
				unguarded = field || len(parts) < 2 ||
					!slices.ContainsFunc(parts, func(p eval.Part) bool { return p.Start <= r.Offset && r.Offset < p.End })
			}
			i, seen := index[c.Name]
			switch {
			case !seen:
				index[c.Name] = len(out)
				out = append(out, c)
				always[c.Name] = unguarded
			case c.Numeric && !out[i].Numeric:
				out[i] = c
				always[c.Name] = unguarded
			case unguarded && !always[c.Name]:
				c.Field = c.Field || out[i].Field
				out[i] = c
				always[c.Name] = true
			case c.Field:
				out[i].Field = true
			}
		}
	}
	if len(src) > MaxSize {
		return nil, 0
	}
	for ln := range prose(src) {
		if label, at, ok := parseField(ln.text); ok && strings.EqualFold(label, "condition") {
			if c, err := eval.CompileCondition(strings.TrimRight(ln.text[at:], " \t")); err == nil {
				add(ln, at, c.Reads(), false, c.Parts())
			}
			continue
		}
		t, _ := eval.Compile(ln.text)
		add(ln, 0, t.Reads(), true, nil)
	}
	return out, scanned
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
	// unclear are the cells of unclear numbers, for the warning about a
	// column most of whose numbers are not clear.
	unclear warnCells
	// looks are the first unclear number of each look (unclearLook:
	// grouped by spaces, decimal commas, other), "" for a look not seen,
	// so that a warning tells every look the column mixes (review R7).
	looks [lookCount]string
	// text are the cells of other text in the rows that read the column
	// as a number (AddRow), for the warning about such a column.
	text warnCells
}

// warnCells are the cells of one kind that a warning is about: how many,
// up to MaxExamples of them as a message shows them, every row as runs
// (D41), the first MaxRowsListed rows for Finding.Rows, and the values
// that differ, for the advice.
type warnCells struct {
	count    int
	examples []string
	tried    int
	runs     rowRuns
	at       []RowRef
	// values are the texts of the cells that differ as a condition
	// compares them (D27: trimmed, without regard to case), up to
	// maxGuardValues+1; writable is false once one of them cannot be
	// written as quoted text in a condition.
	values []string
	unsafe bool
	// other is true when some cell is no text: a boolean, a list or a
	// dictionary (JSON lines).
	other bool
	// nested is true when some cell is a list or a dictionary.
	nested bool
	// line and col are the first read of the column as a number that
	// the rows ran (0 when unknown).
	line, col int
}

// maxGuardValues is the most different values that the advice of a
// warning about text in a column read as a number names, to leave them
// out in a condition (not ${row.x} in 'a', 'b' and ...).
const maxGuardValues = 5

// add counts the cell v on the row at.
func (w *warnCells) add(v value.Value, at RowRef) {
	w.count++
	if k := v.Kind(); k != value.Text {
		w.other = true
	}
	if len(w.examples) < MaxExamples && w.tried < maxTries {
		w.tried++
		if s := showCell(v); !slices.Contains(w.examples, s) {
			w.examples = append(w.examples, s)
		}
	}
	w.runs.add(at)
	if len(w.at) < MaxRowsListed {
		w.at = append(w.at, at)
	}
	if len(w.values) > maxGuardValues {
		return
	}
	var s string
	switch v.Kind() {
	case value.Text, value.Bool:
		s = strings.TrimSpace(v.String())
	default:
		w.unsafe = true // a list or a dictionary: no text to name it by
		w.nested = true
		return
	}
	for _, x := range w.values {
		if strings.EqualFold(x, s) {
			return
		}
	}
	w.values = append(w.values, s)
	if !writable(s) {
		w.unsafe = true
	}
}

// writable reports whether s can be written as quoted text in a
// condition and read back as s: no quote, no ${, nothing that a message
// would write as an escape (D37), and short.
func writable(s string) bool {
	return len(s) <= 60 && !strings.ContainsAny(s, "'\"$`") && echo.Text(s) == s
}

// literal is s, writable, as quoted text in a condition.
func literal(s string) string { return "'" + s + "'" }

// rowRuns keeps the rows of a warning, in increasing order, as runs
// (rowtext.Runs, D41: `rows 1-2, 6 and 12,546 more`), and the first
// rows' names, for a warning about a few rows.
type rowRuns struct {
	runs  rowtext.Runs
	n     int
	first []RowRef // the first MaxExamples rows
}

func (r *rowRuns) add(at RowRef) {
	if len(r.first) < MaxExamples {
		r.first = append(r.first, at)
	}
	r.n++
	r.runs.Add(at.Index)
}

// text names the rows of a sheet of total rows counted: each as a
// message about one row names it when there are at most MaxExamples
// (`rows[3] (sheet row 5), rows[7] (sheet row 9)`), `every row`, or runs
// (`rows 0-2, 5 and 12 more`). When the rows counted are those chosen
// (ColumnCounter.Chosen), all of them are `every one of the 2 rows
// -where chose`, never every row of the sheet.
func (r *rowRuns) text(total int, chosen string) string {
	switch {
	case r.n == total && r.n > 1 && chosen != "":
		return "every one of the " + Count(total) + " " + chosen
	case r.n == total && r.n > 1:
		return "every row"
	case r.n <= len(r.first):
		names := make([]string, len(r.first))
		for i, at := range r.first {
			names[i] = RowName(at.Index, at.SheetRow, at.Key)
		}
		return strings.Join(names, ", ")
	}
	return r.runs.Text()
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
// use NewColumnCounter. A nil *ColumnCounter counts nothing.
type ColumnCounter struct {
	facts []ColumnFacts
	rows  int
	// chosen names the rows counted when they are only some of the
	// sheet's (Chosen); "" for every row.
	chosen string
	// read are the texts of each column (by its index in facts) already
	// classified, with the kind classify read: a sheet's column repeats
	// its values (a status, a date, a name), and a text is read once.
	read []textsRead
	// arg is number()'s argument in classify, kept so that a call
	// allocates none.
	arg [1]value.Value
}

// textsRead are the texts of a column that classify read, with their
// kind; hits counts the cells that were one of them.
type textsRead struct {
	kinds map[string]ValueKind
	hits  int
	off   bool // full, and seldom of use: the column is read cell by cell
}

// maxRead bounds the texts of a column that a ColumnCounter remembers
// how classify read: a column of few values has them all; one whose
// texts came again fewer times than it holds when it is full (an ID, an
// e-mail: a new text per row) is read cell by cell from then on. A
// variable so that a test can count without it.
var maxRead = 1024

// NewColumnCounter returns a counter for the columns cols (see Columns).
func NewColumnCounter(cols []ColumnRead) *ColumnCounter {
	c := &ColumnCounter{facts: make([]ColumnFacts, len(cols)), read: make([]textsRead, len(cols))}
	for i, col := range cols {
		c.facts[i].ColumnRead = col
		c.facts[i].Kinds = make([]KindFacts, kindCount)
		for k := range c.facts[i].Kinds {
			c.facts[i].Kinds[k].Kind = ValueKind(k)
		}
	}
	return c
}

// Chosen says that the rows counted are only some of the sheet's rows,
// those a host chose, named by rows in the plural ("rows -where chose"):
// the warnings then name them as such and claim nothing of the column
// as a whole, whose other rows were never counted: `every one of the 2
// rows -where chose holds text ...`, `in the rows -where chose, the
// column holds no numbers`, `2 of the 3 values in the rows -where chose
// look like ...`. "" (the default) is every row of the sheet.
func (c *ColumnCounter) Chosen(rows string) {
	if c != nil {
		c.chosen = rows
	}
}

// CountColumns counts the rows of a sheet for the columns cols; the
// index of a row in rows is rows[i], and its sheet row i+2 (the header
// is row 1).
func CountColumns(cols []ColumnRead, rows iter.Seq[map[string]any]) *ColumnCounter {
	c := NewColumnCounter(cols)
	if rows == nil {
		return c // no rows
	}
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
	}, RowRef{Index: index, SheetRow: sheetRow}, nil, nil)
}

// AddValue is Add for a row given as a dictionary value (the `row` of a
// scope).
func (c *ColumnCounter) AddValue(row value.Value, index, sheetRow int) {
	c.add(func(name string) value.Value {
		v, _, _ := row.Key(name)
		return v
	}, RowRef{Index: index, SheetRow: sheetRow}, nil, nil)
}

// AddInput is AddValue for the row of a run's input (its variable row),
// which it names as a run names it, with its Key (D41: `rows[3] (sheet
// row 5, INV-0104)`). An input that is no row of a sheet is not counted.
func (c *ColumnCounter) AddInput(in Input) { c.addInput(in, nil, nil) }

// AddRow is AddInput for the input in of a run and its result r: a
// column that the flow reads as a number only in parts of conditions that
// the row's run left out (the part before decided the line, D49) is not
// counted as read as a number on that row, for its warnings; its facts
// count the cell as ever. It knows the parts left out when the flow runs
// with SampleWarnings, and is AddInput otherwise.
func (c *ColumnCounter) AddRow(in Input, r *RowResult) {
	if r == nil {
		c.addInput(in, nil, nil)
		return
	}
	c.addInput(in, r.notNumeric, r.numericAt)
}

// AddResult is AddRow for the row whose result r is, with the variables
// the run gave it (its Input): a host that counts the rows a run delivers
// keeps nothing of its own to match each result with its row.
func (c *ColumnCounter) AddResult(r *RowResult) {
	if r == nil {
		return
	}
	c.addInput(Input{Index: r.Row, SheetRow: r.SheetRow, Key: r.Key, Scope: r.scope}, r.notNumeric, r.numericAt)
}

// addInput is AddRow with the columns not read as a number on the row,
// and where it first read the others that conditions may leave out.
func (c *ColumnCounter) addInput(in Input, notNumeric []string, numericAt []readAt) {
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
	}, RowRef{Index: in.Index, SheetRow: in.SheetRow, Key: in.Key}, notNumeric, numericAt)
}

// add counts one row; the columns notNumeric are not read as a number on
// it, and numericAt are where it first read others as a number (by
// default where the column's ColumnRead says).
func (c *ColumnCounter) add(cell func(name string) value.Value, at RowRef, notNumeric []string, numericAt []readAt) {
	if c == nil {
		return
	}
	c.rows++
	name := ""
	for i := range c.facts {
		f := &c.facts[i]
		v := cell(f.Name)
		kind, u := c.classify(i, v)
		if kind == KindUnclear {
			if f.reason == "" {
				f.reason = u.Reason()
			}
			if l := lookOf(u.Written); f.looks[l] == "" { // the number number() quotes, not the unit after it
				f.looks[l] = v.Text()
			}
		}
		f.Kinds[kind].add(kind, v, at, &name)
		switch {
		case kind == KindUnclear:
			f.unclear.add(v, at)
		case kind == KindText && f.Numeric && !slices.Contains(notNumeric, f.Name):
			f.text.add(v, at) // a row that read the column as a number
			line, col := f.Line, f.Column
			if j := slices.IndexFunc(numericAt, func(r readAt) bool { return r.name == f.Name }); j >= 0 {
				line, col = numericAt[j].line, numericAt[j].col
			}
			if f.text.line == 0 || line < f.text.line || line == f.text.line && col < f.text.col {
				f.text.line, f.text.col = line, col
			}
		}
	}
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
}

// classify reads a cell of column i as D45 counts it: by value's reading of plain
// number text (D6), by what number() makes of other text as the hints of
// D7 and D28 tell it (value.NumberText), and by number()'s own refusal
// (funcs.OneUnclear), never by a parser of its own; u is the unclear
// number, whose Reason is number()'s message.
//
// Text is number text only when number() reads it as it shows ('1,250.50',
// '฿ 1,200'); text that number() would read as another number ('13:30' as
// 13, '2026-01-15' as 2026) is other text, as the row's own error says. An
// unclear number is text that is one number written with marks whose
// meaning is not clear, which number() refuses with a rewrite that,
// followed, gives the number the text shows (D49): '12,5', '9 800', '1
// 995,00 Kč'. Text that number() refuses but that is no such number is
// other text: it holds other digits too ('Jan 5, 2026 10:30'), its marks
// have no one reading ('1.5.2', '15.01.2026'), or it is a date with its
// month named ('January 15, 2026', which number() reads as '15, 2026').
//
// A cell of column i whose text is other than plain number text is read
// once: the texts of the column seen before (up to maxRead of them) are
// read as textKind read them then.
func (c *ColumnCounter) classify(i int, v value.Value) (ValueKind, funcs.UnclearNumber) {
	if kind, ok := plainKind(v); ok {
		return kind, funcs.UnclearNumber{}
	}
	r := &c.read[i]
	if r.off || maxRead == 0 {
		return textKind(v, &c.arg)
	}
	s := v.Text()
	if kind, ok := r.kinds[s]; ok {
		r.hits++
		if kind == KindUnclear {
			return textKind(v, &c.arg) // its unclear number, as read again
		}
		return kind, funcs.UnclearNumber{}
	}
	kind, u := textKind(v, &c.arg)
	switch {
	case len(r.kinds) < maxRead:
		if r.kinds == nil {
			r.kinds = make(map[string]ValueKind)
		}
		r.kinds[s] = kind
	case r.hits < len(r.kinds):
		r.kinds, r.off = nil, true
	}
	return kind, u
}

// plainKind is classify's kind of a cell that is no text, blank, or plain
// number text (D6), read by value; ok is false for other text, which
// textKind reads.
func plainKind(v value.Value) (kind ValueKind, ok bool) {
	switch {
	case value.IsBlank(v):
		return KindNothing, true
	case v.Kind() == value.Number:
		return KindNumber, true
	case v.Kind() != value.Text:
		return KindText, true
	}
	if _, ok := value.ToNumber(v); ok {
		return KindNumberText, true
	}
	return 0, false
}

// textKind is classify's kind of text that is not plain number text, as
// number() reads it; arg holds number()'s argument for the call, so that
// it allocates none.
func textKind(v value.Value, arg *[1]value.Value) (ValueKind, funcs.UnclearNumber) {
	s := v.Text()
	switch what, _ := value.NumberText(s); what {
	case value.NoNumber, value.WrittenNumber, value.LongNumber, value.SheetError:
		return KindText, funcs.UnclearNumber{} // number() finds none, or another number, or fails
	case value.OneNumber:
		f, ok := numberFunc()
		if !ok {
			return KindText, funcs.UnclearNumber{}
		}
		arg[0] = v
		_, err := f.Call(nil, arg[:])
		arg[0] = value.Value{} // not kept past the call
		if err == nil {
			return KindNumberText, funcs.UnclearNumber{}
		}
		// refused: an unclear number ('-\u200b5'), or other text
	}
	u, ok := funcs.OneUnclear(s)
	if !ok {
		return KindText, funcs.UnclearNumber{}
	}
	return KindUnclear, u
}

// numberFunc is number() of the function table, looked up once: classify
// runs for every cell of a sheet, and Lookup copies the function each time.
var numberFunc = sync.OnceValues(func() (*funcs.Func, bool) { return funcs.Lookup("number") })

// showCell shows a cell in facts: text quoted, a number plain, both cut
// and cleaned as echoed text is (D37); a boolean, a list and a dictionary
// (of JSON lines) named as what they are, as a row's error names them
// (`a list is not a number`), never shown as text or as the number a list
// of one would show (review R6).
func showCell(v value.Value) string {
	switch v.Kind() {
	case value.Text:
		return echo.Quote(v.Text())
	case value.Bool:
		return "a boolean (" + v.String() + ")"
	case value.List, value.Dict:
		return v.Kind().Phrase()
	}
	return echo.Text(v.String())
}

// Rows is the number of rows counted.
func (c *ColumnCounter) Rows() int {
	if c == nil {
		return 0
	}
	return c.rows
}

// Facts returns the facts of each column, in the order of the columns.
func (c *ColumnCounter) Facts() []ColumnFacts {
	if c == nil {
		return nil
	}
	out := make([]ColumnFacts, len(c.facts))
	for i, f := range c.facts {
		out[i] = f
		out[i].Kinds = append([]KindFacts(nil), f.Kinds...)
	}
	return out
}

// Warnings are the warnings of D45 for the flow file, each at the line
// that first reads its column, of Kind "column": a column most of whose
// values are numbers that number() refuses as not clear (D34, D39), with
// number()'s rewrite; and a column read as a number that holds other text
// in some rows, naming every one of them, cut as D41 cuts runs of rows,
// with advice that, followed, clears it (D49). A few unclear numbers in a
// column are no column warning: each such row's own error (number()'s, or
// a comparison's) says what to write.
func (c *ColumnCounter) Warnings(file string) []Finding {
	if c == nil {
		return nil
	}
	var out []Finding
	for _, f := range c.facts {
		values := f.Values()
		at := Finding{File: file, Line: f.Line, Column: f.Column, EndLine: f.Line, EndColumn: f.Column + 1,
			Expr: ast.KeyPath("row", f.Name), Kind: "column", Warning: true}
		if u := f.unclear; u.count > 0 && 2*u.count > values {
			w := at
			of := Count(values) + " values"
			if c.chosen != "" {
				of = "the " + of + " in the " + c.chosen
			}
			w.Message = "column " + echo.Text(f.Name) + ": " + Count(u.count) + " of " + of +
				" " + unclearLooks(f.looks) + "; number() refuses them (" + f.reason + ")"
			listRows(&w, u)
			out = append(out, w)
		}
		if text := f.text; f.Numeric && text.count > 0 {
			w := at
			if text.line > 0 {
				w.Line, w.Column, w.EndLine, w.EndColumn = text.line, text.col, text.line, text.col+1
			}
			rows := text.runs.text(c.rows, c.chosen)
			one := text.count == 1 || text.runs.n == c.rows && c.rows > 1
			what := "hold text that is not a number"
			switch {
			case one && text.other:
				what = "holds a value that is not a number"
			case text.other:
				what = "hold values that are not numbers"
			case one:
				what = "holds text that is not a number"
			}
			w.Message = "column " + echo.Text(f.Name) + " is read as a number, but " + rows + " " + what +
				" (" + strings.Join(text.examples, ", ") + "); " + guardAdvice(f, text, c.chosen)
			listRows(&w, text)
			out = append(out, w)
		}
	}
	return out
}

// guardAdvice is how to clear the warning about the text cells w of the
// column name read as a number (D49): correct the data, or leave the rows
// out in a condition with a part before the comparison that names every
// value they hold (a condition compares text trimmed and without regard
// to case, D27); when they hold too many values to name, or one that a
// condition cannot write, correcting the data is the advice. A field
// that reads the column as a number reads it on every row, and no
// condition leaves a row out of a field (nor does default(), which
// replaces only an empty value): correcting the data is the advice.
// When the column holds no numbers (its other cells are empty), a guard
// would leave every row out, and the condition would be quietly never
// true (D44): the advice is to correct the data or read the column as
// text. What the column holds is said of the rows counted: with chosen
// (ColumnCounter.Chosen), `in the rows -where chose, the column holds no
// numbers`.
func guardAdvice(col ColumnFacts, w warnCells, chosen string) string {
	in := ""
	if chosen != "" {
		in = "in the " + chosen + ", "
	}
	x := "${" + ast.KeyPath("row", col.Name) + "}"
	asText := "correct the data, or read the column as text (compare it with == or in; arithmetic, number(), round(), format() and < > <= >= read it as a number)"
	numbers := col.Kinds[KindNumber].Count + col.Kinds[KindNumberText].Count + col.Kinds[KindUnclear].Count
	switch {
	case w.nested:
		return "correct the data (a list or a dictionary cannot be named in a condition to leave its rows out)"
	case numbers == 0 && !col.Field && datesOnly(w):
		// `${row.Renewal Date} < ${today}`: the data is right, the
		// comparison is not (D44), whether or not a row's own error
		// says so (the other side may be empty, D28)
		return in + "the column holds dates, and " + eval.DateAdvice
	case numbers == 0:
		return in + "the column holds no numbers: " + asText
	case col.Field:
		return "correct the data: a field reads the column as a number on every row, and no condition can leave a row out of a field"
	case w.unsafe || len(w.values) == 0:
		return "correct the data (one of the values cannot be written in a condition to leave its rows out)"
	case len(w.values) > maxGuardValues:
		return "correct the data: the rows hold more than " + strconv.Itoa(maxGuardValues) +
			" different values, too many to leave out one by one in a condition"
	case len(w.values) == 1:
		return "correct the data, or, in a condition, leave such rows out with a part before the comparison (" +
			x + " != " + literal(w.values[0]) + " and ...)"
	}
	lits := make([]string, len(w.values))
	for i, v := range w.values {
		lits[i] = literal(v)
	}
	return "correct the data, or, in a condition, leave such rows out with a part before the comparison (not " +
		x + " in " + strings.Join(lits, ", ") + " and ...)"
}

// datesOnly reports whether the text cells w are all dates, as an order
// comparison's hint reads them (eval.IsDate).
func datesOnly(w warnCells) bool {
	if w.other || len(w.values) == 0 {
		return false
	}
	for _, v := range w.values {
		if !eval.IsDate(v) {
			return false
		}
	}
	return true
}

// listRows sets the rows of w, a warning about the cells c: Rows, and Row
// when it is about exactly one row (D41).
func listRows(w *Finding, c warnCells) {
	w.Rows = &RowList{Refs: slices.Clip(c.at), Count: c.count}
	if c.count == 1 && len(c.at) == 1 {
		w.Row = &c.at[0]
	}
}

// The looks of unclear numbers, in the order a warning names them.
const (
	lookSpaces = iota // numbers grouped by spaces (9 800)
	lookComma         // decimal commas (12,5)
	lookOther         // numbers that are not clear
	lookCount
)

// lookOf is the look of the unclear number s, as number() quotes it
// (funcs.UnclearNumber.Written): grouped by spaces when a
// digit is followed by a space, a decimal comma when it holds a comma.
func lookOf(s string) int {
	prevDigit := false
	for _, r := range s {
		if prevDigit && (unicode.IsSpace(r) || r == '\u202f' || r == '\u00a0') {
			return lookSpaces
		}
		prevDigit = unicode.IsDigit(r)
	}
	if strings.Contains(s, ",") {
		return lookComma
	}
	return lookOther
}

// unclearLooks names what the unclear numbers of a column look like, one
// example of each look it holds (looks, by lookOf): `look like numbers
// grouped by spaces (9 800)`, `look like decimal commas (12,5)`, or both
// (`look like numbers grouped by spaces (9 800) or decimal commas
// (12,5)`); unclear numbers of no such look `are numbers that are not
// clear (...)`.
func unclearLooks(looks [lookCount]string) string {
	var parts []string
	if s := looks[lookSpaces]; s != "" {
		parts = append(parts, "numbers grouped by spaces ("+echo.Text(s)+")")
	}
	if s := looks[lookComma]; s != "" {
		parts = append(parts, "decimal commas ("+echo.Text(s)+")")
	}
	other := looks[lookOther]
	switch {
	case len(parts) == 0:
		return "are numbers that are not clear (" + echo.Text(other) + ")"
	case other != "":
		return "look like " + strings.Join(parts, " or ") + ", or are otherwise not clear (" + echo.Text(other) + ")"
	}
	return "look like " + strings.Join(parts, " or ")
}

// SheetFacts counts the columns cols over the rows of the sheet that s
// holds: the variable rows, a list of dictionaries, as a sheet given as
// data makes it (the header is sheet row 1, and rows[i] sheet row i+2).
// ok is false when s holds no such list. For an editor's hover and a
// playground, which have the whole sheet as sample data.
func SheetFacts(s *scope.Scope, cols []ColumnRead) (c *ColumnCounter, ok bool) {
	return SheetFactsRows(s, cols, func(i int) int { return i + 2 })
}

// SheetFactsRows is SheetFacts with sheetRow(i) the row number the
// spreadsheet shows for rows[i] (D41), as data.Data.SheetRow gives it: a
// sheet with blank rows, or with its header below row 1, names its rows
// so in the warnings (0: the row has no sheet number).
func SheetFactsRows(s *scope.Scope, cols []ColumnRead, sheetRow func(i int) int) (c *ColumnCounter, ok bool) {
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
		c.AddValue(row, i, sheetRow(i))
	}
	return c, true
}
