package lsp

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/kinenix/expressions/flow"
)

// FuzzFeatures: diagnostics, hover and completion at any position of any
// text never panic; every range lies inside the document with its start
// before its end; a diagnostic's message is one line of valid UTF-8 with
// no control or bidi character raw (D37); a hover's text is valid UTF-8
// about a part of the placeholder the cursor is in, and the same when
// asked again; a completion's labels are valid UTF-8 and its edits end at
// the cursor.
func FuzzFeatures(f *testing.F) {
	for _, s := range []string{flowWithTypo, "${row.|", "ก😀 ${row['a'].b} ${'x", "${len(rows[0].", "- **condition:** ${a} =! 3 and ${b",
		"\uFEFF${lenght(x)}\r\n${x.upper()}", "${row.First Name}", "${rows[-1]['Due Date'].x}", "${len(rows)}"} {
		f.Add(s, uint16(0), uint16(3))
	}
	sample := featureSample()
	f.Fuzz(func(t *testing.T, text string, li, ch uint16) {
		if !utf8.ValidString(text) {
			return // JSON decoding gives the server valid UTF-8 only
		}
		lines := splitLines(text)
		fs := flow.Validate("f.md", []byte(text), sample)
		for i, d := range diagnostics(lines, fs) {
			r := d.Range
			if int(r.Start.Line) >= len(lines) || r.Start.Line != r.End.Line || r.End.Character < r.Start.Character ||
				int(r.End.Character) > utf16Len(lines[r.Start.Line]) {
				t.Fatalf("finding %v: range %+v outside its line", fs[i], r)
			}
			if d.Message == "" || !utf8.ValidString(d.Message) || strings.ContainsFunc(d.Message, rawInMessage) {
				t.Fatalf("finding %v: diagnostic message %q is not one clean line", fs[i], d.Message)
			}
		}
		li0 := int(li) % len(lines)
		l := lines[li0]
		off := byteOfUTF16(l, int(ch))
		if pl, ok := placeAt(l, off); ok && pl.closed {
			text, from, to, ok := hoverText(pl.ph, off-pl.from, sample)
			if ok && (from < 0 || from > to || to > len(pl.ph.Text) || !utf8.ValidString(text)) {
				t.Fatalf("%q at %d: hover [%d, %d) of %q: %q", l, off, from, to, pl.ph.Text, text)
			}
			text2, from2, to2, ok2 := hoverText(pl.ph, off-pl.from, sample)
			if text2 != text || from2 != from || to2 != to || ok2 != ok {
				t.Fatalf("%q at %d: hover %q, then %q", l, off, text, text2)
			}
		}
		list := completionAt(cursor{line: l, off: off, li: li0}, newIndex(sample), true)
		at := uint32(utf16Len(l[:off]))
		for _, it := range list.Items {
			if !utf8.ValidString(it.Label) {
				t.Fatalf("%q at %d: completion label %q", l, off, it.Label)
			}
			if e, ok := it.TextEdit.(protocol.TextEdit); ok {
				r := e.Range
				if r.Start.Line != uint32(li0) || r.End.Line != uint32(li0) || r.End.Character != at || r.Start.Character > at ||
					!utf8.ValidString(e.NewText) {
					t.Fatalf("%q at %d: completion %q edits %+v to %q", l, off, it.Label, r, e.NewText)
				}
			}
		}
	})
}

// rawInMessage is a character D37 lets no message hold as it is: a
// control character (a line break among them), a bidi control, a line or
// paragraph separator.
func rawInMessage(r rune) bool {
	return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == '\u2028' || r == '\u2029'
}

// FuzzServe: any bytes on the input end the server (at the end of the
// input) without a panic, and everything it writes is framed JSON, an
// error's message without Go types or the JSON decoder's words.
func FuzzServe(f *testing.F) {
	f.Add("Content-Length: 5\r\n\r\n{\"a\":")
	f.Add("Content-Length: 58\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{}}" +
		"Content-Length: 44\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"shutdown\"}")
	f.Add("\r\n\r\nContent-Length: 99999999999999999999\r\n\r\n")
	f.Add("Content-Length: -1\r\n\r\n" + strings.Repeat("x", 5000) + "\n")
	f.Fuzz(func(t *testing.T, in string) {
		var out bytes.Buffer
		Serve(strings.NewReader(in), &out, Options{})
		rest := out.Bytes()
		for len(rest) > 0 {
			if !bytes.HasPrefix(rest, []byte("Content-Length: ")) {
				t.Fatalf("unframed output: %q", rest)
			}
			head, body, ok := bytes.Cut(rest, []byte("\r\n\r\n"))
			if !ok {
				t.Fatalf("no end of header: %q", rest)
			}
			var n int
			for _, c := range head[len("Content-Length: "):] {
				n = n*10 + int(c-'0')
			}
			if n > len(body) {
				t.Fatalf("short body")
			}
			if !json.Valid(body[:n]) {
				t.Fatalf("a body that is not JSON: %q", body[:n])
			}
			var reply struct {
				Error *struct{ Message string }
			}
			if json.Unmarshal(body[:n], &reply) == nil && reply.Error != nil {
				// the editor shows it: no Go type, no decoder's words
				// (a word the input holds may come back in its echo)
				for _, jargon := range []string{"json:", "Go value", "unmarshal", "JSON input", "invalid character", "looking for", "%!", "interface {", "map[string]", "[]interface", "reflect", "protocol."} {
					if strings.Contains(reply.Error.Message, jargon) && !strings.Contains(in, jargon) {
						t.Fatalf("an error message holds %q: %q", jargon, reply.Error.Message)
					}
				}
			}
			rest = body[n:]
		}
	})
}
