package conformance

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/kinenix/expressions/data"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// kinds are the stable ids of the error kinds, each with the sentinel of
// package eval it stands for. A kind holds when errors.Is(err, sentinel):
// budget is a limit too, and unclosed a syntax error (in a condition line,
// a condition error too).
var kinds = []struct {
	id  string
	err error
}{
	{"syntax", eval.ErrSyntax},
	{"forbidden", eval.ErrForbidden},
	{"unknown-function", eval.ErrUnknownFunction},
	{"arity", eval.ErrArity},
	{"type", eval.ErrType},
	{"value", eval.ErrValue},
	{"limit", eval.ErrLimit},
	{"budget", eval.ErrBudget},
	{"division-by-zero", eval.ErrDivisionByZero},
	{"data", eval.ErrData},
	{"condition", eval.ErrCondition},
	{"unclosed", eval.ErrUnclosed},
	{"internal", eval.ErrInternal},
}

// Kinds returns the ids of the error kinds, in the order of README.md.
func Kinds() []string {
	out := make([]string, len(kinds))
	for i, k := range kinds {
		out[i] = k.id
	}
	return out
}

// kindOf is the sentinel of a kind id, nil for an unknown id.
func kindOf(id string) error {
	for _, k := range kinds {
		if k.id == id {
			return k.err
		}
	}
	return nil
}

// KindOf returns the most precise id of an error's kind ("budget" before
// "limit", "unclosed" before "syntax"), or "" for an error of no kind.
func KindOf(err error) string {
	for _, id := range []string{"budget", "unclosed", "condition"} {
		if errors.Is(err, kindOf(id)) {
			return id
		}
	}
	for _, k := range kinds {
		if errors.Is(err, k.err) {
			return k.id
		}
	}
	return ""
}

// Result is what running one case gave.
type Result struct {
	Case *Case
	Pass bool
	// Got is what the implementation gave: the text, "true" or "false",
	// "KIND: MESSAGE" for an error, a value's kind and JSON, or the
	// findings one per line.
	Got string
	// Why says how Got differs from the case, when it does not pass.
	Why string
}

// Run runs every case, in order.
func Run(cases []Case) []Result {
	out := make([]Result, len(cases))
	for i := range cases {
		out[i] = cases[i].Run()
	}
	return out
}

// Run runs the case through the public API and compares.
func (c *Case) Run() Result {
	s, err := c.scope()
	if err != nil {
		return Result{Case: c, Got: err.Error(), Why: "the case's data cannot be read: " + err.Error()}
	}
	switch c.Form {
	case "flow":
		return c.runFlow(s)
	case "condition":
		return c.runCondition(s)
	}
	return c.runTemplate(s)
}

// hasData reports whether the case has data: a flow is validated
// against its data only then.
func (c *Case) hasData() bool {
	d := strings.TrimSpace(string(c.Data))
	return d != "" && d != "{}" && d != "null"
}

// scope is the case's data, environment and limits.
func (c *Case) scope() (*scope.Scope, error) {
	vars := map[string]any{}
	if c.hasData() {
		d, err := data.Decode("data.yaml", c.Data)
		if err != nil {
			return nil, err
		}
		vars = d.Vars()
	}
	opts := []scope.Option{scope.WithEnv(func(name string) (string, bool) {
		v, ok := c.Env[name]
		return v, ok
	})}
	if c.Limits.MaxSteps > 0 {
		opts = append(opts, scope.WithMaxSteps(c.Limits.MaxSteps))
	}
	if c.Limits.MaxWork > 0 {
		opts = append(opts, scope.WithMaxWork(c.Limits.MaxWork))
	}
	if c.Limits.MaxSize > 0 {
		opts = append(opts, scope.WithMaxSize(c.Limits.MaxSize))
	}
	return scope.New(vars, opts...), nil
}

func (c *Case) runTemplate(s *scope.Scope) Result {
	tpl, err := eval.Compile(c.Template, eval.WithoutCache())
	if err != nil {
		return c.outcome("", err)
	}
	if c.Value != nil {
		v, err := tpl.Value(s)
		if err != nil {
			return c.outcome("", err)
		}
		b, err := tpl.JSON(context.Background(), s)
		if err != nil {
			return c.outcome("", err)
		}
		return c.compareValue(v.Kind().String(), b)
	}
	out, err := tpl.Render(s)
	return c.outcome(out, err)
}

func (c *Case) runCondition(s *scope.Scope) Result {
	cd, err := eval.CompileCondition(c.Condition, eval.WithoutCache())
	if err != nil {
		return c.outcome("", err)
	}
	ok, err := cd.Test(s)
	return c.outcome(fmt.Sprint(ok), err)
}

// outcome compares a text or an error with the case's Want or Error.
func (c *Case) outcome(got string, err error) Result {
	r := Result{Case: c, Got: got}
	if err != nil {
		r.Got = KindOf(err) + ": " + err.Error()
		if c.Error == nil {
			r.Why = "an error, where the case wants " + c.wantText()
			return r
		}
		if !errors.Is(err, kindOf(c.Error.Kind)) {
			r.Why = "the error is not of kind " + c.Error.Kind
			return r
		}
		if w, ok := missing(err.Error(), c.Error.Contains); !ok {
			r.Why = "the message does not contain " + quote(w)
			return r
		}
		r.Pass = true
		return r
	}
	switch {
	case c.Error != nil:
		r.Why = "no error, where the case wants an error of kind " + c.Error.Kind
	case c.Want == nil:
		r.Why = "the case wants " + c.wantText()
	case got != *c.Want:
		r.Why = "the result is " + quote(got) + ", not " + quote(*c.Want)
	default:
		r.Pass = true
	}
	return r
}

// compareValue compares a whole value's kind and JSON with c.Value.
func (c *Case) compareValue(kind string, got []byte) Result {
	r := Result{Case: c, Got: kind + " " + string(got)}
	var want, have bytes.Buffer
	if err := json.Compact(&want, []byte(c.Value.JSON)); err != nil {
		r.Why = "the case's json is not JSON: " + err.Error()
		return r
	}
	if err := json.Compact(&have, got); err != nil {
		r.Why = "the value's JSON is not JSON: " + err.Error()
		return r
	}
	switch {
	case kind != c.Value.Kind:
		r.Why = "the value is " + kind + ", not " + c.Value.Kind
	case want.String() != have.String():
		r.Why = "the value's JSON is " + have.String() + ", not " + want.String()
	default:
		r.Pass = true
	}
	return r
}

func (c *Case) runFlow(s *scope.Scope) Result {
	var sample *scope.Scope
	if c.hasData() {
		sample = s // validate with sample data, as `kinenix validate -data`
	}
	fs := flow.Validate("flow.md", []byte(c.Flow), sample)
	var got []string
	for _, f := range fs {
		got = append(got, f.Kind+": "+f.String())
	}
	r := Result{Case: c, Got: strings.Join(got, "\n")}
	want := *c.Findings
	if len(fs) != len(want) {
		r.Why = fmt.Sprintf("%d findings, not %d", len(fs), len(want))
		return r
	}
	for i, w := range want {
		f := fs[i]
		switch {
		case f.Kind != w.Kind:
			r.Why = fmt.Sprintf("finding %d is of kind %s, not %s", i+1, f.Kind, w.Kind)
		case f.Warning != w.Warning:
			r.Why = fmt.Sprintf("finding %d: warning is %t, not %t", i+1, f.Warning, w.Warning)
		case w.Line > 0 && f.Line != w.Line:
			r.Why = fmt.Sprintf("finding %d is on line %d, not %d", i+1, f.Line, w.Line)
		}
		if r.Why != "" {
			return r
		}
		if m, ok := missing(f.Message, w.Contains); !ok {
			r.Why = fmt.Sprintf("finding %d does not contain %s", i+1, quote(m))
			return r
		}
	}
	r.Pass = true
	return r
}

// missing returns the first of words that s does not contain.
func missing(s string, words []string) (string, bool) {
	for _, w := range words {
		if !strings.Contains(s, w) {
			return w, false
		}
	}
	return "", true
}

// wantText says what the case wants, for a Why.
func (c *Case) wantText() string {
	switch {
	case c.Want != nil:
		return quote(*c.Want)
	case c.Value != nil:
		return "a " + c.Value.Kind + " value"
	case c.Error != nil:
		return "an error of kind " + c.Error.Kind
	}
	return "findings"
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
