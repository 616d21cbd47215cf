package proptest

import (
	"math/rand"
	"reflect"
	"strings"

	"github.com/leanovate/gopter"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/funcs"
)

// The pools the generators draw names, keys and text from. They hold the
// shapes that matter: ASCII and Thai names (a Thai name carries combining
// marks), keys that are keywords, keys with spaces and signs that only a
// quoted key can reach, and text with every escape, quotes, braces,
// Thai, bidirectional marks and NUL.
var (
	// VarNames are the variables expressions read; Data fills some of them.
	VarNames = []string{
		"a", "b", "x", "n", "i", "row", "rows", "items", "ids", "total",
		"name", "price", "config", "count", "ok_ids", "True", "None",
		"first_name", "x2", "ลูกค้า", "ยอดรวม", "ราคา",
	}
	// SelectorKeys follow a dot: any identifier, keywords included.
	SelectorKeys = []string{
		"brand", "status", "amount", "premium", "id", "request_id", "email",
		"to", "nested", "deep", "x", "and", "in", "not", "is", "or", "if",
		"True", "First", "สถานะ", "ชื่อ",
	}
	// QuotedKeys are read with row['...']: spaces, signs, `_`, quotes.
	QuotedKeys = []string{
		"First Name", "Unit Price (THB)", "Role in Company", "status", "_id",
		"a+b", "2026", "it's", "x}y", "${secret}", "สถานะ ลูกค้า", "", " padded ",
	}
	// TextPieces are joined into text literals.
	TextPieces = []string{
		"", "abc", "Active", "ACTIVE", "Johnson and Johnson", "it's", `say "hi"`,
		`back\slash`, "line\nbreak", "tab\there", "cr\r", "บาท", "ก้ำ", "สวัสดี ครับ",
		"}", "${x}", "{", "\u202e", "\u200b", "e\u0301", "😀", "\x00", ",", ", ",
		"12", " 3.5 ", "-4", "1,200", "15,434.75 บาท/ปี", "==", " and ", " or ",
		"'", `\n`, "ab", "-", "0", "๑๒๓", "\u00a0",
		strings.Repeat("long text ", 20),
	}
	// UnknownFuncs are names that are not functions: misspellings, other
	// cases, aliases, and names from other languages.
	UnknownFuncs = []string{"lenght", "LEN", "Len", "eval", "exec", "strip", "print", "uper", "substr", "open", "ลบ"}
	// UnderscoreNames start with `_` and are refused (D9).
	UnderscoreNames = []string{"_s", "_", "__class__", "_id", "__import__"}
)

var exprType = reflect.TypeOf((*ast.Expr)(nil)).Elem()

// ExprOptions shapes the trees of Expr.
type ExprOptions struct {
	// Depth is the most levels of nesting; 0 means 4. The generator size
	// (gopter's MaxSize, growing during a run) lowers it for early cases.
	Depth int
	// Vars are the variable names; nil means VarNames.
	Vars []string
	// Underscore lets names and .keys start with `_`: such trees parse,
	// and evaluation refuses them.
	Underscore bool
	// BadCalls adds calls of unknown functions and calls with the wrong
	// number of values.
	BadCalls bool
}

// Expr generates expression trees of every node kind: names, number and
// text literals, parentheses, .key, [index] (numbers, quoted keys, any
// expression), calls of every function of funcs.All(), unary - and +, and
// the five binary operators. The trees are parser-shaped (see Canon) and
// shrink to sub-expressions (ShrinkExpr).
func Expr(o ExprOptions) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		depth := o.Depth
		if depth == 0 {
			depth = 4
		}
		depth = min(depth, 1+p.MaxSize/15)
		g := exprGen{o: o, r: p.Rng}
		return exprResult(g.expr(depth))
	}
}

// exprResult wraps a tree for gopter with the tree shrinker; the result
// type is ast.Expr, so slices and structs of trees can mix node types.
func exprResult(e ast.Expr) *gopter.GenResult {
	return &gopter.GenResult{Result: e, ResultType: exprType, Shrinker: ShrinkExpr}
}

type exprGen struct {
	o ExprOptions
	r *rand.Rand
}

func pick[T any](r *rand.Rand, xs []T) T { return xs[r.Intn(len(xs))] }

// weighted returns i with probability w[i]/sum(w).
func weighted(r *rand.Rand, w ...int) int {
	sum := 0
	for _, x := range w {
		sum += x
	}
	k := r.Intn(sum)
	for i, x := range w {
		if k < x {
			return i
		}
		k -= x
	}
	return len(w) - 1
}

func (g *exprGen) expr(depth int) ast.Expr {
	if depth <= 0 || g.r.Intn(5) == 0 {
		return g.leaf()
	}
	d := depth - 1
	switch weighted(g.r, 1, 3, 3, 5, 2, 5) {
	case 0:
		return Paren(g.expr(d))
	case 1:
		return Sel(g.operand(d), g.key())
	case 2:
		return Index(g.operand(d), g.index(d))
	case 3:
		return g.call(d)
	case 4:
		return Unary(pick(g.r, []ast.Op{ast.Sub, ast.Sub, ast.Add}), g.expr(d))
	}
	op := pick(g.r, []ast.Op{ast.Add, ast.Sub, ast.Mul, ast.Quo, ast.Rem})
	return Binary(op, g.expr(d), g.expr(d))
}

// operand is what .key and [i] apply to: mostly names and chains.
func (g *exprGen) operand(depth int) ast.Expr {
	if g.r.Intn(3) == 0 {
		return g.expr(depth)
	}
	return g.name()
}

func (g *exprGen) leaf() ast.Expr {
	switch weighted(g.r, 4, 3, 3) {
	case 0:
		return g.name()
	case 1:
		return Num(NumberDigits(g.r))
	}
	return Text(TextValue(g.r))
}

func (g *exprGen) name() ast.Expr {
	if g.o.Underscore && g.r.Intn(8) == 0 {
		return Name(pick(g.r, UnderscoreNames))
	}
	vars := g.o.Vars
	if vars == nil {
		vars = VarNames
	}
	return Name(pick(g.r, vars))
}

func (g *exprGen) key() string {
	if g.o.Underscore && g.r.Intn(8) == 0 {
		return pick(g.r, UnderscoreNames)
	}
	return pick(g.r, SelectorKeys)
}

func (g *exprGen) index(depth int) ast.Expr {
	switch weighted(g.r, 3, 1, 4, 1) {
	case 0:
		return Num(pick(g.r, []string{"0", "1", "2", "10"}))
	case 1:
		return Unary(ast.Sub, Num(pick(g.r, []string{"1", "2"})))
	case 2:
		return Text(pick(g.r, QuotedKeys))
	}
	return g.expr(depth)
}

// call is a call of a function of the table with a right number of values;
// with BadCalls, sometimes an unknown function or a wrong number.
func (g *exprGen) call(depth int) ast.Expr {
	fs := funcs.All()
	f := pick(g.r, fs)
	lo, hi := f.Arity()
	n := lo + g.r.Intn(hi-lo+1)
	name := f.Name
	if g.o.BadCalls {
		switch weighted(g.r, 6, 1, 1) {
		case 1:
			name = pick(g.r, UnknownFuncs)
			if g.o.Underscore && g.r.Intn(4) == 0 {
				name = pick(g.r, UnderscoreNames)
			}
		case 2:
			n = WrongArity(g.r, lo, hi)
		}
	}
	args := make([]ast.Expr, n)
	for i := range args {
		args[i] = g.expr(depth)
	}
	return Call(name, args...)
}

// WrongArity returns a number of values outside [lo, hi].
func WrongArity(r *rand.Rand, lo, hi int) int {
	if lo > 0 && r.Intn(2) == 0 {
		return r.Intn(lo)
	}
	return hi + 1 + r.Intn(2)
}

// NumberDigits returns a number literal of one of the shapes the grammar
// takes: small and large whole numbers, leading zeros, fractions with
// trailing zeros, long fractions, tiny fractions.
func NumberDigits(r *rand.Rand) string {
	digits := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(byte('0' + r.Intn(10)))
		}
		return b.String()
	}
	nonzero := func() string { return string(rune('1' + r.Intn(9))) }
	switch weighted(r, 6, 1, 3, 2, 1, 1, 1) {
	case 0: // 0..999
		if r.Intn(6) == 0 {
			return "0"
		}
		return nonzero() + digits(r.Intn(3))
	case 1: // leading zeros
		return "00"[:1+r.Intn(2)] + digits(1+r.Intn(3))
	case 2: // a fraction, maybe with trailing zeros
		s := digits(1+r.Intn(4)) + "." + digits(1+r.Intn(4))
		if r.Intn(3) == 0 {
			s += "00"
		}
		return s
	case 3: // a long whole number (past int64)
		return nonzero() + digits(15+r.Intn(20))
	case 4: // a long fraction
		return digits(1+r.Intn(3)) + "." + digits(20+r.Intn(15))
	case 5: // a tiny fraction
		return "0." + strings.Repeat("0", 3+r.Intn(12)) + nonzero()
	}
	return nonzero() + strings.Repeat("0", 3+r.Intn(10)) // round thousands
}

// TextValue returns the value of a text literal: one to three pieces of
// TextPieces, valid UTF-8.
func TextValue(r *rand.Rand) string {
	var b strings.Builder
	for range 1 + r.Intn(3) {
		b.WriteString(pick(r, TextPieces))
	}
	return b.String()
}

// ShrinkExpr is the shrinker of Expr: a tree shrinks to each of its
// sub-expressions, then to itself with one sub-expression shrunk; names
// shrink to `a`, text to the empty text and halves, numbers to 0, 1 and fewer
// digits. Each candidate is smaller than the tree, so shrinking ends, and
// parser-shaped (Canon).
func ShrinkExpr(v any) gopter.Shrink {
	e, _ := v.(ast.Expr)
	if e == nil {
		return gopter.NoShrink
	}
	cands := shrinkCands(e)
	seen := map[string]bool{ast.Print(e): true}
	out := make([]ast.Expr, 0, len(cands))
	for _, c := range cands {
		c = Canon(c)
		if s := ast.Print(c); !seen[s] {
			seen[s] = true
			out = append(out, c)
		}
	}
	return sliceShrink(out)
}

func shrinkCands(e ast.Expr) []ast.Expr {
	var out []ast.Expr
	switch n := e.(type) {
	case *ast.Ident:
		if n.Name != "a" {
			out = append(out, Name("a"))
		}
	case *ast.BasicLit:
		out = append(out, shrinkLit(n)...)
	case *ast.ParenExpr:
		out = append(out, n.X)
		for _, s := range shrinkCands(n.X) {
			out = append(out, Paren(s))
		}
	case *ast.SelectorExpr:
		out = append(out, n.X)
		for _, s := range shrinkCands(n.X) {
			out = append(out, Sel(s, n.Sel.Name))
		}
		if n.Sel.Name != "x" {
			out = append(out, Sel(n.X, "x"))
		}
	case *ast.IndexExpr:
		out = append(out, n.X, n.Index)
		for _, s := range shrinkCands(n.X) {
			out = append(out, Index(s, n.Index))
		}
		for _, s := range shrinkCands(n.Index) {
			out = append(out, Index(n.X, s))
		}
	case *ast.CallExpr:
		out = append(out, n.Args...)
		for i, a := range n.Args {
			for _, s := range shrinkCands(a) {
				args := append([]ast.Expr(nil), n.Args...)
				args[i] = s
				out = append(out, Call(n.Fun.Name, args...))
			}
		}
	case *ast.UnaryExpr:
		out = append(out, n.X)
		for _, s := range shrinkCands(n.X) {
			out = append(out, Unary(n.Op, s))
		}
	case *ast.BinaryExpr:
		out = append(out, n.X, n.Y)
		for _, s := range shrinkCands(n.X) {
			out = append(out, Binary(n.Op, s, n.Y))
		}
		for _, s := range shrinkCands(n.Y) {
			out = append(out, Binary(n.Op, n.X, s))
		}
	}
	return out
}

func shrinkLit(n *ast.BasicLit) []ast.Expr {
	var out []ast.Expr
	if n.Kind == ast.Number {
		for _, d := range []string{"0", "1"} {
			if len(d) < len(n.Value) || d < n.Value && len(d) == len(n.Value) {
				out = append(out, Num(d))
			}
		}
		if s := shorterDigits(n.Value); s != "" {
			out = append(out, Num(s))
		}
		return out
	}
	rs := []rune(n.Value)
	if len(rs) > 0 {
		out = append(out, Text(""))
	}
	if len(rs) > 1 {
		out = append(out, Text(string(rs[:len(rs)/2])), Text(string(rs[len(rs)/2:])))
	}
	return out
}

// shorterDigits drops the last digit of a number literal, keeping it a
// literal the grammar takes ("1.5" -> "1", "123" -> "12"); "" when it is
// one digit.
func shorterDigits(s string) string {
	if len(s) <= 1 {
		return ""
	}
	return strings.TrimSuffix(s[:len(s)-1], ".")
}
