// Package xlsx reads the rows of one sheet of an XLSX workbook held in
// memory, through github.com/xuri/excelize/v2.
//
// It is the data package's only door to excelize, kept apart because
// excelize itself imports os (for temporary files, which Each turns off),
// net/http, reflect and unsafe: the data package proper imports none of
// them.
package xlsx

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Error is a reason the workbook cannot be read, in plain words.
type Error struct{ Reason string }

func (e Error) Error() string { return e.Reason }

// Rows reads the rows of one sheet, one at a time (see Open).
type Rows struct {
	f    *excelize.File
	rows *excelize.Rows
	name string
	n    int
}

// Open opens the sheet named (the first sheet when name is "") of the
// workbook b for reading its rows with Next. unzipLimit bounds the bytes
// the workbook may unpack to; excelize keeps everything in memory up to it
// (no temporary files). Every error is an Error.
func Open(b []byte, name string, unzipLimit int64) (*Rows, error) {
	if err := checkZip(b, unzipLimit); err != nil {
		return nil, err
	}
	f, err := excelize.OpenReader(bytes.NewReader(b), excelize.Options{
		UnzipSizeLimit:    unzipLimit,
		UnzipXMLSizeLimit: unzipLimit, // never a temporary file
	})
	if err != nil {
		return nil, openError(err, unzipLimit)
	}
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		f.Close()
		return nil, Error{"the workbook has no sheet"}
	}
	if name == "" {
		name = sheets[0]
	} else if !slices.Contains(sheets, name) {
		f.Close()
		return nil, Error{fmt.Sprintf("the workbook has no sheet named %s (its sheets: %s)", strconv.Quote(name), quoteList(sheets))}
	}
	rows, err := f.Rows(name)
	if err != nil {
		f.Close()
		return nil, Error{fmt.Sprintf("cannot read the sheet %s: %v", strconv.Quote(name), err)}
	}
	return &Rows{f: f, rows: rows, name: name}, nil
}

// Next returns the next row's number (from 1) and its cells as the sheet
// shows them: formatted values, so a number keeps the digits shown and a
// date the text shown. Rows missing from the sheet come as empty records.
// After the last row ok is false. Every error is an Error.
func (r *Rows) Next() (row int, cells []string, ok bool, err error) {
	if r.rows == nil {
		return 0, nil, false, nil
	}
	if !r.rows.Next() {
		err := r.rows.Error()
		r.Close()
		if err != nil {
			return 0, nil, false, Error{fmt.Sprintf("the sheet %s cannot be read: %v", strconv.Quote(r.name), err)}
		}
		return 0, nil, false, nil
	}
	r.n++
	cells, err = r.rows.Columns()
	if err != nil {
		r.Close()
		return 0, nil, false, Error{fmt.Sprintf("row %d of the sheet %s cannot be read: %v", r.n, strconv.Quote(r.name), err)}
	}
	return r.n, cells, true, nil
}

// Close lets go of the workbook; Next after it reports no more rows.
func (r *Rows) Close() {
	if r.rows != nil {
		r.rows.Close()
		r.f.Close()
		r.rows = nil
	}
}

// oleMagic starts an encrypted workbook (and an old .xls file).
var oleMagic = []byte("\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1")

// checkZip refuses, before excelize unpacks anything, a file that is not a
// zip archive and one whose parts declare more than limit bytes in all.
// archive/zip holds every part to its declared size when it is read, so
// the declared sizes bound what unpacking can make, whatever excelize's
// own check (a declared size past 2^63 reads as negative there).
func checkZip(b []byte, limit int64) error {
	if bytes.HasPrefix(b, oleMagic) {
		return Error{"the workbook is encrypted or in the old .xls format; save it as an unprotected .xlsx"}
	}
	zr, err := zip.NewReader(bytes.NewReader(b), int64(len(b)))
	if err != nil {
		return Error{"not an XLSX workbook (it is not a valid zip archive)"}
	}
	var total uint64
	for _, f := range zr.File {
		total += min(f.UncompressedSize64, uint64(limit)+1)
		if total > uint64(limit) {
			return Error{fmt.Sprintf("the workbook unpacks to more than %d bytes, too much for a file of its size", limit)}
		}
	}
	return nil
}

func openError(err error, limit int64) error {
	switch {
	case errors.Is(err, zip.ErrFormat), errors.Is(err, zip.ErrAlgorithm), errors.Is(err, zip.ErrChecksum):
		return Error{"not an XLSX workbook (it is not a valid zip archive)"}
	case errors.Is(err, excelize.ErrWorkbookFileFormat), errors.Is(err, excelize.ErrWorkbookPassword):
		return Error{"the workbook is encrypted or not an XLSX file; save it as an unprotected .xlsx"}
	case strings.Contains(err.Error(), "unzip size"):
		return Error{fmt.Sprintf("the workbook unpacks to more than %d bytes, too much for a file of its size", limit)}
	}
	return Error{fmt.Sprintf("cannot read the workbook: %v", err)}
}

func quoteList(list []string) string {
	q := make([]string, len(list))
	for i, s := range list {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}

// CellName names the cell of column j (from 0) in row (from 1), as a
// spreadsheet does: CellName(1, 3) is "B3".
func CellName(j, row int) string {
	name, err := excelize.CoordinatesToCellName(j+1, row)
	if err != nil {
		return fmt.Sprintf("column %d of row %d", j+1, row)
	}
	return name
}
