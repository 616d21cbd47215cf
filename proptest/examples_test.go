package proptest

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/scope"
)

// Every documented example of the function table (funcs.Func.Examples,
// shown in docs/functions.md) runs through the engine a flow uses: the
// expression inside ${...}, compiled and rendered by eval on
// funcs.ExampleData, gives the example's Want; an example of an error
// fails with that reason.
func TestFunctionExamplesThroughEngine(t *testing.T) {
	s := scope.New(funcs.ExampleData())
	n := 0
	for _, f := range funcs.All() {
		for _, ex := range f.Examples {
			n++
			t.Run(ex.Expr, func(t *testing.T) {
				got, err := renderOn("${"+ex.Expr+"}", s)
				if reason, ok := strings.CutPrefix(ex.Want, "error: "); ok {
					var e *eval.Error
					require.True(t, errors.As(err, &e), "%s gave %q, %v, not an error", ex.Expr, got, err)
					require.Equal(t, reason, e.Reason, ex.Expr)
					return
				}
				require.NoError(t, err, ex.Expr)
				require.Equal(t, ex.Want, got, ex.Expr)
			})
		}
	}
	require.GreaterOrEqual(t, n, len(funcs.All()), "every function has an example")
}
