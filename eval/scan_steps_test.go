package eval_test

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
)

// TestScanPlaceholdersLinear: however many `${` stay open, finding the
// placeholders (D18) takes work linear in the text. The work is counted,
// not timed, as gen/exprparser/limits_test.go counts the parser's steps:
// the statements of package eval that one ScanPlaceholders runs, read from
// a coverage profile in count mode (go test's own instrumentation, so the
// library needs no counter of its own). Four times the text costs at most
// four times the statements (plus a little), and never more than a
// hundred a byte; a quadratic scan costs tens of thousands a byte here.
func TestScanPlaceholdersLinear(t *testing.T) {
	if input := os.Getenv("EVAL_SCAN_INPUT"); input != "" {
		// The child: scan the input once, under coverage.
		text, err := os.ReadFile(input)
		require.NoError(t, err)
		spans, open := eval.ScanPlaceholders(string(text))
		require.True(t, len(spans) > 0 || len(open) > 0, "nothing found")
		return
	}
	goTool, err := exec.LookPath("go")
	require.NoError(t, err, "the test counts statements with go test -cover")
	dir := t.TempDir()
	bin := filepath.Join(dir, "eval.test")
	build := exec.Command(goTool, "test", "-c", "-o", bin, "-covermode=count", "-coverpkg=github.com/kinenix/expressions/eval", ".")
	out, err := build.CombinedOutput()
	require.NoError(t, err, "%s", out)

	// steps scans text in a child and returns the statements it ran.
	steps := func(text string) int {
		input, profile := filepath.Join(dir, "input"), filepath.Join(dir, "cover.out")
		require.NoError(t, os.WriteFile(input, []byte(text), 0o600))
		child := exec.Command(bin, "-test.run=^TestScanPlaceholdersLinear$", "-test.count=1", "-test.coverprofile="+profile)
		child.Env = append(os.Environ(), "EVAL_SCAN_INPUT="+input)
		out, err := child.CombinedOutput()
		require.NoError(t, err, "%s", out)
		return coveredStatements(t, profile)
	}
	base := steps("${}") // package initialisation and a scan of nothing
	for _, unit := range []string{"${'", "${\"'", "${", "${'\\", "${'}", "${\"${'", "a${b}", "${'\\'"} {
		small, large := strings.Repeat(unit, 1_000), strings.Repeat(unit, 4_000)
		a, b := steps(small)-base, steps(large)-base
		t.Logf("%q: %d statements for %d bytes, %d for %d", unit, a, len(small), b, len(large))
		require.LessOrEqual(t, float64(b), 4.2*float64(a), "%q: %d statements at 1,000, %d at 4,000", unit, a, b)
		require.LessOrEqual(t, b, 100*len(large), "%q: %d statements for %d bytes", unit, b, len(large))
	}
}

// coveredStatements sums a count-mode coverage profile: each block's
// statements times the times it ran.
func coveredStatements(t *testing.T, profile string) int {
	f, err := os.Open(profile)
	require.NoError(t, err)
	defer f.Close()
	total := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Bytes()
		if bytes.HasPrefix(line, []byte("mode:")) {
			require.Equal(t, "mode: count", string(line))
			continue
		}
		// file.go:line.col,line.col statements count
		fields := strings.Fields(string(line))
		require.Len(t, fields, 3, "%s", line)
		n, err := strconv.Atoi(fields[1])
		require.NoError(t, err)
		c, err := strconv.Atoi(fields[2])
		require.NoError(t, err)
		total += n * c
	}
	require.NoError(t, sc.Err())
	require.Positive(t, total, "the profile counted nothing")
	return total
}
