package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

type result struct {
	code           int
	stdout, stderr string
}

func runCLI(t *testing.T, stdin string, args ...string) result {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return result{code, out.String(), errb.String()}
}

const example = "../../examples/premium-report.json"

func TestRenderExample(t *testing.T) {
	r := runCLI(t, "", "render", "-data", example, "${len(packages)} packages for ${join(ok_ids, ', ')}")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "5 packages for POL-2026-0001, POL-2026-0002, POL-2026-0007\n", r.stdout)
	require.Empty(t, r.stderr)

	r = runCLI(t, "", "render", "-data", example, "${number(row.premium) * 12}")
	require.Equal(t, "185217\n", r.stdout)
	r = runCLI(t, "", "render", "-data", example, "${trim(upper(row.brand))} / ${row.Role in Company}")
	require.Equal(t, "TOYOTA / Fleet manager\n", r.stdout)
}

func TestRenderJSON(t *testing.T) {
	for text, want := range map[string]string{
		"${packages}":            `["Motor 1+","Motor 2+","Motor 3","Travel Asia","Home Fire"]`,
		"${len(packages) * 2}":   `10`,
		"${number(row.premium)}": `15434.75`,
		"${row.status}":          `"Active"`,
		"${missing}":             `null`,
		"n=${len(packages)}":     `"n=5"`,
		"${rows[0]}":             `{"amount":3,"request_id":"REQ-88123","status":"Active"}`,
	} {
		r := runCLI(t, "", "render", "-json", "-data", example, text)
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, want+"\n", r.stdout, text)
	}
	// flags may also come after the text
	r := runCLI(t, "", "render", "${len(packages)}", "-data", example, "-json")
	require.Equal(t, "5\n", r.stdout)
}

func TestRenderErrors(t *testing.T) {
	r := runCLI(t, "", "render", "-data", example, "${len(rows, 2)}")
	require.Equal(t, 1, r.code)
	require.Equal(t, "${len(rows, 2)}: len takes 1 value, got 2\n", r.stderr)
	require.Empty(t, r.stdout)

	r = runCLI(t, "", "render", "${"+strings.Repeat("a+", 300)+"a}")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stderr, "longer than 500 characters")

	// usage and file errors: exit 2, one line
	for _, args := range [][]string{
		{"render"},
		{"render", "a", "b"},
		{"render", "-nope", "x"},
		{"render", "-data", "does/not/exist.json", "x"},
		{"bogus"},
	} {
		r := runCLI(t, "", args...)
		require.Equal(t, 2, r.code, args)
		require.NotEmpty(t, r.stderr, args)
		require.NotContains(t, r.stderr, "goroutine", args)
	}
	r = runCLI(t, "", "render", "-data", "does/not/exist.json", "x")
	require.Equal(t, "kinenix: data file does/not/exist.json does not exist\n", r.stderr)
}

func TestDataFormats(t *testing.T) {
	dir := t.TempDir()
	yml := filepath.Join(dir, "d.yaml")
	require.NoError(t, os.WriteFile(yml, []byte("price: 0.1\nqty: 3\nname: Somchai\nitems: [a, b]\nok: true\nrow:\n  First Name: Ann\n"), 0o600))
	r := runCLI(t, "", "render", "-data", yml, "${price * qty} ${name} ${len(items)} ${ok} ${row.First Name}")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "0.3 Somchai 2 true Ann\n", r.stdout) // D2: YAML numbers stay exact

	r = runCLI(t, `{"a": 0.1, "b": 0.2}`, "render", "-data", "-", "${a + b}")
	require.Equal(t, "0.3\n", r.stdout) // D2: JSON numbers stay exact

	bad := filepath.Join(dir, "bad.json")
	require.NoError(t, os.WriteFile(bad, []byte(`{"a": `), 0o600))
	r = runCLI(t, "", "render", "-data", bad, "${a}")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "not valid JSON")

	list := filepath.Join(dir, "list.yaml")
	require.NoError(t, os.WriteFile(list, []byte("- a\n- b\n"), 0o600))
	r = runCLI(t, "", "render", "-data", list, "${a}")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "top level must be a mapping")
}

// Issue #13: a flow reads no environment unless a flag allows it; -env
// allows the names listed, -env-all all of them.
func TestEnv(t *testing.T) {
	t.Setenv("KINENIX_TEST_VAR", "from env")
	t.Setenv("KINENIX_TEST_SECRET", "hunter2")
	text := "${env.KINENIX_TEST_VAR}|${env.KINENIX_TEST_SECRET}|${len(env.KINENIX_TEST_SECRET)}"
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "||0\n"},
		{[]string{"-env", "KINENIX_TEST_VAR"}, "from env||0\n"},
		{[]string{"-env", "KINENIX_TEST_VAR,KINENIX_TEST_SECRET"}, "from env|hunter2|7\n"},
		{[]string{"-env", "KINENIX_TEST_VAR", "-env", " KINENIX_TEST_SECRET ,"}, "from env|hunter2|7\n"},
		{[]string{"-env=kinenix_test_var"}, "||0\n"}, // names match exactly
		{[]string{"-env-all"}, "from env|hunter2|7\n"},
	} {
		r := runCLI(t, "", append(append([]string{"render"}, c.args...), text)...)
		require.Equal(t, 0, r.code, r.stderr)
		require.Equal(t, c.want, r.stdout, c.args)
	}
	r := runCLI(t, "", "cond", "-env", "KINENIX_TEST_VAR", "${env.KINENIX_TEST_VAR} == from env and ${env.KINENIX_TEST_SECRET} is empty")
	require.Equal(t, "true\n", r.stdout, r.stderr)

	for _, args := range [][]string{
		{"render", "-env", "A=b", "x"},
		{"render", "-env-all", "-env", "HOME", "x"},
		{"render", "-env"},
	} {
		r := runCLI(t, "", args...)
		require.Equal(t, 2, r.code, args)
		require.Contains(t, r.stderr, "-env", args)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), args)
	}
}

func TestCond(t *testing.T) {
	r := runCLI(t, "", "cond", "-data", example, "${row.status} == Active and ${row.amount} > 0")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "true\n", r.stdout)

	r = runCLI(t, "", "cond", "-data", example, "-explain", "${row.status} == Active and ${row.amount} > 5")
	require.Equal(t, 0, r.code, r.stderr)
	require.Equal(t, "${row.status} == Active: 'Active' -> true\n${row.amount} > 5: 3 -> false\nfalse\n", r.stdout)

	r = runCLI(t, "", "cond", "-data", example, "${rows[2].amount} > 0 or ${row.model} is empty")
	require.Equal(t, "false\n", r.stdout)

	r = runCLI(t, "", "cond", "-data", example, "${row.brand} > 3")
	require.Equal(t, 1, r.code)
	require.True(t, strings.HasPrefix(r.stderr, "condition: "), r.stderr)

	r = runCLI(t, "", "cond", "-data", example, "${len(rows, 1)} > 3")
	require.Equal(t, 1, r.code)
	require.Equal(t, "condition: ${len(rows, 1)}: len takes 1 value, got 2\n", r.stderr)

	r = runCLI(t, "", "cond")
	require.Equal(t, 2, r.code)
}
