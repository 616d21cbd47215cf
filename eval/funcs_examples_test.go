package eval_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/scope"
)

// Issue #9: every Example of the function table (which docs/functions.md
// shows) runs through the public engine, Compile and Render, with the
// table's ExampleData, and gives its Want: the shown result (D3, D4), or
// for "error: REASON" the D16 error "${EXPR}: REASON".
func TestFuncsExamples(t *testing.T) {
	s := scope.New(funcs.ExampleData())
	ran := 0
	for _, f := range funcs.All() {
		for _, ex := range f.Examples {
			t.Run(ex.Expr, func(t *testing.T) {
				text := "${" + ex.Expr + "}"
				tpl, err := eval.Compile(text)
				require.NoError(t, err)
				out, err := tpl.Render(s)
				if reason, ok := strings.CutPrefix(ex.Want, "error: "); ok {
					require.EqualError(t, err, text+": "+reason)
					return
				}
				require.NoError(t, err)
				require.Equal(t, ex.Want, out)
			})
			ran++
		}
	}
	require.Greater(t, ran, 50)
}
