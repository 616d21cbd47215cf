package lsp

import (
	"sort"
	"strconv"
	"strings"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// maxItems bounds a completion list (a dictionary of the sample data may
// have any number of keys). A list cut to it is marked incomplete, so the
// client asks again as the author types, and is then cut to the names
// that start with what is typed.
const maxItems = 1000

// maxIndexed bounds the keys the index keeps sorted (the names of the
// sample data are kept whatever their number); past it, it starts over.
const maxIndexed = 4 << 20

// index is what completion offers from the sample data, sorted once per
// load of the data rather than on every request: the variables that are
// plain names, and the keys of each dictionary completed after `.` or `[`
// (by the text of its path, made when first asked for).
type index struct {
	sample *scope.Scope
	names  []string
	keys   map[string][]string
	kept   int // keys in keys
	sorts  int // the lists sorted, for tests
}

func newIndex(sample *scope.Scope) *index {
	x := &index{sample: sample, keys: map[string][]string{}}
	for _, n := range sample.Names() {
		if plainKey(n) {
			x.names = append(x.names, n)
		}
	}
	sort.Strings(x.names)
	x.sorts++
	return x
}

// keysOf is the sorted keys of the dictionary v, the value of the path
// src, without those no expression can name (E7's limit).
func (x *index) keysOf(src string, v value.Value) []string {
	if ks, ok := x.keys[src]; ok {
		return ks
	}
	all := v.Keys() // sorted
	x.sorts++
	ks := all[:0]
	for _, k := range all {
		if len(k) <= eval.MaxLength {
			ks = append(ks, k)
		}
	}
	if x.kept+len(ks) > maxIndexed {
		x.keys, x.kept = map[string][]string{}, 0
	}
	x.keys[src], x.kept = ks, x.kept+len(ks)
	return ks
}

// offered is the part of sorted names a list offers for the typed text:
// all of them when they fit in maxItems, else at most maxItems of those
// that start with typed (found by binary search), and incomplete.
func offered(names []string, typed string) (out []string, incomplete bool) {
	if len(names) <= maxItems {
		return names, false
	}
	i := sort.SearchStrings(names, typed)
	j := i
	for j < len(names) && j-i < maxItems && strings.HasPrefix(names[j], typed) {
		j++
	}
	return names[i:j], true
}

func (s *server) completion(_ *glsp.Context, p *protocol.CompletionParams) (any, error) {
	c, ok, err := s.cursorAt("textDocument/completion", p.TextDocumentPositionParams)
	if err != nil {
		return nil, err
	}
	if !ok {
		return &protocol.CompletionList{Items: []protocol.CompletionItem{}}, nil
	}
	return completionAt(c, s.data.index(), s.snippets), nil
}

// completionAt is the completion list at a cursor: empty outside ${...}.
func completionAt(c cursor, x *index, snippets bool) *protocol.CompletionList {
	list := &protocol.CompletionList{Items: []protocol.CompletionItem{}}
	pl, ok := placeAt(c.line, c.off)
	if !ok || c.off < pl.from {
		return list
	}
	items, incomplete := completeIn(c.line[pl.from:c.off], x, snippets)
	for i := range items {
		it := &items[i]
		if e, ok := it.TextEdit.(edit); ok {
			it.TextEdit = protocol.TextEdit{
				Range: protocol.Range{
					Start: protocol.Position{Line: uint32(c.li), Character: uint32(utf16Len(c.line[:pl.from+e.from]))},
					End:   protocol.Position{Line: uint32(c.li), Character: uint32(utf16Len(c.line[:c.off]))},
				},
				NewText: e.text,
			}
		}
	}
	list.Items, list.IsIncomplete = items, incomplete
	return list
}

// edit is a text edit while items are built: it replaces the prefix from
// byte offset from to the cursor by text.
type edit struct {
	from int
	text string
}

// completeIn completes at the end of prefix, the text of a placeholder
// from its `${` to the cursor: after `.`, the keys of the value before it
// in the sample data; after `[`, those keys quoted; elsewhere (outside a
// text literal) the functions and the variables.
func completeIn(prefix string, x *index, snippets bool) ([]protocol.CompletionItem, bool) {
	if ast.OpenQuote(prefix) != 0 { // inside a text
		return []protocol.CompletionItem{}, false
	}
	ws := ast.NameStart(prefix, len(prefix))
	switch {
	case ws > 0 && prefix[ws-1] == '.':
		return keyItems(x, prefix, ws-1, ws, false)
	case ws == len(prefix) && strings.HasSuffix(prefix, "["):
		return keyItems(x, prefix, ws-1, ws, true)
	}
	var items []protocol.CompletionItem
	names, incomplete := offered(x.names, prefix[ws:])
	for _, n := range names {
		v, _, _ := x.sample.Var(n)
		items = append(items, item(n, protocol.CompletionItemKindVariable, kindDetail(v), "0", edit{ws, n}))
	}
	for i, f := range funcs.All() {
		it := item(f.Name, protocol.CompletionItemKindFunction, f.Signature(), "1"+strconv.Itoa(10+i), edit{ws, f.Name + "("})
		it.Documentation = protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: funcDoc(f)}
		if snippets {
			var b strings.Builder
			b.WriteString(f.Name + "(")
			n := 0
			for _, p := range f.Params {
				if p.Optional {
					break
				}
				if n > 0 {
					b.WriteString(", ")
				}
				n++
				b.WriteString("${" + strconv.Itoa(n) + ":" + p.Name + "}")
			}
			b.WriteString(")$0")
			it.TextEdit = edit{ws, b.String()}
			format := protocol.InsertTextFormatSnippet
			it.InsertTextFormat = &format
		}
		items = append(items, it)
	}
	return items, incomplete
}

func item(label string, kind protocol.CompletionItemKind, detail, sort string, e edit) protocol.CompletionItem {
	sortText := sort + label
	return protocol.CompletionItem{Label: label, Kind: &kind, Detail: &detail, SortText: &sortText, TextEdit: e}
}

// keyItems offers the keys of the dictionary whose path ends at dot in
// prefix. A key that is a plain name is inserted after the dot; any other
// (spaces, operators, a leading `_`, D9) in the quoted form
// `['Unit Price']`, replacing the dot. dot is the offset of the `.` (or
// `[`), word that of the typed part of the key.
func keyItems(x *index, prefix string, dot, word int, bracket bool) ([]protocol.CompletionItem, bool) {
	items := []protocol.CompletionItem{}
	src, v := chainValue(prefix, dot, x.sample)
	if v.Kind() != value.Dict {
		return items, false
	}
	keys, incomplete := offered(x.keysOf(src, v), prefix[word:])
	for _, k := range keys {
		kv, _, _ := v.Key(k)
		var e edit
		switch {
		case bracket:
			e = edit{word, ast.QuoteText(k) + "]"}
		case plainKey(k):
			e = edit{word, k}
		default:
			e = edit{dot, "[" + ast.QuoteText(k) + "]"}
		}
		it := item(k, protocol.CompletionItemKindField, kindDetail(kv), "0", e)
		if e.from == dot && !bracket {
			// Clients filter on the text the edit replaces, dot included.
			filter := "." + k
			it.FilterText = &filter
		}
		items = append(items, it)
	}
	return items, incomplete
}

// plainKey reports whether a key can be written after a dot: it is a name
// by the grammar's classes (a keyword may be a .key) and does not start
// with `_` (D9).
func plainKey(k string) bool { return ast.IsName(k) && !ast.StartsWithUnderscore(k) }

// kindDetail names the kind of a value for a completion item.
func kindDetail(v value.Value) string {
	switch v.Kind() {
	case value.List:
		return "list of " + strconv.Itoa(v.Len())
	case value.Dict:
		return "dictionary of " + strconv.Itoa(v.Len())
	case value.Empty:
		return "empty"
	}
	return v.Kind().String() + ": " + cutChars(v.String(), 40)
}

// chainValue is the value in the sample data of the path that ends at
// byte offset end of prefix (`rows[0]` in `len(rows[0].`), or empty, and
// the path's text.
func chainValue(prefix string, end int, sample *scope.Scope) (string, value.Value) {
	if sample == nil {
		return "", value.Value{}
	}
	start := chainStart(prefix, end)
	if start < 0 {
		return "", value.Value{}
	}
	src := prefix[start:end]
	if src == "env" || strings.HasPrefix(src, "env.") {
		return "", value.Value{}
	}
	v, err := evalText(src, sample)
	if err != nil {
		return "", value.Value{}
	}
	return src, v
}

// chainStart finds where the path that ends at end of s starts: names
// joined by dots, each followed by any number of `[...]`. It returns -1
// when no name ends there.
func chainStart(s string, end int) int {
	i := end
	for {
		for i > 0 && s[i-1] == ']' {
			j := openBracket(s, i-1)
			if j < 0 {
				return -1
			}
			i = j
		}
		ws := ast.NameStart(s, i)
		if ws == i {
			return -1
		}
		i = ws
		if i > 0 && s[i-1] == '.' {
			i--
			continue
		}
		return i
	}
}

// openBracket finds the `[` that the `]` at close closes, skipping text
// literals; -1 when there is none.
func openBracket(s string, close int) int {
	depth := 0
	for i := close; i >= 0; i-- {
		switch c := s[i]; c {
		case ']':
			depth++
		case '[':
			depth--
			if depth == 0 {
				return i
			}
		case '\'', '"':
			// Back to the quote that opens this literal.
			j := i - 1
			for j >= 0 && !(s[j] == c && (j == 0 || s[j-1] != '\\')) {
				j--
			}
			if j < 0 {
				return -1
			}
			i = j
		}
	}
	return -1
}
