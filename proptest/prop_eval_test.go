package proptest

import (
	"errors"
	"fmt"
	"maps"
	"math/big"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// Property 3: a template that validation accepts never fails at run time
// with an unknown function or a wrong number of values.
//
// Validation with the run's own data as the sample must catch every such
// failure. Without data it may accept a placeholder that some data makes a
// lookup (design section 4, D12 step 2: `row.Role in Company` is the key
// when it exists): nobody can tell without data. Whether such data exists
// is decided from the data, not from the text's look: the case builds it
// (lookupData) and renders the placeholder on it, which must give the key's
// value. Only such placeholders may fail at run time after validation
// without data accepted the template.
func TestProp3Validate(t *testing.T) {
	t.Parallel()
	var accepted, refused, failed, exempt atomic.Int64
	check(t, "3 validate: no unknown function or arity at run time", 3000, prop.ForAll(func(c TemplateCase) string {
		text := c.Tmpl.String()
		s := c.scope()
		failure := runTimeCallError(text, s)
		withData, withoutData := validate(text, s), validate(text, nil)
		if len(withoutData) > 0 {
			refused.Add(1)
		} else {
			accepted.Add(1)
		}
		if failure == nil {
			return ""
		}
		failed.Add(1)
		if len(withData) == 0 {
			return fmt.Sprintf("validation with the run's data accepts %q, which fails at run time: %v", text, failure)
		}
		if len(withoutData) == 0 {
			data, ok := lookupData(failure.Expr)
			if !ok {
				return fmt.Sprintf("validation accepts %q, which fails at run time (%v), and no data makes it a lookup", text, failure)
			}
			got, err := renderOn("${"+failure.Expr+"}", scope.New(data))
			if err != nil || got != lookupFound {
				return fmt.Sprintf("validation accepts %q, which fails at run time (%v); on %s, where its path exists, it gives %q, %v, not the key's value (D12)",
					text, failure, showVars(data), got, err)
			}
			exempt.Add(1)
		}
		return ""
	}, templateCases(ExprOptions{Depth: 3, BadCalls: true})))
	t.Logf("validation without data accepted %d templates and refused %d; %d failed at run time with an unknown function or arity, "+
		"%d of them accepted without data in a placeholder that some data makes a lookup", accepted.Load(), refused.Load(), failed.Load(), exempt.Load())
}

// lookupFound is the value lookupData puts at the end of the path.
const lookupFound = "found by the lookup"

// lookupData builds data in which text, the inside of a ${...}, is a dotted
// path that exists (design section 4): the text without surrounding white
// space, cut at each dot; the first part a variable, so a name (D9), and
// each later part a key of the dictionary before it, the last one holding
// lookupFound. ok is false when text cannot be such a path: a part is
// empty or the first is no name.
func lookupData(text string) (data map[string]any, ok bool) {
	parts := strings.Split(strings.TrimSpace(text), ".")
	if !isVarName(parts[0]) {
		return nil, false
	}
	var v any = lookupFound
	for i := len(parts) - 1; i >= 0; i-- {
		if parts[i] == "" {
			return nil, false
		}
		v = map[string]any{parts[i]: v}
	}
	return v.(map[string]any), true
}

// isVarName reports whether s is a name a variable can have, by D9:
// Unicode identifier rules (a letter first, then letters, digits, marks
// and connectors), and not starting with `_`, which D9 refuses.
func isVarName(s string) bool {
	for i, r := range s {
		letter := unicode.IsLetter(r)
		if i == 0 && !letter {
			return false
		}
		if !letter && !unicode.IsDigit(r) && !unicode.In(r, unicode.Mn, unicode.Mc, unicode.Pc, unicode.Nl) {
			return false
		}
	}
	return s != ""
}

// renderOn compiles text and renders it on s.
func renderOn(text string, s *scope.Scope) (string, error) {
	tpl, err := eval.Compile(text)
	if err != nil {
		return "", err
	}
	return tpl.Render(s)
}

// validate returns what `kinenix validate` reports about a template as a
// one-field flow (D32): flow.Validate's findings that are not warnings,
// as their messages.
func validate(text string, sample *scope.Scope) []string {
	var out []string
	for _, f := range flow.Validate("case.md", []byte(text), sample) {
		if !f.Warning {
			out = append(out, f.String())
		}
	}
	return out
}

// runTimeCallError is the first unknown-function or arity error that
// rendering text, taking its value, or evaluating any of its placeholders
// alone gives.
func runTimeCallError(text string, s *scope.Scope) *eval.Error {
	var found *eval.Error
	try := func(err error) {
		var e *eval.Error
		if found == nil && errors.As(err, &e) && (errors.Is(e, eval.ErrUnknownFunction) || errors.Is(e, eval.ErrArity)) {
			found = e
		}
	}
	tpl, err := eval.Compile(text)
	if err != nil {
		return nil // refused before it runs (a limit)
	}
	_, err = tpl.Render(s)
	try(err)
	_, err = tpl.Value(s)
	try(err)
	return found
}

// Property 4: arithmetic agrees with an exact oracle on math/big.Rat (see
// Oracle): + - * exact; / exact within 34 significant digits and rounded
// half to even beyond; % floored; round half away from zero; the number
// limits and the error kinds too; and the rendered text is the decimal of
// D3.
func TestProp4Arithmetic(t *testing.T) {
	t.Parallel()
	var numbers, failures, others atomic.Int64
	check(t, "4 arithmetic agrees with big.Rat", 4000, prop.ForAll(func(c NumCase) string {
		src := ast.Print(c.Tree)
		want := Oracle(c.Tree, c.Vars)
		if utf8.RuneCountInString(src) > eval.MaxLength {
			want = Outcome{Err: eval.ErrLimit, Errs: []error{eval.ErrLimit}} // E7, D17
		}
		s := scope.New(c.Vars)
		tpl, err := eval.Compile("${" + src + "}")
		var v value.Value
		var shown string
		if err == nil {
			v, err = tpl.Value(s)
		}
		if err == nil {
			shown, err = tpl.Render(s)
		}
		switch {
		case want.Err != nil:
			failures.Add(1)
			if !want.Allows(err) {
				return fmt.Sprintf("%s: want an error of kind %q (or %v), got %v (%s)", src, want.Err, want.Errs[1:], err, KindName(err))
			}
		case err != nil:
			return fmt.Sprintf("%s: want %s, got error %v", src, wantText(want), err)
		case want.Other:
			others.Add(1)
			// D5: a lone variable keeps its kind and its value as the host
			// gave it; nothing computes with it, so text stays as written.
			switch h := want.Host.(type) {
			case string:
				if v.Kind() != value.Text || v.Text() != h || shown != h {
					return fmt.Sprintf("%s: want the text %q, got %s %q", src, h, v.Kind(), shown)
				}
			case bool:
				if v.Kind() != value.Bool || v.Bool() != h || shown != strconv.FormatBool(h) {
					return fmt.Sprintf("%s: want the boolean %v, got %s %q", src, h, v.Kind(), shown)
				}
			default:
				return fmt.Sprintf("%s: the oracle's value %#v is neither text nor a boolean", src, h)
			}
		case want.Empty:
			if v.Kind() != value.Empty || shown != "" {
				return fmt.Sprintf("%s: want empty, got %s %q", src, v.Kind(), shown)
			}
		default:
			numbers.Add(1)
			if v.Kind() != value.Number {
				return fmt.Sprintf("%s: want the number %s, got %s %q", src, ShowRat(want.Num), v.Kind(), shown)
			}
			got, ok := new(big.Rat).SetString(v.Num().String())
			if !ok || got.Cmp(want.Num) != 0 {
				return fmt.Sprintf("%s: want %s, got %s", src, ShowRat(want.Num), v.Num())
			}
			if shown != ShowRat(want.Num) {
				return fmt.Sprintf("%s: want it shown as %s, got %q", src, ShowRat(want.Num), shown)
			}
		}
		return ""
	}, NumCases()))
	t.Logf("%d cases gave numbers, %d the host's text or boolean, %d the expected error", numbers.Load(), others.Load(), failures.Load())
}

func wantText(o Outcome) string {
	switch {
	case o.Empty:
		return "empty"
	case o.Other:
		return fmt.Sprintf("the host value %#v", o.Host)
	}
	return ShowRat(o.Num)
}

// SizeCase is a template with an amplifying placeholder (nested replace,
// join, upper over AmpData), other data, and a size cap.
type SizeCase struct {
	Tmpl Tmpl
	Amp  ast.Expr
	Vars map[string]any
	Cap  int
}

// String shows the case in a counterexample.
func (c SizeCase) String() string {
	return fmt.Sprintf("%q with cap %d and %s", c.text(), c.Cap, showVars(c.Vars))
}

func (c SizeCase) text() string { return "${" + ast.Print(c.Amp) + "}" + c.Tmpl.String() }

func (c SizeCase) scope() *scope.Scope {
	vars := maps.Clone(c.Vars)
	maps.Copy(vars, AmpData())
	return scope.New(vars, scope.WithMaxSize(c.Cap))
}

// Property 5: evaluation is deterministic: the same template and data
// give the same bytes (or the same error) rendered twice, compiled afresh,
// and from four goroutines at once; and the rendered text stays within the
// size cap (D17), set small here so that it bites.
func TestProp5Deterministic(t *testing.T) {
	t.Parallel()
	var capped atomic.Int64
	g := gen.Struct(reflect.TypeOf(SizeCase{}), map[string]gopter.Gen{
		"Tmpl": Template(ExprOptions{Depth: 3}),
		"Amp":  Amplifier(),
		"Vars": Data(nil),
		"Cap": gen.Weighted([]gen.WeightedGen{
			{Weight: 9, Gen: gen.IntRange(1, 4096)},
			{Weight: 1, Gen: gen.Const(0)}, // the default, 1 MiB
		}),
	})
	check(t, "5 deterministic and capped", 1000, prop.ForAll(func(c SizeCase) string {
		s := c.scope()
		for _, text := range []string{"${" + ast.Print(c.Amp) + "}", c.text()} {
			if msg := deterministic(text, s); msg != "" {
				return msg
			}
		}
		if _, err := renderOn("${"+ast.Print(c.Amp)+"}", s); errors.Is(err, eval.ErrLimit) {
			capped.Add(1)
		}
		return ""
	}, g))
	t.Logf("%d cases passed the size cap and failed with the limit", capped.Load())
}

// deterministic renders text on s in every way (twice, compiled afresh,
// from four goroutines) and says how the outcomes differ, or how the
// rendered text passes the cap.
func deterministic(text string, s *scope.Scope) string {
	first := renderOnce(text, s, false)
	if tpl, err := eval.Compile(text); err == nil {
		if out, err := tpl.Render(s); err == nil && len(out) > s.MaxSize() {
			return fmt.Sprintf("%q: rendered %d bytes, more than the cap %d", text, len(out), s.MaxSize())
		}
	}
	if again := renderOnce(text, s, true); again != first {
		return fmt.Sprintf("%q: first %.200q, then %.200q", text, first, again)
	}
	var wg sync.WaitGroup
	outs := make([]string, 4)
	for i := range outs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			outs[i] = renderOnce(text, s, i%2 == 0)
		}()
	}
	wg.Wait()
	for _, o := range outs {
		if o != first {
			return fmt.Sprintf("%q: alone %.200q, in parallel %.200q", text, first, o)
		}
	}
	return ""
}

// renderOnce renders text and takes its value, as one comparable string.
func renderOnce(text string, s *scope.Scope, fresh bool) string {
	var opts []eval.Option
	if fresh {
		opts = append(opts, eval.WithoutCache())
	}
	tpl, err := eval.Compile(text, opts...)
	if err != nil {
		return renderOutcome("", err)
	}
	out, err := tpl.Render(s)
	v, verr := tpl.Value(s)
	shown := ""
	if verr == nil {
		b, err := v.Show(nil, s.MaxSize())
		shown = string(b) + "|" + fmt.Sprint(err)
	}
	return renderOutcome(out, err) + "\nvalue: " + v.Kind().String() + " " + shown + " " + fmt.Sprint(verr)
}

// condOutcome tests a line: "true", "false" or "error: ...".
func condOutcome(line string, s *scope.Scope) string {
	c, err := eval.CompileCondition(line)
	if err != nil {
		return "error: " + err.Error()
	}
	ok, err := c.Test(s)
	if err != nil {
		return "error: " + err.Error()
	}
	return fmt.Sprint(ok)
}

func isErr(outcome string) bool { return strings.HasPrefix(outcome, "error: ") }

// condKind tests a line: "true", "false" or "error: " and the error's kind
// (KindName). The properties that compare two different lines compare
// these: their messages name different texts, their kinds must agree.
func condKind(line string, s *scope.Scope) string {
	c, err := eval.CompileCondition(line)
	if err == nil {
		var ok bool
		if ok, err = c.Test(s); err == nil {
			return fmt.Sprint(ok)
		}
	}
	return "error: " + KindName(err)
}

// phraseWords make a phrase around and / or that is no condition: no
// operator words or signs, no quotes, no placeholders. Before the and /
// or, operator words may come too (they are the right side's text); a
// sign (==) there is the operator written twice, an error.
var phraseWords = []string{"Johnson", "War", "Peace", "rock", "roll", "to", "be", "empty", "12", "บาท", "x", "sand"}

// inItems are items of `x in a, b`: no commas, quotes, and / or.
var inItems = []string{
	"Active", "active", "12", "12.0", "3.5", "-4", "0", "abc", "yes", "no", "true", "false",
	"บาท", "สมชาย", "Pending", "x", "sand", "Unit Price", "0.0", "ACTIVE",
}

// Property 6: the comparison rules are consistent (D25-D31): == is
// symmetric and != is its negation; not inverts a part; `x in a, b`
// agrees with `x == a or x == b`; < and > (<= and >=) are mirror images;
// a phrase with and / or in it that does not split compares as the quoted
// phrase; and a line of parts joined by and / or gives what its parts,
// tested alone, give joined with and before or, left to right, with
// short-circuit.
func TestProp6Comparisons(t *testing.T) {
	t.Parallel()
	data := Data(CondVars)
	t.Run("== symmetric, != its negation", func(t *testing.T) {
		check(t, "6 comparisons: == symmetric", 1500, prop.ForAll(func(l, r CondSide, vars map[string]any) string {
			s := scope.New(vars)
			a, b := condKind(l.String()+" == "+r.String(), s), condKind(r.String()+" == "+l.String(), s)
			ne := condKind(l.String()+" != "+r.String(), s)
			switch {
			case a != b && !sidesFail(a, b, l, r, s):
				return fmt.Sprintf("%s == %s: %s, but swapped: %s", l, r, a, b)
			case isErr(a) && ne != a:
				return fmt.Sprintf("%s == %s: %s, but != gives %s", l, r, a, ne)
			case !isErr(a) && ne == a:
				return fmt.Sprintf("%s == %s and != are both %s", l, r, a)
			}
			return ""
		}, Side(false), Side(false), data))
	})
	t.Run("not inverts", func(t *testing.T) {
		check(t, "6 comparisons: not inverts", 1500, prop.ForAll(func(p CondPart, vars map[string]any) string {
			s := scope.New(vars)
			a, b := condKind(p.String(), s), condKind("not "+p.String(), s)
			if isErr(a) || isErr(b) {
				if a != b {
					return fmt.Sprintf("%q: %s, but with not: %s", p.String(), a, b)
				}
				return ""
			}
			if a == b {
				return fmt.Sprintf("%q and not of it are both %s", p.String(), a)
			}
			return ""
		}, Part(false), data))
	})
	t.Run("in agrees with == or", func(t *testing.T) {
		items := gen.SliceOfN(3, gen.OneConstOf(toAny(inItems)...), reflect.TypeOf(""))
		check(t, "6 comparisons: in is == or", 1500, prop.ForAll(func(l CondSide, items []string, n int, vars map[string]any) string {
			items = items[:1+n%len(items)]
			s := scope.New(vars)
			in := condKind(l.String()+" in "+strings.Join(items, ", "), s)
			ors := make([]string, len(items))
			for i, it := range items {
				ors[i] = l.String() + " == " + it
			}
			or := condKind(strings.Join(ors, " or "), s)
			if in != or {
				return fmt.Sprintf("%s in %s: %s, but as == ... or: %s", l, strings.Join(items, ", "), in, or)
			}
			return ""
		}, Side(false), items, gen.IntRange(0, 2), data))
	})
	t.Run("< and > mirror", func(t *testing.T) {
		check(t, "6 comparisons: < > mirror", 1500, prop.ForAll(func(l, r CondSide, strict bool, vars map[string]any) string {
			s := scope.New(vars)
			lt, gt := " < ", " > "
			if !strict {
				lt, gt = " <= ", " >= "
			}
			a, b := condKind(l.String()+lt+r.String(), s), condKind(r.String()+gt+l.String(), s)
			if a != b && !sidesFail(a, b, l, r, s) {
				return fmt.Sprintf("%s%s%s: %s, but %s%s%s: %s", l, lt, r, a, r, gt, l, b)
			}
			return ""
		}, Side(false), Side(false), gen.Bool(), data))
	})
	t.Run("a phrase that does not split", func(t *testing.T) {
		before := gen.OneConstOf(toAny(append(append([]string{}, phraseWords...), "in", "is", "not", "contains", "=="))...)
		after := gen.SliceOfN(2, gen.OneConstOf(toAny(phraseWords)...), reflect.TypeOf(""))
		check(t, "6 comparisons: phrase with and/or", 1500, prop.ForAll(func(l CondSide, w0 string, w []string, sep string, vars map[string]any) string {
			// D31: `L == a and b c` splits only when `b c` is a condition;
			// it is not, so the right side is the phrase, as if quoted.
			s := scope.New(vars)
			phrase := w0 + " " + sep + " " + w[0] + " " + w[1]
			if w0 == "==" {
				// `L == == and b c`: an operator written twice is an
				// error, never text of the right side; quoted, it is.
				_, err := eval.CompileCondition(l.String() + " == " + phrase)
				if err == nil || !strings.Contains(err.Error(), "== is written twice") {
					return fmt.Sprintf("%s == %s: %v, want == is written twice", l, phrase, err)
				}
				return ""
			}
			a := condKind(l.String()+" == "+phrase, s)
			b := condKind(l.String()+" == '"+phrase+"'", s)
			if a != b {
				return fmt.Sprintf("%s == %s: %s, but quoted: %s", l, phrase, a, b)
			}
			return ""
		}, Side(false), before, after, gen.OneConstOf("and", "or", "AND"), data))
	})
	t.Run("and before or", func(t *testing.T) {
		check(t, "6 comparisons: and/or as their parts", 1500, prop.ForAll(func(c CondLine, vars map[string]any) string {
			s := scope.New(vars)
			whole := condKind(c.String(), s)
			parts := joinParts(c, s)
			if whole != parts {
				return fmt.Sprintf("%q gives %s, its parts %s", c.String(), whole, parts)
			}
			return ""
		}, Cond(), data))
	})
}

// sidesFail reports whether the outcomes a and b of `l op r` and its
// mirror image differ only because both sides fail, each with its own kind,
// and the side read first is reported: a and b are each the kind of one
// side, rendered alone (D26: a side is text with ${...} in it).
func sidesFail(a, b string, l, r CondSide, s *scope.Scope) bool {
	kinds := make([]string, 0, 2)
	for _, side := range []CondSide{l, r} {
		_, err := renderOn(side.String(), s)
		if err == nil {
			return false
		}
		kinds = append(kinds, "error: "+KindName(err))
	}
	return slices.Contains(kinds, a) && slices.Contains(kinds, b)
}

// joinParts tests each part of c alone and joins the results by D31: and
// before or, left to right, skipping what cannot change the result. A
// part skipped still fails with a problem of its placeholders known
// without data that the data does not make a lookup (E6, D12): the first
// of its Problems with the data.
func joinParts(c CondLine, s *scope.Scope) string {
	// skip is the outcome of parts from..to left out: the first problem,
	// or "".
	skip := func(from, to int) string {
		for k := from; k <= to && k < len(c.Parts); k++ {
			part, err := eval.CompileCondition(c.Parts[k].String())
			if err != nil {
				continue
			}
			if ps := part.Problems(s); len(ps) > 0 {
				return "error: " + KindName(ps[0])
			}
		}
		return ""
	}
	i := 0
	for i < len(c.Parts) {
		// an and-chain: parts i..j
		j := i
		for j+1 < len(c.Parts) && strings.EqualFold(c.Seps[j], "and") {
			j++
		}
		chain := "true"
		for k := i; k <= j; k++ {
			o := condKind(c.Parts[k].String(), s)
			if isErr(o) {
				return o
			}
			if o == "false" {
				chain = "false"
				if e := skip(k+1, j); e != "" {
					return e
				}
				break
			}
		}
		if chain == "true" {
			if e := skip(j+1, len(c.Parts)-1); e != "" {
				return e
			}
			return "true"
		}
		i = j + 1
	}
	return "false"
}
