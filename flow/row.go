package flow

import (
	"context"
	"slices"
	"sort"

	"github.com/kinenix/expressions/value"
)

// The one rule of what a flow checked against data reports (D43): the
// command line's `validate -data`, the editor and the playground all ask
// here, so that they never disagree about a row.

// Findings are the findings of the row as `kinenix validate -data` lists
// them (D43): the error of each field or condition that failed, as an
// error, and the warnings the row shows, less those the field's error
// already says (one line per problem, D32). A missing key and a trap stay
// beside the error: they say why it failed.
func (r *RowResult) Findings() []Finding {
	if r == nil {
		return nil
	}
	var out []Finding
	for _, res := range r.Results {
		if fd, ok := res.Finding(); ok {
			out = append(out, fd)
		}
		for _, w := range res.Warnings {
			if res.Err != nil && !besideError(w) {
				continue // the error says it, or the field stopped before
			}
			out = append(out, w)
		}
	}
	// The field's error among its warnings, by column (a field is one
	// line, and the fields come in file order).
	slices.SortStableFunc(out, compareFindings)
	return out
}

// besideError reports whether the warning w of a field that failed is
// listed beside its error: a missing key and a trap say why it failed.
// The other warnings a row's data shows on the field are what the error
// says, or what a part after the one that failed would do, which the row
// never ran (a field stops at its first failure): preview leaves them out
// of the field's warnings as validate -data leaves them out (D43). That
// the row's checks stopped there (too many warnings) is said too.
func besideError(w Finding) bool {
	return w.Kind == "missing-key" || w.Kind == "trap" || w.Kind == "limit" && w.Message == tooMany
}

// Said reports, for each finding of fs, whether it is a warning that an
// error of fs at the same place says, in its message or after the echo of
// its expression (EchoSaid): such a warning is that error's and is not
// listed (D32: one line per problem).
func Said(fs []Finding) []bool {
	type place struct {
		line, col int
		msg       string
	}
	errs := map[place]bool{}
	for _, f := range fs {
		if f.Warning {
			continue
		}
		errs[place{f.Line, f.Column, f.Message}] = true
		if said, ok := EchoSaid(f.Message); ok {
			errs[place{f.Line, f.Column, said}] = true
		}
	}
	out := make([]bool, len(fs))
	for i, f := range fs {
		out[i] = f.Warning && errs[place{f.Line, f.Column, f.Message}]
	}
	return out
}

// StoppedAt is where the checks of a flow without data stopped (D35):
// the place of the finding of static that says so, past MaxFindings of
// them; ok is false when they did not stop. What a run over data finds
// past it is not listed either (Past), so that a flow checked with data
// lists no more than one checked without, and no problem after the
// finding that says checking stopped.
func StoppedAt(static []Finding) (stop Finding, ok bool) {
	for _, f := range static {
		if f.Kind == "limit" && f.Message == tooMany {
			return f, true
		}
	}
	return Finding{}, false
}

// Past reports whether f is at the place of stop or after it, by line
// and column: the finding past MaxFindings that stop stands for was at
// its place.
func (f Finding) Past(stop Finding) bool {
	return f.Line > stop.Line || f.Line == stop.Line && f.Column >= stop.Column
}

// CutFindings cuts fs, findings in file order, as every list of a flow's
// findings is cut (D35), with data as without: the first MaxFindings are
// listed, then the one that says checking stopped, at the place of the
// first left out. keep says which of fs are listed (a finding that says
// checking stopped among them is not: stop stands for it); cut is false,
// and keep nil, when fs holds no more than MaxFindings.
func CutFindings(fs []Finding) (keep []bool, stop Finding, cut bool) {
	n := 0
	for _, f := range fs {
		if !f.stopsChecking() {
			n++
		}
	}
	if n <= MaxFindings {
		return nil, Finding{}, false
	}
	keep = make([]bool, len(fs))
	n = 0
	for i, f := range fs {
		if f.stopsChecking() {
			continue
		}
		if n == MaxFindings {
			return keep, Finding{File: f.File, Line: f.Line, Column: f.Column, EndLine: f.Line, EndColumn: f.Column,
				Kind: "limit", Message: tooMany}, true
		}
		keep[i] = true
		n++
	}
	return keep, Finding{}, false // not reached: n > MaxFindings
}

// stopsChecking reports whether f is the finding that says checking
// stopped after MaxFindings.
func (f Finding) stopsChecking() bool { return f.Kind == "limit" && f.Message == tooMany }

// capFindings is fs cut by CutFindings.
func capFindings(fs []Finding) []Finding {
	keep, stop, cut := CutFindings(fs)
	if !cut {
		return fs
	}
	out := make([]Finding, 0, MaxFindings+1)
	for i, f := range fs {
		if keep[i] {
			out = append(out, f)
		}
	}
	return append(out, stop)
}

// ValidateRow is what `kinenix validate -data` reports for the flow with
// one row of data, opts.Sample (the row of -row N, or data that is not a
// sheet): the findings known without data, and the flow run on the sample
// as preview runs it (D43), where what fails is an error and what only may
// go wrong a warning, each said once, in file order. Without a sample it
// is ValidateWith. The editor and the playground check with it, so that
// they report what validate reports, with the same severity.
//
// When ctx is done before the run ends, the findings end with one of Kind
// "cancelled", as ValidateContext's do.
func ValidateRow(ctx context.Context, file string, src []byte, opts ValidateOptions) []Finding {
	if opts.Sample == nil {
		return ValidateWith(ctx, file, src, opts)
	}
	f, err := CompileContext(ctx, file, src, SampleWarnings(), EnvAllowed(opts.EnvAllowed))
	if err != nil {
		return ValidateWith(ctx, file, src, opts) // it says the flow is too large
	}
	static := f.Findings()
	for _, fd := range static {
		if fd.Kind == "cancelled" {
			return static
		}
	}
	r := f.Run(ctx, opts.Sample)
	all := static
	stop, stopped := StoppedAt(static)
	for _, fd := range r.Findings() {
		if !stopped || !fd.Past(stop) {
			if fd.Row == nil && opts.SampleRow != nil {
				fd.Row = opts.SampleRow
			}
			all = append(all, fd)
		}
	}
	type key struct {
		line, col int
		msg       string
		warning   bool
	}
	seen := make(map[key]bool, len(all))
	said := Said(all)
	out := make([]Finding, 0, len(all))
	for i, fd := range all {
		k := key{fd.Line, fd.Column, fd.Message, fd.Warning}
		if said[i] || seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, fd)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Before(out[j]) })
	out = capFindings(out)
	if r.Err != nil {
		out = append(out, Finding{File: file, Line: 1, Column: 1, EndLine: 1, EndColumn: 2,
			Kind: "cancelled", Message: "checking stopped here: " + value.Stopped(r.Err).Error()})
	}
	return out
}
