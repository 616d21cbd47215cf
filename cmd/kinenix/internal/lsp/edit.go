package lsp

import (
	"strings"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Incremental changes. A client that sends range changes (the server asks
// for full text, but LSP lets a client send either) may send any number of
// them in one didChange, each in the positions of the document as the
// edits before it left it. Applying each to a string copies the document
// once per edit (20,000 edits of a 100 KB flow: 9 s). Instead the text is
// held, while one message is applied, as chunks of at most chunkSize
// bytes, each with its count of line ends and of UTF-16 code units: an
// edit finds its line by the counts (one step per chunk), its character
// within at most a chunk's bytes past whole chunks it skips, and rewrites
// only the chunks it touches. The text is joined once, at the end.

// chunkSize is the most bytes a chunk holds.
const chunkSize = 2048

// chunk is a piece of the text with its counts.
type chunk struct {
	s   string
	nl  int // line ends ("\n")
	u16 int // UTF-16 code units
}

func newChunk(s string) chunk {
	return chunk{s: s, nl: strings.Count(s, "\n"), u16: utf16Len(s)}
}

// editText is a document while the changes of one message are applied.
type editText struct {
	chunks []chunk
	// steps counts the work done: chunks visited, bytes scanned and bytes
	// copied. Tests bound it.
	steps int
}

// newEditText splits text into chunks.
func newEditText(text string) *editText {
	t := &editText{}
	t.chunks = t.split(nil, text)
	return t
}

// split appends s to cs as chunks of at most chunkSize bytes, cut at the
// start of a character.
func (t *editText) split(cs []chunk, s string) []chunk {
	t.steps += len(s)
	for len(s) > chunkSize {
		n := chunkSize
		for k := 0; k < utf8.UTFMax && n > 1 && !utf8.RuneStart(s[n]); k++ {
			n--
		}
		cs = append(cs, newChunk(s[:n]))
		s = s[n:]
	}
	if len(s) > 0 {
		cs = append(cs, newChunk(s))
	}
	return cs
}

// String joins the chunks.
func (t *editText) String() string {
	var b strings.Builder
	n := 0
	for _, c := range t.chunks {
		n += len(c.s)
	}
	b.Grow(n)
	for _, c := range t.chunks {
		b.WriteString(c.s)
	}
	t.steps += n
	return b.String()
}

// loc is a place in the text: a chunk and a byte offset in it. The end of
// the text is {len(chunks), 0}.
type loc struct{ ci, off int }

func (a loc) before(b loc) bool { return a.ci < b.ci || a.ci == b.ci && a.off < b.off }

// at is the place of an LSP position, clamped as byteOfUTF16 and offsetOf
// clamp it: a line past the last is the end of the text, a character past
// its line's end (before its "\r\n" or "\n") is that end, a position inside
// a surrogate pair is the start of its character.
func (t *editText) at(p protocol.Position) loc {
	// The start of line p.Line: just after its p.Line-th line end.
	ci, off := 0, 0
	if want := int(p.Line); want > 0 {
		seen := 0
		for ci < len(t.chunks) && seen+t.chunks[ci].nl < want {
			seen += t.chunks[ci].nl
			ci++
			t.steps++
		}
		if ci == len(t.chunks) {
			return loc{len(t.chunks), 0}
		}
		s := t.chunks[ci].s
		for ; seen < want; seen++ {
			off += strings.IndexByte(s[off:], '\n') + 1
		}
		t.steps += off
	}
	// Then p.Character UTF-16 units on, not past the line's end.
	u := int(p.Character)
	for ci < len(t.chunks) {
		c := t.chunks[ci]
		if off == 0 && c.nl == 0 && c.u16 <= u && !strings.HasSuffix(c.s, "\r") {
			u -= c.u16 // a whole chunk within the line
			ci++
			t.steps++
			continue
		}
		for off < len(c.s) {
			r, size := utf8.DecodeRuneInString(c.s[off:])
			t.steps += size
			w := 1
			if r >= 0x10000 {
				w = 2
			}
			if r == '\n' || r == '\r' && t.lineEndAfter(ci, off+1) || w > u {
				return loc{ci, off}
			}
			u -= w
			off += size
		}
		ci, off = ci+1, 0
	}
	return loc{len(t.chunks), 0}
}

// lineEndAfter reports whether a line ends at offset off of chunk ci (or
// of the chunks after it when off is past its end): a "\n" or the end of
// the text, so that a "\r" before it is not part of the line (splitLines).
func (t *editText) lineEndAfter(ci, off int) bool {
	for ci < len(t.chunks) {
		if off < len(t.chunks[ci].s) {
			return t.chunks[ci].s[off] == '\n'
		}
		ci, off = ci+1, 0
	}
	return true
}

// apply replaces the range r by repl, rewriting only the chunks the range
// touches and merging a small chunk with its neighbours, so that the
// chunks stay at least half full on average.
func (t *editText) apply(r protocol.Range, repl string) {
	from, to := t.at(r.Start), t.at(r.End)
	if to.before(from) {
		from, to = to, from
	}
	var head, tail string
	last := to.ci // the last chunk rewritten
	if from.ci < len(t.chunks) {
		head = t.chunks[from.ci].s[:from.off]
	}
	if to.ci < len(t.chunks) {
		tail = t.chunks[to.ci].s[to.off:]
	} else {
		last = len(t.chunks) - 1
	}
	first := from.ci
	// Merge with the neighbours when the result stays within a chunk.
	if first > 0 && len(t.chunks[first-1].s)+len(head)+len(repl)+len(tail) <= chunkSize {
		first--
		head = t.chunks[first].s + head
	}
	if last+1 < len(t.chunks) && len(head)+len(repl)+len(tail)+len(t.chunks[last+1].s) <= chunkSize {
		last++
		tail += t.chunks[last].s
	}
	pieces := t.split(nil, head+repl+tail)
	rest := t.chunks[min(last+1, len(t.chunks)):]
	t.steps += len(t.chunks) - first
	out := append(t.chunks[:first:first], pieces...)
	t.chunks = append(out, rest...)
}

// applyEdit replaces a range of text (in UTF-16 positions) by repl.
func applyEdit(text string, r protocol.Range, repl string) string {
	t := newEditText(text)
	t.apply(r, repl)
	return t.String()
}

// applyChanges applies the content changes of one didChange to text in
// their order: a full text replaces the document, a range change edits it.
// Changes before the last full text are skipped. It returns the text and
// the steps the edits took.
func applyChanges(text string, changes []any) (string, int) {
	start := 0
	for i, ch := range changes {
		if w, ok := ch.(protocol.TextDocumentContentChangeEventWhole); ok {
			text, start = w.Text, i+1
		}
	}
	if start == len(changes) {
		return text, 0
	}
	t := newEditText(text)
	for _, ch := range changes[start:] {
		if e, ok := ch.(protocol.TextDocumentContentChangeEvent); ok && e.Range != nil {
			t.apply(*e.Range, e.Text)
		}
	}
	s := t.String()
	return s, t.steps
}
