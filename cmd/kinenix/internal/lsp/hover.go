package lsp

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"unicode"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// maxShownValue is the most characters of a value a hover shows.
const maxShownValue = 400

// place is the expression text around a cursor: line[from:to]. A
// placeholder eval compiled the line to (closed: ph is it), or a `${` not
// closed yet, whose text runs to the next placeholder or the end of the
// line.
type place struct {
	ph       eval.Placeholder
	closed   bool
	from, to int
}

// placeAt finds the expression text of line that holds byte offset off
// (its ends included), from what eval compiles the line to (D18): its
// placeholders, and for a `${` without its `}` the place of the unclosed
// problem eval reports.
func placeAt(line string, off int) (place, bool) {
	t, _ := eval.Compile(line) // the template comes with its problems too
	if t == nil {
		return place{}, false
	}
	phs := t.Placeholders()
	for _, ph := range phs {
		if ph.Start > off {
			break
		}
		if from, to := ph.Start+2, ph.End-1; from <= off && off <= to {
			return place{ph: ph, closed: true, from: from, to: to}, true
		}
	}
	best, ok := place{}, false
	for _, e := range t.Problems(nil) {
		if !errors.Is(e, eval.ErrUnclosed) {
			continue
		}
		u := byteOfColumn(line, e.Column) // the `${`
		if u+2 > off {
			break // the problems are sorted by position
		}
		end := len(line)
		for _, ph := range phs {
			if ph.Start > u {
				end = ph.Start
				break
			}
		}
		if off <= end {
			best, ok = place{from: u + 2, to: end}, true
		}
	}
	return best, ok
}

// cursor is a position in an open document, as a line and a byte offset.
type cursor struct {
	line string
	off  int
	li   int
}

func (s *server) cursorAt(method string, p protocol.TextDocumentPositionParams) (cursor, bool, error) {
	d, err := s.doc(method, p.TextDocument.URI)
	if err != nil {
		return cursor{}, false, err
	}
	li := int(p.Position.Line)
	if li >= len(d.lines) {
		return cursor{}, false, nil
	}
	line := d.lines[li]
	return cursor{line: line, off: byteOfUTF16(line, int(p.Position.Character)), li: li}, true, nil
}

func (s *server) hover(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	c, ok, err := s.cursorAt("textDocument/hover", p.TextDocumentPositionParams)
	if err != nil || !ok {
		return nil, err
	}
	pl, ok := placeAt(c.line, c.off)
	if !ok || !pl.closed {
		return nil, nil // a `${` not closed yet has no expression to show
	}
	sample, _ := s.data.sample()
	text, from, to, ok := hoverText(pl.ph, c.off-pl.from, sample)
	if !ok && s.data.sheet {
		// A key the sample's row lacks (a record of JSON lines without
		// it) that other rows of the sheet hold: its column's facts.
		text, from, to, ok = absentColumn(pl.ph, sample)
	}
	if !ok {
		return nil, nil
	}
	if s.data.sheet {
		// what a column holds over a sheet's rows (D45); data that is
		// not a sheet has no columns, whatever its rows hold
		text += columnNote(pl.ph.Text[from:to], sample)
	}
	lines := []string{c.line}
	r := protocol.Range{Start: position(lines, 0, pl.from+from), End: position(lines, 0, pl.from+to)}
	r.Start.Line, r.End.Line = uint32(c.li), uint32(c.li)
	return &protocol.Hover{
		Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: text},
		Range:    &r,
	}, nil
}

// hoverText is the hover for byte offset rel of the placeholder's text,
// and the part of the text it is about (byte offsets in ph.Text): a
// function's description when rel is on the name of a call, a path's
// value in the sample data when it is on a path. It reads the expression
// eval compiled (ph.Tree), or the dotted path (ph.Path) when there is no
// tree; a text that does not parse has neither and shows nothing.
func hoverText(ph eval.Placeholder, rel int, sample *scope.Scope) (text string, from, to int, ok bool) {
	if ph.IsEnv() {
		return "", 0, 0, false // the environment is not shown
	}
	if ph.Tree == nil || foundPath(ph, sample) {
		// A path found in the data wins over the expression (design
		// section 4, E1): `${row.Co-pay}` shows the key Co-pay, as the
		// field does, not row.Co minus pay.
		return pathHover(ph, rel, sample)
	}
	var call *ast.CallExpr
	var path ast.Expr
	ast.Inspect(ph.Tree, func(n ast.Node) bool {
		if n == nil || rel < n.Pos() || rel > n.End() {
			return false
		}
		switch n := n.(type) {
		case *ast.CallExpr:
			if n.Fun != nil && n.Fun.Pos() <= rel && rel <= n.Fun.End() {
				call = n
			}
		case *ast.Ident:
			if sel, ok := path.(*ast.SelectorExpr); ok && sel.Sel == n {
				break // the key of the selector just chosen
			}
			if call == nil || call.Fun != n {
				path = n
			}
		case *ast.SelectorExpr:
			if n.Sel != nil && rel >= n.Sel.Pos()-1 {
				path = n
			}
		case *ast.IndexExpr:
			if rel >= n.Lbrack {
				path = n
			}
		}
		return true
	})
	if call != nil {
		if f, ok := funcs.Lookup(call.Fun.Name); ok {
			return funcDoc(f), call.Fun.Pos(), call.Fun.End(), true
		}
		return "", 0, 0, false
	}
	if path == nil || sample == nil || rootName(path) == "env" {
		return "", 0, 0, false
	}
	src := ph.Text[path.Pos():path.End()]
	var v value.Value
	var err error
	if path == ph.Tree {
		v, err = ph.Eval(context.Background(), sample, nil)
	} else {
		v, err = evalText(src, sample)
	}
	if err != nil {
		return errorDoc(src, err), path.Pos(), path.End(), true
	}
	return valueDoc(src, v), path.Pos(), path.End(), true
}

// foundPath says whether the placeholder's dotted-path reading (design
// section 4, step 2) is found in the sample, so that it, not the
// expression, is what the field shows.
func foundPath(ph eval.Placeholder, sample *scope.Scope) bool {
	if sample == nil || len(ph.Path) == 0 {
		return false
	}
	if _, bad := ph.Path.Underscore(); bad {
		return false
	}
	_, found, err := sample.Lookup(ph.Path)
	return found && err == nil
}

// rootName is the name a chain of keys and indexes starts from
// (`rows` of `rows[0].id`), or "".
func rootName(x ast.Expr) string {
	for {
		switch n := x.(type) {
		case *ast.Ident:
			return n.Name
		case *ast.SelectorExpr:
			x = n.X
		case *ast.IndexExpr:
			x = n.X
		default:
			return ""
		}
	}
}

// evalText evaluates src as a placeholder of its own in s, by design
// section 4 as rendering does.
func evalText(src string, s *scope.Scope) (value.Value, error) {
	t, err := eval.Compile("${" + src + "}")
	if err != nil {
		return value.Value{}, err
	}
	phs := t.Placeholders()
	if len(phs) != 1 {
		return value.Value{}, errors.New("not one expression")
	}
	return phs[0].Eval(context.Background(), s, nil)
}

// pathHover shows the value of the dotted path that eval read the
// placeholder as (a plain path, or one with a key written with spaces),
// up to the part under the cursor. The parts sit in the text one after
// the other after its leading white space, one dot between two.
func pathHover(ph eval.Placeholder, rel int, sample *scope.Scope) (string, int, int, bool) {
	if sample == nil || len(ph.Path) == 0 {
		return "", 0, 0, false
	}
	if _, bad := ph.Path.Underscore(); bad {
		return "", 0, 0, false // refused (D9); validation says it
	}
	lead := len(ph.Text) - len(strings.TrimLeft(ph.Text, " \t\r\n"))
	end := lead
	for k, part := range ph.Path {
		if k > 0 {
			end++ // the dot
		}
		end += len(part)
		if rel > end && k < len(ph.Path)-1 {
			continue
		}
		if rel > end {
			return "", 0, 0, false // past the path
		}
		var v value.Value
		var err error
		if k == len(ph.Path)-1 {
			if ph.Problem(sample) != nil {
				// Not found and not an expression (`len(` while typing):
				// validation reports it.
				return "", 0, 0, false
			}
			v, err = ph.Eval(context.Background(), sample, nil)
		} else {
			v, _, err = sample.Lookup(ph.Path[:k+1])
		}
		src := strings.TrimSpace(ph.Text[lead:end])
		if err != nil {
			return errorDoc(src, err), lead, end, true
		}
		return valueDoc(src, v), lead, end, true
	}
	return "", 0, 0, false
}

// funcDoc describes a function from the one function table: signature,
// what it does, what an empty input gives, an example and its result.
func funcDoc(f *funcs.Func) string {
	var b strings.Builder
	b.WriteString("```\n" + f.Signature() + "\n```\n\n")
	b.WriteString(f.Doc + "\n\n")
	if f.Empty != "" {
		b.WriteString("Empty input: " + f.Empty + "\n\n")
	}
	if ex, ok := example(f); ok {
		want := ex.Want
		if want == "" {
			want = "''"
		}
		b.WriteString("Example: `${" + ex.Expr + "}` gives `" + want + "`")
	}
	return strings.TrimRight(b.String(), "\n")
}

// example is the first example of f that works and reads no variable,
// else the first that works.
func example(f *funcs.Func) (funcs.Example, bool) {
	var first *funcs.Example
	for i, ex := range f.Examples {
		if strings.HasPrefix(ex.Want, "error:") {
			continue
		}
		if first == nil {
			first = &f.Examples[i]
		}
		t, err := eval.Compile("${" + ex.Expr + "}")
		if err != nil || len(t.Placeholders()) != 1 {
			continue
		}
		ph := t.Placeholders()[0]
		if ph.Tree == nil {
			continue // a path, or text that does not parse: it reads a variable
		}
		reads := false
		ast.Inspect(ph.Tree, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				for _, a := range n.Args {
					ast.Inspect(a, func(m ast.Node) bool {
						if _, ok := m.(*ast.Ident); ok {
							reads = true
						}
						return !reads
					})
				}
				return false
			case *ast.Ident:
				reads = true
			}
			return !reads
		})
		if !reads {
			return ex, true
		}
	}
	if first != nil {
		return *first, true
	}
	return funcs.Example{}, false
}

// valueDoc shows a value of the sample data: its kind and its shown text
// (D4: a list's items joined by ", ", a dictionary as JSON), cut to
// maxShownValue characters.
func valueDoc(src string, v value.Value) string {
	var b strings.Builder
	b.WriteString(codeSpan(src))
	switch v.Kind() {
	case value.Empty:
		b.WriteString(" is empty in the sample data")
		return b.String()
	case value.List:
		b.WriteString(": list of " + count(v.Len(), "item") + " in the sample data")
	case value.Dict:
		b.WriteString(": dictionary of " + count(v.Len(), "key") + " in the sample data")
	default:
		b.WriteString(": " + v.Kind().String() + " in the sample data")
	}
	// The shown text (D4): what a field with this placeholder alone becomes.
	shown, err := v.Show(nil, 64<<10)
	text := string(shown)
	if err != nil {
		text = "(too large to show)"
	}
	b.WriteString("\n\n" + codeBlock(cutChars(text, maxShownValue)))
	return b.String()
}

// Data in a hover. A hover is Markdown (a function's entry is written in
// it), so text of the sample data (a value, a key named in a message) is
// put where Markdown does not read it: a value in a fenced code block
// whose fence is longer than any run of backticks in it, so no line of
// the value can close it; the path in a code span delimited the same way;
// a message with every ASCII punctuation character escaped, so no link,
// image, HTML tag or emphasis can start. Control characters and bidi
// controls are written as escapes (D37's echo.Clean), line ends of a
// value kept.

// errorDoc is the hover of a path whose value is an error.
func errorDoc(src string, err error) string {
	return codeSpan(src) + ": " + markdownText(echo.Clean(err.Error()))
}

// codeSpan is s as Markdown inline code.
func codeSpan(s string) string {
	s = echo.Clean(s) // one line
	fence := strings.Repeat("`", longestRun(s, '`')+1)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") || strings.HasPrefix(s, " ") && strings.HasSuffix(s, " ") {
		s = " " + s + " " // CommonMark strips one space on each side
	}
	return fence + s + fence
}

// codeBlock is s as a fenced Markdown code block.
func codeBlock(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = echo.Clean(l)
	}
	s = strings.Join(lines, "\n")
	fence := strings.Repeat("`", max(3, longestRun(s, '`')+1))
	return fence + "\n" + s + "\n" + fence
}

// longestRun is the length of the longest run of c in s.
func longestRun(s string, c byte) int {
	longest, n := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			n++
			longest = max(longest, n)
		} else {
			n = 0
		}
	}
	return longest
}

// markdownText escapes s so that Markdown shows it as it is: a backslash
// before every ASCII punctuation character (CommonMark lets any of them
// be escaped so).
func markdownText(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x80 && unicode.IsPunct(rune(c)) || c < 0x80 && unicode.IsSymbol(rune(c)) {
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// cutChars cuts s to n characters, marking the cut with "…"; a cut that
// would part a letter from its marks (น้ำ) falls before the letter, as
// a message's echo is cut (echo.IsMark).
func cutChars(s string, n int) string {
	i, base := 0, 0
	for off, r := range s {
		mark := echo.IsMark(r)
		if i == n {
			if mark && base > 0 {
				off = base
			}
			return s[:off] + echo.Ellipsis
		}
		if !mark {
			base = off
		}
		i++
	}
	return s
}

// count is "1 key", "2 keys".
func count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
