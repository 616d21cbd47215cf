package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// jsonFinding is one finding in the output of `validate -json`.
type jsonFinding struct {
	File       string `json:"file"`
	Line       int    `json:"line"`
	Column     int    `json:"column"`
	Expression string `json:"expression"`
	Message    string `json:"message"`
	Kind       string `json:"kind"`
	Warning    bool   `json:"warning"`
}

// validate checks flows (decision D32): one line per finding on standard
// output, `FILE:LINE:COL: message`, file by file in the order given and in
// file order within each. Exit status 1 when any flow has a problem
// (warnings do not count), 0 with no output when none has, 2 for usage
// errors and files that cannot be read; the other files are still checked.
func (c *cli) validate(args []string) int {
	fs := c.flags("validate")
	data := fs.String("data", "", "JSON or YAML file with sample data (- for standard input)")
	asJSON := fs.Bool("json", false, "print the findings as a JSON array")
	files, err := parse(fs, args)
	if err != nil {
		return c.usageError(err)
	}
	if len(files) == 0 {
		return c.usageError(errors.New("validate takes one or more flow files (usage: kinenix validate [-json] [-data FILE] FLOW.md...)"))
	}
	var sample *scope.Scope
	if *data != "" {
		if sample, err = c.scopeFor(*data); err != nil {
			return c.usageError(err)
		}
	}
	all := []jsonFinding{}
	code := exitOK
	for _, name := range files {
		src, err := readFlow(name, c.stdin, *data == "-")
		if err != nil {
			fmt.Fprintf(c.stderr, "kinenix: %v\n", err)
			code = exitUsage
			continue
		}
		for _, f := range flow.Validate(name, src, sample) {
			if !f.Warning && code == exitOK {
				code = exitProblem
			}
			if *asJSON {
				all = append(all, jsonFinding{File: f.File, Line: f.Line, Column: f.Column,
					Expression: f.Expr, Message: f.Message, Kind: f.Kind, Warning: f.Warning})
				continue
			}
			fmt.Fprintln(c.stdout, strings.ToValidUTF8(f.String(), "\uFFFD"))
		}
	}
	if *asJSON {
		b, err := json.MarshalIndent(all, "", "  ")
		if err != nil {
			fmt.Fprintf(c.stderr, "kinenix: %v\n", err)
			return exitUsage
		}
		fmt.Fprintf(c.stdout, "%s\n", b)
	}
	return code
}

// readFlow reads a flow file ("-" is standard input, unless the sample
// data came from there). It reads at most one byte more than flow.MaxSize,
// so that Validate can report a flow that is too large without the whole
// file being read.
func readFlow(name string, stdin io.Reader, stdinUsed bool) ([]byte, error) {
	var r io.Reader
	if name == "-" {
		if stdinUsed {
			return nil, errors.New("standard input is already read for -data; give the flow as a file")
		}
		r = stdin
	} else {
		f, err := os.Open(name)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				return nil, fmt.Errorf("flow file %s does not exist", name)
			}
			return nil, fmt.Errorf("cannot read flow file %s", name)
		}
		defer f.Close()
		if st, err := f.Stat(); err == nil && st.IsDir() {
			return nil, fmt.Errorf("%s is a directory, not a flow file", name)
		}
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, flow.MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read flow file %s", name)
	}
	return b, nil
}
