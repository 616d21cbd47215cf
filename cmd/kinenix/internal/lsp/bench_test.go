package lsp

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// bigFlow is a flow of 1,000 lines in the shape of the examples: headings,
// prose, fields with ${...} and conditions. Every placeholder of step k
// holds k, so that no two steps share a template; variant changes the text
// of one field (typing) or, with all, of every field.
func bigFlow(variant int, all bool) string {
	var b strings.Builder
	b.WriteString("# A long flow\n\n")
	for k := 0; b.Len() < 1<<20 && strings.Count(b.String(), "\n") < 1000-10; k++ {
		v := k
		if all || k == 7 {
			v = k + 1000*variant
		}
		fmt.Fprintf(&b, "## Step %d\n\nThe premium of request %d, in baht a year.\n\n", k, k)
		fmt.Fprintf(&b, "- **action:** set\n")
		fmt.Fprintf(&b, "- **premium %d:** ${round(number(row.premium) * 1.%d, 2)}\n", k, v)
		fmt.Fprintf(&b, "- **subject:** ${len(packages)} packages for ${join(ok_ids, ', ')} (%d)\n", v)
		fmt.Fprintf(&b, "- **name:** ${trim(upper(row.brand))} ${rows[%d].request_id} ${row.First Name}\n", v%3)
		fmt.Fprintf(&b, "- **condition:** ${row.status} == Active and ${row.amount} > %d\n\n", v)
	}
	for strings.Count(b.String(), "\n") < 1000 {
		b.WriteString("More prose.\n")
	}
	return b.String()
}

// BenchmarkChange measures what the issue asks to keep up with typing: a
// full-text change of a 1,000-line flow answered with its diagnostics,
// through the protocol on in-memory pipes, with the sample data of the
// premium example configured (so the data-aware checks run too).
// "typing" changes one field per change, as an author does; "every-line"
// changes every placeholder, so nothing is found in the compile cache.
func BenchmarkChange(b *testing.B) {
	data, err := filepath.Abs("../../../../examples/premium-report.json")
	if err != nil {
		b.Fatal(err)
	}
	for _, mode := range []struct {
		name string
		all  bool
	}{{"typing", false}, {"every-line", true}} {
		b.Run(mode.name, func(b *testing.B) {
			c := startServer(b, Options{LoadData: testData})
			c.initialize(b, map[string]any{"data": data})
			text := bigFlow(0, mode.all)
			if n := strings.Count(text, "\n"); n != 1000 {
				b.Fatalf("the flow has %d lines", n)
			}
			c.open(flowURI, text)
			if p := c.diagnostics(b); len(p.Diagnostics) != 0 {
				b.Fatalf("the flow has problems: %v", p.Diagnostics[0])
			}
			// The change messages, built before the clock runs.
			const variants = 64
			msgs := make([]string, variants)
			for i := range msgs {
				m, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": "textDocument/didChange",
					"params": map[string]any{
						"textDocument":   map[string]any{"uri": flowURI, "version": i + 2},
						"contentChanges": []any{map[string]any{"text": bigFlow(i+1, mode.all)}},
					}})
				if err != nil {
					b.Fatal(err)
				}
				msgs[i] = string(m)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				c.sendRaw(msgs[i%variants])
				if p := c.diagnostics(b); len(p.Diagnostics) != 0 {
					b.Fatalf("the flow has problems: %v", p.Diagnostics[0])
				}
			}
		})
	}
}
