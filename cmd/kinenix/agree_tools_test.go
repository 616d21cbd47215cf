package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/cmd/kinenix/internal/lsp"
	"github.com/kinenix/expressions/cmd/kinenix/internal/play"
	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
)

// One rule, one place (D43): the editor (`kinenix lsp` with the data file
// as its `data` option) and the playground (`check` with the same data and
// row 0) report what `kinenix validate -data FILE` reports for the first
// row (-row 0 for a sheet), with the same severity: a field that fails on
// the row is an error, and a missing key on the same field does not hide
// it. Every example flow is checked with every example data file, and the
// cases the acceptance probe found.
func TestEditorAndPlaygroundAgreeWithValidate(t *testing.T) {
	dir := "../../examples"
	renewals, err := os.ReadFile(filepath.Join(dir, "renewals.md"))
	require.NoError(t, err)
	type pair struct {
		flow, data string
		row        int // of a sheet
	}
	var pairs []pair
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var flows, datas []string
	for _, e := range entries {
		switch filepath.Ext(e.Name()) {
		case ".md":
			flows = append(flows, filepath.Join(dir, e.Name()))
		case ".json", ".yaml", ".csv", ".xlsx":
			datas = append(datas, filepath.Join(dir, e.Name()))
		}
	}
	for _, f := range flows {
		for _, d := range datas {
			pairs = append(pairs, pair{f, d, 0})
		}
	}
	pairs = append(pairs,
		// T1: a field that fails on the row is an error.
		pair{writeFlow(t, "h.md", "- **a:** ${number(row.Price) * 2} ${row.Prise}\n- **b:** ${row.Name}\n"),
			writeFile(t, "s.csv", "Name,Price\nx,\"12,5\"\ny,3\n"), 0},
		// T2: a missing key on the field does not hide its failure.
		pair{writeFlow(t, "r.md", string(renewals)+"- **x:** ${row.Premum} ${number(row.Premium) / 0}\n"),
			filepath.Join(dir, "renewals.xlsx"), 0},
		// T3: a field stops at its first failure, as it runs.
		pair{writeFlow(t, "z.md", "- **x:** ${1/0} ${number(row.a) / 0}\n"), writeFile(t, "z.json", `{"row":{"a":""}}`), 0},
		// T4: past the bound of D35 the editor still lists what validate lists.
		pair{writeFlow(t, "many.md", manyUnknown(1201)), writeFile(t, "d.json", `{"row":{"a":1}}`), 0},
		// T5 (review R9): a column of a sheet that holds text, read as a
		// number, checked with its row 1: the row's findings, as
		// validate -row 1 lists them, and no column warning of every row.
		pair{writeFlow(t, "col.md", "- **condition:** ${row.amount} > 5\n- **twice:** ${row.amount * 2}\n"),
			writeFile(t, "col.csv", "amount\n10\nn/a\n20\n"), 1},
		pair{writeFlow(t, "col2.md", "- **condition:** ${row.amount} > 5\n"),
			writeFile(t, "col2.csv", "amount\n10\nn/a\n20\n"), 0},
	)
	errorsSeen := 0
	for _, p := range pairs {
		name := filepath.Base(p.flow) + " with " + filepath.Base(p.data)
		args := []string{"validate", "-json", "-data", p.data, p.flow}
		if sheetExt(p.data) {
			args = []string{"validate", "-json", "-row", strconv.Itoa(p.row), "-data", p.data, p.flow}
		}
		r := runCLI(t, "", args...)
		require.Empty(t, r.stderr, name)
		var found []record.Finding
		require.NoError(t, json.Unmarshal([]byte(r.stdout), &found), name)
		var want []string
		for _, f := range found {
			want = append(want, problemLine(f.Line, f.Column, f.Warning, f.Kind, f.Message))
			if !f.Warning {
				errorsSeen++
			}
		}

		src, err := os.ReadFile(p.flow)
		require.NoError(t, err)
		req := play.Request{Flow: string(src), Format: strings.TrimPrefix(filepath.Ext(p.data), "."), Row: p.row}
		b, err := os.ReadFile(p.data)
		require.NoError(t, err)
		if req.Format == "xlsx" {
			req.Bytes = b
		} else {
			req.Data = string(b)
		}
		res, err := play.Check(context.Background(), req)
		require.NoError(t, err)
		require.Empty(t, res.DataError, name)
		var got []string
		for _, f := range res.Problems {
			got = append(got, problemLine(f.Line, f.Column, f.Warning, f.Kind, f.Message))
		}
		require.Equal(t, want, got, "the playground on %s", name)

		if p.row != 0 {
			continue // the editor checks with the first row of a sheet
		}
		got = editorProblems(t, p.flow, p.data, src)
		var wantEditor []string
		for _, f := range found {
			wantEditor = append(wantEditor, fmt.Sprintf("%d:%d %s", f.Line, f.Column, severity(f.Warning)))
		}
		sort.Strings(wantEditor)
		require.Equal(t, wantEditor, got, "the editor on %s", name)
	}
	require.Positive(t, errorsSeen, "some row fails, so that severity is tested")
}

func severity(warning bool) string {
	if warning {
		return "warning"
	}
	return "error"
}

func problemLine(line, col int, warning bool, kind, msg string) string {
	return fmt.Sprintf("%d:%d %s %s %s", line, col, severity(warning), kind, msg)
}

// editorProblems are the diagnostics `kinenix lsp` publishes for the flow
// opened with the data file as its `data` option, as `LINE:COL severity`
// (the flows are ASCII, so a UTF-16 column is a character's).
func editorProblems(t *testing.T, flowPath, dataPath string, src []byte) []string {
	t.Helper()
	abs, err := filepath.Abs(dataPath)
	require.NoError(t, err)
	in := frames(
		map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
			"capabilities": map[string]any{}, "initializationOptions": map[string]any{"data": abs}}},
		map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
			"textDocument": map[string]any{"uri": "file:///" + filepath.Base(flowPath), "version": 1, "text": string(src)}}},
	)
	var out bytes.Buffer
	lsp.Serve(strings.NewReader(in), &out, lsp.Options{LoadData: lspData})
	var got []string
	for _, m := range readFrames(t, out.Bytes()) {
		var method string
		_ = json.Unmarshal(m["method"], &method)
		require.NotEqual(t, "window/showMessage", method, "%s", m["params"])
		if method != "textDocument/publishDiagnostics" {
			continue
		}
		var p struct {
			Diagnostics []struct {
				Range struct {
					Start struct{ Line, Character int }
				}
				Severity int
			}
		}
		require.NoError(t, json.Unmarshal(m["params"], &p))
		for _, d := range p.Diagnostics {
			got = append(got, fmt.Sprintf("%d:%d %s", d.Range.Start.Line+1, d.Range.Start.Character+1, severity(d.Severity == 2)))
		}
	}
	sort.Strings(got)
	return got
}

// manyUnknown is a flow of n fields, each calling an unknown function.
func manyUnknown(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "- **f%d:** ${nofn%d(1)}\n", i, i)
	}
	return b.String()
}
