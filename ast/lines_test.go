package ast

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// naivePosition is the definition LineIndex implements, computed the slow
// way: lines end at "\n", columns count characters.
func naivePosition(text string, off int) (int, int) {
	off = max(0, min(off, len(text)))
	// Inside a character: go back to its first byte.
	for start := 0; start < off; {
		_, n := utf8.DecodeRuneInString(text[start:])
		if start+n > off {
			off = start
			break
		}
		start += n
	}
	head := text[:off]
	line := 1 + strings.Count(head, "\n")
	if i := strings.LastIndexByte(head, '\n'); i >= 0 {
		head = head[i+1:]
	}
	return line, utf8.RuneCountInString(head) + 1
}

func TestLineIndex(t *testing.T) {
	texts := []string{
		"",
		"abc",
		"a\nb\n",
		"a\r\nbc\r\n\r\nd",
		"a\rb",
		"ลูกค้า\nบาท ${x}\n",
		"é\n\nx",
		"a\xffb\n\xe0\xb8c", // invalid bytes, a truncated character
		"\n\n\n",
		"🙂🙂\n🙂",
	}
	for _, text := range texts {
		x := NewLineIndex(text)
		require.Equal(t, strings.Count(text, "\n")+1, x.Lines(), "%q", text)
		for off := -2; off <= len(text)+2; off++ {
			line, col := x.Position(off)
			wl, wc := naivePosition(text, off)
			require.Equal(t, [2]int{wl, wc}, [2]int{line, col}, "%q at %d", text, off)
		}
	}
}

func TestLineIndexExamples(t *testing.T) {
	x := NewLineIndex("ab\r\nลูก x\ny")
	pos := func(off int) [2]int { l, c := x.Position(off); return [2]int{l, c} }
	require.Equal(t, [2]int{1, 1}, pos(0))
	require.Equal(t, [2]int{1, 3}, pos(2), "the \\r of \\r\\n is on the first line")
	require.Equal(t, [2]int{1, 4}, pos(3), "so is the \\n")
	require.Equal(t, [2]int{2, 1}, pos(4))
	require.Equal(t, [2]int{2, 2}, pos(7), "ล is three bytes, one character")
	require.Equal(t, [2]int{2, 2}, pos(8), "inside a character: that character")
	require.Equal(t, [2]int{2, 5}, pos(14), "x")
	require.Equal(t, [2]int{3, 1}, pos(16))
	require.Equal(t, [2]int{3, 2}, pos(17), "the end")
	require.Equal(t, [2]int{3, 2}, pos(1000), "clamped to the end")
	require.Equal(t, [2]int{1, 1}, pos(-5), "clamped to the start")
}

// Long text: the index answers the same as the definition everywhere.
func TestLineIndexLong(t *testing.T) {
	text := strings.Repeat("a ลูก\r\n🙂 x\n", 300)
	x := NewLineIndex(text)
	for off := 0; off <= len(text); off += 7 {
		line, col := x.Position(off)
		wl, wc := naivePosition(text, off)
		require.Equal(t, [2]int{wl, wc}, [2]int{line, col}, "at %d", off)
	}
}

func BenchmarkLineIndexPosition(b *testing.B) {
	text := strings.Repeat("a ลูก\r\n🙂 x\n", 10000)
	x := NewLineIndex(text)
	b.ReportAllocs()
	off := 0
	for b.Loop() {
		off = (off + 7919) % len(text)
		x.Position(off)
	}
}
