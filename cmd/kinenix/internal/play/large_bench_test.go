package play

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// largeRequest is the page's case of the e2e test (e2e/site_test.go,
// measureLarge): the renewals flow repeated to 1,000 lines and a CSV of
// 1,000 rows, as JSON the page sends.
func largeRequest(tb testing.TB) Request {
	return Request{Flow: largeFlow(tb, false), Data: largeCSV(), Format: "csv"}
}

// largeFlow is the renewals flow repeated to 1,000 lines; distinct makes
// every field of each copy after the first differ from the others (a
// text field ends in ` #K`, a condition starts with `${K} >= 0 and `), so
// that no field is the same as another: the same work, nothing shared.
func largeFlow(tb testing.TB, distinct bool) string {
	md, err := os.ReadFile("../../../../examples/renewals.md")
	require.NoError(tb, err)
	field := regexp.MustCompile(`(?m)^(- \*\*([a-z]+):\*\* )(.*)$`)
	var flow strings.Builder
	for k := 0; strings.Count(flow.String(), "\n") < 1000; k++ {
		if !distinct || k == 0 {
			flow.Write(md)
			continue
		}
		flow.WriteString(field.ReplaceAllStringFunc(string(md), func(line string) string {
			m := field.FindStringSubmatch(line)
			if m[2] == "condition" {
				return fmt.Sprintf("%s${%d} >= 0 and %s", m[1], k, m[3])
			}
			return fmt.Sprintf("%s%s #%d", m[1], m[3], k)
		}))
	}
	return flow.String()
}

// largeCSV is a sheet of 1,000 rows for the renewals flow.
func largeCSV() string {
	var csv strings.Builder
	csv.WriteString("policy_no,customer,status,premium,renewal_date\n")
	for i := range 1000 {
		fmt.Fprintf(&csv, "POL-%04d,Customer %d,%s,%d.50,2026-%02d-15\n", i, i, []string{"Due", "Paid", "Lapsed"}[i%3], 500+i*37, i%12+1)
	}
	return csv.String()
}

// forgetColumns drops the fields' outcomes and the rows kept from the
// last table, as new data does.
func forgetColumns() {
	lastColumns.Lock()
	lastColumns.known = nil
	lastColumns.Unlock()
	lastWhole.mu.Lock()
	lastWhole.d, lastWhole.rows = nil, nil
	lastWhole.mu.Unlock()
}

// BenchmarkCallCheckSheet is the check the page asks for on a keystroke
// in the large case: Call, JSON in and out.
func BenchmarkCallCheckSheet(b *testing.B) {
	body, err := json.Marshal(largeRequest(b))
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		out, err := Call(context.Background(), "check", body)
		if err != nil || len(out) == 0 {
			b.Fatal(err)
		}
	}
}

// BenchmarkCallTableSheet is the table the page asks for after the check
// in the large case, a page of 50 rows sent back: for a flow first seen
// with this data (new), and after a keystroke that changed one field
// (keystroke), for the renewals flow repeated (its fields 25 times each)
// and for the flow whose 405 fields all differ (distinct).
func BenchmarkCallTableSheet(b *testing.B) {
	for _, distinct := range []bool{false, true} {
		req := TableRequest{Request: largeRequest(b), Limit: 50}
		req.Flow = largeFlow(b, distinct)
		name := map[bool]string{false: "repeated", true: "distinct"}[distinct]
		body, err := json.Marshal(req)
		require.NoError(b, err)
		// The keystroke: one field's text changes, back and forth.
		edited := req
		edited.Flow = strings.Replace(req.Flow, "Dear ${row.customer},", "Dear ${row.customer}!", 1)
		require.NotEqual(b, req.Flow, edited.Flow)
		body2, err := json.Marshal(edited)
		require.NoError(b, err)
		b.Run(name+"/new", func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				forgetColumns()
				if out, err := Call(context.Background(), "table", body); err != nil || len(out) == 0 {
					b.Fatal(err)
				}
			}
		})
		// The page's first table of a flow new to it: quick (the rows
		// shown), then every row; whole in one worker as before (one), or
		// each half in a worker of its own (part0, part1), side by side.
		for _, parts := range []struct {
			name        string
			part, parts int
		}{{"one", 0, 1}, {"part0", 0, 2}, {"part1", 1, 2}} {
			var bodies [][]byte
			for _, quick := range []bool{true, false} {
				r := req
				r.Quick, r.Part, r.Parts = quick, parts.part, parts.parts
				body, err := json.Marshal(r)
				require.NoError(b, err)
				bodies = append(bodies, body)
			}
			b.Run(name+"/page-"+parts.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					forgetColumns()
					for _, body := range bodies {
						if out, err := Call(context.Background(), "table", body); err != nil || len(out) == 0 {
							b.Fatal(err)
						}
					}
				}
			})
		}
		b.Run(name+"/keystroke", func(b *testing.B) {
			b.ReportAllocs()
			bodies := [][]byte{body, body2}
			n := 0
			for b.Loop() {
				n++
				if out, err := Call(context.Background(), "table", bodies[n%2]); err != nil || len(out) == 0 {
					b.Fatal(err)
				}
			}
		})
	}
}
