package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// dataFlags are the flags that choose the data and the environment a flow
// reads: -data, -row (and -each for preview), -env and -env-all.
type dataFlags struct {
	file   string
	row    rowFlag
	each   bool
	env    envFlag
	envAll bool
}

// addDataFlags defines the data and environment flags on fs; each adds
// -each.
func addDataFlags(fs *flag.FlagSet, each bool) *dataFlags {
	d := &dataFlags{}
	fs.StringVar(&d.file, "data", "", "read the variables from `FILE`: .json, .yaml or .yml, or a sheet,\n"+
		".csv, .xlsx (FILE.xlsx#Sheet picks a sheet) or .jsonl (a JSON object\n"+
		"per line), which gives rows, the list of rows, and row, one of them;\n"+
		"- reads JSON or YAML from standard input")
	fs.Var(&d.row, "row", "make row the sheet's row `N` (default 0, the first); a negative N\n"+
		"counts from the end: -1 is the last")
	if each {
		fs.BoolVar(&d.each, "each", false, "compute the flow for every row of the sheet, each after a line that\n"+
			"names it as the sheet shows it: rows[3] (sheet row 5):")
	}
	fs.Var(&d.env, "env", "let the flow read these environment variables as ${env.NAME}: `NAMES`\n"+
		"separated by commas (-env may be repeated); without -env or -env-all,\n"+
		"every ${env.NAME} is empty")
	fs.BoolVar(&d.envAll, "env-all", false, "let the flow read the whole process environment as ${env.NAME}")
	return d
}

// rowFlag is -row: a whole number, and whether it was given.
type rowFlag struct {
	n   int
	set bool
}

func (r *rowFlag) String() string {
	if r == nil || !r.set {
		return ""
	}
	return strconv.Itoa(r.n)
}

func (r *rowFlag) Set(s string) error {
	n, err := wholeNumber(s)
	switch {
	case errors.Is(err, strconv.ErrRange):
		return errors.New("the row number is too far from 0: 0 is the first row, 1 the second, -1 the last")
	case err != nil:
		return errors.New("the row is a whole number: 0 the first row, 1 the second, -1 the last")
	}
	r.n, r.set = n, true
	return nil
}

// wholeNumber reads a whole number written in plain digits, with an
// optional sign, as every whole-number flag takes it (10, not 1e1, 0x0a
// or 1_0); a number past an int is strconv.ErrRange.
func wholeNumber(s string) (int, error) {
	return strconv.Atoi(strings.TrimSpace(s))
}

// wholeFlag is a whole-number flag read by wholeNumber; valueError
// words its errors as the flag package's int flags' (it is a Getter of
// an int).
type wholeFlag int

func (w *wholeFlag) String() string {
	if w == nil {
		return "0"
	}
	return strconv.Itoa(int(*w))
}

func (w *wholeFlag) Set(s string) error {
	n, err := wholeNumber(s)
	if err != nil {
		return err
	}
	*w = wholeFlag(n)
	return nil
}

func (w *wholeFlag) Get() any { return int(*w) }

// durationFlag is -timeout: a duration as Go writes one (30s, 2m,
// 1h30m), told in plain words when it is not one.
type durationFlag time.Duration

func (d *durationFlag) String() string {
	if d == nil {
		return ""
	}
	return time.Duration(*d).String()
}

// durationSyntax is what time.ParseDuration reads, however large.
var durationSyntax = regexp.MustCompile(`^[-+]?([0-9]*(\.[0-9]*)?(ns|us|µs|μs|ms|s|m|h))+$`)

func (d *durationFlag) Set(s string) error {
	v, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		if durationSyntax.MatchString(strings.TrimSpace(s)) {
			// Written as a duration, past what one holds (about 292 years).
			return errors.New("the duration is too long: the longest is 2562047h (about 292 years)")
		}
		return errors.New("a duration is a number and a unit, as 30s, 2m or 1h30m")
	}
	*d = durationFlag(v)
	return nil
}

// envFlag is -env: the names allowed, from one or more comma-separated
// lists.
type envFlag []string

func (e *envFlag) String() string { return strings.Join(*e, ",") }

func (e *envFlag) Set(s string) error {
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		if strings.ContainsAny(name, "= \t") {
			return fmt.Errorf("%q is not a name: -env takes names, not NAME=value", name)
		}
		*e = append(*e, name)
	}
	return nil
}

// envAllowed reports which names of the environment the flags let in, for
// the warning about ${env.NAME} (D44); nil when none is.
func (d *dataFlags) envAllowed() func(name string) bool {
	switch {
	case d.envAll:
		return func(string) bool { return true }
	case len(d.env) > 0:
		return func(name string) bool { return slices.Contains(d.env, name) }
	}
	return nil
}

// envOptions are the scope options for the environment the flags allow:
// none by default (issue #13), the names of -env, or all of it.
func (d *dataFlags) envOptions() ([]scope.Option, error) {
	switch {
	case d.envAll && len(d.env) > 0:
		return nil, errors.New("-env and -env-all do not go together: -env-all already allows every name")
	case d.envAll:
		return []scope.Option{scope.WithEnv(os.LookupEnv)}, nil
	case len(d.env) > 0:
		return []scope.Option{scope.WithEnv(scope.AllowEnv(os.LookupEnv, d.env...))}, nil
	}
	return nil, nil
}

// oneScope is the scope of render and cond: the data, or one row of a
// sheet; row names that row as messages do (D41), "" for data that is not
// a sheet.
func (c *cli) oneScope(name string, d *dataFlags) (s *scope.Scope, row string, code int, done bool) {
	p, code, done := c.planRows(name, d, false, "")
	if done {
		return nil, "", code, true
	}
	for in, err := range p.rows(true) {
		if err != nil {
			return nil, "", c.fail(err), true
		}
		if in.Index >= 0 {
			row = flow.RowName(in.Index, in.SheetRow, in.Key)
		}
		return in.Scope, row, exitOK, false
	}
	return scope.New(nil), "", exitOK, false
}

// valueError is why value does not do for flag f, in plain words: what
// the flag takes and an example. The flag package's own kinds (bool, int,
// float, ...) say only "parse error" or "value out of range"; a flag type
// of ours (rowFlag, durationFlag, envFlag) already says it, and is left as
// it says it.
func valueError(f *flag.Flag, value string, err error) string {
	g, ok := f.Value.(flag.Getter)
	if !ok {
		return err.Error()
	}
	example := f.DefValue
	if example == "" || example == "0" {
		example = "1"
	}
	var takes string
	switch g.Get().(type) {
	case bool:
		return fmt.Sprintf("-%s is on or off: write -%s, or -%s=false", f.Name, f.Name, f.Name)
	case int, int64:
		takes = "a whole number"
	case uint, uint64:
		takes = "a whole number, 0 or more"
	case float64:
		takes = "a number"
	case time.Duration:
		return new(durationFlag).Set(value).Error()
	default:
		return err.Error()
	}
	msg := fmt.Sprintf("-%s takes %s, e.g. -%s %s", f.Name, takes, f.Name, example)
	// A whole number in plain digits that the flag cannot hold is too
	// large, or too small; `1e3` or `0x10` is not written as one.
	v := strings.TrimSpace(value)
	if _, perr := strconv.ParseInt(v, 10, 64); errors.Is(perr, strconv.ErrRange) && takes != "a number" {
		if strings.HasPrefix(v, "-") {
			return "too small: " + msg
		}
		return "too large: " + msg
	}
	return msg
}
