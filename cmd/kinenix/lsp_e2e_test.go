package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// The Neovim test: a real editor client (Neovim's built-in LSP client,
// headless) starts `kinenix lsp`, opens an example flow with a typo, and
// writes what it got back as JSON: the diagnostics, a hover, completions,
// and whether fixing the typo cleared the diagnostics.

// nvimScript drives Neovim with the README's configuration (the Lua block
// of its "Editor support" section, run as written, with the binary first on
// PATH). The %q verbs are filled from Go; %q quotes as Lua reads it for the
// paths used here (no control characters).
const nvimScript = `
local config, flow, out = %q, %q, %q
local result = {}
local function finish()
  local f = assert(io.open(out, 'w'))
  f:write(vim.fn.json_encode(result))
  f:close()
  vim.cmd('qall!')
end
local ok, err = pcall(function()
  vim.cmd('filetype on')
  dofile(config)
  vim.cmd('edit ' .. vim.fn.fnameescape(flow))
  local buf = vim.api.nvim_get_current_buf()
  local function client()
    if vim.lsp.get_clients then
      for _, c in ipairs(vim.lsp.get_clients({bufnr = buf})) do return c.id end
    else
      for id in pairs(vim.lsp.buf_get_clients(buf)) do return id end
    end
  end
  result.started = vim.wait(20000, function() return client() ~= nil end, 20)
  local id = client()
  result.got_diagnostics = vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
  result.diagnostics = {}
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    table.insert(result.diagnostics, {lnum = d.lnum, col = d.col, end_lnum = d.end_lnum,
      end_col = d.end_col, message = d.message, severity = d.severity, source = d.source})
  end
  local uri = vim.uri_from_bufnr(buf)
  local function request(method, line, character)
    local res = vim.lsp.buf_request_sync(buf, method,
      {textDocument = {uri = uri}, position = {line = line, character = character}}, 10000)
    if res and res[id] then return res[id].result end
    return vim.NIL
  end
  result.hover_len = request('textDocument/hover', %d, %d)
  result.hover_path = request('textDocument/hover', %d, %d)
  result.complete_functions = request('textDocument/completion', %d, %d)
  result.complete_keys = request('textDocument/completion', %d, %d)
  -- Fix the typo: Neovim sends didChange, the server answers with no
  -- diagnostics.
  local line = vim.api.nvim_buf_get_lines(buf, %d, %d + 1, true)[1]
  vim.api.nvim_buf_set_lines(buf, %d, %d + 1, true, {(line:gsub('lenght', 'len'))})
  result.fixed = vim.wait(20000, function() return #vim.diagnostic.get(buf) == 0 end, 20)
end)
if not ok then result.error = tostring(err) end
finish()
`

// readmeConfig is the Lua block of the README's "Editor support" section.
func readmeConfig(t *testing.T) string {
	b, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	_, sec, ok := strings.Cut(string(b), "\n## Editor support\n")
	require.True(t, ok, "README has no Editor support section")
	_, block, ok := strings.Cut(sec, "\n```lua\n")
	require.True(t, ok, "the Editor support section has no Lua block")
	block, _, ok = strings.Cut(block, "\n```\n")
	require.True(t, ok)
	require.Contains(t, block, "cmd = { 'kinenix', 'lsp' }")
	require.Contains(t, block, "data = 'sample.json'")
	return block
}

// TestNeovim runs the language server under Neovim. It needs nvim
// (Debian's neovim); without it the test is skipped with a message that
// says so, and `make e2e` / .ci/run install it where they can.
func TestNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("SKIPPED: nvim not found, so kinenix lsp was not tested in a real editor; install Debian's neovim (apt-get install neovim) and run make e2e")
	}
	if testing.Short() {
		t.Skip("SKIPPED in -short mode: the Neovim end-to-end test of kinenix lsp")
	}
	version, _ := exec.Command(nvim, "--version").Output()
	t.Logf("%s", strings.SplitN(string(version), "\n", 2)[0])

	dir := t.TempDir()
	bin := filepath.Join(dir, "kinenix")
	build := exec.Command("go", "build", "-o", bin, ".")
	build.Stderr = os.Stderr
	require.NoError(t, build.Run(), "go build")

	// The premium example, with a typo after Thai text and an emoji, so
	// that Neovim's conversion of our UTF-16 columns to bytes is checked.
	src, err := os.ReadFile("../../examples/premium-report.md")
	require.NoError(t, err)
	text := strings.Replace(string(src), "- **subject:** ${len(packages)}", "- **subject:** ลูกค้า 😀 ${lenght(packages)}", 1)
	require.NotEqual(t, string(src), text)
	flowPath := filepath.Join(dir, "premium-report.md")
	require.NoError(t, os.WriteFile(flowPath, []byte(text), 0o600))
	data, err := os.ReadFile("../../examples/premium-report.json")
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "sample.json"), data, 0o600))
	configPath := filepath.Join(dir, "init.lua")
	require.NoError(t, os.WriteFile(configPath, []byte(readmeConfig(t)), 0o600))

	lines := strings.Split(text, "\n")
	find := func(s string) (int, int) { // line, and UTF-16 column (ASCII lines only)
		for i, l := range lines {
			if j := strings.Index(l, s); j >= 0 {
				return i, j
			}
		}
		t.Fatalf("%q not in the flow", s)
		return 0, 0
	}
	typoLine, _ := find("${lenght(packages)}")
	typoCol := strings.Index(lines[typoLine], "lenght") // a byte offset, as Neovim reports columns
	lenLine, lenCol := find("${len(rows)}")
	pathLine, pathCol := find("${rows[0].request_id}")
	keysLine, keysCol := find("${row.First Name}")

	script := fmt.Sprintf(nvimScript, configPath, flowPath, filepath.Join(dir, "out.json"),
		lenLine, lenCol+3, // on "len"
		pathLine, pathCol+12, // on "request_id"
		lenLine, lenCol+2, // right after "${"
		keysLine, keysCol+6, // right after "${row."
		typoLine, typoLine, typoLine, typoLine)
	scriptPath := filepath.Join(dir, "test.lua")
	require.NoError(t, os.WriteFile(scriptPath, []byte(script), 0o600))

	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-u", "NONE", "-i", "NONE", "-c", "luafile "+scriptPath)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "PATH="+filepath.Dir(bin)+string(os.PathListSeparator)+os.Getenv("PATH"), "XDG_CONFIG_HOME="+dir, "XDG_DATA_HOME="+dir, "XDG_STATE_HOME="+dir, "XDG_CACHE_HOME="+dir)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "nvim: %s", out)

	b, err := os.ReadFile(filepath.Join(dir, "out.json"))
	require.NoError(t, err, "nvim wrote no result: %s", out)
	var res struct {
		Error          string
		Started        bool
		GotDiagnostics bool `json:"got_diagnostics"`
		Diagnostics    []struct {
			Lnum, Col, Severity int
			EndLnum             int `json:"end_lnum"`
			EndCol              int `json:"end_col"`
			Message, Source     string
		}
		HoverLen          json.RawMessage `json:"hover_len"`
		HoverPath         json.RawMessage `json:"hover_path"`
		CompleteFunctions json.RawMessage `json:"complete_functions"`
		CompleteKeys      json.RawMessage `json:"complete_keys"`
		Fixed             bool
	}
	require.NoError(t, json.Unmarshal(b, &res), "%s", b)
	require.Empty(t, res.Error)
	require.True(t, res.Started)
	require.True(t, res.GotDiagnostics, "no diagnostics within 20s")

	// The typo, exactly where it is (D14), as Neovim placed it.
	require.Len(t, res.Diagnostics, 1, "%s", b)
	d := res.Diagnostics[0]
	require.Equal(t, "unknown function lenght; did you mean len?", d.Message) // D14, without the D16 echo
	require.Equal(t, 1, d.Severity)                                           // vim.diagnostic.severity.ERROR
	require.Equal(t, "kinenix", d.Source)
	require.Equal(t, typoLine, d.Lnum)
	require.Equal(t, typoLine, d.EndLnum)
	require.Equal(t, typoCol, d.Col)
	require.Equal(t, typoCol+len("lenght"), d.EndCol)

	var hover struct{ Contents struct{ Kind, Value string } }
	require.NoError(t, json.Unmarshal(res.HoverLen, &hover), "%s", res.HoverLen)
	require.Contains(t, hover.Contents.Value, "len(x)")
	require.Contains(t, hover.Contents.Value, "len counts the characters")
	require.NoError(t, json.Unmarshal(res.HoverPath, &hover), "%s", res.HoverPath)
	require.Contains(t, hover.Contents.Value, "`rows[0].request_id`: text in the sample data")
	require.Contains(t, hover.Contents.Value, "REQ-88123")

	type items struct {
		Items []struct {
			Label    string
			Detail   string
			TextEdit struct{ NewText string }
		}
	}
	var fl, kl items
	require.NoError(t, json.Unmarshal(res.CompleteFunctions, &fl), "%s", res.CompleteFunctions)
	labels := map[string]string{}
	for _, it := range fl.Items {
		labels[it.Label] = it.Detail
	}
	require.Equal(t, "len(x)", labels["len"])
	require.Equal(t, "substring(x, start, [length])", labels["substring"])
	require.Contains(t, labels, "row") // a variable of the sample data
	require.NoError(t, json.Unmarshal(res.CompleteKeys, &kl), "%s", res.CompleteKeys)
	edits := map[string]string{}
	for _, it := range kl.Items {
		edits[it.Label] = it.TextEdit.NewText
	}
	require.Equal(t, "status", edits["status"])
	require.Equal(t, "['First Name']", edits["First Name"])
	require.Equal(t, "['Unit Price (THB)']", edits["Unit Price (THB)"])

	require.True(t, res.Fixed, "the diagnostics were not cleared after the fix")
}
