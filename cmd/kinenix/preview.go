package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"iter"
	"strconv"
	"strings"
	"time"

	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/echo"
)

// previewFlags are the flags of preview beyond the data flags.
type previewFlags struct {
	explain, asJSON, strict bool
	format                  string
	summary, onlyErrors     bool
	where, compare, key     string
	timeout                 time.Duration
}

// formats are the values of -format.
var formats = []string{"text", "table", "csv", "jsonl"}

// preview shows every field of flows computed with the data (issue #12),
// for one row or for every row of a sheet, streamed (issue #20).
func (c *cli) preview(fs *flag.FlagSet) func(args []string) int {
	d := addDataFlags(fs, true)
	var pf previewFlags
	fs.BoolVar(&pf.explain, "explain", false, "after each condition, print each of its parts with its values and whether it held")
	fs.BoolVar(&pf.asJSON, "json", false, "print one JSON document: files, the rows of each (row, sheetRow),\nthe fields of each row, and with -summary the summary (not with\n-format table, csv or jsonl; jsonl is a JSON document per row)")
	fs.BoolVar(&pf.strict, "strict", false, "exit 1 on warnings too, not only on fields that fail (for CI)")
	fs.StringVar(&pf.format, "format", "text", "how to print each row: `FORMAT` text (one line per field), table\n"+
		"(one line per row, a column per field and condition, aligned and cut\n"+
		"to the terminal width: $COLUMNS, or 100 columns when it is not set),\n"+
		"csv (RFC 4180 with a header row; a cell that starts with = + - @, a\n"+
		"tab or a carriage return is written after a ' so that a spreadsheet\n"+
		"does not run it, CWE-1236) or jsonl (one JSON document per row)")
	fs.BoolVar(&pf.summary, "summary", false, "after the rows (alone: instead of them, for every row), per condition\n"+
		"how many rows are true, false and fail, and per field how many rows\nfail, with the first of them")
	fs.StringVar(&pf.where, "where", "", "only the rows where `CONDITION` is true: a condition of the flow (as\n"+
		"written after **condition:**, or its line number), or any condition\n"+
		"line, tested before the flow runs (implies every row, unless -row N)")
	fs.BoolVar(&pf.onlyErrors, "errors", false, "only the rows where a field or a condition fails (implies every row,\nunless -row N)")
	fs.StringVar(&pf.compare, "compare", "", "run `OLD.md` and the flow over the same rows and print only what\n"+
		"changed, row by row and field by field, then a summary line, as text\n(not with -json, -format table, csv or jsonl, -explain or -summary)")
	fs.StringVar(&pf.key, "key", "", "name each row also by its value in `COLUMN`: rows[3] (sheet row 5, INV-0104)")
	fs.Var((*durationFlag)(&pf.timeout), "timeout", "stop the run after `DURATION` (e.g. 30s, 2m), saying how far it got;\nwhat was printed stands")
	return func(args []string) int {
		if len(args) == 0 {
			return c.usageError("preview", "preview takes one or more flow files or directories")
		}
		if msg := stdinTwice(args, pf.compare); msg != "" {
			return c.usageError("preview", msg)
		}
		if !contains(formats, pf.format) {
			return c.usageError("preview", fmt.Sprintf("-format %s: the formats are %s", flagValue(pf.format), strings.Join(formats, ", ")))
		}
		if pf.asJSON && pf.format != "text" {
			return c.usageError("preview", "-json and -format "+pf.format+" do not go together: -json prints one JSON document (-format jsonl, one per row), and goes with -format text only")
		}
		if pf.explain && (pf.format == "table" || pf.format == "csv") {
			// a row of a table or CSV file has a cell per condition and no
			// place for its parts
			return c.usageError("preview", "-explain and -format "+pf.format+" do not go together: a row of -format "+pf.format+" has one cell per condition and no place for its parts; -explain shows them with -format text (under each condition), -format jsonl or -json (as its steps)")
		}
		if pf.compare != "" && (pf.asJSON || pf.format != "text" || pf.explain || pf.summary) {
			// -compare prints only what changed and its own summary line:
			// it has no place for a condition's parts nor for the counts
			// of -summary. -each is what it does with a sheet already.
			var other string
			switch {
			case pf.asJSON:
				other = "-json"
			case pf.format != "text":
				other = "-format " + pf.format
			case pf.explain:
				other = "-explain"
			default:
				other = "-summary"
			}
			return c.usageError("preview", "-compare prints what changed as text; it does not take "+other)
		}
		if pf.timeout < 0 {
			return c.usageError("preview", "-timeout takes a duration of 0 or more, e.g. 30s (0, the default, sets no limit)")
		}
		// -summary, -where, -errors and -compare look at every row of a sheet.
		implied := pf.summary || pf.where != "" || pf.onlyErrors || pf.compare != ""
		every := d.each || implied && !d.row.set && d.file != "" && d.file != "-" && sheetExt(d.file)
		plan, rc, done := c.planRows("preview", d, every, pf.key)
		if done {
			return rc
		}
		files, code := c.flowFiles(args)
		if plan.hasData && plan.sheet && plan.headerOnly {
			// D45: one message for the sheet, not one per field; there is no
			// row to preview, and validate checks such a sheet without data,
			// so the two agree (D43).
			msg := echo.Clean(d.file) + ":1:1: warning: " + plan.noRows() + ", so there is no row to preview"
			switch {
			case pf.asJSON:
				j := &jsonOut{w: c.stdout}
				j.begin()
				j.end(0, 1, msg)
			case pf.format == "text":
				fmt.Fprintln(c.stdout, msg)
			default:
				// as the warnings of table, csv and jsonl: standard output
				// stays a table, CSV or JSON lines (empty here)
				fmt.Fprintln(c.stderr, msg)
			}
			if code == exitOK && pf.strict {
				code = exitProblem
			}
			return code
		}
		if rc := c.checkWhereLine(files, d, pf.where); rc != exitOK {
			return rc
		}
		ctx, cancel := c.runContext(pf.timeout)
		defer cancel()
		w := bufio.NewWriterSize(c.stdout, 64<<10)
		p := &previewRun{cli: c, w: w, plan: plan, pf: pf, d: d}
		if pf.asJSON {
			p.json = &jsonOut{w: w}
			p.json.begin()
		}
		var unread func(string, error)
		if p.json != nil {
			// -json lists a flow that cannot be read with its error, and
			// counts it in errors, as a flow too large to read.
			unread = func(name string, err error) {
				p.errors++
				p.json.file(echo.Clean(name))
				p.json.endFile(echo.Clean(err.Error()), nil, nil, nil)
			}
		}
		for name, src := range c.flows(files, d.file == "-", w, &code, unread) {
			if rc := p.file(ctx, name, src); rc > code {
				code = rc
			}
			if writeFailed(w) {
				break // the other flows would not be read either
			}
		}
		if p.json != nil {
			p.json.end(p.errors, p.warnings, "")
		}
		if !c.flushed(w) {
			return exitUsage
		}
		if code == exitOK && (p.errors > 0 || pf.strict && p.warnings > 0) {
			code = exitProblem
		}
		return code
	}
}

// previewRun is one preview command: its output and its counts.
type previewRun struct {
	*cli
	w                io.Writer
	plan             *rowsPlan
	pf               previewFlags
	d                *dataFlags
	json             *jsonOut
	errors, warnings int
	// whereSaid is set once the warnings of a -where condition that is
	// none of the flow's are printed: once a run, not once a flow.
	whereSaid bool
}

// file previews one flow over the rows; it returns an exit status for
// what only this flow makes (2 when its old flow cannot be read, 1 when
// its run stopped).
func (p *previewRun) file(ctx context.Context, name string, src []byte) int {
	opts := append([]flow.Option{flow.EnvAllowed(p.d.envAllowed()), flow.EnvNames(p.d.env...)}, runOptions...)
	if p.pf.explain {
		opts = append(opts, flow.Explain())
	}
	if p.plan.hasData && p.pf.compare == "" {
		// Every format shows the warnings (D44); -compare prints none.
		opts = append(opts, flow.SampleWarnings())
	}
	if p.pf.compare == "" {
		// The loop below is done with a row's results before the next
		// row: what it keeps (cells, JSON, findings, counts) it copies.
		opts = append(opts, flow.ReuseResults())
	}
	f, err := flow.Compile(name, src, opts...)
	if err != nil {
		err = errors.New(strings.Replace(err.Error(), "it was not read", "it was not previewed", 1))
		p.errors++
		if p.json != nil {
			p.json.file(echo.Clean(name))
			p.json.endFile(err.Error(), nil, nil, nil)
			return exitOK
		}
		fmt.Fprintf(p.w, "%s: error: %s\n", echo.Clean(name), err)
		return exitOK
	}
	if p.pf.compare != "" {
		return p.compareFlows(ctx, name, src, f)
	}
	chosen, shown, only, reads, code := p.filter(name, f)
	if code != exitOK {
		return code
	}
	var out rowsOut = noRows{} // -summary alone prints only the summary
	if !p.pf.summary || p.d.each || p.json != nil {
		out = p.output(f)
	}
	// after gathers the warnings of the rows printed without them (table
	// and csv have no place for them) and of the rows not printed (-errors,
	// -summary alone), to be printed after the rows as validate -data
	// prints them: each once, with its rows. With the column warnings of
	// the sheet (D45), which only the whole run knows, they are every
	// warning that counts, so that -strict never exits 1 on a warning it
	// did not print, and preview -strict and validate -strict agree (D43).
	inline := p.json != nil || p.pf.format == "text" || p.pf.format == "jsonl"
	var static []flow.Finding // with their rows when a row shows them
	switch {
	case !inline:
		static = staticWarnings(f)
	case p.plan.hasData:
		// a row shows the warnings of its fields' lines (SampleWarnings);
		// those of the other lines (prose, a line that continues a
		// field) follow the rows
		static = offFields(f, staticWarnings(f))
	}
	after := newFindingSet(name, static, !p.plan.single())
	counter := newColumnCount(src, p.plan, p.plan.every)
	var sum *summary
	if p.pf.summary {
		sum = newSummary(f)
	}
	// What counts only the rows -where chose names them so (the rows of
	// a finding, of a field that fails, of a column warning), never as
	// every row of the sheet.
	if chose := p.chosenBy(false); chose != "" {
		after.chosen = chose
		if counter != nil {
			counter.chosen = chose
		}
		if sum != nil {
			sum.chosen = chose
		}
	}
	if p.json != nil {
		p.json.file(echo.Clean(name))
	}
	prog := p.progress()
	var stop error
	// r is each row's result in turn: what is done with it below reads it
	// and keeps nothing of it, so one copy serves every row (the loop's
	// own variable, whose address is taken, would be a new one per row).
	var r flow.RowResult
	rows, done := p.plan.rowsDone(reads("rows"))
	for res, err := range f.RunRows(ctx, only(rows)) {
		if err != nil {
			stop = err
			break
		}
		r = res
		done(r.Row) // the rows before it were printed and counted
		prog.add()
		if !chosen(&r) {
			continue // -where: a row not chosen is not counted (as one not run)
		}
		if counter != nil {
			counter.ran(&r)
		}
		if sum != nil {
			sum.AddRow(&r)
		}
		for _, res := range r.Results {
			if res.Err != nil {
				p.errors++
			}
		}
		printed := shown(&r) && (!p.pf.summary || p.d.each)
		if !printed || !inline {
			after.addRow(&r, false)
		} else {
			// their warnings are printed with them
			for _, res := range r.Results {
				p.warnings += len(res.Warnings)
			}
		}
		if printed {
			out.row(&r)
			if writeFailed(p.w) {
				break // no one reads the rows: the end says so, exit 2
			}
		}
	}
	prog.done()
	if writeFailed(p.w) {
		return exitUsage // the end of the command says so; a summary or warnings here would only mislead
	}
	out.end()
	warned := after.list(stop != nil, counter.findings(name, stop != nil))
	p.warnings += len(warned)
	failed := ""
	if stop != nil {
		failed = stop.Error() + p.timeoutNote(stop)
		if sum != nil {
			sum.stopped = true
		}
	}
	if p.json != nil {
		var stopped *jsonStop
		if se, ok := stop.(*flow.StopError); ok {
			stopped = &jsonStop{RowRef: record.RowRefOf(se.Index, se.SheetRow, se.Key), Message: echo.Clean(failed)}
		}
		var ws []record.Finding
		for _, fd := range warned {
			ws = append(ws, toJSONFinding(fd.Finding, fd.rows))
		}
		p.json.endFile(failed, stopped, sum, ws)
	} else if sum != nil && p.d.each && (p.pf.format == "csv" || p.pf.format == "jsonl") {
		// the rows stay one CSV table or JSON lines: the summary goes to
		// standard error
		p.w.(*bufio.Writer).Flush()
		sum.print(p.stderr, name)
	} else if sum != nil {
		sum.print(p.w, name)
	}
	if len(warned) > 0 && p.json == nil {
		// After the rows and the summary: in text (and -summary alone,
		// which prints text in every format) on standard output; with
		// table, csv and jsonl, whose standard output stays one table,
		// CSV file or JSON lines, on standard error.
		dst := p.stderr
		if p.pf.format == "text" || p.pf.summary && !p.d.each {
			dst = p.w
		} else {
			p.w.(*bufio.Writer).Flush()
		}
		for _, fd := range warned {
			fmt.Fprintln(dst, echo.Clean(fd.String()))
		}
	}
	if stop != nil {
		p.errors++
		// On standard error in every format, -json too (which also says
		// it in the file's error), as README says of a stopped run.
		if p.json == nil {
			p.w.(*bufio.Writer).Flush()
		}
		fmt.Fprintf(p.stderr, "kinenix: %s: %s\n", echo.Clean(name), failed)
		if _, ok := stop.(*flow.StopError); !ok {
			return exitUsage // the data could not be read
		}
		return exitProblem
	}
	return exitOK
}

// timeoutNote names what stopped a run after its message (stopNote).
func (p *previewRun) timeoutNote(err error) string {
	return p.stopNote(err, p.pf.timeout)
}

// checkWhereLine checks a -where given as a line number against every
// flow before anything is printed: a line that is not a condition of one
// of them is a usage error (exit 2), not one found after the other flows'
// rows and summaries were printed. A flow that cannot be read or compiled
// is left to the run, which reports it as it does without -where; so is
// a flow read from standard input, which cannot be read twice.
func (c *cli) checkWhereLine(files []string, d *dataFlags, where string) int {
	line, err := strconv.Atoi(strings.TrimSpace(where))
	if err != nil || len(files) < 2 {
		return exitOK // one flow: filter checks it before its rows
	}
	for _, name := range files {
		if name == "-" {
			continue
		}
		src, err := readFlow(name, c.stdin, d.file == "-")
		if err != nil {
			continue
		}
		f, err := flow.Compile(name, src, append([]flow.Option{flow.EnvAllowed(d.envAllowed()), flow.EnvNames(d.env...)}, runOptions...)...)
		if err != nil {
			continue
		}
		if !hasConditionLine(f, line) {
			fmt.Fprintf(c.stderr, "kinenix preview: -where %d: line %d of %s is not a condition field\n", line, line, echo.Clean(name))
			return exitUsage
		}
	}
	return exitOK
}

// hasConditionLine reports whether line of f is a condition field.
func hasConditionLine(f *flow.Flow, line int) bool {
	for _, fd := range f.Fields() {
		if fd.Condition && fd.Line == line {
			return true
		}
	}
	return false
}

// filter is what -where and -errors keep of the rows: chosen and shown
// look at a row's results, only takes the rows to run. -where names a
// condition of the flow (as written, or by its line number), whose
// verdict on each row chooses it, or any other condition line, tested on
// each row before the flow runs; either way a row where it is not true is
// not printed, nor counted (in the exit status, -summary or the column
// facts). -errors prints only the rows that fail (shown); the others
// still count, and their warnings are printed after the rows.
//
// reads reports whether the flow, or a -where condition that is not one
// of its own, reads a variable: `rows` is then given to every row.
func (p *previewRun) filter(name string, f *flow.Flow) (chosen, shown func(*flow.RowResult) bool, only func(iter.Seq2[flow.Input, error]) iter.Seq2[flow.Input, error], reads func(string) bool, code int) {
	where := -1 // the index of the -where condition among the results
	reads = f.Reads
	only = func(rows iter.Seq2[flow.Input, error]) iter.Seq2[flow.Input, error] { return rows }
	if text := strings.TrimSpace(p.pf.where); text != "" {
		line, isLine := strconv.Atoi(text)
		for i, fd := range f.Fields() {
			if fd.Condition && (isLine == nil && fd.Line == line || isLine != nil && text == fd.Value) {
				where = i
				break
			}
		}
		switch {
		case where < 0 && isLine == nil:
			p.w.(*bufio.Writer).Flush()
			fmt.Fprintf(p.stderr, "kinenix preview: -where %d: line %d of %s is not a condition field\n", line, line, echo.Clean(name))
			return nil, nil, nil, nil, exitUsage
		case where < 0:
			cond, err := eval.CompileCondition(text, eval.Strict())
			if err != nil {
				p.w.(*bufio.Writer).Flush()
				fmt.Fprintf(p.stderr, "kinenix preview: -where: %s\n", echo.Clean(err.Error()))
				return nil, nil, nil, nil, exitUsage
			}
			// Its traps that hold without data are said once, before the
			// rows, as cond says them: a -where that is quietly false on
			// every row (`&&`, `== Due or Lapsed`) would choose none in
			// silence (D44).
			for _, tr := range cond.Traps() {
				if !p.whereSaid && cond.TrapHolds(context.Background(), nil, tr, nil) {
					fmt.Fprintln(p.stderr, "kinenix preview: -where: warning: "+echo.Clean(tr.Message()))
				}
			}
			p.whereSaid = true
			reads = func(v string) bool { return f.Reads(v) || flow.ConditionReads(cond, v) }
			only = func(rows iter.Seq2[flow.Input, error]) iter.Seq2[flow.Input, error] {
				return func(yield func(flow.Input, error) bool) {
					var ev eval.Evaluator
					for in, err := range rows {
						if err == nil {
							if ok, terr := ev.Test(context.Background(), cond, in.Scope); terr != nil || !ok {
								continue
							}
						}
						if !yield(in, err) {
							return
						}
					}
				}
			}
		}
	}
	chosen = func(r *flow.RowResult) bool {
		return where < 0 || where < len(r.Results) && r.Results[where].Holds
	}
	shown = func(r *flow.RowResult) bool { return !p.pf.onlyErrors || r.Failed() }
	return chosen, shown, only, reads, exitOK
}

// chosenBy names the flags that choose the rows counted, for the words
// that name them: "-where" when -where chose them among every row of a
// sheet (one row of -row N is named as itself), with -errors
// ("-where and -errors") when it chooses too (compare); "" for every row.
func (p *previewRun) chosenBy(errors bool) string {
	if strings.TrimSpace(p.pf.where) == "" || !p.plan.every {
		return ""
	}
	if errors && p.pf.onlyErrors {
		return "-where and -errors"
	}
	return "-where"
}

// staticWarnings are the warnings of a flow known without data.
func staticWarnings(f *flow.Flow) []flow.Finding {
	var out []flow.Finding
	for _, fd := range f.Findings() {
		if fd.Warning {
			out = append(out, fd)
		}
	}
	return out
}

// offFields keeps the findings of fs that are on no field's line of f:
// no row's field shows them.
func offFields(f *flow.Flow, fs []flow.Finding) []flow.Finding {
	onField := map[int]bool{}
	for _, fd := range f.Fields() {
		onField[fd.Line] = true
	}
	var out []flow.Finding
	for _, fd := range fs {
		if !onField[fd.Line] {
			out = append(out, fd)
		}
	}
	return out
}

// rowsOut prints the rows of one flow in one format.
type rowsOut interface {
	row(r *flow.RowResult)
	end()
}

func (p *previewRun) output(f *flow.Flow) rowsOut {
	switch {
	case p.json != nil:
		return jsonRows{p.json}
	case p.pf.format == "table":
		return newTable(p.w, f, p.plan.key != "")
	case p.pf.format == "csv":
		return newCSVOut(p.w, f, p.plan.key != "")
	case p.pf.format == "jsonl":
		return newJSONL(p.w)
	}
	return &textOut{w: p.w}
}

// noRows prints no row: -summary without -each.
type noRows struct{}

func (noRows) row(*flow.RowResult) {}
func (noRows) end()                {}

// textOut is today's text: a line per field, after `rows[N] (sheet row
// M):` for a row of a sheet, the one of -row N as each of -each (D41).
type textOut struct {
	w io.Writer
}

func (t *textOut) row(r *flow.RowResult) {
	if r.Row >= 0 {
		io.WriteString(t.w, r.Name()+":\n")
	}
	printResults(t.w, r.Results)
}

func (t *textOut) end() {}

func printResults(w io.Writer, results []flow.Result) {
	for _, r := range results {
		io.WriteString(w, r.String()+"\n")
		for _, st := range r.Steps {
			io.WriteString(w, "  "+echo.Clean(st.String())+"\n")
		}
		for _, wn := range r.Warnings {
			io.WriteString(w, echo.Clean(wn.String())+"\n")
		}
	}
}
