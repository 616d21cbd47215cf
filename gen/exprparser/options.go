package exprparser

// What the two parsers share around their generated code: the options of
// a parse, the refusal of text that is not UTF-8 and the wrapping of
// internal errors. gen/condparser's copy of this file is written from it
// by go generate (gen/internal/mkcopy). Each parser keeps its own Option
// type, so that one parser's options are not given to the other, and in
// api.go its own DefaultMaxSteps, name and words for the text it reads;
// stepopt applies the options.

import (
	"fmt"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/internal/stepopt"
	"github.com/kinenix/expressions/internal/echo"
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

// notUTF8 is nil for text that is valid UTF-8, and otherwise the
// SyntaxError at its first byte that is not, which names that byte: the
// grammar never reads such text.
func notUTF8(src string) error {
	if i := echo.FirstInvalid(src); i >= 0 {
		return &SyntaxError{Offset: i, Reason: fmt.Sprintf("%s is not valid UTF-8 (byte 0x%02X)", theText, src[i])}
	}
	return nil
}

// internalError is a failure of the parser itself (a bug, not a mistake in
// the text): the detail, wrapped with ast.ErrInternal under the parser's
// name.
func internalError(detail error) error {
	return fmt.Errorf("%s: %w: %w", parserName, ast.ErrInternal, detail)
}
