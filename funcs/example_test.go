package funcs_test

import (
	"fmt"

	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/value"
)

// The evaluator finds a function, checks the number of values once, at
// compile time, and then calls it.
func ExampleLookup() {
	f, ok := funcs.Lookup("part")
	if !ok {
		return
	}
	if err := f.CheckArity(3); err != nil {
		fmt.Println(err)
		return
	}
	n, _ := value.ParseNum("-1")
	v, err := f.Call(nil, []value.Value{
		value.TextValue("INV-2026-00123"), value.TextValue("-"), value.NumberValue(n),
	})
	fmt.Println(v, err)
	// Output: 00123 <nil>
}

func ExampleFunc_CheckArity() {
	f, _ := funcs.Lookup("join")
	fmt.Println(f.CheckArity(3))
	// Output: join takes 1 or 2 values, got 3
}

func ExampleUnknown() {
	fmt.Println(funcs.Unknown("lenght"))
	fmt.Println(funcs.Unknown("foo"))
	// Output:
	// unknown function lenght; did you mean len?
	// unknown function foo
}

// A function that builds text stops at the host's cap before building it.
func ExampleEnv() {
	f, _ := funcs.Lookup("replace")
	env := &funcs.Env{MaxSize: 10}
	_, err := f.Call(env, []value.Value{
		value.TextValue("aaaaa"), value.TextValue("a"), value.TextValue("xyz"),
	})
	fmt.Println(err)
	// Output: replace: result would be larger than 10 bytes
}
