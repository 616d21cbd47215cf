package value

import (
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/cases"
	"golang.org/x/text/language"
	"golang.org/x/text/transform"
)

// CaseMapping is a full Unicode case mapping (D33), as Python's
// str.upper() and str.lower() do it: one character may become several
// (upper('straße') is STRASSE, lower('İ') is i̇) and a final sigma is
// written ς (lower('ΟΔΥΣΣΕΥΣ') is οδυσσευς). The mapping itself is
// golang.org/x/text/cases, language-neutral. A byte that is not UTF-8
// becomes U+FFFD, as strings.ToUpper makes it, so the result is valid
// UTF-8; the text on each side of it is mapped on its own (it ends a word
// for the final sigma).
//
// The result may be longer than the text, so a caller that caps it asks
// Len first and builds it with Map only when it fits: Len allocates
// nothing, Map only its result (the scratch buffers are pooled).
type CaseMapping uint8

// The case mappings.
const (
	Upper CaseMapping = iota + 1 // full upper-case mapping
	Lower                        // full lower-case mapping, with final sigma
)

// fold is the full case folding of comparisons (D27); it is not exported
// as a CaseMapping, and writes an invalid byte as foldString says.
const fold CaseMapping = 3

// caseState is what one mapping needs: its transformer (x/text casers
// hold state, so each use has its own) and the fixed buffers it runs
// through. States are pooled, so that a mapping allocates nothing of its
// own in the steady state.
type caseState struct {
	t       transform.Transformer
	src     [1 << 10]byte
	dst     [4 << 10]byte
	a, b    []byte // scratch of foldEqual and containsFold
	mapping CaseMapping
}

// sink is where a mapping writes: it counts, or writes into a builder, or
// appends to out. It lives on the caller's stack.
type sink struct {
	n   int
	b   *strings.Builder
	out []byte
	app bool // append to out
}

// emit writes a piece of the output to k.
func (k *sink) emit(p []byte) {
	switch {
	case k.b != nil:
		k.b.Write(p)
	case k.app:
		k.out = append(k.out, p...)
	default:
		k.n += len(p)
	}
}

// maxScratch bounds the scratch a pooled state keeps between uses.
const maxScratch = 64 << 10

// casePools hold the states of Upper, Lower and fold.
var casePools = [4]sync.Pool{
	Upper: {New: func() any { return &caseState{t: cases.Upper(language.Und), mapping: Upper} }},
	Lower: {New: func() any { return &caseState{t: cases.Lower(language.Und), mapping: Lower} }},
	fold:  {New: func() any { return &caseState{t: cases.Fold(), mapping: fold} }},
}

func getState(c CaseMapping) *caseState { return casePools[c].Get().(*caseState) }

func (st *caseState) release() {
	if cap(st.a) > maxScratch {
		st.a = nil
	}
	if cap(st.b) > maxScratch {
		st.b = nil
	}
	casePools[st.mapping].Put(st)
}

// Len is the length in bytes of s mapped, counted without building it.
func (c CaseMapping) Len(s string) int {
	if isASCII(s) {
		return len(s)
	}
	st := getState(c)
	defer st.release()
	var k sink
	st.each(s, &k)
	return k.n
}

// Map returns s mapped. size is c.Len(s), which a caller has counted to
// check it against its cap: Map allocates exactly that much (another size
// only costs reallocations).
func (c CaseMapping) Map(s string, size int) string {
	if isASCII(s) {
		if c == Upper {
			return strings.ToUpper(s)
		}
		return strings.ToLower(s)
	}
	var b strings.Builder
	b.Grow(size)
	st := getState(c)
	defer st.release()
	st.each(s, &sink{b: &b})
	return b.String()
}

// replacement is what an invalid byte becomes in a case mapping.
const replacement = "\uFFFD"

// isASCII reports whether s is all ASCII.
func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// invalid writes what an invalid byte c becomes: U+FFFD in Upper and
// Lower, and in fold the three bytes that foldString describes.
func (st *caseState) invalid(c byte, k *sink) {
	// Between two runs, st.dst is free.
	if st.mapping != fold {
		k.emit(st.dst[:copy(st.dst[:], replacement)])
		return
	}
	st.dst[0], st.dst[1], st.dst[2] = 0xff, 0x80|c>>4, 0x80|c&0xf
	k.emit(st.dst[:3])
}

// each maps s, handing each piece of the output to k, in order, so
// that the whole output is never held. A byte that is not UTF-8 goes to
// invalid instead, and ends the text that the transformer sees: each run
// of valid text between such bytes is mapped on its own (so a final sigma
// just before an invalid byte is final).
func (st *caseState) each(s string, k *sink) {
	start := 0 // s[start:i] is valid text not yet mapped
	for i := 0; i < len(s); {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n != 1 {
			i += n
			continue
		}
		st.run(s[start:i], k)
		st.invalid(s[i], k)
		i++
		start = i
	}
	st.run(s[start:], k)
}

// cutPoint is where to end the piece of s that fits in room bytes: all of
// s when it fits; else between two characters that are neither Σ nor case
// ignorable (letters, digits, spaces), because x/text's lower caser starts
// every call as if at the start of a word and misses a final sigma whose
// context crosses the end of its input (in Caser.String too, on long
// texts). Around such a cut no mapping depends on what is across it. When
// room holds no such place, it cuts at a character boundary.
func cutPoint(s string, room int) int {
	if len(s) <= room {
		return len(s)
	}
	boundary := 0
	for i := room; i > 0; i-- {
		if !utf8.RuneStart(s[i]) {
			continue
		}
		if boundary == 0 {
			boundary = i
		}
		next, _ := utf8.DecodeRuneInString(s[i:])
		prev, _ := utf8.DecodeLastRuneInString(s[:i])
		if plainForCase(next) && plainForCase(prev) {
			return i
		}
	}
	return boundary
}

// plainForCase reports a character whose case mapping needs no context
// and gives none: a letter other than Σ and modifier letters, a digit, a
// space.
func plainForCase(r rune) bool {
	if r < utf8.RuneSelf {
		return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == ' '
	}
	return r != 'Σ' && (unicode.IsLetter(r) && !unicode.Is(unicode.Lm, r) || unicode.IsDigit(r) || unicode.IsSpace(r))
}

// run maps the valid text s through the two fixed buffers, cut by
// cutPoint. A transformer from golang.org/x/text/cases does not fail on
// valid text; if one ever made no progress, the rest of s is emitted as it
// is.
func (st *caseState) run(s string, k *sink) {
	if s == "" {
		return
	}
	src, dst := st.src[:], st.dst[:]
	st.t.Reset()
	pending := 0 // bytes at the start of src not yet consumed
	for len(s) > 0 || pending > 0 {
		n := copy(src[pending:], s[:cutPoint(s, len(src)-pending)])
		s = s[n:]
		pending += n
		atEOF := len(s) == 0
		nDst, nSrc, err := st.t.Transform(dst, src[:pending], atEOF)
		if nDst > 0 {
			k.emit(dst[:nDst])
		}
		copy(src, src[nSrc:pending])
		pending -= nSrc
		if err != nil && err != transform.ErrShortDst && err != transform.ErrShortSrc {
			break
		}
		if nDst == 0 && nSrc == 0 && (atEOF || pending == len(src)) {
			break // no progress possible
		}
	}
	if pending > 0 {
		k.emit(src[:pending])
	}
	for len(s) > 0 {
		n := copy(dst, s)
		k.emit(dst[:n])
		s = s[n:]
	}
}
