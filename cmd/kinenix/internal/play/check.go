package play

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/kinenix/expressions/data"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/scope"
)

// Limits of one check. The request body is capped by MaxBody before any of
// this runs; these bound the work done on what it holds.
const (
	// MaxFields is the most fields one check renders; past it the result
	// says how many were left out.
	MaxFields = 2000
	// MaxValueSize caps any text built while rendering a field or testing a
	// condition (decision D17), well under the library's 1 MiB default: a
	// page shows fields, not files.
	MaxValueSize = 64 << 10
	// MaxWork and MaxSteps are the work budget of one evaluation (one
	// field or condition, decision D35), a sixty-fourth and a tenth of the
	// library's defaults: a field a person can read takes far less, and a
	// check evaluates up to MaxFields of them.
	MaxWork  = 1 << 20
	MaxSteps = 100_000
	// MaxShown is the most bytes of one field's result, or of one
	// condition's steps, a check sends back; the rest is counted in
	// Field.Cut and Condition.StepsCut. With MaxFields, it bounds the
	// answer to about MaxFields × MaxShown (8 MiB) beyond the flow's own
	// text.
	MaxShown = 4 << 10
)

// Request is what the page sends: the flow, the data and its format
// ("json", "yaml", "csv" or "xlsx"; "auto" or "" means JSON when the text
// starts with `{` and YAML otherwise; another is refused, see Formats). The data is
// read by data.Decode, as the CLI's -data reads a file: a sheet's rows
// are `rows` and its first row `row`.
//
// A workbook (format "xlsx") is not text: its bytes are in Bytes (base64
// in JSON), and Data is not read. Sheet names the workbook's sheet to
// read, "" the first, as `FILE.xlsx#Sheet` does on the command line.
//
// For a sheet (CSV or XLSX), Row picks the row that is `row`, as the
// CLI's -row does: 0 the first, -1 the last.
type Request struct {
	Flow   string `json:"flow"`
	Data   string `json:"data"`
	Bytes  []byte `json:"bytes,omitempty"`
	Sheet  string `json:"sheet,omitempty"`
	Format string `json:"format"`
	Row    int    `json:"row"`
}

// Result is what one check found, in file order.
type Result struct {
	// DataError is why the data could not be read; the flow is then
	// checked and rendered without data.
	DataError string `json:"dataError,omitempty"`
	// Problems are everything `kinenix validate` reports for the flow with
	// this data (errors and warnings).
	Problems []Problem `json:"problems"`
	// Fields are the fields that are not conditions, rendered.
	Fields []Field `json:"fields"`
	// Conditions are the condition fields, decided and explained.
	Conditions []Condition `json:"conditions"`
	// Omitted counts the fields past MaxFields that were not rendered.
	Omitted int `json:"omitted,omitempty"`
	// Rows is the number of rows of a sheet, 0 for other data.
	Rows int `json:"rows"`
	// Sheets are the sheets of a workbook (format "xlsx"), in its order,
	// for the page to offer: the names Request.Sheet takes.
	Sheets []string `json:"sheets,omitempty"`
	// Columns are, with a sheet, the columns the flow reads and what
	// each holds over the rows (D45), with their warnings. These are
	// facts of every row, as the editor's hover shows them; they are not
	// among Problems, which are what validate -data -row N reports for
	// the one row checked (flow.ValidateRow), and so does not count them.
	Columns []SheetColumn `json:"columns,omitempty"`
}

// SheetColumn is what one column of the sheet that the flow reads holds
// (flow.ColumnFacts).
type SheetColumn struct {
	Name    string `json:"name"`
	Line    int    `json:"line"`
	Numeric bool   `json:"numeric,omitempty"`
	// Facts are the kinds of its cells with counts and examples:
	// `number text 48 ('1,250.50', '980.50', '12'); other text 2 ('n/a')`.
	Facts string `json:"facts"`
	// Warnings are the column's warnings over every row of the sheet
	// (D45), as validate -data (every row) gives them:
	// `column Amount is read as a number, but rows[1] (sheet row 3) ...`.
	Warnings []string `json:"warnings,omitempty"`
}

// Problem is one finding of flow.Validate, the record validate -json
// writes (record.Finding; its file is always flow.md), and where it ends:
// it starts at Line and Column and ends just before EndLine and EndColumn
// (characters, 1-based).
type Problem struct {
	record.Finding
	EndLine   int `json:"endLine"`
	EndColumn int `json:"endColumn"`
}

func problemOf(f flow.Finding) Problem {
	if f.Kind == "trap" {
		// the page has no -env to follow the fix with (D49)
		f.Message = flow.NoEnvFix(f.Message, "the playground")
	}
	p := Problem{Finding: record.FindingOf(f), EndLine: f.EndLine, EndColumn: f.EndColumn}
	if f.Row != nil && f.Rows == nil {
		// a finding of the one row checked: its rows, as validate -json
		// -row N lists them
		p.Rows, p.SheetRows, p.RowCount = []int{f.Row.Index}, []int{f.Row.SheetRow}, 1
	}
	return p
}

// Field is one field rendered with the data: Result, or Error when
// rendering failed.
type Field struct {
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Label  string `json:"label"`
	Text   string `json:"text"`
	Result string `json:"result"`
	// Cut is the number of bytes of the result left out past MaxShown.
	Cut   int    `json:"cut,omitempty"`
	Error string `json:"error,omitempty"`
}

// Condition is one condition field decided with the data: the verdict and
// its parts as `kinenix cond -explain` shows them, or Error.
type Condition struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Text    string `json:"text"`
	Verdict bool   `json:"verdict"`
	Steps   []Step `json:"steps"`
	// StepsCut is the number of steps left out once the shown steps
	// reached MaxShown bytes, as a field's result is cut.
	StepsCut int    `json:"stepsCut,omitempty"`
	Error    string `json:"error,omitempty"`
}

// Step is one part of a condition (eval.Step), as preview -json writes
// it, and the line `cond -explain` prints for it.
type Step struct {
	record.Step
	Shown string `json:"shown"` // eval.Step.String
}

// fileName is the name the findings carry; the page shows lines only.
const fileName = "flow.md"

// Check checks one flow with one data text: the whole work of the page,
// in one place. The problems are those of flow.Validate with the data as
// sample; the fields and conditions those of flow.Preview, at most
// MaxFields of them. ctx bounds it: a check whose request is cancelled or
// whose deadline passes stops between validating and rendering and returns
// ctx's error.
func Check(ctx context.Context, req Request) (*Result, error) {
	res := &Result{Problems: []Problem{}, Fields: []Field{}, Conditions: []Condition{}}
	vars := map[string]any{}
	var sample *scope.Scope
	var d *data.Data
	if hasData(req) {
		v, rows, err := decode(req)
		res.Rows = rows
		if err == nil {
			d, _ = decodeData(req) // read once, kept: the same *data.Data
		}
		if err != nil {
			res.DataError = strings.ToValidUTF8(err.Error(), "\uFFFD")
		} else {
			vars = v
		}
	}
	if req.Format == "xlsx" && hasData(req) {
		res.Sheets, _ = data.Sheets(dataName(req.Format), req.Bytes) // its error is DataError's
	}
	s := newScope(vars)
	if res.DataError == "" && hasData(req) {
		sample = s
	}
	src := []byte(req.Flow)
	// What validate -data reports with this row (D43), from the one place
	// that decides it.
	// ValidateRow gives them in file order (D32).
	opts := flow.ValidateOptions{Sample: sample}
	if sample != nil && d != nil && d.IsSheet() && d.Len() > 0 {
		// the row checked, named in what its data gives (D41), as
		// validate -json -row N names it
		i := req.Row
		if i < 0 {
			i += d.Len()
		}
		opts.SampleRow = &flow.RowRef{Index: i, SheetRow: d.SheetRow(i)}
	}
	found := flow.ValidateRow(ctx, fileName, src, opts)
	if len(src) <= flow.MaxSize {
		res.columns(ctx, src, sample, d)
	}
	for _, f := range found {
		res.Problems = append(res.Problems, problemOf(f))
	}
	if len(src) > flow.MaxSize {
		return res, nil // Validate reported it; nothing is rendered
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// Preview renders every field it finds; the flow is cut before the
	// field past MaxFields, so that no more are rendered.
	if fields := flow.Fields(src); len(fields) > MaxFields {
		res.Omitted = len(fields) - MaxFields
		src = cutAtLine(src, fields[MaxFields].Line)
	}
	// The work budget of each evaluation (D35) is in s; ctx stops the
	// evaluation under way when the request is gone.
	results, err := flow.PreviewContext(ctx, fileName, src, s, flow.PreviewOptions{Explain: true, NoWarnings: true})
	if err := ctx.Err(); err != nil {
		return nil, err // the request is gone
	}
	if err != nil {
		return res, nil // a flow over MaxSize, reported by Validate
	}
	for _, r := range results {
		msg := ""
		if r.Err != nil {
			msg = message(r.Err)
		}
		if !r.Condition {
			shown, cut := shorten(r.Text)
			res.Fields = append(res.Fields, Field{Line: r.Line, Column: r.Column, Label: r.Label,
				Text: r.Value, Result: shown, Cut: cut, Error: msg})
			continue
		}
		c := Condition{Line: r.Line, Column: r.Column, Text: r.Value, Verdict: r.Holds, Steps: []Step{}, Error: msg}
		size := 0
		for i, st := range r.Steps {
			shown := echo.Clean(st.String()) // as cond -explain prints it
			if size += len(st.Part) + len(st.Values) + len(shown); size > MaxShown && i > 0 {
				c.StepsCut = len(r.Steps) - i // the answer stays bounded (MaxShown a condition)
				break
			}
			c.Steps = append(c.Steps, Step{Step: record.StepOf(st), Shown: shown})
		}
		res.Conditions = append(res.Conditions, c)
	}
	return res, nil
}

// shorten cuts s to at most MaxShown bytes, at a character boundary, and
// returns the number of bytes left out.
func shorten(s string) (string, int) { return cut(s, MaxShown) }

// cutAtLine returns src up to the start of line n (1-based).
func cutAtLine(src []byte, n int) []byte {
	if n <= 1 {
		return src[:0]
	}
	for i, b := range src {
		if b == '\n' {
			if n--; n == 1 {
				return src[:i+1]
			}
		}
	}
	return src
}

// hasData reports whether req carries data: text that is not blank, or
// a workbook's bytes.
func hasData(req Request) bool {
	if req.Format == "xlsx" && len(req.Bytes) > 0 {
		return true
	}
	return strings.TrimSpace(req.Data) != ""
}

// errWorkbookAsText is the data error of a workbook sent as text: a
// workbook is bytes, which data cannot hold, and dropping the text
// without a word would check the flow without data unsaid.
var errWorkbookAsText = errors.New(`data in data.xlsx: a workbook (format "xlsx") is sent as its bytes, in base64, in bytes, not as text in data; send the file's bytes, or name the format of the text (json, yaml or csv)`)

// decode reads the data of req with data.Decode: its variables, and for
// a sheet its number of rows, with `row` the row req.Row picks.
func decode(req Request) (map[string]any, int, error) {
	d, err := decodeData(req)
	if err != nil {
		return nil, 0, err
	}
	if !d.IsSheet() || (d.Len() == 0 && req.Row == 0) {
		return d.Vars(), d.Len(), nil
	}
	v, err := d.RowVars(req.Row)
	return v, d.Len(), err
}

// dataName is the file name that tells data.Decode the format; it also
// starts the decoder's messages (`data in data.yaml: line 3: ...`).
func dataName(format string) string {
	switch format {
	case "json", "yaml", "csv", "xlsx":
		return "data." + format
	}
	return "data"
}

// lastData is the data read last: the page sends the same data with
// every keystroke in the flow, and a workbook of a thousand rows is read
// once, not once a keystroke. A *data.Data is only read after Decode.
var lastData struct {
	sync.Mutex
	format, sheet string
	b             []byte
	d             *data.Data
	err           error
}

// decodeData reads the data of req with data.Decode, or returns what the
// same bytes in the same format gave last time.
func decodeData(req Request) (*data.Data, error) {
	b := []byte(req.Data)
	var opts []data.Option
	if req.Format == "xlsx" {
		if len(req.Bytes) == 0 {
			return nil, errWorkbookAsText
		}
		b = req.Bytes
		if req.Sheet != "" {
			opts = append(opts, data.Sheet(req.Sheet))
		}
	}
	lastData.Lock()
	defer lastData.Unlock()
	if lastData.b != nil && lastData.format == req.Format && lastData.sheet == req.Sheet && bytes.Equal(lastData.b, b) {
		return lastData.d, lastData.err
	}
	d, err := data.Decode(dataName(req.Format), b, opts...)
	err = DataAdvice(err, true)
	lastData.format, lastData.sheet, lastData.b, lastData.d, lastData.err = req.Format, req.Sheet, bytes.Clone(b), d, err
	return d, err
}

// DataAdvice words the error of data that is text of another format than
// it was read as (data.FormatError) for the playground, whose data has no
// file name to give (D49: a hint must work when followed): JSON lines,
// which the playground does not read, are sent where they are read; CSV
// text in the page's box (page) to the CSV format of its menu, with
// commas first, as that format reads them. Given as a file to kinenix
// play -data (not page), CSV keeps the command line's advice, a file
// named .csv, which play reads. Any other error is err.
func DataAdvice(err error, page bool) error {
	var fe *data.FormatError
	if !errors.As(err, &fe) {
		return err
	}
	const menu = "choose CSV as the data's format (the menu beside Data)"
	switch {
	case fe.Format == "jsonl":
		return fmt.Errorf("data in %s: %s; the playground does not read JSON lines: save them in a file whose name ends in .jsonl and check the flow with kinenix preview -data FILE.jsonl", fe.Name, fe.What())
	case !page:
		return err
	case fe.Sep != "','":
		return fmt.Errorf("data in %s: %s; the playground reads CSV with commas: save it as CSV with commas (in a spreadsheet: \"CSV UTF-8 (Comma delimited)\"), paste that here, and %s", fe.Name, fe.What(), menu)
	}
	return fmt.Errorf("data in %s: %s; %s, which reads it as CSV", fe.Name, fe.What(), menu)
}

// message is an evaluation error as the CLI prints it (D16).
func message(err error) string { return strings.ToValidUTF8(err.Error(), "\uFFFD") }

// columns adds the column facts of a sheet and returns their warnings
// (D45).
func (res *Result) columns(ctx context.Context, src []byte, sample *scope.Scope, d *data.Data) {
	if sample == nil || res.Rows == 0 {
		return
	}
	read := flow.Columns(src)
	cols, ok := sheetFacts(sample, d, read)
	if !ok {
		return
	}
	if !guarded(cols, read) || d == nil || !d.IsSheet() {
		res.Columns = append(res.Columns, cols...)
		return
	}
	if conds, n := conditionsOnly(src); d.Len()*n <= MaxCells {
		// Which rows read a column only in parts of conditions is known
		// from the rows' runs of the conditions (D45, D49): the warnings
		// are validate -data's. A column a field reads as a number is
		// read so on every row, as counted without runs.
		if run, ok := runFacts(ctx, conds, d, read); ok {
			cols = slices.Clone(cols) // those kept are read meanwhile
			for i := range cols {
				if !read[i].Field {
					cols[i].Warnings = run[i].Warnings
				}
			}
		}
	}
	res.Columns = append(res.Columns, cols...)
}

// conditionsOnly is the flow src with its n condition fields alone, each
// on its line (the other lines left empty): what a row's run of the flow
// reads as a number in parts of conditions is what a run of them reads
// (a field reads its columns on every row), and a keystroke in another
// line leaves them the same. Past MaxCells conditions over the rows of a
// sheet (where a table stops), a check does not run them, and the column
// warnings count every row as read.
func conditionsOnly(src []byte) (out []byte, n int) {
	keep := map[int]bool{}
	for _, f := range flow.Fields(src) {
		if f.Condition {
			keep[f.Line] = true
		}
	}
	at := 0
	for line := range bytes.Lines(src) {
		at++
		if keep[at] {
			out = append(out, line...)
		} else if line[len(line)-1] == '\n' {
			out = append(out, '\n')
		}
	}
	return out, len(keep)
}

// guarded reports whether a column warned of is read as a number by no
// field (cols and read are in the same order): only by conditions, whose
// parts a row's run may leave out, so that the row does not count for the
// warning (flow.ColumnCounter.AddRow).
func guarded(cols []SheetColumn, read []flow.ColumnRead) bool {
	for i, c := range cols {
		if len(c.Warnings) > 0 && i < len(read) && read[i].Numeric && !read[i].Field {
			return true
		}
	}
	return false
}

// lastRun is the column facts counted last from the rows' runs, for
// their flow and data (runFacts).
var lastRun struct {
	sync.Mutex
	d       *data.Data
	src     string
	cols    []flow.ColumnRead
	columns []SheetColumn
	ok      bool
}

// runFacts are the facts of the columns cols over every row of the sheet
// d, counted as validate -data counts them: from each row's run of the
// flow src with the checks of the data (flow.SampleWarnings), which tell
// the counter the columns a row's run did not read as a number. What the
// same flow over the same d gave last time when they are the same (cols
// are the columns of the flow src is taken from, whose text src is not:
// they are part of what is the same).
func runFacts(ctx context.Context, src []byte, d *data.Data, cols []flow.ColumnRead) ([]SheetColumn, bool) {
	lastRun.Lock()
	defer lastRun.Unlock()
	if lastRun.d == d && lastRun.src == string(src) && slices.Equal(lastRun.cols, cols) {
		return lastRun.columns, lastRun.ok
	}
	f, err := flow.CompileContext(ctx, fileName, src, flow.SampleWarnings())
	if err != nil {
		return nil, false
	}
	c := flow.NewColumnCounter(cols)
	var r flow.RowResult
	for i := range d.Len() {
		vars, err := d.RowVars(i)
		if err != nil {
			return nil, false
		}
		in := flow.Input{Index: i, SheetRow: d.SheetRow(i), Scope: newScope(vars)}
		f.RunInto(ctx, in.Scope, &r)
		if ctx.Err() != nil {
			return nil, false // not kept: the check is gone
		}
		c.AddRow(in, &r)
	}
	columns := sheetColumnsOf(c)
	lastRun.d, lastRun.src, lastRun.cols, lastRun.columns, lastRun.ok = d, string(src), slices.Clone(cols), columns, true
	return columns, true
}

// sheetColumnsOf are the facts and warnings of c, column by column.
func sheetColumnsOf(c *flow.ColumnCounter) []SheetColumn {
	var columns []SheetColumn
	for _, f := range c.Facts() {
		columns = append(columns, SheetColumn{Name: f.Name, Line: f.Line, Numeric: f.Numeric, Facts: f.String()})
	}
	for _, w := range c.Warnings(fileName) {
		if i := slices.IndexFunc(columns, func(sc SheetColumn) bool { return ast.KeyPath("row", sc.Name) == w.Expr }); i >= 0 {
			columns[i].Warnings = append(columns[i].Warnings, w.Message)
		}
	}
	return columns
}

// lastFacts are the column facts counted last: counting every cell of
// the columns a flow reads is most of a keystroke's check over a large
// sheet, and a keystroke seldom changes the data or the columns read
// (their names and where they are first read), so they are counted once
// for both.
var lastFacts struct {
	sync.Mutex
	d       *data.Data
	cols    []flow.ColumnRead
	columns []SheetColumn
	ok      bool
}

// sheetFacts are the facts of the columns cols over the sheet in sample,
// read from d, and their warnings; what the same d and cols gave last
// time when they are the same. d nil is never the same.
func sheetFacts(sample *scope.Scope, d *data.Data, cols []flow.ColumnRead) ([]SheetColumn, bool) {
	lastFacts.Lock()
	defer lastFacts.Unlock()
	if d != nil && lastFacts.d == d && slices.Equal(lastFacts.cols, cols) {
		return lastFacts.columns, lastFacts.ok
	}
	var columns []SheetColumn
	var c *flow.ColumnCounter
	ok := false
	if d != nil && d.SheetRow(0) > 0 {
		c, ok = flow.SheetFactsRows(sample, cols, d.SheetRow) // D41: as the sheet numbers its rows
	} else {
		c, ok = flow.SheetFacts(sample, cols)
	}
	if ok {
		columns = sheetColumnsOf(c)
	}
	lastFacts.d, lastFacts.cols, lastFacts.columns, lastFacts.ok = d, cols, columns, ok
	return columns, ok
}
