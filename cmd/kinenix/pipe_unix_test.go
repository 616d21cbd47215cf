//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/stretchr/testify/require"
)

// A named pipe among the .md files of a directory given to validate or
// preview is told and not opened (opening it waits for a writer: the run
// hung); the other flows are still checked. The pipe's writer counts
// whether it was ever opened for reading, so the test bounds the work
// without a clock.
func TestDirectoryPipeNotOpened(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "a.md"), []byte("- **f:** ${len()}\n"), 0o644))
	pipe := filepath.Join(dir, "b.md")
	require.NoError(t, syscall.Mkfifo(pipe, 0o644))
	opened := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		f, err := os.OpenFile(pipe, os.O_WRONLY, 0) // waits for a reader
		close(opened)
		if err == nil {
			f.Close()
		}
	}()
	for _, cmd := range []string{"validate", "preview"} {
		r := runCLI(t, "", cmd, dir)
		require.Equal(t, 2, r.code, cmd)
		require.Contains(t, r.stderr, "kinenix: flow file "+pipe+" is not a regular file (a pipe, a socket or a device); a flow is a Markdown text file\n", cmd)
		require.Contains(t, r.stdout, "len takes 1 value, got 0", cmd)
	}
	select {
	case <-opened:
		t.Fatal("the pipe was opened for reading")
	default:
	}
	// Let the writer go: a reader that does not wait.
	f, err := os.OpenFile(pipe, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	require.NoError(t, err)
	<-done
	f.Close()
}
