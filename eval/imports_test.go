package eval_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"go/parser"
	"go/token"
	"io"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The import guard. Nothing written in a flow or in its data may run code,
// open a file or a connection, or peek into the host's types (design
// sections 7 and 8, D1, the house rules of BRIEF.md): in Go that holds when
// no package of the library can reach the packages that do those things.
// Go has no eval; running code needs os/exec or plugin, templates that run
// code need text/template or html/template, the network needs net. So the
// guard is about imports, and it covers every package of the library
// module, whatever its directory: the parsers in gen/, ast, internal/...,
// and any package added later.
//
// Every library package, and everything it imports directly or not, must
// not be one of denyAnywhere. Each non-test file of a library package must
// not import one of denyDirect itself, unless allowDirect names that file
// and that import. Not library packages: commands (package main: cmd/...
// and go:generate tools such as funcs/internal/mkdocs, which write files
// by design), testSupport (imported by tests only, which the guard checks
// too), and bench/, a module of its own.

// denyAnywhere may not be reached by a library package at all.
var denyAnywhere = []string{"os/exec", "plugin", "net", "net/http", "text/template", "html/template"}

// denyDirect may not be imported by a file of a library package itself
// (the standard library may use them underneath). A path that ends in
// "/..." denies its subpackages too (os/user reads the host, os/signal
// touches the process).
var denyDirect = []string{"unsafe", "reflect", "os", "os/...", "syscall", "syscall/...", "io/ioutil"}

// allowDirect are the exceptions to denyDirect, by file (relative to the
// module root) and import: value/reflect.go reads the kind of a host's
// slice or map, the most the house style lets reflection do, in one small
// file.
// gen/internal/*/parser.go is pigeon's output, which declares ParseFile
// (it opens a file): the generated file is kept exactly as go generate
// writes it, its package is internal, and our wrapper calls only
// ParseInput, which reads the bytes it is given.
var allowDirect = map[string][]string{
	"value/reflect.go":               {"reflect"},
	"gen/internal/exprgen/parser.go": {"os"},
	"gen/internal/condgen/parser.go": {"os"},
}

// doors are maintained libraries the guard does not walk into, each with
// the one library package allowed to import it: excelize reads XLSX from
// the bytes it is handed (OpenReader, temporary files turned off by the
// door); it imports net/http for content types and reflect and unsafe for
// its own XML, none of which a flow or its data can reach.
var doors = map[string]string{
	"github.com/xuri/excelize/v2": "github.com/kinenix/expressions/data/internal/xlsx",
}

// testSupport are packages of the module that only tests import: the
// property-test generators (gopter's API takes reflect types).
var testSupport = []string{"github.com/kinenix/expressions/proptest"}

// libPackage is what the guard checks of one library package.
type libPackage struct {
	Path  string              // import path
	Files map[string][]string // each non-test file (module-relative, with /) and what it imports
}

// importViolations checks the library packages lib against the rules
// above; graph holds, for every package lib reaches, what it imports
// directly. Each violation is one line, with the chain of imports that
// brings a denied package in.
func importViolations(lib []libPackage, graph map[string][]string) []string {
	var out []string
	for _, p := range lib {
		for _, file := range sortedKeys(p.Files) {
			for _, imp := range p.Files[file] {
				if denied(imp, denyDirect) && !slices.Contains(allowDirect[file], imp) {
					out = append(out, file+" imports "+imp)
				}
			}
		}
		// Breadth first from what p's files import (all of them, whatever
		// the platform), then on through graph: the shortest chain to each
		// package.
		from := map[string]string{p.Path: ""}
		var queue []string
		for _, file := range sortedKeys(p.Files) {
			for _, imp := range p.Files[file] {
				if _, seen := from[imp]; !seen {
					from[imp] = p.Path
					queue = append(queue, imp)
				}
			}
		}
		for len(queue) > 0 {
			at := queue[0]
			queue = queue[1:]
			if owner, ok := doors[at]; ok {
				if from[at] != owner {
					out = append(out, p.Path+" reaches "+at+" other than through "+owner)
				}
				continue
			}
			if denied(at, denyAnywhere) || slices.Contains(testSupport, at) {
				chain := []string{at}
				for c := from[at]; c != ""; c = from[c] {
					chain = append(chain, c)
				}
				slices.Reverse(chain)
				out = append(out, p.Path+" reaches "+at+": "+strings.Join(chain, " -> "))
				continue
			}
			for _, next := range graph[at] {
				if _, seen := from[next]; !seen {
					from[next] = at
					queue = append(queue, next)
				}
			}
		}
	}
	return out
}

// denied reports whether the import path imp is one of list.
func denied(imp string, list []string) bool {
	for _, d := range list {
		if imp == d {
			return true
		}
		if pre, ok := strings.CutSuffix(d, "/..."); ok && strings.HasPrefix(imp, pre+"/") {
			return true
		}
	}
	return false
}

func sortedKeys(m map[string][]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// listedPackage is the part of `go list -json` the guard reads.
type listedPackage struct {
	ImportPath, Name, Dir                             string
	GoFiles, CgoFiles, IgnoredGoFiles, InvalidGoFiles []string
	Imports                                           []string
	Module                                            *struct{ Main bool }
	Error                                             *struct{ Err string }
}

// moduleLibrary lists the module's packages and everything they reach
// with `go list -deps -json ./...`, and returns the library packages with
// the imports of each of their files, and the import graph.
func moduleLibrary(t *testing.T) (lib []libPackage, graph map[string][]string) {
	t.Helper()
	goTool, err := exec.LookPath("go")
	require.NoError(t, err, "the import guard runs `go list`")
	root, err := filepath.Abs("..") // the module's root: this test runs in eval/
	require.NoError(t, err)
	require.FileExists(t, filepath.Join(root, "go.mod"))
	cmd := exec.Command(goTool, "list", "-deps", "-json", "./...")
	cmd.Dir = root
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "go list: %s", stderr.String())
	graph = map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listedPackage
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else {
			require.NoError(t, err)
		}
		require.Nil(t, p.Error, "go list: %s", p.ImportPath)
		graph[p.ImportPath] = p.Imports
		if p.Module == nil || !p.Module.Main || p.Name == "main" || slices.Contains(testSupport, p.ImportPath) ||
			strings.HasPrefix(p.ImportPath, "github.com/kinenix/expressions/cmd/") {
			continue
		}
		lp := libPackage{Path: p.ImportPath, Files: map[string][]string{}}
		// Files left out by build constraints count too: another
		// platform builds them.
		for _, name := range slices.Concat(p.GoFiles, p.CgoFiles, p.IgnoredGoFiles, p.InvalidGoFiles) {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			path := filepath.Join(p.Dir, name)
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
			require.NoError(t, err)
			rel, err := filepath.Rel(cmd.Dir, path)
			require.NoError(t, err)
			var imps []string
			for _, imp := range f.Imports {
				s, err := strconv.Unquote(imp.Path.Value)
				require.NoError(t, err)
				imps = append(imps, s)
			}
			lp.Files[filepath.ToSlash(rel)] = imps
		}
		lib = append(lib, lp)
	}
	return lib, graph
}

// TestNoDangerousImports runs the guard on the module: no library package
// reaches a package that runs code or uses the network, and none of its
// files imports unsafe, reflection or the operating system (D1, design
// section 8; allowDirect aside).
func TestNoDangerousImports(t *testing.T) {
	lib, graph := moduleLibrary(t)
	var paths []string
	for _, p := range lib {
		paths = append(paths, strings.TrimPrefix(p.Path, "github.com/kinenix/expressions/"))
	}
	// The layers of the house style are all there, so a change in how
	// packages are listed cannot empty the check.
	for _, want := range []string{"ast", "value", "funcs", "scope", "eval", "flow", "gen/exprparser", "gen/condparser", "internal/spell"} {
		require.Contains(t, paths, want, "the guard must check every library package")
	}
	for _, p := range lib {
		require.NotEmpty(t, p.Files, "%s: no files read", p.Path)
	}
	t.Logf("checked %d library packages: %s", len(lib), strings.Join(paths, " "))
	require.Empty(t, importViolations(lib, graph), "library packages may not run code, use the network or files, or reflect (D1, design section 8)")
}

// TestImportGuardCatches runs the guard's check on made-up packages: each
// forbidden import is caught, with its file or its chain, and the allowed
// ones are not.
func TestImportGuardCatches(t *testing.T) {
	const mod = "github.com/kinenix/expressions/"
	graph := map[string][]string{
		mod + "value":                 {"fmt", "reflect"},
		mod + "eval":                  {mod + "value", "example.com/helper"},
		mod + "flow":                  {mod + "eval", "fmt"},
		mod + "ast":                   {"text/template"},
		mod + "scope":                 {mod + "proptest"},
		"example.com/helper":          {"strings", "net/http"},
		"fmt":                         {"os", "reflect"},
		"net/http":                    {"net"},
		"github.com/xuri/excelize/v2": {"net/http", "unsafe"},
	}
	for _, c := range []struct {
		name string
		pkg  libPackage
		want []string
	}{
		{"the allowed file may import reflect",
			libPackage{mod + "value", map[string][]string{"value/reflect.go": {"reflect"}}}, nil},
		{"another file may not",
			libPackage{mod + "value", map[string][]string{"value/reflect.go": {"reflect"}, "value/show.go": {"reflect", "strings"}}},
			[]string{"value/show.go imports reflect"}},
		{"the allowed file may import nothing else denied",
			libPackage{mod + "value", map[string][]string{"value/reflect.go": {"reflect", "unsafe"}}},
			[]string{"value/reflect.go imports unsafe"}},
		{"os, its subpackages and syscall, directly",
			libPackage{mod + "value", map[string][]string{"value/a.go": {"os"}, "value/b.go": {"os/user", "syscall", "io/ioutil", "osx"}}},
			[]string{"value/a.go imports os", "value/b.go imports os/user", "value/b.go imports syscall", "value/b.go imports io/ioutil"}},
		{"os and reflect under the standard library are fine",
			libPackage{mod + "flow", map[string][]string{"flow/flow.go": {"fmt"}}}, nil},
		{"the network through another module",
			libPackage{mod + "eval", map[string][]string{"eval/eval.go": {"example.com/helper"}}},
			[]string{mod + "eval reaches net/http: " + mod + "eval -> example.com/helper -> net/http"}},
		{"and through a library package",
			libPackage{mod + "flow", map[string][]string{"flow/flow.go": {mod + "eval"}}},
			[]string{mod + "flow reaches net/http: " + mod + "flow -> " + mod + "eval -> example.com/helper -> net/http"}},
		{"a template engine, directly",
			libPackage{mod + "ast", map[string][]string{"ast/print.go": {"text/template"}}},
			[]string{mod + "ast reaches text/template: " + mod + "ast -> text/template"}},
		{"a door is walked into by no one, and opened only by its owner",
			libPackage{mod + "data/internal/xlsx", map[string][]string{"data/internal/xlsx/xlsx.go": {"github.com/xuri/excelize/v2"}}}, nil},
		{"another package may not open the door",
			libPackage{mod + "eval", map[string][]string{"eval/x.go": {"github.com/xuri/excelize/v2"}}},
			[]string{mod + "eval reaches github.com/xuri/excelize/v2 other than through " + mod + "data/internal/xlsx"}},
		{"the test support package",
			libPackage{mod + "scope", map[string][]string{"scope/scope.go": {mod + "proptest"}}},
			[]string{mod + "scope reaches " + mod + "proptest: " + mod + "scope -> " + mod + "proptest"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			require.Equal(t, c.want, importViolations([]libPackage{c.pkg}, graph))
		})
	}
}
