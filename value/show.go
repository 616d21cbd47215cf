package value

import (
	"sort"
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
// held before included; max <= 0 means DefaultMaxSize. Show charges no
// budget: it is Limits{MaxSize: max}.Show.
func (v Value) Show(dst []byte, max int) ([]byte, error) {
	return Limits{MaxSize: max}.Show(dst, v)
}

// Show is Value.Show under l: the cap is l.Cap(), and the budget is charged
// for every byte before it is written and a step for every item and key
// visited (a dictionary's key count before its keys are sorted), so a
// value that shows far larger than its data (shared sub-values) stops at
// the budget.
func (l Limits) Show(dst []byte, v Value) ([]byte, error) {
	return v.show(dst, l.normal(), 0)
}

// String is Show without a limit beyond DefaultMaxSize; for tests and debug.
// It is "" when showing fails.
func (v Value) String() string {
	if v.kind == Text {
		return v.Text()
	}
	b, err := v.Show(nil, DefaultMaxSize)
	if err != nil {
		return ""
	}
	return string(b)
}

// AppendJSON appends v as JSON (numbers as exact JSON numbers, keys sorted),
// with the same limits as Show. Empty is null; text is a JSON string, with
// invalid UTF-8 written as U+FFFD. It is Limits{MaxSize: max}.AppendJSON.
func (v Value) AppendJSON(dst []byte, max int) ([]byte, error) {
	return Limits{MaxSize: max}.AppendJSON(dst, v)
}

// AppendJSON is Value.AppendJSON under l, charged as Show is.
func (l Limits) AppendJSON(dst []byte, v Value) ([]byte, error) {
	return v.appendJSON(dst, l.normal(), 0)
}

// Keys returns a dictionary's keys, sorted (nil for other kinds), charging
// a step for each key before it collects them and the bytes of the keys
// before it sorts them.
func (l Limits) Keys(v Value) ([]string, error) {
	if v.kind != Dict {
		return nil, nil
	}
	if err := l.Budget.Steps(v.Len()); err != nil {
		return nil, err
	}
	keys, size := v.unsortedKeys()
	if err := l.Budget.Bytes(size); err != nil {
		return nil, err
	}
	sort.Strings(keys)
	return keys, nil
}

// show appends v shown; depth counts the containers v is inside. l is
// normal.
func (v Value) show(dst []byte, l Limits, depth int) ([]byte, error) {
	switch v.kind {
	case Text:
		return appendText(dst, v.Text(), l)
	case Number:
		return appendNum(dst, v.Num(), l)
	case Bool:
		if v.coef != 0 {
			return appendText(dst, "true", l)
		}
		return appendText(dst, "false", l)
	case List:
		if depth >= MaxDepth {
			return dst, errTooDeep()
		}
		n := v.Len()
		for i := 0; i < n; i++ {
			if err := l.Budget.Steps(1); err != nil {
				return dst, err
			}
			var err error
			if i > 0 {
				if dst, err = appendText(dst, ", ", l); err != nil {
					return dst, err
				}
			}
			item, err := v.Index(i)
			if err != nil {
				return dst, err
			}
			if dst, err = item.show(dst, l, depth+1); err != nil {
				return dst, atItem(err, indexStep(i))
			}
		}
		return dst, nil
	case Dict:
		return v.appendJSON(dst, l, depth)
	}
	return dst, nil
}

// appendJSON appends v as JSON; depth counts the containers v is inside.
// l is normal.
func (v Value) appendJSON(dst []byte, l Limits, depth int) ([]byte, error) {
	var err error
	switch v.kind {
	case Empty:
		return appendText(dst, "null", l)
	case Text:
		return appendJSONString(dst, v.Text(), l)
	case Number, Bool:
		return v.show(dst, l, depth)
	case List:
		if depth >= MaxDepth {
			return dst, errTooDeep()
		}
		if dst, err = appendText(dst, "[", l); err != nil {
			return dst, err
		}
		n := v.Len()
		for i := 0; i < n; i++ {
			if err := l.Budget.Steps(1); err != nil {
				return dst, err
			}
			if i > 0 {
				if dst, err = appendText(dst, ",", l); err != nil {
					return dst, err
				}
			}
			item, err := v.Index(i)
			if err != nil {
				return dst, err
			}
			if dst, err = item.appendJSON(dst, l, depth+1); err != nil {
				return dst, atItem(err, indexStep(i))
			}
		}
		return appendText(dst, "]", l)
	case Dict:
		if depth >= MaxDepth {
			return dst, errTooDeep()
		}
		if dst, err = appendText(dst, "{", l); err != nil {
			return dst, err
		}
		keys, err := l.Keys(v)
		if err != nil {
			return dst, err
		}
		for i, k := range keys {
			if i > 0 {
				if dst, err = appendText(dst, ",", l); err != nil {
					return dst, err
				}
			}
			if dst, err = appendJSONString(dst, k, l); err != nil {
				return dst, err
			}
			if dst, err = appendText(dst, ":", l); err != nil {
				return dst, err
			}
			item, _, err := v.Key(k)
			if err != nil {
				return dst, err
			}
			if dst, err = item.appendJSON(dst, l, depth+1); err != nil {
				return dst, atItem(err, keyStep(k))
			}
		}
		return appendText(dst, "}", l)
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

// room makes room for n more bytes in dst within l's cap (l is normal)
// and charges them to l's budget, both before anything is written.
func room(dst []byte, n int, l Limits) ([]byte, error) {
	dst, err := grow(dst, n, l.MaxSize)
	if err != nil {
		return dst, err
	}
	return dst, l.Budget.Bytes(n)
}

// appendText appends s within l.
func appendText(dst []byte, s string, l Limits) ([]byte, error) {
	dst, err := room(dst, len(s), l)
	if err != nil {
		return dst, err
	}
	return append(dst, s...), nil
}

// appendNum appends n shown by D3 within l.
func appendNum(dst []byte, n Num, l Limits) ([]byte, error) {
	dst, err := room(dst, n.shownLen(), l)
	if err != nil {
		return dst, err
	}
	return n.Append(dst), nil
}

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string within l: quotes,
// backslashes and control characters escaped, U+2028 and U+2029 escaped,
// invalid UTF-8 as \ufffd.
func appendJSONString(dst []byte, s string, l Limits) ([]byte, error) {
	dst, err := room(dst, jsonStringLen(s), l)
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
