// Command kinenix renders templates, decides conditions, previews and
// validates flows written in the kinenix expression language.
//
//	kinenix render [-data FILE] [-row N] [-json] TEXT
//	kinenix cond [-data FILE] [-row N] [-explain] CONDITION
//	kinenix preview [-data FILE] [-row N | -each] [-format text|table|csv|jsonl] [-summary] [-where CONDITION] [-errors] [-compare OLD.md] [-key COLUMN] [-timeout DURATION] [-explain] [-json] [-strict] FLOW.md|DIR...
//	kinenix validate [-data FILE] [-row N] [-key COLUMN] [-timeout DURATION] [-json] [-strict] FLOW.md|DIR...
//	kinenix play [-addr 127.0.0.1:8080] [-public] [-data FILE] [FLOW.md]
//	kinenix conformance [-next N] [DIR]
//	kinenix version
//	kinenix help [COMMAND]
//
// FILE holds the variables as JSON, YAML, CSV or XLSX (`-` reads standard
// input). A flow reads no environment unless -env NAME,NAME or -env-all
// allows it. Exit status: 0 on success, 1 when an expression, a condition
// or a flow has a problem, 2 for usage and file errors.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/scope"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// exit statuses
const (
	exitOK      = 0
	exitProblem = 1
	exitUsage   = 2
)

// run is the whole command, with its streams, so tests can call it.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintln(stderr, "kinenix: internal error; please report it")
			code = exitUsage
		}
	}()
	if len(args) == 0 {
		fmt.Fprint(stderr, overview())
		return exitUsage
	}
	c := &cli{stdin: stdin, stdout: stdout, stderr: stderr}
	switch name := args[0]; name {
	case "-h", "-help", "--help", "help":
		if name == "help" && len(args) > 1 && !isHelp(args[1]) {
			if cmd := lookupCommand(args[1]); cmd != nil {
				return cmd.run(c, []string{"-h"})
			}
			fmt.Fprintf(stderr, "kinenix: unknown command %s; the commands are %s\n", quoteArg(args[1]), commandNames())
			return exitUsage
		}
		fmt.Fprint(stdout, overview())
		return exitOK
	case "-version", "--version":
		return c.version(nil)
	default:
		if cmd := lookupCommand(name); cmd != nil {
			return cmd.run(c, args[1:])
		}
	}
	fmt.Fprintf(stderr, "kinenix: unknown command %s; the commands are %s (kinenix help for more)\n", quoteArg(args[0]), commandNames())
	return exitUsage
}

func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

// command is one subcommand and its help.
type command struct {
	name     string
	args     string // the synopsis after the name
	summary  string // one line for the overview
	about    string // what it does, for `kinenix help NAME`
	examples []string
	run      func(c *cli, args []string) int
}

var commands []*command

func init() {
	commands = []*command{
		{
			name: "render", args: "[-data FILE] [-row N] [-json] [-env NAMES | -env-all] TEXT",
			summary: "render a template and print the result",
			about: "Renders TEXT, a text with ${...} placeholders, with the variables of the\n" +
				"data file, and prints the result. A failing placeholder prints its error\n" +
				"on standard error and exits 1.",
			examples: []string{
				`kinenix render -data examples/premium-report.json '${len(packages)} packages for ${join(ok_ids, ", ")}'`,
				`kinenix render -data examples/renewals.csv -row 1 'Dear ${row.customer}'`,
			},
			run: (*cli).render,
		},
		{
			name: "cond", args: "[-data FILE] [-row N] [-explain] [-env NAMES | -env-all] CONDITION",
			summary: "decide a condition line and print true or false",
			about: "Tests CONDITION, a condition line such as ${row.status} == Active and\n" +
				"${row.amount} > 0, with the variables of the data file, and prints true or\n" +
				"false. A condition that cannot be decided prints its error on standard\n" +
				"error and exits 1.",
			examples: []string{
				`kinenix cond -explain -data examples/premium-report.json '${row.status} == Active and ${row.amount} > 0'`,
				`kinenix cond -- '-1 < 3'`,
			},
			run: (*cli).cond,
		},
		{
			name: "preview", args: "[-data FILE] [-row N | -each] [-format text|table|csv|jsonl] [-summary] [-where CONDITION] [-errors] [-compare OLD.md] [-key COLUMN] [-timeout DURATION] [-explain] [-json] [-strict] [-env NAMES | -env-all] FLOW.md|DIR...",
			summary: "show every field of flows computed with data, for a row or a whole sheet",
			about: "Shows every field of each flow rendered with the data, and every condition\n" +
				"field with its verdict, in file order, one line each: FILE:LINE: LABEL: RESULT.\n" +
				"A field that fails shows FILE:LINE: LABEL: error: MESSAGE and the others\n" +
				"are still shown; the exit status is then 1. Warnings about the data\n" +
				"follow their field as FILE:LINE:COLUMN: warning: MESSAGE. Fenced code\n" +
				"blocks and lines without a bold label are skipped, as validate skips\n" +
				"them. A DIR stands for every .md file below it.\n\n" +
				"With a sheet (.csv, .xlsx, .jsonl) the fields are computed for row 0, the\n" +
				"row -row picks, or with -each every row, each after a line that names it\n" +
				"as the sheet shows it: rows[3] (sheet row 5), with -key the value of a\n" +
				"column too: rows[3] (sheet row 5, INV-0104). The flow is compiled once;\n" +
				"the rows are read as a stream (held in memory only when the flow reads\n" +
				"rows, the whole sheet), computed on all cores and printed in their\n" +
				"order. -summary, -where, -errors and -compare imply every row.\n\n" +
				"The fields and conditions of one row share one work budget; a run has a\n" +
				"budget too (64 rows' worth), and -timeout a time. Past either, the run\n" +
				"stops with a message on standard error that names the first row not\n" +
				"computed (stopped at rows[1,204] (sheet row 1,206): the run needs more\n" +
				"work than allowed) and exits 1; what was printed stands. On a terminal,\n" +
				"a run that takes more than a second shows its progress (rows, rows/s) on\n" +
				"standard error; never in a pipe or with -json.",
			examples: []string{
				`kinenix preview -data examples/renewals.csv -each examples/renewals.md`,
				`kinenix preview -data examples/order-status.yaml -explain examples/order-status.md`,
				`kinenix preview -data examples/renewals.csv -format table -key policy_no examples/renewals.md`,
				`kinenix preview -data examples/renewals.csv -summary examples/renewals.md`,
				`kinenix preview -data rows.csv -each -format csv FLOW.md > results.csv`,
				`kinenix preview -data rows.csv -compare OLD.md NEW.md`,
			},
			run: (*cli).preview,
		},
		{
			name: "validate", args: "[-data FILE] [-row N] [-key COLUMN] [-timeout DURATION] [-json] [-strict] [-env NAMES | -env-all] FLOW.md|DIR...",
			summary: "check every ${...} and condition of flows",
			about: "Checks every ${...} and every condition field of each flow and prints one\n" +
				"line per problem on standard output, FILE:LINE:COLUMN: MESSAGE, in file\n" +
				"order; no output and exit 0 when there is none, exit 1 when there is one.\n" +
				"A DIR stands for every .md file below it, in name order.\n\n" +
				"With -data the flow is also run the way preview runs it, on every row of\n" +
				"a sheet (only row N with -row N): a field or condition that fails on a\n" +
				"row is an error, listed once with the rows it fails on (rows 1-2, 6 and\n" +
				"12,546 more; one row as rows[3] (sheet row 5)), so validate and preview\n" +
				"never disagree about a row. What only may go wrong (a lookup that is\n" +
				"empty on a row, a silent trap) is printed as FILE:LINE:COLUMN: warning:\n" +
				"MESSAGE; warnings exit 0 unless -strict. A sheet with a header and no\n" +
				"rows is one warning. The run has the budgets of preview, and -timeout.",
			examples: []string{
				`kinenix validate examples`,
				`kinenix validate -strict -data examples/renewals.csv examples/renewals.md`,
			},
			run: (*cli).validate,
		},
		{
			name: "lsp", args: "",
			summary: "serve the Language Server Protocol to an editor",
			about: "Runs a language server for flow Markdown files on standard input and\n" +
				"output, for an editor to start: diagnostics as you type (everything\n" +
				"validate reports, with exact ranges), hover on functions and data paths,\n" +
				"and completion of functions and data keys. The editor names a sample data\n" +
				"file in its initialization options: {\"data\": \"FILE\"}.",
			examples: []string{
				`nvim: vim.lsp.start({name = "kinenix", cmd = {"kinenix", "lsp"}, init_options = {data = "examples/premium-report.json"}})`,
			},
			run: (*cli).lsp,
		},
		{
			name: "play", args: "[-addr 127.0.0.1:8080] [-public] [-data FILE] [FLOW.md]",
			summary: "a local page that checks a flow and its data as you type",
			about: "Serves a page, on this machine only, with two editors: the flow and its\n" +
				"data (JSON, YAML or CSV). As you type it shows the problems validate\n" +
				"reports, underlined on their lines, every field rendered and every\n" +
				"condition decided part by part, and the function reference. FLOW.md\n" +
				"and -data FILE are read once, at start, into the page; the server reads\n" +
				"and writes no other file, and ${env.NAME} is always empty there. It\n" +
				"listens on loopback; a non-loopback -addr needs -public. Ctrl-C stops it.",
			examples: []string{
				`kinenix play -data examples/premium-report.json examples/premium-report.md`,
				`kinenix play -addr 127.0.0.1:9000`,
			},
			run: (*cli).play,
		},
		{
			name: "conformance", args: "[-next N] [DIR]",
			summary: "run the language's conformance suite against this build",
			about: "Runs the conformance suite, the language as data (YAML cases, see\n" +
				"conformance/README.md), against this build: the suite built into kinenix,\n" +
				"or the .yaml files below DIR (but DIR/pending). Prints pass and fail per\n" +
				"area, one line each, then the next failing cases, simplest first, each\n" +
				"with its rule and a hint. Exit 0 when every case passes, 1 when one fails,\n" +
				"2 when DIR or a file of it cannot be read.",
			examples: []string{
				`kinenix conformance`,
				`kinenix conformance -next 3 conformance`,
			},
			run: (*cli).conformance,
		},
		{
			name: "version", args: "",
			summary: "print the version of kinenix",
			about:   "Prints the module version kinenix was built from, or (devel) and the\nrevision of the source for a build from a clone.",
			examples: []string{
				`kinenix version`,
			},
			run: (*cli).version,
		},
	}
}

func lookupCommand(name string) *command {
	for _, c := range commands {
		if c.name == name {
			return c
		}
	}
	return nil
}

func commandNames() string {
	var names []string
	for _, c := range commands {
		names = append(names, c.name)
	}
	return strings.Join(names, ", ")
}

// overview is the help of `kinenix help` and `kinenix -h`.
func overview() string {
	var b strings.Builder
	b.WriteString("kinenix renders, tests, previews and validates flows written in the kinenix\nexpression language.\n\nusage:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %s\n", strings.TrimSpace("kinenix "+c.name+" "+c.args))
	}
	b.WriteString("  kinenix help [COMMAND]\n\ncommands:\n")
	width := 0
	for _, c := range commands {
		width = max(width, len(c.name))
	}
	for _, c := range commands {
		fmt.Fprintf(&b, "  %-*s %s\n", width, c.name, c.summary)
	}
	fmt.Fprintf(&b, "  %-*s %s\n", width, "help", "print this help, or with COMMAND all of its flags")
	b.WriteString(`
FILE holds the variables: .json, .yaml or .yml; a sheet as .csv or .xlsx
(FILE.xlsx#Sheet picks a sheet) gives rows and row; - reads JSON or YAML
from standard input. A flow reads no environment unless -env NAME,NAME or
-env-all allows it.

Exit status: 0 success; 1 an expression, condition or flow has a problem;
2 a usage or file error.

examples:
`)
	for _, c := range commands {
		fmt.Fprintf(&b, "  %s\n", c.examples[0])
	}
	b.WriteString("\nRun kinenix help COMMAND (or kinenix COMMAND -h) for its flags.\n")
	return b.String()
}

type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// flags makes a flag set for a command; parse reads it.
func (c *cli) flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parse parses the flags of command name and returns the positional
// arguments. done is true when the command is over: help was printed
// (code 0) or the arguments were wrong (code 2, a one-line message on
// standard error).
func (c *cli) parse(fs *flag.FlagSet, args []string) (rest []string, code int, done bool) {
	cmd := lookupCommand(fs.Name())
	rest, err := parseArgs(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		c.help(cmd, fs)
		return nil, exitOK, true
	}
	if err != nil {
		return nil, c.usageError(fs.Name(), err.Error()), true
	}
	return rest, exitOK, false
}

// oneArgScope parses the flags of render or cond, which take one
// argument (what names it in the message when there is not exactly one),
// and reads their data (oneScope).
func (c *cli) oneArgScope(fs *flag.FlagSet, args []string, what string, d *dataFlags) (arg string, s *scope.Scope, row string, code int, done bool) {
	name := fs.Name()
	rest, code, done := c.parse(fs, args)
	if done {
		return "", nil, "", code, true
	}
	if len(rest) != 1 {
		return "", nil, "", c.usageError(name, fmt.Sprintf("%s takes one %s, got %d", name, what, len(rest))), true
	}
	s, row, code, done = c.oneScope(name, d)
	if done {
		return "", nil, "", code, true
	}
	return rest[0], s, row, exitOK, false
}

// noArgs parses the flags of command name, which has none of its own and
// takes no arguments; msg is the message when it is given some.
func (c *cli) noArgs(name string, args []string, msg string) (code int, done bool) {
	rest, code, done := c.parse(c.flags(name), args)
	if done {
		return code, true
	}
	if len(rest) != 0 {
		return c.usageError(name, msg), true
	}
	return exitOK, false
}

// parseArgs parses flags anywhere among the arguments (`kinenix render
// TEXT -json`), as -name, --name, -name=value or -name value. `--` ends the
// flags. An argument that starts with `-` but does not read as a flag name
// (`-1 < 3`, `-${x}`, `-`) is a positional argument; one that reads as a
// name that is not defined is an error. -h and -help give flag.ErrHelp.
func parseArgs(fs *flag.FlagSet, args []string) ([]string, error) {
	rest := []string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			return append(rest, args[i+1:]...), nil
		}
		name, value, hasValue, ok := flagName(a)
		if !ok {
			rest = append(rest, a)
			continue
		}
		if name == "h" || name == "help" {
			return nil, flag.ErrHelp
		}
		f := fs.Lookup(name)
		if f == nil {
			return nil, fmt.Errorf("unknown flag -%s", name)
		}
		if bf, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && bf.IsBoolFlag() {
			if !hasValue {
				value = "true"
			}
		} else if !hasValue {
			if i+1 >= len(args) {
				return nil, fmt.Errorf("flag -%s needs a value", name)
			}
			i++
			value = args[i]
		}
		if err := fs.Set(name, value); err != nil {
			return nil, fmt.Errorf("-%s %s: %v", name, echo.Text(value), err)
		}
	}
	return rest, nil
}

// flagName reads an argument as a flag: one or two dashes, a name that
// starts with a letter and holds letters, digits, `-` and `_`, and
// optionally `=value`.
func flagName(arg string) (name, value string, hasValue, ok bool) {
	s, found := strings.CutPrefix(arg, "-")
	if !found {
		return "", "", false, false
	}
	s = strings.TrimPrefix(s, "-")
	name, value, hasValue = strings.Cut(s, "=")
	if name == "" || !isLetter(name[0]) {
		return "", "", false, false
	}
	for i := 1; i < len(name); i++ {
		if ch := name[i]; !isLetter(ch) && !(ch >= '0' && ch <= '9') && ch != '-' && ch != '_' {
			return "", "", false, false
		}
	}
	return name, value, hasValue, true
}

func isLetter(ch byte) bool { return ch >= 'a' && ch <= 'z' || ch >= 'A' && ch <= 'Z' }

// help prints the help of a command, every flag with its help text, to
// standard output.
func (c *cli) help(cmd *command, fs *flag.FlagSet) {
	var b strings.Builder
	fmt.Fprintf(&b, "usage: %s\n\n%s\n", strings.TrimSpace("kinenix "+cmd.name+" "+cmd.args), cmd.about)
	type row struct{ left, help string }
	var rows []row
	width := len("-h, -help")
	fs.VisitAll(func(f *flag.Flag) {
		arg, help := flag.UnquoteUsage(f)
		left := "-" + f.Name
		if arg != "" {
			left += " " + arg
		}
		width = max(width, len(left))
		rows = append(rows, row{left, help})
	})
	rows = append(rows, row{"-h, -help", "print this help"})
	b.WriteString("\nflags:\n")
	for _, r := range rows {
		// A help text of several lines continues under its first line.
		help := strings.ReplaceAll(r.help, "\n", "\n"+strings.Repeat(" ", width+4))
		fmt.Fprintf(&b, "  %-*s  %s\n", width, r.left, help)
	}
	b.WriteString("  --")
	fmt.Fprintf(&b, "%*s  %s\n", width-2, "", "end of the flags: what follows is an argument even if it starts with -")
	b.WriteString("\nexamples:\n")
	for _, e := range cmd.examples {
		fmt.Fprintf(&b, "  %s\n", e)
	}
	fmt.Fprint(c.stdout, b.String())
}

// usageError prints a usage problem of command name as one line with the
// command's usage, and returns 2.
func (c *cli) usageError(name, msg string) int {
	cmd := lookupCommand(name)
	fmt.Fprintf(c.stderr, "kinenix %s: %s; usage: kinenix %s %s (kinenix help %s for more)\n", name, echo.Clean(msg), name, cmd.args, name)
	return exitUsage
}

// Every message of the command line is cleaned where it is printed
// (D37): usageError, fail, problem and message write a file name, a flag
// value or a part of a condition with its control characters, bidi
// controls and invalid UTF-8 as escapes, whichever message echoes it.
// Cleaning text that is already clean changes nothing.

// message prints a message of the command line on standard error as one
// cleaned line: "kinenix: " and err.
func (c *cli) message(err error) {
	fmt.Fprintf(c.stderr, "kinenix: %s\n", echo.Clean(err.Error()))
}

// quoteArg is a command-line argument in a message: quoted, cleaned and
// cut (D37).
func quoteArg(s string) string { return `"` + echo.Text(s) + `"` }

// fail prints a file or data error as one line and returns 2.
func (c *cli) fail(err error) int {
	c.message(err)
	return exitUsage
}

func (c *cli) render(args []string) int {
	fs := c.flags("render")
	d := addDataFlags(fs, false)
	asJSON := fs.Bool("json", false, "print the value as JSON: a lone ${...} keeps its kind (a list, a number, ...)")
	text, s, row, code, done := c.oneArgScope(fs, args, "TEXT", d)
	if done {
		return code
	}
	t, err := eval.Compile(text)
	if err != nil {
		return c.problem(err)
	}
	if *asJSON {
		b, err := t.JSON(context.Background(), s)
		if err != nil {
			return c.problemOn(err, row)
		}
		fmt.Fprintf(c.stdout, "%s\n", b)
		return exitOK
	}
	out, err := t.Render(s)
	if err != nil {
		return c.problemOn(err, row)
	}
	fmt.Fprintln(c.stdout, out)
	return exitOK
}

func (c *cli) cond(args []string) int {
	fs := c.flags("cond")
	d := addDataFlags(fs, false)
	explain := fs.Bool("explain", false, "print each part of the condition with the values of its placeholders and whether it held,\n"+
		"after how and/or grouped the parts when the line mixes them")
	line, s, row, code, done := c.oneArgScope(fs, args, "CONDITION", d)
	if done {
		return code
	}
	cond, err := eval.CompileCondition(line)
	if err != nil {
		return c.problem(err)
	}
	var sample *scope.Scope // a bare word is a trap only with data (D44)
	if d.file != "" {
		sample = s
	}
	for _, tr := range cond.Traps() {
		if tr.Applies(sample) {
			fmt.Fprintln(c.stderr, "warning: "+echo.Clean(onRows(tr.Message(), row)))
		}
	}
	var ok bool
	if *explain {
		var steps []eval.Step
		ok, steps, err = cond.Explain(s)
		if mixesAndOr(cond) {
			fmt.Fprintln(c.stdout, "grouped as: "+echo.Clean(cond.Grouping()))
		}
		for _, st := range steps {
			fmt.Fprintln(c.stdout, echo.Clean(st.String()))
		}
	} else {
		ok, err = cond.Test(s)
	}
	if err != nil {
		return c.problemOn(err, row)
	}
	fmt.Fprintln(c.stdout, ok)
	return exitOK
}

// mixesAndOr reports whether the parts of cond are joined by both and
// and or, the lines whose grouping -explain shows (D44); a parenthesis in
// a part (${len(x)}) is no grouping.
func mixesAndOr(cond *eval.Condition) bool {
	line, parts := cond.Text(), cond.Parts()
	and, or := false, false
	for i := 1; i < len(parts); i++ {
		w := strings.ToLower(strings.TrimSpace(line[parts[i-1].End:parts[i].Start]))
		and, or = and || w == "and", or || w == "or"
	}
	return and && or
}

// problem prints an expression or condition error and returns 1.
func (c *cli) problem(err error) int {
	fmt.Fprintln(c.stderr, echo.Clean(err.Error()))
	return exitProblem
}

// problemOn is problem for an error with the data of row, a row of a
// sheet ("" for data that is not one), which it names (D41).
func (c *cli) problemOn(err error, row string) int {
	fmt.Fprintln(c.stderr, echo.Clean(onRows(err.Error(), row)))
	return exitProblem
}

// onRows is a message about rows (D41), as validate and render print
// one: `MESSAGE (rows[3] (sheet row 5))`; the message alone when rows is
// "".
func onRows(msg, rows string) string {
	if rows == "" {
		return msg
	}
	return msg + " (" + rows + ")"
}
