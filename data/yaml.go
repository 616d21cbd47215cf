package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/internal/yamlkind"
)

// MaxYAMLSize is the largest YAML data file Decode reads with yaml.v3,
// which reads all of YAML (anchors, aliases, merge keys, tags, block text)
// but builds a node of about 200 bytes for every scalar before any value
// is made, some 100 times the file's size; a file of this size or less
// that holds only the plain subset below is read by the streaming reader
// too, and yaml.v3 reads the rest. A larger file, up to
// MaxLargeYAMLSize, is read by a streaming reader of a plain subset of YAML
// (mappings, lists, one-line values, quoted text, comments) that builds the
// values directly: a list of scalars within about seven times the file's
// size; rows of a few short keys, where each small Go map weighs more
// than its text, up to the loader's bound of about 17 times (D36, as for
// JSON). Anything outside the subset is an error that names its line and
// suggests JSON or CSV.
const MaxYAMLSize = 4 << 20

// yaml decodes one YAML document holding a mapping (D36): a file larger
// than MaxYAMLSize with the streaming reader (yamlLarge); a smaller one
// with the streaming reader too when it reads the whole file, else with
// yaml.v3 (yamlNodes). What the streaming reader reads, yaml.v3 reads the
// same, value for value and charge for charge (FuzzYAMLLarge), but
// without a node of some 200 bytes for every scalar: a plain file of 4
// MiB loads in about 7 times its size, not 30 to 60. A file it does not
// read (an anchor, a tag, block text, a mistake) is read again by
// yaml.v3 from the start, so what yaml.v3 reads and every message are as
// they were.
func (d *decoder) yaml(b []byte) (map[string]any, error) {
	if len(b) > MaxYAMLSize {
		return d.yamlLarge(b)
	}
	built := d.built
	if m, err := d.yamlLarge(b); err == nil {
		return m, nil
	}
	d.built = built
	return d.yamlNodes(b)
}

// yamlNodes decodes one YAML document with yaml.v3, whatever its size.
// yaml.v3 parses it into nodes; the values are built from the nodes once
// each: an anchored node is built the first time it is met and every alias
// to it reuses that same Go value, so an alias bomb builds what its text
// holds, not what it expands to.
func (d *decoder) yamlNodes(b []byte) (map[string]any, error) {
	// the characters' rule of both readers, before yaml.v3 reads
	chars := yamlStream{d: d, b: b, line: 1}
	if err := chars.checkChars(false); err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(b))
	var doc yaml.Node
	if err := dec.Decode(&doc); err != nil {
		if errors.Is(err, io.EOF) {
			return map[string]any{}, nil
		}
		return nil, d.yamlSyntax(b, err)
	}
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case err == nil:
		return nil, d.secondDocument(next.Line)
	case !errors.Is(err, io.EOF):
		return nil, d.yamlSyntax(b, err)
	}
	if len(doc.Content) == 0 {
		return map[string]any{}, nil
	}
	top := doc.Content[0]
	if top.Kind == yaml.ScalarNode && top.Style == 0 && d.scalar(top.Value) == nil {
		return map[string]any{}, nil // a document with nothing in it
	}
	if top.Kind != yaml.MappingNode {
		return nil, d.notYAMLMapping(top.Line, yamlkind.Of(top))
	}
	y := yamlBuilder{d: d, memo: map[*yaml.Node]any{}}
	v, err := y.build(top, 0)
	if err != nil {
		return nil, err
	}
	return v.(map[string]any), nil
}

// yamlSyntax is the error for text yaml.v3 refuses: its message names a
// line only (sometimes the line before), so the stream reader, which reads
// a subset of YAML as yaml.v3 does, reads the text again to find the line
// and column in its own words (D45). Where the stream stops first at what
// it does not read (an anchor, a tag, block text), yaml.v3's line and
// message stand (yamlReason). The text is at most MaxYAMLSize here, and it
// is read again only on the way to an error.
func (d *decoder) yamlSyntax(b []byte, err error) error {
	again := *d
	again.built = 0
	p := yamlStream{d: &again, b: b, line: 1}
	if p.checkChars(true) == nil {
		_, _ = p.document()
	}
	if p.syntax != nil {
		return p.syntax
	}
	return d.errorf("%s", yamlReason(b, err))
}

// yamlReason is yaml.v3's message for the text b as the stream reader
// words its own ("line N, column C: not valid YAML: ..."), in plain words
// where it is one of the common ones (yamlPlain), else cut and cleaned as
// any echo of the data is (D37): it may quote an anchor name. yaml.v3
// names a line only, for some messages the line before the one it means
// (it counts lines from 0 there); yamlPlain says which, and what on the
// line the message is about, for the column (D45). yaml.v3 names no line
// when what it complains of is on the first line (its lines count from 0,
// and it leaves out line 0), so no line is line 1, as meant.
func yamlReason(b []byte, err error) string {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line, first := 0, true
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, after, ok := strings.Cut(rest, ": "); ok && n != "" && strings.Trim(n, "0123456789") == "" {
			if v, err := strconv.Atoi(n); err == nil {
				line, msg, first = v, after, false
			}
		}
	}
	if first {
		line = 1
	}
	if name, ok := strings.CutPrefix(msg, "unknown anchor '"); ok {
		// An alias whose anchor is not above it: yaml.v3 names no line.
		name = strings.TrimSuffix(name, "' referenced")
		plain := "the alias *" + echo.Text(name) + " names no anchor &" + echo.Text(name) + " above it"
		if off := bytes.Index(b, []byte("*"+name)); off >= 0 {
			return fmt.Sprintf("line %d, column %d: not valid YAML: %s", lineAt(b, off), columnAt(b, off), plain)
		}
		return "not valid YAML: " + plain
	}
	for _, p := range yamlPlain {
		if strings.Contains(msg, p.part) {
			if p.next && !first && (p.at == "" || bytes.Contains(lineText(b, line+1), []byte(p.at)) ||
				!bytes.Contains(lineText(b, line), []byte(p.at))) {
				line++
			}
			if p.part == "did not find expected '-' indicator" {
				line = notItemLine(b, line)
			}
			off := yamlPoint(b, line, p.at)
			if q, ok := unclosedQuote(b); ok && p.at == "end" {
				// at the quote left open, not at the end of the text,
				// which may be many lines below it
				return fmt.Sprintf("line %d, column %d: not valid YAML: %s", lineAt(b, q), columnAt(b, q), quoteOpen(b[q]))
			}
			if fix, ok := noSpaceAfterColon(lineText(b, line)); ok && p.part == "could not find expected ':'" {
				return fmt.Sprintf("line %d, column %d: not valid YAML: %s", lineAt(b, off), columnAt(b, off), fix)
			}
			if bare := bareLine(b, line, p.part); bare >= 0 {
				// `key` alone, then `b: 1`: the stream reader's words and
				// place, the key's missing `:`, not the `: ` below it
				text, end, _ := bareKeyLine(b, bare)
				return fmt.Sprintf("line %d, column %d: not valid YAML: %s", lineAt(b, end), columnAt(b, end), noColonReason(text))
			}
			return fmt.Sprintf("line %d, column %d: not valid YAML: %s", lineAt(b, off), columnAt(b, off), p.plain)
		}
	}
	return "line " + strconv.Itoa(line) + ": not valid YAML: " + echo.Text(msg)
}

// noSpaceAfterColon is the reason for a line `key:value`, one plain text
// to YAML, meant as a key and its value: the fix that works when followed
// (D45, D49), in the words of the stream reader's own.
func noSpaceAfterColon(line []byte) (string, bool) {
	text := strings.TrimSpace(string(line))
	j := strings.IndexByte(text, ':')
	if j <= 0 || j+1 >= len(text) || text[j+1] == ' ' || text[j+1] == '\t' || strings.ContainsAny(text[:j], "'\"{[#&*!|>-") {
		return "", false
	}
	return noSpaceReason(text[:j], text[j+1:]), true
}

// noSpaceReason says `key:value` is missing the space after its `:`.
func noSpaceReason(key, val string) string {
	return "a `:` with no space after it; write `" + echo.Text(key) + ": " + echo.Text(val) + "`"
}

// noColonReason says plain text written where a key goes, on a line of
// its own (`key`, `- key`) with a `key: value` line after it, lacks the
// `:` of a key: YAML reads the text and the next line as one value over
// two lines and fails at the next line's `: `, where quoting would not
// help (D45, D49: the fix works when followed). The words of both YAML
// readers.
func noColonReason(text string) string {
	return "expected `key: value`; `" + echo.Text(text) + "` has no `:` after it: write a `:` right after the key, then a space and its value (nothing after the `:` for an empty value)"
}

// bareLine is the line of plain text written as a key without its `:`
// (bareKeyLine) that yaml.v3's message part on line line is about, or -1:
// that line itself for a key without `:`, the line above that holds
// something for a `: ` inside a value (yaml.v3 read the two lines as one
// value).
func bareLine(b []byte, line int, part string) int {
	switch part {
	case "could not find expected ':'":
	case "mapping values are not allowed":
		line--
		for line > 0 {
			t := bytes.TrimLeft(lineText(b, line), " \t")
			if len(bytes.TrimSpace(t)) > 0 && t[0] != '#' {
				break
			}
			line--
		}
	default:
		return -1
	}
	if _, _, ok := bareKeyLine(b, line); !ok || line < 1 {
		return -1
	}
	return line
}

// bareKeyLine reports whether line line of b holds, after its indent and
// any `- ` of list items, plain text with no `: ` that a key follows on
// the next line that holds something (yamlStream.bareText): a key
// written without its `:`. It returns the text and the offset of its end.
func bareKeyLine(b []byte, line int) (text string, end int, ok bool) {
	if line < 1 {
		return "", 0, false
	}
	q := yamlStream{d: &decoder{}, b: b, line: line, i: lineStart(b, line)}
	q.ls = q.i
	i := q.i
	for i < len(b) && b[i] == ' ' {
		i++
	}
	for i < len(b) && b[i] == '-' && q.blankAt(i+1) && !q.endsAt(i+1) {
		for i++; i < len(b) && isSpace(b[i]); i++ {
		}
	}
	end, ok = q.bareText(i)
	if !ok {
		return "", 0, false
	}
	return string(b[i:end]), end, true
}

// notItemLine is the line yaml.v3's "did not find expected '-' indicator"
// is about: the first line below the list that starts on line that is at
// the list's indentation and is not a `- ` item (yaml.v3 names the list's
// first item, `- 1` above `b: 2`); line itself when it is no item. Blank
// lines and comments are skipped; a line indented less ends the list.
func notItemLine(b []byte, line int) int {
	item := func(t []byte) bool {
		t = bytes.TrimRight(t, "\r")
		return len(t) > 0 && t[0] == '-' && (len(t) == 1 || t[1] == ' ' || t[1] == '\t')
	}
	indent := func(t []byte) int { return len(t) - len(bytes.TrimLeft(t, " ")) }
	off := lineStart(b, line)
	text := lineText(b, line)
	ind := indent(text)
	if !item(text[ind:]) {
		return line
	}
	for l := line; ; l++ {
		i := bytes.IndexByte(b[off:], '\n')
		if i < 0 {
			return line
		}
		off += i + 1
		t := b[off:]
		if j := bytes.IndexByte(t, '\n'); j >= 0 {
			t = t[:j]
		}
		rest := bytes.TrimSpace(t)
		if len(rest) == 0 || rest[0] == '#' {
			continue
		}
		switch n := indent(t); {
		case n < ind:
			return line
		case n == ind && !item(t[n:]):
			return l + 1
		}
	}
}

// lineText is line line (from 1) of b, without its line end.
func lineText(b []byte, line int) []byte {
	start := lineStart(b, line)
	rest := b[start:]
	if i := bytes.IndexByte(rest, '\n'); i >= 0 {
		rest = rest[:i]
	}
	return rest
}

// yamlPoint is the offset in b of what a message of yamlPlain is about on
// line line: the last byte of at on the line ("[", "{", ":" followed by a
// space or the line's end), or, when at is "" or not on the line, its first
// character that is not a space (a tab is pointed at); "end" is the end of
// the text.
func yamlPoint(b []byte, line int, at string) int {
	if at == "end" {
		return len(b)
	}
	start := lineStart(b, line)
	end := len(b)
	if i := bytes.IndexByte(b[start:], '\n'); i >= 0 {
		end = start + i
	}
	text := b[start:end]
	for i := len(text) - 1; at != "" && i >= 0; i-- {
		if text[i] != at[0] {
			continue
		}
		if at == ":" && i+1 < len(text) && text[i+1] != ' ' && text[i+1] != '\r' {
			continue
		}
		return start + i
	}
	off := start
	for off < end && b[off] == ' ' {
		off++
	}
	return off
}

// yamlPlain says yaml.v3's commonest messages in plain words (D45): the
// part of its message, what the author is told, whether yaml.v3's line is
// the one before the line meant (next), and what on the line is pointed
// at (yamlPoint).
var yamlPlain = []struct {
	part, plain string
	next        bool
	at          string
}{
	{"mapping values are not allowed", "a `:` inside a value; put a value that holds `: ` in quotes", false, ":"},
	{"did not find expected key", "a line does not line up with the keys above it (check its indentation), or a quoted value is not closed", true, ""},
	{"found a tab character that violates indentation", "a tab in the indentation; indent with spaces", false, "\t"},
	{"found character that cannot start any token", "a character that cannot start a value here: indent with spaces, not tabs, and put a value that starts with @, ` or % in quotes", false, ""},
	{"could not find expected ':'", "a key without `:` after it (or a value cut across lines; put it in quotes)", false, ""},
	{"did not find expected '-' indicator", "a line inside the list above it is not a `- ` item; start it with `- `, or indent it as the key that holds the list", true, ""},
	{"did not find expected ',' or ']'", "a list in [ ] is not closed with ] (or an item misses its `,`)", true, "["},
	{"did not find expected ',' or '}'", "a mapping in { } is not closed with } (or an entry misses its `,`)", true, "{"},
	{"found invalid Unicode character escape code", "an escape \\u, \\U or \\x in quoted text names no character", false, ""},
	{"exceeded max depth", "the data nests lists and dictionaries more than " + strconv.Itoa(maxDepth) + " deep", false, ""},
	{"found unexpected end of stream", "the text ends inside a quoted value or a bracket; close it", false, "end"},
	{"did not find expected node content", "a value is missing here", false, ""},
	{"block sequence entries are not allowed", "a `- ` list item where a value was expected on the same line; start the list on the next line", false, ""},
	{"did not find expected alphabetic or numeric character", "an anchor `&`, an alias `*` or a tag without a name after it; write the name right after it, or put the value in quotes", false, ""},
	{"did not find expected <document start>", "text after the data's end that belongs to no key (check its indentation), or a second document; a data file holds one mapping", false, ""},
	{"found undefined tag handle", "a tag `!name!` the file does not declare; remove it, or put the value in quotes", false, ""},
	{"found unknown escape character", unknownEscape(""), false, ""},
	{"found unexpected document indicator", "a `---` or `...` inside quoted text or a value; put it in quotes on one line", false, ""},
	{"did not find expected comment or line break", "text after a value on the same line; put the whole value in quotes", false, ""},
	{"did not find expected whitespace or line break", "a `:` or `-` with no space after it; write a space after it, or put the value in quotes", false, ""},
	{"found a tab character where an indentation space is expected", "a tab in the indentation; indent with spaces", false, "\t"},
	{"did not find expected tag URI", "a tag `!<...>` that is not closed or names nothing; remove it, or put the value in quotes", false, ""},
	{"did not find the expected '>'", "a tag `!<...>` that is not closed or names nothing; remove it, or put the value in quotes", false, ""},
	// Directives and block scalars: rare in data, but told as plainly.
	{"found incompatible YAML document", "%YAML 1.2 is not read (only %YAML 1.1 is); remove the %YAML line", false, ""},
	{"found duplicate %YAML directive", "a second %YAML line; remove it", false, ""},
	{"found duplicate %TAG directive", "a second %TAG line for the same handle; remove it", false, ""},
	{"found unknown directive name", "a line that starts with % is a directive, and only %YAML and %TAG are known; remove it, or put a value that starts with % in quotes", false, ""},
	{"found an indentation indicator equal to 0", "the digit after | or > (the indentation of the text below it) cannot be 0; write 1 to 9, or leave it out", false, "|"},
}

type yamlBuilder struct {
	d *decoder
	// memo holds the value built for each anchored node; building marks
	// one whose value is not finished yet (an alias to it is a cycle).
	memo map[*yaml.Node]any
}

type buildingMark struct{}

var building any = buildingMark{}

func (y *yamlBuilder) build(n *yaml.Node, depth int) (any, error) {
	if n.Kind == yaml.AliasNode {
		if err := y.d.charge(1); err != nil {
			return nil, err
		}
		t := n.Alias
		if v, ok := y.memo[t]; ok {
			if v == building {
				return nil, y.d.errorf("line %d: the alias *%s is inside the value it names", n.Line, echo.Text(n.Value))
			}
			return v, nil
		}
		n = t // an anchor always comes before its aliases; kept for safety
	}
	if depth >= maxDepth {
		return nil, y.d.tooDeep(n.Line)
	}
	if err := y.d.charge(1); err != nil {
		return nil, err
	}
	if n.Anchor != "" {
		y.memo[n] = building
	}
	v, err := y.node(n, depth)
	if err != nil {
		return nil, err
	}
	if n.Anchor != "" {
		y.memo[n] = v
	}
	return v, nil
}

func (y *yamlBuilder) node(n *yaml.Node, depth int) (any, error) {
	switch n.Kind {
	case yaml.ScalarNode:
		return y.scalar(n)
	case yaml.SequenceNode:
		if err := y.collectionTag(n, "!!seq"); err != nil {
			return nil, err
		}
		if err := y.d.charge(listCost); err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(n.Content, isAlias) { // an alias is shared, never copied into a table
			var rows rowsOrList
			for _, c := range n.Content {
				v, err := y.build(c, depth+1)
				if err != nil {
					return nil, err
				}
				rows.add(v, len(n.Content))
			}
			return rows.value(), nil
		}
		s := make([]any, len(n.Content))
		for i, c := range n.Content {
			v, err := y.build(c, depth+1)
			if err != nil {
				return nil, err
			}
			s[i] = v
		}
		return s, nil
	case yaml.MappingNode:
		if err := y.collectionTag(n, "!!map"); err != nil {
			return nil, err
		}
		return y.mapping(n, depth)
	}
	return nil, y.d.errorf("line %d: unsupported YAML", n.Line)
}

func isAlias(n *yaml.Node) bool { return n.Kind == yaml.AliasNode }

func (y *yamlBuilder) collectionTag(n *yaml.Node, want string) error {
	if n.Style&yaml.TaggedStyle != 0 && n.Tag != want {
		return y.d.errorf("line %d: the tag %s is not supported here; remove it", n.Line, echo.Text(n.Tag))
	}
	return nil
}

// mapping builds a dictionary: explicit keys first (a duplicate is an
// error), then merge keys (`<<`, YAML 1.1): each dictionary merged adds the
// keys not set yet, so explicit keys win over merged ones and an earlier
// dictionary in a merge list wins over a later one.
func (y *yamlBuilder) mapping(n *yaml.Node, depth int) (any, error) {
	if err := y.d.charge(mapCost(len(n.Content) / 2)); err != nil {
		return nil, err
	}
	m := make(map[string]any, len(n.Content)/2)
	var merges []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := n.Content[i], n.Content[i+1]
		at := kn.Line // the key's own line, also when it is an alias
		if kn.Kind == yaml.AliasNode {
			kn = kn.Alias
		}
		if kn.Kind != yaml.ScalarNode {
			return nil, y.d.errorf("line %d: a key must be text, not %s", at, yamlkind.Of(kn))
		}
		if kn.Tag == "!!merge" && kn.Style&yaml.TaggedStyle == 0 && kn.Value == "<<" {
			if len(merges) > 0 {
				return nil, y.d.errorf("line %d: the merge key << is given twice in one mapping; merge a list instead: <<: [*a, *b]", kn.Line)
			}
			merges = append(merges, vn)
			continue
		}
		if err := y.d.charge(1); err != nil {
			return nil, err
		}
		v, err := y.build(vn, depth+1)
		if err != nil {
			return nil, err
		}
		if _, dup := m[kn.Value]; dup {
			return nil, y.d.duplicateKey(kn.Line, kn.Value, firstKeyLine(n, kn.Value))
		}
		m[kn.Value] = v
	}
	for _, vn := range merges {
		if err := y.merge(m, vn, depth); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// merge adds the entries of the merge value vn (a mapping, or a list of
// mappings, or aliases to them) that m does not have yet; the slots m
// grows by are charged before it grows.
func (y *yamlBuilder) merge(m map[string]any, vn *yaml.Node, depth int) error {
	sources := []*yaml.Node{vn}
	target := vn
	if target.Kind == yaml.AliasNode {
		target = target.Alias
	}
	if target.Kind == yaml.SequenceNode {
		sources = target.Content
	}
	for _, src := range sources {
		v, err := y.build(src, depth+1)
		if err != nil {
			return err
		}
		sm, ok := v.(map[string]any)
		if !ok {
			return y.d.errorf("line %d: a merge key << takes a mapping or a list of mappings", src.Line)
		}
		// The slots m grows by, charged as mapCost weighs a dictionary of
		// its new size (the keys and values are sm's, shared).
		add := 0
		for k := range sm {
			if _, set := m[k]; !set {
				add++
			}
		}
		if err := y.d.charge(mapCost(len(m)+add) - mapCost(len(m))); err != nil {
			return err
		}
		for k, x := range sm {
			if _, set := m[k]; !set {
				m[k] = x
			}
		}
	}
	return nil
}

func firstKeyLine(n *yaml.Node, key string) int {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k := n.Content[i]
		if k.Kind == yaml.AliasNode {
			k = k.Alias
		}
		if k.Kind == yaml.ScalarNode && k.Value == key {
			return k.Line
		}
	}
	return n.Line
}

// scalar reads a scalar node. A plain scalar follows the one scalar rule
// (decoder.scalar); a quoted or block scalar is text. An explicit tag never
// changes a value silently: !!str keeps the text; !!null, !!bool, !!int and
// !!float must hold what the rule reads as empty, a boolean or a number
// (else an error); !!timestamp keeps the text; any other tag is an error.
func (y *yamlBuilder) scalar(n *yaml.Node) (any, error) {
	text := n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0
	if n.Style&yaml.TaggedStyle == 0 {
		if text {
			return y.d.shared(n.Value, false), nil
		}
		return y.d.scalar(n.Value), nil
	}
	v := y.d.scalar(n.Value)
	if text {
		v = n.Value
	}
	ok := true
	switch n.Tag {
	case "!!str", "!!timestamp":
		return y.d.shared(n.Value, false), nil
	case "!!null":
		ok = v == nil
	case "!!bool":
		_, ok = v.(bool)
	case "!!int", "!!float":
		_, ok = v.(json.Number)
	default:
		return nil, y.d.errorf("line %d: the tag %s is not supported; remove it", n.Line, echo.Text(n.Tag))
	}
	if !ok {
		return nil, y.d.errorf("line %d: %s %s does not hold %s; remove the tag to keep the text as written", n.Line, echo.Text(n.Tag), quoteKey(n.Value), tagWants(n.Tag))
	}
	return v, nil
}

func tagWants(tag string) string {
	switch tag {
	case "!!null":
		return "an empty value (null, ~ or nothing)"
	case "!!bool":
		return "true or false"
	}
	return "a plain number (such as 12 or -0.5, without a leading + or 0)"
}

// unclosedQuote is the offset in b of a quote that opens a value (at the
// start of a line or after `: `, `- `, `[`, `{`, `,` or `?`) and that
// nothing closes before the end of the text: in double quotes a `\`
// escapes the next character, in single quotes two quotes in a row are one
// quote. A quote inside a value (`it's`) or a comment opens nothing.
func unclosedQuote(b []byte) (int, bool) {
	open := -1 // the offset of the open quote, or -1
	var quote byte
	prev := byte('\n') // the last byte that is not a space, outside quotes
	for i := 0; i < len(b); i++ {
		c := b[i]
		if open >= 0 {
			switch {
			case quote == '"' && c == '\\':
				i++
			case c == quote && quote == '\'' && i+1 < len(b) && b[i+1] == '\'':
				i++
			case c == quote:
				open, prev = -1, c
			}
			continue
		}
		switch {
		case c == ' ' || c == '\t' || c == '\r':
		case c == '#' && (prev == '\n' || i > 0 && (b[i-1] == ' ' || b[i-1] == '\t')):
			for i+1 < len(b) && b[i+1] != '\n' {
				i++ // a comment, to the line's end
			}
		case (c == '"' || c == '\'') && strings.IndexByte("\n:-[{,?", prev) >= 0:
			open, quote = i, c
		default:
			prev = c
		}
	}
	return open, open >= 0
}

// The reasons both YAML readers (yaml.v3's, told by yamlReasons, and
// yamlStream) give in the same words.

// quoteOpen is the reason of a quoted value left open, q its quote.
func quoteOpen(q byte) string {
	return "the quoted value that starts here with " + string(q) + " is not closed; end it with " + string(q)
}

// unknownEscape is the reason of an escape YAML does not know in
// double-quoted text: `\c`, or `\` when the reader does not say c.
func unknownEscape(c string) string {
	return "an escape `\\" + c + "` in double-quoted text that YAML does not know; write `\\\\` for a backslash, or use single quotes"
}
