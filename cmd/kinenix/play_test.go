package main

import (
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/kinenix/expressions/flow"

	"github.com/stretchr/testify/require"
)

// play refuses what would open the page to other machines or read what it
// should not, before it listens.
func TestPlayUsage(t *testing.T) {
	const usage = "; usage: kinenix play [-addr 127.0.0.1:8080] [-public] [-data FILE] [FLOW.md] (kinenix help play for more)\n"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "-addr", "0.0.0.0:8080"}, "kinenix play: -addr 0.0.0.0:8080 is not a loopback address: the page would be open to other machines; give -public to allow it" + usage},
		{[]string{"play", "-addr", ":8080"}, "kinenix play: -addr :8080 is not a loopback address: the page would be open to other machines; give -public to allow it" + usage},
		{[]string{"play", "-addr", "8080"}, "kinenix play: -addr \"8080\" is not HOST:PORT" + usage},
		{[]string{"play", "a.md", "b.md"}, "kinenix play: play takes at most one flow file, got 2" + usage},
		{[]string{"play", "-addr", "127.0.0.1:0", "-"}, "kinenix play: play reads the flow from a file, not standard input" + usage},
		{[]string{"play", "-addr", "127.0.0.1:0", "-data", "testdata/no-such-sheet.xlsx#Sheet 2"}, "kinenix: data file testdata/no-such-sheet.xlsx does not exist\n"},
		{[]string{"play", "-nope"}, "kinenix play: unknown flag -nope" + usage},
		{[]string{"play", "-addr", "127.0.0.1:0", "testdata/no-such-flow.md"}, "kinenix: flow file testdata/no-such-flow.md does not exist\n"},
		{[]string{"play", "-addr", "127.0.0.1:0", "-data", "testdata/no-such-data.json"}, "kinenix: data file testdata/no-such-data.json does not exist\n"},
	} {
		r := runCLI(t, "", tc.args...)
		require.Equal(t, exitUsage, r.code, tc.args)
		require.Equal(t, tc.want, r.stderr, tc.args)
		require.Empty(t, r.stdout, tc.args)
	}
}

// play refuses at start, in render's words, a flow or data it could not
// show whole or read: the page would otherwise open with a flow cut
// mid-line, data read as another format, or a sheet that is not there.
func TestPlayRefusesAtStart(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "bigf.md")
	require.NoError(t, os.WriteFile(big, []byte(strings.Repeat("line ${a}\n", flow.MaxSize/10+1)), 0o600))
	txt := filepath.Join(dir, "d.txt")
	require.NoError(t, os.WriteFile(txt, []byte("a: 1\n"), 0o600))
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"play", "-addr", "127.0.0.1:0", big}, "kinenix: flow file " + big + " is larger than 1 MiB, the most kinenix checks; split it into smaller flows\n"},
		{[]string{"play", "-addr", "127.0.0.1:0", "-data", txt}, "kinenix: data file " + txt + ": kinenix does not read .txt files; it reads .json, .yaml, .yml, .csv, .xlsx or .jsonl (save the data as one of them)\n"},
		{[]string{"play", "-addr", "127.0.0.1:0", "-data", "../../examples/renewals.xlsx#Nope"}, "kinenix: data in ../../examples/renewals.xlsx: the workbook has no sheet named \"Nope\" (its sheets: \"Renewals\")\n"},
		{[]string{"play", "-addr", "127.0.0.1:0", "-data", "../../examples/renewals.xlsx#"}, "kinenix: data in ../../examples/renewals.xlsx: the sheet's name is empty: write the name of one of its sheets (\"Renewals\")\n"},
	} {
		r := runCLI(t, "", tc.args...)
		require.Equal(t, exitUsage, r.code, tc.args)
		require.Equal(t, tc.want, r.stderr, tc.args)
		// render -data refuses the same data in the same words
		if tc.args[3] != big {
			rr := runCLI(t, "", "render", "-data", tc.args[4], "x")
			require.Equal(t, exitUsage, rr.code)
			require.Equal(t, tc.want, rr.stderr)
		}
	}
}

// play reads its data from a file: standard input is the terminal's, and
// the page is served long after (render -data - reads it).
func TestPlayDataNotStdin(t *testing.T) {
	r := runCLI(t, "", "play", "-addr", "127.0.0.1:0", "-data", "-")
	require.Equal(t, exitUsage, r.code)
	require.Equal(t, "kinenix: the playground reads its data from a file, not from standard input; give -data FILE\n", r.stderr)
}

// A port in use is told in plain words, with the flag that changes it.
func TestPlayPortInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	defer ln.Close()
	addr := ln.Addr().String()
	r := runCLI(t, "", "play", "-addr", addr)
	require.Equal(t, exitUsage, r.code)
	require.Equal(t, "kinenix play: "+addr+" is in use by another program; pick another port with -addr HOST:PORT\n", r.stderr)
}

// A listener on every address is opened in a browser at the loopback one.
func TestPlayBrowserAddr(t *testing.T) {
	for _, tc := range []struct {
		host string
		ip   net.IP
		want string
	}{
		{"0.0.0.0", net.IPv6unspecified, "127.0.0.1:80"},
		{"", net.IPv6unspecified, "127.0.0.1:80"},
		{"::", net.IPv6unspecified, "[::1]:80"},
		{"127.0.0.1", net.IPv4(127, 0, 0, 1), "127.0.0.1:80"},
	} {
		require.Equal(t, tc.want, browserAddr(tc.host, &net.TCPAddr{IP: tc.ip, Port: 80}), tc.host)
	}
}

// Other listen errors are told in plain words too, never Go's.
func TestPlayListenError(t *testing.T) {
	op := func(errno syscall.Errno) error {
		return &net.OpError{Op: "listen", Net: "tcp", Err: os.NewSyscallError("bind", errno)}
	}
	for _, tc := range []struct {
		err  error
		want string
	}{
		{op(syscall.EADDRINUSE), "127.0.0.1:80 is in use by another program; pick another port with -addr HOST:PORT"},
		{op(syscall.EACCES), "this user may not listen on 127.0.0.1:80 (ports below 1024 need more rights); pick a port above 1024 with -addr HOST:PORT"},
		{op(syscall.EADDRNOTAVAIL), "127.0.0.1:80 is not an address of this machine; give one of its addresses with -addr HOST:PORT, such as 127.0.0.1:8080"},
		{&net.OpError{Op: "listen", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "x"}}, "the host of -addr 127.0.0.1:80 is not known; give an address such as 127.0.0.1:8080"},
		{op(syscall.EINVAL), "cannot listen on 127.0.0.1:80; pick another address with -addr HOST:PORT"},
	} {
		require.Equal(t, tc.want, listenError("127.0.0.1:80", tc.err).Error())
	}
	// JSON lines have no place in the page: refused at start, with where
	// to check them
	dir := t.TempDir()
	jl := filepath.Join(dir, "d.jsonl")
	require.NoError(t, os.WriteFile(jl, []byte(`{"a":1}`+"\n"), 0o600))
	r := runCLI(t, "", "play", "-addr", "127.0.0.1:0", "-data", jl)
	require.Equal(t, exitUsage, r.code)
	require.Equal(t, "kinenix: data file "+jl+": the playground does not read JSON lines (.jsonl); save the data as .json, .yaml or .csv, or check the flow with kinenix preview -data "+jl+"\n", r.stderr)
	// JSON lines in a .json file were told to be saved as .jsonl, which
	// play refuses in turn (D49): told, as the page tells them, where
	// they are read; followed, preview reads them
	js := filepath.Join(dir, "d.json")
	require.NoError(t, os.WriteFile(js, []byte(`{"a":1}`+"\n"+`{"a":2}`+"\n"), 0o600))
	r = runCLI(t, "", "play", "-addr", "127.0.0.1:0", "-data", js)
	require.Equal(t, exitUsage, r.code)
	require.Equal(t, "kinenix: data in "+js+": this looks like JSON lines (one JSON object per line), not one JSON object; the playground does not read JSON lines: save them in a file whose name ends in .jsonl and check the flow with kinenix preview -data FILE.jsonl\n", r.stderr)
	require.NoError(t, os.WriteFile(jl, []byte(`{"a":1}`+"\n"+`{"a":2}`+"\n"), 0o600))
	fl := filepath.Join(dir, "f.md")
	require.NoError(t, os.WriteFile(fl, []byte("# F\n\n## S\n\n- a: ${row.a}\n"), 0o600))
	r = runCLI(t, "", "preview", "-data", jl, fl)
	require.Equal(t, 0, r.code, r.stderr)
	// the command line's own advice stands where play reads what it says
	r = runCLI(t, "", "render", "-data", js, "${a}")
	require.Contains(t, r.stderr, "save it as a file whose name ends in .jsonl, which is read as JSON lines")
}
