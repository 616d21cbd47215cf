package flow_test

import (
	"context"
	"os"
	"testing"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// benchRow is a row of the bench sheet (bench/cmd/sheetgen).
func benchRow() map[string]any {
	return map[string]any{"policy_no": "P0000003", "customer": "J&J, Ltd.", "status": "Due", "premium": "503.03",
		"renewal_date": "2026-04-04", "email": "C3@x.th", "note": "call"}
}

// BenchmarkRun is the library's own work for one row of the bench flow
// of issue #20 (bench/testdata/sheet.md, six fields and two conditions):
// a scope over the row, and Run. The CLI's CPU per row is measured
// against it.
func BenchmarkRun(b *testing.B) {
	src, err := os.ReadFile("../bench/testdata/sheet.md")
	if err != nil {
		b.Fatal(err)
	}
	f, err := flow.Compile("sheet.md", src)
	if err != nil {
		b.Fatal(err)
	}
	row := benchRow()
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		r := f.Run(ctx, scope.New(map[string]any{"row": row}))
		if r.Failed() {
			b.Fatal(r.Results)
		}
	}
}

// BenchmarkRunRowsSample is the work of preview's workers for one row of
// the bench flow: RunRows on one goroutine, with the warnings of the
// row's data (SampleWarnings) and the results' storage reused, as
// preview runs it.
func BenchmarkRunRowsSample(b *testing.B) {
	src, err := os.ReadFile("../bench/testdata/sheet.md")
	if err != nil {
		b.Fatal(err)
	}
	f, err := flow.Compile("sheet.md", src, flow.Workers(1), flow.SampleWarnings(), flow.ReuseResults())
	if err != nil {
		b.Fatal(err)
	}
	row := benchRow()
	rows := func(yield func(flow.Input, error) bool) {
		for i := range b.N {
			if !yield(flow.Input{Index: i, SheetRow: i + 2, Scope: scope.New(map[string]any{"row": row})}, nil) {
				return
			}
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for r, err := range f.RunRows(context.Background(), rows) {
		if err != nil || r.Failed() {
			b.Fatal(err, r.Results)
		}
	}
}
