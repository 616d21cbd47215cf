package data

import (
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"strings"
)

// sheet builds the rows of a sheet from its records, CSV or XLSX alike.
// A record whose cells are all empty is skipped. The first other record is
// the header: its cells, with white space around them
// trimmed, are the keys of every row; an empty or repeated name is an
// error. Each later record is a row: cell j under header j, read by the
// one scalar rule (decoder.scalar); a row shorter than the header has
// empty values for the cells it lacks; a cell beyond the header must be
// empty.
type sheet struct {
	d      *decoder
	header []string
}

// record takes one record and returns its row, or nil for a blank record
// and the header; where(j) names cell j of it in a message. Reading a
// record and keeping its row are charged to the decoder's budget first.
func (s *sheet) record(cells []string, where func(j int) string) (map[string]any, error) {
	if err := s.d.charge(1 + len(cells)); err != nil { // reading it
		return nil, err
	}
	blank := true
	for j, c := range cells {
		if c == "" {
			continue
		}
		blank = false
		if s.header != nil && j >= len(s.header) {
			return nil, s.d.errorf("%s: %s is in a column with no header name; give the column a name in the first row or remove the value", where(j), quoteKey(c))
		}
	}
	if blank {
		return nil, nil
	}
	if s.header == nil {
		return nil, s.setHeader(cells, where)
	}
	if err := s.d.charge(1 + mapCost(len(s.header))); err != nil { // keeping it
		return nil, err
	}
	row := make(map[string]any, len(s.header))
	for j, name := range s.header {
		var v any
		if j < len(cells) {
			v = s.d.scalar(cells[j])
		}
		row[name] = v
	}
	return row, nil
}

func (s *sheet) setHeader(cells []string, where func(j int) string) error {
	seen := make(map[string]int, len(cells))
	header := make([]string, len(cells))
	for j, c := range cells {
		name := strings.TrimSpace(c)
		if name == "" {
			return s.d.errorf("%s: the header (the first row) has an empty column name; every column needs a name", where(j))
		}
		if k, dup := seen[name]; dup {
			return s.d.errorf("%s: the column name %s is given twice in the header (first %s)", where(j), quoteKey(name), where(k))
		}
		seen[name] = j
		header[j] = name
	}
	s.header = header
	return nil
}

// sheetData reads every row of src into Data: Decode for a sheet is a
// loop over the rows a RowReader gives.
func (d *decoder) sheetData(src rowSource) (*Data, error) {
	r, err := newRowReader(d, src)
	if err != nil {
		return nil, err
	}
	rows := []any{}
	var sheetRows []int32
	for {
		row, err := r.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		rows = append(rows, row.Values)
		sheetRows = append(sheetRows, int32(row.SheetRow))
	}
	vars := map[string]any{"rows": rows}
	if len(rows) > 0 {
		vars["row"] = rows[0]
	}
	return &Data{name: d.name, vars: vars, rows: rows, sheetRows: sheetRows, sheet: true}, nil
}

func (d *decoder) csvError(err error) error {
	var pe *csv.ParseError
	if !errors.As(err, &pe) {
		return d.errorf("not valid CSV")
	}
	reason := pe.Err.Error()
	switch {
	case errors.Is(pe.Err, csv.ErrBareQuote):
		reason = `a " inside a field that does not start with "; put the whole field in double quotes and write each " inside it as ""`
	case errors.Is(pe.Err, csv.ErrQuote):
		reason = `a quoted field has text after its closing ", or is never closed; write each " inside a quoted field as ""`
	}
	return d.errorf("line %d: not valid CSV: %s", pe.Line, reason)
}

// xlsxUnzipLimit bounds what an XLSX file of n bytes may unpack to: 64
// times its size and 1 MiB for the workbook's own parts, at most 1 GiB. A
// zip bomb stops at the limit: the reader counts what every part unpacks
// to as it reads it, and each part is also held to its declared size.
func xlsxUnzipLimit(n int) int64 {
	return min(64*int64(n)+1<<20, 1<<30)
}

// xlsxValueLimit is valueLimit for an XLSX file of n bytes: its XML is
// compressed, so the limit is four values (64 bytes) per byte and the same
// 64 MiB for any file. An ordinary sheet builds about one value per byte of
// workbook.
func xlsxValueLimit(n int) int { return 4*n + 1<<22 }

// xlsx reads the first sheet of an XLSX workbook, or the one named: cells as
// the sheet shows them (formatted values), then the one scalar rule.
func (d *decoder) xlsx(b []byte, name string) (*Data, error) {
	src, err := openXLSXRows(d, bytes.NewReader(b), int64(len(b)), name)
	if err != nil {
		return nil, err
	}
	return d.sheetData(src)
}
