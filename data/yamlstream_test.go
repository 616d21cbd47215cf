package data

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/value"
)

// both decodes src with the streaming reader and with yaml.v3, whatever
// its size, each with a decoder of its own, and returns both outcomes and
// what each charged.
type outcome struct {
	vars  map[string]any
	built int
	err   error
}

func decodeBoth(src string) (stream, nodes outcome) {
	d := newDecoder("t.yaml", len(src))
	stream.vars, stream.err = d.yamlLarge([]byte(src))
	stream.built = d.built
	d = newDecoder("t.yaml", len(src))
	nodes.vars, nodes.err = d.yamlNodes([]byte(src))
	nodes.built = d.built
	return stream, nodes
}

// requireSame checks that the streaming reader reads src as yaml.v3 does
// (D36: one reading of a file whatever its size): the same values, the same
// charge against the size budget, or an error from both.
func requireSame(t *testing.T, src string) {
	t.Helper()
	s, n := decodeBoth(src)
	if n.err != nil || s.err != nil {
		require.Error(t, s.err, "yaml.v3 refuses %q (%v), the streaming reader reads %#v", src, n.err, s.vars)
		require.Error(t, n.err, "the streaming reader refuses %q (%v), yaml.v3 reads %#v", src, s.err, n.vars)
		return
	}
	require.Equal(t, plain(n.vars), plain(s.vars), "%q", src)
	require.Equal(t, n.built, s.built, "%q: the size budget charged", src)
}

// subsetCases are files inside the subset the streaming reader reads; the
// valid ones are read as yaml.v3 reads them, the invalid ones refused by
// both.
var subsetCases = []string{
	"",
	"# only a comment\n\n",
	"---\n",
	"--- # a comment\nx: 1\n",
	"~\n",
	"a: 1\n",
	"a: 1\nb: two words\nc: 'it''s'\nd: \"tab\\there \\u00e9\\x41\\U0001F600\\e\\0\\N\\_\\L\\P\\ \\\"\\\\\"\n",
	"zip: 01234\nphone: +66812345678\nn: -12.50\nz: -0\ne: 1e3\nt: true\nf: FALSE\nnu: null\nti: ~\nempty:\nyes: yes\n",
	"'quoted key': 1\n\"dq key\": 2\n\"\": 3\n'<<': 4\n1: one\n~: tilde\nnull: n\n",
	"a: b]c\nb: b,c\nc: a:b\nd: a#b\ne: x # comment\nf: :a\ng: ?a\nh: -1\ni: 'x'  # c\n",
	"x: [0, 0, 0]\n",
	"x: [0,0,0,]\n",
	"x: []\ny: {}\nz: [[], {}, [[]]]\n",
	"x: [a, 'b', \"c\", {d: 1, 'e': [f, g]}, [h, [i]]]\n",
	"x: [\n  0,\n  1, # a comment\n  2\n]\n",
	"x: {a: 1,\n  b: [2,\n    3]}\n",
	"x: {\"a\":1, 'b':2}\n",
	"x: {a:1}\n",
	"x: {a, b: 2}\n",
	"x: {a: }\n",
	"x: [a b, c d ]\n",
	"x:\n  - 0\n  - 1\n",
	"x:\n- 0\n- 1\ny: 2\n",
	"x:\n  -\n  - 1\n  - # comment\n  -\n",
	"x:\n  - - 1\n    - 2\n  - 3\n  - - - 4\n",
	"x:\n  - a: 1\n    b: 2\n  - c\n  - d: [1, 2]\n    e:\n      f: 3\n",
	"x:\n  - a:\n    - 1\n    - 2\n    b: 3\n",
	"rows:\n  - {id: 1, name: a}\n  - {id: 2, name: b}\n",
	"a:\n  b:\n    c:\n      d: 1\n  e: 2\nf: 3\n",
	"  a: 1\n  b: 2\n",
	"a: 1\r\nb:\r\n  - 2\r\n",
	"{a: 1, b: [2]}\n",
	"a: \"\"\nb: ''\n",
	"é: ไทย\nsmile: \"😀\"\n",
	"a:\t1\n",
	"a: 1   \nb: 2\t\n",
	"x:\n  a\n",
	"a  : 1\n\"b\" : 2\nc: x\t# tab then comment\n",
	"a: # comment\n  b: 1\n  # comment\n  c:\n  - 1\n  # comment\n  - 2\n",
	"a: [1, 2] # comment\nb: {c: d} # comment\n",
	"a: 'x' # c\nb: \"y\"\t# c\n",
	"a: [\"x\", 'y''z', \"\\\"\"]\n",
	// Refused by both.
	"amount: 1\namount: 1000000\n",
	"x: {a: 1, a: 2}\n",
	"x:\n  - a: 1\n    a: 2\n",
	"a: 1\n---\nb: 2\n",
	"a: 1\n--- \n",
	"- a\n- b\n",
	"[a]\n",
	"hello\n",
	"'hello'\n",
	"a: [1\n",
	"a: {b: 1\n",
	"a: [0]]\n",
	"a: [0,,1]\n",
	"a: [,]\n",
	"x: - a\n",
	"x: a: b\n",
	"a:\n    b: 1\n  c: 2\n",
	"a: 1\n b: 2\n",
	"a:\n  b: 1\n c: 2\n",
	"a: 1\nb\n",
	"x: [0] y\n",
	"x: \"a\" b\n",
	"x: 'a'b\n",
	"x: @a\n",
	"x: %a\n",
	"x: `a\n",
	"x: ,a\n",
	"x: [-1, - 1]\n",
	"x: \"\\q\"\n",
	"x: \"\\ud800\"\n",
	"x: \"\\x4\"\n",
	"x: [a, b]: 1\n",
	"{a: 1}\nb: 2\n",
	"x:\n  - a: 1\n     b: 2\n",
	"a: \x01\n",
	"a: \u0080\n",
	"x: " + strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth) + "\n",
	"x: " + strings.Repeat("[", maxDepth-1) + strings.Repeat("]", maxDepth-1) + "\n",
	"a: [\n [\n  [\n0]]]\n",
	strings.Repeat("k", maxKeyLen+1) + ": 1\n",
	strings.Repeat("k", maxKeyLen-10) + ": 1\n",
	// Found by a review: a comment right after a closing quote or
	// bracket, or after a comma or an opening bracket; a lone - in a
	// flow list; a key of 1024 characters that are more bytes.
	"a: 'x'#c\n", "a: \"#\"#\n", "a:\n- 'x'#c\n", "a: [1]#c\n", "a: {b: 1}#c\n",
	"a: [1,#c\n2]\n", "a: [#c\n1]\n", "a: {b: 1,#c\nd: 2}\n", "a: [x#c, 'y'#z\n]\n",
	"a: [-]\n", "a: [-, 1]\n", "a: [- 1]\n", "a: {-: 1}\n",
	strings.Repeat("ก", 400) + ": 1\n", strings.Repeat("é", 1024) + ": 1\n", strings.Repeat("é", 1025) + ": 1\n",
	// The depth limit in block context, just inside and just past it.
	deepBlockMap(maxDepth - 1), deepBlockMap(maxDepth),
	"x:\n " + strings.Repeat("- ", maxDepth-2) + "1\n",
	"x:\n " + strings.Repeat("- ", maxDepth-1) + "1\n",
}

// deepBlockMap is a block mapping nested n deep, one key a level.
func deepBlockMap(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString(strings.Repeat(" ", i) + "k:\n")
	}
	b.WriteString(strings.Repeat(" ", n) + "x\n")
	return b.String()
}

// D36: the streaming reader reads every file of its subset as yaml.v3
// does, values, errors and the size budget charged alike.
func TestYAMLLargeSameAsNodes(t *testing.T) {
	for _, src := range subsetCases {
		requireSame(t, src)
	}
	// A nesting just inside the depth limit is read; one level more is
	// refused by both readers.
	s, _ := decodeBoth("x: " + strings.Repeat("[", maxDepth-1) + strings.Repeat("]", maxDepth-1) + "\n")
	require.NoError(t, s.err)
	s, _ = decodeBoth("x: " + strings.Repeat("[", maxDepth) + strings.Repeat("]", maxDepth) + "\n")
	require.ErrorContains(t, s.err, "line 1: the data nests lists and dictionaries more than 1000 deep")
}

// D36: generated files inside the subset, of every shape the streaming
// reader reads, are read as yaml.v3 reads them.
func TestYAMLLargeGenerated(t *testing.T) {
	n := 1500
	if testing.Short() {
		n = 300
	}
	for seed := range n {
		g := yamlGen{r: rand.New(rand.NewPCG(uint64(seed), 36))}
		src := g.document()
		s, nd := decodeBoth(src)
		require.NoError(t, nd.err, "seed %d: the generator wrote a file yaml.v3 refuses:\n%s", seed, src)
		require.NoError(t, s.err, "seed %d:\n%s", seed, src)
		require.Equal(t, plain(nd.vars), plain(s.vars), "seed %d:\n%s", seed, src)
		require.Equal(t, nd.built, s.built, "seed %d: the size budget charged\n%s", seed, src)
		// A file cut or changed at one place is read alike or refused by
		// the streaming reader (it never reads what yaml.v3 refuses, nor
		// reads it otherwise).
		for range 3 {
			requireStreamAgrees(t, g.mutate(src))
		}
	}
}

// requireStreamAgrees checks the safety half of the differential for any
// text: what the streaming reader reads, yaml.v3 reads the same.
func requireStreamAgrees(t *testing.T, src string) {
	t.Helper()
	if !utf8.ValidString(src) {
		return // Decode refuses it before either reader (D36)
	}
	s, n := decodeBoth(src)
	if s.err != nil {
		require.True(t, strings.HasPrefix(s.err.Error(), "data in t.yaml: "), "%q: %v", src, s.err)
		return
	}
	require.NoError(t, n.err, "the streaming reader reads %q as %#v, yaml.v3 refuses it", src, s.vars)
	require.Equal(t, plain(n.vars), plain(s.vars), "%q", src)
	require.Equal(t, n.built, s.built, "%q: the size budget charged", src)
}

// FuzzYAMLLarge: on any text, what the streaming reader reads yaml.v3
// reads the same (D36); seeded from the table and the generator.
func FuzzYAMLLarge(f *testing.F) {
	for _, src := range subsetCases {
		if len(src) < 4096 { // the deep ones are slow to minimize
			f.Add(src)
		}
	}
	for seed := range 50 {
		g := yamlGen{r: rand.New(rand.NewPCG(uint64(seed), 36))}
		f.Add(g.document())
	}
	f.Fuzz(func(t *testing.T, src string) {
		requireStreamAgrees(t, src)
	})
}

// yamlGen writes random files inside the subset.
type yamlGen struct {
	r     *rand.Rand
	depth int
}

var (
	genPlain = []string{"0", "1", "12", "-12", "0.5", "-0.50", "01234", "+66812345678", "1e3", ".5", "0x10",
		"true", "True", "FALSE", "false", "null", "Null", "~", "yes", "no", "hello", "two words", "é", "ไทย", "a-b", "-1",
		"a:b", "x#y", "it's", "say \"hi\"", "a.b.c", "2026-01-15", "12:30", "🙂"}
	genBlockOnly = []string{"b]c", "b,c", "x{y", "a [b]", ":a", "?a", "1,200"}
	genQuoted    = []string{`''`, `""`, `'it''s'`, `'a: b'`, `"a: b"`, `'[x]'`, `"\t\u00e9\x41\U0001F600\\ \"q\""`, `"\e\0\N\_\L\P\ "`,
		`'# not a comment'`, `"01234"`, `'true'`, `"  spaced  "`, `'~'`, `"<<"`}
	genKeys = []string{"a", "b", "c", "id", "name", "First Name", "amount", "1", "2026", "é", "ไทย", "x-y", "a.b",
		"'quoted'", `"dq"`, `"a: b"`, `'<<'`, `""`, "null", "true", "~", "k_1", "k_2", "k_3", "k_4", "k_5"}
)

func (g *yamlGen) pick(s []string) string { return s[g.r.IntN(len(s))] }

func (g *yamlGen) document() string {
	var b strings.Builder
	if g.r.IntN(5) == 0 {
		b.WriteString("---\n")
	}
	if g.r.IntN(8) == 0 {
		f := g.flow(0, 2)
		for f[0] != '{' {
			f = g.flow(0, 2)
		}
		b.WriteString(f + "\n")
		return b.String()
	}
	indent := 0
	if g.r.IntN(10) == 0 {
		indent = 1 + g.r.IntN(3)
	}
	g.blockMap(&b, indent, false, 1+g.r.IntN(6))
	return b.String()
}

// keys returns n distinct keys.
func (g *yamlGen) keys(n int) []string {
	seen := map[string]bool{}
	var ks []string
	for len(ks) < n {
		k := g.pick(genKeys)
		norm := strings.Trim(k, `'"`)
		if seen[norm] {
			k = fmt.Sprintf("k%d", len(ks)+100)
			norm = k
		}
		seen[norm] = true
		ks = append(ks, k)
	}
	return ks
}

func (g *yamlGen) junk(b *strings.Builder, indent int) {
	switch g.r.IntN(12) {
	case 0:
		b.WriteString("\n")
	case 1:
		b.WriteString(strings.Repeat(" ", g.r.IntN(6)) + "# a comment: [x] - y\n")
	case 2:
		b.WriteString(strings.Repeat(" ", indent) + "#\n")
	}
}

// blockMap writes a mapping of n entries whose keys are at column indent;
// with inline set the first key goes on the current line.
func (g *yamlGen) blockMap(b *strings.Builder, indent int, inline bool, n int) {
	for i, k := range g.keys(n) {
		if i > 0 || !inline {
			g.junk(b, indent)
			b.WriteString(strings.Repeat(" ", indent))
		}
		b.WriteString(k + ":")
		g.value(b, indent, true)
	}
}

// value writes, after a key or a `-` at column col, its value: on the same
// line or on the lines below.
func (g *yamlGen) value(b *strings.Builder, col int, key bool) {
	deep := g.depth > 5
	g.depth++
	defer func() { g.depth-- }()
	switch c := g.r.IntN(10); {
	case c < 4 || deep && c < 8:
		b.WriteString(" " + g.scalar(false))
		if g.r.IntN(6) == 0 {
			b.WriteString(" # note")
		}
		b.WriteString("\n")
	case c == 4:
		if g.r.IntN(2) == 0 {
			b.WriteString("\n")
		} else {
			b.WriteString(" # nothing\n")
		}
	case c == 5 || deep:
		b.WriteString(" " + g.flow(col, 3) + "\n")
	case c == 6 || c == 7:
		n := 1 + g.r.IntN(4)
		if !key && g.r.IntN(2) == 0 {
			b.WriteString(" ")
			g.blockMap(b, col+2, true, n)
			return
		}
		b.WriteString("\n")
		g.blockMap(b, col+1+g.r.IntN(3), false, n)
	default:
		n := 1 + g.r.IntN(4)
		if !key && g.r.IntN(2) == 0 {
			b.WriteString(" ")
			g.blockSeq(b, col+2, true, n)
			return
		}
		b.WriteString("\n")
		at := col + 1 + g.r.IntN(3)
		if key && g.r.IntN(3) == 0 {
			at = col // a list at its key's own column
		}
		g.blockSeq(b, at, false, n)
	}
}

func (g *yamlGen) blockSeq(b *strings.Builder, indent int, inline bool, n int) {
	for i := range n {
		if i > 0 || !inline {
			g.junk(b, indent)
			b.WriteString(strings.Repeat(" ", indent))
		}
		b.WriteString("-")
		g.value(b, indent, false)
	}
}

func (g *yamlGen) scalar(flow bool) string {
	switch c := g.r.IntN(10); {
	case c < 6:
		return g.pick(genPlain)
	case c < 7 && !flow:
		return g.pick(genBlockOnly)
	default:
		return g.pick(genQuoted)
	}
}

// flow writes a flow collection nested at most depth deep; a line break
// goes on a line indented past col.
func (g *yamlGen) flow(col, depth int) string {
	var b strings.Builder
	n := g.r.IntN(4)
	isMap := g.r.IntN(2) == 0
	open, end := "[", "]"
	if isMap {
		open, end = "{", "}"
	}
	b.WriteString(open)
	ks := g.keys(n)
	for i := range n {
		if i > 0 {
			b.WriteString(",")
			switch g.r.IntN(6) {
			case 0:
				b.WriteString("\n" + strings.Repeat(" ", col+1+g.r.IntN(3)))
			case 1:
				b.WriteString(" # c\n" + strings.Repeat(" ", col+1+g.r.IntN(3)))
			case 2:
			default:
				b.WriteString(" ")
			}
		}
		if isMap {
			b.WriteString(ks[i] + ": ")
		}
		if depth > 0 && g.r.IntN(4) == 0 {
			b.WriteString(g.flow(col, depth-1))
		} else {
			b.WriteString(g.scalar(true))
		}
	}
	if n > 0 && g.r.IntN(5) == 0 {
		b.WriteString(",")
	}
	b.WriteString(end)
	return b.String()
}

// mutate changes src at one place: a byte cut, doubled, or one of YAML's
// indicators put in.
func (g *yamlGen) mutate(src string) string {
	if src == "" {
		return ": "
	}
	i := g.r.IntN(len(src))
	switch g.r.IntN(4) {
	case 0:
		return src[:i] + src[i+1:]
	case 1:
		return src[:i] + src[i:i+1] + src[i:]
	case 2:
		return src[:i] + g.pick([]string{": ", "- ", "\n", " ", "#", "[", "]", "{", "}", ",", "'", "\"", "\\", "&a ", "*a", "!", "|", "? ", "\t", "---\n", "...\n", "%", "<<: "}) + src[i:]
	}
	return src[:i]
}

// D36, issue #10 point 5: each construct outside the subset is refused
// with its line and a message that says what a large YAML file may hold
// and points to JSON or CSV; no Go type is named.
func TestYAMLLargeOutsideSubset(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"a: 1\nb: &x [1]\n", "line 2: an anchor (&name) is not read"},
		{"a: [1]\nb: *x\n", "line 2: an alias (*name) is not read"},
		{"a: !!str 1\n", "line 1: a tag (!name) is not read"},
		{"a: [!x 1]\n", "line 1: a tag (!name) is not read"},
		{"a: |\n  text\n", "line 1: block text (| or >) is not read"},
		{"a: >\n  text\n", "line 1: block text (| or >) is not read"},
		{"a: one\n  two\n", "line 2: a line indented more than the one before, as the rest of its value (a value over several lines) is not read"},
		{"a:\n  - one\n    two\n", "line 3: a line indented more than the one before"},
		{"a: [one\n  two]\n", "line 2: a value over more than one line is not read"},
		{"a: 'one\n  two'\n", "line 1: quoted text over more than one line is not read"},
		{"a: \"one\\\n  two\"\n", "line 1: quoted text over more than one line is not read"},
		{"? a\n: 1\n", "line 1: a complex key (? key) is not read"},
		{"%YAML 1.2\n---\na: 1\n", "line 1: a directive (%) is not read"},
		{"a: 1\n---\nb: 2\n", "line 2: a second YAML document starts here; a data file holds one document"},
		{"--- a: 1\n", "line 1: a value on the --- line is not read"},
		{"a: 1\n...\n", "line 2: the document end marker ... is not read"},
		{"a: {x: 1}\nb:\n  <<: {y: 2}\n", "line 3: a merge key (<<) is not read"},
		{"a:\n\t- 1\n", "line 2: a tab in the indentation is not read"},
		{"a:\n  -\t1\n", "line 2: a tab in the indentation is not read"},
		{"a: [x: 1]\n", "line 1: a key: value pair inside a [...] list (write it as {key: value}) is not read"},
		{"a: 1\rb: 2\n", `line 1: a line break that is not \n or \r\n is not read`},
		{"a: 1\u2028b: 2\n", "line 1: the line break U+2028 is not read"},
		{strings.Repeat("k", maxKeyLen+1) + ": 1\n", "line 1: a key longer than 1024 characters is not read"},
		// Errors of any YAML file, as a small file gives them (D36).
		{"amount: 1\nb:\n  amount: 2\n  c: [\n1]\n# c\n\"amount\": 1000000\n", `line 7: the key "amount" is given twice in one mapping (first on line 1)`},
		{"x:\n  - a: 1\n    b:\n      a: 2\n    'a': 3\n", `line 5: the key "a" is given twice in one mapping (first on line 2)`},
		{"x: {a: 1,\n  a: 2}\n", `line 2: the key "a" is given twice in one mapping`},
		{"x: [1]\n---\n", "line 2: a second YAML document starts here; a data file holds one document"},
		{"- 1\n", "line 1: the top level must be a mapping of names to values (`name: value` lines), not a list"},
	} {
		_, err := newDecoder("big.yaml", len(tc.src)).yamlLarge([]byte(tc.src))
		require.ErrorContains(t, err, "data in big.yaml: "+tc.want, "%q", tc.src)
		msg := err.Error()
		if strings.Contains(tc.want, "is not read") {
			require.Contains(t, msg, "is not read in a YAML file over 4 MiB, which may hold only mappings (key: value), lists (- item, [a, b]), {key: value} mappings, one-line values, quoted text and comments; write large data as JSON or CSV", "%q", tc.src)
		}
		require.NotContains(t, msg, "interface", tc.src)
		require.NotContains(t, msg, "map[", tc.src)
		// yaml.v3 reads it, or refuses it too: no file is read one way
		// when small and another when large.
		requireStreamAgrees(t, tc.src)
	}
}

// bigYAML returns a YAML file of at least n bytes: the line head, then
// item repeated, then tail.
func bigYAML(head, item, tail string, n int) []byte {
	k := (n-len(head)-len(tail))/len(item) + 1
	return []byte(head + strings.Repeat(item, k) + tail)
}

// D36, issue #10 point 5 (smaller, so that the tests stay quick): YAML
// files over MaxYAMLSize are read through Decode by the streaming reader;
// a flow list, a block list and a list of mappings build one value per
// item, share their scalars and allocate within ten times the file.
func TestYAMLLargeAccepted(t *testing.T) {
	const size = 5 << 20
	for _, tc := range []struct {
		name string
		src  []byte
		item any
	}{
		{"flow", bigYAML("x: [", "0, ", "0]\n", size), json0},
		{"block", bigYAML("x:\n", "  - 0\n", "", size), json0},
		{"compact", bigYAML("x:\n", "- 0\n", "", size), json0},
		{"rows", bigYAML("# renewals\nx:\n", "  - id: 12\n    name: 'Somchai'\n    premium: 15434.75\n    vip: false\n    note:\n", "", size),
			map[string]any{"id": json.Number("12"), "name": "Somchai", "premium": json.Number("15434.75"), "vip": false, "note": nil}},
		{"flow rows", bigYAML("x: [\n", "  {id: 12, name: \"Somchai\", premium: 15434.75, vip: false, note: ~},\n", "]\n", size),
			map[string]any{"id": json.Number("12"), "name": "Somchai", "premium": json.Number("15434.75"), "vip": false, "note": nil}},
	} {
		require.Greater(t, len(tc.src), MaxYAMLSize, tc.name)
		var d *Data
		var err error
		n := allocated(func() { d, err = Decode("big.yaml", tc.src) })
		require.NoError(t, err, tc.name)
		x, ok := d.Vars()["x"].([]any)
		if tab, isTable := d.Vars()["x"].(*value.Table); isTable { // a list of records
			_, ok = tc.item.(map[string]any)
			x = appendMaps(nil, tab)
		} else {
			require.Equal(t, len(x), cap(x), "%s: the list is sized exactly", tc.name)
		}
		require.True(t, ok, "%s: records are a table, other lists a []any", tc.name)
		require.Equal(t, tc.item, x[0], tc.name)
		require.Equal(t, tc.item, x[len(x)-1], tc.name)
		require.Less(t, n, uint64(10*len(tc.src)), "%s: bytes allocated for a %d-byte file", tc.name, len(tc.src))
	}
	// A byte-order mark is skipped (D36), and invalid UTF-8 is refused
	// with its offset counted in the whole file, as for any file.
	src := append([]byte("\xef\xbb\xbf"), bigYAML("x: [", "0, ", "0]\n", size)...)
	d, err := Decode("bom.yaml", src)
	require.NoError(t, err)
	require.Equal(t, json0, d.Vars()["x"].([]any)[0])
	_, err = Decode("bad.yaml", append(src, "y: \xff\n"...))
	require.ErrorContains(t, err, fmt.Sprintf("data in bad.yaml: line 2, byte offset %d: the text is not valid UTF-8", len(src)+3))

	// The same file with an anchor at its end is refused, with its line.
	src = bigYAML("x: [", "0, ", "0]\n", size)
	lines := strings.Count(string(src), "\n")
	src = append(src, "y: &a 1\n"...)
	_, err = Decode("big.yaml", src)
	require.ErrorContains(t, err, fmt.Sprintf("data in big.yaml: line %d: an anchor (&name) is not read in a YAML file over 4 MiB", lines+1))
}

var json0 = json.Number("0")

// D36: above MaxLargeYAMLSize a YAML file is refused before it is read.
func TestYAMLLargeSizeCap(t *testing.T) {
	b := bigYAML("x: [", "0,", "0]\n", MaxLargeYAMLSize+1)
	_, err := Decode("huge.yaml", b)
	require.ErrorContains(t, err, "data in huge.yaml: a YAML data file may hold at most 64 MiB, this one has")
}

// D45, D49: plain text written where a key goes with no `:` (`key`, then
// `b: 1` on the next line) is told at the text's own line, where the `:`
// is missing, with a fix that works when followed; yaml.v3 alone reads
// the two lines as one value and fails at the `: ` below, with advice to
// quote it that fixes nothing. Both readers say it alike: the stream
// reader (a file over 4 MiB), yaml.v3 with the stream reader's place (a
// small file), and yaml.v3's own message where the stream reader stops
// earlier (an anchor above it).
func TestYAMLKeyWithoutColon(t *testing.T) {
	reason := func(text string) string {
		return "not valid YAML: expected `key: value`; `" + text + "` has no `:` after it: write a `:` right after the key, then a space and its value (nothing after the `:` for an empty value)"
	}
	for _, c := range []struct{ src, want, fixed string }{
		{"a: x\nkey\nb: 1\n", "line 2, column 4: " + reason("key"), "a: x\nkey:\nb: 1\n"},
		{"key\nb: 1\n", "line 1, column 4: " + reason("key"), "key:\nb: 1\n"},
		{"key # a note\n\nb: 1\n", "line 1, column 4: " + reason("key"), "key: # a note\n\nb: 1\n"},
		{"key\n  b: 1\n", "line 1, column 4: " + reason("key"), "key:\n  b: 1\n"},
		{"due date\nb: 1\n", "line 1, column 9: " + reason("due date"), "due date:\nb: 1\n"},
		{"a:\n  c: 1\n  key\n  b: 1\n", "line 3, column 6: " + reason("key"), "a:\n  c: 1\n  key:\n  b: 1\n"},
		{"rows:\n  - key\n    b: 1\n", "line 2, column 8: " + reason("key"), "rows:\n  - key:\n    b: 1\n"},
		{"rows:\n- key\n  b: 1\n", "line 2, column 6: " + reason("key"), "rows:\n- key:\n  b: 1\n"},
	} {
		for _, src := range []string{c.src, "z: &z 1\n" + c.src} {
			want := c.want
			if src != c.src { // one line more above it
				n := 0
				fmt.Sscanf(want, "line %d", &n)
				want = fmt.Sprintf("line %d", n+1) + strings.TrimPrefix(want, fmt.Sprintf("line %d", n))
			}
			_, err := Decode("d.yaml", []byte(src))
			require.EqualError(t, err, "data in d.yaml: "+want, "%q", src)
			if src == c.src {
				_, err = newDecoder("big.yaml", len(src)).yamlLarge([]byte(src))
				require.EqualError(t, err, "data in big.yaml: "+want, "%q", src)
			}
		}
		// the fix, followed, reads
		d, err := Decode("d.yaml", []byte(c.fixed))
		require.NoError(t, err, "%q", c.fixed)
		require.NotNil(t, d)
		requireSame(t, c.fixed)
	}
	// Text alone is a single value, as before; a value over two lines
	// with no key below it is read as yaml.v3 reads it.
	_, err := Decode("d.yaml", []byte("key\n"))
	require.ErrorContains(t, err, "not a single value")
	requireSame(t, "a:\n  - x\n  - y\n")
	requireSame(t, "a: 1\n  b: 2\n")
}

// D36: U+FEFF inside a YAML file (anywhere but the byte-order mark at its
// start, which is skipped) gets one answer whatever the file's size. YAML
// does not allow it in plain or single-quoted text, and yaml.v3, which
// reads files up to MaxYAMLSize, reads it or refuses it by where it falls
// in its 512-byte buffer (and drops a character at the start of later
// lines after one at the start); so every YAML file refuses it, with its
// place, and the fixes it names work (D49): delete it, or write \uFEFF
// in double quotes.
func TestYAMLByteOrderMarkInside(t *testing.T) {
	const reason = "not valid YAML: an invisible byte-order mark (U+FEFF) is inside the text (byte offset %d), where YAML does not allow one; delete it, or write it as \\uFEFF in double quotes to keep it"
	for _, c := range []struct{ src, place string }{
		{"a: x\ufeffy\n", "line 1, column 5"},
		{"a: 1\n\ufeffb: 2\n", "line 2, column 1"},
		{"a: '\ufeffy'\n", "line 1, column 5"},
		{"a: \"\ufeffy\"\n", "line 1, column 5"},
		{"a: " + strings.Repeat("x", 506) + "\ufeff\nbb: 2\n", "line 1, column 510"},
	} {
		off := strings.IndexRune(c.src, '\ufeff')
		want := "data in d.yaml: " + c.place + ": " + fmt.Sprintf(reason, off)
		// each reader alone, whatever the size
		s, n := decodeBoth(c.src)
		require.EqualError(t, s.err, strings.Replace(want, "d.yaml", "t.yaml", 1), "the streaming reader, %q", c.src)
		require.EqualError(t, n.err, strings.Replace(want, "d.yaml", "t.yaml", 1), "yaml.v3, %q", c.src)
		// a small file, and the same file over MaxYAMLSize
		_, err := Decode("d.yaml", []byte(c.src))
		require.EqualError(t, err, want, "%q", c.src)
		pad := bigPad()
		_, err = Decode("d.yaml", append(pad, c.src...))
		line := 0
		fmt.Sscanf(c.place, "line %d", &line)
		bigWant := fmt.Sprintf("data in d.yaml: line %d", line+1) + strings.TrimPrefix(c.place, fmt.Sprintf("line %d", line)) + ": " + fmt.Sprintf(reason, off+len(pad))
		require.EqualError(t, err, bigWant, "%q over 4 MiB", c.src)
		// the fixes, followed, read
		d, err := Decode("d.yaml", []byte(strings.ReplaceAll(c.src, "\ufeff", "")))
		require.NoError(t, err, "%q without it", c.src)
		require.NotNil(t, d)
	}
	// the mark at the start of the file is skipped, as for every format;
	// a second one is refused, as JSON refuses it
	d, err := Decode("d.yaml", []byte("\ufeffa: x\n"))
	require.NoError(t, err)
	require.Equal(t, "x", d.Vars()["a"])
	_, err = Decode("d.yaml", []byte("\ufeff\ufeffa: x\nbb: 2\n"))
	require.EqualError(t, err, "data in d.yaml: line 1, column 1: "+fmt.Sprintf(reason, 3))
	// kept, written as an escape in double quotes, by both readers
	d, err = Decode("d.yaml", []byte("a: \"x\\uFEFFy\"\n"))
	require.NoError(t, err)
	require.Equal(t, "x\ufeffy", d.Vars()["a"])
	requireSame(t, "a: \"x\\uFEFFy\"\n")
}
