package expressions

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The package doc gives the range of the rulings the code cites (D1-Dn,
// E1-En): it must reach the highest one the spec or the code cites, or a
// reader looking for a ruling the code names is told it is not there.
func TestDocRulingRange(t *testing.T) {
	doc, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`\(D1-D(\d+), E1-E(\d+)\)`).FindSubmatch(doc)
	if m == nil {
		t.Fatal("doc.go does not give the range of the rulings as (D1-Dn, E1-En)")
	}
	highest := map[string]int{}
	// A ruling is cited as D12 or E5 after a space or punctuation; U+D800,
	// a code point, is not one.
	cite := regexp.MustCompile(`(?:^|[^+\w])([DE])([0-9]+)\b`)
	scan := func(b []byte) {
		for _, c := range cite.FindAllSubmatch(b, -1) {
			n, _ := strconv.Atoi(string(c[2]))
			highest[string(c[1])] = max(highest[string(c[1])], n)
		}
	}
	spec, err := os.ReadFile("docs/flow_markdown_spec.md")
	if err != nil {
		t.Fatal(err)
	}
	scan(spec)
	err = filepath.WalkDir(".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".go") && path != "doc_test.go" {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			scan(b)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for i, k := range []string{"D", "E"} {
		if got := string(m[i+1]); got != strconv.Itoa(highest[k]) {
			t.Errorf("doc.go says the rulings run to %s%s; the spec and the code cite up to %s%d", k, got, k, highest[k])
		}
	}
}
