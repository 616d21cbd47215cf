package bench

import (
	"encoding/json"
	"maps"
	"strconv"
	"strings"
	"testing"

	"cel.dev/cel-go/cel"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

// Per event (issue #19): a host builds its variables per row or per
// event, so every evaluation binds a host map it has not seen for
// thousands of iterations. ringSize shallow copies of the data are built
// before the timing (the copy itself is not timed); iteration i binds
// copy i % ringSize afresh: kinenix a fresh scope.New, expr the map (its
// VM reused), CEL a fresh activation.
const ringSize = 2048

// ring returns ringSize shallow copies of base, each with extra more
// variables (field_0, field_1, ...: numbers, as a sheet's columns are)
// beyond base's own; peer numbers are ints, exact ones json.Number.
func ring(base map[string]any, extra int, peer bool) []map[string]any {
	out := make([]map[string]any, ringSize)
	for i := range out {
		m := make(map[string]any, len(base)+extra)
		maps.Copy(m, base)
		for j := 0; j < extra; j++ {
			var v any = json.Number(strconv.Itoa(j))
			if peer {
				v = j
			}
			m["field_"+strconv.Itoa(j)] = v
		}
		out[i] = m
	}
	return out
}

// eventEngine is one engine in the per-event modes: one runs case c on a
// map bound afresh; flow binds a map once and runs every case on it.
type eventEngine struct {
	name string
	peer bool // reads the peer data (ints and floats), not the exact one
	one  func(c int, m map[string]any) error
	flow func(m map[string]any) error
}

// kinenixEvent is one compiled kinenix case, run on any scope.
type kinenixEvent struct {
	t    *eval.Template
	c    *eval.Condition
	text bool // a template with text around its placeholders
}

func (k kinenixEvent) run(ev *eval.Evaluator, s *scope.Scope) error {
	switch {
	case k.c != nil:
		ok, err := ev.Test(benchCtx, k.c, s)
		sinkBool = ok
		return err
	case k.text:
		out, err := ev.Render(benchCtx, k.t, s)
		sinkString = out
		return err
	}
	v, err := ev.Value(benchCtx, k.t, s)
	sinkValue = v
	return err
}

func eventEngines(tb testing.TB, d data) []eventEngine {
	tb.Helper()
	// kinenix: one Evaluator, a fresh scope per event.
	ev := new(eval.Evaluator)
	var ks []kinenixEvent
	for _, c := range cases {
		var k kinenixEvent
		var err error
		if c.cond {
			k.c, err = eval.CompileCondition(c.kinenix)
		} else {
			k.t, err = eval.Compile(c.kinenix)
			k.text = !(strings.HasPrefix(c.kinenix, "${") && strings.Count(c.kinenix, "${") == 1 &&
				strings.HasSuffix(c.kinenix, "}"))
		}
		if err != nil {
			tb.Fatalf("%s/kinenix: %v", c.name, err)
		}
		ks = append(ks, k)
	}
	kin := eventEngine{
		name: "kinenix",
		one:  func(c int, m map[string]any) error { return ks[c].run(ev, scope.New(m)) },
		flow: func(m map[string]any) error {
			s := scope.New(m)
			for _, k := range ks {
				if err := k.run(ev, s); err != nil {
					return err
				}
			}
			return nil
		},
	}

	// expr: compiled with expr.Env over the data, one reused VM, the map
	// passed as the environment.
	var xs []*vm.Program
	for _, c := range cases {
		p, err := expr.Compile(c.expr, expr.Env(d.peer))
		if err != nil {
			tb.Fatalf("%s/expr: %v", c.name, err)
		}
		xs = append(xs, p)
	}
	var machine vm.VM
	ex := eventEngine{
		name: "expr",
		peer: true,
		one: func(c int, m map[string]any) error {
			out, err := machine.Run(xs[c], m)
			sinkAny = out
			return err
		},
		flow: func(m map[string]any) error {
			for _, p := range xs {
				out, err := machine.Run(p, m)
				if err != nil {
					return err
				}
				sinkAny = out
			}
			return nil
		},
	}

	// CEL: the programs of the warm benchmark, a fresh activation per
	// event.
	ce, err := celEngine(d)
	if err != nil {
		tb.Fatal(err)
	}
	var cs []cel.Program
	for _, c := range cases {
		p, err := ce.prepare(c)
		if err != nil {
			tb.Fatalf("%s/cel: %v", c.name, err)
		}
		cs = append(cs, p.(celProgram).prg)
	}
	cl := eventEngine{
		name: "cel",
		peer: true,
		one: func(c int, m map[string]any) error {
			act, err := cel.NewActivation(m)
			if err != nil {
				return err
			}
			out, _, err := cs[c].Eval(act)
			sinkRef = out
			return err
		},
		flow: func(m map[string]any) error {
			act, err := cel.NewActivation(m)
			if err != nil {
				return err
			}
			for _, p := range cs {
				out, _, err := p.Eval(act)
				if err != nil {
					return err
				}
				sinkRef = out
			}
			return nil
		},
	}
	return []eventEngine{kin, ex, cl}
}

// flowVars are the host variable counts of the flow mode: the data's own
// 8, and 100 (the 8 plus 92 columns the flow does not read).
var flowVars = []int{8, 100}

// TestEventModes runs every engine's per-event and flow programs once on
// a fresh map, so the benchmarks below time work that succeeds.
func TestEventModes(t *testing.T) {
	d := loadData(t)
	for _, e := range eventEngines(t, d) {
		base := d.exact
		if e.peer {
			base = d.peer
		}
		m := ring(base, 92, e.peer)[0]
		for i, c := range cases {
			if err := e.one(i, m); err != nil {
				t.Errorf("%s/%s: %v", c.name, e.name, err)
			}
		}
		if err := e.flow(m); err != nil {
			t.Errorf("flow/%s: %v", e.name, err)
		}
	}
}

// BenchmarkEvent is one field per event: every iteration binds a host map
// it has not seen for ringSize iterations (the data's 8 variables).
func BenchmarkEvent(b *testing.B) {
	d := loadData(b)
	es := eventEngines(b, d)
	rings := map[bool][]map[string]any{false: ring(d.exact, 0, false), true: ring(d.peer, 0, true)}
	for i, c := range cases {
		for _, e := range es {
			r := rings[e.peer]
			b.Run(c.name+"/"+e.name, func(b *testing.B) {
				b.ReportAllocs()
				defer cpuPerOp(b)()
				n := 0
				for b.Loop() {
					if err := e.one(i, r[n%ringSize]); err != nil {
						b.Fatal(err)
					}
					n++
				}
			})
		}
	}
}

// BenchmarkFlow is a flow's row per event: a fresh binding, then all 8
// cases on it, with the data's 8 host variables and with 100.
func BenchmarkFlow(b *testing.B) {
	d := loadData(b)
	es := eventEngines(b, d)
	for _, vars := range flowVars {
		rings := map[bool][]map[string]any{
			false: ring(d.exact, vars-len(d.exact), false),
			true:  ring(d.peer, vars-len(d.peer), true),
		}
		for _, e := range es {
			r := rings[e.peer]
			b.Run("vars"+strconv.Itoa(vars)+"/"+e.name, func(b *testing.B) {
				b.ReportAllocs()
				defer cpuPerOp(b)()
				n := 0
				for b.Loop() {
					if err := e.flow(r[n%ringSize]); err != nil {
						b.Fatal(err)
					}
					n++
				}
			})
		}
	}
}
