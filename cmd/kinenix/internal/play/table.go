package play

import (
	"context"
	"strconv"
	"unicode/utf8"

	"github.com/kinenix/expressions/data"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
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
)

// TableRequest asks for the flow run over every row of the data at once:
// the data and flow of a check, and which rows to send back, from Offset,
// at most Limit of them (MaxPage when 0 or more). Data that is not a
// sheet is one row.
type TableRequest struct {
	Request
	Offset int `json:"offset"`
	Limit  int `json:"limit"`
}

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
	RowsLeft int     `json:"rowsLeft,omitempty"`
	Stopped  string  `json:"stopped,omitempty"`
	Summary  Summary `json:"summary"`
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

// Summary counts, over every row run, what `preview -summary` counts.
type Summary struct {
	Conditions []ConditionCount `json:"conditions"`
	Fields     []FieldCount     `json:"fields"`
}

// ConditionCount is how many rows a condition was true, false and failed
// for.
type ConditionCount struct {
	Line  int    `json:"line"`
	Text  string `json:"text"`
	True  int    `json:"true"`
	False int    `json:"false"`
	Fail  int    `json:"fail"`
}

// FieldCount is how many rows a field failed for, and the first of them
// (their indexes, at most MaxFirstRows), with the same rows as the sheet
// numbers them (D41).
type FieldCount struct {
	Line           int    `json:"line"`
	Label          string `json:"label"`
	Fail           int    `json:"fail"`
	FirstRows      []int  `json:"firstRows"`
	FirstSheetRows []int  `json:"firstSheetRows"`
}

// Table runs the flow of req over every row of its data (data that is not
// a sheet is one row, and no data one empty row) and returns the page of
// rows asked for and the summary of all. Each evaluation has the budget of
// a check's; ctx stops the run between rows, and the result then says how
// far it got.
func Table(ctx context.Context, req TableRequest) (*TableResult, error) {
	res := &TableResult{Columns: []Column{}, Rows: []TableRow{},
		Summary: Summary{Conditions: []ConditionCount{}, Fields: []FieldCount{}}}
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
	// The columns, and where each counts in the summary.
	slot := make([]int, len(fields))
	for i, f := range fields {
		res.Columns = append(res.Columns, Column{Line: f.Line, Label: f.Label, Text: f.Value, Condition: f.Condition})
		if f.Condition {
			slot[i] = len(res.Summary.Conditions)
			res.Summary.Conditions = append(res.Summary.Conditions, ConditionCount{Line: f.Line, Text: f.Value})
		} else {
			slot[i] = len(res.Summary.Fields)
			res.Summary.Fields = append(res.Summary.Fields, FieldCount{Line: f.Line, Label: f.Label, FirstRows: []int{}, FirstSheetRows: []int{}})
		}
	}
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
		res.RowsLeft = rows - MaxCells/len(fields)
		rows = MaxCells / len(fields)
	}
	err := eachRow(ctx, src, d, rows, func(row int, results []flow.Result) {
		show := row >= res.Offset && row < res.Offset+limit
		tr := TableRow{Row: -1, SheetRow: -1, Cells: []Cell{}}
		if res.Sheet {
			tr.Row, tr.SheetRow = row, d.SheetRow(row)
		}
		for i, r := range results {
			if i >= len(fields) {
				break // Fields and Preview read the same lines
			}
			var c Cell
			switch {
			case r.Err != nil:
				c.Error = message(r.Err)
				c.Error, _ = shorten(c.Error)
				tr.Fails++
			case r.Condition:
				c.Text = strconv.FormatBool(r.Holds)
			default:
				c.Text, c.Cut = cut(r.Text, MaxCell)
			}
			if r.Condition {
				cc := &res.Summary.Conditions[slot[i]]
				switch {
				case r.Err != nil:
					cc.Fail++
				case r.Holds:
					cc.True++
				default:
					cc.False++
				}
			} else if r.Err != nil {
				fc := &res.Summary.Fields[slot[i]]
				fc.Fail++
				if len(fc.FirstRows) < MaxFirstRows {
					fc.FirstRows = append(fc.FirstRows, tr.Row)
					fc.FirstSheetRows = append(fc.FirstSheetRows, tr.SheetRow)
				}
			}
			if show {
				tr.Cells = append(tr.Cells, c)
			}
		}
		res.Total++
		if show {
			res.Rows = append(res.Rows, tr)
		}
	})
	if err != nil {
		if ctx.Err() != nil && res.Total == 0 {
			return nil, ctx.Err() // nobody is waiting, or nothing was done
		}
		res.Stopped = message(err)
		res.RowsLeft += rows - res.Total
	}
	return res, nil
}

// eachRow runs the flow src over rows rows of d (one run with the data
// when it is not a sheet, one with no data when d is nil) and calls yield
// with each row's results, in row order. It stops at the first error of
// the run as a whole (ctx done, a flow over flow.MaxSize).
//
// It is the one place where the page runs a flow over rows.
func eachRow(ctx context.Context, src []byte, d *data.Data, rows int, yield func(row int, results []flow.Result)) error {
	// The flow is compiled once and run per row (#20), as preview runs it.
	f, err := flow.CompileContext(ctx, fileName, src)
	if err != nil {
		return err
	}
	var r flow.RowResult // each row's results in the same storage
	for i := range rows {
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
		f.RunInto(ctx, newScope(vars), &r)
		if err := ctx.Err(); err != nil {
			return err
		}
		yield(i, r.Results)
	}
	return nil
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
