package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// json decodes a JSON object (D36). encoding/json checks the text first
// (json.Valid, and on failure its SyntaxError for the position); the walk
// that builds the values then runs over text known to be valid JSON, so it
// only dispatches on the next byte. It exists because json.Decoder.Token
// costs about 300 ns a token (10 s for a 63 MiB list) and Decode cannot
// report duplicate keys; it finds duplicates, bounds the depth, sizes every
// list and dictionary exactly from a first counting pass and shares equal
// short scalars, so a list of zeros costs one interface word per item.
// Strings with escapes are read by json.Unmarshal.
func (d *decoder) json(b []byte) (map[string]any, error) {
	if len(bytes.TrimLeft(b, " \t\r\n")) == 0 {
		return map[string]any{}, nil
	}
	if !json.Valid(b) {
		err := json.Unmarshal(b, new(json.RawMessage))
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off := int(se.Offset)
			if off > 0 {
				off-- // Offset is just past the byte that failed
			}
			reason, off := jsonReason(b, off, se.Error())
			if d.jsonLines && strings.Contains(se.Error(), "after top-level value") {
				reason = "more text after the end of the JSON object; a line of JSON lines holds one object (a row): put each object on a line of its own"
			}
			return nil, d.errorf("line %d, column %d: not valid JSON: %s", d.lineBase+lineAt(b, off), columnAt(b, off), reason)
		}
		return nil, d.errorf("not valid JSON")
	}
	w := jsonWalker{d: d, b: b, counts: countJSON(b)}
	w.skip()
	if w.b[w.i] != '{' {
		return nil, d.errorf("the top level must be a mapping of names to values (a JSON object `{...}`)")
	}
	v, err := w.value(0)
	if err != nil {
		return nil, err
	}
	return v.(map[string]any), nil
}

// columnAt returns the column (from 1, in characters) of byte offset off
// of b on its line.
func columnAt(b []byte, off int) int {
	off = min(off, len(b))
	return utf8.RuneCount(b[bytes.LastIndexByte(b[:off], '\n')+1:off]) + 1
}

// jsonReason says in plain words what is wrong at byte offset off of the
// JSON text b, from encoding/json's message msg (D45: not the decoder's
// words), and where: off, or the start of the word or number that is
// wrong.
func jsonReason(b []byte, off int, msg string) (string, int) {
	at := ""
	if off < len(b) {
		r, _ := utf8.DecodeRune(b[off:])
		at = string(r)
	}
	before := bytes.TrimRight(b[:min(off, len(b))], " \t\r\n")
	switch {
	case strings.HasPrefix(msg, "unexpected end of JSON input"):
		return "the text ends before the JSON is complete; a closing `}`, `]` or `\"` is missing", off
	case (at == "}" || at == "]") && bytes.HasSuffix(before, []byte(",")):
		return "a comma before `" + at + "` (a trailing comma); remove it", off
	case at == "'":
		return "text in single quotes; JSON writes text in double quotes (\"...\")", off
	case strings.Contains(msg, "in literal true") || strings.Contains(msg, "in literal false") || strings.Contains(msg, "in literal null"):
		from, to := jsonToken(b, off, isLetter)
		return quoteKey(string(b[from:to])) + " is not a value: write true, false or null, or put text in double quotes", from
	case strings.Contains(msg, "numeric literal"):
		from, _ := jsonToken(b, off, isNumberByte)
		return quoteKey(string(b[from:off])) + " is not a complete number: write digits after its -, . or e (-1, 1.5, 1e3), or put text in double quotes", from
	case at >= "0" && at <= "9" && len(before) == off && off > 0 && b[off-1] == '0':
		// encoding/json ends a number at a leading 0 and stops at the
		// digit after it, saying a `,` is missing.
		from, to := jsonToken(b, off, isNumberByte)
		if k := from + strings.IndexByte(string(b[from:to]), '0'); k == off-1 && (k == from || b[k-1] == '-') {
			text := string(b[from:to])
			plain := strings.TrimLeft(strings.TrimPrefix(text, "-"), "0")
			if plain == "" || plain[0] == '.' {
				plain = "0" + plain
			}
			if text[0] == '-' {
				plain = "-" + plain
			}
			return quoteKey(text) + " is a number with a leading zero, which JSON does not write: write " + plain + ", or " + quoteKey(text) + " in double quotes to keep it as text", from
		}
	}
	for _, r := range jsonReasons {
		if strings.Contains(msg, r.fragment) {
			return r.reason, off
		}
	}
	if strings.Contains(msg, "looking for beginning of value") {
		return quoteKey(at) + " cannot start a value; text must be in double quotes", off
	}
	return "the JSON is not valid here", off
}

// jsonToken returns the bytes around offset off of b for which in holds:
// the word or number that off is in or just after.
func jsonToken(b []byte, off int, in func(byte) bool) (from, to int) {
	from, to = min(off, len(b)), min(off, len(b))
	for from > 0 && in(b[from-1]) {
		from--
	}
	for to < len(b) && in(b[to]) {
		to++
	}
	return from, to
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == '+' || c == '.' || c == 'e' || c == 'E'
}

// jsonReasons are fragments of encoding/json's messages with what each
// means in plain words; the first that msg contains gives the reason.
var jsonReasons = []struct{ fragment, reason string }{
	{"exceeded max depth", "the data nests lists and dictionaries more than " + strconv.Itoa(maxDepth) + " deep"},
	{"looking for beginning of object key string", "a key must be text in double quotes"},
	{"after object key:value pair", "a `,` or `}` is missing before this"},
	{"after object key", "a `:` is missing after the key"},
	{"after array element", "a `,` or `]` is missing before this"},
	{"after top-level value", "more text after the end of the JSON object; a file holds one object"},
	{"in string literal", "a control character (a tab or line break) inside a text in quotes; write it as \\t or \\n"},
	{"in string escape code", "a backslash escape JSON does not know; write a backslash as \\\\"},
	{"in \\u hexadecimal character escape", "a \\u escape takes four hexadecimal digits (\\u00e9); write a backslash as \\\\"},
}

// lineAt returns the line (from 1) of byte offset off of b.
func lineAt(b []byte, off int) int {
	if off > len(b) {
		off = len(b)
	}
	return bytes.Count(b[:off], []byte{'\n'}) + 1
}

// countJSON returns, for every object and array of valid JSON text in the
// order they open, the number of its entries or items.
func countJSON(b []byte) []int32 {
	var counts []int32
	var open []int // indexes into counts of the containers open now
	empty := false // the innermost container has no item yet
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case ' ', '\t', '\r', '\n', ':':
		case '{', '[':
			if empty {
				counts[open[len(open)-1]] = 1
				empty = false
			}
			open = append(open, len(counts))
			counts = append(counts, 0)
			empty = true
		case '}', ']':
			open = open[:len(open)-1]
			empty = false
		case ',':
			counts[open[len(open)-1]]++
		default:
			if empty {
				counts[open[len(open)-1]] = 1
				empty = false
			}
			if c == '"' {
				i = stringEnd(b, i)
			}
		}
	}
	return counts
}

// stringEnd returns the offset of the closing quote of the valid JSON
// string that opens at b[i].
func stringEnd(b []byte, i int) int {
	for i++; ; i++ {
		k := bytes.IndexAny(b[i:], "\"\\")
		i += k
		if b[i] == '"' {
			return i
		}
		i++ // skip the escaped byte
	}
}

type jsonWalker struct {
	d      *decoder
	b      []byte
	i      int
	counts []int32
	ci     int
}

func (w *jsonWalker) skip() {
	for w.i < len(w.b) {
		switch w.b[w.i] {
		case ' ', '\t', '\r', '\n':
			w.i++
		default:
			return
		}
	}
}

// value builds the value at w.i; the text is valid JSON.
func (w *jsonWalker) value(depth int) (any, error) {
	w.skip()
	if err := w.d.charge(1); err != nil {
		return nil, err
	}
	switch c := w.b[w.i]; c {
	case '{', '[':
		if depth >= maxDepth {
			return nil, w.d.tooDeep(w.d.lineBase + lineAt(w.b, w.i))
		}
		n := int(w.counts[w.ci])
		w.ci++
		w.i++
		cost := listCost
		if c == '{' {
			cost = mapCost(n)
		}
		if err := w.d.charge(cost); err != nil {
			return nil, err
		}
		if c == '[' {
			var rows rowsOrList
			for k := range n {
				if k > 0 {
					w.skip()
					w.i++ // ','
				}
				v, err := w.value(depth + 1)
				if err != nil {
					return nil, err
				}
				w.d.reuse(rows.add(v, n))
			}
			w.skip()
			w.i++ // ']'
			return rows.value(), nil
		}
		m := w.d.newMap(n)
		for k := 0; k < n; k++ {
			w.skip()
			if k > 0 {
				w.i++ // ','
				w.skip()
			}
			if err := w.d.charge(1); err != nil {
				return nil, err
			}
			at := w.i
			kv, err := w.str()
			if err != nil {
				return nil, err
			}
			key := kv.(string)
			w.skip()
			w.i++ // ':'
			v, err := w.value(depth + 1)
			if err != nil {
				return nil, err
			}
			if _, dup := m[key]; dup {
				return nil, w.d.duplicateKey(w.d.lineBase+lineAt(w.b, at), key, 0)
			}
			m[key] = v
		}
		w.skip()
		w.i++ // '}'
		return m, nil
	case '"':
		return w.str()
	case 't':
		w.i += len("true")
		return true, nil
	case 'f':
		w.i += len("false")
		return false, nil
	case 'n':
		w.i += len("null")
		return nil, nil
	}
	start := w.i
	for w.i < len(w.b) {
		switch w.b[w.i] {
		case ',', ']', '}', ' ', '\t', '\r', '\n':
			return w.d.sharedBytes(w.b[start:w.i], "", true), nil
		}
		w.i++
	}
	return w.d.sharedBytes(w.b[start:], "", true), nil
}

// str reads the string at w.i, shared (see decoder.shared). A \u escape
// of half a surrogate pair is an error: encoding/json would replace it
// with U+FFFD, and D36 replaces nothing silently.
func (w *jsonWalker) str() (any, error) {
	at := w.i
	end := stringEnd(w.b, w.i)
	raw := w.b[w.i : end+1]
	w.i = end + 1
	if bytes.IndexByte(raw, '\\') < 0 {
		return w.d.sharedBytes(raw[1:len(raw)-1], "", false), nil
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		// Valid JSON text always unquotes; keep the text as written.
		s = string(raw[1 : len(raw)-1])
	}
	if strings.ContainsRune(s, utf8.RuneError) && replaced(raw, s) {
		return nil, w.d.errorf("line %d: a \\u escape in a text is half of a surrogate pair, not a character", w.d.lineBase+lineAt(w.b, at))
	}
	return w.d.shared(s, false), nil
}

// replaced reports whether unquoting raw into s made a U+FFFD that raw
// does not write, as the character or as \ufffd.
func replaced(raw []byte, s string) bool {
	written := bytes.Count(raw, []byte(string(utf8.RuneError))) + bytes.Count(bytes.ToLower(raw), []byte(`\ufffd`))
	return strings.Count(s, string(utf8.RuneError)) > written
}
