package main

import (
	"bufio"
	"context"
	"fmt"
	"iter"
	"strconv"
	"strings"

	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/echo"
)

// compareFlows is preview -compare OLD.md: the old flow and the new one
// run over the same rows, and only what changed is printed, a line per
// row and field, then a summary line.
//
// Fields are matched within their step (the heading above them): steps
// by their heading as written, and a step whose heading is in one flow
// only with the one at the same place in the other; within a step, by
// label and by their order among the fields of the same label (the
// second `condition` of the step in the old flow with the second of the
// same step in the new). A condition of one step is never matched with
// one of another step. A row is newly skipped when a condition that held
// for it in the old flow does not in the new one (false or failing), and
// newly run the other way round; a condition that one flow does not have
// holds for every row there (its step runs), so adding a condition skips
// the rows where it is not true, and a row where the added condition is
// true has not changed.
func (p *previewRun) compareFlows(ctx context.Context, name string, newSrc []byte, newFlow *flow.Flow) int {
	src, err := readFlow(p.pf.compare, p.stdin, p.d.file == "-")
	if err != nil {
		p.w.(*bufio.Writer).Flush()
		p.message(err)
		return exitUsage
	}
	oldFlow, err := flow.Compile(p.pf.compare, src, runOptions...)
	if err != nil {
		p.w.(*bufio.Writer).Flush()
		fmt.Fprintf(p.stderr, "kinenix: %s: %v\n", echo.Clean(p.pf.compare), err)
		return exitUsage
	}
	// -where and -errors choose the rows compared as they choose the rows
	// previewed, by the new flow: -where names a condition of the new flow
	// (or any condition line, tested before both flows run), -errors keeps
	// the rows where the new flow fails.
	chosen, shown, only, reads, code := p.filter(name, newFlow)
	if code != exitOK {
		return code
	}
	withRows := oldFlow.Reads("rows") || reads("rows")
	nextOld, stopOld := iter.Pull2(oldFlow.RunRows(ctx, only(p.plan.rows(withRows))))
	defer stopOld()
	nextNew, stopNew := iter.Pull2(newFlow.RunRows(ctx, only(p.plan.rows(withRows))))
	defer stopNew()

	// Each field of either flow, keyed by label and occurrence.
	type column struct {
		name     string // `subject`, `condition (line 19)`
		old, new int    // index among the results, -1 when absent
		isCond   bool
		changed  record.Rows
	}
	var cols []*column
	byKey := map[string]*column{}
	oldSteps, newSteps := steps(src), steps(newSrc)
	stepIDs := matchSteps(oldSteps, newSteps)
	addCols := func(fields []flow.Field, isNew bool) {
		seen := map[string]int{}
		ss, ids := oldSteps, []int(nil)
		if isNew {
			ss, ids = newSteps, stepIDs
		}
		for i, fd := range fields {
			step := stepOf(ss, fd.Line)
			if ids != nil {
				step = ids[step]
			}
			sk := strconv.Itoa(step) + "\x00" + fd.Label
			seen[sk]++
			k := sk + "\x00" + strconv.Itoa(seen[sk])
			c := byKey[k]
			if c == nil {
				c = &column{name: fd.Label, old: -1, new: -1, isCond: fd.Condition, changed: record.TextOnly()}
				if fd.Condition && isNew {
					c.name += " (line " + strconv.Itoa(fd.Line) + ")"
				} else if fd.Condition { // in the old flow only, unless matched below
					c.name += " (line " + strconv.Itoa(fd.Line) + " of " + p.pf.compare + ")"
				}
				byKey[k] = c
				cols = append(cols, c)
			}
			if isNew {
				c.new = i
				if fd.Condition { // named by its line in the new flow
					c.name = fd.Label + " (line " + strconv.Itoa(fd.Line) + ")"
				}
			} else {
				c.old = i
			}
		}
	}
	addCols(oldFlow.Fields(), false)
	addCols(newFlow.Fields(), true)
	skipped, run := record.TextOnly(), record.TextOnly()
	rows, changedRows := 0, 0
	var stop error
	prog := p.progress()
	for {
		ro, eo, okOld := nextOld()
		rn, en, okNew := nextNew()
		if !okOld || !okNew {
			break
		}
		if eo != nil || en != nil {
			stop = en
			if stop == nil {
				stop = eo
			}
			break
		}
		prog.add()
		if !chosen(&rn) || !shown(&rn) {
			continue // only the rows chosen are compared and counted
		}
		for _, res := range rn.Results {
			if res.Err != nil {
				p.errors++
			}
		}
		rows++
		any, lostCond, gainedCond := false, false, false
		for _, c := range cols {
			before, after := "(no field)", "(no field)"
			// A condition that is not in a flow lets its step run: it
			// holds for every row.
			hb, ha := true, true
			if c.old >= 0 {
				before = cell(&ro.Results[c.old])
				hb = ro.Results[c.old].Holds
			}
			if c.new >= 0 {
				after = cell(&rn.Results[c.new])
				ha = rn.Results[c.new].Holds
			}
			if before == after || c.isCond && hb && ha && (c.old < 0 || c.new < 0) {
				// a condition in one flow only that holds: the step runs
				// in both, as for a condition that held in both
				continue
			}
			any = true
			if c.isCond {
				lostCond = lostCond || hb && !ha
				gainedCond = gainedCond || !hb && ha
			}
			c.changed.Add(rn.Row, rn.SheetRow, rn.Key)
			fmt.Fprintf(p.w, "%s: %s: %s -> %s\n", rn.Name(), echo.Clean(c.name), echo.Quote(before), echo.Quote(after))
		}
		if any {
			changedRows++
		}
		if lostCond {
			skipped.Add(rn.Row, rn.SheetRow, rn.Key)
		}
		if gainedCond {
			run.Add(rn.Row, rn.SheetRow, rn.Key)
		}
	}
	prog.done()
	var parts []string
	among := record.Among{Rows: rows, Stopped: stop != nil, Chosen: p.chosenBy(true)}
	parts = append(parts, "rows newly skipped: "+flow.Count(skipped.Len())+rangesNote(&skipped, among))
	parts = append(parts, "rows newly run: "+flow.Count(run.Len())+rangesNote(&run, among))
	more := 0 // fields changed past the first maxSummaryFields
	for _, c := range cols {
		if c.changed.Len() == 0 {
			continue
		}
		if len(parts) == 2+maxSummaryFields {
			more++
			continue
		}
		parts = append(parts, echo.Clean(c.name)+" changed in "+flow.Count(c.changed.Len())+" "+plural(c.changed.Len(), "row", "rows")+rangesNote(&c.changed, among))
	}
	if more > 0 {
		parts = append(parts, "and "+flow.Count(more)+" more "+plural(more, "field", "fields")+" changed (the lines above name each)")
	}
	fmt.Fprintf(p.w, "%s vs %s: %s %s, %s changed; %s\n", echo.Clean(p.pf.compare), echo.Clean(name),
		flow.Count(rows), plural(rows, "row", "rows"), flow.Count(changedRows), strings.Join(parts, "; "))
	if stop != nil {
		p.errors++
		p.w.(*bufio.Writer).Flush()
		fmt.Fprintf(p.stderr, "kinenix: %s: %s%s\n", echo.Clean(name), stop, p.timeoutNote(stop))
		if _, ok := stop.(*flow.StopError); !ok {
			return exitUsage
		}
		return exitProblem
	}
	return exitOK
}

// maxSummaryFields is the most changed fields the summary line of
// -compare names, so that it stays one readable line however many fields
// a flow has; the rest are counted (each changed row and field has its
// own line above it).
const maxSummaryFields = 20

// rangesNote is ` (rows 1-2, 6)` after a count, or nothing for none;
// among says which rows were compared: every row, those run before the
// run stopped, those -where chose.
func rangesNote(r *record.Rows, among record.Among) string {
	if r.Len() == 0 {
		return ""
	}
	return " (" + r.TextOf(among) + ")"
}

// step is a heading of a flow (a step, or the title above the first step)
// and its line.
type step struct {
	line int
	text string
}

// steps are the headings of a flow (flow.Headings, read as its fields
// are), after the start of the file (line 0, no heading).
func steps(src []byte) []step {
	out := []step{{0, ""}}
	for _, h := range flow.Headings(src) {
		out = append(out, step{h.Line, h.Text})
	}
	return out
}

// stepOf is the index among ss of the step of the field on line.
func stepOf(ss []step, line int) int {
	at := 0
	for i, s := range ss {
		if s.line < line {
			at = i
		}
	}
	return at
}

// matchSteps gives each step of the new flow the index of its step in the
// old one: the first with the same heading not yet matched, or else the
// one at the same place if that is not matched; a step of the new flow
// matched with none gets an index of its own (past the old steps).
func matchSteps(old, new []step) []int {
	ids := make([]int, len(new))
	used := make([]bool, len(old))
	for j, n := range new {
		ids[j] = -1
		for i, o := range old {
			if !used[i] && o.text == n.text {
				ids[j], used[i] = i, true
				break
			}
		}
	}
	for j := range new {
		if ids[j] < 0 && j < len(old) && !used[j] {
			ids[j], used[j] = j, true
		}
	}
	for j := range new {
		if ids[j] < 0 {
			ids[j] = len(old) + j
		}
	}
	return ids
}
