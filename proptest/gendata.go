package proptest

import (
	"encoding/json"
	"fmt"
	"math/rand"
	"reflect"
	"sort"

	"github.com/leanovate/gopter"
)

// Host data as a flow gets it: JSON decoded with UseNumber (json.Number),
// Go scalars, []any, []string, map[string]any and map[string]string, with
// empty values, numeric and non-numeric text, Thai, invalid UTF-8, and
// text that looks like an expression or a condition (which must never be
// evaluated).

// ScalarValues are the scalar host values Data draws from.
var ScalarValues = []any{
	nil, "", " ", "abc", "ABC", "Active", "active", "12", "12.0", " 3.5 ", "-4", "0", "0.0",
	"1,200", "12 THB", "15,434.75 บาท/ปี", "บาท", "สมชาย", "๑๒๓", "true", "false", "no", "yes",
	"Johnson and Johnson", "a, b", "${secret}", `x" or "1"=="1`, "\u202eevil", "\xff\xfe", "e\u0301",
	"O'Brien", "line\nbreak", "\u00a0",
	json.Number("12"), json.Number("-3.25"), json.Number("0.1"), json.Number("1.5e3"),
	json.Number("100000000000000000000000"), json.Number("0"),
	0, 1, 7, -3, int64(9007199254740993), 0.1, 3.5, -0.25, float32(0.5), true, false, uint8(200),
}

// dataKeys are the keys of generated dictionaries: the SelectorKeys and
// QuotedKeys the expression generator reads, so lookups often find them.
var dataKeys = append(append([]string{}, SelectorKeys...), QuotedKeys...)

var mapType = reflect.TypeOf(map[string]any{})

// Data generates the variables of a scope: some of names (VarNames when
// nil), each a scalar, a list or a dictionary, nested up to three levels.
// It shrinks by dropping variables and by replacing a value with a simpler
// one (ShrinkData).
func Data(names []string) gopter.Gen {
	if names == nil {
		names = VarNames
	}
	return func(p *gopter.GenParameters) *gopter.GenResult {
		r := p.Rng
		m := make(map[string]any)
		for _, n := range names {
			if r.Intn(3) > 0 {
				m[n] = HostValue(r, 3)
			}
		}
		return &gopter.GenResult{Result: m, ResultType: mapType, Shrinker: ShrinkData}
	}
}

// HostValue returns one host value nested at most depth levels.
func HostValue(r *rand.Rand, depth int) any {
	if depth <= 0 || r.Intn(2) == 0 {
		return pick(r, ScalarValues)
	}
	n := r.Intn(5)
	switch r.Intn(5) {
	case 0, 1:
		l := make([]any, n)
		for i := range l {
			l[i] = HostValue(r, depth-1)
		}
		return l
	case 2:
		l := make([]string, n)
		for i := range l {
			l[i], _ = pick(r, ScalarValues).(string)
		}
		return l
	case 3:
		m := make(map[string]any, n)
		for range n {
			m[pick(r, dataKeys)] = HostValue(r, depth-1)
		}
		return m
	}
	m := make(map[string]string, n)
	for range n {
		m[pick(r, dataKeys)], _ = pick(r, ScalarValues).(string)
	}
	return m
}

// ShrinkData shrinks variables: without one variable, then with one value
// replaced by nil, "" or one of its items.
func ShrinkData(v any) gopter.Shrink {
	m, _ := v.(map[string]any)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var out []map[string]any
	with := func(k string, x any, drop bool) map[string]any {
		c := make(map[string]any, len(m))
		for kk, vv := range m {
			c[kk] = vv
		}
		if drop {
			delete(c, k)
		} else {
			c[k] = x
		}
		return c
	}
	for _, k := range keys {
		out = append(out, with(k, nil, true))
	}
	for _, k := range keys {
		for _, s := range simpler(m[k]) {
			out = append(out, with(k, s, false))
		}
	}
	return sliceShrink(out)
}

// simpler returns values simpler than x: its items, and "" or nil.
func simpler(x any) []any {
	switch t := x.(type) {
	case nil:
		return nil
	case string:
		if t == "" {
			return []any{nil}
		}
		return []any{""}
	case []any:
		return append([]any{nil}, t...)
	case map[string]any:
		out := []any{nil}
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			out = append(out, t[k])
		}
		return out
	}
	return []any{nil}
}

// showVars shows data in a counterexample, keys sorted, text quoted.
func showVars(m map[string]any) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b []byte
	b = append(b, '{')
	for i, k := range keys {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = fmt.Appendf(b, "%q: %s", k, showHost(m[k]))
	}
	return string(append(b, '}'))
}

func showHost(x any) string {
	switch t := x.(type) {
	case string:
		return fmt.Sprintf("%q", t)
	case json.Number:
		return "json.Number(" + string(t) + ")"
	case map[string]any:
		return showVars(t)
	case []any:
		s := "["
		for i, v := range t {
			if i > 0 {
				s += ", "
			}
			s += showHost(v)
		}
		return s + "]"
	}
	return fmt.Sprintf("%#v", x)
}
