package flow

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// PreviewOptions choose what Preview records besides each field's result.
type PreviewOptions struct {
	// Explain records, for each condition, every part with the values of
	// its placeholders and its verdict (Result.Steps), as
	// eval.Condition.Explain gives them.
	Explain bool
	// SampleWarnings adds to each field the warnings Validate gives for its
	// line with the scope as sample data: a lookup the data does not have
	// (naming the closest key), a side of < > <= >= that is not a number.
	// Without it only the warnings that need no data are added. Set it when
	// the scope holds the flow's real or sample data, not when it is empty.
	SampleWarnings bool
	// NoWarnings attaches no warnings at all, and so does not check the
	// flow: for a caller that runs Validate itself and shows its findings
	// apart (a playground), so that the flow is not checked twice.
	NoWarnings bool
	// EnvAllowed is ValidateOptions.EnvAllowed for the warnings.
	EnvAllowed func(name string) bool
}

// Result is one field of a flow computed with data: a field's rendered
// text, or a condition's verdict, or the error that stopped either.
type Result struct {
	// File is the name given to Preview.
	File string
	// Field is the field as Fields finds it: label, value as written,
	// line, column, and whether it is a condition.
	Field
	// Text is a field's rendered text; empty for a condition and when Err
	// is set.
	Text string
	// Holds is a condition's verdict; false when Err is set.
	Holds bool
	// Steps are the parts of a condition with PreviewOptions.Explain, up to
	// the part that failed when Err is set.
	Steps []eval.Step
	// Err is why the field could not be computed: an *eval.Error, whose
	// text starts with `${` for a placeholder and with `condition:` for a
	// condition line (decision D16).
	Err error
	// Warnings are the warnings of Validate for the field's line (see
	// PreviewOptions.SampleWarnings), leaving out one that says the same
	// as Err; beside Err, of the warnings the row's data shows, only a
	// missing key and a trap (the field stopped at its first failure), as
	// RowResult.Findings lists them (D43).
	Warnings []Finding
	// WorkBytes and WorkSteps are the work the field charged to its row's
	// budget (D42): its share of RowResult.Bytes and Steps.
	WorkBytes, WorkSteps int64
}

// String is the result as one line, `FILE:LINE: LABEL: RESULT`: RESULT is
// the rendered text, `true` or `false` for a condition, or `error: ` and
// the message. A line end, another control character, a bidi control or a
// byte that is not UTF-8 in the file name, the label, the text or the
// message is written
// as an escape (`\n`, `\u202e`, `\x88`), so the line is one line of valid
// UTF-8 that is safe to print to a terminal; other text, a backslash
// included, is as rendered. Steps and warnings are not part of it.
func (r Result) String() string {
	var b strings.Builder
	writePlace(&b, r.File, r.Line)
	b.WriteString(": ")
	b.WriteString(echo.Clean(r.Label))
	b.WriteString(": ")
	switch {
	case r.Err != nil:
		b.WriteString("error: ")
		b.WriteString(echo.Clean(r.Err.Error()))
	case r.Condition:
		b.WriteString(strconv.FormatBool(r.Holds))
	default:
		b.WriteString(echo.Clean(r.Text))
	}
	return b.String()
}

// Preview computes every field of a flow with the data in s: each field's
// value rendered as a template, each condition field tested, in file
// order. The fields are those Fields finds, the lines Validate reads as
// fields: fenced code blocks and lines without a bold label are skipped.
// One field that fails does not stop the others; its Result has Err set.
// s may be nil, for a flow with no data.
//
// The error is set only when the flow is larger than MaxSize; it is then
// not read. Preview never panics, and its work is bounded as that of
// Validate and of the evaluation of each field.
func Preview(file string, src []byte, s *scope.Scope, opts PreviewOptions) ([]Result, error) {
	return PreviewContext(context.Background(), file, src, s, opts)
}

// PreviewContext is Preview that stops when ctx is done: a field being
// evaluated then fails with an error that wraps ctx.Err() (D35), no later
// field is computed, and the results so far come with an error that wraps
// ctx.Err() too, so a host can tell a preview cut short from a whole one.
func PreviewContext(ctx context.Context, file string, src []byte, s *scope.Scope, opts PreviewOptions) (out []Result, err error) {
	ctx = orBackground(ctx)
	if len(src) > MaxSize {
		return nil, errors.New(tooLarge() + "; it was not previewed")
	}
	var o []Option
	if opts.Explain {
		o = append(o, Explain())
	}
	if opts.SampleWarnings && !opts.NoWarnings {
		o = append(o, SampleWarnings())
	}
	if opts.NoWarnings {
		o = append(o, noFindings)
	}
	if opts.EnvAllowed != nil {
		o = append(o, EnvAllowed(opts.EnvAllowed))
	}
	f, err := CompileContext(ctx, file, src, o...)
	if err != nil {
		return nil, errors.New("internal error while previewing this flow; please report it")
	}
	r := f.Run(ctx, s)
	if r.Err == nil {
		return r.Results, nil
	}
	for i, res := range r.Results {
		if res.Err != nil && value.StopsEvaluation(res.Err) && !errors.Is(res.Err, value.ErrBudget) {
			return r.Results[:i], fmt.Errorf("%s: previewing stopped at line %d: %w", echo.Text(file), res.Line, r.Err)
		}
	}
	return r.Results, fmt.Errorf("%s: previewing stopped: %w", echo.Text(file), r.Err)
}
