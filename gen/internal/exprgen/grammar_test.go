package exprgen

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
)

// matches reports whether the grammar's rule matches the whole of src.
func matches(t *testing.T, rule, src string) bool {
	t.Helper()
	p := newParser("", []byte(src), Entrypoint(rule), MaxExpressions(1000))
	_, err := p.parse(g)
	return err == nil && p.pt.offset == len(src)
}

// boundaryRunes are the first and last runes of every range of the
// Unicode classes that the identifier classes are made of, and their
// neighbours, plus all of ASCII and Latin-1.
func boundaryRunes() []rune {
	seen := map[rune]bool{}
	var out []rune
	add := func(r rune) {
		if r >= 0 && r <= unicode.MaxRune && utf8.ValidRune(r) && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	for r := rune(0); r < 0x100; r++ {
		add(r)
	}
	for _, table := range []*unicode.RangeTable{unicode.L, unicode.Nl, unicode.Mn, unicode.Mc, unicode.Nd, unicode.Pc, unicode.Cf, unicode.Zs,
		unicode.Other_ID_Start, unicode.Other_ID_Continue} {
		for _, rg := range table.R16 {
			for _, r := range []rune{rune(rg.Lo) - 1, rune(rg.Lo), rune(rg.Lo) + rune(rg.Stride), rune(rg.Hi), rune(rg.Hi) + 1} {
				add(r)
			}
		}
		for _, rg := range table.R32 {
			for _, r := range []rune{rune(rg.Lo) - 1, rune(rg.Lo), rune(rg.Lo) + rune(rg.Stride), rune(rg.Hi), rune(rg.Hi) + 1} {
				add(r)
			}
		}
	}
	return out
}

// D9: ast.IsIdentStart and ast.IsIdentCont are exactly the grammar's
// classes of Word's first character and of IdentCont, checked on the
// generated parser at every boundary of the Unicode classes they name.
func TestIdentClassesMatchGrammar(t *testing.T) {
	runes := boundaryRunes()
	require.Greater(t, len(runes), 3000)
	for _, r := range runes {
		s := string(r)
		require.Equal(t, matches(t, "IdentCont", s), ast.IsIdentCont(r), "IdentCont %U", r)
		// Word is a start character then IdentCont*: one character matches when it can start a name.
		require.Equal(t, matches(t, "Word", s), ast.IsIdentStart(r), "IdentStart %U", r)
		require.Equal(t, matches(t, "Word", "a"+s), ast.IsName("a"+s), "a%c", r)
	}
}

// classes returns the text of every character class of the grammar's
// expressions under e, as pigeon lists it in the expected terminals.
func classes(e any) []string {
	var out []string
	class := reflect.TypeFor[*charClassMatcher]()
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Interface, reflect.Pointer:
			switch {
			case v.IsNil():
			case v.Type() == class:
				out = append(out, v.Elem().FieldByName("val").String())
			default:
				walk(v.Elem())
			}
		case reflect.Struct:
			for _, name := range []string{"expr", "exprs", "alternatives"} {
				if f := v.FieldByName(name); f.IsValid() {
					walk(f)
				}
			}
		case reflect.Slice:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		}
	}
	walk(reflect.ValueOf(e))
	return out
}

// The grammar writes white space and IdentCont out where it uses them
// (a rule reference costs a map look-up): every copy is the class of the
// rules _ and IdentCont, which TestIdentClassesMatchGrammar checks against
// package ast.
func TestClassCopiesMatchTheirRules(t *testing.T) {
	byName := map[string]*rule{}
	for _, r := range g.rules {
		byName[r.name] = r
	}
	space := classes(byName["_"].expr)
	ident := classes(byName["IdentCont"].expr)
	start := classes(byName["Word"].expr) // a name's first character, then IdentCont's copy
	require.Len(t, space, 1)
	require.Len(t, ident, 1)
	require.Len(t, start, 2)
	require.Equal(t, IdentStartClass, start[0], "the class the messages look for")
	require.Equal(t, IdentContClass, ident[0], "the class the messages look for")
	copies := map[string]int{}
	for _, r := range g.rules {
		for _, c := range classes(r.expr) {
			switch { // a lookahead's class ([-:*/... \t\r\ni]) is no copy
			case strings.HasPrefix(c, "[ "):
				require.Equal(t, space[0], c, "rule %s", r.name)
				copies["space"]++
			case c == start[0]:
				copies["start"]++
			case strings.HasPrefix(c, `[\pL\p{`):
				require.Equal(t, ident[0], c, "rule %s", r.name)
				copies["ident"]++
			}
		}
	}
	// The copies are there (the walk found the grammar's classes).
	require.Greater(t, copies["space"], 20)
	require.Greater(t, copies["ident"], 10)
	require.Equal(t, 2, copies["start"], "Name and Word")
}

// The keywords of package ast are exactly the words of the grammar's
// Keyword rule, and a keyword is no Name.
func TestKeywordsMatchGrammar(t *testing.T) {
	var rule *rule
	for _, r := range g.rules {
		if r.name == "Keyword" {
			rule = r
		}
	}
	require.NotNil(t, rule)
	var words []string
	var walk func(e any)
	walk = func(e any) {
		switch e := e.(type) {
		case *seqExpr:
			for _, x := range e.exprs {
				walk(x)
			}
		case *choiceExpr:
			for _, x := range e.alternatives {
				walk(x)
			}
		case *litMatcher:
			words = append(words, e.val)
		}
	}
	walk(rule.expr)
	require.Equal(t, ast.Keywords(), words)
	for _, k := range ast.Keywords() {
		require.False(t, matches(t, "Name", k), k)
		require.True(t, matches(t, "Word", k), k)
		require.True(t, matches(t, "Name", k+"x"), k+"x")
	}
}

// Every binary operator of ast's table is one the grammar's BinOp reads,
// and every prefix one PrefixOp, with the table's text.
func TestOperatorTableMatchesGrammar(t *testing.T) {
	for _, o := range ast.Operators() {
		rule := "BinOp"
		if o.Prefix {
			rule = "PrefixOp"
		}
		require.True(t, matches(t, rule, o.Text), "%s %q", rule, o.Text)
		// The lookahead classes in front of BinOp and PrefixOp know its
		// first character (mkpeg derives both from the table).
		in := "a " + o.Text + " b"
		if o.Prefix {
			in = o.Text + " b"
		}
		require.True(t, matches(t, "Input", in), "%q", in)
		p := newParser("", []byte(o.Text), Entrypoint(rule))
		v, err := p.parse(g)
		require.NoError(t, err)
		require.Equal(t, o, v.(*opTok).op, o.Text)
	}
	for _, s := range []string{"not   in", "is\tnot"} {
		p := newParser("", []byte(s), Entrypoint("BinOp"))
		v, err := p.parse(g)
		require.NoError(t, err)
		require.Equal(t, strings.Join(strings.Fields(s), " "), v.(*opTok).op.Text)
	}
}

// condgen's pool.go and pool_test.go are these, as mkcopy writes them.
func TestPoolFilesAgree(t *testing.T) {
	for _, name := range []string{"pool.go", "pool_test.go"} {
		here, err := os.ReadFile(name)
		require.NoError(t, err)
		there, err := os.ReadFile("../condgen/" + name)
		require.NoError(t, err)
		header := "// Code generated by mkcopy from ../exprgen/" + name + "; DO NOT EDIT.\n\n"
		require.Equal(t, header+strings.Replace(string(here), "package exprgen\n", "package condgen\n", 1), string(there),
			"%s: run go generate ./gen/...", name)
	}
}

// The runs and sequences that gen/internal/fastpeg rewrites: a run of a
// class gives terminal{} and reads all of it, X+ fails on none, a
// sequence that fails leaves nothing on the stack of values, and one that
// matches gives its values.
func TestRunsAndSequences(t *testing.T) {
	byName := map[string]*rule{}
	for _, r := range g.rules {
		byName[r.name] = r
	}
	parse := func(rule, src string) (*parser, any, bool) {
		p := newParser("", []byte(src))
		p.rules = rules
		p.read()
		v, ok := p.parseRule(byName[rule])
		return p, v, ok
	}
	p, v, ok := parse("_", " \t x")
	require.True(t, ok)
	require.Equal(t, terminal{}, v)
	require.Equal(t, 3, p.pt.offset)
	_, v, ok = parse("_", "x")
	require.True(t, ok, "X* matches none")
	require.Equal(t, terminal{}, v)
	_, _, ok = parse("__", "x")
	require.False(t, ok, "X+ needs one")

	p, v, ok = parse("Call", "(a, b)")
	require.True(t, ok)
	seq := v.([]any)
	require.Len(t, seq, 5, "LParen, space, the arguments, space, RParen: Call as the grammar writes it")
	require.Equal(t, len(seq), cap(seq), "a list cannot be appended to over the block")
	require.Empty(t, p.vals)
	p, _, ok = parse("Call", "(a, b")
	require.False(t, ok)
	require.Empty(t, p.vals, "a sequence that fails drops its values")
}
