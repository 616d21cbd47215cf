package flow_test

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"iter"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

const sheetFlow = "# Sheet\n\n" +
	"- **subject:** Invoice ${row.id} for ${upper(row.name)}\n" +
	"- **total:** ${number(row.amount) * 2}\n" +
	"- **condition:** ${row.status} == Due and ${number(row.amount)} > 10\n"

// sheetRows makes n rows; every seventh has an amount that is no number.
func sheetRows(n int, opts ...scope.Option) iter.Seq2[flow.Input, error] {
	return func(yield func(flow.Input, error) bool) {
		for i := range n {
			amount := strconv.Itoa(i)
			if i%7 == 3 {
				amount = "n/a"
			}
			row := map[string]any{"id": "INV-" + strconv.Itoa(i), "name": "ann", "amount": amount, "status": "Due"}
			in := flow.Input{Index: i, SheetRow: i + 2, Scope: scope.New(map[string]any{"row": row}, opts...)}
			if !yield(in, nil) {
				return
			}
		}
	}
}

// collect runs f over rows and returns the results as lines, and the
// error that ended the run.
func collect(t *testing.T, ctx context.Context, f *flow.Flow, rows iter.Seq2[flow.Input, error]) ([]string, error) {
	t.Helper()
	var out []string
	for r, err := range f.RunRows(ctx, rows) {
		if err != nil {
			return out, err
		}
		out = append(out, r.Name())
		for _, res := range r.Results {
			out = append(out, res.String())
		}
	}
	return out, nil
}

// Rows come back in their order whatever the number of workers, each as
// Run computes it alone.
func TestRunRowsOrder(t *testing.T) {
	var want []string
	for _, workers := range []int{1, 2, 3, 8} {
		f, err := flow.Compile("f.md", []byte(sheetFlow), flow.Workers(workers))
		require.NoError(t, err)
		got, err := collect(t, context.Background(), f, sheetRows(1000))
		require.NoError(t, err)
		require.Len(t, got, 4000)
		if want == nil {
			want = got
			for in := range sheetRows(1000) {
				r := f.Run(context.Background(), in.Scope)
				require.Equal(t, -1, r.Row)
				for i, res := range r.Results {
					require.Equal(t, res.String(), got[in.Index*4+1+i])
				}
			}
			continue
		}
		require.Equal(t, want, got, "workers %d", workers)
	}
	require.Equal(t, "rows[3] (sheet row 5)", want[12])
	require.Equal(t, "f.md:4: total: error: ${number(row.amount) * 2}: number: no number in 'n/a'", want[14])
}

// D42: the fields and conditions of a row share one budget; the rows of a
// run add up to the run's budget, and past it the run stops at the same
// row whatever the number of workers, saying how far it got.
func TestRunBudgets(t *testing.T) {
	f, err := flow.Compile("f.md", []byte(sheetFlow))
	require.NoError(t, err)
	one := f.Run(context.Background(), scope.New(map[string]any{"row": map[string]any{"id": "1", "amount": "5", "status": "Due", "name": "a"}}))
	require.Positive(t, one.Steps)
	// Each field's share of the row's work; a field alone charges it too.
	var bytes, steps int64
	for i, res := range one.Results {
		require.Positive(t, res.WorkSteps, res.Value)
		bytes, steps = bytes+res.WorkBytes, steps+res.WorkSteps
		alone, err := flow.Compile("f.md", []byte("- **"+res.Label+":** "+res.Value+"\n"))
		require.NoError(t, err)
		a := alone.Run(context.Background(), scope.New(map[string]any{"row": map[string]any{"id": "1", "amount": "5", "status": "Due", "name": "a"}}))
		require.Equal(t, [2]int64{a.Bytes, a.Steps}, [2]int64{res.WorkBytes, res.WorkSteps}, i)
	}
	require.Equal(t, [2]int64{one.Bytes, one.Steps}, [2]int64{bytes, steps})
	// A row's budget smaller than the row's work: the fields after the
	// budget is spent fail with it, the ones before do not.
	r := f.Run(context.Background(), scope.New(map[string]any{"row": map[string]any{"id": "1", "amount": "5", "status": "Due", "name": "a"}},
		scope.WithMaxSteps(one.Steps-1)))
	require.NoError(t, r.Results[0].Err)
	require.ErrorIs(t, r.Results[2].Err, eval.ErrBudget)

	for _, workers := range []int{1, 2, 4} {
		f, err := flow.Compile("f.md", []byte(sheetFlow), flow.Workers(workers), flow.RunBudget(0, 10*one.Steps+5))
		require.NoError(t, err)
		got, err := collect(t, context.Background(), f, sheetRows(100))
		var stop *flow.StopError
		require.ErrorAs(t, err, &stop)
		require.ErrorIs(t, err, flow.ErrRunBudget)
		require.ErrorIs(t, err, value.ErrBudget)
		require.Equal(t, stop.Rows*4, len(got))
		require.Equal(t, stop.Index, stop.Rows)
		require.Less(t, stop.Rows, 11)
		require.Equal(t, fmt.Sprintf("stopped at rows[%d] (sheet row %d): the run needs more work than allowed (more than %s steps over all rows; run the flow over fewer rows at a time)",
			stop.Rows, stop.Rows+2, flow.Count(int(10*one.Steps+5))), err.Error())
	}
}

// D42: a run whose rows build more text than the run allows stops naming
// that limit (not the steps), with the fix.
func TestRunBudgetText(t *testing.T) {
	f, err := flow.Compile("f.md", []byte(sheetFlow), flow.Workers(1))
	require.NoError(t, err)
	one := f.Run(context.Background(), scope.New(map[string]any{"row": map[string]any{"id": "1", "amount": "5", "status": "Due", "name": "a"}}))
	require.Positive(t, one.Bytes)
	f, err = flow.Compile("f.md", []byte(sheetFlow), flow.Workers(1), flow.RunBudget(3*one.Bytes, 0))
	require.NoError(t, err)
	_, err = collect(t, context.Background(), f, sheetRows(100))
	require.ErrorIs(t, err, flow.ErrRunBudget)
	require.Contains(t, err.Error(), " of text over all rows; run the flow over fewer rows at a time)")
	require.NotContains(t, err.Error(), "steps")
}

// D35, D42: a done context stops a run with an error that wraps ctx.Err()
// and names the first row not delivered; the rows delivered stand.
func TestRunRowsContext(t *testing.T) {
	for _, workers := range []int{1, 3} {
		f, err := flow.Compile("f.md", []byte(sheetFlow), flow.Workers(workers))
		require.NoError(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		n := 0
		var stop error
		for r, err := range f.RunRows(ctx, sheetRows(100000)) {
			if err != nil {
				stop = err
				break
			}
			require.Equal(t, n, r.Row)
			n++
			if n == 500 {
				cancel()
			}
		}
		require.ErrorIs(t, stop, context.Canceled)
		var se *flow.StopError
		require.True(t, errors.As(stop, &se))
		require.GreaterOrEqual(t, se.Index, 500)
		require.Equal(t, n, se.Rows)
		// D41: the first row not delivered, as the sheet shows it.
		require.Equal(t, n, se.Index)
		require.Equal(t, n+2, se.SheetRow)
		require.Equal(t, fmt.Sprintf("stopped at %s: the run was cancelled", flow.RowName(n, n+2, "")), stop.Error())
	}
	// A context done before the run: the stop may come between rows (the
	// reader holds a row no worker has), and names that row with its
	// sheet row all the same (D41).
	for range 50 {
		f, err := flow.Compile("f.md", []byte(sheetFlow), flow.Workers(2))
		require.NoError(t, err)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, err = collect(t, ctx, f, sheetRows(10))
		require.EqualError(t, err, "stopped at rows[0] (sheet row 2): the run was cancelled")
	}
	// Breaking out of the loop stops the run.
	f, err := flow.Compile("f.md", []byte(sheetFlow), flow.Workers(4))
	require.NoError(t, err)
	n := 0
	for range f.RunRows(context.Background(), sheetRows(100000)) {
		n++
		if n == 10 {
			break
		}
	}
	require.Equal(t, 10, n)
}

// An error of the rows ends the run after the rows before it.
func TestRunRowsReadError(t *testing.T) {
	bad := errors.New("line 7: not valid CSV")
	rows := func(yield func(flow.Input, error) bool) {
		for in := range sheetRows(5) {
			if !yield(in, nil) {
				return
			}
		}
		yield(flow.Input{}, bad)
	}
	for _, workers := range []int{1, 2} {
		f, err := flow.Compile("f.md", []byte(sheetFlow), flow.Workers(workers))
		require.NoError(t, err)
		got, err := collect(t, context.Background(), f, rows)
		require.ErrorIs(t, err, bad)
		require.Len(t, got, 20)
	}
}

// The variables a flow reads come from its compiled placeholders: a flow
// that reads rows needs the whole sheet, one that does not can stream.
func TestFlowReads(t *testing.T) {
	for _, c := range []struct {
		src  string
		want []string
	}{
		{sheetFlow, []string{"row"}},
		{"- **a:** ${len(rows)} ${rows[-1].id}\n", []string{"rows"}},
		{"- **a:** ${row.Role in Company} ${env.HOME}\n- **condition:** ${x} in ${y}, b\n", []string{"row", "x", "y"}},
		{"- **a:** ${upper(env.REGION)} ${env['HOME']} ${row.a}\n- **condition:** ${default(env.STAGE, 'x')} == y\n", []string{"row"}},
		{"- **a:** ${default(row.a, other.b)} ${join(list)}\n", []string{"list", "other", "row"}},
		{"- **a:** ${lenght(}\n", []string{"lenght("}}, // a path first: a key could be named so
	} {
		f, err := flow.Compile("f.md", []byte(c.src))
		require.NoError(t, err)
		require.Equal(t, c.want, f.Names(), c.src)
		for _, n := range c.want {
			require.True(t, f.Reads(n))
		}
		require.False(t, f.Reads("nothing"))
	}
}

// A condition of the host's own (preview -where) reads the variables a
// flow's condition line would: ConditionReads says which, so that the
// rows it is tested on have them.
func TestConditionReads(t *testing.T) {
	for _, c := range []struct {
		cond string
		want map[string]bool
	}{
		{"${len(rows)} > 2", map[string]bool{"rows": true, "row": false}},
		{"${row.a} == x and ${rows[-1].id} == y", map[string]bool{"rows": true, "row": true}},
		{"${row.Role in Company} == x", map[string]bool{"rows": false, "row": true}},
		{"${env.HOME} == x", map[string]bool{"env": false, "rows": false}},
	} {
		cond, err := eval.CompileCondition(c.cond)
		require.NoError(t, err)
		for name, want := range c.want {
			require.Equal(t, want, flow.ConditionReads(cond, name), "%s: %s", c.cond, name)
		}
	}
	require.False(t, flow.ConditionReads(nil, "rows"))
}

func TestRowName(t *testing.T) {
	for _, c := range []struct {
		index, sheet int
		key, want    string
	}{
		{3, 5, "", "rows[3] (sheet row 5)"},
		{3, 5, "INV-2026-0104", "rows[3] (sheet row 5, INV-2026-0104)"},
		{1204, 1206, "", "rows[1,204] (sheet row 1,206)"},
		{12, 0, "", "rows[12]"},
		{-1, 0, "", "the data"},
		{1234567, 0, "a\nb", `rows[1,234,567] (a\nb)`},
		{3, 5, "  ", "rows[3] (sheet row 5)"},
		{3, 5, "\t \u00a0", "rows[3] (sheet row 5)"},
		{3, 0, " ", "rows[3]"},
		// blank by the one blank rule: a zero-width space, U+FEFF
		{3, 5, "\u200b", "rows[3] (sheet row 5)"},
		{3, 5, "\ufeff\u3000", "rows[3] (sheet row 5)"},
		{3, 5, "\u2060", `rows[3] (sheet row 5, \u2060)`}, // a word joiner is text
	} {
		require.Equal(t, c.want, flow.RowName(c.index, c.sheet, c.key))
	}
	require.Equal(t, "-1,000", flow.Count(-1000))
	require.Equal(t, "999", flow.Count(999))
	require.Equal(t, "12,546", flow.Count(12546))
}

// RunRows holds only the rows in flight: while the loop body waits, the
// rows read ahead stay within a few batches per worker, however long the
// sheet.
func TestRunRowsBounded(t *testing.T) {
	f, err := flow.Compile("f.md", []byte(sheetFlow), flow.Workers(2))
	require.NoError(t, err)
	read := 0
	rows := func(yield func(flow.Input, error) bool) {
		for in := range sheetRows(1_000_000) {
			read++
			if !yield(in, nil) {
				return
			}
		}
	}
	n := 0
	for r, err := range f.RunRows(context.Background(), rows) {
		require.NoError(t, err)
		require.Equal(t, n, r.Row)
		n++
		if n == 2000 {
			break
		}
	}
	// 4 batches per worker of at most 64 rows, and the batch being filled.
	require.LessOrEqual(t, read, 2000+4*2*64+64)
}

// A flow of many fields holds fewer rows in flight: what a run holds is
// bounded in results (rows times fields), not in rows alone, so a flow of
// 10,000 fields over a sheet does not hold hundreds of rows of results.
func TestRunRowsBoundedByFields(t *testing.T) {
	const fields = 2000
	var src strings.Builder
	src.WriteString("# Wide\n\n")
	for i := range fields {
		fmt.Fprintf(&src, "- **f%d:** ${row.id}\n", i)
	}
	f, err := flow.Compile("f.md", []byte(src.String()), flow.Workers(2))
	require.NoError(t, err)
	var read atomic.Int64
	rows := func(yield func(flow.Input, error) bool) {
		for in := range sheetRows(100_000) {
			read.Add(1)
			if !yield(in, nil) {
				return
			}
		}
	}
	n, most := 0, int64(0)
	for r, err := range f.RunRows(context.Background(), rows) {
		require.NoError(t, err)
		require.Len(t, r.Results, fields)
		n++
		most = max(most, read.Load()-int64(n))
		if n == 200 {
			break
		}
	}
	// 4 batches per worker and the batch being filled, each of at most
	// 4,096 results (and at least one row).
	require.LessOrEqual(t, most*fields, int64((4*2+1)*4096))
}

// RunInto gives what Run gives, row after row in the same storage, and
// nothing of a row is left in the next one's results.
func TestRunInto(t *testing.T) {
	f, err := flow.Compile("sheet.md", []byte(sheetFlow), flow.Explain())
	require.NoError(t, err)
	rows := []map[string]any{
		{"id": "1", "amount": "5", "status": "Due", "name": "a"},
		{"id": "2", "amount": "x", "status": "Paid", "name": "b"}, // amount fails
		{"id": "3", "amount": "7", "status": "Due", "name": "c"},
	}
	var r flow.RowResult
	var first *flow.Result
	for i, row := range rows {
		s := scope.New(map[string]any{"row": row})
		want := f.Run(context.Background(), s)
		f.RunInto(context.Background(), s, &r)
		require.Equal(t, want, r, "row %d", i)
		if i == 0 {
			first = &r.Results[0]
		}
		require.Same(t, first, &r.Results[0], "row %d: the same storage", i)
	}
}

// D42, D43: the checks of a row's data (SampleWarnings) run under what is
// left of the row's budget but are not the run's work: a run stops at the
// same row whether its host asks for the warnings (validate, preview's
// text) or not (preview's csv, jsonl and table), and with -explain or not.
func TestRunBudgetSameWithWarnings(t *testing.T) {
	const heavy = "# Heavy\n\n- **total:** ${number(row.amount) * 2}\n- **bad:** ${row.nope}\n" +
		"- **condition:** ${row.status} == Due and ${number(row.amount)} > 10\n"
	row := scope.New(map[string]any{"row": map[string]any{"amount": "5", "status": "Due"}})
	plain, err := flow.Compile("f.md", []byte(heavy))
	require.NoError(t, err)
	base := plain.Run(context.Background(), row)
	require.Positive(t, base.Steps)
	for name, opts := range map[string][]flow.Option{
		"warnings":         {flow.SampleWarnings()},
		"explain":          {flow.Explain()},
		"warnings+explain": {flow.SampleWarnings(), flow.Explain()},
	} {
		f, err := flow.Compile("f.md", []byte(heavy), opts...)
		require.NoError(t, err)
		r := f.Run(context.Background(), row)
		require.Equal(t, base.Steps, r.Steps, name)
		require.Equal(t, base.Bytes, r.Bytes, name)
		if name != "explain" {
			require.NotEmpty(t, r.Results[1].Warnings, name) // the checks ran
		}
	}
	var stops []string
	for _, opts := range [][]flow.Option{nil, {flow.SampleWarnings()}, {flow.Explain(), flow.SampleWarnings()}} {
		f, err := flow.Compile("f.md", []byte(heavy), append(opts, flow.RunBudget(0, 10*base.Steps+5))...)
		require.NoError(t, err)
		_, err = collect(t, context.Background(), f, sheetRows(100))
		require.ErrorIs(t, err, flow.ErrRunBudget)
		stops = append(stops, err.Error())
	}
	require.Contains(t, stops[0], "stopped at rows[10] (sheet row 12)")
	require.Equal(t, []string{stops[0], stops[0], stops[0]}, stops)
}

// D43: a row's findings come as validate -data lists them, by line and
// column: the warnings the row's data shows (a missing key) among those
// known without data (an environment not let in), not after them.
func TestRowFindingsInFileOrder(t *testing.T) {
	src := "- **a:** ${lenght(x)} ${row.Frist} ${env.REGION}\n- **b:** ${env.HOME} ${row.Nmae}\n"
	s := scope.New(map[string]any{"row": map[string]any{"First": "a", "Name": "b"}})
	f, err := flow.Compile("f.md", []byte(src), flow.SampleWarnings())
	require.NoError(t, err)
	r := f.Run(context.Background(), s)
	want := flow.ValidateRow(context.Background(), "f.md", []byte(src), flow.ValidateOptions{Sample: s})
	require.Equal(t, want, r.Findings())
	for _, res := range r.Results {
		require.True(t, slices.IsSortedFunc(res.Warnings, func(a, b flow.Finding) int {
			return cmp.Compare(a.Column, b.Column)
		}), "%v", res.Warnings)
	}
}

// ReuseResults: each row RunRows yields is what the run gives without
// it, while the loop body runs, whatever the number of workers, with the
// warnings and the steps of Explain; the storage of the rows' results is
// used again. Without it, the results a host keeps stay as they were.
func TestRunRowsReuseResults(t *testing.T) {
	src := []byte(sheetFlow + "- **note:** ${row.nme} ${default(row.note, 'none')}\n")
	for _, workers := range []int{1, 2, 3} {
		opts := []flow.Option{flow.Workers(workers), flow.SampleWarnings(), flow.Explain()}
		kept, err := flow.Compile("f.md", src, opts...)
		require.NoError(t, err)
		reused, err := flow.Compile("f.md", src, append(opts, flow.ReuseResults())...)
		require.NoError(t, err)
		var want []flow.RowResult
		for r, err := range kept.RunRows(context.Background(), sheetRows(1000)) {
			require.NoError(t, err)
			want = append(want, r)
		}
		require.Len(t, want, 1000)
		require.NotEmpty(t, want[3].Results[3].Warnings)
		require.NotEmpty(t, want[3].Results[2].Steps)
		storage := map[*flow.Result]bool{}
		again := 0
		n := 0
		for r, err := range reused.RunRows(context.Background(), sheetRows(1000)) {
			require.NoError(t, err)
			require.Equal(t, want[n], r, "workers %d, row %d", workers, n)
			if storage[&r.Results[0]] {
				again++
			}
			storage[&r.Results[0]] = true
			n++
		}
		require.Equal(t, 1000, n)
		require.Positive(t, again, "workers %d: no storage reused", workers)
		// The rows kept without ReuseResults are still each row's own.
		for i := range want {
			require.Equal(t, "rows["+flow.Count(i)+"] (sheet row "+flow.Count(i+2)+")", want[i].Name())
			require.Equal(t, "f.md:3: subject: Invoice INV-"+strconv.Itoa(i)+" for ANN", want[i].Results[0].String())
		}
	}
}

// D42, D44: a row's checks of its data draw on what its fields left of
// the row's budget. When that runs out, the checks stop, and the row says
// so once, where they stopped, instead of losing the warnings after it
// without a word; a row whose field failed on the budget says it there.
func TestChecksStoppedSaySo(t *testing.T) {
	const heavy = "# Heavy\n\n" +
		"- **a:** ${len(join(rows, ','))}\n" +
		"- **b:** ${len(join(rows, ','))}\n" +
		"- **last:** ${row.Missing}\n"
	rows := make([]any, 300)
	for i := range rows {
		rows[i] = "row number " + strconv.Itoa(i)
	}
	vars := func(opts ...scope.Option) *scope.Scope {
		return scope.New(map[string]any{"rows": rows, "row": map[string]any{"name": "ann"}}, opts...)
	}
	f, err := flow.Compile("f.md", []byte(heavy), flow.SampleWarnings())
	require.NoError(t, err)
	stopped := func(r flow.RowResult) (n int, at string) {
		for _, res := range r.Results {
			for _, w := range res.Warnings {
				if w.Kind == "limit" && strings.Contains(w.Message, "the checks of this row's data stopped here") {
					n++
					at = res.Label
				}
			}
		}
		return n, at
	}
	base := f.Run(context.Background(), vars())
	require.Len(t, base.Results[2].Warnings, 1)
	require.Equal(t, "missing-key", base.Results[2].Warnings[0].Kind)
	n, _ := stopped(base)
	require.Zero(t, n)

	// Just enough for the fields: the checks stop on the first heavy one.
	r := f.Run(context.Background(), vars(scope.WithMaxSteps(base.Steps+2)))
	for _, res := range r.Results {
		require.NoError(t, res.Err, res.Label)
	}
	n, at := stopped(r)
	require.Equal(t, 1, n)
	require.Equal(t, "a", at)
	require.Empty(t, r.Results[2].Warnings)
	require.True(t, r.Results[0].Warnings[0].Warning)

	// Too little for the fields: the field's error says it, no more.
	r = f.Run(context.Background(), vars(scope.WithMaxSteps(base.Results[0].WorkSteps+2)))
	require.ErrorIs(t, r.Results[1].Err, eval.ErrBudget)
	n, _ = stopped(r)
	require.Zero(t, n)

	// Validate with the row as its sample gives each check a budget of
	// its own, and so finds the missing key.
	found := flow.ValidateRow(context.Background(), "f.md", []byte(heavy), flow.ValidateOptions{Sample: vars()})
	require.Len(t, found, 1)
	require.Equal(t, "missing-key", found[0].Kind)
}

// D18, D44: a ${ without its } is text when a field runs, and an error of
// validate; the run says it beside the field's text as a warning, so that
// preview is not silent about it, and validate with data lists it once,
// as the error. A condition whose ${ is not closed fails.
func TestUnclosedWarnsWhenRun(t *testing.T) {
	const src = "# Open\n\n- **subject:** Price: ${row.amount\n- **condition:** ${row.amount > 0\n"
	row := scope.New(map[string]any{"row": map[string]any{"amount": "5"}})
	for _, opts := range [][]flow.Option{nil, {flow.SampleWarnings()}} {
		f, err := flow.Compile("f.md", []byte(src), opts...)
		require.NoError(t, err)
		r := f.Run(context.Background(), row)
		require.NoError(t, r.Results[0].Err)
		require.Equal(t, "Price: ${row.amount", r.Results[0].Text)
		require.Len(t, r.Results[0].Warnings, 1)
		w := r.Results[0].Warnings[0]
		require.True(t, w.Warning)
		require.Equal(t, "unclosed", w.Kind)
		require.Equal(t, [2]int{3, 23}, [2]int{w.Line, w.Column})
		require.Equal(t, "${row.amount}: ${ is not closed; add the closing }", w.Message)
		require.ErrorIs(t, r.Results[1].Err, eval.ErrUnclosed)
		require.Empty(t, r.Results[1].Warnings)
	}
	found := flow.ValidateRow(context.Background(), "f.md", []byte(src), flow.ValidateOptions{Sample: row})
	var unclosed []flow.Finding
	for _, f := range found {
		if f.Kind == "unclosed" {
			unclosed = append(unclosed, f)
		}
	}
	require.Len(t, unclosed, 2)
	require.False(t, unclosed[0].Warning)
	require.Equal(t, 3, unclosed[0].Line)
}

// A value in curly quotes that a row's data holds, quotes and all, is
// meant: no trap on that row, in a run's warnings (preview, validate
// -data) or in Validate with the row as sample; a row that holds the
// value without them still gets it, with the straight quotes as the fix
// (D49: followed there, the line holds).
func TestCurlyQuotesHeldByData(t *testing.T) {
	const src = "# VIP\n\n- **condition:** ${row.note} == “VIP”\n"
	curly := scope.New(map[string]any{"row": map[string]any{"note": "“VIP”"}})
	plain := scope.New(map[string]any{"row": map[string]any{"note": "VIP"}})
	f, err := flow.Compile("f.md", []byte(src), flow.SampleWarnings())
	require.NoError(t, err)
	r := f.Run(context.Background(), curly)
	require.NoError(t, r.Results[0].Err)
	require.True(t, r.Results[0].Holds)
	require.Empty(t, r.Results[0].Warnings)
	require.Empty(t, lines(src, curly))
	r = f.Run(context.Background(), plain)
	require.False(t, r.Results[0].Holds)
	require.Len(t, r.Results[0].Warnings, 1)
	require.Contains(t, r.Results[0].Warnings[0].Message, "write 'VIP' in straight quotes")
	require.Len(t, lines(src, plain), 1)
	require.Len(t, lines(src, nil), 1)
	// So are items joined by a full-width comma that the row holds as one.
	const wide = "# Wide\n\n- **condition:** ${row.note} in A、B\n"
	require.Empty(t, lines(wide, scope.New(map[string]any{"row": map[string]any{"note": "A、B"}})))
	require.Len(t, lines(wide, scope.New(map[string]any{"row": map[string]any{"note": "B"}})), 1)
}

// The text of a list trap (`== tea or coffee`, `!= Acme, Inc.`, `in
// 'renewal, paid by transfer'`) that a row's data holds as one value is
// meant on that row: no warning in a run or in Validate with the row as
// sample; a row that holds one item of it, and Validate without data,
// still get it.
func TestListTextHeldByData(t *testing.T) {
	for line, held := range map[string]string{
		"${row.v} == tea or coffee":                   "tea or coffee",
		"${row.v} != Acme, Inc.":                      "Acme, Inc.",
		"${row.v} in 'renewal, paid by transfer'":     "renewal, paid by transfer",
		"not ${row.v} in 'renewal, paid by transfer'": "renewal, paid by transfer",
	} {
		src := "# Step\n\n- **condition:** " + line + "\n"
		row := scope.New(map[string]any{"row": map[string]any{"v": held}})
		one := scope.New(map[string]any{"row": map[string]any{"v": held[:strings.IndexAny(held, " ,")]}})
		f, err := flow.Compile("f.md", []byte(src), flow.SampleWarnings())
		require.NoError(t, err)
		r := f.Run(context.Background(), row)
		require.NoError(t, r.Results[0].Err, line)
		require.Empty(t, r.Results[0].Warnings, line)
		require.Empty(t, lines(src, row), line)
		r = f.Run(context.Background(), one)
		require.Len(t, r.Results[0].Warnings, 1, line)
		require.Len(t, lines(src, one), 1, line)
		require.Len(t, lines(src, nil), 1, line)
	}
}

// D42: once the host's context is done, the run stops: no row is
// delivered after the loop body that cancelled it, whatever the number of
// workers. With several, the rows the workers had already computed were
// delivered after the cancel (hundreds), where one worker stopped at once;
// a cancel as the last rows were read could also end the run with no
// error and rows missing. The stop names the row after the one that
// cancelled, and a cancel at the last row stops nothing.
func TestRunRowsCancelInLoop(t *testing.T) {
	const n = 1000
	for _, k := range []int{0, 1, 2, 63, 500, n - 3, n - 2, n - 1} {
		var want []string
		for _, workers := range []int{1, 2, 4} {
			f, err := flow.Compile("f.md", []byte(sheetFlow), flow.Workers(workers))
			require.NoError(t, err)
			ctx, cancel := context.WithCancel(context.Background())
			var got []string
			var stop error
			for r, err := range f.RunRows(ctx, sheetRows(n)) {
				if err != nil {
					stop = err
					break
				}
				got = append(got, r.Name())
				if r.Row == k {
					cancel()
				}
			}
			cancel()
			require.Equal(t, k+1, len(got), "k %d, workers %d", k, workers)
			if k == n-1 {
				require.NoError(t, stop, "workers %d", workers)
			} else {
				var se *flow.StopError
				require.ErrorAs(t, stop, &se, "k %d, workers %d", k, workers)
				require.ErrorIs(t, stop, context.Canceled)
				require.Equal(t, [3]int{k + 1, k + 3, k + 1}, [3]int{se.Index, se.SheetRow, se.Rows}, "k %d, workers %d", k, workers)
			}
			if want == nil {
				want = got
			}
			require.Equal(t, want, got, "k %d, workers %d", k, workers)
		}
	}
}
