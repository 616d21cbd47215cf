package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/echo"
)

// rowRanges keeps the rows something holds for, in increasing order, as
// at most maxRanges runs and a count of the rest, so that it does not grow
// with the rows (D41: `rows 1-2, 6 and 12,546 more`). It keeps the first
// row's name too, for a message about one row.
type rowRanges struct {
	runs  [][2]int // first and last index of each run
	more  int      // rows past the runs kept
	n     int      // rows in all
	first string   // the name of the first row (D41)
	// list is the first maxListed rows, for JSON: their indexes, sheet
	// rows and -key values (D41).
	list, sheet []int
	keys        []string
}

const maxListed = flow.MaxRowsListed // as a column warning lists its rows (D45)

// sheetRows is the sheet rows of the rows listed, for JSON; nil when none
// is known (JSON lines).
func (r *rowRanges) sheetRows() []int {
	for _, s := range r.sheet {
		if s > 0 {
			return r.sheet
		}
	}
	return nil
}

// keyValues is the -key values of the rows listed, for JSON; nil without
// -key.
func (r *rowRanges) keyValues() []string {
	for _, k := range r.keys {
		if k != "" {
			out := make([]string, len(r.keys))
			for i, k := range r.keys {
				out[i] = echo.Clean(k)
			}
			return out
		}
	}
	return nil
}

func (r *rowRanges) add(index, sheetRow int, key string) {
	if r.n == 0 {
		r.first = flow.RowName(index, sheetRow, key)
	}
	r.n++
	if len(r.list) < maxListed {
		r.list = append(r.list, index)
		r.sheet = append(r.sheet, sheetRow)
		r.keys = append(r.keys, key)
	}
	if k := len(r.runs); k > 0 && r.runs[k-1][1] == index-1 && r.more == 0 {
		r.runs[k-1][1] = index
		return
	}
	if len(r.runs) == maxRanges {
		r.more++
		return
	}
	r.runs = append(r.runs, [2]int{index, index})
}

// maxRanges is the most runs of rows a message lists.
const maxRanges = 10

// text names the rows of a sheet of total rows: `rows[3] (sheet row 5)`
// for one, `every row`, or `rows 0-2, 5 and 12 more`. When the run
// stopped (D42), total is the rows run, and the text says so: `every one
// of the 64 rows run before the run stopped`, `rows 0-2, 5 of the 64 rows
// run before the run stopped`; it never claims every row of the sheet.
func (r *rowRanges) text(total int, stopped bool) string {
	var s string
	switch {
	case r.n == 1:
		s = r.first
	case r.n == total && total > 1 && stopped:
		return "every one of the " + flow.Count(total) + " rows run before the run stopped"
	case r.n == total && total > 1:
		return "every row"
	default:
		parts := make([]string, 0, len(r.runs))
		for _, run := range r.runs {
			if run[0] == run[1] {
				parts = append(parts, flow.Count(run[0]))
			} else {
				parts = append(parts, flow.Count(run[0])+"-"+flow.Count(run[1]))
			}
		}
		s = "rows " + strings.Join(parts, ", ")
		if r.more > 0 {
			s += " and " + flow.Count(r.more) + " more"
		}
	}
	if stopped {
		s += " of the " + flow.Count(total) + " " + plural(total, "row", "rows") + " run before the run stopped"
	}
	return s
}

// summary is -summary: per condition how many rows are true, false and
// fail; per field how many rows fail, with the first of them.
type summary struct {
	fields []flow.Field
	tally  []fieldTally
	rows   int
	// stopped is set when the run stopped before the sheet's end (D42):
	// the rows are those run.
	stopped bool
}

type fieldTally struct {
	yes, no int
	fail    rowRanges
}

func newSummary(f *flow.Flow) *summary {
	fs := f.Fields()
	return &summary{fields: fs, tally: make([]fieldTally, len(fs))}
}

func (s *summary) add(r *flow.RowResult) {
	s.rows++
	for i := range r.Results {
		res := &r.Results[i]
		t := &s.tally[i]
		switch {
		case res.Err != nil:
			t.fail.add(r.Row, r.SheetRow, r.Key)
		case res.Condition && res.Holds:
			t.yes++
		case res.Condition:
			t.no++
		}
	}
}

// print writes the summary as text: a line for the flow, then a line per
// field: `  19 condition: true 2, false 1, fail 1 (rows[3] (sheet row 5))`.
func (s *summary) print(w io.Writer, name string) {
	stopped := ""
	if s.stopped {
		stopped = " run before the run stopped"
	}
	fmt.Fprintf(w, "%s: summary of %s %s%s\n", echo.Clean(name), flow.Count(s.rows), plural(s.rows, "row", "rows"), stopped)
	for i, fd := range s.fields {
		t := &s.tally[i]
		fmt.Fprintf(w, "  %d %s: ", fd.Line, echo.Clean(fd.Label))
		if fd.Condition {
			fmt.Fprintf(w, "true %s, false %s, fail %s", flow.Count(t.yes), flow.Count(t.no), flow.Count(t.fail.n))
		} else if t.fail.n == 0 {
			io.WriteString(w, "fails in no row")
		} else {
			fmt.Fprintf(w, "fails in %s %s", flow.Count(t.fail.n), plural(t.fail.n, "row", "rows"))
		}
		if t.fail.n > 0 {
			fmt.Fprintf(w, " (%s)", t.fail.text(s.rows, s.stopped))
		}
		io.WriteString(w, "\n")
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// summaryJSON is the summary in preview -json.
type summaryJSON struct {
	Rows   int                `json:"rows"`
	Fields []summaryFieldJSON `json:"fields"`
}

type summaryFieldJSON struct {
	Line  int    `json:"line"`
	Label string `json:"label"`
	Kind  string `json:"kind"`
	// True and False count the rows of a condition.
	True  *int `json:"true,omitempty"`
	False *int `json:"false,omitempty"`
	Fail  int  `json:"fail"`
	// FailRows are the first rows that fail (up to 1,000), by index and
	// by sheet row (D41).
	FailRows      []int `json:"failRows,omitempty"`
	FailSheetRows []int `json:"failSheetRows,omitempty"`
	// FailKeys are their values in the -key column.
	FailKeys []string `json:"failKeys,omitempty"`
}

func (s *summary) json() summaryJSON {
	out := summaryJSON{Rows: s.rows, Fields: []summaryFieldJSON{}}
	for i, fd := range s.fields {
		t := s.tally[i]
		f := summaryFieldJSON{Line: fd.Line, Label: fd.Label, Kind: "field", Fail: t.fail.n, FailRows: t.fail.list}
		if fd.Condition {
			f.Kind = "condition"
			yes, no := t.yes, t.no
			f.True, f.False = &yes, &no
		}
		f.FailSheetRows, f.FailKeys = t.fail.sheetRows(), t.fail.keyValues()
		out.Fields = append(out.Fields, f)
	}
	return out
}

// progress is the line on standard error that says how far a run is:
// only when standard error is a terminal, never with -json, and only once
// the run has taken a second.
type progress struct {
	rows  atomic.Int64
	stop  chan struct{}
	ended chan struct{}
}

func (p *previewRun) progress() *progress {
	pr := &progress{}
	f, ok := p.stderr.(*os.File)
	if !ok || p.json != nil {
		return pr
	}
	if st, err := f.Stat(); err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return pr
	}
	pr.stop, pr.ended = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(pr.ended)
		start := time.Now()
		tick := time.NewTicker(250 * time.Millisecond)
		defer tick.Stop()
		shown := false
		for {
			select {
			case <-pr.stop:
				if shown {
					fmt.Fprint(f, "\r\033[K")
				}
				return
			case now := <-tick.C:
				el := now.Sub(start)
				if el < time.Second {
					continue
				}
				n := pr.rows.Load()
				fmt.Fprintf(f, "\r\033[K%s rows, %s rows/s", flow.Count(int(n)), flow.Count(int(float64(n)/el.Seconds())))
				shown = true
			}
		}
	}()
	return pr
}

func (pr *progress) add() { pr.rows.Add(1) }

func (pr *progress) done() {
	if pr.stop != nil {
		close(pr.stop)
		<-pr.ended
	}
}
