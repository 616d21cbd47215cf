package value

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"testing"
	"time"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/require"
)

type (
	ids      []string
	scores   map[string]int
	status   string
	customer struct{ Name string }
	// stringer has a method that must never be called.
	stringer string
)

func (stringer) String() string { panic("a method of host data was called") }

// Issue #13: Go data as it comes. Typed slices and maps of any accepted
// element type, every integer and float kind, json.Number, *apd.Decimal,
// time.Time; each shown as D3/D4 say, without copying the containers.
func TestFromHostTyped(t *testing.T) {
	when := time.Date(2026, 3, 1, 9, 30, 0, 0, time.FixedZone("ICT", 7*3600))
	tests := []struct {
		in   any
		kind Kind
		show string
	}{
		{[]int{1, 2, 3}, List, "1, 2, 3"},
		{[]float64{0.07, 2.5}, List, "0.07, 2.5"},
		{[]float32{0.1}, List, "0.1"},
		{[]int8{-8}, List, "-8"},
		{[]uint64{18446744073709551615}, List, "18446744073709551615"},
		{[]bool{true, false}, List, "true, false"},
		{[]byte("ab"), List, "97, 98"},
		{map[string]int{"b": 2, "a": 1}, Dict, `{"a":1,"b":2}`},
		{map[string][]string{"x": {"p", "q"}}, Dict, `{"x":["p","q"]}`},
		{[]map[string]any{{"id": 1}}, List, `{"id":1}`},
		{[]map[string]string{{"a": "b"}}, List, `{"a":"b"}`},
		{map[string]map[string]float64{"k": {"v": 1.5}}, Dict, `{"k":{"v":1.5}}`},
		{[][]int{{1, 2}, {3}}, List, "1, 2, 3"},
		{ids{"A-1", "B-2"}, List, "A-1, B-2"},
		{scores{"x": 10}, Dict, `{"x":10}`},
		{map[status]status{"on": "yes"}, Dict, `{"on":"yes"}`},
		{status("Active"), Text, "Active"},
		{stringer("plain"), Text, "plain"},
		{[]stringer{"s"}, List, "s"},
		{[]json.Number{"1.50", "2e3"}, List, "1.5, 2000"},
		{[]*apd.Decimal{apd.New(15, -1)}, List, "1.5"},
		{apd.New(123456789, -4), Number, "12345.6789"},
		{(*apd.Decimal)(nil), Empty, ""},
		{when, Text, "2026-03-01T09:30:00+07:00"},
		{when.Add(time.Millisecond * 250), Text, "2026-03-01T09:30:00.25+07:00"},
		{[]time.Time{when.UTC()}, List, "2026-03-01T02:30:00Z"},
		{[]any{1, []int{2}}, List, "1, 2"},
		{[]Value{TextValue("v")}, List, "v"},
		{[]Num{Int(7)}, List, "7"},
		{int8(-3), Number, "-3"},
		{uint16(7), Number, "7"},
		{float32(0.5), Number, "0.5"},
		{[]int(nil), List, ""},
		{map[string]int(nil), Dict, "{}"},
	}
	for _, tt := range tests {
		v, err := FromHost(tt.in)
		require.NoError(t, err, "%T", tt.in)
		require.Equal(t, tt.kind, v.Kind(), "%T", tt.in)
		require.Equal(t, tt.show, v.String(), "%T", tt.in)
	}

	// Len, Index, Key and Keys read typed containers in place.
	nums := []int{10, 20, 30}
	v, err := FromHost(nums)
	require.NoError(t, err)
	require.Equal(t, 3, v.Len())
	last, err := v.Index(-1)
	require.NoError(t, err)
	require.Equal(t, "30", last.String())
	out, err := v.Index(3)
	require.NoError(t, err)
	require.Equal(t, Empty, out.Kind())
	nums[0] = 11 // no copy: the value reads the host's slice
	first, _ := v.Index(0)
	require.Equal(t, "11", first.String())

	d, err := FromHost(map[status][]int{"b": {2}, "a": {1}})
	require.NoError(t, err)
	require.Equal(t, 2, d.Len())
	require.Equal(t, []string{"a", "b"}, d.Keys())
	item, found, err := d.Key("b")
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, List, item.Kind())
	require.Equal(t, "2", item.String())
	_, found, err = d.Key("c")
	require.NoError(t, err)
	require.False(t, found)

	// The comparison rules read them too (D27, D29).
	require.True(t, Member(TextValue("20"), v))
	require.True(t, Contains(v, NumberValue(Int(30))))
	require.True(t, Member(TextValue("a"), d))

	// A decimal is copied: changing the host's later changes nothing.
	dec := apd.New(5, 0)
	dv, err := FromHost(dec)
	require.NoError(t, err)
	dec.SetInt64(6)
	require.Equal(t, "5", dv.String())
	// Not finite, or beyond the limits.
	_, err = FromHost(&apd.Decimal{Form: apd.NaN})
	requireFailure(t, err, ErrData, "")
	_, err = FromHost(apd.New(1, 5000))
	requireFailure(t, err, ErrLimit, "")
}

// D1: a cyclic map and a recursive slice type are bounded by MaxDepth.
func TestFromHostRecursive(t *testing.T) {
	type tree []tree
	deep := tree{}
	for i := 0; i < 2*MaxDepth; i++ {
		deep = tree{deep}
	}
	v, err := FromHost(deep)
	require.NoError(t, err)
	_, err = v.Show(nil, 0)
	requireFailure(t, err, ErrLimit, "data nested deeper than 100 levels")
	_, err = v.Any()
	requireFailure(t, err, ErrLimit, "data nested deeper than 100 levels")
}

// Issue #13, values back out: Any gives plain Go data, deep, bounded.
func TestAny(t *testing.T) {
	v, err := FromHost(map[string]any{
		"s": "x", "n": json.Number("0.10"), "b": true, "e": nil,
		"l": []int{1, 2}, "d": map[string][]string{"k": {"v"}},
	})
	require.NoError(t, err)
	got, err := v.Any()
	require.NoError(t, err)
	m, ok := got.(map[string]any)
	require.True(t, ok)
	require.Equal(t, "x", m["s"])
	require.Equal(t, true, m["b"])
	require.Nil(t, m["e"])
	require.Contains(t, m, "e")
	n, ok := m["n"].(*apd.Decimal)
	require.True(t, ok)
	require.Equal(t, "0.1", n.Text('f'))
	l, ok := m["l"].([]any)
	require.True(t, ok)
	require.Len(t, l, 2)
	require.Equal(t, "2", l[1].(*apd.Decimal).String())
	require.Equal(t, map[string]any{"k": []any{"v"}}, m["d"])
	for _, scalar := range []Value{Value{}, TextValue(""), BoolValue(false)} {
		x, err := scalar.Any()
		require.NoError(t, err)
		require.Equal(t, map[Kind]any{Empty: nil, Text: "", Bool: false}[scalar.Kind()], x)
	}
	// Each number is the caller's own.
	n.SetInt64(99)
	again, _ := v.Any()
	require.Equal(t, "0.1", again.(map[string]any)["n"].(*apd.Decimal).Text('f'))

	// A DAG of shared lists would be copied 3.5 billion times: Any stops at
	// its budget, and Limits.Any at the host's.
	dag, err := FromHost(dagList(9, "lol"))
	require.NoError(t, err)
	_, err = dag.Any()
	require.ErrorIs(t, err, ErrBudget)
	b := NewBudget(context.Background(), 0, 1000)
	_, err = Limits{Budget: b}.Any(dag)
	require.ErrorIs(t, err, ErrBudget)
	_, steps := b.Used()
	require.LessOrEqual(t, steps, int64(1000))
}

// Issue #13: MarshalJSON is AppendJSON, what `render -json` prints, and
// encoding/json takes it inside other data.
func TestMarshalJSON(t *testing.T) {
	v, err := FromHost(map[string]any{"b": []int{1}, "a": json.Number("1.50"), "c": nil, "t": "x\ny"})
	require.NoError(t, err)
	want, err := v.AppendJSON(nil, 0)
	require.NoError(t, err)
	got, err := json.Marshal(v)
	require.NoError(t, err)
	require.Equal(t, string(want), string(got))
	require.Equal(t, `{"a":1.5,"b":[1],"c":null,"t":"x\ny"}`, string(got))
	wrapped, err := json.Marshal(map[string]Value{"v": NumberValue(Int(3)), "e": Value{}})
	require.NoError(t, err)
	require.Equal(t, `{"e":null,"v":3}`, string(wrapped))
	dag, _ := FromHost(dagList(9, "lol"))
	_, err = json.Marshal(dag)
	require.Error(t, err, "bounded by the cap and the budget")
}

// A value MarshalJSON cannot write gives the error and no bytes, not the
// JSON written up to the item at fault (`[1,`), as a json.Marshaler must.
func TestMarshalJSONErrorNoBytes(t *testing.T) {
	v, err := FromHost([]any{1, struct{}{}})
	require.NoError(t, err)
	b, err := v.MarshalJSON()
	require.ErrorIs(t, err, ErrData)
	require.Nil(t, b)
}

func ExampleFromHost_typed() {
	type Scores map[string]int
	v, _ := FromHost(map[string]any{
		"ids":    []int{3, 1, 2},
		"scores": Scores{"ann": 12, "bo": 9},
		"seen":   time.Date(2026, 3, 1, 9, 30, 0, 0, time.UTC),
	})
	ids, _, _ := v.Key("ids")
	fmt.Println(ids.Len(), ids.String())
	scores, _, _ := v.Key("scores")
	fmt.Println(scores.String())
	seen, _, _ := v.Key("seen")
	fmt.Println(seen.String())

	_, err := FromHost(customer{"Ann"})
	fmt.Println(err)
	var f *Failure
	if errors.As(err, &f) {
		fmt.Println(f.Detail)
	}
	// Output:
	// 3 3, 1, 2
	// {"ann":12,"bo":9}
	// 2026-03-01T09:30:00Z
	// unsupported data
	// unsupported data: value.customer (a struct); pass a map
}

func ExampleValue_Any() {
	v, _ := FromHost(map[string]any{"total": json.Number("15434.75"), "ids": []string{"A-1", "B-2"}})
	x, _ := v.Any()
	m := x.(map[string]any)
	total := m["total"].(*apd.Decimal)
	fmt.Println(total.Text('f'), m["ids"])
	// Output: 15434.75 [A-1 B-2]
}

// F2: a failure of refused host data inside a list or dictionary says
// where, from the value that was read (Failure.Item), through Index, Key
// and every walk of the items (Show, JSON, Any, membership).
func TestRefusedItemIsNamed(t *testing.T) {
	v, err := FromHost(map[string]any{"a": []any{1, customer{}}, "b c": customer{}, "_x": customer{}})
	require.NoError(t, err)
	item := func(err error) string {
		var f *Failure
		require.ErrorAs(t, err, &f)
		require.Equal(t, "unsupported data", f.Reason)
		require.Contains(t, f.Detail, "value.customer (a struct)")
		return f.Item
	}
	a, _, err := v.Key("a")
	require.NoError(t, err)
	_, err = a.Index(1)
	require.Equal(t, "[1]", item(err))
	_, _, err = v.Key("b c")
	require.Equal(t, "['b c']", item(err))
	_, _, err = v.Key("_x")
	require.Equal(t, "['_x']", item(err))
	_, err = a.Show(nil, 0)
	require.Equal(t, "[1]", item(err))
	_, err = v.AppendJSON(nil, 0)
	require.Equal(t, "['_x']", item(err)) // keys in order: _x first
	_, err = a.Any()
	require.Equal(t, "[1]", item(err))
	_, err = Limits{}.Member(TextValue("x"), a)
	require.Equal(t, "[1]", item(err))
	nested, err := FromHost([]any{[]any{map[string]any{"k": customer{}}}})
	require.NoError(t, err)
	_, err = nested.Show(nil, 0)
	require.Equal(t, "[0][0].k", item(err))
	// A value that is itself refused names no item.
	_, err = FromHost(customer{})
	require.Equal(t, "", item(err))
}

// Any names the same refused item, and charges the same work, at every
// call: a dictionary's keys are copied in sorted order, not in Go's map
// order, which changes at every range.
func TestAnyInOneOrder(t *testing.T) {
	m := map[string]any{}
	for i := range 12 {
		m["k"+strconv.Itoa(i)] = []any{i, i + 1}
	}
	m["x1"], m["x2"] = struct{}{}, make(chan int)
	v, err := FromHost(m)
	require.NoError(t, err)
	var first string
	var used [2]int64
	for i := range 100 {
		b := NewBudget(context.Background(), 0, 0)
		_, err := Limits{Budget: b}.Any(v)
		require.ErrorIs(t, err, ErrData)
		bytes, steps := b.Used()
		var f *Failure
		require.ErrorAs(t, err, &f)
		if i == 0 {
			first, used = f.Item, [2]int64{bytes, steps}
			require.Equal(t, ".x1", first)
		}
		require.Equal(t, first, f.Item, "call %d", i)
		require.Equal(t, used, [2]int64{bytes, steps}, "call %d", i)
	}
}
