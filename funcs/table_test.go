package funcs

import (
	"errors"
	"flag"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/value"
)

var update = flag.Bool("update", false, "rewrite docs/functions.md from the table")

// Every name of the table is a lower-case word, found by Lookup, once;
// the list itself is the table's (design section 5), not copied here.
func TestTableNames(t *testing.T) {
	seen := map[string]bool{}
	for _, f := range All() {
		require.False(t, seen[f.Name], "%s twice", f.Name)
		seen[f.Name] = true
		require.Regexp(t, `^[a-z][a-z0-9_]*$`, f.Name)
		g, ok := Lookup(f.Name)
		require.True(t, ok)
		require.Equal(t, f.Name, g.Name)
	}
	require.Equal(t, "len", All()[0].Name, "the table starts with design section 5's first")
}

// House style "One function table": every entry is complete.
func TestTableEntries(t *testing.T) {
	for _, f := range All() {
		t.Run(f.Name, func(t *testing.T) {
			require.NotNil(t, f.Call)
			require.True(t, strings.HasPrefix(f.Doc, f.Name+" "), "Doc starts with the name")
			require.True(t, strings.HasSuffix(f.Doc, "."), "Doc is a sentence")
			require.NotEmpty(t, f.Empty)
			require.NotEmpty(t, f.Examples)
			optional := false
			for _, p := range f.Params {
				require.NotEmpty(t, p.Name)
				require.NotEmpty(t, p.Doc)
				if optional {
					require.True(t, p.Optional, "only trailing parameters are optional")
				}
				optional = p.Optional
			}
			g, ok := Lookup(f.Name)
			require.True(t, ok)
			require.NotSame(t, f, g, "each caller has its own copy")
			require.Equal(t, []any{f.Name, f.Params, f.Doc, f.Empty, f.Examples}, []any{g.Name, g.Params, g.Doc, g.Empty, g.Examples})
		})
	}
}

func TestLookup(t *testing.T) {
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"len", true}, {"substring", true}, {"default", true},
		{"LEN", false}, {"Len", false}, {"lenght", false}, {"", false}, {"eval", false}, {"__import__", false},
	} {
		f, ok := Lookup(c.name)
		require.Equal(t, c.ok, ok, c.name)
		if ok {
			require.Equal(t, c.name, f.Name)
		}
	}
}

// Issue #9: the whitelist cannot be changed from outside: what Lookup and
// All hand out are copies, down to their Params and Examples.
func TestAllIsACopy(t *testing.T) {
	a := All()
	a[0] = nil
	require.NotNil(t, All()[0])

	fake := func(*Env, []value.Value) (value.Value, error) { return value.TextValue("hijacked"), nil }
	f, _ := Lookup("len")
	f.Call = fake
	f.Name = "eval"
	f.Params[0].Name = "changed"
	f.Params = append(f.Params, Param{Name: "extra"})
	f.Examples[0].Want = "changed"
	for _, g := range All() {
		if g.Name == "len" {
			g.Call = fake
			g.Params[0].Optional = true
			g.Examples[0].Expr = "changed"
		}
	}

	again, ok := Lookup("len")
	require.True(t, ok)
	require.Equal(t, "len", again.Name)
	require.Equal(t, []Param{{Name: "x", Doc: "a text, list or dictionary"}}, again.Params)
	require.Equal(t, Example{"len('บาท')", "3"}, again.Examples[0])
	v, err := again.Call(nil, []value.Value{value.TextValue("abc")})
	require.NoError(t, err)
	require.Equal(t, "3", v.String())
	_, ok = Lookup("eval")
	require.False(t, ok)
	require.Equal(t, "len", All()[0].Name)
	require.False(t, All()[0].Params[0].Optional)
}

// D15, E6: arity messages for every function at min-1 and max+1. The
// functions come from the table; the range from its Params (the required
// ones, then the optional ones); the wording of each shape of range is
// pinned by the rows of shapes.
func TestCheckArity(t *testing.T) {
	shapes := map[string][2]string{
		"len":       {"len takes 1 value, got 0", "len takes 1 value, got 2"},
		"join":      {"join takes 1 or 2 values, got 0", "join takes 1 or 2 values, got 3"},
		"replace":   {"replace takes 3 values, got 2", "replace takes 3 values, got 4"},
		"substring": {"substring takes 2 or 3 values, got 1", "substring takes 2 or 3 values, got 4"},
		"format":    {"format takes 1 to 3 values, got 0", "format takes 1 to 3 values, got 4"},
	}
	for _, f := range All() {
		t.Run(f.Name, func(t *testing.T) {
			required := 0
			for _, p := range f.Params {
				if !p.Optional {
					required++
				}
			}
			lo, hi := f.Arity()
			require.Equal(t, required, lo)
			require.Equal(t, len(f.Params), hi)
			for n := lo; n <= hi; n++ {
				require.NoError(t, f.CheckArity(n))
			}
			for i, n := range []int{lo - 1, hi + 1} {
				err := f.CheckArity(n)
				require.ErrorIs(t, err, ErrArity)
				var fail *value.Failure
				require.True(t, errors.As(err, &fail))
				require.True(t, strings.HasPrefix(err.Error(), f.Name+" takes "), err.Error())
				require.True(t, strings.HasSuffix(err.Error(), ", got "+strconv.Itoa(n)), err.Error())
				if want, ok := shapes[f.Name]; ok {
					require.EqualError(t, err, want[i])
				}
			}
		})
	}
	// A function with a wider range would say "to".
	f := &Func{Name: "f", Params: []Param{{Name: "a"}, {Name: "b", Optional: true}, {Name: "c", Optional: true}}}
	require.EqualError(t, f.CheckArity(4), "f takes 1 to 3 values, got 4")
}

// D44, D49: every function works on its first value, and on no other:
// a bare word there is a variable, never text. default's first value
// decides the call alone when it is quoted text, so its fallback is never
// used.
func TestWorksOn(t *testing.T) {
	for _, f := range All() {
		require.True(t, f.WorksOn(0), f.Name)
		for i := 1; i <= len(f.Params); i++ {
			require.False(t, f.WorksOn(i), "%s, value %d", f.Name, i)
		}
	}
	d, _ := Lookup("default")
	_, decided := d.Shortcut(value.TextValue("x"))
	require.True(t, decided)
	require.False(t, (&Func{Name: "f", Params: []Param{{Name: "a"}}}).WorksOn(0), "a function that says nothing of its first value")
}

// D14: the closest known name.
func TestSuggest(t *testing.T) {
	cases := []struct{ in, want string }{
		{"lenght", "len"}, {"LEN", "len"}, {"Len", "len"}, {"len", "len"}, {"lenn", "len"},
		{"length", "len"}, {"size", "len"},
		{"jion", "join"}, {"joins", "join"}, {"concat", "join"},
		{"numbr", "number"}, {"Number", "number"}, {"parseFloat", "number"},
		{"trm", "trim"}, {"strip", "trim"}, {"TRIM", "trim"},
		{"lowr", "lower"}, {"toLower", "lower"}, {"lowercase", "lower"},
		{"uper", "upper"}, {"UPPER", "upper"}, {"toUpperCase", "upper"},
		{"replce", "replace"}, {"replaceAll", "replace"},
		{"defualt", "default"}, {"coalesce", "default"},
		{"rond", "round"}, {"Round", "round"},
		{"prt", "part"}, {"split", "part"},
		{"substr", "substring"}, {"subst", "substring"}, {"SubString", "substring"}, {"mid", "substring"},
	}
	for _, c := range cases {
		got, ok := Suggest(c.in)
		require.True(t, ok, c.in)
		require.Equal(t, c.want, got, c.in)
	}
	for _, in := range []string{"foo", "x", "", "eval", "exec", "import", "print", "zzzzzz", "__class__", strings.Repeat("len", 100)} {
		got, ok := Suggest(in)
		require.False(t, ok, "%s suggested %s", in, got)
	}
}

// D14: the unknown-function error.
func TestUnknown(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"lenght", "unknown function lenght; did you mean len?"},
		{"foo", "unknown function foo"},
		{"len", "unknown function len"}, // a known name never suggests itself
		{"UPPER", "unknown function UPPER; did you mean upper?"},
		{strings.Repeat("x", 200), "unknown function " + strings.Repeat("x", 119) + "…"}, // D37
		{"a\u202eb", "unknown function a\\u202eb"},
	} {
		err := Unknown(c.in)
		require.EqualError(t, err, c.want)
		require.ErrorIs(t, err, ErrUnknownFunction)
	}
}

// Every Example of the table calls its own function and is an expression
// without ${...}, which eval/funcs_examples_test.go runs through the
// engine; an error's Want starts with the function's name (the messages
// rule of this package).
func TestExamples(t *testing.T) {
	for _, f := range All() {
		for _, e := range f.Examples {
			require.True(t, strings.HasPrefix(e.Expr, f.Name+"("), "%s: an example calls its function", e.Expr)
			require.NotContains(t, e.Expr, "${")
			if reason, ok := strings.CutPrefix(e.Want, "error: "); ok {
				require.True(t, strings.HasPrefix(reason, f.Name), "%s: the reason starts with the function name", e.Expr)
			}
		}
	}
}

// Design section 5: the examples of the design itself are in the table.
func TestDesignExamplesInTable(t *testing.T) {
	want := map[string]string{
		"number('15,434.75 บาท/ปี')":         "15434.75",
		"number('(1,200)')":                  "-1200",
		"number('฿ -3.5')":                   "-3.5",
		"number('Total: 12 items, 3 boxes')": "12",
		"part('25-10-2019', '-', 1)":         "10",
		"part('INV-2026-00123', '-', -1)":    "00123",
		"round(2.5)":                         "3",
		"round(-2.5)":                        "-3",
		"round(2.675, 2)":                    "2.68",
		"round(1234, -2)":                    "1200",
		"round(2.50, 2)":                     "2.5",
		"len('บาท')":                         "3",
	}
	got := map[string]string{}
	for _, f := range All() {
		for _, e := range f.Examples {
			got[e.Expr] = e.Want
		}
	}
	for expr, w := range want {
		require.Equal(t, w, got[expr], expr)
	}
}

// docs/functions.md is rendered from the table and must not be stale.
func TestDocsUpToDate(t *testing.T) {
	path := filepath.Join("..", "docs", "functions.md")
	md := Markdown()
	if *update {
		require.NoError(t, os.WriteFile(path, md, 0o644))
	}
	got, err := os.ReadFile(path)
	require.NoError(t, err, "docs/functions.md is missing; run `go generate ./funcs`")
	require.True(t, string(got) == string(md),
		"docs/functions.md is stale: run `go generate ./funcs` (or `go test ./funcs -run TestDocsUpToDate -update`) and commit the result")
}

func TestMarkdown(t *testing.T) {
	md := string(Markdown())
	for _, f := range All() {
		require.Contains(t, md, "\n## "+f.Name+"\n")
		require.Contains(t, md, "`"+f.Signature()+"`")
		require.Contains(t, md, f.Doc)
		for _, e := range f.Examples {
			require.Contains(t, md, strings.ReplaceAll(e.Expr, "|", `\|`))
		}
	}
	require.Contains(t, md, "`join(list, [sep])`")
	require.Contains(t, md, "`substring(x, start, [length])`")
	require.Contains(t, md, `| `+"`join(ids, ' \\| ')`"+` | `+"`A-1 \\| B-2 \\| C-3`"+` |`)
	require.Contains(t, md, `ids = ["A-1","B-2","C-3"]`)
}

// digitValue relies on every range of unicode.Nd being whole runs of ten.
func TestDigitTable(t *testing.T) {
	for _, r := range unicode.Nd.R16 {
		require.Equal(t, uint16(1), r.Stride)
		require.Zero(t, (r.Hi-r.Lo+1)%10, "range %x-%x", r.Lo, r.Hi)
	}
	for _, r := range unicode.Nd.R32 {
		require.Equal(t, uint32(1), r.Stride)
		require.Zero(t, (r.Hi-r.Lo+1)%10, "range %x-%x", r.Lo, r.Hi)
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if d := digitValue(r); unicode.IsDigit(r) != (d >= 0) || d > 9 {
			t.Fatalf("digitValue(%U) = %d", r, d)
		}
	}
	for _, c := range []struct {
		r    rune
		want int
	}{{'0', 0}, {'9', 9}, {'๐', 0}, {'๓', 3}, {'๙', 9}, {'٧', 7}, {'１', 1}, {'９', 9}, {'৫', 5}, {'𝟗', 9}, {'𝟘', 0}, {'a', -1}, {'½', -1}, {'²', -1}} {
		require.Equal(t, c.want, digitValue(c.r), "%q", c.r)
	}
}

// Reliability section 5: funcs imports only what it needs, and nothing that
// reaches the host (no reflect, unsafe, os, fmt, templates).
func TestImports(t *testing.T) {
	allowed := map[string]bool{
		"errors": true, "math": true, "strconv": true, "strings": true,
		"unicode": true, "unicode/utf8": true, "github.com/kinenix/expressions/value": true,
		"github.com/kinenix/expressions/internal/spell": true, "github.com/kinenix/expressions/internal/echo": true,
		"github.com/kinenix/expressions/internal/lend": true,
	}
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	seen := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		seen++
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
		require.NoError(t, err)
		for _, imp := range f.Imports {
			path, err := strconv.Unquote(imp.Path.Value)
			require.NoError(t, err)
			require.True(t, allowed[path], "%s imports %s", name, path)
		}
	}
	require.Greater(t, seen, 5)
}

// one is set exactly for the functions of one value, and a text function
// (text) has it too: the evaluator calls one or text of those (forms).
func TestOneIsSetForOneValue(t *testing.T) {
	for _, f := range All() {
		lo, hi := f.Arity()
		require.Equal(t, lo == 1 && hi == 1, f.one != nil, f.Name)
		if f.text != nil {
			require.NotNil(t, f.one, f.Name)
		}
		if f.one != nil {
			x := value.TextValue(" 12 ")
			a, errA := f.one(nil, x)
			b, errB := f.Call(nil, []value.Value{x})
			require.Equal(t, errA, errB, f.Name)
			require.True(t, value.Equal(a, b), f.Name)
		}
	}
}

// D46-D48: the fields that drive the table's argument rules are coherent:
// a lazy parameter belongs to a function with a Shortcut; an optional
// parameter that another follows has a Default (D47); a function of one
// value gives its EmptyFirst for an empty value by its own Call (D48).
func TestArgumentRuleFields(t *testing.T) {
	for _, f := range All() {
		t.Run(f.Name, func(t *testing.T) {
			for i, p := range f.Params {
				if p.Lazy {
					require.NotNil(t, f.Shortcut, "a lazy parameter needs a Shortcut to skip it")
					require.Positive(t, i, "the first value is always computed")
				}
				if p.Optional && i+1 < len(f.Params) {
					require.NotEqual(t, value.Empty, p.Default.Kind(), "%s needs a Default (D47)", p.Name)
				}
			}
			if len(f.Params) == 1 && f.EmptyFirst != EmptyOwn {
				v, err := f.Call(nil, []value.Value{{}})
				require.NoError(t, err)
				require.Equal(t, f.EmptyFirst.Value(), v)
			}
			if f.EmptyFirst == EmptyOwn {
				require.NotNil(t, f.Shortcut, "only default decides an empty first value itself")
			}
		})
	}
}

// D47 for a function of two optional values (as format(x, digits, group)
// of D40): a trailing empty value is dropped, an empty value before a
// given one becomes its parameter's Default, and the caller's values are
// not changed.
func TestGivenValues(t *testing.T) {
	two := value.NumberValue(value.Int(2))
	params := []Param{{Name: "x"}, {Name: "digits", Optional: true, Default: two}, {Name: "group", Optional: true}}
	x, g, e := value.TextValue("x"), value.TextValue("."), value.Value{}
	for _, c := range []struct {
		args, want []value.Value
	}{
		{[]value.Value{x}, []value.Value{x}},
		{[]value.Value{x, e}, []value.Value{x}},
		{[]value.Value{x, e, e}, []value.Value{x}},
		{[]value.Value{x, two, e}, []value.Value{x, two}},
		{[]value.Value{x, e, g}, []value.Value{x, two, g}},
		{[]value.Value{e, e, g}, []value.Value{e, two, g}},
	} {
		in := append([]value.Value(nil), c.args...)
		require.Equal(t, c.want, given(params, in))
		require.Equal(t, c.args, in, "the caller's values are kept")
	}
}
