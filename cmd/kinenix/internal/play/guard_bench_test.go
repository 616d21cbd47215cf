package play

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// BenchmarkCheckGuardedKeystroke is the check of a keystroke (the flow
// new each time, in a field's line or in a condition's) over a sheet of 1,000 rows whose column premium, read as
// a number only in a condition, holds text in the rows that the part
// before the comparison leaves out: the column warning is known only from
// the rows' runs (D45, D49).
func BenchmarkCheckGuardedKeystroke(b *testing.B) {
	var csv strings.Builder
	csv.WriteString("policy_no,customer,status,premium\n")
	for i := range 1000 {
		premium := fmt.Sprint(500 + i*37)
		status := []string{"Due", "Paid", "Lapsed"}[i%3]
		if status == "Lapsed" {
			premium = "n/a"
		}
		fmt.Fprintf(&csv, "POL-%04d,Customer %d,%s,%s\n", i, i, status, premium)
	}
	md := "# Reminders\n\n- **subject:** Your policy ${row.policy_no}\n- **greeting:** Dear ${row.customer},\n" +
		"- **condition:** ${row.status} == Due and ${row.premium} > 1000\n"
	for _, where := range []string{"field", "condition"} {
		b.Run(where, func(b *testing.B) {
			b.ReportAllocs()
			k := 0
			for b.Loop() {
				k++
				line := "- **note:** " + fmt.Sprint(k) + "\n" // a keystroke in a field's line
				if where == "condition" {
					line = "- **condition:** ${row.status} != Paid or " + fmt.Sprint(k) + "\n"
				}
				req := Request{Flow: md + line, Data: csv.String(), Format: "csv"}
				if _, err := Check(context.Background(), req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
