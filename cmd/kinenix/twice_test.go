package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// A flow named more than once among the arguments of validate (the same
// file, the same path spelled another way, a directory twice, or a
// directory and a file in it) is checked once, where it first comes, so
// that its findings are not listed twice; preview shows it once too.
func TestFlowNamedTwiceCheckedOnce(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "flows")
	require.NoError(t, os.MkdirAll(filepath.Join(sub, "x"), 0o755))
	a := filepath.Join(sub, "a.md")
	require.NoError(t, os.WriteFile(a, []byte("- **x:** ${lenght(x)}\n"), 0o600))
	b := filepath.Join(sub, "x", "b.md")
	require.NoError(t, os.WriteFile(b, []byte("- **x:** ${len()}\n"), 0o600))
	findA := a + ":1:12: ${lenght(x)}: unknown function lenght; did you mean len?\n"
	findB := b + ":1:12: ${len()}: len takes 1 value, got 0\n"

	once := runCLI(t, "", "validate", sub)
	require.Equal(t, result{1, findA + findB, ""}, once)
	for _, args := range [][]string{
		{sub, sub},
		{sub, sub + string(filepath.Separator)},
		{sub, filepath.Join(sub, "x", "..")},
		{sub, a},
		{sub, b, a},
	} {
		r := runCLI(t, "", append([]string{"validate"}, args...)...)
		require.Equal(t, once, r, args)
	}
	// the file first named keeps its place and its spelling
	r := runCLI(t, "", "validate", b, sub)
	require.Equal(t, result{1, findB + findA, ""}, r)
	r = runCLI(t, "", "validate", a, filepath.Join(sub, ".", "a.md"), a)
	require.Equal(t, result{1, findA, ""}, r)

	r = runCLI(t, "", "validate", "-json", a, a)
	require.Equal(t, 1, r.code, r.stderr)
	var fs []map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &fs))
	require.Len(t, fs, 1)

	// a relative path and the same file by its full path
	wd, err := os.Getwd()
	require.NoError(t, err)
	rel, err := filepath.Rel(wd, a)
	if err == nil && !strings.HasPrefix(rel, "..") {
		r = runCLI(t, "", "validate", rel, a)
		require.Equal(t, 1, r.code)
		require.Equal(t, 1, strings.Count(r.stdout, "lenght"), r.stdout)
	}

	// a flow file that does not exist is told once
	missing := filepath.Join(dir, "gone.md")
	r = runCLI(t, "", "validate", missing, missing)
	require.Equal(t, result{exitUsage, "", "kinenix: flow file " + missing + " does not exist\n"}, r)

	// preview shows the flow's fields once
	p := filepath.Join(dir, "p.md")
	require.NoError(t, os.WriteFile(p, []byte("- **x:** ${x}\n"), 0o600))
	one := runCLI(t, "", "preview", p)
	require.Equal(t, 0, one.code, one.stderr)
	require.Equal(t, one, runCLI(t, "", "preview", p, p))
}

// Standard input is read once: named as a flow more than once (or as a
// flow and as -compare's old flow) the second would be checked as an
// empty flow and pass in silence. It is a usage error that names it.
func TestStdinNamedTwice(t *testing.T) {
	flowText := "- **x:** ${lenght(x)}\n"
	for _, args := range [][]string{
		{"validate", "-", "-"},
		{"validate", "-", "-", "-"},
		{"validate", "-json", "-", "-"},
		{"preview", "-", "-"},
	} {
		r := runCLI(t, flowText, args...)
		require.Equal(t, exitUsage, r.code, args)
		require.Empty(t, r.stdout, args)
		require.True(t, strings.HasPrefix(r.stderr, "kinenix "+args[0]+": - (standard input) is named more than once as a flow; standard input is read once: name it once, and give any other flow as a file; usage: kinenix "+args[0]+" "), "%v: %s", args, r.stderr)
	}
	r := runCLI(t, flowText, "preview", "-compare", "-", "-")
	require.Equal(t, exitUsage, r.code)
	require.Empty(t, r.stdout)
	require.Contains(t, r.stderr, "kinenix preview: -compare - and the flow - both name standard input, which is read once: give one of the two flows as a file;")

	// once is read as before
	r = runCLI(t, flowText, "validate", "-")
	require.Equal(t, result{1, "-:1:12: ${lenght(x)}: unknown function lenght; did you mean len?\n", ""}, r)
}

// -compare prints what changed and its own summary line, as text: with
// -explain or -summary, which it has no place for, it is a usage error
// that names the flag, as with -json and -format. -each is what -compare
// does with a sheet already, and goes with it.
func TestCompareRefusesExplainAndSummary(t *testing.T) {
	d, f := "../../examples/renewals.csv", "../../examples/renewals.md"
	old := writeFlow(t, "old.md", "- **x:** ${row.premium}\n")
	for _, flag := range []string{"-explain", "-summary"} {
		r := runCLI(t, "", "preview", "-data", d, "-compare", old, flag, f)
		require.Equal(t, exitUsage, r.code, flag)
		require.Empty(t, r.stdout, flag)
		require.True(t, strings.HasPrefix(r.stderr, "kinenix preview: -compare prints what changed as text; it does not take "+flag+"; usage: kinenix preview "), r.stderr)
	}
	plain := runCLI(t, "", "preview", "-data", d, "-compare", old, f)
	require.NotEqual(t, exitUsage, plain.code, plain.stderr)
	require.NotEmpty(t, plain.stdout)
	each := runCLI(t, "", "preview", "-data", d, "-compare", old, "-each", f)
	require.Equal(t, plain, each)
	// and -each needs a sheet, with -compare as without it
	r := runCLI(t, "", "preview", "-data", "../../examples/premium-report.json", "-compare", old, "-each", f)
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, "-each needs a sheet")
}

// help COMMAND -h (or --help, or help -h COMMAND) asks for the command's
// help twice over: it prints it, exit 0, as help COMMAND does.
func TestHelpCommandDashH(t *testing.T) {
	for _, cmd := range commands {
		want := runCLI(t, "", "help", cmd.name)
		require.Equal(t, exitOK, want.code, cmd.name)
		for _, args := range [][]string{
			{"help", cmd.name, "-h"}, {"help", cmd.name, "--help"}, {"help", cmd.name, "-help"}, {"help", "-h", cmd.name},
		} {
			require.Equal(t, want, runCLI(t, "", args...), args)
		}
	}
	r := runCLI(t, "", "help", "render", "cond")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, "help takes at most one command, got 2")
	r = runCLI(t, "", "help", "bogus", "-h")
	require.Equal(t, exitUsage, r.code)
	require.Contains(t, r.stderr, `unknown command "bogus"`)
}

// D41: a row whose -key cell is empty or blank is named without the key;
// JSON names it as the name does, with no key, rather than "key": "  ".
func TestBlankKeyInJSON(t *testing.T) {
	sheet := writeFile(t, "k.csv", "invoice,amount\n  ,1\n\u200b,2\nINV-3,x\n")
	p := writeFlow(t, "f.md", "- **n:** ${number(row.amount)}\n")

	r := runCLI(t, "", "preview", "-each", "-format", "jsonl", "-key", "invoice", "-data", sheet, p)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	require.Len(t, lines, 3, r.stdout)
	for i, ln := range lines {
		var row map[string]any
		require.NoError(t, json.Unmarshal([]byte(ln), &row))
		key, has := row["key"]
		if i < 2 {
			require.False(t, has, "row %d: key %q in %s", i, key, ln)
		} else {
			require.Equal(t, "INV-3", key)
		}
	}

	r = runCLI(t, "", "preview", "-json", "-each", "-key", "invoice", "-data", sheet, p)
	var doc struct {
		Files []struct {
			Rows []map[string]any `json:"rows"`
		} `json:"files"`
	}
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &doc), r.stdout)
	require.Len(t, doc.Files[0].Rows, 3)
	for i, row := range doc.Files[0].Rows {
		_, has := row["key"]
		require.Equal(t, i == 2, has, "row %d: %v", i, row)
	}

	// the text names the blank-key rows without a key, as JSON does
	r = runCLI(t, "", "preview", "-each", "-key", "invoice", "-data", sheet, p)
	require.Contains(t, r.stdout, "rows[0] (sheet row 2):\n")
	require.Contains(t, r.stdout, "rows[1] (sheet row 3):\n")

	// validate -json: a finding of one blank-key row has no key, and
	// the keys of several rows give "" for a blank one
	bad := writeFile(t, "b.csv", "invoice,amount\n  ,x\nINV-2,y\n")
	r = runCLI(t, "", "validate", "-json", "-key", "invoice", "-data", bad, p)
	var fs []map[string]any
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &fs), r.stdout)
	found := false
	for _, f := range fs {
		if keys, ok := f["keys"].([]any); ok {
			found = true
			require.Equal(t, []any{"", "INV-2"}, keys, f)
		}
		if f["row"] == float64(0) {
			_, has := f["key"]
			require.False(t, has, f)
		}
	}
	require.True(t, found, r.stdout)
	one := writeFile(t, "o.csv", "invoice,amount\n  ,x\n")
	r = runCLI(t, "", "validate", "-json", "-key", "invoice", "-data", one, p)
	fs = nil
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &fs), r.stdout)
	require.NotEmpty(t, fs)
	for _, f := range fs {
		_, has := f["key"]
		require.False(t, has, f)
		_, has = f["keys"]
		require.False(t, has, f)
	}
}
