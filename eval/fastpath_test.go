package eval_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

var updateFastPaths = flag.Bool("update-fastpaths", false, "rewrite testdata/fastpaths.golden")

// fastPathCases exercise the shapes issue #11 compiles to their own
// closures: arithmetic with constant sides and sides of arithmetic, chains
// of text functions, calls of 0 to 3 values, section 4's whole-text lookup,
// and the errors of each side in D12's order (the right side's error
// before the left side's wrong kind, D7).
var fastPathCases = []string{
	"${(a + b) * 2 - n % 3}",
	"${a * 2}", "${2 * a}", "${-a + 1}", "${1 - (a + b)}", "${(a + b) * (n - 1)}",
	"${word + 1}", "${1 + word}", "${word * missing}", "${missing - 1}",
	"${word + len(5)}", "${len(5) + word}", "${(word + 1) * len(5)}", "${a / 0}", "${(a - a) % 0}",
	"${trim(upper(x))}", "${lower(trim(upper(x)))}", "${trim((upper(x)))}", "${upper(trim(rows))}",
	"${trim(upper(rows))}", "${upper(lower(count))}", "${trim(upper(nothing))}", "${upper(trim(flag))}",
	"${len(packages)}", "${len(ok_ids) + len(packages)}", "${join(ok_ids, ', ')}", "${join(ok_ids)}",
	"${replace(x, 'l', 'L')}", "${default(nothing, 'none')}", "${substring(x, 2, 5)}",
	"${len(packages}", "${len(Unit Price)}", "${row.First Name}",
	"Dear ${x}, ${a * 12} for ${len(packages)}",
	// A constant whole-number index worked out once (build.go's
	// constIndex), its lines written by the general index before it.
	"${rows[0].request_id}", "${rows[-1].id * 2}", "${rows[3]}", "${packages[1.0]}", "${row[2026]}",
	"${count[0]}", "${rows[0][0]}", "${nothing[0]}", "${packages[-4]}",
	// The shapes shapegen writes (issue #19) that no case above has: a
	// constant and a value, a value and arithmetic (the general closure),
	// two variables of number text, a key and an item of a variable.
	"${2 * len(packages)}", "${len(packages) - (a + b)}", "${price * half}",
	"${len(row.missing)}", "${upper(rows[1].request_id)}", "${word[0]}",
}

// TestFastPathsKeepResults pins, for every case under every step budget
// from 1 to 40 and a few byte budgets, the result or the error message as
// they were before issue #11's fast paths (testdata/fastpaths.golden was
// written by the code before them): the same values, the same errors in
// the same order, the budget spent at the same point (D12, D35).
func TestFastPathsKeepResults(t *testing.T) {
	vars := data(t)
	vars["len(Unit Price)"] = "the key"
	vars["row"] = map[string]any{"First Name": "Somchai"}
	var b strings.Builder
	for _, c := range fastPathCases {
		tpl, err := eval.Compile(c)
		if err != nil {
			fmt.Fprintf(&b, "%s compile: %v\n", c, err)
			continue
		}
		for steps := int64(1); steps <= 40; steps++ {
			fmt.Fprintf(&b, "%s steps=%d: %s\n", c, steps, renderResult(tpl, scope.New(vars, scope.WithMaxSteps(steps))))
		}
		for _, work := range []int64{1, 5, 20, 100} {
			fmt.Fprintf(&b, "%s work=%d: %s\n", c, work, renderResult(tpl, scope.New(vars, scope.WithMaxWork(work))))
		}
		s := scope.New(vars)
		for i := 0; i < 6; i++ { // past the reads after which a scope keeps its values
			fmt.Fprintf(&b, "%s read %d: %s\n", c, i, renderResult(tpl, s))
		}
	}
	golden := filepath.Join("testdata", "fastpaths.golden")
	if *updateFastPaths {
		require.NoError(t, os.WriteFile(golden, []byte(b.String()), 0o644))
	}
	want, err := os.ReadFile(golden)
	require.NoError(t, err)
	require.Equal(t, string(want), b.String())
}

func renderResult(tpl *eval.Template, s *scope.Scope) string {
	out, err := tpl.Render(s)
	if err != nil {
		return "error: " + err.Error()
	}
	v, err := tpl.Value(s)
	if err != nil {
		return "value error: " + err.Error()
	}
	return fmt.Sprintf("%q (%s)", out, v.Kind())
}
