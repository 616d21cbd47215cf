package data

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"

	"github.com/kinenix/expressions/internal/echo"
)

// sniffLen is how many bytes at the start of a file claims reads.
const sniffLen = 512

// formatNames are the formats as a flow author knows them, for the error
// of a file that is not what its name claims.
var formatNames = map[int]string{fmtJSON: "JSON", fmtYAML: "YAML", fmtCSV: "CSV", fmtXLSX: "XLSX", fmtJSONL: "JSON lines", fmtSniff: "JSON or YAML"}

// claims is the error for a file whose first bytes, head, show that it is
// not what its name claims (D45: a data file is named for what it is):
// a workbook (a zip archive) named as text, an old .xls workbook, text
// named .xlsx, or text in UTF-16 (with or without its byte-order mark). It is nil when head does not tell, and the reader of the
// format speaks for itself.
func (d *decoder) claims(format int, head []byte) error {
	head = head[:min(len(head), sniffLen)]
	zip := bytes.HasPrefix(head, []byte("PK\x03\x04")) || bytes.HasPrefix(head, []byte("PK\x05\x06"))
	switch {
	case format != fmtXLSX && bytes.HasPrefix(head, []byte("\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1")):
		// A named .xlsx of this kind is the XLSX reader's to tell
		// (encrypted, or the old .xls format).
		return d.errorf("this is an Excel workbook in the old .xls format or encrypted, not %s text; save it as an unprotected Excel Workbook (.xlsx) or as CSV UTF-8", formatNames[format])
	case format != fmtXLSX && echo.UTF16(head):
		// Read as UTF-8 its NULs would be text, and a CSV without a
		// byte-order mark would read silently as columns of them.
		if format == fmtCSV {
			return d.errorf("this is UTF-16 text (a spreadsheet's \"Unicode Text\"), not UTF-8%s", csvUTF8Hint)
		}
		return d.errorf("this is UTF-16 text, not UTF-8 (data files must be UTF-8); save it as UTF-8")
	case zip && format != fmtXLSX:
		return d.errorf("this is a workbook (a zip archive, as .xlsx files are), not %s text; name it .xlsx", formatNames[format])
	case format == fmtXLSX && !zip && len(head) > 0 && looksLikeText(head):
		t := bytes.TrimLeft(bytes.TrimPrefix(head, bom), " \t\r\n")
		first, _, _ := bytes.Cut(t, []byte("\n"))
		switch {
		case len(t) > 0 && (t[0] == '{' || t[0] == '['):
			return d.errorf("this is not an XLSX workbook but text that looks like JSON; name it .json")
		case bytes.ContainsAny(first, ",;\t"):
			return d.errorf("this is not an XLSX workbook but text that looks like CSV; name it .csv")
		}
		return d.errorf("this is not an XLSX workbook but text; name it for what it holds (.csv, .json or .yaml)")
	}
	return nil
}

// looksLikeText reports whether head, the start of a file, is text: no
// NUL byte and valid UTF-8 but for a character cut at its end.
func looksLikeText(head []byte) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	for len(head) > 0 {
		r, size := utf8.DecodeRune(head)
		if r == utf8.RuneError && size == 1 {
			return len(head) < utf8.UTFMax && !utf8.FullRune(head)
		}
		head = head[size:]
	}
	return true
}

// looksLikeCSV reports whether b, text that is neither JSON nor YAML,
// looks like CSV: its first line that is not blank holds a ',', a ';' or
// a tab, and so does the line after it, if any, and the first holds no
// `: ` (as a YAML mapping does); sep names the mark.
func looksLikeCSV(b []byte) (sep string, ok bool) {
	var lines [][]byte
	for line := range bytes.Lines(b) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		lines = append(lines, line)
		if len(lines) == 2 {
			break
		}
	}
	if len(lines) == 0 || bytes.Contains(lines[0], []byte(": ")) {
		return "", false // none, or a YAML mapping gone wrong
	}
	for _, m := range []struct{ mark, name string }{{",", "','"}, {";", "';'"}, {"\t", "tabs"}} {
		ok := true
		for _, line := range lines {
			ok = ok && bytes.Contains(line, []byte(m.mark))
		}
		if ok {
			return m.name, true
		}
	}
	return "", false
}

// looksLikeJSONLines reports whether b, which is not one JSON document,
// is JSON lines: two or more lines that are not blank, each one JSON
// object.
func looksLikeJSONLines(b []byte) bool {
	n := 0
	for line := range bytes.Lines(b) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue
		}
		if line[0] != '{' || !json.Valid(line) {
			return false
		}
		n++
	}
	return n >= 2
}
