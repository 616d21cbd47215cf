package xlsx

import (
	"archive/zip"
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// readAll reads every row of the sheet of b with this package, as
// excelize's GetRows gives them: row by row, trailing empty cells cut, rows
// with no cell left out.
func readAll(t *testing.T, b []byte, sheet string) ([][]string, error) {
	t.Helper()
	r, err := Open(bytes.NewReader(b), int64(len(b)), sheet, sheet != "", 64*int64(len(b))+1<<20, func(int) error { return nil })
	if err != nil {
		return nil, err
	}
	var rows [][]string
	for {
		_, cells, ok, err := r.Next()
		if err != nil {
			return rows, err
		}
		if !ok {
			return rows, nil
		}
		for len(cells) > 0 && cells[len(cells)-1] == "" {
			cells = cells[:len(cells)-1]
		}
		if len(cells) > 0 {
			rows = append(rows, append([]string(nil), cells...))
		}
	}
}

// oracle reads the sheet with excelize, the reader this one replaced.
func oracle(t *testing.T, b []byte, sheet string) [][]string {
	t.Helper()
	f, err := excelize.OpenReader(bytes.NewReader(b))
	require.NoError(t, err)
	defer f.Close()
	if sheet == "" {
		sheet = f.GetSheetList()[0]
	}
	all, err := f.GetRows(sheet)
	require.NoError(t, err)
	var rows [][]string
	for _, r := range all {
		for len(r) > 0 && r[len(r)-1] == "" {
			r = r[:len(r)-1]
		}
		if len(r) > 0 {
			rows = append(rows, r)
		}
	}
	return rows
}

// The formats this reader shows as excelize does: dates and times, and
// the plain number formats. (Others, currency among them, show the
// number itself here: see TestOtherFormatsShowTheNumber.)
var sameFormats = []string{
	"", "0", "0.00", "#,##0", "#,##0.00", "0%", "0.0%", "0.00%",
	"yyyy-mm-dd", "m/d/yyyy", "dd/mm/yyyy", "d/m/yy", "yyyy-mm-dd hh:mm:ss", "yyyy-mm-dd hh:mm",
	"dd-mmm-yyyy", "d mmmm yyyy", "mmm d, yyyy", "hh:mm", "hh:mm:ss", "[$-409]m/d/yyyy",
	"yyyy\"年\"m\"月\"d\"日\"", "dd.mm.yyyy", "ddd, d mmm yyyy", "mm/dd/yyyy h:mm AM/PM", "h:mm a/p", "h:mm A/p", "hh:mm a/P",
}

var builtinIDs = []int{0, 1, 2, 3, 4, 9, 10, 14, 15, 16, 17, 20, 21, 22}

// differential builds a workbook of random cells in every format above
// and compares what both readers show.
func TestDifferentialGenerated(t *testing.T) {
	for seed := range uint64(8) {
		r := rand.New(rand.NewPCG(seed, 21))
		f := excelize.NewFile()
		if seed%3 == 2 {
			yes := true
			require.NoError(t, f.SetWorkbookProps(&excelize.WorkbookPropsOptions{Date1904: &yes}))
		}
		var styles []int
		codes := map[string]string{} // the format code of each number cell, by cell name
		values := map[string]any{}
		for _, code := range sameFormats {
			if code == "" {
				styles = append(styles, 0)
				continue
			}
			s, err := f.NewStyle(&excelize.Style{CustomNumFmt: &code})
			require.NoError(t, err)
			styles = append(styles, s)
		}
		for _, id := range builtinIDs {
			s, err := f.NewStyle(&excelize.Style{NumFmt: id})
			require.NoError(t, err)
			styles = append(styles, s)
		}
		texts := []string{"plain", "ไทย ข้อความ", "two\nlines", "tab\there", "_x0041_ literal?", "a & b <c>", " spaced ", "0042", "TRUE", "=not a formula"}
		for row := 1; row <= 60; row++ {
			for col := 1; col <= 8; col++ {
				if r.IntN(5) == 0 {
					continue
				}
				ref, err := excelize.CoordinatesToCellName(col, row)
				require.NoError(t, err)
				var v any
				switch r.IntN(6) {
				case 0:
					v = texts[r.IntN(len(texts))]
				case 1:
					v = r.IntN(2000000) - 1000000
				case 2:
					v = float64(r.IntN(100000000)) / 1000
				case 3:
					v = r.IntN(2) == 0
				case 4:
					v = float64(r.IntN(60000)) + float64(r.IntN(86400))/86400
				default:
					v = r.Float64() * 1e6
				}
				require.NoError(t, f.SetCellValue("Sheet1", ref, v))
				values[ref] = v
				if _, isNum := v.(string); !isNum {
					k := r.IntN(len(styles))
					require.NoError(t, f.SetCellStyle("Sheet1", ref, ref, styles[k]))
					if k < len(sameFormats) {
						codes[ref] = sameFormats[k]
					} else {
						codes[ref] = builtinFormats[builtinIDs[k-len(sameFormats)]]
					}
				}
			}
		}
		require.NoError(t, f.SetCellRichText("Sheet1", "J1", []excelize.RichTextRun{{Text: "rich "}, {Text: "text", Font: &excelize.Font{Bold: true}}}))
		require.NoError(t, f.SetCellFormula("Sheet1", "K1", "1+1"))
		buf, err := f.WriteToBuffer()
		require.NoError(t, err)
		f.Close()
		got, err := readAll(t, buf.Bytes(), "")
		require.NoError(t, err)
		want := oracle(t, buf.Bytes(), "")
		require.Len(t, got, 60, "seed %d: every row holds a cell", seed)
		require.Len(t, want, 60, "seed %d", seed)
		for i := range want {
			require.Len(t, got[i], len(want[i]), "seed %d, row %d", seed, i+1)
			for j := range want[i] {
				if got[i][j] != want[i][j] {
					ref := CellName(j, i+1)
					x, _ := values[ref].(float64)
					require.Equal(t, excelTie(t, x, codes[ref]), got[i][j], "seed %d, cell %s (%v in %q): excelize shows %q", seed, ref, values[ref], codes[ref], want[i][j])
				}
			}
		}
	}
}

// excelTie is how Excel shows x in the plain number format code where
// excelize differs: excelize rounds the double itself, so 16546.045
// (stored a hair below) shows 16,546.04 there and 16,546.05 in Excel,
// which takes the double to 15 significant digits first and then rounds
// half away from zero. It fails the test when x is no such tie.
func excelTie(t *testing.T, x float64, code string) string {
	t.Helper()
	f, ok := plainFormat(code)
	require.True(t, ok, "excelize differs outside the plain formats: %v in %q", x, code)
	d, _, err := apd.NewFromString(strconv.FormatFloat(x, 'e', 14, 64))
	require.NoError(t, err)
	if f.pct {
		d.Exponent += 2
	}
	// A tie: the 15 digits end in a 5 just past the last decimal shown.
	digits := strings.TrimRight(d.Coeff.String(), "0")
	shift := len(d.Coeff.String()) - len(digits)
	require.Equal(t, int(d.Exponent)+shift, -f.dec-1, "%v in %q is not a tie", x, code)
	require.True(t, strings.HasSuffix(digits, "5"), "%v in %q is not a tie", x, code)
	var r apd.Decimal
	ctx := apd.BaseContext.WithPrecision(40)
	ctx.Rounding = apd.RoundHalfUp // of the magnitude: away from zero
	_, err = ctx.Quantize(&r, d, int32(-f.dec))
	require.NoError(t, err)
	s := r.Text('f')
	if f.group {
		s = groupThousands(s)
	}
	if f.pct {
		s += "%"
	}
	return s
}

// The project's own workbooks read the same with both.
func TestDifferentialExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("..", "..", "..", "examples", "*.xlsx"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, name := range files {
		b, err := os.ReadFile(name)
		require.NoError(t, err)
		got, err := readAll(t, b, "")
		require.NoError(t, err, name)
		require.Equal(t, oracle(t, b, ""), got, name)
	}
}

func TestOtherFormatsShowTheNumber(t *testing.T) {
	f := excelize.NewFile()
	defer f.Close()
	for i, code := range []string{`"$"#,##0.00`, "0.00E+00", "# ?/?", "@", `#,##0.00 "THB";[Red]-#,##0.00 "THB"`} {
		s, err := f.NewStyle(&excelize.Style{CustomNumFmt: &code})
		require.NoError(t, err)
		ref := fmt.Sprintf("A%d", i+1)
		require.NoError(t, f.SetCellValue("Sheet1", ref, 1234.5))
		require.NoError(t, f.SetCellStyle("Sheet1", ref, ref, s))
	}
	buf, err := f.WriteToBuffer()
	require.NoError(t, err)
	got, err := readAll(t, buf.Bytes(), "")
	require.NoError(t, err)
	require.Equal(t, [][]string{{"1234.5"}, {"1234.5"}, {"1234.5"}, {"1234.5"}, {"1234.5"}}, got)
}

func TestUnescape(t *testing.T) {
	for in, want := range map[string]string{
		"a_x000D_b":                  "a\rb",
		"_x005F_x000D_":              "_x000D_",
		"_x00":                       "_x00",
		"_xD800_":                    "_xD800_",
		"__x0041__":                  "_A_",
		"no escapes":                 "no escapes",
		"_x0041_x0042_":              "Ax0042_",
		strings.Repeat("_x0041_", 3): "AAA",
	} {
		require.Equal(t, want, unescape(in), in)
	}
}

func TestCivilDay(t *testing.T) {
	for _, tc := range []struct {
		serial float64
		d1904  bool
		want   string
	}{
		{1, false, "1900-01-01 00:00:00"},
		{59, false, "1900-02-28 00:00:00"},
		{61, false, "1900-03-01 00:00:00"},
		{46037, false, "2026-01-15 00:00:00"},
		{46037.5, false, "2026-01-15 12:00:00"},
		{0, true, "1904-01-01 00:00:00"},
		{44575, true, "2026-01-15 00:00:00"},
	} {
		day, secs := splitSerial(tc.serial, 0)
		c := civilDay(day, tc.d1904)
		got := time.Date(c.year, time.Month(c.month), c.day, 0, 0, int(secs), 0, time.UTC)
		require.Equal(t, tc.want, got.Format(time.DateTime), tc.serial)
		if tc.serial >= 61 || tc.d1904 { // before, Excel's weekdays follow its 29 February 1900 (TestLeapDay1900)
			require.Equal(t, got.Weekday(), time.Weekday(c.weekday), tc.serial)
		}
	}
}

func TestCellName(t *testing.T) {
	for j, want := range map[int]string{0: "A1", 25: "Z1", 26: "AA1", 701: "ZZ1", 702: "AAA1", maxCol - 1: "XFD1"} {
		require.Equal(t, want, CellName(j, 1))
		col, row, ok := parseRef([]byte(want))
		require.True(t, ok)
		require.Equal(t, j, col)
		require.Equal(t, 1, row)
	}
}

// A sheet is named exactly first, then without regard to case (Unicode
// simple folding, as Excel names sheets); a damaged workbook with two
// names that differ only in case gives the one named exactly.
func TestSheetIndex(t *testing.T) {
	sheets := []sheetRef{{name: "Renewals"}, {name: "ÉTÉ"}, {name: "renewals"}}
	for name, want := range map[string]int{
		"Renewals": 0, "renewals": 2, "RENEWALS": 0, "été": 1, "Été": 1, "Renewal": -1, "": -1,
	} {
		require.Equal(t, want, sheetIndex(sheets, name), name)
	}
}

// chartBook is a workbook whose sheets are, in order, the chart sheets
// charts and the sheet of cells "Data" (none when data is false), made by
// excelize, the list of sheets in its workbook part then put in that order
// (excelize adds a chart sheet after the others and cannot move it).
func chartBook(t *testing.T, data bool, charts ...string) []byte {
	t.Helper()
	f := excelize.NewFile()
	defer f.Close()
	require.NoError(t, f.SetSheetName("Sheet1", "Data"))
	require.NoError(t, f.SetSheetRow("Data", "A1", &[]any{"policy", "premium"}))
	require.NoError(t, f.SetSheetRow("Data", "A2", &[]any{"POL-1", 12500}))
	for _, c := range charts {
		require.NoError(t, f.AddChartSheet(c, &excelize.Chart{Type: excelize.Col,
			Series: []excelize.ChartSeries{{Name: "Data!$B$1", Categories: "Data!$A$2", Values: "Data!$B$2"}}}))
	}
	var b bytes.Buffer
	require.NoError(t, f.Write(&b))
	zr, err := zip.NewReader(bytes.NewReader(b.Bytes()), int64(b.Len()))
	require.NoError(t, err)
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, zf := range zr.File {
		rc, err := zf.Open()
		require.NoError(t, err)
		part, err := io.ReadAll(rc)
		require.NoError(t, err)
		if zf.Name == "xl/workbook.xml" {
			list := regexp.MustCompile(`<sheet [^>]*(/>|></sheet>)`)
			all := list.FindAll(part, -1)
			require.Len(t, all, 1+len(charts))
			sheets := slices.Concat(all[1:], all[:1])
			if !data {
				sheets = all[1:]
			}
			at := list.FindIndex(part)
			end := bytes.Index(part, []byte("</sheets>"))
			part = slices.Concat(part[:at[0]], bytes.Join(sheets, nil), part[end:])
		}
		w, err := zw.Create(zf.Name)
		require.NoError(t, err)
		_, err = w.Write(part)
		require.NoError(t, err)
	}
	require.NoError(t, zw.Close())
	return out.Bytes()
}

// A chart sheet is no sheet of cells: a workbook whose first sheet is a
// chart reads its first sheet of cells, which is the first that Sheets
// names; a chart named is refused with the sheets that can be read, and
// a workbook of charts only says it has no sheet of cells.
func TestChartSheets(t *testing.T) {
	b := chartBook(t, true, "Chart")
	rows, err := readAll(t, b, "")
	require.NoError(t, err)
	require.Equal(t, oracle(t, b, "Data"), rows)
	require.Equal(t, [][]string{{"policy", "premium"}, {"POL-1", "12500"}}, rows)
	names, err := Sheets(bytes.NewReader(b), int64(len(b)), 1<<30, func(int) error { return nil })
	require.NoError(t, err)
	require.Equal(t, []string{"Data"}, names)
	_, err = readAll(t, b, "chart")
	require.EqualError(t, err, "the sheet \"Chart\" is a chart, not a sheet of cells: name one of the sheets of cells (\"Data\")")
	_, err = readAll(t, b, "Nope")
	require.EqualError(t, err, "the workbook has no sheet named \"Nope\" (its sheets: \"Data\")")

	b = chartBook(t, false, "Chart 1", "Chart 2")
	_, err = readAll(t, b, "")
	require.EqualError(t, err, "the workbook has no sheet of cells: its sheets (\"Chart 1\", \"Chart 2\") hold charts, dialogs or macros; save the data in a sheet of cells")
	_, err = readAll(t, b, "Chart 2")
	require.EqualError(t, err, "the workbook has no sheet of cells: its sheets (\"Chart 1\", \"Chart 2\") hold charts, dialogs or macros; save the data in a sheet of cells")
}
