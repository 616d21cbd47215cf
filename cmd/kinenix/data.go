package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/kinenix/expressions/data"
)

// maxDataSize caps a data file; flows read spreadsheets and forms, not
// databases.
const maxDataSize = 64 << 20

// tooLargeFix is the fix of a data file over maxDataSize.
const tooLargeFix = "split it into files of fewer rows, or give only the rows and columns the flow reads"

// loadData reads a data file ("-" is standard input) and decodes it with the
// data package (D36): JSON, YAML, CSV, XLSX or JSON lines by the file's
// extension; another extension is refused (checkDataExt).
// `FILE.xlsx#Sheet name` reads that sheet of the workbook (splitSheet).
func loadData(path string, stdin io.Reader) (*data.Data, error) {
	var opts []data.Option
	path, sheet := splitSheet(path)
	if sheet != "" {
		opts = append(opts, data.Sheet(sheet))
	}
	return decodeFile(path, stdin, opts...)
}

// splitSheet cuts `FILE.xlsx#Sheet name` into the file and the sheet ""
// when there is no sheet): at the first `#` that follows .xlsx (in any
// case), so that a sheet's name may hold `#` (`x.xlsx#No. #2` is the
// sheet "No. #2"), as Excel lets it.
func splitSheet(path string) (file, sheet string) {
	for i := 0; i < len(path); i++ {
		if path[i] == '#' && strings.HasSuffix(strings.ToLower(path[:i]), ".xlsx") {
			return path[:i], path[i+1:]
		}
	}
	return path, ""
}

// decodeFile is loadData for a path without its #Sheet, the sheet given
// in opts.
func decodeFile(path string, stdin io.Reader, opts ...data.Option) (*data.Data, error) {
	var r io.Reader
	name := path
	if err := checkDataExt(path); err != nil {
		return nil, err
	}
	if path == "-" {
		r, name = stdin, "standard input"
	} else {
		f, err := openFile("data file", path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	b, err := readAll(r)
	if err != nil && !errors.Is(err, errTooLarge) {
		return nil, fmt.Errorf("cannot read data from %s", name)
	}
	if err != nil || len(b) > maxDataSize {
		return nil, fmt.Errorf("data in %s is larger than %d MiB; %s", name, maxDataSize>>20, tooLargeFix)
	}
	return data.Decode(name, b, opts...)
}

// checkDataExt refuses a data file whose extension names no format the
// data package reads (D45): a .txt or .tsv file would otherwise be read as
// YAML and fail in a way that does not say why. Standard input ("-") has
// no name, nor has a file without an extension: the format of either is
// told by its text (JSON when it starts with {, YAML otherwise).
func checkDataExt(path string) error {
	if path == "-" {
		return nil
	}
	ext := strings.ToLower(filepath.Ext(path))
	exts := data.Extensions()
	if slices.Contains(exts, ext) {
		return nil
	}
	if ext == "" {
		// no claim to check: a file such as /dev/fd/63 (a shell's <(...))
		// is read as standard input is, by its text
		return nil
	}
	if i := strings.LastIndexByte(path, '#'); i >= 0 && slices.Contains(exts, strings.ToLower(filepath.Ext(path[:i]))) {
		// FILE.csv#x: only a workbook has sheets to name
		return fmt.Errorf("data file %s: #SHEET names a sheet of an .xlsx workbook only; give the file alone: -data %s", path, path[:i])
	}
	return fmt.Errorf("data file %s: kinenix does not read %s files; it reads %s (save the data as one of them)", path, ext, extList())
}

// extList is the extensions of the data files kinenix reads, in words:
// ".json, .yaml, ... or .jsonl", from data.Extensions.
func extList() string {
	exts := data.Extensions()
	return strings.Join(exts[:len(exts)-1], ", ") + " or " + exts[len(exts)-1]
}

// errTooLarge is readAll's error for a file whose size is known to be
// over maxDataSize.
var errTooLarge = errors.New("the data file is too large")

// readAll reads at most maxDataSize+1 bytes, in a buffer sized from the
// file's size when it is known, so a big file is not copied as it grows.
// A file whose size is known to be over maxDataSize is refused with
// errTooLarge before any of it is read.
func readAll(r io.Reader) ([]byte, error) {
	size := 512
	if f, ok := r.(*os.File); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			if st.Size() > maxDataSize {
				return nil, errTooLarge
			}
			size = int(st.Size()) + 1
		}
	}
	b := make([]byte, 0, size)
	lr := io.LimitReader(r, maxDataSize+1)
	for {
		if len(b) == cap(b) {
			b = append(b, 0)[:len(b)]
		}
		n, err := lr.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if errors.Is(err, io.EOF) {
			return b, nil
		}
		if err != nil {
			return nil, err
		}
	}
}
