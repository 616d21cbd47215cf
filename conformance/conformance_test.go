package conformance_test

import (
	"encoding/json"
	"io/fs"
	"os"
	"path"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/conformance"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/scope"
)

func load(t *testing.T) []conformance.Case {
	t.Helper()
	cases, err := conformance.Load(conformance.Suite())
	require.NoError(t, err)
	return cases
}

// Every case of the suite passes against this implementation; SKIPS.md
// lists none.
func TestSuite(t *testing.T) {
	for _, r := range conformance.Run(load(t)) {
		if !r.Pass {
			t.Errorf("%s:%d: %s\n  %s\n  got: %s\n  rule %s; hint: %s", r.Case.File, r.Case.Line, r.Case.Title(), r.Why, r.Got, r.Case.Rule, r.Case.Hint)
		}
	}
	b, err := os.ReadFile("SKIPS.md")
	require.NoError(t, err)
	require.Contains(t, string(b), "Nothing is skipped", "SKIPS.md lists what does not pass: nothing")
}

var ruleRe = regexp.MustCompile(`^([DE]\d+(-D\d+)?)( [DE]\d+(-D\d+)?)*$`)

// The suite is the language: at least 1,000 cases, each citing its rule,
// a file per function, every function, operator, condition operator and
// error kind.
func TestSuiteCovers(t *testing.T) {
	cases := load(t)
	require.GreaterOrEqual(t, len(cases), 1000)
	var templates, conditions []string
	kinds := map[string]bool{}
	areas := map[string]bool{}
	for _, c := range cases {
		require.Regexp(t, ruleRe, c.Rule, "%s:%d cites a D- or E-number", c.File, c.Line)
		require.NotContains(t, c.Hint, "\n", "%s:%d: a hint is one line", c.File, c.Line)
		areas[c.Area] = true
		switch c.Form {
		case "template":
			templates = append(templates, c.Template)
		case "condition":
			conditions = append(conditions, c.Condition)
		}
		if c.Error != nil {
			kinds[c.Error.Kind] = true
		}
		if c.Findings != nil {
			for _, f := range *c.Findings {
				kinds[f.Kind] = true
			}
		}
	}
	for _, a := range []string{"lookups", "literals", "arithmetic", "conditions", "errors", "limits", "traps", "spec"} {
		require.True(t, areas[a], "the area %s has a file", a)
	}
	// A function file names a function of the table; every function's
	// own examples are cases too (TestTableExamples), so a function needs
	// no file of its own to be covered.
	for a := range areas {
		if name, ok := strings.CutPrefix(a, "functions/"); ok {
			_, known := funcs.Lookup(name)
			require.True(t, known, "%s.yaml is not a function of the table", a)
		}
	}
	for _, k := range conformance.Kinds() {
		if k == "data" || k == "internal" {
			continue // host data of a Go type no data file makes; a bug (README)
		}
		require.True(t, kinds[k], "no case fails with kind %s", k)
	}
	for _, o := range ast.Operators() {
		found := false
		for _, x := range templates {
			found = found || strings.Contains(x, " "+o.Text+" ") || o.Prefix && strings.Contains(x, "("+o.Text)
		}
		require.True(t, found, "no case of the operator %q", o.Text)
	}
	ops := []string{"not ", " " + ast.And.String() + " ", " " + ast.Or.String() + " "} // and every comparison of ast's table
	for _, op := range ast.CmpOps() {
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
		require.True(t, found, "no condition case with %q", op)
	}
}

// Every example of the function table (the ones docs/functions.md shows)
// is a case of the suite's runner, over the table's ExampleData: its
// result, or for "error: REASON" an error of a flow author's kind whose
// message holds REASON. This is how a function is covered without a file
// of its own (issue #19: adding a function touches its table entry, not
// the suite).
func TestTableExamples(t *testing.T) {
	data, err := json.Marshal(funcs.ExampleData()) // JSON is YAML
	require.NoError(t, err)
	var cases []conformance.Case
	for _, f := range funcs.All() {
		for _, ex := range f.Examples {
			c := conformance.Case{File: "funcs/table.go", Area: "functions/" + f.Name, Form: "template",
				Template: "${" + ex.Expr + "}", Data: data, Rule: "D19", Complexity: 1, Hint: "the example of the function table"}
			if reason, ok := strings.CutPrefix(ex.Want, "error: "); ok {
				_, err := eval.MustCompile(c.Template).Render(scope.New(funcs.ExampleData()))
				require.Error(t, err, c.Template)
				kind := conformance.KindOf(err)
				require.NotContains(t, []string{"internal", "data"}, kind, c.Template)
				c.Error = &conformance.ErrorWant{Kind: kind, Contains: []string{reason}}
			} else {
				c.Want = &ex.Want
			}
			cases = append(cases, c)
		}
	}
	require.Greater(t, len(cases), 50)
	for _, r := range conformance.Run(cases) {
		require.True(t, r.Pass, "%s: %s; got %s", r.Case.Template, r.Why, r.Got)
	}
}

// Load reads no file under pending/, whose cases wait for their feature;
// they are well formed all the same.
func TestPending(t *testing.T) {
	for _, c := range load(t) {
		require.False(t, strings.HasPrefix(c.File, conformance.PendingDir+"/"), c.File)
	}
	names, err := fs.Glob(conformance.Suite(), conformance.PendingDir+"/*.yaml")
	require.NoError(t, err)
	for _, n := range names {
		b, err := fs.ReadFile(conformance.Suite(), n)
		require.NoError(t, err)
		cs, err := conformance.Parse(n, b)
		require.NoError(t, err)
		require.NotEmpty(t, cs, n)
	}
}

// A runner tells a failing case, and why; a malformed file is an error
// that names it.
func TestRunnerReports(t *testing.T) {
	fsys := fstest.MapFS{"a.yaml": {Data: []byte(`data: {x: 2}
cases:
  - template: "${x + 1}"
    want: "4"
    rule: D2
    complexity: 1
    hint: exact addition
  - condition: "${x} > 1"
    want: "true"
    rule: D28
    complexity: 1
    hint: numbers
  - template: "${x / 0}"
    error: {kind: type, contains: [division]}
    rule: D8
    complexity: 2
    hint: the wrong kind
`)}}
	cases, err := conformance.Load(fsys)
	require.NoError(t, err)
	rs := conformance.Run(cases)
	require.Len(t, rs, 3)
	require.False(t, rs[0].Pass)
	require.Equal(t, "3", rs[0].Got)
	require.Contains(t, rs[0].Why, `the result is "3", not "4"`)
	require.True(t, rs[1].Pass)
	require.False(t, rs[2].Pass)
	require.Equal(t, "the error is not of kind type", rs[2].Why)
	require.True(t, strings.HasPrefix(rs[2].Got, "division-by-zero: "), rs[2].Got)
	_, err = eval.MustCompile("${len(x}").Render(scope.New(nil))
	require.Equal(t, "syntax", conformance.KindOf(err))
	_, err = eval.MustCompile("${a}${a}").Render(scope.New(map[string]any{"a": "abc"}, scope.WithMaxWork(2)))
	require.Equal(t, "budget", conformance.KindOf(err), "the most precise kind")

	for _, bad := range []string{
		"cases:\n  - template: x\n    want: x\n    rule: D1\n    complexity: 1\n",                                // no hint
		"cases:\n  - template: x\n    condition: y\n    want: x\n    rule: D1\n    complexity: 1\n    hint: h\n", // two forms
		"cases:\n  - template: x\n    error: {kind: nope}\n    rule: D1\n    complexity: 1\n    hint: h\n",       // unknown kind
		"cases:\n  - template: x\n    wanted: x\n    rule: D1\n    complexity: 1\n    hint: h\n",                 // unknown field
	} {
		_, err := conformance.Load(fstest.MapFS{"bad.yaml": {Data: []byte(bad)}})
		require.Error(t, err)
		require.Contains(t, err.Error(), "bad.yaml")
	}
}

// A file of the wrong shape is told in plain words: the file, the line,
// the case, what is there and what to write instead; never the YAML
// decoder's words or Go's type names (D45). Text that is not YAML is told
// as a data file's is, by package data.
func TestMalformedFileInPlainWords(t *testing.T) {
	const head = "cases:\n  - name: n1\n    template: x\n    want: x\n    rule: D1\n    hint: h\n"
	for _, tc := range []struct{ file, want string }{
		{head + "    complexity: [1]\n", "bad.yaml:7: case 1 ('n1'): complexity is a list; write a whole number, such as 1"},
		{head + "    complexity: one\n", "bad.yaml:7: case 1 ('n1'): complexity is the text 'one'; write a whole number"},
		{"cases:\n  template: x\n", "bad.yaml:2: cases is a mapping; write a list of cases, each starting with `- `"},
		{head + "    complexity: 1\n    bogus: 2\n", "bad.yaml:8: case 1 ('n1'): the case has the unknown key 'bogus'; the keys it can have are name, template"},
		// R11: an unknown key is named as unknown, not as one missing
		{"cases:\n  - template: x\n    want: x\n    kinds: [a]\n", "bad.yaml:4: case 1: the case has the unknown key 'kinds'; the keys it can have are name, template, condition,"},
		{"cases:\n  - template: x\n    limits: {max_stepz: 1}\n", "bad.yaml:3: case 1: limits has the unknown key 'max_stepz'; the keys it can have are max_steps, max_work, max_size; did you mean max_steps?"},
		// R11: an unclosed quote is told at its own line, not the file's end
		{"cases:\n  - template: \"x\n    want: x\n", "bad.yaml: line 2, column 15: not valid YAML: the quoted value that starts here with \" is not closed"},
		{head + "    complexity: 1\n    hnit: 2\n", "did you mean hint?"},
		{head + "    complexity: 1\n    env: [a]\n", "bad.yaml:8: case 1 ('n1'): env is a list; write a mapping of names to texts"},
		{head + "    complexity: 1\n    limits: {max_steps: abc}\n", "bad.yaml:8: case 1 ('n1'): limits.max_steps is the text 'abc'; write a whole number"},
		{"cases:\n  - template: x\n    error: {kind: [1], contains: x}\n", "bad.yaml:3: case 1: error.kind is a list; write one of syntax, forbidden,"},
		// D36: a key given twice names both lines; nothing or no cases is
		// no file of cases; a kind, a rule and the file's data have their
		// shapes; a case without rule, hint or complexity says which.
		{head + "    complexity: 1\n    want: y\n", "bad.yaml:8: case 1 ('n1'): the case has the key 'want' twice (first on line 4); keep one"},
		{"", "bad.yaml: the file is empty; write cases: and a list of cases"},
		{"data: {a: 1}\n", "bad.yaml:1: the file has no key cases; write cases: and a list of cases"},
		{"cases: []\n", "bad.yaml:1: the file's cases are an empty list; write at least one case"},
		{"data: [1]\n" + head + "    complexity: 1\n", "bad.yaml:1: data is a list; write a mapping of the variables, such as {row: {amount: 3}}"},
		{head + "    complexity: 1\n    data: 5\n", "bad.yaml:8: case 1 ('n1'): data is the number 5; write a mapping of the variables"},
		{"cases:\n  - template: x\n    value: {kind: numbr, json: \"1\"}\n", "bad.yaml:3: case 1: value.kind is the text 'numbr', which is not a kind; write one of empty, text, number, boolean, list, dictionary; did you mean number?"},
		{"cases:\n  - flow: x\n    findings: [{kind: nope}]\n", "bad.yaml:3: case 1: item 1 of findings.kind is the text 'nope', which is not a kind; write one of syntax,"},
		{"cases:\n  - template: x\n    want: x\n    rule: X9\n", "bad.yaml:4: case 1: rule is the text 'X9'; write D- or E-numbers separated by spaces, such as D7"},
		{"cases:\n  - name: n1\n    template: x\n    want: x\n    hint: h\n    complexity: 1\n", "bad.yaml:2: case 1 ('n1'): the case has no rule; write rule:"},
		{"cases:\n  - template: x\n    want: x\n    rule: D1\n    hint: \"\"\n    complexity: 1\n", "bad.yaml:2: case 1: the case has no hint; write hint:"},
		{head + "    complexity: 0\n", "bad.yaml:2: case 1 ('n1'): the case has the complexity 0; write complexity: with a whole number from 1"},
		{head, "bad.yaml:2: case 1 ('n1'): the case has no complexity; write complexity:"},
		{"cases:\n  - template: x\n    findings: [{warning: maybe}]\n", "bad.yaml:3: case 1: item 1 of findings.warning is the text 'maybe'; write true or false"},
		{"env: 5\ncases: []\n", "bad.yaml:1: env is the number 5; write a mapping of names to texts"},
		{"- a\n", "bad.yaml:1: the file is a list; write a mapping with the keys data, env and cases"},
		{"cases:\n  - 7\n", "bad.yaml:2: case 1: the case is the number 7; write a mapping of a case's keys"},
		{"cases: [\n", "bad.yaml: line 1, column 8: not valid YAML:"},
		// The form and the expectation: what the case has, and what to
		// write instead.
		{"cases:\n  - template: x\n    condition: y\n    want: x\n", "bad.yaml:2: case 1: the case has template and condition; keep one of them"},
		{"cases:\n  - want: x\n    rule: D1\n", "bad.yaml:2: case 1: the case has none of template, condition and flow; write one of them"},
		{"cases:\n  - template: x\n    want: x\n    error: {kind: type}\n", "bad.yaml:2: case 1: the case has want and error; keep one of them"},
		{"cases:\n  - template: x\n    rule: D1\n", "bad.yaml:2: case 1: the case has none of want, value, error and findings; write want: with the text the template gives"},
		{"cases:\n  - flow: x\n    want: x\n", "bad.yaml:2: case 1: the case is a flow with want; write findings: with the findings validate reports instead"},
		{"cases:\n  - condition: x\n    findings: []\n", "bad.yaml:2: case 1: the case is a condition with findings, which are for a flow; write want: \"true\" or want: \"false\", or error:, instead"},
		{"cases:\n  - condition: x\n    want: yes\n", "bad.yaml:2: case 1: want is the text 'yes', and a condition holds or not; write want: \"true\" or want: \"false\""},
		{"cases:\n  - condition: x\n    value: {kind: text, json: x}\n", "bad.yaml:2: case 1: the case is a condition with value, and a condition has no whole value; write want: \"true\" or want: \"false\" instead"},
	} {
		_, err := conformance.Load(fstest.MapFS{"bad.yaml": {Data: []byte(tc.file)}})
		require.Error(t, err, tc.file)
		require.Contains(t, err.Error(), tc.want, tc.file)
		for _, jargon := range []string{"!!", "unmarshal", "conformance.", "map[", "[]", "int64", ": yaml:"} {
			require.NotContains(t, err.Error(), jargon, tc.file)
		}
	}
}

// roundTo is n to the nearest multiple of unit.
func roundTo(n, unit int) int { return (n + unit/2) / unit * unit }

// number reads a number as the README writes it, with a thousands comma.
func number(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
	require.NoError(t, err)
	return n
}

// The numbers the READMEs and the spec state about the suite are the
// suite's, to the rounding they state: a count of cases "about N" or
// "some N" is the count to the nearest hundred, a file's "about N lines"
// its lines to the nearest fifty. The tables list what there is: every
// file of the suite, and the error kinds in the order of Kinds.
func TestREADMENumbers(t *testing.T) {
	cases := load(t)
	spec := 0
	for _, c := range cases {
		if c.File == "spec.yaml" {
			spec++
		}
	}
	read := func(p string) string {
		b, err := os.ReadFile(p)
		require.NoError(t, err)
		return strings.Join(strings.Fields(string(b)), " ")
	}
	readme, specDoc, own := read("../README.md"), read("../docs/flow_markdown_spec.md"), read("README.md")

	m := regexp.MustCompile(`suite, built into the binary, against this build: about ([0-9,]+) cases`).FindStringSubmatch(readme)
	require.NotNil(t, m, "README.md states the suite's count of cases")
	require.Equal(t, roundTo(len(cases), 100), number(t, m[1]), "README.md: the suite has %d cases; write the count to the nearest hundred", len(cases))

	m = regexp.MustCompile(`together with about ([0-9,]+) more`).FindStringSubmatch(specDoc)
	require.NotNil(t, m, "the spec states how many cases the suite has besides its examples")
	require.Equal(t, roundTo(len(cases)-spec, 100), number(t, m[1]), "docs/flow_markdown_spec.md: the suite has %d cases besides the spec's %d; write the count to the nearest hundred", len(cases)-spec, spec)

	m = regexp.MustCompile(`\[.run\.go.\]\(run\.go\), is about ([0-9,]+) lines`).FindStringSubmatch(own)
	require.NotNil(t, m, "conformance/README.md states the size of the Go runner")
	b, err := os.ReadFile("run.go")
	require.NoError(t, err)
	lines := strings.Count(string(b), "\n")
	require.Equal(t, roundTo(lines, 50), number(t, m[1]), "conformance/README.md: run.go has %d lines; write them to the nearest fifty", lines)

	var kinds []string
	for _, k := range regexp.MustCompile("\\| `([a-z-]+)` \\| `Err[A-Za-z]+` \\|").FindAllStringSubmatch(own, -1) {
		kinds = append(kinds, k[1])
	}
	require.Equal(t, conformance.Kinds(), kinds, "conformance/README.md's table of error kinds")

	listed := map[string]bool{}
	for _, f := range regexp.MustCompile("\\| `([a-zA-Z/*.A-Z]+\\.(?:yaml|md))` \\|").FindAllStringSubmatch(own, -1) {
		listed[f[1]] = true
	}
	require.NoError(t, fs.WalkDir(conformance.Suite(), ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		dir, name := path.Split(p)
		require.True(t, listed[p] || dir != "" && (listed[dir+"*.yaml"] || listed[dir+"NAME.yaml"]),
			"conformance/README.md's table of files lists no %s (of %s)", p, name)
		return nil
	}))
}

// A flow case is validated with its data as sample data only when the
// data holds something: `data: {}` (traps.yaml's) or `data: null` is no
// data, and the flow is checked as `kinenix validate` checks it without
// -data, so `${row.x}` gets no "no variable 'row'" warning. README.md says
// so, for a runner written from it: one that passed `{}` as -data failed
// 12 of traps.yaml's cases.
func TestFlowWithoutData(t *testing.T) {
	for _, d := range []string{"", "data: {}\n", "data: null\n"} {
		text := d + "cases:\n" +
			"  - flow: \"- **a:** ${row.x}\\n- **b:** ${x.upper()}\\n\"\n" +
			"    findings: [{kind: trap, warning: true, line: 2, contains: [\"method calls are not allowed\"]}]\n" +
			"    rule: D38\n    complexity: 1\n    hint: no data, no missing keys\n"
		cases, err := conformance.Load(fstest.MapFS{"a.yaml": {Data: []byte(text)}})
		require.NoError(t, err, "%q", d)
		for _, r := range conformance.Run(cases) {
			require.True(t, r.Pass, "%q: %s\n%s", d, r.Why, r.Got)
		}
	}
	readme, err := os.ReadFile("README.md")
	require.NoError(t, err)
	require.True(t, strings.Contains(string(readme), "`data` that is absent, `{}` or `null` is no data"),
		"conformance/README.md says when a flow case has data")
}
