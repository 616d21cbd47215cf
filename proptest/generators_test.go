package proptest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/prop"
	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/funcs"
)

// The generators cover the grammar: over a few thousand samples every node
// kind, every function with the right and a wrong number of values,
// unknown functions, Thai names, quoted keys, every escape and every
// number shape come up; and every operator of conditions, not, and / or,
// and quoted sides.
func TestGeneratorsCover(t *testing.T) {
	t.Parallel()
	p := genParams()
	g := Expr(ExprOptions{Depth: 5, Underscore: true, BadCalls: true})
	seen := map[string]bool{}
	for i := range 3000 {
		e := g(p.WithSize(i % 100)).Result.(ast.Expr)
		src := ast.Print(e)
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case nil:
			case *ast.CallExpr:
				if f, ok := funcs.Lookup(n.Fun.Name); ok {
					if f.CheckArity(len(n.Args)) == nil {
						seen["right arity "+f.Name] = true
					} else {
						seen["wrong arity "+f.Name] = true
					}
				} else {
					seen["unknown function"] = true
				}
			case *ast.BinaryExpr:
				seen["binary "+n.Op.String()] = true
			case *ast.UnaryExpr:
				seen["unary "+n.Op.String()] = true
			case *ast.IndexExpr:
				if l, ok := n.Index.(*ast.BasicLit); ok && l.Kind == ast.String && strings.Contains(l.Value, " ") {
					seen["quoted key with a space"] = true
				}
				seen["index"] = true
			case *ast.BasicLit:
				if n.Kind == ast.Number {
					seen["number "+numberShape(n.Value)] = true
				}
			case *ast.Ident:
				if n.Name != "" && n.Name[0] >= 0x80 {
					seen["Thai name"] = true
				}
				if strings.HasPrefix(n.Name, "_") {
					seen["_ name"] = true
				}
			default:
				seen[fmt.Sprintf("%T", n)] = true
			}
			return true
		})
		for _, esc := range []string{`\\`, `\'`, `\n`, `\t`, `\r`} {
			if strings.Contains(src, esc) {
				seen["escape "+esc] = true
			}
		}
	}
	want := []string{"*ast.ParenExpr", "*ast.SelectorExpr", "index", "unary -", "unary +", "unknown function",
		"quoted key with a space", "Thai name", "_ name", "escape \\\\", "escape \\'", "escape \\n", "escape \\t", "escape \\r"}
	for _, op := range []string{"+", "-", "*", "/", "%"} {
		want = append(want, "binary "+op)
	}
	for _, f := range funcs.All() {
		want = append(want, "right arity "+f.Name, "wrong arity "+f.Name)
	}
	for _, s := range []string{"small", "leading zeros", "fraction", "long", "tiny"} {
		want = append(want, "number "+s)
	}
	for _, w := range want {
		require.True(t, seen[w], "no generated tree has: %s", w)
	}

	cseen := map[string]bool{}
	cg := Cond()
	for i := range 2000 {
		line := cg(p.WithSize(i % 100)).Result.(CondLine)
		for j, part := range line.Parts {
			cseen["op "+part.Op.String()] = true
			cseen[fmt.Sprintf("not %v", part.Not)] = true
			if part.Left.Quote != 0 || part.Right.Quote != 0 {
				cseen["quoted side"] = true
			}
			if j > 0 {
				cseen["sep "+strings.ToLower(line.Seps[j-1])] = true
			}
		}
	}
	cwant := []string{"op ?", "not true", "not false", "quoted side", "sep and", "sep or"} // "?" is a lone placeholder
	for op := ast.Eq; op <= ast.IsNotEmpty; op++ {
		cwant = append(cwant, "op "+op.String())
	}
	for _, w := range cwant {
		require.True(t, cseen[w], "no generated condition has: %s", w)
	}
}

func numberShape(s string) string {
	switch {
	case strings.HasPrefix(s, "0.000"):
		return "tiny"
	case len(s) > 15:
		return "long"
	case len(s) > 1 && s[0] == '0' && s[1] != '.':
		return "leading zeros"
	case strings.Contains(s, "."):
		return "fraction"
	}
	return "small"
}

// Shrinking gives small counterexamples: a property that fails for any
// tree with a division comes back as one division of two leaves; one that
// fails for any template calling len as a lone call of len; one that fails
// for a condition using contains as one part; one that fails for noise
// holding NUL as NUL alone.
func TestShrinkingGivesSmallCounterexamples(t *testing.T) {
	t.Parallel()
	shrunk := func(p gopter.Prop) any {
		params := gopter.DefaultTestParametersWithSeed(defaultSeed)
		res := p.Check(params)
		require.False(t, res.Passed(), "the property should fail")
		return res.Args[0].Arg
	}
	has := func(e ast.Node, pred func(ast.Node) bool) bool {
		found := false
		ast.Inspect(e, func(n ast.Node) bool {
			found = found || n != nil && pred(n)
			return !found
		})
		return found
	}
	isQuo := func(n ast.Node) bool { b, ok := n.(*ast.BinaryExpr); return ok && b.Op == ast.Quo }
	isLen := func(n ast.Node) bool { c, ok := n.(*ast.CallExpr); return ok && c.Fun.Name == "len" }

	e := shrunk(prop.ForAll(func(e ast.Expr) bool { return !has(e, isQuo) }, Expr(ExprOptions{Depth: 5}))).(ast.Expr)
	require.Equal(t, 3, Size(e), "shrunk to %s", ast.Print(e))
	require.True(t, isQuo(e), "shrunk to %s", ast.Print(e))

	tm := shrunk(prop.ForAll(func(tm Tmpl) bool {
		for _, s := range tm {
			if s.Expr != nil && has(s.Expr, isLen) {
				return false
			}
		}
		return true
	}, Template(ExprOptions{Depth: 4}))).(Tmpl)
	require.Len(t, tm, 1, "shrunk to %q", tm.String())
	require.LessOrEqual(t, Size(tm[0].Expr), 3, "shrunk to %q", tm.String())

	c := shrunk(prop.ForAll(func(c CondLine) bool {
		for _, p := range c.Parts {
			if p.Op == ast.Contains {
				return false
			}
		}
		return true
	}, Cond())).(CondLine)
	require.Len(t, c.Parts, 1, "shrunk to %q", c.String())
	require.Equal(t, "x contains x", c.String())

	n := shrunk(prop.ForAll(func(pieces []string) bool {
		return !strings.Contains(strings.Join(pieces, ""), "\x00")
	}, Noise())).([]string)
	require.Equal(t, []string{"\x00"}, n)
}
