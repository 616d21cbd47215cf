package yamlkind

import (
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"
)

// TestOf names each kind of value a data file or a file of cases holds.
func TestOf(t *testing.T) {
	var doc yaml.Node
	require.NoError(t, yaml.Unmarshal([]byte("m: {a: 1}\nl: [1]\ns: x\nr: &x 1\nal: *x\n"), &doc))
	top := doc.Content[0]
	want := map[string]string{"m": "a mapping", "l": "a list", "s": "a single value", "r": "a single value", "al": "an alias"}
	for i := 0; i+1 < len(top.Content); i += 2 {
		require.Equal(t, want[top.Content[i].Value], Of(top.Content[i+1]), top.Content[i].Value)
	}
	require.Equal(t, "a mapping", Of(top))
}
