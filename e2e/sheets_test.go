package e2e

import (
	"archive/zip"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// twoSheets writes renewals.xlsx, a workbook of two sheets of the
// renewals columns, "Due" (two rows) and "Lapsed" (three, one with a
// premium that is no number), into dir and returns its path. The cells
// are inline text, as a spreadsheet may write them.
func twoSheets(t *testing.T, dir string) string {
	t.Helper()
	sheets := []struct {
		name string
		rows [][]string
	}{
		{"Due", [][]string{{"POL-1", "Somchai Jaidee", "Due", "12500.00", "2026-01-15"}, {"POL-2", "Anna Schmidt", "Due", "980.50", "2026-02-28"}}},
		{"Lapsed", [][]string{{"POL-7", "Niran Wongsa", "Lapsed", "700.00", "2026-03-10"},
			{"POL-8", "Malee Srisuk", "Lapsed", "n/a", "2026-04-01"}, {"POL-9", "Lena Berg", "Lapsed", "1200.00", "2026-05-20"}}},
	}
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`
	const rel = `http://schemas.openxmlformats.org/officeDocument/2006/relationships/`
	parts := [][2]string{{"_rels/.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
		`<Relationship Id="rId1" Type="` + rel + `officeDocument" Target="xl/workbook.xml"/></Relationships>`}}
	var book, rels, types strings.Builder
	for i, s := range sheets {
		fmt.Fprintf(&book, `<sheet name="%s" sheetId="%d" r:id="rId%d"/>`, s.name, i+1, i+1)
		fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="%sworksheet" Target="worksheets/sheet%d.xml"/>`, i+1, rel, i+1)
		fmt.Fprintf(&types, `<Override PartName="/xl/worksheets/sheet%d.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`, i+1)
		var data strings.Builder
		for r, row := range append([][]string{{"policy_no", "customer", "status", "premium", "renewal_date"}}, s.rows...) {
			fmt.Fprintf(&data, `<row r="%d">`, r+1)
			for c, v := range row {
				fmt.Fprintf(&data, `<c r="%c%d" t="inlineStr"><is><t>%s</t></is></c>`, 'A'+c, r+1, v)
			}
			data.WriteString(`</row>`)
		}
		parts = append(parts, [2]string{fmt.Sprintf("xl/worksheets/sheet%d.xml", i+1),
			`<worksheet ` + ns + `><sheetData>` + data.String() + `</sheetData></worksheet>`})
	}
	parts = append(parts,
		[2]string{"[Content_Types].xml", `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
			`<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
			`<Default Extension="xml" ContentType="application/xml"/>` +
			`<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
			types.String() + `</Types>`},
		[2]string{"xl/workbook.xml", `<workbook ` + ns + `><sheets>` + book.String() + `</sheets></workbook>`},
		[2]string{"xl/_rels/workbook.xml.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` + rels.String() + `</Relationships>`},
	)
	path := filepath.Join(dir, "renewals.xlsx")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	zw := zip.NewWriter(f)
	for _, p := range parts {
		w, err := zw.Create(p[0])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write([]byte(p[1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// sheetPicker opens a workbook of two sheets in the page: the first is
// read, and the picker offers both; picking the second reads it, as
// `-data FILE.xlsx#Lapsed` does. With the screenshot NAME-sheets.png.
func sheetPicker(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	md, _ := filepath.Abs("../examples/renewals.md")
	do(t, ctx, "open renewals.md and a workbook of two sheets",
		chromedp.SetUploadFiles(chromedp.CSS(`#flow-file`), []string{md}),
		chromedp.SetUploadFiles(chromedp.CSS(`#data-file`), []string{twoSheets(t, t.TempDir())}),
	)
	// The rows' customers, once the table is of the sheet the picker shows.
	rows := func(what, sheet string, n int) string {
		return poll(t, ctx, what, `(() => {
			const p = document.getElementById('sheet-pick'), s = document.getElementById('sheet');
			const rows = [...document.querySelectorAll('#rows-table tbody tr')];
			return !p.hidden && s.value === `+jsString(sheet)+` && rows.length === `+fmt.Sprint(n)+` ?
				[...s.options].map(o => o.value).join(',') + ': ' + rows.map(r => r.children[3].textContent).join('|') : '';
		})()`)
	}
	if got := rows("the first sheet read", "Due", 2); got != "Due,Lapsed: Dear Somchai Jaidee,|Dear Anna Schmidt," {
		t.Errorf("the first sheet: %q", got)
	}
	do(t, ctx, "pick the second sheet", chromedp.Evaluate[chromedp.Void](`(() => {
		const s = document.getElementById('sheet'); s.value = 'Lapsed'; s.dispatchEvent(new Event('change')); })()`))
	if got := rows("the second sheet read", "Lapsed", 3); got != "Due,Lapsed: Dear Niran Wongsa,|Dear Malee Srisuk,|Dear Lena Berg," {
		t.Errorf("the second sheet: %q", got)
	}
	summary := poll(t, ctx, "the summary of the second sheet", `(() => { const h = document.getElementById('summary-hint').textContent;
		return h === 'over 3 rows' ? document.getElementById('summary-fields').textContent : ''; })()`)
	if !strings.Contains(summary, "fails on 1 row: rows[1] (sheet row 3)") {
		t.Errorf("summary of the second sheet's fields %q", summary)
	}
	said, _ := chromedp.Run(ctx, chromedp.Value(chromedp.ID("data")))
	if !strings.Contains(said, "renewals.xlsx#Lapsed") {
		t.Errorf("the data pane says %q, want it to name renewals.xlsx#Lapsed", said)
	}
	screenshot(t, ctx, name+"-sheets.png")
}
