package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/big"
	"os"
	"strconv"
	"strings"
	"testing"

	"cel.dev/cel-go/cel"
	"cel.dev/cel-go/common/types/ref"
	"cel.dev/cel-go/ext"
	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/vm"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// benchCase is one case of issue #6, written natively for every engine.
// Each engine reads the same JSON document (testdata/data.json); see data.
type benchCase struct {
	name string
	// kinenix is a template, or a condition line when cond is set.
	kinenix string
	cond    bool
	expr    string // expr-lang source
	cel     string // CEL source
	// want is the result every engine must give, shown as text; numbers
	// are compared as decimals (185217 equals 185217.0).
	want string
}

// cases is the list of issue #6, in its order.
//
// Where the peers differ from kinenix:
//   - number: kinenix's number() reads the number inside a text into an
//     exact decimal; the peers' nearest is a float parse: expr float(),
//     CEL double(). CEL has no mixed int/double arithmetic, so its factor
//     is written 12.0.
//   - trim_upper: CEL's strings extension has only upperAscii(); kinenix
//     and expr upper-case all of Unicode (the data is ASCII, so the results
//     agree; CEL does a little less work).
//   - len: CEL spells it size().
//   - condition: kinenix's == compares text case-insensitively with Unicode
//     case folding. The fair nearest equivalent for expr and CEL is their
//     plain, case-sensitive == on strings (each has no case-folding
//     comparison; lower()/lowerAscii() on both sides would allocate and do
//     more work than kinenix, which folds without allocating), so the peers
//     do less work here. native does kinenix's work: strings.EqualFold.
//     `and` is && in both; both sides are evaluated (status is Active).
//   - template: the peers build the same text with + and string()
//     conversions of the float and of the length.
var cases = []benchCase{
	{
		name:    "len",
		kinenix: "${len(packages)}",
		expr:    `len(packages)`,
		cel:     `size(packages)`,
		want:    "5",
	},
	{
		name:    "join",
		kinenix: "${join(ok_ids, ', ')}",
		expr:    `join(ok_ids, ", ")`,
		cel:     `ok_ids.join(", ")`,
		want:    "POL-2026-0001, POL-2026-0002, POL-2026-0007",
	},
	{
		name:    "number",
		kinenix: "${number(row.premium) * 12}",
		expr:    `float(row.premium) * 12`,
		cel:     `double(row.premium) * 12.0`,
		want:    "185217",
	},
	{
		name:    "trim_upper",
		kinenix: "${trim(upper(row.brand))}",
		expr:    `trim(upper(row.brand))`,
		cel:     `row.brand.upperAscii().trim()`,
		want:    "TOYOTA",
	},
	{
		name:    "index",
		kinenix: "${rows[0].request_id}",
		expr:    `rows[0].request_id`,
		cel:     `rows[0].request_id`,
		want:    "REQ-88123",
	},
	{
		name:    "arith",
		kinenix: "${(a + b) * 2 - n % 3}",
		expr:    `(a + b) * 2 - n % 3`,
		cel:     `(a + b) * 2 - n % 3`,
		want:    "83",
	},
	{
		name:    "condition",
		kinenix: "${row.status} == Active and ${row.amount} > 0",
		cond:    true,
		expr:    `row.status == "Active" && row.amount > 0`,
		cel:     `row.status == "Active" && row.amount > 0`,
		want:    "true",
	},
	{
		name:    "template",
		kinenix: "Dear ${row.name}, you owe ${number(row.premium) * 12} THB for ${len(packages)} packages",
		expr:    `"Dear " + row.name + ", you owe " + string(float(row.premium) * 12) + " THB for " + string(len(packages)) + " packages"`,
		cel:     `"Dear " + row.name + ", you owe " + string(double(row.premium) * 12.0) + " THB for " + string(size(packages)) + " packages"`,
		want:    "Dear Somchai, you owe 185217 THB for 5 packages",
	},
}

// data is the one JSON document every engine reads, decoded twice with
// encoding/json from the same bytes:
//   - exact: with UseNumber, numbers stay json.Number: what kinenix reads
//     (its numbers are exact decimals; the CLI decodes this way).
//   - peer: numbers become int when whole and float64 otherwise, the
//     closest to what expr and CEL work best with (both need integers for
//     %, and CEL for int arithmetic); expr, CEL and native read this one.
//
// Everything else is the same: map[string]any, []any and strings, as read
// from a sheet.
type data struct {
	exact map[string]any
	peer  map[string]any
}

func loadData(tb testing.TB) data {
	tb.Helper()
	raw, err := os.ReadFile("testdata/data.json")
	if err != nil {
		tb.Fatal(err)
	}
	var d data
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&d.exact); err != nil {
		tb.Fatal(err)
	}
	var again map[string]any
	dec = json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&again); err != nil {
		tb.Fatal(err)
	}
	d.peer = toPeer(again).(map[string]any)
	return d
}

// toPeer turns every json.Number of x into an int when it is whole and a
// float64 otherwise.
func toPeer(x any) any {
	switch t := x.(type) {
	case map[string]any:
		for k, v := range t {
			t[k] = toPeer(v)
		}
		return t
	case []any:
		for i, v := range t {
			t[i] = toPeer(v)
		}
		return t
	case json.Number:
		if i, err := strconv.Atoi(string(t)); err == nil {
			return i
		}
		f, err := t.Float64()
		if err != nil {
			panic(err)
		}
		return f
	}
	return x
}

// Sinks keep results alive so the compiler cannot drop the work.
var (
	sinkValue  value.Value
	sinkString string
	sinkBool   bool
	sinkAny    any
	sinkRef    ref.Val
	sinkInt    int
	sinkFloat  float64
)

// program is one case compiled once by one engine: run is the warm loop,
// show the result as text for TestSameResults.
type program interface {
	run(b *testing.B)
	show() (string, error)
}

// engine compiles the cases of one engine: prepare once for the warm
// benchmark, compile from source text for the cold one (nil for native,
// which has nothing to compile).
type engine struct {
	name    string
	prepare func(c benchCase) (program, error)
	compile func(c benchCase) error
}

func engines(tb testing.TB, d data) []engine {
	k := kinenixEngine(d)
	x := exprEngine(d)
	c, err := celEngine(d)
	if err != nil {
		tb.Fatal(err)
	}
	return []engine{k, kinenixPooled(d), x, c, nativeEngine(d)}
}

// ---- kinenix ----

// benchCtx is the context of every kinenix evaluation: one that can be
// cancelled (never is), so the budget looks at it as a host's deadline
// would make it (D35: the budget and the context checks are on).
var benchCtx, stopBench = context.WithCancel(context.Background())

func kinenixEngine(d data) engine {
	// One Evaluator for every kinenix program: the warm loops run on one
	// goroutine, as expr's programs run on one reused vm.VM.
	return kinenixWith(d, "kinenix", new(eval.Evaluator))
}

// kinenixPooled is kinenix through the methods (t.ValueContext,
// t.RenderContext, c.TestContext), which take the evaluation state from a
// pool at every call: a nil Evaluator does exactly that. Its column shows
// what a host that keeps no Evaluator pays; it has no cold compile of its
// own.
func kinenixPooled(d data) engine {
	e := kinenixWith(d, "kinenix_pooled", nil)
	e.compile = nil
	return e
}

func kinenixWith(d data, name string, ev *eval.Evaluator) engine {
	s := scope.New(d.exact)
	return engine{
		name: name,
		prepare: func(c benchCase) (program, error) {
			if c.cond {
				cd, err := eval.CompileCondition(c.kinenix)
				if err != nil {
					return nil, err
				}
				return kinenixCond{cd, s, ev}, nil
			}
			t, err := eval.Compile(c.kinenix)
			if err != nil {
				return nil, err
			}
			if strings.HasPrefix(c.kinenix, "${") && strings.Count(c.kinenix, "${") == 1 &&
				strings.HasSuffix(c.kinenix, "}") {
				return kinenixValue{t, s, ev}, nil
			}
			return kinenixRender{t, s, ev}, nil
		},
		compile: func(c benchCase) error {
			if c.cond {
				_, err := eval.CompileCondition(c.kinenix, eval.WithoutCache())
				return err
			}
			_, err := eval.Compile(c.kinenix, eval.WithoutCache())
			return err
		},
	}
}

// kinenixValue is a text that is exactly one ${...}: Value keeps the kind,
// as the peers return a typed value, not its text.
type kinenixValue struct {
	t  *eval.Template
	s  *scope.Scope
	ev *eval.Evaluator
}

func (p kinenixValue) run(b *testing.B) {
	for b.Loop() {
		v, err := p.ev.Value(benchCtx, p.t, p.s)
		if err != nil {
			b.Fatal(err)
		}
		sinkValue = v
	}
}

func (p kinenixValue) show() (string, error) {
	v, err := p.ev.Value(benchCtx, p.t, p.s)
	return v.String(), err
}

// kinenixRender is a template with text around its placeholders: Render.
type kinenixRender struct {
	t  *eval.Template
	s  *scope.Scope
	ev *eval.Evaluator
}

func (p kinenixRender) run(b *testing.B) {
	for b.Loop() {
		out, err := p.ev.Render(benchCtx, p.t, p.s)
		if err != nil {
			b.Fatal(err)
		}
		sinkString = out
	}
}

func (p kinenixRender) show() (string, error) { return p.t.RenderContext(benchCtx, p.s) }

type kinenixCond struct {
	c  *eval.Condition
	s  *scope.Scope
	ev *eval.Evaluator
}

func (p kinenixCond) run(b *testing.B) {
	for b.Loop() {
		ok, err := p.ev.Test(benchCtx, p.c, p.s)
		if err != nil {
			b.Fatal(err)
		}
		sinkBool = ok
	}
}

func (p kinenixCond) show() (string, error) {
	ok, err := p.ev.Test(benchCtx, p.c, p.s)
	return strconv.FormatBool(ok), err
}

// ---- expr ----

// exprEngine compiles with expr.Env over the data, so expr checks types
// and picks its fast paths; programs run on one reused vm.VM.
func exprEngine(d data) engine {
	env := d.peer
	return engine{
		name: "expr",
		prepare: func(c benchCase) (program, error) {
			p, err := expr.Compile(c.expr, expr.Env(env))
			if err != nil {
				return nil, err
			}
			return &exprProgram{p: p, env: env}, nil
		},
		compile: func(c benchCase) error {
			_, err := expr.Compile(c.expr, expr.Env(env))
			return err
		},
	}
}

type exprProgram struct {
	p   *vm.Program
	env map[string]any
	vm  vm.VM
}

func (p *exprProgram) run(b *testing.B) {
	for b.Loop() {
		out, err := p.vm.Run(p.p, p.env)
		if err != nil {
			b.Fatal(err)
		}
		sinkAny = out
	}
}

func (p *exprProgram) show() (string, error) {
	out, err := p.vm.Run(p.p, p.env)
	return showAny(out), err
}

// ---- CEL ----

// celEngine declares every variable with its type (lists of strings, maps
// of string to dyn, ints) and the strings extension (join, upperAscii,
// trim). The environment is built once, like kinenix's function table;
// cold compile is parse + check + plan (env.Compile + env.Program). The
// activation is built once, outside the loop.
func celEngine(d data) (engine, error) {
	env, err := cel.NewEnv(
		ext.Strings(),
		cel.Variable("packages", cel.ListType(cel.StringType)),
		cel.Variable("ok_ids", cel.ListType(cel.StringType)),
		cel.Variable("row", cel.MapType(cel.StringType, cel.DynType)),
		cel.Variable("rows", cel.ListType(cel.MapType(cel.StringType, cel.DynType))),
		cel.Variable("a", cel.IntType),
		cel.Variable("b", cel.IntType),
		cel.Variable("n", cel.IntType),
		cel.Variable("config", cel.MapType(cel.StringType, cel.DynType)),
	)
	if err != nil {
		return engine{}, err
	}
	act, err := cel.NewActivation(d.peer)
	if err != nil {
		return engine{}, err
	}
	compile := func(src string) (cel.Program, error) {
		ast, iss := env.Compile(src)
		if iss.Err() != nil {
			return nil, iss.Err()
		}
		return env.Program(ast)
	}
	return engine{
		name: "cel",
		prepare: func(c benchCase) (program, error) {
			prg, err := compile(c.cel)
			if err != nil {
				return nil, err
			}
			return celProgram{prg: prg, act: act}, nil
		},
		compile: func(c benchCase) error {
			_, err := compile(c.cel)
			return err
		},
	}, nil
}

type celProgram struct {
	prg cel.Program
	act any // an interpreter.Activation, built once
}

func (p celProgram) run(b *testing.B) {
	for b.Loop() {
		out, _, err := p.prg.Eval(p.act)
		if err != nil {
			b.Fatal(err)
		}
		sinkRef = out
	}
}

func (p celProgram) show() (string, error) {
	out, _, err := p.prg.Eval(p.act)
	if err != nil {
		return "", err
	}
	return showAny(out.Value()), nil
}

// ---- native ----

// nativeEngine is hand-written Go doing each case's work directly on the
// decoded data, map lookups and type assertions included: the floor. Each
// case has its own loop, so the call is direct.
func nativeEngine(d data) engine {
	env := d.peer
	return engine{
		name: "native",
		prepare: func(c benchCase) (program, error) {
			p, ok := natives[c.name]
			if !ok {
				return nil, fmt.Errorf("no native code for %s", c.name)
			}
			return nativeProgram{p, env}, nil
		},
	}
}

type nativeCase struct {
	run  func(b *testing.B, d map[string]any)
	show func(d map[string]any) string
}

type nativeProgram struct {
	c nativeCase
	d map[string]any
}

func (p nativeProgram) run(b *testing.B)      { p.c.run(b, p.d) }
func (p nativeProgram) show() (string, error) { return p.c.show(p.d), nil }

var natives = map[string]nativeCase{
	"len": {
		run: func(b *testing.B, d map[string]any) {
			for b.Loop() {
				sinkInt = nativeLen(d)
			}
		},
		show: func(d map[string]any) string { return strconv.Itoa(nativeLen(d)) },
	},
	"join": {
		run: func(b *testing.B, d map[string]any) {
			for b.Loop() {
				sinkString = nativeJoin(d)
			}
		},
		show: nativeJoin,
	},
	"number": {
		run: func(b *testing.B, d map[string]any) {
			for b.Loop() {
				sinkFloat = nativeNumber(d)
			}
		},
		show: func(d map[string]any) string { return showAny(nativeNumber(d)) },
	},
	"trim_upper": {
		run: func(b *testing.B, d map[string]any) {
			for b.Loop() {
				sinkString = nativeTrimUpper(d)
			}
		},
		show: nativeTrimUpper,
	},
	"index": {
		run: func(b *testing.B, d map[string]any) {
			for b.Loop() {
				sinkString = nativeIndex(d)
			}
		},
		show: nativeIndex,
	},
	"arith": {
		run: func(b *testing.B, d map[string]any) {
			for b.Loop() {
				sinkInt = nativeArith(d)
			}
		},
		show: func(d map[string]any) string { return strconv.Itoa(nativeArith(d)) },
	},
	"condition": {
		run: func(b *testing.B, d map[string]any) {
			for b.Loop() {
				sinkBool = nativeCondition(d)
			}
		},
		show: func(d map[string]any) string { return strconv.FormatBool(nativeCondition(d)) },
	},
	"template": {
		run: func(b *testing.B, d map[string]any) {
			for b.Loop() {
				sinkString = nativeTemplate(d)
			}
		},
		show: nativeTemplate,
	},
}

func nativeLen(d map[string]any) int { return len(d["packages"].([]any)) }

// nativeJoin sizes the result first: one allocation.
func nativeJoin(d map[string]any) string {
	ids := d["ok_ids"].([]any)
	const sep = ", "
	n := len(sep) * (len(ids) - 1)
	for _, id := range ids {
		n += len(id.(string))
	}
	var sb strings.Builder
	sb.Grow(n)
	for i, id := range ids {
		if i > 0 {
			sb.WriteString(sep)
		}
		sb.WriteString(id.(string))
	}
	return sb.String()
}

func nativeNumber(d map[string]any) float64 {
	f, err := strconv.ParseFloat(d["row"].(map[string]any)["premium"].(string), 64)
	if err != nil {
		panic(err)
	}
	return f * 12
}

func nativeTrimUpper(d map[string]any) string {
	return strings.TrimSpace(strings.ToUpper(d["row"].(map[string]any)["brand"].(string)))
}

func nativeIndex(d map[string]any) string {
	return d["rows"].([]any)[0].(map[string]any)["request_id"].(string)
}

func nativeArith(d map[string]any) int {
	a, b, n := d["a"].(int), d["b"].(int), d["n"].(int)
	return (a+b)*2 - n%3
}

// nativeCondition does kinenix's work: a case-insensitive comparison with
// Unicode case folding, and a numeric comparison.
func nativeCondition(d map[string]any) bool {
	row := d["row"].(map[string]any)
	return strings.EqualFold(row["status"].(string), "Active") && row["amount"].(int) > 0
}

// nativeTemplate formats into stack buffers and concatenates once: one
// allocation, the result.
func nativeTemplate(d map[string]any) string {
	row := d["row"].(map[string]any)
	var nb, lb [32]byte
	total := strconv.AppendFloat(nb[:0], nativeNumber(d), 'f', -1, 64)
	count := strconv.AppendInt(lb[:0], int64(nativeLen(d)), 10)
	return "Dear " + row["name"].(string) + ", you owe " + string(total) +
		" THB for " + string(count) + " packages"
}

// ---- showing results ----

// showAny shows a peer's result as text: floats without exponent or
// trailing zeros.
func showAny(x any) string {
	switch t := x.(type) {
	case string:
		return t
	case float64:
		return strconv.FormatFloat(t, 'f', -1, 64)
	case int:
		return strconv.Itoa(t)
	case int64:
		return strconv.FormatInt(t, 10)
	case bool:
		return strconv.FormatBool(t)
	}
	return fmt.Sprint(x)
}

// sameShown reports whether two shown results are equal: as text, or as
// decimal numbers (185217 equals 185217.0).
func sameShown(a, b string) bool {
	if a == b {
		return true
	}
	x, okA := new(big.Rat).SetString(a)
	y, okB := new(big.Rat).SetString(b)
	return okA && okB && x.Cmp(y) == 0
}
