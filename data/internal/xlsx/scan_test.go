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
		p.dec = xmlDecoder(&limitedReader{r: p.rc, wb: wb})
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
			s := fmt.Sprintf("<%s:%s", t.space, t.local)
			for _, a := range t.attrs {
				s += fmt.Sprintf(" %s:%s=%q", a.space, a.local, a.value)
			}
			out = append(out, s+">")
		case kEnd:
			out = append(out, fmt.Sprintf("</%s:%s>", t.space, t.local))
		case kText:
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
	`<a>` + strings.Repeat("x", 200000) + `&amp;</a>`,
	`<a b="` + strings.Repeat("y", 100000) + `"/>`,
}

func TestScannerAsEncodingXML(t *testing.T) {
	for _, c := range scanCases {
		for _, broken := range []bool{false, true} {
			want := tokens([]byte(c), true, false, broken)
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
		want := tokens(b, true, false, broken)
		require.Equal(t, want, tokens(b, false, false, broken))
		require.Equal(t, want, tokens(b, false, true, broken))
	})
}
