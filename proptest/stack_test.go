package proptest

import (
	"fmt"
	"os"
	"os/exec"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// Go cannot recover from a stack overflow: it kills the process. So the
// headroom of the deepest inputs the limits let through is proven in a
// child process whose stack is capped with debug.SetMaxStack: every
// depth-20 form (and the longest chains) must compile, render and validate
// within stackLimit. The parent tries caps from 64 KiB up, doubling, and
// logs the first that is enough.

// stackLimit is the stack the deepest inputs must fit in. Measured (Go
// 1.26, amd64): the depth-20 forms need about 128 KiB, the 500-character
// chains (498 unary minus, 250 terms, 249 .keys), which D17 does not count
// as nesting, about 256 KiB; twice that with the race detector. The limit
// leaves twice the room; the test logs what was needed. (research/
// reliability.md section 5 hoped for 64 KiB.)
var stackLimit = func() int {
	if raceEnabled {
		return 1 << 20
	}
	return 512 << 10
}()

// deepInputs are the deepest templates and condition lines within the
// limits.
func deepInputs() (templates, conds []string) {
	templates = []string{
		"${" + rep("(", 20) + "1" + rep(")", 20) + "}",
		"${" + rep("upper(", 20) + "'a'" + rep(")", 20) + "}",
		"${" + rep("zero[", 20) + "0" + rep("]", 20) + "}",
		"${" + rep("(", 7) + rep("upper(", 7) + rep("zero[", 6) + "0" + rep("]", 6) + rep(")", 14) + "}",
		"${" + rep("-(", 20) + "1" + rep(")", 20) + "}",
		"${" + rep("-", 498) + "1}",
		"${1 " + rep("+1", 249) + "}",
		"${" + rep("a.", 249) + "b}",
		"${" + rep("(", 20) + rep("1 ** ", 50) + "1" + rep(")", 20) + "}",
		"${" + rep("[", 20) + rep("]", 20) + "}",
		"${" + rep("(", 21) + "1" + rep(")", 21) + "}",
		"${" + rep("(", 250) + "}",
	}
	conds = []string{
		strings.Repeat("${a} == x and ", 34) + "${a} == x",
		strings.Repeat("not ", 400) + "${a}",
		"${" + rep("upper(", 20) + "'a'" + rep(")", 20) + "} == A",
	}
	return templates, conds
}

func runDeepInputs() error {
	s := scope.New(map[string]any{"zero": []any{0}, "a": "x"})
	templates, conds := deepInputs()
	var src strings.Builder
	for _, text := range templates {
		if err := checkTemplate(text, s); err != nil {
			return err
		}
		src.WriteString("- **field:** " + text + "\n")
	}
	for _, line := range conds {
		if err := checkCondition(line, s); err != nil {
			return err
		}
		src.WriteString("- **condition:** " + line + "\n")
	}
	flow.Validate("deep.md", []byte(src.String()), s)
	return nil
}

// TestDeepInputsInSmallStack runs runDeepInputs in a child process with
// its stack capped at stackLimit.
func TestDeepInputsInSmallStack(t *testing.T) {
	if limit := os.Getenv("PROPTEST_STACK_CHILD"); limit != "" {
		n, _ := strconv.Atoi(limit)
		eval.Compile("${a}", eval.WithoutCache()) // warm up before the cap
		done := make(chan error)
		debug.SetMaxStack(n)
		go func() { done <- runDeepInputs() }()
		if err := <-done; err != nil {
			t.Fatal(err)
		}
		fmt.Println("deep inputs ok")
		return
	}
	if testing.Short() {
		t.Skip("starts child processes")
	}
	child := func(limit int) (string, bool) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestDeepInputsInSmallStack$", "-test.count=1", "-test.v")
		cmd.Env = append(os.Environ(), "PROPTEST_STACK_CHILD="+strconv.Itoa(limit))
		out, _ := cmd.CombinedOutput()
		return string(out), strings.Contains(string(out), "deep inputs ok")
	}
	// Powers of two from 64 KiB up: the first that is enough.
	var out string
	need := 0
	for limit := 64 << 10; limit <= stackLimit; limit *= 2 {
		var ok bool
		if out, ok = child(limit); ok {
			need = limit
			break
		}
	}
	require.NotZero(t, need, "the deepest inputs do not run within a %d KiB stack:\n%.2000s", stackLimit>>10, out)
	hi := need
	t.Logf("the deepest inputs run within a %d KiB stack (limit %d KiB)", hi>>10, stackLimit>>10)
}
