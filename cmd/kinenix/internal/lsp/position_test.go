package lsp

import (
	"context"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
	"github.com/stretchr/testify/require"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// covered is the text a range covers, by package utf16.
func covered(lines []string, r protocol.Range) string {
	if r.Start.Line != r.End.Line {
		return "<several lines>"
	}
	return utf16Slice(lines[r.Start.Line], int(r.Start.Character), int(r.End.Character))
}

// TestFindingRanges pins the range of each kind of finding: what the
// squiggle covers in the editor, which is the span eval gives the finding
// (flow.Finding's Line, Column, EndLine, EndColumn) in UTF-16 positions.
// The messages are those of D14, D15, D12, D13, D18, D9, D31 and D38.
func TestFindingRanges(t *testing.T) {
	sample := scope.New(map[string]any{
		"row":  map[string]any{"First Name": "Somchai", "status": "Active"},
		"rows": []any{map[string]any{"id": "R-1"}},
		"x":    "text",
	})
	cases := []struct {
		line    string
		sample  *scope.Scope
		covered []string // in the order of the findings
	}{
		{"- **a:** ${lenght(packages)}", nil, []string{"lenght"}},                   // D14: the unknown name
		{"- **a:** ${len(a, b)}", nil, []string{"len(a, b)"}},                       // D15: the whole call
		{"- **a:** ${a == b}", nil, []string{"a == b"}},                             // D12: the forbidden construct
		{"- **a:** ${x.upper()}", sample, []string{"x.upper()"}},                    // D13; no "no key upper()" too: the error says what the text is
		{"- **a:** ${(a + b}", nil, []string{"}"}},                                  // D18: the syntax error's place
		{"- **a:** ${'abc", nil, []string{"${"}},                                    // D18: the ${ that is not closed
		{"- **a:** ok ${row._id}", nil, []string{"_id"}},                            // D9
		{"- **condition:** ${a} =! 3", nil, []string{"=!"}},                         // D31: the operator's run of signs
		{"- **a:** ${row.Frist Name}", sample, []string{"Frist Name"}},              // a missing key written with spaces
		{"- **a:** ${rows[0].idd}", sample, []string{"idd"}},                        // a missing key after an index
		{"- **a:** ลูกค้า 😀 ${lenght(x)} 😀", nil, []string{"lenght"}},               // Thai and an emoji before it
		{"- **a:** 😀😀 ${len('😀', 2)}", nil, []string{"len('😀', 2)"}},                // surrogate pairs before and inside
		{"- **a:** ${ลูกค้า.ชื่อ + }", sample, []string{"ลูกค้า", "}"}},             // Thai marks, then the place of the error
		{"\uFEFF- **a:** ${lenght(x)}", nil, []string{"lenght"}},                    // a byte order mark on line 1
		{"- **a:** ${len(x)} ${foo(x)}", nil, []string{"foo"}},                      // the second placeholder
		{"- **a:** ${x} ${y", nil, []string{"${"}},                                  // unclosed after a closed one: the `${`
		{"- **a:** ${'" + strings.Repeat("é", 600) + "'}", nil, nil},                // over the length limit: the whole expression
		{"- **a:** ${len(x)}\n- **b:** ${x} ${lenght(y)}", nil, []string{"lenght"}}, // on line 2
	}
	for _, tc := range cases {
		t.Run(tc.line, func(t *testing.T) {
			lines := splitLines(tc.line)
			fs := flow.Validate("f.md", []byte(tc.line), tc.sample)
			var got []string
			for _, f := range fs {
				got = append(got, covered(lines, findingRange(lines, f)))
			}
			want := tc.covered
			if strings.Contains(tc.line, strings.Repeat("é", 600)) {
				require.Len(t, got, 1)
				require.True(t, strings.HasPrefix(got[0], "'é") && strings.HasSuffix(got[0], "é'"), got[0])
				return
			}
			require.Equal(t, want, got, "findings: %v", fs)
		})
	}
}

// TestUTF16 pins the conversions between character columns, bytes and
// UTF-16 code units: a Thai letter is one unit, an emoji two.
func TestUTF16(t *testing.T) {
	line := "กข😀x"
	require.Equal(t, 5, utf16Len(line))
	require.Equal(t, len(utf16.Encode([]rune(line))), utf16Len(line))
	require.Equal(t, 0, byteOfUTF16(line, 0))
	require.Equal(t, 3, byteOfUTF16(line, 1))  // after ก
	require.Equal(t, 6, byteOfUTF16(line, 2))  // after ข: the emoji
	require.Equal(t, 6, byteOfUTF16(line, 3))  // inside the surrogate pair: its start
	require.Equal(t, 10, byteOfUTF16(line, 4)) // x
	require.Equal(t, len(line), byteOfUTF16(line, 99))
	require.Equal(t, 0, byteOfColumn(line, 1))
	require.Equal(t, 6, byteOfColumn(line, 3))
	require.Equal(t, 10, byteOfColumn(line, 4))
	require.Equal(t, len(line), byteOfColumn(line, 99))

	// A finding past the last line or column is clamped, not a panic.
	lines := []string{"ab"}
	r := findingRange(lines, flow.Finding{Line: 9, Column: 9})
	require.Equal(t, protocol.Range{Start: protocol.Position{Line: 0, Character: 2}, End: protocol.Position{Line: 0, Character: 2}}, r)
	require.Equal(t, protocol.Range{}, findingRange(nil, flow.Finding{Line: 1, Column: 1}))
	// An end on a later line is placed on that line; an end before the
	// start (a finding made without one) is the start.
	lines = []string{"a😀b", "ก😀c"}
	r = findingRange(lines, flow.Finding{Line: 1, Column: 2, EndLine: 2, EndColumn: 3})
	require.Equal(t, protocol.Range{Start: protocol.Position{Line: 0, Character: 1}, End: protocol.Position{Line: 1, Character: 3}}, r)
	r = findingRange(lines, flow.Finding{Line: 2, Column: 3, EndLine: 2, EndColumn: 1})
	require.Equal(t, protocol.Range{Start: protocol.Position{Line: 1, Character: 3}, End: protocol.Position{Line: 1, Character: 3}}, r)
}

// TestIncrementalChange: a client that sends range changes anyway gets
// them applied in UTF-16 positions.
func TestIncrementalChange(t *testing.T) {
	text := "a😀b\nลูก ${lenght(x)}\n"
	lines := splitLines(text)
	r := protocol.Range{Start: protocol.Position{Line: 1, Character: 6}, End: protocol.Position{Line: 1, Character: 12}}
	require.Equal(t, "lenght", covered(lines, r))
	require.Equal(t, "a😀b\nลูก ${len(x)}\n", applyEdit(text, r, "len"))
	r = protocol.Range{Start: protocol.Position{Line: 0, Character: 1}, End: protocol.Position{Line: 0, Character: 3}}
	require.Equal(t, "ab\nลูก ${lenght(x)}\n", applyEdit(text, r, ""))
}

// TestRangesLinear: converting the findings of a document takes work
// linear in it, even for 1,000 findings on one 1 MiB line (converting each
// from the start of the line took 3 s, a billion characters stepped over).
// The work is counted, not timed: the characters the converter steps over
// are at most twice the line's (once for the starts, once for the ends).
func TestRangesLinear(t *testing.T) {
	for _, unit := range []string{
		"ก😀${lenght(x)} " + strings.Repeat("x", 1000), // unknown functions
		"ก😀 ${'x " + strings.Repeat("x", 1000),        // ${ not closed: each to the end of the line
		"ก😀 ${row.Frist Name} 'abc " + strings.Repeat("x", 1000),
	} {
		line := strings.Repeat(unit, 1000)
		lines := splitLines(line)
		fs := flow.Validate("f.md", []byte(line), featureSample())
		require.GreaterOrEqual(t, len(fs), 1000)
		r := newRanger(lines)
		d := make([]protocol.Range, len(fs))
		for i, f := range fs {
			d[i] = r.findingRange(f)
		}
		require.LessOrEqual(t, r.start.steps+r.end.steps, 2*utf8.RuneCountInString(line), "%.40q", unit)
		require.Equal(t, d, rangesOf(diagnostics(lines, fs)))
		// The last one is placed as findingRange alone places it.
		last := fs[len(fs)-2]
		require.Equal(t, findingRange(lines, last), d[len(d)-2])
	}
}

// TestDiagnosticMessage: an error's message loses D16's echo of the
// expression, which the range marks; conditions and warnings keep theirs.
func TestDiagnosticMessage(t *testing.T) {
	long := "'" + strings.Repeat("é", 600) + "'"
	cases := []struct{ line, want string }{
		{"${lenght(x)}", "unknown function lenght; did you mean len?"},
		{"${len(a, b)}", "len takes 1 value, got 2"},
		{"${'abc", "${ is not closed: the quote ' in it is not closed, so the } after it is taken as text; add the closing ' where the text ends"},
		{"${" + long + "}", "expression is longer than 500 characters (it has 602)"},
		{"- **condition:** ${row.status} =! 3", "condition: unknown operator =!; did you mean !=?"},
		{"${row.statsu}", "row.statsu: no key 'statsu' in row; did you mean 'status'?"},
		// an empty placeholder's echo, `${}: `, is left out as any other
		{"- **c:** ${", "${ is not closed; add the closing }"},
		{"- **c:** ${row.status} ${", "${ is not closed; add the closing }"},
	}
	for _, tc := range cases {
		fs := flow.Validate("f.md", []byte(tc.line), featureSample())
		require.NotEmpty(t, fs, tc.line)
		require.Equal(t, tc.want, diagnosticMessage(fs[0]), tc.line)
	}
	require.Equal(t, "x", diagnosticMessage(flow.Finding{Message: "x"}))

	// L2: the echo is left out after `condition: ` too, for an error and
	// a warning alike, as the editor checks (flow.ValidateRow).
	sample := scope.New(map[string]any{"row": map[string]any{"Price": "12,5"}})
	for line, want := range map[string]string{
		"- **condition:** ${number(row.Price)} > 1": "number: '12,5' is not clear: write 12.5",
		"- **condition:** ${env.X} == 1":            "the editor reads no environment, so this is empty here; the flow reads env.X when it runs with -env X",
		"${env.HOME}":                               "the editor reads no environment, so this is empty here; the flow reads env.HOME when it runs with -env HOME",
	} {
		fs := flow.ValidateRow(context.Background(), "f.md", []byte(line), flow.ValidateOptions{Sample: sample})
		require.NotEmpty(t, fs, line)
		require.Equal(t, want, diagnosticMessage(fs[0]), line)
	}
}

func rangesOf(ds []protocol.Diagnostic) []protocol.Range {
	out := make([]protocol.Range, len(ds))
	for i, d := range ds {
		out[i] = d.Range
	}
	return out
}

// TestEnvFixForEditor: the fix of an env.NAME the editor does not read is
// one an editor user can follow: an editor has no -env flag, so the
// message says the flow reads it when it runs with -env NAME.
func TestEnvFixForEditor(t *testing.T) {
	for _, line := range []string{"${env.HOME}", "${upper(env.HOME)}"} {
		fs := flow.Validate("f.md", []byte(line), featureSample())
		require.NotEmpty(t, fs, line)
		msg := diagnosticMessage(fs[0])
		require.Contains(t, msg, "the editor reads no environment, so this is empty here; the flow reads env.HOME when it runs with -env HOME", line)
		require.NotContains(t, msg, "; run with -env", line)
	}
}
