package eval_test

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

type refusedT struct{ A int }

// F2: refused host data (a struct, a pointer, a func, a channel) is named
// as the item at fault, and Error.Detail gives its Go type, whichever path
// reaches it: a path read step by step (f[1]), a whole list or dictionary
// shown (${f}, ${m}), a function that walks it (join), or a condition that
// compares it.
func TestRefusedHostDataNamesTheItem(t *testing.T) {
	s := scope.New(map[string]any{
		"f":  []any{"a", refusedT{1}},
		"m":  map[string]any{"k": refusedT{2}},
		"mm": map[string]any{"Policy No": []any{"x", &refusedT{}}},
		"p":  []any{&refusedT{}},
		"c":  []any{make(chan int)},
		"fn": []any{func() {}},
	})
	const structDetail = "unsupported data: eval_test.refusedT (a struct); pass a map"
	for _, c := range []struct{ src, msg, detail string }{
		{"${f[1]}", "${f[1]}: f[1]: unsupported data", structDetail},
		{"${f}", "${f}: f[1]: unsupported data", structDetail},
		{"x ${ f } y", "${ f }: f[1]: unsupported data", structDetail},
		{"${join(f)}", "${join(f)}: join: f[1]: unsupported data", structDetail},
		{"${join(f, '-')}", "${join(f, '-')}: join: f[1]: unsupported data", structDetail},
		{"${m}", "${m}: m.k: unsupported data", structDetail},
		{"${join(m)}", "${join(m)}: join: m.k: unsupported data", structDetail},
		{"${m.k}", "${m.k}: m.k: unsupported data", structDetail},
		{"${mm}", "${mm}: mm['Policy No'][1]: unsupported data",
			"unsupported data: *eval_test.refusedT (a pointer); pass a map, a slice or a plain value"},
		{"${p}", "${p}: p[0]: unsupported data",
			"unsupported data: *eval_test.refusedT (a pointer); pass a map, a slice or a plain value"},
		{"${c}", "${c}: c[0]: unsupported data", "unsupported data: chan int (a channel); pass data"},
		{"${fn}", "${fn}: fn[0]: unsupported data", "unsupported data: func() (a func); pass data"},
	} {
		_, err := eval.MustCompile(c.src).Render(s)
		require.EqualError(t, err, c.msg, c.src)
		require.ErrorIs(t, err, eval.ErrData, c.src)
		var e *eval.Error
		require.True(t, errors.As(err, &e), c.src)
		require.Equal(t, c.detail, e.Detail, c.src)
	}
	for _, c := range []struct{ line, msg string }{
		{"${m} == x", "condition: '${m} == x': m.k: unsupported data"},
		{"x in ${f}", "condition: 'x in ${f}': f[1]: unsupported data"},
		{"${f} == ${m}", "condition: '${f} == ${m}': f[1]: unsupported data"},
		{"a, b == ${m}", "condition: 'a, b == ${m}': m.k: unsupported data"},
	} {
		_, err := eval.MustCompileCondition(c.line).Test(s)
		require.EqualError(t, err, c.msg, c.line)
		var e *eval.Error
		require.True(t, errors.As(err, &e), c.line)
		require.Equal(t, structDetail, e.Detail, c.line)
	}
}
