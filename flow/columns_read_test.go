package flow

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/scope"
)

// columnCells are cells of every kind D45 counts, for
// TestColumnCounterReadsOnce: numbers, number text, unclear numbers of
// each look, dates, words, blanks, a boolean and a list.
var columnCells = []any{
	"1,250.50", "฿ 1,200", "13%", "12,5", "9 800", "1 995,00 Kč", "118, 99 TL", "1.234,56",
	"January 15, 2026", "Jan 5, 2026 10:30", "15.01.2026", "1.5.2", "13:30", "2026-01-15",
	"15 ม.ค. 2026", "Sunday", "#DIV/0!", "#N/A", "1\u200b234", "-\u200b5", "12\u200b,5",
	"P0000001", "C0@x.th", "INV-2026", "1e3", "0x10", "1_000", "n/a", "", " ", "\u200b",
	"500.00", "-3", "12", "๑๒๓", "(1,200)", "Due", "J&J, Ltd.", nil, true, 42, 7.5,
	[]any{1, 2}, map[string]any{"a": 1},
}

// TestColumnCounterReadsOnce pins the texts a ColumnCounter remembers
// reading (maxRead) to classify itself: over a sheet whose columns repeat
// their cells in different orders, and one of a new text per row (which
// it stops remembering), the facts and the warnings are those of a
// counter that reads every cell anew.
func TestColumnCounterReadsOnce(t *testing.T) {
	cols := []ColumnRead{
		{Name: "a", Numeric: true, Field: true, Line: 3, Column: 5},
		{Name: "b", Numeric: true, Line: 4, Column: 9},
		{Name: "c", Line: 5, Column: 1},
		{Name: "id", Numeric: true, Line: 6, Column: 2},
	}
	rows := 3 * maxRead
	cell := func(name string, i int) any {
		n := len(columnCells)
		switch name {
		case "a":
			return columnCells[i%n]
		case "b":
			return columnCells[(i*7+3)%n]
		case "c":
			return columnCells[(i/5)%n]
		}
		if i%4 != 0 { // a new text on every row, most of them unclear numbers
			return fmt.Sprintf("%d,5", i)
		}
		return fmt.Sprintf("%v %d", columnCells[i%n], i)
	}
	count := func() *ColumnCounter {
		c := NewColumnCounter(cols)
		for i := range rows {
			row := map[string]any{}
			for _, col := range cols {
				row[col.Name] = cell(col.Name, i)
			}
			c.Add(row, i, i+2)
		}
		return c
	}
	remembered := count()
	limit := maxRead
	defer func() { maxRead = limit }()
	maxRead = 0
	anew := count()
	require.Equal(t, anew.Facts(), remembered.Facts())
	require.Equal(t, anew.Warnings("f.md"), remembered.Warnings("f.md"))
	require.Equal(t, anew.Rows(), remembered.Rows())
	for i, col := range cols {
		r := remembered.read[i]
		if col.Name == "id" { // a new text per row: read cell by cell once maxRead are held
			require.True(t, r.off)
			require.Empty(t, r.kinds)
			continue
		}
		require.False(t, r.off, "column %s", col.Name)
		require.NotEmpty(t, r.kinds, "column %s", col.Name)
		require.Positive(t, r.hits, "column %s", col.Name)
		require.LessOrEqual(t, len(r.kinds), limit, "column %s", col.Name)
		require.Empty(t, anew.read[i].kinds, "column %s", col.Name)
	}
	require.Len(t, remembered.Warnings("f.md"), 4) // text in a, b and id; most of id unclear
}

// TestColumnsCountLineOnce: the columns of a line of many placeholders
// are found counting the line once, not once from its start for each
// placeholder (10,000 placeholders on one line took a time growing with
// their square), and they are the columns column gives for each read.
func TestColumnsCountLineOnce(t *testing.T) {
	for _, n := range []int{10, 1000, 4999} {
		var src []byte
		src = append(src, "- **wide:** é "...)
		for i := range n {
			src = fmt.Appendf(src, "${row.c%d} ${row.c%d * 2} ", i%50, i)
		}
		src = append(src, "\n- **condition:** ${row.c1} > 1 and ${row.c2} == ไทย\n"...)
		cols, scanned := columnsOf(src)
		require.LessOrEqual(t, scanned, len(src), "n %d", n)
		require.Len(t, cols, n)
		lines := splitLines(string(src))
		for i := 0; i < len(cols); i += 1 + len(cols)/50 {
			c := cols[i]
			ln := lines[c.Line-1]
			name := "${row." + c.Name
			off := strings.Index(ln.text, name+"}")
			if c.Numeric {
				off = strings.Index(ln.text, name+" * 2}")
			}
			require.Equal(t, column(ln.text, off+2), c.Column, "n %d, %s", n, c.Name)
		}
	}
}

// TestRowWarningsCountLineOnce: a row's warnings on a line of many
// placeholders (each a missing key) are placed counting the line once,
// not once from its start for each warning, on every row (4,000 of them
// over 50 rows took 8 times what 1,000 did); and where they are placed is
// where column places them.
func TestRowWarningsCountLineOnce(t *testing.T) {
	var b strings.Builder
	b.WriteString("- **f:** ไทย")
	for i := range 3000 {
		fmt.Fprintf(&b, " ${row.k%d}", i)
	}
	b.WriteString("\n")
	src := b.String()
	f, err := Compile("f.md", []byte(src), SampleWarnings())
	require.NoError(t, err)
	st := &runState{}
	r := f.run(context.Background(), st, Input{Index: -1, Scope: scope.New(map[string]any{"row": map[string]any{"a": 1}})})
	require.LessOrEqual(t, st.v.cols.scanned, len(src))
	ws := r.Results[0].Warnings
	require.Len(t, ws, MaxFindings+1)
	for _, i := range []int{0, 1, 500, MaxFindings - 1} {
		key := fmt.Sprintf("k%d", i) // the warning names the key row lacks
		off := strings.Index(src, "${row."+key+"}") + len("${row.")
		require.Equal(t, column(src, off), ws[i].Column, "row.k%d", i)
		require.Equal(t, column(src, off+len(key)), ws[i].EndColumn, "row.k%d", i)
	}
}

// TestClosestKeyOncePerSheet: a row's missing keys are each searched
// among the row's keys once for a sheet whose rows have the same keys (a
// header), not again on every row (1,000 missing keys over 4,000 columns
// took 21 s of CPU for 20 rows); rows with other keys are searched anew;
// and the suggestions are those spell.Closest gives.
func TestClosestKeyOncePerSheet(t *testing.T) {
	var b strings.Builder
	b.WriteString("- **f:**")
	for i := range 300 {
		fmt.Fprintf(&b, " ${row.Col%d}", i) // each lacks a key; cols have Co1%d
	}
	b.WriteString("\n")
	f, err := Compile("f.md", []byte(b.String()), SampleWarnings())
	require.NoError(t, err)
	rowOf := func(prefix string) *scope.Scope {
		row := map[string]any{}
		for i := range 400 {
			row[fmt.Sprintf("%s%d", prefix, i)] = i
		}
		return scope.New(map[string]any{"row": row})
	}
	st := &runState{}
	var first []Finding
	for i := range 20 {
		r := f.run(context.Background(), st, Input{Index: i, Scope: rowOf("col")})
		if i == 0 {
			first = r.Results[0].Warnings
			require.Contains(t, first[0].Message, "did you mean 'col0'?")
		} else {
			require.Equal(t, first, r.Results[0].Warnings, "row %d", i)
		}
	}
	require.Equal(t, 300, st.v.rowKeys.searched, "each name searched once over 20 rows")
	r := f.run(context.Background(), st, Input{Index: 20, Scope: rowOf("COL_")})
	require.Equal(t, 600, st.v.rowKeys.searched, "other keys: searched anew")
	require.Contains(t, r.Results[0].Warnings[0].Message, "no key 'Col0' in row; did you mean 'COL_0'?")
}
