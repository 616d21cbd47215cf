package data

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"io"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/data/internal/xlsx"
)

// workbook is a workbook written part by part, for the attacks of #21.
type workbook struct {
	sheets  []string // names; "S" when nil
	rows    string   // inside sheetData
	raw     string   // the whole sheet part, when set
	sst     []string // shared strings, XML inside <t>
	numFmts string
	xfs     string // inside cellXfs, after the default
}

func (w workbook) bytes(t testing.TB) []byte {
	t.Helper()
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`
	sheets := w.sheets
	if sheets == nil {
		sheets = []string{"S"}
	}
	var sb strings.Builder
	for i, n := range sheets {
		fmt.Fprintf(&sb, `<sheet name="%s" sheetId="%d" r:id="rId%d"/>`, n, i+1, i+10)
	}
	var ss strings.Builder
	for _, s := range w.sst {
		ss.WriteString("<si><t>" + s + "</t></si>")
	}
	sheet := w.raw
	if sheet == "" {
		sheet = `<worksheet ` + ns + `><sheetData>` + w.rows + `</sheetData></worksheet>`
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, p := range [][2]string{
		{"_rels/.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", `<workbook ` + ns + `><sheets>` + sb.String() + `</sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId10" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>`},
		{"xl/sharedStrings.xml", `<sst ` + ns + `>` + ss.String() + `</sst>`},
		{"xl/styles.xml", `<styleSheet ` + ns + `><numFmts>` + w.numFmts + `</numFmts><cellXfs><xf numFmtId="0"/>` + w.xfs + `</cellXfs></styleSheet>`},
		{"xl/worksheets/sheet1.xml", sheet},
	} {
		f, err := zw.Create(p[0])
		require.NoError(t, err)
		_, err = f.Write([]byte(p[1]))
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	return b.Bytes()
}

// headerAnd is a sheet of the header "name" and rows 2..n+1 made by cell.
func headerAnd(n int, cell func(r int) string) string {
	var b strings.Builder
	b.WriteString(`<row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row>`)
	for r := 2; r <= n+1; r++ {
		fmt.Fprintf(&b, `<row r="%d">%s</row>`, r, cell(r))
	}
	return b.String()
}

// patchCentral changes the central-directory entry of the part name:
// its CRC (xor) or its uncompressed size (add).
func patchCentral(b []byte, name string, crcXor, sizeAdd uint32) []byte {
	b = bytes.Clone(b)
	for i := 0; i+46 < len(b); i++ {
		if binary.LittleEndian.Uint32(b[i:]) != 0x02014b50 {
			continue
		}
		nl := int(binary.LittleEndian.Uint16(b[i+28:]))
		if string(b[i+46:i+46+nl]) == name {
			binary.LittleEndian.PutUint32(b[i+16:], binary.LittleEndian.Uint32(b[i+16:])^crcXor)
			binary.LittleEndian.PutUint32(b[i+24:], binary.LittleEndian.Uint32(b[i+24:])+sizeAdd)
		}
	}
	return b
}

// The attacks of #21, small: each ends in a value or a clean error, and
// what a workbook builds is counted, not timed.
func TestXLSXAttacks(t *testing.T) {
	sharedRows := func(n int) string {
		return headerAnd(n, func(r int) string { return fmt.Sprintf(`<c r="A%d" t="s"><v>0</v></c>`, r) })
	}
	for _, tc := range []struct {
		name string
		wb   workbook
		want string
	}{
		{"shared string past Excel's cell limit", workbook{sst: []string{strings.Repeat("a", 32768)}, rows: sharedRows(3)},
			"data in w.xlsx: the shared string 0 holds more than 32767 characters (Excel's limit for a cell)"},
		{"inline string past the limit", workbook{rows: headerAnd(1, func(int) string {
			return `<c r="A2" t="inlineStr"><is><t>` + strings.Repeat("ก", 32768) + `</t></is></c>`
		})},
			"data in w.xlsx: cell A2 holds more than 32767 characters (Excel's limit for a cell)"},
		{"escapes past the limit", workbook{sst: []string{strings.Repeat("_x0041_", 40000)}, rows: sharedRows(1)},
			"data in w.xlsx: the shared string 0 holds more than 32767 characters"},
		{"nesting", workbook{raw: `<worksheet><sheetData>` + strings.Repeat("<a>", 200)},
			"data in w.xlsx: the part xl/worksheets/sheet1.xml of the workbook nests its XML more than 64 deep"},
		{"format code over 255", workbook{numFmts: `<numFmt numFmtId="164" formatCode="` + strings.Repeat("0", 256) + `"/>`, xfs: `<xf numFmtId="164"/>`, rows: sharedRows(0)},
			"data in w.xlsx: the number format 164 in xl/styles.xml is longer than 255 characters (Excel's limit)"},
		{"negative shared string", workbook{sst: []string{"x"}, rows: headerAnd(1, func(int) string { return `<c r="A2" t="s"><v>-1</v></c>` })},
			`data in w.xlsx: cell A2 refers to shared string "-1", which the workbook does not have (it has 1)`},
		{"shared string out of range", workbook{sst: []string{"x"}, rows: headerAnd(1, func(int) string { return `<c r="A2" t="s"><v>1</v></c>` })},
			`data in w.xlsx: cell A2 refers to shared string "1", which the workbook does not have (it has 1)`},
		// PD-7: a number or boolean cell that holds what no program
		// writes is an error naming the cell and the fix, not text.
		{"number cell not a number", workbook{rows: headerAnd(1, func(int) string { return `<c r="A2"><v>12abc</v></c>` })},
			`data in w.xlsx: cell A2 is a number cell but holds "12abc", which is not a number; save the workbook again`},
		{"number cell NaN", workbook{rows: headerAnd(1, func(int) string { return `<c r="A2" t="n"><v>NaN</v></c>` })},
			`data in w.xlsx: cell A2 is a number cell but holds "NaN", which is not a number; save the workbook again`},
		{"number cell past any double", workbook{rows: headerAnd(1, func(int) string { return `<c r="A2"><v>-1e400</v></c>` })},
			`data in w.xlsx: cell A2 is a number cell but holds "-1e400", a number larger than a spreadsheet holds; save the workbook again`},
		{"boolean cell not 0 or 1", workbook{rows: headerAnd(1, func(int) string { return `<c r="A2" t="b"><v>2</v></c>` })},
			`data in w.xlsx: cell A2 is a TRUE/FALSE cell but holds "2", not 0 or 1; save the workbook again`},
		{"rows out of order", workbook{rows: `<row r="1"><c r="A1"><v>1</v></c></row><row r="3"><c r="A3"><v>3</v></c></row><row r="2"><c r="A2"><v>2</v></c></row>`},
			"data in w.xlsx: row 2 of the sheet comes after row 3: the rows are out of order or given twice"},
		{"row twice", workbook{rows: `<row r="1"><c r="A1"><v>1</v></c></row><row r="1"><c r="A1"><v>2</v></c></row>`},
			"data in w.xlsx: row 1 of the sheet comes after row 1"},
		{"cells out of order", workbook{rows: `<row r="1"><c r="B1"><v>1</v></c><c r="A1"><v>2</v></c></row>`},
			"data in w.xlsx: cell A1 of the sheet comes after cell B1: the cells of a row are out of order or given twice"},
		{"cell of another row", workbook{rows: `<row r="1"><c r="A2"><v>1</v></c></row>`},
			`data in w.xlsx: row 1 of the sheet holds a cell named "A2", not a cell of row 1`},
		{"cell past XFD", workbook{rows: `<row r="1"><c r="XFE1"><v>1</v></c></row>`},
			"data in w.xlsx: row 1 of the sheet has a cell past column XFD, the last a sheet has"},
		{"row past the last", workbook{rows: `<row r="1048577"><c r="A1048577"><v>1</v></c></row>`},
			`data in w.xlsx: the sheet (xl/worksheets/sheet1.xml) has a row numbered "1048577"; rows are numbered 1 to 1048576`},
		{"unclosed", workbook{raw: `<worksheet><sheetData><row r="1">`},
			"data in w.xlsx: the part xl/worksheets/sheet1.xml of the workbook is not valid XML (line 1: it ends before its elements are closed)"},
		{"mismatched end", workbook{raw: `<worksheet><sheetData></row></sheetData></worksheet>`},
			"data in w.xlsx: the part xl/worksheets/sheet1.xml of the workbook is not valid XML (line 1: an element ends that is not open)"},
		// The scanner's own bounds (probe-bounds F8, F9): refused as soon as
		// passed, not after the part is held (the scanner's tests count it).
		{"a row's attribute twice", workbook{rows: `<row r="1" r="2"><c r="A1"><v>1</v></c></row>`},
			"data in w.xlsx: the part xl/worksheets/sheet1.xml of the workbook is not valid XML, or not as a spreadsheet program writes it (line 1: an element with the same attribute twice); save the workbook again"},
		{"attributes", workbook{rows: `<row r="1"` + strings.Repeat(` a="1"`, 1) + manyAttrs(300) + `><c r="A1"><v>1</v></c></row>`},
			"(line 1: an element with more than 256 attributes)"},
		{"a long tag", workbook{rows: `<foo a="` + noise("abcdefghijklmnop", 2<<20) + `"/>`},
			"(line 1: a tag, comment or processing instruction longer than 1024 KiB)"},
		{"text in an unknown element", workbook{rows: `<foo>` + strings.Repeat("x", 1<<20) + `</foo>`},
			"data in w.xlsx: the part xl/worksheets/sheet1.xml of the workbook holds a text of more than 32767 characters (line 1), more than a cell can hold; save the workbook again"},
		{"white space in a cell", workbook{rows: headerAnd(1, func(int) string {
			return `<c r="A2" t="inlineStr"><is><t>` + strings.Repeat(" ", 1<<20) + `</t></is></c>`
		})},
			"data in w.xlsx: cell A2 holds more than 32767 characters (Excel's limit for a cell)"},
		{"white space in a shared string", workbook{sst: []string{"</t>" + strings.Repeat(" ", 1<<20) + "<t>"}, rows: sharedRows(1)},
			"data in w.xlsx: the shared string 0 holds more than 32767 characters"},
		{"text in a cell", workbook{rows: headerAnd(1, func(int) string {
			return `<c r="A2" t="inlineStr"><is><t>` + strings.Repeat("x", 1<<20) + `</t></is></c>`
		})},
			"data in w.xlsx: cell A2 holds more than 32767 characters (Excel's limit for a cell)"},
		{"undefined entity", workbook{raw: `<worksheet><sheetData><row r="1"><c r="A1" t="str"><v>&lol;</v></c></row></sheetData></worksheet>`},
			"data in w.xlsx: the part xl/worksheets/sheet1.xml of the workbook is not valid XML (line 1)"},
	} {
		_, err := Decode("w.xlsx", tc.wb.bytes(t))
		require.Error(t, err, tc.name)
		require.Contains(t, err.Error(), tc.want, tc.name)
	}

	ok := workbook{rows: headerAnd(3, func(r int) string { return fmt.Sprintf(`<c r="A%d"><v>%d</v></c>`, r, r) })}.bytes(t)
	_, err := Decode("w.xlsx", ok)
	require.NoError(t, err)
	_, err = Decode("w.xlsx", patchCentral(ok, "xl/worksheets/sheet1.xml", 0xdeadbeef, 0))
	require.EqualError(t, err, "data in w.xlsx: the part xl/worksheets/sheet1.xml of the workbook is damaged (its checksum does not match its content); save the workbook again")
	_, err = Decode("w.xlsx", patchCentral(ok, "xl/worksheets/sheet1.xml", 0, 1000))
	require.EqualError(t, err, "data in w.xlsx: the part xl/worksheets/sheet1.xml of the workbook is damaged (its size does not match its content, or it is cut short); save the workbook again")
	_, err = Decode("w.xlsx", patchCentral(ok, "xl/sharedStrings.xml", 1, 0))
	require.EqualError(t, err, "data in w.xlsx: the part xl/sharedStrings.xml of the workbook is damaged (its checksum does not match its content); save the workbook again")

	// A missing sheet lists five names and how many more.
	names := make([]string, 2000)
	for i := range names {
		names[i] = fmt.Sprintf("Sheet%d", i+1)
	}
	_, err = Decode("w.xlsx", workbook{sheets: names, rows: sharedRows(0)}.bytes(t), Sheet("Nope"))
	require.EqualError(t, err, `data in w.xlsx: the workbook has no sheet named "Nope" (its sheets: "Sheet1", "Sheet2", "Sheet3", "Sheet4", "Sheet5", and 1995 more)`)

	// The styles part holds at most Excel's 64,000 cell formats and as
	// many number formats: past either it is refused, not parsed and kept
	// (1M date formats in a 4.5 MB workbook took 420 MB, 1M number
	// formats and cell formats in 6.4 MB 5 s).
	fmts := func(n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, `<numFmt numFmtId="%d" formatCode="yyyy-mm-dd"/>`, 200+i)
		}
		return b.String()
	}
	rows := headerAnd(2, func(r int) string { return fmt.Sprintf(`<c r="A%d" s="1"><v>46000</v></c>`, r) })
	d, err := Decode("w.xlsx", workbook{numFmts: fmts(64000), xfs: `<xf numFmtId="63999"/>` + strings.Repeat(`<xf numFmtId="0"/>`, 63998), rows: rows}.bytes(t))
	require.NoError(t, err, "Excel's limits are read")
	require.Equal(t, "2025-12-09", d.Vars()["row"].(map[string]any)["name"])
	_, err = Decode("w.xlsx", workbook{numFmts: fmts(64001), xfs: `<xf numFmtId="200"/>`, rows: rows}.bytes(t))
	require.EqualError(t, err, "data in w.xlsx: the part xl/styles.xml of the workbook holds more than 64000 number formats (Excel's limit for cell formats); save the workbook again from Excel")
	_, err = Decode("w.xlsx", workbook{xfs: strings.Repeat(`<xf numFmtId="0"/>`, 64000), rows: rows}.bytes(t))
	require.EqualError(t, err, "data in w.xlsx: the part xl/styles.xml of the workbook holds more than 64000 cell formats (Excel's limit for cell formats); save the workbook again from Excel")

	// The name asked for is cut as the names listed are (D37): a name of
	// 100,000 characters after # gave a message of 100 KB.
	long := strings.Repeat("a", 100000)
	_, err = Decode("w.xlsx", workbook{sheets: []string{"S"}, rows: sharedRows(0)}.bytes(t), Sheet(long))
	require.EqualError(t, err, `data in w.xlsx: the workbook has no sheet named "`+strings.Repeat("a", 60)+`"… (its sheets: "S")`)
}

// noise is n bytes of of, in an order that does not pack well (so that
// the workbook is within the unzip limit of its size).
func noise(of string, n int) string {
	b := make([]byte, n)
	x := uint32(1)
	for i := range b {
		x = x*1664525 + 1013904223
		b[i] = of[x>>24%uint32(len(of))]
	}
	return string(b)
}

// manyAttrs is n attributes a0="" a1=""...
func manyAttrs(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, ` a%d=""`, i)
	}
	return b.String()
}

// White space between elements, however long, is skipped, not held.
func TestXLSXLongWhiteSpace(t *testing.T) {
	rows := headerAnd(1, func(int) string { return `<c r="A2"><v>7</v></c>` }) + noise(" \t\r\n", 256<<10)
	_, err := Decode("w.xlsx", workbook{rows: rows}.bytes(t))
	require.NoError(t, err)
}

// A shared string is kept once: 2,000 rows that use one string of 32,767
// characters (the most a cell holds) refer to the one copy, and the load
// counts one string, not 2,000; a format of 100 @ leaves text as it is;
// escapes are undone once, in the shared string.
func TestXLSXSharedOnce(t *testing.T) {
	long := strings.Repeat("a", 32767-7) + "_x0042_"
	b := workbook{
		sst:     []string{long},
		numFmts: `<numFmt numFmtId="164" formatCode="` + strings.Repeat("@", 100) + `"/>`, xfs: `<xf numFmtId="164"/>`,
		rows: headerAnd(2000, func(r int) string { return fmt.Sprintf(`<c r="A%d" s="1" t="s"><v>0</v></c>`, r) }),
	}.bytes(t)
	d := newDecoder("w.xlsx", len(b))
	data, err := d.decode(b, nil)
	require.NoError(t, err)
	rows := rowsOf(data)
	require.Len(t, rows, 2000)
	first := rows[0].(map[string]any)["name"].(string)
	require.Equal(t, strings.Repeat("a", 32767-7)+"B", first)
	for _, r := range rows {
		require.Equal(t, unsafe.StringData(first), unsafe.StringData(r.(map[string]any)["name"].(string)), "one copy")
	}
	require.Less(t, d.built, 2000*64+32767, "each row costs its dictionary; the string is counted once")
}

// D45: a byte changed inside a compressed part is told as the part being
// damaged, not as the XML it unpacks to being wrong: the reader reads the
// rest of a part whose XML it finds wrong, so the checksum speaks first.
func TestXLSXFlippedByteIsDamage(t *testing.T) {
	ok := workbook{rows: headerAnd(40, func(r int) string { return fmt.Sprintf(`<c r="A%d"><v>%d</v></c>`, r, r) })}.bytes(t)
	const name = "xl/worksheets/sheet1.xml"
	start, size := -1, 0
	for i := 0; i+30 < len(ok); i++ {
		if binary.LittleEndian.Uint32(ok[i:]) != 0x04034b50 {
			continue
		}
		nl, el := int(binary.LittleEndian.Uint16(ok[i+26:])), int(binary.LittleEndian.Uint16(ok[i+28:]))
		if string(ok[i+30:i+30+nl]) == name {
			start, size = i+30+nl+el, int(binary.LittleEndian.Uint32(ok[i+18:]))
			break
		}
	}
	require.Positive(t, start, "the sheet's local header")
	if size == 0 { // sizes in the data descriptor: the part runs to the next header
		size = bytes.Index(ok[start:], []byte("PK\x07\x08"))
	}
	require.Positive(t, size)
	damage := 0
	for off := range size {
		b := bytes.Clone(ok)
		b[start+off] ^= 0x55
		_, err := Decode("w.xlsx", b)
		require.Error(t, err, "byte %d of the part changed", off)
		require.NotContains(t, err.Error(), "not valid XML", "byte %d of the part changed", off)
		if strings.Contains(err.Error(), "of the workbook is damaged") {
			damage++
		}
	}
	require.Greater(t, damage, size/2, "most changed bytes are told as damage")
}

// rezip copies the archive b, each part's content through edit, and adds
// the parts extra after them.
func rezip(t *testing.T, b []byte, edit func(name, content string) string, extra ...[2]string) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	require.NoError(t, err)
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	write := func(name, content string) {
		w, err := zw.Create(name)
		require.NoError(t, err)
		_, err = w.Write([]byte(content))
		require.NoError(t, err)
	}
	for _, f := range zr.File {
		rc, err := f.Open()
		require.NoError(t, err)
		c, err := io.ReadAll(rc)
		require.NoError(t, err)
		rc.Close()
		write(f.Name, edit(f.Name, string(c)))
	}
	for _, p := range extra {
		write(p[0], p[1])
	}
	require.NoError(t, zw.Close())
	return out.Bytes()
}

// A damaged archive is an error, not a silent read (probe-bounds F10):
// two parts of one name (which one is read is the reader's choice), and a
// sheet whose relationship points at the workbook part itself.
func TestXLSXDamagedArchive(t *testing.T) {
	ok := workbook{rows: headerAnd(1, func(int) string { return `<c r="A2"><v>1</v></c>` })}.bytes(t)
	same := func(_, c string) string { return c }
	_, err := Decode("w.xlsx", rezip(t, ok, same))
	require.NoError(t, err)
	_, err = Decode("w.xlsx", rezip(t, ok, same, [2]string{"xl/worksheets/sheet1.xml", `<worksheet/>`}))
	require.EqualError(t, err, `data in w.xlsx: the workbook is damaged: its archive holds two parts named "xl/worksheets/sheet1.xml"; save the workbook again`)
	_, err = Decode("w.xlsx", rezip(t, ok, same, [2]string{"XL/Worksheets/Sheet1.xml", `<worksheet/>`}))
	require.ErrorContains(t, err, `its archive holds two parts named "XL/Worksheets/Sheet1.xml"`)
	self := rezip(t, ok, func(name, c string) string {
		if name == "xl/_rels/workbook.xml.rels" {
			return strings.Replace(c, "worksheets/sheet1.xml", "workbook.xml", 1)
		}
		return c
	})
	_, err = Decode("w.xlsx", self)
	require.EqualError(t, err, `data in w.xlsx: the workbook is damaged: the sheet "S" points at the workbook's own part xl/workbook.xml, not at a sheet; save the workbook again`)
}

// D36: a character XML does not allow is refused, never read as another.
// A reference to half of a surrogate pair (&#xD800;, &#55296;), which is
// no character, became U+FFFD without a word (encoding/xml reads it so);
// &#0;, control characters, U+FFFE and U+FFFF were refused with no reason.
// Each names the cell, or the shared string, that holds it, why, and the
// fix; elsewhere in a part, the part and its line.
func TestXLSXForbiddenCharacters(t *testing.T) {
	inCell := func(text string) workbook {
		return workbook{rows: headerAnd(1, func(int) string { return `<c r="A2" t="inlineStr"><is><t>` + text + `</t></is></c>` })}
	}
	const fix = ", which XML does not allow; save the workbook again"
	for _, tc := range []struct {
		name string
		wb   workbook
		want string
	}{
		{"hex surrogate", inCell("ab&#xD800;cd"), "cell A2 holds the character U+D800 (half of a surrogate pair)" + fix},
		{"decimal surrogate", inCell("&#55296;"), "cell A2 holds the character U+D800 (half of a surrogate pair)" + fix},
		{"low surrogate", inCell("x&#xdfff;"), "cell A2 holds the character U+DFFF (half of a surrogate pair)" + fix},
		{"surrogate pair as two references", inCell("&#xD83D;&#xDE00;"), "cell A2 holds the character U+D83D (half of a surrogate pair)" + fix},
		{"NUL", inCell("&#0;"), "cell A2 holds the character U+0000" + fix},
		{"control reference", inCell("&#x1;"), "cell A2 holds the character U+0001" + fix},
		{"control character", inCell("a\x01"), "cell A2 holds the character U+0001" + fix},
		{"FFFE", inCell("&#xFFFE;"), "cell A2 holds the character U+FFFE" + fix},
		{"FFFF", inCell("\uffff"), "cell A2 holds the character U+FFFF" + fix},
		{"the first of two", inCell("&#xD800;&#1;"), "cell A2 holds the character U+0001" + fix},
		{"a value", workbook{rows: headerAnd(1, func(int) string { return `<c r="B2"><v>1&#xD800;</v></c>` })}, "cell B2 holds the character U+D800 (half of a surrogate pair)" + fix},
		{"shared string", workbook{sst: []string{"&#xD800;"}, rows: `<row r="1"><c r="A1" t="s"><v>0</v></c></row>`}, "the shared string 0 holds the character U+D800 (half of a surrogate pair)" + fix},
		{"attribute", workbook{rows: `<row r="1" spans="&#xD800;"><c r="A1"><v>1</v></c></row>`},
			"the part xl/worksheets/sheet1.xml of the workbook is not valid XML (line 1: it holds the character U+D800 (half of a surrogate pair), which XML does not allow); save the workbook again"},
	} {
		_, err := Decode("w.xlsx", tc.wb.bytes(t))
		require.EqualError(t, err, "data in w.xlsx: "+tc.want, tc.name)
		xlsx.StdXML = true // the scanner's oracle says the same
		_, err = Decode("w.xlsx", tc.wb.bytes(t))
		xlsx.StdXML = false
		require.EqualError(t, err, "data in w.xlsx: "+tc.want, "encoding/xml: %s", tc.name)
	}
	// What XML allows is read: a character past U+FFFF, written as one
	// reference, and DEL and U+0085, which XML 1.0 allows.
	d, err := Decode("w.xlsx", inCell("&#x1F600;&#x7F;&#x85;").bytes(t))
	require.NoError(t, err)
	require.Equal(t, "\U0001F600\x7f\u0085", d.Vars()["row"].(map[string]any)["name"])
}

// D45: a part that declares a DOCTYPE, which a workbook never has (its
// entities would make text the cells do not hold), or another encoding
// than UTF-8, or another XML version, is told so, not as "not valid XML".
func TestXLSXDeclarations(t *testing.T) {
	const ws = `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>name</t></is></c></row></sheetData></worksheet>`
	const part = "data in w.xlsx: the part xl/worksheets/sheet1.xml of the workbook "
	for _, tc := range []struct{ raw, want string }{
		{`<!DOCTYPE worksheet [<!ENTITY e "x">]>` + strings.Replace(ws, "name", "&e;", 1),
			part + "declares a DOCTYPE (line 1), which a workbook never has; save the workbook again"},
		{"<?xml version=\"1.0\"?>\n<!DOCTYPE worksheet>\n" + ws,
			part + "declares a DOCTYPE (line 2), which a workbook never has; save the workbook again"},
		{`<!ELEMENT worksheet ANY>` + ws,
			part + "is not valid XML (line 1: a <!...> declaration, which a workbook never has); save the workbook again"},
		{`<?xml version="1.0" encoding="ISO-8859-1"?>` + ws,
			part + "declares it is encoded as ISO-8859-1, not UTF-8 as a spreadsheet program saves it; save the workbook again"},
		{`<?xml version="1.0" encoding="UTF-16"?>` + ws,
			part + "declares it is encoded as UTF-16, not UTF-8 as a spreadsheet program saves it; save the workbook again"},
		{`<?xml version="1.1"?>` + ws,
			part + "declares XML version 1.1, not 1.0 as a spreadsheet program saves it; save the workbook again"},
	} {
		_, err := Decode("w.xlsx", workbook{raw: tc.raw}.bytes(t))
		require.EqualError(t, err, tc.want, tc.raw)
		xlsx.StdXML = true // the scanner's oracle says the same
		_, err = Decode("w.xlsx", workbook{raw: tc.raw}.bytes(t))
		xlsx.StdXML = false
		require.EqualError(t, err, tc.want, "encoding/xml: %s", tc.raw)
	}
	for _, raw := range []string{`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\r\n" + ws, `<?xml version="1.0" encoding="utf-8"?>` + ws} {
		_, err := Decode("w.xlsx", workbook{raw: raw}.bytes(t))
		require.NoError(t, err, raw)
	}
}
