package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/echo"
)

// The document `preview -json` prints is
//
//	{"files": [{"file": NAME, "rows": [ROW...], "error": MESSAGE}...], "errors": N, "warnings": N}
//
// files lists the flows in the order read; error is there only when a flow
// could not be read as a whole (it is too large), and its rows are then
// empty. errors counts the fields that failed and the flows that could
// not be read, warnings the warnings. Each
// ROW is a previewRow. jsonOut writes it a row at a time.

type previewRow struct {
	// Row is the sheet row (from 0), absent when the data is not a sheet.
	Row    *int           `json:"row,omitempty"`
	Fields []previewField `json:"fields"`
}

type previewField struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Label  string `json:"label"`
	// Kind is "field" or "condition".
	Kind string `json:"kind"`
	// Value is the field's text as written in the flow.
	Value string `json:"value"`
	// Result is the rendered text of a field, or true or false for a
	// condition; absent when Error is set.
	Result any    `json:"result,omitempty"`
	Error  string `json:"error,omitempty"`
	// Steps are the parts of a condition, with -explain.
	Steps    []previewStep `json:"steps,omitempty"`
	Warnings []jsonFinding `json:"warnings,omitempty"`
}

type previewStep struct {
	Part string `json:"part"`
	// Values are the values of the part's placeholders as shown; empty
	// when the part was not needed.
	Values string `json:"values"`
	Result bool   `json:"result"`
	// Evaluated is false for a part that was not needed (and or or was
	// decided before it).
	Evaluated bool `json:"evaluated"`
}

// preview shows every field of flows computed with the data (issue #12).
func (c *cli) preview(args []string) int {
	fs := c.flags("preview")
	d := addDataFlags(fs, true)
	explain := fs.Bool("explain", false, "after each condition, print each of its parts with its values and whether it held")
	asJSON := fs.Bool("json", false, "print one JSON document: files, the rows of each, the fields of each row")
	strict := fs.Bool("strict", false, "exit 1 on warnings too, not only on fields that fail (for CI)")
	args, code, done := c.parse(fs, args)
	if done {
		return code
	}
	if len(args) == 0 {
		return c.usageError("preview", "preview takes one or more flow files or directories")
	}
	runs, hasData, rc, done := c.scopes("preview", d, false)
	if done {
		return rc
	}
	files, code := c.flowFiles(args)
	opts := flow.PreviewOptions{Explain: *explain, SampleWarnings: hasData, EnvAllowed: d.envAllowed()}
	out := &jsonOut{w: c.stdout}
	if *asJSON {
		out.begin()
	}
	errors, warnings := 0, 0
	for _, name := range files {
		src, err := readFlow(name, c.stdin, d.file == "-")
		if err != nil {
			c.message(err)
			code = exitUsage
			continue
		}
		if *asJSON {
			out.file(echo.Clean(name))
		}
		failed := ""
		for _, r := range runs {
			results, err := flow.Preview(name, src, r.scope, opts)
			if err != nil {
				errors++
				failed = echo.Clean(err.Error())
				if !*asJSON {
					fmt.Fprintf(c.stdout, "%s: error: %s\n", echo.Clean(name), failed)
				}
				break
			}
			if *asJSON {
				out.row(jsonRow(r.row, results))
			} else {
				if d.each && r.row >= 0 {
					fmt.Fprintf(c.stdout, "row %d:\n", r.row)
				}
				c.printResults(results)
			}
			for _, res := range results {
				if res.Err != nil {
					errors++
				}
				warnings += len(res.Warnings)
			}
		}
		if *asJSON {
			out.endFile(failed)
		}
	}
	if *asJSON {
		out.end(errors, warnings)
		if out.err != nil {
			c.message(out.err)
			return exitUsage
		}
	}
	if code == exitOK && (errors > 0 || *strict && warnings > 0) {
		code = exitProblem
	}
	return code
}

// jsonOut writes the document of `preview -json` as it goes, one row at a
// time, laid out as json.MarshalIndent with two spaces lays out the whole,
// so that a sheet of many rows is never held in memory at once. Text is
// written as it is (no HTML escapes).
type jsonOut struct {
	w           io.Writer
	files, rows int
	err         error
}

func (j *jsonOut) write(s string) {
	if j.err == nil {
		_, j.err = io.WriteString(j.w, s)
	}
}

// encode is v as indented JSON whose lines after the first start with
// prefix.
func (j *jsonOut) encode(v any, prefix string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent(prefix, "  ")
	if err := enc.Encode(v); err != nil && j.err == nil {
		j.err = err
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func (j *jsonOut) begin() { j.write("{\n  \"files\": [") }

func (j *jsonOut) file(name string) {
	if j.files > 0 {
		j.write(",")
	}
	j.files++
	j.rows = 0
	j.write("\n    {\n      \"file\": " + j.encode(name, "") + ",\n      \"rows\": [")
}

func (j *jsonOut) row(r previewRow) {
	if j.rows > 0 {
		j.write(",")
	}
	j.rows++
	j.write("\n        " + j.encode(r, "        "))
}

func (j *jsonOut) endFile(failed string) {
	if j.rows > 0 {
		j.write("\n      ")
	}
	j.write("]")
	if failed != "" {
		j.write(",\n      \"error\": " + j.encode(failed, ""))
	}
	j.write("\n    }")
}

func (j *jsonOut) end(errors, warnings int) {
	if j.files > 0 {
		j.write("\n  ")
	}
	j.write("],\n  \"errors\": " + strconv.Itoa(errors) + ",\n  \"warnings\": " + strconv.Itoa(warnings) + "\n}\n")
}

// printResults prints the results of one flow for one row: a line per
// field, then, indented, the parts of a condition, then the warnings.
func (c *cli) printResults(results []flow.Result) {
	for _, r := range results {
		fmt.Fprintln(c.stdout, r.String())
		for _, st := range r.Steps {
			fmt.Fprintln(c.stdout, "  "+echo.Clean(st.String()))
		}
		for _, w := range r.Warnings {
			fmt.Fprintln(c.stdout, echo.Clean(w.String()))
		}
	}
}

func jsonRow(row int, results []flow.Result) previewRow {
	pr := previewRow{Fields: make([]previewField, 0, len(results))}
	if row >= 0 {
		pr.Row = &row
	}
	for _, r := range results {
		f := previewField{File: echo.Clean(r.File), Line: r.Line, Column: r.Column, Label: echo.Clean(r.Label),
			Kind: "field", Value: echo.Clean(r.Value)}
		if r.Condition {
			f.Kind = "condition"
		}
		switch {
		case r.Err != nil:
			f.Error = echo.Clean(r.Err.Error())
		case r.Condition:
			f.Result = r.Holds
		default:
			f.Result = r.Text
		}
		for _, st := range r.Steps {
			f.Steps = append(f.Steps, jsonStep(st))
		}
		for _, w := range r.Warnings {
			f.Warnings = append(f.Warnings, toJSONFinding(w, nil))
		}
		pr.Fields = append(pr.Fields, f)
	}
	return pr
}

func jsonStep(st eval.Step) previewStep {
	return previewStep{Part: echo.Clean(st.Part), Values: echo.Clean(st.Values), Result: st.Result, Evaluated: st.Evaluated}
}
