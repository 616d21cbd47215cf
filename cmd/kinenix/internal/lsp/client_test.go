package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// client speaks JSON-RPC with Content-Length framing to a server running
// on in-memory pipes, as an editor does.
type client struct {
	t      *testing.T
	w      io.WriteCloser
	r      *bufio.Reader
	nextID int
	done   chan int // the server's exit status
	// queue holds notifications read while waiting for a response.
	queue []rpcMsg
}

type rpcMsg struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

func startServer(t testing.TB, opts Options) *client {
	cr, sw := io.Pipe() // server -> client
	sr, cw := io.Pipe() // client -> server
	c := &client{w: cw, r: bufio.NewReader(cr), done: make(chan int, 1)}
	if tt, ok := t.(*testing.T); ok {
		c.t = tt
	}
	go func() {
		code := Serve(sr, sw, opts)
		sw.Close()
		c.done <- code
	}()
	t.Cleanup(func() { cw.Close(); cr.Close() })
	return c
}

// sendRaw writes one frame with the given body.
func (c *client) sendRaw(body string) {
	_, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(body), body)
	if err != nil {
		panic(err)
	}
}

func (c *client) notify(method string, params any) {
	b, err := json.Marshal(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
	if err != nil {
		panic(err)
	}
	c.sendRaw(string(b))
}

// request sends a request and returns its response, queueing the
// notifications that come first.
func (c *client) request(method string, params any) rpcMsg {
	c.nextID++
	id := c.nextID
	m := map[string]any{"jsonrpc": "2.0", "id": id, "method": method}
	if params != nil {
		m["params"] = params
	}
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	c.sendRaw(string(b))
	return c.responseTo(strconv.Itoa(id))
}

func (c *client) responseTo(id string) rpcMsg {
	for {
		m := c.read()
		if m.Method != "" {
			c.queue = append(c.queue, m)
			continue
		}
		if string(m.ID) == id {
			return m
		}
		panic("response to another id: " + string(m.ID))
	}
}

// notification returns the next notification with this method.
func (c *client) notification(method string) rpcMsg {
	for i, m := range c.queue {
		if m.Method == method {
			c.queue = append(c.queue[:i], c.queue[i+1:]...)
			return m
		}
	}
	for {
		m := c.read()
		if m.Method == method {
			return m
		}
		c.queue = append(c.queue, m)
	}
}

// read reads one frame. It is not timed: a server that never answers is
// ended by go test's -timeout, and a loaded machine fails no test.
func (c *client) read() rpcMsg {
	var m rpcMsg
	body, err := readFrame(c.r)
	if err == nil {
		err = json.Unmarshal(body, &m)
	}
	if err != nil {
		panic(err)
	}
	return m
}

// readFrame reads one Content-Length frame, checking the header strictly.
func readFrame(r *bufio.Reader) ([]byte, error) {
	n := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return nil, err
		}
		if !strings.HasSuffix(line, "\r\n") {
			return nil, fmt.Errorf("header line %q does not end in CRLF", line)
		}
		line = strings.TrimSuffix(line, "\r\n")
		if line == "" {
			break
		}
		v, ok := strings.CutPrefix(line, "Content-Length: ")
		if !ok {
			return nil, fmt.Errorf("unexpected header %q", line)
		}
		if n, err = strconv.Atoi(v); err != nil {
			return nil, err
		}
	}
	if n < 0 {
		return nil, fmt.Errorf("no Content-Length")
	}
	body := make([]byte, n)
	_, err := io.ReadFull(r, body)
	return body, err
}

// exitStatus waits for the server to end.
func (c *client) exitStatus(testing.TB) int { return <-c.done }

func (c *client) initialize(t testing.TB, opts any) {
	params := map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}
	if opts != nil {
		params["initializationOptions"] = opts
	}
	resp := c.request("initialize", params)
	require.Nil(t, resp.Error)
	c.notify("initialized", map[string]any{})
}

func (c *client) open(uri, text string) {
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": "markdown", "version": 1, "text": text}})
}

type diagnostic struct {
	Range struct {
		Start struct{ Line, Character int }
		End   struct{ Line, Character int }
	}
	Severity int
	Code     string
	Source   string
	Message  string
}

type published struct {
	URI         string
	Version     int
	Diagnostics []diagnostic
}

func (c *client) diagnostics(t testing.TB) published {
	m := c.notification("textDocument/publishDiagnostics")
	var p published
	require.NoError(t, json.Unmarshal(m.Params, &p))
	return p
}

func pos(line, char int) map[string]any {
	return map[string]any{"line": line, "character": char}
}

func at(uri string, line, char int) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(line, char)}
}
