package flow_test

import (
	"context"
	"fmt"
	"iter"
	"slices"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// A flow is compiled once and run over rows from any source: here a
// slice, in a host a stream of a sheet. Each row has its own budget and
// the run one for all (D42); the results come in row order, each with its
// fields, its conditions and their errors.
func ExampleFlow_RunRows() {
	src := []byte("- **subject:** Invoice ${row.id}: ${number(row.amount) * 2} THB\n" +
		"- **condition:** ${row.status} == Due\n")
	f, err := flow.Compile("invoice.md", src)
	if err != nil {
		fmt.Println(err)
		return
	}
	sheet := []map[string]any{
		{"id": "INV-1", "amount": "50", "status": "Due"},
		{"id": "INV-2", "amount": "n/a", "status": "Paid"},
	}
	var rows iter.Seq2[flow.Input, error] = func(yield func(flow.Input, error) bool) {
		for i, row := range sheet {
			in := flow.Input{Index: i, SheetRow: i + 2, Key: row["id"].(string),
				Scope: scope.New(map[string]any{"row": row})}
			if !yield(in, nil) {
				return
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background()) // cancel stops the run
	defer cancel()
	for r, err := range f.RunRows(ctx, rows) {
		if err != nil {
			fmt.Println(err) // a *flow.StopError names the first row not run
			return
		}
		fmt.Println(r.Name())
		for _, res := range r.Results {
			fmt.Println(" ", res)
		}
	}
	// Output:
	// rows[0] (sheet row 2, INV-1)
	//   invoice.md:1: subject: Invoice INV-1: 100 THB
	//   invoice.md:2: condition: true
	// rows[1] (sheet row 3, INV-2)
	//   invoice.md:1: subject: error: ${number(row.amount) * 2}: number: no number in 'n/a'
	//   invoice.md:2: condition: false
}

// Run computes a flow for one set of data: every field and condition under
// one budget.
func ExampleFlow_Run() {
	f, _ := flow.Compile("hello.md", []byte("- **greeting:** Dear ${upper(name)},\n"))
	r := f.Run(context.Background(), scope.New(map[string]any{"name": "Ann"}))
	fmt.Println(r.Results[0].Text, r.Failed())
	// Output: Dear ANN, false
}

// RunInto runs row after row in the same storage, for a host that is done
// with a row's results before it runs the next.
func ExampleFlow_RunInto() {
	f, _ := flow.Compile("hello.md", []byte("- **greeting:** Dear ${upper(name)},\n"))
	var r flow.RowResult
	for _, name := range []string{"Ann", "Bob"} {
		f.RunInto(context.Background(), scope.New(map[string]any{"name": name}), &r)
		fmt.Println(r.Results[0].Text)
	}
	// Output:
	// Dear ANN,
	// Dear BOB,
}

// With ReuseResults, RunRows writes later rows' results in the storage of
// the Results it yielded: a host that is done with a row when its loop
// body returns allocates them once; one that keeps some copies them.
func ExampleReuseResults() {
	f, _ := flow.Compile("hello.md", []byte("- **greeting:** Dear ${upper(row.name)},\n"), flow.ReuseResults())
	rows := func(yield func(flow.Input, error) bool) {
		for i, name := range []string{"Ann", "Bob", "Cem"} {
			if !yield(flow.Input{Index: i, Scope: scope.New(map[string]any{"row": map[string]any{"name": name}})}, nil) {
				return
			}
		}
	}
	var kept []flow.Result
	for r, err := range f.RunRows(context.Background(), rows) {
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Println(r.Results[0].Text) // valid until the loop body returns
		if r.Row == 1 {
			kept = slices.Clone(r.Results) // kept past it: copied
		}
	}
	fmt.Println("kept:", kept[0].Text)
	// Output:
	// Dear ANN,
	// Dear BOB,
	// Dear CEM,
	// kept: Dear BOB,
}
