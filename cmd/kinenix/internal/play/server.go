//go:build !js || !wasm

// Package play is the playground: a page where a flow author edits a flow
// and its data and sees, as they type, its problems, every field rendered
// and every condition decided and explained, for one row and for every
// row at once. The page (assets/) asks Call for its work: through the
// server of `kinenix play`, which serves it from assets embedded in the
// binary, or, on a static site (`make site`), through this package
// compiled to WebAssembly (./wasm). The server is left out of that build.
//
// The server is meant for one person on their own machine. It reads and
// writes no file: the flow and data given on the command line are handed to
// New as text, and everything else arrives in request bodies. Every request
// is bounded: the body by MaxBody, the time by CheckTimeout, the work by the
// limits of Check, and at most MaxConcurrent checks (and MaxQuick
// completions and hovers) run at once; a request reads its body only
// when it runs, so that the bodies of all requests together are bounded
// too. Requests
// whose Host header is not a loopback name are refused (DNS rebinding),
// unless the server was made with Options.Public.
package play

import (
	"context"
	"embed"
	"encoding/json"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http"
	"slices"
	"strings"
	"time"
)

// Limits of one request.
const (
	// MaxBody caps the body of a check request (flow and data together).
	MaxBody = 2 << 20
	// CheckTimeout bounds one check, waiting for a turn included.
	CheckTimeout = 5 * time.Second
	// MaxConcurrent checks run at once; more wait for a turn.
	MaxConcurrent = 2
	// MaxQuick completions and hovers run at once; more wait for a turn,
	// never behind a check.
	MaxQuick = 2
	// MaxWorkbook caps a workbook the page starts with or opens: its bytes
	// travel in base64, a third more, within MaxBody.
	MaxWorkbook = 1536 << 10
)

//go:embed assets
var assets embed.FS

// Options are the settings of a server.
type Options struct {
	// Flow and Data are the texts the page starts with; FlowName and
	// DataName are the names shown for them. Without a flow the page
	// starts with a short example. DataFormat is "json", "yaml", "csv",
	// "xlsx" or "" (JSON or YAML, as the text reads). For "xlsx", Data
	// holds the workbook's bytes (at most MaxWorkbook), and DataSheet
	// names its sheet to read ("" the first).
	Flow, FlowName             string
	Data, DataName, DataFormat string
	DataSheet                  string
	// Public accepts requests for any Host, for a server deliberately
	// listening on a non-loopback address.
	Public bool
}

// New returns the handler of the page and its API:
//
//	GET  /               the page (index.html, style.css, app.js, favicon.svg)
//	GET  /api/start      the flow and data the page starts with (Start)
//	GET  /api/functions  the function reference (funcs.All)
//	POST /api/check      Request in, Result out (application/json)
//	POST /api/table      TableRequest in, TableResult out
//	POST /api/complete   CursorRequest in, completions out
//	POST /api/hover      CursorRequest in, a hover or null out
//
// Any other request under /api/ is answered in JSON: {"error": "..."}
// saying how to ask (405) or that there is no such request (404); so is
// the refusal of a request under /api/ for a Host that is not loopback
// (403).
//
// The page asks the same of Go compiled to WebAssembly when it is served
// without this server (see Call); every response carries the header
// X-Kinenix-Play: api, by which the page knows to ask the server.
func New(o Options) http.Handler {
	return newServer(o).handler()
}

func newServer(o Options) *server {
	s := &server{o: o, turns: make(chan struct{}, MaxConcurrent), quick: make(chan struct{}, MaxQuick), timeout: CheckTimeout}
	if s.o.Flow == "" && s.o.FlowName == "" {
		st := Starter()
		s.o.Flow, s.o.FlowName = st.Flow, st.FlowName
		if s.o.Data == "" && s.o.DataName == "" {
			s.o.Data, s.o.DataName, s.o.DataFormat = st.Data, st.DataName, st.DataFormat
		}
	}
	return s
}

func (s *server) handler() http.Handler {
	sub, err := fs.Sub(assets, "assets")
	if err != nil {
		panic(err) // the embedded directory is part of the binary
	}
	mux := http.NewServeMux()
	static := http.FileServerFS(sub)
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		http.ServeFileFS(w, r, sub, "index.html")
	})
	for _, name := range pageFiles {
		mux.Handle("GET /"+name, static)
	}
	mux.HandleFunc("GET /api/start", s.start)
	mux.HandleFunc("GET /api/functions", s.functions)
	mux.HandleFunc("POST /api/{name}", s.call)
	// Every other request under /api/ is answered in JSON too.
	mux.HandleFunc("/api/{name}", s.wrongMethod)
	mux.HandleFunc("/api/", s.wrongMethod)
	return s.guard(mux)
}

// wrongMethod answers a request under /api/ that no handler takes: one of
// the page's requests with another method (405, saying how it is asked),
// or a name the API does not have (404), in JSON as every answer of the
// API.
func (s *server) wrongMethod(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	switch {
	case slices.Contains(posted, name):
		w.Header().Set("Allow", "POST")
		writeJSON(w, http.StatusMethodNotAllowed, apiError{name + " is asked with POST /api/" + name + ", with a JSON body"})
	case name == "start" || name == "functions":
		w.Header().Set("Allow", "GET, HEAD")
		writeJSON(w, http.StatusMethodNotAllowed, apiError{name + " is asked with GET /api/" + name + ", without a body"})
	default:
		writeJSON(w, http.StatusNotFound, apiError{"no such request: post one of " + strings.Join(posted, ", ") +
			"; get start or functions"})
	}
}

// pageFiles are the files of the page besides index.html, served at /NAME.
var pageFiles = []string{"style.css", "app.js", "worker.js", "favicon.svg"}

type server struct {
	o       Options
	turns   chan struct{} // one token per running check
	quick   chan struct{} // one token per running completion or hover
	timeout time.Duration // CheckTimeout; shorter in tests
	// waiting, when set, is called when a request starts to wait for a
	// turn (a test's view of the requests that wait).
	waiting func()
}

// guard checks the Host header and sets the security headers of every
// response. A request for another Host is refused, under /api/ in JSON
// as every answer of the API.
func (s *server) guard(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h := w.Header()
		h.Set("Content-Security-Policy", "default-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("X-Frame-Options", "DENY")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		h.Set("Cache-Control", "no-store")
		h.Set("X-Kinenix-Play", "api")
		if !s.o.Public && !LoopbackHost(r.Host) {
			const refused = "kinenix play answers only requests for localhost, 127.0.0.1 or [::1]"
			if strings.HasPrefix(r.URL.Path, "/api/") {
				// The API answers in JSON, its refusals too.
				writeJSON(w, http.StatusForbidden, apiError{refused})
			} else {
				http.Error(w, refused, http.StatusForbidden)
			}
			return
		}
		next.ServeHTTP(w, r)
	})
}

// LoopbackHost reports whether host (a Host header or a listen address,
// with or without a port) names this machine only: localhost or a loopback
// IP address.
func LoopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.TrimPrefix(host, "["), "]")
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (s *server) start(w http.ResponseWriter, r *http.Request) {
	st := Start{Flow: s.o.Flow, FlowName: s.o.FlowName,
		Data: s.o.Data, DataName: s.o.DataName, DataFormat: s.o.DataFormat}
	if st.DataFormat == "xlsx" {
		st.Data, st.Bytes, st.Sheet = "", []byte(s.o.Data), s.o.DataSheet
	}
	writeJSON(w, http.StatusOK, st)
}

func (s *server) functions(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, functions())
}

// apiError is the body of a refused check request.
type apiError struct {
	Error string `json:"error"`
}

// call answers POST /api/NAME with Call.
func (s *server) call(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !slices.Contains(posted, name) {
		msg := "no such request: post one of " + strings.Join(posted, ", ")
		if name == "start" || name == "functions" {
			// Asked with GET: say so, not that it does not exist.
			msg = name + " is asked with GET /api/" + name + ", without a body; post one of " + strings.Join(posted, ", ")
		}
		writeJSON(w, http.StatusNotFound, apiError{msg})
		return
	}
	// A page of another site can send a simple POST here; it cannot send
	// application/json without a preflight this server never answers, and
	// its Origin names it.
	if mt := r.Header.Get("Content-Type"); !strings.HasPrefix(mt, "application/json") {
		writeJSON(w, http.StatusUnsupportedMediaType, apiError{"send the check as application/json"})
		return
	}
	if o := r.Header.Get("Origin"); o != "" && o != "http://"+r.Host {
		writeJSON(w, http.StatusForbidden, apiError{"requests from other pages are refused"})
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), s.timeout)
	defer cancel()
	// A request reads its body only once it has its turn, so that the
	// bodies held at once are those of the requests that run, at most
	// (MaxConcurrent + MaxQuick) × MaxBody bytes however many wait: a
	// waiting request's body stays unread in its connection (one that
	// comes slowly holds its turn no longer than the http.Server's
	// ReadTimeout, which kinenix play sets). Checks and
	// tables take turns; completion and hover read one line and answer at
	// once, never behind a table.
	turns := s.quick
	if name == "check" || name == "table" {
		turns = s.turns
	}
	if !s.take(ctx, turns) {
		writeJSON(w, http.StatusServiceUnavailable, apiError{"the server is busy; try again"})
		return
	}
	defer func() { <-turns }()
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, MaxBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			writeJSON(w, http.StatusRequestEntityTooLarge,
				apiError{"the flow and data together are larger than 2 MiB; they were not checked"})
			return
		}
		writeJSON(w, http.StatusBadRequest, apiError{"the request could not be read"})
		return
	}
	res, err := Call(ctx, name, body)
	if err != nil {
		var bad *BadRequest
		if errors.As(err, &bad) {
			writeJSON(w, http.StatusBadRequest, apiError{bad.What})
		} else if errors.Is(err, context.DeadlineExceeded) {
			writeJSON(w, http.StatusServiceUnavailable, apiError{"the check took longer than " + s.timeout.String() + " and was stopped"})
		}
		return // cancelled: nobody is waiting for the answer
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Write(res)
}

// take takes a turn of turns for a request, waiting for one until ctx is
// done; false when it is done first.
func (s *server) take(ctx context.Context, turns chan struct{}) bool {
	select {
	case turns <- struct{}{}:
		return true
	default:
	}
	if s.waiting != nil {
		s.waiting()
	}
	select {
	case turns <- struct{}{}:
		return true
	case <-ctx.Done():
		return false
	}
}

// posted are the requests the page posts; the function reference and the
// start are GETs.
var posted = []string{"check", "table", "complete", "hover"}

func writeJSON(w http.ResponseWriter, code int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(code)
	w.Write(b)
}
