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
	"os/signal"
	"strings"
	"sync"
	"syscall"
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

// writeFailed reports whether writing to w has failed (a closed standard
// output, a full disk): a bufio.Writer keeps its first error, and a run
// ends at it rather than computing the rest of the rows for no reader.
func writeFailed(w io.Writer) bool {
	bw, ok := w.(*bufio.Writer)
	if !ok {
		return false
	}
	_, err := bw.Write(nil) // nothing is written; the error kept is returned
	return err != nil
}

// flushed writes out what w holds and reports whether all of the output
// was written; when not, it says so on standard error (the command then
// exits 2).
func (c *cli) flushed(w *bufio.Writer) bool {
	if err := w.Flush(); err != nil {
		fmt.Fprintf(c.stderr, "kinenix: cannot write the output\n")
		return false
	}
	return true
}

// runContext is the context of a run of preview or validate: done after
// timeout, the -timeout flag (none when 0), or at Ctrl-C (SIGINT) or
// SIGTERM, which stops the run as -timeout does (D42): the rows printed
// stand, whole, and standard error says where it stopped. Only while the
// run lasts is the signal caught; a second Ctrl-C ends the process at
// once.
func (c *cli) runContext(timeout time.Duration) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(context.Background())
	stopSignals := func() {}
	if interrupts != nil {
		stopSignals = interrupts(func() {
			c.interrupted.Store(true)
			cancel()
		})
	}
	if timeout > 0 {
		var cancelTime context.CancelFunc
		ctx, cancelTime = context.WithTimeout(ctx, timeout)
		return ctx, func() { stopSignals(); cancelTime(); cancel() }
	}
	return ctx, func() { stopSignals(); cancel() }
}

// interrupts catches Ctrl-C and SIGTERM during a run, calling onSignal at
// the first; stop stops catching them. main sets it to signalInterrupts;
// it is nil in tests, which set their own.
var interrupts func(onSignal func()) (stop func())

// signalInterrupts is interrupts on the process's signals. After the
// first signal it lets the next one have its default effect.
func signalInterrupts(onSignal func()) (stop func()) {
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case <-ch:
			signal.Stop(ch)
			onSignal()
		case <-done:
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			signal.Stop(ch)
			close(done)
		})
	}
}

// stopNote names what stopped a run after its message: -timeout, or an
// interrupt (Ctrl-C).
func (c *cli) stopNote(err error, timeout time.Duration) string {
	msg := err.Error()
	if timeout > 0 && strings.Contains(msg, "ran out of time") {
		return " (-timeout " + timeout.String() + ")"
	}
	if c.interrupted.Load() && strings.Contains(msg, "was cancelled") {
		return " (interrupted)"
	}
	return ""
}
