package value

import "strconv"

// Table is a list of dictionaries that share their keys, as the rows of a
// sheet do: the keys are held once, and each row is its values in the
// order of the keys, not a map of its own. A sheet of a million rows of
// five cells takes about 80 bytes a row for its values, where a map per
// row takes about 330 (package data reads sheets into one).
//
// FromHost reads a *Table as a list whose items are dictionaries: row i
// has every key of the table, its value converted when it is read, as an
// item of a map[string]any is. A Table is built by NewTable and Append and
// read by the language; do not append to a table that expressions read.
// A nil *Table has no keys and no rows.
type Table struct {
	keys   []string
	col    map[string]int
	blocks [][]any // 1<<shift rows each, len(keys) values a row
	n      int
	shift  uint8
}

// tableBlock is the most rows a block of a table holds, and blockValues
// about the most values: a table grows a block at a time, so a big one
// is never copied to grow, and a wide one holds fewer rows a block (a
// power of two, at least one), so that a block is never much more than a
// MiB (a block of 4096 rows of 10,000 columns was 640 MB, and a sheet of
// 300 such rows took a block of 512).
const (
	tableShift  = 12
	tableBlock  = 1 << tableShift
	blockValues = 1 << 16
)

// NewTable returns an empty table whose rows have the keys given, in
// that order; the table keeps the slice, so do not change it after. A key
// given twice is an error (ErrData).
func NewTable(keys []string) (*Table, error) {
	col := make(map[string]int, len(keys))
	for j, k := range keys {
		if _, dup := col[k]; dup {
			return nil, Fail(ErrData, "the key "+strconv.Quote(k)+" is given twice in the keys of a table")
		}
		col[k] = j
	}
	shift := uint8(tableShift)
	for shift > 0 && len(keys)<<shift > blockValues {
		shift--
	}
	return &Table{keys: keys, col: col, shift: shift}, nil
}

// Append adds a row: values[j] is the value of key j, of the kinds
// FromHost reads; a row with fewer values than keys has empty values for
// the rest. Values beyond the keys are an error (ErrData) and add no row.
func (t *Table) Append(values ...any) error {
	if t == nil {
		return Fail(ErrData, "no table to add a row to (a nil *Table; make one with NewTable)")
	}
	w := len(t.keys)
	if len(values) > w {
		return Fail(ErrData, "a row of a table has "+strconv.Itoa(len(values))+" values for "+strconv.Itoa(w)+" keys")
	}
	rows := 1 << t.shift
	b, r := t.n>>t.shift, t.n&(rows-1)
	if b == len(t.blocks) {
		t.blocks = append(t.blocks, make([]any, w*min(rows, max(t.n, 16))))
	}
	block := t.blocks[b]
	if (r+1)*w > len(block) { // the first block, grown as the table does
		grown := make([]any, w*min(rows, 2*(r+1)))
		copy(grown, block)
		block, t.blocks[b] = grown, grown
	}
	copy(block[r*w:(r+1)*w], values)
	t.n++
	return nil
}

// Len returns the number of rows.
func (t *Table) Len() int {
	if t == nil {
		return 0
	}
	return t.n
}

// Keys returns the keys of every row, in their order. The slice belongs
// to t.
func (t *Table) Keys() []string {
	if t == nil {
		return nil
	}
	return t.keys
}

// at is the value of column j of row i.
func (t *Table) at(i, j int) any {
	w := len(t.keys)
	return t.blocks[i>>t.shift][(i&(1<<t.shift-1))*w+j]
}

// Row returns row i as a map of its own, nil when there is no row i: for
// a host that wants the row as plain data.
func (t *Table) Row(i int) map[string]any {
	if t == nil || i < 0 || i >= t.n {
		return nil
	}
	m := make(map[string]any, len(t.keys))
	for j, k := range t.keys {
		m[k] = t.at(i, j)
	}
	return m
}

// rowValue is row i as a dictionary Value (a negative i counts from the
// end), or Value{} when there is no row i: Index of the list FromHost(t)
// is. The row is t and its index, so reading it allocates nothing.
func (t *Table) rowValue(i int) Value {
	if i, ok := position(i, t.n); ok {
		return Value{kind: Dict, ref: t, coef: int64(i)}
	}
	return Value{}
}

// tableKey is Key of a row of t.
func tableKey(t *Table, i int64, k string) (Value, bool, error) {
	j, ok := t.col[k]
	if !ok {
		return Value{}, false, nil
	}
	item, err := FromHost(t.at(int(i), j))
	if err != nil {
		return Value{}, true, atItem(err, keyStep(k))
	}
	return item, true, nil
}
