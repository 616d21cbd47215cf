package value

import (
	"reflect"
	"testing"
	"unsafe"
)

// TestValueFitsInRegisters pins the shape of Value (issue #11): Go passes
// a struct in registers only when it has at most 4 fields and 32 bytes, so
// a larger Value goes through memory at every closure of an evaluation.
func TestValueFitsInRegisters(t *testing.T) {
	if n := unsafe.Sizeof(Value{}); n > 32 {
		t.Fatalf("value.Value is %d bytes, want at most 32", n)
	}
	if n := reflect.TypeOf(Value{}).NumField(); n > 4 {
		t.Fatalf("value.Value has %d fields, want at most 4", n)
	}
}

// TestTextFromHostDoesNotAllocate: a text read from host data keeps the
// host's interface value, and an empty text is a constant.
func TestTextFromHostDoesNotAllocate(t *testing.T) {
	items := []any{"alpha", "beta"}
	var s string
	allocs := testing.AllocsPerRun(100, func() {
		v, _ := FromHost(items[1])
		s = v.Text()
		v = TextValue("")
		s += v.Text()
	})
	if allocs != 0 || s != "beta" {
		t.Fatalf("FromHost of a string: %v allocations, text %q", allocs, s)
	}
}

// parsedText is TextValue with its number reading kept (issue #11): the
// same text, the same ToNumber, the same comparisons (D6, D27, D28).
func TestParsedText(t *testing.T) {
	for _, s := range []string{"", " ", "0", " 12 ", "-3.50", "1e3", "1,200", "Active", "0x10",
		"123456789012345678901234567890", "0.000000000000000000001", "-0", "+5", ".5", "5.", "abc 1", "\xff"} {
		p, v := parsedText(s), TextValue(s)
		if p.Kind() != Text || p.Text() != s {
			t.Fatalf("%q: %v %q", s, p.Kind(), p.Text())
		}
		pn, pok := ToNumber(p)
		vn, vok := ToNumber(v)
		if pok != vok || (pok && pn.Cmp(vn) != 0) || pn.String() != vn.String() {
			t.Fatalf("%q: ToNumber %v %v, want %v %v", s, pn, pok, vn, vok)
		}
		for _, other := range []Value{TextValue("12"), NumberValue(Int(0)), TextValue("active"), {}} {
			if Equal(p, other) != Equal(v, other) || Equal(other, p) != Equal(other, v) {
				t.Fatalf("%q == %v differs", s, other)
			}
			c1, ok1, err1 := Order(p, other)
			c2, ok2, err2 := Order(v, other)
			if c1 != c2 || ok1 != ok2 || (err1 == nil) != (err2 == nil) {
				t.Fatalf("%q < %v differs", s, other)
			}
		}
	}
}
