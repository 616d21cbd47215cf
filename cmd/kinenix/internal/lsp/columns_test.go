package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// D45: the hover on row.X with a sheet as sample data shows what the
// column holds over the sheet's rows.
func TestColumnNote(t *testing.T) {
	s := scope.New(map[string]any{
		"row":  map[string]any{"Amount": "100"},
		"rows": []any{map[string]any{"Amount": "100"}, map[string]any{"Amount": "n/a"}, map[string]any{"Amount": ""}},
	})
	require.Equal(t, "\n\nColumn over 3 rows: number text 1 ('100'); other text 1 ('n/a'); nothing 1", columnNote("row.Amount", s))
	require.Equal(t, "", columnNote("rows[0].Amount", s), "only row.X")
	require.Equal(t, "", columnNote("row.Amount", nil))
	require.Equal(t, "", columnNote("row.Amount", scope.New(map[string]any{"row": map[string]any{}})), "no sheet")
	text, _, _, ok := hoverText(placeholderOf(t, "row.Amount"), 5, s)
	require.True(t, ok)
	require.Contains(t, text, "`row.Amount`: text in the sample data")
}

// D44 in the editor: the traps flow.Validate finds are warnings on the
// text of the trap.
func TestTrapDiagnostics(t *testing.T) {
	lines := []string{"- **condition:** ${row.Status} == Overdue && ${row.Days} > 21", "- **a:** {{row.Amount}}"}
	ds := diagnostics(lines, flow.Validate("f.md", []byte(strings.Join(lines, "\n")), nil))
	require.Len(t, ds, 2)
	for _, d := range ds {
		require.Equal(t, protocol.DiagnosticSeverityWarning, *d.Severity)
		require.Equal(t, "trap", d.Code.Value)
	}
	require.Equal(t, "&&", lines[0][ds[0].Range.Start.Character:ds[0].Range.End.Character])
	require.Contains(t, ds[0].Message, "write and: ${row.Status} == Overdue and ${row.Days} > 21")
	require.Equal(t, "{{row.Amount}}", lines[1][ds[1].Range.Start.Character:ds[1].Range.End.Character])
	require.Contains(t, ds[1].Message, "write ${row.Amount}")
}

// D45 in the editor: the hover on row.X summarizes the column only when
// the sample data is a sheet. JSON data that has row and rows (such as
// premium-report.json) is not: its rows need not hold row's keys, and
// "nothing 3" under row's own value contradicted it.
func TestColumnNoteOnlyForSheet(t *testing.T) {
	data, err := filepath.Abs("../../../../examples/premium-report.json")
	require.NoError(t, err)
	line := "- **name:** ${row.First Name}"
	for _, sheet := range []bool{false, true} {
		c := startServer(t, Options{LoadData: func(p string) (map[string]any, bool, error) {
			vars, _, err := testData(p)
			return vars, sheet, err
		}})
		c.initialize(t, map[string]any{"data": data})
		c.open(flowURI, line+"\n")
		c.diagnostics(t)
		h := c.request("textDocument/hover", at(flowURI, 0, strings.Index(line, "First")+1))
		require.Nil(t, h.Error)
		var hover struct{ Contents struct{ Value string } }
		require.NoError(t, json.Unmarshal(h.Result, &hover))
		require.Contains(t, hover.Contents.Value, "Somchai", sheet)
		if sheet {
			require.Contains(t, hover.Contents.Value, "Column over", sheet)
		} else {
			require.NotContains(t, hover.Contents.Value, "Column over", sheet)
		}
	}
}

// D45: a key the sample's row lacks (a record of JSON lines without it)
// that other rows of the sheet hold: the hover on it shows the column's
// facts, as the playground lists them and validate -data counts them; a
// key no row holds shows nothing (the check says it is not found). (Found
// by TestPropToolsAgreeWithValidate.)
func TestColumnNoteKeyNotInSampleRow(t *testing.T) {
	rows := []any{map[string]any{"id": "A"}, map[string]any{"id": "B", "Unit Price (THB)": "12,5"}}
	s := scope.New(map[string]any{"row": rows[0], "rows": rows})
	for _, src := range []string{"row.Unit Price (THB)", " row.Unit Price (THB) "} {
		ph := placeholderOf(t, src)
		text, from, to, ok := absentColumn(ph, s)
		require.True(t, ok, src)
		require.Equal(t, "row.Unit Price (THB)", ph.Text[from:to])
		require.Equal(t, "`row.Unit Price (THB)`: not in the sample's row", text)
		require.Equal(t, "\n\nColumn over 2 rows: unclear number 1 ('12,5'); nothing 1", columnNote(ph.Text[from:to], s))
	}
	_, _, _, ok := absentColumn(placeholderOf(t, "row.Amout"), s)
	require.False(t, ok, "no row holds it")
	_, _, _, ok = absentColumn(placeholderOf(t, "rows[1].id"), s)
	require.False(t, ok, "only row.X")
	_, _, _, ok = absentColumn(placeholderOf(t, "row.id "), s)
	require.False(t, ok, "a key of the sample's row")
}
