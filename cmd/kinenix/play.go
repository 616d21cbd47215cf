package main

import (
	"context"
	"flag"
	"fmt"
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
func (c *cli) play(fs *flag.FlagSet) func(rest []string) int {
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `HOST:PORT`: a loopback address unless -public\n"+
		"(port 0 picks a free port; the address is printed)")
	data := fs.String("data", "", "start the page with the data of `FILE`: .json, .yaml, .yml, .csv or .xlsx\n"+
		"(FILE.xlsx#Sheet picks a sheet)")
	public := fs.Bool("public", false, "allow a non-loopback -addr: anyone who can reach it can use the page")
	return func(rest []string) int {
		if len(rest) > 1 {
			return c.usageError("play", fmt.Sprintf("play takes at most one flow file, got %d", len(rest)))
		}
		host, _, err := net.SplitHostPort(*addr)
		if err != nil {
			return c.usageError("play", fmt.Sprintf("-addr %q is not HOST:PORT", *addr))
		}
		if !play.LoopbackHost(host) && !*public {
			return c.usageError("play", fmt.Sprintf("-addr %s is not a loopback address: the page would be open "+
				"to other machines; give -public to allow it", *addr))
		}
		o := play.Options{Public: *public}
		if len(rest) == 1 {
			if rest[0] == "-" {
				return c.usageError("play", "play reads the flow from a file, not standard input")
			}
			src, err := readFlow(rest[0], nil, false)
			if err != nil {
				return c.fail(err)
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
			}
			path := *data
			// FILE.xlsx#Sheet picks a sheet, as -data does elsewhere.
			if i := strings.LastIndexByte(path, '#'); i >= 0 && strings.HasSuffix(strings.ToLower(path[:i]), ".xlsx") {
				path, o.DataSheet = path[:i], path[i+1:]
			}
			limit, what := play.MaxBody, "2 MiB"
			if strings.HasSuffix(strings.ToLower(path), ".xlsx") {
				o.DataFormat, limit, what = "xlsx", play.MaxWorkbook, "1.5 MiB for a workbook"
			}
			b, err := readPlayData(path, limit, what)
			if err != nil {
				return c.fail(err)
			}
			o.Data, o.DataName = string(b), filepath.Base(path)
		}
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			return c.fail(fmt.Errorf("cannot listen on %s: %v", *addr, err))
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
		served := make(chan error, 1)
		go func() { served <- srv.Serve(ln) }()
		select {
		case err := <-served:
			return c.fail(err)
		case <-ctx.Done():
		}
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		srv.Shutdown(shut)
		return exitOK
	}
}

// readPlayData reads the -data file of play, up to limit bytes, the size
// the page can send back (what says it in words).
func readPlayData(path string, limit int, what string) ([]byte, error) {
	f, err := openFile("data file", path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := readLimited(f, int64(limit))
	if err != nil {
		return nil, fmt.Errorf("cannot read data file %s", path)
	}
	if len(b) > limit {
		return nil, fmt.Errorf("data file %s is larger than the playground's %s", path, what)
	}
	return b, nil
}
