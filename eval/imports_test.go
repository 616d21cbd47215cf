package eval_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// The packages that touch data may not import anything that can run code,
// read the host beyond what it hands in, or peek into its types (design
// section 8, the Standards of DEVELOPERS.md). data/internal/xlsx is the
// data package's door to excelize, which itself imports os, net/http,
// reflect and unsafe; the door turns its temporary files off.
func TestNoDangerousImports(t *testing.T) {
	banned := []string{"reflect", "unsafe", "os/exec", "plugin", "net", "syscall",
		"text/template", "html/template"}
	noOS := map[string]bool{"funcs": true, "value": true, "scope": true, "eval": true, "data": true, "xlsx": true}
	checked := 0
	for _, dir := range []string{"../eval", "../funcs", "../scope", "../value", "../data", "../data/internal/xlsx"} {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		require.NoError(t, err)
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			file, err := parser.ParseFile(token.NewFileSet(), f, src, parser.ImportsOnly)
			require.NoError(t, err)
			for _, imp := range file.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				for _, b := range banned {
					require.False(t, path == b || strings.HasPrefix(path, b+"/"), "%s imports %s", f, path)
				}
				if noOS[filepath.Base(dir)] {
					require.NotEqual(t, "os", path, "%s imports os: the library reads no host state", f)
				}
			}
			checked++
		}
	}
	require.Greater(t, checked, 8)
}

// The evaluator never evaluates code: no call named eval, exec or compile of
// a language runtime exists in these packages (design section 8).
func TestNoCodeExecution(t *testing.T) {
	for _, dir := range []string{"../eval", "../funcs", "../scope", "../value", "../data", "../data/internal/xlsx"} {
		files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			src, err := os.ReadFile(f)
			require.NoError(t, err)
			for _, bad := range []string{"exec.Command", "plugin.Open", "template.New", "unsafe.Pointer", "reflect."} {
				require.NotContains(t, string(src), bad, f)
			}
		}
	}
}
