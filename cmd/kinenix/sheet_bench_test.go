package main

import (
	"io"
	"os"
	"testing"
)

// BenchmarkPreviewSheet is the CLI's run over the sheet of
// KINENIX_BENCH_SHEET (made by bench/cmd/sheetgen) with the bench flow of
// issue #20, -format csv to io.Discard; it reports rows/s. It skips
// without the variable.
func BenchmarkPreviewSheet(b *testing.B) {
	sheet := os.Getenv("KINENIX_BENCH_SHEET")
	if sheet == "" {
		b.Skip("set KINENIX_BENCH_SHEET to a CSV made by bench/cmd/sheetgen")
	}
	b.ReportAllocs()
	for b.Loop() {
		run([]string{"preview", "-data", sheet, "-each", "-format", "csv", "../../bench/testdata/sheet.md"}, nil, io.Discard, io.Discard)
	}
}
