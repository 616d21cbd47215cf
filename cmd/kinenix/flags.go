package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

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
		".csv or .xlsx (FILE.xlsx#Sheet picks a sheet), which gives rows, the\n"+
		"list of rows, and row, one of them; - reads JSON or YAML from standard input")
	fs.Var(&d.row, "row", "make row the sheet's row `N` (default 0, the first); a negative N\n"+
		"counts from the end: -1 is the last")
	if each {
		fs.BoolVar(&d.each, "each", false, "compute the flow for every row of the sheet, each after a line \"row N:\"")
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
	n, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return errors.New("the row is a whole number: 0 the first row, 1 the second, -1 the last")
	}
	r.n, r.set = n, true
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

// rowScope is one set of variables a flow is computed with: the data, or one
// row of a sheet.
type rowScope struct {
	row   int // the sheet row, or -1 when the data is not a sheet
	scope *scope.Scope
}

// scopes loads the data and returns the scopes to compute with: one, or one
// per row of a sheet when every is set. hasData is false without -data.
// done is true when the flags or the data are wrong; the error is printed
// and code is the exit status.
func (c *cli) scopes(name string, d *dataFlags, every bool) (runs []rowScope, hasData bool, code int, done bool) {
	opts, err := d.envOptions()
	if err != nil {
		return nil, false, c.usageError(name, err.Error()), true
	}
	if d.file == "" {
		switch {
		case d.row.set:
			return nil, false, c.usageError(name, "-row picks a row of a sheet; give the sheet with -data FILE.csv or FILE.xlsx"), true
		case d.each:
			return nil, false, c.usageError(name, "-each computes every row of a sheet; give the sheet with -data FILE.csv or FILE.xlsx"), true
		}
		return []rowScope{{row: -1, scope: scope.New(map[string]any{}, opts...)}}, false, exitOK, false
	}
	if d.each && d.row.set {
		return nil, true, c.usageError(name, "-each and -row do not go together: -each computes every row"), true
	}
	dt, err := loadData(d.file, c.stdin)
	if err != nil {
		return nil, true, c.fail(err), true
	}
	if !dt.IsSheet() {
		if d.row.set || d.each {
			flagName := "-row"
			if d.each {
				flagName = "-each"
			}
			return nil, true, c.usageError(name, fmt.Sprintf("%s needs a sheet (.csv or .xlsx); %s is not one", flagName, d.file)), true
		}
		return []rowScope{{row: -1, scope: scope.New(dt.Vars(), opts...)}}, true, exitOK, false
	}
	if dt.Len() == 0 && !d.row.set {
		// A sheet with only its header: rows is empty and there is no row
		// (spec, data files), for a single run and for -each alike.
		return []rowScope{{row: -1, scope: scope.New(dt.Vars(), opts...)}}, true, exitOK, false
	}
	if every || d.each {
		runs = make([]rowScope, 0, dt.Len())
		for i := 0; i < dt.Len(); i++ {
			vars, err := dt.RowVars(i)
			if err != nil {
				return nil, true, c.fail(err), true
			}
			runs = append(runs, rowScope{row: i, scope: scope.New(vars, opts...)})
		}
		return runs, true, exitOK, false
	}
	vars, err := dt.RowVars(d.row.n)
	if err != nil {
		return nil, true, c.fail(err), true
	}
	i := d.row.n
	if i < 0 {
		i += dt.Len()
	}
	return []rowScope{{row: i, scope: scope.New(vars, opts...)}}, true, exitOK, false
}

// oneScope is the scope of render and cond: the data, or one row of a
// sheet.
func (c *cli) oneScope(name string, d *dataFlags) (*scope.Scope, int, bool) {
	runs, _, code, done := c.scopes(name, d, false)
	if done {
		return nil, code, true
	}
	return runs[0].scope, exitOK, false
}
