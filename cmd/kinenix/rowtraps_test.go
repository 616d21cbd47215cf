package main

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// D44, D49: a row trap (eq-list, sep-list, reversed-in, number-text) is
// warned only on a row where the line, as written, is not what was
// meant. A sheet of house numbers (5/1 beside 5), flags (N/A beside N),
// sizes (S/M beside S), rooms (A-101 beside 101), domains, times, dates
// and amounts with separators, read by lines that mean what they say on
// every row, gets no warning from validate -data or preview -each; a
// status list joined by / still does, on its rows.
func TestRowTrapsRealisticSheet(t *testing.T) {
	d := writeFile(t, "s.csv", `house_no,flag,size,room,site,time,date,amount,tags,status
5/1,N/A,S/M,A-101,example.com/th,10:30,2026/01/15,"15,000",Gold,Due
5,N,S,101,example.com,10,2026,15000,"VIP, Gold",Paid
99/12,Y,M,101-B,example.com,9:15,2026/01/16,"1,500",VIP,Lapsed
`)
	right := []string{
		"${row.house_no} == 5/1", "${row.house_no} == 5", "${row.flag} != N/A", "${row.size} == S/M", "${row.room} == 101",
		"${row.site} == example.com/th", "${row.time} == 10", "${row.date} == 2026", "${row.amount} in 15", "${row.room} != 101",
	}
	var b strings.Builder
	b.WriteString("# f\n")
	for _, line := range right {
		b.WriteString("\n## s\n\n- **action:** x\n- **condition:** " + line + "\n")
	}
	f := writeFlow(t, "f.md", b.String())
	r := runCLI(t, "", "validate", "-data", d, f)
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Empty(t, r.stdout)
	r = runCLI(t, "", "preview", "-each", "-data", d, f)
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.NotContains(t, r.stdout+r.stderr, "warning")

	f = writeFlow(t, "g.md", "# g\n\n## s\n\n- **action:** x\n- **condition:** ${row.status} == Due/Lapsed\n")
	r = runCLI(t, "", "validate", "-data", d, f)
	require.Contains(t, r.stdout, "write ${row.status} in Due, Lapsed (rows 0, 2)")
}
