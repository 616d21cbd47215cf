// Package condgen holds the parser that pigeon generates from
// grammar/cond.peg (parser.go), the helpers its actions call (build.go),
// and ParseInput (pool.go), the one entry point, for gen/condparser. The
// messages, the options and the public API live in gen/condparser.
package condgen

import "github.com/kinenix/expressions/gen/internal/action"

// ProblemKind names why a line is not a condition.
type ProblemKind uint8

// The problems the grammar finds. Text is what the message needs.
const (
	Empty               ProblemKind = iota + 1 // nothing but white space
	UnclosedPlaceholder                        // a ${ without its }; Text: the quote inside it that is not closed, or ""
	UnclosedQuote                              // a side 'abc; Text: the quote
	TextAfterQuote                             // 'a' b == c; Text: the side's quote when it appears again right after, or ""
	BadOperator                                // =, ===, not in; Text: the operator, lower-cased, words separated by one space
	NoLeft                                     // == x; Text: the operator
	NoRight                                    // ${x} ==; Text: the operator
	ExtraRight                                 // ${x} is empty y; Text: the operator
	NothingBefore                              // and ${x}; Text: the word as written
	NothingAfter                               // ${x} and, not; Text: the word as written
	NotCondition                               // a part or a line without an operator; Text: that text, trimmed
	ListNotIn                                  // ${x} == 'a', 'b': a list of quoted items after an operator other than in; Text: the operator
	DoubledOperator                            // ${x} == == y, ${x} < <= y: the right side starts with an operator; Text: the operator, a space, the second as written
)

// Problem is why the line is not a condition, at byte offset Offset.
type Problem = action.Problem[ProblemKind]

// Grammar names this grammar's problems in Problem.Error.
func (ProblemKind) Grammar() string { return "condition" }
