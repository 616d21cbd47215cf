package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// Issue #22 through the CLI, as the spec describes it: D39's unclear
// numbers and their rewrite, D40's format, and the hints of D44 and D49,
// each tried with `kinenix render` or `kinenix cond` on a data file.
func TestCLIHintsAndNumbers(t *testing.T) {
	data := writeFile(t, "row.json", `{"row": {"Amount": "980.50", "digits": "", "price": "2 285,81 грн.",
		"czk": "1 995,00 Kč", "whole": "9 800", "Customer": "Acme", "x": "a-b", "Start Date": "2026-04-01", "blank": "  "}}`)
	for _, c := range []struct {
		args []string
		out  string // stdout, or the message on stderr when code is 1
		code int
	}{
		// D39 and the rewrite of D34/D39 messages, from the rule's examples.
		{[]string{"render", "${number(row.price)}"}, "${number(row.price)}: number: '2 285,81' is not clear: write 2285.81", 1},
		{[]string{"render", "${number(row.whole)}"}, "${number(row.whole)}: number: '9 800' is not clear: write 9800 or 9,800", 1},
		{[]string{"render", "${number(row.czk)}"}, "${number(row.czk)}: number: '1 995,00' is not clear: write 1995.00", 1},
		{[]string{"render", "${number('1.234,56')}"}, "${number('1.234,56')}: number: '1.234,56' is not clear: write 1234.56 or 1,234.56", 1},
		{[]string{"render", "${number('2285.81')}"}, "2285.81", 0},
		// D40.
		{[]string{"render", "${format(1234.5)}"}, "1,234.50", 0},
		{[]string{"render", "${format(875, 2)}"}, "875.00", 0},
		{[]string{"render", "${format(0.5, 0)}"}, "1", 0},
		{[]string{"render", "${format(-1234.5, 1, '')}"}, "-1234.5", 0},
		{[]string{"render", "${format(row.Amount)} THB"}, "980.50 THB", 0},
		{[]string{"render", "${format(row.Amount, row.digits)}"}, "980.50", 0},
		{[]string{"render", "[${format(row.blank)}]"}, "[]", 0},
		{[]string{"render", "${format('15,434.75')}"},
			"${format('15,434.75')}: format needs a number, got the text '15,434.75'; to read the number in it with format(number(...)), write format(number('15,434.75'))", 1},
		// D44, D49: hints that lead somewhere.
		{[]string{"render", `${row.Amount + " THB"}`}, `${row.Amount + " THB"}: + does not join text; with the text outside the ${...}, write ${row.Amount} THB`, 1},
		{[]string{"render", `${row.Customer & " Ltd"}`}, `${row.Customer & " Ltd"}: & does not join text; with the text outside the ${...}, write ${row.Customer} Ltd`, 1},
		{[]string{"render", "${part(row.x, -, 1)}"}, "${part(row.x, -, 1)}: '-' is text without quotes; put it in quotes: write part(row.x, '-', 1)", 1},
		{[]string{"render", "${row.blank + 1}"}, "${row.blank + 1}: row.blank is blank text ('  '), not a number; use default(number(row.blank), 0)", 1},
		{[]string{"render", "${default(number(row.blank), 0) + 1}"}, "1", 0},
		{[]string{"cond", "${row.Start Date} < 2026-04-15"}, "condition: '${row.Start Date} < 2026-04-15': < needs numbers; '2026-04-01' is a date, " +
			"and dates are not compared by < and >; compare their digits as numbers: write ${number(replace(row['Start Date'], '-', ''))} < 20260415", 1},
		{[]string{"cond", "${number(replace(row['Start Date'], '-', ''))} < 20260415"}, "true", 0},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			args := append([]string{c.args[0], "-data", data}, c.args[1:]...)
			r := runCLI(t, "", args...)
			require.Equal(t, c.code, r.code, "stdout %q, stderr %q", r.stdout, r.stderr)
			if c.code == 0 {
				require.Equal(t, c.out+"\n", r.stdout)
				return
			}
			require.Contains(t, r.stdout+r.stderr, c.out)
		})
	}
}

// D44 with D43: validate -data says dates compared by < and > fail on the
// row, with the hint of the rewrite, as preview does.
func TestValidateDateHint(t *testing.T) {
	data := writeFile(t, "row.json", `{"row": {"Start Date": "2026-04-01"}}`)
	p := writeFlow(t, "f.md", "- **condition:** ${row.Start Date} < 2026-04-15\n")
	r := runCLI(t, "", "validate", "-data", data, p)
	require.Contains(t, r.stdout, p+":1:36: condition: '${row.Start Date} < 2026-04-15': < needs numbers; '2026-04-01' is a date, "+
		"and dates are not compared by < and >; compare their digits as numbers: write ${number(replace(row['Start Date'], '-', ''))} < 20260415\n")
}

// D44, one rule in one place: render, validate (with and without data)
// and preview give the same advice for bare words joined by / given to a
// function, `write 'N/A' in quotes for the text`, from the one trap, and
// with data it is one line, the error (D32).
func TestJoinedWordsSameAdvice(t *testing.T) {
	const advice = "N/A: this is read as arithmetic of variables, and the data has no variable 'N'; write 'N/A' in quotes for the text"
	data := writeFile(t, "d.json", `{"row": {"Email": null}}`)
	f := writeFlow(t, "f.md", "- **a:** ${default(row.Email, N/A)}\n")

	r := runCLI(t, "", "render", "-data", data, "${default(row.Email, N/A)}")
	require.Equal(t, 1, r.code)
	require.Equal(t, "${default(row.Email, N/A)}: "+advice+"\n", r.stderr)

	r = runCLI(t, "", "validate", "-data", data, f)
	require.Equal(t, 1, r.code)
	require.Equal(t, f+":1:31: ${default(row.Email, N/A)}: "+advice+"\n", r.stdout)

	r = runCLI(t, "", "preview", "-data", data, f)
	require.Equal(t, 1, r.code)
	require.Equal(t, f+":1: a: error: ${default(row.Email, N/A)}: "+advice+"\n", r.stdout)

	csv := writeFile(t, "s.csv", "Email,Name\n,Ann\n")
	r = runCLI(t, "", "validate", "-data", csv, f)
	require.Equal(t, 1, r.code)
	require.Equal(t, f+":1:31: ${default(row.Email, N/A)}: "+advice+" (rows[0] (sheet row 2))\n", r.stdout)
	r = runCLI(t, "", "preview", "-each", "-format", "table", "-data", csv, f)
	require.Equal(t, 1, r.code)
	require.NotContains(t, r.stdout+r.stderr, "use default(")
	require.NotContains(t, r.stderr, "warning: N/A")
}
