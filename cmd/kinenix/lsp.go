package main

import (
	"errors"
	"flag"
	"runtime/debug"
	"strings"
	"time"

	"github.com/kinenix/expressions/cmd/kinenix/internal/lsp"
)

// lsp runs the language server on standard input and output until the
// client sends exit (`kinenix lsp`). The sample data file is named by the
// client in its initialization options ({"data": "FILE"}), not by a flag.
//
// -stdio (also written --stdio) names the one transport it has: generic
// LSP clients (vscode-languageclient's TransportKind.stdio among them)
// pass it, and it changes nothing.
func (c *cli) lsp(fs *flag.FlagSet) func(args []string) int {
	fs.Bool("stdio", false, "talk on standard input and output, as always (for LSP clients that\npass --stdio)")
	return func(args []string) int {
		if len(args) != 0 {
			return c.usageError("lsp", "lsp takes no arguments (the editor starts it and talks to it on standard input and output)")
		}
		info, ok := debug.ReadBuildInfo()
		return lsp.Serve(c.stdin, c.stdout, lsp.Options{
			LoadData: lspData,
			Env:      nil, // as on every command: no environment unless asked for
			Log:      c.stderr,
			Version:  strings.TrimPrefix(versionText(releaseVersion, info, ok), "kinenix "),
			Debounce: lspDebounce,
		})
	}
}

// lspDebounce is how long the language server waits after a change for
// the next before it checks the flow: a pause in typing.
const lspDebounce = 150 * time.Millisecond

// lspData reads a sample data file with the CLI's loader, for the language
// server. Standard input carries the protocol, so "-" is refused.
// It reports whether the data is a sheet's, whose columns the hover on
// row.X summarizes.
func lspData(path string) (map[string]any, bool, error) {
	if path == "-" {
		return nil, false, errors.New("the data file cannot be standard input for kinenix lsp")
	}
	d, err := loadData(path, nil)
	if err != nil {
		return nil, false, err
	}
	return d.Vars(), d.IsSheet(), nil
}
