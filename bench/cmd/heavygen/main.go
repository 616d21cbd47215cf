// Command heavygen writes the heavy flow of issue #20: 90 fields of 21
// placeholders, each close to the 500-character limit and each building
// about two megabytes of text from the row (six nested replace calls,
// twice), about 930 KB in all. Over a few rows of a tiny CSV it shows that a run
// is bounded by its budgets (D35, D42), not by the flow's size times the
// rows.
//
//	go run ./cmd/heavygen > /tmp/heavy.md
//	printf 'a\n1\n...' > /tmp/heavy.csv
package main

import (
	"bufio"
	"fmt"
	"os"
	"strings"
)

func main() {
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	fmt.Fprintln(w, "# A heavy flow (issue #20)")
	fmt.Fprintln(w)
	x, y := "row.a", ""
	for i := range 6 {
		x = "replace(" + x + ", '1', '1111111111')"
		if i == 2 {
			y = x
		}
	}
	ph := "${len(" + x + ") + len(" + x + ") + len(" + y + ")}"
	for i := range 90 {
		fmt.Fprintf(w, "- **f%d:** %s\n", i, strings.Repeat(ph+" ", 21))
	}
}
