package flow

import (
	"context"
	"errors"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// Flow is a flow compiled once: every field and condition of the Markdown
// parsed and compiled, and what Validate reports without data. Run it for
// one row with Run, or over many rows with RunRows. A Flow is immutable and
// safe for concurrent use.
type Flow struct {
	file     string
	fields   []compiledField
	checked  []checkedLine // every line Validate checks, fields included
	findings []Finding     // what Validate reports without data
	names    []string      // the variables the placeholders read, sorted
	opts     options
	// guarded are the columns read as a number only in parts of
	// conditions (with SampleWarnings), see guards.go.
	guarded    []guardedColumn
	guardLines map[int]bool // the checked lines of their parts
}

// compiledField is one field of a flow with its compiled template or
// condition.
type compiledField struct {
	Field
	tmpl *eval.Template
	cond *eval.Condition
	err  error // why the condition line cannot be read as one
	// warnings are the warnings without data for the field's line.
	warnings []Finding
}

// checkedLine is a line Validate checks: a template, or the value of a
// condition field that starts at byte at.
type checkedLine struct {
	ln   line
	at   int
	tmpl *eval.Template
	cond *eval.Condition
	// phs are the placeholders of tmpl. On a field's line, field is the
	// field's index and from the index in phs of the first placeholder of
	// its value: the run of a row evaluates them, so that the checks of
	// the row's data need not when that run found everything it looked
	// up (sampleWarnings); field is -1 on other lines.
	phs   []eval.Placeholder
	field int
	from  int
	// parts are the parts of cond, and sides the placeholders of their
	// left and right sides, sideTraps their traps.
	parts     []eval.Part
	sides     [][2][]eval.Placeholder
	sideTraps [][2][]eval.Trap
	// traps are those of tmpl or cond, found once: the checks of each
	// row's data read them (Traps copies them at each call).
	traps []eval.Trap
}

// Option sets how a compiled flow runs.
type Option func(*options)

type options struct {
	explain, sample    bool
	reuse              bool
	workers            int
	runBytes, runSteps int64
	runBudgetSet       bool
	noFindings         bool
	// recheck makes the checks of SampleWarnings evaluate everything
	// again, as they did before they learnt what the run evaluated
	// cleanly: tests compare the two.
	recheck    bool
	envAllowed func(name string) bool
	envNames   []string
}

// noFindings compiles without checking the flow: for Preview with
// NoWarnings, whose caller checks it apart.
func noFindings(o *options) { o.noFindings = true }

// Explain records, for each condition, every part with the values of its
// placeholders and its verdict (Result.Steps).
func Explain() Option { return func(o *options) { o.explain = true } }

// SampleWarnings adds to each field the warnings that the row's data shows
// for its line (a lookup the row does not have, with the closest key it
// has; a side of < > <= >= that is not a number), as Validate gives them
// with the row as sample. They are computed after the fields, under what
// is left of the row's budget (D42), so they never make a field fail, and
// are not counted in the run's budget (RowResult.Steps), so a run stops at
// the same row with them or without them.
func SampleWarnings() Option { return func(o *options) { o.sample = true } }

// ReuseResults lets RunRows write the results of a later row in the
// storage of the Results of a row it yielded, as bufio.Scanner.Bytes
// reuses its bytes: a RowResult's Results are valid only until the loop's
// body returns. A host that keeps them longer copies the slice
// (slices.Clone(r.Results)); what the results hold (texts, errors,
// warnings, steps) is never written again and may be kept as it is.
// Allocating each row's results anew is much of the garbage of a run over
// many rows.
func ReuseResults() Option { return func(o *options) { o.reuse = true } }

// Workers sets how many goroutines RunRows runs rows on; n <= 0 (the
// default) is runtime.GOMAXPROCS(0).
func Workers(n int) Option { return func(o *options) { o.workers = n } }

// RunBudget sets the work one run of RunRows may do over all its rows
// (D42): bytes built, shown, copied or compared, and steps. A value <= 0
// keeps the default, RunBudgetFactor times the budget of one row.
func RunBudget(bytes, steps int64) Option {
	return func(o *options) { o.runBytes, o.runSteps, o.runBudgetSet = bytes, steps, true }
}

// EnvAllowed tells the flow's checks which environment variables the
// host lets in (ValidateOptions.EnvAllowed): an ${env.NAME} that is not
// let in is always empty and is warned about (D44).
func EnvAllowed(allowed func(name string) bool) Option {
	return func(o *options) { o.envAllowed = allowed }
}

// EnvNames names the environment variables a host lets in by a list
// (ValidateOptions.EnvNames), so that the fix of a name not let in keeps
// them.
func EnvNames(names ...string) Option {
	return func(o *options) { o.envNames = names }
}

// RunBudgetFactor is how many rows' budgets a run may use by default (D42).
const RunBudgetFactor = 64

// Compile reads a flow and compiles each of its fields and conditions
// once; file is the name used in findings and results. The error is set
// only when the flow is larger than MaxSize; a flow with problems compiles,
// and Findings lists them (they are what Validate reports without data).
func Compile(file string, src []byte, opts ...Option) (*Flow, error) {
	return CompileContext(context.Background(), file, src, opts...)
}

// CompileContext is Compile whose checks stop when ctx is done (see
// ValidateContext).
func CompileContext(ctx context.Context, file string, src []byte, opts ...Option) (f *Flow, err error) {
	ctx = orBackground(ctx)
	if len(src) > MaxSize {
		return nil, errors.New(tooLarge() + "; it was not read")
	}
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, errors.New("internal error while reading this flow; please report it")
		}
	}()
	f = &Flow{file: file}
	for _, o := range opts {
		if o != nil { // a nil Option is none, as in package eval
			o(&f.opts)
		}
	}
	if !f.opts.noFindings {
		// With SampleWarnings each row brings its data, which decides
		// what only data can (a method call that may be a key, D12).
		f.findings = validate(ctx, file, src, ValidateOptions{EnvAllowed: f.opts.envAllowed, EnvNames: f.opts.envNames}, f.opts.sample)
	}
	warnings, unclosed := map[int][]Finding{}, map[int][]Finding{}
	for _, w := range f.findings {
		switch {
		case w.Warning:
			warnings[w.Line] = append(warnings[w.Line], w)
		case w.Kind == "unclosed":
			// A ${ without its } is text when a field runs (D18), and
			// an error of validate; beside the field's text a run says
			// it as a warning, so that it is not silent (D44). Said
			// leaves it out where validate lists the error.
			w.Warning = true
			unclosed[w.Line] = append(unclosed[w.Line], w)
		}
	}
	names := map[string]bool{}
	for ln := range prose(src) {
		label, at, isField := parseField(ln.text)
		c := checkedLine{ln: ln, field: -1}
		var cf compiledField
		if isField {
			cf.Field = Field{Label: label, Value: strings.TrimRight(ln.text[at:], " \t"), Line: ln.num,
				Column: column(ln.text, at), Condition: strings.EqualFold(label, "condition")}
			cf.warnings = warnings[ln.num]
		}
		if isField && !cf.Condition && len(unclosed[ln.num]) > 0 {
			cf.warnings = append(slices.Clip(cf.warnings), unclosed[ln.num]...)
			slices.SortStableFunc(cf.warnings, compareFindings)
		}
		if isField && cf.Condition {
			c.at = at
			c.cond, cf.err = eval.CompileCondition(cf.Value)
			c.field = len(f.fields)
			if c.cond != nil {
				cf.err = nil // a problem of a placeholder is raised when tested
				cf.cond = c.cond
				c.parts = c.cond.Parts()
				for _, p := range c.parts {
					c.sides = append(c.sides, [2][]eval.Placeholder{p.Left.Placeholders(), p.Right.Placeholders()})
					c.sideTraps = append(c.sideTraps, [2][]eval.Trap{p.Left.Traps(), p.Right.Traps()})
				}
				c.traps = append(c.cond.Traps(), c.cond.RowTraps()...)
				condNames(c.cond, names)
			}
		} else {
			c.tmpl, _ = eval.Compile(ln.text)
			readNames(c.tmpl, names)
			c.phs = c.tmpl.Placeholders()
			c.traps = c.tmpl.Traps()
			if isField {
				cf.tmpl, _ = eval.Compile(cf.Value)
				c.field, c.from = valueAt(c.phs, cf.tmpl, len(f.fields))
			}
		}
		if c.tmpl != nil && len(c.tmpl.Placeholders()) > 0 || c.cond != nil {
			f.checked = append(f.checked, c)
		}
		if isField {
			f.fields = append(f.fields, cf)
		}
	}
	for n := range names {
		f.names = append(f.names, n)
	}
	sort.Strings(f.names)
	if f.opts.sample {
		f.guarded = guardedColumns(f.checked)
		f.guardLines = map[int]bool{}
		for _, g := range f.guarded {
			for _, p := range g.parts {
				f.guardLines[p.line] = true
			}
		}
	}
	return f, nil
}

// valueAt is where the placeholders of a field's value, tmpl, are among
// those of its line, phs (the last ones, the same texts), and i, the
// field's index; -1 when they are not found there as they should be.
func valueAt(phs []eval.Placeholder, tmpl *eval.Template, i int) (field, from int) {
	own := tmpl.Placeholders()
	from = len(phs) - len(own)
	if tmpl == nil || from < 0 {
		return -1, 0
	}
	for j, ph := range own {
		if phs[from+j].Text != ph.Text {
			return -1, 0
		}
	}
	return i, from
}

// readNames adds the variables the placeholders of t read: the first part
// of every lookup eval finds in them (Template.Reads), and of a
// placeholder's dotted path, which section 4 tries before the expression.
func readNames(t *eval.Template, names map[string]bool) {
	for _, r := range t.Reads() {
		names[r.Path[0]] = true
	}
	for _, ph := range t.Placeholders() {
		// A path's first part that is no name (`upper(row`) is read only
		// when the text is not an expression.
		if !ph.IsEnv() && len(ph.Path) > 0 && (ph.Tree == nil || ast.IsName(ph.Path[0])) {
			names[ph.Path[0]] = true
		}
	}
}

// condNames adds the variables the sides of c read (readNames).
func condNames(c *eval.Condition, names map[string]bool) {
	for _, p := range c.Parts() {
		readNames(p.Left, names)
		readNames(p.Right, names)
	}
}

// ConditionReads reports whether c reads the variable name, as Flow.Reads
// does for a flow's placeholders: a host that tests a condition of its
// own on a flow's rows (preview -where) gives each row `rows` when it
// reads it, though the flow does not.
func ConditionReads(c *eval.Condition, name string) bool {
	if c == nil {
		return false
	}
	names := map[string]bool{}
	condNames(c, names)
	return names[name]
}

// File is the name the flow was compiled with.
func (f *Flow) File() string {
	if f == nil {
		return ""
	}
	return f.file
}

// Fields returns the flow's fields in file order, as the package function
// Fields finds them.
func (f *Flow) Fields() []Field {
	if f == nil {
		return nil
	}
	out := make([]Field, len(f.fields))
	for i, cf := range f.fields {
		out[i] = cf.Field
	}
	return out
}

// Findings returns what Validate reports for the flow without data, sorted;
// with SampleWarnings, leaving out what each row's data decides (a method
// call written like a key, `${row.len(x)}`, which a row that has the key
// reads, D12, and a row that lacks it fails on).
func (f *Flow) Findings() []Finding {
	if f == nil {
		return nil
	}
	return append([]Finding(nil), f.findings...)
}

// Names returns the variables the flow's placeholders read, sorted: the
// first part of every dotted path and every name an expression reads.
func (f *Flow) Names() []string {
	if f == nil {
		return nil
	}
	return append([]string(nil), f.names...)
}

// Reads reports whether a placeholder of the flow reads the variable name.
// A host that streams a sheet gives each row the variable rows (the whole
// sheet) only when the flow reads it.
func (f *Flow) Reads(name string) bool {
	if f == nil {
		return false
	}
	i := sort.SearchStrings(f.names, name)
	return i < len(f.names) && f.names[i] == name
}

// RowResult is a flow computed for one row: each field's result, in file
// order, and the work the row charged to its budget.
type RowResult struct {
	// Row is the index of the row (rows[Row]), -1 for data that is not
	// a sheet; SheetRow the row number the spreadsheet shows (the header
	// is row 1), 0 when unknown; Key the value of the host's key column
	// (D41). They are copied from the Input.
	Row, SheetRow int
	Key           string
	// Results are the fields in file order, as Preview gives them.
	Results []Result
	// Bytes and Steps are the work the row's fields and conditions
	// charged to its budget, which a run adds up (D42); the checks of
	// SampleWarnings draw on what is left of the row's budget but are not
	// counted here.
	Bytes, Steps int64
	// Err is set when the row was cut short because the context was
	// done; it wraps ctx.Err(). For a nil *Flow it says there is no flow.
	Err error
	// notNumeric are the columns read as a number only in parts of
	// conditions that this row's run left out (with SampleWarnings):
	// ColumnCounter.AddRow does not count them as read as a number.
	notNumeric []string
	// numericAt are where the row first read each of the other columns
	// read as a number only in parts of conditions.
	numericAt []readAt
	// scope is the row's variables (Input.Scope), for
	// ColumnCounter.AddResult.
	scope *scope.Scope
}

// Failed reports whether a field or a condition of the row failed.
func (r *RowResult) Failed() bool {
	if r == nil {
		return false
	}
	for i := range r.Results {
		if r.Results[i].Err != nil {
			return true
		}
	}
	return false
}

// Name names the row as messages do (D41): `rows[3] (sheet row 5,
// INV-2026-0104)`.
func (r *RowResult) Name() string {
	if r == nil {
		return "no row (a nil *RowResult)"
	}
	return RowName(r.Row, r.SheetRow, r.Key)
}

// validator is st's validator, made ready to check the data s of a row
// of f under ctx, with st's evaluator: as validator{ctx, file, sample,
// ev, envAllowed} with the storage of its last row. What the state keeps
// from row to row is written only when it differs (a field written is a
// write barrier while the GC runs).
func (st *runState) validator(ctx context.Context, f *Flow, s *scope.Scope) *validator {
	v := &st.v
	if v.file != f.file {
		v.file = f.file
	}
	if v.ev != &st.ev {
		v.ev = &st.ev
	}
	v.envAllowed = f.opts.envAllowed
	v.ctx, v.sample = ctx, s
	clear(v.list)
	v.list = v.list[:0]
	v.envNames, v.bare, v.cond, v.rowsDecide, v.stop = nil, nil, false, false, nil
	v.cols = columnCursor{}
	v.rowKeys.fresh = false // the keys are read again, what was found kept while they are the same
	return v
}

// evaluators keep the state of Run between calls.
var evaluators = sync.Pool{New: func() any { return new(runState) }}

type runState struct {
	ev eval.Evaluator
	// v checks a row's data (sampleWarnings); kept with its storage from
	// row to row.
	v validator
}

// Run computes every field and condition of the flow with the data in s,
// under one budget for them all (D42): the budget of one evaluation that
// the limits of s set. One field that fails does not stop the others,
// unless the budget is spent or ctx is done, which fail every field after.
// s may be nil for a flow with no data. The result's Row is -1. A nil
// *Flow has nothing to run: the result has no fields, and its Err says so.
func (f *Flow) Run(ctx context.Context, s *scope.Scope) RowResult {
	if f == nil {
		return RowResult{Row: -1, Err: errNilFlow}
	}
	st := evaluators.Get().(*runState)
	defer evaluators.Put(st)
	return f.run(ctx, st, Input{Index: -1, Scope: s})
}

// RunInto is Run that keeps the results in r, reusing the storage of
// r.Results: for a host that runs many rows one by one and is done with a
// row's results before it runs the next (a row of a large flow holds a
// result per field, and allocating them anew is much of the work).
// With a nil r there is nowhere to keep the results, and nothing is run.
func (f *Flow) RunInto(ctx context.Context, s *scope.Scope, r *RowResult) {
	if r == nil {
		return
	}
	if f == nil {
		*r = RowResult{Row: -1, Results: r.Results[:0], Err: errNilFlow}
		return
	}
	st := evaluators.Get().(*runState)
	defer evaluators.Put(st)
	*r = f.runInto(ctx, st, Input{Index: -1, Scope: s}, r.Results)
}

func (f *Flow) run(ctx context.Context, st *runState, in Input) (r RowResult) {
	return f.runInto(ctx, st, in, nil)
}

// reset makes *res the Result of field fd of file before it is computed:
// Result{File: file, Field: fd}. It writes only what differs: storage
// reused row after row holds the same field of the same flow, and
// clearing it whole, pointers and all, cost a run more than the write
// barriers of the few fields a row sets.
func (res *Result) reset(file string, fd Field) {
	if res.File != file || res.Field != fd {
		res.File, res.Field = file, fd
	}
	if res.Text != "" {
		res.Text = ""
	}
	if res.Steps != nil {
		res.Steps = nil
	}
	if res.Err != nil {
		res.Err = nil
	}
	if res.Warnings != nil {
		res.Warnings = nil
	}
	res.Holds, res.WorkBytes, res.WorkSteps = false, 0, 0
}

// runInto is run with the results in buf's storage when it is large
// enough.
func (f *Flow) runInto(ctx context.Context, st *runState, in Input, buf []Result) (r RowResult) {
	ctx = orBackground(ctx)
	s := in.Scope
	if s == nil {
		s = scope.New(nil)
	}
	if cap(buf) >= len(f.fields) {
		buf = buf[:len(f.fields)]
		for i := range buf {
			buf[i].reset(f.file, f.fields[i].Field)
		}
	} else {
		buf = make([]Result, len(f.fields))
		for i := range buf {
			buf[i].File, buf[i].Field = f.file, f.fields[i].Field
		}
	}
	r = RowResult{Row: in.Index, SheetRow: in.SheetRow, Key: in.Key, Results: buf, scope: in.Scope}
	ev := &st.ev
	ev.Begin(ctx, s)
	// With SampleWarnings, the fields that ran without an error and found
	// every lookup (bit i for field i): their checks need not evaluate
	// them again.
	var clean uint64
	counting := f.opts.sample && !f.opts.recheck
	if counting {
		ev.CountMisses()
	}
	for i := range f.fields {
		cf := &f.fields[i]
		res := &r.Results[i]
		bytes0, steps0 := ev.Used()
		misses := ev.Misses()
		switch {
		case cf.err != nil:
			res.Err = cf.err
		case cf.cond != nil && f.opts.explain:
			res.Holds, res.Steps, res.Err = ev.Explain(ctx, cf.cond, s)
			res.Holds = res.Holds && res.Err == nil
		case cf.cond != nil:
			res.Holds, res.Err = ev.Test(ctx, cf.cond, s)
			res.Holds = res.Holds && res.Err == nil
		default:
			res.Text, res.Err = ev.Render(ctx, cf.tmpl, s)
		}
		bytes1, steps1 := ev.Used()
		res.WorkBytes, res.WorkSteps = bytes1-bytes0, steps1-steps0
		if counting && res.Err == nil && ev.Misses() == misses && i < 64 {
			clean |= 1 << i
		}
	}
	// The checks of the row's data come after the fields, under what is
	// left of the same budget: they never make a field fail. Their work
	// is not the row's work that a run adds up (D42), so that a run stops
	// at the same row whether its host asks for them or not (D43).
	r.Bytes, r.Steps = ev.Used()
	var sample map[int][]Finding
	if f.opts.sample {
		mark := ev.Mark()
		sample, r.notNumeric, r.numericAt = f.sampleWarnings(ctx, st, s, r.Results, clean)
		// Evaluating again what the run evaluated cleanly costs at most
		// twice its work (a condition's sides and its comparisons). When
		// what is left of the budget could not pay for that, the full
		// checks might have spent it and lost the warnings after: they
		// are done as before, from the same budget, so that a row's
		// warnings never depend on the shortcut.
		if clean != 0 {
			var bytes, steps int64
			for i := range r.Results {
				if i < 64 && clean&(1<<i) != 0 {
					bytes += r.Results[i].WorkBytes
					steps += r.Results[i].WorkSteps
				}
			}
			if !ev.Affords(2*bytes, 2*steps) {
				ev.Rewind(mark)
				sample, r.notNumeric, r.numericAt = f.sampleWarnings(ctx, st, s, r.Results, 0)
			}
		}
	}
	ev.End()
	for i := range f.fields {
		cf, res := &f.fields[i], &r.Results[i]
		ws := cf.warnings
		if extra := sample[cf.Line]; len(extra) > 0 {
			if res.Err != nil {
				// A field stops at its first failure, as it runs: of
				// what the row's data shows on it, only what says why
				// it failed stays beside the error, as validate -data
				// lists it (D43, RowResult.Findings).
				kept := extra[:0:0]
				for _, w := range extra {
					if besideError(w) {
						kept = append(kept, w)
					}
				}
				extra = kept
			}
			// In the order Validate lists them: the row's warnings
			// among those known without data, by column.
			ws = append(append([]Finding(nil), ws...), extra...)
			slices.SortStableFunc(ws, compareFindings)
		}
		msg, said := "", ""
		if res.Err != nil {
			msg = res.Err.Error()
			said, _ = EchoSaid(msg)
		}
		for _, w := range ws {
			// One line per problem (D32): no warning that the error says.
			if res.Err == nil || w.Message != msg && w.Message != said {
				res.Warnings = append(res.Warnings, w)
			}
		}
	}
	if err := ctx.Err(); err != nil {
		r.Err = value.Stopped(err)
	}
	return r
}

// sampleWarnings are the warnings that s shows for each line (by line
// number; nil when there are none), as Validate gives them with s as
// sample, computed with st's evaluator (in a shared evaluation: under the
// row's budget) and validator. A part of a condition
// that the row's run left out (results are the run's) gets no warning:
// the part before decided the line. notNumeric are the columns that the
// row therefore did not read as a number (guards.go).
func (f *Flow) sampleWarnings(ctx context.Context, st *runState, s *scope.Scope, results []Result, clean uint64) (_ map[int][]Finding, notNumeric []string, numericAt []readAt) {
	ev := &st.ev
	v := st.validator(ctx, f, s)
	defer func() { // the row's data is not kept past its run
		v.ctx, v.sample = nil, nil
	}()
	var leftOut map[int][]bool // made for the first line that asks
	for i := range f.checked {
		c := &f.checked[i]
		if c.cond == nil {
			v.sampleTraps(c.ln, 0, c.traps, nil, c.tmpl.Placeholders)
			// The placeholders of a field that the run evaluated without
			// an error or a miss give no warning here: evaluated again
			// with the same data they would find the same.
			ran := len(c.phs)
			if c.field >= 0 && c.field < 64 && clean&(1<<c.field) != 0 {
				ran = c.from
			}
			v.sampleChecksOf(c.ln, 0, c.tmpl, c.phs, c.traps, ran)
			continue
		}
		var steps []eval.Step
		var err error
		for j := range results {
			if r := &results[j]; r.Condition && r.Line == c.ln.num {
				if r.Steps != nil {
					steps, err = r.Steps, r.Err
				}
				break
			}
		}
		v.cond = true
		v.sampleTraps(c.ln, c.at, c.traps, c.cond, func() []eval.Placeholder { return conditionPlaceholders(c.cond) })
		mark := len(v.list)
		parts := c.parts
		// A condition that the run tested without an error or a miss
		// evaluated its first part, or every part when and/or left none
		// out: their sides give no warning here (but the right of `in`,
		// whose items are evaluated only until one is equal), and their
		// comparisons none either.
		ran := 0
		if c.field >= 0 && c.field < 64 && clean&(1<<c.field) != 0 {
			ran = 1
			if c.cond.RanAll(results[c.field].Holds) {
				ran = len(parts)
			}
		}
		for j, p := range parts {
			v.sampleChecksRan(c.ln, c.at, p.Left, c.sides[j][0], c.sideTraps[j][0], j < ran)
			if p.Right != nil {
				v.sampleChecksRan(c.ln, c.at, p.Right, c.sides[j][1], c.sideTraps[j][1], j < ran && p.Op != "in")
			}
		}
		v.orderChecks(c.ln, c.at, c.cond, parts, ran)
		v.cond = false
		// Which parts the run left out is asked only when it matters: a
		// part warned about, a column guarded by a part of the line.
		if len(v.list) == mark && !f.guardLines[i] {
			continue
		}
		lo := partsLeftOut(ctx, ev, c, s, steps, err)
		if leftOut == nil {
			leftOut = map[int][]bool{}
		}
		leftOut[i] = lo
		if lo == nil {
			continue
		}
		kept := v.list[:mark]
		for _, e := range v.list[mark:] {
			if !inLeftOut(c, parts, lo, e.Column) {
				kept = append(kept, e)
			}
		}
		v.list = kept
	}
	notNumeric, numericAt = notReadAsNumber(f.guarded, leftOut)
	if v.stop != nil && !failedOnBudget(results) {
		v.list = append(v.list, v.stop)
	}
	var out map[int][]Finding
	for _, w := range v.finish() {
		if w.Kind == "limit" && w.Message == tooMany {
			// the row's checks stopped after MaxFindings: said where
			// they stopped, as a warning of the row, never silently
			w.Warning = true
		}
		if w.Warning {
			if out == nil {
				out = map[int][]Finding{}
			}
			out[w.Line] = append(out[w.Line], w)
		}
	}
	return out, notNumeric, numericAt
}

// EchoSaid is what an error's message says after it echoes its
// expression: for `${default(x, N/A)}: N/A: this is read as ...`, the
// `N/A: this is read as ...` that a warning at the same place says; ok
// is false for a message that echoes no expression. A warning that an
// error at its place says this way is that error's (D32, D44).
func EchoSaid(msg string) (said string, ok bool) {
	rest, _ := strings.CutPrefix(msg, "condition: ")
	if !strings.HasPrefix(rest, "${") {
		return "", false
	}
	_, said, ok = strings.Cut(rest, "}: ")
	return said, ok
}

// Finding is the error of a field that failed, as a finding of the flow
// (D43): placed in the file at the part that failed, with its kind. ok is
// false when the field did not fail.
func (r Result) Finding() (f Finding, ok bool) {
	if r.Err == nil {
		return Finding{}, false
	}
	var e *eval.Error
	if !errors.As(r.Err, &e) {
		e = &eval.Error{Expr: r.Value, Reason: r.Err.Error(), Kind: r.Err}
		if errors.Is(r.Err, value.ErrBudget) {
			e.Kind = eval.ErrLimit
		}
	}
	v := &validator{file: r.File}
	c := *e
	c.Line, c.Column = r.Line, r.Column+max(e.Column, 1)-1
	c.EndLine, c.EndColumn = r.Line, c.Column+1
	if e.EndLine == 1 && e.EndColumn > e.Column {
		c.EndColumn = r.Column + e.EndColumn - 1
	}
	f = v.finding(&c)
	f.Message = r.Err.Error()
	return f, true
}
