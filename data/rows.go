package data

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/data/internal/xlsx"
	"github.com/kinenix/expressions/internal/echo"
)

// Row is one row of a sheet. Index is what an expression uses (rows[Index]); SheetRow is the
// row number the spreadsheet shows, the header being row 1 (D41); 0 for JSON lines (no sheet).
type Row struct {
	Index    int
	SheetRow int
	Values   map[string]any // keyed by the header; values by the one scalar rule (as Decode)
}

// RowReader streams the rows of a sheet: CSV, XLSX (first sheet of cells, or Sheet(name)), or JSON lines
// (.jsonl: one JSON object per line, each a row). It holds only the row being read (and, for
// XLSX, the shared strings, each kept once).
//
// The rules, messages and bounds are Decode's: a blank record is skipped,
// the first other one is the header, the values follow the one scalar rule
// (D36), and every row read is charged to a budget set from the file's
// size, so the whole stream builds no more than Decode would.
type RowReader struct {
	d     *decoder
	s     sheet
	src   rowSource
	index int
	err   error // sticky: once Next fails it keeps failing
	// keys is the header of JSON lines: keys in first-seen order.
	keys []string
	seen map[string]bool
}

// rowSource gives the records of a sheet, one at a time: the cells, the
// row number the spreadsheet shows, and where cell j is for a message.
// At the end it returns io.EOF.
type rowSource interface {
	next() (cells []string, sheetRow int, where func(j int) string, err error)
}

// OpenRows opens the sheet in r (size bytes) for reading its rows one at a
// time. name picks the format by its extension (.csv, .xlsx, .jsonl, in
// any letter case) and starts every error message, as for Decode.
func OpenRows(name string, r io.ReaderAt, size int64, opts ...Option) (*RowReader, error) {
	var o options
	for _, opt := range opts {
		if opt != nil { // a nil Option is none
			opt(&o)
		}
	}
	n := int(min(max(size, 0), 1<<40))
	d := newDecoder(name, n)
	switch {
	case r == nil:
		return nil, d.errorf("no reader was given to read the file from (OpenRows' r is nil)")
	case size < 0:
		return nil, d.errorf("its size is given as %d bytes; give OpenRows the file's size, 0 or more", size)
	}
	r = fileReaderAt{d, r}
	head := make([]byte, min(n, sniffLen))
	if k, _ := r.ReadAt(head, 0); k >= 0 {
		if err := d.claims(formatOf(name), head[:k]); err != nil {
			return nil, err
		}
	}
	var src rowSource
	switch formatOf(name) {
	case fmtCSV:
		src = newCSVRows(d, io.NewSectionReader(r, 0, size))
	case fmtXLSX:
		x, err := openXLSXRows(d, r, size, o)
		if err != nil {
			return nil, err
		}
		src = x
	case fmtJSONL:
		src = newJSONLRows(d, io.NewSectionReader(r, 0, size))
	default:
		return nil, d.errorf("the rows of a sheet are read from .csv, .xlsx or .jsonl files, not from this one")
	}
	return newRowReader(d, src)
}

// fileReaderAt reads the host's file for every format, its failures (but
// io.EOF) made errors that name the file, as every error of OpenRows and
// Next does, and wrap the reader's own (readFailed).
type fileReaderAt struct {
	d *decoder
	r io.ReaderAt
}

func (f fileReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := f.r.ReadAt(p, off)
	return n, f.d.readFailed(err)
}

// readFailed is err, or for a read of the host's file that failed (any
// error but io.EOF) the error that says so: `data in x.csv: cannot read
// the data: disk gone`, wrapping err for errors.Is. The first is kept in
// d.readErr: what a format's reader makes of a read that failed (an XLSX
// archive then "not a valid zip archive", a part "damaged") is not what
// is wrong with the file, and gives way to it (xlsxError).
func (d *decoder) readFailed(err error) error {
	if err == nil || err == io.EOF {
		return err
	}
	err = fmt.Errorf("data in %s: cannot read the data: %w", d.label(), err)
	if d.readErr == nil {
		d.readErr = err
	}
	return err
}

// newRowReader reads the rows of src; for CSV and XLSX it reads the
// header first (blank records before it are skipped), so Header has it.
func newRowReader(d *decoder, src rowSource) (*RowReader, error) {
	r := &RowReader{d: d, s: sheet{d: d}, src: src}
	_, r.s.leading = src.(*xlsxRows)
	if _, ok := src.(*jsonlRows); ok {
		r.seen = map[string]bool{}
		return r, nil
	}
	for r.s.header == nil {
		cells, row, where, err := src.next()
		if errors.Is(err, io.EOF) {
			r.err = io.EOF // a sheet with no header has no rows
			return r, nil
		}
		if err == nil {
			r.s.headerRow = row // the header's, once it is read
			_, err = r.s.record(cells, where)
		}
		if err != nil {
			if c, ok := src.(io.Closer); ok {
				c.Close()
			}
			return nil, err
		}
	}
	return r, nil
}

// Header returns the column names: for JSON lines the keys seen so far in
// first-seen order (nil before the first row). The slice belongs to r.
func (r *RowReader) Header() []string {
	if r == nil {
		return nil
	}
	if r.seen != nil {
		return r.keys
	}
	return r.s.header
}

// Next returns the next row, io.EOF after the last one. Any other error
// names the file and the line, row or cell.
func (r *RowReader) Next() (Row, error) {
	return r.NextInto(nil)
}

// NextInto is Next for a host that is done with the Values of a row read
// before and gives that map back to hold the next row: values is cleared
// and filled, and is the Values of the row returned, so that a long sheet
// read row by row makes no map per row. As with bufio.Scanner's Bytes,
// the map is then the next row's: a host that keeps a row passes nil
// (Next), or another map. A line of JSON lines is read into values too.
// A nil values is Next.
func (r *RowReader) NextInto(values map[string]any) (Row, error) {
	switch {
	case r == nil:
		return Row{}, errors.New("data: Next called on a nil *RowReader; use the one OpenRows returns")
	case r.src == nil:
		return Row{}, errors.New("data: Next called on a RowReader not made by OpenRows; use the one OpenRows returns")
	}
	if r.err != nil {
		return Row{}, r.err
	}
	row, err := r.next(values)
	if err != nil {
		r.err = err
		if c, ok := r.src.(io.Closer); ok {
			c.Close()
		}
	}
	return row, err
}

func (r *RowReader) next(values map[string]any) (Row, error) {
	if _, ok := r.src.(*jsonlRows); ok && values != nil {
		// the host is done with it: the next line is read into it (its
		// entries may be cleared already, so any line may take it)
		r.d.reuse(values)
		r.d.spareLen = math.MaxInt
	}
	vals, sheetRow, obj, err := r.read()
	if err != nil {
		return Row{}, err
	}
	if obj == nil {
		if obj = values; obj == nil {
			obj = make(map[string]any, len(r.s.header))
		} else {
			clear(obj)
		}
		for j, name := range r.s.header {
			obj[name] = vals[j]
		}
	}
	row := Row{Index: r.index, SheetRow: sheetRow, Values: obj}
	r.index++
	return row, nil
}

// read reads the next row: of CSV and XLSX its values in the order of
// the header (the slice is r's, overwritten by the next read) and its
// sheet row; of JSON lines the object read.
func (r *RowReader) read() (vals []any, sheetRow int, obj map[string]any, err error) {
	for {
		cells, sheetRow, where, err := r.src.next()
		if err != nil {
			return nil, 0, nil, err
		}
		if j, ok := r.src.(*jsonlRows); ok {
			r.jsonKeys(j)
			return nil, 0, j.row, nil
		}
		vals, err := r.s.values(cells, where)
		if err != nil {
			return nil, 0, nil, err
		}
		if vals != nil { // else blank, or the header
			return vals, sheetRow, nil, nil
		}
	}
}

// jsonKeys adds the keys of the object j just read that are new to the
// header, in the order they are written: the order is looked up only
// when there is a new key.
func (r *RowReader) jsonKeys(j *jsonlRows) {
	for k := range j.row {
		if !r.seen[k] {
			for _, k := range objectKeys(j.text, j.row) {
				if !r.seen[k] {
					r.seen[k] = true
					r.keys = append(r.keys, k)
				}
			}
			return
		}
	}
}

// utf8Reader passes on the text of r while it is valid UTF-8 and fails at
// the first byte that is not, with Decode's message: its line and byte
// offset (base is the offset of the first byte read, after a byte-order
// mark).
type utf8Reader struct {
	d     *decoder
	hint  string // added to the message
	r     io.Reader
	off   int  // bytes passed on
	lines int  // line ends passed on: LF, CR LF, or CR alone (crReader)
	cr    bool // the last byte passed on is a CR
	carry [utf8.UTFMax]byte
	nc    int
	err   error
}

func (u *utf8Reader) Read(p []byte) (int, error) {
	if u.err != nil {
		return 0, u.err
	}
	if len(p) < 2*utf8.UTFMax {
		return 0, io.ErrShortBuffer
	}
	n := copy(p, u.carry[:u.nc])
	u.nc = 0
	for n < utf8.UTFMax && u.err == nil { // so a character cut at the end leaves some text before it
		m, err := u.r.Read(p[n:])
		n += m
		u.err = err
	}
	b := p[:n]
	good := n
	if i := echo.FirstInvalid(b); i >= 0 {
		good = i
		if u.err == nil && n-i < utf8.UTFMax && !utf8.FullRune(b[i:]) {
			u.nc = copy(u.carry[:], b[i:]) // the rest of the character is still to come
		} else {
			u.count(b[:i])
			u.err = u.d.errorf("line %d, byte offset %d: the text is not valid UTF-8 (data files must be UTF-8)%s", u.lines+1, u.off+i+u.d.bomLen, u.hint)
			u.off += i
			return i, nil
		}
	}
	u.count(b[:good])
	u.off += good
	if good == 0 && u.err != nil {
		return 0, u.err
	}
	return good, nil
}

// count counts the line ends in b, text passed on after what was counted
// before: a CR, and an LF that no CR comes just before.
func (u *utf8Reader) count(b []byte) {
	for _, c := range b {
		if c == '\r' || c == '\n' && !u.cr {
			u.lines++
		}
		u.cr = c == '\r'
	}
}

// csvUTF8Hint ends the message for a CSV file that is not UTF-8: a
// spreadsheet saves "CSV" in the computer's own code page (Windows-874
// for Thai, Windows-1252...) unless told otherwise (D45).
const csvUTF8Hint = `; save it as "CSV UTF-8" in the spreadsheet`

// csvRows reads the records of a CSV file (see decoder.csv).
type csvRows struct {
	d *decoder
	r *csv.Reader
	// inner counts the line ends inside quoted fields so far: the row a
	// spreadsheet shows is the line a record starts on less them.
	inner   int
	started bool // the header (the first record not blank) is read
	// sepCells is how many cells the header has when split by sep, `;` or
	// a tab, when that is more than by commas, until its first row is
	// read; header is the line of the header.
	sep              string
	sepCells, header int
	// rec is the record just read, row the row a spreadsheet shows it as,
	// and where names its cells: one func for every record, not one made
	// per record.
	rec   []string
	row   int
	where func(j int) string
}

func blank(rec []string) bool {
	for _, c := range rec {
		if c != "" {
			return false
		}
	}
	return true
}

// separator refuses a header of one cell that holds `;` or tabs: a file
// saved with another separator (as a spreadsheet in many locales saves
// "CSV") reads as one column, so it is named for what it is (D45).
func (d *decoder) separator(header []string, line int) error {
	if len(header) != 1 {
		return nil
	}
	if sep, n := otherSeparator(header); n > 0 {
		return d.separatedBy(sep, line)
	}
	return nil
}

func (d *decoder) separatedBy(sep string, line int) error {
	name := "';'"
	if sep == "\t" {
		name = "tabs"
	}
	return d.errorf("line %d: the columns are separated by %s, not ','; save it as CSV with commas (in a spreadsheet: \"CSV UTF-8 (Comma delimited)\")", line, name)
}

// otherSeparator is the separator, `;` or a tab, that splits the record
// rec (as read with commas) into more cells than the commas do, and into
// how many; n is 0 when neither does. A file saved with `;` whose header
// or values hold commas (`amount, EUR`, a decimal comma `1,5`) reads as a
// few cells of a header with `;` in them: the header and its first row
// splitting alike by `;` tell it (csvRows.next).
func otherSeparator(rec []string) (sep string, n int) {
	semi, tabs := 0, 0
	for _, c := range rec {
		semi += strings.Count(c, ";")
		tabs += strings.Count(c, "\t")
	}
	sep, k := ";", semi
	if tabs > semi {
		sep, k = "\t", tabs
	}
	if k+1 <= len(rec) {
		return "", 0
	}
	return sep, k + 1
}

// crReader reads a carriage return that no line feed follows as a line
// feed, so a file with the old Mac line ends (CR only) reads as lines; CR
// LF is left as it is (encoding/csv reads it as one line end).
type crReader struct {
	r    io.Reader
	held bool // a CR at the end of the last read, not yet passed on
	err  error
}

func (c *crReader) Read(p []byte) (int, error) {
	if c.err != nil && !c.held {
		return 0, c.err
	}
	if len(p) < 2 {
		return 0, io.ErrShortBuffer
	}
	n := 0
	if c.held {
		p[0], n = '\r', 1
	}
	m, err := c.r.Read(p[n:])
	n += m
	if err != nil {
		c.err = err
	}
	c.held = false
	b := p[:n]
	for i, ch := range b {
		if ch != '\r' {
			continue
		}
		if i+1 < len(b) {
			if b[i+1] != '\n' {
				b[i] = '\n'
			}
			continue
		}
		if c.err != nil { // a CR at the very end
			b[i] = '\n'
			continue
		}
		c.held, n = true, n-1 // what follows it is still to come
	}
	if n == 0 && c.err != nil && !c.held {
		return 0, c.err
	}
	return n, nil
}

// roomyReads reads r with room for len(buf) bytes at least, whatever the
// size of the buffer it is asked to fill: encoding/csv's bufio.Reader,
// on a record longer than its buffer, asks for what is left of it, down
// to one byte, and crReader and utf8Reader need room for a character.
type roomyReads struct {
	r    io.Reader
	buf  [64]byte
	pend []byte // read into buf, not yet passed on
	err  error  // of the read that filled buf
}

func (s *roomyReads) Read(p []byte) (int, error) {
	if len(s.pend) == 0 {
		if s.err != nil || len(p) >= len(s.buf) {
			if s.err != nil {
				return 0, s.err
			}
			return s.r.Read(p)
		}
		n, err := s.r.Read(s.buf[:])
		s.pend, s.err = s.buf[:n], err
		if n == 0 {
			return 0, err
		}
	}
	n := copy(p, s.pend)
	s.pend = s.pend[n:]
	return n, nil
}

func newCSVRows(d *decoder, r io.Reader) *csvRows {
	br := bufio.NewReaderSize(r, 64<<10)
	for { // every byte-order mark at the start (some tools write two)
		b, _ := br.Peek(len(bom))
		if !bytes.Equal(b, bom) {
			break
		}
		br.Discard(len(bom))
		d.bomLen += len(bom)
	}
	cr := csv.NewReader(newCSVGuard(d, &roomyReads{r: &crReader{r: &utf8Reader{d: d, r: br, hint: csvUTF8Hint}}}))
	cr.FieldsPerRecord = -1 // rows may be shorter or longer than the header (see sheet)
	cr.ReuseRecord = true
	c := &csvRows{d: d, r: cr}
	c.where = func(j int) string {
		line, _ := c.r.FieldPos(min(j, len(c.rec)-1))
		return fmt.Sprintf("line %d%s, column %d", line, sheetRowOfLine(line, c.row), j+1)
	}
	return c
}

func (c *csvRows) next() ([]string, int, func(j int) string, error) {
	rec, err := c.r.Read()
	if errors.Is(err, io.EOF) {
		return nil, 0, nil, io.EOF
	}
	if err != nil {
		var pe *csv.ParseError
		if !errors.As(err, &pe) {
			return nil, 0, nil, err // the text's own error (utf8Reader)
		}
		return nil, 0, nil, c.d.csvError(err, c.inner)
	}
	line, _ := c.r.FieldPos(0)
	if !c.started && !blank(rec) {
		c.started = true
		if err := c.d.separator(rec, line); err != nil {
			return nil, 0, nil, err
		}
		c.sep, c.sepCells = otherSeparator(rec)
		c.header = line
	} else if c.sepCells > 0 && !blank(rec) {
		// The header splits into more cells by c.sep than by commas: when
		// its first row does alike, the file is separated by c.sep.
		if sep, n := otherSeparator(rec); sep == c.sep && n == c.sepCells {
			return nil, 0, nil, c.d.separatedBy(sep, c.header)
		}
		c.sepCells = 0
	}
	c.row = line - c.inner
	for _, f := range rec {
		c.inner += strings.Count(f, "\n")
	}
	c.rec = rec
	return rec, c.row, c.where, nil
}

// xlsxRows reads the rows of a sheet of a workbook.
type xlsxRows struct {
	rows  *xlsx.Rows
	d     *decoder
	row   int                // the row just read
	where func(j int) string // names cell j of it: one func for every row
}

// Sheets returns the names of the sheets of cells of an XLSX workbook (no
// chart sheet), in the workbook's order: the names Sheet takes, the first
// the one Decode reads without it. name starts every error message, as
// Decode's; the workbook is held to Decode's bounds.
func Sheets(name string, b []byte) ([]string, error) {
	d := newDecoder(name, len(b))
	if err := d.claims(fmtXLSX, b); err != nil {
		return nil, err
	}
	d.limit = xlsxValueLimit(len(b))
	names, err := xlsx.Sheets(bytes.NewReader(b), int64(len(b)), xlsxUnzipLimit(len(b)), d.charge)
	if err != nil {
		return nil, d.xlsxError(err)
	}
	return names, nil
}

func openXLSXRows(d *decoder, r io.ReaderAt, size int64, o options) (*xlsxRows, error) {
	n := int(min(size, 1<<40))
	d.limit = xlsxValueLimit(n)
	rows, err := xlsx.Open(r, size, o.sheet, o.named, xlsxUnzipLimit(n), d.charge)
	if err != nil {
		return nil, d.xlsxError(err)
	}
	x := &xlsxRows{rows: rows, d: d}
	x.where = func(j int) string { return "cell " + xlsx.CellName(j, x.row) }
	return x, nil
}

func (x *xlsxRows) next() ([]string, int, func(j int) string, error) {
	row, cells, ok, err := x.rows.Next()
	if err != nil {
		return nil, 0, nil, x.d.xlsxError(err)
	}
	if !ok {
		return nil, 0, nil, io.EOF
	}
	x.row = row
	return cells, row, x.where, nil
}

func (x *xlsxRows) Close() error {
	x.rows.Close()
	return nil
}

func (d *decoder) xlsxError(err error) error {
	if d.readErr != nil {
		return d.readErr // the file could not be read: not its content's fault
	}
	var re xlsx.Error
	if errors.As(err, &re) {
		return d.errorf("%s", re.Error())
	}
	return err
}

// jsonlRows reads JSON lines: one JSON object per line, each a row; blank
// lines are skipped. Each line is read by the JSON reader of Decode, its
// messages naming the line in the file.
type jsonlRows struct {
	d    *decoder
	r    *bufio.Reader
	line int
	// off is the byte offset of the next line in the file, start that of
	// the line read last.
	off, start int
	text       []byte // the last row's line (valid until the next read)
	row        map[string]any
}

func newJSONLRows(d *decoder, r io.Reader) *jsonlRows {
	d.jsonLines = true
	return &jsonlRows{d: d, r: bufio.NewReaderSize(r, 64<<10)}
}

// maxJSONLine bounds one line of JSON lines: a row, not a file.
const maxJSONLine = 16 << 20

func (j *jsonlRows) next() ([]string, int, func(int) string, error) {
	for {
		line, err := j.readLine()
		if err != nil {
			return nil, 0, nil, err
		}
		j.line++
		if j.line == 1 && bytes.HasPrefix(line, bom) {
			line = line[len(bom):]
			j.d.bomLen = len(bom)
			j.start += len(bom)
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		if i := echo.FirstInvalid(line); i >= 0 {
			return nil, 0, nil, j.d.errorf("line %d, byte offset %d: the text is not valid UTF-8 (data files must be UTF-8)", j.line, j.start+i)
		}
		t := bytes.TrimLeft(line, " \t\r")
		if t[0] != '{' {
			return nil, 0, nil, j.d.errorf("line %d: each line of JSON lines must be one JSON object `{...}` (a row)", j.line)
		}
		j.d.lineBase = j.line - 1
		v, err := j.d.json(line)
		if err != nil {
			return nil, 0, nil, err
		}
		j.row = v
		j.text = line
		return nil, 0, nil, nil
	}
}

// readLine returns the next line without its line end, io.EOF at the end.
func (j *jsonlRows) readLine() ([]byte, error) {
	var long []byte
	for {
		frag, err := j.r.ReadSlice('\n')
		if len(long)+len(frag) > maxJSONLine {
			return nil, j.d.errorf("line %d: a line is longer than %d MiB; each line holds one row", j.line+1, maxJSONLine>>20)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			long = append(long, frag...)
			continue
		}
		if long != nil {
			frag = append(long, frag...)
		}
		if err != nil && !errors.Is(err, io.EOF) {
			return nil, err // fileReaderAt's, which names the file
		}
		if err != nil && len(frag) == 0 {
			return nil, io.EOF
		}
		j.start, j.off = j.off, j.off+len(frag)
		return bytes.TrimSuffix(frag, []byte{'\n'}), nil
	}
}

// objectKeys returns the keys of the top-level JSON object b (valid JSON,
// already read into m) in the order they are written.
func objectKeys(b []byte, m map[string]any) []string {
	keys := make([]string, 0, len(m))
	dec := json.NewDecoder(bytes.NewReader(b))
	if _, err := dec.Token(); err != nil { // {
		return keys
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			break
		}
		if k, ok := t.(string); ok {
			keys = append(keys, k)
		}
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			break
		}
	}
	return keys
}
