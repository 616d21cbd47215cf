// Package action holds what the actions of both grammars report
// (gen/internal/condgen and gen/internal/exprgen): a Problem, of the
// grammar's own kinds.
package action

import "fmt"

// Kind is a grammar's kind of problem.
type Kind interface {
	~uint8
	// Grammar names the grammar's problems in Problem.Error.
	Grammar() string
}

// Problem is why an action refused its text, at byte offset Offset; Text
// is what the message needs.
type Problem[K Kind] struct {
	Offset int
	Kind   K
	Text   string
}

// Error describes the problem for a Go developer; gen/condparser and
// gen/exprparser write the message a flow author reads.
func (p *Problem[K]) Error() string {
	return fmt.Sprintf("%s problem %d at offset %d: %q", p.Kind.Grammar(), p.Kind, p.Offset, p.Text)
}
