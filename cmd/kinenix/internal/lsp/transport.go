package lsp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
)

// The base protocol: messages framed by a Content-Length header, each one a
// JSON-RPC 2.0 request, notification or response.

// Limits of the transport, enforced before anything is allocated.
const (
	// maxMessage is the largest message body read. A flow is at most
	// flow.MaxSize (1 MiB); JSON escaping can make it six times larger.
	maxMessage = 16 << 20
	// maxHeaderLine is the longest header line read.
	maxHeaderLine = 4 << 10
)

// JSON-RPC and LSP error codes.
const (
	codeParseError           = -32700
	codeInvalidRequest       = -32600
	codeMethodNotFound       = -32601
	codeInvalidParams        = -32602
	codeInternalError        = -32603
	codeServerNotInitialized = -32002
	codeRequestFailed        = -32803
)

// rpcError is an error answered to a request with its code.
type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

func (e *rpcError) Error() string { return e.Message }

func errorf(code int, format string, args ...any) *rpcError {
	return &rpcError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// message is any incoming message. ID is kept raw so that a response
// carries it back exactly as the client wrote it.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  *string         `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// hasID reports whether the message is a request (it has an id, even null).
func (m *message) hasID() bool { return m.ID != nil }

// validID reports whether the id is a number or a text, as JSON-RPC wants.
func validID(id json.RawMessage) bool {
	id = bytes.TrimSpace(id)
	if len(id) == 0 {
		return false
	}
	if id[0] == '"' {
		var s string
		return json.Unmarshal(id, &s) == nil
	}
	var n json.Number
	return json.Unmarshal(id, &n) == nil
}

type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Result  json.RawMessage `json:"result"`
}

type errorResponse struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   *rpcError       `json:"error"`
}

type notification struct {
	JSONRPC string `json:"jsonrpc"`
	Method  string `json:"method"`
	Params  any    `json:"params"`
}

var nullID = json.RawMessage("null")

// conn reads framed messages from r and writes them to w. Writes are
// serialised, so notifications and responses never interleave.
type conn struct {
	r  *bufio.Reader
	mu sync.Mutex
	w  io.Writer
}

func newConn(r io.Reader, w io.Writer) *conn {
	return &conn{r: bufio.NewReaderSize(r, 64<<10), w: w}
}

// errFrame is a frame that could be read past but not used: a bad header
// or a body too large. The connection goes on with the next frame.
type errFrame struct{ reason string }

func (e *errFrame) Error() string { return e.reason }

// read returns the body of the next message. io.EOF (or another read
// error) ends the connection; an *errFrame is answered and skipped.
func (c *conn) read() ([]byte, error) {
	length := -1
	sawHeader := false
	for {
		line, err := c.readLine()
		if err != nil {
			if errors.Is(err, io.EOF) && sawHeader {
				return nil, io.ErrUnexpectedEOF
			}
			return nil, err
		}
		if line == "" {
			if !sawHeader {
				continue // blank lines between frames
			}
			break
		}
		sawHeader = true
		name, val, ok := strings.Cut(line, ":")
		if !ok {
			return nil, &errFrame{"malformed header line " + strconv.Quote(cut(line, 60))}
		}
		if strings.EqualFold(strings.TrimSpace(name), "Content-Length") {
			n, err := strconv.Atoi(strings.TrimSpace(val))
			if err != nil || n < 0 {
				return nil, &errFrame{"malformed Content-Length " + strconv.Quote(cut(val, 60))}
			}
			length = n
		}
	}
	if length < 0 {
		return nil, &errFrame{"the message has no Content-Length header"}
	}
	if length > maxMessage {
		if _, err := io.CopyN(io.Discard, c.r, int64(length)); err != nil {
			return nil, err
		}
		return nil, &errFrame{fmt.Sprintf("the message is larger than %d MiB", maxMessage>>20)}
	}
	body := make([]byte, length)
	if _, err := io.ReadFull(c.r, body); err != nil {
		return nil, err
	}
	return body, nil
}

// readLine reads one header line without its line end, at most
// maxHeaderLine bytes.
func (c *conn) readLine() (string, error) {
	var b []byte
	for {
		chunk, err := c.r.ReadSlice('\n')
		if len(b)+len(chunk) > maxHeaderLine {
			// Skip the rest of this line, then report it.
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = c.r.ReadSlice('\n')
			}
			if err != nil {
				return "", err
			}
			return "", &errFrame{"a header line is longer than 4 KiB"}
		}
		b = append(b, chunk...)
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil {
			if len(b) > 0 && errors.Is(err, io.EOF) {
				return "", io.ErrUnexpectedEOF
			}
			return "", err
		}
		return strings.TrimRight(string(b), "\r\n"), nil
	}
}

func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[:n], "") + "..."
}

// write frames one message.
func (c *conn) write(v any) error {
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var head [64]byte
	h := append(head[:0], "Content-Length: "...)
	h = strconv.AppendInt(h, int64(len(body)), 10)
	h = append(h, "\r\n\r\n"...)
	if _, err := c.w.Write(h); err != nil {
		return err
	}
	_, err = c.w.Write(body)
	return err
}

func (c *conn) reply(id json.RawMessage, result any) error {
	b, err := json.Marshal(result)
	if err != nil {
		return c.replyError(id, errorf(codeInternalError, "cannot encode the result: %v", err))
	}
	return c.write(response{JSONRPC: "2.0", ID: id, Result: b})
}

func (c *conn) replyError(id json.RawMessage, e *rpcError) error {
	if id == nil {
		id = nullID
	}
	return c.write(errorResponse{JSONRPC: "2.0", ID: id, Error: e})
}

func (c *conn) notify(method string, params any) error {
	return c.write(notification{JSONRPC: "2.0", Method: method, Params: params})
}

// decode reads a message body. A body that is not JSON, a batch, or a
// message that is neither a request, a notification nor a response is an
// *rpcError to answer with the id (null when it cannot be known).
func decode(body []byte) (*message, json.RawMessage, *rpcError) {
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) > 0 && trimmed[0] == '[' {
		return nil, nil, errorf(codeInvalidRequest, "batches of messages are not supported")
	}
	var m message
	if err := json.Unmarshal(body, &m); err != nil {
		return nil, nil, messageError(body, err)
	}
	if m.Method == nil {
		if m.Result != nil || m.Error != nil {
			return &m, nil, nil // a response: the server sends no requests, so it is dropped
		}
		id := m.ID
		if !validID(id) {
			id = nil
		}
		return nil, id, errorf(codeInvalidRequest, "the message has no method")
	}
	if m.hasID() && !validID(m.ID) {
		return nil, nil, errorf(codeInvalidRequest, "the id must be a number or a text")
	}
	return &m, m.ID, nil
}
