package data

import "io"

// Bounds of one CSV record (a row, over several lines when a quoted field
// holds line breaks), checked as its bytes are read, before encoding/csv
// holds the whole record (probe-bounds F1).
const (
	// maxCSVCells is the most cells a record may have: the columns of a
	// sheet (Excel's 16,384, XFD).
	maxCSVCells = 1 << 14
	// maxCSVRecord is the most bytes a record may have: 8 MiB, 256 cells
	// of Excel's 32,767 characters.
	maxCSVRecord = 8 << 20
)

// csvGuard stands between the text of a CSV file and encoding/csv, which
// holds a whole record before it gives it: it follows the fields of each
// record as encoding/csv reads them (RFC 4180 quoting), and fails the
// read as soon as a record passes maxCSVCells or maxCSVRecord, or the
// header (the first record not blank) has an empty column name, naming
// the line. The bytes before the failing one are passed on first, so the
// records before it are read as they would be.
type csvGuard struct {
	d    *decoder
	r    io.Reader
	err  error // to give once what came before it is passed on
	line int   // the line being read, from 1
	// the record being read
	start      int // its first line
	cells      int // its fields so far, the one being read included
	size       int // its bytes so far
	state      uint8
	header     bool // the header is read: only the bounds are checked
	nonBlank   bool // the record has a field that is not empty
	firstEmpty int  // its first field that is empty or white space (from 1), 0 for none
	content    bool // the field being read has a byte that is not white space
}

// states of csvGuard: at a field's start, in a field not quoted, in a
// quoted one, after a quote in a quoted one.
const (
	gStart uint8 = iota
	gPlain
	gQuoted
	gQuote
)

func newCSVGuard(d *decoder, r io.Reader) *csvGuard {
	return &csvGuard{d: d, r: r, line: 1, start: 1, cells: 1}
}

func (g *csvGuard) Read(p []byte) (int, error) {
	if g.err != nil {
		return 0, g.err
	}
	n, err := g.r.Read(p)
	for i := 0; i < n; i++ {
		if k := g.run(p[i:n]); k > 0 {
			i += k - 1
			continue
		}
		if e := g.byte(p[i]); e != nil {
			g.err = e
			if i == 0 {
				return 0, e
			}
			return i, nil
		}
	}
	return n, err
}

// plainByte and quotedByte are the bytes that byte takes as a field's
// text and nothing more, once the header is read: in a field not quoted
// every byte but a comma, a line end and a CR; in a quoted one every
// byte but a quote, a line end and a CR.
var plainByte, quotedByte = func() (plain, quoted [256]bool) {
	for c := range 256 {
		plain[c] = c != ',' && c != '\n' && c != '\r'
		quoted[c] = c != '"' && c != '\n' && c != '\r'
	}
	return plain, quoted
}()

// run takes, at once, the bytes at the start of p that byte would take
// one by one as a field's text after the header, in a field begun, up to
// maxCSVRecord bytes of the record; it returns how many (0: byte takes
// the next one). A sheet's cells are mostly such runs.
func (g *csvGuard) run(p []byte) int {
	var text *[256]bool
	switch {
	case !g.header:
		return 0
	case g.state == gPlain:
		text = &plainByte
	case g.state == gQuoted:
		text = &quotedByte
	default:
		return 0
	}
	k := 0
	for k < len(p) && text[p[k]] {
		k++
	}
	k = min(k, maxCSVRecord-g.size) // byte fails the record past it
	if k <= 0 {
		return 0
	}
	g.size += k
	g.nonBlank = true
	for _, c := range p[:k] {
		if g.content {
			break
		}
		g.content = c != ' ' && c != '\t' && c != '\v' && c != '\f'
	}
	return k
}

// byte takes the next byte of the text.
func (g *csvGuard) byte(c byte) error {
	g.size++
	if g.size > maxCSVRecord {
		return g.d.errorf("line %d: a row of more than %d MiB; a row of a sheet is far shorter: check that this is the file meant, and that every quoted field is closed (one that is not runs on to the end of the file)", g.start, maxCSVRecord>>20)
	}
	switch c {
	case '\r':
		return nil // crReader leaves a CR only before LF: encoding/csv drops it
	case '\n':
		g.line++
	}
	switch g.state {
	case gQuoted:
		if c == '"' {
			g.state = gQuote
			return nil
		}
		return g.text(c)
	case gQuote:
		if c == '"' {
			g.state = gQuoted
			return g.text(c)
		}
	case gStart:
		if c == '"' {
			g.state = gQuoted
			return nil
		}
		g.state = gPlain
	}
	// Not quoted (or after a quoted field's closing quote).
	switch c {
	case ',':
		if err := g.fieldEnd(); err != nil {
			return err
		}
		g.cells++
		if g.cells > maxCSVCells {
			return g.d.errorf("line %d: a row of more than %d cells, more than a sheet has (Excel's limit); check that this is the file meant, with one row per line", g.start, maxCSVCells)
		}
		g.state = gStart
	case '\n':
		if err := g.fieldEnd(); err != nil {
			return err
		}
		if g.nonBlank {
			g.header = true
		}
		g.start, g.cells, g.size, g.state, g.nonBlank, g.firstEmpty = g.line, 1, 0, gStart, false, 0
	default:
		return g.text(c)
	}
	return nil
}

// text takes a byte of a field's text.
func (g *csvGuard) text(c byte) error {
	g.nonBlank = true // a record of white space is not blank to sheet
	if c != ' ' && c != '\t' && c != '\v' && c != '\f' && c != '\n' {
		g.content = true
	}
	return g.emptyName()
}

// emptyName is the error for the header's first empty column name, once
// the record is known to be the header (not blank).
func (g *csvGuard) emptyName() error {
	if !g.header && g.firstEmpty != 0 && g.nonBlank {
		return g.d.errorf("line %d, column %d: %s", g.start, g.firstEmpty, emptyName(g.start, false))
	}
	return nil
}

// fieldEnd ends a field of the record: in the header, a field empty or of
// white space is an empty column name, said as soon as the record is
// known not to be blank (sheet.setHeader would say it after the whole
// record is read).
func (g *csvGuard) fieldEnd() error {
	if !g.header && !g.content && g.firstEmpty == 0 {
		g.firstEmpty = g.cells
	}
	g.content = false
	return g.emptyName()
}
