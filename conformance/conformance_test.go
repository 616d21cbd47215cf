package conformance_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/conformance"
)

func TestSuite(t *testing.T) {
	cases, err := conformance.Load(conformance.Suite())
	require.NoError(t, err)
	for _, r := range conformance.Run(cases) {
		if !r.Pass {
			t.Errorf("%s:%d: %s\n  %s\n  got: %s\n  rule %s; hint: %s", r.Case.File, r.Case.Line, r.Case.Title(), r.Why, r.Got, r.Case.Rule, r.Case.Hint)
		}
	}
}
