package data

import (
	"bytes"
	"encoding/csv"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

var writeExamples = flag.Bool("write-examples", false, "write examples/renewals.xlsx from examples/renewals.csv")

func readExample(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "examples", name))
	require.NoError(t, err)
	return b
}

// TestWriteXLSXExample makes examples/renewals.xlsx from
// examples/renewals.csv when run with -write-examples:
//
//	go test ./data -run TestWriteXLSXExample -write-examples
//
// premium becomes a number cell shown with two decimals (0.00) and
// renewal_date a date cell shown as yyyy-mm-dd, so the sheet shows what
// the CSV holds (TestSheetExamples checks the two agree).
func TestWriteXLSXExample(t *testing.T) {
	if !*writeExamples {
		t.Skip("run with -write-examples to write examples/renewals.xlsx")
	}
	records, err := csv.NewReader(bytes.NewReader(readExample(t, "renewals.csv"))).ReadAll()
	require.NoError(t, err)
	f := excelize.NewFile()
	defer f.Close()
	const sheet = "Renewals"
	require.NoError(t, f.SetSheetName("Sheet1", sheet))
	money, date := "0.00", "yyyy-mm-dd"
	moneyStyle, err := f.NewStyle(&excelize.Style{CustomNumFmt: &money})
	require.NoError(t, err)
	dateStyle, err := f.NewStyle(&excelize.Style{CustomNumFmt: &date})
	require.NoError(t, err)
	for i, rec := range records {
		for j, text := range rec {
			ref, err := excelize.CoordinatesToCellName(j+1, i+1)
			require.NoError(t, err)
			var v any = text
			style := 0
			switch {
			case i == 0:
			case records[0][j] == "premium":
				n, err := strconv.ParseFloat(text, 64)
				require.NoError(t, err)
				v, style = n, moneyStyle
			case records[0][j] == "renewal_date":
				d, err := time.Parse(time.DateOnly, text)
				require.NoError(t, err)
				v, style = d, dateStyle
			}
			require.NoError(t, f.SetCellValue(sheet, ref, v))
			if style != 0 {
				require.NoError(t, f.SetCellStyle(sheet, ref, ref, style))
			}
		}
	}
	require.NoError(t, f.SaveAs(filepath.Join("..", "examples", "renewals.xlsx")))
}
