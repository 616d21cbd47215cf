package flow_test

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/scope"
)

// The flow author's reference, docs/flow_markdown_spec.md, holds its
// examples in fenced blocks that this test runs, so the document cannot
// drift from the code. The blocks, by their info string:
//
//	data       JSON: the variables every example reads (exactly one block)
//	env        NAME=value lines: the environment of the examples
//	template   lines `TEXT => RESULT`; RESULT is the rendered text,
//	           (nothing) for an empty result, or `error: MESSAGE`
//	condition  lines `CONDITION => true`, `=> false` or `=> error: MESSAGE`
//	explain    a condition line, then the lines of `kinenix cond -explain`:
//	           the grouping when and and or are mixed, one per part and
//	           the result
//	flow       a flow file; unless a validate block follows, it must have
//	           no findings
//	validate   the findings of the flow block before it, one per line as
//	           `kinenix validate flow.md` prints them
//	validate-data  what `kinenix validate -data DATA flow.md` prints for
//	           the flow block before it, DATA the document's data: the
//	           command line runs the flow with it (D43), so this block is
//	           run through the CLI, by cmd/kinenix's TestSpecValidateData
//	preview    what `kinenix preview -data` prints for the flow block
//	           before it, with the document's data: a line per field, the
//	           warnings of its line after it
//	preview-explain  the same with -explain: each condition's parts
//	           follow it, indented by two spaces
//	traps      lines `FLOW LINE => WARNING`: the one finding a line of a
//	           flow gets with the document's data as sample data, a
//	           warning of kind trap; every kind of eval.TrapKinds has one
//
// Any other fenced block fails the test: an example that is not run would
// be an example that can drift.

const specPath = "../docs/flow_markdown_spec.md"

type block struct {
	info string
	line int // of the opening fence
	body []string
}

// fencedBlocks returns the fenced blocks of a Markdown text: ``` or ~~~
// fences of three or more characters, closed by a fence of the same
// character at least as long.
func fencedBlocks(t *testing.T, src string) []block {
	var out []block
	var cur *block
	var ch byte
	var n int
	for i, ln := range strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n") {
		trimmed := strings.TrimLeft(ln, " ")
		run := 0
		for run < len(trimmed) && (trimmed[run] == '`' || trimmed[run] == '~') && trimmed[run] == trimmed[0] {
			run++
		}
		if cur != nil {
			if run >= n && trimmed[0] == ch && strings.TrimSpace(trimmed[run:]) == "" {
				out = append(out, *cur)
				cur = nil
				continue
			}
			cur.body = append(cur.body, ln)
			continue
		}
		if run >= 3 {
			ch, n = trimmed[0], run
			cur = &block{info: strings.TrimSpace(trimmed[run:]), line: i + 1}
		}
	}
	require.Nil(t, cur, "a fenced block is not closed")
	return out
}

// cut splits an example line at its first " => ".
func cut(t *testing.T, b block, ln string) (in, want string) {
	in, want, ok := strings.Cut(ln, " => ")
	require.True(t, ok, "line %d: an example line needs ' => ': %q", b.line, ln)
	return in, want
}

func specScope(t *testing.T, blocks []block) *scope.Scope {
	var data map[string]any
	env := map[string]string{}
	for _, b := range blocks {
		switch b.info {
		case "data":
			require.Nil(t, data, "line %d: more than one data block", b.line)
			dec := json.NewDecoder(strings.NewReader(strings.Join(b.body, "\n")))
			dec.UseNumber()
			require.NoError(t, dec.Decode(&data), "line %d: the data block", b.line)
		case "env":
			for _, ln := range b.body {
				if strings.TrimSpace(ln) == "" {
					continue
				}
				k, v, ok := strings.Cut(ln, "=")
				require.True(t, ok, "line %d: env lines are NAME=value", b.line)
				env[k] = v
			}
		}
	}
	require.NotNil(t, data, "the document needs a data block")
	return scope.New(data, scope.WithEnv(func(name string) (string, bool) {
		v, ok := env[name]
		return v, ok
	}))
}

func TestSpecExamples(t *testing.T) {
	src, err := os.ReadFile(specPath)
	require.NoError(t, err)
	blocks := fencedBlocks(t, string(src))
	s := specScope(t, blocks)
	var templates, conditions []string
	trapKinds := map[eval.TrapKind]bool{}
	ran := 0
	for i, b := range blocks {
		switch b.info {
		case "data", "env":
		case "template":
			for _, ln := range b.body {
				if strings.TrimSpace(ln) == "" {
					continue
				}
				in, want := cut(t, b, ln)
				templates = append(templates, in)
				assert.Equal(t, want, renderExample(in, s), "block at line %d: %s", b.line, in)
				ran++
			}
		case "condition":
			for _, ln := range b.body {
				if strings.TrimSpace(ln) == "" {
					continue
				}
				in, want := cut(t, b, ln)
				conditions = append(conditions, in)
				assert.Equal(t, want, testExample(in, s), "block at line %d: %s", b.line, in)
				ran++
			}
		case "explain":
			require.GreaterOrEqual(t, len(b.body), 2, "line %d", b.line)
			conditions = append(conditions, b.body[0])
			assert.Equal(t, strings.Join(b.body[1:], "\n"), explainExample(b.body[0], s), "block at line %d", b.line)
			ran++
		case "flow":
			if i+1 < len(blocks) && (strings.HasPrefix(blocks[i+1].info, "validate") || strings.HasPrefix(blocks[i+1].info, "preview")) {
				continue
			}
			assert.Empty(t, flow.Validate("flow.md", []byte(strings.Join(b.body, "\n")), nil),
				"the flow at line %d should have no findings", b.line)
			ran++
		case "validate-data":
			// run through the command line (cmd/kinenix TestSpecValidateData)
			require.True(t, i > 0 && blocks[i-1].info == "flow", "line %d: a %s block follows a flow block", b.line, b.info)
		case "validate":
			require.True(t, i > 0 && blocks[i-1].info == "flow", "line %d: a %s block follows a flow block", b.line, b.info)
			var got []string
			for _, f := range flow.Validate("flow.md", []byte(strings.Join(blocks[i-1].body, "\n")), nil) {
				got = append(got, f.String())
			}
			assert.Equal(t, strings.Join(b.body, "\n"), strings.Join(got, "\n"), "block at line %d", b.line)
			ran++
		case "preview", "preview-explain":
			require.True(t, i > 0 && blocks[i-1].info == "flow", "line %d: a %s block follows a flow block", b.line, b.info)
			src := []byte(strings.Join(blocks[i-1].body, "\n"))
			assert.Empty(t, flow.Validate("flow.md", src, nil), "the flow at line %d should have no findings", blocks[i-1].line)
			results, err := flow.Preview("flow.md", src, s, flow.PreviewOptions{Explain: b.info == "preview-explain", SampleWarnings: true})
			require.NoError(t, err)
			var got []string
			for _, r := range results {
				got = append(got, r.String())
				for _, st := range r.Steps {
					got = append(got, "  "+echo.Clean(st.String()))
				}
				for _, w := range r.Warnings {
					got = append(got, echo.Clean(w.String()))
				}
			}
			assert.Equal(t, strings.Join(b.body, "\n"), strings.Join(got, "\n"), "block at line %d", b.line)
			ran++
		case "traps":
			for _, ln := range b.body {
				if strings.TrimSpace(ln) == "" {
					continue
				}
				in, want := cut(t, b, ln)
				fs := flow.Validate("flow.md", []byte(in), s)
				if assert.Len(t, fs, 1, "block at line %d: %s", b.line, in) {
					assert.Equal(t, want, fs[0].Message, "block at line %d: %s", b.line, in)
					assert.True(t, fs[0].Warning, in)
					assert.Equal(t, "trap", fs[0].Kind, in)
				}
				for _, k := range trapKindsOf(in) {
					trapKinds[k] = true
				}
				ran++
			}
		default:
			t.Fatalf("line %d: a fenced block with info %q is not run by this test; use one of the kinds in spec_test.go", b.line, b.info)
		}
	}
	require.Greater(t, ran, 150, "the document should hold many examples")
	for _, k := range eval.TrapKinds() {
		require.True(t, trapKinds[k], "the spec has no traps example of the trap %q", k)
	}

	// Every function the spec's table of functions (section 8) lists is
	// one of the function table and has an example here. A function's
	// full examples are its table entry's (docs/functions.md, generated,
	// and eval's TestFuncsExamples), so the spec needs no new example to
	// cover a new function.
	listed := specFunctions(t, string(src))
	require.Greater(t, len(listed), 5)
	for _, name := range listed {
		_, ok := funcs.Lookup(name)
		require.True(t, ok, "the spec lists %s, which is not a function", name)
		found := false
		for _, x := range templates {
			found = found || strings.Contains(x, name+"(")
		}
		require.True(t, found, "the spec has no example of %s", name)
	}
	// Every comparison the spec's table of operators (section 10) lists
	// is one of ast's table and has an example here, and so have not, and,
	// or. Every comparison of ast's table has a conformance case
	// (conformance's TestSuiteCovers), so the spec needs no new example to
	// cover a new one.
	ops := []string{"not ", " " + ast.And.String() + " ", " " + ast.Or.String() + " "}
	listed = specOperators(string(src))
	require.Greater(t, len(listed), 5)
	for _, text := range listed {
		op, ok := ast.CmpOpByText(text)
		require.True(t, ok, "the spec lists %q, which is not a comparison", text)
		if op.Unary() {
			ops = append(ops, " "+op.String())
		} else {
			ops = append(ops, " "+op.String()+" ")
		}
	}
	for _, op := range ops {
		found := false
		for _, c := range conditions {
			found = found || strings.Contains(c, op)
		}
		require.True(t, found, "the spec has no condition example with %q", op)
	}
}

// specOperatorRow is a row of the spec's table of comparisons: | `a == b` |
// or | `a < b`, `a > b` |; specOperator is one comparison in it.
var (
	specOperatorRow = regexp.MustCompile("^\\| (`a [^`]+`(, )?)+ \\|")
	specOperator    = regexp.MustCompile("`a ([^`]+?)( b)?`")
)

// specOperators returns the comparisons the spec's table of operators
// lists, as written in ast's table.
func specOperators(doc string) []string {
	var out []string
	for _, line := range strings.Split(doc, "\n") {
		for _, m := range specOperator.FindAllStringSubmatch(specOperatorRow.FindString(line), -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// specFunctionRow is a row of the spec's table of functions: | `len(x)`,
// or `lower(x)`, `upper(x)` |.
var specFunctionRow = regexp.MustCompile("^\\| (`[a-z]+\\([^`]*\\)`(, )?)+ \\|")

// specFunctions returns the names of the functions the rows of the spec's
// table of functions list.
func specFunctions(t *testing.T, doc string) []string {
	t.Helper()
	var out []string
	for _, line := range strings.Split(doc, "\n") {
		row := specFunctionRow.FindString(line)
		for _, m := range regexp.MustCompile("`([a-z]+)\\(").FindAllStringSubmatch(row, -1) {
			out = append(out, m[1])
		}
	}
	return out
}

func renderExample(text string, s *scope.Scope) string {
	tpl, err := eval.Compile(text)
	if err != nil {
		return "error: " + err.Error()
	}
	out, err := tpl.Render(s)
	if err != nil {
		return "error: " + err.Error()
	}
	if out == "" {
		return "(nothing)"
	}
	return out
}

func testExample(line string, s *scope.Scope) string {
	c, err := eval.CompileCondition(line)
	if err != nil {
		return "error: " + err.Error()
	}
	ok, err := c.Test(s)
	if err != nil {
		return "error: " + err.Error()
	}
	if ok {
		return "true"
	}
	return "false"
}

func explainExample(line string, s *scope.Scope) string {
	c, err := eval.CompileCondition(line)
	if err != nil {
		return "error: " + err.Error()
	}
	ok, steps, err := c.Explain(s)
	var b bytes.Buffer
	if g := c.Grouping(); strings.Contains(g, "(") {
		b.WriteString("grouped as: " + g + "\n")
	}
	for _, st := range steps {
		b.WriteString(st.String())
		b.WriteByte('\n')
	}
	if err != nil {
		b.WriteString("error: " + err.Error())
	} else if ok {
		b.WriteString("true")
	} else {
		b.WriteString("false")
	}
	return b.String()
}

// trapKindsOf is the kinds of trap eval finds in one line of a flow.
func trapKindsOf(ln string) []eval.TrapKind {
	var traps []eval.Trap
	for _, f := range flow.Fields([]byte(ln)) {
		if f.Condition {
			if c, err := eval.CompileCondition(f.Value); err == nil {
				traps = append(c.Traps(), c.RowTraps()...)
			}
		}
	}
	if traps == nil {
		t, _ := eval.Compile(ln)
		traps = t.Traps()
	}
	var out []eval.TrapKind
	for _, tr := range traps {
		out = append(out, tr.Kind)
	}
	return out
}
