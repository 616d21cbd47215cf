package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/kinenix/expressions/data"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/echo"
)

// toJSONFinding is f as a record of validate -json, with the rows of a
// sheet it holds for (nil when it is not about rows).
func toJSONFinding(f flow.Finding, rows *record.Rows) record.Finding {
	if rows == nil && f.Rows != nil && len(f.Rows.Refs) > 0 {
		// A column warning (D45) names its first rows in its message and
		// knows them all: JSON lists them as any finding's rows.
		rows = &record.Rows{}
		for _, r := range f.Rows.Refs {
			rows.Add(r.Index, r.SheetRow, r.Key)
		}
		rows.InAll(f.Rows.Count)
	}
	if rows != nil {
		f.Row = nil // the rows say which
	}
	j := record.FindingOf(f)
	if rows != nil {
		j.Rows, j.RowCount = rows.Listed(), rows.Len()
		j.SheetRows, j.Keys = rows.SheetRows(), rows.Keys()
		if rows.Len() == 1 {
			j.RowRef = rows.Ref()
		}
	}
	return j
}

// toJSONRowFinding is f as validate -json writes it: with the rows, and
// how many of them fail with another message than f's.
func toJSONRowFinding(f rowFinding) record.Finding {
	j := toJSONFinding(f.Finding, f.rows)
	j.OtherMessageRows = f.others
	return j
}

// stoppedFinding is the stop of a run (D42) as a finding of validate
// -json, of kind "stopped", naming the row where it stopped.
func stoppedFinding(file string, stop *flow.StopError, note string) record.Finding {
	return record.Finding{Place: record.PlaceOf(file, 1, 1), Message: echo.Clean(stop.Error()) + note,
		Kind: "stopped", RowRef: record.RowRefOf(stop.Index, stop.SheetRow, stop.Key)}
}

// validate checks flows (decision D32): one line per finding on standard
// output, `FILE:LINE:COL: message`, file by file in the order given (a
// directory's .md files in name order) and in file order within each.
// With -data the flow is run the way preview runs it (D43): what fails on
// a row is an error, with the rows it fails on; what only may go wrong
// is a warning. Exit status 1 when any flow has a problem (warnings count
// only with -strict), 0 with no output when none has, 2 for usage errors
// and files that cannot be read; the other files are still checked.
func (c *cli) validate(fs *flag.FlagSet) func(args []string) int {
	d := addDataFlags(fs, false)
	asJSON := fs.Bool("json", false, "print the findings as a JSON array")
	strict := fs.Bool("strict", false, "exit 1 on warnings too, not only on problems (for CI)")
	key := fs.String("key", "", "name a row also by its value in `COLUMN`: rows[3] (sheet row 5, INV-0104)")
	var timeout time.Duration
	fs.Var((*durationFlag)(&timeout), "timeout", "stop checking against the data after `DURATION` (e.g. 30s), saying\nhow far it got")
	return func(args []string) (code int) {
		if len(args) == 0 {
			return c.usageError("validate", "validate takes one or more flow files or directories")
		}
		if msg := stdinTwice(args, ""); msg != "" {
			return c.usageError("validate", msg)
		}
		if timeout < 0 {
			return c.usageError("validate", "-timeout takes a duration of 0 or more, e.g. 30s (0, the default, sets no limit)")
		}
		files, code := c.flowFiles(args)
		every := !d.row.set && d.file != "" && d.file != "-" && sheetExt(d.file)
		plan, rc, done := c.planRows("validate", d, every, *key)
		if done {
			return rc
		}
		ctx, cancel := c.runContext(timeout)
		defer cancel()
		w := bufio.NewWriterSize(c.stdout, 64<<10)
		defer func() {
			if !c.flushed(w) {
				code = exitUsage // as preview: the findings were not all written
			}
		}()
		all := []record.Finding{}
		if plan.hasData && plan.sheet && plan.headerOnly {
			// D45: one message for the sheet, not one per field.
			f := rowFinding{Finding: flow.Finding{File: d.file, Line: 1, Column: 1, Kind: "data", Warning: true,
				Message: plan.noRows() + ", so the flows were checked without data"}}
			if *strict {
				code = max(code, exitProblem)
			}
			if *asJSON {
				all = append(all, toJSONFinding(f.Finding, f.rows))
			} else {
				fmt.Fprintln(w, echo.Clean(f.String()))
			}
		}
		for name, src := range c.flows(files, d.file == "-", w, &code, nil) {
			found, stop := validateRows(ctx, name, src, plan, d.envAllowed(), d.env, !d.row.set)
			for _, f := range found {
				if (!f.Warning || *strict) && code == exitOK {
					code = exitProblem
				}
				if *asJSON {
					all = append(all, toJSONRowFinding(f))
					continue
				}
				fmt.Fprintln(w, echo.Clean(f.String()))
			}
			if stop != nil {
				note := c.stopNote(stop, timeout)
				se, ok := stop.(*flow.StopError)
				if ok && *asJSON {
					all = append(all, stoppedFinding(name, se, note)) // D42: the JSON says where it stopped
				}
				// And standard error says it, with -json too, as README
				// says (probe-bounds F5).
				w.Flush()
				fmt.Fprintf(c.stderr, "kinenix: %s: %s%s\n", echo.Clean(name), stop, note)
				if ok {
					code = max(code, exitProblem)
				} else {
					code = exitUsage
				}
			}
		}
		if *asJSON {
			// As preview -json: `>` and `&` as written, not \u003e, so that
			// a message reads the same in both.
			var b bytes.Buffer
			enc := json.NewEncoder(&b)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			if err := enc.Encode(all); err != nil {
				c.message(err)
				return exitUsage
			}
			w.Write(b.Bytes())
		}
		return code
	}
}

// rowFinding is a finding of a flow checked against the rows of a sheet:
// rows lists the rows it holds for when it comes from the data (nil when
// it holds without data, or the data is not a sheet), sheetRows is how
// many rows were checked, and stopped is set when the run stopped before
// the sheet's end (D42).
type rowFinding struct {
	flow.Finding
	rows      *record.Rows
	sheetRows int
	stopped   bool
	chosen    string // the flag that chose the rows checked ("-where"), "" for every row
	// same are the rows an error of the data gives its message for, and
	// others how many of rows fail at the same place with another (an
	// error is listed once per place: D43, validate -h).
	same   *record.Rows
	others int
}

// String is the finding as validate prints it; a finding of some rows
// ends with the rows (D41): `(rows[3] (sheet row 5))`, `(rows 0-2, 5 and
// 12 more)` or `(every row)`, the one row of -row N included.
func (f rowFinding) String() string {
	if f.rows == nil {
		return f.Finding.String()
	}
	if f.others > 0 {
		return onRows(f.Finding.String(), f.othersText())
	}
	return onRows(f.Finding.String(), f.rows.TextOf(f.among()))
}

// among are the rows the finding's rows are among.
func (f rowFinding) among() record.Among {
	return record.Among{Rows: f.sheetRows, Stopped: f.stopped, Chosen: f.chosen}
}

// othersText names the rows of an error that fails with other messages
// on some of them: the rows of its message, then all: `rows[0] (sheet
// row 2); it fails on rows 0-39, on 39 of them with other messages, which
// preview -each shows`.
func (f rowFinding) othersText() string {
	n := f.others
	return f.same.Text(f.sheetRows, false) + "; it fails on " + f.rows.TextOf(f.among()) +
		", on " + flow.Count(n) + " of them with " + plural(n, "another message, which", "other messages, which") +
		" preview -each shows"
}

// validateRows checks a flow: without data, what Compile finds; with
// data, the flow is also run over the rows as preview runs it (D43), and
// what fails on a row is an error listed once with the rows it fails on,
// what the rows show may go wrong a warning with its rows. A finding that
// holds without data is listed as it is. stop is why the run ended before
// its last row.
//
// env is what -env lets in (D44), names the names it lists; with columns set, the columns of a
// sheet that the flow reads are counted over its rows, and their warnings
// (D45) join the findings.
func validateRows(ctx context.Context, name string, src []byte, plan *rowsPlan, env func(string) bool, names []string, columns bool) (out []rowFinding, stop error) {
	out, _, stop = validateCounted(ctx, name, src, plan, env, names, columns)
	return out, stop
}

// validateCounted is validateRows, with the counter of the columns' facts
// (D45) it counted them with: nil when it counted none. The editor's
// hover and the playground show facts of the same columns, which a test
// holds to these.
func validateCounted(ctx context.Context, name string, src []byte, plan *rowsPlan, env func(string) bool, names []string, columns bool) (out []rowFinding, counter *columnCount, stop error) {
	check := func() []rowFinding {
		return wrap(flow.ValidateWith(ctx, name, src, flow.ValidateOptions{EnvAllowed: env, EnvNames: names}))
	}
	if !plan.hasData || plan.sheet && plan.headerOnly {
		return check(), nil, nil // a sheet without rows is said once, before
	}
	// The loop below is done with a row's results before the next row
	// (the set copies its findings): their storage is reused.
	f, err := flow.Compile(name, src, append([]flow.Option{flow.SampleWarnings(), flow.ReuseResults(), flow.EnvAllowed(env), flow.EnvNames(names...)}, runOptions...)...)
	if err != nil {
		return check(), nil, nil // it says the flow is too large
	}
	counter = newColumnCount(src, plan, columns)
	set := newFindingSet(name, f.Findings(), !plan.single()) // every row, or the one of -row N (D41)
	rows, done := plan.rowsDone(f.Reads("rows"))
	for r, err := range f.RunRows(ctx, rows) {
		if err != nil {
			stop = err
			break
		}
		done(r.Row) // the rows before it were counted
		if counter != nil {
			counter.ran(&r)
		}
		set.addRow(&r, true)
	}
	return set.list(stop != nil, counter.findings(name, stop != nil)), counter, stop
}

// findingSet gathers the findings of a run over rows: each different
// finding once (by place, message and whether it is a warning), with the
// rows it holds for (D41), at most flow.MaxFindings of them past those
// known without data.
type findingSet struct {
	name     string
	out      []rowFinding
	index    map[findingKey]int
	static   int  // the findings known without data, which name no rows
	listRows bool // whether findings of the data list their rows
	rows     int  // the rows added
	full     *rowFinding
	// stop is where the checks without data stopped (D35), when stopped:
	// what the data finds past it is not listed (flow.StoppedAt).
	stop    flow.Finding
	stopped bool
	// chosen names the flag that chose the rows added ("-where"), ""
	// for every row.
	chosen string
}

type findingKey struct {
	line, col int
	msg       string
	warning   bool
}

func keyOf(f flow.Finding) findingKey { return findingKey{f.Line, f.Column, f.Message, f.Warning} }

// newFindingSet starts a set of the flow file name with the findings
// known without data (static).
func newFindingSet(name string, static []flow.Finding, listRows bool) *findingSet {
	s := &findingSet{name: name, index: map[findingKey]int{}, listRows: listRows}
	for _, fd := range static {
		s.index[keyOf(fd)] = len(s.out)
		s.out = append(s.out, rowFinding{Finding: fd})
	}
	s.static = len(s.out)
	s.stop, s.stopped = flow.StoppedAt(static)
	return s
}

// addRow adds the findings of a row (flow.RowResult.Findings, the one
// rule of D43): its warnings, and with errors what failed.
func (s *findingSet) addRow(r *flow.RowResult, errors bool) {
	s.rows++
	for _, fd := range r.Findings() {
		if fd.Warning || errors {
			s.add(fd, r)
		}
	}
}

func (s *findingSet) add(fd flow.Finding, r *flow.RowResult) {
	if s.stopped && fd.Past(s.stop) {
		return
	}
	if fd.Warning {
		// A warning that says what an error at the same place says is
		// that error's: one line per problem (D32).
		if _, dup := s.index[findingKey{fd.Line, fd.Column, fd.Message, false}]; dup {
			return
		}
	}
	k := keyOf(fd)
	if i, ok := s.index[k]; ok && i < s.static {
		return // known without data, so of no row
	}
	if !fd.Warning {
		k.msg = "" // an error of the data is listed once per place, with all its rows
	}
	i, seen := s.index[k]
	if !seen {
		if len(s.out)-s.static >= flow.MaxFindings {
			if s.full == nil {
				s.full = &rowFinding{Finding: flow.Finding{File: s.name, Line: 1, Column: 1, Kind: "limit", Warning: true,
					Message: "too many different findings; only the first " + strconv.Itoa(flow.MaxFindings) + " are listed"}}
			}
			return
		}
		i = len(s.out)
		s.index[k] = i
		if !fd.Warning {
			s.said(fd, i)
		}
		rf := rowFinding{Finding: fd}
		if s.listRows {
			rf.rows = &record.Rows{}
			if !fd.Warning {
				rf.same = &record.Rows{}
			}
		}
		s.out = append(s.out, rf)
	}
	if i < s.static || s.out[i].rows == nil {
		return
	}
	rf := &s.out[i]
	rf.rows.Add(r.Row, r.SheetRow, r.Key)
	if fd.Warning {
		return
	}
	if fd.Message == rf.Message {
		rf.same.Add(r.Row, r.SheetRow, r.Key)
		return
	}
	rf.others++
	if len(s.index) < maxSaid {
		s.said(fd, i)
	}
}

// said notes that the error fd, of the finding at i, says its message,
// so that a warning that says the same is left out as that error's.
func (s *findingSet) said(fd flow.Finding, i int) {
	s.index[findingKey{fd.Line, fd.Column, fd.Message, false}] = i
	if said, ok := flow.EchoSaid(fd.Message); ok {
		s.index[findingKey{fd.Line, fd.Column, said, false}] = i
	}
}

// maxSaid bounds the messages of errors kept to leave out warnings that
// say them, so that a run keeps no more for them as the rows grow (D42).
const maxSaid = 4 * flow.MaxFindings

// list is the findings in file order, with more among them, and last
// the one that says the limit was reached; stopped says that the run
// stopped before the data's end (D42).
func (s *findingSet) list(stopped bool, more []rowFinding) []rowFinding {
	out := s.out
	for i := s.static; i < len(out); i++ {
		out[i].sheetRows, out[i].stopped, out[i].chosen = s.rows, stopped, s.chosen
	}
	// A warning that an error at the same place says is that error's
	// (flow.Said): a warning known without data (a method call that could
	// be a key) that the data made an error, among others.
	fs := make([]flow.Finding, len(out))
	for i := range out {
		fs[i] = out[i].Finding
	}
	said := flow.Said(fs)
	kept := out[:0]
	for i, rf := range out {
		if !said[i] {
			kept = append(kept, rf)
		}
	}
	out = kept
	out = append(out, more...)
	sort.SliceStable(out, func(i, j int) bool { return out[i].Before(out[j].Finding) })
	// At most flow.MaxFindings in all, as the editor lists them
	// (flow.CutFindings): with data as without (D35).
	fs = fs[:0]
	for i := range out {
		fs = append(fs, out[i].Finding)
	}
	if keep, stop, cut := flow.CutFindings(fs); cut {
		kept := out[:0]
		for i, rf := range out {
			if keep[i] {
				kept = append(kept, rf)
			}
		}
		out = append(kept, rowFinding{Finding: stop})
	}
	if s.full != nil {
		out = append(out, *s.full)
	}
	return out
}

func wrap(fs []flow.Finding) []rowFinding {
	out := make([]rowFinding, len(fs))
	for i, f := range fs {
		out[i] = rowFinding{Finding: f}
	}
	return out
}

// flowFiles expands the arguments of validate and preview: a directory
// stands for every .md file below it, in name order; any other argument is
// a flow file (or - for standard input). A directory that cannot be read,
// or holds no .md file, is reported on standard error and makes code 2,
// and so is a .md file in it that is a named pipe, a socket or a device
// (itself or behind a link), which is not opened: opening a pipe waits
// for a writer, so one would hang the run. A pipe named as an argument
// is read (a shell's <(...) gives one). A file named more than once, as
// the same path spelled another way (./a.md and a.md), through a
// directory named twice or a directory and a file in it, is listed once,
// where it first comes, so that its findings are not told twice.
func (c *cli) flowFiles(args []string) (files []string, code int) {
	seen := map[string]bool{}
	add := func(p string) {
		k := p
		if p != "-" {
			if abs, err := filepath.Abs(p); err == nil {
				k = abs
			}
		}
		if !seen[k] {
			seen[k] = true
			files = append(files, p)
		}
	}
	for _, a := range args {
		st, err := os.Stat(a)
		if a == "-" || err != nil || !st.IsDir() {
			add(a) // readFlow reports what is wrong
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !e.IsDir() && strings.EqualFold(filepath.Ext(p), ".md") {
				if !e.Type().IsRegular() {
					if st, err := os.Stat(p); err == nil && st.Mode()&(fs.ModeNamedPipe|fs.ModeSocket|fs.ModeDevice|fs.ModeIrregular) != 0 {
						fmt.Fprintf(c.stderr, "kinenix: flow file %s is not a regular file (a pipe, a socket or a device); a flow is a Markdown text file\n", echo.Clean(p))
						code = exitUsage
						return nil
					}
				}
				found = append(found, p)
			}
			return nil
		})
		if err != nil {
			fmt.Fprintf(c.stderr, "kinenix: cannot read the directory %s\n", echo.Clean(a))
			code = exitUsage
		}
		if err == nil && len(found) == 0 {
			fmt.Fprintf(c.stderr, "kinenix: %s holds no .md flow files\n", echo.Clean(a))
			code = exitUsage
		}
		sort.Strings(found)
		for _, p := range found {
			add(p)
		}
	}
	return files, code
}

// stdinTwice is the usage error of preview or validate (command name)
// given standard input (-) as more than one flow, or as a flow and as
// preview's -compare OLD.md: it is read once, so the second would be
// checked as an empty flow and pass in silence. "" when it is not.
func stdinTwice(args []string, compare string) string {
	n := 0
	for _, a := range args {
		if a == "-" {
			n++
		}
	}
	switch {
	case n > 1:
		return "- (standard input) is named more than once as a flow; standard input is read once: name it once, and give any other flow as a file"
	case n == 1 && compare == "-":
		return "-compare - and the flow - both name standard input, which is read once: give one of the two flows as a file"
	}
	return ""
}

// readFlow reads a flow file ("-" is standard input, unless the sample
// data came from there). It reads at most one byte more than flow.MaxSize,
// so that Validate can report a flow that is too large without the whole
// file being read.
func readFlow(name string, stdin io.Reader, stdinUsed bool) ([]byte, error) {
	var r io.Reader
	if name == "-" {
		if stdinUsed {
			return nil, errors.New("standard input is already read for -data; give the flow as a file")
		}
		r = stdin
	} else {
		f, err := openFile("flow file", name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	b, err := readLimited(r, flow.MaxSize)
	if err != nil {
		return nil, fmt.Errorf("cannot read flow file %s", name)
	}
	if why := binaryText(b); why != "" {
		return nil, fmt.Errorf("flow file %s %s", name, why)
	}
	if why := dataFileName(name); why != "" {
		return nil, fmt.Errorf("flow file %s %s", name, why)
	}
	return b, nil
}

// dataFileName says why a flow file named as a data file (.csv, .json,
// .jsonl, .yaml, .yml, or .tsv, which kinenix does not read) is not a
// flow, with the fix, as binaryText says it of a workbook: its text would
// otherwise be read as a flow with no fields and pass in silence. A flow
// is Markdown: .md, .markdown, .txt, a name with no extension and
// standard input ("-") are read as flows. "" for those.
func dataFileName(name string) string {
	if name == "-" {
		return ""
	}
	ext := strings.ToLower(filepath.Ext(name))
	switch {
	case ext == ".tsv":
		return "is a data file (" + ext + "), not a flow; a flow is a Markdown text file (.md), and data is given with -data as " + extList() + ": save the sheet as .csv (comma-separated) and give -data FILE.csv"
	case ext != "" && slices.Contains(data.Extensions(), ext):
		return "is a data file (" + ext + "), not a flow; a flow is a Markdown text file (.md): give the data with -data " + name + " and the flow after it"
	}
	return ""
}

// binaryText says why a flow file that holds no text at all is not a
// flow, with the fix: a workbook or another ZIP archive, text in UTF-16,
// or bytes with a NUL among them (no text file has one); "" for text. Only the start is
// looked at.
func binaryText(b []byte) string {
	if bytes.HasPrefix(b, []byte("PK\x03\x04")) {
		return "is a ZIP archive (an .xlsx workbook is one), not text; a flow is a Markdown text file, and a workbook is given with -data"
	}
	head := b[:min(len(b), 8<<10)]
	if echo.UTF16(head) {
		// Notepad's "Unicode": text, but not UTF-8.
		return "is UTF-16 text (what Windows calls \"Unicode\"), not UTF-8; save the flow file as UTF-8"
	}
	if i := bytes.IndexByte(head, 0); i >= 0 {
		return "holds binary data (a NUL byte at byte " + strconv.Itoa(i+1) + "), not text; a flow is a Markdown text file (UTF-8)"
	}
	return ""
}
