// Package exprgen holds the parser that pigeon generates from
// grammar/expr.peg (parser.go), the helpers its actions call (build.go),
// and ParseInput (pool.go), the one entry point, for gen/exprparser. The
// messages, the options and the public API live in gen/exprparser; the
// operator table and the identifier classes in package ast.
package exprgen

import "github.com/kinenix/expressions/gen/internal/action"

// ProblemKind names a lexical mistake that an action found in a token.
type ProblemKind uint8

// The lexical mistakes. Text is what the message needs.
const (
	BadNumber     ProblemKind = iota + 1 // 12abc, 1e3, 5., 0x1F; Text: the token
	DotNumber                            // .5 where a value is expected; Text: the token
	DigitSelector                        // rows.0, row.1st; Text: the part after the dot
	UnknownEscape                        // 'a\qb'; Text: the character after the backslash
	UnclosedText                         // 'abc; Text: the opening quote
	TextPrefix                           // r'x', b'x', u'x'; Text: the prefix
)

// Problem is a lexical mistake at byte offset Offset of the input.
type Problem = action.Problem[ProblemKind]

// Grammar names this grammar's problems in Problem.Error.
func (ProblemKind) Grammar() string { return "lexical" }

// IdentStartClass and IdentContClass are the grammar's classes of a
// name's first character and of the characters after it (D9), as pigeon
// writes them among the terminals a failed parse expected; the messages of
// package exprparser read them there. TestClassCopiesMatchTheirRules holds
// them to the grammar.
const (
	IdentStartClass = `[\pL\p{Nl}_\u1885\u1886\u2118\u212E\u309B\u309C]`
	IdentContClass  = `[\pL\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}\u00B7\u0387\u1369-\u1371\u19DA\u1885\u1886\u2118\u212E\u309B\u309C]`
)
