package eval_test

import (
	"context"
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

func ExampleStrict() {
	_, err := eval.Compile("${lenght(rows)} and ${len(rows, 2)}", eval.Strict())
	var list eval.ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			fmt.Printf("column %d: %v\n", e.Column, e)
		}
	}
	// Output:
	// column 3: ${lenght(rows)}: unknown function lenght; did you mean len?
	// column 23: ${len(rows, 2)}: len takes 1 value, got 2
}

func ExampleTemplate_RenderContext() {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // a host that gave up: the evaluation stops
	t := eval.MustCompile("${len(rows)} rows")
	_, err := t.RenderContext(ctx, scope.New(map[string]any{"rows": []any{1, 2}}))
	fmt.Println(err, errors.Is(err, context.Canceled))
	// Output: ${len(rows)}: the evaluation was cancelled true
}

func ExampleNewCache() {
	cache := eval.NewCache(100, 1<<20) // 100 entries, about 1 MiB kept alive
	a := eval.MustCompile("${len(rows)}", eval.WithCache(cache))
	b := eval.MustCompile("${len(rows)}", eval.WithCache(cache))
	fmt.Println(a == b, cache.Len())
	cache.Clear()
	fmt.Println(cache.Len())
	// Output:
	// true 1
	// 0
}

func ExampleCompileCondition_strict() {
	_, err := eval.CompileCondition("${row.amount} > 0 and ${lenght(row.items)} > 1", eval.Strict())
	fmt.Println(err)
	// Output: condition: ${lenght(row.items)}: unknown function lenght; did you mean len?
}

// A host that evaluates many times on one goroutine keeps an Evaluator,
// and binds each row or event with a scope of its own: the Evaluator never
// keeps the scope, so a scope made per row costs no allocation.
func ExampleEvaluator() {
	tpl := eval.MustCompile("${len(packages)} packages for ${join(ok_ids, ', ')}")
	cond := eval.MustCompileCondition("${row.status} == Active")
	rows := []map[string]any{
		{"packages": []any{"basic"}, "ok_ids": []any{"A-1"}, "row": map[string]any{"status": "active"}},
		{"packages": []any{"basic", "plus"}, "ok_ids": []any{"B-2", "C-3"}, "row": map[string]any{"status": "closed"}},
	}
	var ev eval.Evaluator
	for _, vars := range rows {
		s := scope.New(vars)
		ok, err := ev.Test(context.Background(), cond, s)
		if err != nil {
			panic(err)
		}
		out, err := ev.Render(context.Background(), tpl, s)
		if err != nil {
			panic(err)
		}
		fmt.Println(ok, out)
	}
	// Output:
	// true 1 packages for A-1
	// false 2 packages for B-2, C-3
}

// Explain says, part by part, what each side was and whether the part
// held; parts that cannot change the result are not evaluated.
func ExampleCondition_Explain() {
	c := eval.MustCompileCondition("${row.status} == Active and ${row.amount} > 1000")
	ok, steps, err := c.Explain(scope.New(map[string]any{
		"row": map[string]any{"status": "active", "amount": 250},
	}))
	fmt.Println(ok, err)
	for _, st := range steps {
		fmt.Println(st)
	}
	// Output:
	// false <nil>
	// ${row.status} == Active: 'active' -> true
	// ${row.amount} > 1000: 250 -> false
}

// A condition written as another language writes it reads, but not as
// meant; its traps say so, with the fix (D44).
func ExampleCondition_Traps() {
	c := eval.MustCompileCondition("${order.status} == shipped or partially_shipped")
	for _, tr := range c.Traps() {
		fmt.Println(tr.Kind, tr.Message())
	}
	// Output:
	// or-words condition: this is one comparison with the text 'shipped or partially_shipped', so it is quietly false; write ${order.status} in shipped, partially_shipped
}

// A row's value decides some traps: `== 15000` is right where the amount
// is a number and quietly false where the sheet holds the text 15,000.
func ExampleCondition_RowTraps() {
	c := eval.MustCompileCondition("${row.amount} == 15000")
	ctx := context.Background()
	for _, amount := range []any{15000, "15,000"} {
		s := scope.New(map[string]any{"row": map[string]any{"amount": amount}})
		ok, _ := c.Test(s)
		fmt.Println(amount, ok)
		for _, tr := range c.RowTraps() {
			if c.TrapHolds(ctx, nil, tr, s) {
				fmt.Println(tr.Kind, tr.Message())
			}
		}
	}
	// Output:
	// 15000 true
	// 15,000 false
	// number-text condition: a value written with separators, a unit or a currency sign (as 1,200 or 1200 THB) is text, not a number, so == compares it with 15000 as text and is quietly false there; write ${number(row.amount)} == 15000
}

// and binds tighter than or: Grouping shows how the parts were grouped.
func ExampleCondition_Grouping() {
	c := eval.MustCompileCondition("${a} == 1 or ${b} == 2 and ${c} == 3")
	fmt.Println(c.Grouping())
	// Output:
	// ${a} == 1 or (${b} == 2 and ${c} == 3)
}

// Reads says what a template looks up, and whether as a number (D45).
func ExampleTemplate_Reads() {
	t := eval.MustCompile("${row.Customer}: ${round(row.Amount * 1.07, 2)}")
	for _, r := range t.Reads() {
		fmt.Println(r.Path, r.Numeric)
	}
	// Output:
	// [row Customer] false
	// [row Amount] true
}

// The environment a template reads, inside an expression too: a tool
// warns where the host does not let a variable in (D44).
func ExampleTemplate_EnvReads() {
	t := eval.MustCompile("${env.REGION} ${default(env.ZONE, 'eu')} ${row.Customer}")
	for _, r := range t.EnvReads() {
		fmt.Println(r.Name, r.Whole)
	}
	// Output:
	// REGION true
	// ZONE false
}
