package flow_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// previewLines is the results of a flow as Result.String lines.
func previewLines(t *testing.T, src string, s *scope.Scope, opts flow.PreviewOptions) []string {
	t.Helper()
	rs, err := flow.Preview("f.md", []byte(src), s, opts)
	require.NoError(t, err)
	var out []string
	for _, r := range rs {
		out = append(out, r.String())
	}
	return out
}

// Issue #12: every field, rendered, and every condition with its verdict,
// in file order; the lines Validate skips (fenced code, lines without a
// bold label) are skipped; a field that fails does not stop the others.
func TestPreviewFields(t *testing.T) {
	src := "# Flow\n\nSome text ${row.status} that is not a field.\n\n" +
		"- **to:** ${row.First Name} <a@example.com>\n" +
		"```\n- **hidden:** ${nothing(}\n```\n" +
		"1. __Count__: ${len(rows)} rows\n" +
		"- **broken:** ${lenght(rows)}\n" +
		"- **Condition:** ${row.status} == Active and ${row.amount} > 2\n" +
		"- **condition:** ${row.brand} > 3\n" +
		"- **empty:**\n"
	got := previewLines(t, src, sample(), flow.PreviewOptions{})
	require.Equal(t, []string{
		"f.md:5: to: Somchai <a@example.com>",
		"f.md:9: Count: 1 rows",
		"f.md:10: broken: error: ${lenght(rows)}: unknown function lenght; did you mean len?",
		"f.md:11: Condition: true",
		"f.md:12: condition: error: condition: '${row.brand} > 3': > needs numbers; ' toyota ' is not a number, and number(...) finds none in it",
		"f.md:13: empty: ",
	}, got)

	// The same fields as Fields finds, in the same order.
	rs, err := flow.Preview("f.md", []byte(src), sample(), flow.PreviewOptions{})
	require.NoError(t, err)
	fields := flow.Fields([]byte(src))
	require.Len(t, rs, len(fields))
	for i := range rs {
		require.Equal(t, fields[i], rs[i].Field)
	}
	var e *eval.Error
	require.True(t, errors.As(rs[2].Err, &e))
	require.ErrorIs(t, rs[2].Err, eval.ErrUnknownFunction)
	require.True(t, rs[3].Holds)
	require.False(t, rs[4].Holds)
}

// Without data every lookup is empty; nil is no data.
func TestPreviewNoData(t *testing.T) {
	got := previewLines(t, "- **to:** [${row.email}]\n- **condition:** ${row.email} is empty\n", nil, flow.PreviewOptions{})
	require.Equal(t, []string{"f.md:1: to: []", "f.md:2: condition: true"}, got)
}

// With Explain a condition keeps its parts, as `kinenix cond -explain`
// shows them, also when it fails part way.
func TestPreviewExplain(t *testing.T) {
	src := "- **condition:** ${row.status} == Cancelled and ${row.amount} > 0 or ${row.status} == Active\n" +
		"- **condition:** ${row.status} == Active and ${row.brand} > 3\n" +
		"- **x:** ${row.status}\n"
	rs, err := flow.Preview("f.md", []byte(src), sample(), flow.PreviewOptions{Explain: true})
	require.NoError(t, err)
	var parts []string
	for _, st := range rs[0].Steps {
		parts = append(parts, st.String())
	}
	require.Equal(t, []string{
		"${row.status} == Cancelled: 'Active' -> false",
		"${row.amount} > 0: not needed",
		"${row.status} == Active: 'Active' -> true",
	}, parts)
	require.True(t, rs[0].Holds)
	require.Error(t, rs[1].Err)
	require.False(t, rs[1].Holds)
	require.Equal(t, "${row.status} == Active: 'Active' -> true", rs[1].Steps[0].String())
	require.Empty(t, rs[2].Steps)

	rs, err = flow.Preview("f.md", []byte(src), sample(), flow.PreviewOptions{})
	require.NoError(t, err)
	require.Empty(t, rs[0].Steps, "no parts without Explain")
}

// With SampleWarnings each field carries Validate's warnings for its line,
// but not one that repeats the field's error; without it, none that need
// data.
func TestPreviewWarnings(t *testing.T) {
	src := "- **hi:** Dear ${row.Frist Name}\n- **condition:** ${row.brand} > 3\n- **ok:** ${row.status}\n"
	rs, err := flow.Preview("f.md", []byte(src), sample(), flow.PreviewOptions{SampleWarnings: true})
	require.NoError(t, err)
	require.Len(t, rs[0].Warnings, 1)
	require.Equal(t, "f.md:1:22: warning: row.Frist Name: no key 'Frist Name' in row; did you mean 'First Name'?", rs[0].Warnings[0].String())
	require.Error(t, rs[1].Err)
	require.Empty(t, rs[1].Warnings, "the warning says what the error says")
	require.Empty(t, rs[2].Warnings)

	rs, err = flow.Preview("f.md", []byte(src), sample(), flow.PreviewOptions{})
	require.NoError(t, err)
	require.Empty(t, rs[0].Warnings)

	// A placeholder too long to show whole is cut the same way in the
	// error and in the warning, so the warning that says the same as the
	// error is left out too (validate -data lists it once, as an error).
	long := "${len(replace(replace(row.brand, 'o', 'oooooooooo'), 'o', 'oooooooooo')) + number(replace(replace(row.brand, 'o', 'oooooooooo'), 'o', 'oooooooooo'))}"
	for _, line := range []string{"- **n:** " + long + "\n", "- **condition:** " + long + " > 1\n"} {
		rs, err = flow.Preview("f.md", []byte(line), sample(), flow.PreviewOptions{SampleWarnings: true})
		require.NoError(t, err)
		require.Error(t, rs[0].Err, line)
		require.Contains(t, rs[0].Err.Error(), "…}: number: no number in", line)
		require.Empty(t, rs[0].Warnings, "the warning says what the error says: %s", line)
	}
}

// A result is one line of valid UTF-8 whatever the data holds (D37).
func TestPreviewOneLine(t *testing.T) {
	s := scope.New(map[string]any{"note": "two\nlines\r\n\u202eevil\x88 \\n tab\there", "bell": "\a"})
	got := previewLines(t, "- **note:** ${note}${bell}\n- **lab\x01el:** x\n", s, flow.PreviewOptions{})
	require.Equal(t, []string{
		`f.md:1: note: two\nlines\r\n\u202eevil\x88 \n tab\there\u0007`, // D37: a tab too is an escape
		`f.md:2: lab\u0001el: x`,
	}, got)
	for _, l := range got {
		require.True(t, utf8.ValidString(l))
		require.NotContains(t, l, "\n")
	}
	// The Result keeps the text as rendered.
	rs, err := flow.Preview("f.md", []byte("- **note:** ${note}\n"), s, flow.PreviewOptions{})
	require.NoError(t, err)
	require.Equal(t, "two\nlines\r\n\u202eevil\x88 \\n tab\there", rs[0].Text)
}

func TestPreviewTooLarge(t *testing.T) {
	rs, err := flow.Preview("big.md", []byte(strings.Repeat("x", flow.MaxSize+1)), nil, flow.PreviewOptions{})
	require.Nil(t, rs)
	require.EqualError(t, err, "the flow is larger than 1 MiB; it was not previewed")
	rs, err = flow.Preview("ok.md", []byte(strings.Repeat("x", flow.MaxSize)), nil, flow.PreviewOptions{})
	require.NoError(t, err)
	require.Empty(t, rs)
}

func ExamplePreview() {
	src := []byte("# Renewal\n\n- **subject:** Renewal of ${row.policy_no} for ${row.customer}\n" +
		"- **premium:** ${number(row.premium) * 1.05}\n" +
		"- **note:** ${lenght(row.customer)}\n" +
		"- **condition:** ${row.status} == Active and ${number(row.premium)} > 0\n")
	s := scope.New(map[string]any{"row": map[string]any{
		"policy_no": "P-001", "customer": "Ann Lee", "status": "Active", "premium": "1,200.00",
	}})
	results, err := flow.Preview("renewal.md", src, s, flow.PreviewOptions{Explain: true})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, r := range results {
		fmt.Println(r)
		for _, st := range r.Steps {
			fmt.Println("  " + st.String())
		}
	}
	// Output:
	// renewal.md:3: subject: Renewal of P-001 for Ann Lee
	// renewal.md:4: premium: 1260
	// renewal.md:5: note: error: ${lenght(row.customer)}: unknown function lenght; did you mean len?
	// renewal.md:6: condition: true
	//   ${row.status} == Active: 'Active' -> true
	//   ${number(row.premium)} > 0: 1200 -> true
}
