package main

import (
	"encoding/json"
	"fmt"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
)

// The document `preview -json` prints: files, then the rows each was
// computed for, then the fields of the flow for that row.
type previewJSON struct {
	Files []previewFile `json:"files"`
	// Errors counts the fields that failed, Warnings the warnings.
	Errors   int `json:"errors"`
	Warnings int `json:"warnings"`
}

type previewFile struct {
	File string `json:"file"`
	// Error is set when the flow could not be read as a whole (it is too
	// large); Rows is then empty.
	Error string       `json:"error,omitempty"`
	Rows  []previewRow `json:"rows"`
}

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
	opts := flow.PreviewOptions{Explain: *explain, SampleWarnings: hasData}
	doc := previewJSON{Files: []previewFile{}}
	for _, name := range files {
		src, err := readFlow(name, c.stdin, d.file == "-")
		if err != nil {
			fmt.Fprintf(c.stderr, "kinenix: %v\n", err)
			code = exitUsage
			continue
		}
		pf := previewFile{File: name, Rows: []previewRow{}}
		for _, r := range runs {
			results, err := flow.Preview(name, src, r.scope, opts)
			if err != nil {
				doc.Errors++
				pf.Error = err.Error()
				if !*asJSON {
					fmt.Fprintf(c.stdout, "%s: error: %s\n", name, err)
				}
				break
			}
			if *asJSON {
				pf.Rows = append(pf.Rows, jsonRow(r.row, results))
			} else {
				if d.each {
					fmt.Fprintf(c.stdout, "row %d:\n", r.row)
				}
				c.printResults(results)
			}
			for _, res := range results {
				if res.Err != nil {
					doc.Errors++
				}
				doc.Warnings += len(res.Warnings)
			}
		}
		doc.Files = append(doc.Files, pf)
	}
	if *asJSON {
		b, err := json.MarshalIndent(doc, "", "  ")
		if err != nil {
			fmt.Fprintf(c.stderr, "kinenix: %v\n", err)
			return exitUsage
		}
		fmt.Fprintf(c.stdout, "%s\n", b)
	}
	if code == exitOK && (doc.Errors > 0 || *strict && doc.Warnings > 0) {
		code = exitProblem
	}
	return code
}

// printResults prints the results of one flow for one row: a line per
// field, then, indented, the parts of a condition, then the warnings.
func (c *cli) printResults(results []flow.Result) {
	for _, r := range results {
		fmt.Fprintln(c.stdout, r.String())
		for _, st := range r.Steps {
			fmt.Fprintln(c.stdout, "  "+flow.Escape(st.String()))
		}
		for _, w := range r.Warnings {
			fmt.Fprintln(c.stdout, flow.Escape(w.String()))
		}
	}
}

func jsonRow(row int, results []flow.Result) previewRow {
	pr := previewRow{Fields: make([]previewField, 0, len(results))}
	if row >= 0 {
		pr.Row = &row
	}
	for _, r := range results {
		f := previewField{File: r.File, Line: r.Line, Column: r.Column, Label: r.Label,
			Kind: "field", Value: r.Value}
		if r.Condition {
			f.Kind = "condition"
		}
		switch {
		case r.Err != nil:
			f.Error = r.Err.Error()
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
	return previewStep{Part: st.Part, Values: st.Values, Result: st.Result, Evaluated: st.Evaluated}
}
