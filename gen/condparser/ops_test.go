package condparser

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
)

// Every comparison operator of ast's table is read by the grammar, whose
// operator alternatives and look-ahead classes mkpeg writes from that
// table: as written, with words in any case and more white space between
// them, in a split line and in a whole one; and `not` before a binary word
// operator is refused by name.
func TestEveryComparisonOfTheTable(t *testing.T) {
	for _, op := range ast.CmpOps() {
		text := op.String()
		right := " b"
		if op.Unary() {
			right = ""
		}
		spellings := []string{text, strings.ToUpper(text), strings.ReplaceAll(text, " ", " \t ")}
		for _, s := range spellings {
			for _, line := range []string{"${a} " + s + right, "${a} " + s + right + " and ${c}", "x y " + s + right} {
				c, err := ParseCond(line)
				require.NoError(t, err, "%q", line)
				if b, ok := c.(*ast.BoolCond); ok {
					c = b.X
				}
				cmp, ok := c.(*ast.Comparison)
				require.True(t, ok, "%q: %T", line, c)
				require.Equal(t, op, cmp.Op, "%q", line)
				require.Equal(t, s, line[cmp.OpPos:cmp.OpEnd], "%q", line)
			}
		}
		if !op.Unary() && ast.IsName(text) {
			_, err := ParseCond("${a} not " + text + " b")
			require.Error(t, err, "not %s", text)
		}
	}
}
