package data

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/kinenix/expressions/data/internal/xlsx"
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
	rows   []any
}

// add takes one record; where(j) names cell j of it in a message.
func (s *sheet) add(cells []string, where func(j int) string) error {
	if err := s.d.charge(1 + len(cells)); err != nil { // reading it
		return err
	}
	blank := true
	for j, c := range cells {
		if c == "" {
			continue
		}
		blank = false
		if s.header != nil && j >= len(s.header) {
			return s.d.errorf("%s: %s is in a column with no header name; give the column a name in the first row or remove the value", where(j), quoteKey(c))
		}
	}
	if blank {
		return nil
	}
	if s.header == nil {
		return s.setHeader(cells, where)
	}
	if err := s.d.charge(1 + mapCost(len(s.header))); err != nil { // keeping it
		return err
	}
	row := make(map[string]any, len(s.header))
	for j, name := range s.header {
		var v any
		if j < len(cells) {
			v = s.d.scalar(cells[j])
		}
		row[name] = v
	}
	s.rows = append(s.rows, row)
	return nil
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

func (s *sheet) data() *Data {
	rows := s.rows
	if rows == nil {
		rows = []any{}
	}
	vars := map[string]any{"rows": rows}
	if len(rows) > 0 {
		vars["row"] = rows[0]
	}
	return &Data{name: s.d.name, vars: vars, rows: rows, sheet: true}
}

// csv reads RFC 4180 CSV (encoding/csv: commas, double-quoted fields with
// commas, quotes and line breaks inside); the byte-order mark is already
// gone and the text is valid UTF-8.
func (d *decoder) csv(b []byte) (*Data, error) {
	r := csv.NewReader(bytes.NewReader(b))
	r.FieldsPerRecord = -1 // rows may be shorter or longer than the header (see sheet)
	s := sheet{d: d}
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, d.csvError(err)
		}
		where := func(j int) string {
			line, _ := r.FieldPos(min(j, len(rec)-1))
			return fmt.Sprintf("line %d, column %d", line, j+1)
		}
		if err := s.add(rec, where); err != nil {
			return nil, err
		}
	}
	return s.data(), nil
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
// zip bomb stops at the limit; excelize never spills to temporary files
// since its in-memory limit is the same.
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
	d.limit = xlsxValueLimit(len(b))
	s := sheet{d: d}
	err := xlsx.Each(b, name, xlsxUnzipLimit(len(b)), func(row int, cells []string) error {
		return s.add(cells, func(j int) string { return "cell " + xlsx.CellName(j, row) })
	})
	if err != nil {
		var re xlsx.Error
		if errors.As(err, &re) {
			return nil, d.errorf("%s", re.Error())
		}
		return nil, err
	}
	return s.data(), nil
}
