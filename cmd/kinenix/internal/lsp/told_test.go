package lsp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// L1: a data file that cannot be read, or is no regular file, is said
// once in the editor, not at every check: the same problem at the next
// changes is not said again.
func TestDataProblemSaidOnce(t *testing.T) {
	dir := t.TempDir()
	txt := filepath.Join(dir, "data.txt")
	require.NoError(t, os.WriteFile(txt, []byte("a: 1\n"), 0o600))
	for _, path := range []string{filepath.Join(dir, "missing.json"), dir, "/dev/stdin", txt} {
		c := startServer(t, Options{LoadData: testData})
		c.initialize(t, map[string]any{"data": path})
		c.open(flowURI, "${row.x}\n")
		c.notification("window/showMessage")
		c.diagnostics(t)
		for v := 2; v <= 5; v++ {
			c.notify("textDocument/didChange", map[string]any{
				"textDocument":   map[string]any{"uri": flowURI, "version": v},
				"contentChanges": []any{map[string]any{"text": "${row.x}\n"}},
			})
			p := c.diagnostics(t)
			require.Equal(t, v, p.Version, path)
		}
		require.Nil(t, c.request("shutdown", nil).Error)
		require.Empty(t, c.queue, "%s: said again", path)
	}
}
