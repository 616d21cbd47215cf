package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// frames writes messages as the LSP base protocol frames them.
func frames(msgs ...any) string {
	var b strings.Builder
	for _, m := range msgs {
		body, err := json.Marshal(m)
		if err != nil {
			panic(err)
		}
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	return b.String()
}

// readFrames splits the server's output into message bodies, failing on
// anything that is not a frame: the server writes nothing else to stdout.
func readFrames(t *testing.T, out []byte) []map[string]json.RawMessage {
	r := bufio.NewReader(bytes.NewReader(out))
	var msgs []map[string]json.RawMessage
	for {
		line, err := r.ReadString('\n')
		if err == io.EOF && line == "" {
			return msgs
		}
		require.NoError(t, err)
		v, ok := strings.CutPrefix(line, "Content-Length: ")
		require.True(t, ok, "not a frame header: %q", line)
		n, err := strconv.Atoi(strings.TrimSuffix(v, "\r\n"))
		require.NoError(t, err)
		blank, err := r.ReadString('\n')
		require.NoError(t, err)
		require.Equal(t, "\r\n", blank)
		body := make([]byte, n)
		_, err = io.ReadFull(r, body)
		require.NoError(t, err)
		var m map[string]json.RawMessage
		require.NoError(t, json.Unmarshal(body, &m), "%s", body)
		msgs = append(msgs, m)
	}
}

// TestLSPCommand runs `kinenix lsp` as the CLI runs it, with the CLI's
// data loader reading YAML sample data named by the initialization option
// (relative to the workspace root): the missing key is a warning with the
// closest key (D38's data-aware checks, as validate -data gives them), a
// hover shows a value of the YAML, and stdout holds frames only.
func TestLSPCommand(t *testing.T) {
	root, err := filepath.Abs("../../examples")
	require.NoError(t, err)
	flow := "- **to:** ${order.customer.emial}\n- **id:** ${order.id}\n"
	in := frames(
		map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
			"processId": nil, "rootUri": "file://" + filepath.ToSlash(root), "capabilities": map[string]any{},
			"initializationOptions": map[string]any{"data": "order-status.yaml"}}},
		map[string]any{"jsonrpc": "2.0", "method": "initialized", "params": map[string]any{}},
		map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
			"textDocument": map[string]any{"uri": "file:///f.md", "languageId": "markdown", "version": 3, "text": flow}}},
		map[string]any{"jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": map[string]any{
			"textDocument": map[string]any{"uri": "file:///f.md"}, "position": map[string]any{"line": 1, "character": 18}}},
		map[string]any{"jsonrpc": "2.0", "id": 3, "method": "shutdown"},
		map[string]any{"jsonrpc": "2.0", "method": "exit"},
	)
	var stdout, stderr bytes.Buffer
	code := run([]string{"lsp"}, strings.NewReader(in), &stdout, &stderr)
	require.Equal(t, 0, code, "stderr: %s", stderr.String())
	require.Empty(t, stderr.String())

	// The check waits for a pause in the changes (lspDebounce), which
	// shutdown cuts short: its diagnostics come before shutdown's answer,
	// before or after the hover's.
	msgs := readFrames(t, stdout.Bytes())
	require.Len(t, msgs, 4, "initialize, publishDiagnostics, hover, shutdown")
	if string(msgs[2]["method"]) != "" {
		msgs[1], msgs[2] = msgs[2], msgs[1]
	}
	require.JSONEq(t, `"textDocument/publishDiagnostics"`, string(msgs[1]["method"]))
	var p struct {
		Diagnostics []struct {
			Severity int
			Message  string
			Range    struct{ Start, End struct{ Line, Character int } }
		}
	}
	require.NoError(t, json.Unmarshal(msgs[1]["params"], &p))
	require.Len(t, p.Diagnostics, 1)
	d := p.Diagnostics[0]
	require.Equal(t, 2, d.Severity) // a warning
	require.Equal(t, "order.customer.emial: no key 'emial' in order.customer; did you mean 'email'?", d.Message)
	require.Equal(t, "emial", flow[d.Range.Start.Character:d.Range.End.Character])

	var h struct{ Contents struct{ Value string } }
	require.NoError(t, json.Unmarshal(msgs[2]["result"], &h), "%s", msgs[2]["result"])
	require.Contains(t, h.Contents.Value, "`order.id`: text in the sample data")
	require.Contains(t, h.Contents.Value, "SO-2026-04417")
	require.JSONEq(t, `null`, string(msgs[3]["result"]))
}

// TestLSPCommandErrors: a missing data file is said once in the editor
// (window/showMessage) and checking goes on without data; arguments are
// a usage error; a stream that ends without exit is status 1.
func TestLSPCommandErrors(t *testing.T) {
	var stdout, stderr bytes.Buffer
	require.Equal(t, exitUsage, run([]string{"lsp", "extra"}, strings.NewReader(""), &stdout, &stderr))
	require.Contains(t, stderr.String(), "lsp takes no arguments")

	// L4: --stdio, which generic LSP clients pass, is the transport it
	// has: the server runs (and ends as a stream without exit does).
	for _, flag := range []string{"--stdio", "-stdio"} {
		stdout.Reset()
		stderr.Reset()
		require.Equal(t, 1, run([]string{"lsp", flag}, strings.NewReader(""), &stdout, &stderr), flag)
		require.Empty(t, stderr.String(), flag)
	}

	in := frames(
		map[string]any{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": map[string]any{
			"rootUri": "file:///nowhere", "capabilities": map[string]any{},
			"initializationOptions": map[string]any{"data": "missing.json"}}},
		map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
			"textDocument": map[string]any{"uri": "file:///f.md", "version": 1, "text": "${lenght(x)}"}}},
		map[string]any{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": map[string]any{
			"textDocument": map[string]any{"uri": "file:///g.md", "version": 1, "text": "${len(x)}"}}},
	)
	stdout.Reset()
	stderr.Reset()
	require.Equal(t, 1, run([]string{"lsp"}, strings.NewReader(in), &stdout, &stderr))
	var methods []string
	for _, m := range readFrames(t, stdout.Bytes()) {
		var s string
		_ = json.Unmarshal(m["method"], &s)
		methods = append(methods, s)
		if s == "window/showMessage" {
			require.Contains(t, string(m["params"]), "data file /nowhere/missing.json does not exist; checking without sample data")
		}
	}
	require.Equal(t, []string{"", "window/showMessage", "textDocument/publishDiagnostics", "textDocument/publishDiagnostics"}, methods)
}
