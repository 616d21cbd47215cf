package play

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// largeRequest is the page's case of the e2e test (e2e/site_test.go,
// measureLarge): the renewals flow repeated to 1,000 lines and a CSV of
// 1,000 rows, as JSON the page sends.
func largeRequest(tb testing.TB) Request {
	md, err := os.ReadFile("../../../../examples/renewals.md")
	require.NoError(tb, err)
	var flow strings.Builder
	for strings.Count(flow.String(), "\n") < 1000 {
		flow.Write(md)
	}
	var csv strings.Builder
	csv.WriteString("policy_no,customer,status,premium,renewal_date\n")
	for i := range 1000 {
		fmt.Fprintf(&csv, "POL-%04d,Customer %d,%s,%d.50,2026-%02d-15\n", i, i, []string{"Due", "Paid", "Lapsed"}[i%3], 500+i*37, i%12+1)
	}
	return Request{Flow: flow.String(), Data: csv.String(), Format: "csv"}
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
// in the large case: every row run, a page of 50 sent back.
func BenchmarkCallTableSheet(b *testing.B) {
	body, err := json.Marshal(TableRequest{Request: largeRequest(b), Limit: 50})
	require.NoError(b, err)
	b.ReportAllocs()
	for b.Loop() {
		out, err := Call(context.Background(), "table", body)
		if err != nil || len(out) == 0 {
			b.Fatal(err)
		}
	}
}
