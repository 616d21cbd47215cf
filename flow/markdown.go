package flow

import (
	"fmt"
	"iter"
	"strings"
	"unicode/utf8"
)

// line is one line of a flow, without its line end.
type line struct {
	num  int    // 1-based
	text string // without "\n" or "\r\n"
}

// splitLines splits src into lines. A byte order mark at the start is
// dropped; "\r\n" and "\n" end a line; a last line without a line end
// counts, an empty one after the last line end does not.
func splitLines(src string) []line {
	src = strings.TrimPrefix(src, "\uFEFF")
	var out []line
	num := 1
	for len(src) > 0 {
		text, rest, found := strings.Cut(src, "\n")
		if found {
			text = strings.TrimSuffix(text, "\r")
		}
		out = append(out, line{num: num, text: text})
		num++
		src = rest
	}
	return out
}

// column is the 1-based character column of byte offset off in text.
func column(text string, off int) int {
	if off > len(text) {
		off = len(text)
	}
	if off < 0 {
		off = 0
	}
	return utf8.RuneCountInString(text[:off]) + 1
}

// columnCursor gives the columns of byte offsets in one line, as column
// does, counting each character once while the offsets come in order: a
// line of many placeholders is not counted again from its start for each
// of them. scanned is the bytes counted so far.
type columnCursor struct {
	text string
	// off is the start of a character at or before the last offset
	// asked, col its column; col is 0 before the first.
	off, col int
	scanned  int
}

func (c *columnCursor) at(off int) int {
	off = min(max(off, 0), len(c.text))
	if off < c.off || c.col == 0 {
		c.off, c.col = 0, 1
	}
	// The cursor stops at the start of the character off is in: an
	// offset inside one (from+1 of a warning of no width) counts its
	// bytes as column does, and the next offset counts on from there.
	// A character has at most utf8.UTFMax bytes: a longer run of
	// continuation bytes is invalid text, each byte a character.
	at := off
	for at > max(c.off, off-utf8.UTFMax+1) && at < len(c.text) && !utf8.RuneStart(c.text[at]) {
		at--
	}
	c.col += utf8.RuneCountInString(c.text[c.off:at])
	c.scanned += at - c.off
	c.off = at
	return c.col + utf8.RuneCountInString(c.text[at:off])
}

// prose gives the lines of src outside fenced code blocks, where fields,
// conditions and headings are read (splitLines, fenceState).
func prose(src []byte) iter.Seq[line] {
	return func(yield func(line) bool) {
		var fs fenceState
		for _, ln := range splitLines(string(src)) {
			if !fs.skip(ln.text) && !yield(ln) {
				return
			}
		}
	}
}

// fenceState follows fenced code blocks from line to line, in a block
// quote too (`> ```): such a block ends with its closing fence written
// in the same quote, or with the quote, at a line with fewer `>`
// (CommonMark 5.1: code takes no lazy continuation).
type fenceState struct {
	char   byte // '`' or '~' while inside a block, else 0
	n      int  // length of the opening fence
	quotes int  // how many `>` the block's lines start with
	opened bool // the last line skip read opened a block
}

// skip reports whether the line is part of a fenced code block (its fences
// included) and updates the state.
func (f *fenceState) skip(text string) bool {
	f.opened = false
	quotes, rest := blockQuote(text)
	if f.char != 0 && quotes < f.quotes {
		f.char, f.n, f.quotes = 0, 0, 0 // the quote ended, and its block
	}
	ch, n, info := fence(rest)
	if f.char != 0 {
		if ch == f.char && n >= f.n && strings.TrimSpace(info) == "" && quotes == f.quotes {
			f.char, f.n, f.quotes = 0, 0, 0
		}
		return true
	}
	if ch == 0 || (ch == '`' && strings.Contains(info, "`")) {
		return false
	}
	f.char, f.n, f.quotes, f.opened = ch, n, quotes, true
	return true
}

// blockQuote reads the block quote marks at the start of text (`> `, `>>`,
// `> > `, after spaces and tabs): how many, and the text after them; text
// itself when there are none.
func blockQuote(text string) (quotes int, rest string) {
	rest = text
	for {
		t := strings.TrimLeft(rest, " \t")
		if !strings.HasPrefix(t, ">") {
			return quotes, rest
		}
		quotes++
		rest = strings.TrimPrefix(t[1:], " ")
	}
}

// fence reads a fence line: after any spaces and tabs, three or more
// backticks or tildes. It returns the character (0 when the line is not a
// fence), the length of the run and the text after it.
func fence(text string) (ch byte, n int, info string) {
	t := strings.TrimLeft(text, " \t")
	if len(t) < 3 || (t[0] != '`' && t[0] != '~') {
		return 0, 0, ""
	}
	c := t[0]
	for n < len(t) && t[n] == c {
		n++
	}
	if n < 3 {
		return 0, 0, ""
	}
	return c, n, t[n:]
}

// Field is one field of a flow: a line with a bold label and a value, such
// as `- **subject:** ${len(packages)} packages`.
type Field struct {
	// Label is the label as written, without the bold marks and the colon,
	// e.g. `subject`.
	Label string
	// Value is the text after the label, without the spaces and tabs
	// around it: the text that Validate checks.
	Value string
	// Line and Column (1-based, the column in characters) are where Value
	// starts in the file.
	Line, Column int
	// Condition is true for a condition field (the label is `condition`, in
	// any case).
	Condition bool
}

// Fields returns the fields of a flow, in file order, outside fenced code
// blocks. A field is a line of the form described in the package
// documentation: optional indentation, an optional list marker, a bold
// label with a colon inside or right after the bold marks, and the value.
func Fields(src []byte) []Field {
	var out []Field
	for ln := range prose(src) {
		label, at, ok := parseField(ln.text)
		if !ok {
			continue
		}
		out = append(out, Field{
			Label:     label,
			Value:     strings.TrimRight(ln.text[at:], " \t"),
			Line:      ln.num,
			Column:    column(ln.text, at),
			Condition: strings.EqualFold(label, "condition"),
		})
	}
	return out
}

// Heading is a Markdown heading of a flow (`## Notify the customer`): the
// title of a flow, or a step of it.
type Heading struct {
	// Text is the heading without its `#` marks and the spaces around it.
	Text string
	// Line is its line in the file (1-based).
	Line int
}

// Headings returns the headings of a flow (one to six `#`, then a space,
// a tab or the end of the line), in file order, outside fenced code
// blocks, read as Fields reads the file: `kinenix preview -compare`
// matches the fields of two flows within their steps by them.
func Headings(src []byte) []Heading {
	var out []Heading
	for ln := range prose(src) {
		if text, ok := heading(ln.text); ok {
			out = append(out, Heading{Text: text, Line: ln.num})
		}
	}
	return out
}

// heading reads a heading line: one to six `#`, then a space, a tab or
// the end of the line. It returns the heading's text (headingText).
func heading(line string) (text string, ok bool) {
	t := strings.TrimSpace(line)
	h := strings.TrimLeft(t, "#")
	if n := len(t) - len(h); n == 0 || n > 6 || h != "" && h[0] != ' ' && h[0] != '\t' {
		return "", false
	}
	return headingText(h), true
}

// headingText is the text of a heading after its opening `#` marks,
// without a closing run of `#` (`## Pay ##`); a `#` that ends a word is
// text (`## Learn C#`), as Markdown reads it.
func headingText(h string) string {
	h = strings.TrimSpace(h)
	t := strings.TrimRight(h, "#")
	if t == "" || t[len(t)-1] == ' ' || t[len(t)-1] == '\t' {
		return strings.TrimSpace(t)
	}
	return h
}

// parseField reads a field line. It returns the label and the byte offset
// where the value starts (after the white space that follows the label).
func parseField(text string) (label string, valueAt int, ok bool) {
	i := skipBlank(text, 0)
	i = listMarker(text, i)
	var mark string
	switch {
	case strings.HasPrefix(text[i:], "**"):
		mark = "**"
	case strings.HasPrefix(text[i:], "__"):
		mark = "__"
	default:
		return "", 0, false
	}
	start := i + 2
	end := strings.Index(text[start:], mark)
	if end <= 0 {
		return "", 0, false
	}
	inner := text[start : start+end]
	after := start + end + 2
	switch {
	case strings.HasSuffix(inner, ":"):
		inner = inner[:len(inner)-1]
	case strings.HasPrefix(text[after:], ":"):
		after++
	default:
		return "", 0, false
	}
	label = strings.TrimSpace(inner)
	if label == "" || strings.ContainsAny(label, "*`") {
		return "", 0, false
	}
	return label, skipBlank(text, after), true
}

// skipBlank skips spaces and tabs from i.
func skipBlank(text string, i int) int {
	for i < len(text) && (text[i] == ' ' || text[i] == '\t') {
		i++
	}
	return i
}

// listMarker skips a list marker at i (`-`, `*`, `+`, or up to nine digits
// and `.` or `)`) and the white space after it; without one it returns i.
func listMarker(text string, i int) int {
	j := i
	switch {
	case j < len(text) && (text[j] == '-' || text[j] == '+' || text[j] == '*'):
		// `**` is a bold label, not a `*` marker.
		if text[j] == '*' && j+1 < len(text) && text[j+1] == '*' {
			return i
		}
		j++
	default:
		d := j
		for j < len(text) && j-d < 9 && text[j] >= '0' && text[j] <= '9' {
			j++
		}
		if j == d || j >= len(text) || (text[j] != '.' && text[j] != ')') {
			return i
		}
		j++
	}
	if j < len(text) && text[j] != ' ' && text[j] != '\t' {
		return i
	}
	return skipBlank(text, j)
}

// continues reports whether text, a line right after a field's line (or
// after a line that continues it), continues that field's value as its
// author meant it: a line indented more than the field's line (indent
// spaces and tabs), with text that starts no block of its own (a field, a
// heading, a list item, a block quote, a table row, HTML, a rule), which
// Markdown reads as the same paragraph. A field is one line (section 2),
// so such a line is not part of the field. A line that is not indented
// more is prose after the field, as often written without a blank line.
func continues(text string, indent int) bool {
	t := strings.TrimSpace(text)
	if t == "" || strings.ContainsAny(t[:1], "#>|<") || strings.Trim(t, "-=*_ \t") == "" {
		return false
	}
	i := skipBlank(text, 0)
	if i <= indent || listMarker(text, i) != i {
		return false
	}
	_, _, field := parseField(text)
	return !field
}

// conditionLabel reads a line that is no field but whose label is meant
// as `condition` (`- condition: ...`, `- **condition** : ...`, `-
// **condition** ...`, `- *condition:* ...`, `- ***condition:*** ...`),
// with a placeholder in its value: the condition that parseField does not
// read, so the step runs for every row. So is a line pasted from a word
// processor or a chat: a bullet of its own (`• **condition:** ...`,
// `– **condition:** ...`), bold marks written as Markdown escapes
// (`\*\*condition:\*\*`), a full-width colon (`**condition：**`), or the
// label and the value in the cells of a table row (`| **condition:** |
// ${x} > 0 |`). It returns the byte offsets where the label starts and
// where the value starts and ends (a table's value is its cell), what the
// fix writes before the label (the line's own indentation and list
// marker, or `- ` in place of a pasted bullet or a table's `|`), and why
// the line is not a field, for the author.
func conditionLabel(text string) (labelAt, valueAt, valueEnd int, lead, why string, ok bool) {
	labelAt, lead, why, table := pastedStart(text)
	if why == "" {
		why = "the label is condition in bold, with the colon inside or right after the bold marks"
	}
	i := labelAt
	escaped := false
	for n := 0; n < 3 && i < len(text); n++ {
		if text[i] == '*' || text[i] == '_' {
			i++
		} else if strings.HasPrefix(text[i:], `\*`) || strings.HasPrefix(text[i:], `\_`) {
			i, escaped = i+2, true
		} else {
			break
		}
	}
	marked := i > labelAt
	const word = "condition"
	if len(text)-i < len(word) || !strings.EqualFold(text[i:i+len(word)], word) {
		return 0, 0, 0, "", "", false
	}
	j := i + len(word)
	if j == len(text) || (strings.IndexByte(" \t*_:\\|", text[j]) < 0 && !strings.HasPrefix(text[j:], "：")) {
		return 0, 0, 0, "", "", false // `conditional`, or no label at all
	}
	colon, wide := false, false
	for j < len(text) {
		switch {
		case strings.HasPrefix(text[j:], "："):
			colon, wide = true, true
			j += len("：")
			continue
		case text[j] == '|' && !table:
		case strings.IndexByte(" \t*_:\\|", text[j]) >= 0:
			escaped = escaped || text[j] == '\\'
			colon = colon || text[j] == ':' || text[j] == '|'
			j++
			continue
		}
		break
	}
	if (!marked && !colon) || !strings.Contains(text[j:], "${") {
		return 0, 0, 0, "", "", false
	}
	valueEnd = len(strings.TrimRight(text, " \t"))
	switch {
	case table:
		if k := strings.IndexByte(text[j:valueEnd], '|'); k >= 0 {
			valueEnd = j + k // the value is the label's next cell
		}
		valueEnd = len(strings.TrimRight(text[:valueEnd], " \t"))
		if codeCell(text[j:valueEnd]) {
			return 0, 0, 0, "", "", false // a table that documents the field
		}
	case escaped:
		why = whyEscaped
	case wide:
		why = whyWideColon
	}
	return labelAt, j, valueEnd, lead, why, true
}

// codeSpans are the code spans of one line of Markdown, as byte offsets
// of their backticks: a run of backticks not after a backslash opens one,
// and the next run of as many backticks closes it (CommonMark 6.1); a run
// that nothing closes is text.
func codeSpans(text string) [][2]int {
	var spans [][2]int
	for i := 0; i < len(text); {
		if text[i] == '\\' {
			i += 2
			continue
		}
		if text[i] != '`' {
			i++
			continue
		}
		n := backticks(text, i)
		closed := false
		for j := i + n; j < len(text); {
			if text[j] != '`' {
				j++
				continue
			}
			m := backticks(text, j)
			if m == n {
				spans = append(spans, [2]int{i, j + m})
				i, closed = j+m, true
				break
			}
			j += m
		}
		if !closed {
			i += n
		}
	}
	return spans
}

// backticks is the length of the run of backticks at byte i of text.
func backticks(text string, i int) int {
	n := 0
	for i+n < len(text) && text[i+n] == '`' {
		n++
	}
	return n
}

// codeCell reports whether cell, a cell of a table row, is one code span
// and nothing else (“ `${x} > 0` “): a table that shows a field's value
// as code documents the field; a field pasted into a table has its value
// bare.
func codeCell(cell string) bool {
	cell = strings.TrimSpace(cell)
	spans := codeSpans(cell)
	return len(spans) == 1 && spans[0] == [2]int{0, len(cell)}
}

// Why a line pasted as a field is not one (conditionLabel, pastedField).
const (
	whyEscaped   = "\\* and \\_ are Markdown escapes, shown as the marks themselves, so the label is not bold"
	whyWideColon = "the colon is the full-width ：, not :"
	whyTable     = "a field is a line of its own, not the cells of a table"
)

// pastedStart reads the start of a line pasted as a field: its
// indentation and list marker (and the checkbox of a task list's to-do
// item after it, `- [ ]`, or an invisible character before them, U+FEFF
// or U+200B), or in their place a bullet of a word
// processor (pastedBullet) or a table row's `|`. It returns where the
// label starts, what a field line writes before it (`- ` in place of the
// bullet or the `|`), why such a start makes no field ("" for a list
// marker alone), and whether the line is a table row.
func pastedStart(text string) (labelAt int, lead, why string, table bool) {
	start := skipBlank(text, 0)
	if r, n := utf8.DecodeRuneInString(text[start:]); r == '\uFEFF' || r == '\u200B' || r == '\u2060' {
		// A byte order mark left where two files were joined, or a
		// zero-width space pasted before the line: invisible, and the
		// line is text. The fix is the line without it.
		labelAt = listMarker(text, start+n)
		return labelAt, text[:start] + text[start+n:labelAt], fmt.Sprintf("the line starts with an invisible character (U+%04X), so Markdown reads no list marker or label there and the line is text; delete it", r), false
	}
	labelAt = listMarker(text, start)
	if labelAt != start {
		if n := checkbox(text[labelAt:]); n > 0 {
			// A to-do item of a task list (`- [ ] **to:** ...`): the
			// fix keeps the list marker and drops the checkbox.
			return skipBlank(text, labelAt+n), text[:labelAt], "'" + text[labelAt:labelAt+3] + "' is the checkbox of a to-do item, so the line is text of a task list; a field's line has its bold label right after the list marker", false
		}
		return labelAt, text[:labelAt], "", false
	}
	if n := pastedBullet(text[start:]); n > 0 {
		return skipBlank(text, start+n), text[:start] + "- ", "'" + text[start:start+n] + "' is not a list marker of Markdown, so the line is text; a field's line starts with -, * or + (or 1.), or with its bold label", false
	}
	if strings.HasPrefix(text[start:], "|") {
		return skipBlank(text, start+1), text[:start] + "- ", whyTable, true
	}
	return labelAt, text[:labelAt], "", false
}

// checkbox gives the length of the checkbox of a task list's to-do item
// (`[ ]`, `[x]`, `[X]`) at the start of text, after a list marker, when
// white space follows it; 0 when there is none.
func checkbox(text string) int {
	if len(text) < 4 || text[0] != '[' || text[2] != ']' || strings.IndexByte(" xX", text[1]) < 0 || (text[3] != ' ' && text[3] != '\t') {
		return 0
	}
	return 3
}

// pastedField reads a line that is no field but would be one, with a
// placeholder in its value, if it were not for what a word processor, a
// chat app or a table put in it: a bullet of its own (`• **to:** ...`),
// bold marks written as Markdown escapes (`\*\*to:\*\*`), a space before
// the closing bold marks (`**to: **`, as Google Docs writes bold), a
// full-width colon (`**to：**`), the label and the value in the cells of a
// table row (`| **to:** | ${x} |`). It returns the byte offset where the label
// starts, the field line to write, and why the line is not a field. A
// label that is not in bold is no field meant (`Note: ${x}` is prose);
// one meant as condition is conditionLabel's.
func pastedField(text string) (labelAt int, fix, why string, ok bool) {
	labelAt, lead, why, table := pastedStart(text)
	rest := text[labelAt:]
	if table {
		cells := strings.Split(strings.TrimSuffix(strings.TrimRight(rest, " \t"), "|"), "|")
		rest = strings.TrimSpace(cells[0])
		if _, at, field := parseField(rest); !field || at == len(rest) {
			// The value is the label's next cell, unless the label's
			// own cell holds it (as conditionLabel reads the value).
			if len(cells) < 2 || codeCell(cells[1]) {
				return 0, "", "", false // no field, or a table that documents one
			}
			rest += " " + strings.TrimSpace(cells[1])
		}
	}
	if strings.HasPrefix(rest, `\*\*`) || strings.HasPrefix(rest, `\_\_`) {
		// The label's two marks on each side, written plain: the
		// closing ones are the first after the opening, escaped or not;
		// the value keeps its own escapes as written.
		mark := rest[1:2] + rest[1:2]
		rest = mark + rest[4:]
		if i := strings.Index(rest[2:], `\`+rest[:1]+`\`+rest[:1]); i >= 0 {
			if j := strings.Index(rest[2:], mark); j < 0 || i < j {
				rest = rest[:2+i] + mark + rest[2+i+4:]
			}
		}
		why = whyEscaped
	}
	if mark := rest[:min(2, len(rest))]; mark == "**" || mark == "__" {
		// `**to: **`, as Google Docs writes bold with the space after the
		// colon: Markdown reads no bold when a space is before the close.
		if end := strings.Index(rest[2:], mark); end > 0 && strings.TrimRight(rest[2:2+end], " \t") != rest[2:2+end] {
			rest = rest[:2] + strings.TrimRight(rest[2:2+end], " \t") + rest[2+end:]
			if why == "" {
				why = "a space before the closing " + mark + " keeps Markdown from reading the label as bold"
			}
		}
	}
	if i := strings.Index(rest, "："); i >= 0 && i < 64 {
		if _, _, field := parseField(rest[:i] + ":" + rest[i+len("："):]); field {
			rest = rest[:i] + ":" + rest[i+len("："):]
			if why == "" {
				why = whyWideColon
			}
		}
	}
	if why == "" {
		return 0, "", "", false
	}
	fix = lead + rest
	label, at, field := parseField(fix)
	if !field || strings.EqualFold(label, "condition") || !strings.Contains(fix[at:], "${") || table && !strings.HasPrefix(rest, "**") && !strings.HasPrefix(rest, "__") {
		return 0, "", "", false
	}
	return labelAt, strings.TrimRight(fix, " \t"), why, true
}

// inlineField finds in text, after its start (and its indentation), a list item (`-`, `*` or
// `+` after white space) whose field has a placeholder in its value (` -
// **to:** ${x}`): the byte offset of its marker.
func inlineField(text string) (int, bool) {
	for i := skipBlank(text, 0) + 1; i < len(text); i++ {
		if text[i-1] != ' ' && text[i-1] != '\t' || strings.IndexByte("-*+", text[i]) < 0 || listMarker(text, i) == i {
			continue
		}
		if label, at, ok := parseField(text[i:]); ok && label != "" && strings.Contains(text[i+at:], "${") {
			return i, true
		}
	}
	return 0, false
}

// pastedBullet gives the length of a bullet that a word processor or a
// chat app writes in place of a Markdown list marker (`•`, `◦`, `▪`, `–`,
// `—`, ...) at the start of text, when white space or a bold mark follows
// it; 0 when there is none. Markdown reads no list item there, so a field after one
// is text.
func pastedBullet(text string) int {
	for _, b := range [...]string{"•", "◦", "▪", "▫", "‣", "⁃", "●", "○", "■", "□", "◆", "◇", "➢", "➤", "►", "▶", "–", "—", "·", "∙", "・", "\uf0b7"} {
		if strings.HasPrefix(text, b) {
			n := len(b)
			if n < len(text) && text[n] != ' ' && text[n] != '\t' && text[n] != '*' && text[n] != '_' {
				return 0
			}
			return n
		}
	}
	return 0
}
