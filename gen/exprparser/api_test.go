package exprparser

import (
	"errors"
	goast "go/ast"
	"go/parser"
	gotoken "go/token"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/internal/exprgen"
)

// exportedNames lists the exported identifiers that the non-test files of
// the package in dir declare at top level, methods included (as
// Type.Method).
func exportedNames(t *testing.T, dir string) []string {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	require.NoError(t, err)
	var names []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(gotoken.NewFileSet(), f, nil, parser.SkipObjectResolution)
		require.NoError(t, err)
		for _, d := range file.Decls {
			switch d := d.(type) {
			case *goast.FuncDecl:
				name := d.Name.Name
				if d.Recv != nil {
					recv := d.Recv.List[0].Type
					if star, ok := recv.(*goast.StarExpr); ok {
						recv = star.X
					}
					name = recv.(*goast.Ident).Name + "." + name
				}
				names = append(names, name)
			case *goast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *goast.TypeSpec:
						names = append(names, s.Name.Name)
					case *goast.ValueSpec:
						for _, n := range s.Names {
							names = append(names, n.Name)
						}
					}
				}
			}
		}
	}
	var exported []string
	for _, n := range names {
		if goast.IsExported(n[strings.LastIndex(n, ".")+1:]) && goast.IsExported(strings.Split(n, ".")[0]) {
			exported = append(exported, n)
		}
	}
	sort.Strings(exported)
	return exported
}

// The parsers export only ours, none of pigeon's API (issue #9): what
// `go doc` shows of exprparser and condparser is these lists.
func TestExportedAPI(t *testing.T) {
	require.Equal(t, []string{"DefaultMaxSteps", "MaxSteps", "Option", "ParseExpr", "SyntaxError"}, exportedNames(t, "."))
	require.Equal(t, []string{"DefaultMaxSteps", "MaxSteps", "Option", "ParseCond", "SyntaxError"}, exportedNames(t, "../condparser"))
}

// A failure that is not a syntax error wraps ast.ErrInternal and is never
// a SyntaxError (issue #9: no user error at offset 0, no silent value).
func TestInternalErrors(t *testing.T) {
	for name, r := range map[string]exprgen.Result{
		"panic":           {Internal: errors.New("panic while parsing: boom")},
		"wrong type":      {Value: 42},
		"no value":        {},
		"unknown problem": {Problems: []exprgen.Problem{{Offset: 1, Kind: 200}}},
		"good number":     {Problems: []exprgen.Problem{{Offset: 0, Kind: exprgen.BadNumber, Text: "12"}}},
	} {
		x, err := fromResult("a + b", r)
		require.Nil(t, x, name)
		require.ErrorIs(t, err, ast.ErrInternal, name)
		var se *SyntaxError
		require.False(t, errors.As(err, &se), name)
		require.True(t, strings.HasPrefix(err.Error(), "exprparser: internal error"), err.Error())
	}
	_, err := fromResult("a", exprgen.Result{Internal: errors.New("boom")})
	require.ErrorContains(t, err, "boom", "the detail is kept")
}

// Options: absent, nil or MaxSteps(0) mean DefaultMaxSteps; the last
// MaxSteps wins.
func TestOptions(t *testing.T) {
	src := strings.Repeat("f(", 20) + "x" + strings.Repeat(")", 20)
	for _, opts := range [][]Option{nil, {nil}, {MaxSteps(0)}, {MaxSteps(10), MaxSteps(0)}} {
		_, err := ParseExpr(src, opts...)
		require.NoError(t, err)
	}
	_, err := ParseExpr(src, MaxSteps(0), MaxSteps(10))
	require.EqualError(t, err, reasonTooComplex)
}

// allInputs are the inputs of the package's tests: the tables, every
// prefix of them, and the adversarial inputs.
func allInputs() []string {
	var inputs []string
	for _, tt := range acceptedTests {
		inputs = append(inputs, tt.src)
	}
	for _, tt := range forbiddenTests {
		inputs = append(inputs, tt.src)
	}
	for _, tt := range syntaxErrorTests {
		inputs = append(inputs, tt.src)
	}
	for _, src := range inputs[:len(inputs):len(inputs)] {
		for i := range src {
			inputs = append(inputs, src[:i])
		}
	}
	names := make([]string, 0)
	adv := adversarialInputs()
	for name := range adv {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		inputs = append(inputs, adv[name])
	}
	return inputs
}

// Issue #11: the pooled parser gives the same trees and errors as a fresh
// one on every input of the package's tests (the seeds of the property
// tests are checked in gen/internal/exprgen). The pooled results are all
// taken first, so that one that kept a piece of a reused buffer shows.
func TestPooledEqualsFresh(t *testing.T) {
	inputs := allInputs()
	type outcome struct {
		x   ast.Expr
		err error
		r   exprgen.Result
	}
	get := func(src string, mode exprgen.Mode) outcome {
		r := exprgen.ParseInput(src, DefaultMaxSteps, mode)
		x, err := fromResult(src, r)
		return outcome{x, err, r}
	}
	pooled := make([]outcome, len(inputs))
	for i, src := range inputs {
		pooled[i] = get(src, 0)
	}
	for i, src := range inputs {
		require.Equal(t, get(src, exprgen.Fresh), pooled[i], "%q", src)
	}
}
