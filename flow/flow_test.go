package flow_test

import (
	"context"
	"fmt"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// lines is the findings of a flow as `LINE:COL: message` texts.
func lines(src string, sample *scope.Scope) []string {
	var out []string
	for _, f := range flow.Validate("f.md", []byte(src), sample) {
		out = append(out, strings.TrimPrefix(f.String(), "f.md:"))
	}
	return out
}

func sample() *scope.Scope {
	return scope.New(map[string]any{
		"row": map[string]any{
			"First Name": "Somchai", "Role in Company": "Fleet manager", "status": "Active",
			"amount": 3, "brand": " toyota ", "_id": "a81f",
		},
		"rows": []any{map[string]any{"status": "Active"}},
	})
}

func TestFindingString(t *testing.T) {
	f := flow.Finding{File: "a.md", Line: 3, Column: 7, Message: "${x(}: missing ')'"}
	require.Equal(t, "a.md:3:7: ${x(}: missing ')'", f.String())
	f.Warning = true
	require.Equal(t, "a.md:3:7: warning: ${x(}: missing ')'", f.String())
}

func TestValidateFindingFields(t *testing.T) {
	got := flow.Validate("a.md", []byte("- **x:** ${len(a, b)}\n- **condition:** ${a} = 1\n- **y:** ${a\n"), nil)
	require.Equal(t, []flow.Finding{
		{File: "a.md", Line: 1, Column: 12, EndLine: 1, EndColumn: 21, Expr: "len(a, b)", Message: "${len(a, b)}: len takes 1 value, got 2", Kind: "arity"},
		{File: "a.md", Line: 2, Column: 23, EndLine: 2, EndColumn: 24, Expr: "${a} = 1", Message: "condition: unknown operator =; did you mean ==?", Kind: "condition"},
		{File: "a.md", Line: 3, Column: 10, EndLine: 3, EndColumn: 12, Expr: "a", Message: "${a}: ${ is not closed; add the closing }", Kind: "unclosed"},
	}, got)
}

// All problems of a file, several on a line, sorted by line and column.
func TestValidateAllProblemsSorted(t *testing.T) {
	src := "intro ${a b} ${(} ${len()} ${x ** 2}\n\n- **s:** ${'a' + 1} ${ok}\n${lenght(y)}"
	require.Equal(t, []string{
		"1:17: ${(}: missing ')'",
		"1:21: ${len()}: len takes 1 value, got 0",
		"1:30: ${x ** 2}: ** is not allowed; multiply instead",
		"3:12: ${'a' + 1}: 'a' is text ('a'), not a number, and number(...) finds none in it",
		"4:3: ${lenght(y)}: unknown function lenght; did you mean len?",
	}, lines(src, nil))
}

// Columns count characters; CRLF line ends, a byte order mark, tabs and
// Thai text do not shift them.
func TestValidatePositions(t *testing.T) {
	for name, c := range map[string]struct{ src, want string }{
		"lf":        {"a\n- **x:** ${len()}\n", "2:12: ${len()}: len takes 1 value, got 0"},
		"crlf":      {"a\r\n- **x:** ${len()}\r\n", "2:12: ${len()}: len takes 1 value, got 0"},
		"bom":       {"\uFEFF- **x:** ${len()}", "1:12: ${len()}: len takes 1 value, got 0"},
		"tabs":      {"\t\t${len()}", "1:5: ${len()}: len takes 1 value, got 0"},
		"thai":      {"เบี้ยประกัน ${len()}", "1:15: ${len()}: len takes 1 value, got 0"},
		"thai expr": {"${len('บาท', 'ปี', x)}", "1:3: ${len('บาท', 'ปี', x)}: len takes 1 value, got 3"},
		"inside":    {"ค่า ${ราคา * }", "1:14: ${ราคา * }: unexpected end; a value is missing after '*'"},
		"emoji":     {"🚗 ${len()}", "1:5: ${len()}: len takes 1 value, got 0"},
		"bad utf8":  {"\xff\xfe ${len()}", "1:6: ${len()}: len takes 1 value, got 0"},
		"cr inside": {"a\rb ${len()}\r\n", "1:7: ${len()}: len takes 1 value, got 0"},
		"condition": {"- **condition:**   ลูกค้า ${x} = 1\r\n", "1:32: condition: unknown operator =; did you mean ==?"},
		"cond expr": {"\t**Condition:** ${len(x, y)} > 1", "1:19: condition: ${len(x, y)}: len takes 1 value, got 2"},
	} {
		got := lines(c.src, nil)
		if name == "bad utf8" {
			// D37: the bytes are never replaced silently; said once, at
			// the first, which counts as one column
			require.Equal(t, "1:1: warning: '\\xff\\xfe ${len()}': the text is not valid UTF-8 (byte 0xFF); it is shown as \\xff: save the flow file as UTF-8", got[0])
			got = got[1:]
		}
		require.Equal(t, []string{c.want}, got, name)
	}
}

func TestValidateFencedBlocks(t *testing.T) {
	for name, c := range map[string]struct {
		src  string
		want []string
	}{
		"backticks": {"```\n${(\n```\n${len()}", []string{"4:3: ${len()}: len takes 1 value, got 0"}},
		"tildes":    {"~~~yaml\n${(\n~~~\n${len()}", []string{"4:3: ${len()}: len takes 1 value, got 0"}},
		"info":      {"```markdown\n- **condition:** nonsense\n```", nil},
		"indented":  {"- step\n    ```\n    ${(\n    ```\n", nil},
		// A shorter or different fence does not close the block.
		"nested": {"````\n```\n${(\n```\n````\n${(", []string{"6:1: ${(}: ${ is not closed; add the closing }"}},
		"mixed":  {"~~~\n```\n${(\n~~~\n${len()}", []string{"5:3: ${len()}: len takes 1 value, got 0"}},
		// A closing fence has nothing after it.
		"not closing": {"```\n```js\n${(\n```\n${len()}", []string{"5:3: ${len()}: len takes 1 value, got 0"}},
		// A fence that is not closed runs to the end of the file.
		"unclosed fence": {"${len()}\n```\n${(\n", []string{"1:3: ${len()}: len takes 1 value, got 0"}},
		// Backticks with a backtick after them are inline code, not a fence.
		"inline triple": {"```${len()}```", []string{"1:6: ${len()}: len takes 1 value, got 0"}},
		// Inline code is checked.
		"inline": {"- **x:** `${len()}`", []string{"1:13: ${len()}: len takes 1 value, got 0"}},
		// Two backticks are not a fence.
		"two": {"``\n${len()}", []string{"2:3: ${len()}: len takes 1 value, got 0"}},
		// A fence in a block quote is one too: its block ends with its
		// closing fence in the same quote, or with the quote.
		"quoted":       {"> ```\n> {{name}} $x ${(\n> ```\n${len()}", []string{"4:3: ${len()}: len takes 1 value, got 0"}},
		"quoted twice": {"> > ~~~\n> > ${(\n> > ~~~\n> ${len()}", []string{"4:5: ${len()}: len takes 1 value, got 0"}},
		"quote ends":   {"> ```\n> ${(\n${len()}\n```\n${(", []string{"3:3: ${len()}: len takes 1 value, got 0"}},
		"not quoted":   {"```\n> ```\n${(\n```\n${len()}", []string{"5:3: ${len()}: len takes 1 value, got 0"}},
	} {
		require.Equal(t, c.want, lines(c.src, nil), name)
	}
}

func TestValidateConditionFields(t *testing.T) {
	bad := "${a} = 1"
	for _, prefix := range []string{
		"- **condition:** ", "**Condition:** ", "* **CONDITION:** ", "+ **condition:** ",
		"1. **condition:** ", "12) **condition:** ", "  - **condition**: ", "- __condition:__ ",
		"\t- **condition:**\t",
	} {
		got := lines(prefix+bad, nil)
		require.Len(t, got, 1, prefix)
		require.Contains(t, got[0], "condition: unknown operator =", prefix)
	}
	// Not condition fields: the line is checked as a template, and `${a}`
	// alone has no problem.
	for _, prefix := range []string{
		"- **conditions:** ", "- **when:** ", "Note the **condition:** ",
		"-**condition:** ", "> **condition:** ",
	} {
		require.Empty(t, lines(prefix+bad, nil), prefix)
	}
	// Nor are these, though they are written as one: a warning says the
	// step runs for every row (TestValidateConditionNearMiss).
	for _, prefix := range []string{"- condition: ", "- *condition:* "} {
		got := lines(prefix+bad, nil)
		require.Len(t, got, 1, prefix)
		require.Contains(t, got[0], "1:3: warning: '"+prefix+bad+"': this is not a condition field", prefix)
	}
	// A malformed condition line still has its placeholders checked.
	require.Equal(t, []string{
		"1:20: condition: ${lenght(x)}: unknown function lenght; did you mean len?",
		"1:31: condition: unknown operator =; did you mean ==?",
	}, lines("- **condition:** ${lenght(x)} = 1", nil))
	// Quoted sides, and ${...} in them.
	require.Empty(t, lines("- **condition:** ${a} == 'x and y' and ${b} contains '${c}'", nil))
}

// A ${ is closed on its own line; one closed on a later line is reported.
func TestValidateOneLine(t *testing.T) {
	require.Equal(t, []string{"1:3: ${a}: ${ is not closed; add the closing }"}, lines("x ${a\n}", nil))
	// An apostrophe inside a placeholder opens a quote; the rest of the
	// line is inside it, and the next line is not affected.
	require.Equal(t, []string{
		"1:1: ${row.Customer's name}: ${ is not closed: the quote ' in it is not closed, so the } after it is taken as text; for a key with ' in it, write ${row['Customer\\'s name']}",
		"2:3: ${len()}: len takes 1 value, got 0",
	}, lines("${row.Customer's name}\n${len()}", nil))
}

// Lookup-shaped texts are not reported without data (design section 4),
// and are checked against sample data when it is given.
func TestValidateLookupsAndSample(t *testing.T) {
	src := "${row.Role in Company} ${row.Role in Compny} ${row.First Name} ${row.Frist Name}"
	require.Empty(t, lines(src, nil))
	require.Equal(t, []string{
		"1:26: ${row.Role in Compny}: 'in' is not allowed inside ${...}; write it in a condition",
		"1:30: warning: row.Role in Compny: no key 'Role in Compny' in row; did you mean 'Role in Company'?",
		"1:70: warning: row.Frist Name: no key 'Frist Name' in row; did you mean 'First Name'?",
	}, lines(src, sample()))

	// `_` keys are refused with or without data.
	for _, s := range []*scope.Scope{nil, sample()} {
		require.Equal(t, []string{
			"1:7: ${row._id}: names starting with _ are not allowed; for a key that starts with _, write ['_id']",
		}, lines("${row._id} ${row['_id']} ${len(row['_id'])}", s))
	}
}

// A lookup with a character pasted in it (a no-break space, an invisible
// character) that the closest key has not is told with that character,
// as the two look alike in the message; the fix, followed, reads the key.
func TestValidatePastedKey(t *testing.T) {
	for src, want := range map[string]string{
		"${row.First\u00a0Name}": "1:7: warning: row.First\u00a0Name: no key 'First\u00a0Name' in row; it has a no-break space (U+00A0) where 'First Name' has a plain space: write a plain space",
		"${row.status\u200b}":    "1:7: warning: row.status\\u200b: no key 'status\\u200b' in row; it has an invisible character (U+200B) that 'status' has not: delete it",
		"${row.ｓtatus}":          "1:7: warning: row.ｓtatus: no key 'ｓtatus' in row; it has the full-width ｓ where 'status' has s: write s",
	} {
		require.Equal(t, []string{want}, lines(src, sample()), src)
	}
	for _, src := range []string{"${row.First Name}", "${row.status}"} {
		require.Empty(t, lines(src, sample()), src)
	}
	// A curly apostrophe for the key's straight one: the fix is the key in
	// brackets, as a straight quote in a dotted key would open a quote.
	s := scope.New(map[string]any{"row": map[string]any{"Customer's name": "Ann"}})
	got := lines("${row.Customer’s name}", s)
	require.Equal(t, []string{`1:7: warning: row.Customer’s name: no key 'Customer’s name' in row; it has the curly quote ’ where 'Customer's name' has ': write ${row['Customer\'s name']}`}, got)
	require.Empty(t, lines(`${row['Customer\'s name']}`, s))
	// A pasted sign in what is read as a key: the expression meant, or
	// the key with the plain sign when the data has it; each works.
	s = scope.New(map[string]any{"row": map[string]any{"amount": 3, "Jan - Mar": 5}})
	for src, want := range map[string]string{
		"${row.amount × 12}": "1:7: warning: row.amount × 12: no key 'amount × 12' in row; it has the sign ×, which is no sign of the language; write ${row.amount * 12}",
		"${row.Jan – Mar}":   "1:7: warning: row.Jan – Mar: no key 'Jan – Mar' in row; it has the dash – (U+2013) where 'Jan - Mar' has -: write -",
	} {
		require.Equal(t, []string{want}, lines(src, s), src)
	}
	require.Empty(t, lines("${row.amount * 12} ${row.Jan - Mar}", s))
	// The other way round: a header pasted with a no-break space in the
	// data, which a flow cannot write; the fix is in the data.
	s = scope.New(map[string]any{"row": map[string]any{"First\u00a0Name": "Ann"}})
	require.Equal(t, []string{"1:7: warning: row.First Name: no key 'First Name' in row; the data's key 'First\u00a0Name' has a no-break space (U+00A0) where this has a plain space: write a plain space in the data"},
		lines("${row.First Name}", s))
	require.Empty(t, lines("${row.First Name}", scope.New(map[string]any{"row": map[string]any{"First Name": "Ann"}})))
}

func TestValidateSampleWarnings(t *testing.T) {
	src := strings.Join([]string{
		"- **a:** ${rows[0].stat} ${rows[5].status} ${rows.status} ${row.brand.x}",
		"- **b:** ${len(rwo)} ${env.HOME} ${len(env.HOME)} ${row[status]} ${row['status']}",
		"- **c:** ${row.brand * 2} ${default(row.missing, 0) + 1}",
		"- **condition:** ${row.amount} > 0 and ${row.status} < 3 or ${row.missing} > 1",
		"- **condition:** not ${row.nope} in a, b",
	}, "\n")
	require.Equal(t, []string{
		"1:20: warning: rows[0].stat: no key 'stat' in rows[0]; did you mean 'status'?",
		"1:33: warning: rows[5]: no item 5 in rows, which has 1 item",
		"1:51: warning: rows.status: no key 'status' in rows, which is a list",
		"1:71: warning: row.brand.x: no key 'x' in row.brand, which is text",
		"2:16: warning: rwo: no variable 'rwo'; did you mean 'row'?", // len works on its value: no quotes (D49)
		"2:24: warning: ${env.HOME}: the environment is not read; run with -env HOME",
		"2:40: warning: env.HOME: the environment is not read; run with -env HOME",
		"2:57: warning: status: no variable 'status'; did you mean row.status?",
		"3:12: warning: ${row.brand * 2}: row.brand is text (' toyota '), not a number, and number(...) finds none in it",
		// A lookup the sample lacks is reported also where a fallback is
		// given: a key the sample row does not have is most often a typo.
		"3:41: warning: row.missing: no key 'missing' in row",
		"4:54: warning: condition: '${row.status} < 3': < needs numbers; 'Active' is not a number, and number(...) finds none in it",
		"4:67: warning: row.missing: no key 'missing' in row",
		"5:28: warning: row.nope: no key 'nope' in row",
	}, lines(src, sample()))
	// Warnings need sample data, but for the environment not let in
	// (D44), which holds whatever the data.
	require.Equal(t, []string{"2:24: warning: ${env.HOME}: the environment is not read; run with -env HOME",
		"2:40: warning: env.HOME: the environment is not read; run with -env HOME"}, lines(src, nil))
	fs := flow.ValidateWith(context.Background(), "f.md", []byte(src), flow.ValidateOptions{
		EnvAllowed: func(name string) bool { return name == "HOME" }})
	require.Empty(t, fs)
}

func TestFields(t *testing.T) {
	src := "# T\r\n\r\n- **subject:** ${a} b  \r\n* **Condition**: ${x} > 1\n```\n- **in:** code\n```\n1. __to:__ ดี ${y}\n- **:** x\n- **empty:**\n"
	require.Equal(t, []flow.Field{
		{Label: "subject", Value: "${a} b", Line: 3, Column: 16},
		{Label: "Condition", Value: "${x} > 1", Line: 4, Column: 18, Condition: true},
		{Label: "to", Value: "ดี ${y}", Line: 8, Column: 12},
		{Label: "empty", Value: "", Line: 10, Column: 13},
	}, flow.Fields([]byte(src)))
	// Spec section 2: a label as written (spaces, Thai, case), a field
	// written twice is two fields, and neither an HTML comment nor a `\`
	// before `${` is special.
	src = "- **Subject Line:** a\n2) **หัวเรื่อง**: b\n- **to:** c\n- **TO:** d\n<!--\n- **condition:** ${x} == 1\n-->\n- **esc:** \\${x}\n"
	require.Equal(t, []flow.Field{
		{Label: "Subject Line", Value: "a", Line: 1, Column: 21},
		{Label: "หัวเรื่อง", Value: "b", Line: 2, Column: 19},
		{Label: "to", Value: "c", Line: 3, Column: 11},
		{Label: "TO", Value: "d", Line: 4, Column: 11},
		{Label: "condition", Value: "${x} == 1", Line: 6, Column: 18, Condition: true},
		{Label: "esc", Value: "\\${x}", Line: 8, Column: 12},
	}, flow.Fields([]byte(src)))
	res, err := flow.Preview("f.md", []byte(src), scope.New(map[string]any{"x": 1}), flow.PreviewOptions{})
	require.NoError(t, err)
	require.Equal(t, "\\1", res[5].Text)
	require.True(t, res[4].Holds)
}

// Validate never panics and bounds its work, whatever the bytes.
func TestValidateRobust(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	alphabet := []string{"$", "{", "}", "'", "\"", "\\", "(", ")", "[", "]", "\n", "\r\n", "\r", "\t", " ", "a", "x.y",
		"**condition:** ", "- ", "```", "~~~", "==", ">", " and ", " or ", "not ", "ก", "\xff", "\x00", "len(", "_", ",", "+", "`"}
	for i := 0; i < 3000; i++ {
		var b strings.Builder
		for n := r.Intn(60); n > 0; n-- {
			b.WriteString(alphabet[r.Intn(len(alphabet))])
		}
		src := b.String()
		for _, s := range []*scope.Scope{nil, sample()} {
			got := flow.Validate("f.md", []byte(src), s)
			checkFindings(t, src, got)
		}
	}
}

func checkFindings(t *testing.T, src string, got []flow.Finding) {
	t.Helper()
	nlines := strings.Count(src, "\n") + 1
	for i, f := range got {
		require.Equal(t, "f.md", f.File)
		require.True(t, f.Line >= 1 && f.Line <= nlines, "%q: %v", src, f)
		require.GreaterOrEqual(t, f.Column, 1, "%q: %v", src, f)
		require.True(t, utf8.ValidString(f.Message) && utf8.ValidString(f.Expr), "%q: %v", src, f)
		require.NotEmpty(t, f.Message)
		require.NotEmpty(t, f.Kind)
		require.NotEqual(t, "internal", f.Kind, "%q: %v", src, f)
		if i > 0 {
			p := got[i-1]
			require.True(t, p.Line < f.Line || p.Line == f.Line && p.Column <= f.Column, "%q: not sorted", src)
		}
	}
}

func TestValidateLimits(t *testing.T) {
	// Too large: one finding, nothing read.
	got := flow.Validate("f.md", []byte(strings.Repeat("${(", flow.MaxSize)), nil)
	require.Len(t, got, 1)
	require.Equal(t, "limit", got[0].Kind)

	// Many problems: checking stops after MaxFindings.
	got = flow.Validate("f.md", []byte(strings.Repeat("${len()}\n", 2*flow.MaxFindings)), nil)
	require.Len(t, got, flow.MaxFindings+1)
	last := got[len(got)-1]
	require.Equal(t, fmt.Sprintf("f.md:%d:3: too many problems; checking stopped after %d", flow.MaxFindings+1, flow.MaxFindings), last.String())
	checkFindings(t, strings.Repeat("${len()}\n", 2*flow.MaxFindings), got)

	// Many on one line: the findings stay sorted.
	line := strings.Repeat("${len()} ${'", 2*flow.MaxFindings)
	got = flow.Validate("f.md", []byte(line), nil)
	require.Len(t, got, flow.MaxFindings+1)
	checkFindings(t, line, got)

	// Pathological lines finish quickly: many unclosed ${ with quotes on
	// one long line, many placeholders, a long condition, NUL bytes.
	for _, src := range []string{
		strings.Repeat("${'", flow.MaxSize/3),
		strings.Repeat("${\"'", flow.MaxSize/4),
		strings.Repeat("${a}", flow.MaxSize/4),
		"- **condition:** " + strings.Repeat("${a} == 1 and ", 70000),
		strings.Repeat("\x00${\x00}", flow.MaxSize/5),
		strings.Repeat("x", flow.MaxSize-10) + "${len()}",
	} {
		got := flow.Validate("f.md", []byte(src), nil) // linear: quadratic would hang here
		require.LessOrEqual(t, len(got), flow.MaxFindings+1)
		for _, f := range got {
			require.LessOrEqual(t, len(f.Message), 4*600, "messages stay short")
		}
	}
}

func ExampleValidate() {
	src := []byte("# Report\n\n- **subject:** ${len(packages)} packages for ${join(ok_ids, ', ')}\n" +
		"- **body:** Total ${lenght(rows)} rows\n- **condition:** ${row.status} = Active\n")
	for _, f := range flow.Validate("report.md", src, nil) {
		fmt.Println(f)
	}
	// Output:
	// report.md:4:21: ${lenght(rows)}: unknown function lenght; did you mean len?
	// report.md:5:32: condition: unknown operator =; did you mean ==?
}

// Headings reads a flow's headings as Fields reads its fields: outside
// fenced code blocks, one to six # then a space, a tab or the line's end.
func TestHeadings(t *testing.T) {
	src := "\uFEFF# Renewals\n- **a:** x\n## Notify the customer ##\n```\n## not a heading\n```\n#tag\n####### seven\n###\n\t### Pay\n"
	require.Equal(t, []flow.Heading{{Text: "Renewals", Line: 1}, {Text: "Notify the customer", Line: 3}, {Text: "", Line: 9}, {Text: "Pay", Line: 10}}, flow.Headings([]byte(src)))
	// A closing run of # follows a space; a # that ends a word is text.
	src = "## Learn C#\n## Issue #\n## Plan A ###   \n# #\n## ##x\n"
	require.Equal(t, []flow.Heading{{Text: "Learn C#", Line: 1}, {Text: "Issue", Line: 2}, {Text: "Plan A", Line: 3}, {Text: "", Line: 4}, {Text: "##x", Line: 5}},
		flow.Headings([]byte(src)))
}

// A field is one line (spec section 2): a line that Markdown reads as the
// continuation of a field's paragraph is not part of the field, and a
// warning says so, once per field, at the line's text.
func TestValidateContinuationLines(t *testing.T) {
	body := "this line is not part of the field 'body' of line 1: a field is one line, so this text is never rendered; write it on line 1; if it is not meant as part of it, leave a blank line before it"
	for name, c := range map[string]struct {
		src  string
		want []string
	}{
		"indented": {"- **body:** Dear ${a},\n  your policy ${b} renews.\n  Regards",
			[]string{"2:3: warning: 'your policy ${b} renews.': " + body}},
		// A line not indented more than the field is prose after it.
		"lazy":   {"- **body:** Dear ${a},\nyour policy", nil},
		"nested": {"  - **body:** Dear ${a},\n  your policy\n    - **b:** x\n      more", []string{"4:7: warning: 'more': this line is not part of the field 'b' of line 3: a field is one line, so this text is never rendered; write it on line 3; if it is not meant as part of it, leave a blank line before it"}},
		"crlf":   {"- **body:** Dear ${a},\r\n\tmore\r\n", []string{"2:2: warning: 'more': " + body}},
		"condition": {"- **condition:** ${a} == 1 and\n  ${b} > 2", []string{
			"1:28: condition: nothing after 'and'",
			"2:3: warning: '${b} > 2': this line is not part of the condition of line 1: a field is one line, so this text is never tested; write it on line 1; if it is not meant as part of it, leave a blank line before it"}},
		// Lines that start a block of their own, or follow a blank line,
		// continue nothing.
		"blank line": {"- **body:** x\n\nprose ${a}", nil},
		"next field": {"- **a:** x\n- **b:** y\n**c**: z\n  1. item\n* item\n+ item", nil},
		"blocks":     {"- **a:** x\n# Step\n- **b:** x\n> quote\n- **c:** x\n| t |\n- **d:** x\n<!-- c -->\n- **e:** x\n---\n- **f:** x\n***", nil},
		"fence":      {"- **a:** x\n```\ncode\n```\nafter", nil},
		"no field":   {"prose\nmore prose ${a}", nil},
	} {
		require.Equal(t, c.want, lines(c.src, nil), name)
	}
	// The warning is a trap, and the flow's fields are as before.
	got := flow.Validate("f.md", []byte("- **body:** x\n  y"), nil)
	require.Len(t, got, 1)
	require.Equal(t, "trap", got[0].Kind)
	require.True(t, got[0].Warning)
	require.Equal(t, [4]int{2, 3, 2, 4}, [4]int{got[0].Line, got[0].Column, got[0].EndLine, got[0].EndColumn})
	require.Equal(t, []flow.Field{{Label: "body", Value: "x", Line: 1, Column: 13}}, flow.Fields([]byte("- **body:** x\n  y")))
}

// A line written as a condition field that is not one (the label not in
// bold, or the colon apart from the bold marks, or a misspelt label with a
// comparison after it) is a warning: the step runs for every row.
func TestValidateConditionNearMiss(t *testing.T) {
	notField := "this is not a condition field, so the step runs for every row: the label is condition in bold, with the colon inside or right after the bold marks; write: "
	for _, c := range []struct{ src, want string }{
		{"- condition: ${a} > 0", "1:3: warning: '- condition: ${a} > 0': " + notField + "- **condition:** ${a} > 0"},
		{"Condition: ${a} > 0", "1:1: warning: 'Condition: ${a} > 0': " + notField + "**condition:** ${a} > 0"},
		{"- **Condition** : ${a} > 0", "1:3: warning: '- **Condition** : ${a} > 0': " + notField + "- **condition:** ${a} > 0"},
		{"- **condition** ${a} > 0", "1:3: warning: '- **condition** ${a} > 0': " + notField + "- **condition:** ${a} > 0"},
		{"  * *condition:* ${a} > 0", "1:5: warning: '* *condition:* ${a} > 0': " + notField + "  * **condition:** ${a} > 0"},
		{"1. ***condition:*** ${a} > 0", "1:4: warning: '1. ***condition:*** ${a} > 0': " + notField + "1. **condition:** ${a} > 0"},
		{"- **condtion:** ${a} > 0", "1:5: warning: '- **condtion:** ${a} > 0': the label 'condtion' is not condition, so this is a field whose text is rendered, never tested, and the step runs for every row; write: - **condition:** ${a} > 0"},
		{"- **cond:** ${a} > 0", "1:5: warning: '- **cond:** ${a} > 0': the label 'cond' is not condition, so this is a field whose text is rendered, never tested, and the step runs for every row; write: - **condition:** ${a} > 0"},
		{"- __Conditions:__ ${a} in x, y", "1:5: warning: '- __Conditions:__ ${a} in x, y': the label 'Conditions' is not condition, so this is a field whose text is rendered, never tested, and the step runs for every row; write: - __condition:__ ${a} in x, y"},
		// Pasted from a word processor, a chat app or a table: the fix is
		// a field line, whose condition is then tested (TestValidatePastedConditionFixed).
		{"• **condition:** ${a} > 0", "1:3: warning: '• **condition:** ${a} > 0': this is not a condition field, so the step runs for every row: '•' is not a list marker of Markdown, so the line is text; a field's line starts with -, * or + (or 1.), or with its bold label; write: - **condition:** ${a} > 0"},
		{"  –\t**condition:** ${a} > 0", "1:5: warning: '–\\t**condition:** ${a} > 0': this is not a condition field, so the step runs for every row: '–' is not a list marker of Markdown, so the line is text; a field's line starts with -, * or + (or 1.), or with its bold label; write:   - **condition:** ${a} > 0"},
		{`- \*\*condition:\*\* ${a} > 0`, `1:3: warning: '- \*\*condition:\*\* ${a} > 0': this is not a condition field, so the step runs for every row: \* and \_ are Markdown escapes, shown as the marks themselves, so the label is not bold; write: - **condition:** ${a} > 0`},
		{"- **condition：** ${a} > 0", "1:3: warning: '- **condition：** ${a} > 0': this is not a condition field, so the step runs for every row: the colon is the full-width ：, not :; write: - **condition:** ${a} > 0"},
		{"- **condition**： ${a} > 0", "1:3: warning: '- **condition**： ${a} > 0': this is not a condition field, so the step runs for every row: the colon is the full-width ：, not :; write: - **condition:** ${a} > 0"},
		{"| **condition:** | ${a} > 0 | why |", "1:3: warning: '| **condition:** | ${a} > 0 | why |': this is not a condition field, so the step runs for every row: a field is a line of its own, not the cells of a table; write: - **condition:** ${a} > 0"},
		// A to-do item of a task list (GitHub, Obsidian, Notion): the
		// checkbox comes between the marker and the label.
		{"- [ ] **condition:** ${a} > 0", "1:7: warning: '- [ ] **condition:** ${a} > 0': this is not a condition field, so the step runs for every row: " + checkbox("[ ]") + "; write: - **condition:** ${a} > 0"},
		// A byte order mark left inside the file where two files were
		// joined, or a zero-width space pasted before the line.
		{"- **a:** x\n\uFEFF- **condition:** ${a} > 0", "2:4: warning: '\\ufeff- **condition:** ${a} > 0': this is not a condition field, so the step runs for every row: " + invisible("FEFF") + "; write: - **condition:** ${a} > 0"},
		{"\u200b**condition:** ${a} > 0", "1:2: warning: '\\u200b**condition:** ${a} > 0': this is not a condition field, so the step runs for every row: " + invisible("200B") + "; write: **condition:** ${a} > 0"},
		{"  1. [x] **Condition:** ${a} > 0", "1:10: warning: '1. [x] **Condition:** ${a} > 0': this is not a condition field, so the step runs for every row: " + checkbox("[x]") + "; write:   1. **condition:** ${a} > 0"},
	} {
		require.Equal(t, []string{c.want}, lines(c.src, nil), c.src)
	}
	// Not meant as a condition: no placeholder, another word, a field
	// whose value compares nothing, prose that mentions the word.
	for _, src := range []string{
		"- condition: good", "- conditional: ${a} > 0", "- *conditional*: ${a} > 0", "- **conditions:** ${a}",
		"- **Conditions:** see ${terms}", "The condition: ${a} is shown", "- **when:** ${a} > 0",
		"- **Condition note:** ${a} > 0", "- **edition:** ${a} > 0",
		"• condition ${a} > 0", "•conditional: ${a}", "| condition | what it does |", "| conditions | ${a} > 0 |",
	} {
		require.Empty(t, lines(src, nil), src)
	}
}

// The fix of a pasted condition line works when followed (D49): the line
// it gives is a condition field, tested, and warned about no more.
func TestValidatePastedConditionFixed(t *testing.T) {
	for _, src := range []string{
		"• **condition:** ${a} > 0", "  –\t**condition:** ${a} > 0", `- \*\*condition:\*\* ${a} > 0`,
		"- **condition：** ${a} > 0", "| **condition:** | ${a} > 0 | why |", "- [X] **condition:** ${a} > 0", "\u200b- **condition:** ${a} > 0",
	} {
		got := lines(src, nil)
		require.Len(t, got, 1, src)
		_, fix, ok := strings.Cut(got[0], "; write: ")
		require.True(t, ok, got[0])
		require.Empty(t, lines(fix, nil), fix)
		fields := flow.Fields([]byte(fix))
		require.Len(t, fields, 1, fix)
		require.True(t, fields[0].Condition, fix)
		require.Equal(t, "${a} > 0", fields[0].Value, fix)
	}
}

// A carriage return alone ends no line (spec section 15): before what
// would be a field, a condition or a heading of its own (a flow saved with
// old Mac line ends), a warning says so, at that \r; a \r inside text is
// only text.
func TestValidateLoneCR(t *testing.T) {
	reason := "a carriage return (\\r) alone does not end a line, so the field or heading after it is text of this line, not read as one; save the flow file with \\n or \\r\\n line ends"
	for _, c := range []struct{ src, want string }{
		{"# T\r- **to:** x\r", "1:4: warning: '# T\\r- **to:** x': " + reason},
		{"- **a:** x\r\n- **b:** y ok\rmore\r- **condition:** ${a} > 1\r\n", "2:19: warning: '- **b:** y ok\\rmore\\r- **condition:** ${a} > 1': " + reason},
		{"text\r## Step", "1:5: warning: 'text\\r## Step': " + reason},
		{"text\r- condition: ${a} > 1", "1:5: warning: 'text\\r- condition: ${a} > 1': " + reason},
	} {
		require.Equal(t, []string{c.want}, lines(c.src, nil), c.src)
	}
	for _, src := range []string{"a\rb", "- **a:** x\ry", "x\r\r\n", "- **a:** x\r \r\n"} {
		require.Empty(t, lines(src, nil), src)
	}
}

// checkbox is why a field written as a to-do item of a task list (`- [ ]
// **to:** ${a}`) is not one.
func checkbox(box string) string {
	return "'" + box + "' is the checkbox of a to-do item, so the line is text of a task list; a field's line has its bold label right after the list marker"
}

// invisible is why a line that starts with the invisible character U+hex
// is no field.
func invisible(hex string) string {
	return "the line starts with an invisible character (U+" + hex + "), so Markdown reads no list marker or label there and the line is text; delete it"
}

// A field line pasted from a word processor, Google Docs, a chat app or a
// table that is not a field is a warning, with the field line to write;
// the fix, followed, is a field with the value meant (D49).
func TestValidatePastedField(t *testing.T) {
	const notField = "this is not a field, so its text is never rendered as one: "
	for src, want := range map[string]string{
		"• **to:** ${a}":          "1:3: warning: '• **to:** ${a}': " + notField + "'•' is not a list marker of Markdown, so the line is text; a field's line starts with -, * or + (or 1.), or with its bold label; write: - **to:** ${a}",
		`- \*\*to:\*\* ${a}`:      `1:3: warning: '- \*\*to:\*\* ${a}': ` + notField + `\* and \_ are Markdown escapes, shown as the marks themselves, so the label is not bold; write: - **to:** ${a}`,
		"- **to: ** ${a}":         "1:3: warning: '- **to: ** ${a}': " + notField + "a space before the closing ** keeps Markdown from reading the label as bold; write: - **to:** ${a}",
		"- **to：** ${a}":          "1:3: warning: '- **to：** ${a}': " + notField + "the colon is the full-width ：, not :; write: - **to:** ${a}",
		"| **to:** | ${a} | x |":  "1:3: warning: '| **to:** | ${a} | x |': " + notField + "a field is a line of its own, not the cells of a table; write: - **to:** ${a}",
		"x\n\uFEFF- **to:** ${a}": "2:4: warning: '\\ufeff- **to:** ${a}': " + notField + invisible("FEFF") + "; write: - **to:** ${a}",
		"- [ ] **to:** ${a}":      "1:7: warning: '- [ ] **to:** ${a}': " + notField + checkbox("[ ]") + "; write: - **to:** ${a}",
		// The value in the label's own cell: the next cell is not part of it.
		"| **to:** ${a} | x |": "1:3: warning: '| **to:** ${a} | x |': " + notField + "a field is a line of its own, not the cells of a table; write: - **to:** ${a}",
	} {
		require.Equal(t, []string{want}, lines(src, nil), src)
		_, fix, _ := strings.Cut(want, "; write: ")
		require.Empty(t, lines(fix, nil), fix)
		require.Equal(t, []flow.Field{{Label: "to", Value: "${a}", Line: 1, Column: 11}}, flow.Fields([]byte(fix)), fix)
	}
	// The fix writes the label's marks plain and leaves the value as
	// written, its own \* too.
	for src, fix := range map[string]string{
		`- \*\*to:** ${a} \* 2`:   `- **to:** ${a} \* 2`,
		`- \*\*to:\*\* ${a} \*\*`: `- **to:** ${a} \*\*`,
		`- \_\_to:\_\_ ${a} \_`:   `- __to:__ ${a} \_`,
	} {
		got := lines(src, nil)
		require.Len(t, got, 1, src)
		require.True(t, strings.HasSuffix(got[0], "; write: "+fix), got[0])
		require.Empty(t, lines(fix, nil), fix)
	}
	// Prose, a field, or a line with no placeholder: no warning.
	for _, src := range []string{
		"• **Note:** see the docs", "• Note: ${a}", "Some **bold:** text ${a}", "| to | ${a} |", "- **to:** ${a}",
		"| label | value |", "– **to: ** plain",
		"- [ ] **Note:** see the docs", "- [x] send ${a}", "- [ ] to: ${a}", "\uFEFFsee ${a}", "\uFEFF- **Note:** see the docs",
	} {
		require.Empty(t, lines(src, nil), src)
	}
}

// A flow pasted as one line (its line breaks lost) has its fields after
// a heading or another field: each is text of that line, never read as a
// field, and a warning says so.
func TestValidateInlineField(t *testing.T) {
	const reason = " here is text of this line, never read as one (were the line breaks lost when the flow was pasted?); write each field on a line of its own"
	for src, want := range map[string]string{
		"# Renewal ## Step - **to:** ${a} - **condition:** ${b} > 2": "1:19: warning: '# Renewal ## Step - **to:** ${a} - **condition:** ${b} > 2': a field is a line of its own, so the field 'to'" + reason,
		"- **to:** x - **condition:** ${b} > 2":                      "1:13: warning: '- **to:** x - **condition:** ${b} > 2': a field is a line of its own, so the condition" + reason,
	} {
		require.Equal(t, []string{want}, lines(src, nil), src)
	}
	// Written on lines of their own, the fields are read.
	require.Len(t, flow.Fields([]byte("# Renewal\n## Step\n- **to:** ${a}\n- **condition:** ${b} > 2")), 2)
	// A dash in text, prose that names a field, a field without a
	// placeholder: no warning.
	for _, src := range []string{"- **to:** pay 5 - 3 items ${a}", "See - **to:** ${a}", "- **to:** a - **cc:** plain", "- **note:** use **to:** ${a}", "\t- **b:**\t${a}", "  * **b:** ${a}"} {
		require.Empty(t, lines(src, nil), src)
	}
}

// A placeholder that a pasted character keeps from being one holds
// whatever the data: it is warned about with sample data too.
func TestValidatePastedDollarWithData(t *testing.T) {
	want := "1:10: warning: ＄｛row.status｝: it has the full-width ＄, pasted with the text, which keeps this from being a placeholder, so it is shown as written; write ${row.status}"
	for _, s := range []*scope.Scope{nil, sample()} {
		require.Equal(t, []string{want}, lines("- **b:** ＄｛row.status｝", s))
	}
	f, err := flow.Compile("f.md", []byte("- **b:** ＄｛row.status｝"))
	require.NoError(t, err)
	r := f.Run(context.Background(), sample())
	require.Len(t, r.Results, 1)
	require.Len(t, r.Results[0].Warnings, 1)
}

// D44: a code fence that is never closed runs to the end of the file
// (CommonMark), so the fields and headings after it are read as code,
// never as fields, and nothing else tells: validate warns at the fence,
// with how to close it. Followed (the closing fence where the code ends),
// the fields are read and the warning is gone (D49). A closed fence, or
// one at the end with no field or heading after it, is no warning.
func TestValidateUnclosedFence(t *testing.T) {
	const never = "this code block is never closed, so it runs to the end of the file, and "
	for src, want := range map[string]string{
		"# F\n```\nexample\n- **to:** ${a}\n- **condition:** ${b} > 0\n": "2:1: warning: '```': " + never + "the 2 fields after it are read as code; close it with ``` where the code ends",
		"~~~~yaml\nx: 1\n\n## Step\n\n- **to:** ${a}\n":                  "1:1: warning: '~~~~yaml': " + never + "the field and the heading after it are read as code; close it with ~~~~ where the code ends",
		"- **a:** x\n  ```\n  code\n## Next\n## Last\n":                  "2:3: warning: '```': " + never + "the 2 headings after it are read as code; close it with ``` where the code ends",
	} {
		require.Equal(t, []string{want}, lines(src, nil), src)
	}
	fixed := "# F\n```\nexample\n```\n- **to:** ${a}\n- **condition:** ${b} > 0\n"
	require.Empty(t, lines(fixed, nil))
	require.Len(t, flow.Fields([]byte(fixed)), 2)
	for _, src := range []string{
		"- **to:** ${a}\n```\nexample\n```\n- **b:** x",   // closed
		"- **to:** ${a}\n\n```\nexample\n- not a field\n", // nothing after it that is read
		"- **to:** ${a}\n```",                             // a fence on the last line
		"- **to:** ${a}\n```\n- **b:** x\n```\n```",       // closed, and one at the end
		"> ```\n> - **to:** ${a}\n",                       // a quote's block ends with the quote; quoted lines are no fields
		"> ```\n> code\n\n- **to:** ${a}\n",               // the quote ended, and its block
	} {
		require.Empty(t, lines(src, nil), src)
	}
}
