package value

import (
	"sort"
	"unicode/utf8"

	"github.com/cockroachdb/apd/v3"
)

// Kind is the kind of a value (decision D1).
type Kind uint8

// The kinds. The zero Value is Empty.
const (
	Empty Kind = iota // missing: an unknown variable, key or index (E5)
	Text
	Number
	Bool
	List
	Dict
)

// String names the kind for messages: "empty", "text", "number",
// "boolean", "list", "dictionary".
func (k Kind) String() string {
	switch k {
	case Empty:
		return "empty"
	case Text:
		return "text"
	case Number:
		return "number"
	case Bool:
		return "boolean"
	case List:
		return "list"
	case Dict:
		return "dictionary"
	}
	return "unknown"
}

// Value is one value of the language (D1): empty, text, number, boolean, list
// or dictionary. Lists and dictionaries are host data, read lazily. The
// zero Value, Value{}, is the empty value (there is no exported variable
// for it, so nothing can change it). Values are immutable and safe to
// share.
//
// A Value is 32 bytes in 4 fields, so that Go passes and returns it in
// registers (a larger struct goes through memory at every call).
type Value struct {
	// ref is, for Text, the text as a string (the host's own interface
	// value when the text comes from host data, so reading it does not
	// allocate); for List and Dict the host container (a *Table for a row
	// of one); for Number the *apd.Decimal of a number too large for coef,
	// else nil.
	ref  any
	coef int64 // Number: Num.coef; Bool: 1 for true; Text: see parsedText; Dict of a *Table: the row
	exp  int32 // Number: Num.exp; Text: see parsedText
	kind Kind
}

// TextValue makes a Text value. TextValue, NumberValue and BoolValue make
// scalar values.
func TextValue(s string) Value { return Value{kind: Text, ref: s} }

// parsedText is TextValue(s) with its number reading (ToNumber, D6)
// worked out once, now, and kept in the value: for a text that is compared
// many times, such as a literal side of a condition (`${row.amount} > 0`).
// It is the same value as TextValue(s) in every other way. It is lent to
// eval (internal/lend), not exported: only its speed differs.
func parsedText(s string) Value {
	v := TextValue(s)
	n, ok := ParseNum(s)
	switch {
	case !ok:
		v.exp = textNotNumber
	case n.big == nil:
		v.coef, v.exp = n.coef, n.exp<<2|textNumber
	}
	return v
}

// The number reading of a Text value, in the low bits of its exp (the rest
// of exp and coef hold the number): unknown (TextValue), or known by
// parsedText.
const (
	textUnknown   = 0
	textNotNumber = 1
	textNumber    = 2
)

// textOf is the Text value of x, a host value whose dynamic type is
// string: the interface is kept as it is, so nothing is allocated.
func textOf(x any) Value { return Value{kind: Text, ref: x} }

// NumberValue makes a Number value.
func NumberValue(n Num) Value {
	if n.big != nil {
		return Value{kind: Number, ref: n.big}
	}
	return Value{kind: Number, coef: n.coef, exp: n.exp}
}

// BoolValue makes a Bool value.
func BoolValue(b bool) Value {
	if b {
		return Value{kind: Bool, coef: 1}
	}
	return Value{kind: Bool}
}

// Kind returns the kind of v.
func (v Value) Kind() Kind { return v.kind }

// Text returns the text of a Text value ("" for other kinds).
func (v Value) Text() string {
	s, _ := v.ref.(string) // only a Text value holds a string
	return s
}

// Num returns the number of a Number value (0 for other kinds).
func (v Value) Num() Num {
	if v.kind != Number {
		return Num{}
	}
	if d, ok := v.ref.(*apd.Decimal); ok {
		return Num{big: d}
	}
	return Num{coef: v.coef, exp: v.exp}
}

// Bool returns the boolean of a Bool value (false for other kinds).
func (v Value) Bool() bool { return v.kind == Bool && v.coef != 0 }

// Len is the number of items of a list or keys of a dictionary, and the
// number of code points of a text (D19; an invalid UTF-8 byte counts as
// one); 0 for other kinds.
func (v Value) Len() int {
	switch v.kind {
	case Text:
		return utf8.RuneCountInString(v.Text())
	case List, Dict:
		if c, ok := v.ref.([]any); ok {
			return len(c) // the common list, with one comparison
		}
		switch c := v.ref.(type) {
		case []string:
			return len(c)
		case []map[string]any:
			return len(c)
		case map[string]any:
			return len(c)
		case map[string]string:
			return len(c)
		case *Table:
			if v.kind == Dict {
				return len(c.keys) // a row
			}
			return c.n
		default:
			return reflectLen(c)
		}
	}
	return 0
}

// Index returns item i of a list (negative counts from the end); out of
// range, or v not a list, gives Value{} (D11). An item that is unsupported host
// data fails with ErrData.
func (v Value) Index(i int) (Value, error) {
	if v.kind != List {
		return Value{}, nil
	}
	switch c := v.ref.(type) {
	case []any:
		if j, ok := position(i, len(c)); ok {
			item, err := FromHost(c[j])
			if err != nil {
				return Value{}, atItem(err, indexStep(i))
			}
			return item, nil
		}
	case []string:
		if i, ok := position(i, len(c)); ok {
			return TextValue(c[i]), nil
		}
	case []map[string]any:
		if i, ok := position(i, len(c)); ok {
			return Value{kind: Dict, ref: c[i]}, nil
		}
	case *Table:
		return c.rowValue(i), nil
	default:
		item, err := reflectIndex(c, i)
		if err != nil {
			return Value{}, atItem(err, indexStep(i))
		}
		return item, nil
	}
	return Value{}, nil
}

// indexText returns item i of a list when that item is text, without
// building a Value: nothing is allocated for a list of Go strings. ok is
// false when v is not a list, i is out of range, or the item is not text
// (Index reads it then). A negative i counts from the end, as for Index.
// It is lent to funcs (internal/lend), not exported: only its speed
// differs from Index's.
func (v Value) indexText(i int) (s string, ok bool) {
	if v.kind != List {
		return "", false
	}
	switch c := v.ref.(type) {
	case []any:
		if i, in := position(i, len(c)); in {
			s, ok = c[i].(string)
		}
	case []string:
		if i, in := position(i, len(c)); in {
			return c[i], true
		}
	}
	return s, ok
}

// position turns an index into a position in a list of n items, counting
// a negative index from the end; ok is false out of range.
func position(i, n int) (int, bool) {
	if i < 0 {
		i += n
	}
	return i, 0 <= i && i < n
}

// Key returns the key k of a dictionary; a missing key, or v not a
// dictionary, gives Value{} (D10). An item that is unsupported host data fails
// with ErrData. found reports whether the key exists (a key whose host
// value is nil exists and is Value{}).
func (v Value) Key(k string) (Value, bool, error) {
	if v.kind != Dict {
		return Value{}, false, nil
	}
	switch c := v.ref.(type) {
	case map[string]any:
		x, ok := c[k]
		if !ok {
			return Value{}, false, nil
		}
		item, err := FromHost(x)
		if err != nil {
			return Value{}, true, atItem(err, keyStep(k))
		}
		return item, true, nil
	case map[string]string:
		s, ok := c[k]
		if !ok {
			return Value{}, false, nil
		}
		return TextValue(s), true, nil
	case *Table:
		return tableKey(c, v.coef, k)
	default:
		item, found, err := reflectKey(c, k)
		if err != nil {
			return Value{}, found, atItem(err, keyStep(k))
		}
		return item, found, nil
	}
}

// Keys returns a dictionary's keys, sorted (nil for other kinds). It
// charges nothing; Limits.Keys is Keys under a budget.
func (v Value) Keys() []string {
	if v.kind != Dict {
		return nil
	}
	keys, _ := v.unsortedKeys()
	sort.Strings(keys)
	return keys
}

// searchKeys returns a dictionary's keys in an order that is the same at
// every call, for a search that stops at the first key it finds and
// charges each key it compares (hasKey): a table's row (a sheet's) in its
// columns' order, the table's own slice, neither copied nor sorted on
// each evaluation; any other dictionary's sorted, as Keys. The caller
// does not change the slice.
func (v Value) searchKeys() []string {
	if t, ok := v.ref.(*Table); ok && v.kind == Dict {
		return t.keys
	}
	return v.Keys()
}

// unsortedKeys returns a dictionary's keys in the host's order, and the
// sum of their lengths.
func (v Value) unsortedKeys() (keys []string, size int) {
	switch c := v.ref.(type) {
	case map[string]any:
		keys = make([]string, 0, len(c))
		for k := range c {
			keys = append(keys, k)
			size += len(k)
		}
	case map[string]string:
		keys = make([]string, 0, len(c))
		for k := range c {
			keys = append(keys, k)
			size += len(k)
		}
	case *Table:
		keys = append(make([]string, 0, len(c.keys)), c.keys...)
		for _, k := range c.keys {
			size += len(k)
		}
	default:
		return reflectKeys(c)
	}
	return keys, size
}
