package data

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The files of issue #21's attack round, at the sizes the issue names, and
// the shapes of its memory round (1M rows of five short cells in every
// format), for data/testdata/attacks.sh to run through the CLI with
// /usr/bin/time -v. Written only when KINENIX_ATTACK_DIR names a
// directory; the small versions of the attacks are TestXLSXAttacks.
func TestWriteAttackFiles(t *testing.T) {
	dir := os.Getenv("KINENIX_ATTACK_DIR")
	if dir == "" {
		t.Skip("KINENIX_ATTACK_DIR is not set: no attack files to write")
	}
	write := func(name string, b []byte) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), b, 0o644))
	}
	const rows = 1_000_000
	for _, f := range shapeFiles(rows) {
		write(f.name, f.body)
	}
	write("big1m.xlsx", benchWorkbook(t, rows))

	shared := func(n int) string {
		return headerAnd(n, func(r int) string { return fmt.Sprintf(`<c r="A%d" t="s"><v>0</v></c>`, r) })
	}
	styled := func(n int) string {
		return headerAnd(n, func(r int) string { return fmt.Sprintf(`<c r="A%d" s="1" t="s"><v>0</v></c>`, r) })
	}
	at100 := `<numFmt numFmtId="164" formatCode="` + strings.Repeat("@", 100) + `"/>`
	ok := workbook{rows: headerAnd(3, func(r int) string { return fmt.Sprintf(`<c r="A%d"><v>%d</v></c>`, r, r) })}.bytes(t)
	names := make([]string, 200_000)
	for i := range names {
		names[i] = fmt.Sprintf("Sheet%d", i+1)
	}
	for _, a := range []struct {
		name string
		body []byte
	}{
		{"sst-1mib-x2000.xlsx", workbook{sst: []string{strings.Repeat("a", 1<<20)}, rows: shared(2000)}.bytes(t)},
		{"sst-32767-x200000.xlsx", workbook{sst: []string{strings.Repeat("a", 32767)}, rows: shared(200_000)}.bytes(t)},
		{"at100-1mb-x40.xlsx", workbook{sst: []string{strings.Repeat("a", 1<<20)}, numFmts: at100, xfs: `<xf numFmtId="164"/>`, rows: styled(40)}.bytes(t)},
		{"at100-32767-x2000.xlsx", workbook{sst: []string{strings.Repeat("a", 32767)}, numFmts: at100, xfs: `<xf numFmtId="164"/>`, rows: styled(2000)}.bytes(t)},
		{"deep-20m.xlsx", workbook{raw: `<worksheet><sheetData>` + strings.Repeat("<a>", 20_000_000)}.bytes(t)},
		{"deep-100k.xlsx", workbook{raw: `<worksheet><sheetData>` + strings.Repeat("<a>", 100_000)}.bytes(t)}, // within the unzip cap
		{"escapes-1mb-x20.xlsx", workbook{sst: []string{strings.Repeat("_x0041_", 150_000)}, rows: shared(20)}.bytes(t)},
		{"escapes-4681-x20000.xlsx", workbook{sst: []string{strings.Repeat("_x0041_", 4681)}, rows: shared(20_000)}.bytes(t)},
		{"longfmt-2000.xlsx", workbook{numFmts: `<numFmt numFmtId="164" formatCode="` + strings.Repeat("0", 2000) + `"/>`, xfs: `<xf numFmtId="164"/>`, rows: headerAnd(20, func(r int) string { return fmt.Sprintf(`<c r="A%d" s="1"><v>%d</v></c>`, r, r) })}.bytes(t)},
		{"negative-sst.xlsx", workbook{sst: []string{"x"}, rows: headerAnd(1, func(int) string { return `<c r="A2" t="s"><v>-1</v></c>` })}.bytes(t)},
		{"bad-checksum.xlsx", patchCentral(ok, "xl/worksheets/sheet1.xml", 0xdeadbeef, 0)},
		{"short-part.xlsx", patchCentral(ok, "xl/worksheets/sheet1.xml", 0, 1000)},
		{"rows-out-of-order.xlsx", workbook{rows: `<row r="1"><c r="A1"><v>1</v></c></row><row r="3"><c r="A3"><v>3</v></c></row><row r="2"><c r="A2"><v>2</v></c></row>`}.bytes(t)},
		{"sheets-200000.xlsx", workbook{sheets: names, rows: shared(0)}.bytes(t)},
		{"cr-only.csv", []byte("name,amount\r1,2\r3,4\r")},
		{"second-bom.csv", []byte("\xef\xbb\xbf\xef\xbb\xbfname,amount\nx,1\n")},
	} {
		write(a.name, a.body)
	}
}

// shapeFile is a file of the memory round.
type shapeFile struct {
	name string
	body []byte
}

// shapeFiles are n rows of five short cells (three texts, two numbers)
// under the keys a to e, as CSV, JSON (a list of objects), JSON lines
// and YAML (a list of mappings): the shapes the loaders are held to 10x
// the file's size on. The keys are short so that a million rows of JSON
// fit the CLI's 64 MiB cap.
func shapeFiles(n int) []shapeFile {
	cells := func(i int) (string, string, string, string, string) {
		return fmt.Sprintf("POL-%07d", i), fmt.Sprintf("Customer %d", i%10), "Due", fmt.Sprintf("%d.5", i%3), fmt.Sprint(i % 7)
	}
	var csvB, jsonB, jsonlB, yamlB bytes.Buffer
	cw, jw, lw, yw := bufio.NewWriter(&csvB), bufio.NewWriter(&jsonB), bufio.NewWriter(&jsonlB), bufio.NewWriter(&yamlB)
	cw.WriteString("a,b,c,d,e\n")
	jw.WriteString(`{"rows":[`)
	yw.WriteString("rows:\n")
	for i := range n {
		a, b, c, d, e := cells(i)
		fmt.Fprintf(cw, "%s,%s,%s,%s,%s\n", a, b, c, d, e)
		if i > 0 {
			jw.WriteString(",\n")
		}
		fmt.Fprintf(jw, `{"a":%q,"b":%q,"c":%q,"d":%s,"e":%s}`, a, b, c, d, e)
		fmt.Fprintf(lw, `{"a":%q,"b":%q,"c":%q,"d":%s,"e":%s}`+"\n", a, b, c, d, e)
		fmt.Fprintf(yw, "- a: %s\n  b: %s\n  c: %s\n  d: %s\n  e: %s\n", a, b, c, d, e)
	}
	jw.WriteString("]}\n")
	for _, w := range []*bufio.Writer{cw, jw, lw, yw} {
		w.Flush()
	}
	return []shapeFile{{"big1m.csv", csvB.Bytes()}, {"big1m.json", jsonB.Bytes()}, {"big1m.jsonl", jsonlB.Bytes()}, {"big1m.yaml", yamlB.Bytes()}}
}
