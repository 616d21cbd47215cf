package proptest

import (
	"context"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/cockroachdb/apd/v3"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

// Property 9's rule (warmOutcome) over what its generators do not reach:
// many names alike in length and first and last bytes (they share a place
// in a warm scope's table) and more of them than the table holds, names
// that are not words (spaces, dots, signs, Thai, ""), the environment,
// host values of every kind (refused ones too, read before and after
// warming), and budgets that run out at the read.

// rawPair is a WarmPair of a template and a condition line as written.
func rawPair(text, line string) WarmPair {
	p := WarmPair{Tmpl: Tmpl{{Lit: text}}}
	if line != "" {
		p.Cond = CondLine{Parts: []CondPart{{Left: CondSide{Text: line}}}}
	}
	return p
}

// clashNames are 40 names of three bytes, a…z between the same first
// and last byte: one place in a table of 32 slots, and more names than
// it has.
func clashNames() []string {
	var out []string
	for _, mid := range "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN" {
		out = append(out, "q"+string(mid)+"z")
	}
	return out
}

// attackVars are the host data of the attacks: every kind of host value,
// nested and refused, under names alike and names that are not words.
func attackVars() map[string]any {
	dec, _, _ := apd.NewFromString("12.340")
	m := map[string]any{
		"a b":         "spaced",
		"row.status":  "a key with a dot",
		"len(items)":  "the whole text",
		"x-y":         "signs",
		"ลูกค้า":      "สมชาย",
		"ชื่อ ลูกค้า": "Thai with a space",
		"":            "the empty name",
		"row":         map[string]any{"status": "Active", "nested": map[string]any{"deep": []any{1, "two", nil}}, "First Name": "Ann"},
		"items":       []any{"a", json.Number("2"), map[string]any{"id": "x"}, []string{"p", "q"}, nil},
		"ids":         []string{"7", "8", ""},
		"config":      map[string]string{"email": "a@b", "": "blank key"},
		"n":           json.Number("100000000000000000000000"),
		"e":           json.Number("1.5e3"),
		"big":         int64(math.MaxInt64),
		"small":       int64(math.MinInt64),
		"huge":        uint64(math.MaxUint64),
		"nothing":     nil,
		"f":           float32(0.1),
		"dec":         dec,
		"when":        time.Date(2026, 12, 3, 9, 0, 0, 0, time.UTC),
		"ints":        []int{1, 2, 3},
		"bad":         struct{ X int }{1},
		"badch":       make(chan int),
		"badf":        func() {},
		"nan":         math.NaN(),
		"inf":         math.Inf(1),
		"badlist":     []any{1, struct{}{}},
		"badmap":      map[string]any{"ok": 1, "bad": struct{}{}},
		"deep":        map[string]any{"a": map[string]any{"b": map[string]any{"c": "found"}}},
		"rows":        []map[string]any{{"id": "1", "Amount": "12"}, {"id": "2", "Amount": ""}},
		"True":        "a name that is a keyword's case",
		"_hidden":     "refused by name",
		"x":           "Active",
		"s":           "Johnson and Johnson",
	}
	for i, name := range clashNames() {
		m[name] = i
	}
	return m
}

// attackPairs read every variable of attackVars, alone and in
// expressions, in templates and condition lines.
func attackPairs() []WarmPair {
	ps := []WarmPair{
		rawPair("${a b}|${row.status}|${len(items)}|${x-y}", "${a b} == spaced"),
		rawPair("${ลูกค้า} ${ชื่อ ลูกค้า} ${}", "${ลูกค้า} == สมชาย and ${ชื่อ ลูกค้า} is not empty"),
		rawPair("${row.First Name} ${row['First Name']} ${row.nested.deep[1]}", "${row.status} in Active, Pending"),
		rawPair("${items} ${len(items)} ${items[2].id} ${ids} ${join(ids, '-')}", "${items} contains a"),
		rawPair("${config} ${config.email} ${config['']}", "${config} contains email"),
		rawPair("${n} ${n + 1} ${e * 2} ${big} ${small} ${huge} ${huge + 1} ${big + 1}", "${n} > ${e}"),
		rawPair("${nothing} ${default(nothing, 'none')} ${f} ${dec} ${when}", "${nothing} is empty"),
		rawPair("${ints} ${len(ints)}", "${ints} contains 2"),
		rawPair("${bad}", "${bad} == 1"),
		rawPair("${badch} ${badf}", "${badf} is empty"),
		rawPair("${nan} ${inf}", "${nan} > 1"),
		rawPair("${badlist} ${len(badlist)} ${badlist[0]}", "${badlist} contains 1"),
		rawPair("${badmap.ok} ${badmap.bad} ${badmap}", "${badmap.ok} == 1"),
		rawPair("${deep.a.b.c} ${deep['a']['b']['c']} ${deep.a.x}", "${deep.a.b.c} == found"),
		rawPair("${rows[0].Amount} ${len(rows)} ${rows[1]['Amount']}", "${rows[0].Amount} > 10"),
		rawPair("${True} ${_hidden} ${missing} ${row.missing}", "${missing} is empty or ${x} == Active"),
		rawPair("${env.HOME} ${env['REGION']} ${env.ภาค} ${upper(env.NOPE)}", "${env.REGION} == eu"),
		rawPair("${x} ${s} ${upper(x)} ${x + 1}", "${s} contains Johnson"),
		rawPair("${qaz}${default(qbz, 0)}", ""),
	}
	// Every name alike, more than the table holds, in one template and
	// one line; then half of them again in another order.
	names := clashNames()
	var all, back []string
	for _, n := range names {
		all = append(all, "${"+n+"}")
	}
	for i := len(names) - 1; i >= 0; i -= 2 {
		back = append(back, "${"+names[i]+"}")
	}
	ps = append(ps,
		rawPair(strings.Join(all, ","), names[0]+" == 0"),
		rawPair(strings.Join(back, ";"), "${"+names[39]+"} == 39 and ${"+names[33]+"} < 34"),
	)
	return ps
}

// attackSettings are the settings the attacks run under: none, the
// environment before and after warming, and limits small enough that
// budgets run out at the reads (a step for each lookup, bytes for each
// text shown).
func attackSettings() []WarmSettings {
	return []WarmSettings{
		{},
		{Env: true},
		{Env: true, After: true},
		{Env: true, After: true, Rewarm: true},
		{MaxSteps: 3},
		{MaxSteps: 12, After: true, Rewarm: true},
		{MaxWork: 8},
		{MaxWork: 40, Env: true, After: true},
		{MaxSize: 5},
		{MaxSize: 30, MaxSteps: 30, MaxWork: 60, Env: true, After: true, Rewarm: true},
	}
}

// TestWarmScopeAttacks: each pair of attackPairs gives on a warm scope
// what it gives on a fresh one, under each of attackSettings; the scope is
// warmed by the pairs themselves (so the table fills, and overflows, with
// names alike).
func TestWarmScopeAttacks(t *testing.T) {
	t.Parallel()
	cases := 0
	for _, d := range []struct {
		vars  map[string]any
		pairs []WarmPair
	}{
		{attackVars(), attackPairs()},
		// Only names alike: the first of them read takes their place in
		// the table, where each of the others is looked for first.
		{clashVars(), clashPairs()},
	} {
		for _, set := range attackSettings() {
			s, ev := warmScope(d.vars, set, d.pairs)
			for _, p := range d.pairs {
				if msg := warmDiff(p, d.vars, set, s, ev); msg != "" {
					t.Errorf("settings %+v, %v: %s", set, p, msg)
				}
				cases++
			}
		}
	}
	t.Logf("%d attack cases", cases)
}

// clashVars are the names alike of clashNames and nothing else.
func clashVars() map[string]any {
	m := map[string]any{}
	for i, name := range clashNames() {
		m[name] = i
	}
	return m
}

// clashPairs read the names of clashVars one by one, then all at once.
func clashPairs() []WarmPair {
	var ps []WarmPair
	for i, name := range clashNames() {
		ps = append(ps, rawPair("${"+name+"}", "${"+name+"} == "+strconv.Itoa(i)))
	}
	// A scope of words only, asked about names that are not words: a
	// text looked up whole before it is parsed (`len(qaz)`, `a b`), the
	// bare word and the number written as the language does not of a
	// trap (Trap.Applies asks the scope).
	ps = append(ps,
		rawPair("${len(qaz)} ${a b} ${qaz.x} ${default(qbz, none)} ${round(1,5)}", "${len(qaz)} == 1 and ${qaz} in 1,5"),
		rawPair("${row.status} ${ลูกค้า} ${} ${ }", "${a b} is empty"),
	)
	return append(ps, attackPairs()[len(attackPairs())-3:]...)
}

// TestWarmScopeAttacksShared: the attack pairs on one scope shared by
// goroutines while it warms give what a fresh scope gives (run with
// -race).
func TestWarmScopeAttacksShared(t *testing.T) {
	t.Parallel()
	vars, pairs := attackVars(), attackPairs()
	for _, set := range []WarmSettings{{Env: true}, {MaxSteps: 12}} {
		want := make([]string, len(pairs))
		for i, p := range pairs {
			want[i] = warmOutcome(p, func() *scope.Scope { return scope.New(vars, set.options()...) }, new(eval.Evaluator))
		}
		s := scope.New(vars, set.options()...)
		var wg sync.WaitGroup
		for g := range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ev := new(eval.Evaluator)
				for k := range 2 * len(pairs) {
					i := (k*(g+1) + g) % len(pairs)
					got := warmOutcome(pairs[i], func() *scope.Scope { return s }, ev)
					if msg := lineDiff(want[i], got); msg != "" {
						t.Errorf("settings %+v, goroutine %d, %v: %s", set, g, pairs[i], msg)
						return
					}
				}
			}()
		}
		wg.Wait()
	}
}

// A refused host value gives the same error at every read, before and
// after the scope is warm, whatever was read before it, alone and next to
// values that are kept.
func TestWarmScopeRefusedValueSameError(t *testing.T) {
	vars := attackVars()
	s := scope.New(vars)
	ctx := context.Background()
	texts := []string{"${bad}", "${badch}", "${badlist}", "${badmap.bad}", "${nan}", "${x}${bad}", "${qaz}${badf}"}
	first := map[string]string{}
	var ev eval.Evaluator
	for round := 0; round < 3*64; round++ {
		text := texts[round%len(texts)]
		tpl := eval.MustCompile(text)
		_, err := tpl.Render(s)
		_, everr := ev.Render(ctx, tpl, s)
		_, found, verr := s.Var("bad")
		got := showErr(err) + " | " + showErr(everr) + " | " + showErr(verr) + " " + map[bool]string{true: "found", false: "missing"}[found]
		if want, ok := first[text]; !ok {
			first[text] = got
			if err == nil {
				t.Errorf("%s: no error", text)
			}
		} else if got != want {
			t.Errorf("%s at use %d: %s, first %s", text, round, got, want)
		}
	}
}
