package xlsx

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// tokens reads the part b with the scanner (std false) or encoding/xml,
// through one byte at a time when slow, and gives what it read as text.
// With broken, reading b fails after its last byte, as a damaged part's
// does.
func tokens(b []byte, std, slow, broken bool) []string {
	var rd io.Reader = bytes.NewReader(b)
	if broken {
		rd = io.MultiReader(rd, iotest.ErrReader(errors.New("damaged")))
	}
	if slow {
		rd = iotest.OneByteReader(rd)
	}
	wb := &workbook{limit: 1 << 40}
	p := &part{name: "x.xml", rc: io.NopCloser(rd), wb: wb}
	if std {
		p.dec, p.tee = xmlDecoder(&limitedReader{r: p.rc, wb: wb})
	} else {
		p.sc = newScanner(&limitedReader{r: p.rc, wb: wb})
	}
	var out []string
	for {
		t, err := p.next()
		if err != nil {
			return append(out, "error: "+errorClass(err))
		}
		switch t.kind {
		case kStart:
			var s strings.Builder
			fmt.Fprintf(&s, "<%s:%s", t.space, t.local)
			for _, a := range t.attrs {
				fmt.Fprintf(&s, " %s:%s=%q", a.space, a.local, a.value)
			}
			out = append(out, s.String()+">")
		case kEnd:
			out = append(out, fmt.Sprintf("</%s:%s>", t.space, t.local))
		case kText:
			if t.long {
				out = append(out, "text "+longSpace)
				continue
			}
			if len(out) > 0 && strings.HasPrefix(out[len(out)-1], "text ") { // text comes in pieces
				out[len(out)-1] += string(t.text)
			} else {
				out = append(out, "text "+string(t.text))
			}
		}
		if p.rc == nil {
			return out
		}
	}
}

// errorClass is the message of err without the line of a syntax error:
// the scanner may find a part not well-formed a line before or after
// encoding/xml does (it checks a text's characters where it meets them).
func errorClass(err error) string {
	if err == nil {
		return "<nil>"
	}
	return lineOf.ReplaceAllString(err.Error(), "(line N")
}

var lineOf = regexp.MustCompile(`\(line \d+`)

// scanCases are parts the scanner must read as encoding/xml does, valid
// and not.
var scanCases = []string{
	`<a/>`,
	`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\r\n" + `<x:ws xmlns:x="u" a='1' b = "2&amp;&lt;&gt;&quot;&apos;&#65;&#x42;"><x:c r="A1" t="s"><x:v>1</x:v></x:c><!-- note --><?pi data?><![CDATA[<raw> & ]] text]]>t&#x10000;ไทย` + "a\r\nb\rc" + `</x:ws>`,
	`<!DOCTYPE a [<!ENTITY e "x"> <!-- c > -->]><a>t</a>`,
	`<a>` + strings.Repeat("<b>", 70),
	`<a><b></a>`,
	`<a>x</a><b/>`,
	`<a>x</a>  <!-- after -->`,
	``,
	`  `,
	`<a>`,
	`<a`,
	`<a b="1`,
	`<a b=1/>`,
	`<a b/>`,
	`<a b="<"/>`,
	`<a>]]></a>`,
	`<a>&bogus;</a>`,
	`<a>&amp</a>`,
	`<a>&#xD800;</a>`,
	`<a>&#55296;x</a>`,
	`<a b="&#xdfff;"/>`,
	`<a>&#xD800;&#1;</a>`,
	`<a>&#xD800;`,
	`<a><!-- &#xD800; --><?pi &#xD800;?><![CDATA[&#xD800;]]></a>`,
	`<!ELEMENT a ANY><a/>`,
	`<a/><!DOCTYPE a>`,
	`<?xml version="1.0" encoding="UTF-16"?><a/>`,
	`<a>&#0;</a>`,
	`<a>&#;</a>`,
	"<a>\x01</a>",
	"<a>\xff</a>",
	"<a b='\xff'/>",
	`<a>&#1114112;</a>`,
	`<1a/>`,
	`< a/>`,
	`<a:b:c/>`,
	`<:a/>`,
	`<a:/>`,
	`<a></a >`,
	`<a></ a>`,
	`<a><!-- -- --></a>`,
	`<a><!- x --></a>`,
	`<a><![CDAT[x]]></a>`,
	`<?xml version="1.1"?><a/>`,
	`<?xml version="1.0" encoding="latin1"?><a/>`,
	`<?xml version="1.0" encoding="utf-8"?><a/>`,
	`<a/>` + "\n\n" + `<b/>`,
	"<a>\n<b>\n</c>",
	`<ä b="1">x</ä>`,
	`<a ä="1"/>`,
	"<a>\xef\xbb\xbfx</a>",
	`<a x="1"y="2"/>`,
	`<a>` + strings.Repeat("x", maxText-5) + `&amp;</a>`,
	`<a>` + strings.Repeat("ไ", maxText) + `</a>`, // more bytes than the first buffer
	`<a>` + strings.Repeat(" ", maxText) + `</a>`,
	`<a>` + strings.Repeat("\r\n", maxText) + `</a>`,
	`<a b="` + strings.Repeat("y", 100000) + `"/>`,
	`<a>` + strings.Repeat(" ", maxText+1) + `<b/>` + strings.Repeat("\n", 200000) + `</a>`,
	`<a>` + strings.Repeat(" ", 200000),
}

// longSpace stands for a run of white space longer than maxText, which
// the scanner skips rather than holds (encoding/xml gives it whole).
const longSpace = "<white space skipped>"

// stdTokens is tokens with encoding/xml, its white space longer than a
// cell's limit given as the scanner gives it.
func stdTokens(b []byte, broken bool) []string {
	out := tokens(b, true, false, broken)
	for i, t := range out {
		if txt, ok := strings.CutPrefix(t, "text "); ok && len(txt) > maxText && strings.Trim(txt, " \t\r\n") == "" {
			out[i] = "text " + longSpace
		}
	}
	return out
}

func TestScannerAsEncodingXML(t *testing.T) {
	for _, c := range scanCases {
		for _, broken := range []bool{false, true} {
			want := stdTokens([]byte(c), broken)
			require.Equal(t, want, tokens([]byte(c), false, false, broken), "%.200q", c)
			require.Equal(t, want, tokens([]byte(c), false, true, broken), "one byte at a time: %.200q", c)
		}
	}
}

// FuzzScanner reads any part with the scanner and with encoding/xml: the
// same tokens, or the same error.
func FuzzScanner(f *testing.F) {
	for _, c := range scanCases {
		if len(c) < 1000 {
			f.Add([]byte(c), false)
		}
	}
	f.Fuzz(func(t *testing.T, b []byte, broken bool) {
		want := stdTokens(b, broken)
		require.Equal(t, want, tokens(b, false, false, broken))
		require.Equal(t, want, tokens(b, false, true, broken))
	})
}

// The scanner's own bounds (#21, spec §16): encoding/xml reads all of
// these parts (XML sets no such bound, and RawToken does not check that
// an attribute comes once); the scanner refuses them as soon as the
// bound is passed, having read no more than a small multiple of it.
func TestScannerBounds(t *testing.T) {
	big := 64 << 20 // far past every bound, never held
	for _, c := range []struct {
		name        string
		head        string // then big bytes of fill
		fill        byte
		tail        string
		want        string
		maxRead     int // what may be read before the refusal
		stdAccepted bool
		stdWant     string // what encoding/xml's tokens give a smaller one, when not read
	}{
		{"text", "<a>", 'x', "</a>", "holds a text of more than 32767 characters (line 1)", 4 * maxText * utf8.UTFMax, true, ""},
		{"white space, then text", "<a>", ' ', "x</a>", "holds a text of more than 32767 characters (line 1)", -1, true, ""},
		{"CDATA", "<a><![CDATA[", 'x', "]]></a>", "holds a text of more than 32767 characters", 4 * maxText * utf8.UTFMax, true, ""},
		{"attribute value", `<a b="`, 'y', `"/>`, "a tag, comment or processing instruction longer than 1024 KiB", 4 * maxMarkup, true, ""},
		{"attributes", "<a", 0, "/>", "an element with more than 256 attributes", 4 * maxMarkup, true, ""},
		{"name", "<a", 'b', "/>", "a tag, comment or processing instruction longer than 1024 KiB", 4 * maxMarkup, true, ""},
		{"end tag", "<a></a", 'b', ">", "a tag, comment or processing instruction longer than 1024 KiB", 4 * maxMarkup, false, ""},
		{"comment", "<a><!--", 'c', "--></a>", "a tag, comment or processing instruction longer than 1024 KiB", 4 * maxMarkup, true, ""},
		{"processing instruction", "<a><?pi ", 'c', "?></a>", "a tag, comment or processing instruction longer than 1024 KiB", 4 * maxMarkup, true, ""},
		// encoding/xml reads the directive; a DOCTYPE is then refused, as
		// no workbook holds one, whatever its length
		{"directive", "<!DOCTYPE a ", 'c', "><a/>", "a tag, comment or processing instruction longer than 1024 KiB", 4 * maxMarkup, false,
			"error: the part x.xml of the workbook declares a DOCTYPE (line N), which a workbook never has; save the workbook again"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fill := func(n int) io.Reader {
				if c.fill == 0 { // attributes a0="" a1="" ...
					var b strings.Builder
					for i := 0; b.Len() < min(n, 4<<20); i++ {
						fmt.Fprintf(&b, ` a%d=""`, i)
					}
					return strings.NewReader(b.String())
				}
				return io.LimitReader(repeatByte(c.fill), int64(n))
			}
			if c.stdAccepted { // encoding/xml reads a smaller one whole
				small, err := io.ReadAll(io.MultiReader(strings.NewReader(c.head), fill(2*maxMarkup), strings.NewReader(c.tail)))
				require.NoError(t, err)
				got := tokens(small, true, false, false)
				require.NotContains(t, got[len(got)-1], "error", "encoding/xml reads it")
			}
			if c.stdWant != "" {
				small, err := io.ReadAll(io.MultiReader(strings.NewReader(c.head), fill(2*maxMarkup), strings.NewReader(c.tail)))
				require.NoError(t, err)
				require.Equal(t, []string{c.stdWant}, tokens(small, true, false, false))
			}
			cr := &countReader{r: io.MultiReader(strings.NewReader(c.head), fill(big), strings.NewReader(c.tail))}
			wb := &workbook{limit: 1 << 40}
			p := &part{name: "x.xml", rc: io.NopCloser(cr), wb: wb}
			p.sc = newScanner(&limitedReader{r: p.rc, wb: wb})
			var err error
			for err == nil {
				_, err = p.next()
			}
			require.ErrorContains(t, err, c.want)
			if c.maxRead > 0 {
				require.Less(t, cr.n, c.maxRead, "read before the refusal")
			}
			require.LessOrEqual(t, len(p.sc.buf), 4*maxMarkup, "held")
		})
	}
	// An attribute comes once. RawToken does not check it, so the oracle
	// checks it on a whole tag, and the scanner there too: a tag the part
	// cuts short, or a damaged read ends, fails for that, as with
	// encoding/xml, whatever attributes it held (FuzzScanner found the
	// scanner refusing the second b of `<a b="1" b="2"` before the read
	// failed).
	dup := "error: the part x.xml of the workbook is not valid XML, or not as a spreadsheet program writes it (line N: an element with the same attribute twice); save the workbook again"
	for _, c := range []struct {
		part   string
		broken bool
		want   string
	}{
		{`<a b="1" c="2" b="3"/>`, false, dup},
		{`<a b="1" c="2" b="3">`, true, dup},
		{`<a x:b="1" y:b="2" b="3"/>`, false, `<:a x:b="1" y:b="2" :b="3">`},
		{`<a b="1" b="2"`, false, "error: the part x.xml of the workbook is not valid XML (line N); save the workbook again"},
		{`<a b="1" b="2" c="`, true, "error: the part x.xml of the workbook is damaged (it cannot be unpacked); save the workbook again"},
	} {
		for _, slow := range []bool{false, true} {
			got := tokens([]byte(c.part), false, slow, c.broken)
			require.Equal(t, c.want, got[0], "%s (broken %v, slow %v)", c.part, c.broken, slow)
		}
		require.Equal(t, c.want, stdTokens([]byte(c.part), c.broken)[0], "encoding/xml and the check on a whole tag: %s", c.part)
	}
	// White space between elements is skipped, not held, however long.
	cr := &countReader{r: io.MultiReader(strings.NewReader("<a><b/>"), io.LimitReader(repeatByte(' '), int64(big)), strings.NewReader("<b/></a>"))}
	wb := &workbook{limit: 1 << 40}
	p := &part{name: "x.xml", rc: io.NopCloser(cr), wb: wb}
	p.sc = newScanner(&limitedReader{r: p.rc, wb: wb})
	n := 0
	for {
		t2, err := p.next()
		require.NoError(t, err)
		n++
		if p.rc == nil {
			require.Equal(t, kEnd, t2.kind)
			break
		}
	}
	require.Equal(t, 7, n) // <a> <b> </b> text <b> </b> </a>, the text long
	require.Equal(t, 7+big+8, cr.n)
	require.LessOrEqual(t, len(p.sc.buf), 2*scanBufSize, "held")
}

// repeatByte reads c without end.
type repeatByte byte

func (r repeatByte) Read(b []byte) (int, error) {
	for i := range b {
		b[i] = byte(r)
	}
	return len(b), nil
}

// countReader counts the bytes read from r.
type countReader struct {
	r io.Reader
	n int
}

func (c *countReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n += n
	return n, err
}
