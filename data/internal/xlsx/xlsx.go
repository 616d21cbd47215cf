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

// Each calls fn for every row of the sheet named (the first sheet when name
// is ""), in order, with the row's number (from 1) and its cells as the
// sheet shows them: formatted values, so a number keeps the digits shown
// and a date the text shown. Rows missing from the sheet come as empty
// records. unzipLimit bounds the bytes the workbook may unpack to; excelize
// keeps everything in memory up to it (no temporary files). An error of fn
// is returned as it is; every other error is an Error.
func Each(b []byte, name string, unzipLimit int64, fn func(row int, cells []string) error) error {
	if err := checkZip(b, unzipLimit); err != nil {
		return err
	}
	f, err := excelize.OpenReader(bytes.NewReader(b), excelize.Options{
		UnzipSizeLimit:    unzipLimit,
		UnzipXMLSizeLimit: unzipLimit, // never a temporary file
	})
	if err != nil {
		return openError(err, unzipLimit)
	}
	defer f.Close()
	sheets := f.GetSheetList()
	if len(sheets) == 0 {
		return Error{"the workbook has no sheet"}
	}
	if name == "" {
		name = sheets[0]
	} else if !slices.Contains(sheets, name) {
		return Error{fmt.Sprintf("the workbook has no sheet named %s (its sheets: %s)", strconv.Quote(name), quoteList(sheets))}
	}
	rows, err := f.Rows(name)
	if err != nil {
		return Error{fmt.Sprintf("cannot read the sheet %s: %v", strconv.Quote(name), err)}
	}
	defer rows.Close()
	for n := 1; rows.Next(); n++ {
		cells, err := rows.Columns()
		if err != nil {
			return Error{fmt.Sprintf("row %d of the sheet %s cannot be read: %v", n, strconv.Quote(name), err)}
		}
		if err := fn(n, cells); err != nil {
			return err
		}
	}
	if err := rows.Error(); err != nil {
		return Error{fmt.Sprintf("the sheet %s cannot be read: %v", strconv.Quote(name), err)}
	}
	return nil
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
