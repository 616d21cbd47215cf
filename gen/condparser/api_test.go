package condparser

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/internal/condgen"
)

// (The exported API of this package is checked in gen/exprparser's
// TestExportedAPI, with the same reader of declarations.)

// A failure that is not a syntax error wraps ast.ErrInternal and is never
// a SyntaxError (issue #9: no user error at offset 0, no silent value).
func TestInternalErrors(t *testing.T) {
	for name, r := range map[string]condgen.Result{
		"panic":           {Internal: errors.New("panic while parsing: boom")},
		"wrong type":      {Value: 42},
		"no value":        {},
		"no match":        {NoMatch: true, Farthest: 3, Expected: []string{`"x"`}},
		"action error":    {Problems: []condgen.Problem{{Offset: 1, Kind: condgen.Empty}}},
		"unknown problem": {Value: &condgen.Problem{Offset: 1, Kind: 200}},
	} {
		c, err := fromResult("", r)
		require.Nil(t, c, name)
		require.ErrorIs(t, err, ast.ErrInternal, name)
		var se *SyntaxError
		require.False(t, errors.As(err, &se), name)
		require.True(t, strings.HasPrefix(err.Error(), "condparser: internal error"), err.Error())
	}
}

// Options: absent, nil or MaxSteps(0) mean DefaultMaxSteps; the last
// MaxSteps wins.
func TestOptions(t *testing.T) {
	line := "${row.status} == Active and ${row.amount} > 0"
	for _, opts := range [][]Option{nil, {nil}, {MaxSteps(0)}, {MaxSteps(10), MaxSteps(0)}} {
		_, err := ParseCond(line, opts...)
		require.NoError(t, err)
	}
	_, err := ParseCond(line, MaxSteps(0), MaxSteps(10))
	require.EqualError(t, err, "the condition is too long or too complex")
}

// Issue #11: the pooled parser gives the same trees and errors as a fresh
// one on every line of the package's tests: the tables, every prefix of
// their lines, and the adversarial lines (the seeds of the property tests
// are checked in gen/internal/condgen). The pooled results are all taken
// first, so that one that kept a piece of a reused buffer shows.
func TestPooledEqualsFresh(t *testing.T) {
	var lines []string
	for _, table := range condTables {
		for _, tc := range table {
			lines = append(lines, tc.line)
		}
	}
	for _, tc := range errCases {
		lines = append(lines, tc.line)
	}
	for _, line := range lines[:len(lines):len(lines)] {
		for i := range line {
			lines = append(lines, line[:i])
		}
	}
	for _, make := range adversarial {
		lines = append(lines, make(500))
	}
	type outcome struct {
		c   ast.Cond
		err error
		r   condgen.Result
	}
	get := func(line string, mode condgen.Mode) outcome {
		r := condgen.ParseInput(line, DefaultMaxSteps, mode)
		c, err := fromResult(line, r)
		return outcome{c, err, r}
	}
	pooled := make([]outcome, len(lines))
	for i, line := range lines {
		pooled[i] = get(line, 0)
	}
	for i, line := range lines {
		require.Equal(t, get(line, condgen.Fresh), pooled[i], "%q", line)
	}
}
