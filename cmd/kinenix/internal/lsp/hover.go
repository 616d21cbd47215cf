package lsp

import (
	"strconv"
	"strings"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/gen/exprparser"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// maxShownValue is the most characters of a value a hover shows.
const maxShownValue = 400

// placeholder is the ${...} around a cursor: its inner text is
// line[start:end]; end is the end of the line for a `${` not closed yet.
type placeholder struct {
	start, end int
}

// placeholderAt finds the placeholder of line whose inner text holds byte
// offset off (its ends included), as Compile finds placeholders (D18).
func placeholderAt(line string, off int) (placeholder, bool) {
	spans, open := eval.ScanPlaceholders(line)
	for _, sp := range spans {
		if sp.Start <= off && off <= sp.End {
			return placeholder{sp.Start, sp.End}, true
		}
	}
	// An unclosed `${` runs to the next placeholder or the end of the line.
	best, ok := placeholder{}, false
	for _, u := range open {
		if u+2 > off {
			break
		}
		end := len(line)
		for _, sp := range spans {
			if sp.Start-2 > u {
				end = sp.Start - 2
				break
			}
		}
		if off <= end {
			best, ok = placeholder{u + 2, end}, true
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

func (s *server) cursorAt(p protocol.TextDocumentPositionParams) (cursor, bool, error) {
	d, err := s.doc(p.TextDocument.URI)
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
	c, ok, err := s.cursorAt(p.TextDocumentPositionParams)
	if err != nil || !ok {
		return nil, err
	}
	ph, ok := placeholderAt(c.line, c.off)
	if !ok {
		return nil, nil
	}
	sample, _ := s.data.sample()
	text, from, to, ok := hoverText(c.line[ph.start:ph.end], c.off-ph.start, sample)
	if !ok {
		return nil, nil
	}
	lines := []string{c.line}
	r := protocol.Range{Start: position(lines, 0, ph.start+from), End: position(lines, 0, ph.start+to)}
	r.Start.Line, r.End.Line = uint32(c.li), uint32(c.li)
	return &protocol.Hover{
		Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: text},
		Range:    &r,
	}, nil
}

// hoverText is the hover for byte offset rel of the expression raw, and
// the part of raw it is about: a function's description when rel is on
// the name of a call, a path's value in the sample data when it is on a
// path.
func hoverText(raw string, rel int, sample *scope.Scope) (text string, from, to int, ok bool) {
	x, err := exprparser.ParseExpr(raw)
	if err != nil {
		// Not an expression (yet): a function name before `(` still gets
		// its description, and a dotted path written with spaces
		// (`row.First Name`, design section 4) its value.
		ws := wordStart(raw, rel)
		we := ws + wordLen(raw[ws:])
		if f, ok := funcs.Lookup(raw[ws:we]); ok && we > ws && strings.HasPrefix(strings.TrimLeft(raw[we:], " "), "(") &&
			(ws == 0 || raw[ws-1] != '.') {
			return funcDoc(f), ws, we, true
		}
		return plainPathHover(raw, rel, sample)
	}
	var call *ast.CallExpr
	var path ast.Expr
	ast.Inspect(x, func(n ast.Node) bool {
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
	if path == nil || sample == nil {
		return "", 0, 0, false
	}
	src := raw[path.Pos():path.End()]
	if strings.HasPrefix(src, "env.") || src == "env" {
		return "", 0, 0, false // the environment is not shown
	}
	t, err := eval.Compile("${" + src + "}")
	if err != nil {
		return "", 0, 0, false
	}
	v, err := t.Value(sample)
	if err != nil {
		return "`" + src + "`: " + err.Error(), path.Pos(), path.End(), true
	}
	return valueDoc(src, v), path.Pos(), path.End(), true
}

// plainPathHover shows the value of a dotted path that is not an
// expression, up to the part under the cursor.
func plainPathHover(raw string, rel int, sample *scope.Scope) (string, int, int, bool) {
	if sample == nil {
		return "", 0, 0, false
	}
	lead := len(raw) - len(strings.TrimLeft(raw, " \t"))
	p := scope.SplitPath(raw)
	if len(p) == 0 || p[0] == "env" {
		return "", 0, 0, false
	}
	if _, bad := p.Underscore(); bad {
		return "", 0, 0, false
	}
	// The part under the cursor: count the dots before it.
	k := strings.Count(raw[:min(rel, len(raw))], ".")
	if k >= len(p) {
		return "", 0, 0, false
	}
	end := lead
	for i := 0; i <= k; i++ {
		if i > 0 {
			end++ // the dot
		}
		end += len(p[i])
	}
	v, found, err := sample.Lookup(p[:k+1])
	if err != nil || !found {
		return "", 0, 0, false
	}
	src := strings.TrimSpace(raw[lead:end])
	return valueDoc(src, v), lead, end, true
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
		x, err := exprparser.ParseExpr(ex.Expr)
		if err != nil {
			continue
		}
		reads := false
		ast.Inspect(x, func(n ast.Node) bool {
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
	b.WriteString("`" + src + "`")
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
	b.WriteString("\n\n```\n" + cutChars(text, maxShownValue) + "\n```")
	return b.String()
}

// cutChars cuts s to n characters, marking the cut with "…".
func cutChars(s string, n int) string {
	i := 0
	for off := range s {
		if i == n {
			return s[:off] + "…"
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
