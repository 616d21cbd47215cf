package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"iter"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/kinenix/expressions/data"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// rowsPlan is what preview and validate compute with: the rows of a
// sheet read as a stream (or held, when a flow reads rows), or one set of
// variables.
type rowsPlan struct {
	hasData bool
	// sheet is set for a sheet read row by row: .csv, .xlsx, .jsonl.
	sheet bool
	// headerOnly is set for a sheet with a header and no rows: one run
	// with rows empty and no row.
	headerOnly bool
	// noHeader is set, with headerOnly, for a sheet with no header
	// either: an empty file, or a worksheet with no cells.
	noHeader bool
	// every is set when every row is computed (else one: -row N or row 0).
	every bool
	path  string
	opts  []data.Option
	env   []scope.Option
	vars  map[string]any // data that is not a sheet
	row   rowFlag
	key   string
	// held is the whole sheet, read once by data.Decode when a flow
	// reads rows.
	held *data.Data
}

// rowMaps keeps the maps of the scopes of the rows streamed whose
// results are not done yet, in row order, and those of rows done, to be
// used again: the maps are made per row in flight, not per row of the
// sheet. A row's result comes after its run, which is its scope's last
// use by the run; done is told when the host is done with it too.
type rowMaps struct {
	mu   sync.Mutex
	busy queue[rowVars]
	free []rowVars
}

// rowVars are the maps of the scope of rows[index]: vars, its variables
// ({"row": row}), and row, the row's values.
type rowVars struct {
	index     int
	vars, row map[string]any
}

// take returns maps to read a row into: maps done with, or none (nil
// maps, which the row's reading and use make). A nil *rowMaps has none.
func (m *rowMaps) take() rowVars {
	if m == nil {
		return rowVars{}
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	n := len(m.free)
	if n == 0 {
		return rowVars{}
	}
	v := m.free[n-1]
	m.free = m.free[:n-1]
	return v
}

// use returns the variables of the scope of rows[index] whose values are
// row, in v's map (or a new one): row is its only variable. The maps are
// the row's until done is told of a row after it.
func (m *rowMaps) use(v rowVars, index int, row map[string]any) map[string]any {
	if v.vars == nil {
		v.vars = make(map[string]any, 1)
	}
	v.vars["row"] = row
	if m == nil {
		return v.vars
	}
	v.index, v.row = index, row
	m.mu.Lock()
	defer m.mu.Unlock()
	m.busy.push(v)
	return v.vars
}

// done is told that the rows before rows[index] are done with: their
// results came, were counted and printed (results come in row order), or
// they never ran (-where). Their maps are used again.
func (m *rowMaps) done(index int) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for v, ok := m.busy.peek(); ok && v.index < index; v, ok = m.busy.peek() {
		m.busy.pop()
		clear(v.vars)
		clear(v.row)
		m.free = append(m.free, v)
	}
}

// runOptions are options every flow that preview and validate run over
// rows is compiled with besides its own, so that the two run it alike
// (D43); tests set a small run budget (D42) with them.
var runOptions []flow.Option

// sheetExt reports whether a data file is read as a sheet, row by row.
func sheetExt(path string) bool {
	p, _ := splitSheet(path)
	p = strings.ToLower(p)
	return strings.HasSuffix(p, ".csv") || strings.HasSuffix(p, ".xlsx") || strings.HasSuffix(p, ".jsonl")
}

// planRows reads the data flags. every asks for every row of a sheet
// (-each and what implies it). done is true when the flags or the data
// are wrong; the error is printed and code is the exit status.
func (c *cli) planRows(name string, d *dataFlags, every bool, key string) (p *rowsPlan, code int, done bool) {
	env, err := d.envOptions()
	if err != nil {
		return nil, c.usageError(name, err.Error()), true
	}
	p = &rowsPlan{env: env, row: d.row, key: key, every: every}
	if d.file == "" {
		switch {
		case d.row.set:
			return nil, c.usageError(name, "-row picks a row of a sheet; give the sheet with -data FILE.csv, FILE.xlsx or FILE.jsonl"), true
		case every:
			return nil, c.usageError(name, "-each computes every row of a sheet; give the sheet with -data FILE.csv, FILE.xlsx or FILE.jsonl"), true
		case key != "":
			return nil, c.usageError(name, "-key names the rows of a sheet by a column; give the sheet with -data FILE.csv, FILE.xlsx or FILE.jsonl"), true
		}
		p.vars = map[string]any{}
		return p, exitOK, false
	}
	p.hasData = true
	if every && d.row.set {
		return nil, c.usageError(name, "-each and -row do not go together: -each computes every row"), true
	}
	if d.file == "-" || !sheetExt(d.file) {
		dt, err := loadData(d.file, c.stdin)
		if err != nil {
			return nil, c.fail(err), true
		}
		if d.row.set || every || key != "" {
			flagName := "-row"
			switch {
			case every:
				flagName = "-each"
			case key != "":
				flagName = "-key"
			}
			what := d.file
			if what == "-" {
				what = "standard input (JSON or YAML)" // as a message about its data names it
			}
			return nil, c.usageError(name, fmt.Sprintf("%s needs a sheet (.csv, .xlsx or .jsonl); %s is not one", flagName, what)), true
		}
		p.vars = dt.Vars()
		return p, exitOK, false
	}
	p.sheet = true
	p.path = d.file
	if file, sheet := splitSheet(d.file); file != d.file {
		p.path, p.opts = file, []data.Option{data.Sheet(sheet)}
	}
	// Open once now, so that a file that cannot be read, a header
	// without the -key column and a sheet without rows are told before
	// anything runs.
	rr, f, err := p.open()
	if err != nil {
		return nil, c.fail(err), true
	}
	defer f.Close()
	_, err = rr.Next()
	switch {
	case errors.Is(err, io.EOF):
		p.headerOnly = true
		p.noHeader = len(rr.Header()) == 0
		if d.row.set {
			return nil, c.fail(outOfRange(d.row.n, p.path, 0)), true
		}
	case err != nil:
		return nil, c.fail(err), true
	}
	// JSON lines have the columns of every line, in the order first
	// seen (spec, data files): a -key column may first come on a later
	// line, so read on until it does. A row without it is named by its
	// number alone.
	for key != "" && !p.headerOnly && !contains(rr.Header(), key) && strings.HasSuffix(strings.ToLower(p.path), ".jsonl") {
		if _, err := rr.Next(); err != nil {
			if !errors.Is(err, io.EOF) {
				return nil, c.fail(err), true
			}
			break
		}
	}
	if key != "" && !p.headerOnly && !contains(rr.Header(), key) {
		return nil, c.usageError(name, fmt.Sprintf("-key %s is not a column of %s; its columns are %s", echo.Text(key), d.file, echo.Few(len(rr.Header()), func(i int) string { return echo.Text(rr.Header()[i]) }))), true
	}
	return p, exitOK, false
}

// noRows says why a sheet of no rows has no row (D45): it has a header
// and no rows, or nothing at all.
func (p *rowsPlan) noRows() string {
	switch {
	case !p.noHeader:
		return "the sheet has a header and no rows"
	case strings.HasSuffix(strings.ToLower(p.path), ".xlsx"):
		return "the sheet is empty (no header, no rows)"
	}
	return "the file is empty (no header, no rows)"
}

func contains(xs []string, x string) bool {
	for _, s := range xs {
		if s == x {
			return true
		}
	}
	return false
}

// open opens the sheet for reading its rows.
func (p *rowsPlan) open() (*data.RowReader, *os.File, error) {
	f, err := openFile("data file", p.path)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("cannot read data file %s", p.path)
	}
	if st.Size() > maxDataSize {
		f.Close()
		return nil, nil, fmt.Errorf("data in %s is larger than %d MiB; %s", p.path, maxDataSize>>20, tooLargeFix)
	}
	rr, err := data.OpenRows(p.path, f, st.Size(), p.opts...)
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return rr, f, nil
}

// single reports whether the plan computes one set of variables, not
// rows: no data, data that is not a sheet, or a sheet without rows.
func (p *rowsPlan) single() bool { return !p.sheet || p.headerOnly }

// hold reads the whole sheet once, for flows that read rows.
func (p *rowsPlan) hold() error {
	if p.held != nil || p.single() {
		return nil
	}
	d, err := decodeFile(p.path, nil, p.opts...)
	if err != nil {
		return err
	}
	p.held = d
	return nil
}

// rows is the rows to compute, as flow inputs. withRows gives each row
// the variable rows (the whole sheet, held in memory); without it the
// sheet is streamed and never held.
func (p *rowsPlan) rows(withRows bool) iter.Seq2[flow.Input, error] {
	return p.stream(withRows, nil)
}

// rowsDone is rows for one run whose results come in row order (RunRows)
// and are done with one by one: done(i) tells that the rows before
// rows[i] are, so that the variables of their scopes serve rows read
// after (rowMaps).
func (p *rowsPlan) rowsDone(withRows bool) (rows iter.Seq2[flow.Input, error], done func(index int)) {
	m := &rowMaps{}
	return p.stream(withRows, m), m.done
}

// stream is rows, the variables of each streamed row's scope from maps.
func (p *rowsPlan) stream(withRows bool, maps *rowMaps) iter.Seq2[flow.Input, error] {
	return func(yield func(flow.Input, error) bool) {
		switch {
		case !p.sheet:
			yield(flow.Input{Index: -1, Scope: scope.New(p.vars, p.env...)}, nil)
			return
		case p.headerOnly:
			// rows is empty and there is no row (spec, data files).
			yield(flow.Input{Index: -1, Scope: scope.New(map[string]any{"rows": []any{}}, p.env...)}, nil)
			return
		}
		if !withRows && p.row.set && p.row.n < 0 && -p.row.n <= maxTailRows {
			p.streamTail(-p.row.n, yield)
			return
		}
		if withRows || p.row.set && p.row.n < 0 {
			if err := p.hold(); err != nil {
				yield(flow.Input{}, err)
				return
			}
			p.yieldHeld(withRows, yield)
			return
		}
		rr, f, err := p.open()
		if err != nil {
			yield(flow.Input{}, err)
			return
		}
		defer f.Close()
		for n := 0; ; n++ {
			v := maps.take() // the maps of a row done with, or none
			r, err := rr.NextInto(v.row)
			if errors.Is(err, io.EOF) {
				if p.row.set {
					yield(flow.Input{}, outOfRange(p.row.n, p.path, n))
				}
				return
			}
			if err != nil {
				yield(flow.Input{}, err)
				return
			}
			if !p.every && r.Index != p.row.n {
				continue
			}
			in := flow.Input{Index: r.Index, SheetRow: r.SheetRow, Key: p.keyOf(r.Values),
				Scope: scope.New(maps.use(v, r.Index, r.Values), p.env...)}
			if !yield(in, nil) {
				return
			}
			if !p.every {
				// The rows after the one picked are read, not run, so
				// that a file wrong further down is an error here as in
				// render and -row -1 (D36), not passed in silence.
				if err := drain(rr); err != nil {
					yield(flow.Input{}, err)
				}
				return
			}
		}
	}
}

// maxTailRows is how many of its last rows a sheet streamed for -row -N
// keeps: past it, -row -N holds the sheet (yieldHeld), whose table keeps
// many rows in less memory than as many maps.
const maxTailRows = 1024

// streamTail streams the sheet for -row -k, keeping only its last k rows:
// which row that is is known only at the end, and a sheet of any length
// is then read in the memory of k rows, not held whole. The ring has one
// slot more than k, so that the read that finds the end (NextInto clears
// the map it is given) never takes the map of the row picked.
func (p *rowsPlan) streamTail(k int, yield func(flow.Input, error) bool) {
	rr, f, err := p.open()
	if err != nil {
		yield(flow.Input{}, err)
		return
	}
	defer f.Close()
	ring := make([]data.Row, k+1)
	for n := 0; ; n++ {
		slot := &ring[n%(k+1)]
		r, err := rr.NextInto(slot.Values)
		if errors.Is(err, io.EOF) {
			if n < k {
				yield(flow.Input{}, outOfRange(p.row.n, p.path, n))
				return
			}
			r := ring[(n-k)%(k+1)]
			yield(flow.Input{Index: r.Index, SheetRow: r.SheetRow, Key: p.keyOf(r.Values),
				Scope: scope.New(map[string]any{"row": r.Values}, p.env...)}, nil)
			return
		}
		if err != nil {
			yield(flow.Input{}, err)
			return
		}
		*slot = r
	}
}

// drain reads the rows left in rr into one map of its own (the row
// picked may still be running on its map), and returns the error of the
// first row that cannot be read, or nil.
func drain(rr *data.RowReader) error {
	into := map[string]any{}
	for {
		clear(into)
		if _, err := rr.NextInto(into); err != nil {
			if errors.Is(err, io.EOF) {
				return nil
			}
			return err
		}
	}
}

func (p *rowsPlan) yieldHeld(withRows bool, yield func(flow.Input, error) bool) {
	d := p.held
	n := d.Len()
	pick := p.row.n
	if pick < 0 {
		pick += n
	}
	if !p.every && (pick < 0 || pick >= n) {
		yield(flow.Input{}, outOfRange(p.row.n, p.path, n))
		return
	}
	for i := range n {
		if !p.every && i != pick {
			continue
		}
		vars, err := d.RowVars(i)
		if err != nil {
			yield(flow.Input{}, err)
			return
		}
		if !withRows {
			delete(vars, "rows")
		}
		row, _ := vars["row"].(map[string]any) // Data.Row's
		in := flow.Input{Index: i, SheetRow: d.SheetRow(i), Key: p.keyOf(row), Scope: scope.New(vars, p.env...)}
		if !yield(in, nil) {
			return
		}
	}
}

// keyOf is the row's value in the -key column, as text: as written, and
// a list or a dictionary (JSON lines) as a field shows it (D3), never as
// Go prints it; "" (no key) when it cannot be shown within a value's cap.
func (p *rowsPlan) keyOf(row map[string]any) string {
	if p.key == "" {
		return ""
	}
	switch v := row[p.key].(type) {
	case nil:
		return ""
	case string:
		return v
	case json.Number:
		return v.String()
	case bool:
		return strconv.FormatBool(v)
	default:
		x, err := value.FromHost(v)
		if err != nil {
			return ""
		}
		b, err := x.Show(nil, value.DefaultMaxSize)
		if err != nil {
			return ""
		}
		return string(b)
	}
}

// outOfRange is the error of -row N past the rows of a sheet of n rows:
// a usage error, so it names the flag, and the rows -row can pick.
func outOfRange(i int, path string, n int) error {
	if n == 0 {
		return fmt.Errorf("-row %d is out of range: the sheet in %s has no rows", i, path)
	}
	if n == 1 {
		return fmt.Errorf("-row %d is out of range: the sheet in %s has 1 row (-row 0 or -1)", i, path)
	}
	// the -row values as the flag takes them: no thousands comma
	return fmt.Errorf("-row %d is out of range: the sheet in %s has %s rows (-row 0 is the first, -row %d or -1 the last)",
		i, path, flow.Count(n), n-1)
}

// queue is a first-in first-out queue whose array serves a whole run:
// items are taken from the front (q[head:] are kept) and added at the
// back, and the items kept move to the front once those taken make up
// half of the array, not made anew as q[1:] would make it.
type queue[T any] struct {
	q    []T
	head int
}

func (q *queue[T]) push(x T) { q.q = append(q.q, x) }

// peek returns the first item, ok false when there is none.
func (q *queue[T]) peek() (x T, ok bool) {
	if q.head == len(q.q) {
		return x, false
	}
	return q.q[q.head], true
}

// pop takes the first item away, keeping nothing of it.
func (q *queue[T]) pop() {
	var zero T
	q.q[q.head] = zero
	q.head++
	switch {
	case q.head == len(q.q):
		q.q, q.head = q.q[:0], 0
	case 2*q.head >= cap(q.q):
		n := copy(q.q, q.q[q.head:])
		clear(q.q[n:])
		q.q, q.head = q.q[:n], 0
	}
}
