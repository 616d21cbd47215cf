package flow_test

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"testing"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// A host that keeps each row past the loop copies its Results, as the doc
// of ReuseResults says: what it keeps is then what a run without
// ReuseResults gives, on one worker (runSerial) and several (batches
// reused), with the warnings and the steps of -explain (run with -race).
func TestReuseResultsHostKeepsCopies(t *testing.T) {
	src := "- **a:** ${row.a} ${number(row.b)}\n- **condition:** ${number(row.b)} > 5 and ${row.a} == x3\n- **c:** ${row.missing}${upper(row.a)}\n- **d:** ${round(row.b)}\n"
	rows := func(n int) iter.Seq2[flow.Input, error] {
		return func(yield func(flow.Input, error) bool) {
			for i := range n {
				b := any(fmt.Sprint(i))
				if i%7 == 3 {
					b = "n/a"
				}
				s := scope.New(map[string]any{"row": map[string]any{"a": fmt.Sprintf("x%d", i%10), "b": b}})
				if !yield(flow.Input{Index: i, SheetRow: i + 2, Scope: s}, nil) {
					return
				}
			}
		}
	}
	collect := func(opts ...flow.Option) []string {
		f, err := flow.Compile("f.md", []byte(src), opts...)
		if err != nil {
			t.Fatal(err)
		}
		var kept [][]flow.Result
		var names []string
		for r, err := range f.RunRows(context.Background(), rows(3000)) {
			if err != nil {
				t.Fatal(err)
			}
			kept = append(kept, slices.Clone(r.Results))
			names = append(names, r.Name())
		}
		var out []string
		for i, rs := range kept {
			for _, res := range rs {
				out = append(out, fmt.Sprint(names[i], res.String(), res.Holds, res.Warnings, res.Steps, res.WorkBytes, res.WorkSteps))
			}
		}
		return out
	}
	for _, w := range []int{1, 2, 3, 8} {
		for _, extra := range [][]flow.Option{nil, {flow.SampleWarnings()}, {flow.Explain(), flow.SampleWarnings()}} {
			want := collect(append([]flow.Option{flow.Workers(w)}, extra...)...)
			got := collect(append([]flow.Option{flow.Workers(w), flow.ReuseResults()}, extra...)...)
			if !slices.Equal(want, got) {
				t.Fatalf("workers %d: differ", w)
			}
		}
	}
}
