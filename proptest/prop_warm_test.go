package proptest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/hostvars"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// Property 9 (issue #19): a scope's cache never changes a result. A scope
// serves its first uses from the host's map and, once used often enough,
// keeps a table of converted top-level values and a fact about its names
// (internal/hostvars). Whatever an evaluation gives (value, text, error
// message, warnings, Problems, Traps, Strict findings, the inspection API,
// the work charged) is the same on a fresh scope, on a scope warmed by
// other evaluations over the same map, through the Template and Condition
// methods and through an Evaluator (one used while the scope warmed), and
// with the environment and the limits set before or after warming; and on
// one scope shared by goroutines while it warms (run with -race).

// WarmSettings are the settings of a case's scopes: an environment (on or
// off), the limits (0: the default; small ones make budgets and the size
// cap bite), and whether the warm scope gets them after warming (through
// hostvars, as the options set them) rather than when it is made; Rewarm
// warms it again after (setting the environment drops the table).
type WarmSettings struct {
	Env               bool
	MaxSize           int
	MaxWork, MaxSteps int64
	After, Rewarm     bool
}

// warmEnv answers env.NAME in a case's scope: a few names, Thai and empty
// values among them.
func warmEnv(name string) (string, bool) {
	switch name {
	case "HOME":
		return "/home/kinenix", true
	case "REGION":
		return "eu", true
	case "EMPTY":
		return "", true
	case "ภาค":
		return "เหนือ", true
	}
	return "", false
}

// options are s's settings as scope options.
func (w WarmSettings) options() []scope.Option {
	var opts []scope.Option
	if w.Env {
		opts = append(opts, scope.WithEnv(warmEnv))
	}
	return append(opts, scope.WithMaxSize(w.MaxSize), scope.WithMaxWork(w.MaxWork), scope.WithMaxSteps(w.MaxSteps))
}

// set gives s the settings after it was made, as the options do.
func (w WarmSettings) set(s *scope.Scope) {
	v := (*hostvars.Vars)(s)
	if w.Env {
		v.SetEnv(warmEnv)
	}
	v.SetMaxSize(w.MaxSize)
	v.SetMaxWork(w.MaxWork)
	v.SetMaxSteps(w.MaxSteps)
}

// WarmSettingsGen generates WarmSettings; a limit is the default a third
// of the time, else small enough to run out in some cases.
func WarmSettingsGen() gopter.Gen {
	limit := func(lo, hi int64) gopter.Gen {
		return gen.Weighted([]gen.WeightedGen{
			{Weight: 2, Gen: gen.Int64Range(lo, hi)},
			{Weight: 1, Gen: gen.Const(int64(0))},
		})
	}
	return gen.Struct(reflect.TypeOf(WarmSettings{}), map[string]gopter.Gen{
		"Env":      gen.Bool(),
		"MaxSize":  gen.Weighted([]gen.WeightedGen{{Weight: 2, Gen: gen.IntRange(1, 600)}, {Weight: 1, Gen: gen.Const(0)}}),
		"MaxWork":  limit(1, 3000),
		"MaxSteps": limit(1, 300),
		"After":    gen.Bool(),
		"Rewarm":   gen.Bool(),
	})
}

// WarmPair is one evaluation of a case: a template and a condition line;
// Env, when set, is a placeholder of the environment put after the
// template (the generators rarely read it, and a scope's environment is
// one of its settings).
type WarmPair struct {
	Tmpl Tmpl
	Cond CondLine
	Env  string
}

// text is the pair's template.
func (p WarmPair) text() string {
	if p.Env == "" {
		return p.Tmpl.String()
	}
	return p.Tmpl.String() + "${" + p.Env + "}"
}

// warmEnvReads are the Env of a WarmPair.
var warmEnvReads = []any{"", "", "env.HOME", "env.REGION", "env.EMPTY", "env.ภาค", "env.NOPE", "upper(env.REGION)", "default(env.NOPE, 'none')"}

func (p WarmPair) String() string {
	return fmt.Sprintf("template %q, condition %q", p.text(), p.Cond.String())
}

// warmVars are the variables of a case's data: those templates read and
// those condition lines read.
var warmVars = func() []string {
	names := slices.Clone(VarNames)
	for _, n := range CondVars {
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names
}()

// WarmPairs generates between lo and hi pairs of the generators'
// templates and condition lines.
func WarmPairs(lo, hi int) gopter.Gen {
	pair := gen.Struct(reflect.TypeOf(WarmPair{}), map[string]gopter.Gen{
		"Tmpl": Template(ExprOptions{Depth: 3}),
		"Cond": Cond(),
		"Env":  gen.OneConstOf(warmEnvReads...),
	})
	return gen.IntRange(lo, hi).FlatMap(func(n any) gopter.Gen {
		return gen.SliceOfN(n.(int), pair, reflect.TypeOf(WarmPair{}))
	}, reflect.TypeOf([]WarmPair{}))
}

// WarmCase is one case of property 9: the pair compared, the pairs that
// warm the scope first, the data and the settings.
type WarmCase struct {
	Case   WarmPair
	Prefix []WarmPair
	Vars   map[string]any
	Set    WarmSettings
}

func (c WarmCase) String() string {
	return fmt.Sprintf("%v\nwarmed by %d pairs, data %s, settings %+v", c.Case, len(c.Prefix), showVars(c.Vars), c.Set)
}

// warmUses is how many evaluations surely warm a scope: more than the
// uses hostvars serves from the map alone (64).
const warmUses = 80

// warm evaluates the prefix pairs on s, through the methods and through
// ev by turns, until s has been used warmUses times more.
func warm(s *scope.Scope, ev *eval.Evaluator, prefix []WarmPair) {
	ctx := context.Background()
	for i := 0; i < warmUses; i++ {
		p := prefix[i%len(prefix)]
		switch i % 4 {
		case 0:
			if t, err := eval.Compile(p.text()); err == nil {
				_, _ = t.Render(s)
			} else {
				_ = s.Has("x") // a use all the same
			}
		case 1:
			if c, err := eval.CompileCondition(p.Cond.String()); err == nil {
				_, _ = ev.Test(ctx, c, s)
			} else {
				_, _, _ = s.Var("row")
			}
		case 2:
			if t, err := eval.Compile(p.text()); err == nil {
				_, _ = ev.Value(ctx, t, s)
			} else {
				_, _, _ = s.Lookup(scope.Path{"row", "status"})
			}
		default:
			if c, err := eval.CompileCondition(p.Cond.String()); err == nil {
				_, _, _ = c.Explain(s)
			} else {
				_, _, _ = s.Var("ลูกค้า")
			}
		}
	}
}

// warmScope is a scope over vars warmed by prefix with the settings set
// (before or after warming, as set says), and the Evaluator that warmed
// it.
func warmScope(vars map[string]any, set WarmSettings, prefix []WarmPair) (*scope.Scope, *eval.Evaluator) {
	ev := new(eval.Evaluator)
	if !set.After {
		s := scope.New(vars, set.options()...)
		warm(s, ev, prefix)
		return s, ev
	}
	s := scope.New(vars)
	warm(s, ev, prefix)
	set.set(s)
	if set.Rewarm {
		warm(s, ev, prefix)
	}
	return s, ev
}

// warmSrc is the flow of one pair: the template as a field and the line
// as a condition.
func warmSrc(p WarmPair) []byte {
	return []byte("- **f:** " + p.text() + "\n- **condition:** " + p.Cond.String() + "\n")
}

// warmOutcome is everything the pair's evaluations give on the scopes get
// returns (a new one at each call for a fresh scope, the same one for a
// warm scope), as one text to compare: through the methods and through
// ev, the inspection API, Problems, Traps, Strict findings, a flow's
// findings and the sample warnings of its run, and the work charged.
func warmOutcome(p WarmPair, get func() *scope.Scope, ev *eval.Evaluator) string {
	var b strings.Builder
	ctx := context.Background()
	text, line := p.text(), p.Cond.String()

	t, err := eval.Compile(text)
	fmt.Fprintf(&b, "compile: %s\n", showErr(err))
	if t != nil {
		s := get()
		out, err := t.Render(s)
		fmt.Fprintf(&b, "render: %q %s\n", out, showErr(err))
		v, err := t.Value(get())
		fmt.Fprintf(&b, "value: %s %s\n", showValue(v, get()), showErr(err))
		j, err := t.JSON(ctx, get())
		fmt.Fprintf(&b, "json: %q %s\n", j, showErr(err))
		out, err = ev.Render(ctx, t, get())
		fmt.Fprintf(&b, "evaluator render: %q %s\n", out, showErr(err))
		v, err = ev.Value(ctx, t, get())
		fmt.Fprintf(&b, "evaluator value: %s %s\n", showValue(v, get()), showErr(err))
		s = get()
		ev.Begin(ctx, s)
		ev.CountMisses()
		out, err = ev.Render(ctx, t, s)
		v, err2 := ev.Value(ctx, t, s)
		misses := ev.Misses()
		bytes, steps := ev.End()
		fmt.Fprintf(&b, "shared: %q %s %s %s misses %d work %d/%d\n", out, showErr(err), showValue(v, s), showErr(err2), misses, bytes, steps)
		for _, e := range t.Problems(get()) {
			fmt.Fprintf(&b, "problem: %s\n", showErr(e))
		}
		showTraps(&b, t.Traps(), get)
		for i, ph := range t.Placeholders() {
			fmt.Fprintf(&b, "placeholder %d problem: %s\n", i, showErr(ph.Problem(get())))
			var ms []string
			v, err := ph.Eval(ctx, get(), func(m eval.Miss) { ms = append(ms, showMiss(m)) })
			fmt.Fprintf(&b, "placeholder %d eval: %s %s misses %q\n", i, showValue(v, get()), showErr(err), ms)
			if m, ok := ph.PathMiss(get()); ok {
				fmt.Fprintf(&b, "placeholder %d path miss: %s\n", i, showMiss(m))
			}
			s = get()
			ev.Begin(ctx, s)
			ms = ms[:0]
			v, err = ev.Eval(ctx, ph, s, func(m eval.Miss) { ms = append(ms, showMiss(m)) })
			bytes, steps := ev.End()
			fmt.Fprintf(&b, "placeholder %d evaluator eval: %s %s misses %q work %d/%d\n", i, showValue(v, s), showErr(err), ms, bytes, steps)
		}
	}
	if st, err := eval.Compile(text, eval.Strict()); st != nil {
		out, rerr := st.Render(get())
		fmt.Fprintf(&b, "strict: %s render %q %s\n", showErr(err), out, showErr(rerr))
		for _, e := range st.Problems(get()) {
			fmt.Fprintf(&b, "strict problem: %s\n", showErr(e))
		}
	}

	c, err := eval.CompileCondition(line)
	fmt.Fprintf(&b, "condition: %s\n", showErr(err))
	if c != nil {
		ok, err := c.Test(get())
		fmt.Fprintf(&b, "test: %v %s\n", ok, showErr(err))
		ok, steps, err := c.Explain(get())
		fmt.Fprintf(&b, "explain: %v %s %q\n", ok, showErr(err), fmt.Sprint(steps))
		ok, err = ev.Test(ctx, c, get())
		fmt.Fprintf(&b, "evaluator test: %v %s\n", ok, showErr(err))
		s := get()
		ev.Begin(ctx, s)
		ev.CountMisses()
		ok, err = ev.Test(ctx, c, s)
		ok2, steps, err2 := ev.Explain(ctx, c, s)
		misses := ev.Misses()
		by, st := ev.End()
		fmt.Fprintf(&b, "shared: %v %s / %v %s %q misses %d work %d/%d\n", ok, showErr(err), ok2, showErr(err2), fmt.Sprint(steps), misses, by, st)
		for _, e := range c.Problems(get()) {
			fmt.Fprintf(&b, "condition problem: %s\n", showErr(e))
		}
		showTraps(&b, c.Traps(), get)
		for _, tr := range c.RowTraps() {
			fmt.Fprintf(&b, "row trap: %+v holds %v\n", tr, c.TrapHolds(ctx, ev, tr, get()))
		}
		for i, part := range c.Parts() {
			for j, side := range []*eval.Template{part.Left, part.Right} {
				for k, ph := range side.Placeholders() {
					var ms []string
					v, err := ph.Eval(ctx, get(), func(m eval.Miss) { ms = append(ms, showMiss(m)) })
					fmt.Fprintf(&b, "part %d side %d placeholder %d: %s %s misses %q problem %s\n", i, j, k, showValue(v, get()), showErr(err), ms, showErr(ph.Problem(get())))
				}
			}
		}
	}
	if sc, err := eval.CompileCondition(line, eval.Strict()); sc != nil || err != nil {
		fmt.Fprintf(&b, "strict condition: %s\n", showErr(err))
		if sc != nil {
			ok, err := sc.Test(get())
			fmt.Fprintf(&b, "strict test: %v %s\n", ok, showErr(err))
			for _, e := range sc.Problems(get()) {
				fmt.Fprintf(&b, "strict condition problem: %s\n", showErr(e))
			}
		}
	}

	src := warmSrc(p)
	for _, fd := range flow.Validate("w.md", src, get()) {
		fmt.Fprintf(&b, "validate: %+v\n", plainFinding(fd))
	}
	if f, err := flow.Compile("w.md", src, flow.SampleWarnings()); err == nil {
		r := f.Run(ctx, get())
		b.WriteString("run: " + showRow(&r))
	} else {
		fmt.Fprintf(&b, "flow: %v\n", err)
	}
	return b.String()
}

// plainFinding is a finding shown field by field, not by its String.
type plainFinding flow.Finding

// showErr shows every field of an error of the package, or err's text.
func showErr(err error) string {
	if err == nil {
		return "<nil>"
	}
	var e *eval.Error
	if errors.As(err, &e) {
		if e == nil {
			return "<nil>" // a *eval.Error that is nil (Placeholder.Problem)
		}
		return fmt.Sprintf("%q %+v", err.Error(), *e)
	}
	return fmt.Sprintf("%T %q", err, err.Error())
}

// showValue shows a value's kind and its text as shown within s's cap.
func showValue(v value.Value, s *scope.Scope) string {
	shown, err := v.Show(nil, s.MaxSize())
	return fmt.Sprintf("%v %q %v", v.Kind(), shown, err)
}

func showMiss(m eval.Miss) string {
	in, _ := m.In.Show(nil, 200)
	return fmt.Sprintf("%d-%d@%d %q %q %q var=%v in=%v %q", m.Offset, m.End, m.KeyAt, m.Subject, m.Prefix, m.Name, m.Var, m.In.Kind(), in)
}

func showTraps(b *strings.Builder, traps []eval.Trap, get func() *scope.Scope) {
	for _, tr := range traps {
		fmt.Fprintf(b, "trap: %+v applies %v %v\n", tr, tr.Applies(get()), tr.Applies(nil))
	}
}

// warmDiff compares the outcome of pair p on a fresh scope over vars with
// its outcome on the warm scope s, through ev; "" when they agree.
func warmDiff(p WarmPair, vars map[string]any, set WarmSettings, s *scope.Scope, ev *eval.Evaluator) string {
	fresh := warmOutcome(p, func() *scope.Scope { return scope.New(vars, set.options()...) }, new(eval.Evaluator))
	got := warmOutcome(p, func() *scope.Scope { return s }, ev)
	return lineDiff(fresh, got)
}

// lineDiff says where fresh and warm first differ, or "".
func lineDiff(fresh, warm string) string {
	if fresh == warm {
		return ""
	}
	a, b := strings.Split(fresh, "\n"), strings.Split(warm, "\n")
	for i := 0; i < max(len(a), len(b)); i++ {
		var x, y string
		if i < len(a) {
			x = a[i]
		}
		if i < len(b) {
			y = b[i]
		}
		if x != y {
			return fmt.Sprintf("line %d differs:\nfresh: %.600s\nwarm:  %.600s", i+1, x, y)
		}
	}
	return "outcomes differ"
}

func TestProp9WarmScope(t *testing.T) {
	t.Parallel()
	g := gen.Struct(reflect.TypeOf(WarmCase{}), map[string]gopter.Gen{
		"Case":   WarmPairs(1, 1).Map(func(ps []WarmPair) WarmPair { return ps[0] }),
		"Prefix": WarmPairs(1, 6),
		"Vars":   Data(warmVars),
		"Set":    WarmSettingsGen(),
	})
	check(t, "9 warm scope: same results as a fresh one", 150, prop.ForAll(func(c WarmCase) string {
		if len(c.Prefix) == 0 {
			return "" // shrunk past a prefix: nothing warms the scope
		}
		s, ev := warmScope(c.Vars, c.Set, c.Prefix)
		if msg := warmDiff(c.Case, c.Vars, c.Set, s, ev); msg != "" {
			return msg
		}
		// Each pair of the prefix too, on the scope it warmed.
		for _, p := range c.Prefix {
			if msg := warmDiff(p, c.Vars, c.Set, s, ev); msg != "" {
				return "prefix " + p.String() + ": " + msg
			}
		}
		return ""
	}, g))
}

// WarmShared is a case of the concurrent variant: pairs over one map,
// evaluated by goroutines sharing one scope while it warms.
type WarmShared struct {
	Pairs []WarmPair
	Vars  map[string]any
	Set   WarmSettings
}

func (c WarmShared) String() string {
	var b strings.Builder
	for _, p := range c.Pairs {
		b.WriteString(p.String() + "\n")
	}
	return fmt.Sprintf("%sdata %s, settings %+v", b.String(), showVars(c.Vars), c.Set)
}

func TestProp9WarmScopeShared(t *testing.T) {
	t.Parallel()
	g := gen.Struct(reflect.TypeOf(WarmShared{}), map[string]gopter.Gen{
		"Pairs": WarmPairs(1, 4),
		"Vars":  Data(warmVars),
		"Set":   WarmSettingsGen(),
	})
	const goroutines = 4
	check(t, "9 warm scope: shared by goroutines while it warms", 30, prop.ForAll(func(c WarmShared) string {
		if len(c.Pairs) == 0 {
			return ""
		}
		c.Set.After = false // set while goroutines read is not allowed
		want := make([]string, len(c.Pairs))
		for i, p := range c.Pairs {
			want[i] = warmOutcome(p, func() *scope.Scope { return scope.New(c.Vars, c.Set.options()...) }, new(eval.Evaluator))
		}
		s := scope.New(c.Vars, c.Set.options()...)
		var wg sync.WaitGroup
		msgs := make([]string, goroutines)
		for g := range goroutines {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ev := new(eval.Evaluator)
				// Each goroutine its own order; three rounds take the
				// scope from fresh to warm (each outcome is many uses).
				for round := range 3 {
					for k := range c.Pairs {
						i := (k + g + round) % len(c.Pairs)
						got := warmOutcome(c.Pairs[i], func() *scope.Scope { return s }, ev)
						if msg := lineDiff(want[i], got); msg != "" {
							msgs[g] = fmt.Sprintf("goroutine %d round %d, %v: %s", g, round, c.Pairs[i], msg)
							return
						}
					}
				}
			}()
		}
		wg.Wait()
		for _, m := range msgs {
			if m != "" {
				return m
			}
		}
		return ""
	}, g))
}
