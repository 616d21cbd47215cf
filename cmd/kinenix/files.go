package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"iter"
	"os"
	"time"
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

// flows reads the flow files of preview or validate in turn (readFlow;
// dataFromStdin when -data is -) and yields each name with its text. A
// file that cannot be read is told on standard error, after what w holds
// so far, and makes *code 2; the others are still read. unread, when not
// nil, is told of it too (preview -json lists it in its files).
func (c *cli) flows(files []string, dataFromStdin bool, w *bufio.Writer, code *int, unread func(name string, err error)) iter.Seq2[string, []byte] {
	return func(yield func(string, []byte) bool) {
		for _, name := range files {
			src, err := readFlow(name, c.stdin, dataFromStdin)
			if err != nil {
				if unread != nil {
					unread(name, err)
				}
				w.Flush()
				c.message(err)
				*code = exitUsage
				continue
			}
			if !yield(name, src) {
				return
			}
		}
	}
}

// runContext is the context of a run of preview or validate: done after
// timeout, the -timeout flag (none when 0).
func runContext(timeout time.Duration) (context.Context, context.CancelFunc) {
	if timeout > 0 {
		return context.WithTimeout(context.Background(), timeout)
	}
	return context.Background(), func() {}
}
