package proptest

import (
	"math/rand"
	"reflect"
	"strings"

	"github.com/leanovate/gopter"

	"github.com/kinenix/expressions/ast"
)

// A condition line is generated as parts joined by and / or (design
// section 6), each part a comparison or a lone ${...}, possibly after not,
// and printed by String. Every part is a condition, so the line splits at
// each of its and / or (D31); the words of the sides never split it: bare
// sides hold no and / or, quoted sides may hold anything but their quote.

// CondSide is one side of a comparison.
type CondSide struct {
	// Holder, when set, makes the side exactly ${ast.Print(Holder)}.
	Holder ast.Expr
	// Text is the side's text when Holder is nil: bare text (trimmed by
	// the parser) or, when Quote is ' or ", the text inside the quotes.
	// Bare text may hold ${...} of its own.
	Text  string
	Quote byte
}

// String is the side as written in the line.
func (s CondSide) String() string {
	if s.Holder != nil {
		return "${" + ast.Print(s.Holder) + "}"
	}
	if s.Quote != 0 {
		return string(s.Quote) + s.Text + string(s.Quote)
	}
	return s.Text
}

// CondPart is one part: Left Op Right, or with Op == 0 a lone Left (which
// is then a placeholder); Not puts not before it.
type CondPart struct {
	Not         bool
	Left, Right CondSide
	Op          ast.CmpOp
	// OpWord is the operator as written (`IS EMPTY`, `Contains`); empty
	// means Op.String().
	OpWord string
}

// String is the part as written.
func (p CondPart) String() string {
	var b strings.Builder
	if p.Not {
		b.WriteString("not ")
	}
	b.WriteString(p.Left.String())
	if p.Op == 0 {
		return b.String()
	}
	word := p.OpWord
	if word == "" {
		word = p.Op.String()
	}
	b.WriteString(" " + word)
	if !p.Op.Unary() {
		b.WriteString(" " + p.Right.String())
	}
	return b.String()
}

// CondLine is a condition line: Parts joined by Seps (and / or in any
// case); len(Seps) == len(Parts)-1.
type CondLine struct {
	Parts []CondPart
	Seps  []string
}

// String is the line as written.
func (c CondLine) String() string {
	var b strings.Builder
	for i, p := range c.Parts {
		if i > 0 {
			b.WriteString(" " + c.Seps[i-1] + " ")
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// CondVars are the variables condition lines read; CondData fills them.
var CondVars = []string{"x", "y", "z", "s", "n", "rows", "row"}

var (
	// bareWords make bare sides: numbers, plain and numeric text, Thai, a
	// quote inside a word, and the operator words as ordinary words on
	// the right (`${a} == to be in`).
	bareWords = []string{
		"Active", "active", "ACTIVE", "12", "12.0", "3.5", "-4", "0", "abc", "yes", "no",
		"true", "false", "บาท", "สมชาย", "O'Brien", "1,200", "Pending", "x", "sand", "oregano",
	}
	rightOnlyWords = []string{"in", "not", "is", "empty", "contains", "==", "<"}
	// quotedTexts go between quotes: and / or, operators, commas,
	// placeholders, the other quote.
	quotedTexts = []string{
		"Johnson and Johnson", "rock or roll", "a == b", "", " padded ", "x, y",
		"${x}", "it's", `say "hi"`, "is empty", "not", "บาท", "Active",
	}
	opWords = map[ast.CmpOp][]string{
		ast.In:         {"in", "IN", "In"},
		ast.Contains:   {"contains", "CONTAINS", "Contains"},
		ast.IsEmpty:    {"is empty", "IS EMPTY", "is  empty"},
		ast.IsNotEmpty: {"is not empty", "Is Not Empty", "is not  empty"},
	}
	sepWords = []string{"and", "and", "or", "or", "AND", "Or"}
)

var condLineType = reflect.TypeOf(CondLine{})

// Cond generates condition lines of one to four parts, with every
// operator, not, and / or in any case, quoted and bare sides, and
// placeholders over CondVars. They shrink by dropping parts and shrinking
// sides (ShrinkCond).
func Cond() gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		r := p.Rng
		n := 1 + r.Intn(min(4, 1+p.MaxSize/20))
		var c CondLine
		for i := range n {
			if i > 0 {
				c.Seps = append(c.Seps, pick(r, sepWords))
			}
			c.Parts = append(c.Parts, RandPart(r))
		}
		return &gopter.GenResult{Result: c, ResultType: condLineType, Shrinker: ShrinkCond}
	}
}

// RandPart returns one part: a comparison with any operator, or a lone
// placeholder, and sometimes not before it.
func RandPart(r *rand.Rand) CondPart {
	p := CondPart{Not: r.Intn(5) == 0}
	if r.Intn(6) == 0 {
		p.Left = CondSide{Holder: condHolder(r)}
		return p
	}
	ops := ast.CmpOps()
	p.Op = ops[r.Intn(len(ops))]
	if ws, ok := opWords[p.Op]; ok {
		p.OpWord = pick(r, ws)
	}
	p.Left = randSide(r, false)
	if !p.Op.Unary() {
		p.Right = randSide(r, true)
	}
	return p
}

// condHolder is a small expression over CondVars.
func condHolder(r *rand.Rand) ast.Expr {
	g := exprGen{o: ExprOptions{Vars: CondVars}, r: r}
	if r.Intn(2) == 0 {
		return g.name()
	}
	return g.expr(2)
}

// randSide returns a side: a placeholder, bare text, or quoted text.
func randSide(r *rand.Rand, right bool) CondSide {
	switch weighted(r, 5, 4, 2) {
	case 0:
		return CondSide{Holder: condHolder(r)}
	case 1:
		words := []string{pick(r, bareWords)}
		for r.Intn(3) == 0 {
			w := pick(r, bareWords)
			if right && r.Intn(3) == 0 {
				w = pick(r, rightOnlyWords)
			}
			words = append(words, w)
		}
		if r.Intn(5) == 0 {
			words = append(words, "${"+pick(r, CondVars)+"}")
		}
		return CondSide{Text: strings.Join(words, " ")}
	}
	q := byte('\'')
	if r.Intn(2) == 0 {
		q = '"'
	}
	t := pick(r, quotedTexts)
	for strings.IndexByte(t, q) >= 0 {
		t = pick(r, quotedTexts)
	}
	return CondSide{Text: t, Quote: q}
}

// ShrinkCond shrinks a line: each single part alone, the line without one
// part, then each part with a side made simpler.
func ShrinkCond(v any) gopter.Shrink {
	c, ok := v.(CondLine)
	if !ok || len(c.Parts) == 0 {
		return gopter.NoShrink
	}
	var out []CondLine
	if len(c.Parts) > 1 {
		for i := range c.Parts {
			out = append(out, CondLine{Parts: []CondPart{c.Parts[i]}})
		}
		for i := range c.Parts {
			d := CondLine{}
			for j, p := range c.Parts {
				if j == i {
					continue
				}
				if len(d.Parts) > 0 {
					d.Seps = append(d.Seps, sepBefore(c, j, i))
				}
				d.Parts = append(d.Parts, p)
			}
			out = append(out, d)
		}
	}
	for i, p := range c.Parts {
		for _, q := range shrinkPart(p) {
			d := CondLine{Parts: append([]CondPart(nil), c.Parts...), Seps: c.Seps}
			d.Parts[i] = q
			out = append(out, d)
		}
	}
	return sliceShrink(out)
}

// sepBefore is the word before part j once part skip is gone.
func sepBefore(c CondLine, j, skip int) string {
	if j-1 == skip && j >= 2 {
		return c.Seps[j-2]
	}
	return c.Seps[j-1]
}

func shrinkPart(p CondPart) []CondPart {
	var out []CondPart
	if p.Not {
		q := p
		q.Not = false
		out = append(out, q)
	}
	if p.OpWord != "" && p.OpWord != p.Op.String() {
		q := p
		q.OpWord = ""
		out = append(out, q)
	}
	for _, s := range shrinkSide(p.Left, p.Op == 0) {
		q := p
		q.Left = s
		out = append(out, q)
	}
	if p.Op != 0 && !p.Op.Unary() {
		for _, s := range shrinkSide(p.Right, false) {
			q := p
			q.Right = s
			out = append(out, q)
		}
	}
	return out
}

// shrinkSide shrinks a side towards the bare text x; a lone
// placeholder (holderOnly) stays a placeholder, so its part stays a
// condition.
func shrinkSide(s CondSide, holderOnly bool) []CondSide {
	var out []CondSide
	if !holderOnly && (s.Holder != nil || s.Quote != 0 || s.Text != "x") {
		out = append(out, CondSide{Text: "x"})
	}
	switch {
	case s.Holder != nil:
		sh := ShrinkExpr(s.Holder)
		for v, ok := sh(); ok; v, ok = sh() {
			out = append(out, CondSide{Holder: v.(ast.Expr)})
		}
	case s.Quote != 0 && s.Text != "":
		out = append(out, CondSide{Quote: s.Quote})
	}
	return out
}

var (
	condSideType = reflect.TypeOf(CondSide{})
	condPartType = reflect.TypeOf(CondPart{})
)

// Side generates one side of a comparison: a placeholder, bare text or
// quoted text. A right side's bare text may hold the operator words as
// ordinary words; a left side's never does.
func Side(right bool) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		return &gopter.GenResult{Result: randSide(p.Rng, right), ResultType: condSideType, Shrinker: func(v any) gopter.Shrink {
			return sliceShrink(shrinkSide(v.(CondSide), false))
		}}
	}
}

// Part generates one part of a condition line (see RandPart); with
// allowNot false it never starts with not.
func Part(allowNot bool) gopter.Gen {
	return func(p *gopter.GenParameters) *gopter.GenResult {
		part := RandPart(p.Rng)
		if !allowNot {
			part.Not = false
		}
		return &gopter.GenResult{Result: part, ResultType: condPartType, Shrinker: func(v any) gopter.Shrink {
			return sliceShrink(shrinkPart(v.(CondPart)))
		}}
	}
}

// sliceShrink hands out the candidates of a slice one by one.
func sliceShrink[T any](xs []T) gopter.Shrink {
	i := 0
	return func() (any, bool) {
		if i >= len(xs) {
			return nil, false
		}
		i++
		return xs[i-1], true
	}
}
