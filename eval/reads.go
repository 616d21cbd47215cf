package eval

import (
	"strings"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/scope"
)

// Read is one lookup that a placeholder makes of a variable and keys
// written as constants (`row.Amount`, `row['Unit Price']`, `rows[0].id`),
// as compiled: what tools need to know which data a template or condition
// reads (the column facts of D45).
type Read struct {
	// Path is the variable, then each key or index as text.
	Path scope.Path
	// Offset and End span the lookup, as the offsets of Trap count.
	Offset, End int
	// Numeric is true when the value is read as a number: an operand of
	// arithmetic, the first value of number(), round() or format(), or a
	// side of < > <= >= in a condition that is the lookup alone.
	Numeric bool
	// Whole is true when the lookup is the placeholder's whole
	// expression (`${row.Amount}`).
	Whole bool
}

// numberFuncs are the functions whose first value is read as a number
// (D45).
var numberFuncs = map[string]bool{"number": true, "round": true, "format": true}

// Reads returns the lookups of the template's placeholders, in order. A
// read of the environment (`env.NAME`, `env['NAME']`, also inside an
// expression: EnvReads) is no lookup of a variable and makes none.
func (t *Template) Reads() []Read {
	if t == nil {
		return nil
	}
	var out []Read
	for _, p := range t.places {
		out = append(out, p.reads()...)
	}
	return out
}

// Reads returns the lookups of the condition's sides (Template.Reads),
// part by part; a side of < > <= >= that is one lookup and nothing else
// is read as a number.
func (c *Condition) Reads() []Read {
	if c == nil {
		return nil
	}
	var out []Read
	for _, p := range c.parts {
		order := p.Op == "<" || p.Op == ">" || p.Op == "<=" || p.Op == ">="
		for _, side := range []*Template{p.Left, p.Right} {
			rs := side.Reads()
			if order && side.whole {
				for i := range rs {
					rs[i].Numeric = rs[i].Numeric || rs[i].Whole
				}
			}
			out = append(out, rs...)
		}
	}
	return out
}

func (p *placeholder) reads() []Read {
	if p.rd.isEnv {
		return nil
	}
	if p.tree == nil {
		if p.rd.path == nil {
			return nil
		}
		lead := leadingSpace(p.raw)
		return []Read{{Path: p.rd.path, Offset: p.start + lead, End: p.start + len(p.raw), Whole: true}}
	}
	var out []Read
	var walk func(x ast.Expr, numeric bool)
	walk = func(x ast.Expr, numeric bool) {
		if _, ok := envName(x); ok {
			return // the environment, not a variable (EnvReads)
		}
		if path, ok := lookupPath(x); ok {
			out = append(out, Read{Path: path, Offset: p.start + x.Pos(), End: p.start + x.End(), Numeric: numeric,
				Whole: x == p.tree})
			return
		}
		switch n := x.(type) {
		case *ast.ParenExpr:
			walk(n.X, numeric)
		case *ast.BinaryExpr:
			walk(n.X, true)
			walk(n.Y, true)
		case *ast.UnaryExpr:
			walk(n.X, true)
		case *ast.CallExpr:
			for i, a := range n.Args {
				// default gives one of its values: they are read as its
				// value is.
				walk(a, (i == 0 && numberFuncs[n.Fun.Name]) || (numeric && n.Fun.Name == "default"))
			}
		case *ast.SelectorExpr:
			walk(n.X, false)
		case *ast.IndexExpr:
			walk(n.X, false)
			walk(n.Index, false)
		}
	}
	walk(p.tree, false)
	return out
}

// EnvRead is one read of an environment variable (design section 4, step
// 1): a placeholder that is `env.NAME`, or `env.NAME` or `env['NAME']`
// inside an expression (`${upper(env.REGION)}`, `${default(env.REGION,
// 'eu')}`). Tools read these facts to warn where the host does not let the
// variable in, which makes the read quietly empty (D44).
type EnvRead struct {
	// Name is the variable's NAME.
	Name string
	// Offset and End span the read, as the offsets of Read count.
	Offset, End int
	// Whole is true when the read is the placeholder's whole text.
	Whole bool
}

// EnvReads returns the reads of the environment of the template's
// placeholders, in order.
func (t *Template) EnvReads() []EnvRead {
	if t == nil {
		return nil
	}
	var out []EnvRead
	for _, p := range t.places {
		out = append(out, p.envReads()...)
	}
	return out
}

// EnvReads returns the reads of the environment of the condition's sides
// (Template.EnvReads), part by part.
func (c *Condition) EnvReads() []EnvRead {
	if c == nil {
		return nil
	}
	var out []EnvRead
	for _, p := range c.parts {
		out = append(out, p.Left.EnvReads()...)
		out = append(out, p.Right.EnvReads()...)
	}
	return out
}

// envReads are the reads of the environment of one placeholder: the
// whole text, or each env.NAME of its expression, as compiled (envName).
func (p *placeholder) envReads() []EnvRead {
	if p.rd.isEnv {
		lead := leadingSpace(p.raw)
		return []EnvRead{{Name: p.rd.env, Offset: p.start + lead, End: p.start + len(strings.TrimRight(p.raw, " \t\r\n")), Whole: true}}
	}
	if p.tree == nil {
		return nil
	}
	var out []EnvRead
	ast.Inspect(p.tree, func(n ast.Node) bool {
		x, ok := n.(ast.Expr)
		if !ok {
			return true
		}
		name, ok := envName(x)
		if !ok {
			return true
		}
		out = append(out, EnvRead{Name: name, Offset: p.start + x.Pos(), End: p.start + x.End(), Whole: x == p.tree})
		return false
	})
	return out
}

// lookupPath is the path of x when x is a variable followed by keys and
// indexes written as constants.
func lookupPath(x ast.Expr) (scope.Path, bool) {
	switch n := x.(type) {
	case *ast.Ident:
		return scope.Path{n.Name}, true
	case *ast.SelectorExpr:
		p, ok := lookupPath(n.X)
		if !ok {
			return nil, false
		}
		return append(p, n.Sel.Name), true
	case *ast.IndexExpr:
		lit, isLit := n.Index.(*ast.BasicLit)
		if !isLit {
			return nil, false
		}
		p, ok := lookupPath(n.X)
		if !ok {
			return nil, false
		}
		return append(p, lit.Value), true
	case *ast.ParenExpr:
		return lookupPath(n.X)
	}
	return nil, false
}
