package lsp

import (
	"errors"
	"strings"
	"testing"

	"github.com/kinenix/expressions/scope"
	"github.com/stretchr/testify/require"
)

// hostile is data written to become Markdown in a hover: a fence that
// closes the code block, a link, a remote image, HTML, emphasis, a bidi
// override and an escape sequence.
const hostile = "```\n````\n  ``````  \n[click](https://evil.example)\n![i](https://evil.example/i.png)\n" +
	"<img src=https://evil.example/i.png>\n**bold** \u202e \x1b[2J\r\n```"

// TestHoverDataNotMarkdown: a value of the sample data is shown in a code
// block no line of it can close, a path in a code span, a message with
// its punctuation escaped, so data never becomes Markdown (a value could
// close the fence and add links and remote images).
func TestHoverDataNotMarkdown(t *testing.T) {
	sample := scope.New(map[string]any{"row": map[string]any{"note": hostile, "`k`": hostile}})
	for _, raw := range []string{"row.note", "row['`k`']"} {
		text, _, _, ok := hoverText(placeholderOf(t, raw), 5, sample)
		require.True(t, ok, raw)
		head, block, found := strings.Cut(text, "\n\n")
		require.True(t, found, text)
		require.NotContains(t, head, "](", raw)
		lines := strings.Split(block, "\n")
		fence := lines[0]
		require.GreaterOrEqual(t, len(fence), 3)
		require.Equal(t, strings.Repeat("`", len(fence)), fence)
		require.Equal(t, fence, lines[len(lines)-1], "the block ends with its fence")
		for _, l := range lines[1 : len(lines)-1] {
			l = strings.TrimSpace(l)
			closes := len(l) >= len(fence) && strings.Trim(l, "`") == ""
			require.False(t, closes, "the line %q closes the fence %q", l, fence)
		}
		require.Contains(t, block, "[click](https://evil.example)", "shown as it is, in the block")
		require.NotContains(t, text, "\u202e")
		require.NotContains(t, text, "\x1b")
	}

	// A code span around a path with backticks.
	require.Equal(t, "`` `k` ``", codeSpan("`k`"))
	require.Equal(t, "``a`b``", codeSpan("a`b"))

	// A message that names data: every punctuation character escaped.
	doc := errorDoc("row.x", errors.New("no key 'x' in row; did you mean '"+hostile+"'?"))
	msg := strings.TrimPrefix(doc, "`row.x`: ")
	for i := 0; i < len(msg); i++ {
		if strings.IndexByte("[]()!<>`*_", msg[i]) >= 0 {
			require.Equal(t, byte('\\'), msg[i-1], "unescaped %q at %d of %s", msg[i], i, msg)
		}
	}
	require.NotContains(t, msg, "\n")
}

// A value shown cut in a hover or a completion keeps a letter with its
// marks: the cut falls before a letter whose tone mark or SARA AM would
// not fit, never shows น้ำ as น้ (a word changed).
func TestCutCharsKeepsMarks(t *testing.T) {
	require.Equal(t, "ab…", cutChars("abน้ำ", 3))
	require.Equal(t, "abน้…", cutChars("abน้ก", 4))
	require.Equal(t, "xน้ำ…", cutChars("xน้ำกข", 4))
	require.Equal(t, "ab", cutChars("ab", 2))
}
