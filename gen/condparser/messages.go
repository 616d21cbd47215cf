package condparser

// The reasons of the syntax errors, for a flow author: one for each
// problem the grammar finds (condgen.ProblemKind). Text of the line echoed
// in a reason goes through internal/echo (D37), cut to echoLimit
// characters.

import (
	"fmt"
	"strings"

	"github.com/kinenix/expressions/gen/internal/condgen"
	"github.com/kinenix/expressions/internal/echo"
)

// echoLimit is how many characters of the line a reason quotes at most
// (fewer than echo.Max: a condition's reason names a part of one line).
const echoLimit = 40

// problemError gives the reason of a problem of the condition line.
func problemError(p condgen.Problem, line string) error {
	var reason string
	switch p.Kind {
	case condgen.Empty:
		reason = "the condition is empty"
	case condgen.UnclosedPlaceholder:
		reason = "${ is not closed"
		if p.Text != "" {
			reason += "; the quote " + p.Text + " inside it is not closed"
		} else if p.Offset >= 0 && p.Offset < len(line) {
			// the part from the ${ on, as a field's message names its
			// placeholder, and the fix
			reason = quote(strings.TrimRight(line[p.Offset:], " \t")) + ": ${ is not closed; add the closing }"
		}
	case condgen.UnclosedQuote:
		reason = "quote " + p.Text + " is not closed"
	case condgen.TextAfterQuote:
		reason = "text after the closing quote"
		if p.Text != "" {
			other := "'"
			if p.Text == "'" {
				other = `"`
			}
			reason += "; to write " + p.Text + " in quoted text, quote it with " + other + " instead"
		}
	case condgen.BadOperator:
		reason = badOperator(p.Text)
	case condgen.NoLeft:
		reason = p.Text + " needs a value on its left"
	case condgen.NoRight:
		reason = p.Text + " needs a value on its right"
	case condgen.ExtraRight:
		reason = p.Text + " takes no value on its right"
	case condgen.NothingBefore:
		reason = "nothing before '" + p.Text + "'"
	case condgen.NothingAfter:
		reason = "nothing after '" + p.Text + "'"
	case condgen.ListNotIn:
		reason = "text after the closing quote; to test for one of several values, write in instead of ==: X in 'a', 'b'"
		if p.Text == "!=" {
			reason = "text after the closing quote; to test for none of several values, write not before the part and in instead of !=: not X in 'a', 'b'"
		}
	case condgen.NotCondition:
		reason = "not a condition: " + quote(p.Text) + " (a condition compares two values, like ${x} == yes, or is a single ${...})"
	default:
		return internalError(fmt.Errorf("unknown problem: %v", p.Error()))
	}
	return &SyntaxError{Offset: p.Offset, Reason: reason}
}

// opHints names the operator meant by common mistakes.
var opHints = map[string]string{
	"=": "==", "===": "==", "!==": "!=", "=!": "!=", "<>": "!=", "=<": "<=", "=>": ">=",
}

// badOperator explains an unknown operator, written lower-cased with its
// words separated by one space.
func badOperator(word string) string {
	reason := "unknown operator " + echo.Cut(word, echoLimit)
	switch {
	case strings.HasPrefix(word, "not "):
		reason += "; put not at the start instead: not X " + strings.TrimPrefix(word, "not ") + " Y"
	case opHints[word] != "":
		reason += "; did you mean " + opHints[word] + "?"
	default:
		reason += "; use ==, !=, <, >, <= or >="
	}
	return reason
}

// quote quotes text of the line for a reason, shortened. It uses single
// quotes, or double quotes when the text holds a single quote and no double
// quote.
func quote(text string) string {
	text = echo.Cut(text, echoLimit)
	if strings.Contains(text, "'") && !strings.Contains(text, `"`) {
		return `"` + text + `"`
	}
	return "'" + text + "'"
}
