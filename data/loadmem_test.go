package data

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// records writes n YAML list items of two short keys under rows.
func records(n int) []byte {
	var b strings.Builder
	b.WriteString("rows:\n")
	for i := range n {
		fmt.Fprintf(&b, "- a: POL-%07d\n  b: %d\n", i, i%7)
	}
	return []byte(b.String())
}

// A plain YAML file under MaxYAMLSize is read by the streaming reader,
// not by yaml.v3, whose nodes cost about 20 allocations a record (and
// some 60 times the file's size): counted, not timed.
func TestSmallPlainYAMLIsStreamed(t *testing.T) {
	b := records(1000)
	allocs := testing.AllocsPerRun(5, func() {
		if _, err := Decode("r.yaml", b); err != nil {
			t.Fatal(err)
		}
	})
	require.Less(t, allocs/1000, 6.0, "allocations a record")
}

// A small file the streaming reader does not read is read by yaml.v3
// from the start: the same values, and the same charge against the
// budget as yaml.v3 alone (the stream's partial read is not counted).
func TestSmallYAMLOutsideSubsetReadByYAMLv3(t *testing.T) {
	for _, src := range []string{
		"a: 1\nb: &x [1, 2]\nc: *x\n",
		string(records(100)) + "base: &b {x: 1}\nm: {<<: *b, y: 2}\n",
		"a: 1\nt: |\n  block\n",
		"a: !!str 12\n",
	} {
		d := newDecoder("t.yaml", len(src))
		got, err := d.yaml([]byte(src))
		require.NoError(t, err, src)
		n := newDecoder("t.yaml", len(src))
		want, err := n.yamlNodes([]byte(src))
		require.NoError(t, err, src)
		require.Equal(t, plain(want), plain(got), src)
		require.Equal(t, n.built, d.built, "%q: the charge", src)
	}
}

// A small file with a mistake is told by yaml.v3's path, as before the
// streaming reader read small files: the same message, byte for byte.
func TestSmallYAMLMistakesAsBefore(t *testing.T) {
	for _, src := range []string{
		"a: 1\na: 2\n",
		"a: [1, 2\n",
		"a: 'open\n",
		"a:\n  b: 1\n c: 2\n",
		"- 1\n",
		"a: 1\n---\nb: 2\n",
		"a: *nope\n",
	} {
		_, err := newDecoder("t.yaml", len(src)).yaml([]byte(src))
		_, want := newDecoder("t.yaml", len(src)).yamlNodes([]byte(src))
		require.Error(t, want, src)
		require.EqualError(t, err, want.Error(), src)
	}
}
