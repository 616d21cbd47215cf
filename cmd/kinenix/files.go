package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// openFile opens the file a command was given, what it holds named in the
// messages ("data file", "flow file"): one line saying that it does not
// exist or cannot be read, or that it is a directory.
func openFile(what, path string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%s %s does not exist", what, path)
		}
		return nil, fmt.Errorf("cannot read %s %s", what, path)
	}
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, fmt.Errorf("%s is a directory, not a %s", path, what)
	}
	return f, nil
}

// readLimited reads at most limit+1 bytes of r, so that a caller can tell
// a file over its limit without reading it whole.
func readLimited(r io.Reader, limit int64) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r, limit+1))
}
