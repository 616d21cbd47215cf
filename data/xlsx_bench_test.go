package data

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
)

// benchWorkbook builds a workbook of n rows under a header, shaped as
// the attack round's 1M-row workbook: three inline strings and two
// numbers a row.
func benchWorkbook(b testing.TB, n int) []byte {
	var sheet strings.Builder
	sheet.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		`<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>` +
		`<row r="1"><c r="A1" t="inlineStr"><is><t>policy_no</t></is></c><c r="B1" t="inlineStr"><is><t>customer</t></is></c>` +
		`<c r="C1" t="inlineStr"><is><t>status</t></is></c><c r="D1" t="inlineStr"><is><t>premium</t></is></c><c r="E1" t="inlineStr"><is><t>renewal_date</t></is></c></row>`)
	for r := 2; r <= n+1; r++ {
		fmt.Fprintf(&sheet, `<row r="%d"><c r="A%d" t="inlineStr"><is><t>POL-%07d</t></is></c><c r="B%d" t="inlineStr"><is><t>Customer %d</t></is></c>`+
			`<c r="C%d" t="inlineStr"><is><t>Due</t></is></c><c r="D%d"><v>%d.5</v></c><c r="E%d"><v>%d</v></c></row>`,
			r, r, r, r, r%10, r, r, r%3, r, r%7)
	}
	sheet.WriteString(`</sheetData></worksheet>`)
	const rels = `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`
	files := []struct{ name, body string }{
		{"_rels/.rels", rels + `<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`},
		{"xl/workbook.xml", `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>`},
		{"xl/_rels/workbook.xml.rels", rels + `<Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`},
		{"xl/worksheets/sheet1.xml", sheet.String()},
	}
	var out bytes.Buffer
	zw := zip.NewWriter(&out)
	for _, f := range files {
		w, err := zw.Create(f.name)
		if err != nil {
			b.Fatal(err)
		}
		if _, err := io.WriteString(w, f.body); err != nil {
			b.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		b.Fatal(err)
	}
	return out.Bytes()
}

// benchFile is the workbook the benchmarks read: KINENIX_BENCH_XLSX names
// one (the attack round's /tmp/big1m.xlsx), else 100,000 rows built here.
func benchFile(b *testing.B) []byte {
	if name := os.Getenv("KINENIX_BENCH_XLSX"); name != "" {
		wb, err := os.ReadFile(name)
		if err != nil {
			b.Fatal(err)
		}
		return wb
	}
	return benchWorkbook(b, 100000)
}

// BenchmarkXLSXOpenRows streams every row of a workbook.
func BenchmarkXLSXOpenRows(b *testing.B) {
	wb := benchFile(b)
	b.SetBytes(int64(len(wb)))
	b.ResetTimer()
	for b.Loop() {
		r, err := OpenRows("b.xlsx", bytes.NewReader(wb), int64(len(wb)))
		if err != nil {
			b.Fatal(err)
		}
		for {
			if _, err := r.Next(); err != nil {
				if !errors.Is(err, io.EOF) {
					b.Fatal(err)
				}
				break
			}
		}
	}
}

// BenchmarkXLSXDecode reads a whole workbook, every row kept.
func BenchmarkXLSXDecode(b *testing.B) {
	wb := benchFile(b)
	b.SetBytes(int64(len(wb)))
	b.ResetTimer()
	for b.Loop() {
		if _, err := Decode("b.xlsx", wb); err != nil {
			b.Fatal(err)
		}
	}
}
