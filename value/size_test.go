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
