package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/cmd/kinenix/internal/lsp"
	"github.com/kinenix/expressions/cmd/kinenix/internal/play"
	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/kinenix/expressions/data"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/proptest"
)

// D43-D45 over flows and sheets nobody wrote by hand (proptest.FlowSheets,
// the generators of property 8): the editor and the playground report what
// validate -data and preview report.
//
//   - The editor (`kinenix lsp` with the sheet as its `data` option) and the
//     playground's check (row 0) list what `validate -data FILE -row 0`
//     lists: each finding at its line and column (the editor's UTF-16
//     positions converted to characters), with its severity, its kind and
//     its message (the editor's without the echo of the expression its
//     range marks).
//   - The playground's fields and conditions for row 0, and its table of
//     every row (whole, quick, in two parts, and after a line is added, when
//     it runs fields alone), are preview -each's rows: each cell the field's
//     text, a condition's verdict or the error's message, each row named as
//     preview names it (D41), and its summary preview -summary's.
//   - The column facts (D45) the editor's hover on a column's read shows
//     and the playground lists are those validate -data counts over the
//     rows it runs, and the playground's column warnings validate -data's.
//
// PROPTEST_SEED and PROPTEST_FACTOR set the seed and scale the number of
// cases, as in package proptest; `make proptest-long` runs 200 times more (20,000).
func TestPropToolsAgreeWithValidate(t *testing.T) {
	p := gopter.DefaultTestParametersWithSeed(propEnvInt("PROPTEST_SEED", 20261203))
	p.MinSuccessfulTests = max(1, int(100*propEnvFloat("PROPTEST_FACTOR", 1)))
	p.MaxShrinkCount = 200
	dir := t.TempDir()
	n := 0
	var tally toolsTally
	res := prop.ForAll(func(c proptest.FlowSheet) string {
		n++
		return toolsCase(t, filepath.Join(dir, strconv.Itoa(n)), c, &tally)
	}, proptest.FlowSheets()).Check(p)
	t.Logf("%d cases: %d diagnostics of the editor (%d errors), %d hovers with column facts (%d left, see agreeEditor; %d the playground's too), %d table cells (%d failing), %d column warnings",
		n, tally.diagnostics, tally.errors, tally.hovers, tally.skipped, tally.playHovers, tally.cells, tally.failed, tally.columnWarnings)
	if !res.Passed() {
		var b strings.Builder
		gopter.NewFormatedReporter(true, 160, &b).ReportTestResult("the editor and the playground agree with validate", res)
		t.Fatal(b.String())
	}
}

// toolsTally counts what the cases compared, so that the log shows it.
type toolsTally struct {
	diagnostics, errors, hovers, skipped, playHovers, cells, failed, columnWarnings int
}

// toolsCase checks one case; the sheet is CSV, XLSX or JSON lines (which
// the editor reads and the playground does not), chosen by the case.
func toolsCase(t *testing.T, dir string, c proptest.FlowSheet, tally *toolsTally) (msg string) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err.Error()
	}
	sheetName, sheetText := "s.csv", c.CSV()
	switch len(sheetText) % 3 {
	case 1:
		sheetName, sheetText = "s.xlsx", agreeXLSX(c)
	case 2:
		sheetName, sheetText = "s.jsonl", c.JSONL()
	}
	defer func() {
		if msg != "" {
			msg = "with the sheet as " + sheetName + ": " + msg + "\n" + c.String()
		}
	}()
	src := []byte(c.FlowText())
	fl, sh := filepath.Join(dir, "g.md"), filepath.Join(dir, sheetName)
	if os.WriteFile(fl, src, 0o600) != nil || os.WriteFile(sh, []byte(sheetText), 0o600) != nil {
		return "cannot write the case"
	}
	d, err := data.Decode(sheetName, []byte(sheetText))
	if err != nil {
		return "the sheet does not read: " + err.Error()
	}
	if d.Len() == 0 {
		return "" // every record blank: a sheet without rows, said once (TestValidateHeaderOnly)
	}

	// What validate -data -row 0 lists, and what validate -data lists of
	// the columns over every row.
	v0 := runCLI(t, "", "validate", "-json", "-row", "0", "-data", sh, fl)
	var row0 []record.Finding
	if err := json.Unmarshal([]byte(v0.stdout), &row0); err != nil {
		return "validate -row 0 -json: " + err.Error() + ": " + v0.stdout + v0.stderr
	}
	va := runCLI(t, "", "validate", "-json", "-data", sh, fl)
	var every []record.Finding
	if err := json.Unmarshal([]byte(va.stdout), &every); err != nil {
		return "validate -json: " + err.Error() + ": " + va.stdout + va.stderr
	}
	colWarn := map[string][]string{} // column warnings by the column's expression
	for _, f := range every {
		if f.Kind == "column" {
			colWarn[f.Expression] = append(colWarn[f.Expression], f.Message)
			tally.columnWarnings++
		}
	}
	facts, err := validateFacts(sh, fl, src)
	if err != nil {
		return err.Error()
	}

	var req *play.Request // the playground reads no JSON lines
	if sheetName != "s.jsonl" {
		req = &play.Request{Flow: string(src), Format: strings.TrimPrefix(filepath.Ext(sh), "."), Data: sheetText}
		if req.Format == "xlsx" {
			req.Data, req.Bytes = "", []byte(sheetText)
		}
	}
	spans, msg := agreeEditor(t, c, row0, facts, fl, sh, src, req, tally)
	if msg != "" || req == nil {
		return msg
	}

	// preview -each: the rows the playground's table shows.
	rows, msg := previewRows(t, sh, fl)
	if msg != "" {
		return msg
	}
	res, err := play.Check(context.Background(), *req)
	if err != nil || res.DataError != "" {
		return fmt.Sprintf("the playground: %v %s", err, res.DataError)
	}
	var want, got []string
	for _, f := range row0 {
		want = append(want, problemLine(f.Line, f.Column, f.Warning, f.Kind, noEnv(f, "the playground")))
	}
	for _, f := range res.Problems {
		got = append(got, problemLine(f.Line, f.Column, f.Warning, f.Kind, f.Message))
	}
	if !slices.Equal(want, got) {
		return fmt.Sprintf("the playground with row 0 reports\n%s\nvalidate -row 0\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Each problem spans what the editor's diagnostic spans.
	var pspans []string
	for _, f := range res.Problems {
		pspans = append(pspans, fmt.Sprintf("%d:%d-%d:%d", f.Line, f.Column, f.EndLine, f.EndColumn))
	}
	slices.Sort(pspans)
	if !slices.Equal(pspans, spans) {
		return fmt.Sprintf("the playground's problems span %v, the editor's diagnostics %v", pspans, spans)
	}
	if res.Rows != d.Len() {
		return fmt.Sprintf("the playground counts %d rows, the sheet has %d", res.Rows, d.Len())
	}
	// Its fields and conditions are preview's row 0.
	var shown []string
	for _, f := range res.Fields {
		shown = append(shown, showCell(f.Line, false, f.Result, f.Error))
	}
	for _, f := range res.Conditions {
		shown = append(shown, showCell(f.Line, true, strconv.FormatBool(f.Verdict), f.Error))
	}
	slices.Sort(shown)
	if want := previewCells(rows[0], false); !slices.Equal(shown, want) {
		return fmt.Sprintf("the playground's fields with row 0 are\n%s\npreview's\n%s", strings.Join(shown, "\n"), strings.Join(want, "\n"))
	}
	// Its columns are validate's facts, with validate's warnings.
	var wantCols, gotCols []string
	for _, f := range facts {
		ws := colWarn[astKeyPath(f.Name)]
		wantCols = append(wantCols, fmt.Sprintf("%s line %d numeric %v: %s %q", f.Name, f.Line, f.Numeric, f, ws))
	}
	for _, col := range res.Columns {
		gotCols = append(gotCols, fmt.Sprintf("%s line %d numeric %v: %s %q", col.Name, col.Line, col.Numeric, col.Facts, col.Warnings))
	}
	if !slices.Equal(wantCols, gotCols) {
		return fmt.Sprintf("the playground's columns are\n%s\nvalidate's\n%s", strings.Join(gotCols, "\n"), strings.Join(wantCols, "\n"))
	}

	// The table, whole, quick, in two parts, and with a line added.
	if msg := agreeTable(t, *req, rows, sh, fl, tally); msg != "" {
		return msg
	}
	if len(c.Lines) == 0 || len(rows) < 2 {
		return ""
	}
	// A field new to the table, the others known: the table runs it
	// alone over the rows.
	more := append(slices.Clone(src), []byte("- **extra:** x "+c.Lines[0].Value+"\n")...)
	fl2 := filepath.Join(dir, "g2.md")
	if os.WriteFile(fl2, more, 0o600) != nil {
		return "cannot write the case"
	}
	rows2, msg := previewRows(t, sh, fl2)
	if msg != "" {
		return msg
	}
	req.Flow = string(more)
	if msg := agreeTable(t, *req, rows2, sh, fl2, tally); msg != "" {
		return "with a line added: " + msg
	}
	return ""
}

// astKeyPath is how a finding names the column X: row.X, or row['X'].
func astKeyPath(name string) string { return ast.KeyPath("row", name) }

// previewRows are preview -each's rows of the flow fl over the sheet sh.
func previewRows(t *testing.T, sh, fl string) ([]agreeRow, string) {
	jl := runCLI(t, "", "preview", "-each", "-format", "jsonl", "-data", sh, fl)
	var rows []agreeRow
	for line := range strings.SplitSeq(strings.TrimSuffix(jl.stdout, "\n"), "\n") {
		var r agreeRow
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			return nil, "preview -format jsonl: " + err.Error() + ": " + line + jl.stderr
		}
		rows = append(rows, r)
	}
	return rows, ""
}

// showCell is a field or condition of a row as the tools compare it.
func showCell(line int, condition bool, text, err string) string {
	if err != "" {
		return fmt.Sprintf("%d error %s", line, err)
	}
	return fmt.Sprintf("%d %v %q", line, condition, text)
}

// previewCells are the fields of a row of preview, as showCell shows
// them, sorted; cut cuts a field's text as a table's cell does.
func previewCells(r agreeRow, cut bool) []string {
	var out []string
	for _, f := range r.Fields {
		text := fmt.Sprint(f.Result)
		if s, ok := f.Result.(string); ok && cut {
			text = cellText(s)
		}
		out = append(out, showCell(f.Line, f.Kind == "condition", text, f.Error))
	}
	slices.Sort(out)
	return out
}

// cellText is s as a table's cell shows it: its first MaxCell bytes, cut
// before a character that does not fit whole.
func cellText(s string) string {
	if len(s) <= play.MaxCell {
		return s
	}
	n := play.MaxCell
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// agreeTable: the playground's table of the flow in req over every row is
// preview's rows, asked for whole, quick from the second row, and in two
// parts; its summary counts what preview -summary counts.
func agreeTable(t *testing.T, req play.Request, rows []agreeRow, sh, fl string, tally *toolsTally) string {
	ctx := context.Background()
	check := func(what string, tr *play.TableResult, from int, summary bool) string {
		if tr.DataError != "" || tr.Stopped != "" || tr.RowsLeft != 0 {
			return fmt.Sprintf("the table %s: %q %q, %d rows left", what, tr.DataError, tr.Stopped, tr.RowsLeft)
		}
		for k, r := range tr.Rows {
			i := from + k
			if i >= len(rows) {
				return fmt.Sprintf("the table %s has rows[%d], preview %d rows", what, i, len(rows))
			}
			p := rows[i]
			if p.Row == nil || r.Row != *p.Row || r.SheetRow != p.SheetRow {
				return fmt.Sprintf("the table %s names row %d as rows[%d] (sheet row %d), preview as %v (sheet row %d)", what, i, r.Row, r.SheetRow, p.Row, p.SheetRow)
			}
			if len(r.Cells) != len(p.Fields) {
				return fmt.Sprintf("the table %s has %d cells in rows[%d], preview %d fields", what, len(r.Cells), i, len(p.Fields))
			}
			var got []string
			fails := 0
			for j, cell := range r.Cells {
				f := p.Fields[j]
				got = append(got, showCell(f.Line, f.Kind == "condition", cell.Text, cell.Error))
				if cell.Error != "" {
					fails++
				}
				if s, ok := f.Result.(string); ok && cell.Cut != len(s)-len(cellText(s)) {
					return fmt.Sprintf("the table %s cuts %d bytes of rows[%d] line %d, of %d", what, cell.Cut, i, f.Line, len(s))
				}
			}
			slices.Sort(got)
			if want := previewCells(p, true); !slices.Equal(got, want) {
				return fmt.Sprintf("the table %s shows rows[%d] as\n%s\npreview\n%s", what, i, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			if fails != r.Fails {
				return fmt.Sprintf("the table %s counts %d fails in rows[%d], its cells %d", what, r.Fails, i, fails)
			}
			tally.cells += len(r.Cells)
			tally.failed += fails
		}
		if !summary {
			return ""
		}
		// The summary counts every row, as preview -summary does, and
		// names the first rows that fail.
		var want []string
		for _, sf := range previewSummary(t, sh, fl).Fields {
			sf.FailRows, sf.FailSheetRows = sf.FailRows[:min(len(sf.FailRows), play.MaxFirstRows)], sf.FailSheetRows[:min(len(sf.FailSheetRows), play.MaxFirstRows)]
			b, _ := json.Marshal(sf)
			want = append(want, string(b))
		}
		var got []string
		for _, sf := range tr.Summary.Fields {
			b, _ := json.Marshal(sf)
			got = append(got, string(b))
		}
		if tr.Summary.Rows != len(rows) || !slices.Equal(got, want) {
			return fmt.Sprintf("the table's summary %s counts %d rows\n%s\npreview -summary %d\n%s", what, tr.Summary.Rows, strings.Join(got, "\n"), len(rows), strings.Join(want, "\n"))
		}
		return ""
	}
	whole, err := play.Table(ctx, play.TableRequest{Request: req})
	if err != nil {
		return "the table: " + err.Error()
	}
	if whole.Total != len(rows) || len(whole.Rows) != len(rows) {
		return fmt.Sprintf("the table has %d rows (%d shown), preview %d", whole.Total, len(whole.Rows), len(rows))
	}
	if msg := check("whole", whole, 0, true); msg != "" {
		return msg
	}
	quick, err := play.Table(ctx, play.TableRequest{Request: req, Offset: 1, Limit: 2, Quick: true})
	if err != nil {
		return "the quick table: " + err.Error()
	}
	if msg := check("quick from rows[1]", quick, 1, !quick.Partial); msg != "" {
		return msg
	}
	from := 0
	for part := range 2 {
		tr, err := play.Table(ctx, play.TableRequest{Request: req, Part: part, Parts: 2})
		if err != nil {
			return "the table's part: " + err.Error()
		}
		if msg := check(fmt.Sprintf("part %d of 2", part), tr, from, false); msg != "" {
			return msg
		}
		from += len(tr.Rows)
	}
	if from != len(rows) {
		return fmt.Sprintf("the table's two parts have %d rows, preview %d", from, len(rows))
	}
	return ""
}

// previewSummary is preview -summary -json's summary of the flow fl over
// the sheet sh.
func previewSummary(t *testing.T, sh, fl string) record.Summary {
	sm := runCLI(t, "", "preview", "-summary", "-json", "-data", sh, fl)
	var doc struct {
		Files []struct {
			Summary record.Summary `json:"summary"`
		} `json:"files"`
	}
	if err := json.Unmarshal([]byte(sm.stdout), &doc); err != nil || len(doc.Files) != 1 {
		return record.Summary{Rows: -1}
	}
	return doc.Files[0].Summary
}

// validateFacts are the column facts (D45) validate -data counts over the
// rows of the sheet sh as it runs the flow src (validateCounted).
func validateFacts(sh, fl string, src []byte) ([]flow.ColumnFacts, error) {
	var errb bytes.Buffer
	c := &cli{stdin: strings.NewReader(""), stdout: io.Discard, stderr: &errb}
	plan, _, done := c.planRows("validate", &dataFlags{file: sh}, true, "")
	if done {
		return nil, fmt.Errorf("validate's plan: %s", errb.String())
	}
	_, counter, stop := validateCounted(context.Background(), fl, src, plan, nil, nil, true)
	if stop != nil {
		return nil, fmt.Errorf("validate stops: %v", stop)
	}
	if counter == nil {
		return nil, nil
	}
	return counter.c.Facts(), nil
}

// agreeEditor: `kinenix lsp` with the sheet as its data publishes for the
// flow what validate -row 0 lists (row0), and its hover on each column's
// first read shows the column's facts as validate counts them.
//
// With req, the playground's request of the same flow and sheet, the
// playground's hover at the same place shows what the editor's shows
// before the column's facts, over the same text; spans are where the
// editor's diagnostics start and end, as `LINE:COL-LINE:COL`, sorted.
func agreeEditor(t *testing.T, c proptest.FlowSheet, row0 []record.Finding, facts []flow.ColumnFacts, fl, sh string, src []byte, req *play.Request, tally *toolsTally) (spans []string, msg string) {
	abs, err := filepath.Abs(sh)
	if err != nil {
		return nil, err.Error()
	}
	lines := strings.Split(string(src), "\n")
	uri := "file://" + filepath.ToSlash(fl)
	msgs := []any{
		map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
			"capabilities": map[string]any{}, "initializationOptions": map[string]any{"data": abs}}},
		map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
			"textDocument": map[string]any{"uri": uri, "version": 1, "text": string(src)}}},
	}
	// A hover on the last character of each column's first read: `row.X`
	// or `row['X']` where flow.Columns says it starts.
	type asked struct {
		col       flow.ColumnFacts
		read      string
		line, u16 int
	}
	hovers := map[int]asked{}
	for _, f := range facts {
		line := []rune(lines[f.Line-1])
		rest := string(line[f.Column-1:])
		read := ""
		for _, r := range []string{"row['" + f.Name + "']", `row["` + f.Name + `"]`, "row." + f.Name} {
			if strings.HasPrefix(rest, r) {
				read = r
				break
			}
		}
		if read == "" {
			return nil, fmt.Sprintf("the column %q is first read at %d:%d, where no read of it starts: %s", f.Name, f.Line, f.Column, rest)
		}
		if slices.ContainsFunc(c.Header, func(h string) bool { return len(h) > len(f.Name) && strings.HasPrefix(rest, "row."+h) }) {
			// Left for a ruling: `${row.a-b}` over a sheet with the
			// column a-b reads that column (E1, D12: a path found in
			// the data wins), but the column facts (flow.Columns, from
			// eval's Reads without data) count the expression's row.a,
			// and the hover on it shows no facts.
			tally.skipped++
			continue
		}
		at := f.Column - 1 + len([]rune(read)) - 1
		if strings.HasSuffix(read, "]") {
			at -= 2 // on the name's last character, not the quote
		}
		id := 100 + len(hovers)
		hovers[id] = asked{f, read, f.Line, utf16Len(string(line[:at]))}
		msgs = append(msgs, map[string]any{"jsonrpc": "2.0", "id": id, "method": "textDocument/hover", "params": map[string]any{
			"textDocument": map[string]any{"uri": uri},
			"position":     map[string]any{"line": f.Line - 1, "character": utf16Len(string(line[:at]))}}})
	}
	var out bytes.Buffer
	lsp.Serve(strings.NewReader(frames(msgs...)), &out, lsp.Options{LoadData: lspData})
	var got []string
	published := false
	for _, m := range readFramesErr(out.Bytes()) {
		var method string
		_ = json.Unmarshal(m["method"], &method)
		if method == "window/showMessage" {
			return nil, fmt.Sprintf("the editor shows a message: %s", m["params"])
		}
		var id int
		if json.Unmarshal(m["id"], &id) == nil && id >= 100 {
			h := hovers[id]
			var r struct {
				Contents struct{ Value string }
				Range    struct{ Start, End struct{ Line, Character int } }
			}
			if string(m["result"]) == "null" && h.col.Values() == 0 {
				continue // a key no row holds: the hover shows nothing (the diagnostic says it is not found)
			}
			if string(m["result"]) == "null" || json.Unmarshal(m["result"], &r) != nil {
				return nil, fmt.Sprintf("the editor shows no hover on the read %s of the column %q (line %d): %s", h.read, h.col.Name, h.col.Line, m["result"])
			}
			want := "\n\nColumn over " + strconv.Itoa(d0Rows(facts)) + " rows: " + h.col.String()
			if !strings.HasSuffix(r.Contents.Value, want) {
				return nil, fmt.Sprintf("the editor's hover on %s (line %d) is\n%s\nnot what validate counts of the column:%s", h.read, h.col.Line, r.Contents.Value, want)
			}
			tally.hovers++
			if req == nil {
				continue
			}
			body, _ := json.Marshal(play.CursorRequest{Request: *req, Line: h.line, Column: h.u16})
			out, err := play.Call(context.Background(), "hover", body)
			var ph *lsp.Hover
			if err != nil || json.Unmarshal(out, &ph) != nil {
				return nil, fmt.Sprintf("the playground's hover: %v %s", err, out)
			}
			shown := strings.TrimSuffix(r.Contents.Value, want)
			if ph == nil && strings.HasSuffix(shown, ": not in the sample's row") {
				continue // the playground lists a column's facts with its columns, not in a hover (spec, D45)
			}
			if ph == nil || ph.Text != shown || ph.From != r.Range.Start.Character || ph.To != r.Range.End.Character {
				return nil, fmt.Sprintf("the editor's hover on %s (line %d) is %q at %d-%d, the playground's %+v", h.read, h.line, shown, r.Range.Start.Character, r.Range.End.Character, ph)
			}
			tally.playHovers++
			continue
		}
		if method != "textDocument/publishDiagnostics" {
			continue
		}
		published = true
		var p struct {
			Diagnostics []struct {
				Range struct {
					Start, End struct{ Line, Character int }
				}
				Severity int
				Code     string
				Message  string
			}
		}
		if err := json.Unmarshal(m["params"], &p); err != nil {
			return nil, err.Error()
		}
		got, spans = got[:0], spans[:0]
		for _, d := range p.Diagnostics {
			col := charsOfUTF16(lines[d.Range.Start.Line], d.Range.Start.Character) + 1
			got = append(got, fmt.Sprintf("%d:%d %s %s %s", d.Range.Start.Line+1, col, severity(d.Severity == 2), d.Code, d.Message))
			end := charsOfUTF16(lines[d.Range.End.Line], d.Range.End.Character) + 1
			spans = append(spans, fmt.Sprintf("%d:%d-%d:%d", d.Range.Start.Line+1, col, d.Range.End.Line+1, end))
		}
		slices.Sort(spans)
	}
	if !published {
		return nil, "the editor publishes no diagnostics"
	}
	var want []string
	for _, f := range row0 {
		want = append(want, fmt.Sprintf("%d:%d %s %s %s", f.Line, f.Column, severity(f.Warning), f.Kind, editorMessage(f, got)))
		tally.diagnostics++
		if !f.Warning {
			tally.errors++
		}
	}
	if !slices.Equal(got, want) {
		return nil, fmt.Sprintf("the editor publishes\n%s\nvalidate -row 0 lists\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	return spans, ""
}

// d0Rows is the number of rows the facts were counted over.
func d0Rows(facts []flow.ColumnFacts) int {
	if len(facts) == 0 {
		return 0
	}
	n := 0
	for _, k := range facts[0].Kinds {
		n += k.Count
	}
	return n
}

// editorMessage is validate's message of f as the editor shows it: the
// same, or without the echo of the expression that starts it (`${X}: `,
// after `condition: ` in a condition line), which the diagnostic's range
// marks; got are the editor's lines, of which one must be the one or the
// other.
//
// The editor has no -env flag: an env.NAME that is not read says when the
// flow reads it (spec, section 12), in place of validate's `run with -env
// NAME` (noEnv).
func editorMessage(f record.Finding, got []string) string {
	head := fmt.Sprintf("%d:%d %s %s ", f.Line, f.Column, severity(f.Warning), f.Kind)
	msg := noEnv(f, "the editor")
	rest, _ := strings.CutPrefix(msg, "condition: ")
	short, ok := strings.CutPrefix(rest, "${"+f.Expression+"}: ")
	if ok && slices.Contains(got, head+short) {
		return short
	}
	return msg
}

// noEnv is validate's message of f as a tool without -env shows it, tool
// naming it: an env.NAME that is not read says when the flow reads it, in
// place of validate's `run with -env NAME`, which the tool cannot follow.
func noEnv(f record.Finding, tool string) string {
	if before, name, ok := strings.Cut(f.Message, "the environment is not read; run with -env "); ok && f.Kind == "trap" {
		return before + tool + " reads no environment, so this is empty here; the flow reads env." + name + " when it runs with -env " + name
	}
	return f.Message
}

// utf16Len is the length of s in UTF-16 code units, as LSP counts.
func utf16Len(s string) int { return len(utf16.Encode([]rune(s))) }

// charsOfUTF16 is the number of characters in the first n UTF-16 code
// units of s.
func charsOfUTF16(s string, n int) int {
	k := 0
	for _, r := range s {
		if n <= 0 {
			break
		}
		n -= len(utf16.Encode([]rune{r}))
		k++
	}
	return k
}

// readFramesErr splits the server's output into message bodies; what is
// not a frame ends them.
func readFramesErr(out []byte) []map[string]json.RawMessage {
	var msgs []map[string]json.RawMessage
	for len(out) > 0 {
		head, rest, ok := bytes.Cut(out, []byte("\r\n\r\n"))
		if !ok {
			return msgs
		}
		n, err := strconv.Atoi(strings.TrimPrefix(string(head), "Content-Length: "))
		if err != nil || n > len(rest) {
			return msgs
		}
		var m map[string]json.RawMessage
		if json.Unmarshal(rest[:n], &m) == nil {
			msgs = append(msgs, m)
		}
		out = rest[n:]
	}
	return msgs
}
