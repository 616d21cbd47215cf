package play

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// A workbook that is not one is a data error that names the problem, not
// data dropped without a word: its bytes not a zip archive, or text sent
// in data with the format xlsx. Bytes that are not base64 are a bad
// request that names bytes and base64 in plain words.
func TestCheckWorkbookThatIsNot(t *testing.T) {
	for _, c := range []struct {
		req  Request
		want string
	}{
		{Request{Flow: "${row.a}", Format: "xlsx", Bytes: []byte("not a zip")}, "this is not an XLSX workbook"},
		{Request{Flow: "${row.a}", Format: "xlsx", Bytes: []byte{0, 1, 2, 3, 0xff}}, "XLSX"},
		{Request{Flow: "${row.a}", Format: "xlsx", Data: "not a zip"}, `a workbook (format "xlsx") is sent as its bytes, in base64, in bytes, not as text in data`},
	} {
		res, err := Check(context.Background(), c.req)
		require.NoError(t, err)
		require.Contains(t, res.DataError, c.want, "%q", c.req.Data+string(c.req.Bytes))
		require.NotContains(t, res.DataError, "zip:")
	}
	for _, body := range []string{
		`{"flow":"x","bytes":"!!!","format":"xlsx"}`,
		`{"flow":"x","bytes":"bm90IGEgemlw=","format":"xlsx"}`,
		`{"flow":"x","bytes":7,"format":"xlsx"}`,
	} {
		for _, name := range []string{"check", "table"} {
			_, err := Call(context.Background(), name, []byte(body))
			var bad *BadRequest
			require.True(t, errors.As(err, &bad), "%s %s: %v", name, body, err)
			require.Equal(t, "the request's bytes are not base64: send a workbook's bytes in bytes as base64 text (A-Z, a-z, 0-9, + and /, ended with = as needed), as JavaScript's btoa writes them", bad.Error(), body)
		}
	}
}

// P3: the problems are in file order (D32), as validate -json lists them;
// the column warnings of a sheet (D45) are with the columns' facts (R9:
// the problems are the row's, as validate -row N gives them).
func TestCheckProblemsInFileOrder(t *testing.T) {
	res, err := Check(context.Background(), Request{
		Flow: "- **a:** ${number(row.Price) * 2} ${row.Prise}\n- **b:** ${row.Name} ${row.Nmae}\n",
		// Most of Price's values are unclear, so that the column has a
		// warning (D45: "when most of a column's numbers read as unclear").
		Data:   "Name,Price\nx,\"12,5\"\ny,\"3,5\"\nz,3\n",
		Format: "csv",
	})
	require.NoError(t, err)
	var places [][2]int
	kinds := map[string]bool{}
	for _, p := range res.Problems {
		places = append(places, [2]int{p.Line, p.Column})
		kinds[p.Kind] = true
	}
	require.False(t, kinds["column"], "no column warning among them: %v", res.Problems)
	require.True(t, slices.ContainsFunc(res.Columns, func(c SheetColumn) bool { return len(c.Warnings) > 0 }), "the column's warning is with its facts: %v", res.Columns)
	require.True(t, slices.IsSortedFunc(places, func(a, b [2]int) int {
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[1] - b[1]
	}), "%v", places)
}

// D49: a hint must work when followed, here. CSV text in the box read as
// JSON or YAML, and JSON lines, were told to be saved "as a file whose
// name ends in .csv/.jsonl", which the page cannot do: CSV is told to
// pick CSV in the format menu (with commas first when another mark
// separates it), JSON lines, which the page does not read, where they are
// read. Followed, the CSV reads.
func TestCheckDataAdviceWorksHere(t *testing.T) {
	for _, c := range []struct {
		req        Request
		want       string
		fixed, fmt string
	}{
		{Request{Flow: "${row.name}", Data: "name,amount\nA,1\n"},
			"data in data: this is text that looks like CSV (values separated by ','), not JSON or YAML; choose CSV as the data's format (the menu beside Data), which reads it as CSV",
			"name,amount\nA,1\n", "csv"},
		{Request{Flow: "${row.name}", Data: "name;amount\nA;1\n", Format: "auto"},
			"data in data: this is text that looks like CSV with its columns separated by ';', not JSON or YAML; the playground reads CSV with commas: save it as CSV with commas (in a spreadsheet: \"CSV UTF-8 (Comma delimited)\"), paste that here, and choose CSV as the data's format (the menu beside Data)",
			"name,amount\nA,1\n", "csv"},
		{Request{Flow: "${row.name}", Data: "{\"name\":\"A\"}\n{\"name\":\"B\"}\n"},
			"data in data: this looks like JSON lines (one JSON object per line), not one JSON object; the playground does not read JSON lines: save them in a file whose name ends in .jsonl and check the flow with kinenix preview -data FILE.jsonl",
			"", ""},
		{Request{Flow: "${row.name}", Data: "{\"name\":\"A\"}\n{\"name\":\"B\"}\n", Format: "json"},
			"data in data.json: this looks like JSON lines (one JSON object per line), not one JSON object; the playground does not read JSON lines: save them in a file whose name ends in .jsonl and check the flow with kinenix preview -data FILE.jsonl",
			"", ""},
	} {
		res, err := Check(context.Background(), c.req)
		require.NoError(t, err)
		require.Equal(t, c.want, res.DataError, "%q", c.req.Data)
		if c.fmt == "" {
			continue
		}
		res, err = Check(context.Background(), Request{Flow: c.req.Flow, Data: c.fixed, Format: c.fmt})
		require.NoError(t, err)
		require.Empty(t, res.DataError)
		require.Equal(t, 1, res.Rows)
	}
}
