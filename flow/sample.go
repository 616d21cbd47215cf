package flow

import (
	"errors"
	"sort"
	"strings"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/internal/spell"
	"github.com/kinenix/expressions/value"
)

// Checks against sample data (kinenix validate -data): what one example
// of the data shows may go wrong, beyond the problems Problems reports.
// They are warnings: the sample is one example, and the data a flow runs
// on may differ. They read eval's inspection API: the evaluator itself
// says which lookups found nothing, so the rules of keys and indexes live
// in one place.

// warning makes a warning about subject at byte offset off (to end) of
// the placeholder ph's text.
func warning(ph eval.Placeholder, subject string, off, end int, kind error, reason string) *eval.Error {
	e := &eval.Error{Expr: ph.Text, Subject: subject, Reason: reason, Offset: off, End: end,
		Kind: kind, Severity: eval.SeverityWarning}
	return e
}

// sampleChecks warns about the placeholders of t (a line, or a side of a
// condition that starts at byte at of the line) that the sample shows may
// go wrong: lookups it does not have, naming the closest one it has
// (`no key 'Frist Name' in row; did you mean 'First Name'?`), and
// otherwise the error that evaluating with the sample gives.
func (v *validator) sampleChecks(ln line, at int, t *eval.Template) {
	if v.sample == nil {
		return
	}
	for _, ph := range t.Placeholders() {
		if ph.IsEnv() {
			continue
		}
		if ph.Problem(v.sample) != nil {
			// The error is reported; when the text could be a key, say
			// also what the sample lacks.
			if m, ok := ph.PathMiss(v.sample); ok && ph.KeyLike() {
				v.addAt(ln, at, ph, warning(ph, m.Subject, m.KeyAt, m.End, eval.ErrMissingKey, v.missReason(m)))
			}
			continue
		}
		var ws []*eval.Error
		_, err := v.ev.Eval(v.ctx, ph, v.sample, func(m eval.Miss) {
			ws = append(ws, warning(ph, m.Subject, m.KeyAt, m.End, eval.ErrMissingKey, v.missReason(m)))
		})
		if len(ws) == 0 && err != nil {
			var e *eval.Error
			// A spent budget or a done context is the run's to report,
			// not something the sample shows may go wrong.
			if errors.As(err, &e) && !errors.Is(e, eval.ErrInternal) && !value.StopsEvaluation(err) {
				ws = append(ws, warning(ph, "${"+ph.Text+"}", e.Offset, e.End, e.Kind, e.Reason))
			}
		}
		for _, w := range ws {
			v.addAt(ln, at, ph, w)
		}
	}
}

// addAt adds a warning whose offsets count in the text of ph, a
// placeholder of a template that starts at byte at of line ln.
func (v *validator) addAt(ln line, at int, ph eval.Placeholder, w *eval.Error) {
	from := at + ph.Start + 2 + max(0, min(w.Offset, len(ph.Text)))
	to := at + ph.Start + 2 + max(w.Offset, min(w.End, len(ph.Text)))
	c := *w
	c.Line, c.Column, c.EndLine, c.EndColumn = ln.num, column(ln.text, from), ln.num, column(ln.text, max(to, from+1))
	v.list = append(v.list, &c)
}

// missReason says what the sample lacks, with the closest name it has.
func (v *validator) missReason(m eval.Miss) string {
	if m.Var {
		reason := "no variable " + echo.Quote(m.Name)
		if alt, ok := spell.Closest(m.Name, sorted(v.sample.Names())); ok {
			reason += "; did you mean " + echo.Quote(alt) + "?"
		}
		return reason
	}
	reason := "no key " + echo.Quote(m.Name) + " in " + echo.Text(m.Prefix)
	if m.In.Kind() != value.Dict {
		return reason + ", which is " + m.In.Kind().Phrase()
	}
	if alt, ok := spell.Closest(m.Name, m.In.Keys()); ok {
		reason += "; did you mean " + echo.Quote(alt) + "?"
	}
	return reason
}

func sorted(xs []string) []string {
	sort.Strings(xs)
	return xs
}

// orderChecks warns about each side of < > <= >= whose value in the
// sample is neither a number nor blank: the condition would fail on such
// data, with the reason it would give.
func (v *validator) orderChecks(ln line, at int, c *eval.Condition) {
	if v.sample == nil {
		return
	}
	for _, p := range c.Parts() {
		switch p.Op {
		case "<", ">", "<=", ">=":
		default:
			continue
		}
		l, err := v.ev.Value(v.ctx, p.Left, v.sample)
		if err != nil || p.Right == nil {
			continue // the placeholder's own warning says why
		}
		r, err := v.ev.Value(v.ctx, p.Right, v.sample)
		if err != nil {
			continue
		}
		_, _, err = value.OrderOp(p.Op, l, r)
		if err == nil {
			continue
		}
		var f *value.Failure
		reason := err.Error()
		if errors.As(err, &f) {
			reason = f.Reason
		}
		kind := error(eval.ErrNotNumber)
		if hint, ok := p.NumberHint(); ok {
			reason, kind = hint, errTrap // `> 1,000` is one of D38's silent traps
		}
		e := &eval.Error{Expr: c.Text(), Subject: "condition", Reason: echo.Quote(p.Text) + ": " + reason,
			Offset: p.OpPos, End: p.OpPos + len(p.Op), Kind: kind, Severity: eval.SeverityWarning, Cond: true}
		e.Line, e.Column, e.EndLine, e.EndColumn = ln.num, column(ln.text, at+p.OpPos), ln.num, column(ln.text, at+p.OpPos+len(p.Op))
		v.list = append(v.list, e)
	}
}

// errTrap is the kind of a D38 warning: a flow that would be quietly
// wrong.
var errTrap = errors.New("silent trap")

// traps warns about the silent traps of D38 in the placeholders of t:
// a method call that the key rule hides without data (`${x.upper()}`), and
// a dotted key that a `.` cuts (`${row.Policy No.}`).
func (v *validator) traps(ln line, at int, t *eval.Template) {
	for _, ph := range t.Placeholders() {
		if ph.IsEnv() {
			continue
		}
		if ph.KeyLike() && ph.Problem(v.sample) == nil && v.sample == nil {
			// Without data a key-like text is not an error; a method call
			// written as one (`x.upper()`, no space before the
			// parenthesis) is most likely a mistake all the same.
			if bad := methodCall(ph.Tree); bad != nil && methodLike(ph.Text, bad) {
				for _, e := range ph.Problems {
					if errors.Is(e, eval.ErrForbidden) {
						w := warning(ph, "${"+ph.Text+"}", bad.Pos(), bad.End(), errTrap, e.Reason)
						v.addAt(ln, at, ph, w)
						break
					}
				}
			}
		}
		if w := cutKey(ph); w != nil {
			v.addAt(ln, at, ph, w)
		}
	}
}

// methodCall is the first method call in x, or nil.
func methodCall(x ast.Expr) *ast.BadExpr {
	var found *ast.BadExpr
	if x == nil {
		return nil
	}
	ast.Inspect(x, func(n ast.Node) bool {
		if b, ok := n.(*ast.BadExpr); ok && b.Construct == ast.MethodCall && found == nil {
			found = b
		}
		return found == nil
	})
	return found
}

// methodLike reports whether the method call bad, in text, is written
// like one: the method is one of the functions, or its name is followed
// directly by the parenthesis (`row.Amount (THB)` reads as a key).
func methodLike(text string, bad *ast.BadExpr) bool {
	if _, ok := funcs.Lookup(bad.Detail); ok {
		return true
	}
	span := text[bad.Pos():min(bad.End(), len(text))]
	i := strings.LastIndex(span, "."+bad.Detail)
	return i >= 0 && strings.HasPrefix(span[i+1+len(bad.Detail):], "(")
}

// cutKey warns about a dotted lookup whose key a `.` cuts: it ends in `.`
// (`${row.Policy No.}`) or holds `..`, so it can never be read as a path
// and is quietly empty. The fix names the quoted form.
func cutKey(ph eval.Placeholder) *eval.Error {
	first, rest, ok := ph.CutKey()
	if !ok {
		return nil
	}
	off := strings.Index(ph.Text, first) + len(first) + 1
	if rest == "" { // `${row.}`: no key at all
		return warning(ph, first+".", off-1, off, errTrap,
			"nothing follows the last '.', so this is always empty; write "+echo.Text(first)+" for the whole value")
	}
	return warning(ph, first+"."+rest, off, off+len(rest), errTrap,
		"the key "+echo.Quote(rest)+" has a '.' that cuts the path, so this is always empty; write "+
			echo.Text(first)+"['"+echo.Text(rest)+"']")
}

// conditionTraps warns about a condition kept as one comparison whose
// right side holds a bare and/or followed by what reads as a comparison
// (D38): `${c} == Johnson and Johnson and ${x} == y` compares with the
// whole text after == and is quietly false.
func (v *validator) conditionTraps(ln line, at int, c *eval.Condition) {
	parts := c.Parts()
	if len(parts) != 1 || parts[0].Right == nil {
		return
	}
	p := parts[0]
	if p.RightQuoted {
		return // quoted text is kept whole on purpose (D31)
	}
	words := strings.Fields(p.Right.Text())
	for i, w := range words {
		if !(strings.EqualFold(w, "and") || strings.EqualFold(w, "or")) || i == 0 || i == len(words)-1 {
			continue
		}
		rest := strings.Join(words[i+1:], " ")
		if !readsAsComparison(rest) {
			continue
		}
		left := strings.Join(words[:i], " ")
		lhs := strings.TrimSpace(c.Text()[p.Start:p.OpPos])
		and := strings.ToLower(w)
		inside := and // the word the quoted text holds: the first and/or of left
		for _, lw := range strings.Fields(left) {
			if strings.EqualFold(lw, "and") || strings.EqualFold(lw, "or") {
				inside = strings.ToLower(lw)
				break
			}
		}
		reason := "this is one comparison with the text " + echo.Quote(p.Right.Text()) + ", so it is quietly false; "
		// The fix is offered only when it reads as the tests it means:
		// the rest may hold more that is no comparison (`and z`).
		fix := lhs + " " + p.Op + " '" + left + "' " + and + " " + rest
		if fc, err := eval.CompileCondition(fix, eval.WithoutCache()); err == nil && len(fc.Parts()) > 1 {
			reason += "to compare with text that has '" + inside + "' in it and test the rest, quote the text: " + echo.Text(fix)
		} else {
			reason += "quote the text if it has '" + inside + "' in it, and write each test after '" + and + "' as a comparison"
		}
		e := &eval.Error{Expr: c.Text(), Subject: "condition", Kind: errTrap, Severity: eval.SeverityWarning, Cond: true,
			Reason: reason}
		from := at + p.Right.Pos()
		e.Line, e.Column, e.EndLine, e.EndColumn = ln.num, column(ln.text, from), ln.num, column(ln.text, at+p.End)
		v.list = append(v.list, e)
		return
	}
}

// readsAsComparison reports whether text starts what reads as a
// comparison of its own: a ${...} (after an optional `not`), or a word
// and then an operator.
func readsAsComparison(text string) bool {
	words := strings.Fields(text)
	if len(words) > 0 && strings.EqualFold(words[0], "not") {
		words = words[1:]
	}
	if len(words) == 0 {
		return false
	}
	if strings.HasPrefix(words[0], "${") {
		return true
	}
	if len(words) < 2 {
		return false
	}
	switch strings.ToLower(words[1]) {
	case "==", "!=", "<", ">", "<=", ">=", "in", "contains", "is":
		return true
	}
	return false
}
