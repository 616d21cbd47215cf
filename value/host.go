package value

import "encoding/json"

// FromHost turns host data into a Value without copying containers. Accepted:
// nil, string, bool, all int and uint kinds, float32/64 (by FromFloat),
// json.Number (exact), Num, Value, []any, []string, []map[string]any,
// map[string]any, map[string]string. Anything else (a struct, a func, a
// channel, a pointer) fails with ErrData and a reason that names no Go type:
// "unsupported data". Items inside containers are converted when read.
//
// A json.Number keeps its exact decimal; exponent form ("1.5e3", "1e400")
// is accepted as long as the number stays within MaxDigits and
// MaxExponent, and fails with ErrLimit beyond them. A json.Number that is
// not number text at all fails with ErrData. uintptr is not accepted.
func FromHost(x any) (Value, error) {
	switch t := x.(type) {
	case nil:
		return Null, nil
	case string:
		return TextValue(t), nil
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
		n, err := parseJSONNumber(string(t))
		if err != nil {
			return Null, err
		}
		return NumberValue(n), nil
	case []any, []string, []map[string]any:
		return Value{kind: List, ref: x}, nil
	case map[string]any, map[string]string:
		return Value{kind: Dict, ref: x}, nil
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
	}
	return Null, errUnsupported()
}

func floatValue(f float64, bitSize int) (Value, error) {
	n, err := fromFloat(f, bitSize)
	if err != nil {
		return Null, err
	}
	return NumberValue(n), nil
}
