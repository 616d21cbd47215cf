package value

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func show(t testing.TB, x any) string {
	t.Helper()
	v, err := FromHost(x)
	require.NoError(t, err)
	b, err := v.Show(nil, DefaultMaxSize)
	require.NoError(t, err)
	return string(b)
}

func TestShow(t *testing.T) {
	// D3, D4: how each kind is shown when it lands in text.
	tests := []struct {
		in   any
		want string
	}{
		{nil, ""},
		{"", ""},
		{"  as is  ", "  as is  "},
		{true, "true"},
		{false, "false"},
		{12.0, "12"},
		{json.Number("3.50"), "3.5"},
		{-0.25, "-0.25"},
		{1000000, "1000000"},
		{[]any{"a", 1, 2.5, true, nil}, "a, 1, 2.5, true, "},
		{[]string{"x", "y"}, "x, y"},
		{[]any{}, ""},
		{[]any{[]any{"a", "b"}, "c"}, "a, b, c"},
		{map[string]any{"b": 1, "a": "x"}, `{"a":"x","b":1}`},
		{map[string]any{}, `{}`},
		{map[string]string{"k": `q"uote`}, `{"k":"q\"uote"}`},
		{map[string]any{"list": []any{"a", 1, nil, false}, "n": json.Number("0.10")},
			`{"list":["a",1,null,false],"n":0.1}`},
		{map[string]any{"z": map[string]any{"y": []string{"1"}}}, `{"z":{"y":["1"]}}`},
		{[]any{map[string]any{"a": 1}, map[string]any{"a": 2}}, `{"a":1}, {"a":2}`},
		{[]map[string]any{{"id": "x"}}, `{"id":"x"}`},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, show(t, tt.in), "%#v", tt.in)
	}
	// Show appends to what dst holds.
	b, err := TextValue("b").Show([]byte("a"), 10)
	require.NoError(t, err)
	require.Equal(t, "ab", string(b))
	require.Equal(t, "", Value{}.String())
	require.Equal(t, "x, y", Value{kind: List, ref: []string{"x", "y"}}.String())
}

func TestAppendJSON(t *testing.T) {
	// D4: JSON with sorted keys; numbers exact; text escaped; empty is null.
	tests := []struct {
		in   any
		want string
	}{
		{nil, "null"},
		{"a\"b\\c\n\t\r\x01\x7f", `"a\"b\\c\n\t\r\u0001` + "\x7f\""},
		{"\xffok\u2028\u2029é", `"\ufffdok\u2028\u2029é"`},
		{json.Number("123456789012345678901234567890.10"), "123456789012345678901234567890.1"},
		{true, "true"},
		{[]any{}, "[]"},
		{[]string{"a", "b"}, `["a","b"]`},
		{map[string]any{"b": []any{1, "2"}, "a": nil, "\n": "x"}, `{"\n":"x","a":null,"b":[1,"2"]}`},
	}
	for _, tt := range tests {
		v, err := FromHost(tt.in)
		require.NoError(t, err)
		b, err := v.AppendJSON(nil, 0)
		require.NoError(t, err)
		require.Equal(t, tt.want, string(b), "%#v", tt.in)
		require.True(t, json.Valid(b), string(b))
	}
	// The string escaping agrees with encoding/json on valid text.
	for _, s := range []string{"", "plain", "tab\there", "ctl\x00\x1f", "ไทย", `"\`, "<&>"} {
		got, err := appendJSONString(nil, s, Limits{}.normal())
		require.NoError(t, err)
		var back string
		require.NoError(t, json.Unmarshal(got, &back))
		require.Equal(t, s, back)
		require.Equal(t, len(got), jsonStringLen(s))
	}
}

// nest makes a list nested depth levels deep around a text.
func nest(depth int) any {
	var x any = "core"
	for i := 0; i < depth; i++ {
		x = []any{x}
	}
	return x
}

func nestDict(depth int) any {
	var x any = "core"
	for i := 0; i < depth; i++ {
		x = map[string]any{"k": x}
	}
	return x
}

func TestShowDepth(t *testing.T) {
	// D17 / reliability 3: MaxDepth containers pass, one more fails.
	for _, build := range []func(int) any{nest, nestDict} {
		ok, err := FromHost(build(MaxDepth))
		require.NoError(t, err)
		_, err = ok.Show(nil, 0)
		require.NoError(t, err)
		_, err = ok.AppendJSON(nil, 0)
		require.NoError(t, err)

		deep, err := FromHost(build(MaxDepth + 1))
		require.NoError(t, err)
		_, err = deep.Show(nil, 0)
		requireFailure(t, err, ErrLimit, "data nested deeper than 100 levels")
		_, err = deep.AppendJSON(nil, 0)
		requireFailure(t, err, ErrLimit, "data nested deeper than 100 levels")
	}
}

func TestShowCyclic(t *testing.T) {
	// Reliability 3 (CVE-2025-68156): cyclic host data ends with ErrLimit,
	// not a stack overflow.
	m := map[string]any{"name": "loop"}
	m["self"] = m
	l := []any{"a", nil}
	l[1] = l
	wide := make([]any, 50)
	for i := range wide {
		wide[i] = wide
	}
	for _, x := range []any{m, l, wide, []any{m}} {
		v, err := FromHost(x)
		require.NoError(t, err)
		_, err = v.Show(nil, 0)
		requireFailure(t, err, ErrLimit, "")
		_, err = v.AppendJSON(nil, 0)
		requireFailure(t, err, ErrLimit, "")
		require.Equal(t, "", v.String())
		require.False(t, Equal(v, TextValue("x")))
		require.False(t, Member(TextValue("x"), v))
		require.False(t, Contains(v, TextValue("x")))
	}
}

func TestShowMaxSize(t *testing.T) {
	// D17: max bytes passes, one more fails, and dst never grows past max.
	text := strings.Repeat("ab", 500) // 1000 bytes
	v := TextValue(text)
	b, err := v.Show(nil, 1000)
	require.NoError(t, err)
	require.Equal(t, text, string(b))
	require.LessOrEqual(t, cap(b), 1000)
	_, err = v.Show(nil, 999)
	requireFailure(t, err, ErrTooLong, "the result would be larger than the limit of 999 bytes")
	// max counts what dst held before.
	_, err = v.Show([]byte("x"), 1000)
	requireFailure(t, err, ErrLimit, "")

	list, err := FromHost([]string{"aaaa", "bbbb", "cccc"}) // "aaaa, bbbb, cccc" = 16 bytes
	require.NoError(t, err)
	b, err = list.Show(nil, 16)
	require.NoError(t, err)
	require.Equal(t, "aaaa, bbbb, cccc", string(b))
	require.LessOrEqual(t, cap(b), 16)
	_, err = list.Show(nil, 15)
	requireFailure(t, err, ErrLimit, "")

	big := NumberValue(num(t, "1"+strings.Repeat("0", MaxExponent)))
	b, err = big.Show(nil, MaxExponent+1)
	require.NoError(t, err)
	require.Len(t, b, MaxExponent+1)
	_, err = big.Show(nil, MaxExponent)
	requireFailure(t, err, ErrLimit, "")

	d, err := FromHost(map[string]any{"a": "x\n"}) // {"a":"x\n"} = 11 bytes
	require.NoError(t, err)
	b, err = d.AppendJSON(nil, 11)
	require.NoError(t, err)
	require.Equal(t, `{"a":"x\n"}`, string(b))
	_, err = d.AppendJSON(nil, 10)
	requireFailure(t, err, ErrLimit, "")

	// A list that shows many times larger than its data stops at max:
	// the same 1000-byte text 1000 times is a 1 MB result.
	items := make([]any, 1000)
	for i := range items {
		items[i] = text
	}
	many, err := FromHost(items)
	require.NoError(t, err)
	b, err = many.Show(make([]byte, 0, 16), 64*1024)
	requireFailure(t, err, ErrLimit, "")
	require.LessOrEqual(t, cap(b), 64*1024)
}
