package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// aliasBomb is the file of issue #10 point 1: nine "lol", then levels lists
// of nine aliases each to the one before, then x: 1.
func aliasBomb(levels int) string {
	var b strings.Builder
	b.WriteString(`a0: &a0 [` + strings.TrimSuffix(strings.Repeat(`"lol",`, 9), ",") + "]\n")
	for i := 1; i <= levels; i++ {
		alias := fmt.Sprintf("*a%d,", i-1)
		fmt.Fprintf(&b, "a%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(alias, 9), ","))
	}
	b.WriteString("x: 1\n")
	return b.String()
}

func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
	return p
}

// D36, #10 point 1: the 437-byte bomb loads (aliases shared, not copied)
// and `render -data bomb.yaml -- '${x}'` prints 1; so do cond and the
// 391-byte bomb.
func TestAliasBombCLI(t *testing.T) {
	for levels, size := range map[int]int{8: 437, 7: 391} {
		src := aliasBomb(levels)
		require.Len(t, src, size)
		p := writeFile(t, "bomb.yaml", src)
		r := runCLI(t, "", "render", "-data", p, "--", "${x}")
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, "1\n", r.stdout)
		r = runCLI(t, "", "cond", "-data", p, "${x} == 1")
		require.Equal(t, 0, r.code, r.stderr)
	}
}

// #12: -data reads CSV and XLSX; a sheet gives rows and row; FILE.xlsx#Sheet
// picks a sheet.
func TestSheetData(t *testing.T) {
	for _, p := range []string{"../../examples/renewals.csv", "../../examples/renewals.xlsx", "../../examples/renewals.xlsx#Renewals"} {
		r := runCLI(t, "", "render", "-data", p, "${len(rows)} ${row.policy_no} ${row.premium * 2} ${rows[-1].customer} ${rows[1].customer}")
		require.Equal(t, 0, r.code, "%s: %s", p, r.stderr)
		require.Equal(t, "4 POL-2026-0001 25000 Niran Wongsa Johnson & Johnson Co., Ltd.\n", r.stdout, p)
	}
	// §16 with D3: a 0.00 cell is read as the text the sheet shows
	// (12500.00), which the table makes a number, shown as D3 shows a
	// number; format gives the decimals back.
	r := runCLI(t, "", "render", "-data", "../../examples/renewals.xlsx", "${row.premium}|${format(row.premium, 2, '')}")
	require.Equal(t, "12500|12500.00\n", r.stdout, r.stderr)
	r = runCLI(t, "", "render", "-data", "../../examples/renewals.xlsx#Other", "${row}")
	require.Equal(t, 2, r.code)
	require.Equal(t, "kinenix: data in ../../examples/renewals.xlsx: the workbook has no sheet named \"Other\" (its sheets: \"Renewals\")\n", r.stderr)

	// A # is part of the name unless what comes before it ends in .xlsx.
	p := writeFile(t, "a#1.json", `{"x": "hash"}`)
	r = runCLI(t, "", "render", "-data", p, "${x}")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "hash\n", r.stdout)

	// The path is cut at the first # after .xlsx: a sheet's name may hold
	// a #, as Excel lets it, and is matched without regard to case.
	x := excelize.NewFile()
	require.NoError(t, x.SetSheetName("Sheet1", "ข้อมูล#1"))
	require.NoError(t, x.SetSheetRow("ข้อมูล#1", "A1", &[]any{"n"}))
	require.NoError(t, x.SetSheetRow("ข้อมูล#1", "A2", &[]any{"one"}))
	_, err := x.NewSheet("No. #2")
	require.NoError(t, err)
	require.NoError(t, x.SetSheetRow("No. #2", "A1", &[]any{"n"}))
	require.NoError(t, x.SetSheetRow("No. #2", "A2", &[]any{"two"}))
	var book bytes.Buffer
	require.NoError(t, x.Write(&book))
	require.NoError(t, x.Close())
	p = writeFile(t, "a#b.XLSX", book.String())
	for sheet, want := range map[string]string{"": "one", "#ข้อมูล#1": "one", "#no. #2": "two"} {
		r = runCLI(t, "", "render", "-data", p+sheet, "${row.n}")
		require.Equal(t, 0, r.code, "%s: %s", sheet, r.stderr)
		require.Equal(t, want+"\n", r.stdout, sheet)
	}
	r = runCLI(t, "", "render", "-data", p+"#No. #3", "${row.n}")
	require.Equal(t, "kinenix: data in "+p+": the workbook has no sheet named \"No. #3\" (its sheets: \"ข้อมูล#1\", \"No. #2\")\n", r.stderr)

	p = writeFile(t, "leading.csv", "zip,phone\n01234,+66812345678\n")
	r = runCLI(t, "", "render", "-data", p, "${row.zip} ${row.phone}")
	require.Equal(t, "01234 +66812345678\n", r.stdout) // D36: a cell keeps its written text
}

// D36, #10 point 7, through the CLI: each is refused with the file, the
// line and the reason (exit 2), or read as written.
func TestDataRulesCLI(t *testing.T) {
	for _, tc := range []struct{ name, src, stderr string }{
		{"dup.yaml", "amount: 1\namount: 1000000\n", `data in %s: line 2: the key "amount" is given twice in one mapping (first on line 1)`},
		{"dup.json", "{\"amount\": 1,\n \"amount\": 1000000}", `data in %s: line 2: the key "amount" is given twice in one mapping`},
		{"two.yaml", "a: 1\n---\nb: 2\n", `data in %s: line 2: a second YAML document starts here`},
		{"null.yaml", "x: !!null hello\n", `data in %s: line 1: !!null "hello" does not hold an empty value`},
		{"bad.json", "{\"x\": \"\xff\"}", `data in %s: line 1, byte offset 7: the text is not valid UTF-8`},
	} {
		p := writeFile(t, tc.name, tc.src)
		r := runCLI(t, "", "render", "-data", p, "${x}")
		require.Equal(t, 2, r.code, tc.name)
		require.Contains(t, r.stderr, fmt.Sprintf(tc.stderr, p), tc.name)
	}
	p := writeFile(t, "m.yaml", "base: &b {status: new, amount: 1}\nx:\n  <<: *b\n  amount: 5\nzip: 01234\n")
	r := runCLI(t, "", "render", "-data", p, "${x.status} ${x.amount} ${zip}")
	require.Equal(t, "new 5 01234\n", r.stdout, r.stderr)

	r = runCLI(t, "\xef\xbb\xbf{\"n\": 1e3}", "render", "-data", "-", "${n + 1}")
	require.Equal(t, "1001\n", r.stdout, r.stderr) // a BOM before JSON: still JSON
	r = runCLI(t, "a: 1\na: 2\n", "render", "-data", "-", "${a}")
	require.Equal(t, "kinenix: data in standard input: line 2: the key \"a\" is given twice in one mapping (first on line 1)\n", r.stderr)
}

// A sheet with only its header has no rows: rows is empty and row absent
// (spec, data files), for render, cond and preview alike; only a -row
// that names a row fails.
func TestEmptySheet(t *testing.T) {
	p := writeFile(t, "header.csv", "a,b\n")
	r := runCLI(t, "", "render", "-data", p, "${len(rows)} [${row}]")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "0 []\n", r.stdout)
	r = runCLI(t, "", "cond", "-data", p, "${rows} is empty")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "true\n", r.stdout)
	f := writeFile(t, "f.md", "- **subject:** ${len(rows)} rows\n")
	// D45: preview says once that there is no row to preview (see
	// TestPreviewHeaderOnlySheet)
	r = runCLI(t, "", "preview", "-data", p, "-each", f)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, p+":1:1: warning: the sheet has a header and no rows, so there is no row to preview\n", r.stdout)
	r = runCLI(t, "", "validate", "-data", p, f)
	require.Equal(t, 0, r.code, r.stderr)
	r = runCLI(t, "", "render", "-data", p, "-row", "0", "${a}")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "row 0 is out of range")
}

// D36, #10 point 5 (5 MiB here, 63 MiB measured): a YAML file over 4 MiB,
// a flow or a block list, loads through -data and `${len(x)}` counts it;
// one outside the subset the large reader takes is refused with its line.
func TestLargeYAMLCLI(t *testing.T) {
	const items = 5 << 20 / 3
	for name, src := range map[string]string{
		"flow.yaml":  "x: [" + strings.Repeat("0, ", items-1) + "0]\n",
		"block.yaml": "x:\n" + strings.Repeat("  - 0\n", items),
	} {
		p := writeFile(t, name, src)
		r := runCLI(t, "", "render", "-data", p, "--", "${len(x)}")
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, fmt.Sprintf("%d\n", items), r.stdout, name)
	}
	p := writeFile(t, "alias.yaml", "x: ["+strings.Repeat("0, ", items-1)+"0]\ny: *a\n")
	r := runCLI(t, "", "render", "-data", p, "--", "${len(x)}")
	require.Equal(t, 2, r.code)
	require.Equal(t, "kinenix: data in "+p+": line 2: an alias (*name) is not read in a YAML file over 4 MiB, which may hold only mappings (key: value), lists (- item, [a, b]), {key: value} mappings, one-line values, quoted text and comments; write large data as JSON or CSV\n", r.stderr)
}

// D45, #21: a data file whose extension names no format kinenix reads is
// refused with the ones it reads; standard input is still told by its text.
func TestDataExtension(t *testing.T) {
	for name, want := range map[string]string{
		"data.txt": "kinenix: data file %s: kinenix does not read .txt files; it reads .json, .yaml, .yml, .csv, .xlsx or .jsonl (save the data as one of them)\n",
		"data.TSV": "kinenix: data file %s: kinenix does not read .tsv files; it reads .json, .yaml, .yml, .csv, .xlsx or .jsonl (save the data as one of them)\n",
	} {
		p := writeFile(t, name, `{"x": 1}`)
		r := runCLI(t, "", "render", "-data", p, "${x}")
		require.Equal(t, 2, r.code, name)
		require.Equal(t, fmt.Sprintf(want, p), r.stderr)
	}
	r := runCLI(t, `{"x": 1}`, "render", "-data", "-", "${x}")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "1\n", r.stdout)
	// no extension makes no claim: told by its text, as standard input
	r = runCLI(t, "", "render", "-data", writeFile(t, "data", `{"x": 1}`), "${x}")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "1\n", r.stdout)
	p := writeFile(t, "r.jsonl", "{\"a\": 1}\n{\"a\": 2}\n")
	r = runCLI(t, "", "render", "-data", p, "${len(rows)} ${rows[1].a}")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "2 2\n", r.stdout)
}

// D45: CSV text on standard input (read as JSON or YAML) is named for what
// it is, with how to give it, as a workbook given that way is.
func TestCSVOnStandardInput(t *testing.T) {
	r := runCLI(t, "name,amount\nA,1\n", "render", "-data", "-", "${row.name}")
	require.Equal(t, 2, r.code)
	require.Equal(t, "kinenix: data in standard input: this is text that looks like CSV (values separated by ','), not JSON or YAML; "+
		"save it as a file whose name ends in .csv, which is read as CSV\n", r.stderr)
	// saved as the message says, it reads
	d := writeFile(t, "s.csv", "name,amount\nA,1\n")
	r = runCLI(t, "", "render", "-data", d, "${row.name}")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "A\n", r.stdout)
}

// R5, R12 with D49: data on standard input separated by ';' asks for
// commas at once, and JSON lines there say how to give them; following
// either message, the data reads.
func TestStdinAdviceWorksWhenFollowed(t *testing.T) {
	r := runCLI(t, "a;b\n1;2\n", "render", "-data", "-", "${a}")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "separated by ';'")
	require.Contains(t, r.stderr, "save it as CSV with commas")
	require.Contains(t, r.stderr, "ends in .csv")
	p := writeFile(t, "s.csv", "a,b\n1,2\n")
	r = runCLI(t, "", "render", "-data", p, "${rows[0].a}")
	require.Equal(t, result{0, "1\n", ""}, r)

	lines := "{\"a\":1}\n{\"a\":2}\n"
	r = runCLI(t, lines, "render", "-data", "-", "${a}")
	require.Equal(t, 2, r.code)
	require.Equal(t, "kinenix: data in standard input: this looks like JSON lines (one JSON object per line), not one JSON object; "+
		"save it as a file whose name ends in .jsonl, which is read as JSON lines\n", r.stderr)
	p = writeFile(t, "s.jsonl", lines)
	r = runCLI(t, "", "render", "-data", p, "${rows[1].a}")
	require.Equal(t, result{0, "2\n", ""}, r)
}
