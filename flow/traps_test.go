package flow_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
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

// D38: a key cut by a `.` inside an expression (`${len(row.St. Name)}`,
// quietly 0) is the trap of a lone `${row.Policy No.}`, with or without
// sample data, and one line: the missing key St that follows from it is
// the trap's to say (D32).
func TestTrapCutKeyInExpression(t *testing.T) {
	src := []byte("- **a:** ${len(row.St. Name)}\n")
	want := "f.md:1:20: warning: row.St. Name: the key 'St. Name' has a '.' that cuts the path, so this reads the key 'St' of row; write row['St. Name']"
	for _, s := range []*scope.Scope{nil, scope.New(map[string]any{"row": map[string]any{"St. Name": "Main"}})} {
		fs := flow.Validate("f.md", src, s)
		require.Len(t, fs, 1, "%v", fs)
		require.Equal(t, "trap", fs[0].Kind)
		require.Equal(t, want, fs[0].String())
	}
}

// D38: a path that ends in a bare '.' has no key to quote.
func TestTrapTrailingDot(t *testing.T) {
	fs := flow.Validate("f.md", []byte("- **a:** ${row.}\n"), nil)
	require.Len(t, fs, 1)
	require.Equal(t, "f.md:1:15: warning: row.: nothing follows the last '.', so this is always empty; write row for the whole value", fs[0].String())
}

// D38 is about a bare and/or: quoted text is kept whole on purpose (D31)
// and is no trap; a fix is offered only when it reads as the tests it
// means, and then it does.
func TestTrapQuotedAndFix(t *testing.T) {
	require.Empty(t, flow.Validate("f.md", []byte("- **condition:** ${a} == 'x and ${b} == c'\n"), nil))
	fs := flow.Validate("f.md", []byte("- **condition:** ${a} == x and y > 2 and z\n"), nil)
	require.Len(t, fs, 1)
	require.True(t, fs[0].Warning)
	require.Contains(t, fs[0].Message, "quietly false; quote the text if it has 'and' in it, and write each test after 'and' as a comparison")
	fs = flow.Validate("f.md", []byte("- **condition:** ${a} == x or ${b} == y\n"), nil)
	require.Empty(t, fs, "split into two parts, no trap")
	fs = flow.Validate("f.md", []byte("- **condition:** ${a} == Johnson and Johnson or ${b}\n"), nil)
	require.Len(t, fs, 1)
	require.Contains(t, fs[0].Message, "text that has 'and' in it and test the rest, quote the text: ${a} == 'Johnson and Johnson' or ${b}")
	s := scope.New(map[string]any{"row": map[string]any{"x": 5}})
	fs = flow.Validate("f.md", []byte("- **condition:** ${row.x} > 1,000\n"), s)
	require.Len(t, fs, 1)
	require.Equal(t, "trap", fs[0].Kind, "`> 1,000` is one of D38's traps")
	fs = flow.Validate("f.md", []byte("- **condition:** ${c} == Johnson and Johnson or ${x} == y and z\n"), nil)
	for _, f := range fs {
		if i := strings.Index(f.Message, "quote the text: "); i >= 0 {
			_, err := eval.CompileCondition(f.Message[i+len("quote the text: "):])
			require.NoError(t, err, "the fix offered must compile: %s", f.Message)
		}
	}
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

// D35: a done context stops a check and a preview, and each says so with
// the context's error, so that a host can tell a check cut short from a
// flow without problems.
func TestValidateAndPreviewContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	src := []byte("- **a:** ${lenght(x)}\n- **b:** ${len(x)}\n")
	fs := flow.ValidateContext(ctx, "f.md", src, nil)
	require.Len(t, fs, 1)
	require.Equal(t, "cancelled", fs[0].Kind)
	require.Equal(t, "f.md:1:1: checking stopped here: the evaluation was cancelled", fs[0].String())
	require.False(t, fs[0].Warning)
	require.Len(t, flow.Validate("f.md", src, nil), 1)
	rs, err := flow.PreviewContext(ctx, "f.md", src, scope.New(map[string]any{"x": "ab"}), flow.PreviewOptions{})
	require.ErrorIs(t, err, context.Canceled)
	require.EqualError(t, err, "f.md: previewing stopped at line 1: the evaluation was cancelled")
	require.Empty(t, rs)

	late, stop := context.WithTimeout(context.Background(), 0)
	defer stop()
	_, err = flow.PreviewContext(late, "f.md", src, nil, flow.PreviewOptions{NoWarnings: true})
	require.ErrorIs(t, err, context.DeadlineExceeded)
	require.ErrorContains(t, err, "the evaluation ran out of time")
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

// D44: preview shows each trap beside its field, with the fix; the
// environment let in by the host is no trap.
func TestPreviewTraps(t *testing.T) {
	src := []byte("- **condition:** ${row.Status} == Paid;\n- **a:** {{row.Amount}}\n- **h:** ${env.SMTP_HOST}\n")
	s := scope.New(map[string]any{"row": map[string]any{"Status": "Paid", "Amount": 5}})
	rs, err := flow.Preview("f.md", src, s, flow.PreviewOptions{})
	require.NoError(t, err)
	require.Len(t, rs, 3)
	require.False(t, rs[0].Holds, "quietly false")
	require.Len(t, rs[0].Warnings, 1)
	require.Contains(t, rs[0].Warnings[0].Message, "leave it out: ${row.Status} == Paid")
	require.Len(t, rs[1].Warnings, 1)
	require.Contains(t, rs[1].Warnings[0].Message, "write ${row.Amount}")
	require.Len(t, rs[2].Warnings, 1)
	require.Contains(t, rs[2].Warnings[0].Message, "run with -env SMTP_HOST")
	rs, err = flow.Preview("f.md", src, s, flow.PreviewOptions{EnvAllowed: func(n string) bool { return n == "SMTP_HOST" }})
	require.NoError(t, err)
	require.Empty(t, rs[2].Warnings)
}

// D44 with data: a name that is a key of row names it, in the form an
// expression writes it; a bare word given to a function is a trap only
// when the data has no variable of its name and none close to it.
func TestSampleTraps(t *testing.T) {
	s := scope.New(map[string]any{"row": map[string]any{"Customer": "Acme", "Days Late": 3, "Email": ""}, "count": 2})
	for src, want := range map[string]string{
		"- **a:** ${Customer}":                  "f.md:1:12: warning: Customer: no variable 'Customer'; did you mean row.Customer?",
		"- **a:** ${customer}":                  "f.md:1:12: warning: customer: no variable 'customer'; did you mean row.Customer?",
		"- **a:** ${len(Days Late)}":            "",
		"- **a:** ${default(row.Email, none)}":  "f.md:1:31: warning: none: this is read as a variable, and the data has no variable 'none'; write 'none' in quotes for the text",
		"- **a:** ${default(row.Email, count)}": "",
		"- **a:** ${default(row.Email, N/A)}":   "f.md:1:31: warning: N/A: this is read as arithmetic of variables, and the data has no variable 'N'; write 'N/A' in quotes for the text",
		"- **a:** ${default(row.Email, cuont)}": "f.md:1:31: warning: cuont: no variable 'cuont'; did you mean 'count'? For the text, write 'cuont' in quotes",
		// words joined by / whose first is close to a variable: the text
		// is meant, and the quotes go around all of it (D49)
		"- **a:** ${default(row.Email, cuont/A)}": "f.md:1:31: warning: cuont/A: this is read as arithmetic of variables, and the data has no variable 'cuont'; write 'cuont/A' in quotes for the text",
		// a bare word that is a key of row: the key is meant, not the text
		"- **a:** ${default(row.Email, Customer)}": "f.md:1:31: warning: Customer: no variable 'Customer'; did you mean row.Customer?",
		// the value a function works on (its first) is a variable, never
		// text: quoted, default('x', ...) is always 'x' and upper('zzz')
		// always ZZZ, so no quotes are offered (D49)
		"- **a:** ${default(x, 'n/a')}":     "f.md:1:20: warning: x: this is read as a variable, and the data has no variable 'x'; write the name of a variable of the data, or write 'x' in quotes for the text itself",
		"- **a:** ${default(cuont, 0)}":     "f.md:1:20: warning: cuont: no variable 'cuont'; did you mean 'count'?",
		"- **a:** ${default(Customer, '')}": "f.md:1:20: warning: Customer: no variable 'Customer'; did you mean row.Customer?",
		"- **a:** ${upper(zzz)}":            "f.md:1:18: warning: zzz: this is read as a variable, and the data has no variable 'zzz'; write the name of a variable of the data, or write 'zzz' in quotes for the text itself",
	} {
		var got []string
		for _, f := range flow.Validate("f.md", []byte(src), s) {
			got = append(got, f.String())
		}
		if want == "" {
			// no trap warning; a syntax error of its own (with its
			// hint, D44) is not a trap
			require.NotContains(t, strings.Join(got, "\n"), "warning", src)
			continue
		}
		require.Equal(t, []string{want}, got, src)
	}
	// Without data a bare word is no trap: the data may have it.
	require.Empty(t, flow.Validate("f.md", []byte("- **a:** ${default(row.Email, none)}"), nil))
}

// A trap's Expr is what holds it: the condition line, the text of its
// ${...}, or the text written in another template language.
func TestTrapExpr(t *testing.T) {
	s := scope.New(map[string]any{"row": map[string]any{"Email": ""}})
	for src, want := range map[string]string{
		"- **condition:** ${row.Email} == x;":     "${row.Email} == x;",
		"- **a:** Dear {{row.Name}},":             "{{row.Name}}",
		"- **a:** ${default(row.Email, none)}":    "default(row.Email, none)",
		"- **a:** ${row.Policy No.}":              "row.Policy No.",
		"- **condition:** ${row.Policy No.} == 1": "row.Policy No.",
	} {
		fs := flow.Validate("f.md", []byte(src), s)
		require.Len(t, fs, 1, src)
		require.Equal(t, want, fs[0].Expr, src)
	}
}

// D38, D12: a method call written like a key (`${row.len(x)}`) is a
// warning without data; with data, a lookup that works wins: a row that
// has the key reads it with no warning, a row that lacks it fails with
// the method call's error, and the warning of the flow without data is
// not among the findings of a run with data.
func TestMethodCallKeyWithData(t *testing.T) {
	src := []byte("- **a:** ${row.len(x)}\n- **b:** ${row.name.upper()}\n")
	require.Len(t, flow.Validate("f.md", src, nil), 2, "without data, both are traps")

	f, err := flow.Compile("f.md", src, flow.SampleWarnings())
	require.NoError(t, err)
	require.Empty(t, f.Findings(), "with data, the rows decide")
	has := f.Run(context.Background(), scope.New(map[string]any{"row": map[string]any{"len(x)": "abc", "name": "Ann"}}))
	require.Equal(t, "abc", has.Results[0].Text)
	require.Empty(t, has.Results[0].Warnings)
	// a real method call: the data has no such key, so it is an error
	require.ErrorContains(t, has.Results[1].Err, "${row.name.upper()}: method calls are not allowed; write upper(row.name)")
	lacks := f.Run(context.Background(), scope.New(map[string]any{"row": map[string]any{"name": "Ann"}}))
	require.ErrorContains(t, lacks.Results[0].Err, "${row.len(x)}: method calls are not allowed; len takes 1 value, got 2: write len(row)")
	require.Empty(t, lacks.Results[0].Warnings)

	// Preview with sample data agrees.
	s := scope.New(map[string]any{"row": map[string]any{"len(x)": "abc"}})
	rs, err := flow.Preview("f.md", src[:len("- **a:** ${row.len(x)}\n")], s, flow.PreviewOptions{SampleWarnings: true})
	require.NoError(t, err)
	require.Equal(t, "abc", rs[0].Text)
	require.Empty(t, rs[0].Warnings)
}

// Another template language's `{{name}}` or `$name` in a code span of
// prose is code shown as written, never rendered: no trap. Outside a code
// span, and in a field's value (rendered, code span and all), it stays.
func TestTrapOtherLanguageInProseCode(t *testing.T) {
	quiet := "# Mail\n\nThe mail system uses `{{name}}` and ``$row.email`` placeholders; write `${row.email}` here.\n\n" +
		"- **to:** ${row.email}\n"
	require.Empty(t, lines(quiet, nil))
	for src, want := range map[string]string{
		"# Mail\n\nThe mail system uses {{name}} placeholders.\n": "{{name}}: this is another template language",
		"# Mail\n\nThe `old` system used $row.email.\n":           "$row.email: this is another template language",
		"# Mail\n\nAn unclosed ` and {{name}}.\n":                 "{{name}}: this is another template language",
		"# Mail\n\n- **body:** use `{{name}}` for ${row.email}\n": "{{name}}: this is another template language",
		"# Mail\n\n- **body:** `$name` is ${row.email}\n":         "$name: this is another template language",
		"# Mail\n\nEscaped \\`{{name}}\\` is text, not code.\n":   "{{name}}: this is another template language",
	} {
		got := lines(src, nil)
		require.Len(t, got, 1, src)
		require.Contains(t, got[0], want, src)
	}
}

// A table that documents a field, its value shown as code (`| **condition**
// | `${x} == y` | when |`), is no field pasted into a table: no warning. A
// table row with the value bare is one, and still gets it.
func TestTableDocumentsField(t *testing.T) {
	doc := "# Fields\n\n| Field | Example |\n|---|---|\n" +
		"| **condition** | `${row.status} == Active` | when |\n" +
		"| **condition:** | `${row.amount} > 0` |\n" +
		"| **to:** | `${row.email}` | who |\n"
	require.Empty(t, lines(doc, nil))
	for src, want := range map[string]string{
		"| **condition:** | ${row.amount} > 0 |\n":      "this is not a condition field",
		"| **condition** | ${row.status} == Active |\n": "this is not a condition field",
		"| **to:** | ${row.email} |\n":                  "write: - **to:** ${row.email}",
		"| **to:** | `x` ${row.email} |\n":              "write: - **to:** `x` ${row.email}",
	} {
		got := lines(src, nil)
		require.Len(t, got, 1, src)
		require.Contains(t, got[0], want, src)
	}
}
