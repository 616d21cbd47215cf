// Command kinenix renders templates, decides conditions and validates flows
// written in the kinenix expression language.
//
//	kinenix render [-data FILE] [-json] TEXT
//	kinenix cond [-data FILE] [-explain] CONDITION
//	kinenix validate [-json] [-data FILE] FLOW.md...
//
// FILE holds the variables as JSON or YAML (`-` reads standard input); the
// process environment answers `env.NAME`. Exit status: 0 on success, 1 when
// an expression, a condition or a flow has a problem, 2 for usage and file
// errors.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

const usage = `usage:
  kinenix render [-data FILE] [-json] TEXT
  kinenix cond [-data FILE] [-explain] CONDITION
  kinenix validate [-json] [-data FILE] FLOW.md...
`

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
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	c := &cli{stdin: stdin, stdout: stdout, stderr: stderr}
	switch args[0] {
	case "render":
		return c.render(args[1:])
	case "cond":
		return c.cond(args[1:])
	case "validate":
		return c.validate(args[1:])
	case "play":
		return c.play(args[1:])
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "kinenix: unknown command %q\n%s", args[0], usage)
	return exitUsage
}

type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// flags makes a flag set that reports usage errors as one line.
func (c *cli) flags(name string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

func (c *cli) usageError(err error) int {
	fmt.Fprintf(c.stderr, "kinenix: %v\n", err)
	return exitUsage
}

// parse parses flags, allowing them after the positional arguments too
// (`kinenix render TEXT -json`).
func parse(fs *flag.FlagSet, args []string) ([]string, error) {
	var rest []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return rest, nil
		}
		rest = append(rest, args[0])
		args = args[1:]
	}
}

// scopeFor loads the data file (or none) into a scope with the process
// environment.
func (c *cli) scopeFor(path string) (*scope.Scope, error) {
	vars := map[string]any{}
	if path != "" {
		var err error
		if vars, err = loadData(path, c.stdin); err != nil {
			return nil, err
		}
	}
	return scope.New(vars, scope.WithEnv(os.LookupEnv)), nil
}

func (c *cli) render(args []string) int {
	fs := c.flags("render")
	data := fs.String("data", "", "JSON or YAML file with the variables (- for standard input)")
	asJSON := fs.Bool("json", false, "print the value as JSON")
	rest, err := parse(fs, args)
	if err != nil {
		return c.usageError(err)
	}
	if len(rest) != 1 {
		return c.usageError(errors.New("render takes one TEXT; usage: kinenix render [-data FILE] [-json] TEXT"))
	}
	s, err := c.scopeFor(*data)
	if err != nil {
		return c.usageError(err)
	}
	t, err := eval.Compile(rest[0])
	if err != nil {
		return c.problem(err)
	}
	if *asJSON {
		v, err := t.Value(s)
		if err != nil {
			return c.problem(err)
		}
		b, err := v.AppendJSON(nil, s.MaxSize())
		if err != nil {
			return c.problem(err)
		}
		fmt.Fprintf(c.stdout, "%s\n", b)
		return exitOK
	}
	out, err := t.Render(s)
	if err != nil {
		return c.problem(err)
	}
	fmt.Fprintln(c.stdout, out)
	return exitOK
}

func (c *cli) cond(args []string) int {
	fs := c.flags("cond")
	data := fs.String("data", "", "JSON or YAML file with the variables (- for standard input)")
	explain := fs.Bool("explain", false, "show each part of the condition and its values")
	rest, err := parse(fs, args)
	if err != nil {
		return c.usageError(err)
	}
	if len(rest) != 1 {
		return c.usageError(errors.New("cond takes one CONDITION; usage: kinenix cond [-data FILE] [-explain] CONDITION"))
	}
	s, err := c.scopeFor(*data)
	if err != nil {
		return c.usageError(err)
	}
	cond, err := eval.CompileCondition(rest[0])
	if err != nil {
		return c.problem(err)
	}
	var ok bool
	if *explain {
		var steps []eval.Step
		ok, steps, err = cond.Explain(s)
		for _, st := range steps {
			fmt.Fprintln(c.stdout, st.String())
		}
	} else {
		ok, err = cond.Test(s)
	}
	if err != nil {
		return c.problem(err)
	}
	fmt.Fprintln(c.stdout, ok)
	return exitOK
}

// problem prints an expression or condition error and returns 1.
func (c *cli) problem(err error) int {
	fmt.Fprintln(c.stderr, strings.ToValidUTF8(err.Error(), "\uFFFD"))
	return exitProblem
}
