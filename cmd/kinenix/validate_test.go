package main

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// writeFlow writes a flow into a temporary directory and returns its path.
func writeFlow(t *testing.T, name, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
	return p
}

// Each flow has one problem; the test pins its line, column, message and
// kind. Columns count characters from 1.
func TestValidateOneProblemEach(t *testing.T) {
	for _, c := range []struct {
		name, flow, want, kind string
	}{
		{"syntax", "# Flow\n\n- **value:** ${count +}\n",
			"3:23: ${count +}: unexpected end; a value is missing after '+'", "syntax"},
		{"missing paren", "- **value:** ${len(rows}\n",
			"1:24: ${len(rows}: missing ')'", "syntax"},
		{"forbidden comparison", "- **value:** ${count > 3}\n",
			"1:16: ${count > 3}: comparisons are not allowed inside ${...}; write them in a condition", "forbidden"},
		{"method call", "- **name:** ${upper(row.brand).lower()}\n",
			"1:15: ${upper(row.brand).lower()}: method calls are not allowed; write lower(upper(row.brand))", "forbidden"},
		{"unknown function", "- **subject:** ${lenght(rows)} rows\n",
			"1:18: ${lenght(rows)}: unknown function lenght; did you mean len?", "unknown-function"},
		{"arity", "- **subject:** ${len(rows, 2)} rows\n",
			"1:18: ${len(rows, 2)}: len takes 1 value, got 2", "arity"},
		{"underscore name", "- **x:** ${_secret}\n",
			"1:12: ${_secret}: names starting with _ are not allowed", "forbidden"},
		{"underscore key", "- **x:** ${row._id}\n",
			"1:16: ${row._id}: names starting with _ are not allowed; for a key that starts with _, write ['_id']", "forbidden"},
		{"too long", "- **x:** ${" + strings.Repeat("a+", 250) + "a}\n",
			"1:12: ${" + strings.Repeat("a+", 59) + "a…}: expression is longer than 500 characters (it has 501)", "limit"}, // D37: cut at 120 characters
		{"too deep", "- **x:** ${" + strings.Repeat("(", 21) + "a" + strings.Repeat(")", 21) + "}\n",
			"1:32: ${" + strings.Repeat("(", 21) + "a" + strings.Repeat(")", 21) + "}: expression is nested deeper than 20 levels of parentheses, calls and brackets", "limit"},
		{"unclosed", "- **to:** ${config.email.to\n",
			"1:11: ${config.email.to}: ${ is not closed; add the closing }", "unclosed"},
		{"condition operator", "- **condition:** ${row.status} = Active\n",
			"1:32: condition: unknown operator =; did you mean ==?", "condition"},
		{"condition not a condition", "- **condition:** Active\n",
			"1:18: condition: not a condition: 'Active' (a condition compares two values, like ${x} == yes, or is a single ${...})", "condition"},
		{"condition empty", "- **condition:**\n",
			"1:17: condition: the condition is empty", "condition"},
		{"condition unclosed", "- **condition:** ${row.status == Active\n",
			"1:18: condition: '${row.status == Active': ${ is not closed; add the closing } where the placeholder ends: ${row.status} == Active", "unclosed"},
		{"placeholder in condition", "- **condition:** ${lenght(row.note)} > 3\n",
			"1:20: condition: ${lenght(row.note)}: unknown function lenght; did you mean len?", "unknown-function"},
		{"division by zero", "- **x:** ${10 / 0}\n",
			"1:15: ${10 / 0}: division by zero", "division-by-zero"},
		{"text arithmetic", "- **x:** ${'abc' * 2}\n",
			"1:12: ${'abc' * 2}: 'abc' is text ('abc'), not a number, and number(...) finds none in it", "type"},
		{"bad value", "- **x:** ${number('none')}\n",
			"1:12: ${number('none')}: number: no number in 'none'", "value"},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := writeFlow(t, "flow.md", c.flow)
			r := runCLI(t, "", "validate", p)
			require.Equal(t, 1, r.code, r.stderr)
			require.Empty(t, r.stderr)
			require.Equal(t, p+":"+c.want+"\n", r.stdout)

			r = runCLI(t, "", "validate", "-json", p)
			require.Equal(t, 1, r.code)
			var got []record.Finding
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &got))
			require.Len(t, got, 1)
			require.Equal(t, c.kind, got[0].Kind)
			require.False(t, got[0].Warning)
		})
	}
}

func TestValidateClean(t *testing.T) {
	p := writeFlow(t, "clean.md", "# Clean\n\n- **subject:** ${len(packages)} packages for ${join(ok_ids, ', ')}\n"+
		"- **who:** ${row.Role in Company} ${row.First Name}\n- **condition:** ${row.status} == Active and ${row.amount} > 0\n")
	r := runCLI(t, "", "validate", p)
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Empty(t, r.stdout)
	require.Empty(t, r.stderr)

	r = runCLI(t, "", "validate", "-data", example, p)
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Empty(t, r.stdout)

	r = runCLI(t, "", "validate", "-json", p)
	require.Equal(t, 0, r.code)
	require.Equal(t, "[]\n", r.stdout)
}

// Every problem of a file is listed, in file order, and several files are
// listed in the order given.
func TestValidateSeveralFiles(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.md")
	b := filepath.Join(dir, "b.md")
	clean := filepath.Join(dir, "clean.md")
	require.NoError(t, os.WriteFile(a, []byte("- **x:** ${len()} and ${upper(x, y)}\n- **condition:** ${x} => 3\n"), 0o600))
	require.NoError(t, os.WriteFile(b, []byte("text ${a b c} ${1 +}\n"), 0o600))
	require.NoError(t, os.WriteFile(clean, []byte("- **x:** ${x}\n"), 0o600))
	r := runCLI(t, "", "validate", b, clean, a)
	require.Equal(t, 1, r.code)
	require.Equal(t, b+":1:20: ${1 +}: unexpected end; a value is missing after '+'\n"+
		a+":1:12: ${len()}: len takes 1 value, got 0\n"+
		a+":1:25: ${upper(x, y)}: upper takes 1 value, got 2\n"+
		a+":2:23: condition: unknown operator =>; did you mean >=?\n", r.stdout)

	r = runCLI(t, "", "validate", clean, clean)
	require.Equal(t, 0, r.code)
	require.Empty(t, r.stdout)
}

func TestValidateJSON(t *testing.T) {
	p := writeFlow(t, "f.md", "- **x:** ${lenght(x)}\n- **y:** ${row.Frist Name}\n")
	r := runCLI(t, "", "validate", "-json", "-data", example, p)
	require.Equal(t, 1, r.code, r.stderr)
	var got []map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &got))
	require.Equal(t, []map[string]any{
		{"file": p, "line": 1.0, "column": 12.0, "expression": "lenght(x)",
			"message": "${lenght(x)}: unknown function lenght; did you mean len?", "kind": "unknown-function", "warning": false},
		{"file": p, "line": 2.0, "column": 16.0, "expression": "row.Frist Name",
			"message": "row.Frist Name: no key 'Frist Name' in row; did you mean 'First Name'?", "kind": "missing-key", "warning": true},
	}, got)
}

func TestValidateSampleWarnings(t *testing.T) {
	p := writeFlow(t, "f.md", strings.Join([]string{
		"- **to:** ${config.email.too}",
		"- **hi:** Dear ${row.Frist Name},",
		"- **n:** ${len(rwo.items)} ${rows[0].statsu} ${row['Unit Prise (THB)']}",
		"- **role:** ${row.Role in Compny}",
		"- **condition:** ${row.brand} > 3 and ${row.amount} > 0",
		"- **condition:** ${row.First Name} >= 1",
		"- **ok:** ${row.First Name} ${number(row.premium) * 12} ${env.HOME}",
		"",
	}, "\n"))
	r := runCLI(t, "", "validate", "-data", example, p)
	require.Empty(t, r.stderr)
	want := []string{
		"1:26: warning: config.email.too: no key 'too' in config.email; did you mean 'to'?",
		"2:22: warning: row.Frist Name: no key 'Frist Name' in row; did you mean 'First Name'?",
		"3:16: warning: rwo: no variable 'rwo'; did you mean 'row'?",
		"3:38: warning: rows[0].statsu: no key 'statsu' in rows[0]; did you mean 'status'?",
		"3:52: warning: row['Unit Prise (THB)']: no key 'Unit Prise (THB)' in row; did you mean 'Unit Price (THB)'?",
		// With data, a lookup-shaped text whose key the sample lacks is an
		// error (design section 4), and the warning names the key meant.
		"4:15: ${row.Role in Compny}: 'in' is not allowed inside ${...}; write it in a condition",
		"4:19: warning: row.Role in Compny: no key 'Role in Compny' in row; did you mean 'Role in Company'?",
		"5:31: condition: '${row.brand} > 3': > needs numbers; '  toyota ' is not a number, and number(...) finds none in it",
		"6:36: condition: '${row.First Name} >= 1': >= needs numbers; 'Somchai' is not a number, and number(...) finds none in it",
		// D44: the environment is not let in, so ${env.HOME} is empty.
		"7:59: warning: ${env.HOME}: the environment is not read; run with -env HOME",
	}
	for i := range want {
		want[i] = p + ":" + want[i]
	}
	require.Equal(t, strings.Join(want, "\n")+"\n", r.stdout)
	require.Equal(t, 1, r.code) // the error on line 4
	r = runCLI(t, "", "validate", "-env", "HOME", "-data", example, p)
	require.Equal(t, strings.Join(want[:len(want)-1], "\n")+"\n", r.stdout, "-env HOME lets it in")

	// Warnings alone leave the exit status 0.
	q := writeFlow(t, "g.md", "- **hi:** Dear ${row.Frist Name},\n")
	r = runCLI(t, "", "validate", "-data", example, q)
	require.Equal(t, 0, r.code)
	require.Equal(t, q+":1:22: warning: row.Frist Name: no key 'Frist Name' in row; did you mean 'First Name'?\n", r.stdout)
	// Without data there is nothing to warn about.
	r = runCLI(t, "", "validate", q)
	require.Equal(t, 0, r.code)
	require.Empty(t, r.stdout)
}

// D44: the environment read inside an expression is as empty as
// ${env.X} when it is not let in, and validate and preview say so from
// the flow's facts, wherever the read stands; -env lets it in.
func TestEnvReadInsideAnExpression(t *testing.T) {
	p := writeFlow(t, "f.md", "- **b:** ${upper(env.REGION)}\n- **c:** ${default(env.REGION, 'eu')}\n"+
		"- **condition:** ${lower(env['STAGE'])} == prod\n")
	want := p + ":1:18: warning: env.REGION: the environment is not read; run with -env REGION\n" +
		p + ":2:20: warning: env.REGION: the environment is not read; run with -env REGION\n" +
		p + ":3:26: warning: env['STAGE']: the environment is not read; run with -env STAGE\n"
	r := runCLI(t, "", "validate", p)
	require.Equal(t, 0, r.code)
	require.Equal(t, want, r.stdout)
	r = runCLI(t, "", "preview", p)
	require.Equal(t, 0, r.code)
	require.Contains(t, r.stdout+r.stderr, p+":1:18: warning: env.REGION: the environment is not read; run with -env REGION")
	require.Contains(t, r.stdout+r.stderr, p+":3:26: warning: env['STAGE']")
	r = runCLI(t, "", "validate", "-env", "REGION,STAGE", p)
	require.Equal(t, 0, r.code)
	require.Empty(t, r.stdout)
}

// CRLF line ends, tabs and Thai text before a placeholder: columns count
// characters, a tab is one, and the \r of a line end is not one.
func TestValidatePositions(t *testing.T) {
	p := writeFlow(t, "f.md", "# รายงาน\r\n\r\n- **ชื่อ:** สวัสดี ${lenght(x)}\r\n\t- **b:**\t${len(1, 2)}\r\n- **condition:** ${ราคา} = 3\r\n")
	r := runCLI(t, "", "validate", p)
	require.Equal(t, 1, r.code)
	require.Equal(t, p+":3:22: ${lenght(x)}: unknown function lenght; did you mean len?\n"+
		p+":4:13: ${len(1, 2)}: len takes 1 value, got 2\n"+
		p+":5:26: condition: unknown operator =; did you mean ==?\n", r.stdout)
}

// Fenced code blocks show examples and are not checked; inline code is.
func TestValidateCodeBlocks(t *testing.T) {
	p := writeFlow(t, "f.md", "Example:\n\n```markdown\n- **x:** ${bad(\n- **condition:** nonsense\n```\n\n~~~~\n${(\n```\n${(\n~~~~\n- **y:** `${len()}`\n")
	r := runCLI(t, "", "validate", p)
	require.Equal(t, 1, r.code)
	require.Equal(t, p+":13:13: ${len()}: len takes 1 value, got 0\n", r.stdout)
}

func TestValidateUsageAndFiles(t *testing.T) {
	clean := writeFlow(t, "clean.md", "- **x:** ${x}\n")
	broken := writeFlow(t, "broken.md", "- **x:** ${len()}\n")

	r := runCLI(t, "", "validate", "does/not/exist.md")
	require.Equal(t, 2, r.code)
	require.Equal(t, "kinenix: flow file does/not/exist.md does not exist\n", r.stderr)
	require.Empty(t, r.stdout)

	// The other files are still checked; the status is 2.
	r = runCLI(t, "", "validate", broken, "missing.md", clean)
	require.Equal(t, 2, r.code)
	require.Equal(t, broken+":1:12: ${len()}: len takes 1 value, got 0\n", r.stdout)
	require.Equal(t, "kinenix: flow file missing.md does not exist\n", r.stderr)

	for _, args := range [][]string{
		{"validate"},
		{"validate", "-nope", clean},
		{"validate", "-data", "does/not/exist.json", clean},
		{"validate", t.TempDir()}, // a directory with no .md file
	} {
		r := runCLI(t, "", args...)
		require.Equal(t, 2, r.code, args)
		require.NotEmpty(t, r.stderr, args)
		require.NotContains(t, r.stderr, "goroutine", args)
	}

	// A flow on standard input, and flags after the files.
	r = runCLI(t, "- **x:** ${len()}\n", "validate", "-", "-json")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stdout, `"file": "-"`)
	r = runCLI(t, `{"x": 1}`, "validate", "-data", "-", "-")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "standard input")
}

func TestValidateTooLarge(t *testing.T) {
	p := writeFlow(t, "big.md", strings.Repeat("x", flow.MaxSize+10))
	r := runCLI(t, "", "validate", p)
	require.Equal(t, 1, r.code)
	require.Equal(t, p+":1:1: the flow is larger than 1 MiB; it was not checked\n", r.stdout)
}

// The bundled examples: each validates clean, without and with its sample
// data, and every field renders with that data as in the golden file
// testdata/examples/NAME.golden (go test -update rewrites them).
func TestExamples(t *testing.T) {
	flows, err := filepath.Glob("../../examples/*.md")
	require.NoError(t, err)
	require.GreaterOrEqual(t, len(flows), 3)

	args := append([]string{"validate"}, flows...)
	r := runCLI(t, "", args...)
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Empty(t, r.stdout)

	for _, f := range flows {
		name := strings.TrimSuffix(filepath.Base(f), ".md")
		t.Run(name, func(t *testing.T) {
			data := dataFor(t, f)
			r := runCLI(t, "", "validate", "-data", data, f)
			require.Equal(t, 0, r.code, r.stdout+r.stderr)
			require.Empty(t, r.stdout, "no warnings with the sample data")

			got := renderFields(t, f, data)
			golden := filepath.Join("testdata", "examples", name+".golden")
			if *update {
				require.NoError(t, os.MkdirAll(filepath.Dir(golden), 0o755))
				require.NoError(t, os.WriteFile(golden, []byte(got), 0o644))
			}
			want, err := os.ReadFile(golden)
			require.NoError(t, err, "run go test -update to write %s", golden)
			require.Equal(t, string(want), got)
		})
	}
}

// dataFor is the sample data file of a flow: the same name with .json,
// .yaml, .yml or .csv (a sheet: row is its first row).
func dataFor(t *testing.T, flowPath string) string {
	base := strings.TrimSuffix(flowPath, ".md")
	for _, ext := range []string{".json", ".yaml", ".yml", ".csv"} {
		if _, err := os.Stat(base + ext); err == nil {
			return base + ext
		}
	}
	t.Fatalf("%s has no sample data file", flowPath)
	return ""
}

// renderFields renders every field of the flow with the data: a line per
// field, `LINE label: value`, and `LINE condition: true|false` for a
// condition.
func renderFields(t *testing.T, flowPath, dataPath string) string {
	src, err := os.ReadFile(flowPath)
	require.NoError(t, err)
	d, err := loadData(dataPath, nil)
	require.NoError(t, err)
	s := scope.New(d.Vars())
	var b strings.Builder
	fields := flow.Fields(src)
	require.NotEmpty(t, fields)
	for _, f := range fields {
		var out string
		if f.Condition {
			c, err := eval.CompileCondition(f.Value)
			require.NoError(t, err, "line %d", f.Line)
			ok, err := c.Test(s)
			require.NoError(t, err, "line %d", f.Line)
			out = strconv.FormatBool(ok)
		} else {
			tpl, err := eval.Compile(f.Value)
			require.NoError(t, err, "line %d", f.Line)
			out, err = tpl.Render(s)
			require.NoError(t, err, "line %d", f.Line)
		}
		b.WriteString(strconv.Itoa(f.Line) + " " + f.Label + ": " + out + "\n")
	}
	return b.String()
}

// validate -json writes > and & as they are, as preview -json does.
func TestValidateJSONKeepsOperators(t *testing.T) {
	f := writeFile(t, "v.md", "- **a:** ${a > 1}\n")
	r := runCLI(t, "", "validate", "-json", f)
	require.Equal(t, 1, r.code, r.stderr)
	require.Contains(t, r.stdout, `"expression": "a > 1"`)
	require.NotContains(t, r.stdout, `\u003e`)
}

// validate -data SHEET checks every row: the flow is compiled once, each
// row has its budget and the run its own (D42).
func TestValidateSheetBounded(t *testing.T) {
	rows := "a\n" + strings.Repeat("1\n", 2000)
	sheet := writeFile(t, "s.csv", rows)
	flowText := strings.Repeat("- **x:** ${row.a} "+strings.Repeat("y", 60)+"\n", 600) // about 50 KB
	f := writeFile(t, "f.md", flowText)
	// The flow is compiled once and run over every row (D42): nothing is
	// left unchecked.
	r := runCLI(t, "", "validate", "-data", sheet, f)
	require.Equal(t, 0, r.code, r.stderr)
	require.Empty(t, r.stdout)
	small := writeFile(t, "g.md", "- **x:** ${row.a}\n")
	r = runCLI(t, "", "validate", "-data", sheet, small)
	require.Equal(t, 0, r.code, r.stderr)
	require.Empty(t, r.stdout, "a small flow is checked against every row")
}

// The traps of D38 and D44 warn on no valid flow: every example validates
// clean with -strict, without data and with each of its data files.
func TestExamplesHaveNoTraps(t *testing.T) {
	flows, err := filepath.Glob("../../examples/*.md")
	require.NoError(t, err)
	require.NotEmpty(t, flows)
	for _, f := range flows {
		r := runCLI(t, "", "validate", "-strict", f)
		require.Equal(t, result{}, r, f)
		datas, err := filepath.Glob(strings.TrimSuffix(f, ".md") + ".*")
		require.NoError(t, err)
		checked := 0
		for _, d := range datas {
			if strings.HasSuffix(d, ".md") {
				continue
			}
			r := runCLI(t, "", "validate", "-strict", "-data", d, f)
			require.Equal(t, result{}, r, "%s with %s", f, d)
			checked++
		}
		require.NotZero(t, checked, "%s has no data file", f)
	}
}

// D45: validate -data with a sheet warns about a column read as a number
// that holds text, naming the rows as the sheet shows them (D41), and
// about a column of numbers that number() refuses as not clear; warnings,
// errors under -strict.
func TestValidateColumnFacts(t *testing.T) {
	p := writeFlow(t, "f.md", "- **total:** ${row.Amount * 2} ${row.Price}\n- **condition:** ${row.Price} == 1\n")
	sheet := writeFlow(t, "d.csv", "Amount,Price\n100,\"12,5\"\nn/a,\"7,25\"\n200,\"3,5\"\n")
	r := runCLI(t, "", "validate", "-data", sheet, p)
	require.Equal(t, 1, r.code, r.stdout) // row.Amount * 2 fails on rows[1] (D43)
	require.Contains(t, r.stdout, p+":1:16: warning: column Amount is read as a number, but rows[1] (sheet row 3) holds text that is not a number ('n/a')")
	require.Contains(t, r.stdout, p+":1:34: warning: column Price: 3 of 3 values look like decimal commas (12,5); number() refuses them ('12,5' is not clear: write 12.5)")
	r = runCLI(t, "", "validate", "-strict", "-data", sheet, p)
	require.Equal(t, 1, r.code)
	// JSON data is no sheet: no column facts.
	js := writeFlow(t, "d.json", `{"row": {"Amount": "n/a", "Price": "12,5"}}`)
	r = runCLI(t, "", "validate", "-data", js, p)
	require.NotContains(t, r.stdout, "column ")
}

// D32: one line per problem. A method call that reads like a key is a
// warning without data; with data that lacks the key it is an error, told
// once, not again as a warning nor as a key the data lacks.
func TestValidateMethodCallOnce(t *testing.T) {
	d := writeFile(t, "m.json", `{"row": {"name": "Ann"}, "name": "x"}`)
	f := writeFlow(t, "m.md", "- **a:** ${row.name.strip()}\n- **b:** ${name.upper()}\n")
	r := runCLI(t, "", "validate", "-data", d, f)
	require.Equal(t, 1, r.code, r.stderr)
	require.Equal(t, f+":1:12: ${row.name.strip()}: method calls are not allowed\n"+
		f+":2:12: ${name.upper()}: method calls are not allowed; write upper(name)\n", r.stdout)
	r = runCLI(t, "", "validate", f)
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, 2, strings.Count(r.stdout, "warning: "), r.stdout)
}

// D41: a finding of validate -json about exactly one row carries its
// row, sheet row and key, as preview -json's rows do; one about many
// rows keeps only the lists.
func TestValidateJSONOneRow(t *testing.T) {
	d := writeFile(t, "c.csv", "id,amount\nA,1\nB,x\nC,3\nD,x\nE,x\n")
	f := writeFlow(t, "n.md", "- **n:** ${number(row.amount) * 2}\n- **m:** ${row.amount}\n")
	r := runCLI(t, "", "validate", "-json", "-key", "id", "-data", d, f)
	require.Equal(t, 1, r.code, r.stderr)
	var found []record.Finding
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &found), r.stdout)
	kinds := map[string]record.Finding{}
	for _, fd := range found {
		kinds[fd.Kind] = fd
	}
	value, column := kinds["value"], kinds["column"]
	require.Equal(t, []int{1, 3, 4}, value.Rows)
	require.Nil(t, value.Row, "many rows")
	require.Zero(t, value.SheetRow)
	require.Contains(t, column.Message, "rows[1] (sheet row 3, B), rows[3] (sheet row 5, D), rows[4] (sheet row 6, E) hold")
	require.Nil(t, column.Row, "many rows")
	// A column fact about many rows has the lists, as every finding
	// about many rows has them (D41).
	require.Equal(t, []int{1, 3, 4}, column.Rows)
	require.Equal(t, []int{3, 5, 6}, column.SheetRows)
	require.Equal(t, []string{"B", "D", "E"}, column.Keys)
	require.Equal(t, 3, column.RowCount)

	d = writeFile(t, "one.csv", "id,amount\nA,1\nB,x\nC,3\n")
	r = runCLI(t, "", "validate", "-json", "-key", "id", "-data", d, f)
	require.Equal(t, 1, r.code, r.stderr)
	found = nil
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &found), r.stdout)
	var seen []string
	for _, fd := range found {
		if fd.Kind != "value" && fd.Kind != "column" {
			continue
		}
		seen = append(seen, fd.Kind)
		require.NotNil(t, fd.Row, fd.Kind)
		require.Equal(t, record.RowRef{Row: fd.Row, SheetRow: 3, Key: "B"}, fd.RowRef, fd.Kind)
		require.Equal(t, 1, *fd.Row, fd.Kind)
		require.Equal(t, []int{1}, fd.Rows, fd.Kind)
		require.Equal(t, []int{3}, fd.SheetRows, fd.Kind)
		require.Equal(t, 1, fd.RowCount, fd.Kind)
	}
	require.ElementsMatch(t, []string{"value", "column"}, seen)
}

// D42, D45: a run that the budget stops still tells the column facts of
// the rows it ran (they are facts about those rows), saying that they
// cover only those, in the words and with the count of its other
// findings; in JSON too, with rows that were all run.
func TestValidateStoppedColumnFacts(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,amount\n")
	for i := range 200 {
		amount := strconv.Itoa(i)
		if i%7 == 3 {
			amount = "n/a"
		}
		b.WriteString("ID-" + strconv.Itoa(i) + "," + amount + "\n")
	}
	d := writeFile(t, "s.csv", b.String())
	f := writeFlow(t, "f.md", "- **condition:** ${row.amount} > 5\n- **all:** ${len(join(rows, ','))}\n")
	runOptions = []flow.Option{flow.RunBudget(0, 60_000)}
	defer func() { runOptions = nil }()

	r := runCLI(t, "", "validate", "-data", d, f)
	require.Equal(t, exitProblem, r.code, r.stderr)
	stop := regexp.MustCompile(`stopped at rows\[([0-9]+)\]`).FindStringSubmatch(r.stderr)
	require.NotNil(t, stop, r.stderr)
	ran, err := strconv.Atoi(stop[1]) // the rows before the stop were run
	require.NoError(t, err)
	require.Greater(t, ran, 20, "the budget lets some rows run")
	require.Less(t, ran, 200, "and stops before the end")
	note := " (in the " + strconv.Itoa(ran) + " rows run before the run stopped)\n"
	// every row of text, as the runs of rows the condition's error names
	require.Contains(t, r.stdout, f+":1:20: warning: column amount is read as a number, but rows 3, 10, 17, 24, ")
	require.Contains(t, r.stdout, "correct the data, or, in a condition, leave such rows out with a part before the comparison (${row.amount} != 'n/a' and ...)"+note)
	// the same count as the condition's own rows
	require.Contains(t, r.stdout, " of the "+strconv.Itoa(ran)+" rows run before the run stopped)\n")

	r = runCLI(t, "", "validate", "-json", "-data", d, f)
	require.Equal(t, exitProblem, r.code, r.stderr)
	var found []record.Finding
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &found), r.stdout)
	var column *record.Finding
	for i := range found {
		if found[i].Kind == "column" {
			column = &found[i]
		}
	}
	require.NotNil(t, column, r.stdout)
	require.Equal(t, (ran-3+6)/7, column.RowCount, "the text rows among those run")
	require.Len(t, column.Rows, column.RowCount)
	for _, i := range column.Rows {
		require.Less(t, i, ran)
	}
}

// D38, D12: with data, a method call written like a key that the data
// has (a column named `len(x)`) reads the key, and validate -data and
// preview give no warning for it; a row without the key fails with the
// method call's error; without data it stays a warning.
func TestValidateMethodCallKeyInData(t *testing.T) {
	f := writeFlow(t, "l.md", "- **a:** ${row.len(x)}\n")
	csv := writeFile(t, "l.csv", "len(x),b\nabc,1\ndef,2\n")
	for _, args := range [][]string{{"validate", "-data", csv, f}, {"validate", "-strict", "-data", csv, f}} {
		r := runCLI(t, "", args...)
		require.Equal(t, result{}, r, args)
	}
	r := runCLI(t, "", "preview", "-each", "-data", csv, f)
	require.Equal(t, 0, r.code, r.stderr)
	require.NotContains(t, r.stdout+r.stderr, "warning")
	require.Contains(t, r.stdout, f+":1: a: def\n")
	js := writeFile(t, "l.json", `{"row": {"len(x)": "abc"}}`)
	r = runCLI(t, "", "validate", "-strict", "-data", js, f)
	require.Equal(t, result{}, r)
	r = runCLI(t, "", "preview", "-strict", "-data", js, f)
	require.Equal(t, result{stdout: f + ":1: a: abc\n"}, r)

	jsonl := writeFile(t, "l.jsonl", "{\"len(x)\": \"abc\"}\n{\"b\": 1}\n")
	r = runCLI(t, "", "validate", "-data", jsonl, f)
	require.Equal(t, 1, r.code)
	require.Equal(t, f+":1:12: ${row.len(x)}: method calls are not allowed; len takes 1 value, got 2: write len(row) (rows[1])\n", r.stdout)

	r = runCLI(t, "", "validate", f)
	require.Equal(t, 0, r.code)
	require.Equal(t, f+":1:12: warning: ${row.len(x)}: method calls are not allowed; len takes 1 value, got 2: write len(row)\n", r.stdout)
}

// A limit of a field's whole text (D35) is told by validate, validate
// -data and preview in the same words: the field's text named by its
// start, with no ${ the author did not write, once.
func TestTemplateLimitSameEverywhere(t *testing.T) {
	dir := t.TempDir()
	flow := filepath.Join(dir, "many.md")
	require.NoError(t, os.WriteFile(flow, []byte("- **a:** "+strings.Repeat("${1}", 10_001)+"\n"), 0o600))
	data := filepath.Join(dir, "d.json")
	require.NoError(t, os.WriteFile(data, []byte("{}"), 0o600))
	msg := "'" + strings.Repeat("${1}", 29) + "${1…': the text has more than 10000 placeholders (10001); split it into several texts or fields, or shorten it"

	r := runCLI(t, "", "validate", flow)
	require.Equal(t, 1, r.code, r.stderr)
	require.Equal(t, flow+":1:10: "+msg+"\n", r.stdout)
	r = runCLI(t, "", "validate", "-data", data, flow)
	require.Equal(t, 1, r.code, r.stderr)
	require.Equal(t, flow+":1:10: "+msg+"\n", r.stdout)
	r = runCLI(t, "", "preview", "-data", data, flow)
	require.Contains(t, r.stdout, "a: error: "+msg+"\n")
}
