package flow

import (
	"context"
	"slices"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

// A column that a flow reads as a number only in parts of its condition
// lines is not read as a number on a row where the run leaves each of
// those parts out (`${row.amount} != 'x' and ${row.amount} > 5` on the
// row where amount is 'x'): the part before decided the line. That row
// then does not count for the column's warning (D45), so that following
// its advice clears it (D49). The parts come from eval's inspection
// (Condition.Parts, Condition.Reads, the offsets of both), whether a part
// ran from the run's own steps; no text is read again.

// partRef is a part of the condition of a checked line that reads a
// column as a number: indexes into Flow.checked and into that
// condition's Parts, and where the read is (line number and column in
// characters, as Columns gives it).
type partRef struct{ line, part, num, col int }

// guardedColumn is a column (a key of row) read as a number only in
// parts of condition lines, with those parts.
type guardedColumn struct {
	name  string
	parts []partRef
}

// guardedColumns are the columns of row that the checked lines read as a
// number only in parts of conditions. A line that is no condition reads
// its columns whenever it is computed.
func guardedColumns(checked []checkedLine) []guardedColumn {
	always := map[string]bool{}
	index := map[string]int{}
	var out []guardedColumn
	for i, c := range checked {
		if c.cond == nil {
			for _, r := range c.tmpl.Reads() {
				if r.Numeric && len(r.Path) >= 2 && r.Path[0] == "row" {
					always[r.Path[1]] = true
				}
			}
			continue
		}
		parts := c.cond.Parts()
		if len(parts) < 2 {
			parts = nil // one part: every run of the line runs it
		}
		for _, r := range c.cond.Reads() {
			if !r.Numeric || len(r.Path) < 2 || r.Path[0] != "row" {
				continue
			}
			name := r.Path[1]
			j := slices.IndexFunc(parts, func(p eval.Part) bool { return p.Start <= r.Offset && r.Offset < p.End })
			if j < 0 {
				always[name] = true
				continue
			}
			k, seen := index[name]
			if !seen {
				k = len(out)
				index[name] = k
				out = append(out, guardedColumn{name: name})
			}
			out[k].parts = append(out[k].parts, partRef{i, j, c.ln.num, column(c.ln.text, c.at+r.Offset)})
		}
	}
	return slices.DeleteFunc(out, func(g guardedColumn) bool { return always[g.name] })
}

// partsLeftOut tells, for the condition of checked line c, which of its
// parts the row's run left out: a part after the one that decided an
// `and` or an `or`, or after one that failed. steps are the run's steps
// for it (with Explain) and err its error; without them the condition is
// explained again with ev, under what is left of the row's budget. nil
// when it cannot be told part by part.
func partsLeftOut(ctx context.Context, ev *eval.Evaluator, c *checkedLine, s *scope.Scope, steps []eval.Step, err error) []bool {
	n := len(c.cond.Parts())
	if n < 2 {
		return nil // one part: the run ran it
	}
	if steps == nil {
		_, steps, err = ev.Explain(ctx, c.cond, s)
	}
	if len(steps) > n || err == nil && len(steps) != n {
		return nil
	}
	out := make([]bool, n)
	for i := range out {
		out[i] = i >= len(steps) || !steps[i].Evaluated
	}
	if err != nil && len(steps) < n {
		out[len(steps)] = false // the part that failed ran
	}
	return out
}

// inLeftOut reports whether col, a column (in characters) of the line of
// c, falls in a part of its condition that the run left out (leftOut).
func inLeftOut(c *checkedLine, parts []eval.Part, leftOut []bool, col int) bool {
	for j, p := range parts {
		if j < len(leftOut) && leftOut[j] &&
			column(c.ln.text, c.at+p.Start) <= col && col < column(c.ln.text, c.at+p.End) {
			return true
		}
	}
	return false
}

// readAt is where a row first read a guarded column as a number (R2 of
// D49: a column warning points at a read that its rows ran).
type readAt struct {
	name      string
	line, col int
}

// notReadAsNumber are the guarded columns that the row whose parts left
// out are leftOut (by checked line) did not read as a number, and where
// it first read each of the others.
func notReadAsNumber(cols []guardedColumn, leftOut map[int][]bool) (out []string, at []readAt) {
	for _, g := range cols {
		all := true
		for _, p := range g.parts {
			if lo := leftOut[p.line]; lo == nil || !lo[p.part] {
				all = false
				at = append(at, readAt{g.name, p.num, p.col})
				break
			}
		}
		if all {
			out = append(out, g.name)
		}
	}
	return out, at
}
