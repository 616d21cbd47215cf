package flow

import (
	"errors"
	"slices"
	"sort"
	"strconv"
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
	phs := t.Placeholders()
	v.sampleChecksOf(ln, at, t, phs, t.Traps(), len(phs))
}

// sampleChecksRan is sampleChecks, with t's placeholders phs and traps,
// for a template that a flow's run of the row evaluated without an error
// or a miss when ran is true.
func (v *validator) sampleChecksRan(ln line, at int, t *eval.Template, phs []eval.Placeholder, traps []eval.Trap, ran bool) {
	n := len(phs)
	if ran {
		n = 0
	}
	v.sampleChecksOf(ln, at, t, phs, traps, n)
}

// sampleChecksOf is sampleChecks with t's placeholders phs and traps
// (t.Traps()), of which placeholders from index ran on are known to
// evaluate with the sample without an error and without a lookup that
// finds nothing (a flow's run of the row evaluated them so): they give no
// warning but that of their problem, and are not evaluated again.
func (v *validator) sampleChecksOf(ln line, at int, t *eval.Template, phs []eval.Placeholder, traps []eval.Trap, ran int) {
	if v.sample == nil {
		return
	}
	if v.bare != nil {
		v.bare = nil // read by the callback below, through v, so nothing more escapes
	}
	if len(traps) > 0 {
		v.bare = v.bareWords(traps)
	}
	for i := range phs {
		ph := &phs[i] // not copied: most are only asked for their problem
		if ph.IsEnv() {
			continue
		}
		if problem := ph.Problem(v.sample); problem != nil {
			// The error is reported; when the text could be a key, say
			// also what the sample lacks, unless the error already says
			// what the text is (a method call: `${name.upper()}`).
			if m, ok := ph.PathMiss(v.sample); ok && ph.KeyLike() && !(errors.Is(problem, eval.ErrForbidden) && methodCall(ph.Tree) != nil) {
				v.addAt(ln, at, *ph, warning(*ph, m.Subject, m.KeyAt, m.End, eval.ErrMissingKey, v.missReason(m)))
			}
			continue
		}
		if i >= ran {
			continue // no miss and no error: nothing to warn about
		}
		_, _, cut := ph.CutKey()
		if v.onMiss == nil {
			v.onMiss = v.missed // once per validator: the call below allocates no callback
		}
		m := &v.miss
		*m = missCheck{ph: *ph, traps: traps, cut: cut, ws: m.ws[:0]}
		_, err := v.ev.Eval(v.ctx, *ph, v.sample, v.onMiss)
		if v.stops(err) {
			v.stop = v.placed(ln, at, *ph, warning(*ph, "${"+ph.Text+"}", 0, len(ph.Text), eval.ErrLimit, reasonChecksStopped))
		}
		if len(m.ws) == 0 && err != nil && !m.trapped {
			var e *eval.Error
			// A spent budget or a done context is the run's to report,
			// not something the sample shows may go wrong.
			if errors.As(err, &e) && !errors.Is(e, eval.ErrInternal) && !value.StopsEvaluation(err) {
				m.ws = append(m.ws, warning(*ph, "${"+ph.Text+"}", e.Offset, e.End, e.Kind, e.Reason))
			}
		}
		for _, w := range m.ws {
			v.addAt(ln, at, *ph, w)
		}
		clear(m.ws)
	}
}

// reasonChecksStopped is the reason of the warning that a row's checks
// stopped on its budget (noteStop).
const reasonChecksStopped = "the checks of this row's data stopped here: the row's fields used up most of its " +
	"work budget, so what the checks would show from here on is not known; fields that do less work " +
	"(a join of every row costs the most) leave room for them"

// stops reports whether err, of a check, is the first of a run's row that
// the row's budget stopped (D42: the checks draw on what the fields left
// of it). The check keeps it in v.stop, a warning placed where it
// stopped, so that what it and the checks after it would have found does
// not vanish without a word (D44): the run adds it to the row's warnings
// unless a field of the row failed on the budget, which says so itself.
// A check of Validate, with a budget of its own, leaves a spent budget to
// the run to report; so does a done context, which the run reports.
func (v *validator) stops(err error) bool {
	return err != nil && v.stop == nil && v.ev != nil && errors.Is(err, value.ErrBudget)
}

// failedOnBudget reports whether a field of a row's results failed on
// the row's budget.
func failedOnBudget(results []Result) bool {
	for i := range results {
		if results[i].Err != nil && errors.Is(results[i].Err, value.ErrBudget) {
			return true
		}
	}
	return false
}

// missCheck is the placeholder whose lookups that find nothing
// sampleChecksOf is told of (validator.missed), and what it found.
type missCheck struct {
	ph    eval.Placeholder
	traps []eval.Trap
	cut   bool // ph's text is a key that a `.` cuts (D38)
	// trapped is set when a bare word's trap explains what follows from
	// it; ws are the warnings of the lookups.
	trapped bool
	ws      []*eval.Error
}

// missed is told of a lookup of v.miss.ph that finds nothing, by the
// evaluator: the warning that names what the sample lacks, unless a trap
// says it.
func (v *validator) missed(m eval.Miss) {
	c := &v.miss
	if m.Var && v.bare[m.Name] || c.cut || inCutKey(c.traps, c.ph, m.KeyAt) {
		c.trapped = c.trapped || m.Var && v.bare[m.Name]
		return // the bare word's or the cut key's trap says it
	}
	kind := eval.ErrMissingKey
	if m.Var && v.rowKey(m.Name) != "" {
		kind = errTrap // `${Customer}` for row.Customer (D44)
	}
	c.ws = append(c.ws, warning(c.ph, m.Subject, m.KeyAt, m.End, kind, v.missReason(m)))
}

// inCutKey reports whether the byte at of ph's text is in a key that a
// `.` cuts inside the expression (`row.St. Name`, D38): its trap says why
// St, and Name of it, are missing.
func inCutKey(traps []eval.Trap, ph eval.Placeholder, at int) bool {
	at += ph.Start + 2
	for _, tr := range traps {
		if tr.Kind == eval.TrapCutKey && tr.Offset <= at && at < tr.End {
			return true
		}
	}
	return false
}

// addAt adds a warning whose offsets count in the text of ph, a
// placeholder of a template that starts at byte at of line ln.
func (v *validator) addAt(ln line, at int, ph eval.Placeholder, w *eval.Error) {
	v.list = append(v.list, v.placed(ln, at, ph, w))
}

// placed is w placed as addAt places it.
func (v *validator) placed(ln line, at int, ph eval.Placeholder, w *eval.Error) *eval.Error {
	from := at + ph.Start + 2 + max(0, min(w.Offset, len(ph.Text)))
	to := at + ph.Start + 2 + max(w.Offset, min(w.End, len(ph.Text)))
	c := *w
	c.InCondition = c.InCondition || v.cond && !c.Cond
	if v.cols.text != ln.text {
		v.cols = columnCursor{text: ln.text}
	}
	c.Line, c.Column = ln.num, v.cols.at(from)
	c.EndLine, c.EndColumn = ln.num, v.cols.at(max(to, from+1))
	return &c
}

// missReason says what the sample lacks, with the closest name it has.
func (v *validator) missReason(m eval.Miss) string {
	if m.Var {
		reason := "no variable " + echo.Quote(m.Name)
		if key := v.rowKey(m.Name); key != "" {
			return reason + "; did you mean " + key + "?"
		}
		if alt, ok := spell.Closest(m.Name, sorted(v.sample.Names())); ok {
			reason += closeHint(m.Name, alt)
		}
		return reason
	}
	if _, err := strconv.Atoi(m.Name); err == nil && m.In.Kind() == value.List {
		items := " items"
		if m.In.Len() == 1 {
			items = " item"
		}
		return "no item " + m.Name + " in " + echo.Text(m.Prefix) + ", which has " + Count(m.In.Len()) + items
	}
	reason := "no key " + echo.Quote(m.Name) + " in " + echo.Text(m.Prefix)
	if m.In.Kind() != value.Dict {
		return reason + ", which is " + m.In.Kind().Phrase()
	}
	if sign := pastedSign(m); sign != "" && !slices.ContainsFunc(m.In.Keys(), func(k string) bool { return spell.PastedHint(m.Name, k, echo.Quote) != "" }) {
		return reason + sign
	}
	if alt, ok := v.closestKey(m); ok {
		hint := closeHint(m.Name, alt)
		if strings.ContainsAny(alt, `'"`) && !strings.HasPrefix(hint, "; did you mean") {
			// `row.Customer’s name` for the key `Customer's name`: a
			// straight quote in a dotted key would open a quote (D18), so
			// the fix is the key in brackets, which reads it (D49).
			hint = hint[:strings.LastIndex(hint, ": write ")] + ": write ${" + ast.KeyPath(m.Prefix, alt) + "}"
		}
		reason += hint
	}
	return reason
}

// closestKey is the key of m.In closest to the key m.Name that it lacks
// (spell.Closest). The keys of `row` are sorted once per row, and what
// was found for a name is kept from row to row while they stay the same
// (a sheet's header): a row of many missing keys over many columns does
// not sort and search every column again for each of them, on every row.
func (v *validator) closestKey(m eval.Miss) (string, bool) {
	if m.Prefix != "row" {
		return spell.Closest(m.Name, m.In.Keys())
	}
	c := &v.rowKeys
	if !c.fresh {
		keys := m.In.Keys()
		if !slices.Equal(keys, c.keys) {
			clear(c.closest)
		}
		c.keys, c.fresh = keys, true
	}
	if alt, ok := c.closest[m.Name]; ok {
		return alt, alt != ""
	}
	alt, _ := spell.Closest(m.Name, c.keys)
	c.searched++
	if c.closest == nil {
		c.closest = map[string]string{}
	}
	if len(c.closest) < maxClosestKept {
		c.closest[m.Name] = alt
	}
	return alt, alt != ""
}

// rowKeys are the sorted keys of a row's `row` (fresh: of the row being
// checked) and the closest key found for each name it lacks, for
// closestKey.
type rowKeys struct {
	keys    []string
	fresh   bool
	closest map[string]string // "" when none is close
	// searched counts the searches of the keys (spell.Closest)
	searched int
}

// maxClosestKept bounds the names whose closest key a validator keeps.
const maxClosestKept = 4096

// pastedSign is the end of the reason of a missing key m whose text has a
// sign pasted from a word processor or typed with an input method
// (`row.amount × 12`, the key `amount × 12`), when the path written with
// the plain sign is an expression (`row.amount * 12`): that expression,
// which the author most likely meant; "" otherwise.
func pastedSign(m eval.Miss) string {
	what, plain, ok := spell.Pasted(m.Name)
	if !ok || plain == "" || plain == "a plain space" {
		return ""
	}
	fixed := "${" + m.Prefix + "." + spell.Unpasted(m.Name) + "}"
	if _, err := eval.Compile(fixed, eval.Strict()); err != nil {
		return ""
	}
	return "; it has " + what + ", which is no sign of the language; write " + echo.Text(fixed)
}

// closeHint is the end of the reason of a lookup of name that finds
// nothing, where alt is the closest name there is: `did you mean 'alt'?`,
// or, when name is alt but for a character pasted in it (a no-break
// space, a zero-width space, a full-width letter), or alt is name but for
// one pasted in the data's key, that character and what to write, since
// the two would look alike in the message.
func closeHint(name, alt string) string {
	if hint := spell.PastedHint(name, alt, echo.Quote); hint != "" {
		return hint
	}
	if hint := spell.PastedInData(name, alt, echo.Quote); hint != "" {
		return hint
	}
	return "; did you mean " + echo.Quote(alt) + "?"
}

// rowKey is, when the sample has no variable name but row has a key of
// that name (the same, or but for case), the lookup of that key as
// written in an expression: `row.Customer`, `row['Days Late']`; else "".
func (v *validator) rowKey(name string) string {
	if v.sample == nil || v.sample.Has(name) {
		return ""
	}
	row, ok, err := v.sample.Var("row")
	if err != nil || !ok || row.Kind() != value.Dict {
		return ""
	}
	keys := row.Keys()
	found := ""
	for _, k := range keys {
		if k == name {
			found = k
			break
		}
		if found == "" && strings.EqualFold(k, name) {
			found = k
		}
	}
	if found == "" {
		return ""
	}
	return ast.KeyPath("row", found)
}

func sorted(xs []string) []string {
	sort.Strings(xs)
	return xs
}

// orderChecks warns about each side of < > <= >= whose value in the
// sample is neither a number nor blank: the condition would fail on such
// data, with the reason it would give. parts are c's parts, of which the
// first ran a flow's run of the row tested without an error.
func (v *validator) orderChecks(ln line, at int, c *eval.Condition, parts []eval.Part, ran int) {
	if v.sample == nil {
		return
	}
	for j, p := range parts {
		if j < ran {
			continue // its test compared the sides without an error
		}
		switch p.Op {
		case "<", ">", "<=", ">=":
		default:
			continue
		}
		l, err := v.ev.Value(v.ctx, p.Left, v.sample)
		if err == nil && p.Right != nil {
			var r value.Value
			r, err = v.ev.Value(v.ctx, p.Right, v.sample)
			if err == nil {
				v.orderCheck(ln, at, c, p, l, r)
				continue
			}
		}
		if v.stops(err) {
			v.stop = v.atOp(ln, at, c, p, eval.ErrLimit, reasonChecksStopped)
		}
		// Otherwise the placeholder's own warning says why.
	}
}

// orderCheck warns about the part p of c when its sides' values in the
// sample, l and r, are not both numbers or blank (orderChecks).
func (v *validator) orderCheck(ln line, at int, c *eval.Condition, p eval.Part, l, r value.Value) {
	_, _, err := value.OrderOp(p.Op, l, r)
	if err == nil {
		return
	}
	var f *value.Failure
	reason := err.Error()
	if errors.As(err, &f) {
		reason = f.Reason
	}
	kind := error(eval.ErrNotNumber)
	if hint, ok := p.NumberHint(); ok {
		reason, kind = hint, errTrap // `> 1,000` is one of D38's silent traps
	} else if hint, ok := p.DateHint(l, r); ok {
		reason = hint // dates are not compared by < and > (D44)
	} else if hint, ok := p.UnclearHint(l, r); ok {
		reason = hint // '12,5': number()'s own rewrite (D34, D39)
	}
	v.list = append(v.list, v.atOp(ln, at, c, p, kind, echo.Quote(p.Text)+": "+reason))
}

// atOp is a warning about the part p of c, a condition that starts at
// byte at of the line ln, placed at its operator.
func (v *validator) atOp(ln line, at int, c *eval.Condition, p eval.Part, kind error, reason string) *eval.Error {
	e := &eval.Error{Expr: c.Text(), Subject: "condition", Reason: reason,
		Offset: p.OpPos, End: p.OpPos + len(p.Op), Kind: kind, Severity: eval.SeverityWarning, Cond: true}
	e.Line, e.Column, e.EndLine, e.EndColumn = ln.num, column(ln.text, at+p.OpPos), ln.num, column(ln.text, at+p.OpPos+len(p.Op))
	return e
}

// errTrap is the kind of a D38 warning: a flow that would be quietly
// wrong.
var errTrap = errors.New("silent trap")

// traps warns about the silent trap of D38 that depends on the data in
// the placeholders of t: a method call that the key rule hides without
// data (`${x.upper()}`); and about a read of the environment not let in
// (D44, envTraps). The other traps are eval's facts (factTraps).
func (v *validator) traps(ln line, at int, t *eval.Template) {
	phs := t.Placeholders()
	v.envTraps(ln, at, t.EnvReads(), phs)
	for _, ph := range phs {
		if ph.IsEnv() {
			continue
		}
		if ph.KeyLike() && v.sample == nil && !v.rowsDecide && ph.Problem(nil) == nil {
			// Without data a key-like text is not an error; a method call
			// written as one (`x.upper()`, no space before the
			// parenthesis) is most likely a mistake all the same. With
			// data, the data decides (D12): a row that has the key reads
			// it, one without it fails with the method call's error.
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

// factTraps warns about the traps (D38, D44) that eval found in a
// template or condition whose text starts at byte at of line ln; a bare
// word given to a function only with sample data that has no such
// variable and none close to it (a misspelt name is told by the lookup's
// own warning).
func (v *validator) factTraps(ln line, at int, traps []eval.Trap, cond *eval.Condition, phs func() []eval.Placeholder) {
	for _, tr := range traps {
		if !v.trapApplies(tr) || dataTrap(tr) && tr.Kind != eval.TrapBareWord && v.sample == nil && v.rowsDecide {
			continue // each row's data decides (sampleTraps)
		}
		if cond != nil && !cond.TrapHolds(v.ctx, v.ev, tr, v.sample) {
			continue // the row's data holds the value as written: it is meant
		}
		reason := tr.Reason
		if tr.Kind == eval.TrapBareWord && tr.Subject == tr.Name {
			// A bare word near a variable's name may be that name
			// misspelt, or text: say both (D44). Words joined by / or -
			// (`n/a` beside a variable a) are text: their own reason
			// quotes all of them, as the error of their arithmetic does,
			// so that the hint works when followed (D49).
			// Where the function works on the value (`default(x, 'n/a')`)
			// the word is no text, and quotes are no fix (D49).
			if alt, close := spell.Closest(tr.Name, sorted(v.sample.Names())); close {
				reason = "no variable " + echo.Quote(tr.Name) + "; did you mean " + echo.Quote(alt) + "?"
				if !tr.Variable {
					reason += " For the text, write '" + tr.Name + "' in quotes"
				}
			}
		}
		e := &eval.Error{Expr: trapExpr(tr, cond, phs()), Subject: tr.Subject, Reason: reason, Kind: errTrap,
			Severity: eval.SeverityWarning, Cond: tr.Subject == "condition"}
		e.Line, e.Column, e.EndLine, e.EndColumn = ln.num, column(ln.text, at+tr.Offset), ln.num, column(ln.text, at+max(tr.End, tr.Offset+1))
		v.list = append(v.list, e)
	}
}

// sampleTraps warns, for a run's row, about the traps that hold or not
// with sample data: a bare word given to a function that is no variable of
// the row's data (D44), a number written as the language does not that is
// none either (D12), nor a name with a pasted sign in it (`${x − 1}`). The others hold whatever the data and are among the
// compiled flow's findings.
func (v *validator) sampleTraps(ln line, at int, traps []eval.Trap, cond *eval.Condition, phs func() []eval.Placeholder) {
	var only []eval.Trap
	for _, tr := range traps {
		if dataTrap(tr) {
			only = append(only, tr)
		}
	}
	if len(only) > 0 {
		v.factTraps(ln, at, only, cond, phs)
	}
}

// trapExpr is the Finding.Expr of a trap: the condition line for a trap
// of a condition's parts, the text inside the ${...} that holds the trap,
// or else the text of the trap as written (`{{row.Amount}}`).
func trapExpr(tr eval.Trap, cond *eval.Condition, phs []eval.Placeholder) string {
	if tr.Subject == "condition" && cond != nil {
		return cond.Text()
	}
	for _, ph := range phs {
		if ph.Start <= tr.Offset && tr.End <= ph.End {
			return ph.Text
		}
	}
	return tr.Subject
}

// dataTrap reports whether the data decides whether tr holds (Trap.Applies):
// a bare word, a number written as the language does not, or a name with
// a pasted sign in it, each read as a variable that the data may have; a
// value that the data may hold as written (Trap.Literal: curly quotes,
// a full-width comma; Condition.TrapHolds).
func dataTrap(tr eval.Trap) bool {
	switch tr.Kind {
	case eval.TrapBareWord, eval.TrapNumber:
		return true
	case eval.TrapPasted:
		if tr.Name != "" {
			return true // `＄｛x｝` or `Active\u200band` holds whatever the data
		}
	}
	return tr.Literal != "" // not where the row's data holds it (Condition.TrapHolds)
}

// trapApplies reports whether the trap holds with the sample data.
func (v *validator) trapApplies(tr eval.Trap) bool {
	if !tr.Applies(v.sample) {
		return false
	}
	if tr.Kind == eval.TrapBareWord && v.rowKey(tr.Name) != "" {
		return false // a key of row: the lookup's own warning names row.X (D44)
	}
	return true
}

// bareWords are the names of the bare words, and of the numbers written
// as the language does not (`${1e3}`), among traps that are traps with the
// sample data: their lookup is told by the trap, not as a missing
// variable.
func (v *validator) bareWords(traps []eval.Trap) map[string]bool {
	var out map[string]bool
	for _, tr := range traps {
		if dataTrap(tr) && tr.Literal == "" && v.trapApplies(tr) {
			if out == nil {
				out = map[string]bool{}
			}
			// Each word of `N/A` is the trap's, not a missing variable.
			for _, w := range strings.FieldsFunc(tr.Subject, func(r rune) bool { return r == '/' || r == '-' || r == ' ' }) {
				out[w] = true
			}
			out[tr.Name] = true
			if i := strings.IndexByte(tr.Name, '.'); i > 0 && tr.Kind == eval.TrapNumber {
				out[tr.Name[:i]] = true // `1.5e3` is read as the path 1 . 5e3
			}
		}
	}
	return out
}

// EnvNotRead starts the end of the warning about a read of env.NAME when
// the host lets no environment in (ValidateOptions.EnvAllowed nil): `the
// environment is not read; run with -env NAME`, the command line's fix.
// A tool that has no -env rewrites it with NoEnvFix.
const EnvNotRead = "the environment is not read; run with -env "

// NoEnvFix rewrites the fix of a warning that ends with EnvNotRead for a
// tool that has no -env to follow it with (the editor, the playground),
// named by tool: `the editor reads no environment, so this is empty here;
// the flow reads env.NAME when it runs with -env NAME` (D49: a hint that
// can be followed where it is shown). Any other message is returned as
// it is.
func NoEnvFix(msg, tool string) string {
	i := strings.LastIndex(msg, EnvNotRead)
	if i < 0 {
		return msg
	}
	name := msg[i+len(EnvNotRead):]
	return msg[:i] + tool + " reads no environment, so this is empty here; the flow reads env." +
		name + " when it runs with -env " + name
}

// envTraps warns about each read of the environment (eval's facts: a
// placeholder `${env.NAME}`, or env.NAME inside an expression,
// `${upper(env.REGION)}`) whose NAME the host does not let in: it is
// always empty (D44). The warning of a whole placeholder names it; one
// inside an expression names the read as written.
func (v *validator) envTraps(ln line, at int, reads []eval.EnvRead, phs []eval.Placeholder) {
	for _, r := range reads {
		if v.envAllowed != nil && v.envAllowed(r.Name) {
			continue
		}
		reason := EnvNotRead + r.Name
		if v.envAllowed != nil {
			// the names let in already stay in the fix (-env FOO,BAZ)
			names := strings.Join(append(slices.Clone(v.envNames), r.Name), ",")
			reason = "the environment variable " + echo.Quote(r.Name) + " is not let in, so this is always empty; run with -env " + names
		}
		for _, ph := range phs {
			if ph.Start > r.Offset || r.End > ph.End {
				continue
			}
			off, end := r.Offset-ph.Start-2, r.End-ph.Start-2
			subject := ph.Text[off:end]
			if r.Whole {
				subject, off, end = "${"+ph.Text+"}", 0, len(ph.Text)
			}
			v.addAt(ln, at, ph, warning(ph, subject, off, end, errTrap, reason))
			break
		}
	}
}
