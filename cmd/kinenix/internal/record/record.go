// Package record holds the JSON records that kinenix writes about a flow
// in more than one place: a finding of validate (Finding), where it is
// (Place), the row of a sheet it is about (RowRef), a part of a
// condition (Step) and the summary of a run over the rows (Summary); and
// what counts them: the rows a record holds for (Rows) and the summary's
// counter (Tally). validate -json, preview -json and the playground's
// answers are built from these, by the same functions, so a record reads
// the same wherever it is written. Every text of a record is cleaned as
// messages are (D37): control characters, bidi controls and invalid UTF-8
// as escapes.
package record

import (
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/value"
)

// Place is where in a flow a record is: the file name as messages write
// it (D37), the line and the column, both from 1. Embedded, its fields
// come first in the record.
type Place struct {
	File   string `json:"file"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

// PlaceOf is the place of line and column in file.
func PlaceOf(file string, line, column int) Place {
	return Place{File: echo.Clean(file), Line: line, Column: column}
}

// RowRef names the one row of a sheet a record is about, when it is about
// exactly one (D41: JSON carries the index and the sheet row), or the row
// where a run stopped (D42): Row is the index, SheetRow the row number the
// spreadsheet shows, Key the value of the -key column.
type RowRef struct {
	Row      *int   `json:"row,omitempty"`
	SheetRow int    `json:"sheetRow,omitempty"`
	Key      string `json:"key,omitempty"`
}

// RowRefOf is the row of index (none when index < 0), shown as sheetRow,
// with key.
func RowRefOf(index, sheetRow int, key string) RowRef {
	j := RowRef{SheetRow: max(sheetRow, 0), Key: KeyText(key)}
	if index >= 0 {
		j.Row = &index
	}
	return j
}

// KeyText is a row's -key value in JSON, as the row's name shows it
// (D41, flow.RowName): control characters as escapes (D37), and "" (the
// key left out) for a cell that is empty or blank by the one blank rule
// (white space, U+200B, U+FEFF), which the name leaves out too.
func KeyText(key string) string {
	if value.IsBlankText(key) {
		return ""
	}
	return echo.Clean(key)
}

// Finding is one finding of flow.Validate or of a run over the rows: in
// validate -json, in preview -json's warnings of a field, and in the
// playground's problems.
type Finding struct {
	Place
	Expression string `json:"expression"`
	Message    string `json:"message"`
	Kind       string `json:"kind"`
	Warning    bool   `json:"warning"`
	// Rows are the rows a finding holds for (their index, the n of
	// rows[n]; the first 1,000), when a sheet was checked row by row and
	// the finding comes from the data; SheetRows the same rows as the
	// spreadsheet numbers them (D41), Keys their values in the -key
	// column (as preview -json's key); RowCount how many rows in all.
	Rows      []int    `json:"rows,omitempty"`
	SheetRows []int    `json:"sheetRows,omitempty"`
	Keys      []string `json:"keys,omitempty"`
	RowCount  int      `json:"rowCount,omitempty"`
	// OtherMessageRows is how many of the rows fail at the same place
	// with another message than Message (another value; validate lists
	// a failing field once, with every row it fails on: D43).
	OtherMessageRows int `json:"otherMessageRows,omitempty"`
	RowRef
}

// FindingOf is the record of f, with the one row it names, if any.
func FindingOf(f flow.Finding) Finding {
	j := Finding{Place: PlaceOf(f.File, f.Line, f.Column),
		Expression: echo.Clean(f.Expr), Message: echo.Clean(f.Message), Kind: f.Kind, Warning: f.Warning}
	if f.Row != nil {
		j.RowRef = RowRefOf(f.Row.Index, f.Row.SheetRow, f.Row.Key)
	}
	return j
}

// Step is one part of a condition as -explain shows it (eval.Step): the
// part as written, the values of its placeholders as shown (empty when
// the part was not needed), whether it held, and whether it was needed
// (false when and or or was decided before it).
type Step struct {
	Part      string `json:"part"`
	Values    string `json:"values"`
	Result    bool   `json:"result"`
	Evaluated bool   `json:"evaluated"`
}

// StepOf is the record of st.
func StepOf(st eval.Step) Step {
	return Step{Part: echo.Clean(st.Part), Values: echo.Clean(st.Values), Result: st.Result, Evaluated: st.Evaluated}
}
