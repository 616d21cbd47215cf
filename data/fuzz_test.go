package data

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kinenix/expressions/value"
)

// FuzzDecode checks D36 on any input: Decode never panics, a file that
// decodes built no more values than its size allows, every value is plain
// host data, and every error is one line of valid UTF-8 that names the
// file and no Go type.
func FuzzDecode(f *testing.F) {
	for _, seed := range []string{
		`{"a": 1, "b": [true, null, "x\u00e9"], "c": {"d": -0.5e3}}`,
		"\xef\xbb\xbf{\"a\": 1}",
		"a: &a [1, 2]\nb: [*a, *a]\nc: {<<: {x: 1}, y: 2}\n",
		bomb(3),
		"zip: 01234\nphone: +66812345678\nn: !!null ~\ns: !!str 12\n",
		"a: 1\n---\nb: 2\n",
		"policy,name\n0042,\"Smith, J\"\n",
		"a,b\n1,2,3\n",
		"x: [[[[[]]]]]\n",
		// Records enough for a table (minTable), in JSON and YAML.
		`{"x":[` + strings.Repeat(`{"a":1,"b":"x"},`, minTable) + `{"a":2,"b":null}]}`,
		"x:\n" + strings.Repeat("- {a: 1, b: x}\n", minTable) + "- a: 2\n  b: [y]\n",
	} {
		for _, name := range []string{"f.json", "f.yaml", "f.csv", ""} {
			f.Add(name, []byte(seed))
		}
	}
	f.Fuzz(func(t *testing.T, name string, b []byte) {
		if formatOf(name) == fmtXLSX {
			name += ".txt" // FuzzXLSX builds workbooks; random bytes are rarely a zip archive
		}
		d := newDecoder(name, len(b))
		data, err := d.decode(b, nil)
		if err != nil {
			msg := err.Error()
			if !utf8.ValidString(msg) || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("message not one valid line: %q", msg)
			}
			reason, named := strings.CutPrefix(msg, "data in "+d.label()+": ")
			if !named {
				t.Fatalf("message does not name the file: %q", msg)
			}
			for _, goName := range []string{"interface {", "map[", "[]any", "*yaml", "json.", "reflect", "%!"} {
				if strings.Contains(reason, goName) && !strings.Contains(name+string(b), goName) {
					t.Fatalf("message names Go: %q", msg)
				}
			}
			return
		}
		if d.built > d.limit {
			t.Fatalf("built %d values for %d bytes (limit %d)", d.built, len(b), d.limit)
		}
		w := walker{seen: map[uintptr]bool{}}
		w.walk(t, data.Vars(), 0)
		if w.n > d.built+3 { // the variables map, and a sheet's rows and row
			t.Fatalf("walked %d distinct values, built %d", w.n, d.built)
		}
	})
}

// walker visits each distinct value once (a shared list or dictionary is
// visited at its first place) and checks it is plain host data.
type walker struct {
	seen map[uintptr]bool
	n    int
}

func (w *walker) walk(t *testing.T, v any, depth int) {
	if depth > maxDepth+1 {
		t.Fatalf("nested deeper than %d", maxDepth)
	}
	w.n++
	switch x := v.(type) {
	case nil, bool:
	case string:
		if !utf8.ValidString(x) {
			t.Fatalf("invalid UTF-8 in a value: %q", x)
		}
	case json.Number:
		if !json.Valid([]byte(x)) {
			t.Fatalf("a json.Number that is not JSON: %q", x)
		}
	case []any:
		if len(x) == 0 || w.visited(reflect.ValueOf(x).Pointer()) {
			return
		}
		for _, c := range x {
			w.walk(t, c, depth+1)
		}
	case map[string]any:
		if w.visited(reflect.ValueOf(x).Pointer()) {
			return
		}
		for k, c := range x {
			if !utf8.ValidString(k) {
				t.Fatalf("invalid UTF-8 in a key: %q", k)
			}
			w.walk(t, c, depth+1)
		}
	case *value.Table: // a sheet's rows: each row's keys and values
		for i := range x.Len() {
			w.walk(t, x.Row(i), depth+1)
		}
	default:
		t.Fatalf("not plain host data: %T", v)
	}
}

func (w *walker) visited(p uintptr) bool {
	if w.seen[p] {
		return true
	}
	w.seen[p] = true
	return false
}
