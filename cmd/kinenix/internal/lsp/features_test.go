package lsp

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/funcs"
	"github.com/kinenix/expressions/scope"
	"github.com/stretchr/testify/require"
)

func featureSample() *scope.Scope {
	return scope.New(map[string]any{
		"row": map[string]any{
			"status":           "Active",
			"First Name":       "Somchai",
			"Unit Price (THB)": "1,250.50",
			"_id":              "x1",
			"note":             strings.Repeat("long ", 200),
			"address":          map[string]any{"city": "Bangkok"},
		},
		"rows":     []any{map[string]any{"id": "R-1", "Due Date": "2026-01-01"}, map[string]any{"id": "R-2"}},
		"packages": []any{"Motor 1+", "Motor 2+"},
		"ลูกค้า":   map[string]any{"ชื่อ": "สมชาย"},
	})
}

// TestHover pins what hovering shows: a function's entry of the one table,
// a path's value in the sample data.
func TestHover(t *testing.T) {
	sample := featureSample()
	cases := []struct {
		raw, at  string // the cursor is on the first character of at
		contains []string
		covers   string // "" when there is no hover
	}{
		{"len(packages)", "len", []string{"len(x)", "Empty input: `0`", "`${len('บาท')}` gives `3`"}, "len"},
		{"trim(upper(row.status))", "upper", []string{"upper(x)", "upper writes every letter"}, "upper"},
		{"join(packages, ', ')", "oin", []string{"join(list, [sep])", "`${join('A-1', '; ')}` gives `A-1`"}, "join"},
		{"lenght(packages)", "lenght", nil, ""}, // unknown: validation says it
		{"len(", "len", nil, ""},                // while typing: no tree yet, so no hover (completion documents len)
		{"row.status", "status", []string{"`row.status`: text in the sample data", "Active"}, "row.status"},
		{"row.status", "row", []string{"`row`: dictionary of 6 keys", `"First Name":"Somchai"`}, "row"},
		{"rows[0].id", "id", []string{"`rows[0].id`: text", "R-1"}, "rows[0].id"},
		{"rows[0].id", "rows", []string{"`rows`: list of 2 items", `{"Due Date":"2026-01-01","id":"R-1"}, {"id":"R-2"}`}, "rows"},
		{"len(packages)", "packages", []string{"`packages`: list of 2 items", "Motor 1+, Motor 2+"}, "packages"},
		{"rows[1]", "1]", []string{"`rows[1]`: dictionary of 1 key", `{"id":"R-2"}`}, "rows[1]"},
		{"row['Unit Price (THB)']", "Unit", []string{"1,250.50"}, "row['Unit Price (THB)']"},
		{"len(row.address.city)", "city", []string{"`row.address.city`: text", "Bangkok"}, "row.address.city"},
		{"row.First Name", "Name", []string{"`row.First Name`: text", "Somchai"}, "row.First Name"},
		{"row.First Name", "row", []string{"`row`: dictionary"}, "row"},
		{"row.missing", "missing", []string{"`row.missing` is empty in the sample data"}, "row.missing"},
		{"row.note", "note", []string{"…"}, "row.note"},
		{"ลูกค้า.ชื่อ", "ชื่อ", []string{"สมชาย"}, "ลูกค้า.ชื่อ"},
		{"env.HOME", "HOME", nil, ""},
		{"'len'", "len", nil, ""},
	}
	for _, tc := range cases {
		t.Run(tc.raw+"@"+tc.at, func(t *testing.T) {
			rel := strings.Index(tc.raw, tc.at)
			require.GreaterOrEqual(t, rel, 0)
			text, from, to, ok := hoverText(placeholderOf(t, tc.raw), rel, sample)
			if tc.covers == "" {
				require.False(t, ok, text)
				return
			}
			require.True(t, ok)
			for _, c := range tc.contains {
				require.Contains(t, text, c)
			}
			require.Equal(t, tc.covers, tc.raw[from:to])
		})
	}
	// Without sample data, paths show nothing and functions still do.
	_, _, _, ok := hoverText(placeholderOf(t, "row.status"), 5, nil)
	require.False(t, ok)
	_, _, _, ok = hoverText(placeholderOf(t, "len(x)"), 0, nil)
	require.True(t, ok)
	// A value cut for the hover is at most maxShownValue characters.
	text, _, _, _ := hoverText(placeholderOf(t, "row.note"), 4, sample)
	require.Less(t, len([]rune(text)), maxShownValue+100)
}

// placeholderOf is the one placeholder eval compiles `${raw}` to.
func placeholderOf(t *testing.T, raw string) eval.Placeholder {
	tpl, _ := eval.Compile("${" + raw + "}")
	phs := tpl.Placeholders()
	require.Len(t, phs, 1, raw)
	return phs[0]
}

// TestFuncDocs: every function of the table has a hover with its
// signature, its doc sentence and an example that works.
func TestFuncDocs(t *testing.T) {
	for _, f := range funcs.All() {
		doc := funcDoc(f)
		require.Contains(t, doc, f.Signature())
		require.Contains(t, doc, f.Doc)
		require.Contains(t, doc, "Example: `${"+f.Name+"(")
		require.NotContains(t, doc, "error:")
	}
}

type testItem struct {
	Label            string
	Detail           string
	Kind             int
	FilterText       string
	InsertTextFormat int
	TextEdit         struct {
		Range struct {
			Start, End struct{ Line, Character int }
		}
		NewText string
	}
}

// complete runs a completion at the "|" of line and returns the items by
// label, the line after each item's edit, and the labels in order.
func complete(t *testing.T, line string, sample *scope.Scope, snippets bool) (map[string]testItem, map[string]string, []string) {
	off := strings.Index(line, "|")
	require.GreaterOrEqual(t, off, 0)
	line = strings.Replace(line, "|", "", 1)
	b, err := json.Marshal(completionAt(cursor{line: line, off: off}, newIndex(sample), snippets))
	require.NoError(t, err)
	var list struct{ Items []testItem }
	require.NoError(t, json.Unmarshal(b, &list))
	byLabel := map[string]testItem{}
	applied := map[string]string{}
	labels := []string{}
	for _, it := range list.Items {
		byLabel[it.Label] = it
		labels = append(labels, it.Label)
		from, to := it.TextEdit.Range.Start.Character, it.TextEdit.Range.End.Character
		applied[it.Label] = utf16Slice(line, 0, from) + it.TextEdit.NewText + utf16Slice(line, to, utf16Len(line))
	}
	return byLabel, applied, labels
}

// TestCompletion pins what is offered where: functions and variables after
// `${` and inside it, the keys of the sample data after `.` (quoted when
// they are not plain names, D9), nothing outside ${...} or in a text.
func TestCompletion(t *testing.T) {
	sample := featureSample()

	items, applied, labels := complete(t, "- **a:** ${|", sample, false)
	want := []string{"packages", "row", "rows", "ลูกค้า"} // the variables, then every function of the table
	for _, f := range funcs.All() {
		want = append(want, f.Name)
	}
	require.Equal(t, want, labels)
	require.Equal(t, "len(x)", items["len"].Detail)
	require.Equal(t, 3, items["len"].Kind)
	require.Equal(t, "- **a:** ${len(", applied["len"])
	require.Equal(t, "list of 2", items["packages"].Detail)

	// Inside a call, after a partial name: the edit replaces the name.
	_, applied, _ = complete(t, "- **a:** ${trim(up|)}", sample, false)
	require.Equal(t, "- **a:** ${trim(upper()}", applied["upper"])

	// Snippets when the client takes them: required parameters only.
	items, applied, _ = complete(t, "${|}", sample, true)
	require.Equal(t, "${replace(${1:x}, ${2:old}, ${3:new})$0}", applied["replace"])
	require.Equal(t, "${join(${1:list})$0}", applied["join"])
	require.Equal(t, 2, items["join"].InsertTextFormat)

	// After `row.`: the row's keys; plain ones after the dot, others
	// quoted in place of the dot.
	items, applied, labels = complete(t, "- **a:** ${row.|}", sample, false)
	require.Equal(t, []string{"First Name", "Unit Price (THB)", "_id", "address", "note", "status"}, labels)
	require.Equal(t, "- **a:** ${row.status}", applied["status"])
	require.Equal(t, "- **a:** ${row['First Name']}", applied["First Name"])
	require.Equal(t, "- **a:** ${row['Unit Price (THB)']}", applied["Unit Price (THB)"])
	require.Equal(t, "- **a:** ${row['_id']}", applied["_id"])
	require.Equal(t, ".First Name", items["First Name"].FilterText)
	require.Equal(t, "text: Active", items["status"].Detail)

	// A partial key, a nested path, an index, a path inside a call, an
	// unclosed placeholder followed by text.
	_, applied, _ = complete(t, "${row.sta|}", sample, false)
	require.Equal(t, "${row.status}", applied["status"])
	_, _, labels = complete(t, "${row.address.|}", sample, false)
	require.Equal(t, []string{"city"}, labels)
	_, applied, labels = complete(t, "${len(rows[0].|)}", sample, false)
	require.Equal(t, []string{"Due Date", "id"}, labels)
	require.Equal(t, "${len(rows[0]['Due Date'])}", applied["Due Date"])
	_, _, labels = complete(t, "x ${rows[-1].| and more", sample, false)
	require.Equal(t, []string{"id"}, labels)
	_, _, labels = complete(t, "${ลูกค้า.|}", sample, false)
	require.Equal(t, []string{"ชื่อ"}, labels)

	// A `${` not closed yet (D18), found where eval reports it: after a
	// closed placeholder, after a byte order mark and Thai text; and one
	// that a later `}` closes (D18 takes the first) as that placeholder.
	_, _, labels = complete(t, "${x} ${row.|", sample, false)
	require.Contains(t, labels, "status")
	_, applied, _ = complete(t, "\uFEFFลูกค้า ${row.sta|", sample, false)
	require.Equal(t, "\uFEFFลูกค้า ${row.status", applied["status"])
	_, _, labels = complete(t, "${row.| ${x}", sample, false)
	require.Contains(t, labels, "status")

	// After `[`: the keys as quoted texts.
	_, applied, _ = complete(t, "${row[|", sample, false)
	require.Equal(t, "${row['First Name']", applied["First Name"])

	// Nothing: outside ${...}, in a text literal, after a list or a
	// missing key, or without sample data for keys.
	for _, line := range []string{"- **a:** row.|", "${replace(x, 'row.|", "${packages.|}", "${row.nope.|}", "${env.|}"} {
		_, _, labels = complete(t, line, sample, false)
		require.Empty(t, labels, line)
	}
	_, _, labels = complete(t, "${row.|}", nil, false)
	require.Empty(t, labels)
	_, _, labels = complete(t, "${|}", nil, false)
	require.Len(t, labels, len(funcs.All())) // the functions
}

// The playground's completion and hover are the editor's, on one line:
// the same items at the same place, offsets in bytes of the line.
func TestCompleteAndHoverAt(t *testing.T) {
	sample := featureSample()
	line := "- **ถึง:** ${row.Unit} and ${le"
	u16 := func(s string) int { return utf16Len(s) } // the page's offsets
	idx := func(sub string) int { return u16(line[:strings.Index(line, sub)]) }
	got := Complete(line, u16(line), sample)
	names := map[string]Completion{}
	for _, c := range got {
		names[c.Label] = c
	}
	for _, f := range funcs.All() {
		c, ok := names[f.Name]
		require.True(t, ok, f.Name)
		require.Equal(t, "function", c.Kind)
		require.Equal(t, f.Signature(), c.Detail)
		require.Equal(t, f.Name+"(", c.Insert)
		require.Equal(t, idx("le"), c.From)
		require.Contains(t, c.Doc, f.Doc)
	}
	require.Equal(t, "variable", names["rows"].Kind)

	// A key with spaces replaces the dot with the quoted form.
	keys := Complete(line, idx("Unit")+len("Unit"), sample)
	var price Completion
	for _, c := range keys {
		if c.Label == "Unit Price (THB)" {
			price = c
		}
	}
	require.Equal(t, "key", price.Kind)
	require.Equal(t, "['Unit Price (THB)']", price.Insert)
	require.Equal(t, idx(".Unit"), price.From)
	require.Equal(t, ".Unit Price (THB)", price.Filter)

	// Outside ${...}, and off the line, nothing.
	require.Empty(t, Complete(line, 3, sample))
	require.Empty(t, Complete(line, u16(line)+1, sample))

	h, ok := HoverAt(line, idx("row")+1, sample)
	require.True(t, ok)
	require.Equal(t, idx("row"), h.From)
	require.Equal(t, idx("row")+3, h.To)
	require.Contains(t, h.Text, "`row`: dictionary of 6 keys")
	_, ok = HoverAt(line, u16(line), sample) // `${le` is not closed
	require.False(t, ok)
	_, ok = HoverAt(line, -1, sample)
	require.False(t, ok)
}

// TestHoverFoundPath: a whole placeholder that design section 4 reads as a
// dotted path found in the data (E1: `${row.Co-pay}` renders the key
// Co-pay, not row.Co minus pay) shows that path's value on hover, as the
// field shows it; inside a call, where it is an expression, the parts show
// their own values.
func TestHoverFoundPath(t *testing.T) {
	sample := scope.New(map[string]any{
		"row": map[string]any{"Co-pay": "500", "Co": map[string]any{"x": 1}, "x+1": 5},
		"a":   map[string]any{"b-c": 4},
	})
	cases := []struct {
		raw, at  string
		contains []string
		covers   string
	}{
		{"row.Co-pay", "pay", []string{"`row.Co-pay`: text", "500"}, "row.Co-pay"},
		{"row.Co-pay", "Co", []string{"`row.Co-pay`: text", "500"}, "row.Co-pay"},
		{"row.Co-pay", "row", []string{"`row`: dictionary of 3 keys"}, "row"},
		{" row.x+1 ", "1", []string{"`row.x+1`: number", "5"}, "row.x+1"},
		{"a.b-c", "c", []string{"`a.b-c`: number", "4"}, "a.b-c"},
		{"len(row.Co-pay)", "Co", []string{"`row.Co`: dictionary"}, "row.Co"},
		{"row.Co-nope", "nope", []string{"`nope` is empty"}, "nope"}, // not found: the expression row.Co - nope
	}
	for _, tc := range cases {
		t.Run(tc.raw+"@"+tc.at, func(t *testing.T) {
			rel := strings.Index(tc.raw, tc.at)
			require.GreaterOrEqual(t, rel, 0)
			text, from, to, ok := hoverText(placeholderOf(t, tc.raw), rel, sample)
			require.True(t, ok)
			for _, c := range tc.contains {
				require.Contains(t, text, c)
			}
			require.Equal(t, tc.covers, tc.raw[from:to])
		})
	}
}
