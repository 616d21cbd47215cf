package lsp

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kinenix/expressions/flow"
)

// FuzzFeatures: diagnostics, hover and completion at any position of any
// text never panic, and every range lies inside the document with its
// start before its end.
func FuzzFeatures(f *testing.F) {
	for _, s := range []string{flowWithTypo, "${row.|", "ก😀 ${row['a'].b} ${'x", "${len(rows[0].", "- **condition:** ${a} =! 3 and ${b",
		"\uFEFF${lenght(x)}\r\n${x.upper()}", "${row.First Name}", "${rows[-1]['Due Date'].x}"} {
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
		}
		l := lines[int(li)%len(lines)]
		off := byteOfUTF16(l, int(ch))
		if pl, ok := placeAt(l, off); ok && pl.closed {
			hoverText(pl.ph, off-pl.from, sample)
		}
		completionAt(cursor{line: l, off: off}, newIndex(sample), true)
	})
}

// FuzzServe: any bytes on the input end the server (at the end of the
// input) without a panic, and everything it writes is framed.
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
			rest = body[n:]
		}
	})
}
