package flow_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// ValidateRow is validate -data with one row (D43): what fails on the row
// is an error, a missing key on the same field stays beside it, and a
// field stops at its first failure as it runs.
func TestValidateRow(t *testing.T) {
	for _, c := range []struct {
		name, flow string
		vars       map[string]any
		want       []string
	}{
		{"fails on the row", "- **a:** ${number(row.Price) * 2} ${row.Prise}\n",
			map[string]any{"row": map[string]any{"Price": "12,5"}},
			[]string{"1:12 error ${number(row.Price) * 2}: number: '12,5' is not clear: write 12.5",
				"1:41 warning row.Prise: no key 'Prise' in row; did you mean 'Price'?"}},
		{"a missing key hides no failure", "- **x:** ${row.Premum} ${number(row.Premium) / 0}\n",
			map[string]any{"row": map[string]any{"Premium": ""}},
			[]string{"1:16 warning row.Premum: no key 'Premum' in row; did you mean 'Premium'?",
				"1:26 error ${number(row.Premium) / 0}: number(row.Premium) is empty; use default(number(row.Premium), 0)"}},
		{"the first failure of a field", "- **x:** ${1/0} ${number(row.a) / 0}\n",
			map[string]any{"row": map[string]any{"a": ""}},
			[]string{"1:13 error ${1/0}: division by zero"}},
	} {
		var got []string
		for _, f := range flow.ValidateRow(context.Background(), "f.md", []byte(c.flow), flow.ValidateOptions{Sample: scope.New(c.vars)}) {
			sev := "error"
			if f.Warning {
				sev = "warning"
			}
			got = append(got, flowPlace(f)+" "+sev+" "+f.Message)
		}
		require.Equal(t, c.want, got, c.name)
	}
	// Without a sample it is ValidateWith.
	require.Equal(t, flow.ValidateWith(context.Background(), "f.md", []byte("${lenght(x)}"), flow.ValidateOptions{}),
		flow.ValidateRow(context.Background(), "f.md", []byte("${lenght(x)}"), flow.ValidateOptions{}))
}

// D35: with data as without, a flow's findings stop after MaxFindings,
// then one says checking stopped, where the first left out was: the
// data's warnings count (a flow of more findings with its sample data
// than without lists no more).
func TestValidateRowStopsAfterMaxFindings(t *testing.T) {
	var src strings.Builder
	lines := flow.MaxFindings*3/4 + 1
	for i := range lines {
		fmt.Fprintf(&src, "- **f%d:** ${nope(1)} ${row.k%d}\n", i, i)
	}
	without := flow.ValidateWith(context.Background(), "f.md", []byte(src.String()), flow.ValidateOptions{})
	require.Len(t, without, lines, "one unknown function a line, under the limit")
	got := flow.ValidateRow(context.Background(), "f.md", []byte(src.String()),
		flow.ValidateOptions{Sample: scope.New(map[string]any{"row": map[string]any{"a": 1}})})
	require.Len(t, got, flow.MaxFindings+1)
	last := got[len(got)-1]
	require.Equal(t, "too many problems; checking stopped after "+strconv.Itoa(flow.MaxFindings), last.Message)
	// two findings a line: the last listed is on line MaxFindings/2, the
	// stop at the first of the next line's
	require.Equal(t, flow.MaxFindings/2, got[len(got)-2].Line)
	require.Equal(t, flow.MaxFindings/2+1, last.Line)
	require.Equal(t, without[flow.MaxFindings/2].Column, last.Column)
}

// Said marks the warnings an error at the same place says, in its message
// or after its echo.
func TestSaid(t *testing.T) {
	fs := []flow.Finding{
		{Line: 1, Column: 3, Message: "${x}: N/A: read as a division"},
		{Line: 1, Column: 3, Message: "N/A: read as a division", Warning: true},
		{Line: 1, Column: 4, Message: "N/A: read as a division", Warning: true},
		{Line: 2, Column: 1, Message: "m", Warning: true},
		{Line: 2, Column: 1, Message: "m"},
	}
	require.Equal(t, []bool{false, true, false, true, false}, flow.Said(fs))
}

func flowPlace(f flow.Finding) string {
	return strconv.Itoa(f.Line) + ":" + strconv.Itoa(f.Column)
}

// D35: past MaxFindings problems, a flow checked with data lists what it
// lists without: the first MaxFindings, then the finding that says
// checking stopped, and nothing the run finds past it.
func TestValidateRowBound(t *testing.T) {
	var b strings.Builder
	for i := 1; i <= flow.MaxFindings+201; i++ {
		fmt.Fprintf(&b, "- **f%d:** ${nofn%d(1)}\n", i, i)
	}
	src := []byte(b.String())
	without := flow.Validate("f.md", src, nil)
	with := flow.ValidateRow(context.Background(), "f.md", src, flow.ValidateOptions{Sample: scope.New(map[string]any{"row": map[string]any{"a": 1}})})
	require.Len(t, without, flow.MaxFindings+1)
	require.Equal(t, "too many problems; checking stopped after 1000", with[len(with)-1].Message)
	require.Equal(t, without, with)
}

// D35: a row whose data shows more than MaxFindings warnings (missing
// keys) says that its checks stopped, where they stopped, as a warning of
// the row (preview, validate -data), never cutting the rest silently; a
// field that fails keeps that warning beside its error.
func TestRowWarningsBound(t *testing.T) {
	for _, fails := range []bool{false, true} {
		var b strings.Builder
		for i := 1; i <= flow.MaxFindings/2+100; i++ {
			fmt.Fprintf(&b, "- **f%d:** ${row.a%d} ${row.b%d}", i, i, i)
			if fails {
				b.WriteString(" ${row.n * 2}")
			}
			b.WriteString("\n")
		}
		f, err := flow.Compile("f.md", []byte(b.String()), flow.SampleWarnings())
		require.NoError(t, err)
		r := f.Run(context.Background(), scope.New(map[string]any{"row": map[string]any{"n": "x"}}))
		var ws []flow.Finding
		for _, fd := range r.Findings() {
			if fd.Warning {
				ws = append(ws, fd)
			}
		}
		require.LessOrEqual(t, len(ws), flow.MaxFindings+1, "fails %v", fails)
		last := ws[len(ws)-1]
		require.Equal(t, "too many problems; checking stopped after 1000", last.Message, "fails %v", fails)
		require.Equal(t, "limit", last.Kind)
		if !fails {
			require.Len(t, ws, flow.MaxFindings+1)
			require.Equal(t, flow.MaxFindings/2+1, last.Line, "the first warning not listed: row.a501")
			continue
		}
		res := r.Results[last.Line-1]
		require.Error(t, res.Err, "the field where the checks stopped fails")
		require.Contains(t, res.Warnings, last)
	}
}

// D43: a field that fails on a row shows beside its error the warnings
// validate -data lists for it, no more: a missing key and a trap, not what
// a placeholder after the one that failed would do on the row, which the
// field never ran (it stops at its first failure).
func TestFailedFieldWarningsAsValidate(t *testing.T) {
	src := []byte("- **x:** ${number(row.a) * 2}${100 / row.b} ${row.c}\n")
	s := scope.New(map[string]any{"row": map[string]any{"a": "", "b": ""}})
	f, err := flow.Compile("f.md", src, flow.SampleWarnings())
	require.NoError(t, err)
	r := f.Run(context.Background(), s)
	require.Error(t, r.Results[0].Err)
	var shown, listed []string
	for _, w := range r.Results[0].Warnings {
		shown = append(shown, flowPlace(w)+" "+w.Message)
	}
	for _, fd := range r.Findings() {
		if fd.Warning {
			listed = append(listed, flowPlace(fd)+" "+fd.Message)
		}
	}
	require.Equal(t, []string{"1:51 row.c: no key 'c' in row; did you mean 'a'?"}, shown)
	require.Equal(t, listed, shown)
	res, err := flow.Preview("f.md", src, s, flow.PreviewOptions{SampleWarnings: true})
	require.NoError(t, err)
	require.Equal(t, r.Results[0].Warnings, res[0].Warnings)
}
