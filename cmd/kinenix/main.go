// Command kinenix renders templates, decides conditions, previews and
// validates flows written in the kinenix expression language.
//
//	kinenix render [-data FILE] [-row N] [-json] [-env NAMES | -env-all] TEXT
//	kinenix cond [-data FILE] [-row N] [-explain] [-env NAMES | -env-all] CONDITION
//	kinenix preview [-data FILE] [-row N | -each] [-format text|table|csv|jsonl] [-summary] [-where CONDITION] [-errors] [-compare OLD.md] [-key COLUMN] [-timeout DURATION] [-explain] [-json] [-strict] [-env NAMES | -env-all] FLOW.md|DIR...
//	kinenix validate [-data FILE] [-row N] [-key COLUMN] [-timeout DURATION] [-json] [-strict] [-env NAMES | -env-all] FLOW.md|DIR...
//	kinenix lsp [--stdio]
//	kinenix play [-addr 127.0.0.1:8080] [-public] [-data FILE] [FLOW.md]
//	kinenix conformance [-next N] [DIR]
//	kinenix version
//	kinenix help [COMMAND]
//
// FILE holds the variables as JSON, YAML, CSV, XLSX or JSON lines (`-`
// reads standard input). A flow reads no environment unless -env NAME,NAME or -env-all
// allows it. Exit status: 0 on success, 1 when an expression, a condition
// or a flow has a problem, 2 for usage and file errors.
package main

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/scope"
)

func main() {
	interrupts = signalInterrupts
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
	out := &outputWriter{w: stdout}
	defer func() {
		// Output that cannot be written (a closed standard output, a full
		// disk) is a file error in every command, as preview and validate
		// say it at the rows they could not write: never exit 0 for a
		// result no one got. The language server's standard output is its
		// connection to the editor, which ends it when it goes.
		if out.failed.Load() && code != exitUsage && args[0] != "lsp" {
			fmt.Fprintf(stderr, "kinenix: cannot write the output\n")
			code = exitUsage
		}
	}()
	stdout = out
	c := &cli{stdin: stdin, stdout: stdout, stderr: stderr}
	switch name := args[0]; name {
	case "-h", "-help", "--help", "help":
		if name == "help" && len(args) == 3 {
			// help COMMAND -h (or help -h COMMAND) asks for the same help
			// twice: the command's help
			isFlag := func(a string) bool { return a != "help" && isHelp(a) }
			switch {
			case isFlag(args[2]):
				args = args[:2]
			case isFlag(args[1]):
				args = []string{name, args[2]}
			}
		}
		if name == "help" && len(args) > 2 {
			fmt.Fprintf(stderr, "kinenix help: help takes at most one command, got %d; usage: kinenix help [COMMAND] (kinenix help for more)\n", len(args)-1)
			return exitUsage
		}
		if name == "help" && len(args) > 1 && !isHelp(args[1]) {
			if cmd := lookupCommand(args[1]); cmd != nil {
				return c.runCommand(cmd, []string{"-h"})
			}
			fmt.Fprintf(stderr, "kinenix: unknown command %s; the commands are %s\n", quoteArg(args[1]), commandNames())
			return exitUsage
		}
		fmt.Fprint(stdout, overview())
		return exitOK
	case "-version", "--version":
		return c.runCommand(lookupCommand("version"), nil)
	default:
		if cmd := lookupCommand(name); cmd != nil {
			return c.runCommand(cmd, args[1:])
		}
	}
	fmt.Fprintf(stderr, "kinenix: unknown command %s; the commands are %s (kinenix help for more)\n", quoteArg(args[0]), commandNames())
	return exitUsage
}

// outputWriter is standard output, remembering whether a write to it
// failed, so that run can tell every command's output that was lost.
type outputWriter struct {
	w      io.Writer
	failed atomic.Bool
}

func (o *outputWriter) Write(p []byte) (int, error) {
	n, err := o.w.Write(p)
	if err != nil {
		o.failed.Store(true)
	}
	return n, err
}

func isHelp(arg string) bool {
	switch arg {
	case "help", "-h", "-help", "--help":
		return true
	}
	return false
}

// command is one subcommand: its name, its one-line summary for the
// overview, and what runs it. The rest of its help (synopsis, what it
// does, examples) is its section of help.txt.
type command struct {
	name    string
	summary string
	// run defines the command's flags on fs and returns what runs it,
	// given the arguments that are not flags; runCommand parses them.
	run func(c *cli, fs *flag.FlagSet) func(args []string) int
	helpText
}

// commands are the commands of kinenix, in the order the overview lists
// them. Dispatch, the overview, kinenix help and the tests read them.
var commands []*command

func init() {
	commands = []*command{
		{name: "render", summary: "render a template and print the result", run: (*cli).render},
		{name: "cond", summary: "decide a condition line and print true or false", run: (*cli).cond},
		{name: "preview", summary: "show every field of flows computed with data, for a row or a whole sheet", run: (*cli).preview},
		{name: "validate", summary: "check every ${...} and condition of flows", run: (*cli).validate},
		{name: "lsp", summary: "serve the Language Server Protocol to an editor", run: (*cli).lsp},
		{name: "play", summary: "a local page that checks a flow and its data as you type", run: (*cli).play},
		{name: "conformance", summary: "run the language's conformance suite against this build", run: (*cli).conformance},
		{name: "version", summary: "print the version of kinenix", run: (*cli).version},
	}
	texts := helpTexts(helpFile)
	for _, c := range commands {
		c.helpText = texts[c.name]
	}
}

// helpText is the help of a command beyond its summary, from help.txt.
type helpText struct {
	args     string // the synopsis after the name
	about    string // what it does, for `kinenix help NAME`
	examples []string
}

//go:embed help.txt
var helpFile string

// helpTexts reads help.txt: after a preamble, a section a command, which
// starts at `== NAME`, then `usage: ARGS`, what it does, and after
// `examples:` one example a line.
func helpTexts(text string) map[string]helpText {
	out := map[string]helpText{}
	sections := strings.Split(text, "\n== ")
	for _, sec := range sections[1:] {
		name, body, _ := strings.Cut(sec, "\n")
		usage, body, _ := strings.Cut(body, "\n")
		about, examples, _ := strings.Cut(body, "\nexamples:\n")
		h := helpText{args: strings.TrimSpace(strings.TrimPrefix(usage, "usage:")), about: strings.TrimRight(about, "\n")}
		for _, e := range strings.Split(examples, "\n") {
			if e = strings.TrimSpace(e); e != "" {
				h.examples = append(h.examples, e)
			}
		}
		out[strings.TrimSpace(name)] = h
	}
	return out
}

// synopsis is how the command is called: kinenix, its name, its args.
func (c *command) synopsis() string { return strings.TrimSpace("kinenix " + c.name + " " + c.args) }

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
	return strings.Join(append(names, "help"), ", ")
}

// overview is the help of `kinenix help` and `kinenix -h`.
func overview() string {
	var b strings.Builder
	b.WriteString("kinenix renders, tests, previews and validates flows written in the kinenix\nexpression language.\n\nusage:\n")
	for _, c := range commands {
		fmt.Fprintf(&b, "  %s\n", c.synopsis())
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
	fmt.Fprintf(&b, `
FILE holds the variables, read by its extension:
%s. A sheet (CSV, XLSX or JSON lines;
FILE.xlsx#Sheet picks a sheet) gives rows and row; - reads JSON or YAML
from standard input. A flow reads no environment unless -env NAME,NAME or
-env-all allows it.

Exit status: 0 success; 1 an expression, condition or flow has a problem;
2 a usage or file error.

examples:
`, extList())
	for _, c := range commands {
		if len(c.examples) > 0 {
			fmt.Fprintf(&b, "  %s\n", c.examples[0])
		}
	}
	b.WriteString("\nRun kinenix help COMMAND (or kinenix COMMAND -h) for its flags.\n")
	return b.String()
}

type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// interrupted is set when Ctrl-C stopped a run (runContext).
	interrupted atomic.Bool
}

// runCommand runs cmd with args: its flags, defined by cmd.run, are
// parsed first, anywhere among args (parseArgs); help or a usage error
// ends it there.
func (c *cli) runCommand(cmd *command, args []string) int {
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	run := cmd.run(c, fs)
	rest, code, done := c.parse(fs, args)
	if done {
		return code
	}
	return run(rest)
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

// oneArgScope checks the arguments of render or cond (command name),
// which take one (what names it in the message when there is not exactly
// one), and reads their data (oneScope).
func (c *cli) oneArgScope(name string, args []string, what string, d *dataFlags) (arg string, s *scope.Scope, row string, code int, done bool) {
	if len(args) != 1 {
		return "", nil, "", c.usageError(name, fmt.Sprintf("%s takes one %s, got %d", name, what, len(args))), true
	}
	s, row, code, done = c.oneScope(name, d)
	if done {
		return "", nil, "", code, true
	}
	return args[0], s, row, exitOK, false
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
		if isBool(f) {
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
			return nil, fmt.Errorf("-%s %s: %s", name, flagValue(value), valueError(f, value, err))
		}
		// A flag whose default is empty, given an empty value, would read
		// as the flag left out (-where '', -data "$UNSET"); only -env
		// takes an empty list of names (none let in, the default).
		if _, names := f.Value.(*envFlag); strings.TrimSpace(value) == "" && f.DefValue == "" && !names && !isBool(f) {
			what, _ := flag.UnquoteUsage(f)
			return nil, fmt.Errorf("-%s %s is empty; write -%s %s", name, flagValue(value), name, what)
		}
	}
	return rest, nil
}

// flagValue echoes a flag's value in a message (D37), in single quotes
// when it is empty or blank, which would otherwise show as nothing before
// the colon (-row : ...).
func flagValue(v string) string {
	if strings.TrimSpace(v) == "" {
		return echo.Quote(v)
	}
	return echo.Text(v)
}

// isBool reports a flag that is on or off (-json), which takes no value
// after it.
func isBool(f *flag.Flag) bool {
	bf, ok := f.Value.(interface{ IsBoolFlag() bool })
	return ok && bf.IsBoolFlag()
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
	fmt.Fprintf(&b, "usage: %s\n\n%s\n", cmd.synopsis(), cmd.about)
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
	fmt.Fprintf(c.stderr, "kinenix %s: %s; usage: %s (kinenix help %s for more)\n", name, echo.Clean(msg), cmd.synopsis(), name)
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

func (c *cli) render(fs *flag.FlagSet) func(args []string) int {
	d := addDataFlags(fs, false)
	asJSON := fs.Bool("json", false, "print the value as JSON: a lone ${...} keeps its kind (a list, a number, ...)")
	return func(args []string) int {
		text, s, row, code, done := c.oneArgScope("render", args, "TEXT", d)
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
}

func (c *cli) cond(fs *flag.FlagSet) func(args []string) int {
	d := addDataFlags(fs, false)
	explain := fs.Bool("explain", false, "print each part of the condition with the values of its placeholders and whether it held,\n"+
		"after how and/or grouped the parts when the line mixes them")
	return func(args []string) int {
		line, s, row, code, done := c.oneArgScope("cond", args, "CONDITION", d)
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
		for _, tr := range append(cond.Traps(), cond.RowTraps()...) {
			if cond.TrapHolds(context.Background(), nil, tr, sample) {
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
