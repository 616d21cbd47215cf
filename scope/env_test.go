package scope_test

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

// fakeEnv is a process environment for the tests.
func fakeEnv(name string) (string, bool) {
	v, ok := map[string]string{
		"REGION":                "ap-southeast-1",
		"AWS_SECRET_ACCESS_KEY": "hunter2",
		"EMPTY":                 "",
	}[name]
	return v, ok
}

// Issue #13: a host hands a flow only the names it allows.
func TestAllowEnv(t *testing.T) {
	names := []string{"REGION", "EMPTY", "NOT_SET"}
	s := scope.New(nil, scope.WithEnv(scope.AllowEnv(fakeEnv, names...)))
	names[0] = "AWS_SECRET_ACCESS_KEY" // the names were copied

	v, ok := s.Env("REGION")
	require.True(t, ok)
	require.Equal(t, "ap-southeast-1", v)

	v, ok = s.Env("EMPTY") // allowed and set to empty: set
	require.True(t, ok)
	require.Empty(t, v)

	for _, name := range []string{"AWS_SECRET_ACCESS_KEY", "region", "NOT_SET", "", "REGION "} {
		v, ok := s.Env(name)
		require.False(t, ok, name)
		require.Empty(t, v, name)
	}

	// No names: nothing is answered.
	_, ok = scope.AllowEnv(fakeEnv)("REGION")
	require.False(t, ok)
	// A nil lookup answers nothing, and does not panic.
	_, ok = scope.AllowEnv(nil, "REGION")("REGION")
	require.False(t, ok)
}

func ExampleAllowEnv() {
	// A real host passes os.LookupEnv; fakeEnv is a fixed environment that
	// also holds AWS_SECRET_ACCESS_KEY.
	s := scope.New(nil, scope.WithEnv(scope.AllowEnv(fakeEnv, "REGION")))
	t := eval.MustCompile("region=${env.REGION} secret=${env.AWS_SECRET_ACCESS_KEY}")
	out, err := t.Render(s)
	fmt.Println(out, err)
	// Output: region=ap-southeast-1 secret= <nil>
}
