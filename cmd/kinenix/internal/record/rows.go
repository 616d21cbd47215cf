package record

import (
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/rowtext"
)

// Rows are the rows of a sheet a record holds for, in increasing order:
// those a finding holds for (Finding.Rows), those a field of a summary
// fails on (SummaryField.FailRows). They are kept as runs
// (rowtext.Runs), so that they do not grow with the rows (D41:
// `rows 1-2, 6 and 12,546 more`), with the first rows listed by index,
// sheet row and -key value, for JSON (D41), and the first row's name,
// for a message about one row. The zero Rows lists flow.MaxRowsListed
// rows, as a column warning lists its rows (D45).
type Rows struct {
	runs  rowtext.Runs
	n     int    // rows in all
	first string // the name of the first row (D41)
	// listed is the most rows listed, flow.MaxRowsListed when 0, none
	// when negative (TextOnly); list, sheet and keys are the first of them.
	listed      int
	list, sheet []int
	keys        []string
}

// TextOnly is Rows that lists no row, for a record only ever shown as
// text (Text): `preview -compare` keeps one for each field that changed,
// and the lists (for JSON) would hold up to flow.MaxRowsListed rows for
// each of them.
func TextOnly() Rows { return Rows{listed: -1} }

// Add adds the row of index, shown as sheetRow, with key; rows are added
// in increasing order.
func (r *Rows) Add(index, sheetRow int, key string) {
	if r.n == 0 {
		r.first = flow.RowName(index, sheetRow, key)
	}
	r.n++
	listed := r.listed
	if listed == 0 {
		listed = flow.MaxRowsListed
	}
	if len(r.list) < listed {
		r.list = append(r.list, index)
		r.sheet = append(r.sheet, sheetRow)
		r.keys = append(r.keys, key)
	}
	r.runs.Add(index)
}

// Len is how many rows there are in all.
func (r *Rows) Len() int { return r.n }

// InAll says that the rows are n in all, the rows added being the first
// of them (a column warning knows its first rows and how many; D45).
func (r *Rows) InAll(n int) { r.n = max(r.n, n) }

// Listed are the indexes of the first rows, for JSON; nil when the data
// is not a sheet (its one row has no index, as RowRefOf leaves it out).
func (r *Rows) Listed() []int {
	for _, i := range r.list {
		if i >= 0 {
			return r.list
		}
	}
	return nil
}

// SheetRows are the sheet rows of the rows listed, for JSON; nil when
// none is known (JSON lines).
func (r *Rows) SheetRows() []int {
	for _, s := range r.sheet {
		if s > 0 {
			return r.sheet
		}
	}
	return nil
}

// Keys are the -key values of the rows listed, cleaned, for JSON; nil
// without -key.
func (r *Rows) Keys() []string {
	for _, k := range r.keys {
		if KeyText(k) != "" {
			out := make([]string, len(r.keys))
			for i, k := range r.keys {
				out[i] = KeyText(k)
			}
			return out
		}
	}
	return nil
}

// Ref is the first row, for a record about exactly one row.
func (r *Rows) Ref() RowRef { return RowRefOf(r.list[0], r.sheet[0], r.keys[0]) }

// Text is TextOf for the rows of a sheet of total rows, all of them or,
// when the run stopped (D42), those run.
func (r *Rows) Text(total int, stopped bool) string {
	return r.TextOf(Among{Rows: total, Stopped: stopped})
}

// Among says which rows of a sheet a record's rows are among: Rows rows
// in all, every row of the sheet unless the run stopped before its end
// (Stopped, D42) or Chosen names the flags that chose them ("-where",
// "-where and -errors").
type Among struct {
	Rows    int
	Stopped bool
	Chosen  string
}

// rows names the rows, after their number: ` rows run before the run
// stopped`, ` rows -where chose`, ` rows -where chose before the run
// stopped`; "" for every row of the sheet.
func (a Among) rows() string {
	word := " rows"
	if a.Rows == 1 {
		word = " row"
	}
	switch {
	case a.Chosen != "" && a.Stopped:
		return word + " " + a.Chosen + " chose before the run stopped"
	case a.Chosen != "":
		return word + " " + a.Chosen + " chose"
	case a.Stopped:
		return word + " run before the run stopped"
	}
	return ""
}

// TextOf names the rows among a's: `rows[3] (sheet row 5)` for one,
// `every row`, or `rows 0-2, 5 and 12 more`. When they are not every
// row of the sheet (the run stopped, D42, or -where chose them), the
// text says among which: `every one of the 64 rows run before the run
// stopped`, `rows 0-2, 5 of the 10 rows -where chose`; it never claims
// every row of the sheet.
func (r *Rows) TextOf(a Among) string {
	var s string
	among := a.rows()
	switch {
	case r.n == 1:
		s = r.first
	case r.n == a.Rows && a.Rows > 1 && among != "":
		return "every one of the " + flow.Count(a.Rows) + among
	case r.n == a.Rows && a.Rows > 1:
		return "every row"
	default:
		s = r.runs.Text()
	}
	if among != "" {
		s += " of the " + flow.Count(a.Rows) + among
	}
	return s
}
