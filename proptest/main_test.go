package proptest

import (
	"bytes"
	"fmt"
	"os"
	"sort"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/leanovate/gopter"
)

// The properties run with a fixed seed and case counts scaled by a factor;
// both come from the environment:
//
//	PROPTEST_SEED=12345      another seed (the default is defaultSeed)
//	PROPTEST_FACTOR=100      100 times more cases (make proptest-long)
//
// A failure prints the seed and the shrunk counterexample.
const defaultSeed = 20261016

var (
	seed   = envInt("PROPTEST_SEED", defaultSeed)
	factor = envFloat("PROPTEST_FACTOR", 1)
)

func envInt(name string, def int64) int64 {
	if s := os.Getenv(name); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			panic(name + " must be a whole number: " + s)
		}
		return n
	}
	return def
}

func envFloat(name string, def float64) float64 {
	if s := os.Getenv(name); s != "" {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || f <= 0 {
			panic(name + " must be a positive number: " + s)
		}
		return f
	}
	return def
}

// tally counts the cases each property ran, for the summary line.
var tally = struct {
	sync.Mutex
	cases map[string]int
	took  map[string]time.Duration
}{cases: map[string]int{}, took: map[string]time.Duration{}}

func TestMain(m *testing.M) {
	code := m.Run()
	tally.Lock()
	names := make([]string, 0, len(tally.cases))
	total := 0
	for n, c := range tally.cases {
		names = append(names, n)
		total += c
	}
	sort.Strings(names)
	if len(names) > 0 {
		props := map[string]bool{}
		for _, n := range names {
			props[n[:1]] = true // names start with the property's number
		}
		fmt.Printf("proptest: %d properties, %d cases, seed %d, factor %g\n", len(props), total, seed, factor)
		if testing.Verbose() {
			for _, n := range names {
				fmt.Printf("proptest:   %-55s %6d cases %8.2fs\n", n, tally.cases[n], tally.took[n].Seconds())
			}
		}
	}
	tally.Unlock()
	os.Exit(code)
}

// params are the gopter parameters of one property: its own generator
// seeded from the run's seed and the property's name (so each property
// can be rerun alone and gets the same cases), base×factor cases, one
// worker (the order of cases must not depend on scheduling).
func params(name string, base int) *gopter.TestParameters {
	h := int64(0)
	for _, c := range name {
		h = h*31 + int64(c)
	}
	p := gopter.DefaultTestParametersWithSeed(seed ^ h)
	p.MinSuccessfulTests = max(1, int(float64(base)*factor))
	p.MaxSize = 100
	p.MaxShrinkCount = 500
	p.MaxDiscardRatio = 50
	return p
}

// check runs one property with base×factor cases and fails t with the
// shrunk counterexample. The name starts with the property's number in
// the list ("1 print-parse-print").
func check(t *testing.T, name string, base int, p gopter.Prop) {
	t.Helper()
	start := time.Now()
	res := p.Check(params(name, base))
	took := time.Since(start)
	tally.Lock()
	tally.cases[name] += res.Succeeded
	tally.took[name] += took
	tally.Unlock()
	t.Logf("property %s: %d cases passed, %d discarded, in %v (seed %d)", name, res.Succeeded, res.Discarded, took.Round(time.Millisecond), seed)
	if !res.Passed() {
		var buf bytes.Buffer
		gopter.NewFormatedReporter(true, 160, &buf).ReportTestResult(name, res)
		t.Errorf("property %s failed (PROPTEST_SEED=%d):\n%s", name, seed, buf.String())
	}
}
