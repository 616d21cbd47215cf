package play

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strconv"
	"sync"
	"unicode/utf8"

	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/kinenix/expressions/data"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// Limits of one table.
const (
	// MaxCells is the most fields and conditions one table computes, rows
	// times columns; the rows past it are counted in TableResult.RowsLeft.
	MaxCells = 1 << 20
	// MaxCell is the most bytes of a cell's text a table sends back; the
	// page shows the whole of one row's fields when the row is picked.
	MaxCell = 200
	// MaxPage is the most rows one table sends back; the summary counts
	// them all.
	MaxPage = 500
	// MaxFirstRows is how many rows a summary names for a field that fails.
	MaxFirstRows = 3
	// QuickCells is the most fields a quick table (TableRequest.Quick)
	// runs anew over the rows for its summary: past it, it runs the rows
	// asked for alone.
	QuickCells = 50_000
)

// TableRequest asks for the flow run over every row of the data at once:
// the data and flow of a check, and which rows to send back, from Offset,
// at most Limit of them (MaxPage when 0 or more). Data that is not a
// sheet is one row.
//
// Quick asks for the rows at once and the summary when it is quick: when
// more than QuickCells fields would run anew for the summary (a flow or
// data new to the table), only the rows asked for are run, and the
// result says so (Partial); the page then asks again without Quick.
//
// Part of Parts splits the rows, so that two tables (two workers of the
// page, one a core) share the work: the part runs its share of the rows
// alone (Part 0 the first), and its Rows, Total, RowsLeft and Summary are
// those of its rows; the parts' tables added up in order are the whole
// table. Parts 0 or 1 is the whole table.
type TableRequest struct {
	Request
	Offset int  `json:"offset"`
	Limit  int  `json:"limit"`
	Quick  bool `json:"quick,omitempty"`
	Part   int  `json:"part,omitempty"`
	Parts  int  `json:"parts,omitempty"`
}

// MaxParts is the most parts a table is split into.
const MaxParts = 8

// TableResult is the flow over every row: a table of rows by fields and
// conditions, as `kinenix preview -format table` prints it, and the
// summary of `preview -summary`.
type TableResult struct {
	// DataError is why the data could not be read; there are no rows.
	DataError string `json:"dataError,omitempty"`
	// Sheet reports whether the data is a sheet (CSV or XLSX).
	Sheet bool `json:"sheet"`
	// Columns are the fields and conditions, in file order, at most
	// MaxFields of them.
	Columns []Column `json:"columns"`
	// Rows are the rows asked for, each with a cell per column.
	Rows []TableRow `json:"rows"`
	// Total is the number of rows run; Offset the index of Rows[0].
	Total  int `json:"total"`
	Offset int `json:"offset"`
	// RowsLeft counts the rows not run: past MaxCells, or after the run
	// was stopped (Stopped says why).
	RowsLeft int    `json:"rowsLeft,omitempty"`
	Stopped  string `json:"stopped,omitempty"`
	// Partial is set when a quick table ran only the rows it sends back:
	// Total is every row, but Summary counts those rows alone.
	Partial bool `json:"partial,omitempty"`
	// Summary is what `preview -summary -json` writes of the rows run,
	// counted by the same counter, its rows that fail the first
	// MaxFirstRows of them.
	Summary record.Summary `json:"summary"`
}

// Column is one field or condition of the flow.
type Column struct {
	Line      int    `json:"line"`
	Label     string `json:"label"`
	Text      string `json:"text"`
	Condition bool   `json:"condition"`
}

// TableRow is one row of the data run through the flow. Row is the index
// an expression uses (rows[Row]) and SheetRow the row number the
// spreadsheet shows, the header being row 1 (D41); both are -1 for data
// that is not a sheet.
type TableRow struct {
	Row      int    `json:"row"`
	SheetRow int    `json:"sheetRow"`
	Cells    []Cell `json:"cells"`
	// Fails counts the cells whose field or condition failed.
	Fails int `json:"fails"`
}

// Cell is one field or condition for one row: the text rendered (cut to
// MaxCell bytes, Cut counting the rest), "true" or "false" for a
// condition, or Error.
type Cell struct {
	Text  string `json:"text"`
	Cut   int    `json:"cut,omitempty"`
	Error string `json:"error,omitempty"`
}

// Table runs the flow of req over every row of its data (data that is not
// a sheet is one row, and no data one empty row) and returns the page of
// rows asked for and the summary of all. Each evaluation has the budget of
// a check's; ctx stops the run between rows, and the result then says how
// far it got. A part (TableRequest.Part) out of range is a *BadRequest.
func Table(ctx context.Context, req TableRequest) (*TableResult, error) {
	parts := max(req.Parts, 1)
	if parts > MaxParts || req.Part < 0 || req.Part >= parts {
		return nil, &BadRequest{"the table's part is out of range: send parts from 1 to " + strconv.Itoa(MaxParts) + " and a part from 0 to parts-1"}
	}
	res := &TableResult{Columns: []Column{}, Rows: []TableRow{}, Summary: record.Summary{Fields: []record.SummaryField{}}}
	src := []byte(req.Flow)
	if len(src) > flow.MaxSize {
		return res, nil // a check says why
	}
	fields := flow.Fields(src)
	if len(fields) > MaxFields {
		src = cutAtLine(src, fields[MaxFields].Line)
		fields = fields[:MaxFields]
	}
	var d *data.Data
	if hasData(req.Request) {
		var err error
		if d, err = decodeData(req.Request); err != nil {
			res.DataError = message(err)
			return res, nil
		}
		res.Sheet = d.IsSheet()
	}
	for _, f := range fields {
		res.Columns = append(res.Columns, Column{Line: f.Line, Label: f.Label, Text: f.Value, Condition: f.Condition})
	}
	tally := record.NewTally(fields, MaxFirstRows)
	limit := req.Limit
	if limit <= 0 || limit > MaxPage {
		limit = MaxPage
	}
	res.Offset = max(req.Offset, 0)
	rows := 1
	if d != nil && d.IsSheet() {
		rows = d.Len()
	}
	if len(fields) > 0 && rows*len(fields) > MaxCells {
		if req.Part == parts-1 {
			res.RowsLeft = rows - MaxCells/len(fields) // the rows after the last part's
		}
		rows = MaxCells / len(fields)
	}
	// This part's rows.
	from, to := rows*req.Part/parts, rows*(req.Part+1)/parts
	lo, hi := from, to
	cols := columnsOf(src, fields, d, rows, lo, hi)
	if req.Quick && cols != nil && len(cols.todo)*(hi-lo) > QuickCells {
		// The rows shown, now; the page asks again for the rest.
		res.Partial, cols = true, nil
		from, to = min(max(res.Offset, lo), hi), min(max(res.Offset+limit, lo), hi)
	}
	if cols != nil {
		cols.prepare(src, len(fields))
	}
	err := eachRow(ctx, src, d, from, to, cols, func(row int) bool {
		return row >= res.Offset && row < res.Offset+limit
	}, func(row int, outs []outcome, cells []Cell) {
		tr := TableRow{Row: -1, SheetRow: -1, Cells: []Cell{}}
		if res.Sheet {
			tr.Row, tr.SheetRow = row, d.SheetRow(row)
		}
		if cells != nil {
			tr.Cells = cells[:min(len(cells), len(fields))] // Fields and the flow read the same lines
		}
		outs = outs[:min(len(outs), len(fields))]
		for _, o := range outs {
			if o == cellFail {
				tr.Fails++
			}
		}
		tally.Add(tr.Row, tr.SheetRow, "", outs)
		res.Total++
		if cells != nil {
			res.Rows = append(res.Rows, tr)
		}
	})
	res.Summary = tally.Record()
	if err != nil {
		if ctx.Err() != nil && res.Total == 0 {
			return nil, ctx.Err() // nobody is waiting, or nothing was done
		}
		res.Stopped = message(err)
		res.RowsLeft += to - from - res.Total
	}
	if res.Partial && err == nil {
		res.Total = hi - lo
	}
	return res, nil
}

// eachRow runs the flow src over rows from to to (exclusive) of d (one
// run with the data when it is not a sheet, one with no data when d is
// nil) and calls yield with each row, in row order: each field's outcome,
// and for a row shown (show) its cells. A row is run whole unless cols
// (see columnsOf) tell it: its fields alone give what the whole row would,
// and for a row shown, they have its cells. It stops at the first error
// of the run as a whole (ctx done, a flow over flow.MaxSize).
//
// It is the one place where the page runs a flow over rows.
func eachRow(ctx context.Context, src []byte, d *data.Data, from, to int, cols *columns,
	show func(row int) bool, yield func(row int, outs []outcome, cells []Cell)) error {
	// The flow is compiled once and run per row (#20), as preview runs it.
	f, err := flow.CompileContext(ctx, fileName, src)
	if err != nil {
		return err
	}
	var r flow.RowResult // each row's results in the same storage
	var one flow.RowResult
	var outs []outcome
	var scratch wholeRow
	kept, ran := lastWhole.get(src, d), map[int]*wholeRow(nil)
	defer func() { lastWhole.put(src, d, ran) }()
	for i := from; i < to; i++ {
		vars := map[string]any{}
		if d != nil {
			if d.IsSheet() {
				v, err := d.RowVars(i)
				if err != nil {
					return err
				}
				vars = v
			} else {
				vars = d.Vars()
			}
		}
		shown, told := show(i), false
		if cols != nil && !cols.whole {
			// The fields not known yet, each alone, in one scope as
			// the fields of a row run whole share one.
			s := newScope(vars)
			for _, c := range cols.todo {
				c.f.RunInto(ctx, s, &one)
				if err := ctx.Err(); err != nil {
					return err
				}
				c.set(i, one, shown)
			}
			if o := cols.row(i, outs); o != nil {
				outs, told = o, true
				if !shown {
					yield(i, outs, nil)
					continue
				}
				if cells := cols.cells(i); cells != nil {
					yield(i, outs, cells)
					continue
				}
			}
		}
		// A row shown and run whole in the last table of this flow and
		// data (the page's quick table, then every row) is not run again.
		w := kept[i]
		if w == nil {
			f.RunInto(ctx, newScope(vars), &r)
			if err := ctx.Err(); err != nil {
				return err
			}
			w = scratch.of(r.Results, shown)
			if shown {
				if ran == nil {
					ran = map[int]*wholeRow{}
				}
				ran[i] = w.clone()
			}
		}
		if cols != nil && cols.whole {
			cols.learn(i, w)
			cols.outs = cols.row(i, cols.outs)
			told = cols.outs != nil
		}
		var cells []Cell
		if shown {
			cells = slices.Clone(w.cells)
			if told {
				cols.keep(i, cells) // the row's fields alone are the row
			}
		}
		yield(i, w.outs, cells)
	}
	cols.done()
	return nil
}

// wholeRow is what a table takes of a row run whole: each field's outcome
// and work, whether the row's budget ran out, and, for a row shown, its
// cells.
type wholeRow struct {
	outs  []outcome
	work  [][2]int32
	spent bool
	cells []Cell
}

// of is w with the row of results (and its cells when shown), in w's
// storage.
func (w *wholeRow) of(results []flow.Result, shown bool) *wholeRow {
	w.outs, w.work, w.spent, w.cells = w.outs[:0], w.work[:0], false, w.cells[:0]
	for _, r := range results {
		w.outs = append(w.outs, record.OutcomeOf(&r))
		w.work = append(w.work, [2]int32{int32(min(r.WorkBytes, MaxWork+1)), int32(min(r.WorkSteps, MaxSteps+1))})
		w.spent = w.spent || errors.Is(r.Err, value.ErrBudget)
		if shown {
			w.cells = append(w.cells, cellOf(r))
		}
	}
	if shown && w.cells == nil {
		w.cells = []Cell{}
	}
	return w
}

func (w *wholeRow) clone() *wholeRow {
	return &wholeRow{outs: slices.Clone(w.outs), work: slices.Clone(w.work), spent: w.spent, cells: slices.Clone(w.cells)}
}

// lastWhole are the rows shown and run whole by the last table, of its
// flow and data: the page asks for the rows shown of a flow new to the
// table at once (TableRequest.Quick), then for every row, those again.
var lastWhole keptRows

// keptRows are rows run whole of a flow over data, by index: at most a
// page of them (MaxPage), their cells cut to MaxCell bytes.
type keptRows struct {
	mu   sync.Mutex
	src  string
	d    *data.Data
	rows map[int]*wholeRow
}

// get are the rows kept of the flow src over d, nil for none; they are
// read, never changed.
func (l *keptRows) get(src []byte, d *data.Data) map[int]*wholeRow {
	l.mu.Lock()
	defer l.mu.Unlock()
	if d == nil || l.d != d || l.src != string(src) {
		return nil
	}
	return l.rows
}

// put keeps rows (when there are any) as the rows of src over d, with
// those kept of the same flow and data (another part of the table) while
// they are at most MaxPage.
func (l *keptRows) put(src []byte, d *data.Data, rows map[int]*wholeRow) {
	if d == nil || len(rows) == 0 || len(rows) > MaxPage {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.d == d && l.src == string(src) && len(l.rows)+len(rows) <= MaxPage {
		all := maps.Clone(l.rows) // the rows got are read meanwhile
		maps.Copy(all, rows)
		rows = all
	}
	l.src, l.d, l.rows = string(src), d, rows
}

// cellOf is the cell of a field's result.
func cellOf(r flow.Result) Cell {
	var c Cell
	switch {
	case r.Err != nil:
		c.Error, _ = shorten(message(r.Err))
	case r.Condition:
		c.Text = strconv.FormatBool(r.Holds)
	default:
		c.Text, c.Cut = cut(r.Text, MaxCell)
	}
	return c
}

// newScope is the scope of one check or one row of a table: the data's
// variables under the page's limits, and no environment (the page must not
// show the server's, so env.NAME is empty).
func newScope(vars map[string]any) *scope.Scope {
	return scope.New(vars, scope.WithMaxSize(MaxValueSize), scope.WithMaxWork(MaxWork), scope.WithMaxSteps(MaxSteps))
}

// cut cuts s to at most n bytes, at a character boundary, and returns the
// number of bytes left out.
func cut(s string, n int) (string, int) {
	if len(s) <= n {
		return s, 0
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n], len(s) - n
}

// The page asks for the table again on every keystroke, with the same
// data and a flow that differs in a line or two from the last, and a
// flow of many lines often has the same field more than once: running
// every field of every row each time is most of a keystroke's work over
// a large sheet. So each field is also run alone over the rows, once per
// data, and what the summary counts of it (it failed, or held) is kept,
// with the work each row took; a row that is not shown is then told
// from its fields' outcomes. The fields of a row share one budget (D42),
// so a field alone is the field in the row only while the row's fields
// together stay within it: a row whose fields alone add up to more, or
// whose field alone ran out of budget, is run whole, as are the rows
// shown.

// outcome is what the summary counts of one field for one row
// (record.OutcomeOf), or that it is not known.
type outcome = record.Outcome

const (
	cellFail = record.Failed
	// cellUnsure: the field alone ran out of budget, or was not run
	// alone; the row is run whole. A tally counts it nowhere.
	cellUnsure = record.False + 1
)

// column is one field run alone over the rows: its outcome and the work
// (bytes, steps) of each row.
type column struct {
	field flow.Field
	f     *flow.Flow // the field alone, while it is run
	fill  bool       // learnt from the rows run whole, in this table
	out   []outcome
	work  [][2]int32

	mu    sync.Mutex   // for shown: tables that share the column add to it
	shown map[int]Cell // the cells of the rows shown lately, by row
}

// set records the field's result alone for row i, and its cell for a
// row shown.
func (c *column) set(i int, r flow.RowResult, shown bool) {
	o := cellUnsure
	if len(r.Results) == 1 && !errors.Is(r.Results[0].Err, value.ErrBudget) {
		o = record.OutcomeOf(&r.Results[0])
		if shown {
			c.keep(i, cellOf(r.Results[0]))
		}
	}
	c.out[i] = o
	c.work[i] = [2]int32{int32(min(r.Bytes, MaxWork+1)), int32(min(r.Steps, MaxSteps+1))}
}

// learn records the fields of row i, run whole (w), in the columns that
// learn from it (fill): each field's outcome and its share of the row's
// work, which is its work alone (flow.Result.WorkBytes); unsure on a row
// whose budget ran out, where the share of a field is not its whole work.
func (cs *columns) learn(i int, w *wholeRow) {
	for j, c := range cs.cols {
		if !c.fill || j >= len(w.outs) {
			continue
		}
		c.out[i] = cellUnsure
		if !w.spent {
			c.out[i] = w.outs[j]
		}
		c.work[i] = w.work[j]
	}
}

// keep keeps the cell of row i; the cells kept are those of the last
// pages or so shown.
func (c *column) keep(i int, cell Cell) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.shown[i]; !ok && len(c.shown) >= 2*MaxPage {
		c.shown = nil
	}
	if c.shown == nil {
		c.shown = map[int]Cell{}
	}
	c.shown[i] = cell
}

// cell is the cell kept of row i.
func (c *column) cell(i int) (Cell, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	cell, ok := c.shown[i]
	return cell, ok
}

// columnKey is what a field's outcome depends on: its value as written,
// and whether it is a condition.
type columnKey struct {
	value     string
	condition bool
}

// columns are the fields of one table, each with its column.
type columns struct {
	key    *data.Data
	rows   int
	part   [2]int    // the rows run, from and to
	whole  bool      // every row is run whole, and the new fields learnt from it
	filled []*column // the columns learnt so
	outs   []outcome // row's scratch space
	cols   []*column // by field
	keys   []columnKey
	todo   []*column // the columns run in this table
	known  map[columnKey]*column
}

// lastColumns are the columns of the tables run last, for their data: of
// each part of its rows (TableRequest.Part), as the page asks for the
// same parts each time.
var lastColumns struct {
	sync.Mutex
	d     *data.Data
	rows  int
	known map[[2]int]map[columnKey]*column
}

// columnsOf are the columns of fields over rows from to to (exclusive) of
// the rows rows of d: those the table run last with the same d and rows
// found, the others to be run (todo). It is nil for data that is not a
// sheet (one row).
func columnsOf(src []byte, fields []flow.Field, d *data.Data, rows, from, to int) *columns {
	if d == nil || !d.IsSheet() || rows < 2 {
		return nil
	}
	part := [2]int{from, to}
	lastColumns.Lock()
	var known map[columnKey]*column
	if lastColumns.d == d && lastColumns.rows == rows {
		known = lastColumns.known[part]
	}
	lastColumns.Unlock()
	cs := &columns{key: d, rows: rows, part: part, known: map[columnKey]*column{}}
	for _, f := range fields {
		k := columnKey{f.Value, f.Condition}
		c := cs.known[k]
		if c == nil {
			c = known[k]
		}
		if c == nil {
			c = &column{field: f}
			cs.todo = append(cs.todo, c)
		}
		cs.known[k] = c
		cs.cols = append(cs.cols, c)
		cs.keys = append(cs.keys, k)
	}
	return cs
}

// prepare readies the fields not known yet (todo) for this table. When
// most of the fields are new (a flow or data new to the table), the rows
// are run whole, as cheap as running so many fields alone, and the fields
// learnt from them (whole, fill). Otherwise each new field is compiled to
// run alone: its own line is the field, the same label and value (Fields
// found it outside any code block); a field that would not be the same
// alone is unsure on every row.
func (cs *columns) prepare(src []byte, fields int) {
	for _, c := range cs.todo {
		c.out, c.work = make([]outcome, cs.rows), make([][2]int32, cs.rows)
	}
	if 3*len(cs.todo) >= 2*fields {
		cs.whole = true
		for _, c := range cs.todo {
			c.fill = true
		}
		cs.filled, cs.todo = cs.todo, nil
		return
	}
	todo := cs.todo[:0]
	for _, c := range cs.todo {
		f := c.field
		one := cutAtLine(src, f.Line+1)[len(cutAtLine(src, f.Line)):]
		if alone, err := flow.Compile(fileName, one); err == nil && len(alone.Fields()) == 1 &&
			alone.Fields()[0].Value == f.Value && alone.Fields()[0].Condition == f.Condition {
			c.f = alone
			todo = append(todo, c)
			continue
		}
		for i := range c.out {
			c.out[i] = cellUnsure
		}
	}
	cs.todo = todo
}

// row is each field's outcome for row i in outs' storage, or nil when
// the row must be run whole: a field unsure, or the fields' work together
// past the budget of a row.
func (cs *columns) row(i int, outs []outcome) []outcome {
	outs = outs[:0]
	var bytes, steps int64
	for _, c := range cs.cols {
		o := c.out[i]
		if o == cellUnsure {
			return nil
		}
		bytes += int64(c.work[i][0])
		steps += int64(c.work[i][1])
		outs = append(outs, o)
	}
	if bytes > MaxWork || steps > MaxSteps {
		return nil
	}
	return outs
}

// cells are the cells of row i, one per field, when every field has
// kept its cell; nil otherwise.
func (cs *columns) cells(i int) []Cell {
	out := make([]Cell, len(cs.cols))
	for j, c := range cs.cols {
		cell, ok := c.cell(i)
		if !ok {
			return nil
		}
		out[j] = cell
	}
	return out
}

// keep keeps the cells of row i, run whole, in each field's column.
func (cs *columns) keep(i int, cells []Cell) {
	for j, c := range cs.cols {
		if j < len(cells) {
			c.keep(i, cells[j])
		}
	}
}

// done keeps the columns of this table, run to the end, for the next.
func (cs *columns) done() {
	if cs == nil {
		return
	}
	for _, c := range cs.todo {
		c.f = nil
	}
	for _, c := range cs.filled {
		c.fill = false
	}
	lastColumns.Lock()
	defer lastColumns.Unlock()
	if lastColumns.d != cs.key || lastColumns.rows != cs.rows || lastColumns.known == nil {
		lastColumns.d, lastColumns.rows, lastColumns.known = cs.key, cs.rows, map[[2]int]map[columnKey]*column{}
	}
	lastColumns.known[cs.part] = cs.known
}
