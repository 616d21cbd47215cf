package value

import (
	"unicode/utf8"
)

// DefaultMaxSize is the default cap, in bytes, on a text value built while
// evaluating or showing (D17).
const DefaultMaxSize = 1 << 20

// MaxDepth bounds how deep Show, AppendJSON and Equal walk host data.
const MaxDepth = 100

// Show appends the shown text of v to dst (D3, D4): empty -> "", boolean ->
// true/false, a number by D3, a list -> its items shown and joined with ", ",
// a dictionary -> JSON text with sorted keys. It fails with ErrLimit when dst
// would grow past max bytes, before allocating that much, and when host data
// nests deeper than MaxDepth (cyclic data). max counts all of dst, what it
// held before included; max <= 0 means DefaultMaxSize.
func (v Value) Show(dst []byte, max int) ([]byte, error) {
	if max <= 0 {
		max = DefaultMaxSize
	}
	return v.show(dst, max, 0)
}

// String is Show without a limit beyond DefaultMaxSize; for tests and debug.
// It is "" when showing fails.
func (v Value) String() string {
	if v.kind == Text {
		return v.s
	}
	b, err := v.Show(nil, DefaultMaxSize)
	if err != nil {
		return ""
	}
	return string(b)
}

// AppendJSON appends v as JSON (numbers as exact JSON numbers, keys sorted),
// with the same limits as Show. Empty is null; text is a JSON string, with
// invalid UTF-8 written as U+FFFD.
func (v Value) AppendJSON(dst []byte, max int) ([]byte, error) {
	if max <= 0 {
		max = DefaultMaxSize
	}
	return v.appendJSON(dst, max, 0)
}

// show appends v shown; depth counts the containers v is inside.
func (v Value) show(dst []byte, max, depth int) ([]byte, error) {
	switch v.kind {
	case Text:
		return appendText(dst, v.s, max)
	case Number:
		return appendNum(dst, v.Num(), max)
	case Bool:
		if v.coef != 0 {
			return appendText(dst, "true", max)
		}
		return appendText(dst, "false", max)
	case List:
		if depth >= MaxDepth {
			return dst, errTooDeep()
		}
		n := v.Len()
		for i := 0; i < n; i++ {
			var err error
			if i > 0 {
				if dst, err = appendText(dst, ", ", max); err != nil {
					return dst, err
				}
			}
			item, err := v.Index(i)
			if err != nil {
				return dst, err
			}
			if dst, err = item.show(dst, max, depth+1); err != nil {
				return dst, err
			}
		}
		return dst, nil
	case Dict:
		return v.appendJSON(dst, max, depth)
	}
	return dst, nil
}

// appendJSON appends v as JSON; depth counts the containers v is inside.
func (v Value) appendJSON(dst []byte, max, depth int) ([]byte, error) {
	var err error
	switch v.kind {
	case Empty:
		return appendText(dst, "null", max)
	case Text:
		return appendJSONString(dst, v.s, max)
	case Number, Bool:
		return v.show(dst, max, depth)
	case List:
		if depth >= MaxDepth {
			return dst, errTooDeep()
		}
		if dst, err = appendText(dst, "[", max); err != nil {
			return dst, err
		}
		n := v.Len()
		for i := 0; i < n; i++ {
			if i > 0 {
				if dst, err = appendText(dst, ",", max); err != nil {
					return dst, err
				}
			}
			item, err := v.Index(i)
			if err != nil {
				return dst, err
			}
			if dst, err = item.appendJSON(dst, max, depth+1); err != nil {
				return dst, err
			}
		}
		return appendText(dst, "]", max)
	case Dict:
		if depth >= MaxDepth {
			return dst, errTooDeep()
		}
		if dst, err = appendText(dst, "{", max); err != nil {
			return dst, err
		}
		for i, k := range v.Keys() {
			if i > 0 {
				if dst, err = appendText(dst, ",", max); err != nil {
					return dst, err
				}
			}
			if dst, err = appendJSONString(dst, k, max); err != nil {
				return dst, err
			}
			if dst, err = appendText(dst, ":", max); err != nil {
				return dst, err
			}
			item, _, err := v.Key(k)
			if err != nil {
				return dst, err
			}
			if dst, err = item.appendJSON(dst, max, depth+1); err != nil {
				return dst, err
			}
		}
		return appendText(dst, "}", max)
	}
	return dst, nil
}

// grow makes room for n more bytes in dst, failing when len(dst)+n would
// pass max. It never allocates more than max bytes.
func grow(dst []byte, n, max int) ([]byte, error) {
	need := len(dst) + n
	if n < 0 || need > max || need < len(dst) {
		return dst, errTooLong(max)
	}
	if need <= cap(dst) {
		return dst, nil
	}
	c := 2 * cap(dst)
	if c < need {
		c = need
	}
	if c < 64 {
		c = 64
	}
	if c > max {
		c = max
	}
	grown := make([]byte, len(dst), c)
	copy(grown, dst)
	return grown, nil
}

// appendText appends s within max.
func appendText(dst []byte, s string, max int) ([]byte, error) {
	dst, err := grow(dst, len(s), max)
	if err != nil {
		return dst, err
	}
	return append(dst, s...), nil
}

// appendNum appends n shown by D3 within max.
func appendNum(dst []byte, n Num, max int) ([]byte, error) {
	dst, err := grow(dst, n.shownLen(), max)
	if err != nil {
		return dst, err
	}
	return n.Append(dst), nil
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string within max: quotes,
// backslashes and control characters escaped, U+2028 and U+2029 escaped,
// invalid UTF-8 as \ufffd.
func appendJSONString(dst []byte, s string, max int) ([]byte, error) {
	dst, err := grow(dst, jsonStringLen(s), max)
	if err != nil {
		return dst, err
	}
	dst = append(dst, '"')
	start := 0 // s[start:i] is still to be copied as is
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"'), nil
}

// jsonStringLen is the length appendJSONString writes for s.
func jsonStringLen(s string) int {
	n := 2
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch {
			case c == '"' || c == '\\' || c == '\n' || c == '\r' || c == '\t':
				n += 2
			case c < 0x20:
				n += 6
			default:
				n++
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || r == '\u2028' || r == '\u2029' {
			n += 6
		} else {
			n += size
		}
		i += size
	}
	return n
}
