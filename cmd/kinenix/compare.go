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
// Fields are matched by label and by their order among the fields of the
// same label (the second `condition` of the old flow with the second of
// the new), wherever they are in the file. A row is newly skipped when a
// condition that held for it in the old flow does not in the new one
// (false or failing), and newly run the other way round; a condition
// that one flow does not have holds for every row there (its step runs),
// so adding a condition skips the rows where it is not true.
func (p *previewRun) compareFlows(ctx context.Context, name string, newFlow *flow.Flow) int {
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
	chosen, shown, only, code := p.filter(name, newFlow)
	if code != exitOK {
		return code
	}
	withRows := oldFlow.Reads("rows") || newFlow.Reads("rows")
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
	addCols := func(fields []flow.Field, isNew bool) {
		seen := map[string]int{}
		for i, fd := range fields {
			seen[fd.Label]++
			k := fd.Label + "\x00" + strconv.Itoa(seen[fd.Label])
			c := byKey[k]
			if c == nil {
				c = &column{name: fd.Label, old: -1, new: -1, isCond: fd.Condition}
				if fd.Condition {
					c.name += " (line " + strconv.Itoa(fd.Line) + ")"
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
	var skipped, run record.Rows
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
			if before == after {
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
	parts = append(parts, "rows newly skipped: "+flow.Count(skipped.Len())+rangesNote(&skipped, rows, stop != nil))
	parts = append(parts, "rows newly run: "+flow.Count(run.Len())+rangesNote(&run, rows, stop != nil))
	for _, c := range cols {
		if c.changed.Len() > 0 {
			parts = append(parts, echo.Clean(c.name)+" changed in "+flow.Count(c.changed.Len())+" "+plural(c.changed.Len(), "row", "rows")+rangesNote(&c.changed, rows, stop != nil))
		}
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

// rangesNote is ` (rows 1-2, 6)` after a count, or nothing for none;
// stopped says that the run stopped after total rows.
func rangesNote(r *record.Rows, total int, stopped bool) string {
	if r.Len() == 0 {
		return ""
	}
	return " (" + r.Text(total, stopped) + ")"
}
