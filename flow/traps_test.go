package flow_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// D38: validate warns about the silent traps, with the fix in the text;
// warnings, not errors.
func TestTraps(t *testing.T) {
	src := "- **condition:** ${row.Company} == Johnson and Johnson and ${row.status} == Paid\n" +
		"- **a:** ${x.upper()} ${row.Amount (THB)} ${row.total(2)}\n" +
		"- **b:** ${row.Policy No.} ${row.a..b}\n" +
		"- **condition:** ${row.Company} == Johnson and Johnson\n"
	var got []string
	for _, f := range flow.Validate("f.md", []byte(src), nil) {
		require.True(t, f.Warning, f.String())
		require.Equal(t, "trap", f.Kind)
		got = append(got, f.String())
	}
	require.Len(t, got, 5, "%q", got)
	require.Contains(t, got[0], "quote the text: ${row.Company} == 'Johnson and Johnson' and ${row.status} == Paid")
	require.Contains(t, got[1], "f.md:2:12: warning: ${x.upper()}: method calls are not allowed; write upper(x)")
	require.Contains(t, got[2], "${row.total(2)}: method calls are not allowed")
	require.Contains(t, got[3], "write row['Policy No.']")
	require.Contains(t, got[4], "write row['a..b']")
}

// D38: `> 1,000` with data names the fix, 1000, not number(...).
func TestTrapGroupedNumber(t *testing.T) {
	s := scope.New(map[string]any{"row": map[string]any{"amount": "5"}})
	fs := flow.Validate("f.md", []byte("- **condition:** ${row.amount} > 1,000\n"), s)
	require.Len(t, fs, 1)
	require.True(t, fs[0].Warning)
	require.Contains(t, fs[0].Message, "'1,000' is not a number: numbers in a condition are written without separators; write 1000")
	// a method call the data answers as a key is no trap
	s = scope.New(map[string]any{"x": map[string]any{"upper()": "A"}})
	require.Empty(t, flow.Validate("f.md", []byte("- **a:** ${x.upper()}\n"), s))
}

// D35: a done context stops a check and a preview.
func TestValidateAndPreviewContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	src := []byte("- **a:** ${lenght(x)}\n- **b:** ${len(x)}\n")
	require.Empty(t, flow.ValidateContext(ctx, "f.md", src, nil))
	require.Len(t, flow.Validate("f.md", src, nil), 1)
	rs, err := flow.PreviewContext(ctx, "f.md", src, scope.New(map[string]any{"x": "ab"}), flow.PreviewOptions{})
	require.NoError(t, err)
	require.Empty(t, rs)
}

// NoWarnings computes the fields without checking the flow again.
func TestPreviewNoWarnings(t *testing.T) {
	src := []byte("- **a:** ${row.Policy No.}\n- **b:** ${len(x)}\n")
	s := scope.New(map[string]any{"x": "ab"})
	rs, err := flow.Preview("f.md", src, s, flow.PreviewOptions{})
	require.NoError(t, err)
	require.NotEmpty(t, rs[0].Warnings, "the D38 trap is attached by default")
	rs, err = flow.Preview("f.md", src, s, flow.PreviewOptions{NoWarnings: true})
	require.NoError(t, err)
	require.Empty(t, rs[0].Warnings)
	require.Equal(t, "2", rs[1].Text)
}
