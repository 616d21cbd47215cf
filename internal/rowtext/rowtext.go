// Package rowtext names rows in messages as the rulings say (D41): counts
// and row numbers with their digits grouped (`12,546`), and many rows as
// runs (`rows 1-2, 6 and 12,546 more`). Package flow's column warnings and
// the command line's findings and summaries both name rows with it, so
// that the rule is written once.
package rowtext

import (
	"strconv"
	"strings"
)

// Count shows a count or a row number the way messages do: digits grouped
// by `,` in threes from four digits on (1,204; 12,546).
func Count(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	if len(s) <= 3 {
		if neg {
			return "-" + s
		}
		return s
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	head := len(s) % 3
	if head > 0 {
		b.WriteString(s[:head])
	}
	for i := head; i < len(s); i += 3 {
		if b.Len() > 0 && !(neg && b.Len() == 1) {
			b.WriteByte(',')
		}
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

// MaxRuns is the most runs of rows a message names; the rows past them
// are counted (`and 12 more`).
const MaxRuns = 10

// Runs are row indexes, added in increasing order, kept as at most
// MaxRuns runs and a count of the rest, so that they do not grow with the
// rows. The zero Runs holds no rows.
type Runs struct {
	runs [][2]int // first and last index of each run
	more int      // rows past the runs kept
}

// Add adds the row of index, after every row added before.
func (r *Runs) Add(index int) {
	if k := len(r.runs); k > 0 && r.runs[k-1][1] == index-1 && r.more == 0 {
		r.runs[k-1][1] = index
		return
	}
	if len(r.runs) == MaxRuns {
		r.more++
		return
	}
	r.runs = append(r.runs, [2]int{index, index})
}

// Text names the rows as runs: `rows 0-2, 5 and 12 more`.
func (r *Runs) Text() string {
	parts := make([]string, 0, len(r.runs))
	for _, run := range r.runs {
		if run[0] == run[1] {
			parts = append(parts, Count(run[0]))
		} else {
			parts = append(parts, Count(run[0])+"-"+Count(run[1]))
		}
	}
	s := "rows " + strings.Join(parts, ", ")
	if r.more > 0 {
		s += " and " + Count(r.more) + " more"
	}
	return s
}
