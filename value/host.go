package value

import (
	"encoding/json"
	"time"

	"github.com/cockroachdb/apd/v3"
)

// FromHost turns host data into a Value without copying containers (D1).
// Accepted:
//
//   - nil (empty); string and bool; every int, uint and float kind (a float
//     by FromFloat, so 0.07 stays 0.07); json.Number and *apd.Decimal,
//     exact; Num and Value;
//   - time.Time, as text in RFC 3339 (2026-03-01T09:30:00+07:00, with
//     fractional seconds only when it has them);
//   - slices and maps with string keys of any of these, at any depth:
//     []any, []int, []float64, []map[string]any, map[string]int,
//     map[string][]string, and named types of them (type IDs []string);
//   - a *Table: a list of dictionaries that share their keys (a sheet's
//     rows, as package data reads them).
//
// Lists and dictionaries stay the host's own: Len, Index, Key and Keys
// read them in place, and an item is converted when it is read. No method
// of the data is ever called (a fmt.Stringer is not read) and no struct
// field is read. Anything else (a struct, a pointer, a func, a channel, a
// map with keys that are not text) fails with ErrData: the reason is
// "unsupported data", free of Go types, and Failure.Detail names the Go
// type for the programmer ("unsupported data: main.Customer (a struct);
// pass a map"). A slice or map whose element type can never be read fails
// here too, not when an item is read.
//
// A json.Number or *apd.Decimal keeps its exact decimal; exponent form
// ("1.5e3", "1e400") is accepted as long as the number stays within
// MaxDigits and MaxExponent, and fails with ErrLimit beyond them. A
// json.Number that is not number text, and a decimal that is NaN or
// infinite, fail with ErrData. uintptr and complex numbers are not
// accepted.
func FromHost(x any) (Value, error) {
	if _, ok := x.(string); ok {
		return textOf(x), nil // the most common item, with one comparison
	}
	switch t := x.(type) {
	case nil:
		return Value{}, nil
	case string:
		return textOf(x), nil
	case Value:
		return t, nil
	case bool:
		return BoolValue(t), nil
	case int:
		return NumberValue(Int(int64(t))), nil
	case int64:
		return NumberValue(Int(t)), nil
	case float64:
		return floatValue(t, 64)
	case json.Number:
		if n, ok := parseSmall(string(t), true); ok {
			return NumberValue(n), nil // parseJSONNumber's first try, a call less
		}
		n, err := parseJSONNumber(string(t))
		if err != nil {
			return Value{}, err
		}
		return NumberValue(n), nil
	case []any, []string, []map[string]any:
		return Value{kind: List, ref: x}, nil
	case map[string]any, map[string]string:
		return Value{kind: Dict, ref: x}, nil
	case *Table:
		if t == nil {
			return Value{}, nil
		}
		return Value{kind: List, ref: t}, nil
	case Num:
		return NumberValue(t), nil
	case int8:
		return NumberValue(Int(int64(t))), nil
	case int16:
		return NumberValue(Int(int64(t))), nil
	case int32:
		return NumberValue(Int(int64(t))), nil
	case uint:
		return NumberValue(fromUint64(uint64(t))), nil
	case uint8:
		return NumberValue(Int(int64(t))), nil
	case uint16:
		return NumberValue(Int(int64(t))), nil
	case uint32:
		return NumberValue(Int(int64(t))), nil
	case uint64:
		return NumberValue(fromUint64(t)), nil
	case float32:
		return floatValue(float64(t), 32)
	case *apd.Decimal:
		return decimalValue(t)
	case time.Time:
		return TextValue(t.Format(time.RFC3339Nano)), nil
	}
	return fromKinds(x)
}

func floatValue(f float64, bitSize int) (Value, error) {
	n, err := fromFloat(f, bitSize)
	if err != nil {
		return Value{}, err
	}
	return NumberValue(n), nil
}

// decimalValue is the number of a host decimal, copied (the host may change
// its decimal later; a Value never changes). A nil decimal is empty.
func decimalValue(d *apd.Decimal) (Value, error) {
	if d == nil {
		return Value{}, nil
	}
	if d.Form != apd.Finite {
		return Value{}, Fail(ErrData, "unsupported data: a number that is not finite")
	}
	if d.NumDigits() > 2*MaxDigits { // trailing zeros may still reduce away
		return Value{}, errNumDigits()
	}
	var z apd.Decimal
	z.Set(d)
	n, err := fromDec(&z)
	if err != nil {
		return Value{}, err
	}
	return NumberValue(n), nil
}

// errUnsupportedType is the failure for host data of a Go type that is
// not accepted: the reason for the flow author, the detail for the Go
// programmer.
func errUnsupportedType(detail string) error {
	return &Failure{Kind: ErrData, Reason: "unsupported data", Detail: "unsupported data: " + detail}
}
