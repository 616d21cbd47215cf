package record

import "github.com/kinenix/expressions/flow"

// Summary is the summary of a run over the rows of a sheet, as preview
// -summary -json writes it and the playground's table answers it: the
// rows counted, and a SummaryField per field and condition, in file order.
type Summary struct {
	Rows   int            `json:"rows"`
	Fields []SummaryField `json:"fields"`
}

// SummaryField is what a summary counts of one field or condition (Kind
// "field" or "condition"): how many rows it failed on, and for a
// condition how many it was true and false on. Its label is as the flow
// writes it (JSON escapes its control characters), as preview -json has
// always written it.
type SummaryField struct {
	Line  int    `json:"line"`
	Label string `json:"label"`
	Kind  string `json:"kind"`
	// True and False count the rows of a condition.
	True  *int `json:"true,omitempty"`
	False *int `json:"false,omitempty"`
	Fail  int  `json:"fail"`
	// FailRows are the first rows that fail (preview lists 1,000, the
	// playground three), by index and by sheet row (D41).
	FailRows      []int `json:"failRows,omitempty"`
	FailSheetRows []int `json:"failSheetRows,omitempty"`
	// FailKeys are their values in the -key column.
	FailKeys []string `json:"failKeys,omitempty"`
}

// Outcome is what a summary counts of one field for one row.
type Outcome uint8

// The outcomes of a field: it rendered (OK), it failed, or, a condition,
// it held (True) or not (False).
const (
	OK Outcome = iota
	Failed
	True
	False
)

// OutcomeOf is the outcome of a field's result.
func OutcomeOf(r *flow.Result) Outcome {
	switch {
	case r.Err != nil:
		return Failed
	case !r.Condition:
		return OK
	case r.Holds:
		return True
	}
	return False
}

// Tally counts a summary over rows: per condition how many rows are true,
// false and fail; per field how many rows fail, and which. preview
// -summary and the playground's table count with it, so that the two
// count the same way.
type Tally struct {
	counts []Count
	rows   int
}

// Count is what a tally counted of one field or condition.
type Count struct {
	Field       flow.Field
	True, False int
	Fail        Rows
}

// NewTally is the tally of fields, in file order, whose rows that fail
// are listed up to listed (flow.MaxRowsListed when 0).
func NewTally(fields []flow.Field, listed int) *Tally {
	t := &Tally{counts: make([]Count, len(fields))}
	for i, f := range fields {
		t.counts[i] = Count{Field: f, Fail: Rows{listed: listed}}
	}
	return t
}

// Add counts the row of index, shown as sheetRow, with key, whose fields
// had outs (one outcome a field, in file order). Rows are added in
// increasing order.
func (t *Tally) Add(index, sheetRow int, key string, outs []Outcome) {
	t.rows++
	for i, o := range outs[:min(len(outs), len(t.counts))] {
		t.counts[i].add(o, index, sheetRow, key)
	}
}

// AddRow counts the row of r.
func (t *Tally) AddRow(r *flow.RowResult) {
	t.rows++
	for i := range r.Results[:min(len(r.Results), len(t.counts))] {
		t.counts[i].add(OutcomeOf(&r.Results[i]), r.Row, r.SheetRow, r.Key)
	}
}

func (c *Count) add(o Outcome, index, sheetRow int, key string) {
	switch o {
	case Failed:
		c.Fail.Add(index, sheetRow, key)
	case True:
		c.True++
	case False:
		c.False++
	}
}

// Rows is how many rows were counted.
func (t *Tally) Rows() int { return t.rows }

// Counts are the counts of the fields, in file order; they are read,
// never changed.
func (t *Tally) Counts() []Count { return t.counts }

// Record is the summary counted.
func (t *Tally) Record() Summary {
	out := Summary{Rows: t.rows, Fields: make([]SummaryField, 0, len(t.counts))}
	for i := range t.counts {
		c := &t.counts[i]
		f := SummaryField{Line: c.Field.Line, Label: c.Field.Label, Kind: "field", Fail: c.Fail.Len(), FailRows: c.Fail.Listed()}
		if c.Field.Condition {
			f.Kind = "condition"
			yes, no := c.True, c.False
			f.True, f.False = &yes, &no
		}
		f.FailSheetRows, f.FailKeys = c.Fail.SheetRows(), c.Fail.Keys()
		out.Fields = append(out.Fields, f)
	}
	return out
}
