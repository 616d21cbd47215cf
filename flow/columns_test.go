package flow_test

import (
	"context"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

const columnsFlow = "# Invoice\n\n" +
	"- **to:** ${row.Customer}\n" +
	"- **total:** ${row.Amount * 1.07} ${round(row['Unit Price'], 2)}\n" +
	"- **condition:** ${row.Days} > 21 and ${row.Status} == Overdue\n" +
	"- **note:** ${len(row.Note)} ${rows[0].x} ${Customer}\n"

// D45: the columns a flow reads come from the compiled expressions, with
// whether each is read as a number.
func TestColumns(t *testing.T) {
	got := flow.Columns([]byte(columnsFlow))
	require.Equal(t, []flow.ColumnRead{
		{Name: "Customer", Line: 3, Column: 13},
		{Name: "Amount", Numeric: true, Field: true, Line: 4, Column: 16},
		{Name: "Unit Price", Numeric: true, Field: true, Line: 4, Column: 43},
		{Name: "Days", Numeric: true, Line: 5, Column: 20},
		{Name: "Status", Line: 5, Column: 41},
		{Name: "Note", Line: 6, Column: 19},
	}, got)
}

func rowsOf(cells map[string][]any) func(yield func(map[string]any) bool) {
	return func(yield func(map[string]any) bool) {
		n := 0
		for _, col := range cells {
			n = max(n, len(col))
		}
		for i := 0; i < n; i++ {
			row := map[string]any{}
			for _, k := range slices.Sorted(maps.Keys(cells)) {
				if i < len(cells[k]) {
					row[k] = cells[k][i]
				}
			}
			if !yield(row) {
				return
			}
		}
	}
}

// D45: each column's cells by kind, with counts and three examples; the
// kinds by number()'s own reading.
func TestColumnFacts(t *testing.T) {
	cols := flow.Columns([]byte(columnsFlow))
	c := flow.CountColumns(cols, rowsOf(map[string][]any{
		"Customer":   {"Acme", "Beta", "", "Delta", "Echo"},
		"Amount":     {"1250", 980.5, "n/a", "1,250.50", "TBD"},
		"Unit Price": {"12,5", "7,25", "3,5", "100", ""},
		"Days":       {"30", "5", "", "2,5", "12"},
	}))
	require.Equal(t, 5, c.Rows())
	facts := c.Facts()
	require.Equal(t, "other text 4 ('Acme', 'Beta', 'Delta'); nothing 1", facts[0].String())
	require.Equal(t, "number 1 (980.5); number text 2 ('1250', '1,250.50'); other text 2 ('n/a', 'TBD')", facts[1].String())
	require.Equal(t, "number text 1 ('100'); unclear number 3 ('12,5', '7,25', '3,5'); nothing 1", facts[2].String())
	require.Equal(t, []string{"rows[2] (sheet row 4)", "rows[4] (sheet row 6)"}, facts[1].Kinds[flow.KindText].Rows)
	require.Equal(t, 4, facts[2].Values())

	var msgs []string
	var rows []*flow.RowRef
	for _, w := range c.Warnings("f.md") {
		rows = append(rows, w.Row)
		require.True(t, w.Warning)
		require.Equal(t, "column", w.Kind)
		msgs = append(msgs, w.String())
	}
	require.Equal(t, []string{
		"f.md:4:16: warning: column Amount is read as a number, but rows[2] (sheet row 4), rows[4] (sheet row 6) hold text that is not a number ('n/a', 'TBD'); correct the data: a field reads the column as a number on every row, and no condition can leave a row out of a field",
		"f.md:4:43: warning: column Unit Price: 3 of 4 values look like decimal commas (12,5); number() refuses them ('12,5' is not clear: write 12.5)",
		// '2,5' in Days is one unclear number of four: no column warning
		// (D45: most of a column's numbers); the row's own error says
		// what to write.
	}, msgs)
	require.Equal(t, []*flow.RowRef{nil, nil}, rows)
	// Each warning lists every row it is about, in sheet order (D41).
	ws := c.Warnings("f.md")
	require.Equal(t, &flow.RowList{Refs: []flow.RowRef{{Index: 2, SheetRow: 4}, {Index: 4, SheetRow: 6}}, Count: 2}, ws[0].Rows)
	require.Equal(t, &flow.RowList{Refs: []flow.RowRef{{Index: 0, SheetRow: 2}, {Index: 1, SheetRow: 3}, {Index: 2, SheetRow: 4}}, Count: 3}, ws[1].Rows)
}

// D45: the warning of a column read as a number follows the facts: other
// text has its warning with its rows in sheet order; unclear numbers have
// one only when they are most of the column's values, never mixed into
// the other.
func TestColumnWarningsFollowFacts(t *testing.T) {
	cols := []flow.ColumnRead{{Name: "price", Numeric: true, Line: 1, Column: 1}}
	c := flow.CountColumns(cols, rowsOf(map[string][]any{"price": {"12,5", "3", "x y", "4", "7,25", "n/a", "5"}}))
	require.Equal(t, "number text 3 ('3', '4', '5'); unclear number 2 ('12,5', '7,25'); other text 2 ('x y', 'n/a')", c.Facts()[0].String())
	var msgs []string
	for _, w := range c.Warnings("f.md") {
		msgs = append(msgs, w.Message)
	}
	require.Equal(t, []string{
		"column price is read as a number, but rows[2] (sheet row 4), rows[5] (sheet row 7) hold text that is not a number ('x y', 'n/a'); " +
			"correct the data, or, in a condition, leave such rows out with a part before the comparison (not ${row.price} in 'x y', 'n/a' and ...)",
	}, msgs)

	// A column not read as a number gets no warning for a few unclear
	// numbers; most of them unclear is one warning, whatever the reading.
	cols[0].Numeric = false
	c = flow.CountColumns(cols, rowsOf(map[string][]any{"price": {"12,5", "3", "x y"}}))
	require.Empty(t, c.Warnings("f.md"))
	cols[0].Numeric = true
	c = flow.CountColumns(cols, rowsOf(map[string][]any{"price": {"12,5", "7,25", "x y"}}))
	msgs = nil
	for _, w := range c.Warnings("f.md") {
		msgs = append(msgs, w.Message)
	}
	require.Equal(t, []string{
		"column price: 2 of 3 values look like decimal commas (12,5); number() refuses them ('12,5' is not clear: write 12.5)",
		"column price is read as a number, but rows[2] (sheet row 4) holds text that is not a number ('x y'); " +
			"correct the data, or, in a condition, leave such rows out with a part before the comparison (${row.price} != 'x y' and ...)",
	}, msgs)
}

// The counter keeps a bounded amount whatever the number of rows.
func TestColumnFactsBounded(t *testing.T) {
	c := flow.NewColumnCounter([]flow.ColumnRead{{Name: "n", Numeric: true, Line: 1, Column: 1}})
	for i := 0; i < 10000; i++ {
		c.Add(map[string]any{"n": "n/a"}, i, i+2)
	}
	f := c.Facts()[0]
	require.Equal(t, 10000, f.Kinds[flow.KindText].Count)
	require.Equal(t, []string{"'n/a'"}, f.Kinds[flow.KindText].Examples, "one value repeated is one example (D45)")
	require.Len(t, f.Kinds[flow.KindText].Rows, flow.MaxExamples)
	ws := c.Warnings("f.md")
	require.Len(t, ws, 1)
	require.Contains(t, ws[0].Message, "but every row holds text that is not a number ('n/a'); the column holds no numbers: correct the data, or read the column as text")
	// D41: the rows are there for JSON too, the first MaxRowsListed.
	require.Equal(t, 10000, ws[0].Rows.Count)
	require.Len(t, ws[0].Rows.Refs, flow.MaxRowsListed)
	require.Equal(t, flow.RowRef{Index: 999, SheetRow: 1001}, ws[0].Rows.Refs[999])
	require.Nil(t, ws[0].Row)
}

// D41: the rows of a column warning are named as every message names
// them, numbers of four digits and more grouped.
func TestColumnRowsNamed(t *testing.T) {
	for _, tc := range []struct {
		index, sheetRow int
		key             string // given to AddInput
		want            string
	}{
		{3, 5, "", "but rows[3] (sheet row 5) holds text"},
		{1204, 1206, "", "but rows[1,204] (sheet row 1,206) holds text"},
		{12546, 0, "", "but rows[12,546] holds text"},
		{3, 5, "INV-0104", "but rows[3] (sheet row 5, INV-0104) holds text"},
		{3, 5, "\u202e", "but rows[3] (sheet row 5, \\u202e) holds text"},
	} {
		c := flow.NewColumnCounter([]flow.ColumnRead{{Name: "n", Numeric: true, Line: 1, Column: 1}})
		row := map[string]any{"n": "n/a"}
		if tc.key == "" {
			c.Add(row, tc.index, tc.sheetRow)
		} else {
			c.AddInput(flow.Input{Index: tc.index, SheetRow: tc.sheetRow, Key: tc.key,
				Scope: scope.New(map[string]any{"row": row})})
		}
		ws := c.Warnings("f.md")
		require.Len(t, ws, 1)
		require.Contains(t, ws[0].Message, tc.want)
		// D41: the one row named is there for JSON too.
		require.Equal(t, &flow.RowRef{Index: tc.index, SheetRow: tc.sheetRow, Key: tc.key}, ws[0].Row)
	}
	c := flow.NewColumnCounter([]flow.ColumnRead{{Name: "n", Numeric: true, Line: 1, Column: 1}})
	c.AddInput(flow.Input{Index: -1, Scope: scope.New(map[string]any{"row": map[string]any{"n": "x"}})})
	require.Zero(t, c.Rows(), "data that is not a sheet is no row")
}

// D45, D49: a row where the part that reads a column as a number was left
// out (the part before decided the line) does not count for the column's
// warning, so that following its advice clears it; its facts still count
// the cell. A part that ran and failed counts; so does every row of a
// column that a field reads as a number.
func TestColumnWarningGuarded(t *testing.T) {
	rows := []map[string]any{{"amount": "10"}, {"amount": "x"}, {"amount": "3"}, {"amount": "y"}}
	warnings := func(src string) (msgs []string, facts string) {
		t.Helper()
		f, err := flow.Compile("g.md", []byte(src), flow.SampleWarnings())
		require.NoError(t, err)
		c := flow.NewColumnCounter(flow.Columns([]byte(src)))
		for i, row := range rows {
			in := flow.Input{Index: i, SheetRow: i + 2, Scope: scope.New(map[string]any{"row": row})}
			r := f.Run(context.Background(), in.Scope)
			r.Row = i
			var ws []string
			for _, res := range r.Results {
				for _, w := range res.Warnings {
					ws = append(ws, w.Message)
				}
			}
			if i == 1 && strings.Contains(src, "!= 'x' and") {
				require.Empty(t, ws, "no sample warning on a part the run left out")
			}
			c.AddRow(in, &r)
		}
		for _, w := range c.Warnings("g.md") {
			msgs = append(msgs, w.Message)
		}
		// A run over the rows, each result counted with the variables it
		// carries (AddResult), counts the same.
		byResult := flow.NewColumnCounter(flow.Columns([]byte(src)))
		inputs := func(yield func(flow.Input, error) bool) {
			for i, row := range rows {
				if !yield(flow.Input{Index: i, SheetRow: i + 2, Scope: scope.New(map[string]any{"row": row})}, nil) {
					return
				}
			}
		}
		for r, err := range f.RunRows(context.Background(), inputs) {
			require.NoError(t, err)
			byResult.AddResult(&r)
		}
		require.Equal(t, c.Warnings("g.md"), byResult.Warnings("g.md"))
		require.Equal(t, c.Facts(), byResult.Facts())
		return msgs, c.Facts()[0].String()
	}
	const facts = "number text 2 ('10', '3'); other text 2 ('x', 'y')"
	// no guard: both rows of text
	msgs, fs := warnings("- **condition:** ${row.amount} > 5\n")
	require.Equal(t, facts, fs)
	require.Len(t, msgs, 1)
	require.Contains(t, msgs[0], "but rows[1] (sheet row 3), rows[3] (sheet row 5) hold text that is not a number ('x', 'y')")
	// the advice followed for 'x': only 'y' is left, named alone
	msgs, fs = warnings("- **condition:** ${row.amount} != 'x' and ${row.amount} > 5\n")
	require.Equal(t, facts, fs, "the facts count every cell")
	require.Len(t, msgs, 1)
	require.Contains(t, msgs[0], "but rows[3] (sheet row 5) holds text that is not a number ('y'); ")
	// for both, with or: no warning
	msgs, _ = warnings("- **condition:** ${row.amount} == x or ${row.amount} == y or ${row.amount} > 5\n")
	require.Empty(t, msgs)
	// a field reads it on every row, whatever the condition leaves out
	msgs, _ = warnings("- **condition:** ${row.amount} != 'x' and ${row.amount} > 5\n- **twice:** ${row.amount * 2}\n")
	require.Len(t, msgs, 1)
	require.Contains(t, msgs[0], "but rows[1] (sheet row 3), rows[3] (sheet row 5) hold text")
}

// D45, D34, D39: a cell is an unclear number only when it is one number
// whose marks number() refuses with a rewrite that gives the number it
// shows; text that number() would read as another number, or refuses
// but is no number (a date, a time, a list), is other text (D49: the
// column's warning never advises `write 15.2026` for a date).
func TestColumnKinds(t *testing.T) {
	for _, tc := range []struct {
		cell string
		want flow.ValueKind
	}{
		{"1,250.50", flow.KindNumberText},
		{"฿ 1,200", flow.KindNumberText},
		{"13%", flow.KindNumberText},
		{"12,5", flow.KindUnclear},
		{"9 800", flow.KindUnclear},
		{"1 995,00 Kč", flow.KindUnclear},
		{"118, 99 TL", flow.KindUnclear},
		{"1.234,56", flow.KindUnclear},
		{"January 15, 2026", flow.KindText},
		{"Jan 5, 2026 10:30", flow.KindText},
		{"15.01.2026", flow.KindText},
		{"1.5.2", flow.KindText},
		{"13:30", flow.KindText},
		{"2026-01-15", flow.KindText},
		{"15 ม.ค. 2026", flow.KindText},
		{"Sunday", flow.KindText},
		{"#DIV/0!", flow.KindText}, // an XLSX error cell: number() would read 0 (review-cli R4)
		{"#N/A", flow.KindText},
		{"1\u200b234", flow.KindUnclear}, // an invisible character inside (review-lang F6)
		{"-\u200b5", flow.KindUnclear},
		{"12\u200b,5", flow.KindUnclear},
	} {
		c := flow.CountColumns([]flow.ColumnRead{{Name: "v"}}, rowsOf(map[string][]any{"v": {tc.cell}}))
		require.Equal(t, 1, c.Facts()[0].Kinds[tc.want].Count, "%q: %s", tc.cell, c.Facts()[0].String())
	}
}

// D45: the warning about numbers that are not clear is for a column most
// of whose numbers are, never for one date among 40 values; the date is
// text that is not a number, named with the other rows of text.
func TestColumnUnclearOnlyMost(t *testing.T) {
	cells := make([]any, 40)
	for i := range cells {
		cells[i] = strconv.Itoa(i + 1)
	}
	cells[35] = "January 15, 2026"
	cells[3] = "12,5"
	cols := []flow.ColumnRead{{Name: "value", Numeric: true, Line: 1, Column: 20}}
	c := flow.CountColumns(cols, rowsOf(map[string][]any{"value": cells}))
	var msgs []string
	for _, w := range c.Warnings("f.md") {
		msgs = append(msgs, w.Message)
	}
	require.Equal(t, []string{
		"column value is read as a number, but rows[35] (sheet row 37) holds text that is not a number ('January 15, 2026'); " +
			"correct the data, or, in a condition, leave such rows out with a part before the comparison (${row.value} != 'January 15, 2026' and ...)",
	}, msgs)
	// a column of such dates is no column of unclear numbers either
	dates := []any{"January 15, 2026", "March 3, 2026", "May 30, 2025"}
	c = flow.CountColumns([]flow.ColumnRead{{Name: "when", Line: 1, Column: 1}}, rowsOf(map[string][]any{"when": dates}))
	require.Empty(t, c.Warnings("f.md"))
	require.Equal(t, "other text 3 ('January 15, 2026', 'March 3, 2026', 'May 30, 2025')", c.Facts()[0].String())
}

// D45, D41: the warning about text in a column read as a number names
// every row that holds it, cut as runs of rows are; its advice names every
// value the rows hold (D27 compares them trimmed, without regard to case),
// or, past maxGuardValues of them, says to correct the data.
func TestColumnTextRowsAll(t *testing.T) {
	cells := []any{"1", "x", "N/A", "n/a", "2", "13:30", "3", "x", "x", "x", "4"}
	cols := []flow.ColumnRead{{Name: "value", Numeric: true, Line: 1, Column: 20}}
	c := flow.CountColumns(cols, rowsOf(map[string][]any{"value": cells}))
	ws := c.Warnings("f.md")
	require.Len(t, ws, 1)
	require.Equal(t, "column value is read as a number, but rows 1-3, 5, 7-9 hold text that is not a number ('x', 'N/A', 'n/a'); "+
		"correct the data, or, in a condition, leave such rows out with a part before the comparison (not ${row.value} in 'x', 'N/A', '13:30' and ...)", ws[0].Message)
	require.Equal(t, 7, ws[0].Rows.Count)

	// more runs than a message lists: the rest are counted
	cells = nil
	for i := 0; i < 30; i++ {
		cells = append(cells, "x", "1")
	}
	c = flow.CountColumns(cols, rowsOf(map[string][]any{"value": cells}))
	require.Contains(t, c.Warnings("f.md")[0].Message, "but rows 0, 2, 4, 6, 8, 10, 12, 14, 16, 18 and 20 more hold text")

	// too many values to name: correct the data
	cells = []any{"a", "b", "c", "d", "e", "f", "1"}
	c = flow.CountColumns(cols, rowsOf(map[string][]any{"value": cells}))
	require.Contains(t, c.Warnings("f.md")[0].Message, "rows 0-5 hold text that is not a number ('a', 'b', 'c'); correct the data: the rows hold more than 5 different values")
	// a value a condition cannot write in quotes: correct the data
	cells = []any{"it's", "1"}
	c = flow.CountColumns(cols, rowsOf(map[string][]any{"value": cells}))
	require.Contains(t, c.Warnings("f.md")[0].Message, "correct the data (one of the values cannot be written in a condition to leave its rows out)")
}

// D49 (review R2): the text warning points at the first read of the
// column that its rows ran, not at a part a condition left out; for a
// column a field reads as a number, the advice is to correct the data,
// never a condition guard (no condition leaves a row out of a field).
func TestColumnWarningPointsAtRead(t *testing.T) {
	rows := []map[string]any{{"amount": "10"}, {"amount": "x"}, {"amount": "3"}}
	warnings := func(src string) []flow.Finding {
		t.Helper()
		f, err := flow.Compile("g.md", []byte(src), flow.SampleWarnings())
		require.NoError(t, err)
		c := flow.NewColumnCounter(flow.Columns([]byte(src)))
		for i, row := range rows {
			in := flow.Input{Index: i, SheetRow: i + 2, Scope: scope.New(map[string]any{"row": row})}
			r := f.Run(context.Background(), in.Scope)
			c.AddRow(in, &r)
		}
		return c.Warnings("g.md")
	}
	// a guarded condition, then a field
	ws := warnings("- **condition:** ${row.amount} != 'x' and ${row.amount} > 5\n- **twice:** ${row.amount * 2}\n")
	require.Len(t, ws, 1)
	require.Equal(t, [2]int{2, 16}, [2]int{ws[0].Line, ws[0].Column}, ws[0].Message)
	require.Contains(t, ws[0].Message, "correct the data: a field reads the column as a number on every row")
	require.NotContains(t, ws[0].Message, "in a condition")
	// a guarded condition, then one that is not
	ws = warnings("- **condition:** ${row.amount} != 'x' and ${row.amount} > 5\n- **condition:** ${row.amount} < 100\n")
	require.Len(t, ws, 1)
	require.Equal(t, [2]int{2, 20}, [2]int{ws[0].Line, ws[0].Column}, ws[0].Message)
	require.Contains(t, ws[0].Message, "(${row.amount} != 'x' and ...)")
	// a guard that does not leave the row out: the read it ran
	ws = warnings("- **condition:** ${row.amount} != 'y' and ${row.amount} > 5\n")
	require.Len(t, ws, 1)
	require.Equal(t, [2]int{1, 45}, [2]int{ws[0].Line, ws[0].Column}, ws[0].Message)
}

// D44, D49 (review R8): a column read as a number that holds no numbers
// gets no advice of a guard that would leave every row out (a condition
// quietly never true); it says the column holds no numbers. Empty cells
// are no numbers either. A column with some numbers keeps the guard.
func TestColumnNoNumbersNoGuard(t *testing.T) {
	cols := []flow.ColumnRead{{Name: "d", Numeric: true, Line: 1, Column: 20}}
	c := flow.CountColumns(cols, rowsOf(map[string][]any{"d": {"n/a", "", "tba"}}))
	ws := c.Warnings("f.md")
	require.Len(t, ws, 1)
	require.Contains(t, ws[0].Message, "; the column holds no numbers: correct the data, or read the column as text (compare it with == or in;")
	require.NotContains(t, ws[0].Message, "leave such rows out")
	c = flow.CountColumns(cols, rowsOf(map[string][]any{"d": {"2026-01-15", "5", "2026-02-01"}}))
	ws = c.Warnings("f.md")
	require.Len(t, ws, 1)
	require.Contains(t, ws[0].Message, "leave such rows out with a part before the comparison (not ${row.d} in '2026-01-15', '2026-02-01' and ...)")
}

// D44, D49: a column of dates compared by < and > holds no numbers, yet
// the data is right: the advice says that dates are not compared so, as
// a row's own error does, not to correct the data, also where the row's
// comparison is quietly false (the other side empty, D28). A field that
// reads the column as a number, and a column with other text among its
// dates, keep their advice.
func TestColumnOfDatesSaysDates(t *testing.T) {
	cols := []flow.ColumnRead{{Name: "Renewal Date", Numeric: true, Line: 1, Column: 20}}
	c := flow.CountColumns(cols, rowsOf(map[string][]any{"Renewal Date": {"2026-12-15", "", "15/01/2027"}}))
	ws := c.Warnings("f.md")
	require.Len(t, ws, 1)
	require.Equal(t, "column Renewal Date is read as a number, but rows[0] (sheet row 2), rows[2] (sheet row 4) hold text that is not a number ('2026-12-15', '15/01/2027'); "+
		"the column holds dates, and dates are not compared by < and >; compare them as numbers written year, month, day (yyyymmdd) on both sides", ws[0].Message)
	c = flow.CountColumns(cols, rowsOf(map[string][]any{"Renewal Date": {"2026-12-15", "soon"}}))
	ws = c.Warnings("f.md")
	require.Len(t, ws, 1)
	require.Contains(t, ws[0].Message, "the column holds no numbers: correct the data")
	field := []flow.ColumnRead{{Name: "Renewal Date", Numeric: true, Field: true, Line: 1, Column: 20}}
	c = flow.CountColumns(field, rowsOf(map[string][]any{"Renewal Date": {"2026-12-15"}}))
	ws = c.Warnings("f.md")
	require.Len(t, ws, 1)
	require.NotContains(t, ws[0].Message, "dates")
}

// Review R6: in JSON lines, a boolean, a list and a dictionary in a column
// read as a number are named as what they are, as a row's error names
// them (`a list is not a number`): not as text, nor a list of one as the
// number it holds.
func TestColumnNamesOtherValues(t *testing.T) {
	cols := []flow.ColumnRead{{Name: "amount", Numeric: true, Line: 1, Column: 20}}
	c := flow.CountColumns(cols, rowsOf(map[string][]any{"amount": {10, "n/a", true, []any{1}, map[string]any{"a": 1}}}))
	require.Equal(t, "number 1 (10); other text 4 ('n/a', a boolean (true), a list)", c.Facts()[0].String())
	ws := c.Warnings("f.md")
	require.Len(t, ws, 1)
	require.Equal(t, "column amount is read as a number, but rows 1-4 hold values that are not numbers ('n/a', a boolean (true), a list); "+
		"correct the data (a list or a dictionary cannot be named in a condition to leave its rows out)", ws[0].Message)
	c = flow.CountColumns(cols, rowsOf(map[string][]any{"amount": {10, map[string]any{"a": 1}}}))
	ws = c.Warnings("f.md")
	require.Len(t, ws, 1)
	require.Contains(t, ws[0].Message, "but rows[1] (sheet row 3) holds a value that is not a number (a dictionary); ")
}

// Review R7: a column whose unclear numbers mix looks (grouped by spaces,
// decimal commas) is told with both, each with an example, not as the
// look of its first.
func TestColumnUnclearMixedLooks(t *testing.T) {
	cols := []flow.ColumnRead{{Name: "price", Numeric: true, Line: 1, Column: 20}}
	c := flow.CountColumns(cols, rowsOf(map[string][]any{"price": {"9 800", "1 200", "12,5", 5}}))
	ws := c.Warnings("f.md")
	require.Len(t, ws, 1)
	require.Equal(t, "column price: 3 of 4 values look like numbers grouped by spaces (9 800) or decimal commas (12,5); "+
		"number() refuses them ('9 800' is not clear: write 9800 or 9,800)", ws[0].Message)
	c = flow.CountColumns(cols, rowsOf(map[string][]any{"price": {"12,5", "3,5", 5}}))
	ws = c.Warnings("f.md")
	require.Len(t, ws, 1)
	require.Contains(t, ws[0].Message, "2 of 3 values look like decimal commas (12,5); ")
}

// The look of an unclear number is the look of the number number()
// quotes, not of the text around it: a unit after a space (`12,5 บาท`,
// `3,5 THB`) is a decimal comma, and a number grouped by spaces keeps its
// look with a unit after it (`9 800 บาท`).
func TestColumnUnclearLookOfTheNumber(t *testing.T) {
	cols := []flow.ColumnRead{{Name: "ราคา", Numeric: true, Line: 1, Column: 20}}
	c := flow.CountColumns(cols, rowsOf(map[string][]any{"ราคา": {"12,5 บาท", "3,5 THB", 5}}))
	ws := c.Warnings("f.md")
	require.Len(t, ws, 1)
	require.Equal(t, "column ราคา: 2 of 3 values look like decimal commas (12,5 บาท); "+
		"number() refuses them ('12,5' is not clear: write 12.5)", ws[0].Message)
	c = flow.CountColumns(cols, rowsOf(map[string][]any{"ราคา": {"9 800 บาท", "1 200 บาท", 5}}))
	ws = c.Warnings("f.md")
	require.Len(t, ws, 1)
	require.Contains(t, ws[0].Message, "2 of 3 values look like numbers grouped by spaces (9 800 บาท); ")
}

// A counter of only some rows of a sheet, those a host chose (preview
// -where), names them as what they are and says nothing of the column as
// a whole, whose other rows it never saw: `every one of the 2 rows -where
// chose`, `in the rows -where chose, the column holds no numbers`, `2 of
// the 3 values in the rows -where chose`. Without Chosen, the words are
// those of every row of the sheet.
func TestColumnWarningsOfRowsChosen(t *testing.T) {
	cols := []flow.ColumnRead{{Name: "amount", Numeric: true, Line: 1, Column: 20}}
	count := func(chosen string, cells ...any) []string {
		c := flow.NewColumnCounter(cols)
		c.Chosen(chosen)
		for i, v := range cells {
			c.Add(map[string]any{"amount": v}, 2*i+1, 2*i+3)
		}
		var msgs []string
		for _, w := range c.Warnings("f.md") {
			msgs = append(msgs, w.Message)
		}
		return msgs
	}
	require.Equal(t, []string{"column amount is read as a number, but every one of the 2 rows -where chose holds text that is not a number ('abc', 'xyz'); " +
		"in the rows -where chose, the column holds no numbers: correct the data, or read the column as text (compare it with == or in; arithmetic, number(), round(), format() and < > <= >= read it as a number)"},
		count("rows -where chose", "abc", "xyz"))
	require.Equal(t, []string{"column amount is read as a number, but every row holds text that is not a number ('abc', 'xyz'); " +
		"the column holds no numbers: correct the data, or read the column as text (compare it with == or in; arithmetic, number(), round(), format() and < > <= >= read it as a number)"},
		count("", "abc", "xyz"))
	require.Equal(t, []string{"column amount is read as a number, but rows[1] (sheet row 3), rows[3] (sheet row 5) hold text that is not a number ('2026-12-15', '15/01/2027'); " +
		"in the rows -where chose, the column holds dates, and dates are not compared by < and >; compare them as numbers written year, month, day (yyyymmdd) on both sides"},
		count("rows -where chose", "2026-12-15", "15/01/2027", ""))
	require.Equal(t, []string{"column amount: 2 of the 3 values in the rows -where chose look like decimal commas (12,5); number() refuses them ('12,5' is not clear: write 12.5)",
		"column amount is read as a number, but rows[5] (sheet row 7) holds text that is not a number ('x y'); " +
			"correct the data, or, in a condition, leave such rows out with a part before the comparison (${row.amount} != 'x y' and ...)"},
		count("rows -where chose", "12,5", "7,25", "x y"))
}
