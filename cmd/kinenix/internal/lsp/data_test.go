package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"github.com/kinenix/expressions/funcs"
	"github.com/stretchr/testify/require"
)

// TestDataNotRegular: a sample data path that is not a regular file (a
// directory, a device, the process's own standard input, a named pipe no
// one writes to) is refused with a message, without being read: reading
// the protocol's own pipe hung the server.
func TestDataNotRegular(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.json")
	require.NoError(t, syscall.Mkfifo(fifo, 0o600))
	for _, path := range []string{dir, "/dev/null", "/dev/stdin", "/proc/self/fd/0", fifo} {
		if _, err := os.Stat(path); err != nil {
			continue // not on this system
		}
		var loads atomic.Int32
		c := startServer(t, Options{LoadData: func(p string) (map[string]any, bool, error) {
			loads.Add(1)
			return testData(p)
		}})
		c.initialize(t, map[string]any{"data": path})
		c.open(flowURI, "${row.x}\n")
		m := c.notification("window/showMessage")
		require.Contains(t, string(m.Params), "is not a regular file (a pipe, a device or a directory)", path)
		require.Contains(t, string(m.Params), "checking without sample data", path)
		require.Empty(t, c.diagnostics(t).Diagnostics, path)
		require.Zero(t, loads.Load(), path)
	}
}

// TestDataNameCleaned: the data file's name is echoed cleaned (D37): a
// control character or a bidi override in it is written as an escape.
func TestDataNameCleaned(t *testing.T) {
	c := startServer(t, Options{LoadData: testData})
	c.initialize(t, map[string]any{"data": "/nowhere/\x1b[2J\u202egpj.json"})
	c.open(flowURI, "x\n")
	m := c.notification("window/showMessage")
	require.Contains(t, string(m.Params), `/nowhere/\\u001b[2J\\u202egpj.json`)
	require.NotContains(t, string(m.Params), "\u202e")
}

// TestCompletionIndexed: completion over 50,000 variables and a
// dictionary of 50,000 keys sorts each list once per load of the data
// (every request sorted them: 0.64 s a request over 1M keys), offers at
// most maxItems of them, marked incomplete, and those that start with
// what is typed.
func TestCompletionIndexed(t *testing.T) {
	const n = 50_000
	vars, big := map[string]any{}, map[string]any{}
	for i := range n {
		vars[fmt.Sprintf("v%06d", i)] = i
		big[fmt.Sprintf("k%06d", i)] = "x"
	}
	vars["big"] = big
	path := filepath.Join(t.TempDir(), "data.json")
	require.NoError(t, os.WriteFile(path, []byte("{}"), 0o600))
	d := dataSource{path: path, load: func(string) (map[string]any, bool, error) { return vars, false, nil }}
	x := d.index()
	for i := range 20 {
		for _, tc := range []struct{ line, first string }{
			{"${v01234|", "v012340"},
			{"${big.k0199|", "k019900"},
			{"${big[|", "k000000"},
		} {
			off := strings.Index(tc.line, "|")
			line := strings.Replace(tc.line, "|", "", 1)
			list := completionAt(cursor{line: line, off: off}, d.index(), false)
			require.True(t, list.IsIncomplete, tc.line)
			require.LessOrEqual(t, len(list.Items), maxItems+len(funcs.All()), tc.line)
			require.Equal(t, tc.first, list.Items[0].Label, tc.line)
			if i == 0 && tc.line == "${v01234|" {
				require.Len(t, list.Items, 10+len(funcs.All()), tc.line) // 10 of the variables start with it
			}
			if i == 0 && tc.line == "${big.k0199|" {
				require.Len(t, list.Items, 100, tc.line)
			}
		}
	}
	require.Same(t, x, d.index(), "the index is made once per load")
	require.Equal(t, 2, x.sorts, "the names and big's keys, each sorted once")
}
