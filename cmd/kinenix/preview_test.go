package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/kinenix/expressions/flow"
)

// A flow with fields, a condition, a failing field, fenced code and
// lines that are not fields.
const previewFlow = "# Flow\n\nText ${lenght(x)} that is not a field.\n\n" +
	"- **to:** ${config.email.to}\n" +
	"```\n- **hidden:** ${nothing(}\n```\n" +
	"- **subject:** ${len(packages)} packages\n" +
	"- **broken:** ${lenght(rows)}\n" +
	"- **condition:** ${row.status} == Active and ${row.amount} > 5\n"

// Issue #12: every field rendered and every condition with its verdict, in
// file order, one line each; a failing field shows its error and exit 1.
func TestPreviewText(t *testing.T) {
	p := writeFlow(t, "flow.md", previewFlow)
	r := runCLI(t, "", "preview", "-data", example, p)
	require.Equal(t, 1, r.code, r.stderr)
	require.Empty(t, r.stderr)
	require.Equal(t, p+":5: to: underwriting@example.co.th\n"+
		p+":9: subject: 5 packages\n"+
		p+":10: broken: error: ${lenght(rows)}: unknown function lenght; did you mean len?\n"+
		p+":11: condition: false\n", r.stdout)

	// -explain: the parts of a condition follow it, indented, as
	// `kinenix cond -explain` prints them.
	r = runCLI(t, "", "preview", p, "-explain", "-data", example)
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stdout, p+":11: condition: false\n"+
		"  ${row.status} == Active: 'Active' -> true\n"+
		"  ${row.amount} > 5: 3 -> false\n")
	cond := runCLI(t, "", "cond", "-explain", "-data", example, "${row.status} == Active and ${row.amount} > 5")
	require.Equal(t, "${row.status} == Active: 'Active' -> true\n${row.amount} > 5: 3 -> false\nfalse\n", cond.stdout)

	// A clean flow exits 0; without data every lookup is empty.
	clean := writeFlow(t, "clean.md", "- **to:** [${config.email.to}]\n- **condition:** ${row.status} is empty\n")
	r = runCLI(t, "", "preview", clean)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, clean+":1: to: []\n"+clean+":2: condition: true\n", r.stdout)

	// A file that cannot be read: exit 2, the others are still shown.
	r = runCLI(t, "", "preview", "missing.md", clean)
	require.Equal(t, 2, r.code)
	require.Equal(t, "kinenix: flow file missing.md does not exist\n", r.stderr)
	require.Equal(t, clean+":1: to: []\n"+clean+":2: condition: true\n", r.stdout)

	// A flow on standard input.
	r = runCLI(t, "- **x:** ${1 + 2}\n", "preview", "-")
	require.Equal(t, 0, r.code)
	require.Equal(t, "-:1: x: 3\n", r.stdout)

	// Too large to read.
	big := writeFlow(t, "big.md", strings.Repeat("x", flow.MaxSize+1))
	r = runCLI(t, "", "preview", big)
	require.Equal(t, 1, r.code)
	require.Equal(t, big+": error: the flow is larger than 1 MiB; it was not previewed\n", r.stdout)

	r = runCLI(t, "", "preview")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "usage: kinenix preview")
}

// sheet writes a CSV sheet and returns its path.
func sheet(t *testing.T) string {
	p := filepath.Join(t.TempDir(), "policies.csv")
	require.NoError(t, os.WriteFile(p, []byte("policy_no,status,premium\nP-1,Active,100\nP-2,Lapsed,\nP-3,Active,abc\n"), 0o600))
	return p
}

const sheetFlow = "- **policy:** ${row.policy_no} of ${len(rows)}\n" +
	"- **monthly:** ${number(row.premium) / 12}\n" +
	"- **condition:** ${row.status} == Active\n"

// Issue #12: -row picks a sheet row (0 by default, negative from the end,
// as the language indexes); -each runs every row, each after `rows[N]
// (sheet row M):` (D41).
func TestPreviewRows(t *testing.T) {
	csv := sheet(t)
	p := writeFlow(t, "flow.md", sheetFlow)
	row0 := p + ":1: policy: P-1 of 3\n" + p + ":2: monthly: 8.333333333333333333333333333333333\n" + p + ":3: condition: true\n"
	// D41: the one row of a sheet is named as each of -each is, the
	// first by default; -row N keeps the index, -key adds the value.
	r := runCLI(t, "", "preview", "-data", csv, p)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "rows[0] (sheet row 2):\n"+row0, r.stdout)
	r = runCLI(t, "", "preview", "-data", csv, "-row", "0", p)
	require.Equal(t, "rows[0] (sheet row 2):\n"+row0, r.stdout)
	r = runCLI(t, "", "preview", "-data", csv, "-row", "0", "-key", "policy_no", p)
	require.Equal(t, "rows[0] (sheet row 2, P-1):\n"+row0, r.stdout)

	last := p + ":1: policy: P-3 of 3\n" +
		p + ":2: monthly: error: ${number(row.premium) / 12}: number: no number in 'abc'\n" +
		p + ":3: condition: true\n"
	for _, n := range []string{"2", "-1"} {
		r = runCLI(t, "", "preview", "-data", csv, "-row", n, p)
		require.Equal(t, 1, r.code, n)
		require.Equal(t, "rows[2] (sheet row 4):\n"+last, r.stdout, n)
	}

	r = runCLI(t, "", "preview", "-data", csv, "-each", p)
	require.Equal(t, 1, r.code)
	require.Equal(t, "rows[0] (sheet row 2):\n"+row0+
		"rows[1] (sheet row 3):\n"+p+":1: policy: P-2 of 3\n"+
		p+":2: monthly: error: ${number(row.premium) / 12}: number(row.premium) is empty; use default(number(row.premium), 0)\n"+
		p+":3: condition: false\n"+
		"rows[2] (sheet row 4):\n"+last+
		// after the rows, the column warning validate -data gives (D43, D45)
		p+":2:25: warning: column premium is read as a number, but rows[2] (sheet row 4) holds text that is not a number ('abc'); correct the data: a field reads the column as a number on every row, and no condition can leave a row out of a field\n", r.stdout)

	// render and cond take -row too, and an error with a row's data
	// names the row (D41); with data that is not a sheet, none.
	r = runCLI(t, "", "render", "-data", csv, "-row", "-2", "${row.policy_no}")
	require.Equal(t, "P-2\n", r.stdout)
	r = runCLI(t, "", "cond", "-row", "1", "-data", csv, "${row.status} == Lapsed")
	require.Equal(t, "true\n", r.stdout)
	for _, args := range [][]string{
		{"render", "-data", csv, "-row", "2", "${number(row.premium)}"},
		{"render", "-json", "-data", csv, "-row", "2", "${number(row.premium)}"},
		{"cond", "-data", csv, "-row", "2", "${number(row.premium)} > 3"},
	} {
		r = runCLI(t, "", args...)
		require.Equal(t, 1, r.code, args)
		want := "${number(row.premium)}: number: no number in 'abc' (rows[2] (sheet row 4))\n"
		if args[0] == "cond" {
			want = "condition: " + want // D37
		}
		require.Equal(t, want, r.stderr, args)
	}
	r = runCLI(t, "", "cond", "-data", csv, "-row", "2", "${row.status} == a or b")
	require.Equal(t, "false\n", r.stdout)
	require.True(t, strings.HasSuffix(r.stderr, "write ${row.status} in a, b (rows[2] (sheet row 4))\n"), r.stderr)
	r = runCLI(t, "", "render", "-data", writeFile(t, "d.json", `{"premium": "abc"}`), "${number(premium)}")
	require.Equal(t, "${number(premium)}: number: no number in 'abc'\n", r.stderr)

	// Wrong uses: exit 2, one line.
	for _, args := range [][]string{
		{"preview", "-data", csv, "-row", "3", p},
		{"preview", "-data", csv, "-row", "-4", p},
		{"preview", "-data", csv, "-row", "x", p},
		{"preview", "-data", csv, "-row", "1", "-each", p},
		{"preview", "-data", example, "-row", "1", p}, // JSON is not a sheet
		{"preview", "-data", example, "-each", p},
		{"preview", "-each", p}, // no data
		{"preview", "-row", "0", p},
	} {
		r := runCLI(t, "", args...)
		require.Equal(t, 2, r.code, args)
		require.Empty(t, r.stdout, args)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), r.stderr)
	}
	// A -row past the rows is a usage error: it names the flag, as the
	// others do, and the rows it can pick, in every command that takes it;
	// the values it names are ones -row takes (no thousands comma).
	for _, args := range [][]string{
		{"preview", "-data", csv, "-row", "3", p},
		{"validate", "-data", csv, "-row", "3", p},
		{"render", "-data", csv, "-row", "3", "x"},
		{"cond", "-data", csv, "-row", "3", "a == a"},
	} {
		r = runCLI(t, "", args...)
		require.Equal(t, exitUsage, r.code, args)
		require.Contains(t, r.stderr, "-row 3 is out of range: the sheet in "+csv+" has 3 rows (-row 0 is the first, -row 2 or -1 the last)\n", args)
	}
	one := writeFile(t, "one.csv", "a\n1\n")
	r = runCLI(t, "", "render", "-data", one, "-row", "-2", "x")
	require.Equal(t, "kinenix: -row -2 is out of range: the sheet in "+one+" has 1 row (-row 0 or -1)\n", r.stderr)
	var big strings.Builder
	big.WriteString("a\n")
	for i := range 1500 {
		fmt.Fprintf(&big, "%d\n", i)
	}
	many := writeFile(t, "many.csv", big.String())
	r = runCLI(t, "", "render", "-data", many, "-row", "1500", "x")
	require.Equal(t, "kinenix: -row 1500 is out of range: the sheet in "+many+" has 1,500 rows (-row 0 is the first, -row 1499 or -1 the last)\n", r.stderr)
	header := writeFile(t, "header.csv", "a\n")
	r = runCLI(t, "", "render", "-data", header, "-row", "0", "x")
	require.Equal(t, "kinenix: -row 0 is out of range: the sheet in "+header+" has no rows\n", r.stderr)
}

// The JSON document of preview: files, rows, fields.
type testPreviewDoc struct {
	Files []struct {
		File  string `json:"file"`
		Error string `json:"error"`
		// Warnings are the warnings printed after the rows: the column
		// warnings of a sheet (D45), those of rows not listed.
		Warnings []map[string]any `json:"warnings"`
		Rows     []struct {
			Row    *int             `json:"row"`
			Fields []map[string]any `json:"fields"`
		} `json:"rows"`
	} `json:"files"`
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
}

func TestPreviewJSON(t *testing.T) {
	p := writeFlow(t, "flow.md", previewFlow)
	r := runCLI(t, "", "preview", "-json", "-explain", "-data", example, p)
	require.Equal(t, 1, r.code, r.stderr)
	var doc testPreviewDoc
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	require.Len(t, doc.Files, 1)
	require.Equal(t, p, doc.Files[0].File)
	require.Len(t, doc.Files[0].Rows, 1)
	require.Nil(t, doc.Files[0].Rows[0].Row, "no row index for data that is not a sheet")
	require.Equal(t, 1, doc.Errors)
	require.Equal(t, 0, doc.Warnings)
	fields := doc.Files[0].Rows[0].Fields
	require.Equal(t, []map[string]any{
		{"file": p, "line": 5.0, "column": 11.0, "label": "to", "kind": "field", "value": "${config.email.to}",
			"result": "underwriting@example.co.th"},
		{"file": p, "line": 9.0, "column": 16.0, "label": "subject", "kind": "field", "value": "${len(packages)} packages",
			"result": "5 packages"},
		{"file": p, "line": 10.0, "column": 15.0, "label": "broken", "kind": "field", "value": "${lenght(rows)}",
			"error": "${lenght(rows)}: unknown function lenght; did you mean len?"},
		{"file": p, "line": 11.0, "column": 18.0, "label": "condition", "kind": "condition",
			"value": "${row.status} == Active and ${row.amount} > 5", "result": false,
			"steps": []any{
				map[string]any{"part": "${row.status} == Active", "values": "'Active'", "result": true, "evaluated": true},
				map[string]any{"part": "${row.amount} > 5", "values": "3", "result": false, "evaluated": true},
			}},
	}, fields)

	// A sheet with -each: one row object per row, with its index; the
	// warnings of a field are in the field.
	csv := sheet(t)
	q := writeFlow(t, "sheet.md", sheetFlow+"- **typo:** ${row.statsu}\n")
	r = runCLI(t, "", "preview", "-json", "-each", "-data", csv, q)
	require.Equal(t, 1, r.code)
	doc = testPreviewDoc{}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	rows := doc.Files[0].Rows
	require.Len(t, rows, 3)
	for i, row := range rows {
		require.NotNil(t, row.Row)
		require.Equal(t, i, *row.Row)
		require.Len(t, row.Fields, 4)
		require.NotContains(t, row.Fields[2], "steps", "no steps without -explain")
		w := row.Fields[3]["warnings"].([]any)[0].(map[string]any)
		require.Equal(t, "row.statsu: no key 'statsu' in row; did you mean 'status'?", w["message"])
		require.Equal(t, "missing-key", w["kind"])
		require.Equal(t, true, w["warning"])
	}
	require.Equal(t, "P-2 of 3", rows[1].Fields[0]["result"])
	require.Equal(t, false, rows[1].Fields[2]["result"])
	require.Equal(t, 2, doc.Errors)
	require.Equal(t, 4, doc.Warnings, "three of the fields, one of the column premium (D45)")
	require.Len(t, doc.Files[0].Warnings, 1)
	require.Equal(t, "column", doc.Files[0].Warnings[0]["kind"])
	require.Equal(t, []any{2.0}, doc.Files[0].Warnings[0]["rows"])

	// A flow too large to read has its error and no rows; the next flow is
	// still previewed. Text is not HTML-escaped.
	big := writeFlow(t, "big.md", strings.Repeat("x", flow.MaxSize+1))
	amp := writeFlow(t, "amp.md", "- **x:** a & b <c>\n")
	r = runCLI(t, "", "preview", "-json", big, amp)
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stdout, `"result": "a & b <c>"`)
	doc = testPreviewDoc{}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	require.Len(t, doc.Files, 2)
	require.Equal(t, "the flow is larger than 1 MiB; it was not previewed", doc.Files[0].Error)
	require.Empty(t, doc.Files[0].Rows)
	require.Len(t, doc.Files[1].Rows, 1)
	require.Equal(t, 1, doc.Errors)

	// A flow that cannot be read is listed with its error and counted in
	// errors, as a flow too large to read; exit 2 as for any file that
	// cannot be read, said on standard error too.
	r = runCLI(t, "", "preview", "-json", "missing.md")
	require.Equal(t, 2, r.code)
	require.Equal(t, "{\n  \"files\": [\n    {\n      \"file\": \"missing.md\",\n      \"rows\": [],\n"+
		"      \"error\": \"flow file missing.md does not exist\"\n    }\n  ],\n  \"errors\": 1,\n  \"warnings\": 0\n}\n", r.stdout)
	require.Equal(t, "kinenix: flow file missing.md does not exist\n", r.stderr)

	// No files read: an empty list, not null.
	r = runCLI(t, "", "preview", "-json", t.TempDir())
	require.Equal(t, 2, r.code)
	require.Equal(t, "{\n  \"files\": [],\n  \"errors\": 0,\n  \"warnings\": 0\n}\n", r.stdout)
}

// A binary file given as a flow (a workbook, bytes with a NUL) is refused
// as a file that cannot be read, saying what it is and what a flow is.
func TestBinaryFlowRefused(t *testing.T) {
	for _, c := range []struct{ file, want string }{
		{"../../examples/renewals.xlsx", "kinenix: flow file ../../examples/renewals.xlsx is a ZIP archive (an .xlsx workbook is one), not text; a flow is a Markdown text file, and a workbook is given with -data\n"},
		{writeFile(t, "b.md", "- **a:** x\x00y\n"), "holds binary data (a NUL byte at byte 11), not text; a flow is a Markdown text file (UTF-8)\n"},
		// Notepad's "Unicode" is UTF-16: text, not binary, but not UTF-8.
		{writeFile(t, "u.md", "\xff\xfe-\x00 \x00*\x00*\x00a\x00:\x00*\x00*\x00 \x00\x01\x0e\n\x00"), "u.md is UTF-16 text (what Windows calls \"Unicode\"), not UTF-8; save the flow file as UTF-8\n"},
	} {
		for _, cmd := range []string{"validate", "preview"} {
			r := runCLI(t, "", cmd, c.file)
			require.Equal(t, 2, r.code, cmd)
			require.Empty(t, r.stdout, cmd)
			require.Contains(t, r.stderr, c.want, cmd)
		}
	}
}

// A data file given where a flow goes (a .csv, .json, .jsonl, .yaml,
// .yml or .tsv) is refused as a workbook is, with the fix, in every
// command that takes a flow; read as a flow, its text has no fields and
// passed in silence. A flow is Markdown: .md, .markdown, .txt, a name
// without an extension and standard input are read as flows.
func TestDataFileAsFlowRefused(t *testing.T) {
	flowText := "- **a:** x\n"
	for _, ext := range []string{".csv", ".json", ".jsonl", ".yaml", ".yml", ".CSV"} {
		p := writeFile(t, "rows"+ext, "a,b\n1,2\n")
		want := "kinenix: flow file " + p + " is a data file (" + strings.ToLower(ext) + "), not a flow; a flow is a Markdown text file (.md): give the data with -data " + p + " and the flow after it\n"
		for _, args := range [][]string{{"validate", p}, {"preview", p}, {"preview", "-compare", p, writeFlow(t, "f.md", flowText)}} {
			r := runCLI(t, "", args...)
			require.Equal(t, 2, r.code, "%v", args)
			require.Empty(t, r.stdout, "%v", args)
			require.Equal(t, want, r.stderr, "%v", args)
		}
	}
	p := writeFile(t, "rows.tsv", "a\tb\n1\t2\n")
	r := runCLI(t, "", "validate", p)
	require.Equal(t, 2, r.code)
	require.Equal(t, "kinenix: flow file "+p+" is a data file (.tsv), not a flow; a flow is a Markdown text file (.md), and data is given with -data as .json, .yaml, .yml, .csv, .xlsx or .jsonl: save the sheet as .csv (comma-separated) and give -data FILE.csv\n", r.stderr)

	for _, name := range []string{"f.md", "f.markdown", "f.txt", "flow"} {
		r := runCLI(t, "", "validate", writeFlow(t, name, flowText))
		require.Equal(t, 0, r.code, name+": "+r.stderr)
	}
	r = runCLI(t, flowText, "validate", "-")
	require.Equal(t, 0, r.code, r.stderr)
}

// Warnings about the data follow their field, in validate's form.
func TestPreviewWarningsText(t *testing.T) {
	p := writeFlow(t, "f.md", "- **hi:** Dear ${row.Frist Name},\n- **yearly:** ${row.premium * 12}\n- **ok:** ${row.status}\n")
	r := runCLI(t, "", "preview", "-data", example, p)
	require.Equal(t, 1, r.code)
	require.Equal(t, p+":1: hi: Dear ,\n"+
		p+":1:22: warning: row.Frist Name: no key 'Frist Name' in row; did you mean 'First Name'?\n"+
		p+":2: yearly: error: ${row.premium * 12}: row.premium is text ('15,434.75 บาท/ปี'), not a number; use number(row.premium)\n"+
		p+":3: ok: Active\n", r.stdout)
	// Without data nothing is known to be missing.
	r = runCLI(t, "", "preview", p)
	require.Equal(t, 1, r.code)
	require.Equal(t, p+":1: hi: Dear ,\n"+
		p+":2: yearly: error: ${row.premium * 12}: row.premium is empty; use default(row.premium, 0)\n"+
		p+":3: ok: \n", r.stdout)
}

// preview DIR previews every .md file below DIR, in name order.
func TestPreviewDir(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.md"), []byte("- **x:** b\n"), 0o600))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "a"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a", "c.md"), []byte("- **x:** c\n"), 0o600))
	r := runCLI(t, "", "preview", dir)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, filepath.Join(dir, "a", "c.md")+":1: x: c\n"+filepath.Join(dir, "b.md")+":1: x: b\n", r.stdout)
}

// The bundled renewals flow over the CSV and the XLSX sheet, every row:
// testdata/preview/*.golden (go test -update rewrites them). Run from the
// repository root, as the README shows the command.
func TestPreviewGolden(t *testing.T) {
	wd, err := os.Getwd()
	require.NoError(t, err)
	for _, c := range []struct {
		golden string
		args   []string
	}{
		{"renewals-csv.golden", []string{"-data", "examples/renewals.csv", "-each"}},
		{"renewals-xlsx.golden", []string{"-data", "examples/renewals.xlsx", "-each"}},
		// The JSON document the spec points to (section 14).
		{"renewals-json.golden", []string{"-json", "-explain", "-data", "examples/renewals.csv", "-row", "0"}},
	} {
		t.Run(c.golden, func(t *testing.T) {
			t.Chdir("../..")
			r := runCLI(t, "", append(append([]string{"preview"}, c.args...), "examples/renewals.md")...)
			require.Equal(t, 0, r.code, r.stdout+r.stderr)
			require.Empty(t, r.stderr)
			golden := filepath.Join(wd, "testdata", "preview", c.golden)
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
				require.NoError(t, os.WriteFile(golden, []byte(r.stdout), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test -update to write %s", golden)
			require.Equal(t, string(want), r.stdout)
		})
	}
	// The sheets give the same preview, and validate clean, every row, even
	// with -strict.
	csv, err := os.ReadFile(filepath.Join("testdata", "preview", "renewals-csv.golden"))
	require.NoError(t, err)
	xlsx, err := os.ReadFile(filepath.Join("testdata", "preview", "renewals-xlsx.golden"))
	require.NoError(t, err)
	require.Equal(t, string(csv), string(xlsx))
	require.Contains(t, string(csv), "rows[1] (sheet row 3):\n")
	for _, data := range []string{"../../examples/renewals.csv", "../../examples/renewals.xlsx"} {
		r := runCLI(t, "", "validate", "-strict", "-data", data, "../../examples/renewals.md")
		require.Equal(t, 0, r.code, r.stdout+r.stderr)
		require.Empty(t, r.stdout)
	}
}

// The formats and views of issue #20, one golden file each: the renewals
// flow, and the bench flow over a sheet of 20 rows (one fails) with the
// flow before a change (-compare). The exit status is pinned too.
func TestPreviewFormatsGolden(t *testing.T) {
	wd, err := os.Getwd()
	require.NoError(t, err)
	t.Setenv("COLUMNS", "120")
	const bench = "cmd/kinenix/testdata/preview/bench20.csv"
	for _, c := range []struct {
		golden string
		code   int
		args   []string
		stderr string // what a format with no place for warnings prints there
	}{
		{"renewals-table.golden", 0, []string{"-data", "examples/renewals.csv", "-each", "-format", "table", "-key", "policy_no", "examples/renewals.md"}, ""},
		{"renewals-format-csv.golden", 0, []string{"-data", "examples/renewals.csv", "-each", "-format", "csv", "examples/renewals.md"}, ""},
		{"renewals-jsonl.golden", 0, []string{"-data", "examples/renewals.xlsx", "-each", "-format", "jsonl", "-key", "policy_no", "examples/renewals.md"}, ""},
		{"renewals-summary.golden", 0, []string{"-data", "examples/renewals.csv", "-summary", "examples/renewals.md"}, ""},
		{"renewals-where.golden", 0, []string{"-data", "examples/renewals.csv", "-where", "${row.status} == Paid", "-key", "policy_no", "examples/renewals.md"}, ""},
		{"bench-each-summary.golden", 1, []string{"-data", bench, "-each", "-summary", "-format", "table", "bench/testdata/sheet.md"},
			"bench/testdata/sheet.md:8:25: warning: column premium is read as a number, but rows[13] (sheet row 15) holds text that is not a number ('n/a'); correct the data: a field reads the column as a number on every row, and no condition can leave a row out of a field\n"},
		{"bench-summary-json.golden", 1, []string{"-data", bench, "-summary", "-json", "bench/testdata/sheet.md"}, ""},
		{"bench-errors.golden", 1, []string{"-data", bench, "-errors", "-key", "policy_no", "bench/testdata/sheet.md"}, ""},
		{"bench-where-other.golden", 0, []string{"-data", bench, "-where", "${row.status} == Paid and ${number(row.premium)} > 510", "-format", "csv", "bench/testdata/sheet.md"}, ""},
		// line 13 holds on no row that fails: the rows it does not choose
		// are not counted, as with any other condition line
		{"bench-where-line.golden", 0, []string{"-data", bench, "-where", "13", "-format", "csv", "bench/testdata/sheet.md"}, ""},
		{"bench-compare.golden", 1, []string{"-data", bench, "-compare", "bench/testdata/sheet-old.md", "-key", "policy_no", "bench/testdata/sheet.md"}, ""},
		{"bench-compare-errors.golden", 1, []string{"-data", bench, "-compare", "bench/testdata/sheet-old.md", "-errors", "-key", "policy_no", "bench/testdata/sheet.md"}, ""},
		{"bench-compare-where.golden", 0, []string{"-data", bench, "-compare", "bench/testdata/sheet-old.md", "-where", "${row.status} == Paid", "bench/testdata/sheet.md"}, ""},
	} {
		t.Run(c.golden, func(t *testing.T) {
			t.Chdir("../..")
			r := runCLI(t, "", append([]string{"preview"}, c.args...)...)
			require.Equal(t, c.code, r.code, r.stdout+r.stderr)
			require.Equal(t, c.stderr, r.stderr)
			golden := filepath.Join(wd, "testdata", "preview", c.golden)
			if *update {
				require.NoError(t, os.WriteFile(golden, []byte(r.stdout), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test -update to write %s", golden)
			require.Equal(t, string(want), r.stdout)
		})
	}
}

// -summary alone prints only the summary, in every format: no header of
// a table or a CSV file before it.
func TestPreviewSummaryAlone(t *testing.T) {
	d := writeFile(t, "s.csv", "a\n1\nx\n")
	f := writeFlow(t, "f.md", "- **a:** ${row.a * 2}\n- **condition:** ${row.a} > 0\n")
	want := runCLI(t, "", "preview", "-data", d, "-summary", f)
	require.Equal(t, 1, want.code, want.stderr)
	require.True(t, strings.HasPrefix(want.stdout, f+": summary of 2 rows\n"), want.stdout)
	for _, format := range formats {
		r := runCLI(t, "", "preview", "-data", d, "-summary", "-format", format, f)
		require.Equal(t, want, r, format)
	}
	// D41: in JSON the rows that fail carry their -key values too.
	r := runCLI(t, "", "preview", "-json", "-data", d, "-summary", "-key", "a", f)
	var doc struct {
		Files []struct {
			Summary record.Summary `json:"summary"`
		} `json:"files"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc), r.stdout)
	require.Equal(t, []int{1}, doc.Files[0].Summary.Fields[0].FailRows)
	require.Equal(t, []string{"x"}, doc.Files[0].Summary.Fields[0].FailKeys)
	// Data that is not a sheet is one row with no index: its failing field
	// lists no rows (no -1), as its row reference has no "row".
	j := writeFile(t, "d.json", `{"row": {"a": "x"}}`)
	r = runCLI(t, "", "preview", "-json", "-data", j, "-summary", f)
	doc.Files = nil
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc), r.stdout)
	require.Equal(t, 1, doc.Files[0].Summary.Fields[0].Fail, r.stdout)
	require.Nil(t, doc.Files[0].Summary.Fields[0].FailRows, r.stdout)
	require.NotContains(t, r.stdout, "failRows", r.stdout)
}

// -format csv is RFC 4180 with a header, and a cell a spreadsheet would
// run as a formula is written after a ' (CWE-1236).
func TestPreviewCSVFormulas(t *testing.T) {
	d := writeFile(t, "s.csv", "a,b\n\"=1+2\",-5\n@x,\"q\"\"uote, and\"\n")
	f := writeFlow(t, "f.md", "- **a:** ${row.a}\n- **b:** ${row.b}\n- **condition:** ${row.a} > 1\n")
	r := runCLI(t, "", "preview", "-data", d, "-each", "-format", "csv", f)
	require.Equal(t, 1, r.code, r.stderr)
	require.Equal(t, "row,sheet_row,a,b,condition\r\n"+
		"0,2,'=1+2,'-5,\"error: condition: '${row.a} > 1': > needs numbers; '=1+2' is not a number, nor one number that number(...) reads as written\"\r\n"+
		"1,3,'@x,\"q\"\"uote, and\",\"error: condition: '${row.a} > 1': > needs numbers; '@x' is not a number, and number(...) finds none in it\"\r\n", r.stdout)
}

// countingSheet is a CSV file of n rows with one column, a, that counts
// them from 0.
func countingSheet(t *testing.T, n int) string {
	var b strings.Builder
	b.WriteString("a\n")
	for i := range n {
		b.WriteString(strconv.Itoa(i) + "\n")
	}
	return writeFile(t, "s.csv", b.String())
}

// -timeout and the run's budget stop a run with a message that says how
// far it got (D42); what was printed stands.
func TestPreviewStops(t *testing.T) {
	d := countingSheet(t, 3000)
	f := writeFlow(t, "f.md", "- **a:** ${row.a}\n")
	r := runCLI(t, "", "preview", "-data", d, "-each", "-timeout", "1ns", f)
	require.Equal(t, 1, r.code)
	require.Regexp(t, `^kinenix: .*f\.md: stopped at rows\[[0-9,]+\] \(sheet row [0-9,]+\): the run ran out of time \(-timeout 1ns\)\n$`, r.stderr)
	// D41: every format names the row as the sheet shows it, also when
	// the run stopped between rows (the next row read, not yet run).
	for _, format := range []string{"table", "csv", "jsonl"} {
		for range 10 {
			r = runCLI(t, "", "preview", "-data", d, "-each", "-format", format, "-timeout", "1ns", f)
			require.Equal(t, 1, r.code)
			require.Regexp(t, `^kinenix: .*f\.md: stopped at rows\[[0-9,]+\] \(sheet row [0-9,]+\): the run ran out of time \(-timeout 1ns\)\n$`, r.stderr, format)
		}
	}
	r = runCLI(t, "", "validate", "-data", d, "-timeout", "1ns", f)
	require.Equal(t, 1, r.code)
	require.Regexp(t, `^kinenix: .*f\.md: stopped at rows\[[0-9,]+\] \(sheet row [0-9,]+\): the run ran out of time \(-timeout 1ns\)\n$`, r.stderr)
	r = runCLI(t, "", "preview", "-json", "-data", d, "-each", "-timeout", "1ns", f)
	require.Equal(t, 1, r.code)
	// README: a run stopped by its budget or -timeout goes to standard
	// error, with -json too (as validate -json).
	require.Regexp(t, `^kinenix: .*f\.md: stopped at rows\[[0-9,]+\] \(sheet row [0-9,]+\): the run ran out of time \(-timeout 1ns\)\n$`, r.stderr)
	var doc struct {
		Files []struct {
			Error   string
			Stopped *jsonStop
		}
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc))
	require.Len(t, doc.Files, 1)
	require.Regexp(t, `^stopped at rows\[[0-9,]+\] \(sheet row [0-9,]+\): the run ran out of time \(-timeout 1ns\)$`, doc.Files[0].Error, "as the text says it")
	// D42 with D41: the JSON names the row where the run stopped.
	stopped := doc.Files[0].Stopped
	require.NotNil(t, stopped, r.stdout)
	require.NotNil(t, stopped.Row)
	// D41: the sheet row too, also when the stop came between rows
	require.Equal(t, *stopped.Row+2, stopped.SheetRow)
	require.Equal(t, doc.Files[0].Error, stopped.Message)
	require.Contains(t, stopped.Message, flow.RowName(*stopped.Row, stopped.SheetRow, ""))
	// validate -json: the stop is a finding of kind "stopped", and a line
	// on standard error too, as README says (probe-bounds F5).
	r = runCLI(t, "", "validate", "-json", "-data", d, "-timeout", "1ns", f)
	require.Equal(t, 1, r.code)
	require.Regexp(t, `^kinenix: .*f\.md: stopped at rows\[[0-9,]+\] \(sheet row [0-9,]+\): the run ran out of time \(-timeout 1ns\)\n$`, r.stderr)
	var found []record.Finding
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &found), r.stdout)
	require.Len(t, found, 1)
	last := found[0]
	require.Equal(t, "stopped", last.Kind)
	require.False(t, last.Warning)
	require.NotNil(t, last.Row)
	require.Equal(t, *last.Row+2, last.SheetRow)
	require.Regexp(t, `^stopped at rows\[[0-9,]+\] \(sheet row [0-9,]+\): the run ran out of time \(-timeout 1ns\)$`, last.Message)
	require.Contains(t, last.Message, flow.RowName(*last.Row, last.SheetRow, ""))
	r = runCLI(t, "", "preview", "-data", d, "-each", "-timeout", "-1s", f)
	require.Equal(t, 2, r.code)
	r = runCLI(t, "", "preview", "-data", d, "-format", "xml", f)
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "-format xml: the formats are text, table, csv, jsonl")
	r = runCLI(t, "", "preview", "-data", d, "-key", "nope", f)
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "-key nope is not a column of")
	r = runCLI(t, "", "preview", "-data", d, "-where", "99", f)
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "line 99 of")
}

// Ctrl-C (SIGINT) or SIGTERM during a run stops it as -timeout does (D42),
// rather than killing the process in the middle of a buffered write: the
// rows printed stand, whole, and standard error says where the run
// stopped. The interrupt here comes before the first row, so the row named
// does not depend on timing.
func TestPreviewInterrupted(t *testing.T) {
	d := writeFile(t, "s.csv", "a\n1\n2\n3\n")
	f := writeFlow(t, "f.md", "- **a:** ${row.a}\n")
	interrupts = func(onSignal func()) func() {
		onSignal()
		return func() {}
	}
	defer func() { interrupts = nil }()
	const stopped = "stopped at rows[0] (sheet row 2): the run was cancelled (interrupted)"
	for _, format := range []string{"text", "table", "csv", "jsonl"} {
		r := runCLI(t, "", "preview", "-data", d, "-each", "-format", format, f)
		require.Equal(t, 1, r.code, format)
		require.True(t, strings.HasSuffix(r.stderr, "f.md: "+stopped+"\n"), "%s: %s", format, r.stderr)
	}
	r := runCLI(t, "", "preview", "-json", "-data", d, "-each", f)
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stdout, `"error": "`+stopped+`"`)
	r = runCLI(t, "", "validate", "-data", d, f)
	require.Equal(t, 1, r.code)
	require.True(t, strings.HasSuffix(r.stderr, "f.md: "+stopped+"\n"), r.stderr)
	r = runCLI(t, "", "validate", "-json", "-data", d, f)
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stdout, `"message": "`+stopped+`"`)
}

// -explain shows the parts of a condition in text (under it), jsonl and
// -json (its steps); a row of -format table or csv has one cell per
// condition and no place for them, so the two together are a usage
// error, not -explain ignored in silence.
func TestPreviewExplainFormats(t *testing.T) {
	d, f := "../../examples/renewals.csv", "../../examples/renewals.md"
	for _, format := range []string{"table", "csv"} {
		r := runCLI(t, "", "preview", "-explain", "-format", format, "-data", d, f)
		require.Equal(t, 2, r.code, format)
		require.Empty(t, r.stdout, format)
		require.Contains(t, r.stderr, "kinenix preview: -explain and -format "+format+" do not go together: a row of -format "+format+
			" has one cell per condition and no place for its parts; -explain shows them with -format text (under each condition), -format jsonl or -json (as its steps); usage: kinenix preview", format)
	}
	// the formats named show them
	r := runCLI(t, "", "preview", "-explain", "-format", "jsonl", "-data", d, f)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, `"steps":`)
	r = runCLI(t, "", "preview", "-explain", "-json", "-data", d, f)
	require.Equal(t, 0, r.code, r.stderr)
	require.Contains(t, r.stdout, `"steps":`)
	r = runCLI(t, "", "preview", "-explain", "-data", d, f)
	require.Equal(t, 0, r.code, r.stderr)
	require.Regexp(t, `(?m)condition: (true|false)\n  \$\{`, r.stdout)
}

// -json is one JSON document, -format jsonl a document per row, and
// -compare prints what changed as text: -json with -format table, csv or
// jsonl, and -compare with -json or those formats, are usage errors that
// name the flag, and the help of -json and -compare says so, as the spec
// does, rather than leaving them to be found by trying.
func TestPreviewJSONCompareFormats(t *testing.T) {
	d, f := "../../examples/renewals.csv", "../../examples/renewals.md"
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-json", "-format", "table"}, "-json and -format table do not go together"},
		{[]string{"-json", "-format", "csv"}, "-json and -format csv do not go together"},
		{[]string{"-json", "-format", "jsonl"}, "-json and -format jsonl do not go together"},
		{[]string{"-compare", f, "-json"}, "-compare prints what changed as text; it does not take -json;"},
		{[]string{"-compare", f, "-format", "csv"}, "-compare prints what changed as text; it does not take -format csv;"},
		{[]string{"-compare", f, "-json", "-format", "jsonl"}, "-json and -format jsonl do not go together"},
	} {
		r := runCLI(t, "", append(append([]string{"preview", "-data", d}, c.args...), f)...)
		require.Equal(t, exitUsage, r.code, c.args)
		require.Empty(t, r.stdout, c.args)
		require.Contains(t, r.stderr, "kinenix preview: "+c.msg, c.args)
	}
	for _, args := range [][]string{{"-json", "-format", "text"}, {"-compare", f, "-format", "text"}} {
		r := runCLI(t, "", append(append([]string{"preview", "-data", d}, args...), f)...)
		require.Equal(t, exitOK, r.code, "%v: %s", args, r.stderr)
	}
	help := runCLI(t, "", "preview", "-h").stdout
	flat := strings.Join(strings.Fields(help), " ")
	require.Contains(t, flat, "with -summary the summary (not with -format table, csv or jsonl;")
	require.Contains(t, flat, "then a summary line, as text (not with -json, -format table, csv or jsonl, -explain or -summary)")
	b, err := os.ReadFile("../../docs/flow_markdown_spec.md")
	require.NoError(t, err)
	spec := strings.Join(strings.Fields(string(b)), " ")
	require.Contains(t, spec, "`-compare` with `-json` or with `-format table`, `csv` or `jsonl` is a usage error (exit 2)")
	require.Contains(t, spec, "(with `-format text`, the default, only: with `-format table`, `csv` or `jsonl` it is a usage error, exit 2,")
}

// D45 with D43: a sheet with a header and no rows is one message in
// preview as in validate, not one per field, and there is no row to
// preview; -strict makes the warning fail the run.
func TestPreviewHeaderOnlySheet(t *testing.T) {
	sheet := writeFile(t, "h.csv", "amount,id\n")
	p := writeFlow(t, "f.md", "- **n:** ${row.amount * 2}\n- **m:** ${row.id}\n")
	want := sheet + ":1:1: warning: the sheet has a header and no rows, so there is no row to preview\n"
	for _, args := range [][]string{{"preview", "-data", sheet, p}, {"preview", "-each", "-data", sheet, p}, {"preview", "-summary", "-data", sheet, p}} {
		r := runCLI(t, "", args...)
		require.Equal(t, result{0, want, ""}, r, args)
	}
	for _, format := range []string{"table", "csv", "jsonl"} {
		// standard output stays a table, CSV or JSON lines
		r := runCLI(t, "", "preview", "-each", "-format", format, "-data", sheet, p)
		require.Equal(t, result{0, "", want}, r, format)
	}
	r := runCLI(t, "", "preview", "-strict", "-data", sheet, p)
	require.Equal(t, 1, r.code)
	r = runCLI(t, "", "validate", "-data", sheet, p)
	require.Equal(t, 0, r.code)
	require.Contains(t, r.stdout, "the sheet has a header and no rows")
	require.NotContains(t, r.stdout, "no variable")
}

// D43: under -strict a warning fails preview in every format, as it fails
// validate -strict, and every format says why (D44).
func TestPreviewStrictAnyFormat(t *testing.T) {
	sheet := writeFile(t, "d.csv", "amount\n1\n")
	p := writeFlow(t, "f.md", "- **n:** ${row.amuont}\n")
	for _, format := range []string{"text", "table", "csv", "jsonl"} {
		r := runCLI(t, "", "preview", "-strict", "-each", "-format", format, "-data", sheet, p)
		require.Equal(t, 1, r.code, format)
		require.Contains(t, r.stdout+r.stderr, "no key 'amuont' in row; did you mean 'amount'?", format)
	}
	r := runCLI(t, "", "validate", "-strict", "-data", sheet, p)
	require.Equal(t, 1, r.code)
}

// -summary with -each and -format csv or jsonl: the rows stay one CSV
// table (or JSON lines) on standard output, and the summary goes to
// standard error.
func TestPreviewSummaryMachineFormats(t *testing.T) {
	sheet := writeFile(t, "d.csv", "amount\n1\n2\n")
	p := writeFlow(t, "f.md", "- **n:** ${row.amount * 2}\n")
	r := runCLI(t, "", "preview", "-each", "-summary", "-format", "csv", "-data", sheet, p)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "row,sheet_row,n\r\n0,2,2\r\n1,3,4\r\n", r.stdout)
	require.Contains(t, r.stderr, "summary of 2 rows")
	r = runCLI(t, "", "preview", "-each", "-summary", "-format", "jsonl", "-data", sheet, p)
	require.Equal(t, 0, r.code, r.stderr)
	for _, line := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		require.True(t, json.Valid([]byte(line)), line)
	}
	require.Contains(t, r.stderr, "summary of 2 rows")
}

// D41: -format table never cuts a row's name (row, sheet row, key), not
// even past the first rows, which set the widths, nor at a narrow
// terminal: its columns widen from the line that needs it, with room
// from the columns of values, so that every line keeps the header line's
// width. A value grows its column too, with room from a wider one.
func TestPreviewTableKeepsRowNames(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,amount\n")
	for i := range 1200 {
		b.WriteString("K" + strconv.Itoa(i) + "," + strconv.Itoa(i) + "\n")
	}
	d := writeFile(t, "mid.csv", b.String())
	f := writeFlow(t, "small.md", "- **a:** ${row.amount}\n- **long:** ${row.id}${row.id}${row.id}${row.id}${row.id}${row.id}${row.id}${row.id}${row.id}\n")
	for _, columns := range []string{"300", "12"} {
		t.Setenv("COLUMNS", columns)
		r := runCLI(t, "", "preview", "-data", d, "-each", "-key", "id", "-format", "table", f)
		require.Equal(t, 0, r.code, r.stderr)
		lines := strings.Split(r.stdout, "\n")
		require.Len(t, lines, 1202)
		for i := range 1200 {
			name := strconv.Itoa(i) + "  +" + strconv.Itoa(i+2) + "  +K" + strconv.Itoa(i) + "( |…)"
			require.Regexp(t, "^"+name, lines[i+1], columns)
			if columns == "300" { // at 12 the header is cut after the names, which grow
				require.Equal(t, displayWidth(lines[0]), displayWidth(lines[i+1]), "line %d: %q", i+1, lines[i+1])
			}
		}
		if columns == "300" {
			require.Equal(t, "1100  1102       K1100  1100  "+strings.Repeat("K1100", 4)+"K…", lines[1101])
		}
	}
}

// -format table: every line has the header line's width in terminal
// cells, with Thai marks (none), wide characters and emoji (two each) in
// the values, cut or whole, and with columns widened after the first
// rows.
func TestPreviewTableSameWidth(t *testing.T) {
	var b strings.Builder
	b.WriteString("name,note\n")
	for i := range 120 {
		name := "สมชาย ใจดี"
		note := "ok"
		switch {
		case i%3 == 1:
			name = "山田太郎 😀"
		case i%3 == 2:
			name = "Anna Schmidt"
		}
		if i >= 60 { // past the rows that set the widths: wider values
			note = strings.Repeat("ก่", i%7+1) + strings.Repeat("語", i%5)
			name += " " + name
		}
		b.WriteString(name + "," + note + "\n")
	}
	d := writeFile(t, "wide.csv", b.String())
	f := writeFlow(t, "wide.md", "- **name:** ${row.name}\n- **note:** ${row.note}\n- **both:** ${row.name} / ${row.note}\n")
	for _, columns := range []string{"200", "60", "30", "8"} {
		t.Setenv("COLUMNS", columns)
		keys := [][]string{nil}
		if columns == "200" || columns == "60" {
			// a key that grows past the first rows, with room from the
			// values (at a narrower terminal it would widen the lines: a
			// row's name is never cut, D41)
			keys = append(keys, []string{"-key", "name"})
		}
		for _, key := range keys {
			r := runCLI(t, "", append(append([]string{"preview", "-data", d, "-each", "-format", "table"}, key...), f)...)
			require.Equal(t, 0, r.code, r.stderr)
			lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
			require.Len(t, lines, 121)
			for i, line := range lines {
				require.Equal(t, displayWidth(lines[0]), displayWidth(line), "COLUMNS=%s %v: line %d: %q", columns, key, i, line)
			}
		}
	}
	require.Equal(t, 2, displayWidth("ก่ข้"), "a Thai tone mark takes no cell")
	require.Equal(t, 5, displayWidth("語😀a"), "wide characters take two")
	require.Equal(t, "語…", cutWidth("語語語", 4))
	require.Equal(t, "ก่…", cutWidth("ก่ข้ค", 2))
}

// D44: preview shows the warnings in every format. Text and JSON show
// them with their field, JSON lines with each row as -json does; a table
// or a CSV file has no place for them, so they go to standard error as
// validate prints them, each once with its rows.
func TestPreviewWarningsEveryFormat(t *testing.T) {
	d := writeFile(t, "inv.csv", "customer,note,amount\nACME,,5\nBob,hi,7\nCy,,8\n")
	f := writeFlow(t, "f3.md", "- **c:** ${customer}\n- **n:** ${default(row.note, none)}\n"+
		"- **condition:** ${row.amount} > 1 && ${row.amount} < 9\n")
	customer := f + ":1:12: warning: customer: no variable 'customer'; did you mean row.customer?"
	none := f + ":2:30: warning: none: this is read as a variable, and the data has no variable 'none'; write 'none' in quotes for the text"
	and := f + ":3:36: warning: condition: '&&' does not join the parts of a condition, so this is one comparison with the text '1 && ${row.amount} < 9'; write and: ${row.amount} > 1 and ${row.amount} < 9"
	for _, format := range []string{"table", "csv"} {
		r := runCLI(t, "", "preview", "-data", d, "-row", "0", "-format", format, f)
		require.Equal(t, 1, r.code, format)
		require.Equal(t, customer+" (rows[0] (sheet row 2))\n"+none+" (rows[0] (sheet row 2))\n"+and+"\n", r.stderr, format)
		require.NotContains(t, r.stdout, "warning", format)
		r = runCLI(t, "", "preview", "-data", d, "-each", "-key", "customer", "-format", format, f)
		require.Equal(t, customer+" (every row)\n"+none+" (every row)\n"+and+"\n", r.stderr, format)
		r = runCLI(t, "", "preview", "-strict", "-data", d, "-row", "1", "-format", format, f)
		require.Equal(t, 1, r.code, format)
		require.Equal(t, customer+" (rows[1] (sheet row 3))\n"+none+" (rows[1] (sheet row 3))\n"+and+"\n", r.stderr, format)
	}
	// JSON lines carry the warnings of the data as -json does.
	r := runCLI(t, "", "preview", "-data", d, "-row", "0", "-format", "jsonl", f)
	require.Equal(t, 1, r.code)
	var row previewRow
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &row))
	var got []string
	for _, fd := range row.Fields {
		for _, w := range fd.Warnings {
			got = append(got, w.Message)
		}
	}
	j := runCLI(t, "", "preview", "-data", d, "-row", "0", "-json", f)
	var doc struct{ Files []struct{ Rows []previewRow } }
	require.NoError(t, json.Unmarshal([]byte(j.stdout), &doc))
	var want []string
	for _, fd := range doc.Files[0].Rows[0].Fields {
		for _, w := range fd.Warnings {
			want = append(want, w.Message)
		}
	}
	require.Len(t, want, 3)
	require.Equal(t, want, got)
}

// R10: -where N over several flows is checked against each of them before
// anything is printed: line N not a condition of one of them is a usage
// error (exit 2) with nothing on standard output, not one found after the
// other flows' summaries.
func TestPreviewWhereLineCheckedFirst(t *testing.T) {
	dir := t.TempDir()
	sheet := writeFile(t, "a.csv", "amount\n10\n3\n")
	head := "# t\n\n## 1. s\n\n- **action:** x\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.md"), []byte(head+"- **total:** ${row.amount + 1}\n- **condition:** ${row.amount} > 5\n"), 0o600))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "b.md"), []byte(head+"- **condition:** ${row.amount} > 5\n"), 0o600))
	for _, args := range [][]string{
		{"preview", "-data", sheet, "-where", "6", "-summary", dir},
		{"preview", "-data", sheet, "-where", "6", filepath.Join(dir, "b.md"), filepath.Join(dir, "a.md")},
	} {
		r := runCLI(t, "", args...)
		require.Equal(t, 2, r.code, args)
		require.Empty(t, r.stdout, args)
		require.Equal(t, "kinenix preview: -where 6: line 6 of "+filepath.Join(dir, "a.md")+" is not a condition field\n", r.stderr, args)
	}
	// line 7 is a condition of a.md only: b.md is told
	r := runCLI(t, "", "preview", "-data", sheet, "-where", "7", dir)
	require.Equal(t, 2, r.code)
	require.Empty(t, r.stdout)
	require.Contains(t, r.stderr, "line 7 of "+filepath.Join(dir, "b.md")+" is not a condition field")
}

// brokenOutput is a standard output that cannot be written: closed, or a
// full disk.
type brokenOutput struct{}

func (brokenOutput) Write([]byte) (int, error) {
	return 0, errors.New("write /dev/stdout: bad file descriptor")
}

// Output that cannot be written ends a run at the first rows that fill the
// buffer, in preview as in validate: the command says so once and exits 2,
// with no summary or warnings of rows that were not all run and no reader
// would see.
func TestWriteFails(t *testing.T) {
	d := countingSheet(t, 5000)
	f := writeFlow(t, "f.md", "- **a:** ${number(row.a) * 2}\n- **b:** ${row.nick}\n")
	for _, args := range [][]string{
		{"preview", "-data", d, "-each", "-format", "csv", "-summary", f},
		{"preview", "-data", d, "-each", "-format", "jsonl", "-summary", f},
		{"preview", "-data", d, "-each", "-format", "table", f},
		{"preview", "-data", d, "-each", f, f},
		{"preview", "-json", "-data", d, "-each", f},
		{"validate", "-data", d, f},
		{"validate", "-json", "-data", d, f},
	} {
		var errb bytes.Buffer
		code := run(args, strings.NewReader(""), brokenOutput{}, &errb)
		require.Equal(t, exitUsage, code, args)
		require.Equal(t, "kinenix: cannot write the output\n", errb.String(), args)
	}
	// Every other command that prints a result says it too, and exits 2
	// rather than 0 for a result no one got (README: output that cannot
	// be written goes to standard error; 2 is a file error).
	for _, args := range [][]string{
		{"render", "x"},
		{"render", "-json", "${1}"},
		{"cond", "a == a"},
		{"cond", "-explain", "a == a"},
		{"version"},
		{"help"},
		{"help", "render"},
		{"render", "-h"},
		{"conformance"},
	} {
		var errb bytes.Buffer
		code := run(args, strings.NewReader(""), brokenOutput{}, &errb)
		require.Equal(t, exitUsage, code, args)
		require.Equal(t, "kinenix: cannot write the output\n", errb.String(), args)
	}
	// A failure that printed nothing on standard output keeps its status.
	var errb bytes.Buffer
	require.Equal(t, exitProblem, run([]string{"render", "${1/0}"}, strings.NewReader(""), brokenOutput{}, &errb))
	require.Equal(t, "${1/0}: division by zero\n", errb.String())
}
