package flow

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/scope"
)

// sheetCheckFlow has a line of every kind that a row's data checks
// warn about, and sheetCheckRows rows that give each of them.
var sheetCheckFlow = "# Flow\n\n" +
	"- **subject:** Policy ${row.policy_no} for ${row.Customer} renews ${row.renewal_date}\n" +
	"- **typo:** Dear ${row.custmer}, ${row['Frist Name']}\n" +
	"- **premium:** ${number(row.premium)} THB, ${round(number(row.premium) / 12, 2)}\n" +
	"- **condition:** ${row.status} == Due and ${number(row.premium)} > 100\n" +
	"- **condition:** ${row.status} in Lapsed, Cancelled or ${row.note} is not empty\n" +
	"- **condition:** ${row.premium} > 0\n" +
	"- **bare:** ${default(row.note, none)} ${upper(status)}\n" +
	"- **cut:** ${row.St. Name} and ${row.email.upper()}\n" +
	"- **list:** ${part(row.customer, ' ', 3)} ${row.customer[0]}\n" +
	"- **condition:** ${row.status} in 'Due', 'Paid' and ${row.missing} == x\n" +
	"- **condition:** ${row.nokey} == 1 or ${row.status} == Paid\n" +
	"- **condition:** not ${row.premium} > 5 or ${row.status} == Paid\n" +
	"- **condition:** ${row.status} == Due and ${row.note} == call or ${row.premium} > 5\n" +
	"- **condition:** ${row.status} != Paid and ${row.customer} is not empty and ${number(row.premium)} > 1\n" +
	"Prose with ${row.customer} and ${row.nope}.\n" +
	"- **more:** ${row.note} then ${row.premium * 2}\n"
var sheetCheckRows = []map[string]any{
	{"policy_no": "P1", "customer": "Somchai J", "status": "Due", "premium": "500.00", "note": "call", "email": "a@b"},
	{"policy_no": "P2", "customer": "Anna S", "status": "Paid", "premium": "n/a", "note": ""},
	{"policy_no": "P3", "customer": "", "status": "Lapsed", "premium": "1,000"},
	{"customer": []any{"x"}, "status": 5, "premium": map[string]any{"a": 1}, "St": map[string]any{"Name": 1}},
	{},
	{"policy_no": "P6", "Customer": "Bob", "status": "Cancelled", "premium": "12.5", "note": "n", "renewal_date": "2026-01-01"},
	{"policy_no": "P7", "customer": "Y Z W Q", "status": "Due", "premium": "abc", "email": "Z@Z", "note": "call"},
	{"policy_no": "P8", "customer": "Q", "status": "Due", "premium": 50, "note": nil, "custmer": "Q", "Frist Name": "Q", "missing": "x", "nokey": 1, "nope": 1},
}

// TestSampleWarningsSkipAgrees: the checks of a row's data that skip
// what the row's run evaluated cleanly (a field, a condition's parts
// that ran) give exactly the warnings, and the facts of the columns read
// as numbers, of the checks that evaluate everything again.
func TestSampleWarningsSkipAgrees(t *testing.T) {
	skip, err := Compile("flow.md", []byte(sheetCheckFlow), SampleWarnings())
	require.NoError(t, err)
	all, err := Compile("flow.md", []byte(sheetCheckFlow), SampleWarnings())
	require.NoError(t, err)
	all.opts.recheck = true
	for i, row := range sheetCheckRows {
		s := scope.New(map[string]any{"row": row})
		st := &runState{}
		a := skip.run(context.Background(), st, Input{Index: i, SheetRow: i + 2, Scope: s})
		b := all.run(context.Background(), st, Input{Index: i, SheetRow: i + 2, Scope: s})
		require.Equal(t, show(b), show(a), "row %d", i)
		require.Equal(t, b.notNumeric, a.notNumeric, "row %d", i)
		require.Equal(t, b.numericAt, a.numericAt, "row %d", i)
		require.Equal(t, [2]int64{b.Bytes, b.Steps}, [2]int64{a.Bytes, a.Steps}, "row %d", i)
	}
}

// TestRunStateKept: a worker's state, kept from row to row (its
// evaluator, its validator with its storage), gives each row exactly
// what a state of its own gives it: rows with warnings and without, in
// turn, in every order.
func TestRunStateKept(t *testing.T) {
	f, err := Compile("flow.md", []byte(sheetCheckFlow), SampleWarnings(), Explain())
	require.NoError(t, err)
	kept := &runState{}
	for round := range 3 {
		for k := range sheetCheckRows {
			i := (k*(round+3) + round) % len(sheetCheckRows) // another order each round
			s := scope.New(map[string]any{"row": sheetCheckRows[i]})
			in := Input{Index: i, SheetRow: i + 2, Scope: s}
			want := f.run(context.Background(), &runState{}, in)
			got := f.run(context.Background(), kept, in)
			require.Equal(t, want, got, "round %d, row %d", round, i)
			require.Equal(t, show(want), show(got), "round %d, row %d", round, i)
		}
	}
}

// show is what a row's results say: each field's text, truth, error and
// warnings.
func show(r RowResult) []string {
	var out []string
	for _, res := range r.Results {
		out = append(out, fmt.Sprintf("%s %q %v %v", res.Field.Label, res.Text, res.Holds, res.Err))
		for _, w := range res.Warnings {
			out = append(out, "  "+w.String())
		}
	}
	return out
}

// TestSampleWarningsSkipBudget: a row whose run leaves too little of its
// budget for the full checks loses the warnings that those checks reach
// after the budget is spent; the checks that skip what the run evaluated
// cleanly give the same warnings, not more, whatever share of the budget
// the run used (D42).
func TestSampleWarningsSkipBudget(t *testing.T) {
	heavy := "${len(replace(replace(replace(row.a, '1', '1111111111'), '1', '1111111111'), '1', '1111111111'))}"
	for n := 1; n <= 40; n++ {
		src := "# Flow\n\n"
		for i := range n {
			src += fmt.Sprintf("- **h%d:** %s\n", i, heavy)
		}
		src += "- **late:** ${row.nokey} and ${row.a}\n" +
			"- **condition:** ${row.a} == 1 and ${row.nokey2} == 2\n"
		skip, err := Compile("flow.md", []byte(src), SampleWarnings())
		require.NoError(t, err)
		all, err := Compile("flow.md", []byte(src), SampleWarnings())
		require.NoError(t, err)
		all.opts.recheck = true
		s := scope.New(map[string]any{"row": map[string]any{"a": "1"}}, scope.WithMaxSteps(1000), scope.WithMaxWork(50_000))
		st := &runState{}
		a := skip.run(context.Background(), st, Input{Index: 0, SheetRow: 2, Scope: s})
		b := all.run(context.Background(), st, Input{Index: 0, SheetRow: 2, Scope: s})
		require.Equal(t, show(b), show(a), "%d heavy fields", n)
	}
}
