package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// D43, spec §14: preview -strict and validate -strict agree, and a
// warning that makes -strict exit 1 is printed, in every format and with
// -errors and -summary. The column warnings of a sheet (D45) come from
// the same counter in both.
func TestPreviewStrictAgreesWithValidate(t *testing.T) {
	// A column read as a number (through a lazy default) that holds text.
	d := writeFile(t, "l.csv", "id,amount,z\nA1,10,\nA2,x,7\nA3,3,\n")
	f := writeFlow(t, "l.md", "- **v:** ${default(row.z, number(row.amount))}\n")
	v := runCLI(t, "", "validate", "-strict", "-data", d, f)
	require.Equal(t, 1, v.code, v.stdout+v.stderr)
	warning := strings.TrimSuffix(v.stdout, "\n")
	require.Contains(t, warning, "warning: column amount is read as a number")
	for _, args := range [][]string{
		{"-each"}, {"-each", "-format", "table"}, {"-each", "-format", "csv"}, {"-each", "-format", "jsonl"},
		{"-summary"}, {"-errors"}, {"-each", "-summary", "-format", "csv"},
	} {
		r := runCLI(t, "", append(append([]string{"preview", "-strict", "-data", d}, args...), f)...)
		require.Equal(t, 1, r.code, "%v: %s", args, r.stdout+r.stderr)
		where := r.stdout // text, and -summary alone (text in every format)
		if len(args) > 1 && args[1] == "-format" || len(args) > 2 {
			where = r.stderr // standard output stays a table, CSV or JSON lines
		}
		require.Contains(t, where, warning+"\n", "%v", args)
		// without -strict, a warning alone does not make it 1
		r = runCLI(t, "", append(append([]string{"preview", "-data", d}, args...), f)...)
		require.Equal(t, 0, r.code, "%v: %s", args, r.stdout+r.stderr)
	}
	r := runCLI(t, "", "preview", "-strict", "-json", "-each", "-data", d, f)
	require.Equal(t, 1, r.code)
	var doc testPreviewDoc
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc), r.stdout)
	require.Equal(t, 1, doc.Warnings)
	require.Len(t, doc.Files[0].Warnings, 1)
	require.Equal(t, "column", doc.Files[0].Warnings[0]["kind"])
	require.Equal(t, []any{1.0}, doc.Files[0].Warnings[0]["rows"])

	// A row's warning, with -errors (the row does not fail, so it is
	// not printed) and -summary alone, is printed after the rows.
	s := writeFile(t, "s.csv", "amount\n10\n3\n")
	w := writeFlow(t, "w.md", "- **m:** ${row.nokey}\n")
	v = runCLI(t, "", "validate", "-strict", "-data", s, w)
	require.Equal(t, 1, v.code)
	require.Equal(t, w+":1:16: warning: row.nokey: no key 'nokey' in row (every row)\n", v.stdout)
	for _, args := range [][]string{{"-errors"}, {"-summary"}, {"-errors", "-format", "table"}, {"-summary", "-format", "jsonl"}} {
		r := runCLI(t, "", append(append([]string{"preview", "-strict", "-data", s}, args...), w)...)
		require.Equal(t, 1, r.code, "%v", args)
		require.Contains(t, r.stdout+r.stderr, v.stdout, "%v", args)
	}
	r = runCLI(t, "", "preview", "-strict", "-json", "-errors", "-data", s, w)
	require.Equal(t, 1, r.code)
	doc = testPreviewDoc{}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc), r.stdout)
	require.Equal(t, 1, doc.Warnings)
	require.Equal(t, "row.nokey: no key 'nokey' in row", doc.Files[0].Warnings[0]["message"])
}

// -where naming the flow's own condition chooses the rows as any
// other condition line does: the rows it does not choose are not counted,
// in the exit status nor in -summary.
func TestPreviewWhereOwnCondition(t *testing.T) {
	d := writeFile(t, "s.csv", "amount\n10\nx y\n3\nn/a\n")
	f := writeFlow(t, "f1.md", "- **a:** ${number(row.amount)}\n- **condition:** ${row.amount} > 5\n")
	for _, where := range []string{"${row.amount} > 5", "2"} {
		r := runCLI(t, "", "preview", "-where", where, "-each", "-data", d, f)
		require.Equal(t, 0, r.code, r.stdout+r.stderr)
		require.Equal(t, 1, strings.Count(r.stdout, "rows["), r.stdout)
		r = runCLI(t, "", "preview", "-where", where, "-summary", "-data", d, f)
		require.Equal(t, 0, r.code, r.stdout+r.stderr)
		require.Contains(t, r.stdout, ": summary of 1 row\n")
		require.Contains(t, r.stdout, "  2 condition: true 1, false 0, fail 0\n")
	}
	// the same rows chosen by a condition line that is not the flow's
	other := runCLI(t, "", "preview", "-where", "${row.amount} > 4", "-summary", "-data", d, f)
	require.Equal(t, 0, other.code)
	require.Contains(t, other.stdout, ": summary of 1 row\n")
}

// D49: following the column warning's own advice clears it: the row the
// part before the comparison leaves out does not count, for the column
// warning nor for the comparison's own warning, in validate and preview.
func TestColumnAdviceFollowed(t *testing.T) {
	d := writeFile(t, "g.csv", "id,amount\nA1,10\nA2,x\nA3,3\n")
	bare := writeFlow(t, "b.md", "- **condition:** ${row.amount} > 5\n")
	v := runCLI(t, "", "validate", "-strict", "-data", d, bare)
	require.Equal(t, 1, v.code)
	require.Contains(t, v.stdout, "leave such rows out with a part before the comparison (${row.amount} != 'x' and ...)")
	g := writeFlow(t, "g.md", "- **condition:** ${row.amount} != 'x' and ${row.amount} > 5\n")
	for _, args := range [][]string{{"validate", "-strict"}, {"preview", "-strict", "-each"}, {"preview", "-strict", "-summary"}} {
		r := runCLI(t, "", append(args, "-data", d, g)...)
		require.Equal(t, 0, r.code, "%v: %s", args, r.stdout+r.stderr)
		require.NotContains(t, r.stdout+r.stderr, "warning", "%v", args)
	}
}

// D37: a byte of a flow's plain text that is not valid UTF-8 is never
// replaced silently: preview -json writes it as the text output does,
// `\xff`, and validate names the line and the byte, as it does inside
// ${...}.
func TestInvalidUTF8PlainText(t *testing.T) {
	f := writeFlow(t, "b.md", "- **a:** ok \xff ${1}\n")
	r := runCLI(t, "", "preview", f)
	require.Equal(t, f+":1: a: ok \\xff 1\n"+
		f+":1:13: warning: '- **a:** ok \\xff ${1}': the text is not valid UTF-8 (byte 0xFF); it is shown as \\xff: save the flow file as UTF-8\n", r.stdout)
	r = runCLI(t, "", "preview", "-json", f)
	var doc testPreviewDoc
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc), r.stdout)
	require.Equal(t, `ok \xff 1`, doc.Files[0].Rows[0].Fields[0]["result"])
	require.Equal(t, 1, doc.Warnings)
	v := runCLI(t, "", "validate", f)
	require.Equal(t, 0, v.code, "a warning")
	require.Equal(t, f+":1:13: warning: '- **a:** ok \\xff ${1}': the text is not valid UTF-8 (byte 0xFF); it is shown as \\xff: save the flow file as UTF-8\n", v.stdout)
	v = runCLI(t, "", "validate", "-strict", f)
	require.Equal(t, 1, v.code)
	// inside ${...} it is the placeholder's error, said once
	g := writeFlow(t, "c.md", "- **b:** ${lenght('\xff')}\n")
	v = runCLI(t, "", "validate", g)
	require.Equal(t, g+":1:20: ${lenght('\\xff')}: the text is not valid UTF-8 (byte 0xFF)\n", v.stdout)
}

// D45, D49: the column warning names every row of text in a column read
// as a number, and its advice, which names every value they hold,
// followed, clears it in validate and preview alike; one date among the
// numbers is such text, never a number that is not clear (no `write
// 15.2026` in a column warning; the row's own error stays).
func TestColumnAdviceFollowedEveryValue(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,amount\n")
	for i := 0; i < 40; i++ {
		switch i {
		case 3, 4:
			fmt.Fprintf(&b, "A%d,n/a\n", i)
		case 17:
			fmt.Fprintf(&b, "A%d,13:30\n", i)
		case 35:
			fmt.Fprintf(&b, "A%d,\"January 15, 2026\"\n", i)
		default:
			fmt.Fprintf(&b, "A%d,%d\n", i, i)
		}
	}
	d := writeFile(t, "every.csv", b.String())
	bare := writeFlow(t, "b.md", "- **condition:** ${row.amount} > 5\n")
	v := runCLI(t, "", "validate", "-data", d, bare)
	require.Equal(t, 1, v.code)
	require.Contains(t, v.stdout, "warning: column amount is read as a number, but rows 3-4, 17, 35 hold text that is not a number ('n/a', '13:30', 'January 15, 2026'); "+
		"correct the data, or, in a condition, leave such rows out with a part before the comparison (not ${row.amount} in 'n/a', '13:30', 'January 15, 2026' and ...)\n")
	require.NotContains(t, v.stdout, "not clear")
	p := runCLI(t, "", "preview", "-summary", "-data", d, bare)
	require.Contains(t, p.stdout+p.stderr, "but rows 3-4, 17, 35 hold text that is not a number", "preview prints the same column warning (D43)")
	g := writeFlow(t, "g.md", "- **condition:** not ${row.amount} in 'n/a', '13:30', 'January 15, 2026' and ${row.amount} > 5\n")
	for _, args := range [][]string{{"validate", "-strict"}, {"preview", "-strict", "-each"}, {"preview", "-strict", "-summary"}} {
		r := runCLI(t, "", append(args, "-data", d, g)...)
		require.Equal(t, 0, r.code, "%v: %s", args, r.stdout+r.stderr)
		require.NotContains(t, r.stdout+r.stderr, "warning", "%v", args)
	}
}

// A warning of a line that is no field (prose, a line that continues a
// field, a condition label not read as one) has no field to follow: in
// text, -json and jsonl it is printed after the rows, as table and csv
// print it, so preview -strict and validate -strict still agree (D43).
func TestPreviewStrictWarningOffField(t *testing.T) {
	d := writeFile(t, "s.csv", "amount\n10\n3\n")
	f := writeFlow(t, "p.md", "- **body:** Dear ${row.amount},\n  more text\n\n{{row.amount}}\n- condition: ${row.amount} > 5\n")
	v := runCLI(t, "", "validate", "-strict", "-data", d, f)
	require.Equal(t, 1, v.code, v.stdout+v.stderr)
	require.Equal(t, 3, strings.Count(v.stdout, "warning: "), v.stdout)
	for _, args := range [][]string{
		{}, {"-each"}, {"-each", "-format", "table"}, {"-each", "-format", "csv"}, {"-each", "-format", "jsonl"},
		{"-summary"}, {"-errors"},
	} {
		r := runCLI(t, "", append(append([]string{"preview", "-strict", "-data", d}, args...), f)...)
		require.Equal(t, 1, r.code, "%v: %s", args, r.stdout+r.stderr)
		require.Contains(t, r.stdout+r.stderr, v.stdout, "%v", args)
		r = runCLI(t, "", append(append([]string{"preview", "-data", d}, args...), f)...)
		require.Equal(t, 0, r.code, "%v: %s", args, r.stdout+r.stderr)
	}
	r := runCLI(t, "", "preview", "-strict", "-json", "-each", "-data", d, f)
	require.Equal(t, 1, r.code)
	var doc testPreviewDoc
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc), r.stdout)
	require.Equal(t, 3, doc.Warnings)
	require.Len(t, doc.Files[0].Warnings, 3)
	require.Equal(t, 2.0, doc.Files[0].Warnings[0]["line"])
	require.Equal(t, "trap", doc.Files[0].Warnings[0]["kind"])
}
