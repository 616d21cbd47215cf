package data

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/kinenix/expressions/data/internal/xlsx"
	"github.com/stretchr/testify/require"
)

// fuzzWorkbook builds a workbook from the fuzzer's bytes: ops drive the
// structure (rows in or out of order, cell types, shared-string indexes,
// styles, nesting, damage to the archive), text is the text put in it
// (shared strings, inline strings, a number format code). With raw set,
// text is the sheet's XML as it is.
func fuzzWorkbook(ops []byte, text string, raw bool) []byte {
	op := func(i int) int {
		if len(ops) == 0 {
			return 0
		}
		return int(ops[i%len(ops)])
	}
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`
	var sheet strings.Builder
	sheet.WriteString(`<?xml version="1.0" encoding="UTF-8"?><worksheet ` + ns + `><sheetData>`)
	if raw {
		sheet.Reset()
		sheet.WriteString(text)
	} else {
		row := 0
		for i := 0; i < len(ops) && i < 400; i += 4 {
			switch op(i) % 8 {
			case 0:
				row-- // out of order
			case 1:
			default:
				row++
			}
			fmt.Fprintf(&sheet, `<row r="%d">`, row)
			for c := 0; c < op(i+1)%5; c++ {
				ref := fmt.Sprintf("%c%d", 'A'+byte((c+op(i+2))%4), row)
				style := op(i+3) % 4
				switch (op(i+2) + c) % 7 {
				case 0:
					fmt.Fprintf(&sheet, `<c r="%s" t="s"><v>%d</v></c>`, ref, op(i+c)%6-2) // -2..3
				case 1:
					fmt.Fprintf(&sheet, `<c r="%s" t="inlineStr"><is><r><t>%s</t></r><rPh><t>x</t></rPh></is></c>`, ref, xmlText(text))
				case 2:
					fmt.Fprintf(&sheet, `<c r="%s" t="b"><v>%d</v></c>`, ref, op(i)%3)
				case 3:
					fmt.Fprintf(&sheet, `<c r="%s" s="%d"><v>%d.%d</v></c>`, ref, style, op(i)*400, op(i+1))
				case 4:
					fmt.Fprintf(&sheet, `<c r="%s" t="str"><f>A1</f><v>%s</v></c>`, ref, xmlText(text))
				case 5:
					fmt.Fprintf(&sheet, `<c r="%s" t="e"><v>#N/A</v></c>`, ref)
				default:
					sheet.WriteString(strings.Repeat("<x>", op(i)%80) + strings.Repeat("</x>", op(i)%80))
				}
			}
			sheet.WriteString(`</row>`)
		}
		sheet.WriteString(`</sheetData></worksheet>`)
	}
	var sst strings.Builder
	for i := range 3 {
		fmt.Fprintf(&sst, `<si><t>%s%d</t></si>`, xmlText(text), i)
	}
	code := strings.Repeat(xmlText(text), op(0)%4+1)
	files := []struct{ name, body string }{
		{"_rels/.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", `<workbook ` + ns + `><workbookPr date1904="` + fmt.Sprint(op(1)%2) + `"/><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="x/sharedStrings" Target="sharedStrings.xml"/><Relationship Id="rId3" Type="x/styles" Target="/xl/styles.xml"/></Relationships>`},
		{"xl/sharedStrings.xml", `<sst ` + ns + `>` + sst.String() + `</sst>`},
		{"xl/styles.xml", `<styleSheet ` + ns + `><numFmts><numFmt numFmtId="164" formatCode="` + code + `"/><numFmt numFmtId="165" formatCode="yyyy-mm-dd hh:mm:ss AM/PM"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="164"/><xf numFmtId="165"/><xf numFmtId="14"/></cellXfs></styleSheet>`},
		{"xl/worksheets/sheet1.xml", sheet.String()},
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range files {
		w, _ := zw.Create(f.name)
		w.Write([]byte(f.body))
	}
	zw.Close()
	out := b.Bytes()
	// Damage: a byte of the archive changed, or the archive cut.
	if d := op(3); d%5 == 0 && len(out) > 0 {
		out[(d*131+op(2))%len(out)] ^= byte(op(1) | 1)
	} else if d%7 == 1 {
		out = out[:len(out)*(op(2)%100)/100]
	} else if d%11 == 2 {
		// A central-directory entry that declares another size.
		if i := bytes.LastIndex(out, []byte("PK\x01\x02")); i >= 0 && i+28 <= len(out) {
			binary.LittleEndian.PutUint32(out[i+24:], uint32(op(2)*1000))
		}
	}
	return out
}

var lineOf = regexp.MustCompile(`\(line \d+`)

func xmlText(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '<':
			b.WriteString("&lt;")
		case r == '&':
			b.WriteString("&amp;")
		case r == '"':
			b.WriteString("&quot;")
		case r == utf8.RuneError, r < 0x20 && r != '\t' && r != '\n':
			b.WriteString("_x0001_")
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// FuzzXLSX checks the XLSX reader's scanner against encoding/xml's
// token stream (the same rows, or the same message) and its bounds on workbooks built from the
// fuzzer's bytes (valid, damaged, hostile): it never panics, an error is
// one line of valid UTF-8 naming the file with no Go type or decoder's
// words in it, what a workbook builds stays
// within the loader's budget, and the text it keeps (each string counted
// once, as shared strings are) is bounded by that budget too.
func FuzzXLSX(f *testing.F) {
	for _, seed := range []struct {
		ops  string
		text string
		raw  bool
	}{
		{"\x02\x03\x00\x01\x02\x04\x01\x00", "name", false},
		{"\x02\x04\x03\x02\x02\x04\x05\x01\x02\x02\x06\x03", "_x0041_ ok_x005F_x0042_", false},
		{"\x00\x01\x02\x03", "yyyy-mm-dd", false},
		{"\x05\x05\x05\x05", "0.00%", false},
		{"\x02\x01\x06\x00", "", false},
		{"\x00", `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c></row><row r="2"><c r="A2" t="s"><v>1</v></c></row></sheetData></worksheet>`, true},
		{"\x00", strings.Repeat("<a>", 100), true},
		{"\x00", `<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c><c r="A1"><v>2</v></c></row></sheetData></worksheet>`, true},
	} {
		f.Add([]byte(seed.ops), seed.text, seed.raw)
	}
	f.Fuzz(func(t *testing.T, ops []byte, text string, raw bool) {
		if len(ops) > 1000 || len(text) > 2000 {
			return
		}
		b := fuzzWorkbook(ops, text, raw)
		d := newDecoder("f.xlsx", len(b))
		data, err := d.decode(b, nil)
		// encoding/xml's token stream, the scanner's oracle, reads it alike.
		xlsx.StdXML = true
		oracle, oerr := newDecoder("f.xlsx", len(b)).decode(b, nil)
		xlsx.StdXML = false
		if err != nil || oerr != nil {
			require.Equal(t, lineOf.ReplaceAllString(fmt.Sprint(oerr), "(line N"), lineOf.ReplaceAllString(fmt.Sprint(err), "(line N"),
				"the scanner and encoding/xml fail alike (the line of a syntax error may differ)")
		} else {
			require.Equal(t, oracle.Vars(), data.Vars(), "the scanner and encoding/xml read the same rows")
		}
		if err != nil {
			msg := err.Error()
			if !utf8.ValidString(msg) || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("message not one valid line: %q", msg)
			}
			if !strings.HasPrefix(msg, "data in f.xlsx: ") {
				t.Fatalf("message does not name the file: %q", msg)
			}
			// no Go type and no decoder's own words: a flow author
			// reads it (a word the cell text holds may come back in its
			// echo)
			for _, jargon := range []string{"zip:", "xml:", "flate:", "EOF", "interface {", "map[", "[]", "%!", "*xlsx", "strconv."} {
				if strings.Contains(msg, jargon) && !strings.Contains(text, jargon) {
					t.Fatalf("message holds %q: %q", jargon, msg)
				}
			}
			return
		}
		if d.built > d.limit {
			t.Fatalf("built %d values for %d bytes (limit %d)", d.built, len(b), d.limit)
		}
		seen := map[*byte]bool{}
		kept := 0
		for _, row := range rowsOf(data) {
			for k, v := range row.(map[string]any) {
				for _, s := range []string{k, fmt.Sprint(v)} {
					if s != "" && !seen[unsafe.StringData(s)] {
						seen[unsafe.StringData(s)] = true
						kept += len(s)
					}
				}
			}
		}
		if kept > 16*d.limit {
			t.Fatalf("kept %d bytes of text for a %d-byte file", kept, len(b))
		}
	})
}

// A sheet part that declares more bytes than it holds, with a row
// numbered -1 in its first bytes (FuzzXLSX): archive/zip drops the bytes
// of the read that meets the short end, so encoding/xml, the oracle, read
// through its own 4 KiB buffer, saw the row and refused its number, while
// the scanner, asking for 64 KiB, met the damage first. The oracle now
// asks as the scanner does, and both say the part is damaged.
func TestXLSXDamagedPartReadAsTheOracle(t *testing.T) {
	var rows strings.Builder
	rows.WriteString(`<row r="-1"><c r="A-1"><v>1</v></c></row>`)
	for r := 1; rows.Len() < 6000; r++ { // more than encoding/xml's buffer
		fmt.Fprintf(&rows, `<row r="%d"><c r="A%d"><v>%d</v></c></row>`, r, r, r)
	}
	b := patchCentral(workbook{rows: rows.String()}.bytes(t), "xl/worksheets/sheet1.xml", 0, 1000)
	const want = "data in w.xlsx: the part xl/worksheets/sheet1.xml of the workbook is damaged (its size does not match its content, or it is cut short); save the workbook again"
	_, err := Decode("w.xlsx", b)
	require.EqualError(t, err, want)
	xlsx.StdXML = true
	defer func() { xlsx.StdXML = false }()
	_, err = Decode("w.xlsx", b)
	require.EqualError(t, err, want, "encoding/xml reads it as the scanner does")
}
