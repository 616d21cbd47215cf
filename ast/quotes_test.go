package ast

import (
	"strings"
	"testing"
)

// The three scans of quotes that QuoteStep replaced, as they were: ast's
// outsideQuotes, eval's openQuote (with its quoteStep) and the editor's
// inText. Each caller's meaning is pinned to the one scan over every text
// of up to 7 pieces (D18: ' and ", \ escapes inside them).

func oldOutsideQuotes(text, s string) (int, bool) {
	var q byte
	for i := 0; i < len(text); i++ {
		c := text[i]
		switch {
		case q != 0 && c == '\\':
			i++
		case q != 0 && c == q:
			q = 0
		case q == 0 && (c == '\'' || c == '"'):
			q = c
		case q == 0 && strings.HasPrefix(text[i:], s):
			return i, false
		}
	}
	return -1, q != 0
}

func oldEvalOpenQuote(s string) byte {
	var q byte
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case q != 0 && c == '\\':
			i += 2
		case q != 0 && c == q:
			q, i = 0, i+1
		case q == 0 && (c == '\'' || c == '"'):
			q, i = c, i+1
		default:
			i++
		}
	}
	return q
}

func oldInText(prefix string) bool {
	var q byte
	for i := 0; i < len(prefix); i++ {
		c := prefix[i]
		switch {
		case q != 0 && c == '\\':
			i++
		case q != 0 && c == q:
			q = 0
		case q == 0 && (c == '\'' || c == '"'):
			q = c
		}
	}
	return q != 0
}

func TestQuoteScansAgree(t *testing.T) {
	pieces := []string{"'", `"`, `\`, "}", "｝", "a", " "}
	var texts func(prefix string, n int)
	count := 0
	texts = func(text string, n int) {
		count++
		for _, s := range []string{"}", "｝"} {
			at, open := outsideQuotes(text, s)
			wantAt, wantOpen := oldOutsideQuotes(text, s)
			if at != wantAt || open != wantOpen {
				t.Fatalf("outsideQuotes(%q, %q) = %d, %v; was %d, %v", text, s, at, open, wantAt, wantOpen)
			}
		}
		if got, want := OpenQuote(text), oldEvalOpenQuote(text); got != want {
			t.Fatalf("OpenQuote(%q) = %q; eval's was %q", text, got, want)
		}
		if got, want := OpenQuote(text) != 0, oldInText(text); got != want {
			t.Fatalf("OpenQuote(%q) != 0 is %v; the editor's inText was %v", text, got, want)
		}
		// A cut inside a multi-byte character, as a prefix at a byte
		// offset may be.
		if cut := text[:len(text)/2]; OpenQuote(cut) != oldEvalOpenQuote(cut) || (OpenQuote(cut) != 0) != oldInText(cut) {
			t.Fatalf("OpenQuote(%q) differs from the old scans", cut)
		}
		if n == 0 {
			return
		}
		for _, p := range pieces {
			texts(text+p, n-1)
		}
	}
	texts("", 7)
	if count < 900000 {
		t.Fatalf("only %d texts", count)
	}
}
