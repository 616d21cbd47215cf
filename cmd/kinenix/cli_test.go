package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/cmd/kinenix/internal/record"
	"github.com/kinenix/expressions/data"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
)

// Flags some commands must have, which their help must list (issue #12);
// help is checked for every command of the table, with these and every
// flag it lists.
var commandFlags = map[string][]string{
	"render":      {"data", "row", "json", "env", "env-all"},
	"cond":        {"data", "row", "explain", "env", "env-all"},
	"preview":     {"data", "row", "each", "explain", "json", "strict", "env", "env-all"},
	"validate":    {"data", "row", "json", "strict", "env", "env-all"},
	"play":        {"addr", "public", "data"},
	"conformance": {"next"},
}

// tableFlags are the names of the flags of cmd, as its entry of the
// command table defines them.
func tableFlags(cmd *command) []string {
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	cmd.run(&cli{}, fs)
	var names []string
	fs.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}

// Issue #12: help goes to standard output with exit 0, lists every flag
// with its help text, and shows an example.
func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"--help"}, {"-help"}, {"help", "help"}, {"help", "-h"}} {
		r := runCLI(t, "", args...)
		require.Equal(t, 0, r.code, args)
		require.Empty(t, r.stderr, args)
		for _, cmd := range commands {
			require.Contains(t, r.stdout, "\n  kinenix "+cmd.name, args)
			require.Contains(t, r.stdout, "\n  "+cmd.name+" ", args)
		}
		require.Contains(t, r.stdout, "examples:\n  kinenix render -data", args)
		require.Contains(t, r.stdout, "kinenix help COMMAND", args)
	}
	for name := range commandFlags {
		require.NotNil(t, lookupCommand(name), name)
	}
	for _, cmd := range commands {
		name := cmd.name
		flags := tableFlags(cmd)
		for _, f := range commandFlags[name] {
			require.Contains(t, flags, f, name)
		}
		for _, args := range [][]string{{"help", name}, {name, "-h"}, {name, "--help"}, {name, "-help"}, {name, "x", "-h"}} {
			r := runCLI(t, "", args...)
			require.Equal(t, 0, r.code, args)
			require.Empty(t, r.stderr, args)
			require.True(t, strings.HasPrefix(r.stdout, "usage: kinenix "+name), r.stdout)
			require.Contains(t, r.stdout, "\nexamples:\n  "+cmd.examples[0]+"\n", args)
			for _, f := range append(flags, "h, -help") {
				found := false
				for _, ln := range strings.Split(r.stdout, "\n") {
					// `  -name ARG   help text`
					rest, ok := strings.CutPrefix(ln, "  -"+f+" ")
					found = found || ok && len(strings.TrimSpace(rest)) > 10
				}
				require.True(t, found, "%v: no help line for -%s in\n%s", args, f, r.stdout)
			}
			require.Contains(t, r.stdout, "\n  --  ", args)
		}
	}
	r := runCLI(t, "", "help", "bogus")
	require.Equal(t, 2, r.code)
	require.Equal(t, "kinenix: unknown command \"bogus\"; the commands are "+commandNames()+"\n", r.stderr)
	require.Contains(t, r.stderr, ", version, help\n")
	// help takes one command, as version takes none: an extra argument
	// is a usage error, not ignored
	for _, args := range [][]string{{"help", "render", "extra"}, {"help", "help", "x"}} {
		r = runCLI(t, "", args...)
		require.Equal(t, exitUsage, r.code, args)
		require.Equal(t, "kinenix help: help takes at most one command, got 2; usage: kinenix help [COMMAND] (kinenix help for more)\n", r.stderr)
		require.Empty(t, r.stdout)
	}
	// the overview names every extension -data reads, from the data package
	r = runCLI(t, "", "help")
	exts := data.Extensions()
	require.Contains(t, r.stdout, strings.Join(exts[:len(exts)-1], ", ")+" or "+exts[len(exts)-1]+".")
	// No arguments: the overview, on standard error, exit 2.
	r = runCLI(t, "")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "kinenix help COMMAND")
}

// The README's table of commands and the command's package doc (go doc)
// give each command's usage whole, as its help does: a flag the command
// takes is never missing from them (issue #20: the flags' names are the
// command line's contract).
func TestUsageInDocs(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	table, ok := strings.CutPrefix(string(readme[strings.Index(string(readme), "## The command line\n"):]), "## The command line\n\n```\n")
	require.True(t, ok, "README has no table of commands under The command line")
	table = table[:strings.Index(table, "```")]
	src, err := os.ReadFile("main.go")
	require.NoError(t, err)
	pkgDoc := string(src[:strings.Index(string(src), "\npackage main")])
	usages := []string{"kinenix help [COMMAND]"}
	for _, cmd := range commands {
		usages = append(usages, strings.TrimSpace("kinenix "+cmd.name+" "+cmd.args))
	}
	for _, u := range usages {
		require.Contains(t, "\n"+table, "\n"+u+"\n", "README's table of commands")
		require.Contains(t, pkgDoc, "//\t"+u+"\n", "the package doc of cmd/kinenix")
	}
}

// Issue #12: flags go before or after the arguments, `--` ends them, and
// an argument that starts with - but is no flag name is an argument.
func TestFlagsAndArguments(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"cond", "-1 < 3"}, "true\n"},
		{[]string{"cond", "-5 > -2.5"}, "false\n"},
		{[]string{"render", "-${x}"}, "-\n"},
		{[]string{"render", "-"}, "-\n"},
		{[]string{"render", "--", "-json"}, "-json\n"},
		{[]string{"render", "-json", "--", "-x"}, "\"-x\"\n"},
		{[]string{"render", "x", "--json"}, "\"x\"\n"},
		{[]string{"render", "-json=false", "x"}, "x\n"},
		{[]string{"render", "--data=" + example, "${row.status}"}, "Active\n"},
		{[]string{"render", "${row.status}", "-data", example}, "Active\n"},
		{[]string{"cond", "-data", example, "--", "-1 < ${row.amount}"}, "true\n"},
		{[]string{"cond", "--", "-explain == -explain"}, "true\n"},
	} {
		r := runCLI(t, "", c.args...)
		require.Equal(t, 0, r.code, "%v: %s", c.args, r.stderr)
		require.Equal(t, c.want, r.stdout, c.args)
	}

	// An unknown flag: exit 2, one line naming it and the usage.
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"render", "-jsn", "x"}, "-jsn"},
		{[]string{"render", "x", "--jsn"}, "-jsn"},
		{[]string{"cond", "-explian", "${x}"}, "-explian"},
		{[]string{"validate", "-strickt", "f.md"}, "-strickt"},
		{[]string{"preview", "-row=1", "-eachh", "f.md"}, "-eachh"},
		{[]string{"version", "-v"}, "-v"},
	} {
		r := runCLI(t, "", c.args...)
		require.Equal(t, 2, r.code, c.args)
		require.Empty(t, r.stdout, c.args)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), r.stderr)
		require.Contains(t, r.stderr, "unknown flag "+c.flag+"; usage: kinenix "+c.args[0], c.args)
	}
	// A flag without its value, a bad value, too many arguments.
	for _, args := range [][]string{
		{"render", "x", "-data"},
		{"render", "-row", "one", "x"},
		{"render", "a", "b"},
		{"cond"},
		{"version", "extra"},
	} {
		r := runCLI(t, "", args...)
		require.Equal(t, 2, r.code, args)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), r.stderr)
		require.Contains(t, r.stderr, "usage: kinenix "+args[0], args)
	}
}

// shownValue is a flag's value as a message shows it: in quotes when it
// is empty, which would otherwise show as nothing.
func shownValue(v string) string {
	if v == "" {
		return "''"
	}
	return v
}

// A -timeout that is no duration is told in plain words, not with the
// flag package's "parse error".
func TestTimeoutFlagValue(t *testing.T) {
	for _, cmd := range []string{"preview", "validate"} {
		for _, v := range []string{"abc", "30", "1x", ""} {
			r := runCLI(t, "", cmd, "-timeout", v, "f.md")
			require.Equal(t, 2, r.code, "%s -timeout %q", cmd, v)
			require.Contains(t, r.stderr, "kinenix "+cmd+": -timeout "+shownValue(v)+": a duration is a number and a unit, as 30s, 2m or 1h30m; usage:")
			require.NotContains(t, r.stderr, "parse error")
		}
		// A duration too long for one says so, and the longest (probe-bounds F7).
		for _, v := range []string{"99999999h", "2562048h", "9999999999999999999ns"} {
			r := runCLI(t, "", cmd, "-timeout", v, "f.md")
			require.Equal(t, 2, r.code, "%s -timeout %q", cmd, v)
			require.Contains(t, r.stderr, "kinenix "+cmd+": -timeout "+v+": the duration is too long: the longest is 2562047h (about 292 years); usage:")
		}
	}
}

// The table of commands is what the command line knows: every command
// of it runs, is named when a command is unknown, and has a section in
// help.txt with a synopsis, what it does and an example; help.txt has no
// section for a command that is not in the table.
func TestCommandTable(t *testing.T) {
	var names []string
	for _, cmd := range commands {
		names = append(names, cmd.name)
		require.NotEmpty(t, cmd.summary, cmd.name)
		require.NotNil(t, cmd.run, cmd.name)
		require.NotEmpty(t, cmd.about, cmd.name)
		require.NotEmpty(t, cmd.examples, cmd.name)
		for _, e := range cmd.examples {
			require.True(t, strings.HasPrefix(e, "kinenix "+cmd.name+" ") || e == "kinenix "+cmd.name || strings.Contains(e, `"kinenix", "`+cmd.name+`"`), e)
		}
		r := runCLI(t, "", "help", cmd.name)
		require.Equal(t, 0, r.code, cmd.name)
		require.True(t, strings.HasPrefix(r.stdout, strings.TrimSpace("usage: kinenix "+cmd.name+" "+cmd.args)+"\n\n"+cmd.about+"\n"), r.stdout)
	}
	// every command kinenix takes, help included
	require.Equal(t, strings.Join(names, ", ")+", help", commandNames())
	// A usage error ends with the command's synopsis, one space between
	// words also for a command that takes no arguments.
	for _, cmd := range commands {
		r := runCLI(t, "", cmd.name, "-zz")
		require.Equal(t, 2, r.code, cmd.name)
		require.Contains(t, r.stderr, "; usage: "+strings.TrimSpace("kinenix "+cmd.name+" "+cmd.args)+" (kinenix help "+cmd.name+" for more)\n")
		require.NotContains(t, r.stderr, "  ", cmd.name)
	}
	texts := helpTexts(helpFile)
	for name := range texts {
		require.NotNil(t, lookupCommand(name), "help.txt has a section for %q, which is no command", name)
	}
	require.Len(t, texts, len(commands))
	r := runCLI(t, "", "bogus")
	require.Equal(t, "kinenix: unknown command \"bogus\"; the commands are "+strings.Join(names, ", ")+", help (kinenix help for more)\n", r.stderr)
}

// A value a flag cannot take is told in plain words, through one helper
// (valueError), for every flag of every command: what it takes and an
// example, never the flag package's "parse error".
func TestFlagValues(t *testing.T) {
	r := runCLI(t, "", "conformance", "-next", "x")
	require.Equal(t, 2, r.code)
	require.Equal(t, "kinenix conformance: -next x: -next takes a whole number, e.g. -next 10; usage: kinenix conformance [-next N] [DIR] (kinenix help conformance for more)\n", r.stderr)
	r = runCLI(t, "", "conformance", "-next", "99999999999999999999")
	require.Contains(t, r.stderr, ": too large: -next takes a whole number, e.g. -next 10; usage:")
	// 1e3 is a whole number, but not written as one: not "too large".
	// Every whole-number flag takes plain digits alone, as -row does.
	for _, v := range []string{"1e3", "0x10", "1_000"} {
		r = runCLI(t, "", "conformance", "-next", v)
		require.Equal(t, exitUsage, r.code, v)
		require.Contains(t, r.stderr, "-next "+v+": -next takes a whole number, e.g. -next 10; usage:")
		r = runCLI(t, "", "render", "-row", v, "x")
		require.Equal(t, exitUsage, r.code, v)
		require.Contains(t, r.stderr, "-row "+v+": the row is a whole number: 0 the first row")
	}
	r = runCLI(t, "", "render", "-row", "99999999999999999999", "x")
	require.Contains(t, r.stderr, "the row number is too far from 0")
	r = runCLI(t, "", "render", "-json=maybe", "x")
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "kinenix render: -json maybe: -json is on or off: write -json, or -json=false; usage:")
	for _, cmd := range commands {
		for _, f := range tableFlags(cmd) {
			for _, v := range []string{"x", "1.5", "99999999999999999999", ""} {
				r := runCLI(t, "", cmd.name, "-"+f+"="+v, "-h")
				if r.code == 0 {
					continue // the flag takes v (a text); -h printed the help
				}
				require.Equal(t, 2, r.code, "%s -%s=%s", cmd.name, f, v)
				// An empty value that the flag does not check is "is empty"
				// (TestEmptyFlagValue); any other is followed by its reason.
				require.Regexp(t, "kinenix "+cmd.name+": -"+f+" "+regexp.QuoteMeta(shownValue(v))+"(: | is empty; )", r.stderr, "%s -%s=%s", cmd.name, f, v)
				for _, jargon := range []string{"parse error", "out of range", "strconv", "invalid syntax"} {
					require.NotContains(t, r.stderr, jargon, "%s -%s=%s", cmd.name, f, v)
				}
			}
		}
	}
}

// A flag given an empty value is a usage error that names it, never read
// as the flag left out: `-where ”` is no CONDITION (spec 14: exit 2), and
// `-data "$FILE"` with FILE unset must not render without data. -env
// alone takes an empty list of names (none is let in, the default).
func TestEmptyFlagValue(t *testing.T) {
	sheet := filepath.Join("..", "..", "examples", "renewals.csv")
	flowFile := filepath.Join("..", "..", "examples", "renewals.md")
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"preview", "-where", "", "-data", sheet, flowFile}, "-where CONDITION"},
		{[]string{"preview", "-where", "   ", "-data", sheet, flowFile}, "-where CONDITION"},
		{[]string{"preview", "-where=", "-data", sheet, flowFile}, "-where CONDITION"},
		{[]string{"preview", "-compare", "", "-data", sheet, flowFile}, "-compare OLD.md"},
		{[]string{"preview", "-key", "", "-data", sheet, flowFile}, "-key COLUMN"},
		{[]string{"validate", "-key", "", "-data", sheet, flowFile}, "-key COLUMN"},
		{[]string{"validate", "-data", "", flowFile}, "-data FILE"},
		{[]string{"render", "-data", "", "x"}, "-data FILE"},
		{[]string{"cond", "-data", "", "${x} == 1"}, "-data FILE"},
		{[]string{"play", "-data", "", flowFile}, "-data FILE"},
	} {
		r := runCLI(t, "", c.args...)
		require.Equal(t, exitUsage, r.code, "%q", c.args)
		require.Empty(t, r.stdout, "%q", c.args)
		require.Contains(t, r.stderr, "is empty; write "+c.flag, "%q", c.args)
		require.Equal(t, 1, strings.Count(r.stderr, "\n"), "%q: one line", c.args)
		// The empty value is shown in quotes, not as nothing before a
		// colon (`-data : -data is empty`).
		name, _, _ := strings.Cut(c.flag, " ")
		require.Regexp(t, regexp.QuoteMeta(name)+` '\s*' is empty`, r.stderr, "%q", c.args)
	}
	// A flag that checks its value says the same of an empty one.
	for _, c := range []struct{ args []string }{
		{[]string{"preview", "-row", "", "-data", sheet, flowFile}},
		{[]string{"preview", "-format", "", "-data", sheet, flowFile}},
		{[]string{"preview", "-timeout", "", "-data", sheet, flowFile}},
	} {
		r := runCLI(t, "", c.args...)
		require.Equal(t, exitUsage, r.code, "%q", c.args)
		require.Contains(t, r.stderr, c.args[1]+" '': ", "%q", c.args)
	}
	r := runCLI(t, "", "render", "-env", "", "[${env.HOME}]")
	require.Equal(t, exitOK, r.code, r.stderr)
	require.Equal(t, "[]\n", r.stdout)
}

// flagName reads flag names only: letters first, then letters, digits,
// - and _.
func TestFlagName(t *testing.T) {
	for arg, want := range map[string]string{
		"-json": "json", "--json": "json", "-env-all": "env-all", "-row=2": "row", "-a_b1": "a_b1",
	} {
		name, _, _, ok := flagName(arg)
		require.True(t, ok, arg)
		require.Equal(t, want, name, arg)
	}
	for _, arg := range []string{"-", "--", "-1", "-1 < 3", "-${x}", "---x", "json", "-=x", "-a b", "-é"} {
		_, _, _, ok := flagName(arg)
		require.False(t, ok, arg)
	}
}

func TestVersion(t *testing.T) {
	for _, args := range [][]string{{"version"}, {"--version"}} {
		r := runCLI(t, "", args...)
		require.Equal(t, 0, r.code)
		require.True(t, strings.HasPrefix(r.stdout, "kinenix "), r.stdout)
		require.Equal(t, 1, strings.Count(r.stdout, "\n"))
	}
	// The text, from build information as go install and go build write it,
	// and from the version make dist stamps in (-X main.releaseVersion).
	tagged := &debug.BuildInfo{GoVersion: "go1.24.2", Main: debug.Module{Path: "github.com/kinenix/expressions", Version: "v0.1.0"}}
	clone := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
		{Key: "vcs", Value: "git"},
		{Key: "vcs.revision", Value: "2e30614c0ffee"},
		{Key: "vcs.time", Value: "2026-12-01T23:20:00Z"},
		{Key: "vcs.modified", Value: "true"},
	}}
	clean := &debug.BuildInfo{GoVersion: clone.GoVersion, Main: clone.Main, Settings: clone.Settings[:3]}
	for _, c := range []struct {
		stamped string
		info    *debug.BuildInfo
		ok      bool
		want    string
	}{
		{"", tagged, true, "kinenix v0.1.0 go1.24.2"},
		{"", clone, true, "kinenix (devel) (revision 2e30614c0ffee, 2026-12-01T23:20:00Z, with local changes) go1.26.8"},
		{"", clean, true, "kinenix (devel) (revision 2e30614c0ffee, 2026-12-01T23:20:00Z) go1.26.8"},
		{"", &debug.BuildInfo{}, true, "kinenix (devel)"},
		{"", nil, false, "kinenix (unknown version)"},
		{"v1.2.3", clean, true, "kinenix v1.2.3 (revision 2e30614c0ffee, 2026-12-01T23:20:00Z) go1.26.8"},
		{"v1.2.3", tagged, true, "kinenix v1.2.3 go1.24.2"},
		{"v1.2.3", nil, false, "kinenix v1.2.3"},
	} {
		require.Equal(t, c.want, versionText(c.stamped, c.info, c.ok), "stamped %q", c.stamped)
	}
}

// Issue #12: validate DIR checks every .md file below DIR, in name order.
func TestValidateDir(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, text string) string {
		p := filepath.Join(dir, rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o600))
		return p
	}
	b := write("b.md", "- **x:** ${len()}\n")
	a := write("a/z.md", "- **x:** ${lenght(x)}\n")
	write("a/clean.md", "- **x:** ${x}\n")
	c := write("c/d/e.MD", "- **condition:** ${x} = 1\n")
	write("notes.txt", "- **x:** ${len()}\n")
	r := runCLI(t, "", "validate", dir)
	require.Equal(t, 1, r.code, r.stderr)
	require.Empty(t, r.stderr)
	require.Equal(t, a+":1:12: ${lenght(x)}: unknown function lenght; did you mean len?\n"+
		b+":1:12: ${len()}: len takes 1 value, got 0\n"+
		c+":1:23: condition: unknown operator =; did you mean ==?\n", r.stdout)

	// A directory and a file, in the order given.
	r = runCLI(t, "", "validate", b, filepath.Join(dir, "a"))
	require.Equal(t, 1, r.code)
	require.Equal(t, b+":1:12: ${len()}: len takes 1 value, got 0\n"+
		a+":1:12: ${lenght(x)}: unknown function lenght; did you mean len?\n", r.stdout)

	r = runCLI(t, "", "validate", filepath.Join(dir, "a", "clean.md"))
	require.Equal(t, 0, r.code)

	// A directory without flows is a usage error.
	empty := t.TempDir()
	r = runCLI(t, "", "validate", empty)
	require.Equal(t, 2, r.code)
	require.Equal(t, "kinenix: "+empty+" holds no .md flow files\n", r.stderr)

	// The bundled examples validate clean as a directory.
	r = runCLI(t, "", "validate", "../../examples")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Empty(t, r.stdout)
}

// Issue #12: -strict makes warnings exit 1 on validate and preview; without
// it they exit 0. The findings stay on standard output.
func TestStrict(t *testing.T) {
	p := writeFlow(t, "f.md", "- **hi:** Dear ${row.Frist Name},\n")
	warning := p + ":1:22: warning: row.Frist Name: no key 'Frist Name' in row; did you mean 'First Name'?\n"
	r := runCLI(t, "", "validate", "-data", example, p)
	require.Equal(t, 0, r.code)
	require.Equal(t, warning, r.stdout)
	r = runCLI(t, "", "validate", "-data", example, "-strict", p)
	require.Equal(t, 1, r.code)
	require.Equal(t, warning, r.stdout)
	require.Empty(t, r.stderr)
	r = runCLI(t, "", "validate", p, "-strict") // no data, no warnings
	require.Equal(t, 0, r.code)

	r = runCLI(t, "", "preview", "-data", example, p)
	require.Equal(t, 0, r.code)
	require.Equal(t, p+":1: hi: Dear ,\n"+warning, r.stdout)
	r = runCLI(t, "", "preview", "-data", example, "-strict", p)
	require.Equal(t, 1, r.code)
	require.Equal(t, p+":1: hi: Dear ,\n"+warning, r.stdout)

	clean := writeFlow(t, "clean.md", "- **hi:** Dear ${row.First Name},\n")
	for _, cmd := range []string{"validate", "preview"} {
		r = runCLI(t, "", cmd, "-strict", "-data", example, clean)
		require.Equal(t, 0, r.code, cmd)
	}
}

// Issue #12: validate -data over a sheet checks every row; a finding that
// comes from the data names the rows it holds for, one that holds without
// data is listed as always.
func TestValidateSheetRows(t *testing.T) {
	csv := filepath.Join(t.TempDir(), "s.csv")
	require.NoError(t, os.WriteFile(csv, []byte("id,premium,status\nA,100,Due\nB,n/a,Due\nC,200,Paid\nD,-,Due\n"), 0o600))
	p := writeFlow(t, "f.md", "- **x:** ${row.statsu} ${len()}\n- **condition:** ${row.premium} > 0\n")
	r := runCLI(t, "", "validate", "-data", csv, p)
	require.Equal(t, 1, r.code, r.stderr) // the len() error
	// D43: the condition fails on rows 1 and 3: errors, with the rows (D41).
	require.Equal(t, p+":1:16: warning: row.statsu: no key 'statsu' in row; did you mean 'status'? (every row)\n"+
		p+":1:26: ${len()}: len takes 1 value, got 0\n"+
		// D45: the column read as a number, with its rows as the sheet shows them
		p+":2:20: warning: column premium is read as a number, but rows[1] (sheet row 3), rows[3] (sheet row 5) hold text that is not a number ('n/a', '-'); "+
		"correct the data, or, in a condition, leave such rows out with a part before the comparison (not ${row.premium} in 'n/a', '-' and ...)\n"+
		// D43: a field that fails is listed once, with every row it fails
		// on, though the rows fail with other values (PD-1).
		p+":2:33: condition: '${row.premium} > 0': > needs numbers; 'n/a' is not a number, and number(...) finds none in it "+
		"(rows[1] (sheet row 3); it fails on rows 1, 3, on 1 of them with another message, which preview -each shows)\n", r.stdout)

	// -row checks that row only, and names it as every row is named
	// (D41): with -key, by its value too; what holds without data names
	// no row.
	r = runCLI(t, "", "validate", "-data", csv, "-row", "-1", "-key", "id", p)
	require.Equal(t, p+":1:16: warning: row.statsu: no key 'statsu' in row; did you mean 'status'? (rows[3] (sheet row 5, D))\n"+
		p+":1:26: ${len()}: len takes 1 value, got 0\n"+
		p+":2:33: condition: '${row.premium} > 0': > needs numbers; '-' is not a number, and number(...) finds none in it (rows[3] (sheet row 5, D))\n", r.stdout)
	r = runCLI(t, "", "validate", "-json", "-data", csv, "-row", "1", "-key", "id", p)
	var one []record.Finding
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &one))
	require.Len(t, one, 3)
	require.Equal(t, []int{1}, one[2].Rows)
	require.Equal(t, []int{3}, one[2].SheetRows)
	require.Equal(t, []string{"B"}, one[2].Keys)
	require.Nil(t, one[1].Rows) // the len() error holds without data

	r = runCLI(t, "", "validate", "-json", "-data", csv, p)
	var got []record.Finding
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &got))
	require.Len(t, got, 4)
	require.Equal(t, "column", got[2].Kind) // D45, its rows in its message
	require.Equal(t, []int{0, 1, 2, 3}, got[0].Rows)
	require.Nil(t, got[1].Rows)
	require.Equal(t, []int{1, 3}, got[3].Rows) // one finding for the field, with all its rows
	require.Equal(t, []int{3, 5}, got[3].SheetRows)
	require.Equal(t, 2, got[3].RowCount)
	require.Equal(t, 1, got[3].OtherMessageRows) // '-' fails with another message than 'n/a'
	require.False(t, got[3].Warning)
	require.Nil(t, got[3].Keys) // no -key
	require.NotContains(t, r.stdout, "(row")

	// D41 with D43: -key adds each row's value, as preview -json's key.
	r = runCLI(t, "", "validate", "-json", "-data", csv, "-key", "id", p)
	got = nil
	require.NoError(t, json.Unmarshal([]byte(r.stdout), &got))
	require.Equal(t, []string{"A", "B", "C", "D"}, got[0].Keys)
	require.Equal(t, []string{"B", "D"}, got[3].Keys)
}

// The rows of a big sheet cannot make validate list findings without end:
// past flow.MaxFindings distinct findings it stops and says so. A field
// that fails on every row with another value is one error (D43, PD-1).
func TestValidateSheetRowsLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("n\n")
	for i := 0; i < 1500; i++ {
		b.WriteString("x" + strconv.Itoa(i) + "\n")
	}
	csv := filepath.Join(t.TempDir(), "s.csv")
	require.NoError(t, os.WriteFile(csv, []byte(b.String()), 0o600))
	p := writeFlow(t, "f.md", "- **condition:** ${row.n} > 0\n") // a distinct error per row
	r := runCLI(t, "", "validate", "-data", csv, p)
	require.Equal(t, 1, r.code, r.stderr) // D43: the condition fails on every row
	require.Equal(t, p+":1:27: condition: '${row.n} > 0': > needs numbers; 'x0' is not a number: use ${number(...)} "+
		"(rows[0] (sheet row 2); it fails on every row, on 1,499 of them with other messages, which preview -each shows)\n", r.stdout)

	p = writeFlow(t, "g.md", "- **a:** ${row[row.n]}\n") // a distinct warning per row
	r = runCLI(t, "", "validate", "-data", csv, p)
	require.Equal(t, 0, r.code, r.stderr)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	require.Len(t, lines, flow.MaxFindings+1)
	require.Equal(t, p+":1:16: warning: row[row.n]: no key 'x0' in row (rows[0] (sheet row 2))", lines[0])
	require.Equal(t, p+":1:1: warning: too many different findings; only the first 1000 are listed", lines[len(lines)-1])
}

// D35: validate -data lists at most flow.MaxFindings findings and then
// the one that says checking stopped, as the editor lists them for the
// same data (flow.ValidateRow): the data's warnings count, with data as
// without.
func TestValidateDataStopsAfterMaxFindings(t *testing.T) {
	var src strings.Builder
	for i := range flow.MaxFindings * 3 / 4 {
		fmt.Fprintf(&src, "- **f%d:** ${nope(1)} ${row.k%d}\n", i, i)
	}
	p := writeFlow(t, "f.md", src.String())
	data := writeFile(t, "d.json", `{"row": {"a": 1}}`)
	r := runCLI(t, "", "validate", "-data", data, p)
	lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
	require.Len(t, lines, flow.MaxFindings+1, r.stderr)
	editor := flow.ValidateRow(context.Background(), p, []byte(src.String()),
		flow.ValidateOptions{Sample: scope.New(map[string]any{"row": map[string]any{"a": 1}})})
	require.Len(t, editor, len(lines))
	last := editor[len(editor)-1]
	require.Equal(t, fmt.Sprintf("%s:%d:%d: too many problems; checking stopped after %d", p, last.Line, last.Column, flow.MaxFindings), lines[len(lines)-1])
}

func seq(from, to int) []int {
	var out []int
	for i := from; i <= to; i++ {
		out = append(out, i)
	}
	return out
}

// D41: runs of rows are cut after ten, and a message about one row
// names it as the sheet shows it. D42: after a run that stopped, the
// rows are told among the rows run, never as every row of the sheet.
func TestRowsText(t *testing.T) {
	for _, c := range []struct {
		rows    []int
		n       int
		stopped bool
		want    string
	}{
		{[]int{3}, 10, false, "rows[3] (sheet row 5)"},
		{[]int{0}, 1, false, "rows[0] (sheet row 2)"},
		{[]int{0, 1}, 2, false, "every row"},
		{[]int{0, 1, 2, 5}, 10, false, "rows 0-2, 5"},
		{[]int{1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 22, 23, 25}, 30, false, "rows 1, 3, 5, 7, 9, 11, 13, 15, 17, 19 and 4 more"},
		{append([]int{1, 2, 6}, seq(100, 12645)...), 20000, false, "rows 1-2, 6, 100-12,645"},
		{seq(0, 63), 64, true, "every one of the 64 rows run before the run stopped"},
		{[]int{0, 1, 2, 5}, 10, true, "rows 0-2, 5 of the 10 rows run before the run stopped"},
		{[]int{3}, 1, true, "rows[3] (sheet row 5) of the 1 row run before the run stopped"},
	} {
		var r record.Rows
		for _, i := range c.rows {
			r.Add(i, i+2, "")
		}
		require.Equal(t, c.want, r.Text(c.n, c.stopped), c.rows)
	}
}

// Issue #12 and D38: the silent traps are warnings that `validate -strict`
// fails on, with or without data.
func TestStrictTraps(t *testing.T) {
	p := writeFlow(t, "traps.md", "- **condition:** ${row.Company} == Johnson and Johnson and ${row.status} == Paid\n"+
		"- **a:** ${x.upper()}\n- **b:** ${row.Policy No.}\n")
	r := runCLI(t, "", "validate", p)
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Equal(t, 3, strings.Count(r.stdout, ": warning: "), r.stdout)
	r = runCLI(t, "", "validate", "-strict", p)
	require.Equal(t, 1, r.code)
	r = runCLI(t, "", "validate", "-json", p)
	require.Contains(t, r.stdout, `"kind": "trap"`)
}

// Issue #24: kinenix conformance runs the built-in suite (every case
// passes), or DIR's, printing pass and fail per area and the next failing
// cases, simplest first, with their hints; exit 1 on a failure, 2 when
// DIR cannot be read.
func TestConformance(t *testing.T) {
	r := runCLI(t, "", "conformance")
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Regexp(t, `\n\d{4,} cases: \d+ pass, 0 fail\n$`, r.stdout)
	require.Contains(t, r.stdout, "functions/len ")

	dir := t.TempDir()
	sub := filepath.Join(dir, "functions")
	require.NoError(t, os.MkdirAll(sub, 0o755))
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "pending"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(sub, "len.yaml"), []byte(`cases:
  - template: "${len('abc')}"
    want: "3"
    rule: D19
    complexity: 1
    hint: code points
  - template: "${len('บาท')}"
    want: "9"
    rule: D19
    complexity: 5
    hint: a wrong case
  - template: "${1 + 1}"
    want: "3"
    rule: D2
    complexity: 2
    hint: the simplest failure comes first
`), 0o644))
	require.NoError(t, os.WriteFile(filepath.Join(dir, "pending", "x.yaml"), []byte("not: [valid"), 0o644))
	r = runCLI(t, "", "conformance", "-next", "1", dir)
	require.Equal(t, 1, r.code, r.stderr)
	require.Regexp(t, `functions/len +1/3 +FAIL 2\n`, r.stdout)
	require.Contains(t, r.stdout, "3 cases: 1 pass, 2 fail\n")
	require.Contains(t, r.stdout, "functions/len.yaml:12: ${1 + 1} (D2, complexity 2)\n  the result is \"2\", not \"3\"\n  got: 2\n  hint: the simplest failure comes first\n")
	require.Contains(t, r.stdout, "... and 1 more")
	require.NotContains(t, r.stdout, "a wrong case")

	r = runCLI(t, "", "conformance", filepath.Join(dir, "missing"))
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "the directory "+filepath.Join(dir, "missing")+" does not exist")
	require.NotContains(t, r.stderr, "stat ", "no Go error text in a message")
	require.NoError(t, os.WriteFile(filepath.Join(dir, "bad.yaml"), []byte("cases: [1"), 0o644))
	r = runCLI(t, "", "conformance", dir)
	require.Equal(t, 2, r.code)
	require.Contains(t, r.stderr, "bad.yaml")
	r = runCLI(t, "", "conformance", dir, dir)
	require.Equal(t, 2, r.code)
}

// D44: cond -explain shows how and/or grouped the parts, and cond warns
// on standard error about a trap, with its fix, without changing the
// result or the exit status.
func TestCondGroupingAndTraps(t *testing.T) {
	r := runCLI(t, "", "cond", "-explain", "${a} == 1 or ${b} == 2 and ${c} == 3")
	require.Equal(t, result{0, "grouped as: ${a} == 1 or (${b} == 2 and ${c} == 3)\n" +
		"${a} == 1: '' (empty) -> false\n${b} == 2: '' (empty) -> false\n${c} == 3: not needed\nfalse\n", ""}, r)
	r = runCLI(t, "", "cond", "-explain", "${a} == 1 and ${b} == 2")
	require.NotContains(t, r.stdout, "grouped as")
	r = runCLI(t, "", "cond", "-explain", "${len(a)} == 1 or ${b} == 2") // parentheses of a part
	require.NotContains(t, r.stdout, "grouped as")
	r = runCLI(t, "", "cond", "-explain", "not ${a} == 1 or ${b} == 2 AND ${c} == 3")
	require.Contains(t, r.stdout, "grouped as: not ${a} == 1 or (${b} == 2 and ${c} == 3)\n")
	r = runCLI(t, "", "cond", "${a} == 1 && ${b} == 2")
	require.Equal(t, 0, r.code)
	require.Equal(t, "false\n", r.stdout)
	require.Contains(t, r.stderr, "warning: condition: '&&' does not join the parts of a condition")
	require.Contains(t, r.stderr, "write and: ${a} == 1 and ${b} == 2")
}

// D44 through the run of a flow: a bare word given to a function that is
// no variable of the data is warned about by validate -data and preview
// alike, for a sheet and for other data (the trap needs the data, so it is
// found on the rows, not when the flow is compiled).
func TestBareWordTrapWithData(t *testing.T) {
	p := writeFlow(t, "f.md", "- **b:** ${default(row.Email, none)}\n")
	want := "warning: none: this is read as a variable, and the data has no variable 'none'; write 'none' in quotes for the text"
	sheet := writeFile(t, "d.csv", "Email,Name\n,Anna\n")
	js := writeFile(t, "d.json", `{"row": {"Email": ""}}`)
	for _, d := range []string{sheet, js} {
		r := runCLI(t, "", "validate", "-data", d, p)
		require.Equal(t, 0, r.code, r.stdout+r.stderr)
		require.Contains(t, r.stdout, p+":1:31: "+want, d)
		r = runCLI(t, "", "preview", "-data", d, p)
		require.Contains(t, r.stdout, want, d)
	}
	// without data the word may be a variable the data will have
	r := runCLI(t, "", "validate", p)
	require.Equal(t, result{0, "", ""}, r)
}

// E6, D12: a placeholder with a problem known without data fails the
// condition even in a part and/or leaves out, unless the data has a key
// of its text; -explain still says which parts were needed, and validate
// -data and preview fail on the same line.
func TestCondSkippedPartProblem(t *testing.T) {
	d := writeFile(t, "d.json", `{"x": "hello", "n": "12", "a ** 2": 1}`)
	for _, line := range []string{
		"${x} == hello or ${lenght(x)} == 1",
		"${x} == zzz and ${lenght(x)} == 1",
	} {
		r := runCLI(t, "", "cond", "-data", d, line)
		require.Equal(t, result{1, "", "condition: ${lenght(x)}: unknown function lenght; did you mean len?\n"}, r, line)
	}
	r := runCLI(t, "", "cond", "-data", d, "-explain", "${x} == hello or ${x +} == 1")
	require.Equal(t, result{1, "${x} == hello: 'hello' -> true\n${x +} == 1: not needed\n",
		"condition: ${x +}: unexpected end; a value is missing after '+'\n"}, r)
	r = runCLI(t, "", "cond", "-data", d, "${x} == hello or ${a ** 2} == 1") // the key a ** 2 (D12)
	require.Equal(t, result{0, "true\n", ""}, r)
	r = runCLI(t, "", "cond", "-data", d, "${x} == hello or ${number(x)} == 1") // fails only when run
	require.Equal(t, result{0, "true\n", ""}, r)

	fl := writeFlow(t, "f.md", "# F\n\n## One\n\n- **condition:** ${x} == hello or ${lenght(x)} == 1\n- **message:** hi\n")
	r = runCLI(t, "", "validate", "-data", d, fl)
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stdout, "unknown function lenght")
	r = runCLI(t, "", "preview", "-data", d, fl)
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stdout, "condition: error: condition: ${lenght(x)}: unknown function lenght")
}

// Section 10: a part put in parentheses, possibly after not, is refused
// with the parentheses message and the line without them, not compared
// with the text "(" (nor told that '(3' is not a number).
func TestCondWrappedInParentheses(t *testing.T) {
	d := writeFile(t, "p.json", `{"row": {"status": "Active", "amount": 3}}`)
	const msg = "condition: parentheses do not group parts of a condition; and binds tighter than or (quote text that has parentheses in it); write: "
	for line, fix := range map[string]string{
		"not (${row.status} == Active)": "not ${row.status} == Active",
		"(${row.status} == Active)":     "${row.status} == Active",
		"(${row.amount} > 1)":           "${row.amount} > 1",
	} {
		r := runCLI(t, "", "cond", "-data", d, line)
		require.Equal(t, result{1, "", msg + fix + "\n"}, r, line)
		r = runCLI(t, "", "cond", "-data", d, fix)
		require.Equal(t, 0, r.code, fix)
	}
	r := runCLI(t, "", "cond", "-data", d, "(1,200) == (1,200)")
	require.Equal(t, result{0, "true\n", ""}, r)
}

// D26, D29, D49: a list of quoted items after in is read item by item,
// quotes removed, so the line the old hint led to is not needed.
func TestCondQuotedList(t *testing.T) {
	d := writeFile(t, "d.json", `{"x": "hello"}`)
	r := runCLI(t, "", "cond", "-data", d, "${x} in 'hello', 'world'")
	require.Equal(t, result{0, "true\n", ""}, r)
	r = runCLI(t, "", "cond", "-data", d, "${x} in 'a, hello', 'world'")
	require.Equal(t, result{0, "false\n", ""}, r)
	r = runCLI(t, "", "cond", "-data", d, "${x} == 'hello', 'world'")
	require.Equal(t, 1, r.code)
	require.Contains(t, r.stderr, "write in instead of ==")
}

// F3, D26, D44: a quoted right side of in with commas is one item; cond
// warns with both fixes and validate lists the same warning, and each fix
// followed holds where the line as written is quietly false.
func TestCondQuotedInWarning(t *testing.T) {
	d := writeFile(t, "d.json", `{"row": {"status": "Active"}}`)
	const want = "warning: condition: the quoted text 'Active, Pending' is one item, commas kept, so it matches only that whole text; " +
		"for one of several values, write in 'Active', 'Pending' or in Active, Pending"
	r := runCLI(t, "", "cond", "-data", d, "${row.status} in 'Active, Pending'")
	require.Equal(t, result{0, "false\n", want + "\n"}, r)
	for _, fix := range []string{"${row.status} in 'Active', 'Pending'", "${row.status} in Active, Pending"} {
		r = runCLI(t, "", "cond", "-data", d, fix)
		require.Equal(t, result{0, "true\n", ""}, r, fix)
	}
	p := writeFlow(t, "f.md", "- **condition:** ${row.status} in 'Active, Pending'\n")
	r = runCLI(t, "", "validate", p)
	require.Equal(t, 0, r.code, r.stdout+r.stderr)
	require.Contains(t, r.stdout, p+":1:35: "+want)
}

// D37: the report of kinenix conformance echoes what a file of cases
// holds (a case's name, its hint, what it gave) with control characters
// as escapes, each on its one line: a case named "\x1b[2J" cleared the
// terminal, and a hint or a result with a line end broke the report's
// lines. A flow's findings stay one a line.
func TestConformanceReportEchoClean(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "c.yaml"), []byte(`cases:
  - template: "${row.x}"
    data: {row: {x: "a\nb\e[31m"}}
    want: "3"
    name: "n\e[2J"
    rule: D2
    complexity: 1
    hint: "two\nlines"
  - flow: "- **a:** ${lenght(x)} ${len(1, 2)}\n"
    findings: []
    rule: D32
    complexity: 2
    hint: h
`), 0o644))
	r := runCLI(t, "", "conformance", dir)
	require.Equal(t, 1, r.code, r.stderr)
	require.NotContains(t, r.stdout, "\x1b")
	require.Contains(t, r.stdout, "c.yaml:2: n\\u001b[2J (D2, complexity 1)\n"+
		"  the result is \"a\\nb\\u001b[31m\", not \"3\"\n"+
		"  got: a\\nb\\u001b[31m\n"+
		"  hint: two\\nlines\n")
	require.Contains(t, r.stdout, "  got: unknown-function: flow.md:1:12: ${lenght(x)}: unknown function lenght; did you mean len?\n"+
		"       arity: flow.md:1:25: ${len(1, 2)}: len takes 1 value, got 2\n  hint: h\n")
}
