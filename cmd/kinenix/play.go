package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/kinenix/expressions/cmd/kinenix/internal/play"
	"github.com/kinenix/expressions/data"
	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/internal/echo"
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
			if len(src) > flow.MaxSize {
				// the page would get the flow cut mid-line, and checking
				// it would say only that it is too large
				return c.fail(fmt.Errorf("flow file %s is larger than %d MiB, the most kinenix checks; split it into smaller flows", rest[0], flow.MaxSize>>20))
			}
			o.Flow, o.FlowName = string(src), filepath.Base(rest[0])
		}
		if *data != "" {
			if err := playData(&o, *data); err != nil {
				return c.fail(err)
			}
		}
		ln, err := net.Listen("tcp", *addr)
		if err != nil {
			fmt.Fprintf(c.stderr, "kinenix play: %s\n", echo.Clean(listenError(*addr, err).Error()))
			return exitUsage
		}
		if *public {
			fmt.Fprintf(c.stderr, "kinenix play: WARNING: listening on %s with -public: anyone who can reach this address can use the page\n", ln.Addr())
		}
		fmt.Fprintf(c.stderr, "kinenix play: open http://%s/ (Ctrl-C stops)\n", browserAddr(host, ln.Addr()))
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

// playData reads the -data file of play into o, refused as render -data
// refuses it: an extension kinenix does not read (checkDataExt), a missing
// sheet or data that cannot be read (data.Decode, as loadData), and beyond
// that a file larger than the page can send back.
func playData(o *play.Options, arg string) error {
	path, sheet := splitSheet(arg)
	if path == "-" {
		return fmt.Errorf("the playground reads its data from a file, not from standard input; give -data FILE")
	}
	if err := checkDataExt(path); err != nil {
		return err
	}
	ext := strings.ToLower(filepath.Ext(path))
	switch ext {
	case ".json", ".csv", ".xlsx":
		o.DataFormat = ext[1:]
	case ".yaml", ".yml":
		o.DataFormat = "yaml"
	case ".jsonl":
		return fmt.Errorf("data file %s: the playground does not read JSON lines (.jsonl); save the data as .json, .yaml or .csv, "+
			"or check the flow with kinenix preview -data %s", path, path)
	}
	limit, what := play.MaxBody, "2 MiB"
	if o.DataFormat == "xlsx" {
		limit, what = play.MaxWorkbook, "1.5 MiB for a workbook"
	}
	b, err := readPlayData(path, limit, what)
	if err != nil {
		return err
	}
	var opts []data.Option
	if path != arg { // FILE.xlsx#Sheet; an empty name is an error, as in render
		opts = append(opts, data.Sheet(sheet))
	}
	if _, err := data.Decode(path, b, opts...); err != nil {
		return play.DataAdvice(err, false) // JSON lines: where they are read
	}
	o.Data, o.DataName, o.DataSheet = string(b), filepath.Base(path), sheet
	return nil
}

// listenError says in plain words why play cannot listen on addr.
func listenError(addr string, err error) error {
	switch {
	case errors.Is(err, syscall.EADDRINUSE):
		return fmt.Errorf("%s is in use by another program; pick another port with -addr HOST:PORT", addr)
	case errors.Is(err, syscall.EACCES), errors.Is(err, syscall.EPERM):
		return fmt.Errorf("this user may not listen on %s (ports below 1024 need more rights); pick a port above 1024 with -addr HOST:PORT", addr)
	case errors.Is(err, syscall.EADDRNOTAVAIL):
		return fmt.Errorf("%s is not an address of this machine; give one of its addresses with -addr HOST:PORT, such as 127.0.0.1:8080", addr)
	}
	var dns *net.DNSError
	if errors.As(err, &dns) {
		return fmt.Errorf("the host of -addr %s is not known; give an address such as 127.0.0.1:8080", addr)
	}
	return fmt.Errorf("cannot listen on %s; pick another address with -addr HOST:PORT", addr)
}

// browserAddr is the address to print for a browser to open: a listener
// on every address (host "", 0.0.0.0 or ::) is reached at the loopback
// address of host's kind.
func browserAddr(host string, a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return a.String()
	}
	lo := "127.0.0.1"
	if ip := net.ParseIP(host); ip != nil && ip.To4() == nil {
		lo = "::1"
	}
	return net.JoinHostPort(lo, strconv.Itoa(tcp.Port))
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
