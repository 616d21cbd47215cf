package proptest

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/condparser"
	"github.com/kinenix/expressions/gen/exprparser"
	"github.com/kinenix/expressions/scope"
)

// Property 1: print -> parse -> print is stable, parse(print(tree)) is
// Equal to the tree, and every node of the parsed tree spans text of the
// input that parses (alone) to that node.
func TestProp1PrintParsePrint(t *testing.T) {
	t.Parallel()
	check(t, "1 print-parse-print", 3000, prop.ForAll(roundTrip,
		Expr(ExprOptions{Depth: 5, Underscore: true, BadCalls: true})))
}

func roundTrip(tree ast.Expr) string {
	src := ast.Print(tree)
	got, err := exprparser.ParseExpr(src)
	if err != nil {
		return fmt.Sprintf("%q does not parse: %v", src, err)
	}
	if again := ast.Print(got); again != src {
		return fmt.Sprintf("%q parses to a tree that prints as %q", src, again)
	}
	if !ast.Equal(got, tree) {
		return fmt.Sprintf("%q parses to a tree that is not Equal to the one printed", src)
	}
	return spans(src, got)
}

// spans checks the positions of a parsed tree: each node lies inside src,
// a name spans its name, and any other node spans text that parses to an
// Equal node.
func spans(src string, root ast.Expr) string {
	var bad string
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil || bad != "" {
			return false
		}
		if n.Pos() < 0 || n.Pos() > n.End() || n.End() > len(src) {
			bad = fmt.Sprintf("%q: a %T spans [%d, %d)", src, n, n.Pos(), n.End())
			return false
		}
		span := src[n.Pos():n.End()]
		switch n := n.(type) {
		case *ast.Ident:
			if span != n.Name {
				bad = fmt.Sprintf("%q: the name %q spans %q", src, n.Name, span)
			}
		case ast.Expr:
			sub, err := exprparser.ParseExpr(span)
			if err != nil || !ast.Equal(sub, n) {
				bad = fmt.Sprintf("%q: the span %q of a %T does not parse to it (%v)", src, span, n, err)
			}
		}
		return bad == ""
	})
	return bad
}

// TemplateCase is a template, its data, and the scope's size cap (0: the
// default 1 MiB).
type TemplateCase struct {
	Tmpl Tmpl
	Vars map[string]any
	Cap  int
}

// String shows the case in a counterexample.
func (c TemplateCase) String() string {
	return fmt.Sprintf("%q with cap %d and %s", c.Tmpl.String(), c.Cap, showVars(c.Vars))
}

func (c TemplateCase) scope() *scope.Scope {
	return scope.New(c.Vars, scope.WithMaxSize(c.Cap), scope.WithEnv(testEnv))
}

func testEnv(name string) (string, bool) {
	if name == "HOME" {
		return "/home/flow", true
	}
	return "", false
}

func templateCases(o ExprOptions) gopter.Gen {
	return gen.Struct(reflect.TypeOf(TemplateCase{}), map[string]gopter.Gen{
		"Tmpl": Template(o),
		"Vars": Data(nil),
		"Cap":  gen.OneConstOf(0, 0, 16, 64, 1024),
	})
}

// Property 2: every input, valid or not, ends within the time limit with a
// value or an *eval.Error (checked with errors.As), never a panic and never
// another error type; the error's position lies inside the input, its
// reason is valid UTF-8 and short (CheckTemplate, CheckCondition).
func TestProp2Outcome(t *testing.T) {
	t.Parallel()
	bad := ExprOptions{Depth: 4, Underscore: true, BadCalls: true}
	t.Run("templates", func(t *testing.T) {
		check(t, "2 outcome: generated templates", 3000, prop.ForAll(func(c TemplateCase) string {
			text := c.Tmpl.String()
			return broken(CheckTemplate(text, c.scope()))
		}, templateCases(bad)))
	})
	t.Run("mutated expressions", func(t *testing.T) {
		data := scope.New(fixedData())
		check(t, "2 outcome: mutated expressions", 3000, prop.ForAll(func(m Mutant) string {
			src := m.String()
			if s := parserOutcome(src); s != "" {
				return s
			}
			return broken(CheckTemplate("${"+src+"}", data))
		}, Mutants(bad)))
	})
	t.Run("noise", func(t *testing.T) {
		data := scope.New(fixedData())
		check(t, "2 outcome: random pieces", 2000, prop.ForAll(func(pieces []string) string {
			s := strings.Join(pieces, "")
			for _, f := range []func() error{
				func() error { return CheckTemplate(s, data) },
				func() error { return CheckTemplate("${"+s+"}", data) },
				func() error { return CheckCondition(s, data) },
				func() error { return CheckCondition("${x} == "+s, data) },
			} {
				if v := broken(f()); v != "" {
					return v
				}
			}
			if out := parserOutcome(s); out != "" {
				return out
			}
			return condParserOutcome(s)
		}, Noise()))
	})
	t.Run("bytes", func(t *testing.T) {
		data := scope.New(fixedData())
		check(t, "2 outcome: random bytes", 1000, prop.ForAll(func(b []byte) string {
			s := string(b)
			if v := broken(CheckTemplate("${"+s+"}", data)); v != "" {
				return v
			}
			if v := broken(CheckCondition(s, data)); v != "" {
				return v
			}
			return parserOutcome(s)
		}, Bytes()))
	})
	t.Run("conditions", func(t *testing.T) {
		check(t, "2 outcome: condition lines", 2000, prop.ForAll(func(c CondLine, vars map[string]any) string {
			return broken(CheckCondition(c.String(), scope.New(vars)))
		}, Cond(), Data(CondVars)))
	})
	t.Run("mutated conditions", func(t *testing.T) {
		data := scope.New(fixedData())
		check(t, "2 outcome: mutated condition lines", 2000, prop.ForAll(func(m CondMutant) string {
			s := m.String()
			if out := condParserOutcome(s); out != "" {
				return out
			}
			return broken(CheckCondition(s, data))
		}, CondMutants()))
	})
}

// parserOutcome checks the expression parser alone: a tree, or a
// *SyntaxError with its offset inside the text, and a tree whose nodes lie
// inside the text.
func parserOutcome(src string) string {
	tree, err := exprparser.ParseExpr(src)
	if err != nil {
		var se *exprparser.SyntaxError
		if !errors.As(err, &se) {
			return fmt.Sprintf("ParseExpr(%q): error of type %T: %v", src, err, err)
		}
		if se.Offset < 0 || se.Offset > len(src) {
			return fmt.Sprintf("ParseExpr(%q): offset %d outside the text", src, se.Offset)
		}
		return ""
	}
	var bad string
	ast.Inspect(tree, func(n ast.Node) bool {
		if n != nil && (n.Pos() < 0 || n.Pos() > n.End() || n.End() > len(src)) {
			bad = fmt.Sprintf("ParseExpr(%q): a %T spans [%d, %d)", src, n, n.Pos(), n.End())
		}
		return bad == ""
	})
	return bad
}

// condParserOutcome is parserOutcome for the condition parser: a side
// spans its Raw text, and Text lies at TextPos.
func condParserOutcome(line string) string {
	c, err := condparser.ParseCond(line)
	if err != nil {
		var se *condparser.SyntaxError
		if !errors.As(err, &se) {
			return fmt.Sprintf("ParseCond(%q): error of type %T: %v", line, err, err)
		}
		if se.Offset < 0 || se.Offset > len(line) {
			return fmt.Sprintf("ParseCond(%q): offset %d outside the line", line, se.Offset)
		}
		return ""
	}
	var bad string
	ast.Inspect(c, func(n ast.Node) bool {
		if n == nil || bad != "" {
			return false
		}
		if n.Pos() < 0 || n.Pos() > n.End() || n.End() > len(line) {
			bad = fmt.Sprintf("ParseCond(%q): a %T spans [%d, %d)", line, n, n.Pos(), n.End())
		} else if s, ok := n.(*ast.Side); ok {
			if line[s.From:s.To] != s.Raw || s.TextPos < 0 || s.TextPos+len(s.Text) > len(line) || line[s.TextPos:s.TextPos+len(s.Text)] != s.Text {
				bad = fmt.Sprintf("ParseCond(%q): side %+v does not match the line", line, *s)
			}
		}
		return bad == ""
	})
	return bad
}

// broken is a property's answer for the invariants CheckTemplate or
// CheckCondition report broken: "" when err is nil, its message otherwise.
// Every broken invariant fails the property; none is excused.
func broken(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// fixedData is the data of the cases that do not generate their own.
func fixedData() map[string]any {
	return map[string]any{
		"a": "abc", "x": " 3.5 ", "n": 7, "row": map[string]any{"First Name": "Somchai", "status": "Active", "amount": 12, "_id": "hidden"},
		"rows": []any{map[string]any{"id": 1}, map[string]any{"id": 2}}, "ids": []string{"A-1", "B-2"},
		"ลูกค้า": "สมชาย", "empty": "", "items": []any{}, "secret": "s3cr3t",
	}
}
