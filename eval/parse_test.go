package eval

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// A row that fails costs no parse: what the hints of its message need from
// the expression's text (the divisor of / or %, a date hint's rewrite of
// its placeholder) is the compiled tree's, or kept once asked, so a sheet
// whose every row fails with a message of its own parses each expression
// as often as a sheet whose rows are clean. Counted, never timed. (Not
// parallel: the count is the package's.)
func TestFailingRowParsesNothing(t *testing.T) {
	date := func(i int) string { return fmt.Sprintf("20%02d-%02d-%02d", i%30, i%12+1, i%28+1) }
	row := func(i int) *scope.Scope {
		return scope.New(map[string]any{"row": map[string]any{
			"date":  date(i),
			"x":     fmt.Sprintf("abc%d", i),
			"u":     fmt.Sprintf("%d 5%d0", i%999+1, i%10),
			"a":     i + 1,
			"z":     0,
			"k":     fmt.Sprintf("key%d", i),
			"blank": "",
		}})
	}
	for _, c := range []struct {
		src  string
		cond bool
		want string
		same bool // every row's message is the same
	}{
		{"${row.date} > 2026-01-01", true, "compare their digits as numbers: write ${number(replace(row.date, '-', ''))} > 20260101", false},
		{"${row.date} <= ${row.date}", true, "compare their digits as numbers: write ${number(replace(row.date, '-', ''))} <= ${number(replace(row.date, '-', ''))}", false},
		{"${row.x * 2}", false, "not a number; use number(row.x)", false},
		{"${row.a / row.x}", false, "not a number; use number(row.x)", false},
		{"${row.a / row.blank}", false, "default(number(row.blank), 1)", true},
		{"${number(row.u)}", false, "is not clear: write", false},
		{"${row.a / row.z}", false, "division by zero", true},
		{"${row[row.k]}", false, "ok: ", true}, // a miss: validate warns
	} {
		t.Run(c.src, func(t *testing.T) {
			run := func(i int) string {
				msg := runHint(t, c.src, c.cond, row(i))
				if c.cond {
					// the part's own hint, as validate asks it of each row
					cond := MustCompileCondition(c.src)
					p := cond.Parts()[0]
					d := value.TextValue(date(i))
					if hint, ok := p.DateHint(d, d); ok {
						msg += " | " + hint
					}
				}
				return msg
			}
			first := run(0) // compiles, and asks once what it keeps
			require.Contains(t, first, c.want)
			before := parses.Load()
			seen := map[string]bool{}
			for i := 1; i <= 200; i++ {
				msg := run(i)
				require.Contains(t, msg, c.want, "row %d", i)
				seen[msg] = true
			}
			require.Equal(t, before, parses.Load(), "parses over 200 failing rows of %s", c.src)
			if !c.same {
				require.Greater(t, len(seen), 1, "the rows fail with messages of their own")
			}
		})
	}
}

// The ${...} a date hint writes for a placeholder is kept with the shape of
// the date it was written for: rows whose dates are written differently
// get each their own, the same as computed afresh.
func TestDateHintKeptByShape(t *testing.T) {
	dates := []string{"2026-04-15", "15/04/2026", "2026-04-15 09:30", "04/15/2026",
		"2026/4/5", "2026-04-15T09:30:15", "15.04.2026", "2026-4-15", "2026-04-15"}
	rewrites := 0
	for _, src := range []string{"${row.d} > 2026-01-01", "${row.d} < 20/01/2026",
		"${row.d} >= 2026-01-01 10:00", "${row.d} <= 01/20/2026 10:00:30"} {
		c := MustCompileCondition(src)
		p := c.Parts()[0]
		for round := 0; round < 2; round++ {
			for _, d := range dates {
				l := value.TextValue(d)
				r := value.TextValue(p.Right.Text())
				kept, ok := p.DateHint(l, r)
				require.True(t, ok, "%s with %s", src, d)
				p.Left.places[0].date.Store(nil)
				fresh, _ := p.DateHint(l, r)
				require.Equal(t, fresh, kept, "%s with %s", src, d)
				if strings.Contains(kept, "write ${") {
					rewrites++
				}
			}
		}
	}
	require.Greater(t, rewrites, 20, "the shapes are rewritten, not only advised")

	// A run's goroutines share the part: each gets its own date's hint.
	c := MustCompileCondition("${row.d} > 2026-01-01")
	p := c.Parts()[0]
	r := value.TextValue("2026-01-01")
	want := map[string]string{}
	for _, d := range dates {
		want[d], _ = p.DateHint(value.TextValue(d), r)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				d := dates[(i+g)%len(dates)]
				if got, _ := p.DateHint(value.TextValue(d), r); got != want[d] {
					t.Errorf("%s: %q, want %q", d, got, want[d])
					return
				}
			}
		}()
	}
	wg.Wait()
}
