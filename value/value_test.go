package value

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/require"
)

func TestKindString(t *testing.T) {
	// D1: the kinds, named for messages.
	names := map[Kind]string{
		Empty: "empty", Text: "text", Number: "number", Bool: "boolean",
		List: "list", Dict: "dictionary", Kind(200): "unknown",
	}
	for k, want := range names {
		require.Equal(t, want, k.String())
	}
	require.Equal(t, Empty, Value{}.Kind())
	require.Equal(t, Empty, Value{}.Kind())
}

func TestScalars(t *testing.T) {
	// D1: scalar values and their accessors.
	v := TextValue("บาท")
	require.Equal(t, Text, v.Kind())
	require.Equal(t, "บาท", v.Text())
	require.Equal(t, 3, v.Len(), "D19: code points, not bytes")
	require.Equal(t, Num{}, v.Num())
	require.False(t, v.Bool())

	n := NumberValue(num(t, "-12.5"))
	require.Equal(t, Number, n.Kind())
	require.Equal(t, "-12.5", n.Num().String())
	require.Equal(t, "", n.Text())
	require.Equal(t, 0, n.Len())

	huge := NumberValue(num(t, "123456789012345678901234567890"))
	require.Equal(t, "123456789012345678901234567890", huge.Num().String())
	require.Equal(t, 0, huge.Num().Cmp(num(t, "123456789012345678901234567890")))

	require.True(t, BoolValue(true).Bool())
	require.False(t, BoolValue(false).Bool())
	require.Equal(t, Bool, BoolValue(false).Kind())
	require.Equal(t, 0, BoolValue(true).Len())

	// D19 with invalid UTF-8: each invalid byte counts as one, nothing panics.
	require.Equal(t, 3, TextValue("a\xff\xfe").Len())
	require.Equal(t, 0, TextValue("").Len())
}

func TestFromHostScalars(t *testing.T) {
	// D1, D2: host scalars.
	tests := []struct {
		in   any
		kind Kind
		want string
	}{
		{nil, Empty, ""},
		{"abc", Text, "abc"},
		{true, Bool, "true"},
		{false, Bool, "false"},
		{int(-3), Number, "-3"},
		{int8(-8), Number, "-8"},
		{int16(16), Number, "16"},
		{int32(32), Number, "32"},
		{int64(math.MaxInt64), Number, "9223372036854775807"},
		{int64(math.MinInt64), Number, "-9223372036854775808"},
		{uint(7), Number, "7"},
		{uint8(255), Number, "255"},
		{uint16(65535), Number, "65535"},
		{uint32(math.MaxUint32), Number, "4294967295"},
		{uint64(math.MaxUint64), Number, "18446744073709551615"},
		{uint64(10000000000000000000), Number, "10000000000000000000"},
		{float64(0.07), Number, "0.07"},
		{float32(2.5), Number, "2.5"},
		{json.Number("15434.75"), Number, "15434.75"},
		{json.Number("-0.10"), Number, "-0.1"},
		{json.Number("12345678901234567890.5"), Number, "12345678901234567890.5"},
		{json.Number("1.5e3"), Number, "1500"},
		{json.Number("1E-3"), Number, "0.001"},
		{json.Number("1e400"), Number, "1" + strings.Repeat("0", 400)},
		{json.Number("0e99999999999"), Number, "0"},
		{Int(42), Number, "42"},
		{TextValue("v"), Text, "v"},
	}
	for _, tt := range tests {
		v, err := FromHost(tt.in)
		require.NoError(t, err, "%#v", tt.in)
		require.Equal(t, tt.kind, v.Kind(), "%#v", tt.in)
		require.Equal(t, tt.want, v.String(), "%#v", tt.in)
	}
}

func TestFromHostRejects(t *testing.T) {
	// D1: nothing else of the host is read; the reason names no Go type.
	type row struct{ Name string }
	x := 1
	ch := make(chan int)
	rejects := []struct {
		in     any
		detail string
	}{
		{row{"a"}, "unsupported data: value.row (a struct); pass a map"},
		{&row{"a"}, "unsupported data: *value.row (a pointer); pass a map, a slice or a plain value"},
		{&x, "unsupported data: *int (a pointer); pass a map, a slice or a plain value"},
		{func() {}, "unsupported data: func() (a func); pass data"},
		{ch, "unsupported data: chan int (a channel); pass data"},
		{map[int]any{1: "a"}, "unsupported data: map[int]interface {} (a map whose keys are not text); use string keys"},
		{map[any]any{"a": 1}, "unsupported data: map[interface {}]interface {} (a map whose keys are not text); use string keys"},
		{[2]string{"a", "b"}, "unsupported data: [2]string (an array); pass a slice"},
		{uintptr(1), "unsupported data: uintptr (a uintptr); pass a uint64"},
		{complex(1, 2), "unsupported data: complex128 (a complex number); pass a float or a decimal"},
		{struct{}{}, "unsupported data: struct {} (a struct); pass a map"},
		{&[]any{}, "unsupported data: *[]interface {} (a pointer); pass a map, a slice or a plain value"},
		{[]row{{"a"}}, "unsupported data: []value.row: value.row (a struct); pass a map"},
		{map[string][]*row{}, "unsupported data: map[string][]*value.row: []*value.row: *value.row (a pointer); pass a map, a slice or a plain value"},
		{apd.Decimal{}, "unsupported data: apd.Decimal (a struct); pass a *apd.Decimal"},
		{[]apd.Decimal{}, "unsupported data: []apd.Decimal: apd.Decimal (a struct); pass a *apd.Decimal"},
	}
	for _, c := range rejects {
		_, err := FromHost(c.in)
		requireFailure(t, err, ErrData, "unsupported data")
		var f *Failure
		require.ErrorAs(t, err, &f)
		require.Equal(t, c.detail, f.Detail, "%T", c.in)
	}
	// An item of unsupported data is refused when it is read.
	list, err := FromHost([]any{"a", row{"b"}})
	require.NoError(t, err)
	_, err = list.Index(1)
	requireFailure(t, err, ErrData, "unsupported data")
	// D2: a json.Number keeps its exact value; not a number is ErrData, beyond
	// the limits is ErrLimit.
	for _, s := range []string{"", "abc", "1e", "0x10", "NaN", "1,5", "--1", " 1"} {
		_, err := FromHost(json.Number(s))
		requireFailure(t, err, ErrData, "")
	}
	_, err = FromHost(json.Number("abc"))
	requireFailure(t, err, ErrData, "unsupported data: 'abc' is not a number")
	for _, s := range []string{"1e1001", "1e999999999999999", "1e-1001", "-1e5000"} {
		_, err := FromHost(json.Number(s))
		requireFailure(t, err, ErrLimit, "")
	}
	_, err = FromHost(math.NaN())
	requireFailure(t, err, ErrData, "")
	_, err = FromHost(float32(math.Inf(1)))
	requireFailure(t, err, ErrData, "")
}

func TestLists(t *testing.T) {
	// D1, D11: lists read host items lazily; negative counts from the end;
	// out of range is empty.
	anyList, err := FromHost([]any{"a", json.Number("1.50"), nil, []any{"x"}, map[string]any{"k": "v"}, row{}})
	require.NoError(t, err)
	require.Equal(t, List, anyList.Kind())
	require.Equal(t, 6, anyList.Len())
	item, err := anyList.Index(1)
	require.NoError(t, err)
	require.Equal(t, "1.5", item.String())
	item, err = anyList.Index(-3)
	require.NoError(t, err)
	require.Equal(t, List, item.Kind())
	item, err = anyList.Index(2)
	require.NoError(t, err)
	require.Equal(t, Empty, item.Kind())
	for _, i := range []int{6, -7, math.MaxInt, math.MinInt} {
		item, err = anyList.Index(i)
		require.NoError(t, err)
		require.Equal(t, Value{}, item)
	}
	_, err = anyList.Index(-1)
	requireFailure(t, err, ErrData, "unsupported data")

	strs, err := FromHost([]string{"a", "b"})
	require.NoError(t, err)
	item, err = strs.Index(-1)
	require.NoError(t, err)
	require.Equal(t, TextValue("b"), item)

	rows, err := FromHost([]map[string]any{{"id": 7}})
	require.NoError(t, err)
	item, err = rows.Index(0)
	require.NoError(t, err)
	require.Equal(t, Dict, item.Kind())
	id, found, err := item.Key("id")
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, "7", id.String())

	var nilList []any
	empty, err := FromHost(nilList)
	require.NoError(t, err)
	require.Equal(t, List, empty.Kind())
	require.Equal(t, 0, empty.Len())

	// Index on anything but a list is empty.
	for _, v := range []Value{Value{}, TextValue("abc"), NumberValue(Int(1)), item} {
		got, err := v.Index(0)
		require.NoError(t, err)
		require.Equal(t, Value{}, got)
	}
}

type row struct{ A int }

func TestDicts(t *testing.T) {
	// D1, D10: dictionaries read keys lazily; a missing key is empty.
	d, err := FromHost(map[string]any{"b": 2.5, "a": "x", "_id": nil, "bad": row{}})
	require.NoError(t, err)
	require.Equal(t, Dict, d.Kind())
	require.Equal(t, 4, d.Len())
	require.Equal(t, []string{"_id", "a", "b", "bad"}, d.Keys())
	v, found, err := d.Key("b")
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, "2.5", v.String())
	v, found, err = d.Key("_id")
	require.NoError(t, err)
	require.True(t, found, "a key whose value is nil exists")
	require.Equal(t, Value{}, v)
	v, found, err = d.Key("missing")
	require.NoError(t, err)
	require.False(t, found)
	require.Equal(t, Value{}, v)
	_, found, err = d.Key("bad")
	require.True(t, found)
	requireFailure(t, err, ErrData, "unsupported data")

	s, err := FromHost(map[string]string{"z": "1", "y": "2"})
	require.NoError(t, err)
	require.Equal(t, []string{"y", "z"}, s.Keys())
	v, found, err = s.Key("z")
	require.NoError(t, err)
	require.True(t, found)
	require.Equal(t, TextValue("1"), v)
	_, found, _ = s.Key("x")
	require.False(t, found)

	// Key on anything but a dictionary is empty.
	for _, v := range []Value{Value{}, TextValue("abc"), NumberValue(Int(1))} {
		got, found, err := v.Key("a")
		require.NoError(t, err)
		require.False(t, found)
		require.Equal(t, Value{}, got)
		require.Nil(t, v.Keys())
	}
}
