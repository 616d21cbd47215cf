package lsp

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/funcs"
)

// testData reads a JSON data file as the CLI does (numbers kept exact).
func testData(path string) (map[string]any, bool, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, false, err
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var m map[string]any
	if err := dec.Decode(&m); err != nil {
		return nil, false, err
	}
	return m, false, nil
}

const flowURI = "file:///work/flows/report.md"

// flowWithTypo is the session's flow: a typo on line 2 (0-based), a
// correct call on line 3.
const flowWithTypo = "# Report\n\n" +
	"- **subject:** ${lenght(packages)} packages\n" +
	"- **body:** ${len(packages)} for ${row.status}\n"

// utf16Slice is the text an LSP range covers on one line, computed with
// package utf16 (independently of the server's conversion).
func utf16Slice(line string, from, to int) string {
	u := utf16.Encode([]rune(line))
	return string(utf16.Decode(u[from:to]))
}

// TestSession is an editor's session over the protocol: open a flow with a
// typo, read its diagnostic (D14's message, the range of the name), hover
// and complete, fix the typo, shut down, exit.
func TestSession(t *testing.T) {
	c := startServer(t, Options{LoadData: testData})
	data, err := filepath.Abs("../../../../examples/premium-report.json")
	require.NoError(t, err)
	c.initialize(t, map[string]any{"data": data})

	c.open(flowURI, flowWithTypo)
	p := c.diagnostics(t)
	require.Equal(t, flowURI, p.URI)
	require.Equal(t, 1, p.Version)
	require.Len(t, p.Diagnostics, 1)
	d := p.Diagnostics[0]
	require.Equal(t, "unknown function lenght; did you mean len?", d.Message) // D14, without the D16 echo
	require.Equal(t, 1, d.Severity)                                           // Error
	require.Equal(t, "unknown-function", d.Code)
	require.Equal(t, "kinenix", d.Source)
	require.Equal(t, 2, d.Range.Start.Line)
	require.Equal(t, 2, d.Range.End.Line)
	line := strings.Split(flowWithTypo, "\n")[2]
	require.Equal(t, "lenght", utf16Slice(line, d.Range.Start.Character, d.Range.End.Character))

	// Hover on len (line 3, on the "e" of len).
	body := strings.Split(flowWithTypo, "\n")[3]
	h := c.request("textDocument/hover", at(flowURI, 3, strings.Index(body, "len(")+1))
	require.Nil(t, h.Error)
	var hover struct {
		Contents struct{ Kind, Value string }
		Range    struct{ Start, End struct{ Line, Character int } }
	}
	require.NoError(t, json.Unmarshal(h.Result, &hover))
	require.Equal(t, "markdown", hover.Contents.Kind)
	require.Contains(t, hover.Contents.Value, "len(x)")
	require.Contains(t, hover.Contents.Value, "len counts the characters")
	require.Contains(t, hover.Contents.Value, "Empty input: `0`")
	require.Contains(t, hover.Contents.Value, "`${len('บาท')}` gives `3`")
	require.Equal(t, "len", body[hover.Range.Start.Character:hover.Range.End.Character])

	// Hover on a path shows its value in the sample data.
	h = c.request("textDocument/hover", at(flowURI, 3, strings.Index(body, "status")+2))
	require.Nil(t, h.Error)
	require.NoError(t, json.Unmarshal(h.Result, &hover))
	require.Contains(t, hover.Contents.Value, "`row.status`: text in the sample data")
	require.Contains(t, hover.Contents.Value, "Active")

	// Completion right after `${` offers every function of the table.
	cr := c.request("textDocument/completion", at(flowURI, 2, strings.Index(line, "${")+2))
	require.Nil(t, cr.Error)
	var list struct {
		Items []struct {
			Label, Detail string
			Kind          int
		}
	}
	require.NoError(t, json.Unmarshal(cr.Result, &list))
	var fns []string
	for _, it := range list.Items {
		if it.Kind == 3 {
			fns = append(fns, it.Label+" "+it.Detail)
		}
	}
	var want []string // every function of the table, in its order, with its signature
	for _, f := range funcs.All() {
		want = append(want, f.Name+" "+f.Signature())
	}
	require.Equal(t, want, fns)
	require.Contains(t, fns, "join join(list, [sep])")

	// Fixing the typo clears the diagnostics.
	fixed := strings.Replace(flowWithTypo, "lenght", "len", 1)
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": flowURI, "version": 2},
		"contentChanges": []any{map[string]any{"text": fixed}},
	})
	p = c.diagnostics(t)
	require.Equal(t, 2, p.Version)
	require.NotNil(t, p.Diagnostics)
	require.Empty(t, p.Diagnostics)

	r := c.request("shutdown", nil)
	require.Nil(t, r.Error)
	require.Equal(t, "null", string(r.Result))
	c.notify("exit", nil)
	require.Equal(t, 0, c.exitStatus(t))
}

// TestBadMessages: whatever arrives, the server answers with an LSP error
// and goes on serving; it never crashes or stops.
func TestBadMessages(t *testing.T) {
	c := startServer(t, Options{})

	// Before initialize: ServerNotInitialized.
	r := c.request("textDocument/hover", at(flowURI, 0, 0))
	require.Equal(t, codeServerNotInitialized, r.Error.Code)

	c.initialize(t, nil)

	cases := []struct {
		name, body string
		code       int
		msg        string
	}{
		{"not JSON", `{"jsonrpc": "2.0", "id": 1, "method": `, codeParseError, "not valid JSON"},
		{"not an object", `17`, codeParseError, "the message is a number, not a JSON-RPC object {...}"},
		{"a method that is no text", `{"jsonrpc": "2.0", "id": 1, "method": 5}`, codeParseError, "the message is not valid JSON-RPC: method is a number; write text in double quotes there"},
		{"batch", `[{"jsonrpc": "2.0", "id": 1, "method": "shutdown"}]`, codeInvalidRequest, "batches"},
		{"no method", `{"jsonrpc": "2.0", "id": 7}`, codeInvalidRequest, "no method"},
		{"bad id", `{"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}`, codeInvalidRequest, "id must be"},
		{"unknown method", `{"jsonrpc": "2.0", "id": 8, "method": "textDocument/frobnicate"}`, codeMethodNotFound, "frobnicate"},
		{"params of the wrong shape", `{"jsonrpc": "2.0", "id": 9, "method": "textDocument/hover", "params": "x"}`, codeInvalidParams,
			"invalid params of textDocument/hover: the params are text (a JSON string); write an object {...} of named fields"},
		{"position of the wrong type", `{"jsonrpc": "2.0", "id": 10, "method": "textDocument/completion", "params": {"textDocument": {"uri": "a"}, "position": {"line": -1}}}`, codeInvalidParams,
			"invalid params of textDocument/completion: position.line is the number -1; write a whole number from 0 to 4294967295 there"},
		// The range said whole: 2^32 is a whole number from 0, which the
		// answer said to write.
		{"position past the protocol's range", `{"jsonrpc": "2.0", "id": 17, "method": "textDocument/hover", "params": {"textDocument": {"uri": "a"}, "position": {"line": 0, "character": 4294967296}}}`, codeInvalidParams,
			"invalid params of textDocument/hover: position.character is the number 4294967296; write a whole number from 0 to 4294967295 there"},
		{"a version past the protocol's range", `{"jsonrpc": "2.0", "id": 18, "method": "textDocument/didChange", "params": {"textDocument": {"uri": "a", "version": 2147483648}}}`, codeInvalidParams,
			"invalid params of textDocument/didChange: textDocument.version is the number 2147483648; write a whole number from -2147483648 to 2147483647 there"},
		{"didOpen with a number", `{"jsonrpc": "2.0", "id": 13, "method": "textDocument/didOpen", "params": 5}`, codeInvalidParams,
			"invalid params of textDocument/didOpen: the params are a number; write an object {...} of named fields"},
		{"didOpen with a text for a document", `{"jsonrpc": "2.0", "id": 14, "method": "textDocument/didOpen", "params": {"textDocument": "a.md"}}`, codeInvalidParams,
			"invalid params of textDocument/didOpen: textDocument is text (a JSON string); write an object {...} there"},
		{"a version in quotes", `{"jsonrpc": "2.0", "id": 15, "method": "textDocument/didChange", "params": {"textDocument": {"uri": "a", "version": "2"}}}`, codeInvalidParams,
			"invalid params of textDocument/didChange: textDocument.version is text (a JSON string); write a whole number there"},
		{"a change of the wrong shape", `{"jsonrpc": "2.0", "id": 16, "method": "textDocument/didChange", "params": {"textDocument": {"uri": "a", "version": 2}, "contentChanges": [5]}}`, codeInvalidParams,
			"invalid params of textDocument/didChange: a value inside the params is a number; write an object {...} there"},
		{"unseen document", `{"jsonrpc": "2.0", "id": 11, "method": "textDocument/hover", "params": {"textDocument": {"uri": "file:///nowhere.md"}, "position": {"line": 0, "character": 0}}}`, codeInvalidParams, "file:///nowhere.md is not open"},
		// Params that name no document name the field missing, by its path.
		{"hover without a document", `{"jsonrpc": "2.0", "id": 19, "method": "textDocument/hover", "params": {}}`, codeInvalidParams,
			"invalid params of textDocument/hover: textDocument.uri is missing"},
		{"hover with no params", `{"jsonrpc": "2.0", "id": 20, "method": "textDocument/hover", "params": null}`, codeInvalidParams,
			"invalid params of textDocument/hover: textDocument.uri is missing"},
		{"completion with a position only", `{"jsonrpc": "2.0", "id": 21, "method": "textDocument/completion", "params": {"position": {"line": 0, "character": 0}}}`, codeInvalidParams,
			"invalid params of textDocument/completion: textDocument.uri is missing"},
		{"second initialize", `{"jsonrpc": "2.0", "id": 12, "method": "initialize", "params": {}}`, codeInvalidRequest, "already"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c.sendRaw(tc.body)
			m := c.read()
			require.NotNil(t, m.Error, "answer: %+v", m)
			require.Equal(t, tc.code, m.Error.Code)
			require.Contains(t, m.Error.Message, tc.msg)
			// Plain words: never encoding/json's, nor a Go type (D45).
			for _, jargon := range []string{"json:", "unmarshal", "Go struct", "Go value", "protocol.", "uint32", "int32"} {
				require.NotContains(t, m.Error.Message, jargon)
			}
		})
	}

	// A frame without Content-Length, then a good one: the first is
	// answered with a parse error, the second served.
	_, err := c.w.Write([]byte("Content-Type: x\r\n\r\n"))
	require.NoError(t, err)
	m := c.read()
	require.Equal(t, codeParseError, m.Error.Code)
	require.Contains(t, m.Error.Message, "no Content-Length")

	// Notifications that cannot be handled get no answer and do no harm.
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere.md"}})
	c.notify("textDocument/didOpen", "garbage")
	c.notify("$/unknown", nil)

	// Positions past the end of a line or of the document answer nothing.
	c.open(flowURI, flowWithTypo)
	c.diagnostics(t)
	r = c.request("textDocument/hover", at(flowURI, 99, 0))
	require.Nil(t, r.Error)
	require.Equal(t, "null", string(r.Result))
	r = c.request("textDocument/hover", at(flowURI, 2, 9999))
	require.Nil(t, r.Error)
	r = c.request("textDocument/completion", at(flowURI, 0, 3))
	require.Nil(t, r.Error)
	require.JSONEq(t, `{"isIncomplete": false, "items": []}`, string(r.Result))

	// Shut down: later requests are refused, exit after shutdown is 0.
	require.Nil(t, c.request("shutdown", nil).Error)
	r = c.request("textDocument/hover", at(flowURI, 2, 17))
	require.Equal(t, codeInvalidRequest, r.Error.Code)
	c.notify("exit", nil)
	require.Equal(t, 0, c.exitStatus(t))
}

// TestExitWithoutShutdown: LSP's exit status 1 when exit comes without
// shutdown, and when the stream ends.
func TestExitWithoutShutdown(t *testing.T) {
	c := startServer(t, Options{})
	c.initialize(t, nil)
	c.notify("exit", nil)
	require.Equal(t, 1, c.exitStatus(t))

	c = startServer(t, Options{})
	c.w.Close()
	require.Equal(t, 1, c.exitStatus(t))
}

// TestDataReload: the sample data file is read again when it changes, so
// the data-aware warnings follow it; a broken file is said once in the
// editor and checking goes on without data.
func TestDataReload(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "data.json")
	require.NoError(t, os.WriteFile(path, []byte(`{"row": {"status": "Active"}}`), 0o600))
	c := startServer(t, Options{LoadData: testData})
	params := map[string]any{"processId": nil, "rootUri": "file://" + filepath.ToSlash(dir),
		"capabilities": map[string]any{}, "initializationOptions": map[string]any{"data": "data.json"}}
	require.Nil(t, c.request("initialize", params).Error)

	text := "- **a:** ${row.statsu}\n"
	c.open(flowURI, text)
	p := c.diagnostics(t)
	require.Len(t, p.Diagnostics, 1)
	require.Equal(t, "row.statsu: no key 'statsu' in row; did you mean 'status'?", p.Diagnostics[0].Message)
	require.Equal(t, 2, p.Diagnostics[0].Severity)

	change := func(version int) {
		c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": flowURI, "version": version},
			"contentChanges": []any{map[string]any{"text": text}},
		})
	}
	require.NoError(t, os.WriteFile(path, []byte(`{"row": {"status": "Active", "statsu": "TX"}}`), 0o600))
	change(2)
	require.Empty(t, c.diagnostics(t).Diagnostics)

	require.NoError(t, os.WriteFile(path, []byte(`{"row": `), 0o600))
	// A hover reads the data first; the problem is still said with the
	// next diagnostics.
	require.Nil(t, c.request("textDocument/hover", at(flowURI, 0, 12)).Error)
	change(3)
	m := c.notification("window/showMessage")
	require.Contains(t, string(m.Params), "checking without sample data")
	require.Empty(t, c.diagnostics(t).Diagnostics)
	change(4) // the same problem is not said again
	require.Empty(t, c.diagnostics(t).Diagnostics)
	require.Empty(t, c.queue)
	// Fixed, then broken again: said again.
	require.NoError(t, os.WriteFile(path, []byte(`{"row": {"status": "Active"}}`), 0o600))
	change(5)
	require.Len(t, c.diagnostics(t).Diagnostics, 1)
	require.NoError(t, os.WriteFile(path, []byte(`{"row": `), 0o600))
	change(6)
	c.notification("window/showMessage")
	require.Empty(t, c.diagnostics(t).Diagnostics)

	require.Nil(t, c.request("shutdown", nil).Error)
	c.notify("exit", nil)
	require.Equal(t, 0, c.exitStatus(t))
}

// Malformed params of initialize and of a notification are told in plain
// words too: initialize answers InvalidParams naming the field; a
// notification, which has no answer, is logged with the same words.
func TestMalformedParamsInPlainWords(t *testing.T) {
	c := startServer(t, Options{})
	r := c.request("initialize", map[string]any{"capabilities": map[string]any{}, "rootUri": 7})
	require.Equal(t, codeInvalidParams, r.Error.Code)
	require.Equal(t, "invalid params of initialize: rootUri is a number; write text in double quotes there", r.Error.Message)
	r = c.request("initialize", map[string]any{"capabilities": map[string]any{}, "initializationOptions": map[string]any{"data": []int{1}}})
	require.Equal(t, codeInvalidParams, r.Error.Code)
	require.Equal(t, `invalid params of initialize: initializationOptions.data is a list [...]; write text in double quotes there; the options are {"data": "path/to/data.json"}`, r.Error.Message)

	var log syncBuffer
	c = startServer(t, Options{Log: &log})
	c.initialize(t, nil)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": "a.md"})
	require.Nil(t, c.request("shutdown", nil).Error) // the notification was handled before
	require.Contains(t, log.String(), "invalid params of textDocument/didOpen: textDocument is text (a JSON string); write an object {...} there")
	require.NotContains(t, log.String(), "Go struct")
}

// syncBuffer is a bytes.Buffer the server's goroutine writes while a test
// reads it.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
