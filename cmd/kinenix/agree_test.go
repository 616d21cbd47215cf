package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/kinenix/expressions/flow"
)

// D43: validate -data runs the flow as preview does, so the two never
// disagree about a row: the fields that fail on a row in preview are
// exactly the lines validate gives an error for, with that row. Every
// example flow is run with every example data file (the flows meet data
// they were not written for, so that rows fail), and with a sheet made
// to fail.
func TestValidateAgreesWithPreview(t *testing.T) {
	dir := "../../examples"
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var flows, datas []string
	for _, e := range entries {
		switch filepath.Ext(e.Name()) {
		case ".md":
			flows = append(flows, filepath.Join(dir, e.Name()))
		case ".json", ".yaml", ".csv", ".xlsx":
			datas = append(datas, filepath.Join(dir, e.Name()))
		}
	}
	datas = append(datas, sheet(t), writeFile(t, "s.jsonl", "{\"premium\": \"n/a\", \"status\": \"Due\"}\n{\"premium\": 12, \"customer\": \"A B\"}\n"))
	flows = append(flows, writeFlow(t, "f.md", sheetFlow+"- **condition:** ${row.premium} > 10\n"))
	require.NotEmpty(t, flows)
	failing := 0
	for _, fl := range flows {
		for _, d := range datas {
			sheetData := sheetExt(d)
			args := []string{"preview", "-json", "-data", d, fl}
			if sheetData {
				args = []string{"preview", "-json", "-each", "-data", d, fl}
			}
			r := runCLI(t, "", args...)
			require.Empty(t, r.stderr, "%s %s", fl, d)
			var doc struct {
				Files []struct {
					Rows []struct {
						Row    *int `json:"row"`
						Fields []struct {
							Line  int    `json:"line"`
							Error string `json:"error"`
						} `json:"fields"`
					} `json:"rows"`
				} `json:"files"`
			}
			require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc), r.stdout)
			// row -> failing lines, as preview says
			want := map[int][]int{}
			rowIDs := []int{}
			for _, row := range doc.Files[0].Rows {
				id := -1
				if row.Row != nil {
					id = *row.Row
				}
				rowIDs = append(rowIDs, id)
				for _, f := range row.Fields {
					if f.Error != "" {
						want[id] = appendOnce(want[id], f.Line)
						failing++
					}
				}
			}
			v := runCLI(t, "", "validate", "-json", "-data", d, fl)
			var found []record.Finding
			require.NoError(t, json.Unmarshal([]byte(v.stdout), &found), v.stdout+v.stderr)
			got := map[int][]int{}
			for _, f := range found {
				if f.Warning {
					continue
				}
				rows := f.Rows
				if rows == nil || !sheetData {
					rows = rowIDs // an error without data, or of the one set of data, holds for every row
				}
				for _, id := range rows {
					got[id] = appendOnce(got[id], f.Line)
				}
			}
			for _, id := range rowIDs {
				sort.Ints(want[id])
				sort.Ints(got[id])
				require.Equal(t, want[id], got[id], "%s with %s, row %d:\n%s", fl, d, id, v.stdout)
			}
			hasErr := len(want) > 0
			require.Equal(t, hasErr, r.code == exitProblem, "preview exit %d for %s with %s", r.code, fl, d)
			require.Equal(t, hasErr, v.code == exitProblem, "validate exit %d for %s with %s: %s", v.code, fl, d, v.stdout)
		}
	}
	require.Positive(t, failing, "some rows fail, or the test shows nothing")
}

func appendOnce(xs []int, x int) []int {
	for _, y := range xs {
		if y == x {
			return xs
		}
	}
	return append(xs, x)
}

// A sheet with a header and no rows is one message of validate, not one
// per field (D45).
func TestValidateHeaderOnly(t *testing.T) {
	d := writeFile(t, "h.csv", "policy_no,status\n")
	f := writeFlow(t, "f.md", "- **a:** ${row.policy_no}\n- **b:** ${row.status}\n- **condition:** ${row.status} == Due\n")
	r := runCLI(t, "", "validate", "-data", d, f)
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Equal(t, d+":1:1: warning: the sheet has a header and no rows, so the flows were checked without data\n", r.stdout)
	r = runCLI(t, "", "validate", "-strict", "-data", d, f)
	require.Equal(t, 1, r.code)
	require.Equal(t, 1, strings.Count(r.stdout, "\n"))
}

// D42, D43: one run over a sheet stops at the same row, at the stated
// budget, in validate and in every format of preview (the checks of a
// row's data that validate and preview's text and JSON add are not the
// run's work); and what is said of the rows after a stop is said of the
// rows run, never of every row.
func TestRunStopsAlike(t *testing.T) {
	var b strings.Builder
	b.WriteString("id,amount\n")
	for i := range 200 {
		fmt.Fprintf(&b, "ID-%d,abc\n", i)
	}
	d := writeFile(t, "s.csv", b.String())
	f := writeFlow(t, "f.md", "- **amount:** ${number(row.amount)}\n- **all:** ${len(join(rows, ','))}\n- **id:** ${row.id}\n")
	const budget = 60_000
	runOptions = []flow.Option{flow.RunBudget(0, budget)}
	defer func() { runOptions = nil }()
	stopAt := regexp.MustCompile(`stopped at (rows\[[0-9,]+\] \(sheet row [0-9,]+\)): the run needs more work than allowed`)
	var want string
	for _, args := range [][]string{
		{"validate", "-data", d, f},
		{"preview", "-each", "-data", d, f},
		{"preview", "-errors", "-data", d, f},
		{"preview", "-each", "-explain", "-data", d, f},
		{"preview", "-each", "-format", "csv", "-data", d, f},
		{"preview", "-each", "-format", "jsonl", "-data", d, f},
		{"preview", "-each", "-format", "table", "-data", d, f},
		{"preview", "-each", "-summary", "-data", d, f},
		{"preview", "-json", "-each", "-data", d, f},
	} {
		r := runCLI(t, "", args...)
		require.Equal(t, exitProblem, r.code, args)
		m := stopAt.FindStringSubmatch(r.stderr + r.stdout)
		require.NotNil(t, m, "%v: %s", args, r.stderr)
		if want == "" {
			want = m[1]
		}
		require.Equal(t, want, m[1], args)
		if args[0] == "validate" {
			// D42: the amount fails on every row run, and only those
			// were run.
			require.Contains(t, r.stdout, "(every one of the ", r.stderr)
			require.Contains(t, r.stdout, " rows run before the run stopped)\n")
			require.NotContains(t, r.stdout, "(every row)")
		}
		if contains(args, "-summary") {
			require.Contains(t, r.stdout, " rows run before the run stopped\n")
			require.NotContains(t, r.stdout, "(every row)")
		}
	}
	// the stated budget: the run stops at the row past it, not before
	var one flow.RowResult
	fl, err := flow.Compile(f, []byte("- **amount:** ${number(row.amount)}\n- **all:** ${len(join(rows, ','))}\n- **id:** ${row.id}\n"))
	require.NoError(t, err)
	plan := &rowsPlan{sheet: true, every: true, path: d}
	for in, err := range plan.rows(true) {
		require.NoError(t, err)
		one = fl.Run(context.Background(), in.Scope)
		break
	}
	require.Positive(t, one.Steps)
	n := int(budget / one.Steps)
	require.Equal(t, fmt.Sprintf("rows[%d] (sheet row %d)", n, n+2), want)
}
