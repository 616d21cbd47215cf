package conformance_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/conformance"
)

// endlessFS holds one file, a.yaml, of the mode given: a regular file
// that never ends (as /dev/zero behind a symbolic link, or a file of /proc
// whose size says 0), or a named pipe. It counts the bytes read and the
// opens, so the test bounds the work by counting, never by time.
type endlessFS struct {
	mode  fs.FileMode
	opens int
	read  int64
}

func (e *endlessFS) Open(name string) (fs.File, error) {
	switch name {
	case ".":
		return fstest.MapFS{"a.yaml": {Mode: e.mode}}.Open(".")
	case "a.yaml":
		e.opens++
		return &endlessFile{fs: e}, nil
	}
	return nil, fs.ErrNotExist
}

func (e *endlessFS) Stat(name string) (fs.FileInfo, error) {
	return fstest.MapFS{"a.yaml": {Mode: e.mode}}.Stat(name)
}

type endlessFile struct{ fs *endlessFS }

func (f *endlessFile) Stat() (fs.FileInfo, error) { return f.fs.Stat("a.yaml") }
func (f *endlessFile) Close() error               { return nil }
func (f *endlessFile) Read(b []byte) (int, error) {
	line := "# a comment line of a file that never ends\n"
	for i := range b {
		b[i] = line[(int(f.fs.read)+i)%len(line)]
	}
	f.fs.read += int64(len(b))
	return len(b), nil
}

// A file of cases is bounded: a regular file larger than MaxFileSize is
// refused after reading at most a few bytes more than it, and a named
// pipe or a device is refused without being opened (opening a pipe waits
// for a writer), each naming the file. Before, `kinenix conformance DIR`
// hung on a pipe named a.yaml and ran out of memory on a link to /dev/zero.
func TestCaseFileBounded(t *testing.T) {
	endless := &endlessFS{}
	_, err := conformance.Load(endless)
	require.Error(t, err)
	require.Equal(t, "a.yaml: the file is larger than 1 MiB; split its cases into several files", err.Error())
	require.LessOrEqual(t, endless.read, int64(conformance.MaxFileSize+64<<10), "bytes read of an endless file")

	for _, mode := range []fs.FileMode{fs.ModeNamedPipe, fs.ModeDevice | fs.ModeCharDevice, fs.ModeSocket} {
		pipe := &endlessFS{mode: mode}
		_, err := conformance.Load(pipe)
		require.Error(t, err, mode)
		require.Equal(t, "a.yaml is not a regular file (a pipe, a device or a directory); a file of cases is a YAML text file", err.Error())
		require.Zero(t, pipe.opens, "a file that is not regular is not opened")
	}

	// A file of exactly MaxFileSize is read.
	one := "cases:\n  - {template: \"${1 + 1}\", want: \"2\", rule: D2, complexity: 1, hint: h}\n"
	text := one + strings.Repeat("#", conformance.MaxFileSize-len(one)-1) + "\n"
	cases, err := conformance.Load(fstest.MapFS{"a.yaml": {Data: []byte(text)}})
	require.NoError(t, err)
	require.Len(t, cases, 1)
}

// deniedFS holds a file, a.yaml, and a folder, sub, that cannot be
// opened (no permission to read them), as another user's.
type deniedFS struct{ fstest.MapFS }

func (d deniedFS) Open(name string) (fs.File, error) {
	if name == "a.yaml" || name == "sub" {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return d.MapFS.Open(name)
}

func (d deniedFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name == "sub" {
		return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
	}
	return d.MapFS.ReadDir(name)
}

// A file of cases that cannot be read is named in plain words, not in
// the operating system's ("stat z.yaml: no such file or directory"): a
// link to a file that is gone, or a file without permission to read it.
// Before, `kinenix conformance DIR` printed Go's error text for both.
func TestUnreadableCaseFile(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Symlink(filepath.Join(dir, "gone.yaml"), filepath.Join(dir, "z.yaml")))
	_, err := conformance.Load(os.DirFS(dir))
	require.Error(t, err)
	require.Equal(t, "z.yaml does not exist (a link to a file that is gone); remove it or make it a file of cases", err.Error())

	_, err = conformance.Load(deniedFS{fstest.MapFS{"a.yaml": {Data: []byte("cases: []\n")}}})
	require.Error(t, err)
	require.Equal(t, "a.yaml cannot be read: there is no permission to read it", err.Error())

	_, err = conformance.Load(deniedFS{fstest.MapFS{"sub/b.yaml": {Data: []byte("cases: []\n")}}})
	require.Error(t, err)
	require.Equal(t, "the folder sub cannot be read: there is no permission to read it", err.Error())
}
