package xlsx

import (
	"archive/zip"
	"bytes"
	"fmt"
	"html"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
	"unsafe"

	"github.com/stretchr/testify/require"
)

// rawCell is a cell of a workbook written by rawBook: its value as the
// file stores it (the text of <v>), its type (t, "" for a number) and the
// format code shown for it ("" for General).
type rawCell struct {
	v, typ, format string
}

// rawBook writes a workbook of one sheet whose row i+1 holds cells[i] in
// column A, the file's own text for each, as Excel writes it (excelize
// writes numbers its own way); date1904 picks the date system.
func rawBook(t *testing.T, date1904 bool, cells ...rawCell) []byte {
	t.Helper()
	const ns = `xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`
	var fmts, xfs, sheet strings.Builder
	xfs.WriteString(`<xf numFmtId="0"/>`)
	styles := map[string]int{"": 0}
	for i, c := range cells {
		s, ok := styles[c.format]
		if !ok {
			s = len(styles)
			styles[c.format] = s
			fmt.Fprintf(&fmts, `<numFmt numFmtId="%d" formatCode="%s"/>`, 163+s, html.EscapeString(c.format))
			fmt.Fprintf(&xfs, `<xf numFmtId="%d" applyNumberFormat="1"/>`, 163+s)
		}
		typ := ""
		if c.typ != "" {
			typ = ` t="` + c.typ + `"`
		}
		fmt.Fprintf(&sheet, `<row r="%d"><c r="A%d" s="%d"%s><v>%s</v></c></row>`, i+1, i+1, s, typ, html.EscapeString(c.v))
	}
	d := "0"
	if date1904 {
		d = "1"
	}
	files := []struct{ name, body string }{
		{"_rels/.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", `<workbook ` + ns + `><workbookPr date1904="` + d + `"/><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId3" Type="x/styles" Target="styles.xml"/></Relationships>`},
		{"xl/styles.xml", `<styleSheet ` + ns + `><numFmts>` + fmts.String() + `</numFmts><cellXfs>` + xfs.String() + `</cellXfs></styleSheet>`},
		{"xl/worksheets/sheet1.xml", `<worksheet ` + ns + `><sheetData>` + sheet.String() + `</sheetData></worksheet>`},
	}
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range files {
		w, err := zw.Create(f.name)
		require.NoError(t, err)
		_, err = w.Write([]byte(f.body))
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	return b.Bytes()
}

// shown reads the cells of rawBook's workbook, one a row, as the reader
// shows them.
func shown(t *testing.T, date1904 bool, cells ...rawCell) []string {
	t.Helper()
	rows, err := readAll(t, rawBook(t, date1904, cells...), "")
	require.NoError(t, err)
	var out []string
	for _, r := range rows {
		require.Len(t, r, 1)
		out = append(out, r[0])
	}
	return out
}

// checkShown reads each case's cell in one workbook and compares what the
// reader shows with what Excel shows.
func checkShown(t *testing.T, date1904 bool, cases []struct{ v, typ, format, want string }) {
	t.Helper()
	cells := make([]rawCell, len(cases))
	for i, c := range cases {
		cells[i] = rawCell{c.v, c.typ, c.format}
	}
	got := shown(t, date1904, cells...)
	for i, c := range cases {
		require.Equal(t, c.want, got[i], "%s in %q (t=%q)", c.v, c.format, c.typ)
	}
}

// D49: a number cell stays a number whatever its exponent, written out in
// full: whole numbers up to 2^53 exactly, others to the 15 significant
// digits a sheet shows (a formula's 0.1+0.2 is stored 0.30000000000000004).
func TestGeneralNumbersStayNumbers(t *testing.T) {
	checkShown(t, false, []struct{ v, typ, format, want string }{
		{"1234567890123456", "", "", "1234567890123456"},
		// Past 2^53, 15 digits, though the text reads as the double 2^53
		// (PD-5); 2^53 itself, and below, exactly, however written.
		{"9007199254740993", "", "", "9007199254740990"},
		{"-9007199254740993", "", "", "-9007199254740990"},
		{"9007199254740992.4", "", "", "9007199254740990"},
		{"9007199254740992", "", "", "9007199254740992"},
		{"9.007199254740992E+15", "", "", "9007199254740992"},
		{"9007199254740991", "", "", "9007199254740991"},
		{"9007199254740991.0", "", "", "9007199254740991"},
		{" 12 ", "", "", "12"}, // white space around a number is no part of it
		{"\n1250.5\n", "n", "0.00", "1250.50"},
		{"1.5E+20", "", "", "150000000000000000000"},
		{"-1.5E+20", "", "", "-150000000000000000000"},
		{"1E+15", "", "", "1000000000000000"},
		{"1e15", "n", "", "1000000000000000"},
		{"1E-10", "", "", "0.0000000001"},
		{"-2.5E-7", "", "", "-0.00000025"},
		{"123456789012345678", "", "", "123456789012346000"},
		{"12345678901234.567", "", "", "12345678901234.6"},
		{"0.30000000000000004", "", "", "0.3"},
		{"2.6749999999999998", "", "", "2.675"},
		{"1234.5", "", "", "1234.5"},
		{"-0", "", "", "0"},
		{"0", "", "", "0"},
		{"1.7976931348623157E+308", "", "", "179769313486232" + strings.Repeat("0", 294)},
		{"5E-324", "", "", "0." + strings.Repeat("0", 323) + "5"}, // a subnormal double: its few digits
		{"2.2250738585072014E-308", "", "", "0." + strings.Repeat("0", 307) + "222507385850720"[:14]},
		{"1.5E+20", "", "0.00E+00", "150000000000000000000"},
		{"1.5E+20", "", `"$"#,##0.00`, "150000000000000000000"},
		{"1E+10", "", "yyyy-mm-dd", "10000000000"}, // past 9999-12-31: the number
	})
}

// The plain number formats round as Excel does: the stored double to 15
// significant digits first, then half away from zero at the last decimal
// shown (so 1.005 under 0.00 is 1.01, though the double is a hair below).
func TestPlainFormatsRoundAsExcel(t *testing.T) {
	checkShown(t, false, []struct{ v, typ, format, want string }{
		{"1.005", "", "0.00", "1.01"},
		{"1.015", "", "0.00", "1.02"},
		{"1.025", "", "0.00", "1.03"},
		{"1.035", "", "0.00", "1.04"},
		{"2.675", "", "0.00", "2.68"},
		{"4.005", "", "0.00", "4.01"},
		{"-1.005", "", "0.00", "-1.01"},
		{"0.5", "", "0", "1"},
		{"-0.5", "", "0", "-1"},
		{"2.5", "", "0", "3"},
		{"0.995", "", "0.00", "1.00"},
		{"9.995", "", "#,##0.00", "10.00"},
		{"999999.995", "", "#,##0.00", "1,000,000.00"},
		{"123456789012345678", "", "0.00", "123456789012346000.00"},
		{"1.5E+20", "", "#,##0", "150,000,000,000,000,000,000"},
		{"1E-10", "", "0.00", "0.00"},
		{"-0.001", "", "0.00", "-0.00"},
		{"0", "", "0.00", "0.00"},
		{"0.0145", "", "0.0%", "1.5%"},
		{"0.075", "", "0.0%", "7.5%"},
		{"1.005", "", "0.00%", "100.50%"},
		{"0", "", "0%", "0%"}, // zero is 0%, as Excel shows it, not 00%
		{"0", "", "0.00%", "0.00%"},
		{"-0", "", "0%", "0%"},
		{"0.00001", "", "0%", "0%"},
		{"0.123456789", "", "0.000000000000", "0.123456789000"},
		{"12.345", "", "0.00", "12.35"},
		{"1250.5", "", "0.00", "1250.50"},
	})
}

// Elapsed time ([h], [m], [s]) counts from the serial's start; fractions
// of a second (ss.0 to ss.000) are rounded there, and carry into the
// seconds, minutes and days they fill.
func TestTimeFormats(t *testing.T) {
	checkShown(t, false, []struct{ v, typ, format, want string }{
		{"0.0625", "", "[mm]:ss", "90:00"},
		{"0.0625", "", "[m]:ss", "90:00"},
		{"0.0625", "", "[ss]", "5400"},
		{"0.0625", "", "[s]", "5400"},
		{"0.0625", "", "[h]:mm:ss", "1:30:00"},
		{"1.5", "", "[h]:mm:ss", "36:00:00"},
		{"1.5", "", "[hh]:mm", "36:00"},
		{"0.0001", "", "[hh]:mm:ss", "00:00:09"},
		{"2.75", "", "[h]", "66"},
		{"0.99999999", "", "[h]:mm:ss", "24:00:00"}, // a second rounded up carries
		{"0.99999999", "", "hh:mm:ss", "00:00:00"},
		{"0.0000116", "", "mm:ss.0", "00:01.0"},
		{"0.5000001", "", "hh:mm:ss.00", "12:00:00.01"},
		{"0.00001", "", "s.000", "0.864"},
		{"0.00001", "", "[ss].00", "00.86"},
		{"0.00001", "", "[s].00", "0.86"},
		{"1.00001", "", "[ss].000", "86400.864"},
		{"0.999999999", "", "hh:mm:ss.00", "00:00:00.00"},
		{"0.999999999", "", "yyyy-mm-dd hh:mm:ss.0", "1900-01-01 00:00:00.0"},
		{"0.75", "", "h:mm:ss.000 AM/PM", "6:00:00.000 PM"},
		{"0.75", "", `h:mm a/p"m"`, "6:00 pm"},
		{"0.25", "", "h:mm a/P", "6:00 a"},
		{"0.25", "", "h:mm am/pm", "6:00 AM"},
		{"46037.5", "", "yyyy-mm-dd hh:mm:ss", "2026-01-15 12:00:00"},
		{"0.0625", "", "[mm]:ss.0", "90:00.0"},
		{"0.5", "", "[Red][h]:mm", "12:00"},
		{"45.5", "", "mm:ss", "00:00"},
	})
}

// Excel's 1900 date system counts 29 February 1900, which never was (as
// Lotus 1-2-3 did), and 0 is 1900-01-00: the days before 1 March 1900,
// and their weekdays, are shown as Excel shows them.
func TestLeapDay1900(t *testing.T) {
	checkShown(t, false, []struct{ v, typ, format, want string }{
		{"0", "", "yyyy-mm-dd dddd", "1900-01-00 Saturday"},
		{"1", "", "yyyy-mm-dd dddd", "1900-01-01 Sunday"},
		{"59", "", "yyyy-mm-dd dddd", "1900-02-28 Tuesday"},
		{"60", "", "yyyy-mm-dd dddd", "1900-02-29 Wednesday"},
		{"60.75", "", "d mmm yyyy h:mm", "29 Feb 1900 18:00"},
		{"61", "", "yyyy-mm-dd dddd", "1900-03-01 Thursday"},
		{"46037", "", "yyyy-mm-dd ddd", "2026-01-15 Thu"},
		{"59.99999999", "", "yyyy-mm-dd hh:mm:ss", "1900-02-29 00:00:00"},
	})
	checkShown(t, true, []struct{ v, typ, format, want string }{
		{"0", "", "yyyy-mm-dd dddd", "1904-01-01 Friday"},
		{"60", "", "yyyy-mm-dd", "1904-03-01"},
		{"44575", "", "yyyy-mm-dd", "2026-01-15"},
	})
}

// A date cell (t="d", as some programs write dates) holds ISO 8601 text;
// under a date or time format it is shown as that format shows the day.
func TestDateCells(t *testing.T) {
	checkShown(t, false, []struct{ v, typ, format, want string }{
		{"2026-01-15T00:00:00", "d", "yyyy-mm-dd", "2026-01-15"},
		{"2026-01-15T10:30:00Z", "d", "d mmm yyyy hh:mm", "15 Jan 2026 10:30"},
		{"2026-01-15", "d", "dd/mm/yyyy", "15/01/2026"},
		{"2026-01-15T10:30:15.125", "d", "hh:mm:ss.00", "10:30:15.13"},
		{"2026-01-15T23:59:59.9996", "d", "yyyy-mm-dd hh:mm:ss.000", "2026-01-16 00:00:00.000"},
		{"2026-01-15T23:59:59.6", "d", "yyyy-mm-dd hh:mm:ss", "2026-01-16 00:00:00"},
		{"1900-01-01T00:00:00", "d", "yyyy-mm-dd dddd", "1900-01-01 Sunday"},
		{"1900-03-01T00:00:00", "d", "yyyy-mm-dd dddd", "1900-03-01 Thursday"},
		{"1900-01-02T12:00:00", "d", "[h]", "60"},
		{"10:30:00", "d", "h:mm AM/PM", "10:30 AM"},
		{"2026-01-15T00:00:00", "d", "", "2026-01-15T00:00:00"},           // General: the text
		{"2026-01-15T00:00:00", "d", "0.00", "2026-01-15T00:00:00"},       // no date format: the text
		{"2026-02-30T00:00:00", "d", "yyyy-mm-dd", "2026-02-30T00:00:00"}, // no such day: the text
		{"1899-12-31T00:00:00", "d", "yyyy-mm-dd", "1899-12-31T00:00:00"}, // before the sheet's dates
		{"2026-01-15T10:30:00+07:00", "d", "yyyy-mm-dd", "2026-01-15T10:30:00+07:00"},
		{"10000-01-01T00:00:00", "d", "yyyy-mm-dd", "10000-01-01T00:00:00"},
		{"not a date", "d", "yyyy-mm-dd", "not a date"},
	})
	checkShown(t, true, []struct{ v, typ, format, want string }{
		{"2026-01-15T00:00:00", "d", "yyyy-mm-dd", "2026-01-15"},
		{"1904-01-01T06:00:00", "d", "yyyy-mm-dd hh:mm dddd", "1904-01-01 06:00 Friday"},
		{"1903-12-31T00:00:00", "d", "yyyy-mm-dd", "1903-12-31T00:00:00"},
	})
}

// A format code with letters whose lower case is another length (the
// Kelvin sign, a dotted capital I) is read byte for byte, not out of step
// (it made the reader panic).
func TestFormatCodeLetterCase(t *testing.T) {
	checkShown(t, false, []struct{ v, typ, format, want string }{
		{"46037", "", "yyyy\u212A\u212A\u212A\u212Ad", "2026\u212A\u212A\u212A\u212A15"},
		{"46037", "", "d\u0130\u0130\u0130\"x\"", "15\u0130\u0130\u0130x"},
		{"46037", "", "YYYY-MM-DD", "2026-01-15"},
	})
}

// Thai dates: bb and bbbb are the Buddhist-era year (the year plus 543);
// a [$-...] locale prefix is read for its language (Thai month and day
// names), its calendar (07: the Thai Buddhist one, for every year) and its
// digits (D: Thai digits); other languages keep English names; the text
// of [$text-...] is shown as it is.
func TestThaiDates(t *testing.T) {
	const jan15 = "46037" // 2026-01-15, a Thursday
	checkShown(t, false, []struct{ v, typ, format, want string }{
		{jan15, "", "d/m/bbbb", "15/1/2569"},
		{jan15, "", "dd/mm/bb", "15/01/69"},
		{jan15, "", "[$-107041E]d mmm yy", "15 ม.ค. 69"},
		{jan15, "", "[$-107041E]d mmmm yyyy", "15 มกราคม 2569"},
		{jan15, "", "[$-107041E]dddd d mmmm bbbb", "พฤหัสบดี 15 มกราคม 2569"},
		{jan15, "", "[$-41E]d mmm yyyy", "15 ม.ค. 2026"},
		{jan15, "", "[$-41E]ddd d mmmmm", "พฤ. 15 ม"},
		{"46068", "", "[$-41E]d mmm", "15 ก.พ."},
		{"46127", "", "[$-41E]d mmm", "15 เม.ย."},
		{jan15, "", "[$-D07041E]d/m/yyyy", "๑๕/๑/๒๕๖๙"},
		{jan15, "", "[$-D07041E]d mmm yy hh:mm", "๑๕ ม.ค. ๖๙ ๐๐:๐๐"},
		{jan15, "", "[$-th-TH]d mmmm yyyy", "15 มกราคม 2026"},
		{jan15, "", "[$-409]d mmmm yyyy", "15 January 2026"},
		{jan15, "", "[$-F800]dddd, mmmm dd, yyyy", "Thursday, January 15, 2026"},
		{jan15, "", "[$-407]d. mmmm yyyy", "15. January 2026"}, // German names are not kept: English
		{jan15, "", "[$฿-41E]d/m/yyyy", "฿15/1/2026"},
		{jan15, "", "B1d/m/yyyy", "15/1/2026"}, // B1: the Gregorian calendar
		{"60", "", "d/m/bbbb", "29/2/2443"},
	})
}

// The digits of plainly written number text are read from the text
// (textDigits) as they would be from the double it reads as: the two
// ways show every such text alike, in General and in the plain formats.
func TestTextDigitsAsTheDouble(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 49))
	formats := []numFormat{*generalFormat, parseFormat("0"), parseFormat("0.00"), parseFormat("#,##0.000"), parseFormat("0.0%")}
	texts := []string{"0", "-0", "0.0", "00012", "1.", ".5", "-.5", "1.50", "999999999999999", "0.000000000000001", "-1234567.125", "100000000000000000000", "0.1000000000000000000000"}
	for range 20000 {
		var b strings.Builder
		if r.IntN(3) == 0 {
			b.WriteByte('-')
		}
		for range r.IntN(3) {
			b.WriteByte('0')
		}
		for range r.IntN(12) {
			b.WriteByte(byte('0' + r.IntN(10)))
		}
		if r.IntN(2) == 0 {
			b.WriteByte('.')
			for range r.IntN(12) {
				b.WriteByte(byte('0' + r.IntN(10)))
			}
		}
		texts = append(texts, b.String())
	}
	n := 0
	for _, text := range texts {
		var buf [48]byte
		neg, digits, point, ok := textDigits(buf[:0], []byte(text))
		x, isNum := number(text)
		if !ok {
			continue
		}
		n++
		require.True(t, isNum, text)
		for _, f := range formats {
			d := append([]byte(nil), digits...) // showDigits may round them in place
			require.Equal(t, f.showNumber(x, false), f.showDigits(neg, d, point), "%q in %+v", text, f)
		}
	}
	require.Greater(t, n, 15000)
}

// Any format code (of at most 255 characters) shows any number without
// a panic, in text bounded by the code's length: what the reader charges
// for a cell is at most a few times the code's 255 characters.
func TestAnyFormatCodeBounded(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 17))
	pieces := []string{"y", "yyyy", "b", "bbbb", "B1", "B2", "m", "mmmmm", "d", "dddd", "h", "[h]", "[mm]", "[ss]", "[hhh]", "s", ".0", ".000", ".0000",
		"AM/PM", "a/p", "[$-D07041E]", "[$฿-41E]", "[$-th-TH]", "[$-]", "[$", "[Red]", "\"lit\"", "\"", "\\", "_", "*", ";", "0", "0.00", "#,##", "%", "e", "g", "General",
		"\u212A", "\u0130", "ß", ":", "-", " ", "ไทย", "@", "?"}
	values := []float64{0, 0.5, 1, 60, 61, 46037.999999, 2958465.9999999, 2958466, -1, 1e20, 5e-324, 1.7976931348623157e308, 0.0000116}
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		code := b.String()
		if len([]rune(code)) > maxFormatLen {
			continue
		}
		f := parseFormat(code)
		for _, x := range values {
			for _, d1904 := range []bool{false, true} {
				s := f.showNumber(x, d1904)
				require.LessOrEqual(t, len(s), 12*len(code)+400, "%v in %q: %q", x, code, s)
			}
		}
	}
}

// keptBytes is what a parsed format keeps: the format, its parts (their
// whole capacity) and the text of its literals.
func keptBytes(f numFormat) int {
	n := int(unsafe.Sizeof(f)) + cap(f.date)*int(unsafe.Sizeof(datePart{}))
	for _, p := range f.date {
		n += len(p.lit)
	}
	return n
}

// A number format code is charged, before it is parsed, at least what
// its parse keeps: a code of 255 characters of date fields and
// literals, one part a character, kept some 8 KB, charged 16 values
// (256 bytes), so 64,000 of them in a 3 MB workbook took 300 MB.
func TestFormatCostCoversWhatIsKept(t *testing.T) {
	codes := []string{"", "0.00", "yyyy-mm-dd", "[$-D07041E]d mmmm bbbb", strings.Repeat("d ", 127) + "d",
		strings.Repeat("h:", 127) + "h", strings.Repeat("\\a", 127), strings.Repeat("s.0 ", 63), strings.Repeat("ไ", 255)}
	r := rand.New(rand.NewPCG(5, 11))
	pieces := []string{"y", "yyyy", "b", "bbbb", "m", "mmmmm", "d", "dddd", "h", "[h]", "s", ".0", "AM/PM", "a/p", "[$-41E]", "[$฿-41E]",
		"\"lit\"", "\\", "_", "*", " ", "-", "ไทย", "\u212A"}
	for range 2000 {
		var b strings.Builder
		for range 1 + r.IntN(200) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		codes = append(codes, b.String())
	}
	for _, code := range codes {
		if utf8.RuneCountInString(code) > maxFormatLen {
			continue
		}
		f := parseFormat(code)
		require.GreaterOrEqual(t, 16*formatCost(code), keptBytes(f), "%q: %d parts", code, len(f.date))
	}
}
