package proptest

import (
	"bufio"
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/leanovate/gopter"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// The Go fuzz targets (`make fuzz` runs each for FUZZTIME). Each is seeded
// from testdata/seeds, from the examples and the language reference of the
// repository, and from the generators' output with a fixed seed; a crasher
// the fuzzer finds lands in testdata/fuzz/<Target>/ and stays there as a
// regression case. No input is timed: the budget and the limits bound the
// work (the limit tests count it), and Go's fuzzing reports an input that
// hangs.

// fuzzScopes are the data a fuzzed input runs on, chosen by a byte of the
// input: the fixed data, the same with a small cap, the amplifier data
// with a small cap, and data 10,000 levels deep with a cycle in it.
var fuzzScopes = func() []*scope.Scope {
	deep := map[string]any{}
	var node any = "bottom"
	for range 10_000 {
		node = []any{node}
	}
	cyclic := map[string]any{"name": "loop"}
	cyclic["self"] = cyclic
	loopList := []any{"a"}
	loopList = append(loopList, nil)
	loopList[1] = loopList
	deep["x"], deep["row"], deep["rows"], deep["a"] = node, cyclic, loopList, cyclic
	return []*scope.Scope{
		scope.New(fixedData(), scope.WithEnv(testEnv)),
		scope.New(fixedData(), scope.WithMaxSize(64)),
		scope.New(AmpData(), scope.WithMaxSize(1000)),
		scope.New(deep),
	}
}()

func fuzzScope(pick uint8) *scope.Scope { return fuzzScopes[int(pick)%len(fuzzScopes)] }

// FuzzRender checks templates: CheckTemplate's invariants, every message
// of the form of D37 (messageOutcomes), and the same outcome when rendered
// again.
func FuzzRender(f *testing.F) {
	for i, s := range templateSeeds(f) {
		f.Add(s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, text string, pick uint8) {
		s := fuzzScope(pick)
		if err := CheckTemplate(text, s); err != nil {
			t.Fatalf("%q: %v", text, err)
		}
		if msg := templateMessages(text, s); msg != "" {
			t.Fatal(msg)
		}
		if a, b := renderOnce(text, s, false), renderOnce(text, s, true); a != b {
			t.Fatalf("%q: rendered %.200q, then %.200q", text, a, b)
		}
	})
}

// FuzzCondition checks condition lines: CheckCondition's invariants, every
// message of the form of D37, the parser's positions, and the same outcome
// when tested again.
func FuzzCondition(f *testing.F) {
	for i, s := range conditionSeeds(f) {
		f.Add(s, uint8(i))
	}
	// the traps a row decides (Condition.RowTraps)
	for i, s := range []string{"${row.status} == Due, Lapsed", "${row.status} in Due; Lapsed", "not ${row.tags} in VIP",
		"${row.amount} != 15000", "${row.x} in a or b and ${row.y} == 1", "${row.x} in a, ‘b’"} {
		f.Add(s, uint8(i))
	}
	f.Fuzz(func(t *testing.T, line string, pick uint8) {
		s := fuzzScope(pick)
		if err := CheckCondition(line, s); err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		if msg := condParserOutcome(line); msg != "" {
			t.Fatal(msg)
		}
		if msg := conditionMessages(line, s); msg != "" {
			t.Fatal(msg)
		}
		if a, b := condOutcome(line, s), condOutcome(line, s); a != b {
			t.Fatalf("%q: %s, then %s", line, a, b)
		}
		// every trap, those a row decides too, spans the line and says
		// whether it holds with data and without (D44, D49)
		if c, err := eval.CompileCondition(line); err == nil {
			for _, tr := range append(c.Traps(), c.RowTraps()...) {
				if tr.Offset < 0 || tr.Offset > tr.End || tr.End > len(line) {
					t.Fatalf("%q: trap %s spans %d-%d", line, tr.Kind, tr.Offset, tr.End)
				}
				_ = c.TrapHolds(context.Background(), nil, tr, s)
				if c.TrapHolds(context.Background(), nil, tr, nil) && slices.Contains(c.RowTraps(), tr) {
					t.Fatalf("%q: the row trap %s holds without data", line, tr.Kind)
				}
			}
		}
	})
}

// FuzzValidate checks flow.Validate on flows, with and without sample
// data: it never reports an internal error (a
// recovered panic), and its findings are sorted, placed on lines of the
// flow (their ends not before their starts), valid UTF-8 with no line
// break, control or bidi character raw (D37), of a known kind, and the
// same when run again.
func FuzzValidate(f *testing.F) {
	for _, s := range flowSeeds(f) {
		f.Add([]byte(s))
	}
	sample := fuzzScopes[0]
	f.Fuzz(func(t *testing.T, src []byte) {
		if len(src) > maxFlowInput {
			t.Skip("longer than a fuzzed flow needs to be")
		}
		// Not timed: Validate's work is bounded by MaxSize and MaxFindings
		// and the limits of each expression, which the limit tests count;
		// Go's fuzzing reports an input that hangs.
		for _, sm := range []*scope.Scope{nil, sample} {
			fs := flow.Validate("fuzz.md", src, sm)
			if msg := checkFindings(src, fs); msg != "" {
				t.Fatalf("%q: %s", src, msg)
			}
			if again := flow.Validate("fuzz.md", src, sm); !slices.Equal(fs, again) {
				t.Fatalf("%q: findings differ between two runs", src)
			}
		}
	})
}

// templateMessages says what is wrong with the messages of one template
// on s (D37, CheckMessage): those of Compile, Render, Value and Problems
// with and without data.
func templateMessages(text string, s *scope.Scope) string {
	t, err := eval.Compile(text)
	errs := []error{err}
	if t != nil {
		_, rerr := t.Render(s)
		_, verr := t.Value(s)
		errs = append(errs, rerr, verr)
		for _, p := range append(t.Problems(nil), t.Problems(s)...) {
			errs = append(errs, p)
		}
	}
	return badMessage(text, errs, false)
}

// conditionMessages is templateMessages for a condition line: the
// messages of CompileCondition, Test, Explain and Problems.
func conditionMessages(line string, s *scope.Scope) string {
	c, err := eval.CompileCondition(line)
	errs := []error{err}
	if c != nil {
		_, terr := c.Test(s)
		_, _, xerr := c.Explain(s)
		errs = append(errs, terr, xerr)
		for _, p := range append(c.Problems(nil), c.Problems(s)...) {
			errs = append(errs, p)
		}
	}
	return badMessage(line, errs, true)
}

// badMessage says what is wrong with the first of errs that breaks D37:
// CheckMessage, and the start of the message, `condition:` for every error
// of a condition line (cond), `${` for a template's (or, for a limit of
// the whole template, its quoted start).
func badMessage(text string, errs []error, cond bool) string {
	for _, err := range errs {
		if err == nil {
			continue
		}
		if e := CheckMessage(err, ""); e != nil {
			return fmt.Sprintf("%q: %v", text, e)
		}
		if msg := err.Error(); cond != strings.HasPrefix(msg, "condition:") {
			return fmt.Sprintf("%q: the message of a condition starts with condition:, a template's does not (D37): %.300q", text, msg)
		}
	}
	return ""
}

// findingKinds are the words of flow.Finding.Kind (internal aside).
var findingKinds = []string{
	"syntax", "forbidden", "unknown-function", "arity", "type", "value", "limit",
	"division-by-zero", "data", "condition", "unclosed", "missing-key", "not-number", "trap",
}

// checkFindings says what is wrong with the findings of one flow.
func checkFindings(src []byte, fs []flow.Finding) string {
	lines := strings.Count(string(src), "\n") + 1
	for i, f := range fs {
		switch {
		case f.Kind == "internal" || !slices.Contains(findingKinds, f.Kind):
			return "finding of kind " + strconv.Quote(f.Kind) + ": " + f.String()
		case f.File != "fuzz.md":
			return "finding names the file " + strconv.Quote(f.File)
		case f.Line < 1 || f.Line > lines || f.Column < 1:
			return "finding at " + strconv.Itoa(f.Line) + ":" + strconv.Itoa(f.Column) + ", outside the flow: " + f.String()
		case f.EndLine < f.Line || f.EndLine > lines || f.EndLine == f.Line && f.EndColumn < f.Column:
			return "finding ends at " + strconv.Itoa(f.EndLine) + ":" + strconv.Itoa(f.EndColumn) + ", before its start or outside the flow: " + f.String()
		case !utf8.ValidString(f.Message) || !utf8.ValidString(f.Expr):
			return "finding is not valid UTF-8: " + strconv.Quote(f.String())
		case f.Message == "":
			return "finding without a message"
		case strings.ContainsFunc(f.Message, rawInMessage):
			return "finding's message holds a line break, control or bidi character raw (D37): " + strconv.Quote(f.Message)
		case i > 0 && (f.Line < fs[i-1].Line || f.Line == fs[i-1].Line && f.Column < fs[i-1].Column):
			return "findings out of order: " + fs[i-1].String() + " before " + f.String()
		}
	}
	return ""
}

// rawInMessage is a character D37 lets no message hold as it is: a
// control character (a line break among them), a bidi control, a line or
// paragraph separator.
func rawInMessage(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == '\u2028' || r == '\u2029'
}

// readSeeds reads a file of testdata/seeds: one seed a line, a line that
// starts with a double quote being a Go string literal, # for comments.
func readSeeds(tb testing.TB, name string) []string {
	tb.Helper()
	file, err := os.Open(filepath.Join("testdata", "seeds", name))
	if err != nil {
		tb.Fatal(err)
	}
	defer file.Close()
	var out []string
	sc := bufio.NewScanner(file)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
			continue
		case strings.HasPrefix(line, `"`):
			s, err := strconv.Unquote(line)
			if err != nil {
				tb.Fatalf("%s: %q: %v", name, line, err)
			}
			out = append(out, s)
		default:
			out = append(out, line)
		}
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// repoFlows are the Markdown files of the repository that hold flows: the
// examples and the language reference.
func repoFlows(tb testing.TB) map[string]string {
	tb.Helper()
	out := map[string]string{}
	names, _ := filepath.Glob(filepath.Join("..", "examples", "*.md"))
	names = append(names, filepath.Join("..", "docs", "flow_markdown_spec.md"))
	for _, n := range names {
		b, err := os.ReadFile(n)
		if err != nil {
			continue // a repository without the file still fuzzes
		}
		out[n] = string(b)
	}
	return out
}

// genParams are fixed generator parameters for seeds.
func genParams() *gopter.GenParameters {
	return &gopter.GenParameters{MaxSize: 60, MaxShrinkCount: 0, Rng: rand.New(gopter.NewLockedSource(defaultSeed))}
}

func templateSeeds(tb testing.TB) []string {
	out := readSeeds(tb, "templates.txt")
	for _, src := range repoFlows(tb) {
		for _, line := range strings.Split(src, "\n") {
			if strings.Contains(line, "${") {
				left, _, _ := strings.Cut(line, " => ")
				out = append(out, left)
			}
		}
	}
	p := genParams()
	tg, mg, ag := Template(ExprOptions{Underscore: true, BadCalls: true}), Mutants(ExprOptions{BadCalls: true}), Amplifier()
	for range 40 {
		out = append(out, tg(p).Result.(Tmpl).String(), "${"+mg(p).Result.(Mutant).String()+"}", "${"+ast.Print(ag(p).Result.(ast.Expr))+"}")
	}
	return out
}

func conditionSeeds(tb testing.TB) []string {
	out := readSeeds(tb, "conditions.txt")
	for _, src := range repoFlows(tb) {
		inBlock := false
		for _, line := range strings.Split(src, "\n") {
			switch {
			case strings.HasPrefix(line, "```condition"):
				inBlock = true
			case strings.HasPrefix(line, "```"):
				inBlock = false
			case inBlock:
				left, _, _ := strings.Cut(line, " => ")
				out = append(out, left)
			default:
				if _, cond, ok := strings.Cut(line, "**condition:**"); ok {
					out = append(out, strings.TrimSpace(cond))
				}
			}
		}
	}
	p := genParams()
	cg, mg := Cond(), CondMutants()
	for range 40 {
		out = append(out, cg(p).Result.(CondLine).String(), mg(p).Result.(CondMutant).String())
	}
	return out
}

func flowSeeds(tb testing.TB) []string {
	var out []string
	for _, src := range repoFlows(tb) {
		out = append(out, src)
	}
	slices.Sort(out)
	templates, conds := readSeeds(tb, "templates.txt"), readSeeds(tb, "conditions.txt")
	var b strings.Builder
	b.WriteString("# Seeds\n\n## Step\n\n")
	for i, t := range templates {
		b.WriteString("- **field" + strconv.Itoa(i) + ":** " + t + "\n")
	}
	for _, c := range conds {
		b.WriteString("- **condition:** " + c + "\n")
	}
	b.WriteString("```\n${not checked in a fence}\n```\n")
	out = append(out, b.String(), "\ufeff- **condition:** ${a} ==\r\n", "- __Condition__: x\n${", "")
	p := genParams()
	tg, cg := Template(ExprOptions{BadCalls: true}), Cond()
	for range 20 {
		out = append(out, "- **text:** "+tg(p).Result.(Tmpl).String()+"\n- **condition:** "+cg(p).Result.(CondLine).String()+"\n")
	}
	// Small seeds: the fuzzer mutates and minimizes an input in time that
	// grows with its size (whole files as seeds made FuzzValidate run 33
	// inputs a minute).
	var small []string
	for _, src := range out {
		small = append(small, pieces(src, maxFlowSeed)...)
	}
	return small
}

// maxFlowSeed is the most bytes of a seed of FuzzValidate; maxFlowInput
// the most of an input it checks (a flow's problems are per line, so a
// longer flow finds nothing new).
const maxFlowSeed, maxFlowInput = 512, 1 << 10

// pieces cuts src at line ends into pieces of at most n bytes (a longer
// line is a piece of its own, cut at n).
func pieces(src string, n int) []string {
	var out []string
	for len(src) > n {
		cut := strings.LastIndexByte(src[:n], '\n') + 1
		if cut == 0 {
			cut = n
		}
		out = append(out, src[:cut])
		src = src[cut:]
	}
	return append(out, src)
}
