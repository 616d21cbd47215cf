package play

import (
	"context"
	"strings"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// Limits of one check. The request body is capped by MaxBody before any of
// this runs; these bound the work done on what it holds.
const (
	// MaxFields is the most fields one check renders; past it the result
	// says how many were left out.
	MaxFields = 2000
	// MaxValueSize caps any text built while rendering a field or testing a
	// condition (decision D17), well under the library's 1 MiB default: a
	// page shows fields, not files.
	MaxValueSize = 64 << 10
)

// Decoder turns the data text into variables. name is "data.json",
// "data.yaml" or "data.csv" by the format the author chose, so that a
// decoder choosing by file name (data.Decode) reads it as they meant.
type Decoder func(name string, b []byte) (map[string]any, error)

// Request is what the page sends: the flow, the data and its format
// ("json", "yaml" or "csv"; empty means json).
type Request struct {
	Flow   string `json:"flow"`
	Data   string `json:"data"`
	Format string `json:"format"`
}

// Result is what one check found, in file order.
type Result struct {
	// DataError is why the data could not be read; the flow is then
	// checked and rendered without data.
	DataError string `json:"dataError,omitempty"`
	// Problems are everything `kinenix validate` reports for the flow with
	// this data (errors and warnings).
	Problems []Problem `json:"problems"`
	// Fields are the fields that are not conditions, rendered.
	Fields []Field `json:"fields"`
	// Conditions are the condition fields, decided and explained.
	Conditions []Condition `json:"conditions"`
	// Omitted counts the fields past MaxFields that were not rendered.
	Omitted int `json:"omitted,omitempty"`
}

// Problem is one finding of flow.Validate.
type Problem struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Expr    string `json:"expr,omitempty"`
	Message string `json:"message"`
	Kind    string `json:"kind"`
	Warning bool   `json:"warning,omitempty"`
}

// Field is one field rendered with the data: Result, or Error when
// rendering failed.
type Field struct {
	Line   int    `json:"line"`
	Column int    `json:"column"`
	Label  string `json:"label"`
	Text   string `json:"text"`
	Result string `json:"result"`
	Error  string `json:"error,omitempty"`
}

// Condition is one condition field decided with the data: the verdict and
// its parts as `kinenix cond -explain` shows them, or Error.
type Condition struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Text    string `json:"text"`
	Verdict bool   `json:"verdict"`
	Steps   []Step `json:"steps"`
	Error   string `json:"error,omitempty"`
}

// Step is one part of a condition (eval.Step).
type Step struct {
	Part      string `json:"part"`
	Values    string `json:"values"`
	Result    bool   `json:"result"`
	Evaluated bool   `json:"evaluated"`
	Shown     string `json:"shown"` // eval.Step.String, the line `cond -explain` prints
}

// fileName is the name the findings carry; the page shows lines only.
const fileName = "flow.md"

// Check checks one flow with one data text: the whole work of the page,
// in one place. ctx bounds it: a check whose request is cancelled or whose
// deadline passes stops between fields and returns ctx's error.
func Check(ctx context.Context, req Request, decode Decoder) (*Result, error) {
	res := &Result{Problems: []Problem{}, Fields: []Field{}, Conditions: []Condition{}}
	vars := map[string]any{}
	var sample *scope.Scope
	if strings.TrimSpace(req.Data) != "" {
		v, err := decode(dataName(req.Format), []byte(req.Data))
		if err != nil {
			res.DataError = strings.ToValidUTF8(err.Error(), "\uFFFD")
		} else {
			vars = v
		}
	}
	// No WithEnv: the page must not show the server's environment, so
	// env.NAME is empty here.
	s := scope.New(vars, scope.WithMaxSize(MaxValueSize))
	if res.DataError == "" && strings.TrimSpace(req.Data) != "" {
		sample = s
	}
	src := []byte(req.Flow)
	for _, f := range flow.Validate(fileName, src, sample) {
		res.Problems = append(res.Problems, Problem{Line: f.Line, Column: f.Column,
			Expr: f.Expr, Message: f.Message, Kind: f.Kind, Warning: f.Warning})
	}
	if len(src) > flow.MaxSize {
		return res, nil // Validate reported it; nothing is rendered
	}
	fields := flow.Fields(src)
	if len(fields) > MaxFields {
		res.Omitted = len(fields) - MaxFields
		fields = fields[:MaxFields]
	}
	for _, f := range fields {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if f.Condition {
			res.Conditions = append(res.Conditions, condition(ctx, f, s))
		} else {
			res.Fields = append(res.Fields, field(ctx, f, s))
		}
	}
	return res, nil
}

// dataName is the file name that tells the decoder the format.
func dataName(format string) string {
	switch format {
	case "yaml", "csv":
		return "data." + format
	}
	return "data.json"
}

// field renders one field. ctx is where the evaluation budget and
// cancellation of eval.RenderContext go when the library has them.
func field(_ context.Context, f flow.Field, s *scope.Scope) Field {
	out := Field{Line: f.Line, Column: f.Column, Label: f.Label, Text: f.Value}
	t, err := eval.Compile(f.Value)
	if err == nil {
		out.Result, err = t.Render(s)
	}
	if err != nil {
		out.Error = message(err)
	}
	return out
}

// condition decides one condition field with its explanation; ctx as for
// field.
func condition(_ context.Context, f flow.Field, s *scope.Scope) Condition {
	out := Condition{Line: f.Line, Column: f.Column, Text: f.Value, Steps: []Step{}}
	c, err := eval.CompileCondition(f.Value)
	if err == nil {
		var steps []eval.Step
		out.Verdict, steps, err = c.Explain(s)
		for _, st := range steps {
			out.Steps = append(out.Steps, Step{Part: st.Part, Values: st.Values,
				Result: st.Result, Evaluated: st.Evaluated, Shown: st.String()})
		}
	}
	if err != nil {
		out.Error = message(err)
	}
	return out
}

// message is an evaluation error as the CLI prints it (D16).
func message(err error) string { return strings.ToValidUTF8(err.Error(), "\uFFFD") }
