package proptest

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

// Findings: library bugs this suite found and the lead fixes. Each test
// fails until its bug is fixed; then it moves beside the tests of its kind
// (messageCases in safety_test.go, bugs_test.go). Nothing here is skipped.
//
// Hostile inputs whose messages break D37 today (issue #10, point 8).

// foundMessages builds the cases when they run: some hold 10 MB.
func foundMessages() []hostileMessage {
	return []hostileMessage{
		// The whole expression is echoed: a 100 KB or 10 MB message.
		{name: "placeholder of 100,000 characters", text: "${" + rep("a", 100_000) + "}", filler: "a"},
		{name: "quoted placeholder of 100,000 characters", text: "${'" + rep("a", 100_000) + "'}", filler: "a"},
		{name: "expression of 100,000 characters", text: "${" + rep("9", 99_996) + " + 1}", filler: "9"},
		{name: "placeholder of 10 MB", text: "${" + mb10() + "}", filler: "a"},
		{name: "10 MB of text in arithmetic", text: "${'" + mb10() + "' + 1}", filler: "a"},
		{name: "unknown function of 200 characters", text: "${" + rep("f", 200) + "(1)}", filler: "f"},
		// Data is cut at 40 characters, marked with ... instead of ….
		{name: "1 MiB of data in arithmetic", text: "${X + 1}", filler: "a"},
		// Control characters, bidi controls and invalid UTF-8 from data: the
		// arithmetic path echoes them raw, the condition path and number()
		// turn them into spaces or U+FFFD instead of escapes.
		{name: "ESC and BEL from data in arithmetic", text: "${esc + 1}", escaped: "\x1b\x07"},
		{name: "ESC and BEL from data in a condition", cond: true, text: "${esc} > 1", escaped: "\x1b\x07"},
		{name: "U+202E from data in arithmetic", text: "${rlo + 1}", escaped: "\u202e"},
		{name: "U+202E from data in a condition", cond: true, text: "${rlo} > 1", escaped: "\u202e"},
		{name: "U+202E from data in number", text: "${number(rlo)}", escaped: "\u202e"},
		{name: "invalid UTF-8 from data in arithmetic", text: "${bad + 1}", escaped: "\xff"},
		{name: "invalid UTF-8 from data in a condition", cond: true, text: "${bad} > 1", escaped: "\xff"},
		{name: "invalid UTF-8 from data in number", text: "${number(bad)}", escaped: "\xff"},
		// The same characters in the expression: echoed raw in ${...}.
		{name: "ESC in an expression", text: "${'\x1b' + 1}", escaped: "\x1b"},
		{name: "BEL in an expression", text: "${a\x07b + 1}", escaped: "\x07"},
		{name: "U+202E in quotes", text: "${'\u202e' + 1}", escaped: "\u202e"},
		{name: "U+202E as a name", text: "${\u202e + 1}", escaped: "\u202e"},
		{name: "ESC in a _ name", text: "${_\x1b}", escaped: "\x1b"},
		{name: "ESC in a _ key", text: "${a._\x1b}", escaped: "\x1b"},
		{name: "newline in quotes", text: "${'a\nb' + 1}", escaped: "\n"},
		{name: "newline after an operator", text: "${x +\n}", escaped: "\n"},
		{name: "ESC and U+202E in a line that is no condition", cond: true, text: "not \x1b\u202e ${x} x", escaped: "\x1b\u202e"},
		// Invalid UTF-8 in the expression makes the message invalid UTF-8.
		{name: "invalid UTF-8 before quotes", text: "${\x88''}", escaped: "\x88"},
		{name: "invalid UTF-8 in quotes", text: "${'\x88'}", escaped: "\x88"},
		// An error of a template as a whole starts with text:, not ${.
		{name: "literal text past a small cap", small: true, text: rep("0", 11)},
	}
}

// TestFoundMessages checks foundMessages by D37, as TestSafetyMessages
// does messageCases.
func TestFoundMessages(t *testing.T) {
	runMessages(t, foundMessages())
}

// Found by property 2 (PROPTEST_SEED=42 PROPTEST_FACTOR=3): the rendered
// text passes the scope's size cap (D17) when a placeholder's value is a
// boolean (its size is never checked), or a list or dictionary placed
// where the text before it fills the cap exactly (the room left, 0, is
// passed to value.Show, which reads 0 as the default 1 MiB).
func TestFoundRenderPastCap(t *testing.T) {
	vars := map[string]any{"flag": true, "d": map[string]any{"k": "v"}, "l": []any{"a", "b"}, "n": 5}
	for _, text := range []string{
		"0123456789abcde${flag}",  // 19 bytes
		"0123456789abcdef${flag}", // 20 bytes
		"0123456789abcdef${d}",    // 25 bytes
		"0123456789abcdef${l}",    // 20 bytes
		"0123456789abcdef${n}",    // refused, as it should be
	} {
		t.Run(text, func(t *testing.T) {
			out, err := renderOn(text, scope.New(vars, scope.WithMaxSize(16)))
			require.ErrorIs(t, err, eval.ErrLimit, "%q rendered %d bytes (%q) with a cap of 16", text, len(out), out)
		})
	}
}

// Issue #9 and #10 point 3, D35 and D17: constants folded at compile time
// are built under the host's caps. Today Value returns the folded text
// whole: 20 bytes under a cap of 10, 1,000,000 under a cap of 1,000.
func TestFoundFoldedConstantPastCap(t *testing.T) {
	million := "${" + rep("replace(", 5) + "'aaaaaaaaaa'" + rep(", 'a', 'aaaaaaaaaa')", 5) + "}" // 10 × 10^5 bytes
	for _, c := range []struct {
		text string
		cap  int
	}{
		{"${upper('aaaaaaaaaaaaaaaaaaaa')}", 10},
		{million, 1000},
	} {
		t.Run(c.text, func(t *testing.T) {
			tpl, err := eval.Compile(c.text, eval.WithoutCache())
			require.NoError(t, err)
			s := scope.New(nil, scope.WithMaxSize(c.cap))
			v, err := tpl.Value(s)
			require.ErrorIs(t, err, eval.ErrLimit, "Value gave %s of %d bytes under a cap of %d", v.Kind(), len(v.String()), c.cap)
			out, err := tpl.Render(s)
			require.ErrorIs(t, err, eval.ErrLimit, "Render gave %d bytes under a cap of %d", len(out), c.cap)
		})
	}
}

// D35: a template's text, its placeholder count and its list of problems
// are bounded (the order of 1 MiB, 10,000 placeholders, 1,000 problems):
// past them Compile refuses the text with ErrLimit, or the template's
// problems say so. Today all three are unbounded.
func TestFoundTemplateBounds(t *testing.T) {
	t.Run("100,000 placeholders", func(t *testing.T) {
		require.True(t, refusedForLimit(rep("${a}", 100_000)), "a template of 100,000 placeholders is accepted")
	})
	t.Run("16 MiB of text", func(t *testing.T) {
		require.True(t, refusedForLimit(rep("a", 16<<20)), "a template of 16 MiB is accepted")
	})
	t.Run("5,000 problems", func(t *testing.T) {
		text := rep("${1+}", 5_000)
		if refusedForLimit(text) {
			return
		}
		tpl, err := eval.Compile(text, eval.WithoutCache())
		require.NoError(t, err)
		require.LessOrEqual(t, len(tpl.Problems(nil)), 2_000, "the problems of 5,000 bad placeholders are not bounded")
	})
}

// refusedForLimit reports whether Compile refuses text with ErrLimit, or
// the template it returns reports a problem of that kind.
func refusedForLimit(text string) bool {
	tpl, err := eval.Compile(text, eval.WithoutCache())
	if err != nil {
		return errors.Is(err, eval.ErrLimit)
	}
	for _, p := range tpl.Problems(nil) {
		if errors.Is(p, eval.ErrLimit) {
			return true
		}
	}
	return false
}
