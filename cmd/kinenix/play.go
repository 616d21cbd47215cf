package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/kinenix/expressions/cmd/kinenix/internal/play"
)

// play serves the playground page (`kinenix play`) until interrupted. The
// flow and data files named on the command line are read once, here; the
// server reads and writes no file.
func (c *cli) play(args []string) int {
	fs := c.flags("play")
	addr := fs.String("addr", "127.0.0.1:8080", "address to listen on (loopback only, unless -public)")
	data := fs.String("data", "", "JSON, YAML or CSV file the page starts with")
	public := fs.Bool("public", false, "allow a non-loopback -addr: anyone who can reach it can use the page")
	rest, err := parse(fs, args)
	if err != nil {
		return c.usageError(err)
	}
	if len(rest) > 1 {
		return c.usageError(errors.New("play takes at most one flow file; usage: kinenix play [-addr 127.0.0.1:8080] [-data FILE] [FLOW.md]"))
	}
	host, _, err := net.SplitHostPort(*addr)
	if err != nil {
		return c.usageError(fmt.Errorf("-addr %q is not HOST:PORT", *addr))
	}
	if !play.LoopbackHost(host) && !*public {
		return c.usageError(fmt.Errorf("-addr %s is not a loopback address: the page would be open to other machines; "+
			"give -public to allow it", *addr))
	}
	o := play.Options{Public: *public}
	if len(rest) == 1 {
		if rest[0] == "-" {
			return c.usageError(errors.New("play reads the flow from a file, not standard input"))
		}
		src, err := readFlow(rest[0], nil, false)
		if err != nil {
			return c.usageError(err)
		}
		o.Flow, o.FlowName = string(src), filepath.Base(rest[0])
	}
	if *data != "" {
		switch strings.ToLower(filepath.Ext(*data)) {
		case ".json":
			o.DataFormat = "json"
		case ".yaml", ".yml":
			o.DataFormat = "yaml"
		case ".csv":
			o.DataFormat = "csv"
		case ".xlsx":
			return c.usageError(fmt.Errorf("data file %s: the playground edits data as text: give JSON, YAML or CSV", *data))
		}
		b, err := readPlayData(*data)
		if err != nil {
			return c.usageError(err)
		}
		o.Data, o.DataName = string(b), filepath.Base(*data)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return c.usageError(fmt.Errorf("cannot listen on %s: %v", *addr, err))
	}
	if *public {
		fmt.Fprintf(c.stderr, "kinenix play: WARNING: listening on %s with -public: anyone who can reach this address can use the page\n", ln.Addr())
	}
	fmt.Fprintf(c.stderr, "kinenix play: open http://%s/ (Ctrl-C stops)\n", ln.Addr())
	srv := &http.Server{
		Handler:           play.New(o),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       10 * time.Second,
		WriteTimeout:      play.CheckTimeout + 10*time.Second,
		IdleTimeout:       time.Minute,
		MaxHeaderBytes:    64 << 10,
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		fmt.Fprintf(c.stderr, "kinenix play: %v\n", err)
		return exitUsage
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	srv.Shutdown(shut)
	return exitOK
}

// readPlayData reads the -data file of play as text, up to the size the
// page can send back.
func readPlayData(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("data file %s does not exist", path)
		}
		return nil, fmt.Errorf("cannot read data file %s", path)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, play.MaxBody+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read data file %s", path)
	}
	if len(b) > play.MaxBody {
		return nil, fmt.Errorf("data file %s is larger than the playground's 2 MiB", path)
	}
	return b, nil
}
