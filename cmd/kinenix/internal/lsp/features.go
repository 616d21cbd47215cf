package lsp

import (
	"github.com/kinenix/expressions/scope"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// The editor's features without the server: the playground (`kinenix
// play` and the page in WebAssembly) offers the same completion and hover
// as `kinenix lsp`, from the same functions, on one line of text. Offsets
// count UTF-16 code units of the line, as LSP positions and JavaScript
// strings do.

// Completion is one completion offered at a cursor: Insert replaces the
// line's text from From to the cursor.
type Completion struct {
	Label  string `json:"label"`
	Kind   string `json:"kind"` // "function", "variable" or "key"
	Detail string `json:"detail"`
	// Doc is the function's description (Markdown), for a function.
	Doc    string `json:"doc,omitempty"`
	From   int    `json:"from"`
	Insert string `json:"insert"`
	// Filter is the text the typed prefix is matched against, when it is
	// not Label (a key inserted as `['Unit Price']` replaces the dot).
	Filter string `json:"filter,omitempty"`
}

// Complete is the completion list at offset at of line, with sample the
// data (nil without): the list `kinenix lsp` gives there, empty outside
// ${...}.
func Complete(line string, at int, sample *scope.Scope) []Completion {
	out := []Completion{}
	if at < 0 || at > utf16Len(line) {
		return out
	}
	off := byteOfUTF16(line, at)
	pl, ok := placeAt(line, off)
	if !ok || off < pl.from {
		return out
	}
	// The playground's data is small (play.MaxWorkbook) and may change
	// with every request, so its index is made per request.
	items, _ := completeIn(line[pl.from:off], newIndex(sample), false)
	for _, it := range items {
		c := Completion{Label: it.Label, Kind: kindName(it.Kind)}
		if it.Detail != nil {
			c.Detail = *it.Detail
		}
		if d, ok := it.Documentation.(protocol.MarkupContent); ok {
			c.Doc = d.Value
		}
		if e, ok := it.TextEdit.(edit); ok {
			c.From, c.Insert = utf16Len(line[:pl.from+e.from]), e.text
		}
		if it.FilterText != nil {
			c.Filter = *it.FilterText
		}
		out = append(out, c)
	}
	return out
}

func kindName(k *protocol.CompletionItemKind) string {
	switch {
	case k == nil:
		return ""
	case *k == protocol.CompletionItemKindFunction:
		return "function"
	case *k == protocol.CompletionItemKindVariable:
		return "variable"
	}
	return "key"
}

// Hover is what hovering shows at a cursor: Text (Markdown) about the
// line's text from From to To.
type Hover struct {
	Text string `json:"text"`
	From int    `json:"from"`
	To   int    `json:"to"`
}

// HoverAt is the hover at offset at of line, with sample the data (nil
// without): a function's description, a path's value in the sample; false
// where `kinenix lsp` shows nothing.
func HoverAt(line string, at int, sample *scope.Scope) (Hover, bool) {
	if at < 0 || at > utf16Len(line) {
		return Hover{}, false
	}
	off := byteOfUTF16(line, at)
	pl, ok := placeAt(line, off)
	if !ok || !pl.closed {
		return Hover{}, false
	}
	text, from, to, ok := hoverText(pl.ph, off-pl.from, sample)
	if !ok {
		return Hover{}, false
	}
	return Hover{Text: text, From: utf16Len(line[:pl.from+from]), To: utf16Len(line[:pl.from+to])}, true
}
