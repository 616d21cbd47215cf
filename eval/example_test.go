package eval_test

import (
	"errors"
	"fmt"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

func ExampleCompile() {
	t, err := eval.Compile("${len(packages)} packages for ${join(ok_ids, ', ')}")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := scope.New(map[string]any{
		"packages": []any{"basic", "gold"},
		"ok_ids":   []any{"A-1", "B-2"},
	})
	out, err := t.Render(s)
	fmt.Println(out, err)
	// Output: 2 packages for A-1, B-2 <nil>
}

func ExampleTemplate_Value() {
	t := eval.MustCompile("${number(row.premium) * 12}")
	s := scope.New(map[string]any{"row": map[string]any{"premium": "15,434.75 บาท/ปี"}})
	v, err := t.Value(s)
	fmt.Println(v.Kind(), v, err)
	// Output: number 185217 <nil>
}

func ExampleError() {
	t := eval.MustCompile("Total: ${len(rows, 2)}")
	_, err := t.Render(scope.New(nil))
	fmt.Println(err)
	var e *eval.Error
	if errors.As(err, &e) {
		fmt.Println(e.Reason, "| line", e.Line, "column", e.Column, "| arity:", errors.Is(err, eval.ErrArity))
	}
	// Output:
	// ${len(rows, 2)}: len takes 1 value, got 2
	// len takes 1 value, got 2 | line 1 column 10 | arity: true
}

func ExampleCompileCondition() {
	c, err := eval.CompileCondition("${row.status} == Active and ${row.amount} > 0")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := scope.New(map[string]any{"row": map[string]any{"status": "active", "amount": ""}})
	ok, steps, err := c.Explain(s)
	for _, st := range steps {
		fmt.Println(st)
	}
	fmt.Println(ok, err)
	// Output:
	// ${row.status} == Active: 'active' -> true
	// ${row.amount} > 0: '' (empty) -> false
	// false <nil>
}
