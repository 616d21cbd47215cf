// Package lsp is the language server of `kinenix lsp`: the Language Server
// Protocol over a stream (standard input and output), for flow Markdown
// files. It publishes what `kinenix validate` reports as diagnostics on
// open and on every change, answers hover on function names and on paths
// of the sample data, and completes functions and keys inside ${...}.
//
// The protocol types and the dispatch of requests to handlers are those of
// github.com/tliron/glsp (protocol_3_16). The framing and the JSON-RPC
// layer are our own (transport.go): glsp's server serves only the
// process's own standard streams, and its JSON-RPC library closes the
// connection on a message that is not JSON instead of answering it.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"runtime/debug"
	"strings"
	"time"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Options configure a server.
type Options struct {
	// LoadData reads a data file into variables (the CLI's loader), and
	// reports whether they are a sheet's (CSV, XLSX, JSON lines), whose
	// columns the hover on row.X summarizes (D45). When nil, a configured
	// data file is reported as not supported.
	LoadData func(path string) (vars map[string]any, sheet bool, err error)
	// Env answers `env.NAME` while the flow is checked against sample
	// data, as `kinenix validate -data` does; nil: every env.NAME is empty.
	Env func(name string) (string, bool)
	// Log, when set, receives one line for each notification that could
	// not be handled (it has no reply to carry the error). Never stdout.
	Log io.Writer
	// Version is shown as the server's version in initialize.
	Version string
	// Debounce is how long the server waits after a change, with no newer
	// change, before it checks the document. Zero: it checks as soon as no
	// message is waiting to be read. Either way a check still running when
	// a newer change of its document arrives is cancelled.
	Debounce time.Duration

	// after starts a debounce timer (time.After when nil); a test passes
	// one it fires itself, and then the timer runs even with no Debounce.
	after func(time.Duration) <-chan time.Time
	// validate checks a document (validateRow when nil); a test
	// passes one that counts or holds the checks.
	validate func(ctx context.Context, file string, src []byte, sample *scope.Scope) []flow.Finding
}

// validateRow is what `kinenix validate -data` reports for the document
// with the sample data as its row (flow.ValidateRow, the one rule of D43):
// what fails on the sample is an error, what only may go wrong a warning.
func validateRow(ctx context.Context, file string, src []byte, sample *scope.Scope) []flow.Finding {
	return flow.ValidateRow(ctx, file, src, flow.ValidateOptions{Sample: sample})
}

// Serve runs the server on r and w until the client sends exit or closes
// r. It returns the process exit status LSP asks for: 0 when exit came
// after shutdown, 1 otherwise.
func Serve(r io.Reader, w io.Writer, opts Options) int {
	s := newServer(newConn(r, w), opts)
	return s.run()
}

// document is an open document.
type document struct {
	uri     string
	version int32
	text    string
	lines   []string
}

type server struct {
	opts     Options
	c        *conn
	handler  protocol.Handler
	docs     map[string]*document
	started  bool // initialize answered
	shutdown bool // shutdown received
	snippets bool // the client takes snippets in completions
	data     dataSource

	// Checks (debounced): the documents changed since their last check,
	// the debounce timer (nil when not running), whether it has run out
	// since the last change, and the check running, if any.
	pending map[string]bool
	timer   <-chan time.Time
	due     bool
	running *check
}

// check is a check of one version of a document, running in its own
// goroutine so that the server reads on and can cancel it.
type check struct {
	uri     string
	version int32
	cancel  context.CancelFunc
	done    chan checked
}

// checked is what a check found, and whether it was cancelled.
type checked struct {
	findings  []flow.Finding
	cancelled bool
}

func newServer(c *conn, opts Options) *server {
	s := &server{opts: opts, c: c, docs: map[string]*document{}, pending: map[string]bool{}}
	if s.opts.validate == nil {
		s.opts.validate = validateRow
	}
	s.data.load = opts.LoadData
	s.data.env = opts.Env
	s.handler = protocol.Handler{
		Initialized:                     func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		SetTrace:                        func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		CancelRequest:                   func(*glsp.Context, *protocol.CancelParams) error { return nil },
		WorkspaceDidChangeConfiguration: func(*glsp.Context, *protocol.DidChangeConfigurationParams) error { return nil },
		TextDocumentDidSave:             func(*glsp.Context, *protocol.DidSaveTextDocumentParams) error { return nil },
		TextDocumentDidOpen:             s.didOpen,
		TextDocumentDidChange:           s.didChange,
		TextDocumentDidClose:            s.didClose,
		TextDocumentHover:               s.hover,
		TextDocumentCompletion:          s.completion,
	}
	return s
}

// incoming is a frame read, or the error that ended the reading of one.
type incoming struct {
	body []byte
	err  error
}

// run handles messages one at a time, in order, so a change is applied
// before the next request reads the document. A goroutine reads them, so
// that a check can wait for the end of a burst of changes (the debounce)
// and be cancelled by a newer change while it runs.
func (s *server) run() int {
	in := make(chan incoming)
	quit := make(chan struct{})
	defer close(quit)
	go s.readAll(in, quit)
	defer func() {
		if s.running != nil {
			s.running.cancel()
		}
	}()
	for {
		if s.due && s.running == nil && len(s.pending) > 0 {
			s.startCheck()
		}
		if len(s.pending) > 0 && !s.due && !s.timed() {
			// No debounce: the check is due once no message waits.
			select {
			case m := <-in:
				if code, end := s.receive(m); end {
					return code
				}
			default:
				s.due = true
			}
			continue
		}
		var done chan checked
		if s.running != nil {
			done = s.running.done
		}
		select {
		case m := <-in:
			if code, end := s.receive(m); end {
				return code
			}
		case <-s.timer:
			s.timer, s.due = nil, true
		case r := <-done:
			s.finishCheck(r)
		}
	}
}

// readAll reads frames and passes them on until the stream ends.
func (s *server) readAll(in chan<- incoming, quit <-chan struct{}) {
	for {
		body, err := s.c.read()
		select {
		case in <- incoming{body, err}:
		case <-quit:
			return
		}
		var bad *errFrame
		if err != nil && !errors.As(err, &bad) {
			return
		}
	}
}

// receive handles one frame read; end is true when the server is to
// stop, with the exit status code.
func (s *server) receive(in incoming) (code int, end bool) {
	if in.err != nil {
		var bad *errFrame
		if errors.As(in.err, &bad) {
			s.c.replyError(nil, errorf(codeParseError, "%s", bad.reason))
			return 0, false
		}
		// The stream ended without exit. The changes it brought are
		// checked first, so that a session read from a file gets all
		// its diagnostics.
		s.flush()
		return 1, true
	}
	m, id, rerr := decode(in.body)
	if rerr != nil {
		s.c.replyError(id, rerr)
		return 0, false
	}
	if m.Method == nil {
		return 0, false // a response; the server sends no requests
	}
	if *m.Method == string(protocol.MethodExit) {
		if s.shutdown {
			return 0, true
		}
		return 1, true
	}
	s.handle(m)
	return 0, false
}

// timed reports whether checks wait for a debounce timer.
func (s *server) timed() bool { return s.opts.Debounce > 0 || s.opts.after != nil }

// changed notes that a document changed: its check waits for the
// debounce again, and a check of an older version still running is
// cancelled.
func (s *server) changed(uri string) {
	s.pending[uri] = true
	s.due = false
	if s.timed() {
		after := s.opts.after
		if after == nil {
			after = time.After
		}
		s.timer = after(s.opts.Debounce)
	}
	if s.running != nil && s.running.uri == uri {
		s.running.cancel()
	}
}

// startCheck starts the check of a changed document (the first by URI,
// so the order is the same in every run).
func (s *server) startCheck() {
	uri := ""
	for u := range s.pending {
		if uri == "" || u < uri {
			uri = u
		}
	}
	delete(s.pending, uri)
	d := s.docs[uri]
	sample, msg := s.data.sample()
	if s.data.untold(msg) {
		s.c.notify(string(protocol.ServerWindowShowMessage),
			protocol.ShowMessageParams{Type: protocol.MessageTypeWarning, Message: msg})
	}
	ctx, cancel := context.WithCancel(context.Background())
	c := &check{uri: uri, version: d.version, cancel: cancel, done: make(chan checked, 1)}
	s.running = c
	validate, file, src := s.opts.validate, uriPath(d.uri), []byte(d.text)
	go func() {
		defer cancel()
		fs := validate(ctx, file, src, sample)
		c.done <- checked{findings: fs, cancelled: ctx.Err() != nil}
	}()
}

// flush waits for the check running and runs those pending, without
// waiting for the debounce.
func (s *server) flush() {
	for s.running != nil || len(s.pending) > 0 {
		if s.running == nil {
			s.startCheck()
		}
		s.finishCheck(<-s.running.done)
	}
}

// finishCheck publishes what a check found, unless it was cancelled or
// its document has changed or closed since it started.
func (s *server) finishCheck(r checked) {
	c := s.running
	s.running = nil
	d, open := s.docs[c.uri]
	if r.cancelled || !open || s.pending[c.uri] || d.version != c.version {
		return
	}
	s.publish(d, r.findings)
}

// handle answers one request or notification.
func (s *server) handle(m *message) {
	method := *m.Method
	result, err := s.call(m)
	if !m.hasID() {
		// A notification has no answer. One the server does not know
		// ($/... among them) is ignored, as LSP allows.
		var re *rpcError
		if err != nil && s.opts.Log != nil && !(errors.As(err, &re) && re.Code == codeMethodNotFound) {
			fmt.Fprintf(s.opts.Log, "kinenix lsp: %s: %v\n", method, err)
		}
		return
	}
	if err != nil {
		var re *rpcError
		if !errors.As(err, &re) {
			re = errorf(codeRequestFailed, "%v", err)
		}
		s.c.replyError(m.ID, re)
		return
	}
	s.c.reply(m.ID, result)
}

// call runs the handler of a message, turning a panic into an error.
func (s *server) call(m *message) (result any, err error) {
	method := *m.Method
	defer func() {
		if r := recover(); r != nil {
			if s.opts.Log != nil {
				fmt.Fprintf(s.opts.Log, "kinenix lsp: internal error in %s: %v\n%s", method, r, debug.Stack())
			}
			result, err = nil, errorf(codeInternalError, "internal error while handling %s; please report it", method)
		}
	}()
	switch {
	case method == string(protocol.MethodInitialize):
		if s.started {
			return nil, errorf(codeInvalidRequest, "initialize was already sent")
		}
		return s.initialize(m.Params)
	case !s.started:
		return nil, errorf(codeServerNotInitialized, "the server is not initialized; send initialize first")
	case s.shutdown:
		return nil, errorf(codeInvalidRequest, "the server is shut down; only exit is accepted")
	case method == string(protocol.MethodShutdown):
		// The checks pending are finished first: their diagnostics come
		// before the answer, and none after it.
		s.flush()
		s.shutdown = true
		return nil, nil
	}
	ctx := &glsp.Context{Method: method, Params: m.Params, Notify: s.notify}
	if len(ctx.Params) == 0 {
		ctx.Params = json.RawMessage("null")
	}
	r, validMethod, validParams, err := s.handler.Handle(ctx)
	switch {
	case !validMethod:
		return nil, errorf(codeMethodNotFound, "method not supported: %s", method)
	case !validParams:
		return nil, paramsError(method, "", ctx.Params, err)
	}
	return r, err
}

func (s *server) notify(method string, params any) { s.c.notify(method, params) }

// initializeParams is what the server reads of initialize. It is decoded
// leniently, not with glsp's full InitializeParams, so that a client
// capability of an unexpected shape cannot make initialize fail.
type initializeParams struct {
	RootURI          *string `json:"rootUri"`
	RootPath         *string `json:"rootPath"`
	WorkspaceFolders []struct {
		URI string `json:"uri"`
	} `json:"workspaceFolders"`
	InitializationOptions json.RawMessage `json:"initializationOptions"`
	Capabilities          struct {
		TextDocument struct {
			Completion struct {
				CompletionItem struct {
					SnippetSupport bool `json:"snippetSupport"`
				} `json:"completionItem"`
			} `json:"completion"`
		} `json:"textDocument"`
	} `json:"capabilities"`
}

// initOptions are the server's initialization options.
type initOptions struct {
	// Data is the sample data file, relative to the workspace root.
	Data string `json:"data"`
}

func (s *server) initialize(raw json.RawMessage) (any, error) {
	var p initializeParams
	if err := json.Unmarshal(orNull(raw), &p); err != nil {
		return nil, paramsError("initialize", "", raw, err)
	}
	var o initOptions
	if len(p.InitializationOptions) > 0 && string(p.InitializationOptions) != "null" {
		if err := json.Unmarshal(p.InitializationOptions, &o); err != nil {
			re := paramsError("initialize", "initializationOptions", p.InitializationOptions, err)
			re.Message += `; the options are {"data": "path/to/data.json"}`
			return nil, re
		}
	}
	root := ""
	switch {
	case p.RootURI != nil && *p.RootURI != "":
		root = uriPath(*p.RootURI)
	case len(p.WorkspaceFolders) > 0:
		root = uriPath(p.WorkspaceFolders[0].URI)
	case p.RootPath != nil:
		root = *p.RootPath
	}
	if o.Data != "" {
		path := o.Data
		if !filepath.IsAbs(path) && root != "" {
			path = filepath.Join(root, path)
		}
		s.data.path = path
	}
	s.snippets = p.Capabilities.TextDocument.Completion.CompletionItem.SnippetSupport
	s.started = true
	s.handler.SetInitialized(true)
	sync := protocol.TextDocumentSyncKindFull
	yes := true
	return protocol.InitializeResult{
		Capabilities: protocol.ServerCapabilities{
			TextDocumentSync: protocol.TextDocumentSyncOptions{OpenClose: &yes, Change: &sync},
			HoverProvider:    true,
			CompletionProvider: &protocol.CompletionOptions{
				TriggerCharacters: []string{"{", ".", "[", "(", ","},
			},
		},
		ServerInfo: &protocol.InitializeResultServerInfo{Name: "kinenix", Version: &s.opts.Version},
	}, nil
}

func orNull(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 {
		return json.RawMessage("null")
	}
	return raw
}

// uriPath is the file path of a file: URI, or the URI itself otherwise.
func uriPath(uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return uri
	}
	return filepath.FromSlash(u.Path)
}

// doc returns an open document, or an error that names it; method is
// the request's, named when the params name no document.
func (s *server) doc(method, uri string) (*document, error) {
	if uri == "" {
		return nil, missingURI(method)
	}
	d, ok := s.docs[uri]
	if !ok {
		return nil, errorf(codeInvalidParams, "document %s is not open; send textDocument/didOpen first", cut(uri, 200))
	}
	return d, nil
}

// missingURI is the error of params of method that name no document
// (textDocument.uri absent or empty), in the words of the other invalid
// params (params.go).
func missingURI(method string) error {
	return errorf(codeInvalidParams, "invalid params of %s: textDocument.uri is missing; name the document, {\"textDocument\": {\"uri\": \"file:///...\"}}", method)
}

func (s *server) didOpen(_ *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	td := p.TextDocument
	if td.URI == "" {
		return missingURI("textDocument/didOpen")
	}
	d := &document{uri: td.URI, version: td.Version, text: td.Text, lines: splitLines(td.Text)}
	s.docs[td.URI] = d
	s.changed(d.uri)
	return nil
}

func (s *server) didChange(_ *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	d, err := s.doc("textDocument/didChange", p.TextDocument.URI)
	if err != nil {
		return err
	}
	d.text, _ = applyChanges(d.text, p.ContentChanges)
	d.lines = splitLines(d.text)
	d.version = p.TextDocument.Version
	s.changed(d.uri)
	return nil
}

func (s *server) didClose(_ *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	d, err := s.doc("textDocument/didClose", p.TextDocument.URI)
	if err != nil {
		return err
	}
	delete(s.docs, d.uri)
	delete(s.pending, d.uri)
	if s.running != nil && s.running.uri == d.uri {
		s.running.cancel()
	}
	s.c.notify(string(protocol.ServerTextDocumentPublishDiagnostics),
		protocol.PublishDiagnosticsParams{URI: d.uri, Diagnostics: []protocol.Diagnostic{}})
	return nil
}

// publish sends the diagnostics of a document.
func (s *server) publish(d *document, fs []flow.Finding) {
	version := uint32(max(d.version, 0))
	s.c.notify(string(protocol.ServerTextDocumentPublishDiagnostics), protocol.PublishDiagnosticsParams{
		URI:         d.uri,
		Version:     &version,
		Diagnostics: diagnostics(d.lines, fs),
	})
}

// diagnostics turns findings into LSP diagnostics: errors as Error,
// warnings as Warning, the finding's kind as the code and "kinenix" as the
// source.
func diagnostics(lines []string, fs []flow.Finding) []protocol.Diagnostic {
	out := make([]protocol.Diagnostic, 0, len(fs))
	source := "kinenix"
	r := newRanger(lines)
	for _, f := range fs {
		sev := protocol.DiagnosticSeverityError
		if f.Warning {
			sev = protocol.DiagnosticSeverityWarning
		}
		out = append(out, protocol.Diagnostic{
			Range:    r.findingRange(f),
			Severity: &sev,
			Code:     &protocol.IntegerOrString{Value: f.Kind},
			Source:   &source,
			Message:  diagnosticMessage(f),
		})
	}
	return out
}

// diagnosticMessage is a finding's message as the editor shows it: without the
// echo of the expression that starts an error's message (D16's
// `${<text>}: `, after `condition: ` in a condition line), since the
// diagnostic's range already marks that text in the document, for an error
// and a warning alike. A part named before its reason (`row.Prise: no key
// ...`, `env.HOME: ...` inside a longer expression) is no echo of the
// expression and is kept, as is a condition line's own problem.
//
// The fix of an env.NAME that is not read (D44) is one the editor user can
// follow: an editor has no -env flag, and the server reads no environment
// (Options.Env is nil), so the message says when the value is read.
func diagnosticMessage(f flow.Finding) string {
	msg := f.Message
	// The echo also follows the `condition: ` of a placeholder's problem
	// in a condition line (D37): the range marks the placeholder there
	// too. An empty placeholder's echo is `${}: ` (a `${` at a line's end).
	rest, _ := strings.CutPrefix(msg, "condition: ")
	if reason, ok := strings.CutPrefix(rest, "${"+f.Expr+"}: "); ok && reason != "" {
		msg = reason
	}
	if f.Kind == "trap" {
		msg = flow.NoEnvFix(msg, "the editor")
	}
	return msg
}
