package proptest

import (
	"context"
	"fmt"
	"iter"
	"slices"
	"strings"
	"testing"

	"github.com/leanovate/gopter/prop"

	"github.com/kinenix/expressions/data"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// Property 8 (D41-D43, D45): a flow over a sheet gives each row the same
// results however it is run. Over generated flows and sheets (FlowSheets):
//   - RunRows on one worker and on several, and over the rows in reverse
//     order, gives every row the same results, warnings and findings, and
//     Run on the row alone the same again;
//   - a row's findings (what validate -data lists for it, D43) are the
//     errors of exactly the fields that fail, with their messages, and
//     the warnings of its fields;
//   - ValidateRow with the row as sample (the editor's and the
//     playground's check) gives the errors of the flow without data and
//     of the row's run, and nothing else as an error;
//   - the run's work is the sum of its rows' (D42): a run budget of that
//     sum runs every row, one step less stops at the last row that works;
//   - the column facts (D45) do not depend on the order the rows come in.
func TestProp8FlowOverSheet(t *testing.T) {
	t.Parallel()
	check(t, "8 flow over a sheet: one result per row however run", 150, prop.ForAll(func(c FlowSheet) string {
		return checkFlowSheet(c)
	}, FlowSheets()))
}

// sheetInputs are the rows of the case's sheet as the command line gives
// them to a run (the variable rows only when the flow reads it).
func sheetInputs(c FlowSheet, withRows bool) ([]flow.Input, error) {
	d, err := data.Decode("s.csv", []byte(c.CSV()))
	if err != nil {
		return nil, err
	}
	var out []flow.Input
	for i := range d.Len() {
		vars, err := d.RowVars(i)
		if err != nil {
			return nil, err
		}
		if !withRows {
			delete(vars, "rows")
		}
		row, _ := vars["row"].(map[string]any)
		key, _ := row["id"].(string)
		out = append(out, flow.Input{Index: i, SheetRow: d.SheetRow(i), Key: key, Scope: scope.New(vars)})
	}
	return out, nil
}

func seqOf(ins []flow.Input) iter.Seq2[flow.Input, error] {
	return func(yield func(flow.Input, error) bool) {
		for _, in := range ins {
			if !yield(in, nil) {
				return
			}
		}
	}
}

// showRow is everything a row's run says, as text.
func showRow(r *flow.RowResult) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s steps=%d bytes=%d failed=%v\n", r.Name(), r.Steps, r.Bytes, r.Failed())
	for _, res := range r.Results {
		fmt.Fprintf(&b, "  %s\n", res)
		for _, w := range res.Warnings {
			fmt.Fprintf(&b, "    %s\n", w)
		}
	}
	for _, fd := range r.Findings() {
		fmt.Fprintf(&b, "  finding %s\n", fd)
	}
	return b.String()
}

// runAll runs f over ins and shows each row by its index; stopped is set
// when the run stopped before its end.
func runAll(f *flow.Flow, ins []flow.Input) (rows map[int]string, results map[int]flow.RowResult, stop error) {
	rows, results = map[int]string{}, map[int]flow.RowResult{}
	for r, err := range f.RunRows(context.Background(), seqOf(ins)) {
		if err != nil {
			return rows, results, err
		}
		rows[r.Row] = showRow(&r)
		results[r.Row] = r
	}
	return rows, results, nil
}

func checkFlowSheet(c FlowSheet) string {
	src := []byte(c.FlowText())
	const file = "g.md"
	compile := func(opts ...flow.Option) *flow.Flow {
		f, err := flow.Compile(file, src, append([]flow.Option{flow.SampleWarnings()}, opts...)...)
		if err != nil {
			panic(err)
		}
		return f
	}
	f1 := compile(flow.Workers(1))
	ins, err := sheetInputs(c, f1.Reads("rows"))
	if err != nil {
		return "the sheet does not read: " + err.Error()
	}
	one, res1, stop1 := runAll(f1, ins)
	many, _, stopN := runAll(compile(flow.Workers(3)), ins)
	if fmt.Sprint(stop1) != fmt.Sprint(stopN) || !mapsEqual(one, many) {
		return fmt.Sprintf("one worker and three differ:\n%v\n%v\nstop %v / %v", one, many, stop1, stopN)
	}
	if stop1 != nil {
		return "" // a generated case needs no more than a run's budget; none here
	}
	// Explaining the conditions changes no result; without the checks of
	// the row's data the rows fail alike and do the same work (D42).
	explained, _, _ := runAll(compile(flow.Workers(1), flow.Explain()), ins)
	if !mapsEqual(one, explained) {
		return fmt.Sprintf("with Explain the rows differ:\n%v\n%v", one, explained)
	}
	plain, err := flow.Compile(file, src, flow.Workers(1))
	if err != nil {
		panic(err)
	}
	for r, err := range plain.RunRows(context.Background(), seqOf(ins)) {
		if err != nil {
			return "without SampleWarnings the run stops: " + err.Error()
		}
		got := res1[r.Row]
		if r.Steps != got.Steps || r.Bytes != got.Bytes || r.Failed() != got.Failed() {
			return fmt.Sprintf("without SampleWarnings %s does %d steps, %d bytes, failed %v; with them %d, %d, %v",
				r.Name(), r.Steps, r.Bytes, r.Failed(), got.Steps, got.Bytes, got.Failed())
		}
		for i := range r.Results {
			a, b := r.Results[i], got.Results[i]
			if a.String() != b.String() {
				return fmt.Sprintf("without SampleWarnings %s gives %s, with them %s", r.Name(), a, b)
			}
		}
	}
	rev := slices.Clone(ins)
	slices.Reverse(rev)
	back, _, stopR := runAll(f1, rev)
	if stopR != nil || !mapsEqual(one, back) {
		return fmt.Sprintf("the rows in reverse order differ:\n%v\n%v (stop %v)", one, back, stopR)
	}
	var sum int64
	for _, in := range ins {
		r := f1.Run(context.Background(), in.Scope)
		r.Row, r.SheetRow, r.Key = in.Index, in.SheetRow, in.Key
		got := res1[in.Index]
		if showRow(&r) != showRow(&got) {
			return fmt.Sprintf("Run alone differs from RunRows on %s:\n%s\n%s", got.Name(), showRow(&r), showRow(&got))
		}
		sum += got.Steps
		// Preview, the one-call form, is the same run (D43).
		pres, err := flow.Preview(file, src, in.Scope, flow.PreviewOptions{SampleWarnings: true})
		if err != nil || len(pres) != len(got.Results) {
			return fmt.Sprintf("Preview gives %d results (%v), Run %d", len(pres), err, len(got.Results))
		}
		for j := range pres {
			a, b := pres[j], got.Results[j]
			if a.String() != b.String() || fmt.Sprint(a.Warnings) != fmt.Sprint(b.Warnings) {
				return fmt.Sprintf("Preview on %s gives %s %v, Run %s %v", got.Name(), a, a.Warnings, b, b.Warnings)
			}
		}
		if msg := checkRowFindings(&got); msg != "" {
			return got.Name() + ": " + msg + "\n" + showRow(&got)
		}
		if msg := checkValidateRow(f1, src, in, &got); msg != "" {
			return got.Name() + ": " + msg
		}
	}
	// D42: the run's work is the sum of its rows'.
	if sum > 1 {
		if _, _, err := runAll(compile(flow.Workers(1), flow.RunBudget(0, sum)), ins); err != nil {
			return fmt.Sprintf("a run budget of the rows' sum of steps (%d) stops: %v", sum, err)
		}
		last := len(ins) - 1
		for last >= 0 && res1[ins[last].Index].Steps == 0 {
			last--
		}
		lastRow := res1[ins[last].Index]
		_, _, err := runAll(compile(flow.Workers(1), flow.RunBudget(0, sum-1)), ins)
		se, ok := err.(*flow.StopError)
		if !ok || se.Index != ins[last].Index || se.Rows != last {
			return fmt.Sprintf("a run budget one step short of the rows' sum (%d) gives %v, not a stop at %s", sum-1, err, lastRow.Name())
		}
	}
	// D45: column facts do not depend on the order of the rows.
	cols := flow.Columns(src)
	fwd, bwd := flow.NewColumnCounter(cols), flow.NewColumnCounter(cols)
	for i := range ins {
		r := res1[ins[i].Index]
		fwd.AddRow(ins[i], &r)
		j := len(ins) - 1 - i
		r = res1[ins[j].Index]
		bwd.AddRow(ins[j], &r)
	}
	if a, b := countsOf(fwd.Facts()), countsOf(bwd.Facts()); a != b {
		return fmt.Sprintf("column facts depend on the order of the rows:\n%s\n%s", a, b)
	}
	// The editor's and the playground's facts, from the whole sheet,
	// are the run's (D45).
	d, err := data.Decode("s.csv", []byte(c.CSV()))
	if err != nil {
		return err.Error()
	}
	whole, ok := flow.SheetFactsRows(scope.New(d.Vars()), cols, d.SheetRow)
	if !ok {
		return "SheetFactsRows finds no sheet"
	}
	run := flow.NewColumnCounter(cols) // named without the key, as the sheet alone names rows
	for _, in := range ins {
		r := res1[in.Index]
		in.Key = ""
		run.AddRow(in, &r)
	}
	if a, b := factsOf(run.Facts()), factsOf(whole.Facts()); a != b {
		return fmt.Sprintf("column facts of the run:\n%s\nof the whole sheet:\n%s", a, b)
	}
	return ""
}

func mapsEqual(a, b map[int]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func countsOf(fs []flow.ColumnFacts) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "%s:", f.Name)
		for _, k := range f.Kinds {
			fmt.Fprintf(&b, " %s=%d", k.Kind, k.Count)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// checkRowFindings: the errors among a row's findings are the fields that
// failed, each once, with its message (D43).
func checkRowFindings(r *flow.RowResult) string {
	var want, got []string
	failed := false
	for _, res := range r.Results {
		if fd, ok := res.Finding(); ok {
			failed = true
			want = append(want, fmt.Sprintf("%d: %s", fd.Line, fd.Message))
			if !strings.HasSuffix(res.Err.Error(), fd.Message) && res.Err.Error() != fd.Message {
				return fmt.Sprintf("the finding of a failed field says %q, the field %q", fd.Message, res.Err)
			}
		}
	}
	if failed != r.Failed() {
		return fmt.Sprintf("Failed() is %v", r.Failed())
	}
	for _, fd := range r.Findings() {
		if !fd.Warning {
			got = append(got, fmt.Sprintf("%d: %s", fd.Line, fd.Message))
		}
	}
	if !slices.Equal(want, got) {
		return fmt.Sprintf("the row's errors are %q, its fields' %q", got, want)
	}
	return ""
}

// checkValidateRow: ValidateRow with the row as sample errs where the
// flow without data errs and where the row's run fails, nowhere else.
func checkValidateRow(f *flow.Flow, src []byte, in flow.Input, r *flow.RowResult) string {
	want := map[string]bool{}
	for _, fd := range f.Findings() {
		if !fd.Warning {
			want[fmt.Sprintf("%d:%d %s", fd.Line, fd.Column, fd.Message)] = true
		}
	}
	for _, fd := range r.Findings() {
		if !fd.Warning {
			want[fmt.Sprintf("%d:%d %s", fd.Line, fd.Column, fd.Message)] = true
		}
	}
	got := map[string]bool{}
	for _, fd := range flow.ValidateRow(context.Background(), f.File(), src, flow.ValidateOptions{Sample: in.Scope}) {
		if !fd.Warning {
			got[fmt.Sprintf("%d:%d %s", fd.Line, fd.Column, fd.Message)] = true
		}
	}
	var missing, extra []string
	for k := range want {
		if !got[k] {
			missing = append(missing, k)
		}
	}
	for k := range got {
		if !want[k] {
			extra = append(extra, k)
		}
	}
	if len(missing)+len(extra) > 0 {
		slices.Sort(missing)
		slices.Sort(extra)
		return fmt.Sprintf("ValidateRow with the row lacks errors %q and has others %q", missing, extra)
	}
	return ""
}

func factsOf(fs []flow.ColumnFacts) string {
	var b strings.Builder
	for _, f := range fs {
		fmt.Fprintf(&b, "%s: %s\n", f.Name, f)
		for _, k := range f.Kinds {
			fmt.Fprintf(&b, "  %s %d %q %q\n", k.Kind, k.Count, k.Examples, k.Rows)
		}
	}
	return b.String()
}
