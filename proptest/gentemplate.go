package proptest

import (
	"math/rand"
	"reflect"
	"strings"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"

	"github.com/kinenix/expressions/ast"
)

// Seg is one segment of a template: literal text (Lit), a placeholder
// ${ast.Print(Expr)}, or a placeholder ${Path} that holds a dotted lookup
// as written (`row.First Name`, `env.HOME`).
type Seg struct {
	Lit  string
	Expr ast.Expr
	Path string
}

// String is the segment as written in the template.
func (s Seg) String() string {
	switch {
	case s.Expr != nil:
		return "${" + ast.Print(s.Expr) + "}"
	case s.Path != "":
		return "${" + s.Path + "}"
	}
	return s.Lit
}

// Tmpl is a template made of segments.
type Tmpl []Seg

// String is the template's text.
func (t Tmpl) String() string {
	var b strings.Builder
	for _, s := range t {
		b.WriteString(s.String())
	}
	return b.String()
}

var (
	// LitPieces are the literal text between placeholders: words, Thai,
	// the signs $ { } alone, and quotes, which mean nothing outside ${...}.
	LitPieces = []string{
		"Hello ", " packages for ", "บาท", " ", "\n", "$", "{", "}", "$ {", "100%", "'", `"`, "a.b", "(", "-",
	}
	// Paths are dotted lookups as written: keys with spaces and signs,
	// env, a missing key, names with `_` (refused), and texts that read
	// as a key path but hold a call of an unknown function or with a
	// wrong number of values, which validation without data cannot tell
	// from a key (`row.total + lenght(x)`).
	Paths = []string{
		"row.First Name", "row.Role in Company", "row.Unit Price (THB)", "row.status", "config.email.to",
		"env.HOME", "row.Missing Column", "rows", "ลูกค้า", "row.a+b", "row._id", "_s",
		"row.total + lenght(x)", "row.amount * len(x, x)", "config.x - upper()",
	}
	segType = reflect.TypeOf(Seg{})
)

// Template generates templates of up to nine segments: literal
// text and placeholders with trees of Expr(o) or dotted paths. They shrink
// by dropping segments and shrinking each tree.
func Template(o ExprOptions) gopter.Gen {
	e := Expr(o)
	seg := func(p *gopter.GenParameters) *gopter.GenResult {
		r := p.Rng
		var s Seg
		switch weighted(r, 3, 5, 1) {
		case 0:
			s.Lit = pick(r, LitPieces)
		case 1:
			s.Expr = e(p).Result.(ast.Expr)
		default:
			s.Path = pick(r, Paths)
		}
		return &gopter.GenResult{Result: s, ResultType: segType, Shrinker: shrinkSeg}
	}
	segs := gen.SliceOf(seg, segType)
	sized := func(p *gopter.GenParameters) *gopter.GenResult {
		return segs(p.WithSize(1 + p.MaxSize/12)) // up to nine segments
	}
	return gopter.Gen(sized).Map(func(ss []Seg) Tmpl { return Tmpl(ss) }).WithShrinker(shrinkTmpl)
}

func shrinkSeg(v any) gopter.Shrink {
	s := v.(Seg)
	if s.Expr == nil {
		if s.Lit != "x" {
			return oneShrink(Seg{Lit: "x"})
		}
		return gopter.NoShrink
	}
	return ShrinkExpr(s.Expr).Map(func(e ast.Expr) Seg { return Seg{Expr: e} })
}

// shrinkTmpl drops segments (gopter's slice shrinker) and shrinks each.
func shrinkTmpl(v any) gopter.Shrink {
	return gen.SliceShrinker(shrinkSeg)([]Seg(v.(Tmpl))).Map(func(ss []Seg) Tmpl { return Tmpl(ss) })
}

func oneShrink(v any) gopter.Shrink {
	done := false
	return func() (any, bool) {
		if done {
			return nil, false
		}
		done = true
		return v, true
	}
}

// Amplifier generates expressions that try to build large text from
// small data: nested replace, join, upper and lower over the variables of
// AmpData, each level up to eight times longer. With a small cap
// (scope.WithMaxSize) they pass it within a few levels.
func Amplifier() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		r := p.Rng
		return exprResult(ampExpr(r, 2+r.Intn(7)))
	}
}

// ampExpr is an expression of text that may grow at each level.
func ampExpr(r *rand.Rand, depth int) ast.Expr {
	if depth == 0 {
		return Name(pick(r, []string{"word", "big", "blank", "mixed"}))
	}
	x := ampExpr(r, depth-1)
	switch weighted(r, 8, 2, 2, 1, 1) {
	case 0:
		old := pick(r, []string{"a", "a", "b", ","})
		return Call("replace", x, Text(old), Text(strings.Repeat(pick(r, []string{"a", "ab", "aก", "aé"}), 1+r.Intn(16))))
	case 1:
		return Call("join", Name("words"), x)
	case 2:
		return Call(pick(r, []string{"upper", "lower", "lower"}), x)
	case 3:
		return Binary(ast.Add, Num("0"), Call("len", x))
	}
	return Call("default", x, Text("a"))
}

// AmpData is the data Amplifier reads: short words, a list of them, a
// 1000-byte text and text with bytes that upper turns into three.
func AmpData() map[string]any {
	return map[string]any{
		"word":  "abcabc",
		"words": []any{"a", "b", "ab", "ก", ""},
		"big":   strings.Repeat("ab,", 333),
		"blank": "",
		"mixed": "a\xffb\u0250",
	}
}
