package main

import (
	"errors"
	"os"
	"runtime/debug"

	"github.com/kinenix/expressions/cmd/kinenix/internal/lsp"
)

// lsp runs the language server on standard input and output until the
// client sends exit (`kinenix lsp`). The sample data file is named by the
// client in its initialization options ({"data": "FILE"}), not by a flag.
func (c *cli) lsp(args []string) int {
	fs := c.flags("lsp")
	rest, err := parse(fs, args)
	if err != nil {
		return c.usageError(err)
	}
	if len(rest) != 0 {
		return c.usageError(errors.New("lsp takes no arguments; usage: kinenix lsp (the editor starts it and talks to it on standard input and output)"))
	}
	return lsp.Serve(c.stdin, c.stdout, lsp.Options{
		LoadData: lspData,
		Env:      os.LookupEnv,
		Log:      c.stderr,
		Version:  version(),
	})
}

// lspData reads a sample data file with the CLI's loader, for the language
// server. Standard input carries the protocol, so "-" is refused.
func lspData(path string) (map[string]any, error) {
	if path == "-" {
		return nil, errors.New("the data file cannot be standard input for kinenix lsp")
	}
	vars, err := loadData(path, nil)
	if err != nil {
		return nil, err
	}
	return vars, nil // when loadData returns *data.Data: return vars.Vars(), nil
}

// version is the module version the binary was built from ("(devel)" for
// a build from a checkout).
func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}
