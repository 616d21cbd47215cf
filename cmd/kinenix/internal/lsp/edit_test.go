package lsp

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// seqEdit is the oracle: an edit applied as LSP says, to the whole text,
// finding its offsets line by line (the server's way before edits were
// applied in chunks).
func seqEdit(text string, r protocol.Range, repl string) string {
	lines := splitLines(text)
	offset := func(p protocol.Position) int {
		li := int(p.Line)
		if li >= len(lines) {
			return len(text)
		}
		off := 0
		for i := 0; i < li; i++ {
			off += len(lines[i])
			off = strings.Index(text[off:], "\n") + off + 1
		}
		return off + byteOfUTF16(lines[li], int(p.Character))
	}
	from, to := offset(r.Start), offset(r.End)
	if to < from {
		from, to = to, from
	}
	return text[:from] + repl + text[to:]
}

func rng(l1, c1, l2, c2 int) protocol.Range {
	return protocol.Range{Start: protocol.Position{Line: uint32(l1), Character: uint32(c1)},
		End: protocol.Position{Line: uint32(l2), Character: uint32(c2)}}
}

// TestApplyChanges: edits applied in chunks give what applying each to
// the whole text gives, for random edits over texts of several chunks
// with CRLF and LF line ends, lone CRs, characters of 1 to 4 bytes and of
// 1 and 2 UTF-16 units, invalid UTF-8, positions past the end of their
// line and of the text, inside a surrogate pair, and reversed ranges.
func TestApplyChanges(t *testing.T) {
	pieces := []string{"a", "ก", "😀", "\n", "\r\n", "\r", "${x}", "\xff", "é", strings.Repeat("z", 700)}
	r := rand.New(rand.NewSource(1))
	text := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteString(pieces[r.Intn(len(pieces))])
		}
		return b.String()
	}
	for round := range 200 {
		start := text(r.Intn(40) * (1 + round%5))
		want := start
		var changes []any
		for range 1 + r.Intn(30) {
			lines := strings.Count(want, "\n") + 1
			rg := rng(r.Intn(lines+1), r.Intn(30), r.Intn(lines+1), r.Intn(30))
			if r.Intn(3) == 0 { // mostly ranges on one line, as typing makes
				rg.End.Line = rg.Start.Line
			}
			repl := text(r.Intn(4))
			if r.Intn(20) == 0 {
				changes = append(changes, protocol.TextDocumentContentChangeEventWhole{Text: repl})
				want = repl
				continue
			}
			changes = append(changes, protocol.TextDocumentContentChangeEvent{Range: &rg, Text: repl})
			want = seqEdit(want, rg, repl)
		}
		got, _ := applyChanges(start, changes)
		require.Equal(t, want, got, "round %d", round)
	}
}

// TestApplyChangesBound: 20,000 edits of a 100 KB flow in one message
// take work linear in the edits, not the text's size per edit: applying
// each to the whole text copied 2 GB (9 s); the chunks take a step per
// chunk passed and per byte of at most a few chunks each.
func TestApplyChangesBound(t *testing.T) {
	line := "- **premium:** ${round(number(row.premium) * 1.07, 2)} ก😀\r\n"
	text := strings.Repeat(line, 100_000/len(line))
	nlines := strings.Count(text, "\n")
	for _, order := range []string{"ascending", "descending", "scattered"} {
		var changes []any
		want := text
		for i := range 20_000 {
			li := i * 7919 % nlines
			switch order {
			case "ascending":
				li = i * nlines / 20_000
			case "descending":
				li = nlines - 1 - i*nlines/20_000
			}
			rg := rng(li, 16, li, 21)
			changes = append(changes, protocol.TextDocumentContentChangeEvent{Range: &rg, Text: "trunc"})
			if i < 50 {
				want = seqEdit(want, rg, "trunc")
			}
		}
		got, steps := applyChanges(text, changes)
		require.Equal(t, strings.Count(text, "round"), strings.Count(got, "round")+strings.Count(got, "trunc")-strings.Count(text, "trunc"), order)
		chunks := len(text)/chunkSize + 1
		bound := 2*len(text) + 20_000*(2*chunks+4*chunkSize)
		require.Less(t, steps, bound, order)
		require.Less(t, steps, 20_000*len(text)/10, order) // a copy per edit
		// The first 50 edits, checked by the oracle.
		got50, _ := applyChanges(text, changes[:50])
		require.Equal(t, want, got50, order)
	}
}
