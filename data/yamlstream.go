package data

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/value"
)

// MaxLargeYAMLSize is the largest YAML data file Decode reads. A file over
// MaxYAMLSize, up to this size, is read by the streaming reader of a plain
// subset of YAML (see MaxYAMLSize), which builds the values as it goes,
// within the size budget every format is charged (D36); the command's own
// cap on a data file is the same 64 MiB.
const MaxLargeYAMLSize = 64 << 20

// maxKeyLen is the longest key yaml.v3 reads without `?` (a simple key);
// the streaming reader refuses a longer one, as yaml.v3 does.
const maxKeyLen = 1024

// yamlLarge decodes a YAML file larger than MaxYAMLSize (D36) in one pass,
// without yaml.v3's node tree, building the same values as yamlNodes for
// the subset it reads: block mappings (`key: value`, keys plain or quoted),
// block lists (`- item`, `- key: value` included), flow lists and mappings
// (`[a, b]`, `{a: 1}`, nested, over several lines), one-line plain values,
// single- and double-quoted text on one line, comments and blank lines,
// and an optional `---` first. Everything else (anchors, aliases, tags,
// block text, values over several lines, `?` keys, directives, merge keys,
// tabs in the indentation) is an error that names its line and says what a
// large file may hold. Plain values follow the one scalar rule
// (decoder.scalarText); depth, duplicate keys and the size budget are
// checked, and charged, as yamlNodes does, value for value.
func (d *decoder) yamlLarge(b []byte) (map[string]any, error) {
	if len(b) > MaxLargeYAMLSize {
		return nil, d.errorf("a YAML data file may hold at most %d MiB, this one has %d bytes; write larger data as JSON or CSV", MaxLargeYAMLSize>>20, len(b))
	}
	p := yamlStream{d: d, b: b, line: 1}
	if err := p.checkChars(true); err != nil {
		return nil, err
	}
	return p.document()
}

// yamlStream is the state of one streaming read: the text, the offset and
// line of the next byte, a stack that holds the items of the block lists
// being read, and the item counts of the flow collection being read.
type yamlStream struct {
	d     *decoder
	b     []byte
	i     int
	line  int
	ls    int // the offset where the line of p.i starts
	stack valueStack
	buf   []byte // a double-quoted text with escapes, unescaped
	// counts holds, for the outermost flow collection being read and every
	// collection in it in the order they open, its number of items (a
	// hint: exact for valid text); ci is the next to use.
	counts []int32
	ci     int
	flows  int // flow collections open
	// syntax is the error of text that is not valid YAML, once made.
	syntax error
}

// unsupported is the error for a construct outside the subset yamlLarge
// reads, on line line.
func (p *yamlStream) unsupported(line int, what string) error {
	return p.d.errorf("line %d: %s is not read in a YAML file over %d MiB, which may hold only mappings (key: value), lists (- item, [a, b]), {key: value} mappings, one-line values, quoted text and comments; write large data as JSON or CSV", line, what, MaxYAMLSize>>20)
}

// invalid is the error for text that is not valid YAML on line line: at
// the offset being read when that is on line line, else at the first
// character of line line that is not blank.
func (p *yamlStream) invalid(line int, format string, args ...any) error {
	off := p.i
	if line != p.line || off < p.ls {
		off = lineStart(p.b, line)
		for off < len(p.b) && (p.b[off] == ' ' || p.b[off] == '\t') {
			off++
		}
	}
	return p.invalidAt(off, format, args...)
}

// invalidAt is the error for text that is not valid YAML at byte offset
// off, with its line and column (D45). It is kept as p.syntax, so that a
// caller can tell it from a construct the stream does not read.
func (p *yamlStream) invalidAt(off int, format string, args ...any) error {
	p.syntax = p.d.errorf("line %d, column %d: not valid YAML: %s", lineAt(p.b, off), columnAt(p.b, off), fmt.Sprintf(format, args...))
	return p.syntax
}

// listItemNoSpace reports whether key k, read where a key of a mapping
// goes on line line of b, is a list item written with no space after its
// `-` (`-2`): k starts with `-` and the line before, at the same indent, is
// a list item (`- 1`), so that `- 2` continues that list (D45, D49: the fix
// works when followed). off is where the line's text starts.
func listItemNoSpace(b []byte, line int, k string) (off int, ok bool) {
	if line < 2 || len(k) < 2 || k[0] != '-' || strings.ContainsRune(k, ':') {
		return 0, false
	}
	this, prev := lineText(b, line), lineText(b, line-1)
	indent := len(this) - len(bytes.TrimLeft(this, " "))
	if len(prev)-len(bytes.TrimLeft(prev, " ")) != indent || !bytes.HasPrefix(prev[indent:], []byte("- ")) {
		return 0, false
	}
	return lineStart(b, line) + indent, true
}

// lineStart is the offset where line line (from 1) of b starts, or len(b).
func lineStart(b []byte, line int) int {
	off := 0
	for n := 1; n < line; n++ {
		i := bytes.IndexByte(b[off:], '\n')
		if i < 0 {
			return len(b)
		}
		off += i + 1
	}
	return off
}

// checkChars is the one rule for the characters of a YAML data file,
// which both readers apply before they read (D36: one answer whatever the
// file's size): control characters, U+FFFE and U+FFFF are refused, as
// yaml.v3 refuses them, and so is U+FEFF past the start of the text (a
// byte-order mark at the start is skipped before the format is chosen).
// YAML allows no U+FEFF in plain or single-quoted text, and yaml.v3 reads
// one, or refuses it, by where it falls in its buffer, so it is refused
// everywhere, with the fixes: delete it, or write \uFEFF in double quotes.
// With subset (the streaming reader) the line breaks the subset does not
// read (a lone \r, U+0085, U+2028, U+2029) are refused too, as what a
// large file may not hold; yaml.v3 reads them. The text is valid UTF-8.
func (p *yamlStream) checkChars(subset bool) error {
	b := p.b
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c >= 0x20 && c < 0x7f {
			continue
		}
		switch {
		case c == '\n' || c == '\t':
			continue
		case c == '\r':
			if !subset || i+1 < len(b) && b[i+1] == '\n' {
				continue
			}
			return p.unsupported(lineAt(b, i), "a line break that is not \\n or \\r\\n")
		case c < 0x80:
			return p.invalidAt(i, "control characters are not allowed (byte offset %d)", i+p.d.bomLen)
		}
		r, n := utf8.DecodeRune(b[i:])
		switch {
		case r == 0x85 || r == 0x2028 || r == 0x2029:
			if subset {
				return p.unsupported(lineAt(b, i), fmt.Sprintf("the line break U+%04X", r))
			}
		case r == 0xfeff:
			return p.invalidAt(i, "an invisible byte-order mark (U+FEFF) is inside the text (byte offset %d), where YAML does not allow one; delete it, or write it as \\uFEFF in double quotes to keep it", i+p.d.bomLen)
		case r < 0xa0 || r == 0xfffe || r == 0xffff:
			return p.invalidAt(i, "the character U+%04X is not allowed (byte offset %d)", r, i+p.d.bomLen)
		}
		i += n - 1
	}
	return nil
}

// node starts a value at depth: the depth limit and the value's own
// charge, as yamlBuilder.build.
func (p *yamlStream) node(depth int) error {
	if depth >= maxDepth {
		return p.d.tooDeep(p.line)
	}
	return p.d.charge(1)
}

// entry charges the k-th entry (from 0) of a mapping: its key, and the
// mapping's slots by mapCost as they grow, so that a finished mapping of
// n entries has been charged mapCost(n) as yamlNodes charges it.
func (p *yamlStream) entry(k int) error {
	return p.d.charge(1 + mapCost(k+1) - mapCost(k))
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' }

// endsAt reports whether offset i is the end of a line (or of the text).
func (p *yamlStream) endsAt(i int) bool {
	return i >= len(p.b) || p.b[i] == '\n' || p.b[i] == '\r'
}

// blankAt reports whether offset i is white space or the end of a line.
func (p *yamlStream) blankAt(i int) bool { return p.endsAt(i) || isSpace(p.b[i]) }

// nextLine moves to the start of the line after the one holding offset i.
func (p *yamlStream) nextLine(i int) {
	k := bytes.IndexByte(p.b[i:], '\n')
	if k < 0 {
		p.i = len(p.b)
		return
	}
	p.i = i + k + 1
	p.ls = p.i
	p.line++
}

// docMarker reports whether the line at offset i starts with `---` or
// `...` as a marker (followed by white space or the end of the line).
func (p *yamlStream) docMarker(i int) bool {
	if i+3 > len(p.b) {
		return false
	}
	m := p.b[i : i+3]
	return (string(m) == "---" || string(m) == "...") && p.blankAt(i+3)
}

// peek skips blank and comment lines from the line start p.i and returns
// the indent of the next line that holds something, or -1 at the end of
// the text; p.i stays at that line's start.
func (p *yamlStream) peek() (int, error) {
	for p.i < len(p.b) {
		j := p.i
		for j < len(p.b) && p.b[j] == ' ' {
			j++
		}
		if j < len(p.b) && p.b[j] == '\t' {
			return 0, p.unsupported(p.line, "a tab in the indentation")
		}
		if p.endsAt(j) || p.b[j] == '#' {
			p.nextLine(j)
			continue
		}
		if j == p.i && p.docMarker(j) {
			if p.b[j] == '-' {
				return 0, p.d.secondDocument(p.line)
			}
			return 0, p.unsupported(p.line, "the document end marker ...")
		}
		return j - p.i, nil
	}
	return -1, nil
}

// commentAt reports whether the # at b[i] starts a comment, as yaml.v3
// reads it: after white space or a line start, and also right after what
// ends a token on its own (a closing quote or bracket, a comma, an opening
// bracket). After other text a # belongs to a plain value (`a#b`).
func commentAt(b []byte, i int) bool {
	if i == 0 {
		return true
	}
	switch b[i-1] {
	case ' ', '\t', '\r', '\n', '\'', '"', ',', '[', ']', '{', '}':
		return true
	}
	return false
}

// endLine checks that from offset i the line holds only white space and a
// comment, and moves to the next line.
func (p *yamlStream) endLine(i int) error {
	j := i
	for j < len(p.b) && isSpace(p.b[j]) {
		j++
	}
	if !p.endsAt(j) && !(p.b[j] == '#' && commentAt(p.b, j)) {
		return p.invalid(p.line, "unexpected text after a value; a line holds one value, or one key and its value")
	}
	p.nextLine(j)
	return nil
}

// document reads the one document of the file: an optional `---` line,
// then a mapping (block or flow), or nothing.
func (p *yamlStream) document() (map[string]any, error) {
	for p.i < len(p.b) {
		j := p.i
		for j < len(p.b) && p.b[j] == ' ' {
			j++
		}
		if j < len(p.b) && p.b[j] == '\t' {
			return nil, p.unsupported(p.line, "a tab in the indentation")
		}
		if p.endsAt(j) || p.b[j] == '#' {
			p.nextLine(j)
			continue
		}
		if j == p.i && p.b[j] == '%' {
			return nil, p.unsupported(p.line, "a directive (%)")
		}
		if j == p.i && p.docMarker(j) && p.b[j] == '-' {
			if err := p.endLine(j + 3); err != nil {
				return nil, p.unsupported(p.line, "a value on the --- line")
			}
		}
		break
	}
	k, err := p.peek()
	if err != nil {
		return nil, err
	}
	if k < 0 {
		return map[string]any{}, nil
	}
	start := p.line
	i := p.i + k
	var v any
	switch c := p.b[i]; {
	case c == '{':
		p.i = i
		if v, err = p.flow(0); err != nil {
			return nil, err
		}
		if err := p.endLine(p.i); err != nil {
			return nil, err
		}
	case c == '[' || c == '-' && p.blankAt(i+1):
		return nil, p.d.notYAMLMapping(start, "a list")
	default:
		isKey, err := p.keyAt(i)
		if err != nil {
			return nil, err
		}
		if !isKey {
			if err := p.topScalar(i, start); err != nil {
				return nil, err
			}
			return map[string]any{}, nil // a document with nothing in it
		}
		p.i = i
		if v, err = p.blockMap(k, 0); err != nil {
			return nil, err
		}
	}
	if k, err := p.peek(); err != nil {
		return nil, err
	} else if k >= 0 {
		return nil, p.invalid(p.line, "this line is indented less than the mapping it is in")
	}
	return v.(map[string]any), nil
}

// topScalar is the error for a document that is one scalar at offset i;
// an empty one (`~`, `null`) is no error, as in yamlNodes.
func (p *yamlStream) topScalar(i, line int) error {
	single := p.d.notYAMLMapping(line, "a single value")
	if p.b[i] == '\'' || p.b[i] == '"' {
		return single
	}
	if err := p.plainStart(i, false); err != nil {
		return err
	}
	if end, ok := p.bareText(i); ok {
		return p.invalidAt(end, "%s", noColonReason(string(p.b[i:end])))
	}
	end, stop := p.plainEnd(i, false)
	if stop == ':' || p.d.scalarText(p.b[i:end], "") != nil {
		return single
	}
	if err := p.endLine(end); err != nil {
		return err
	}
	if k, err := p.peek(); err != nil {
		return err
	} else if k >= 0 {
		return p.moreIndented()
	}
	return nil
}

// keyAt reports whether a key (plain or quoted text followed by `:` and
// white space or the end of the line) starts at offset i.
func (p *yamlStream) keyAt(i int) (bool, error) {
	switch p.b[i] {
	case '\'', '"':
		line, save := p.line, p.i
		p.i = i
		_, err := p.quoted()
		j := p.i
		p.i, p.line = save, line
		if err != nil {
			return false, err
		}
		for j < len(p.b) && isSpace(p.b[j]) {
			j++
		}
		return j < len(p.b) && p.b[j] == ':' && p.blankAt(j+1), nil
	case '[', '{', '&', '*', '!', '|', '>', '%', '@', '`', ',', ']', '}', '#':
		return false, nil
	case '-', '?', ':':
		if p.blankAt(i + 1) {
			return false, nil
		}
	}
	_, stop := p.plainEnd(i, false)
	return stop == ':', nil
}

// plainEnd scans the plain scalar at offset i (in a flow collection when
// flow is set), ending where yaml.v3 ends one on its line, and returns the offset just past its text, white space
// trimmed, and the byte that stopped it: ':' for a value indicator, or 0.
func (p *yamlStream) plainEnd(i int, flow bool) (end int, stop byte) {
	b := p.b
	j := i
	for ; j < len(b); j++ {
		c := b[j]
		if c == '\n' || c == '\r' {
			break
		}
		if c == ':' && p.blankAt(j+1) {
			stop = ':'
			break
		}
		if c == '#' && j > i && isSpace(b[j-1]) {
			break
		}
		if flow && (isFlowIndicator(c) || c == '?') { // as yaml.v3
			break
		}
	}
	for j > i && isSpace(b[j-1]) {
		j--
	}
	return j, stop
}

func isFlowIndicator(c byte) bool {
	return c == ',' || c == '[' || c == ']' || c == '{' || c == '}'
}

// key reads the key at p.i of a block or flow mapping, ending at its `:`
// (left at p.i). A key is plain or quoted text on one line.
func (p *yamlStream) key(flow bool) (string, error) {
	i := p.i
	line := p.line
	var raw []byte
	switch c := p.b[i]; c {
	case '\'', '"':
		t, err := p.quoted()
		if err != nil {
			return "", err
		}
		raw = t
		for p.i < len(p.b) && isSpace(p.b[p.i]) {
			p.i++
		}
	case '[', '{':
		return "", p.d.errorf("line %d: a key must be text, not a list or a mapping", line)
	default:
		if err := p.plainStart(i, flow); err != nil {
			return "", err
		}
		end, _ := p.plainEnd(i, flow)
		raw = p.b[i:end]
		if string(raw) == "<<" {
			return "", p.unsupported(line, "a merge key (<<)")
		}
		p.i = end
		for p.i < len(p.b) && isSpace(p.b[p.i]) {
			p.i++
		}
	}
	if p.i-i > maxKeyLen && utf8.RuneCount(p.b[i:p.i]) > maxKeyLen { // yaml.v3 counts characters
		return "", p.unsupported(line, fmt.Sprintf("a key longer than %d characters", maxKeyLen))
	}
	return p.d.sharedBytes(raw, "", false).(string), nil
}

// plainStart checks that a plain scalar may start at offset i: the
// indicators that start something else are refused, those outside the
// subset by name.
func (p *yamlStream) plainStart(i int, flow bool) error {
	switch c := p.b[i]; c {
	case '&':
		return p.unsupported(p.line, "an anchor (&name)")
	case '*':
		return p.unsupported(p.line, "an alias (*name)")
	case '!':
		return p.unsupported(p.line, "a tag (!name)")
	case '|', '>':
		if !flow {
			return p.unsupported(p.line, "block text (| or >)")
		}
		return p.invalid(p.line, "a value cannot start with %q", string(c))
	case '%', '@', '`', ',', ']', '}', '#':
		return p.invalid(p.line, "a value cannot start with %q", string(c))
	case '?':
		if p.blankAt(i + 1) {
			return p.unsupported(p.line, "a complex key (? key)")
		}
		if flow {
			return p.invalid(p.line, "a value in a flow collection cannot start with %q", "?")
		}
	case '-', ':':
		if p.blankAt(i + 1) {
			return p.invalid(p.line, "a value cannot start with %q and a space here", string(c))
		}
		if flow && c == ':' {
			return p.invalid(p.line, "a value in a flow collection cannot start with %q", ":")
		}
	}
	return nil
}

// blockNode reads the value that starts at p.i, at column col of its
// line, in block context: a list, a mapping, or an inline value.
func (p *yamlStream) blockNode(col, depth int) (any, error) {
	i := p.i
	if p.b[i] == '-' && p.blankAt(i+1) {
		return p.blockSeq(col, depth)
	}
	isKey, err := p.keyAt(i)
	if err != nil {
		return nil, err
	}
	if isKey {
		return p.blockMap(col, depth)
	}
	return p.inlineLine(depth)
}

// inlineLine reads an inline value (a flow collection or a scalar) that
// must end its line.
func (p *yamlStream) inlineLine(depth int) (any, error) {
	v, err := p.inline(depth, false)
	if err != nil {
		return nil, err
	}
	j := p.i
	for j < len(p.b) && isSpace(p.b[j]) {
		j++
	}
	if j < len(p.b) && p.b[j] == ':' && p.blankAt(j+1) {
		return nil, p.d.errorf("line %d: a key must be text, not a list or a mapping", p.line)
	}
	return v, p.endLine(p.i)
}

// inline reads a value at p.i: a flow collection (which may go on over
// several lines), quoted text or a plain scalar. inFlow is whether it is
// an item or a value in a flow collection, where a plain scalar ends
// otherwise; in block context it is on one line, and `- ` at its start
// or `: ` in a plain scalar is an error.
func (p *yamlStream) inline(depth int, inFlow bool) (any, error) {
	i := p.i
	switch p.b[i] {
	case '[', '{':
		return p.flow(depth)
	case '\'', '"':
		return p.quotedValue(depth)
	}
	if !inFlow && p.b[i] == '-' && p.blankAt(i+1) {
		return nil, p.invalid(p.line, "a list item (- ) cannot be written after a key on the same line")
	}
	if err := p.plainStart(i, inFlow); err != nil {
		return nil, err
	}
	if err := p.node(depth); err != nil {
		return nil, err
	}
	end, stop := p.plainEnd(i, inFlow)
	if !inFlow && stop == ':' {
		return nil, p.invalid(p.line, "a value holds `: `; quote it, or put the mapping on its own lines")
	}
	p.i = end
	return p.d.scalarText(p.b[i:end], ""), nil
}

// blockMap reads the block mapping whose keys are at column col, the
// first at p.i; it ends before the first line indented less, or at the
// end of the text.
func (p *yamlStream) blockMap(col, depth int) (any, error) {
	if err := p.node(depth); err != nil {
		return nil, err
	}
	if err := p.d.charge(mapCost(0)); err != nil {
		return nil, err
	}
	hint := 0
	if depth == 0 {
		// the document's mapping, which may hold a million keys: sized
		// once, not grown through tables that become garbage
		hint = keyLines(p.b[p.ls:], col)
	}
	m := p.d.newMap(hint)
	start, startLine := p.i, p.line
	for n := 0; ; n++ {
		if err := p.entry(n); err != nil {
			return nil, err
		}
		line := p.line
		k, err := p.key(false)
		if err != nil {
			return nil, err
		}
		if p.i >= len(p.b) || p.b[p.i] != ':' || !p.blankAt(p.i+1) {
			if j := strings.IndexByte(k, ':'); j > 0 && j+1 < len(k) {
				// `b:1`: one plain text, as YAML reads it; meant as a key
				// and its value (D45, D49: the fix works when followed).
				return nil, p.invalid(line, "%s", noSpaceReason(k[:j], k[j+1:]))
			}
			if off, ok := listItemNoSpace(p.b, line, k); ok {
				return nil, p.invalidAt(off, "a `-` with no space after it; write `- %s` for a list item", echo.Text(k[1:]))
			}
			if k != "" && !strings.ContainsAny(k, "\n\r") {
				return nil, p.invalid(line, "%s", noColonReason(k))
			}
			return nil, p.invalid(line, "expected `key: value`")
		}
		p.i++
		for p.i < len(p.b) && isSpace(p.b[p.i]) {
			p.i++
		}
		var v any
		if p.endsAt(p.i) || p.b[p.i] == '#' {
			p.nextLine(p.i)
			if v, err = p.below(col, depth+1, true); err != nil {
				return nil, err
			}
		} else if v, err = p.inlineLine(depth + 1); err != nil {
			return nil, err
		}
		n0 := len(m)
		m[k] = v // one hash, not two: a key given twice leaves len(m) as it was
		if len(m) == n0 {
			return nil, p.d.duplicateKey(line, k, p.firstKeyLine(start, startLine, col, line, k))
		}
		next, err := p.peek()
		switch {
		case err != nil:
			return nil, err
		case next < col:
			return m, nil
		case next > col:
			return nil, p.moreIndented()
		}
		p.i += next
		if p.b[p.i] == '-' && p.blankAt(p.i+1) {
			return nil, p.invalid(p.line, "a list item (- ) where a key of the mapping above was expected")
		}
	}
}

// keyLines counts the lines of b that start with col spaces and then
// neither a space, a comment nor a list item's `-`: a hint of the number
// of keys of a mapping at column col that spans b, read in one pass.
func keyLines(b []byte, col int) int {
	n := 0
	for len(b) > 0 {
		if len(b) > col && bytes.Count(b[:col], []byte{' '}) == col {
			switch b[col] {
			case ' ', '\t', '#', '-', '\r', '\n':
			default:
				n++
			}
		}
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			break
		}
		b = b[i+1:]
	}
	return n
}

// firstKeyLine returns the line where the key k is first given in the
// block mapping at column col whose first key is at offset start, on line
// line, looking at the keys before line end; 0 if it is not found. It
// reads those lines again, only for the message of a duplicate key.
func (p *yamlStream) firstKeyLine(start, line, col, end int, k string) int {
	q := yamlStream{d: p.d, b: p.b, i: start, line: line}
	for q.line < end {
		if isKey, err := q.keyAt(q.i); err == nil && isKey {
			if qk, err := q.key(false); err == nil && qk == k {
				return q.line
			}
		}
		q.nextLine(q.i)
		for { // on to the next line at the mapping's column
			at, err := q.peek()
			if err != nil || at < col || q.line >= end {
				return 0
			}
			if at == col {
				q.i += at
				break
			}
			q.nextLine(q.i)
		}
	}
	return 0
}

// keyBelow reports whether the plain text that ends at offset end is
// alone on its line (a comment may follow) and the next line that holds
// something holds a key (`b: 1`): yaml.v3 would read the text and that
// line as one value over two lines and fail at its `: `, far from the
// mistake, the text's missing `:`. p does not move.
func (p *yamlStream) keyBelow(end int) bool {
	q := yamlStream{d: p.d, b: p.b, i: end, line: lineAt(p.b, end)}
	for q.i < len(q.b) && isSpace(q.b[q.i]) {
		q.i++
	}
	if !q.endsAt(q.i) && q.b[q.i] != '#' {
		return false
	}
	q.nextLine(q.i)
	k, err := q.peek()
	if err != nil || k < 0 {
		return false
	}
	isKey, err := q.keyAt(q.i + k)
	return err == nil && isKey
}

// bareItem reports whether the list item whose value v starts at offset
// vs (-1 when it starts on the lines below) is plain text alone on its
// line with a key on a line below, indented more: `- key` then `  b: 1`
// (keyBelow). end is where the text ends.
func (p *yamlStream) bareItem(vs int, v any) (end int, ok bool) {
	if vs < 0 {
		return 0, false
	}
	switch v.(type) {
	case map[string]any, []any:
		return 0, false
	}
	return p.bareText(vs)
}

// bareText reports whether plain text (no quote, bracket, anchor, tag or
// block text) with no `: ` in it starts at offset i and is followed by a
// key on the next line that holds something (keyBelow): a key written
// without its `:`. end is where the text ends.
func (p *yamlStream) bareText(i int) (end int, ok bool) {
	if i >= len(p.b) || p.endsAt(i) || strings.IndexByte("'\"[{&*!|>%@`#", p.b[i]) >= 0 {
		return 0, false
	}
	end, stop := p.plainEnd(i, false)
	if stop == ':' || end == i || !p.keyBelow(end) {
		return 0, false
	}
	return end, true
}

func (p *yamlStream) moreIndented() error {
	return p.unsupported(p.line, "a line indented more than the one before, as the rest of its value (a value over several lines)")
}

// below reads the value of a key or an item written on the lines below
// it (p.i at the start of the next line); col is the column of the key or
// of the item's `-`. A key's value may be a list at the key's own column.
// Nothing indented more is an empty value.
func (p *yamlStream) below(col, depth int, key bool) (any, error) {
	k, err := p.peek()
	if err != nil {
		return nil, err
	}
	if k > col || key && k == col && p.b[p.i+k] == '-' && p.blankAt(p.i+k+1) {
		p.i += k
		return p.blockNode(k, depth)
	}
	if err := p.node(depth); err != nil {
		return nil, err
	}
	return nil, nil
}

// blockSeq reads the block list whose `-` are at column col, the first at
// p.i; its items are kept on p.stack until it ends, then copied into a
// list of exactly their number.
func (p *yamlStream) blockSeq(col, depth int) (any, error) {
	if err := p.node(depth); err != nil {
		return nil, err
	}
	if err := p.d.charge(listCost); err != nil {
		return nil, err
	}
	rows := stackRows{s: &p.stack, base: p.stack.n}
	for {
		p.i++ // '-'
		tab := false
		for p.i < len(p.b) && isSpace(p.b[p.i]) {
			tab = tab || p.b[p.i] == '\t'
			p.i++
		}
		var v any
		var err error
		if tab {
			return nil, p.unsupported(p.line, "a tab in the indentation")
		}
		vs := -1 // where the item's value starts on the `- ` line
		if p.endsAt(p.i) || p.b[p.i] == '#' {
			p.nextLine(p.i)
			v, err = p.below(col, depth+1, false)
		} else {
			vs = p.i
			v, err = p.blockNode(p.i-p.ls, depth+1)
		}
		if err != nil {
			return nil, err
		}
		taken := rows.add(v)
		next, err := p.peek()
		switch {
		case err != nil:
			return nil, err
		case next > col:
			if end, ok := p.bareItem(vs, v); ok {
				// `- key` then `  b: 1`: the item is a mapping whose
				// first key lacks its `:`
				return nil, p.invalidAt(end, "%s", noColonReason(string(p.b[vs:end])))
			}
			return nil, p.moreIndented()
		case next < col || p.b[p.i+next] != '-' || !p.blankAt(p.i+next+1):
			p.d.reuse(taken)
			return rows.value(), nil
		}
		p.d.reuse(taken)
		p.i += next
	}
}

// quoted reads the quoted text at p.i, which must end on its line, and
// moves past its closing quote. The text returned is a part of p.b, or
// p.buf when it had escapes.
func (p *yamlStream) quoted() ([]byte, error) {
	b := p.b
	q := b[p.i]
	start := p.i + 1
	if q == '\'' {
		p.buf = p.buf[:0]
		escaped := false
		for j := start; j < len(b); j++ {
			switch b[j] {
			case '\n', '\r':
				return nil, p.unsupported(p.line, "quoted text over more than one line")
			case '\'':
				if j+1 < len(b) && b[j+1] == '\'' {
					p.buf = append(p.buf, b[start:j+1]...)
					start = j + 2
					j++
					escaped = true
					continue
				}
				p.i = j + 1
				if !escaped {
					return b[start:j], nil
				}
				p.buf = append(p.buf, b[start:j]...)
				return p.buf, nil
			}
		}
		return nil, p.invalid(p.line, "%s", quoteOpen('\''))
	}
	j := start
	for j < len(b) && b[j] != '"' && b[j] != '\\' && b[j] != '\n' && b[j] != '\r' {
		j++
	}
	if j < len(b) && b[j] == '"' {
		p.i = j + 1
		return b[start:j], nil
	}
	p.buf = append(p.buf[:0], b[start:j]...)
	for j < len(b) {
		c := b[j]
		switch c {
		case '"':
			p.i = j + 1
			return p.buf, nil
		case '\n', '\r':
			return nil, p.unsupported(p.line, "quoted text over more than one line")
		case '\\':
			if j+1 >= len(b) {
				return nil, p.invalid(p.line, "%s", quoteOpen('"'))
			}
			n, err := p.escape(j + 1)
			if err != nil {
				return nil, err
			}
			j += 1 + n
			continue
		}
		p.buf = append(p.buf, c)
		j++
	}
	return nil, p.invalid(p.line, "%s", quoteOpen('"'))
}

// escape appends to p.buf the character of the double-quoted escape whose
// letter is at offset i (after the `\`), with YAML's escapes as yaml.v3
// reads them, and returns the bytes it took after the `\`.
func (p *yamlStream) escape(i int) (int, error) {
	c := p.b[i]
	var r rune = -1
	size := 0
	switch c {
	case '0':
		r = 0
	case 'a':
		r = '\a'
	case 'b':
		r = '\b'
	case 't', '\t':
		r = '\t'
	case 'n':
		r = '\n'
	case 'v':
		r = '\v'
	case 'f':
		r = '\f'
	case 'r':
		r = '\r'
	case 'e':
		r = 0x1b
	case ' ', '"', '\'', '\\':
		r = rune(c)
	case 'N':
		r = 0x85
	case '_':
		r = 0xa0
	case 'L':
		r = 0x2028
	case 'P':
		r = 0x2029
	case 'x':
		size = 2
	case 'u':
		size = 4
	case 'U':
		size = 8
	case '\n', '\r':
		return 0, p.unsupported(p.line, "quoted text over more than one line")
	default:
		return 0, p.invalid(p.line, "%s", unknownEscape(string(rune(c))))
	}
	if size > 0 {
		if i+1+size > len(p.b) {
			return 0, p.invalid(p.line, "an escape \\%c needs %d hexadecimal digits", c, size)
		}
		// hexadecimal digits only: no sign, prefix or _
		v, err := strconv.ParseUint(string(p.b[i+1:i+1+size]), 16, 32)
		if err != nil {
			return 0, p.invalid(p.line, "an escape \\%c needs %d hexadecimal digits", c, size)
		}
		r = rune(v)
		if v >= 0xd800 && v <= 0xdfff || v > 0x10ffff { // v, not r: \U80000000 is no negative rune
			return 0, p.invalid(p.line, "the escape \\%s is not a character", echo.Text(string(p.b[i:i+1+size])))
		}
	}
	p.buf = utf8.AppendRune(p.buf, r)
	return 1 + size, nil
}

// flow reads the flow collection ([...] or {...}) at p.i, which may go on
// over several lines. The outermost one is counted first (countFlow), so
// that every list and mapping in it is made at its size.
func (p *yamlStream) flow(depth int) (any, error) {
	if p.flows == 0 {
		p.counts, p.ci = p.countFlow(p.i), 0
	}
	if err := p.node(depth); err != nil {
		return nil, err
	}
	hint := 0
	if p.ci < len(p.counts) {
		hint = int(p.counts[p.ci])
	}
	p.ci++
	// The count is a hint, exact for valid text; never make more room
	// than the budget left allows.
	hint = max(0, min(hint, p.d.limit-p.d.built))
	open := p.i // where the collection opens, for the error that it is not closed
	p.flows++
	var v any
	var err error
	if p.b[p.i] == '[' {
		v, err = p.flowSeq(depth, hint, open)
	} else {
		v, err = p.flowMap(depth, hint, open)
	}
	p.flows--
	return v, err
}

func (p *yamlStream) flowSeq(depth, hint, open int) (any, error) {
	if err := p.d.charge(listCost); err != nil {
		return nil, err
	}
	p.i++ // '['
	var s rowsOrList
	for {
		if closed, err := p.flowItem(']', open); err != nil {
			return nil, err
		} else if closed {
			return s.value(), nil
		}
		v, err := p.inline(depth+1, true)
		if err != nil {
			return nil, err
		}
		p.d.reuse(s.add(v, hint))
		if closed, err := p.flowNext(']', open); err != nil {
			return nil, err
		} else if closed {
			p.i++
			return s.value(), nil
		}
	}
}

func (p *yamlStream) flowMap(depth, hint, open int) (any, error) {
	if err := p.d.charge(mapCost(0)); err != nil {
		return nil, err
	}
	p.i++ // '{'
	m := p.d.newMap(hint)
	for n := 0; ; n++ {
		if closed, err := p.flowItem('}', open); err != nil {
			return nil, err
		} else if closed {
			return m, nil
		}
		if err := p.entry(n); err != nil {
			return nil, err
		}
		kline := p.line
		k, err := p.key(true)
		if err != nil {
			return nil, err
		}
		value := p.i < len(p.b) && p.b[p.i] == ':'
		if value {
			p.i++
			if _, err := p.flowSpace(); err != nil {
				return nil, err
			}
		}
		var v any
		switch {
		case p.i < len(p.b) && (p.b[p.i] == ',' || p.b[p.i] == '}'):
			if err := p.node(depth + 1); err != nil { // a key without a value
				return nil, err
			}
		case !value:
			return nil, p.invalid(p.line, "expected : after the key in a mapping {...}")
		case p.i < len(p.b):
			if v, err = p.inline(depth+1, true); err != nil {
				return nil, err
			}
		}
		n0 := len(m)
		m[k] = v // one hash, not two: a key given twice leaves len(m) as it was
		if len(m) == n0 {
			return nil, p.d.duplicateKey(kline, k, 0)
		}
		if closed, err := p.flowNext('}', open); err != nil {
			return nil, err
		} else if closed {
			p.i++
			return m, nil
		}
	}
}

// flowItem moves to where the next item of a flow collection that closes
// with end may start, past white space and comments; closed is true, past
// the closer, at the collection's end.
func (p *yamlStream) flowItem(end byte, open int) (closed bool, err error) {
	if _, err := p.flowSpace(); err != nil {
		return false, err
	}
	switch {
	case p.i >= len(p.b):
		return false, p.unclosed(end, open)
	case p.b[p.i] == end:
		p.i++
		return true, nil
	}
	return false, nil
}

// unclosed is the error of a flow collection that closes with end, opened
// at byte offset open, at the end of the text.
func (p *yamlStream) unclosed(end byte, open int) error {
	what := "list ["
	if end == '}' {
		what = "mapping {"
	}
	return p.invalidAt(open, "the %s opened here is not closed with %c", what, end)
}

// flowNext moves past the white space and comma after an item of a flow
// collection that closes with end; it stops at end (closed), or after the
// comma.
func (p *yamlStream) flowNext(end byte, open int) (closed bool, err error) {
	crossed, err := p.flowSpace()
	if err != nil {
		return false, err
	}
	switch {
	case p.i >= len(p.b):
		return false, p.unclosed(end, open)
	case p.b[p.i] == end:
		return true, nil
	case p.b[p.i] == ',':
		p.i++
		return false, nil
	case p.b[p.i] == ':' && end == ']':
		return false, p.unsupported(p.line, "a key: value pair inside a [...] list (write it as {key: value})")
	case crossed:
		return false, p.unsupported(p.line, "a value over more than one line")
	}
	return false, p.invalid(p.line, "expected , or %c after an item", end)
}

// quotedValue reads the quoted text at p.i as a value (a node of its own,
// for the depth and the budget).
func (p *yamlStream) quotedValue(depth int) (any, error) {
	if err := p.node(depth); err != nil {
		return nil, err
	}
	t, err := p.quoted()
	if err != nil {
		return nil, err
	}
	return p.d.sharedBytes(t, "", false), nil
}

// flowSpace skips white space, line breaks and comments in a flow
// collection and reports whether it passed a line break. A document
// marker at the start of a line is an error, as for yaml.v3.
func (p *yamlStream) flowSpace() (crossed bool, err error) {
	b := p.b
	for p.i < len(b) {
		switch c := b[p.i]; {
		case c == ' ' || c == '\t' || c == '\r':
			p.i++
		case c == '\n':
			p.i++
			p.ls, p.line, crossed = p.i, p.line+1, true
			if p.docMarker(p.i) {
				return crossed, p.invalid(p.line, "a document marker (--- or ...) inside a flow collection")
			}
		case c == '#' && commentAt(b, p.i):
			k := bytes.IndexByte(b[p.i:], '\n')
			if k < 0 {
				p.i = len(b)
				return crossed, nil
			}
			p.i += k
		default:
			return crossed, nil
		}
	}
	return crossed, nil
}

// countFlow counts the items of the flow collection at offset i and of
// every collection in it, in the order they open: an item starts at the
// first token after the opening bracket or a comma. Quoted text and
// comments are skipped; the counts are exact for valid text and only a
// size hint otherwise.
func (p *yamlStream) countFlow(i int) []int32 {
	b := p.b
	counts := p.counts[:0]
	var open []int32 // indexes into counts of the collections open now
	want := false    // the next token starts an item
	plain := false   // in a plain scalar
	item := func() {
		if want {
			counts[open[len(open)-1]]++
			want = false
		}
	}
	for ; i < len(b); i++ {
		switch c := b[i]; {
		case c == ' ' || c == '\t' || c == '\r' || c == '\n':
		case c == '#' && (!plain && commentAt(b, i) || plain && (isSpace(b[i-1]) || b[i-1] == '\n')):
			k := bytes.IndexByte(b[i:], '\n')
			if k < 0 {
				return counts
			}
			i += k
			plain = false
		case c == '[' || c == '{':
			item()
			open = append(open, int32(len(counts)))
			counts = append(counts, 0)
			want, plain = true, false
		case c == ']' || c == '}':
			open = open[:len(open)-1]
			if len(open) == 0 {
				return counts
			}
			want, plain = false, false
		case c == ',':
			want, plain = true, false
		case c == ':' && p.blankAt(i+1), c == '?':
			plain = false
		case (c == '\'' || c == '"') && !plain:
			item()
			i = quotedEnd(b, i)
		default:
			if !plain {
				item()
				plain = true
			}
		}
	}
	return counts
}

// quotedEnd returns the offset of the closing quote of the quoted text
// that opens at b[i], or of the line break or end before it.
func quotedEnd(b []byte, i int) int {
	q := b[i]
	for i++; i < len(b); i++ {
		switch b[i] {
		case '\n':
			return i
		case '\\':
			if q == '"' {
				i++
			}
		case q:
			if q == '\'' && i+1 < len(b) && b[i+1] == '\'' {
				i++
				continue
			}
			return i
		}
	}
	return i
}

// valueStack holds the items of the block lists being read, in chunks of
// a fixed size, so that it grows without copying and a list is copied
// once, into a slice of exactly its length.
type valueStack struct {
	chunks [][]any
	n      int
}

const stackChunk = 1 << 12

func (s *valueStack) push(v any) {
	c := s.n / stackChunk
	if c == len(s.chunks) {
		s.chunks = append(s.chunks, make([]any, stackChunk))
	}
	s.chunks[c][s.n%stackChunk] = v
	s.n++
}

// stackRows builds a block list on the stack, from base on, or as a
// value.Table as rowsOrList does: records are not held as maps.
type stackRows struct {
	s     *valueStack
	base  int
	table *value.Table
	vals  []any
	mixed bool // not a table
}

// add returns v's map when the table took its values (see rowsOrList.add).
func (r *stackRows) add(v any) (taken map[string]any) {
	if r.table != nil {
		if m, ok := v.(map[string]any); ok && sameKeys(r.table, m) {
			r.vals = appendRow(r.table, m, r.vals)
			return m
		}
		for i := range r.table.Len() {
			r.s.push(r.table.Row(i))
		}
		r.table, r.mixed = nil, true
	}
	r.s.push(v)
	if !r.mixed && r.s.n-r.base == minTable {
		items := r.s.pop(r.base)
		if r.table = tableOf(items); r.table == nil {
			r.mixed = true
			for _, v := range items {
				r.s.push(v)
			}
		}
	}
	return nil
}

// value is the list built: the table, or the items popped off the stack.
func (r *stackRows) value() any {
	if r.table != nil {
		return r.table
	}
	return r.s.pop(r.base)
}

// pop removes the items from base on and returns them as a list.
func (s *valueStack) pop(base int) []any {
	out := make([]any, s.n-base)
	for k := base; k < s.n; {
		c, o := k/stackChunk, k%stackChunk
		m := copy(out[k-base:], s.chunks[c][o:])
		clear(s.chunks[c][o : o+m])
		k += m
	}
	s.n = base
	return out
}
