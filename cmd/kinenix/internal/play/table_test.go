package play

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/kinenix/expressions/flow"
	"github.com/stretchr/testify/require"
	"github.com/xuri/excelize/v2"
)

// Every row at once: a cell per field and condition, failing cells
// marked, rows named as the sheet shows them (D41), and the summary.
func TestTable(t *testing.T) {
	md := "- **who:** ${upper(row.name)}\n- **n:** ${number(row.n) + 1}\n- **condition:** ${number(row.n)} > 2\n"
	res, err := Table(context.Background(), TableRequest{Request: Request{Flow: md,
		Data: "name,n\nAnn,3\nBob,x\nCid,1\n", Format: "csv"}})
	require.NoError(t, err)
	require.True(t, res.Sheet)
	require.Equal(t, 3, res.Total)
	require.Equal(t, []Column{
		{Line: 1, Label: "who", Text: "${upper(row.name)}"},
		{Line: 2, Label: "n", Text: "${number(row.n) + 1}"},
		{Line: 3, Label: "condition", Text: "${number(row.n)} > 2", Condition: true},
	}, res.Columns)
	require.Len(t, res.Rows, 3)
	require.Equal(t, TableRow{Row: 0, SheetRow: 2, Cells: []Cell{{Text: "ANN"}, {Text: "4"}, {Text: "true"}}}, res.Rows[0])
	bob := res.Rows[1]
	require.Equal(t, 1, bob.Row)
	require.Equal(t, 3, bob.SheetRow)
	require.Equal(t, 2, bob.Fails)
	require.Equal(t, "BOB", bob.Cells[0].Text)
	require.Equal(t, "${number(row.n) + 1}: number: no number in 'x'", bob.Cells[1].Error)
	require.Contains(t, bob.Cells[2].Error, "no number in 'x'")
	// The summary is preview -summary -json's record, counted as running
	// every row whole counts it.
	require.Equal(t, wholeRows(t, res2req(md)).Summary, res.Summary)
	require.Equal(t, 3, res.Summary.Rows)
	who, n, cond := res.Summary.Fields[0], res.Summary.Fields[1], res.Summary.Fields[2]
	require.Equal(t, record.SummaryField{Line: 1, Label: "who", Kind: "field"}, who)
	require.Equal(t, []int{bob.Row}, n.FailRows)
	require.Equal(t, []int{bob.SheetRow}, n.FailSheetRows)
	require.Equal(t, "condition", cond.Kind)
	require.Equal(t, [3]int{1, 1, 1}, [3]int{*cond.True, *cond.False, cond.Fail})

	// A page of rows; the summary still counts them all.
	page, err := Table(context.Background(), TableRequest{Request: res2req(md), Offset: 1, Limit: 1})
	require.NoError(t, err)
	require.Equal(t, 1, page.Offset)
	require.Len(t, page.Rows, 1)
	require.Equal(t, 1, page.Rows[0].Row)
	require.Equal(t, res.Summary, page.Summary)

	// Data that is not a sheet is one row; no data, one row without data.
	one, err := Table(context.Background(), TableRequest{Request: Request{Flow: md, Data: `{"row":{"name":"x","n":"5"}}`}})
	require.NoError(t, err)
	require.False(t, one.Sheet)
	require.Equal(t, []TableRow{{Row: -1, SheetRow: -1, Cells: []Cell{{Text: "X"}, {Text: "6"}, {Text: "true"}}}}, one.Rows)
	none, err := Table(context.Background(), TableRequest{Request: Request{Flow: "- **a:** b\n"}})
	require.NoError(t, err)
	require.Equal(t, 1, none.Total)
	// A flow without fields: rows without cells, never null in JSON.
	empty, err := Table(context.Background(), TableRequest{Request: res2req("# nothing\n")})
	require.NoError(t, err)
	require.Len(t, empty.Rows, 3)
	b, err := json.Marshal(empty)
	require.NoError(t, err)
	require.NotContains(t, string(b), "null")

	// Data that cannot be read: why, and no rows.
	bad, err := Table(context.Background(), TableRequest{Request: Request{Flow: md, Data: "{", Format: "json"}})
	require.NoError(t, err)
	require.NotEmpty(t, bad.DataError)
	require.Empty(t, bad.Rows)
}

func res2req(md string) Request {
	return Request{Flow: md, Data: "name,n\nAnn,3\nBob,x\nCid,1\n", Format: "csv"}
}

// A workbook is read from its bytes by the same reader as the CLI's, and
// a long cell is cut at MaxCell bytes.
func TestTableXLSX(t *testing.T) {
	b, err := os.ReadFile("../../../../examples/renewals.xlsx")
	require.NoError(t, err)
	md, err := os.ReadFile("../../../../examples/renewals.md")
	require.NoError(t, err)
	res, err := Table(context.Background(), TableRequest{Request: Request{Flow: string(md), Bytes: b, Format: "xlsx"}})
	require.NoError(t, err)
	require.Empty(t, res.DataError)
	require.True(t, res.Sheet)
	require.Equal(t, 4, res.Total)
	require.Equal(t, "Dear Somchai Jaidee,", res.Rows[0].Cells[2].Text)

	// Through Call, as the page sends it: the bytes in base64.
	body, err := json.Marshal(TableRequest{Request: Request{Flow: string(md), Bytes: b, Format: "xlsx"}})
	require.NoError(t, err)
	out, err := Call(context.Background(), "table", body)
	require.NoError(t, err)
	var viaCall TableResult
	require.NoError(t, json.Unmarshal(out, &viaCall))
	require.Equal(t, *res, viaCall)

	long, err := Table(context.Background(), TableRequest{Request: Request{Flow: "- **a:** ${x}\n",
		Data: `{"x":"` + strings.Repeat("ก", MaxCell) + `"}`}})
	require.NoError(t, err)
	c := long.Rows[0].Cells[0]
	require.LessOrEqual(t, len(c.Text), MaxCell)
	require.Equal(t, 3*MaxCell, len(c.Text)+c.Cut)
}

// Past MaxCells, the rows left are counted, not run.
func TestTableCellCap(t *testing.T) {
	md := strings.Repeat("- **f:** ${row.a}\n", 1000)
	var csv strings.Builder
	csv.WriteString("a\n")
	rows := MaxCells/1000 + 7
	for range rows {
		csv.WriteString("1\n")
	}
	res, err := Table(context.Background(), TableRequest{Request: Request{Flow: md, Data: csv.String(), Format: "csv"}, Limit: 1})
	require.NoError(t, err)
	require.Equal(t, MaxCells/1000, res.Total)
	require.Equal(t, 7, res.RowsLeft)
}

// A cancelled table stops and says so.
func TestTableCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Table(ctx, TableRequest{Request: res2req("- **a:** ${row.name}\n")})
	require.ErrorIs(t, err, context.Canceled)
}

// Call answers completion and hover at a cursor of the flow, with the
// data as sample, and refuses what it cannot read.
func TestCallCursor(t *testing.T) {
	req := CursorRequest{Request: Request{Flow: "# x\n- **a:** ${row.na}\n", Data: "name,n\nAnn,3\n", Format: "csv"},
		Line: 2, Column: len("- **a:** ${row.na")}
	body, err := json.Marshal(req)
	require.NoError(t, err)
	out, err := Call(context.Background(), "complete", body)
	require.NoError(t, err)
	require.Contains(t, string(out), `"label":"name","kind":"key"`)
	req.Flow = "# x\n- **a:** ${row.name}\n"
	req.Column = len("- **a:** ${row.na")
	body, _ = json.Marshal(req)
	out, err = Call(context.Background(), "hover", body)
	require.NoError(t, err)
	require.Contains(t, string(out), "Ann")
	req.Line = 9
	body, _ = json.Marshal(req)
	out, err = Call(context.Background(), "hover", body)
	require.NoError(t, err)
	require.Equal(t, "null", string(out))

	for _, name := range Methods {
		if name == "functions" || name == "start" {
			continue
		}
		_, err := Call(context.Background(), name, []byte(`[`))
		var bad *BadRequest
		require.ErrorAs(t, err, &bad, name)
	}
	_, err = Call(context.Background(), "nope", nil)
	require.ErrorContains(t, err, "no such request")
}

// BenchmarkTable is the table of a 1,000-line flow (the premium report
// example, repeated) over 1,000 rows: the page's work for one keystroke
// over a sheet.
func BenchmarkTable(b *testing.B) {
	md, err := os.ReadFile("../../../../examples/renewals.md")
	require.NoError(b, err)
	var src strings.Builder
	for strings.Count(src.String(), "\n") < 1000 {
		src.Write(md)
	}
	var csv strings.Builder
	csv.WriteString("policy_no,customer,status,premium,renewal_date\n")
	for i := range 1000 {
		csv.WriteString("POL-" + strings.Repeat("1", i%5+1) + ",Somchai Jaidee,Due,12500.00,2026-01-15\n")
	}
	req := TableRequest{Request: Request{Flow: src.String(), Data: csv.String(), Format: "csv"}, Limit: 100}
	b.ReportAllocs()
	for b.Loop() {
		res, err := Table(context.Background(), req)
		if err != nil || res.Total != 1000 {
			b.Fatal(err)
		}
	}
}

// A row is told from its fields run alone, kept from the last table with
// the same data (only the fields that changed are run again), the cells
// of the rows shown too; the table is what running every row whole
// gives (wholeRows), a row whose fields together spend more than a row's
// budget (D42) included.
func TestTableColumns(t *testing.T) {
	big := strings.Repeat("x", 60<<10)
	var csv strings.Builder
	csv.WriteString("name,n,big\n")
	for i := range 40 {
		b := ""
		if i%7 == 3 {
			b = big // these rows' fields spend the row's budget
		}
		fmt.Fprintf(&csv, "%c%d,%s,%s\n", 'A'+i%26, i, []string{"1", "x", "12", "-3.5"}[i%4], b)
	}
	// Heavy: 20 fields, each different, each within a row's budget alone.
	var heavy string
	for k := range 12 {
		heavy += fmt.Sprintf("- **h:** ${len(upper(row.big))} %d\n", k)
	}
	for k := range 8 {
		heavy += fmt.Sprintf("- **condition:** ${lower(row.big)} != '%d'\n", k)
	}
	flows := []string{
		"- **who:** ${upper(row.name)}\n- **n:** ${number(row.n) + 1}\n- **condition:** ${number(row.n)} > 2\n",
		// A keystroke: one field changed, one added, the others kept.
		"- **who:** ${lower(row.name)}\n- **n:** ${number(row.n) + 1}\n- **condition:** ${number(row.n)} > 2\n- **condition:** ${row.name} == A0\n",
		"# Heavy\n" + heavy + "- **last:** ${row.name}\n- **condition:** ${number(row.n)} > 2\n",
		// Light again: two of the heavy rows' fields, within the budget.
		"- **h:** ${len(upper(row.big))} 11\n- **last:** ${row.name}\n",
		// New, heavy and all different: the rows run whole, and the
		// fields learnt from them.
		heavy + "- **last:** ${row.name} 2\n",
		"- **h:** ${len(upper(row.big))} 11\n- **last:** ${row.name} 2\n",
		// The same field twice, and a field in a code block, which is no field.
		"- **a:** ${row.name}\n```\n- **a:** ${nope(}\n```\n- **a:** ${row.name}\n- **condition:** ${nope(}\n",
	}
	forgetColumns()
	for _, md := range flows {
		req := Request{Flow: md, Data: csv.String(), Format: "csv"}
		want := wholeRows(t, req)
		// Pages of 7 rows: the rows of other pages are told from their
		// fields, and a page shown again from the cells kept.
		for _, offset := range []int{0, 7, 0, 35} {
			res, err := Table(context.Background(), TableRequest{Request: req, Offset: offset, Limit: 7})
			require.NoError(t, err)
			require.Equal(t, 40, res.Total)
			require.Equal(t, want.Summary, res.Summary, md)
			require.Equal(t, want.Rows[offset:min(offset+7, 40)], res.Rows, md)
		}
		// The fields of the flow are kept for the next table.
		lastColumns.Lock()
		for _, f := range flow.Fields([]byte(md)) {
			require.Contains(t, lastColumns.known[[2]int{0, 40}], columnKey{f.Value, f.Condition}, f.Value)
		}
		lastColumns.Unlock()
	}
	// The heavy rows spend their budget whole, and later fields fail for it.
	heavyReq := Request{Flow: "# Heavy\n" + heavy, Data: csv.String(), Format: "csv"}
	res, err := Table(context.Background(), TableRequest{Request: heavyReq, Offset: 3, Limit: 1})
	require.NoError(t, err)
	require.Equal(t, 3, res.Rows[0].Row)
	require.Contains(t, res.Rows[0].Cells[19].Error, "needs more work than allowed")
	require.Empty(t, res.Rows[0].Cells[0].Error)
	require.Equal(t, 6, conditions(res.Summary)[7].Fail) // rows 3, 10, 17, 24, 31, 38
}

// wholeRows is the table of req's sheet computed by running the flow
// over every row whole, as preview -each does: the rows and the summary.
func wholeRows(t *testing.T, req Request) TableResult {
	t.Helper()
	d, err := decodeData(req)
	require.NoError(t, err)
	src := []byte(req.Flow)
	f, err := flow.Compile(fileName, src)
	require.NoError(t, err)
	// The summary is counted as preview -summary counts it, row by row.
	tally := record.NewTally(flow.Fields(src), MaxFirstRows)
	var res TableResult
	for i := range d.Len() {
		vars, err := d.RowVars(i)
		require.NoError(t, err)
		r := f.Run(context.Background(), newScope(vars))
		r.Row, r.SheetRow = i, d.SheetRow(i)
		tally.AddRow(&r)
		tr := TableRow{Row: i, SheetRow: d.SheetRow(i), Cells: []Cell{}}
		for _, x := range r.Results {
			tr.Cells = append(tr.Cells, cellOf(x))
			if x.Err != nil {
				tr.Fails++
			}
		}
		res.Rows = append(res.Rows, tr)
	}
	res.Summary = tally.Record()
	return res
}

// conditions are the conditions of a summary, in file order.
func conditions(s record.Summary) []record.SummaryField {
	var out []record.SummaryField
	for _, f := range s.Fields {
		if f.Kind == "condition" {
			out = append(out, f)
		}
	}
	return out
}

// A workbook's sheets are offered to pick; the first is read by default,
// another when named, as FILE.xlsx#Sheet reads it.
func TestCheckSheets(t *testing.T) {
	f := excelize.NewFile()
	defer f.Close()
	require.NoError(t, f.SetSheetName("Sheet1", "Due"))
	_, err := f.NewSheet("Lapsed")
	require.NoError(t, err)
	require.NoError(t, f.SetSheetRow("Due", "A1", &[]any{"customer", "premium"}))
	require.NoError(t, f.SetSheetRow("Due", "A2", &[]any{"Somchai", 12500}))
	require.NoError(t, f.SetSheetRow("Lapsed", "A1", &[]any{"customer", "premium"}))
	require.NoError(t, f.SetSheetRow("Lapsed", "A2", &[]any{"Anna", 980.5}))
	require.NoError(t, f.SetSheetRow("Lapsed", "A3", &[]any{"Niran", "n/a"}))
	b, err := f.WriteToBuffer()
	require.NoError(t, err)
	md := "- **who:** ${row.customer}\n- **p:** ${number(row.premium)}\n"

	first, err := Check(context.Background(), Request{Flow: md, Bytes: b.Bytes(), Format: "xlsx"})
	require.NoError(t, err)
	require.Empty(t, first.DataError)
	require.Equal(t, []string{"Due", "Lapsed"}, first.Sheets)
	require.Equal(t, 1, first.Rows)
	require.Equal(t, "Somchai", first.Fields[0].Result)

	req := Request{Flow: md, Bytes: b.Bytes(), Format: "xlsx", Sheet: "Lapsed"}
	second, err := Check(context.Background(), req)
	require.NoError(t, err)
	require.Equal(t, first.Sheets, second.Sheets)
	require.Equal(t, 2, second.Rows)
	require.Equal(t, "Anna", second.Fields[0].Result)
	table, err := Table(context.Background(), TableRequest{Request: req})
	require.NoError(t, err)
	require.Equal(t, 2, table.Total)
	require.Equal(t, []int{1}, table.Summary.Fields[1].FailRows)

	// A sheet that is not there: why, with the sheets there are.
	req.Sheet = "Paid"
	none, err := Check(context.Background(), req)
	require.NoError(t, err)
	require.Equal(t, `data in data.xlsx: the workbook has no sheet named "Paid" (its sheets: "Due", "Lapsed")`, none.DataError)
	require.Equal(t, first.Sheets, none.Sheets)
	// Not a workbook: no sheets, and the data's error.
	bad, err := Check(context.Background(), Request{Flow: md, Bytes: []byte("name\nAnn\n"), Format: "xlsx"})
	require.NoError(t, err)
	require.Empty(t, bad.Sheets)
	require.NotEmpty(t, bad.DataError)
}

// A quick table whose summary needs many fields run anew sends the rows
// asked for at once and says it is partial; asked again, the summary is
// whole, and a quick table after it, with the fields kept, is whole too.
func TestTableQuick(t *testing.T) {
	forgetColumns()
	req := TableRequest{Request: Request{Flow: largeFlow(t, true), Data: largeCSV(), Format: "csv"}, Offset: 10, Limit: 5, Quick: true}
	quick, err := Table(context.Background(), req)
	require.NoError(t, err)
	require.True(t, quick.Partial)
	require.Equal(t, 1000, quick.Total)
	require.Len(t, quick.Rows, 5)
	require.Equal(t, 10, quick.Rows[0].Row)
	req.Quick = false
	whole, err := Table(context.Background(), req)
	require.NoError(t, err)
	require.False(t, whole.Partial)
	require.Equal(t, quick.Rows, whole.Rows)
	first := conditions(whole.Summary)[0]
	require.Equal(t, 1000, *first.True+*first.False)
	req.Quick = true
	again, err := Table(context.Background(), req)
	require.NoError(t, err)
	require.Equal(t, whole, again)
	// Few fields anew: whole at once.
	req.Flow += "- **more:** ${row.customer}\n"
	one, err := Table(context.Background(), req)
	require.NoError(t, err)
	require.False(t, one.Partial)
	require.Len(t, one.Columns, len(whole.Columns)+1)
}

// addParts adds up the tables of a table's parts, in order, as the page
// does (app.js, addTables).
func addParts(parts []*TableResult) *TableResult {
	sum := *parts[0]
	sum.Rows, sum.Total, sum.RowsLeft, sum.Partial = []TableRow{}, 0, 0, false
	sum.Summary = record.Summary{Fields: []record.SummaryField{}}
	for _, f := range parts[0].Summary.Fields {
		s := record.SummaryField{Line: f.Line, Label: f.Label, Kind: f.Kind}
		if f.Kind == "condition" {
			s.True, s.False = new(int), new(int)
		}
		sum.Summary.Fields = append(sum.Summary.Fields, s)
	}
	for _, p := range parts {
		sum.Rows = append(sum.Rows, p.Rows...)
		sum.Total += p.Total
		sum.RowsLeft += p.RowsLeft
		sum.Partial = sum.Partial || p.Partial
		if sum.Stopped == "" {
			sum.Stopped = p.Stopped
		}
		sum.Summary.Rows += p.Summary.Rows
		for i, f := range p.Summary.Fields {
			s := &sum.Summary.Fields[i]
			s.Fail += f.Fail
			if s.True != nil {
				*s.True += *f.True
				*s.False += *f.False
			}
			s.FailRows = append(s.FailRows, f.FailRows...)[:min(MaxFirstRows, len(s.FailRows)+len(f.FailRows))]
			s.FailSheetRows = append(s.FailSheetRows, f.FailSheetRows...)[:min(MaxFirstRows, len(s.FailSheetRows)+len(f.FailSheetRows))]
		}
	}
	return &sum
}

// A table in two parts, each its share of the rows, adds up to the whole
// table: quick (the rows shown at once, the page's second answer whole),
// the fields kept per part for the next table, for pages of rows in
// either part and across the two.
func TestTableParts(t *testing.T) {
	md := largeFlow(t, true) + "\n- **bad:** ${number(row.premium) / 0}\n" // fails on every row
	req := TableRequest{Request: Request{Flow: md, Data: largeCSV(), Format: "csv"}, Limit: 50}
	forgetColumns()
	for _, offset := range []int{0, 480, 950} {
		req.Offset, req.Parts = offset, 0
		whole, err := Table(context.Background(), req)
		require.NoError(t, err)
		require.Equal(t, 1000, whole.Total)
		require.Len(t, whole.Rows, 50)
		bad := whole.Summary.Fields[len(whole.Summary.Fields)-1]
		require.Equal(t, record.SummaryField{Line: bad.Line, Label: "bad", Kind: "field", Fail: 1000,
			FailRows: []int{0, 1, 2}, FailSheetRows: []int{2, 3, 4}}, bad)
		forgetColumns()
		tables := func(quick bool) *TableResult {
			var parts []*TableResult
			for part := range 2 {
				r := req
				r.Part, r.Parts, r.Quick = part, 2, quick
				res, err := Table(context.Background(), r)
				require.NoError(t, err)
				parts = append(parts, res)
			}
			require.Equal(t, 500, parts[0].Total+parts[0].RowsLeft, "part 0 runs the first half")
			return addParts(parts)
		}
		quick := tables(true)
		require.True(t, quick.Partial, "every field new: the rows shown first")
		require.Equal(t, whole.Rows, quick.Rows)
		require.Equal(t, 1000, quick.Total)
		require.Equal(t, whole, tables(false))
		require.Equal(t, whole, tables(true), "the fields kept: quick is whole")
	}
	req.Part, req.Parts = 2, 2
	body, err := json.Marshal(req)
	require.NoError(t, err)
	_, err = Call(context.Background(), "table", body)
	var badReq *BadRequest
	require.ErrorAs(t, err, &badReq)
	require.Contains(t, err.Error(), "part")
}

// The rows shown of a quick table, run whole, are kept for the table of
// every row that follows with the same flow and data, and not run again.
func TestTableKeepsRowsShown(t *testing.T) {
	forgetColumns()
	t.Cleanup(forgetColumns) // a cell marked below
	req := TableRequest{Request: Request{Flow: largeFlow(t, true), Data: largeCSV(), Format: "csv"}, Offset: 10, Limit: 5, Quick: true}
	quick, err := Table(context.Background(), req)
	require.NoError(t, err)
	require.True(t, quick.Partial)
	d, err := decodeData(req.Request)
	require.NoError(t, err)
	kept := lastWhole.get([]byte(req.Flow), d)
	require.Len(t, kept, 5)
	for _, r := range quick.Rows {
		require.Equal(t, r.Cells, kept[r.Row].cells)
	}
	require.Nil(t, lastWhole.get([]byte(req.Flow+"\n"), d), "another flow")
	// Marked, a kept cell comes back as it is: the row was not run again.
	kept[12].cells[0].Text = "kept"
	req.Quick = false
	whole, err := Table(context.Background(), req)
	require.NoError(t, err)
	require.Equal(t, "kept", whole.Rows[2].Cells[0].Text)
	require.Equal(t, quick.Rows[3:], whole.Rows[3:])
}

// The parts of a table asked for at once (kinenix play answers the two
// requests side by side) add up to the whole table, as one after the other.
func TestTablePartsTogether(t *testing.T) {
	req := TableRequest{Request: Request{Flow: largeFlow(t, true), Data: largeCSV(), Format: "csv"}, Offset: 480, Limit: 50}
	forgetColumns()
	t.Cleanup(forgetColumns)
	whole, err := Table(context.Background(), req)
	require.NoError(t, err)
	forgetColumns()
	for _, quick := range []bool{true, false, true} {
		parts := make([]*TableResult, 2)
		var wg sync.WaitGroup
		for part := range parts {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := req
				r.Part, r.Parts, r.Quick = part, 2, quick
				parts[part], _ = Table(context.Background(), r)
			}()
		}
		wg.Wait()
		require.NotNil(t, parts[0])
		require.NotNil(t, parts[1])
		sum := addParts(parts)
		require.Equal(t, whole.Rows, sum.Rows)
		if !sum.Partial {
			require.Equal(t, whole, sum)
		}
	}
}
