// Package xlsx reads the rows of one sheet of an XLSX workbook as they
// are read, on archive/zip and an XML scanner of its own (scan.go): the
// tokens encoding/xml's RawToken gives, without an allocation per token;
// encoding/xml stays as the scanner's test oracle (StdXML).
//
// It is written for files from anywhere, so everything it keeps is
// bounded and charged before it is kept: a part unpacks to at most what
// the caller allows (64 times the file's size in the data package) and
// to its declared size, with its checksum checked; XML nests at most
// maxDepth deep; a cell or shared string holds at most maxCell
// characters; a shared string is kept once and every cell that uses it
// refers to it; a number format code is at most 255 characters and read
// once per style, only to tell dates and times and the plain number
// formats; `_xHHHH_` escapes are undone in one pass. Rows must come in
// order, cells in a row in order, each once. Every problem is an Error
// in plain words naming the part, row or cell.
package xlsx

import (
	"archive/zip"
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/internal/echo"
)

// Error is a reason the workbook cannot be read, in plain words.
type Error struct{ Reason string }

func (e Error) Error() string { return e.Reason }

// Limits of the reader.
const (
	maxDepth = 64      // XML nesting
	maxCell  = 32767   // characters in a cell (Excel's limit)
	maxRow   = 1 << 20 // rows of a sheet (1,048,576)
	maxCol   = 1 << 14 // columns of a sheet (16,384, XFD)
	// maxStyles bounds the cell formats (cellXfs) and the number formats
	// of the styles part: Excel keeps at most 64,000 cell formats (and a
	// few hundred number formats), so more is a hostile part, whose
	// formats were all parsed and kept (1M date formats in a 4.5 MB file:
	// 420 MB).
	maxStyles = 64000
	maxPart   = int64(1) << 40
)

// Charge is called with the cost of what the reader is about to keep, in
// values of 16 bytes, before it keeps it; an error stops the reading and
// is returned as it is.
type Charge func(values int) error

// Rows reads the rows of one sheet (see Open).
type Rows struct {
	wb     *workbook
	p      *part
	row    int // the last row read
	cells  []string
	text   []byte // the text of the row's cells that are not shared, one after another
	spans  []int  // for each cell: where its text ends in text, or -1 when cells has it
	done   bool
	charge Charge
}

// workbook is what the rows of a sheet need from the rest of the workbook.
type workbook struct {
	zr       *zip.Reader
	files    map[string]*zip.File
	limit    int64 // what the parts may still unpack to
	strings  []string
	formats  []*numFormat // by style (cell xf) index; nil: general
	date1904 bool
	charge   Charge
	book     string // the workbook part's name
}

// oleMagic starts an encrypted workbook (and an old .xls file).
var oleMagic = []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")

// Open opens the sheet named (the first sheet when name is "" and not
// named; an empty name that is named is an error) of the
// workbook in r (size bytes) for reading its rows with Next. unzipLimit
// bounds the bytes all the parts read may unpack to. The shared strings
// and styles are read here; the sheet as Next is called.
func Open(r io.ReaderAt, size int64, name string, named bool, unzipLimit int64, charge Charge) (*Rows, error) {
	wb, err := openZip(r, size, unzipLimit, charge)
	if err != nil {
		return nil, err
	}
	sheetPart, err := wb.open(name, named)
	if err != nil {
		return nil, err
	}
	p, err := wb.part(sheetPart)
	if err != nil {
		return nil, err
	}
	return &Rows{wb: wb, p: p, charge: charge}, nil
}

// Sheets returns the names of the sheets of cells of the workbook in r
// (size bytes), in the workbook's order, leaving out charts, dialogs and
// macro sheets; unzipLimit and charge are Open's.
func Sheets(r io.ReaderAt, size int64, unzipLimit int64, charge Charge) ([]string, error) {
	wb, err := openZip(r, size, unzipLimit, charge)
	if err != nil {
		return nil, err
	}
	_, sheets, err := wb.sheets()
	if err != nil {
		return nil, err
	}
	cells := ofCells(sheets)
	names := make([]string, len(cells))
	for i, s := range cells {
		names[i] = s.name
	}
	return names, nil
}

// openZip opens the workbook's archive, its parts' sizes within
// unzipLimit.
func openZip(r io.ReaderAt, size int64, unzipLimit int64, charge Charge) (*workbook, error) {
	var head [8]byte
	if n, _ := r.ReadAt(head[:], 0); n == len(head) && bytes.Equal(head[:], oleMagic) {
		return nil, Error{"the workbook is encrypted or in the old .xls format; save it as an unprotected .xlsx"}
	}
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, Error{"not an XLSX workbook (it is not a valid zip archive)"}
	}
	wb := &workbook{zr: zr, files: make(map[string]*zip.File, len(zr.File)), limit: unzipLimit, charge: charge}
	var total uint64
	for _, f := range zr.File {
		total += min(f.UncompressedSize64, uint64(unzipLimit)+1)
		if total > uint64(unzipLimit) {
			return nil, wb.tooBig()
		}
		key := strings.ToLower(f.Name)
		if wb.files[key] != nil {
			// Which one a reader takes is the reader's choice: a damaged or
			// crafted archive, not read silently (probe-bounds F10).
			return nil, Error{fmt.Sprintf("the workbook is damaged: its archive holds two parts named %s; save the workbook again", quoteName(f.Name))}
		}
		wb.files[key] = f
	}
	return wb, nil
}

func (wb *workbook) tooBig() error {
	return Error{"the workbook unpacks to more than " + strconv.FormatInt(wb.limit, 10) + " bytes, too much for a file of its size"}
}

// Relationship types, by the end of their URI (both the transitional and
// the strict schemas end alike).
const (
	relDocument = "/officeDocument"
	relStrings  = "/sharedStrings"
	relStyles   = "/styles"
)

// sheetIndex is the index of the sheet name names, or -1: the sheet so
// named exactly, else the first whose name differs only in case (Unicode
// simple folding), as Excel names sheets without regard to case (it lets
// no two sheets of a workbook differ only in case).
func sheetIndex(sheets []sheetRef, name string) int {
	for i, s := range sheets {
		if s.name == name {
			return i
		}
	}
	for i, s := range sheets {
		if strings.EqualFold(s.name, name) {
			return i
		}
	}
	return -1
}

// open reads the workbook's parts up to the sheet: the package's
// relationships, the workbook and its relationships, the shared strings
// and the styles. It returns the sheet's part name.
func (wb *workbook) open(name string, named bool) (string, error) {
	rels, sheets, err := wb.sheets()
	if err != nil {
		return "", err
	}
	if len(sheets) == 0 {
		return "", Error{"the workbook has no sheet"}
	}
	cells := ofCells(sheets)
	if len(cells) == 0 {
		return "", Error{fmt.Sprintf("the workbook has no sheet of cells: its sheets (%s) hold charts, dialogs or macros; save the data in a sheet of cells", quoteSheets(sheets))}
	}
	sh := cells[0]
	if named && name == "" {
		return "", Error{fmt.Sprintf("the sheet's name is empty: write the name of one of its sheets (%s)", quoteSheets(cells))}
	}
	if named {
		i := sheetIndex(sheets, name)
		if i < 0 {
			return "", Error{fmt.Sprintf("the workbook has no sheet named %s (its sheets: %s)", quoteName(name), quoteSheets(cells))}
		}
		if sheets[i].kind != "" {
			return "", Error{fmt.Sprintf("the sheet %s is %s, not a sheet of cells: name one of the sheets of cells (%s)", quoteName(sheets[i].name), sheets[i].kind, quoteSheets(cells))}
		}
		sh = sheets[i]
	}
	target := rels.byID[sh.rid]
	if target == "" || wb.files[strings.ToLower(target)] == nil {
		return "", Error{fmt.Sprintf("the sheet %s has no part in the workbook; save the workbook again", quoteName(sh.name))}
	}
	if strings.EqualFold(target, wb.book) {
		return "", Error{fmt.Sprintf("the workbook is damaged: the sheet %s points at the workbook's own part %s, not at a sheet; save the workbook again", quoteName(sh.name), wb.book)}
	}
	if t := rels.byType(relStrings); t != "" && wb.files[strings.ToLower(t)] != nil {
		if err := wb.readStrings(t); err != nil {
			return "", err
		}
	}
	if t := rels.byType(relStyles); t != "" && wb.files[strings.ToLower(t)] != nil {
		if err := wb.readStyles(t); err != nil {
			return "", err
		}
	}
	return target, nil
}

// sheets reads the package's relationships, the workbook and its
// relationships: the workbook's sheets, in order, and its relationships.
func (wb *workbook) sheets() (*rels, []sheetRef, error) {
	book := "xl/workbook.xml"
	if rels, err := wb.rels("_rels/.rels", ""); err != nil {
		return nil, nil, err
	} else if t := rels.byType(relDocument); t != "" {
		book = t
	}
	if wb.files[strings.ToLower(book)] == nil {
		return nil, nil, Error{"not an XLSX workbook (it has no workbook part; an .xlsx saved by a spreadsheet has)"}
	}
	wb.book = book
	dir := path.Dir(book)
	rels, err := wb.rels(path.Join(dir, "_rels", path.Base(book)+".rels"), dir)
	if err != nil {
		return nil, nil, err
	}
	sheets, err := wb.readWorkbook(book)
	if err != nil {
		return nil, nil, err
	}
	for i := range sheets {
		sheets[i].kind = sheetKind(rels.typeOf[sheets[i].rid])
	}
	return rels, sheets, nil
}

// sheetKind is what a sheet of relationship type typ holds when it is no
// sheet of cells ("a chart"), or "" for a sheet of cells. A sheet without
// a relationship counts as one of cells: reading it says its part is
// missing.
func sheetKind(typ string) string {
	switch {
	case typ == "" || strings.HasSuffix(typ, "/worksheet"):
		return ""
	case strings.HasSuffix(typ, "/chartsheet"):
		return "a chart"
	case strings.HasSuffix(typ, "/dialogsheet"):
		return "a dialog"
	case strings.HasSuffix(strings.ToLower(typ), "macrosheet"):
		return "a macro sheet"
	}
	return "no sheet of cells"
}

// ofCells returns the sheets of cells among sheets, in order: those a
// flow can read.
func ofCells(sheets []sheetRef) []sheetRef {
	cells := make([]sheetRef, 0, len(sheets))
	for _, s := range sheets {
		if s.kind == "" {
			cells = append(cells, s)
		}
	}
	return cells
}

// quoteSheets lists the first few sheet names, then how many more.
func quoteSheets(sheets []sheetRef) string {
	return echo.Few(len(sheets), func(i int) string { return quoteName(sheets[i].name) })
}

// quoteName quotes a sheet name for a message, cut at 60 characters.
func quoteName(s string) string {
	if utf8.RuneCountInString(s) > 60 {
		r := []rune(s)
		return strconv.Quote(string(r[:60])) + "…"
	}
	return strconv.Quote(s)
}

// part is one XML part being read as a token stream, its depth counted.
type part struct {
	name  string
	rc    io.ReadCloser
	sc    *scanner     // the reader's own scanner, or
	dec   *xml.Decoder // encoding/xml's (StdXML), the scanner's oracle
	tee   *tee         // the bytes dec reads, for its tokens' references
	std   token        // dec's token, as the scanner gives it
	depth int
	names []byte            // the names of the elements open, one after another
	open  [maxDepth + 1]int // where each name ends in names, to match the ends
	wb    *workbook
	buf   []byte // text being read, reused
	long  bool   // the part failed on a text longer than a cell's limit
	// badChar is set when the part failed on a text holding a character
	// XML does not allow, char: what a text read names (textBytes).
	badChar bool
	char    rune
}

// StdXML makes the reader read XML with encoding/xml's RawToken rather
// than its own scanner: the oracle the tests compare the scanner with.
var StdXML = false

// part opens the part called name (as the zip archive spells it, in any
// letter case) for reading its XML. What it unpacks to is charged to the
// workbook's unzip limit as it is read.
func (wb *workbook) part(name string) (*part, error) {
	f := wb.files[strings.ToLower(strings.TrimPrefix(name, "/"))]
	if f == nil {
		return nil, Error{fmt.Sprintf("the workbook has no part %s; save the workbook again", name)}
	}
	rc, err := f.Open()
	if err != nil {
		return nil, damaged(f.Name, err)
	}
	p := &part{name: f.Name, rc: rc, wb: wb}
	if StdXML {
		p.dec, p.tee = xmlDecoder(&limitedReader{r: rc, wb: wb})
	} else {
		p.sc = newScanner(&limitedReader{r: rc, wb: wb})
	}
	return p, nil
}

// xmlDecoder is encoding/xml's decoder on r, read through a buffer of the
// scanner's size: a damaged part's reader (archive/zip's) drops the bytes
// of the read that meets the damage, so what a reader sees of such a part
// depends on how much it asks for at once, and the oracle asks as the
// scanner does (encoding/xml's own buffer is 4 KiB).
func xmlDecoder(r io.Reader) (*xml.Decoder, *tee) {
	t := &tee{r: r}
	d := xml.NewDecoder(bufio.NewReaderSize(t, scanBufSize))
	d.CharsetReader = func(label string, _ io.Reader) (io.Reader, error) {
		return nil, &declError{encoding: label} // as the scanner refuses it
	}
	return d, t
}

// tee keeps the bytes read from r from offset base on: the oracle's
// token being read, and what its buffer read ahead.
type tee struct {
	r    io.Reader
	kept []byte
	base int64
}

func (t *tee) Read(b []byte) (int, error) {
	n, err := t.r.Read(b)
	t.kept = append(t.kept, b[:n]...)
	return n, err
}

// token returns the bytes from offset from to offset to and forgets
// those before to.
func (t *tee) token(from, to int64) []byte {
	raw := t.kept[from-t.base : to-t.base]
	t.kept = t.kept[to-t.base:]
	t.base = to
	return raw
}

// surrogateIn finds a character reference to half of a surrogate pair
// in raw, a text or a start tag, which encoding/xml reads as U+FFFD and
// the scanner refuses (D36).
func surrogateIn(raw []byte) (rune, bool) {
	for i := 0; ; {
		j := bytes.Index(raw[i:], []byte("&#"))
		if j < 0 {
			return 0, false
		}
		i += j + 1
		if k := entityEnd(raw, i); k < len(raw) && raw[k] == ';' {
			if r, ok := entity(raw[i:k]); ok && r >= 0xD800 && r <= 0xDFFF {
				return r, true
			}
		}
	}
}

// limitedReader counts what a part unpacks to against the workbook's limit.
type limitedReader struct {
	r  io.Reader
	wb *workbook
}

func (l *limitedReader) Read(b []byte) (int, error) {
	n, err := l.r.Read(b)
	l.wb.limit -= int64(n)
	if l.wb.limit < 0 {
		return n, errTooBig
	}
	return n, err
}

var errTooBig = errors.New("too big")

// damaged is the error for a part that cannot be unpacked.
func damaged(name string, err error) error {
	reason := "it cannot be unpacked"
	switch {
	case errors.Is(err, zip.ErrChecksum):
		reason = "its checksum does not match its content"
	case errors.Is(err, zip.ErrFormat), errors.Is(err, io.ErrUnexpectedEOF):
		reason = "its size does not match its content, or it is cut short"
	case errors.Is(err, zip.ErrAlgorithm):
		reason = "it is compressed in a way XLSX does not use"
	}
	return Error{fmt.Sprintf("the part %s of the workbook is damaged (%s); save the workbook again", name, reason)}
}

// step is next for a loop over the whole part: more is false, with a nil
// error, once the part has ended (and is closed), and false with the
// error when it fails.
func (p *part) step() (t *token, more bool, err error) {
	t, err = p.next()
	return t, err == nil && p.rc != nil, err
}

// next returns the next start element, end element or text of the part,
// with io.EOF at its end, after the rest of the part is read so that its
// checksum and size are checked.
func (p *part) next() (*token, error) {
	for {
		t, err := p.raw()
		if err != nil {
			return nil, p.fail(err)
		}
		switch t.kind {
		case kStart:
			if p.depth == maxDepth {
				return nil, Error{fmt.Sprintf("the part %s of the workbook nests its XML more than %d deep", p.name, maxDepth)}
			}
			p.names = append(p.names, t.local...)
			p.depth++
			p.open[p.depth] = len(p.names)
			return t, nil
		case kEnd:
			if p.depth == 0 || string(p.names[p.open[p.depth-1]:]) != string(t.local) {
				return nil, p.invalid("an element ends that is not open")
			}
			p.depth--
			p.names = p.names[:p.open[p.depth]]
			if p.depth == 0 {
				return t, p.finish()
			}
			return t, nil
		case kText:
			if p.depth > 0 {
				return t, nil
			}
		}
	}
}

// raw returns the next token of the part, with comments, processing
// instructions and directives left out.
func (p *part) raw() (*token, error) {
	t, err := p.token()
	if err == nil && t.kind == kDirective { // a DOCTYPE, or what only a DTD holds
		return nil, &directiveError{doctype: bytes.HasPrefix(t.text, []byte("DOCTYPE"))}
	}
	return t, err
}

// token is raw with directives: the scanner's token, or encoding/xml's
// as the scanner gives it.
func (p *part) token() (*token, error) {
	if p.sc != nil {
		return p.sc.next()
	}
	for {
		from := p.dec.InputOffset()
		t, err := p.dec.RawToken()
		if err == nil {
			raw := p.tee.token(from, p.dec.InputOffset())
			_, start := t.(xml.StartElement)
			_, text := t.(xml.CharData)
			if start || text && !bytes.HasPrefix(raw, []byte("<![CDATA[")) {
				if r, ok := surrogateIn(raw); ok {
					line, _ := p.dec.InputPos()
					return nil, &syntaxError{line: line, char: r, hasChar: true}
				}
			}
		}
		if err != nil {
			var se *xml.SyntaxError
			if errors.As(err, &se) {
				e := &syntaxError{line: se.Line}
				if code, ok := strings.CutPrefix(se.Msg, "illegal character code U+"); ok {
					if n, err := strconv.ParseUint(code, 16, 32); err == nil {
						e.char, e.hasChar = rune(n), true
					}
				} else if se.Msg == "invalid UTF-8" {
					e.char, e.hasChar = noUTF8, true
				}
				return nil, e
			}
			var v string
			if _, serr := fmt.Sscanf(err.Error(), "xml: unsupported version %q", &v); serr == nil {
				return nil, &declError{version: v}
			}
			return nil, err
		}
		p.std = token{attrs: p.std.attrs[:0]}
		switch t := t.(type) {
		case xml.StartElement:
			p.std.kind, p.std.space, p.std.local = kStart, []byte(t.Name.Space), []byte(t.Name.Local)
			for _, a := range t.Attr {
				p.std.attrs = append(p.std.attrs, rawAttr{[]byte(a.Name.Space), []byte(a.Name.Local), []byte(a.Value)})
			}
			if dupAttr(p.std.attrs) { // RawToken does not check it; XML does
				return nil, errDupAttr
			}
		case xml.EndElement:
			p.std.kind, p.std.space, p.std.local = kEnd, []byte(t.Name.Space), []byte(t.Name.Local)
		case xml.CharData:
			p.std.kind, p.std.text = kText, t
		case xml.Directive:
			p.std.kind, p.std.text = kDirective, t
		default:
			continue
		}
		return &p.std, nil
	}
}

// line is the line the part is read to.
func (p *part) line() int {
	if p.sc != nil {
		return p.sc.line(p.sc.r)
	}
	line, _ := p.dec.InputPos()
	return line
}

// finish reads the rest of the part (past its root element: white
// space, comments) to its end, so that archive/zip checks its size and
// checksum, and closes it.
func (p *part) finish() error {
	for {
		t, err := p.raw()
		if errors.Is(err, io.EOF) {
			p.close()
			return nil
		}
		if err != nil {
			return p.fail(err)
		}
		if t.kind == kStart {
			return p.invalid("an element follows the end of its root element")
		}
	}
}

func (p *part) close() {
	if p.rc != nil {
		p.rc.Close()
		p.rc = nil
	}
}

// fail turns an error of reading the part into an Error.
func (p *part) fail(err error) error {
	var se *syntaxError
	var de *declError
	var dir *directiveError
	switch {
	case errors.Is(err, errTooBig):
		p.close()
		return p.wb.tooBig()
	case errors.Is(err, errLongText):
		line := p.line()
		p.close()
		p.long = true
		return Error{fmt.Sprintf("the part %s of the workbook holds a text of more than %d characters (line %d), more than a cell can hold; save the workbook again", p.name, maxText, line)}
	case errors.Is(err, errLongMarkup), errors.Is(err, errManyAttrs), errors.Is(err, errDupAttr):
		line := p.line()
		p.close()
		why := fmt.Sprintf("a tag, comment or processing instruction longer than %d KiB", maxMarkup>>10)
		switch {
		case errors.Is(err, errManyAttrs):
			why = fmt.Sprintf("an element with more than %d attributes", maxAttrs)
		case errors.Is(err, errDupAttr):
			why = "an element with the same attribute twice"
		}
		return Error{fmt.Sprintf("the part %s of the workbook is not valid XML, or not as a spreadsheet program writes it (line %d: %s); save the workbook again", p.name, line, why)}
	case errors.Is(err, io.EOF):
		if p.depth > 0 {
			return p.invalid("it ends before its elements are closed")
		}
		return p.invalid("it is empty")
	case errors.As(err, &se):
		if d := p.damagedInstead(); d != nil {
			return d
		}
		if se.hasChar {
			p.badChar, p.char = true, se.char
			return Error{fmt.Sprintf("the part %s of the workbook is not valid XML (line %d: it holds %s); save the workbook again", p.name, se.line, charReason(se.char))}
		}
		return Error{fmt.Sprintf("the part %s of the workbook is not valid XML (line %d); save the workbook again", p.name, se.line)}
	case errors.As(err, &dir):
		line := p.line()
		if d := p.damagedInstead(); d != nil {
			return d
		}
		if dir.doctype {
			return Error{fmt.Sprintf("the part %s of the workbook declares a DOCTYPE (line %d), which a workbook never has; save the workbook again", p.name, line)}
		}
		return Error{fmt.Sprintf("the part %s of the workbook is not valid XML (line %d: a <!...> declaration, which a workbook never has); save the workbook again", p.name, line)}
	case errors.As(err, &de):
		if d := p.damagedInstead(); d != nil {
			return d
		}
		if de.version != "" {
			return Error{fmt.Sprintf("the part %s of the workbook declares XML version %s, not 1.0 as a spreadsheet program saves it; save the workbook again", p.name, echo.Cut(de.version, 20))}
		}
		return Error{fmt.Sprintf("the part %s of the workbook declares it is encoded as %s, not UTF-8 as a spreadsheet program saves it; save the workbook again", p.name, echo.Cut(de.encoding, 40))}
	}
	var xe Error
	if errors.As(err, &xe) {
		p.close()
		return xe
	}
	if errors.Is(err, zip.ErrChecksum) || errors.Is(err, zip.ErrFormat) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, zip.ErrAlgorithm) {
		p.close()
		return damaged(p.name, err)
	}
	if d := p.damagedInstead(); d != nil {
		return d
	}
	return Error{fmt.Sprintf("the part %s of the workbook is not valid XML; save the workbook again", p.name)}
}

func (p *part) invalid(why string) error {
	line := p.line()
	if d := p.damagedInstead(); d != nil {
		return d
	}
	return Error{fmt.Sprintf("the part %s of the workbook is not valid XML (line %d: %s); save the workbook again", p.name, line, why)}
}

// damagedInstead reads the rest of a part whose XML is found wrong, then
// closes it: a byte changed inside a compressed part unpacks to other
// bytes, which the XML reader trips over before the checksum at the
// part's end can tell. When reading on (charged to the workbook's unzip
// limit, as every byte a part unpacks to) ends in the checksum's or the
// unpacker's complaint, the part is damaged, and that is the error (D45).
func (p *part) damagedInstead() error {
	defer p.close()
	if p.rc == nil {
		return nil
	}
	_, err := io.Copy(io.Discard, &limitedReader{r: p.rc, wb: p.wb})
	if err == nil || errors.Is(err, errTooBig) {
		return nil
	}
	return damaged(p.name, err)
}

// skip reads past the end of the element just started.
func (p *part) skip() error {
	depth := p.depth
	for p.depth >= depth {
		if _, err := p.next(); err != nil {
			return err
		}
	}
	return nil
}

// textOf names what text reads in a message: a cell (col from 0, row
// from 1) or, with row 0, shared string col.
type textOf struct{ col, row int }

func (w textOf) String() string {
	if w.row == 0 {
		return fmt.Sprintf("the shared string %d", w.col)
	}
	return "cell " + CellName(w.col, w.row)
}

// text reads the text of the element just started, to its end, with the
// text of the elements inside it except phonetic hints (rPh), at most
// maxCell characters.
func (p *part) text(what textOf) (string, error) {
	b, err := p.textBytes(what)
	return string(b), err
}

// textBytes is text, in the part's buffer: valid until the next call.
func (p *part) textBytes(what textOf) ([]byte, error) {
	b := p.buf[:0]
	depth := p.depth
	skipAt := 0 // the depth of an element whose text is left out, 0 for none
	// made only when told: a cell read is no message formatted
	tooLong := func() error {
		return Error{fmt.Sprintf("%s holds more than %d characters (Excel's limit for a cell)", what, maxCell)}
	}
	for {
		t, err := p.next()
		if err != nil {
			if p.long {
				return nil, tooLong()
			}
			if p.badChar {
				return nil, Error{fmt.Sprintf("%s holds %s; save the workbook again", what, charReason(p.char))}
			}
			return nil, err
		}
		switch t.kind {
		case kStart:
			if skipAt == 0 && string(t.local) == "rPh" {
				skipAt = p.depth
			}
		case kEnd:
			if p.depth < depth {
				p.buf = b
				if !utf8.Valid(b) {
					return nil, Error{fmt.Sprintf("%s is not valid UTF-8", what)}
				}
				if len(b) > maxCell && utf8.RuneCount(b) > maxCell {
					return nil, tooLong()
				}
				return b, nil
			}
			if p.depth < skipAt {
				skipAt = 0
			}
		case kText:
			if skipAt != 0 {
				continue
			}
			if t.long || len(b)+len(t.text) > maxCell*utf8.UTFMax {
				return nil, tooLong()
			}
			b = append(b, t.text...)
		}
	}
}

// attr returns the value of the attribute local of a start element.
func attr(t *token, local string) string { return string(t.attr(local)) }

// rels is a part's relationships: targets by id, and by type.
type rels struct {
	byID   map[string]string
	typeOf map[string]string // type by id
	types  []string          // type, target, type, target...
}

func (r *rels) byType(suffix string) string {
	for i := 0; i+1 < len(r.types); i += 2 {
		if strings.HasSuffix(r.types[i], suffix) {
			return r.types[i+1]
		}
	}
	return ""
}

// rels reads the relationships part name, whose targets are relative to
// dir; a workbook without it has none.
func (wb *workbook) rels(name, dir string) (*rels, error) {
	r := &rels{byID: map[string]string{}, typeOf: map[string]string{}}
	if wb.files[strings.ToLower(name)] == nil {
		return r, nil
	}
	p, err := wb.part(name)
	if err != nil {
		return nil, err
	}
	for {
		t, err := p.next()
		if errors.Is(err, io.EOF) || (err == nil && p.rc == nil) {
			return r, nil
		}
		if err != nil {
			return nil, err
		}
		if s := t; s.is("Relationship") {
			if attr(s, "TargetMode") == "External" {
				continue
			}
			target := attr(s, "Target")
			if strings.HasPrefix(target, "/") {
				target = strings.TrimPrefix(target, "/")
			} else {
				target = path.Join(dir, target)
			}
			id, typ := attr(s, "Id"), attr(s, "Type")
			if err := wb.charge(3 + (len(target)+len(id)+len(typ))/16); err != nil {
				return nil, err
			}
			r.byID[id] = target
			r.typeOf[id] = typ
			r.types = append(r.types, typ, target)
		}
	}
}

// sheetRef is a sheet of the workbook: its name, its relationship's id,
// and what it holds when it is no sheet of cells (sheetKind).
type sheetRef struct{ name, rid, kind string }

// readWorkbook reads the sheets of the workbook in order, and its date
// system.
func (wb *workbook) readWorkbook(name string) ([]sheetRef, error) {
	p, err := wb.part(name)
	if err != nil {
		return nil, err
	}
	var sheets []sheetRef
	for {
		t, more, err := p.step()
		if err != nil {
			return nil, err
		}
		if !more {
			return sheets, nil
		}
		s := t
		if s.kind != kStart {
			continue
		}
		switch string(s.local) {
		case "workbookPr":
			v := attr(s, "date1904")
			wb.date1904 = v == "1" || v == "true"
		case "sheet":
			n, rid := attr(s, "name"), ""
			for _, a := range s.attrs {
				if string(a.local) == "id" && len(a.space) != 0 {
					rid = string(a.value)
				}
			}
			if err := wb.charge(2 + (len(n)+len(rid))/16); err != nil {
				return nil, err
			}
			sheets = append(sheets, sheetRef{name: n, rid: rid})
		}
	}
}

// readStrings reads the shared strings, each once: the text of its `t`
// elements, plain or in rich-text runs, without the phonetic hints (rPh).
func (wb *workbook) readStrings(name string) error {
	p, err := wb.part(name)
	if err != nil {
		return err
	}
	for {
		t, more, err := p.step()
		if !more {
			return err
		}
		if !t.is("si") {
			continue
		}
		i := len(wb.strings)
		text, err := p.text(textOf{col: i})
		if err != nil {
			return err
		}
		if err := wb.charge(2 + len(text)/16); err != nil {
			return err
		}
		wb.strings = append(wb.strings, unescape(text))
	}
}

// readStyles reads the number format of every cell style (cellXfs), each
// code read once.
func (wb *workbook) readStyles(name string) error {
	p, err := wb.part(name)
	if err != nil {
		return err
	}
	custom := map[int]*numFormat{}
	inXfs := false
	numFmts, xfs := 0, 0
	tooMany := func(what string) error {
		return Error{fmt.Sprintf("the part %s of the workbook holds more than %d %s (Excel's limit for cell formats); save the workbook again from Excel", p.name, maxStyles, what)}
	}
	for {
		t, more, err := p.step()
		if !more {
			return err
		}
		switch t.kind {
		case kEnd:
			if string(t.local) == "cellXfs" {
				inXfs = false
			}
		case kStart:
			switch string(t.local) {
			case "numFmt":
				if numFmts++; numFmts > maxStyles {
					return tooMany("number formats")
				}
				id, err := strconv.Atoi(attr(t, "numFmtId"))
				if err != nil {
					continue
				}
				code := attr(t, "formatCode")
				if utf8.RuneCountInString(code) > maxFormatLen {
					return Error{fmt.Sprintf("the number format %d in %s is longer than %d characters (Excel's limit); save the workbook again from Excel", id, p.name, maxFormatLen)}
				}
				if err := wb.charge(formatCost(code)); err != nil {
					return err
				}
				f := parseFormat(code)
				custom[id] = &f
			case "cellXfs":
				inXfs = true
			case "xf":
				if !inXfs {
					continue
				}
				if xfs++; xfs > maxStyles {
					return tooMany("cell formats")
				}
				if err := wb.charge(1); err != nil {
					return err
				}
				id, err := strconv.Atoi(attr(t, "numFmtId"))
				var f *numFormat
				if err == nil {
					f = custom[id]
					if f == nil {
						if code, ok := builtinFormats[id]; ok {
							bf := parseFormat(code)
							f = &bf
							custom[id] = f
						}
					}
				}
				wb.formats = append(wb.formats, f)
			}
		}
	}
}

// Next returns the next row that holds a cell: its number (from 1) and
// its cells as the sheet shows them (see the package doc), cell j in
// column j; a column with no cell is "". The slice is reused by the next
// call. After the last row ok is false. Rows with no cell are not
// returned. An error is an Error, or what Charge returned.
func (r *Rows) Next() (row int, cells []string, ok bool, err error) {
	if r.done {
		return 0, nil, false, nil
	}
	row, cells, ok, err = r.next()
	if err != nil || !ok {
		r.Close()
	}
	return row, cells, ok, err
}

func (r *Rows) next() (int, []string, bool, error) {
	p := r.p
	for {
		t, more, err := p.step()
		if !more {
			return 0, nil, false, err
		}
		if !t.is("row") {
			continue
		}
		n := r.row + 1
		if v := t.attr("r"); len(v) != 0 {
			n, err = strconv.Atoi(string(v))
			if err != nil || n < 1 || n > maxRow {
				return 0, nil, false, Error{fmt.Sprintf("the sheet (%s) has a row numbered %s; rows are numbered 1 to %d", p.name, quoteName(string(v)), maxRow)}
			}
		}
		if n <= r.row {
			return 0, nil, false, Error{fmt.Sprintf("row %d of the sheet comes after row %d: the rows are out of order or given twice; save the workbook again", n, r.row)}
		}
		r.row = n
		cells, err := r.readRow(n)
		if err != nil {
			return 0, nil, false, err
		}
		if len(cells) > 0 {
			return n, cells, true, nil
		}
	}
}

// readRow reads the cells of row n, whose start was just read.
func (r *Rows) readRow(n int) ([]string, error) {
	p := r.p
	depth := p.depth
	cells := r.cells[:0]
	r.text, r.spans = r.text[:0], r.spans[:0]
	for {
		t, err := p.next()
		if err != nil {
			return nil, err
		}
		if p.depth < depth {
			// The cells' own text in one string for the row, not one each.
			all, from := string(r.text), 0
			for j, end := range r.spans {
				if end >= 0 {
					cells[j], from = all[from:end], end
				}
			}
			r.cells = cells
			return cells, nil
		}
		if t.kind != kStart {
			continue
		}
		if string(t.local) != "c" {
			if err := p.skip(); err != nil {
				return nil, err
			}
			continue
		}
		col := len(cells)
		if ref := t.attr("r"); len(ref) != 0 {
			c, row, ok := parseRef(ref)
			if !ok || row != n {
				return nil, Error{fmt.Sprintf("row %d of the sheet holds a cell named %s, not a cell of row %d; save the workbook again", n, quoteName(string(ref)), n)}
			}
			if c < len(cells) {
				return nil, Error{fmt.Sprintf("cell %s of the sheet comes after cell %s: the cells of a row are out of order or given twice; save the workbook again", ref, CellName(len(cells)-1, n))}
			}
			col = c
		}
		if col >= maxCol {
			return nil, Error{fmt.Sprintf("row %d of the sheet has a cell past column XFD, the last a sheet has", n)}
		}
		if err := r.charge(1 + col - len(cells)); err != nil { // the empty cells before it, and it
			return nil, err
		}
		for len(cells) < col {
			cells = append(cells, "")
			r.spans = append(r.spans, -1)
		}
		v, own, err := r.cell(t, col, n)
		if err != nil {
			return nil, err
		}
		cells = append(cells, v)
		end := -1
		if own {
			end = len(r.text)
		}
		r.spans = append(r.spans, end)
	}
}

// cell reads the cell just started, in column col of row n. Text of its
// own (own true) it adds to the row's text rather than returning it.
func (r *Rows) cell(s *token, col, n int) (v string, own bool, err error) {
	p := r.p
	typ, style := "", -1
	for _, a := range s.attrs {
		switch string(a.local) {
		case "t":
			typ = cellType(a.value)
		case "s":
			if v, err := strconv.Atoi(string(a.value)); err == nil {
				style = v
			}
		}
	}
	what := textOf{col, n}
	depth := p.depth
	var b []byte // in the part's buffer: the last text read wins
	haveV := false
	for {
		t, err := p.next()
		if err != nil {
			return "", false, err
		}
		if p.depth < depth {
			break
		}
		if t.kind != kStart {
			continue
		}
		switch string(t.local) {
		case "v":
			b, err = p.textBytes(what)
			haveV = true
		case "is":
			if typ == "inlineStr" {
				b, err = p.textBytes(what)
				haveV = true
			} else {
				err = p.skip()
			}
		default: // f (a formula: its cached value is v), extLst...
			err = p.skip()
		}
		if err != nil {
			return "", false, err
		}
	}
	if !haveV {
		return "", false, nil
	}
	switch typ {
	case "s":
		i, err := strconv.Atoi(string(bytes.TrimSpace(b)))
		if err != nil || i < 0 || i >= len(r.wb.strings) {
			return "", false, Error{fmt.Sprintf("cell %s refers to shared string %s, which the workbook does not have (it has %d); save the workbook again", CellName(col, n), quoteName(string(b)), len(r.wb.strings))}
		}
		return r.wb.strings[i], false, nil // the one copy, shared
	case "inlineStr":
		if err := r.charge(len(b) / 16); err != nil {
			return "", false, err
		}
		if bytes.Contains(b, []byte("_x")) {
			r.text = append(r.text, unescape(string(b))...)
		} else {
			r.text = append(r.text, b...)
		}
		return "", true, nil
	case "b":
		if err := r.charge(len(b) / 16); err != nil {
			return "", false, err
		}
		switch string(bytes.TrimSpace(b)) {
		case "1":
			return "TRUE", false, nil
		case "0":
			return "FALSE", false, nil
		}
		// No program writes another: the file was made by hand or broken.
		return "", false, Error{fmt.Sprintf("cell %s is a TRUE/FALSE cell but holds %s, not 0 or 1; save the workbook again", CellName(col, n), quoteName(string(b)))}
	case "d":
		if f := r.format(style); f.date != nil {
			if day, tick, ok := isoDay(string(b), f.frac, r.wb.date1904); ok {
				return r.shown(f.showDay(day, tick, r.wb.date1904))
			}
		}
		return r.keepText(b)
	case "str", "e":
		return r.keepText(b)
	}
	if typ == "" || typ == "n" {
		b = bytes.TrimSpace(b)
	}
	f := r.format(style)
	if f.date == nil {
		// Most numbers are written plainly, with few digits: their digits
		// are read from their text.
		var buf [48]byte
		if neg, digits, point, ok := textDigits(buf[:0], b); ok {
			return r.shown(f.showDigits(neg, digits, point))
		}
	}
	// As f.show, without a string for the number's own text.
	if isNumberText(string(b)) {
		if x, ok := number(string(b)); ok {
			return r.shown(f.showWritten(string(b), x, r.wb.date1904))
		}
		if typ == "" || typ == "n" {
			// 1e400: past any double, so no spreadsheet wrote it; not
			// kept silently as text, which arithmetic would then refuse
			// for its exponent.
			return "", false, Error{fmt.Sprintf("cell %s is a number cell but holds %s, a number larger than a spreadsheet holds; save the workbook again", CellName(col, n), quoteName(string(b)))}
		}
	} else if (typ == "" || typ == "n") && len(b) > 0 {
		// A number cell that holds no number (12abc, NaN): no program
		// writes one, so it is not read silently as text.
		return "", false, Error{fmt.Sprintf("cell %s is a number cell but holds %s, which is not a number; save the workbook again", CellName(col, n), quoteName(string(b)))}
	}
	return r.keepText(b)
}

// shown is a cell's value as its format shows it (at most a few times
// the format's 255 characters), charged before it is kept.
func (r *Rows) shown(text string) (string, bool, error) {
	if err := r.charge(len(text) / 16); err != nil {
		return "", false, err
	}
	return text, false, nil
}

// keepText keeps b as the cell's text, charged before it is kept.
func (r *Rows) keepText(b []byte) (string, bool, error) {
	if err := r.charge(len(b) / 16); err != nil {
		return "", false, err
	}
	r.text = append(r.text, b...)
	return "", true, nil
}

// format is the number format of the cell style numbered style (-1 for
// none).
func (r *Rows) format(style int) *numFormat {
	if style >= 0 && style < len(r.wb.formats) && r.wb.formats[style] != nil {
		return r.wb.formats[style]
	}
	return generalFormat
}

// cellType is the type of a cell (its t attribute), one of the constant
// strings when it is one of them.
func cellType(t []byte) string {
	for _, k := range [...]string{"s", "inlineStr", "b", "str", "e", "d", "n"} {
		if string(t) == k {
			return k
		}
	}
	return string(t)
}

// Close lets go of the sheet; Next after it reports no more rows.
func (r *Rows) Close() {
	r.done = true
	r.p.close()
}

// parseRef reads a cell reference such as "B12": its column (from 0) and
// row (from 1).
func parseRef(ref []byte) (col, row int, ok bool) {
	i := 0
	for i < len(ref) && i < 3 {
		c := ref[i] | 0x20
		if c < 'a' || c > 'z' {
			break
		}
		col = col*26 + int(c-'a'+1)
		i++
	}
	if i == 0 || i == len(ref) || len(ref)-i > 7 {
		return 0, 0, false
	}
	for _, c := range ref[i:] {
		if c < '0' || c > '9' {
			return 0, 0, false
		}
		row = row*10 + int(c-'0')
	}
	return col - 1, row, row >= 1
}

// CellName names the cell of column j (from 0) in row (from 1), as a
// spreadsheet does: CellName(1, 3) is "B3".
func CellName(j, row int) string {
	var b []byte
	for j++; j > 0; j = (j - 1) / 26 {
		b = append(b, byte('A'+(j-1)%26))
	}
	for i, k := 0, len(b)-1; i < k; i, k = i+1, k-1 {
		b[i], b[k] = b[k], b[i]
	}
	return string(b) + strconv.Itoa(row)
}
