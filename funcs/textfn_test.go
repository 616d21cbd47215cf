package funcs

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/value"
)

// Issue #11: Func.text is Call on a text, charge for charge and error for
// error (D17 cap, D35 budget), so a chain of text functions may pass
// strings instead of values.
func TestTextIsCallOnText(t *testing.T) {
	inputs := []string{"", "  toyota ", "straße", "İstanbul", "\u200b x \ufeff", strings.Repeat("ß", 40), "\xff bad"}
	n := 0
	for _, f := range All() {
		if f.text == nil {
			continue
		}
		n++
		for _, in := range inputs {
			for _, env := range []func() *Env{
				func() *Env { return nil },
				func() *Env { return &Env{MaxSize: 50, Budget: value.NewBudget(context.Background(), 0, 0)} },
				func() *Env { return &Env{Budget: value.NewBudget(context.Background(), 20, 0)} },
				func() *Env { return &Env{MaxSize: 5, Budget: value.NewBudget(context.Background(), 8, 0)} },
			} {
				e1, e2 := env(), env()
				want, werr := f.Call(e1, []value.Value{value.TextValue(in)})
				got, gerr := f.text(e2, in)
				if werr != nil {
					require.EqualError(t, gerr, werr.Error(), "%s(%q)", f.Name, in)
					continue
				}
				require.NoError(t, gerr, "%s(%q)", f.Name, in)
				require.Equal(t, want.Text(), got, "%s(%q)", f.Name, in)
				if e1 != nil {
					b1, s1 := e1.Budget.Used()
					b2, s2 := e2.Budget.Used()
					require.Equal(t, [2]int64{b1, s1}, [2]int64{b2, s2}, "%s(%q) charges", f.Name, in)
				}
			}
		}
	}
	require.Equal(t, 3, n, "trim, lower and upper have Text")
}
