package xlsx

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// The reader's own XML scanner: what encoding/xml's RawToken gives, for
// the parts of a workbook, without a value or an allocation per token.
// It reads what RawToken reads and refuses what it refuses (the
// differential tests read every part with both), in one pass: a token
// that does not fit in what is buffered is scanned again after at least
// twice as much is buffered, so no byte is scanned more than a few times.

// kind is the kind of a token.
type kind uint8

const (
	kStart kind = iota + 1
	kEnd
	kText
	// kDirective is <!...> (not a comment or CDATA), its text what
	// follows <!: a DOCTYPE, which no workbook holds (part.raw refuses it).
	kDirective
)

// A token of kind kText with long set is a run of white space longer
// than maxText, skipped without being held: its text is empty.

// rawAttr is an attribute of a start element: its prefix, local name and
// value (entities undone).
type rawAttr struct{ space, local, value []byte }

// token is one start element, end element or text of a part. What it
// holds is valid until the next token is read.
type token struct {
	kind         kind
	space, local []byte
	attrs        []rawAttr
	text         []byte
	long         bool
}

// attr returns the value of the attribute local ("" when absent).
func (t *token) attr(local string) []byte {
	for i := range t.attrs {
		if string(t.attrs[i].local) == local {
			return t.attrs[i].value
		}
	}
	return nil
}

// is reports whether t is a start element named local.
func (t *token) is(local string) bool { return t.kind == kStart && string(t.local) == local }

// syntaxError is a part that is not well-formed XML, at a line. When
// what is wrong is a character XML does not allow, hasChar is set and
// char is the first such (noUTF8 for bytes that are not UTF-8).
type syntaxError struct {
	line    int
	char    rune
	hasChar bool
}

// noUTF8 is a syntaxError's char for bytes that are not UTF-8.
const noUTF8 = -1

// charReason says which character XML does not allow a text holds.
func charReason(r rune) string {
	switch {
	case r == noUTF8:
		return "bytes that are not UTF-8"
	case r >= 0xD800 && r <= 0xDFFF:
		return fmt.Sprintf("the character U+%04X (half of a surrogate pair), which XML does not allow", r)
	}
	return fmt.Sprintf("the character U+%04X, which XML does not allow", r)
}

// declError is an XML declaration of another version or encoding than
// the 1.0 and UTF-8 a spreadsheet program writes; one of them is set.
type declError struct{ version, encoding string }

func (e *declError) Error() string { return "xml declaration" }

// directiveError is a <!...> declaration, which a workbook never holds.
type directiveError struct{ doctype bool }

func (e *directiveError) Error() string { return "xml directive" }

func (e *syntaxError) Error() string { return "xml syntax error on line " + strconv.Itoa(e.line) }

// Bounds of the scanner, so that a hostile part is refused as soon as it
// passes one rather than after it is held whole (#21, spec §16). XML
// itself sets none; encoding/xml reads such parts (the differential
// tests say which refusals are the scanner's own).
const (
	// maxMarkup bounds one piece of markup: a start or end tag with its
	// attributes, a comment, a processing instruction or a directive.
	// Excel's largest are a worksheet's root with its namespaces and a
	// long sqref, a few KiB.
	maxMarkup = 1 << 20
	// maxAttrs bounds the attributes of one element (Excel writes at most
	// a few dozen, namespace declarations included).
	maxAttrs = 256
	// maxText bounds one text between elements, in characters: a cell's
	// limit. White space longer than that is skipped, not held.
	maxText = maxCell
)

// Errors of the scanner's own bounds; the part turns them into messages.
var (
	errLongMarkup = errors.New("markup too long")
	errManyAttrs  = errors.New("too many attributes")
	errDupAttr    = errors.New("duplicate attribute")
	errLongText   = errors.New("text too long")
)

// scanner reads the tokens of one part.
type scanner struct {
	rd       io.Reader
	buf      []byte
	r, w     int   // unread bytes are buf[r:w]
	rerr     error // the reader's error, once it has one
	lineBase int   // line ends in the bytes before buf
	tok      token
	out      []byte // text with entities undone
	attrOut  []byte // attribute values with entities undone
	close    []byte // an empty element's name, its end still to give
	closeSp  []byte
	needEnd  bool
	failed   bool // the reader failed (not at the end of the part)
	inSpace  bool // skipping a run of white space longer than maxText
}

const scanBufSize = 64 << 10

func newScanner(rd io.Reader) *scanner {
	return &scanner{rd: rd, buf: make([]byte, scanBufSize)}
}

// line is the line (from 1) of buf[i].
func (s *scanner) line(i int) int {
	return 1 + s.lineBase + bytes.Count(s.buf[:min(i, s.w)], []byte{'\n'})
}

// more buffers at least twice what is unread (and 4 KiB), keeping the
// unread bytes; false when there is no more.
func (s *scanner) more() bool {
	if s.rerr != nil {
		return false
	}
	unread := s.w - s.r
	want := max(2*unread, 4096)
	s.lineBase += bytes.Count(s.buf[:s.r], []byte{'\n'})
	if want > len(s.buf) {
		nb := make([]byte, max(2*len(s.buf), want))
		copy(nb, s.buf[s.r:s.w])
		s.buf = nb
	} else {
		copy(s.buf, s.buf[s.r:s.w])
	}
	s.r, s.w = 0, unread
	grew := false
	for s.w < want && s.rerr == nil {
		n, err := s.rd.Read(s.buf[s.w:])
		s.w += n
		grew = grew || n > 0
		s.rerr = err
	}
	return grew
}

// errShort stops a scan that ran out of buffered bytes.
var errShort = errors.New("short")

// next returns the next token; io.EOF at the end of the part, a
// *syntaxError, or the reader's error.
func (s *scanner) next() (*token, error) {
	if s.needEnd {
		s.needEnd = false
		s.tok = token{kind: kEnd, space: s.closeSp, local: s.close, attrs: s.tok.attrs[:0]}
		return &s.tok, nil
	}
	for {
		if s.r == s.w && !s.more() {
			if s.rerr == io.EOF || s.rerr == nil {
				return nil, io.EOF
			}
			return nil, s.rerr
		}
		s.failed = s.rerr != nil && s.rerr != io.EOF
		n, err := s.scan(s.buf[s.r:s.w], s.rerr == io.EOF)
		if err == errShort {
			if s.more() {
				continue
			}
			if s.rerr != io.EOF && s.rerr != nil {
				return nil, s.rerr
			}
			// At the end of the part: scan what is left as the last of it.
			n, err = s.scan(s.buf[s.r:s.w], true)
		}
		if err != nil {
			if se, ok := err.(*syntaxError); ok {
				se.line = s.line(s.r + se.line) // se.line held the offset
			}
			return nil, err
		}
		s.r += n
		if s.tok.kind != 0 {
			return &s.tok, nil
		}
	}
}

// bad is a syntax error at offset i of the bytes scanned.
func bad(i int) error { return &syntaxError{line: i} }

// scan reads one token (or a comment, processing instruction or
// directive, giving kind 0) from b, returning the bytes it took. Without
// end, errShort when b ends first.
func (s *scanner) scan(b []byte, end bool) (int, error) {
	s.tok = token{attrs: s.tok.attrs[:0]}
	if s.inSpace || b[0] != '<' {
		return s.text(b, 0, end, false)
	}
	if len(b) < 2 {
		return s.short(end, len(b))
	}
	switch b[1] {
	case '/':
		i, sp, local, err := s.name(b, 2, end)
		if err != nil {
			return i, err
		}
		i = space(b, i)
		if i == len(b) {
			return s.shortMarkup(end, i)
		}
		if b[i] != '>' {
			return 0, bad(i)
		}
		s.tok.kind, s.tok.space, s.tok.local = kEnd, sp, local
		return i + 1, nil
	case '?':
		i, _, target, err := s.name(b, 2, end)
		if err != nil {
			return i, err
		}
		j := bytes.Index(b[i:], []byte("?>"))
		if j < 0 {
			return s.shortMarkup(end, len(b))
		}
		if string(target) == "xml" {
			content := string(b[i : i+j])
			if v := procInst("version", content); v != "" && v != "1.0" {
				return 0, &declError{version: v}
			}
			if e := procInst("encoding", content); e != "" && e != "utf-8" && e != "UTF-8" && !strings.EqualFold(e, "utf-8") {
				return 0, &declError{encoding: e}
			}
		}
		return i + j + 2, nil
	case '!':
		if len(b) < 4 {
			return s.short(end, len(b))
		}
		if b[2] == '-' {
			if b[3] != '-' {
				return 0, bad(3)
			}
			// A comment: it ends at the first --, which > must follow.
			j := bytes.Index(b[4:], []byte("--"))
			if j < 0 || 4+j+2 >= len(b) {
				return s.shortMarkup(end, len(b))
			}
			if b[4+j+2] != '>' {
				return 0, bad(4 + j + 2)
			}
			return 4 + j + 3, nil
		}
		if b[2] == '[' {
			n := min(len(b), 9)
			if string(b[2:n]) != "[CDATA["[:n-2] {
				return 0, bad(2)
			}
			if n < 9 {
				return s.short(end, len(b))
			}
			return s.text(b, 9, end, true)
		}
		return s.directive(b, end)
	}
	return s.start(b, end)
}

// short is errShort, or at the end of the part a syntax error.
func (s *scanner) short(end bool, i int) (int, error) {
	if end {
		return 0, bad(i)
	}
	return 0, errShort
}

// shortMarkup is short for markup that has not ended in the i bytes
// scanned: errLongMarkup once they pass maxMarkup, so that no more is
// buffered for it.
func (s *scanner) shortMarkup(end bool, i int) (int, error) {
	if i > maxMarkup {
		return 0, errLongMarkup
	}
	return s.short(end, i)
}

// directive skips <!...> as encoding/xml does: to the > that closes it,
// counting the < and > inside it outside quotes and comments.
func (s *scanner) directive(b []byte, end bool) (int, error) {
	depth := 0
	var quote byte
	for i := 3; i < len(b); i++ { // the byte after <! is taken as it is
		c := b[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == '<':
			if bytes.HasPrefix(b[i:], []byte("<!--")) {
				j := bytes.Index(b[i+4:], []byte("-->"))
				if j < 0 {
					return s.shortMarkup(end, len(b))
				}
				i += 4 + j + 2
				continue
			}
			if len(b)-i < 4 && !end {
				return 0, errShort
			}
			depth++
		case c == '>':
			if depth == 0 {
				s.tok.kind, s.tok.text = kDirective, b[2:i]
				return i + 1, nil
			}
			depth--
		}
	}
	return s.shortMarkup(end, len(b))
}

// start reads a start element from b.
func (s *scanner) start(b []byte, end bool) (int, error) {
	i, sp, local, err := s.name(b, 1, end)
	if err != nil {
		return i, err
	}
	s.attrOut = s.attrOut[:0]
	type span struct{ from, to int }
	var vals [8]span
	spans := vals[:0]
	for {
		i = space(b, i)
		if i == len(b) {
			return s.shortMarkup(end, i)
		}
		if i > maxMarkup {
			return 0, errLongMarkup
		}
		switch b[i] {
		case '/':
			if i+1 == len(b) {
				return s.short(end, i+1)
			}
			if b[i+1] != '>' {
				return 0, bad(i + 1)
			}
			s.needEnd, s.close, s.closeSp = true, local, sp
			i += 2
		case '>':
			i++
		default:
			var asp, alocal []byte
			i, asp, alocal, err = s.name(b, i, end)
			if err != nil {
				return i, err
			}
			if len(s.tok.attrs) == maxAttrs {
				return 0, errManyAttrs
			}
			i = space(b, i)
			if i == len(b) {
				return s.shortMarkup(end, i)
			}
			if b[i] != '=' {
				return 0, bad(i)
			}
			i = space(b, i+1)
			if i == len(b) {
				return s.shortMarkup(end, i)
			}
			q := b[i]
			if q != '"' && q != '\'' {
				return 0, bad(i)
			}
			from := len(s.attrOut)
			n, err := s.chars(b[i+1:], q, end, false, &s.attrOut)
			if err != nil {
				if se, ok := err.(*syntaxError); ok {
					se.line += i + 1
				}
				if err == errShort && len(b) > maxMarkup {
					err = errLongMarkup
				}
				return 0, err
			}
			i += 1 + n + 1
			s.tok.attrs = append(s.tok.attrs, rawAttr{space: asp, local: alocal})
			spans = append(spans, span{from, len(s.attrOut)})
			continue
		}
		// XML allows an attribute once. Checked when the tag is whole, as
		// the oracle does (rawStd): a tag cut short by the end of the part
		// or a damaged read fails for that, whatever attributes it held.
		if dupAttr(s.tok.attrs) {
			return 0, errDupAttr
		}
		for k := range s.tok.attrs {
			s.tok.attrs[k].value = s.attrOut[spans[k].from:spans[k].to:spans[k].to]
		}
		s.tok.kind, s.tok.space, s.tok.local = kStart, sp, local
		return i, nil
	}
}

// text reads character data from b[i:] (after <![CDATA[ when cdata). A
// run of white space longer than maxText is skipped as it is read, held
// no more than what is buffered, and given as one token with long set;
// other text longer than maxText is errLongText as soon as it passes it.
func (s *scanner) text(b []byte, i int, end, cdata bool) (int, error) {
	s.out = s.out[:0]
	if !cdata {
		j, n := spaceRun(b, i)
		switch {
		case s.inSpace && j == len(b) && !end && !s.failed:
			return j, nil // more of it to skip
		case s.inSpace && j < len(b) && b[j] != '<':
			return 0, errLongText
		case s.inSpace || n > maxText && j == len(b) && (end || s.failed):
			s.inSpace = false
			s.tok.kind, s.tok.text, s.tok.long = kText, nil, true
			return j, nil
		case n > maxText:
			s.inSpace = true // skip it, and what follows of it
			return j, nil
		}
	}
	var stop byte = '<'
	if cdata {
		stop = 0
	}
	n, err := s.chars(b[i:], stop, end, cdata, &s.out)
	if err != nil {
		if se, ok := err.(*syntaxError); ok {
			se.line += i
		}
		return 0, err
	}
	s.tok.kind, s.tok.text = kText, s.out
	if cdata {
		return i + n + 3, nil
	}
	return i + n, nil
}

// chars reads text up to the byte stop (not taken; for CDATA, stop 0,
// up to ]]>, not taken) into *out: entities undone, line ends made \n,
// every character checked as encoding/xml checks it. It returns the
// bytes read. Text (not an attribute value) of more than maxText
// characters is errLongText as soon as it passes them.
func (s *scanner) chars(b []byte, stop byte, end, cdata bool, out *[]byte) (int, error) {
	o := *out
	defer func() { *out = o }()
	i := 0
	isText := stop != '"' && stop != '\''
	chars := 0 // the characters of o, counted while text is read
	// encoding/xml checks the characters once the text is read: an
	// illegal one is an error at its end (unless another comes first),
	// which names the first. A reference to half of a surrogate pair,
	// which encoding/xml reads as U+FFFD, is refused too (D36: nothing
	// read as another character), after those it refuses.
	const none = -2
	illegal, surrogate := rune(none), rune(0)
	flag := func(r rune) {
		if illegal == none {
			illegal = r
		}
	}
	done := func(i int) (int, error) {
		switch {
		case illegal != none:
			return 0, &syntaxError{line: i, char: illegal, hasChar: true}
		case surrogate != 0:
			return 0, &syntaxError{line: i, char: surrogate, hasChar: true}
		}
		return i, nil
	}
	for {
		if isText && chars > maxText {
			return 0, errLongText
		}
		// The run of plain bytes first.
		j := i
		for j < len(b) {
			c := b[j]
			if c < 0x20 || c >= utf8.RuneSelf || c == '&' || c == '<' || c == ']' || c == '>' || c == stop {
				break
			}
			j++
		}
		o = append(o, b[i:j]...)
		chars += j - i
		i = j
		if isText && chars > maxText {
			return 0, errLongText
		}
		if i == len(b) {
			switch {
			case stop == '<' && !cdata && (end || s.failed):
				return done(i) // text that runs to the end of what there is
			case end && illegal != none && !cdata:
				return done(i) // as encoding/xml: the text checked, then the end
			case end:
				return 0, bad(i)
			case s.failed && illegal != none && !cdata:
				return done(i) // as encoding/xml: the text checked, then the reader's error
			}
			return 0, errShort
		}
		c := b[i]
		switch {
		case c == stop && !cdata:
			return done(i)
		case c == ']' || c == '>':
			if c == ']' {
				if len(b)-i < 3 && !end && !s.failed {
					return 0, errShort
				}
				if stop != '\'' && stop != '"' && bytes.HasPrefix(b[i:], []byte("]]>")) {
					if cdata {
						return done(i)
					}
					return 0, bad(i)
				}
			}
			o = append(o, c)
			chars++
			i++
		case c == '<':
			if !cdata {
				return 0, bad(i) // < inside an attribute value
			}
			o = append(o, c)
			chars++
			i++
		case c == '&' && !cdata:
			k := entityEnd(b, i+1)
			if k == len(b) {
				if end {
					return 0, bad(k)
				}
				return 0, errShort
			}
			if b[k] != ';' {
				return 0, bad(k)
			}
			r, ok := entity(b[i+1 : k])
			if !ok {
				return 0, bad(k)
			}
			k -= i
			switch {
			case r >= 0xD800 && r <= 0xDFFF:
				if surrogate == 0 {
					surrogate = r
				}
			case !inCharRange(r):
				flag(r)
			}
			o = utf8.AppendRune(o, r)
			chars++
			i += k + 1
		case c == '\r':
			if i+1 == len(b) && !end && !s.failed {
				return 0, errShort
			}
			o = append(o, '\n')
			chars++
			i++
			if i < len(b) && b[i] == '\n' {
				i++
			}
		case c < utf8.RuneSelf:
			if c != '\t' && c != '\n' && c != '&' {
				flag(rune(c))
			}
			o = append(o, c)
			chars++
			i++
		default:
			if !utf8.FullRune(b[i:]) {
				if !end && !s.failed {
					return 0, errShort
				}
				flag(noUTF8) // cut short: not UTF-8
				i = len(b)
				continue
			}
			r, size := utf8.DecodeRune(b[i:])
			switch {
			case r == utf8.RuneError && size == 1:
				flag(noUTF8)
			case !inCharRange(r):
				flag(r)
			}
			o = append(o, b[i:i+size]...)
			chars++
			i += size
		}
	}
}

// entityEnd is where the entity after & at b[i] ends, as encoding/xml
// reads it: &#digits, &#xhex or &name; len(b) when b ends first.
func entityEnd(b []byte, i int) int {
	if i < len(b) && b[i] == '#' {
		i++
		hex := i < len(b) && b[i] == 'x'
		if hex {
			i++
		}
		for i < len(b) && ('0' <= b[i] && b[i] <= '9' || hex && ('a' <= b[i] && b[i] <= 'f' || 'A' <= b[i] && b[i] <= 'F')) {
			i++
		}
		return i
	}
	for i < len(b) && (b[i] >= utf8.RuneSelf || isNameByte(b[i])) {
		i++
	}
	return i
}

func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c == ':' || c == '.' || c == '-'
}

// entity reads the entity name between & and ; as encoding/xml does.
func entity(name []byte) (rune, bool) {
	if len(name) > 1 && name[0] == '#' {
		base, digits := 10, name[1:]
		if digits[0] == 'x' {
			base, digits = 16, digits[1:]
		}
		if len(digits) == 0 {
			return 0, false
		}
		n, err := strconv.ParseUint(string(digits), base, 64)
		if err != nil || n > unicode.MaxRune {
			return 0, false
		}
		return rune(n), true // half of a surrogate pair included: chars refuses it
	}
	switch string(name) {
	case "amp":
		return '&', true
	case "lt":
		return '<', true
	case "gt":
		return '>', true
	case "quot":
		return '"', true
	case "apos":
		return '\'', true
	}
	return 0, false
}

// inCharRange is XML's Char production, as encoding/xml checks it.
func inCharRange(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}

// spaceRun is where the white space from b[i:] ends, and its
// characters (a CR LF is one, a line end).
func spaceRun(b []byte, i int) (int, int) {
	n := 0
	for i < len(b) {
		switch b[i] {
		case ' ', '\t', '\n':
		case '\r':
			if i+1 < len(b) && b[i+1] == '\n' {
				i++
			}
		default:
			return i, n
		}
		i++
		n++
	}
	return i, n
}

// space skips XML white space from b[i:].
func space(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// name reads a name (prefix:local) at b[i:], returning the offset after it.
func (s *scanner) name(b []byte, i int, end bool) (int, []byte, []byte, error) {
	from := i
	ascii := true
	for i < len(b) {
		c := b[i]
		if c >= utf8.RuneSelf {
			ascii = false
			i++
			continue
		}
		if !isNameByte(c) {
			break
		}
		i++
	}
	nm := b[from:i]
	if i == len(b) {
		n, err := s.shortMarkup(end, i)
		return n, nil, nil, err
	}
	if len(nm) == 0 || !validName(nm, ascii) {
		return 0, nil, nil, bad(from)
	}
	colon := bytes.IndexByte(nm, ':')
	if colon < 0 {
		return i, nil, nm, nil
	}
	if bytes.Count(nm, []byte{':'}) > 1 {
		return 0, nil, nil, bad(from)
	}
	if colon == 0 || colon == len(nm)-1 {
		return i, nil, nm, nil
	}
	return i, nm[:colon], nm[colon+1:], nil
}

// validName is encoding/xml's check of a name: its first character a
// letter, _ or :, the others name characters.
func validName(nm []byte, ascii bool) bool {
	c := nm[0]
	if ascii {
		return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' || c == ':'
	}
	if !utf8.Valid(nm) {
		return false
	}
	// A name with other characters: let encoding/xml judge it, as the
	// oracle does, on a copy (names are short and such names rare).
	d := xml.NewDecoder(bytes.NewReader(append(append([]byte("<"), nm...), "/>"...)))
	_, err := d.RawToken()
	return err == nil
}

// procInst is encoding/xml's procInst (Go's source, BSD licence): the
// value of param="..." in the content of a processing instruction, found
// as it finds it.
func procInst(param, s string) string {
	param += "="
	lenp := len(param)
	i := 0
	var sep byte
	for i < len(s) {
		sub := s[i:]
		k := strings.Index(sub, param)
		if k < 0 || lenp+k >= len(sub) {
			return ""
		}
		i += lenp + k + 1
		if c := sub[lenp+k]; c == '\'' || c == '"' {
			sep = c
			break
		}
	}
	if sep == 0 {
		return ""
	}
	j := strings.IndexByte(s[i:], sep)
	if j < 0 {
		return ""
	}
	return s[i : i+j]
}

// dupAttr reports whether an attribute's name comes twice in attrs: the
// scanner's at most maxAttrs compared pairwise, more (encoding/xml's, which
// sets no bound) through a set.
func dupAttr(attrs []rawAttr) bool {
	if len(attrs) > maxAttrs {
		seen := make(map[string]bool, len(attrs))
		for _, a := range attrs {
			k := string(a.space) + ":" + string(a.local) // a name holds no colon of its own
			if seen[k] {
				return true
			}
			seen[k] = true
		}
		return false
	}
	for i, a := range attrs {
		for _, b := range attrs[:i] {
			if bytes.Equal(a.local, b.local) && bytes.Equal(a.space, b.space) {
				return true
			}
		}
	}
	return false
}
