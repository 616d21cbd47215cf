package eval

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/value"
)

// Every allowed binary operator of ast's table has its exact operation
// (D2, D8), and no forbidden one has: the list is the table's.
func TestArithmeticByOperator(t *testing.T) {
	want := map[string]string{ // 7 op -3
		"+": "4", "-": "10", "*": "-21", "/": "-2.333333333333333333333333333333333", "%": "-2",
	}
	seven, three := value.Int(7), value.Int(-3)
	for _, o := range ast.Operators() {
		if o.Prefix {
			continue
		}
		f, ok := operation(o.Op)
		require.Equal(t, o.Allowed(), ok, o.Text)
		if !ok {
			continue
		}
		got, err := f(seven, three)
		require.NoError(t, err)
		require.Equal(t, want[o.Text], got.String(), o.Text)
	}
}
