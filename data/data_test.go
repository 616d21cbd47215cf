package data

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/value"
)

// decodeCounted is Decode that also returns how many values it built.
func decodeCounted(name string, b []byte, opts ...Option) (*Data, int, error) {
	d := newDecoder(name, len(b))
	v, err := d.decode(b, opts)
	return v, d.built, err
}

// plain is v with every value.Table in it turned into the []any of maps
// it stands for, to compare with data read as maps.
func plain[T any](v T) T {
	var walk func(x any) any
	walk = func(x any) any {
		switch x := x.(type) {
		case *value.Table:
			return walk(appendMaps([]any{}, x))
		case []any:
			out := make([]any, len(x))
			for i, c := range x {
				out[i] = walk(c)
			}
			return out
		case map[string]any:
			out := make(map[string]any, len(x))
			for k, c := range x {
				out[k] = walk(c)
			}
			return out
		}
		return x
	}
	return walk(v).(T)
}

// rowsOf is the rows of a sheet, each a map (Data.Row).
func rowsOf(d *Data) []any {
	rows := []any{}
	for i := range d.Len() {
		rows = append(rows, d.Row(i))
	}
	return rows
}

func mustVars(t *testing.T, name, src string) map[string]any {
	t.Helper()
	d, err := Decode(name, []byte(src))
	require.NoError(t, err)
	return d.Vars()
}

// bomb is the alias bomb of issue #10 point 1: nine "lol", then levels
// lists of nine aliases each to the one before.
func bomb(levels int) string {
	var b strings.Builder
	b.WriteString(`a0: &a0 [` + strings.TrimSuffix(strings.Repeat(`"lol",`, 9), ",") + "]\n")
	for i := 1; i <= levels; i++ {
		alias := fmt.Sprintf("*a%d,", i-1)
		fmt.Fprintf(&b, "a%d: &a%d [%s]\n", i, i, strings.TrimSuffix(strings.Repeat(alias, 9), ","))
	}
	b.WriteString("x: 1\n")
	return b.String()
}

// D36, #10 point 1: an alias is shared, never copied, so the 437-byte and
// 391-byte bombs build a few values per byte instead of 9^9 strings.
func TestAliasBomb(t *testing.T) {
	for _, tc := range []struct {
		levels, size int
	}{{8, 437}, {7, 391}} {
		src := bomb(tc.levels)
		require.Len(t, src, tc.size)
		d, built, err := decodeCounted("bomb.yaml", []byte(src))
		require.NoError(t, err)
		require.LessOrEqual(t, built, len(src), "values built for %d bytes", len(src))
		vars := d.Vars()
		require.Equal(t, json.Number("1"), vars["x"])
		top := vars[fmt.Sprintf("a%d", tc.levels)].([]any)
		require.Len(t, top, 9)
		below := vars[fmt.Sprintf("a%d", tc.levels-1)].([]any)
		for _, item := range top {
			require.Same(t, &below[0], &item.([]any)[0], "each alias is the same list, not a copy")
		}
	}
}

// D36, #10 point 2 (its file): 20,000 aliases to one 1 MiB dictionary build
// one dictionary and 20,000 references to it.
func TestManyAliasesToOneDictionary(t *testing.T) {
	var b strings.Builder
	b.WriteString("d: &d {")
	for i := range 1040 {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "k%d: %s", i, strings.Repeat("v", 1000))
	}
	b.WriteString("}\nrefs: [" + strings.TrimSuffix(strings.Repeat("*d,", 20000), ",") + "]\n")
	src := b.String()
	d, built, err := decodeCounted("refs.yaml", []byte(src))
	require.NoError(t, err)
	require.Less(t, built, 2*1040+mapCost(1040)+20000+100, "one dictionary and 20,000 references")
	refs := d.Vars()["refs"].([]any)
	require.Len(t, refs, 20000)
	first := refs[0].(map[string]any)
	last := refs[19999].(map[string]any)
	first["probe"] = true // the same map: a change through one is seen through the other
	require.Equal(t, true, last["probe"])
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// D36, #10 point 5, smaller: a list of zeros builds one value per item and
// the items share one number; JSON allocates less than ten times the file
// (the list itself is 16 bytes an item for 2 bytes of text).
func TestBigListBounded(t *testing.T) {
	const items = 1 << 18
	list := strings.TrimSuffix(strings.Repeat("0,", items), ",")
	for _, tc := range []struct{ name, src string }{
		{"big.json", `{"x":[` + list + `]}`},
		{"big.yaml", "x: [" + list + "]\n"},
		{"big-block.yaml", "x:\n" + strings.Repeat("- 0\n", items)},
	} {
		d, built, err := decodeCounted(tc.name, []byte(tc.src))
		require.NoError(t, err, tc.name)
		require.LessOrEqual(t, built, items+32, tc.name)
		x := d.Vars()["x"].([]any)
		require.Len(t, x, items)
		require.Equal(t, items, cap(x), "%s: the list is sized exactly", tc.name)
		require.Equal(t, json.Number("0"), x[items-1])
	}
	src := []byte(`{"x":[` + list + `]}`)
	n := allocated(func() {
		_, err := Decode("big.json", src)
		require.NoError(t, err)
	})
	require.Less(t, n, uint64(10*len(src)), "JSON: bytes allocated for a %d-byte file", len(src))
}

// D36: what a file builds is bounded by its size; merge keys that repeat a
// big mapping are refused once past the limit.
func TestMergeBombRefused(t *testing.T) {
	var b strings.Builder
	b.WriteString("base: &b {")
	for i := range 1000 {
		fmt.Fprintf(&b, "k%d: 1, ", i)
	}
	b.WriteString("z: 1}\n")
	for i := range 3000 {
		fmt.Fprintf(&b, "m%d: {<<: *b}\n", i)
	}
	src := b.String()
	_, built, err := decodeCounted("merge.yaml", []byte(src))
	require.Error(t, err)
	require.Contains(t, err.Error(), "data in merge.yaml: the data would take more than 64 MiB of memory, too much for a file of its size")
	// at most the charge of the one merge that passes it: the slots a
	// mapping of 1 entry grows by to hold 1,002
	require.LessOrEqual(t, built, valueLimit(len(src))+mapCost(1002)-mapCost(1), "refused before the merge that passes the limit")
}

// D36, #10 point 7: the loader never changes a value silently.
func TestScalarsKeepTheirText(t *testing.T) {
	vars := mustVars(t, "d.yaml", `
zip: 01234
phone: +66812345678
amount: 1000
half: 0.5
neg: -12.50
zero: 0
minus_zero: -0
exp: 1e3
hex: 0x10
under: 1_000
dot: .5
trail: 5.
inf: .inf
date: 2026-01-15
quoted_num: "12"
single: '007'
yes: yes
t: true
f: false
T: TRUE
n1: null
n2: ~
n3:
text: Paid
spaced: "  12 "
tagged_str: !!str 12
tagged_int: !!int 12
tagged_null: !!null ~
tagged_bool: !!bool false
block: |
  12
`)
	for k, want := range map[string]any{
		"zip": "01234", "phone": "+66812345678", "amount": json.Number("1000"),
		"half": json.Number("0.5"), "neg": json.Number("-12.50"), "zero": json.Number("0"),
		"minus_zero": json.Number("-0"), "exp": "1e3", "hex": "0x10", "under": "1_000",
		"dot": ".5", "trail": "5.", "inf": ".inf", "date": "2026-01-15",
		"quoted_num": "12", "single": "007", "yes": "yes", "t": true, "f": false, "T": true,
		"n1": nil, "n2": nil, "n3": nil, "text": "Paid", "spaced": "  12 ",
		"tagged_str": "12", "tagged_int": json.Number("12"), "tagged_null": nil,
		"tagged_bool": false, "block": "12\n",
	} {
		require.Contains(t, vars, k)
		require.Equal(t, want, vars[k], k)
	}
}

// D36: JSON numbers stay exact json.Number, in any form JSON allows.
func TestJSONValues(t *testing.T) {
	vars := mustVars(t, "d.json", `{"a": 1e3, "b": -0.10, "c": "01234", "d": [true, false, null, {}],
	 "e": "esc\u00e9\n\"q\"", "big": 123456789012345678901234567890, "k": {"x": {"y": [[]]}}}`)
	require.Equal(t, json.Number("1e3"), vars["a"])
	require.Equal(t, json.Number("-0.10"), vars["b"])
	require.Equal(t, "01234", vars["c"])
	require.Equal(t, []any{true, false, nil, map[string]any{}}, vars["d"])
	require.Equal(t, "escé\n\"q\"", vars["e"])
	require.Equal(t, "\ufffd \ufffd \U0001F600", mustVars(t, "r.json", `{"r": "\ufffd � \ud83d\ude00"}`)["r"], "a U+FFFD written is kept")
	require.Equal(t, json.Number("123456789012345678901234567890"), vars["big"])
	require.Equal(t, map[string]any{"x": map[string]any{"y": []any{[]any{}}}}, vars["k"])
}

// D36: merge keys are applied as YAML 1.1 does: explicit keys win, and in a
// list an earlier mapping wins over a later one.
func TestMergeKeys(t *testing.T) {
	vars := mustVars(t, "m.yaml", `
base: &base {status: new, amount: 1, country: TH}
more: &more {amount: 2, channel: web, country: JP}
one:
  <<: *base
  amount: 5
two:
  amount: 7
  <<: [*more, *base]
inline:
  <<: {a: 1}
  b: 2
quoted:
  "<<": kept
`)
	require.Equal(t, map[string]any{"status": "new", "amount": json.Number("5"), "country": "TH"}, vars["one"])
	require.Equal(t, map[string]any{"status": "new", "amount": json.Number("7"), "channel": "web", "country": "JP"}, vars["two"])
	require.Equal(t, map[string]any{"a": json.Number("1"), "b": json.Number("2")}, vars["inline"])
	require.Equal(t, map[string]any{"<<": "kept"}, vars["quoted"])
	require.Equal(t, map[string]any{"status": "new", "amount": json.Number("1"), "country": "TH"}, vars["base"], "a merge never changes its source")
}

// D36: every error names the file, the place and the reason in plain words.
func TestDecodeErrors(t *testing.T) {
	deep := strings.Repeat("[", maxDepth+1) + strings.Repeat("]", maxDepth+1)
	for _, tc := range []struct {
		name, src, want string
	}{
		// #10 point 7: duplicate keys, with their line.
		{"d.yaml", "amount: 1\namount: 1000000\n", `data in d.yaml: line 2: the key "amount" is given twice in one mapping (first on line 1)`},
		{"d.yaml", "a:\n  b: 1\n  c: 2\n  b: 3\n", `data in d.yaml: line 4: the key "b" is given twice in one mapping (first on line 2)`},
		{"d.yaml", "1: a\n\"1\": b\n", `data in d.yaml: line 2: the key "1" is given twice`},
		{"d.json", "{\"amount\": 1,\n\n\"amount\": 1000000}", `data in d.json: line 3: the key "amount" is given twice in one mapping`},
		{"d.json", `{"a": {"b": 1, "b": 2}}`, `data in d.json: line 1: the key "b" is given twice`},
		{"d.yaml", "a: {<<: {x: 1}, <<: {y: 2}}\n", `line 1: the merge key << is given twice in one mapping`},
		// #10 point 7: a second document.
		{"d.yaml", "a: 1\n---\nb: 2\n", `data in d.yaml: line 2: a second YAML document starts here; a data file holds one document`},
		// #10 point 7: tags never change a value silently.
		{"d.yaml", "x: !!null hello\n", `data in d.yaml: line 1: !!null "hello" does not hold an empty value (null, ~ or nothing); remove the tag to keep the text as written`},
		{"d.yaml", "x: !!int 01234\n", `line 1: !!int "01234" does not hold a plain number`},
		{"d.yaml", "x: !!bool yes\n", `line 1: !!bool "yes" does not hold true or false`},
		{"d.yaml", "x: !!binary aGk=\n", `line 1: the tag !!binary is not supported; remove it`},
		{"d.yaml", "x: !custom 1\n", `line 1: the tag !custom is not supported`},
		{"d.yaml", "x: !!set {a, b}\n", `line 1: the tag !!set is not supported here`},
		// #10 point 7: invalid UTF-8, with its offset (counted in the whole file, BOM too).
		{"d.json", "{\"a\": \"\xff\"}", `data in d.json: line 1, byte offset 7: the text is not valid UTF-8 (data files must be UTF-8)`},
		{"d.yaml", "\xef\xbb\xbfa: 1\nb: \xc3\x28\n", `data in d.yaml: line 2, byte offset 11: the text is not valid UTF-8`},
		{"d.csv", "a\n\xe0\x80\n", `data in d.csv: line 2, byte offset 2: the text is not valid UTF-8`},
		// D36: nothing is replaced silently, not even through an escape.
		{"d.json", "{\"a\": \"ok\",\n \"b\": \"x\\ud800y\"}", `data in d.json: line 2: a \u escape in a text is half of a surrogate pair, not a character`},
		// The top level must be a mapping.
		{"d.json", `[1, 2]`, `data in d.json: the top level must be a mapping of names to values (a JSON object`},
		{"d.yaml", "- a\n- b\n", `data in d.yaml: line 1: the top level must be a mapping of names to values (` + "`name: value`" + ` lines), not a list`},
		{"d.yaml", "hello\n", `not a single value`},
		{"", "[1]", `data in the data: line 1: the top level must be a mapping`},
		// Syntax.
		{"d.json", "{\"a\": 1,\n}", "data in d.json: line 2, column 1: not valid JSON: a comma before `}` (a trailing comma); remove it"},
		{"d.json", `{"a": `, `data in d.json: line 1, column 6: not valid JSON: the text ends before the JSON is complete`},
		{"d.json", `{"a": 1} {"b": 2}`, `line 1, column 10: not valid JSON: more text after the end of the JSON object`},
		{"d.yaml", "a: [1\n", "data in d.yaml: line 1, column 4: not valid YAML: the list [ opened here is not closed with ]"},
		{"d.yaml", "a: *nope\n", `line 1, column 4: not valid YAML: the alias *nope names no anchor &nope above it`},
		{"d.json", "{'a': 1}", `data in d.json: line 1, column 2: not valid JSON: text in single quotes; JSON writes text in double quotes`},
		{"d.json", "{\"a\": 1 \"b\": 2}", "data in d.json: line 1, column 9: not valid JSON: a `,` or `}` is missing before this"},
		{"d.json", "{\"ก\": x}", `data in d.json: line 1, column 7: not valid JSON: "x" cannot start a value; text must be in double quotes`},
		// D45: a word or a number JSON does not read is named, at its start.
		{"d.json", "{\"a\": tru}", `data in d.json: line 1, column 7: not valid JSON: "tru" is not a value: write true, false or null, or put text in double quotes`},
		{"d.json", "{\"a\": nul, \"b\": 1}", `data in d.json: line 1, column 7: not valid JSON: "nul" is not a value: write true, false or null`},
		{"d.json", "{\"a\": -}", `data in d.json: line 1, column 7: not valid JSON: "-" is not a complete number: write digits after its -, . or e (-1, 1.5, 1e3), or put text in double quotes`},
		{"d.json", "{\"a\":\n 1.}", `data in d.json: line 2, column 2: not valid JSON: "1." is not a complete number`},
		{"d.json", "{\"a\": [1e]}", `data in d.json: line 1, column 8: not valid JSON: "1e" is not a complete number`},
		{"d.json", "{\"a\": 01}", `data in d.json: line 1, column 7: not valid JSON: "01" is a number with a leading zero, which JSON does not write: write 1, or "01" in double quotes to keep it as text`},
		{"d.json", "{\"a\": [-007, 1]}", `data in d.json: line 1, column 8: not valid JSON: "-007" is a number with a leading zero, which JSON does not write: write -7, or "-007" in double quotes`},
		{"d.yaml", "a:\n\t- b\n", `data in d.yaml: line 2, column 1: not valid YAML: a character that cannot start a value here: indent with spaces, not tabs`},
		// A word, a number or an escape cut short is told with its fix,
		// not "the JSON is not valid here".
		{"d.json", `{"a": tRue}`, `line 1, column 7: not valid JSON: "tRue" is not a value: write true, false or null`},
		{"d.json", `{"a": 1e+}`, `line 1, column 7: not valid JSON: "1e+" is not a complete number`},
		{"d.json", `{"a": "\u12"}`, "line 1, column 12: not valid JSON: a \\u escape takes four hexadecimal digits (\\u00e9); write a backslash as \\\\"},
		// Shape and bounds.
		{"d.yaml", "a: &a [1, *a]\n", `data in d.yaml: line 1: the alias *a is inside the value it names`},
		{"d.yaml", "? [a]\n: 1\n", `line 1: a key must be text, not a list`},
		// An alias as a key is told at the key's line, not its anchor's.
		{"d.yaml", "k: &k {a: 1}\nb: 1\n*k : 2\n", `data in d.yaml: line 3: a key must be text, not a mapping`},
		{"d.yaml", "a:\n  <<: 1\n", `line 2: a merge key << takes a mapping or a list of mappings`},
		{"d.json", `{"x":` + deep + `}`, fmt.Sprintf(`line 1: the data nests lists and dictionaries more than %d deep`, maxDepth)},
		{"d.yaml", "x: " + deep + "\n", fmt.Sprintf(`line 1: the data nests lists and dictionaries more than %d deep`, maxDepth)},
	} {
		_, err := Decode(tc.name, []byte(tc.src))
		require.Error(t, err, "%s: %q", tc.name, tc.src)
		require.Contains(t, err.Error(), tc.want, "%q", tc.src)
		require.NotContains(t, err.Error(), "interface", tc.src)
		require.NotContains(t, err.Error(), "map[", tc.src)
		require.NotContains(t, err.Error(), "*yaml", tc.src)
	}
}

// D36, #10 point 7: a byte-order mark is skipped before the format is
// chosen, so BOM-prefixed JSON is JSON (1e3 a number, not text).
func TestFormatChoice(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      any
	}{
		{"", "\xef\xbb\xbf{\"n\": 1e3}", json.Number("1e3")},
		{"data.txt", "  \n\t{\"n\": 1e3}", json.Number("1e3")},
		{"", "n: 1e3\n", "1e3"},
		{"d.JSON", "\xef\xbb\xbf{\"n\": 2}", json.Number("2")},
		{"d.yml", "\xef\xbb\xbfn: 01\n", "01"},
		{"d.yaml", `{"n": 1e3}`, "1e3"}, // the extension decides: YAML reads 1e3 as text
	} {
		vars := mustVars(t, tc.name, tc.src)
		require.Equal(t, tc.want, vars["n"], "%s %q", tc.name, tc.src)
	}
	for _, src := range []string{"", "  \n", "# only a comment\n", "\xef\xbb\xbf", "---\n"} {
		for _, name := range []string{"e.json", "e.yaml", ""} {
			if name == "e.json" && strings.Contains(src, "#") || name == "e.json" && strings.Contains(src, "-") {
				continue
			}
			require.Empty(t, mustVars(t, name, src), "%s %q", name, src)
		}
	}
}

// #12: a sheet gives rows and row; RowVars picks a row, negative from the
// end (D11), out of range an error with the count.
func TestRowVars(t *testing.T) {
	d, err := Decode("s.csv", []byte("a,b\n1,x\n2,y\n3,z\n"))
	require.NoError(t, err)
	require.True(t, d.IsSheet())
	require.Equal(t, 3, d.Len())
	rows := rowsOf(d)
	require.Equal(t, rows[0], d.Vars()["row"])
	for i, want := range map[int]string{0: "x", 2: "z", -1: "z", -3: "x"} {
		v, err := d.RowVars(i)
		require.NoError(t, err)
		require.Equal(t, want, v["row"].(map[string]any)["b"], "row %d", i)
		require.Equal(t, d.Vars()["rows"], v["rows"])
	}
	for _, i := range []int{3, -4, 100} {
		_, err := d.RowVars(i)
		require.EqualError(t, err, fmt.Sprintf("row %d is out of range: the sheet in s.csv has 3 rows", i))
	}

	empty, err := Decode("e.csv", []byte("a,b\n"))
	require.NoError(t, err)
	require.Equal(t, 0, empty.Len())
	require.Equal(t, map[string]any{"rows": []any{}}, empty.Vars(), "no row when there are no rows")
	_, err = empty.RowVars(0)
	require.EqualError(t, err, "row 0 is out of range: the sheet in e.csv has 0 rows")

	j, err := Decode("j.json", []byte(`{"a": 1}`))
	require.NoError(t, err)
	require.False(t, j.IsSheet())
	require.Equal(t, 0, j.Len())
	_, err = j.RowVars(0)
	require.EqualError(t, err, "row 0: the data in j.json is not a sheet (CSV, XLSX or JSON lines), so it has no rows")
}

// #12: CSV is RFC 4180 (encoding/csv), UTF-8 with or without a BOM, the
// first row the header; cells follow the one scalar rule of D36.
func TestCSV(t *testing.T) {
	src := "\xef\xbb\xbfpolicy_no,customer,zip,phone,premium,paid,note\r\n" +
		"0042,\"Johnson, Johnson & Co\",01234,+66812345678,1250.50,true,\"two\nlines, \"\"quoted\"\"\"\r\n" +
		"\r\n" + // a blank line is skipped
		",,,,,,\r\n" + // a row of empty cells too
		"0043,Anna,10110,0812345678,980,FALSE,\r\n" +
		"0044,Short\r\n" // a short row: the missing cells are empty
	d, err := Decode("r.csv", []byte(src))
	require.NoError(t, err)
	require.Equal(t, 3, d.Len())
	rows := rowsOf(d)
	require.Equal(t, map[string]any{
		"policy_no": "0042", "customer": "Johnson, Johnson & Co", "zip": "01234", "phone": "+66812345678",
		"premium": json.Number("1250.50"), "paid": true, "note": "two\nlines, \"quoted\"",
	}, rows[0])
	require.Equal(t, map[string]any{
		"policy_no": "0043", "customer": "Anna", "zip": json.Number("10110"), "phone": "0812345678",
		"premium": json.Number("980"), "paid": false, "note": nil,
	}, rows[1])
	require.Equal(t, map[string]any{
		"policy_no": "0044", "customer": "Short", "zip": nil, "phone": nil, "premium": nil, "paid": nil, "note": nil,
	}, rows[2])

	// Extra empty cells past the header (a trailing comma) are ignored;
	// blank rows before the header too.
	d, err = Decode("t.csv", []byte(",,\n a , b \n1,2,,\n"))
	require.NoError(t, err)
	require.Equal(t, map[string]any{"a": json.Number("1"), "b": json.Number("2")}, d.Vars()["row"], "header names are trimmed")

	for _, tc := range []struct{ src, want string }{
		{"a,,c\n1,2,3\n", `data in s.csv: line 1, column 2: the header (the first row) has an empty column name`},
		{"a,b,a\n", `data in s.csv: line 1, column 3: the column name "a" is given twice in the header (first line 1, column 1)`},
		{"a,b\n1,2\n3,4,5\n", `data in s.csv: line 3, column 3: "5" is in a column with no header name`},
		// the header is not on the first line: the advice names the header
		{"\n\na,b\n1,2,3\n", `data in s.csv: line 4, column 3: "3" is in a column with no header name; give the column a name in the header (line 3) or remove the value`},
		// a title above the table was read as the header (D49: the fix that works)
		{"Payroll November\n\nid,name\n1,Som\n", `data in s.csv: line 3, column 2: "name" is in a column with no header name; give the column a name in the header (line 1) or remove the value; if line 1 ("Payroll November") is a title above the table, delete it: the first line that is not blank is read as the header`},
		// an empty name in a header below line 1 names its line, not "the first row"
		{"\n,,\na,,c\n1,2,3\n", `data in s.csv: line 3, column 2: the header (line 3, the first line that is not blank) has an empty column name; every column needs a name`},
		{"a,b\n1,x\"y\n", `data in s.csv: line 2: not valid CSV: a " inside a field that does not start with "`},
		{"a,b\n1,\"open\n", `data in s.csv: line 2: not valid CSV: a quoted field has text after its closing ", or is never closed`},
		// D41: line breaks inside quoted cells make the file's line and the
		// sheet's row two numbers; both are named
		{"a,b\n\"x\ny\",1\n\"p\",2,3\n", `data in s.csv: line 4 (sheet row 3), column 3: "3" is in a column with no header name`},
		{"a,b\n\"x\ny\",\"1\n2\"\n3,4,5\n", `data in s.csv: line 5 (sheet row 3), column 3: "5" is in a column with no header name`},
		{"a,b\n\"x\ny\",1\n3,x\"y\n", `data in s.csv: line 4 (sheet row 3): not valid CSV: a " inside a field that does not start with "`},
		{"a,b\n\"x\ny\",1\n3,\"4\n5\n6,\"7\"z\n", `data in s.csv: line 4 (sheet row 3): not valid CSV: a quoted field in the row that starts here has text after its closing ", or is never closed (it runs on to line 6)`},
	} {
		_, err := Decode("s.csv", []byte(tc.src))
		require.Error(t, err, tc.src)
		require.Contains(t, err.Error(), tc.want, tc.src)
	}
}

// D36 for sheets: a header with many columns and rows with few cells
// cannot build more than the file's limit, nor can a one-column sheet of
// tiny cells (each row is a dictionary: about 300 bytes for 2 of text).
func TestCSVBounded(t *testing.T) {
	var b strings.Builder
	for i := range 2000 {
		fmt.Fprintf(&b, "c%d,", i)
	}
	header := strings.TrimSuffix(b.String(), ",")
	src := header + "\n" + strings.Repeat("x\n", 20000)
	_, built, err := decodeCounted("wide.csv", []byte(src))
	require.Error(t, err)
	require.Contains(t, err.Error(), "data in wide.csv: the data would take more than")
	require.LessOrEqual(t, built, valueLimit(len(src))+mapCost(2000)+1)

	narrow := "a\n" + strings.Repeat("0\n", 1<<20)
	_, built, err = decodeCounted("narrow.csv", []byte(narrow))
	require.Error(t, err)
	require.Contains(t, err.Error(), "data in narrow.csv: the data would take more than 96 MiB of memory")
	require.LessOrEqual(t, built, valueLimit(len(narrow))+mapCost(1)+1)

	// An ordinary sheet is far below the limit: 20,000 rows of five cells.
	var ok strings.Builder
	ok.WriteString("policy_no,customer,status,premium,renewal_date\n")
	for i := range 20000 {
		fmt.Fprintf(&ok, "P-%d,Customer %d,Due,%d.50,2026-01-15\n", i, i, i)
	}
	d, built, err := decodeCounted("ok.csv", []byte(ok.String()))
	require.NoError(t, err)
	require.Equal(t, 20000, d.Len())
	require.Less(t, built, ok.Len())
}

// D36: the one scalar rule, as every format uses it.
func TestScalarRule(t *testing.T) {
	d := newDecoder("", 0)
	for s, want := range map[string]any{
		"": nil, "~": nil, "null": nil, "NULL": nil, "Null": nil, "nil": "nil", "None": "None",
		"true": true, "True": true, "TRUE": true, "false": false, "FALSE": false, "yes": "yes", "on": "on",
		"0": json.Number("0"), "-0": json.Number("-0"), "12": json.Number("12"), "-12": json.Number("-12"),
		"0.5": json.Number("0.5"), "10.250": json.Number("10.250"), "-0.5": json.Number("-0.5"),
		"01234": "01234", "00": "00", "-01": "-01", "+1": "+1", "+66812345678": "+66812345678",
		".5": ".5", "5.": "5.", "1e3": "1e3", "1,200": "1,200", " 12": " 12", "12 ": "12 ", "0x10": "0x10",
		"-": "-", "1.2.3": "1.2.3", "١٢": "١٢", "NaN": "NaN",
	} {
		require.Equal(t, want, d.scalar(s), "%q", s)
	}
}

// D36: a YAML file up to MaxYAMLSize is read by yaml.v3 (every YAML
// construct); a larger one by the streaming reader, which refuses what is
// outside its subset and says so.
func TestYAMLSizeCap(t *testing.T) {
	small := []byte("a: &a [1]\nb: *a\n")
	_, err := Decode("small.yaml", small)
	require.NoError(t, err)
	big := append(bigYAML("x: [", "0,", "0]\n", MaxYAMLSize), small...)
	_, err = Decode("big.yaml", big)
	require.ErrorContains(t, err, "an anchor (&name) is not read in a YAML file over 4 MiB")
}

// D37: a tag or an anchor name from the file is echoed cut to 120
// characters and cleaned, in the loader's messages as elsewhere.
func TestLoaderEchoesAreCut(t *testing.T) {
	long := strings.Repeat("k", 300)
	for _, src := range []string{
		"x: !" + long + " 1\n",
		"x: *" + long + "\n",
		"x: !!int " + long + "\u202e\n",
	} {
		_, err := Decode("f.yaml", []byte(src))
		require.Error(t, err, src)
		msg := err.Error()
		require.Less(t, len(msg), 400, msg)
		require.Contains(t, msg, "…", msg)
		require.NotContains(t, msg, strings.Repeat("k", 121), msg)
		require.NotContains(t, msg, "\u202e", msg)
	}
}

// D45: a YAML error names its line and column in plain words, where the
// text went wrong, whichever reader found it (yaml.v3 names a line only,
// sometimes the one before; the stream reader reads again to place it).
func TestYAMLErrorPositions(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"a: 1\nb: [1, 2\nc: 3\n", "line 2, column 4: not valid YAML: a list in [ ] is not closed"},
		{"a: 1\n\nb:\n  c: [1,\n   2\nd: 1\n", "line 4, column 6: not valid YAML: a list in [ ] is not closed"},
		{"a: 1\nb: {c: 2\nd: 3\n", "line 2, column 4: not valid YAML: a mapping in { } is not closed"},
		{"a: 1\n  b: 2\n", "line 2, column 4: not valid YAML: a `:` inside a value"},
		{"a: 1\nb: x: y\n", "line 2, column 4: not valid YAML: a value holds `: `; quote it"},
		{"a:\n  b: 1\n c: 2\n", "line 3, column 2: not valid YAML: a line does not line up with the keys above it"},
		{"a:\n\tb: 1\n", "line 2, column 1: not valid YAML: a character that cannot start a value here"},
		{"a: [1\n", "line 1, column 4: not valid YAML: the list [ opened here is not closed with ]"},
		{"a: \"bad \\q\"\n", "line 1, column 4: not valid YAML: an escape `\\q` in double-quoted text that YAML does not know; write `\\\\` for a backslash, or use single quotes"},
		{"a: \"x", "line 1, column 4: not valid YAML: the quoted value that starts here with \" is not closed; end it with \""},
		{"a: 'x", "line 1, column 4: not valid YAML: the quoted value that starts here with ' is not closed; end it with '"},
		{"a:\n- 1\n-2\n", "line 3, column 1: not valid YAML: a `-` with no space after it; write `- 2` for a list item"},
		{"a: 1\n-b\n", "line 2, column 3: not valid YAML: expected `key: value`"}, // no list above: no list item to continue
		{"a: 1\r\nb: \"x", "line 2, column 4: not valid YAML: the quoted value that starts here with \" is not closed; end it with \""},
		{"a: &x 1\nb: x: y\n", "line 2, column 5: not valid YAML: a `:` inside a value"},
		{"a: 1\n\tb: 2\n", "line 2, column 1: not valid YAML: a tab in the indentation; indent with spaces"},
		{"a: &x [1\nb: *x\n", "line 1, column 7: not valid YAML: a list in [ ] is not closed"},
		{"a: [1, 2]]\n", "line 1, column 10: not valid YAML: unexpected text after a value"},
		{"x: @foo\n", "line 1, column 4: not valid YAML: a value cannot start with \"@\""},
		{"a: \"\\U80000000\"\n", "line 1, column 4: not valid YAML: the escape \\U80000000 is not a character"},
		{"a: &x 1\nb: \"\\U80000000\"\n", "line 2, column 1: not valid YAML: an escape \\u, \\U or \\x in quoted text names no character"},
		{"a: 1\nb:2\n", "line 2, column 4: not valid YAML: a `:` with no space after it; write `b: 2`"},
		{"a: &x 1\nb:2\n", "line 2, column 1: not valid YAML: a `:` with no space after it; write `b: 2`"},
		// A line at a list's indentation that is no `- ` item: that line,
		// not the list's first item, which yaml.v3 names.
		{"a:\n  - 1\n  b: 2\n", "line 3, column 3: not valid YAML: a line inside the list above it is not a `- ` item"},
		{"a:\n  - 1\n\n  # note\n  - 2\n  b: 2\n", "line 6, column 3: not valid YAML: a line inside the list above it is not a `- ` item"},
		{"a:\r\n  - 1\r\n  b: 2\r\n", "line 3, column 3: not valid YAML: a line inside the list above it is not a `- ` item"},
		{"- a\nb: 1\n", "line 2, column 1: not valid YAML: a line inside the list above it is not a `- ` item"},
	} {
		_, err := Decode("d.yaml", []byte(c.text))
		require.Error(t, err, "%q", c.text)
		require.Contains(t, err.Error(), "data in d.yaml: "+c.want, "%q", c.text)
	}
}

// D45: a data file is named for what it is when it is not what its name
// claims, through Decode and OpenRows alike: a workbook named as text, an
// old .xls workbook, text named .xlsx.
func TestFileIsNotWhatItClaims(t *testing.T) {
	wb, err := os.ReadFile("../examples/renewals.xlsx")
	require.NoError(t, err)
	for _, c := range []struct {
		name string
		b    []byte
		want string
	}{
		{"s.csv", wb, "data in s.csv: this is a workbook (a zip archive, as .xlsx files are), not CSV text; name it .xlsx"},
		{"s.json", wb, "not JSON text; name it .xlsx"},
		{"s.jsonl", wb, "not JSON lines text; name it .xlsx"},
		{"s.xlsx", []byte("id,amount\n1,2\n"), "data in s.xlsx: this is not an XLSX workbook but text that looks like CSV; name it .csv"},
		{"s.xlsx", []byte("\uFEFF{\"a\": 1}"), "text that looks like JSON; name it .json"},
		{"s.xlsx", []byte("name: not a workbook\n"), "data in s.xlsx: this is not an XLSX workbook but text; name it for what it holds (.csv, .json or .yaml)"},
		{"s.csv", []byte("\xD0\xCF\x11\xE0\xA1\xB1\x1A\xE1\x00\x00"), "data in s.csv: this is an Excel workbook in the old .xls format or encrypted, not CSV text; save it as an unprotected Excel Workbook (.xlsx) or as CSV UTF-8"},
		// Excel's "Unicode Text" and Notepad's "Unicode" are UTF-16: with
		// a byte-order mark, or without one, when a CSV would otherwise
		// read as columns of NULs.
		{"s.csv", utf16LE("\ufeffเลขที่\tชื่อ\r\nINV-1\tสมชาย\r\n"), `data in s.csv: this is UTF-16 text (a spreadsheet's "Unicode Text"), not UTF-8; save it as "CSV UTF-8" in the spreadsheet`},
		{"s.csv", utf16LE("a,b\n1,2\n"), `data in s.csv: this is UTF-16 text (a spreadsheet's "Unicode Text"), not UTF-8; save it as "CSV UTF-8"`},
		{"s.json", utf16LE("\ufeff{\"ชื่อ\": \"สมชาย\"}"), "data in s.json: this is UTF-16 text, not UTF-8 (data files must be UTF-8); save it as UTF-8"},
		{"s.jsonl", utf16LE("{\"a\": 1}\n"), "data in s.jsonl: this is UTF-16 text, not UTF-8"},
		{"s.yaml", utf16LE("\ufeffชื่อ: สมชาย\n"), "data in s.yaml: this is UTF-16 text, not UTF-8"},
	} {
		_, err := Decode(c.name, c.b)
		require.ErrorContains(t, err, c.want, c.name)
		if formatOf(c.name) == fmtJSON {
			continue // not a sheet: OpenRows refuses it by its name
		}
		_, err = OpenRows(c.name, bytes.NewReader(c.b), int64(len(c.b)))
		require.ErrorContains(t, err, c.want, c.name)
	}
	// What is what it claims reads as before.
	_, err = Decode("s.xlsx", wb)
	require.NoError(t, err)
	_, err = Decode("s.csv", []byte("a\n1\n"))
	require.NoError(t, err)
}

// D45: CSV text read without a name that says so (standard input, a
// file of no known extension) is named for what it is when it is not
// JSON or YAML, as a workbook read that way is; YAML that is only broken
// is told as YAML.
func TestCSVTextWithoutName(t *testing.T) {
	for _, c := range []struct{ text, sep string }{
		{"name,amount\nA,1\n", "','"},
		{"name,amount\n", "','"},
	} {
		for _, name := range []string{"standard input", "/dev/fd/63", "data"} {
			_, err := Decode(name, []byte(c.text))
			require.EqualError(t, err, "data in "+name+": this is text that looks like CSV (values separated by "+c.sep+"), not JSON or YAML; "+
				"save it as a file whose name ends in .csv, which is read as CSV", "%q", c.text)
		}
	}
	// R5, D49: with ';' or tabs, commas are asked for at once: a .csv file
	// with another separator is refused in turn (separator).
	for _, c := range []struct{ text, sep string }{
		{"\uFEFFname;amount\r\nA;1\r\n", "';'"},
		{"name\tamount\nA\t1\n", "tabs"},
	} {
		for _, name := range []string{"standard input", "/dev/fd/63", "data"} {
			_, err := Decode(name, []byte(c.text))
			require.EqualError(t, err, "data in "+name+": this is text that looks like CSV with its columns separated by "+c.sep+", not JSON or YAML; "+
				"save it as CSV with commas (in a spreadsheet: \"CSV UTF-8 (Comma delimited)\") in a file whose name ends in .csv, which is read as CSV", "%q", c.text)
			// followed as written: commas, in a .csv file, read
			fixed := strings.NewReplacer(";", ",", "\t", ",").Replace(c.text)
			_, err = Decode("s.csv", []byte(fixed))
			require.NoError(t, err, "%q", fixed)
		}
	}
	for _, text := range []string{"a: [1\n", "a: 1, b: 2\nc, d\n", "just text\n", "a,b\nc\n"} {
		_, err := Decode("standard input", []byte(text))
		require.Error(t, err)
		require.NotContains(t, err.Error(), "CSV", "%q", text)
	}
	// text that is YAML reads as YAML, commas and all
	vars := mustVars(t, "standard input", "a: 1, 2\nb: x,y\n")
	require.Equal(t, "1, 2", vars["a"])
}

// D49: the hint of a merge key given twice is YAML that works when followed:
// the two merges written as the hint says decode, each key from the first
// mapping that has it.
func TestTwoMergeKeysHintWorks(t *testing.T) {
	_, err := Decode("m.yaml", []byte("a: &a {x: 1}\nb: &b {x: 2, y: 3}\nc:\n  <<: *a\n  <<: *b\n"))
	require.Error(t, err)
	const hint = "merge a list instead: "
	msg := err.Error()
	i := strings.Index(msg, hint)
	require.GreaterOrEqual(t, i, 0, msg)
	fixed := strings.TrimSpace(msg[i+len(hint):])
	vars := mustVars(t, "m.yaml", "a: &a {x: 1}\nb: &b {x: 2, y: 3}\nc:\n  "+fixed+"\n")
	require.Equal(t, map[string]any{"x": json.Number("1"), "y": json.Number("3")}, vars["c"])
}

// D45: every YAML error names its line, the first line too (yaml.v3 names
// none there), whether or not the stream reader, which stops at an anchor,
// read the text first; the commonest of yaml.v3's messages are in plain
// words.
func TestYAMLErrorsAlwaysHaveALine(t *testing.T) {
	broken := []string{
		"b: &b x: y", "b: & x", "b: &b {p: q: 2}", "b: !e!foo 1", "b: \"x\\q\"",
		"b: [1, 2", "b: {p: 1", "b: \"open", "b: 'open", "b: *", "b: !<x 1",
		"b: @x", "b: `x", "b:\n\t- 1", "b: 1\n c: 2", "- a\nb: 1", "b: [1]]",
		"b: |0\n  x", "%YAML 1.1\n%YAML 1.1\n---\nb: 1", "b: '''", "%YAML 1.2\n---\nb: 1",
		"%FOO x\n---\nb: 1", "%TAG ! a:\n%TAG ! b:\n---\nb: 1", "b: >0\n  x",
	}
	raw := regexp.MustCompile(`did not find|found |could not find`)
	for _, text := range broken {
		for _, pre := range []string{"", "a: &x 1\n"} {
			src := pre + text + "\n"
			_, err := Decode("d.yaml", []byte(src))
			require.Error(t, err, "%q", src)
			require.Regexp(t, `^data in d\.yaml: line [0-9]+[:,]`, err.Error(), "%q", src)
			require.NotRegexp(t, raw, err.Error(), "%q", src)
		}
	}
	// A directive yaml.v3 does not read, said so, with the fix that,
	// followed, reads (D45, D49).
	for _, c := range []struct{ text, want, fixed string }{
		{"%YAML 1.2\n---\nb: 1\n", "line 1, column 1: not valid YAML: %YAML 1.2 is not read (only %YAML 1.1 is); remove the %YAML line", "---\nb: 1\n"},
		{"%FOO x\n---\nb: 1\n", "line 1, column 1: not valid YAML: a line that starts with % is a directive, and only %YAML and %TAG are known; remove it, or put a value that starts with % in quotes", "---\nb: 1\n"},
		{"b: |0\n  x\n", "line 1, column 4: not valid YAML: the digit after | or > (the indentation of the text below it) cannot be 0; write 1 to 9, or leave it out", "b: |\n  x\n"},
	} {
		_, err := Decode("d.yaml", []byte(c.text))
		require.EqualError(t, err, "data in d.yaml: "+c.want, "%q", c.text)
		_, err = Decode("d.yaml", []byte(c.fixed))
		require.NoError(t, err, c.fixed)
	}
	// The probe's three: the line and the column of the mistake.
	for _, c := range []struct{ text, want string }{
		{"b: &b x: y\n", "line 1, column 8: not valid YAML: a `:` inside a value"},
		{"b: & x\n", "line 1, column 1: not valid YAML: an anchor `&`, an alias `*` or a tag without a name after it"},
		{"b: &b {p: q: 2}\n", "line 1, column 7: not valid YAML: a mapping in { } is not closed"},
	} {
		_, err := Decode("d.yaml", []byte(c.text))
		require.ErrorContains(t, err, "data in d.yaml: "+c.want, "%q", c.text)
	}
}

// D49: the fix for a `:` with no space after it, followed, reads.
func TestYAMLNoSpaceAfterColonFixWorks(t *testing.T) {
	for _, pre := range []string{"a: 1\n", "a: &x 1\n"} {
		_, err := Decode("d.yaml", []byte(pre+"b:2\n"))
		require.ErrorContains(t, err, "write `b: 2`")
		vars := mustVars(t, "d.yaml", pre+"b: 2\n")
		require.Equal(t, json.Number("2"), vars["b"])
	}
}

// R12: JSON lines read as one JSON document (standard input, a .json
// file) say that they look like JSON lines and how to give them; saved as
// the message says, they read. One broken object is still told as JSON.
func TestJSONLinesReadAsJSON(t *testing.T) {
	text := "{\"id\":1,\"amount\":10}\n\n{\"id\":2,\"amount\":\"n/a\"}\r\n"
	for _, name := range []string{"standard input", "data", "d.json"} {
		_, err := Decode(name, []byte(text))
		require.EqualError(t, err, "data in "+name+": this looks like JSON lines (one JSON object per line), not one JSON object; "+
			"save it as a file whose name ends in .jsonl, which is read as JSON lines")
	}
	d, err := Decode("d.jsonl", []byte(text))
	require.NoError(t, err)
	require.NotNil(t, d)
	require.True(t, d.IsSheet(), "JSON lines are a sheet, as IsSheet says")
	require.Equal(t, 2, d.Len())
	for _, bad := range []string{"{\"a\":1}\n{\"a\":\n", "{\"a\":1} {\"a\":2}\n", "{\"a\":1}x\n"} {
		_, err := Decode("standard input", []byte(bad))
		require.Error(t, err)
		require.NotContains(t, err.Error(), "JSON lines", "%q", bad)
	}
}

// R11: a quoted value left open is told at its quote, not at the end of
// the text; a bracket left open is still told where it opens; a quote inside
// a value or a comment opens nothing.
func TestYAMLUnclosedQuoteAtItsLine(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"cases:\n  - template: \"x\n", `line 2, column 15: not valid YAML: the quoted value that starts here with " is not closed; end it with "`},
		{"a: it's # 'x\nb: 'y\nc: 1\nd: 2\n", `line 2, column 4: not valid YAML: the quoted value that starts here with ' is not closed; end it with '`},
		{"a: \"q \\\" r\nb: 1\n", `line 1, column 4: not valid YAML: the quoted value that starts here with " is not closed; end it with "`},
		{"a: [1, 2\n", "line 1, column 4: not valid YAML: the list [ opened here is not closed with ]"},
	} {
		_, err := Decode("d.yaml", []byte(c.text))
		require.Error(t, err, "%q", c.text)
		require.Contains(t, err.Error(), c.want, "%q", c.text)
	}
}

// Header names are trimmed by the one blank rule (value.TrimBlank): the
// zero-width space and U+FEFF a pasted or twice-saved header carries
// around a name are not part of it, in CSV and XLSX alike, so
// ${row.เลขที่} reads the column, and a name of nothing but them is the
// empty name it looks like.
func TestHeaderNamesTrimmedAsBlank(t *testing.T) {
	d, err := Decode("t.csv", []byte("\u200bเลขที่,ชื่อ\ufeff,\u00a0ยอด\u3000\nINV-1,สมชาย,12\n"))
	require.NoError(t, err)
	require.Equal(t, map[string]any{"เลขที่": "INV-1", "ชื่อ": "สมชาย", "ยอด": json.Number("12")}, d.Vars()["row"])

	_, err = Decode("t.csv", []byte("a,\u200b,c\n1,2,3\n"))
	require.ErrorContains(t, err, "line 1, column 2: the header (the first row) has an empty column name")
	_, err = Decode("t.csv", []byte("a,\u200ba\n1,2\n"))
	require.ErrorContains(t, err, `line 1, column 2: the column name "a" is given twice in the header`)

	wb := buildXLSX(t, []string{"ข้อมูล"}, map[string][]cell{"ข้อมูล": {
		{ref: "A1", value: "\u200bเลขที่"}, {ref: "B1", value: "ชื่อ\ufeff"},
		{ref: "A2", value: "INV-1"}, {ref: "B2", value: "สมชาย"},
	}})
	d, err = Decode("t.xlsx", wb)
	require.NoError(t, err)
	require.Equal(t, map[string]any{"เลขที่": "INV-1", "ชื่อ": "สมชาย"}, d.Vars()["row"])
}

// utf16LE is s written in UTF-16, little-endian, as Windows writes it.
func utf16LE(s string) []byte {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return b
}

// D45, D49: text read as JSON or YAML that is CSV or JSON lines is a
// *FormatError, which says what it is, so that a host where the data has
// no file name to give (the playground) words advice that works there;
// its message is the command line's, naming the file to save.
func TestFormatError(t *testing.T) {
	for _, c := range []struct{ name, text, format, sep string }{
		{"data", "name,amount\nA,1\n", "csv", "','"},
		{"standard input", "a;b\n1;2\n", "csv", "';'"},
		{"data", "a\tb\n1\t2\n", "csv", "tabs"},
		{"data", "{\"a\":1}\n{\"a\":2}\n", "jsonl", ""},
		{"d.json", "{\"a\":1}\n{\"a\":2}\n", "jsonl", ""},
	} {
		_, err := Decode(c.name, []byte(c.text))
		var fe *FormatError
		require.True(t, errors.As(err, &fe), "%q: %v", c.text, err)
		require.Equal(t, FormatError{Name: c.name, Format: c.format, Sep: c.sep}, *fe)
		require.True(t, strings.HasPrefix(err.Error(), "data in "+c.name+": this "), err.Error())
	}
	_, err := Decode("data", []byte("a: [\n"))
	var fe *FormatError
	require.False(t, errors.As(err, &fe), "broken YAML is told as YAML")
}

// D36: a dictionary is charged at least what Go keeps for it. The bytes
// a map of n entries allocates, made at its size as the loaders make
// them, are at most mapCost(n) values of 16 bytes; and not more than
// twice that (a weight far above the truth would refuse ordinary files).
// A weight of one group per eight entries was half or less of the truth
// past eight entries (82 bytes an entry at 1,000).
func TestMapCostCoversMaps(t *testing.T) {
	var keep map[string]any
	for _, n := range []int{0, 1, 8, 9, 14, 15, 50, 100, 448, 449, 500, 896, 897, 1000, 1500, 5000, 20000} {
		keys := make([]string, n)
		for i := range keys {
			keys[i] = "k" + strconv.Itoa(i)
		}
		got := allocated(func() {
			keep = make(map[string]any, n)
			for _, k := range keys {
				keep[k] = nil
			}
		})
		require.LessOrEqual(t, got, uint64(16*mapCost(n)), "a map of %d entries", n)
		require.LessOrEqual(t, uint64(16*mapCost(n)), 2*got+16*32, "a map of %d entries is not charged far above what it holds", n)
	}
	_ = keep
}
