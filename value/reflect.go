package value

// This is the one file of the library that imports reflect (the import
// guard, eval/imports_test.go, allows it here and nowhere else). It reads
// host data of types that FromHost does not name, such as []int,
// map[string][]string or a named type of them, by their kinds alone: the
// kind of a value, and of a slice or a map its length, its items (Index),
// its keys (MapKeys) and their values (MapIndex). It never reads a struct
// field, never calls a method, and calls Interface only on an item of a
// slice or map that the host passed in (never on an unexported field).

import (
	"encoding/json"
	"reflect"
	"time"

	"github.com/cockroachdb/apd/v3"
)

// The types FromHost reads by type, not by kind: a json.Number is a
// string and a time.Time a struct by kind, but neither is read so.
var (
	jsonNumberType = reflect.TypeFor[json.Number]()
	timeType       = reflect.TypeFor[time.Time]()
	decimalType    = reflect.TypeFor[*apd.Decimal]()
	numType        = reflect.TypeFor[Num]()
	valueType      = reflect.TypeFor[Value]()
)

// byType reports the types of FromHost's own cases.
func byType(t reflect.Type) bool {
	return t == jsonNumberType || t == timeType || t == decimalType || t == numType || t == valueType
}

// fromKinds is FromHost for data that none of its own cases matched.
func fromKinds(x any) (Value, error) {
	return fromReflect(reflect.ValueOf(x))
}

// fromReflect reads one value by its kind.
func fromReflect(rv reflect.Value) (Value, error) {
	t := rv.Type()
	if byType(t) || t.Kind() == reflect.Interface {
		if t.Kind() == reflect.Interface && rv.IsNil() {
			return Value{}, nil
		}
		if !rv.CanInterface() {
			return Value{}, errUnsupportedType(t.String() + " (not exported)")
		}
		if t.Kind() == reflect.Interface {
			return FromHost(rv.Elem().Interface())
		}
		return FromHost(rv.Interface())
	}
	switch t.Kind() {
	case reflect.String:
		return TextValue(rv.String()), nil
	case reflect.Bool:
		return BoolValue(rv.Bool()), nil
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return NumberValue(Int(rv.Int())), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return NumberValue(fromUint64(rv.Uint())), nil
	case reflect.Float32:
		return floatValue(rv.Float(), 32)
	case reflect.Float64:
		return floatValue(rv.Float(), 64)
	case reflect.Slice, reflect.Map:
		if why := refusal(t, 0); why != "" {
			return Value{}, errUnsupportedType(why)
		}
		if !rv.CanInterface() {
			return Value{}, errUnsupportedType(t.String() + " (not exported)")
		}
		kind := List
		if t.Kind() == reflect.Map {
			kind = Dict
		}
		return Value{kind: kind, ref: rv.Interface()}, nil
	}
	return Value{}, errUnsupportedType(refusal(t, 0))
}

// maxTypeDepth bounds how deep refusal looks into element types; deeper
// (a recursive type such as type T []T) is checked when items are read.
const maxTypeDepth = 16

// refusal says, for the Go programmer, why data of type t cannot be read,
// or is "" when it can.
func refusal(t reflect.Type, depth int) string {
	if byType(t) || depth > maxTypeDepth {
		return ""
	}
	switch t.Kind() {
	case reflect.String, reflect.Bool, reflect.Interface,
		reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64,
		reflect.Float32, reflect.Float64:
		return ""
	case reflect.Slice:
		if why := refusal(t.Elem(), depth+1); why != "" {
			return t.String() + ": " + why
		}
		return ""
	case reflect.Map:
		if t.Key().Kind() != reflect.String {
			return t.String() + " (a map whose keys are not text); use string keys"
		}
		if why := refusal(t.Elem(), depth+1); why != "" {
			return t.String() + ": " + why
		}
		return ""
	case reflect.Struct:
		if t == decimalType.Elem() {
			return t.String() + " (a struct); pass a *apd.Decimal"
		}
		return t.String() + " (a struct); pass a map"
	case reflect.Pointer:
		return t.String() + " (a pointer); pass a map, a slice or a plain value"
	case reflect.Array:
		return t.String() + " (an array); pass a slice"
	case reflect.Func:
		return t.String() + " (a func); pass data"
	case reflect.Chan:
		return t.String() + " (a channel); pass data"
	case reflect.Complex64, reflect.Complex128:
		return t.String() + " (a complex number); pass a float or a decimal"
	case reflect.Uintptr:
		return t.String() + " (a uintptr); pass a uint64"
	}
	return t.String() + " (a " + t.Kind().String() + ")"
}

// reflectLen is Len of a list or dictionary that fromReflect made.
func reflectLen(c any) int {
	rv := reflect.ValueOf(c)
	switch rv.Kind() {
	case reflect.Slice, reflect.Map:
		return rv.Len()
	}
	return 0
}

// reflectIndex is Index of a list that fromReflect made.
func reflectIndex(c any, i int) (Value, error) {
	rv := reflect.ValueOf(c)
	if rv.Kind() != reflect.Slice {
		return Value{}, nil
	}
	if i, ok := position(i, rv.Len()); ok {
		return fromReflect(rv.Index(i))
	}
	return Value{}, nil
}

// reflectKey is Key of a dictionary that fromReflect made.
func reflectKey(c any, k string) (Value, bool, error) {
	rv := reflect.ValueOf(c)
	if rv.Kind() != reflect.Map {
		return Value{}, false, nil
	}
	key := reflect.ValueOf(k)
	if kt := rv.Type().Key(); kt != key.Type() {
		key = key.Convert(kt) // a named string type
	}
	item := rv.MapIndex(key)
	if !item.IsValid() {
		return Value{}, false, nil
	}
	x, err := fromReflect(item)
	return x, true, err
}

// reflectKeys is unsortedKeys of a dictionary that fromReflect made.
func reflectKeys(c any) (keys []string, size int) {
	rv := reflect.ValueOf(c)
	if rv.Kind() != reflect.Map {
		return nil, 0
	}
	for _, k := range rv.MapKeys() {
		keys = append(keys, k.String())
		size += k.Len()
	}
	return keys, size
}
