package data

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"encoding/json"
	"hash/crc32"
	"io"
	"strings"
	"testing"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// cell is one cell written by buildXLSX: a value (string, float64, bool,
// time...) and, when set, a number format shown for it.
type cell struct {
	ref    string
	value  any
	format string
}

// buildXLSX makes a workbook with the sheets given in order.
func buildXLSX(t testing.TB, sheets []string, cells map[string][]cell) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	for i, name := range sheets {
		if i == 0 {
			require.NoError(t, f.SetSheetName("Sheet1", name))
		} else {
			_, err := f.NewSheet(name)
			require.NoError(t, err)
		}
		for _, c := range cells[name] {
			require.NoError(t, f.SetCellValue(name, c.ref, c.value))
			if c.format != "" {
				format := c.format
				style, err := f.NewStyle(&excelize.Style{CustomNumFmt: &format})
				require.NoError(t, err)
				require.NoError(t, f.SetCellStyle(name, c.ref, c.ref, style))
			}
		}
	}
	buf, err := f.WriteToBuffer()
	require.NoError(t, err)
	return buf.Bytes()
}

// #12: XLSX cells as the sheet shows them (formatted values), then the one
// scalar rule of D36; the first sheet by default, another with Sheet.
func TestXLSX(t *testing.T) {
	b := buildXLSX(t, []string{"Renewals", "Second sheet"}, map[string][]cell{
		"Renewals": {
			{"A1", "policy_no", ""}, {"B1", "premium", ""}, {"C1", "zip", ""}, {"D1", "paid", ""}, {"E1", "rate", ""},
			{"A2", "0042", ""}, {"B2", 1250.5, "0.00"}, {"C2", "01234", ""}, {"D2", true, ""}, {"E2", 0.075, "0.0%"},
			{"A3", "0043", ""}, {"B3", 12500, "#,##0.00"}, {"C3", 10110, ""},
			// row 4 left out: a gap in the sheet is a blank row and skipped
			{"A5", "0044", ""}, {"B5", 7.25, ""},
		},
		"Second sheet": { // the header is the first row that is not blank
			{"A3", "name", ""}, {"A4", "from the second sheet", ""},
		},
	})
	d, err := Decode("w.xlsx", b)
	require.NoError(t, err)
	require.True(t, d.IsSheet())
	require.Equal(t, 3, d.Len())
	rows := rowsOf(d)
	require.Equal(t, map[string]any{
		"policy_no": "0042", "premium": json.Number("1250.50"), "zip": "01234", "paid": true, "rate": "7.5%",
	}, rows[0])
	require.Equal(t, map[string]any{
		"policy_no": "0043", "premium": "12,500.00", "zip": json.Number("10110"), "paid": nil, "rate": nil,
	}, rows[1], "a number is what the sheet shows: with a thousands separator it is text")
	require.Equal(t, json.Number("7.25"), rows[2].(map[string]any)["premium"])

	d, err = Decode("w.xlsx", b, Sheet("Second sheet"))
	require.NoError(t, err)
	require.Equal(t, map[string]any{"name": "from the second sheet"}, d.Vars()["row"])

	_, err = Decode("w.xlsx", b, Sheet("Nope"))
	require.EqualError(t, err, `data in w.xlsx: the workbook has no sheet named "Nope" (its sheets: "Renewals", "Second sheet")`)

	// Excel names sheets without regard to case: a name that differs
	// from a sheet's only in case picks that sheet (Unicode folding).
	for _, name := range []string{"second sheet", "SECOND SHEET", "sEcOnD sHeEt"} {
		d, err = Decode("w.xlsx", b, Sheet(name))
		require.NoError(t, err, name)
		require.Equal(t, map[string]any{"name": "from the second sheet"}, d.Vars()["row"], name)
		rr, err := OpenRows("w.xlsx", bytes.NewReader(b), int64(len(b)), Sheet(name))
		require.NoError(t, err, name)
		require.Equal(t, []string{"name"}, rr.Header(), name)
	}

	// An empty name (FILE.xlsx# on the command line) is not the first
	// sheet: it is a name the workbook lacks (spec, data files).
	const empty = `data in w.xlsx: the sheet's name is empty: write the name of one of its sheets ("Renewals", "Second sheet")`
	_, err = Decode("w.xlsx", b, Sheet(""))
	require.EqualError(t, err, empty)
	_, err = OpenRows("w.xlsx", bytes.NewReader(b), int64(len(b)), Sheet(""))
	require.EqualError(t, err, empty)
}

// PD-6: a table placed from column B (column A left empty, a common
// layout) is read from its header's first name; the rows' cells are read
// under the header's columns.
func TestXLSXTableFromColumnB(t *testing.T) {
	b := buildXLSX(t, []string{"March 2026"}, map[string][]cell{"March 2026": {
		{"B2", "col", ""}, {"C2", "other", ""},
		{"B3", "x", ""}, {"C3", 7, ""},
		{"C5", 8, ""},
	}})
	d, err := Decode("w.xlsx", b)
	require.NoError(t, err)
	require.Equal(t, []any{
		map[string]any{"col": "x", "other": json.Number("7")},
		map[string]any{"col": nil, "other": json.Number("8")},
	}, rowsOf(d))
	require.Equal(t, 5, d.SheetRow(1))
	r, err := OpenRows("w.xlsx", bytes.NewReader(b), int64(len(b)))
	require.NoError(t, err)
	require.Equal(t, []string{"col", "other"}, r.Header())
	row, err := r.Next()
	require.NoError(t, err)
	require.Equal(t, map[string]any{"col": "x", "other": json.Number("7")}, row.Values)
}

func TestXLSXErrors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		cells []cell
		want  string
	}{
		{"dup", []cell{{"A1", "a", ""}, {"B1", "a", ""}}, `data in w.xlsx: cell B1: the column name "a" is given twice in the header (first cell A1)`},
		{"empty", []cell{{"A1", "a", ""}, {"C1", "c", ""}}, `data in w.xlsx: cell B1: the header (the first row) has an empty column name`},
		{"empty below row 1", []cell{{"B3", "a", ""}, {"D3", "c", ""}, {"B4", 1, ""}}, `data in w.xlsx: cell C3: the header (row 3, the first row that is not blank) has an empty column name; every column needs a name`},
		{"no header", []cell{{"A1", "a", ""}, {"A2", 1, ""}, {"C2", "x", ""}}, `data in w.xlsx: cell C2: "x" is in a column with no header name`},
		{"no header below", []cell{{"B3", "a", ""}, {"B4", 1, ""}, {"D4", "x", ""}}, `data in w.xlsx: cell D4: "x" is in a column with no header name; give the column a name in the header (cell D3) or remove the value`},
		{"a title above the table", []cell{{"A1", "Payroll", ""}, {"A3", "id", ""}, {"B3", "name", ""}}, `data in w.xlsx: cell B3: "name" is in a column with no header name; give the column a name in the header (cell B1) or remove the value; if row 1 ("Payroll") is a title above the table, delete it: the first row that is not blank is read as the header`},
		{"left of the table", []cell{{"B2", "a", ""}, {"B3", 1, ""}, {"A4", "x", ""}, {"B4", 2, ""}},
			`data in w.xlsx: cell A4: "x" is left of the table, whose header starts at cell B2; give its column a name in the header or remove the value`},
		{"blank header", []cell{{"A1", " ", ""}, {"B1", " ", ""}, {"A2", 1, ""}}, `data in w.xlsx: cell A1: the header (the first row) has an empty column name`},
	} {
		_, err := Decode("w.xlsx", buildXLSX(t, []string{"S"}, map[string][]cell{"S": tc.cells}))
		require.Error(t, err, tc.name)
		require.Contains(t, err.Error(), tc.want, tc.name)
	}

	_, err := Decode("w.xlsx", []byte("name: not a workbook\n"))
	require.EqualError(t, err, "data in w.xlsx: this is not an XLSX workbook but text; name it for what it holds (.csv, .json or .yaml)")
	_, err = Decode("w.xlsx", []byte{0x00, 0x01, 0x02, 0xff})
	require.EqualError(t, err, "data in w.xlsx: not an XLSX workbook (it is not a valid zip archive)")
}

// D36 for XLSX: a zip bomb stops at the unpack limit set from the file's
// size, whatever sizes its parts declare; a sheet whose rows are far apart
// costs a value per row between.
func TestXLSXBounded(t *testing.T) {
	var zb bytes.Buffer
	zw := zip.NewWriter(&zb)
	w, err := zw.Create("xl/worksheets/sheet1.xml")
	require.NoError(t, err)
	_, err = w.Write(bytes.Repeat([]byte(" "), 64<<20))
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	require.Less(t, zb.Len(), 1<<20)
	_, err = Decode("bomb.xlsx", zb.Bytes())
	require.Error(t, err)
	require.Contains(t, err.Error(), "data in bomb.xlsx: the workbook unpacks to more than")

	// A sheet whose second row is row 1,000,000 (written by hand: excelize
	// would fill in the rows between).
	// A part that declares a size past 2^63 is refused before it is read.
	zb.Reset()
	zw = zip.NewWriter(&zb)
	big := bytes.Repeat([]byte(" "), 8<<20)
	var deflated bytes.Buffer
	fw, err := flate.NewWriter(&deflated, flate.BestCompression)
	require.NoError(t, err)
	_, err = fw.Write(big)
	require.NoError(t, err)
	require.NoError(t, fw.Close())
	raw, err := zw.CreateRaw(&zip.FileHeader{Name: "xl/worksheets/sheet1.xml", Method: zip.Deflate,
		CRC32: crc32.ChecksumIEEE(big), CompressedSize64: uint64(deflated.Len()), UncompressedSize64: 1<<63 + 5})
	require.NoError(t, err)
	_, err = raw.Write(deflated.Bytes())
	require.NoError(t, err)
	require.NoError(t, zw.Close())
	_, err = Decode("lie.xlsx", zb.Bytes())
	require.Error(t, err)
	require.Contains(t, err.Error(), "data in lie.xlsx: the workbook unpacks to more than")

	_, err = Decode("old.xlsx", append([]byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"), make([]byte, 512)...))
	require.EqualError(t, err, "data in old.xlsx: the workbook is encrypted or in the old .xls format; save it as an unprotected .xlsx")

	far := rewriteZip(t, buildXLSX(t, []string{"S"}, map[string][]cell{"S": {{"A1", "a", ""}, {"A2", "x", ""}}}),
		"xl/worksheets/sheet1.xml", strings.NewReplacer(`r="2"`, `r="1000000"`, `r="A2"`, `r="A1000000"`))
	d := newDecoder("far.xlsx", len(far))
	v, err := d.decode(far, nil)
	require.NoError(t, err)
	require.Equal(t, 1, v.Len())
	require.Less(t, d.built, 1000000+64, "a row skipped costs one value; the sheet format stops at row 1,048,576")
}

// rewriteZip returns the zip archive b with the file name rewritten by r.
func rewriteZip(t *testing.T, b []byte, name string, r *strings.Replacer) []byte {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	require.NoError(t, err)
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	found := false
	for _, f := range zr.File {
		rc, err := f.Open()
		require.NoError(t, err)
		content, err := io.ReadAll(rc)
		require.NoError(t, err)
		require.NoError(t, rc.Close())
		if f.Name == name {
			found = true
			changed := r.Replace(string(content))
			require.NotEqual(t, string(content), changed)
			content = []byte(changed)
		}
		w, err := zw.Create(f.Name)
		require.NoError(t, err)
		_, err = w.Write(content)
		require.NoError(t, err)
	}
	require.True(t, found, name)
	require.NoError(t, zw.Close())
	return out.Bytes()
}

// The XLSX example is the CSV example as a workbook: the two give the same
// rows (#12). The workbook is made from the CSV by TestWriteXLSXExample.
func TestSheetExamples(t *testing.T) {
	csvData, xlsxData := readExample(t, "renewals.csv"), readExample(t, "renewals.xlsx")
	c, err := Decode("renewals.csv", csvData)
	require.NoError(t, err)
	x, err := Decode("renewals.xlsx", xlsxData)
	require.NoError(t, err)
	require.GreaterOrEqual(t, c.Len(), 3)
	require.Equal(t, c.Vars(), x.Vars())
	for _, r := range rowsOf(c) {
		require.NotContains(t, strings.Join(keys(r.(map[string]any)), ","), " ")
	}
}

func keys(m map[string]any) []string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	return k
}

// D49: a number cell is a number whatever its exponent (1.5E+20, as
// Excel writes it, is 150000000000000000000), so arithmetic on it works
// as written and needs no number(...) hint.
func TestXLSXLargeNumbersAreNumbers(t *testing.T) {
	b := buildXLSX(t, []string{"S"}, map[string][]cell{"S": {
		{"A1", "c1", ""}, {"B1", "c2", ""}, {"C1", "c3", ""}, {"D1", "c4", ""},
		{"A2", 1234567890123456, ""}, {"B2", 1e15, ""}, {"C2", 1.5e20, ""}, {"D2", 1e-10, ""},
	}})
	b = rewriteZip(t, b, "xl/worksheets/sheet1.xml", strings.NewReplacer( // as Excel writes them
		"<v>1000000000000000</v>", "<v>1E+15</v>", "<v>150000000000000000000</v>", "<v>1.5E+20</v>"))
	d, err := Decode("w.xlsx", b)
	require.NoError(t, err)
	require.Equal(t, map[string]any{
		"c1": json.Number("1234567890123456"), "c2": json.Number("1000000000000000"),
		"c3": json.Number("150000000000000000000"), "c4": json.Number("0.0000000001"),
	}, rowsOf(d)[0])
	s := scope.New(d.Vars())
	for expr, want := range map[string]string{
		"${row.c3 * 2}":           "300000000000000000000",
		"${row.c1 + 1}":           "1234567890123457",
		"${row.c2 / 1000}":        "1000000000000",
		"${row.c4 * 10000000000}": "1",
		"${number(row.c3)}":       "150000000000000000000",
		"${round(row.c3 / 7, 2)}": "21428571428571428571.43",
	} {
		got, err := eval.MustCompile(expr).Render(s)
		require.NoError(t, err, expr)
		require.Equal(t, want, got, expr)
	}
	ok, err := eval.MustCompileCondition("${row.c3} > ${row.c2}").Test(s)
	require.NoError(t, err)
	require.True(t, ok)
}
