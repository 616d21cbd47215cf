package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
	"github.com/xuri/excelize/v2"

	"github.com/kinenix/expressions/cmd/kinenix/internal/play"
	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/kinenix/expressions/data"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/proptest"
	"github.com/kinenix/expressions/scope"
)

// D41-D43 over flows and sheets nobody wrote by hand (proptest.FlowSheets):
// for each, `preview -each -format jsonl`, `preview -json -each`,
// `preview -summary -json` and `validate -json -data`, all with -key,
// agree: every row and field that fails in preview is an error of validate
// on that row, with preview's message on the rows validate gives it for
// and another on the rest (otherMessageRows), and validate has no other
// error; the warnings of a row are the same in both; rows are named alike
// everywhere (D41); the summary's counts are the rows'; and the exit codes
// agree. PROPTEST_SEED and PROPTEST_FACTOR set the seed and scale the
// number of cases, as in package proptest.
func TestPropValidateAgreesWithPreview(t *testing.T) {
	p := gopter.DefaultTestParametersWithSeed(propEnvInt("PROPTEST_SEED", 20261016))
	p.MinSuccessfulTests = max(1, int(12*propEnvFloat("PROPTEST_FACTOR", 1)))
	p.MaxShrinkCount = 200
	dir := t.TempDir()
	n := 0
	res := prop.ForAll(func(c proptest.FlowSheet) string {
		n++
		return agreeCase(t, filepath.Join(dir, strconv.Itoa(n)), c)
	}, proptest.FlowSheets()).Check(p)
	t.Logf("%d cases: %d with a row that fails, %d with a warning of a row, %d with a column warning", n, agreeTally[0], agreeTally[1], agreeTally[2])
	if !res.Passed() {
		var b strings.Builder
		gopter.NewFormatedReporter(true, 160, &b).ReportTestResult("validate agrees with preview", res)
		t.Fatal(b.String())
	}
}

func propEnvInt(name string, def int64) int64 {
	if n, err := strconv.ParseInt(os.Getenv(name), 10, 64); err == nil {
		return n
	}
	return def
}

func propEnvFloat(name string, def float64) float64 {
	if f, err := strconv.ParseFloat(os.Getenv(name), 64); err == nil && f > 0 {
		return f
	}
	return def
}

// agreeTally counts the cases with a failing row, with a warning of a
// row and with a column warning, so that the log shows what was tested.
var agreeTally [3]int

type agreeWarning struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
	Kind    string `json:"kind"`
	Rows    []int  `json:"rows"`
}

type agreeField struct {
	Line     int            `json:"line"`
	Kind     string         `json:"kind"`
	Result   any            `json:"result"`
	Error    string         `json:"error"`
	Warnings []agreeWarning `json:"warnings"`
}

type agreeRow struct {
	Row      *int         `json:"row"`
	SheetRow int          `json:"sheetRow"`
	Key      string       `json:"key"`
	Fields   []agreeField `json:"fields"`
}

func agreeCase(t *testing.T, dir string, c proptest.FlowSheet) (msg string) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err.Error()
	}
	sheetName, sheetText := "s.csv", c.CSV()
	switch len(sheetText) % 4 {
	case 0:
		sheetName, sheetText = "s.jsonl", c.JSONL()
	case 1:
		sheetName, sheetText = "s.xlsx", agreeXLSX(c)
	}
	defer func() {
		if msg != "" {
			msg = "with the sheet as " + sheetName + ": " + msg
		}
	}()
	fl, sh := filepath.Join(dir, "g.md"), filepath.Join(dir, sheetName)
	if os.WriteFile(fl, []byte(c.FlowText()), 0o600) != nil || os.WriteFile(sh, []byte(sheetText), 0o600) != nil {
		return "cannot write the case"
	}
	d, err := data.Decode(sheetName, []byte(sheetText))
	if err != nil {
		return "the sheet does not read: " + err.Error()
	}
	if d.Len() == 0 {
		return "" // every record blank: a sheet without rows, said once (TestValidateHeaderOnly)
	}

	jl := runCLI(t, "", "preview", "-each", "-format", "jsonl", "-key", "id", "-data", sh, fl)
	var rows []agreeRow
	for line := range strings.SplitSeq(strings.TrimSuffix(jl.stdout, "\n"), "\n") {
		var r agreeRow
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return "preview -format jsonl: " + err.Error() + ": " + line
		}
		rows = append(rows, r)
	}
	// On one core the rows come out the same (the CLI runs them on all).
	procs := runtime.GOMAXPROCS(1)
	jl1 := runCLI(t, "", "preview", "-each", "-format", "jsonl", "-key", "id", "-data", sh, fl)
	runtime.GOMAXPROCS(procs)
	if jl1 != jl {
		return fmt.Sprintf("preview -format jsonl on one core gives\n%+v\non %d\n%+v", jl1, procs, jl)
	}
	pj := runCLI(t, "", "preview", "-json", "-each", "-key", "id", "-data", sh, fl)
	var doc struct {
		Files []struct {
			Rows     []agreeRow     `json:"rows"`
			Warnings []agreeWarning `json:"warnings"`
		} `json:"files"`
		Errors   int `json:"errors"`
		Warnings int `json:"warnings"`
	}
	if err := json.Unmarshal([]byte(pj.stdout), &doc); err != nil || len(doc.Files) != 1 {
		return fmt.Sprintf("preview -json: %v: %s", err, pj.stdout)
	}
	// errors counts the fields that failed, warnings the warnings (spec,
	// section 14).
	nerr, nwarn := 0, len(doc.Files[0].Warnings)
	for _, r := range doc.Files[0].Rows {
		for _, f := range r.Fields {
			nwarn += len(f.Warnings)
			if f.Error != "" {
				nerr++
			}
		}
	}
	if doc.Errors != nerr || doc.Warnings != nwarn {
		return fmt.Sprintf("preview -json counts %d errors and %d warnings; it lists %d and %d\n%s", doc.Errors, doc.Warnings, nerr, nwarn, c)
	}
	if a, b := showJSONRows(rows), showJSONRows(doc.Files[0].Rows); a != b {
		return "preview -format jsonl and preview -json differ:\n" + a + "\n" + b
	}
	if jl.code != pj.code {
		return fmt.Sprintf("preview -format jsonl exits %d, preview -json %d", jl.code, pj.code)
	}
	// D41: each row named as the sheet shows it, in order.
	if len(rows) != d.Len() {
		return fmt.Sprintf("preview gives %d rows of %d", len(rows), d.Len())
	}
	if want := sheetRowsWritten(c, sheetName); !slices.Equal(sheetRowsOf(d, ints(d.Len())), want) {
		return fmt.Sprintf("the sheet rows are %v, the sheet has its rows at %v\n%s", sheetRowsOf(d, ints(d.Len())), want, c)
	}
	previewFails := false
	failed := map[[2]int]string{} // row, line -> preview's message
	warned := map[string]bool{}   // row line:col message
	for i, r := range rows {
		key := rowKey(d, i)
		if r.Row == nil || *r.Row != i || r.SheetRow != d.SheetRow(i) || r.Key != key {
			return fmt.Sprintf("preview names rows[%d] (sheet row %d, %s) as %v %d %q", i, d.SheetRow(i), key, r.Row, r.SheetRow, r.Key)
		}
		for _, f := range r.Fields {
			if f.Error != "" {
				previewFails = true
				failed[[2]int{i, f.Line}] = f.Error
			}
			for _, w := range f.Warnings {
				warned[fmt.Sprintf("%d %d:%d %s", i, w.Line, w.Column, w.Message)] = true
			}
		}
	}

	if previewFails {
		agreeTally[0]++
	}
	if len(warned) > 0 {
		agreeTally[1]++
	}
	v := runCLI(t, "", "validate", "-json", "-key", "id", "-data", sh, fl)
	var found []record.Finding
	if err := json.Unmarshal([]byte(v.stdout), &found); err != nil {
		return "validate -json: " + err.Error() + ": " + v.stdout
	}
	validateFails, columnWarned, staticOnly := false, false, false
	defer func() {
		if columnWarned {
			agreeTally[2]++
		}
	}()
	errs := map[[2]int]bool{}
	vwarned := map[string]bool{}
	for _, f := range found {
		every := f.Rows == nil && f.Row == nil
		on := f.Rows
		if every {
			on = nil
			for i := range rows {
				on = append(on, i)
			}
		}
		if f.Rows != nil && (f.RowCount != len(f.Rows) || !slices.Equal(f.SheetRows, sheetRowsOf(d, f.Rows)) || !slices.Equal(f.Keys, keysOf(d, f.Rows))) {
			return fmt.Sprintf("validate names the rows %v as sheet rows %v, keys %q, of %d", f.Rows, f.SheetRows, f.Keys, f.RowCount)
		}
		if f.Warning {
			if f.Kind == "column" {
				columnWarned = true
				continue // D45: validate's alone
			}
			if !fieldLine(c, f.Line) {
				continue // follows the rows (spec, section 14): checked with csv below
			}
			for _, i := range on {
				vwarned[fmt.Sprintf("%d %d:%d %s", i, f.Line, f.Column, f.Message)] = true
			}
			continue
		}
		if every && !fieldLine(c, f.Line) {
			staticOnly = true // a line that is no field: preview runs none
			continue
		}
		if every && f.Kind == "unclosed" {
			// A ${ without its } is text when the flow runs (spec,
			// section 2): an error of validate, known without data,
			// that preview says beside the field's text as a warning
			// on every row (D44: nothing silent); a condition line
			// whose ${ is not closed fails instead.
			staticOnly = true
			for _, i := range on {
				if conditionLine(c, f.Line) {
					break
				}
				vwarned[fmt.Sprintf("%d %d:%d %s", i, f.Line, f.Column, f.Message)] = true
			}
			continue
		}
		validateFails = true
		same := 0
		for _, i := range on {
			msg, ok := failed[[2]int{i, f.Line}]
			if !ok {
				return fmt.Sprintf("validate: %d:%d: %s: an error on rows[%d], where preview computes the field\n%s", f.Line, f.Column, f.Message, i, c)
			}
			errs[[2]int{i, f.Line}] = true
			if msg == f.Message {
				same++
			}
		}
		if !every && same != len(on)-f.OtherMessageRows {
			return fmt.Sprintf("validate: %d:%d: %s: %d rows, %d with other messages; preview gives the message on %d\n%s", f.Line, f.Column, f.Message, len(on), f.OtherMessageRows, same, c)
		}
	}
	for k, msg := range failed {
		if !errs[k] {
			return fmt.Sprintf("preview: rows[%d] line %d fails (%s), and validate gives no error there\n%s\n%s", k[0], k[1], msg, v.stdout, c)
		}
	}
	for w := range warned {
		if !vwarned[w] {
			return fmt.Sprintf("preview warns %s, validate does not\n%s\n%s", w, v.stdout, c)
		}
	}
	for w := range vwarned {
		if !warned[w] {
			return fmt.Sprintf("validate warns %s, preview does not\n%s", w, c)
		}
	}
	// The warnings preview -json lists after the rows (the columns', and
	// those of lines that are no field) are validate -json's (spec,
	// section 14).
	var fileW, wantW []string
	for _, w := range doc.Files[0].Warnings {
		fileW = append(fileW, fmt.Sprintf("%d:%d %s %s %v", w.Line, w.Column, w.Kind, w.Message, w.Rows))
	}
	for _, f := range found {
		if f.Warning && (f.Kind == "column" || !fieldLine(c, f.Line)) {
			wantW = append(wantW, fmt.Sprintf("%d:%d %s %s %v", f.Line, f.Column, f.Kind, f.Message, f.Rows))
		}
	}
	if !slices.Equal(fileW, wantW) {
		return fmt.Sprintf("preview -json lists after the rows\n%s\nvalidate -json\n%s\n%s", strings.Join(fileW, "\n"), strings.Join(wantW, "\n"), c)
	}
	if previewFails != (jl.code == exitProblem) || (validateFails || staticOnly) != (v.code == exitProblem) || !staticOnly && jl.code != v.code {
		return fmt.Sprintf("preview exits %d (fails: %v), validate %d (errors: %v)\n%s", jl.code, previewFails, v.code, validateFails, c)
	}

	// The warnings of csv and table on standard error are validate's, as
	// it prints them (spec, section 14), and -strict exits alike.
	vt := runCLI(t, "", "validate", "-key", "id", "-data", sh, fl)
	var vw []string
	for line := range strings.SplitSeq(vt.stdout, "\n") {
		if strings.Contains(line, ": warning: ") {
			vw = append(vw, line)
		}
	}
	for _, format := range []string{"csv", "table"} {
		pc := runCLI(t, "", "preview", "-each", "-format", format, "-key", "id", "-data", sh, fl)
		var pw []string
		for line := range strings.SplitSeq(pc.stderr, "\n") {
			if line != "" && !unclosedSaid(line, fl, found) {
				pw = append(pw, line)
			}
		}
		if !slices.Equal(pw, vw) {
			return fmt.Sprintf("preview -format %s warns\n%s\nvalidate\n%s\n%s", format, strings.Join(pw, "\n"), strings.Join(vw, "\n"), c)
		}
		if pc.code != v.code && !staticOnly {
			return fmt.Sprintf("preview -format %s exits %d, validate %d\n%s", format, pc.code, v.code, c)
		}
	}
	ps := runCLI(t, "", "preview", "-strict", "-each", "-format", "csv", "-data", sh, fl)
	vs := runCLI(t, "", "validate", "-strict", "-data", sh, fl)
	if ps.code != vs.code && !staticOnly {
		return fmt.Sprintf("preview -strict exits %d, validate -strict %d\n%s\n%s", ps.code, vs.code, vs.stdout, c)
	}
	// D41: preview's text names each row as validate does.
	pt := runCLI(t, "", "preview", "-each", "-key", "id", "-data", sh, fl)
	for i := range rows {
		key, _ := d.Row(i)["id"].(string)
		name := flow.RowName(i, d.SheetRow(i), key) + ":\n"
		if !strings.HasPrefix(pt.stdout, name) && !strings.Contains(pt.stdout, "\n"+name) {
			return fmt.Sprintf("preview's text has no line %q\n%s", name, pt.stdout)
		}
	}

	// -errors keeps exactly the rows that fail; -row N is that row of
	// -each, and validate -row N its errors, with preview's messages.
	pe := runCLI(t, "", "preview", "-errors", "-format", "jsonl", "-key", "id", "-data", sh, fl)
	var wantErr []string
	for line := range strings.SplitSeq(jl.stdout, "\n") {
		if strings.Contains(line, `"error":`) {
			wantErr = append(wantErr, line)
		}
	}
	if got := strings.Split(strings.TrimSuffix(pe.stdout, "\n"), "\n"); len(wantErr) > 0 && !slices.Equal(got, wantErr) || len(wantErr) == 0 && pe.stdout != "" {
		return fmt.Sprintf("preview -errors gives\n%s\nnot the failing rows of -each\n%s", pe.stdout, strings.Join(wantErr, "\n"))
	}
	// -where LINE prints the rows where that condition is true, and
	// counts only them in its exit status.
	for n, l := range c.Lines {
		if l.Label != "condition" {
			continue
		}
		line := 3 + n // after the heading and a blank line
		var want []string
		fails := false
		for k, r := range rows {
			for _, f := range r.Fields {
				if f.Line == line && f.Result == true {
					want = append(want, strings.Split(jl.stdout, "\n")[k])
					for _, g := range r.Fields {
						fails = fails || g.Error != ""
					}
				}
			}
		}
		pw := runCLI(t, "", "preview", "-where", strconv.Itoa(line), "-format", "jsonl", "-key", "id", "-data", sh, fl)
		if got := strings.Split(strings.TrimSuffix(pw.stdout, "\n"), "\n"); len(want) > 0 && !slices.Equal(got, want) || len(want) == 0 && pw.stdout != "" {
			return fmt.Sprintf("preview -where %d gives\n%s\nnot the rows where it is true\n%s", line, pw.stdout, strings.Join(want, "\n"))
		}
		if fails != (pw.code == exitProblem) {
			return fmt.Sprintf("preview -where %d exits %d, a chosen row fails: %v", line, pw.code, fails)
		}
		break
	}
	i := len(c.CSV()) % len(rows)
	pr := runCLI(t, "", "preview", "-row", strconv.Itoa(i), "-format", "jsonl", "-key", "id", "-data", sh, fl)
	if each := strings.Split(jl.stdout, "\n")[i] + "\n"; pr.stdout != each {
		return fmt.Sprintf("preview -row %d gives\n%s\n-each\n%s", i, pr.stdout, each)
	}
	vr := runCLI(t, "", "validate", "-json", "-row", strconv.Itoa(i), "-key", "id", "-data", sh, fl)
	var rowFound []record.Finding
	if err := json.Unmarshal([]byte(vr.stdout), &rowFound); err != nil {
		return "validate -row -json: " + err.Error()
	}
	if pr.code != vr.code && !staticOnly {
		return fmt.Sprintf("preview -row %d exits %d, validate -row %d %d\n%s", i, pr.code, i, vr.code, c)
	}
	rowErrs := map[int]string{}
	for _, f := range rowFound {
		if !f.Warning && (f.Rows != nil || f.Row != nil) {
			rowErrs[f.Line] = f.Message
		}
	}
	for _, f := range rows[i].Fields {
		if f.Error != "" && rowErrs[f.Line] != f.Error && !strings.HasPrefix(f.Error, rowErrs[f.Line]) {
			return fmt.Sprintf("validate -row %d says %q of line %d, preview %q", i, rowErrs[f.Line], f.Line, f.Error)
		}
		delete(rowErrs, f.Line)
	}
	if len(rowErrs) > 0 {
		return fmt.Sprintf("validate -row %d has errors preview has not: %v", i, rowErrs)
	}
	// The playground and the editor report what validate -row reports
	// (the editor checks with the first row).
	if msg := agreeTools(t, c, rowFound, i, fl, sh, sheetText); msg != "" {
		return msg
	}
	if msg := agreeStop(t, c, d, sh, fl, len(c.CSV())); msg != "" {
		return msg
	}

	// The summary's counts are the rows'.
	sm := runCLI(t, "", "preview", "-summary", "-json", "-key", "id", "-data", sh, fl)
	var sdoc struct {
		Files []struct {
			Summary struct {
				Rows   int `json:"rows"`
				Fields []struct {
					Line     int   `json:"line"`
					True     int   `json:"true"`
					False    int   `json:"false"`
					Fail     int   `json:"fail"`
					FailRows []int `json:"failRows"`
				} `json:"fields"`
			} `json:"summary"`
		} `json:"files"`
	}
	if err := json.Unmarshal([]byte(sm.stdout), &sdoc); err != nil || len(sdoc.Files) != 1 {
		return fmt.Sprintf("preview -summary -json: %v: %s", err, sm.stdout)
	}
	s := sdoc.Files[0].Summary
	if s.Rows != len(rows) || sm.code != jl.code {
		return fmt.Sprintf("the summary counts %d rows of %d, exits %d", s.Rows, len(rows), sm.code)
	}
	for _, sf := range s.Fields {
		var tr, fa, fail int
		var failRows []int
		for i, r := range rows {
			for _, f := range r.Fields {
				if f.Line != sf.Line {
					continue
				}
				switch {
				case f.Error != "":
					fail++
					failRows = append(failRows, i)
				case f.Result == true:
					tr++
				case f.Result == false:
					fa++
				}
			}
		}
		if sf.True != tr || sf.False != fa || sf.Fail != fail || !slices.Equal(sf.FailRows, failRows) {
			return fmt.Sprintf("the summary of line %d is %d/%d/%d %v, the rows' %d/%d/%d %v\n%s", sf.Line, sf.True, sf.False, sf.Fail, sf.FailRows, tr, fa, fail, failRows, c)
		}
	}
	return ""
}

func sheetRowsOf(d *data.Data, idx []int) []int {
	var out []int
	some := false
	for _, i := range idx {
		out = append(out, d.SheetRow(i))
		some = some || d.SheetRow(i) > 0
	}
	if !some {
		return nil // JSON lines: no sheet row
	}
	return out
}

func keysOf(d *data.Data, idx []int) []string {
	var out []string
	any := false
	for _, i := range idx {
		k := rowKey(d, i)
		any = any || k != ""
		out = append(out, k)
	}
	if !any {
		return nil
	}
	return out
}

func showJSONRows(rows []agreeRow) string {
	b, _ := json.Marshal(rows)
	return string(b)
}

// agreeStop runs the case under a run budget (D42) that the rows' steps
// pass at one row, chosen by pick: validate and preview stop at that row,
// and preview has delivered the rows before it.
func agreeStop(t *testing.T, c proptest.FlowSheet, d *data.Data, sh, fl string, pick int) string {
	src := []byte(c.FlowText())
	f, err := flow.Compile(fl, src)
	if err != nil {
		return err.Error()
	}
	var steps []int64
	for i := range d.Len() {
		vars, err := d.RowVars(i)
		if err != nil {
			return err.Error()
		}
		if !f.Reads("rows") {
			delete(vars, "rows")
		}
		r := f.Run(context.Background(), scope.New(vars))
		steps = append(steps, r.Steps)
	}
	k := pick % len(steps)
	var budget int64
	for _, s := range steps[:k] {
		budget += s
	}
	if steps[k] < 2 || budget+steps[k]-1 <= 0 {
		return ""
	}
	budget += steps[k] - 1
	runOptions = []flow.Option{flow.RunBudget(0, budget)}
	defer func() { runOptions = nil }()
	key, _ := d.Row(k)["id"].(string)
	want := "stopped at " + flow.RowName(k, d.SheetRow(k), key) + ": the run needs more work than allowed"
	for _, args := range [][]string{
		{"validate", "-key", "id", "-data", sh, fl},
		{"preview", "-each", "-format", "jsonl", "-key", "id", "-data", sh, fl},
		{"preview", "-summary", "-key", "id", "-data", sh, fl},
	} {
		r := runCLI(t, "", args...)
		if r.code != exitProblem || !strings.Contains(r.stderr, want) {
			return fmt.Sprintf("%v with a run budget of %d steps (rows' steps %v): exit %d, %s; want %q\n%s", args[:2], budget, steps, r.code, r.stderr, want, c)
		}
		if args[0] == "preview" && args[2] == "-format" && strings.Count(r.stdout, "\n") != k {
			return fmt.Sprintf("preview delivers %d rows before the stop at %d\n%s", strings.Count(r.stdout, "\n"), k, c)
		}
	}
	// JSON names the row where the run stopped alike (D41, D42).
	wantRef := record.RowRefOf(k, d.SheetRow(k), key)
	v := runCLI(t, "", "validate", "-json", "-key", "id", "-data", sh, fl)
	var found []record.Finding
	if err := json.Unmarshal([]byte(v.stdout), &found); err != nil {
		return "validate -json: " + err.Error()
	}
	if last := found[len(found)-1]; last.Kind != "stopped" || last.Row == nil || *last.Row != k || last.SheetRow != wantRef.SheetRow || last.Key != wantRef.Key {
		return fmt.Sprintf("validate -json stops with %+v, not at %+v", last, wantRef)
	}
	p := runCLI(t, "", "preview", "-json", "-each", "-key", "id", "-data", sh, fl)
	var doc struct {
		Files []struct {
			Rows    []agreeRow `json:"rows"`
			Stopped *struct {
				record.RowRef
				Message string `json:"message"`
			} `json:"stopped"`
		} `json:"files"`
	}
	if err := json.Unmarshal([]byte(p.stdout), &doc); err != nil {
		return "preview -json: " + err.Error()
	}
	st := doc.Files[0].Stopped
	if st == nil || st.Row == nil || *st.Row != k || st.SheetRow != wantRef.SheetRow || st.Key != wantRef.Key || len(doc.Files[0].Rows) != k || !strings.HasPrefix(st.Message, want) {
		return fmt.Sprintf("preview -json stops with %+v after %d rows, not at rows[%d] %+v", st, len(doc.Files[0].Rows), k, wantRef)
	}
	return ""
}

// agreeTools: the playground (row i) and the editor (row 0) report what
// validate -row i reports (TestEditorAndPlaygroundAgreeWithValidate); the
// playground reads no JSON lines.
func agreeTools(t *testing.T, c proptest.FlowSheet, rowFound []record.Finding, i int, fl, sh, sheetText string) string {
	if strings.HasSuffix(sh, ".jsonl") {
		return ""
	}
	var wantP []string
	for _, f := range rowFound {
		wantP = append(wantP, problemLine(f.Line, f.Column, f.Warning, f.Kind, f.Message))
	}
	req := play.Request{Flow: c.FlowText(), Format: strings.TrimPrefix(filepath.Ext(sh), "."), Row: i, Data: sheetText}
	if req.Format == "xlsx" {
		req.Data, req.Bytes = "", []byte(sheetText)
	}
	pres, err := play.Check(context.Background(), req)
	if err != nil || pres.DataError != "" {
		return fmt.Sprintf("the playground: %v %s", err, pres.DataError)
	}
	var gotP []string
	for _, f := range pres.Problems {
		gotP = append(gotP, problemLine(f.Line, f.Column, f.Warning, f.Kind, f.Message))
	}
	if !slices.Equal(wantP, gotP) {
		return fmt.Sprintf("the playground with row %d reports\n%s\nvalidate -row %d\n%s\n%s", i, strings.Join(gotP, "\n"), i, strings.Join(wantP, "\n"), c)
	}
	if i == 0 {
		var wantE []string
		for _, f := range rowFound {
			wantE = append(wantE, fmt.Sprintf("%d:%d %s", f.Line, f.Column, severity(f.Warning)))
		}
		slices.Sort(wantE)
		if gotE := editorProblems(t, fl, sh, []byte(c.FlowText())); !slices.Equal(wantE, gotE) {
			return fmt.Sprintf("the editor reports %v, validate -row 0 %v\n%s", gotE, wantE, c)
		}
	}
	return ""
}

// fieldLine reports whether the flow's line n is a field that preview
// computes.
func fieldLine(c proptest.FlowSheet, n int) bool {
	for _, f := range flow.Fields([]byte(c.FlowText())) {
		if f.Line == n {
			return true
		}
	}
	return false
}

// unclosedSaid reports whether line, printed by preview about the flow
// file fl, is the warning of a ${ without its } that validate lists as
// an error (found): preview says it beside the field's text, validate
// among its errors.
func unclosedSaid(line, fl string, found []record.Finding) bool {
	for _, f := range found {
		if f.Kind == "unclosed" && !f.Warning &&
			strings.HasPrefix(line, fmt.Sprintf("%s:%d:%d: warning: %s", fl, f.Line, f.Column, f.Message)) {
			return true
		}
	}
	return false
}

// conditionLine reports whether line n of c's flow is a condition field.
func conditionLine(c proptest.FlowSheet, n int) bool {
	for _, f := range flow.Fields([]byte(c.FlowText())) {
		if f.Line == n {
			return f.Condition
		}
	}
	return false
}

// agreeXLSX is the case's sheet as a workbook: the header in row 1, a
// blank row where the CSV has a blank line, a cell that is plain number
// text as a number, others as text, empty cells left out.
func agreeXLSX(c proptest.FlowSheet) string {
	x := excelize.NewFile()
	defer x.Close()
	const sh = "Sheet1"
	put := func(col, row int, v string) {
		name, _ := excelize.CoordinatesToCellName(col, row)
		if v == "" {
			return
		}
		if f, err := strconv.ParseFloat(v, 64); err == nil && strings.Trim(v, "0123456789.-") == "" {
			_ = x.SetCellFloat(sh, name, f, -1, 64)
			return
		}
		_ = x.SetCellStr(sh, name, v)
	}
	for j, h := range c.Header {
		put(j+1, 1, h)
	}
	at := 2
	for i, row := range c.Rows {
		if c.Blank[i] {
			at++
		}
		for j, v := range row {
			put(j+1, at, v)
		}
		at++
	}
	b, err := x.WriteToBuffer()
	if err != nil {
		panic(err)
	}
	return b.String()
}

// sheetRowsWritten are the rows of the case's sheet as a spreadsheet
// numbers them (D41), worked out from how it was written: the header is
// row 1, a blank line or row is a row of its own, and a row whose cells
// are all empty is blank; JSON lines have no sheet rows (nil).
func sheetRowsWritten(c proptest.FlowSheet, name string) []int {
	if strings.HasSuffix(name, ".jsonl") {
		return nil
	}
	var out []int
	at := 2
	for i, row := range c.Rows {
		if c.Blank[i] {
			at++
		}
		if strings.Join(row, "") != "" {
			out = append(out, at)
		}
		at++
	}
	return out
}

func ints(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// rowKey is the -key value of row i as JSON carries it: control
// characters as escapes (D37).
func rowKey(d *data.Data, i int) string {
	k, _ := d.Row(i)["id"].(string)
	return echo.Clean(k)
}
