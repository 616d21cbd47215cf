package exprparser

// The options of a parse, the same for both parsers: gen/condparser's copy
// of this file is written from it by go generate (gen/internal/mkcopy).
// Each parser keeps its own Option type, so that one parser's options are
// not given to the other, and its own DefaultMaxSteps (api.go); stepopt
// applies them.

import (
	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/internal/stepopt"
)

// SyntaxError is a text that the parser cannot read: ast.SyntaxError, the
// one syntax error type of both parsers. Offset is the byte offset of the
// problem in the parsed text, between 0 and its length; Reason says what
// is wrong in words for a flow author.
type SyntaxError = ast.SyntaxError

// Option changes how the parser parses.
type Option func(*config)

type config = stepopt.Config

// MaxSteps bounds the parser's work to n steps; 0 means DefaultMaxSteps.
// Past it the parse fails with a SyntaxError that says the expression, or
// the condition, is too complex.
func MaxSteps(n uint64) Option {
	return stepopt.MaxSteps(n, DefaultMaxSteps)
}

// stepBudget is the step budget of a parse with opts.
func stepBudget(opts []Option) uint64 {
	return stepopt.Steps(DefaultMaxSteps, opts)
}
