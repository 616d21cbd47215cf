package data

import (
	"fmt"
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// Sheets lists a workbook's sheets in its order, the names Sheet takes;
// what is not a workbook is told as Decode tells it.
func TestSheets(t *testing.T) {
	rows := headerAnd(1, func(r int) string { return fmt.Sprintf(`<c r="A%d" t="inlineStr"><is><t>Ann</t></is></c>`, r) })
	// The helper writes each name into the XML as it is given.
	b := workbook{sheets: []string{"Renewals", "ลูกค้า", "Q3 &amp; Q4"}, rows: rows}.bytes(t)
	names, err := Sheets("w.xlsx", b)
	require.NoError(t, err)
	require.Equal(t, []string{"Renewals", "ลูกค้า", "Q3 & Q4"}, names)
	// The first is the sheet Decode reads by default (the helper's
	// workbook has one sheet part, the first sheet's).
	d, err := Decode("w.xlsx", b, Sheet(names[0]))
	require.NoError(t, err)
	require.Equal(t, 1, d.Len())

	// Text named .xlsx is named for what it is, by Sheets as by Decode (D45).
	_, err = Sheets("w.xlsx", []byte("name\nAnn\n"))
	require.EqualError(t, err, "data in w.xlsx: this is not an XLSX workbook but text; name it for what it holds (.csv, .json or .yaml)")
	_, err = Decode("w.xlsx", []byte("name\nAnn\n"))
	require.EqualError(t, err, "data in w.xlsx: this is not an XLSX workbook but text; name it for what it holds (.csv, .json or .yaml)")
	_, err = Sheets("w.xlsx", []byte{0, 1, 2, 3})
	require.EqualError(t, err, "data in w.xlsx: not an XLSX workbook (it is not a valid zip archive)")

	// A workbook of many sheets is bounded as Decode bounds it.
	many := make([]string, 2000)
	for i := range many {
		many[i] = fmt.Sprintf("Sheet%d", i+1)
	}
	names, err = Sheets("w.xlsx", workbook{sheets: many, rows: rows}.bytes(t))
	require.NoError(t, err)
	require.Equal(t, many, names)

	x, err := os.ReadFile("../examples/renewals.xlsx")
	require.NoError(t, err)
	names, err = Sheets("renewals.xlsx", x)
	require.NoError(t, err)
	require.NotEmpty(t, names)
}
