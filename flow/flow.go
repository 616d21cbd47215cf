package flow

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/internal/spell"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// Limits of one check.
const (
	// MaxSize is the largest flow Validate checks, in bytes. A flow is a
	// Markdown file a person writes; a larger one is reported, not read.
	MaxSize = 1 << 20
	// MaxFindings is the most findings Validate returns for one flow; past
	// it, one more finding says that checking stopped.
	MaxFindings = 1000
)

// Finding is one problem or warning in a flow.
type Finding struct {
	File string
	// Line and Column (1-based; the column counts characters, so a Thai
	// letter or a tab is one) point at the start of the problem in the
	// file; EndLine and EndColumn just after its end.
	Line, Column, EndLine, EndColumn int
	// Expr is the text inside ${...} as written, or for a problem of a
	// condition line as a whole the condition line.
	Expr string
	// Message is the problem in the words of the rules (the expression
	// echoed, then the reason): `${<text>}: <reason>` or
	// `condition: <reason>`; a warning about a lookup reads
	// `row.Frist Name: no key 'Frist Name' in row; did you mean 'First
	// Name'?`.
	Message string
	// Kind is a short stable word for the kind of problem: syntax,
	// forbidden, unknown-function, arity, type, value, limit,
	// division-by-zero, data, condition, unclosed, missing-key, not-number,
	// trap (a silent trap of the flow, D38 and D44), column (a column
	// fact of a sheet, D45, from ColumnCounter.Warnings), cancelled (the context of
	// ValidateContext was done before every line was checked), internal
	// (a bug).
	Kind string
	// Warning is true for what does not fail a flow: what sample data
	// shows may go wrong, and the silent traps of D38 and D44.
	Warning bool
	// Row names the one row of a sheet the finding is about, when its
	// message names exactly one (D41: a column warning of
	// ColumnCounter.Warnings); nil otherwise.
	Row *RowRef
	// Rows are the rows of a sheet the finding is about, when it knows
	// them all (a column warning of ColumnCounter.Warnings), though its
	// message names only the first few (D41); nil otherwise. A pointer,
	// so that a Finding stays comparable.
	Rows *RowList
}

// RowList is the rows of a sheet a finding is about: Refs the first
// MaxRowsListed of them, in sheet order, Count how many in all.
type RowList struct {
	Refs  []RowRef
	Count int
}

// Before reports whether f comes before g in the order findings are
// listed: by line, then column, errors before warnings at one place (the
// order of eval.ErrorList.Sort, which Validate sorts by).
func (f Finding) Before(g Finding) bool {
	if f.Line != g.Line {
		return f.Line < g.Line
	}
	if f.Column != g.Column {
		return f.Column < g.Column
	}
	return !f.Warning && g.Warning
}

// compareFindings orders findings as Before does, for slices.SortStableFunc.
func compareFindings(f, g Finding) int {
	switch {
	case f.Before(g):
		return -1
	case g.Before(f):
		return 1
	}
	return 0
}

// String is `FILE:LINE:COL: message`, or `FILE:LINE:COL: warning: message`,
// with control characters, bidi controls and invalid UTF-8 in the file
// name written as escapes (D37), as they are in the message.
func (f Finding) String() string {
	var b strings.Builder
	writePlace(&b, f.File, f.Line)
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(f.Column))
	b.WriteString(": ")
	if f.Warning {
		b.WriteString("warning: ")
	}
	b.WriteString(f.Message)
	return b.String()
}

// writePlace writes `FILE:LINE`, as a finding and a preview line start,
// with the file name cleaned (D37).
func writePlace(b *strings.Builder, file string, line int) {
	b.WriteString(echo.Clean(file))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(line))
}

// Validate checks one flow; file is the name used in the findings. sample
// may be nil; with sample data, placeholders whose text could be a lookup
// of a key written with spaces or operators (`${row.Role in Company}`) are
// checked against it (design section 4), and warnings are added. Findings
// are sorted by line and column, errors before warnings at the same place.
// Validate never panics and its work is bounded by MaxSize and MaxFindings.
func Validate(file string, src []byte, sample *scope.Scope) []Finding {
	return ValidateContext(context.Background(), file, src, sample)
}

// ValidateContext is Validate that stops when ctx is done: the checks
// against sample data evaluate under it, and no line after that is
// checked. The findings so far are returned, then one of Kind
// "cancelled" at the first line not checked, so that a host can tell a
// check cut short from a flow without problems.
func ValidateContext(ctx context.Context, file string, src []byte, sample *scope.Scope) (out []Finding) {
	return ValidateWith(ctx, file, src, ValidateOptions{Sample: sample})
}

// ValidateOptions are the settings of ValidateWith.
type ValidateOptions struct {
	// Sample is the sample data, or nil (see Validate).
	Sample *scope.Scope
	// SampleRow names the row of a sheet that Sample is (`-row N`), or is
	// nil for data that is not a sheet: ValidateRow sets it as the Row of
	// each finding the run on Sample gives (D41: a finding about one row
	// names it), not of those known without data.
	SampleRow *RowRef
	// EnvAllowed reports whether the host lets a flow read the
	// environment variable name as ${env.NAME} (the command line's -env
	// and -env-all). nil lets none in. Each ${env.NAME} that is not let in
	// is always empty and is warned about (D44), with the fix: `the
	// environment is not read; run with -env NAME`.
	EnvAllowed func(name string) bool
	// EnvNames are the names EnvAllowed lets in, for a host that lets
	// in a list of them (-env FOO): the fix of a name not let in keeps
	// them, `run with -env FOO,BAZ`, so that following it lets both in.
	EnvNames []string
}

// ValidateWith is ValidateContext with the settings of opts.
func ValidateWith(ctx context.Context, file string, src []byte, opts ValidateOptions) (out []Finding) {
	return validate(ctx, file, src, opts, false)
}

// validate is ValidateWith; rowsDecide is set for the findings of a flow
// compiled to run over data that each row brings (SampleWarnings): what
// that data decides is left to the row.
func validate(ctx context.Context, file string, src []byte, opts ValidateOptions, rowsDecide bool) (out []Finding) {
	ctx = orBackground(ctx)
	sample := opts.Sample
	v := &validator{ctx: ctx, file: file, sample: sample, envAllowed: opts.EnvAllowed, envNames: opts.EnvNames, rowsDecide: rowsDecide}
	defer func() {
		if r := recover(); r != nil {
			out = append(v.finish(), Finding{File: file, Line: 1, Column: 1, EndLine: 1, EndColumn: 2,
				Message: "internal error while checking this flow; please report it", Kind: "internal"})
		}
	}()
	if len(src) > MaxSize {
		return []Finding{{File: file, Line: 1, Column: 1, EndLine: 1, EndColumn: 2, Kind: "limit",
			Message: tooLarge() + "; it was not checked"}}
	}
	var fs fenceState
	var fence unclosed
	var last *Field // the field whose paragraph the line may continue
	lastIndent := 0 // the indentation of its line
	lns := splitLines(string(src))
	for k, ln := range lns {
		if len(v.list) > MaxFindings {
			break
		}
		if err := ctx.Err(); err != nil {
			return append(v.finish(), Finding{File: file, Line: ln.num, Column: 1, EndLine: ln.num, EndColumn: 2,
				Kind: "cancelled", Message: "checking stopped here: " + value.Stopped(err).Error()})
		}
		if fs.skip(ln.text) {
			fence.read(ln, &fs)
			if fs.char != 0 && k == len(lns)-1 {
				v.unclosedFence(fence, fs)
			}
			last = nil
			continue
		}
		before := len(v.list)
		label, at, ok := parseField(ln.text)
		if ok && strings.EqualFold(label, "condition") {
			v.condition(ln, at)
		} else {
			v.template(ln)
		}
		v.plainUTF8(ln, v.list[before:])
		v.loneCR(ln)
		v.inlineField(ln)
		switch {
		case ok:
			last = &Field{Label: label, Line: ln.num, Condition: strings.EqualFold(label, "condition")}
			lastIndent = skipBlank(ln.text, 0)
			v.conditionTypo(ln, label, at)
		case last != nil && continues(ln.text, lastIndent):
			if last.Line > 0 {
				v.continued(ln, *last)
				last.Line = 0 // one warning for a field's paragraph
			}
		default:
			last = nil
			if !v.conditionLabel(ln) {
				v.pastedField(ln)
			}
		}
	}
	return v.finish()
}

// unclosed is what a fenced code block holds that is read as code only
// because nothing closes it: the fields and headings in it.
type unclosed struct {
	fence            line // the opening fence
	fields, headings int
}

// read counts the line ln, skipped as part of a fenced code block whose
// state fs is, as the block's opening fence or a line in it that would
// be a field or a heading without the block.
func (u *unclosed) read(ln line, fs *fenceState) {
	switch {
	case fs.opened:
		*u = unclosed{fence: ln}
	case fs.char == 0: // its closing fence
	default:
		if _, _, ok := parseField(ln.text); ok {
			u.fields++
		} else if _, ok := heading(ln.text); ok {
			u.headings++
		}
	}
}

// unclosedFence warns about a fenced code block that runs to the end of
// the file, its state fs there, because nothing closes it (CommonMark
// 4.5), when fields or headings are in it (u): they are read as code,
// never as fields or steps, and nothing else tells (D44). The fix, the
// closing fence, is the opening one's (as long, of the same character).
func (v *validator) unclosedFence(u unclosed, fs fenceState) {
	if u.fields+u.headings == 0 {
		return
	}
	var what []string
	for _, c := range [...]struct {
		n    int
		word string
	}{{u.fields, "field"}, {u.headings, "heading"}} {
		switch {
		case c.n == 1:
			what = append(what, "the "+c.word)
		case c.n > 1:
			what = append(what, "the "+strconv.Itoa(c.n)+" "+c.word+"s")
		}
	}
	verb := "are"
	if u.fields+u.headings == 1 {
		verb = "is"
	}
	_, rest := blockQuote(u.fence.text)
	at := len(u.fence.text) - len(strings.TrimLeft(rest, " \t"))
	close := strings.Repeat(string(fs.char), fs.n)
	v.lineWarning(u.fence, at, len(strings.TrimRight(u.fence.text, " \t")), "this code block is never closed, so it runs to the end of the file, and "+
		strings.Join(what, " and ")+" after it "+verb+" read as code; close it with "+close+" where the code ends")
}

// tooMany is the message of the finding past MaxFindings.
var tooMany = "too many problems; checking stopped after " + strconv.Itoa(MaxFindings)

// plainUTF8 warns about a byte of the line ln that is not valid UTF-8
// outside its placeholders (D37: never replaced silently; it is shown
// as an escape, `\xff`), naming the line's text and the byte, unless a
// problem of a placeholder (found, of the line) already says it.
func (v *validator) plainUTF8(ln line, found eval.ErrorList) {
	i := echo.FirstInvalid(ln.text)
	if i < 0 {
		return
	}
	for _, e := range found {
		if strings.Contains(e.Reason, "not valid UTF-8") {
			return
		}
	}
	e := &eval.Error{Subject: echo.Quote(strings.TrimSpace(ln.text)), Kind: eval.ErrSyntax, Severity: eval.SeverityWarning,
		Reason: fmt.Sprintf("the text is not valid UTF-8 (byte 0x%02X); it is shown as \\x%02x: save the flow file as UTF-8", ln.text[i], ln.text[i])}
	e.Line, e.Column, e.EndLine, e.EndColumn = ln.num, column(ln.text, i), ln.num, column(ln.text, i)+1
	v.list = append(v.list, e)
}

// lineWarning adds a silent trap of the Markdown of line ln (D44: a flow
// that reads, but not as meant), at byte off of the line, naming the
// line's text; it ends at byte end.
func (v *validator) lineWarning(ln line, off, end int, reason string) {
	e := &eval.Error{Subject: echo.Quote(strings.TrimSpace(ln.text)), Kind: errTrap, Severity: eval.SeverityWarning, Reason: reason}
	e.Line, e.Column, e.EndLine, e.EndColumn = ln.num, column(ln.text, off), ln.num, column(ln.text, end)
	v.list = append(v.list, e)
}

// continued warns about a line that continues the paragraph of the field
// f in Markdown: a field is one line, so its text is not part of the
// field, never rendered (or never tested, for a condition).
func (v *validator) continued(ln line, f Field) {
	what, done := fmt.Sprintf("the field '%s'", echo.Text(f.Label)), "rendered"
	if f.Condition {
		what, done = "the condition", "tested"
	}
	v.lineWarning(ln, skipBlank(ln.text, 0), len(strings.TrimRight(ln.text, " \t")), fmt.Sprintf("this line is not part of %s of line %d: a field is one line, so this text is never %s; write it on line %d; if it is not meant as part of it, leave a blank line before it",
		what, f.Line, done, f.Line))
}

// conditionLabel warns about a line written as a condition field that is
// not one (conditionLabel in markdown.go): the step runs for every row.
func (v *validator) conditionLabel(ln line) bool {
	labelAt, at, end, lead, why, ok := conditionLabel(ln.text)
	if !ok {
		return false
	}
	fix := lead + "**condition:** " + ln.text[at:max(at, end)]
	v.lineWarning(ln, labelAt, len(strings.TrimRight(ln.text, " \t")), "this is not a condition field, so the step runs for every row: "+why+"; write: "+echo.Text(fix))
	return true
}

// inlineField warns about a field written after other text on the line
// of a heading, a field or a list item (`# Renewal ## Step - **to:**
// ${row.email} - **condition:** ${row.amount} > 0`, a flow whose line
// breaks were lost when it was pasted): a field is a line of its own, so
// it is text of this line, never rendered or tested as a field. A lone
// \r before it is loneCR's.
func (v *validator) inlineField(ln line) {
	if strings.IndexByte(ln.text, '\r') >= 0 {
		return
	}
	_, _, field := parseField(ln.text)
	_, head := heading(ln.text)
	start := skipBlank(ln.text, 0)
	if !field && !head && listMarker(ln.text, start) == start {
		return
	}
	at, ok := inlineField(ln.text)
	if !ok {
		return
	}
	label, _, _ := parseField(ln.text[at:])
	what := "the field '" + echo.Text(label) + "'"
	if strings.EqualFold(label, "condition") {
		what = "the condition"
	}
	v.lineWarning(ln, at, len(strings.TrimRight(ln.text, " \t")), "a field is a line of its own, so "+what+" here is text of this line, never read as one (were the line breaks lost when the flow was pasted?); write each field on a line of its own")
}

// pastedField warns about a line written as a field, with a placeholder
// in its value, that is not one because of what a word processor, a chat
// app or a table put in it (pastedField in markdown.go): its text is
// never rendered as the field's.
func (v *validator) pastedField(ln line) {
	labelAt, fix, why, ok := pastedField(ln.text)
	if !ok {
		return
	}
	v.lineWarning(ln, labelAt, len(strings.TrimRight(ln.text, " \t")), "this is not a field, so its text is never rendered as one: "+why+"; write: "+echo.Text(fix))
}

// conditionTypo warns about a field whose label is a misspelt condition
// (`condtion`, `conditions`) and whose value reads as a comparison: its
// text is rendered, never tested, so the step runs for every row.
func (v *validator) conditionTypo(ln line, label string, at int) {
	if strings.EqualFold(label, "condition") || strings.ContainsAny(label, " \t") || !strings.Contains(ln.text[at:], "${") {
		return // a label of words (`Condition note`) is a field of its own
	}
	if _, close := spell.Closest(label, []string{"condition"}); !close {
		return
	}
	c, err := eval.CompileCondition(strings.TrimRight(ln.text[at:], " \t"))
	if err != nil {
		return
	}
	compares := false
	for _, p := range c.Parts() {
		compares = compares || p.Right != nil
	}
	if !compares {
		return
	}
	labelAt := strings.Index(ln.text, label)
	fix := ln.text[:labelAt] + "condition" + ln.text[labelAt+len(label):]
	v.lineWarning(ln, labelAt, labelAt+len(label), fmt.Sprintf("the label '%s' is not condition, so this is a field whose text is rendered, never tested, and the step runs for every row; write: %s",
		echo.Text(label), echo.Text(strings.TrimRight(fix, " \t"))))
}

// loneCR warns about a carriage return that does not end a line before
// what would be a field or a heading of its own: a flow's lines end in \n
// or \r\n, so in a file saved with \r alone (old Mac line ends) the
// fields and conditions after the first line end are text of that line.
// A \r inside text (`a\rb`) is only text.
func (v *validator) loneCR(ln line) {
	off := 0
	for {
		i := strings.IndexByte(ln.text[off:], '\r')
		if i < 0 {
			return
		}
		off += i
		next, _, _ := strings.Cut(ln.text[off+1:], "\r")
		_, _, field := parseField(next)
		_, _, _, _, _, cond := conditionLabel(next)
		if _, head := heading(next); field || cond || head {
			break
		}
		off++
	}
	v.lineWarning(ln, off, off+1, "a carriage return (\\r) alone does not end a line, so the field or heading after it is text of this line, not read as one; save the flow file with \\n or \\r\\n line ends")
}

// tooLarge says that a flow is over MaxSize. It names no byte
// count: a reader that stops past MaxSize, as the command line's does,
// does not know the whole size.
func tooLarge() string {
	return "the flow is larger than " + strconv.Itoa(MaxSize>>20) + " MiB"
}

type validator struct {
	ctx        context.Context
	file       string
	sample     *scope.Scope
	envAllowed func(name string) bool
	envNames   []string // the names envAllowed lets in, when known (ValidateOptions.EnvNames)
	// ev evaluates against the sample: nil, one budget per evaluation;
	// a run's Evaluator shares one budget for a row (D42).
	ev   *eval.Evaluator
	list eval.ErrorList // positions in the file: Line is the file's line
	// cols places the warnings of a line in it (addAt), counting the
	// line once for all of them.
	cols columnCursor
	// rowKeys are the keys of the row checked, sorted, and the closest
	// key to each name it lacks, kept from row to row while the keys
	// are the same (closestKey).
	rowKeys rowKeys
	// bare are the bare words of the template sampleChecks is checking
	// that are traps with the sample (D44).
	bare map[string]bool
	// cond is true while the placeholders of a condition line are
	// checked: their problems start with `condition:` (D37).
	cond bool
	// miss is the placeholder sampleChecksOf evaluates, for onMiss, which
	// is v.missed.
	miss   missCheck
	onMiss func(eval.Miss)
	// rowsDecide is set when there is no sample yet but each row of a
	// run brings data (validate): a check that the data decides is left
	// to the row's data.
	rowsDecide bool
	// stop is the first check of a run's row that the row's budget
	// stopped (noteStop), as a warning, or nil.
	stop *eval.Error
}

// finish sorts the findings, drops repeats, bounds them and turns them
// into Findings.
func (v *validator) finish() []Finding {
	v.list.Sort()
	out := make([]Finding, 0, len(v.list))
	for _, e := range v.list {
		out = append(out, v.finding(e))
	}
	return capFindings(out)
}

func (v *validator) finding(e *eval.Error) Finding {
	f := Finding{File: v.file, Line: e.Line, Column: max(e.Column, 1), EndLine: e.EndLine, EndColumn: e.EndColumn,
		Expr: echo.Text(e.Expr), Kind: kindOf(e), Warning: e.Severity == eval.SeverityWarning}
	if f.EndLine < f.Line || (f.EndLine == f.Line && f.EndColumn <= f.Column) {
		f.EndLine, f.EndColumn = f.Line, f.Column+1
	}
	if e.Subject != "" {
		subject := echo.Text(e.Subject)
		if inner, ok := strings.CutPrefix(e.Subject, "${"); ok && strings.HasSuffix(inner, "}") {
			// A placeholder is shown as an error shows it (Error), cut
			// inside its ${ }, so that a warning that says what the
			// field's error says is the same text and is left out (D32).
			subject = "${" + echo.Text(inner[:len(inner)-1]) + "}"
		}
		f.Message = subject + ": " + e.Reason
		if e.InCondition && strings.HasPrefix(e.Subject, "${") {
			f.Message = "condition: " + f.Message // as Error() has it (D37)
		}
	} else {
		f.Message = e.Error()
	}
	return f
}

// add places e, whose Line and Column count in text that starts at byte
// offset at of line ln, in the file.
func (v *validator) add(ln line, at int, e *eval.Error) {
	c := *e
	c.InCondition = c.InCondition || v.cond && !c.Cond
	col := column(ln.text, at) - 1
	c.Line, c.Column = ln.num, col+max(e.Column, 1)
	if e.EndLine > 1 || e.EndColumn == 0 {
		c.EndLine, c.EndColumn = ln.num, c.Column+1
	} else {
		c.EndLine, c.EndColumn = ln.num, col+e.EndColumn
	}
	v.list = append(v.list, &c)
}

// template checks the placeholders of a line that is not a condition.
func (v *validator) template(ln line) {
	t, _ := eval.Compile(ln.text) // a limit is among its problems
	problems := t.Problems(v.sample)
	if len(problems) == 1 && problems[0].Template {
		// A limit of the whole text names the text by its start: for a
		// field, its value, as preview names it (the field's template).
		if _, at, ok := parseField(ln.text); ok {
			vt, _ := eval.Compile(strings.TrimRight(ln.text[at:], " \t"))
			if vp := vt.Problems(v.sample); len(vp) == 1 && vp[0].Template {
				v.add(ln, at, vp[0])
				return
			}
		}
	}
	for _, e := range problems {
		v.add(ln, 0, e)
	}
	v.traps(ln, 0, t)
	if traps := proseCode(ln.text, t.Traps()); len(traps) > 0 {
		v.factTraps(ln, 0, traps, nil, t.Placeholders)
	}
	v.sampleChecks(ln, 0, t)
}

// proseCode leaves out of traps, those of the line text, another template
// language's `{{ ... }}` and `$name` written in a code span of prose
// (“ `{{name}}` “, “ `$HOME` “): a line that is no field is text for
// the reader, never rendered, and a code span in it shows code as it is
// written, so such text there is meant as written (D44 is about text that
// a field leaves as text). In a field's value the trap stays: its text,
// code span and all, is rendered.
func proseCode(text string, traps []eval.Trap) []eval.Trap {
	if len(traps) == 0 || !strings.Contains(text, "`") {
		return traps
	}
	if _, _, field := parseField(text); field {
		return traps
	}
	spans := codeSpans(text)
	if len(spans) == 0 {
		return traps
	}
	kept := traps[:0:0]
	for _, tr := range traps {
		if tr.Kind == eval.TrapBraces || tr.Kind == eval.TrapDollar {
			if slices.ContainsFunc(spans, func(sp [2]int) bool { return sp[0] <= tr.Offset && tr.End <= sp[1] }) {
				continue
			}
		}
		kept = append(kept, tr)
	}
	return kept
}

// conditionPlaceholders are the placeholders of every side of c, in order.
func conditionPlaceholders(c *eval.Condition) []eval.Placeholder {
	var phs []eval.Placeholder
	for _, p := range c.Parts() {
		phs = append(phs, p.Left.Placeholders()...)
		if p.Right != nil {
			phs = append(phs, p.Right.Placeholders()...)
		}
	}
	return phs
}

// condition checks a condition field whose value starts at byte offset at.
func (v *validator) condition(ln line, at int) {
	v.cond = true
	defer func() { v.cond = false }()
	cond := strings.TrimRight(ln.text[at:], " \t")
	c, err := eval.CompileCondition(cond)
	if err != nil {
		var e *eval.Error
		if !errors.As(err, &e) {
			e = &eval.Error{Expr: cond, Reason: "internal error; please report it", Kind: eval.ErrInternal, Cond: true}
		}
		v.add(ln, at, e)
		// The line cannot be read as a condition; its placeholders can
		// still be checked as placeholders (their `${` left open is
		// already reported).
		t, _ := eval.Compile(cond)
		for _, e := range t.Problems(v.sample) {
			if !errors.Is(e, eval.ErrUnclosed) {
				v.add(ln, at, e)
			}
		}
		return
	}
	for _, e := range c.Problems(v.sample) {
		v.add(ln, at, e)
	}
	if traps := append(c.Traps(), c.RowTraps()...); len(traps) > 0 {
		v.factTraps(ln, at, traps, c, func() []eval.Placeholder { return conditionPlaceholders(c) })
	}
	for _, p := range c.Parts() {
		v.traps(ln, at, p.Left)
		v.sampleChecks(ln, at, p.Left)
		if p.Right != nil {
			v.traps(ln, at, p.Right)
			v.sampleChecks(ln, at, p.Right)
		}
	}
	v.orderChecks(ln, at, c, c.Parts(), 0)
}

// kindOf is the Finding.Kind word of an error.
func kindOf(e *eval.Error) string {
	k := e.Kind
	switch {
	case k == nil:
		return "internal"
	case errors.Is(k, eval.ErrUnclosed):
		return "unclosed"
	case k == errTrap:
		return "trap"
	case errors.Is(k, eval.ErrSyntax):
		return "syntax"
	case errors.Is(k, eval.ErrForbidden):
		return "forbidden"
	case errors.Is(k, eval.ErrUnknownFunction):
		return "unknown-function"
	case errors.Is(k, eval.ErrArity):
		return "arity"
	case errors.Is(k, eval.ErrType):
		return "type"
	case errors.Is(k, eval.ErrValue):
		return "value"
	case errors.Is(k, eval.ErrLimit):
		return "limit"
	case errors.Is(k, eval.ErrDivisionByZero):
		return "division-by-zero"
	case errors.Is(k, eval.ErrData):
		return "data"
	case errors.Is(k, eval.ErrCondition):
		return "condition"
	case errors.Is(k, eval.ErrMissingKey):
		return "missing-key"
	case errors.Is(k, eval.ErrNotNumber):
		return "not-number"
	}
	return "internal"
}
