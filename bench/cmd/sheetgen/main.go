// Command sheetgen writes the CSV sheet the bench flow of issue #20
// (testdata/sheet.md) runs over: N rows of renewals, every 97th with a
// premium that is no number, so that some rows fail. A row is about 60
// bytes, so that a million rows fit the CLI's 64 MiB cap on data.
//
//	go run ./cmd/sheetgen -rows 100000 > /tmp/rows.csv
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
)

func main() {
	n := flag.Int("rows", 100000, "how many rows")
	flag.Parse()
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	write(w, *n)
}

var (
	names    = []string{"Somchai J", "Anna S", "Niran W", "J&J, Ltd.", "Ploy S"}
	statuses = []string{"Due", "Paid", "Lapsed", "Due", "Cancelled"}
)

// write writes the header and n rows.
func write(w *bufio.Writer, n int) {
	fmt.Fprintln(w, "policy_no,customer,status,premium,renewal_date,email,note")
	for i := range n {
		premium := fmt.Sprintf("%d.%02d", 500+i%30000, i%100)
		if i%97 == 13 {
			premium = "n/a"
		}
		note := ""
		if i%3 == 0 {
			note = "call"
		}
		fmt.Fprintf(w, "P%07d,%q,%s,%s,2026-%02d-%02d,C%d@x.th,%s\n",
			i, names[i%len(names)], statuses[i%len(statuses)], premium, 1+i%12, 1+i%28, i, note)
	}
}
