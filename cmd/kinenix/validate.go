package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/scope"
)

// jsonFinding is one finding in the output of `validate -json`, and a
// warning in that of `preview -json`.
type jsonFinding struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
	Expression string `json:"expression"`
	Message    string `json:"message"`
	Kind       string `json:"kind"`
	Warning    bool   `json:"warning"`
	// Rows are the sheet rows a finding holds for, when a sheet was checked
	// row by row and the finding comes from the data.
	Rows []int `json:"rows,omitempty"`
}

func toJSONFinding(f flow.Finding, rows []int) jsonFinding {
	return jsonFinding{File: echo.Clean(f.File), Line: f.Line, Column: f.Column,
		Expression: echo.Clean(f.Expr), Message: echo.Clean(f.Message), Kind: f.Kind, Warning: f.Warning, Rows: rows}
}

// validate checks flows (decision D32): one line per finding on standard
// output, `FILE:LINE:COL: message`, file by file in the order given (a
// directory's .md files in name order) and in file order within each.
// Exit status 1 when any flow has a problem (warnings count only with
// -strict), 0 with no output when none has, 2 for usage errors and files
// that cannot be read; the other files are still checked.
func (c *cli) validate(args []string) int {
	fs := c.flags("validate")
	d := addDataFlags(fs, false)
	asJSON := fs.Bool("json", false, "print the findings as a JSON array")
	strict := fs.Bool("strict", false, "exit 1 on warnings too, not only on problems (for CI)")
	args, code, done := c.parse(fs, args)
	if done {
		return code
	}
	if len(args) == 0 {
		return c.usageError("validate", "validate takes one or more flow files or directories")
	}
	files, code := c.flowFiles(args)
	runs, hasData, rc, done := c.scopes("validate", d, !d.row.set)
	if done {
		return rc
	}
	if !hasData {
		runs = nil // the environment alone is no sample data
	}
	all := []jsonFinding{}
	for _, name := range files {
		src, err := readFlow(name, c.stdin, d.file == "-")
		if err != nil {
			c.message(err)
			code = exitUsage
			continue
		}
		found := validateRows(name, src, runs, d.envAllowed())
		if !d.row.set { // D45: facts of the sheet's rows, not of the one -row picks
			found = append(found, columnWarnings(name, src, runs)...)
		}
		for _, f := range found {
			if (!f.Warning || *strict) && code == exitOK {
				code = exitProblem
			}
			if *asJSON {
				all = append(all, toJSONFinding(f.Finding, f.rows))
				continue
			}
			fmt.Fprintln(c.stdout, echo.Clean(f.String()))
		}
	}
	if *asJSON {
		// As preview -json: `>` and `&` as written, not \u003e, so that
		// a message reads the same in both.
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(all); err != nil {
			c.message(err)
			return exitUsage
		}
		c.stdout.Write(b.Bytes())
	}
	return code
}

// rowFinding is a finding of a flow checked against the rows of a sheet:
// rows lists the rows it holds for when it comes from the data (nil when
// it holds without data, or the data is not checked row by row), and
// sheetRows is how many rows were checked.
type rowFinding struct {
	flow.Finding
	rows      []int
	sheetRows int
}

// String is the finding as validate prints it; a finding of some rows
// ends with the rows, `(row 3)`, `(rows 0-2, 5)` or `(every row)`.
func (f rowFinding) String() string {
	if f.rows == nil {
		return f.Finding.String()
	}
	return f.Finding.String() + " (" + rowsText(f.rows, f.sheetRows) + ")"
}

// maxSheetWork bounds the rows validate checks a flow against: rows ×
// the flow's bytes, 64 MiB (a 5 KiB flow against 13,000 rows).
const maxSheetWork = 64 << 20

// validateRows checks a flow without sample data (runs empty), with one
// sample, or with several rows of a sheet (each run names its row). With
// several rows, a finding is listed once, with the rows it holds for; a
// finding that holds without data is listed as it is.
func validateRows(name string, src []byte, runs []rowScope, env func(string) bool) []rowFinding {
	check := func(s *scope.Scope) []flow.Finding {
		return flow.ValidateWith(context.Background(), name, src, flow.ValidateOptions{Sample: s, EnvAllowed: env})
	}
	if len(runs) == 0 {
		return wrap(check(nil))
	}
	if len(runs) == 1 { // data that is not a sheet, -row, or a sheet of one row
		return wrap(check(runs[0].scope))
	}
	type key struct {
		line, col int
		msg       string
		warning   bool
	}
	keyOf := func(f flow.Finding) key { return key{f.Line, f.Column, f.Message, f.Warning} }
	var out []rowFinding
	index := map[key]int{}
	for _, f := range check(nil) {
		index[keyOf(f)] = len(out)
		out = append(out, rowFinding{Finding: f})
	}
	base := len(out)
	var stop *rowFinding
	for n, r := range runs {
		if n > 0 && n*len(src) > maxSheetWork {
			// Every row checks the whole flow again: rows × flow bytes
			// bound the time of a check, as the findings bound its output.
			stop = &rowFinding{Finding: flow.Finding{File: name, Line: 1, Column: 1, Kind: "limit", Warning: true,
				Message: "the flow and the sheet are too large to check every row; checking stopped before " +
					rowsText([]int{r.row}, 0) + " (" + strconv.Itoa(len(runs)-n) + " rows not checked)"}}
			break
		}
		if len(out) >= flow.MaxFindings {
			// Distinct findings of many rows would grow without bound.
			stop = &rowFinding{Finding: flow.Finding{File: name, Line: 1, Column: 1, Kind: "limit", Warning: true,
				Message: "too many findings; checking stopped after " + strconv.Itoa(flow.MaxFindings) +
					", before " + rowsText([]int{r.row}, 0) + " (" + strconv.Itoa(len(runs)-n) + " rows not checked)"}}
			break
		}
		for _, f := range check(r.scope) {
			k := keyOf(f)
			i, seen := index[k]
			if !seen {
				i = len(out)
				index[k] = i
				out = append(out, rowFinding{Finding: f, rows: []int{}, sheetRows: len(runs)})
			}
			if i >= base {
				out[i].rows = append(out[i].rows, r.row)
			}
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Before(out[j].Finding) })
	if stop != nil {
		out = append(out, *stop)
	}
	return out
}

func wrap(fs []flow.Finding) []rowFinding {
	out := make([]rowFinding, len(fs))
	for i, f := range fs {
		out[i] = rowFinding{Finding: f}
	}
	return out
}

// maxRanges is the most row ranges rowsText lists.
const maxRanges = 10

// rowsText names rows (increasing) of a sheet of n rows: `row 3`,
// `rows 0-2, 5`, `every row`; past maxRanges ranges, the count of the
// rest.
func rowsText(rows []int, n int) string {
	if len(rows) == n && n > 1 {
		return "every row"
	}
	var parts []string
	more := 0
	for i := 0; i < len(rows); {
		j := i
		for j+1 < len(rows) && rows[j+1] == rows[j]+1 {
			j++
		}
		if len(parts) == maxRanges {
			more += j - i + 1
		} else if i == j {
			parts = append(parts, strconv.Itoa(rows[i]))
		} else {
			parts = append(parts, strconv.Itoa(rows[i])+"-"+strconv.Itoa(rows[j]))
		}
		i = j + 1
	}
	word := "rows "
	if len(rows) == 1 {
		word = "row "
	}
	s := word + strings.Join(parts, ", ")
	if more > 0 {
		s += " and " + strconv.Itoa(more) + " more"
	}
	return s
}

// flowFiles expands the arguments of validate and preview: a directory
// stands for every .md file below it, in name order; any other argument is
// a flow file (or - for standard input). A directory that cannot be read,
// or holds no .md file, is reported on standard error and makes code 2.
func (c *cli) flowFiles(args []string) (files []string, code int) {
	for _, a := range args {
		st, err := os.Stat(a)
		if a == "-" || err != nil || !st.IsDir() {
			files = append(files, a) // readFlow reports what is wrong
			continue
		}
		var found []string
		err = filepath.WalkDir(a, func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !e.IsDir() && strings.EqualFold(filepath.Ext(p), ".md") {
				found = append(found, p)
			}
			return nil
		})
		if err != nil {
			fmt.Fprintf(c.stderr, "kinenix: cannot read the directory %s\n", echo.Clean(a))
			code = exitUsage
		}
		if err == nil && len(found) == 0 {
			fmt.Fprintf(c.stderr, "kinenix: %s holds no .md flow files\n", echo.Clean(a))
			code = exitUsage
		}
		sort.Strings(found)
		files = append(files, found...)
	}
	return files, code
}

// readFlow reads a flow file ("-" is standard input, unless the sample
// data came from there). It reads at most one byte more than flow.MaxSize,
// so that Validate can report a flow that is too large without the whole
// file being read.
func readFlow(name string, stdin io.Reader, stdinUsed bool) ([]byte, error) {
	var r io.Reader
	if name == "-" {
		if stdinUsed {
			return nil, errors.New("standard input is already read for -data; give the flow as a file")
		}
		r = stdin
	} else {
		f, err := openFile("flow file", name)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	b, err := readLimited(r, flow.MaxSize)
	if err != nil {
		return nil, fmt.Errorf("cannot read flow file %s", name)
	}
	return b, nil
}
