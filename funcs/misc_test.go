package funcs

import (
	"testing"

	"github.com/kinenix/expressions/value"
)

// D23: default gives fallback only for empty and "".
func TestDefault(t *testing.T) {
	list := host([]any{})
	run(t, "default", []tc{
		{name: "empty", args: []value.Value{null, txt("n/a")}, want: "n/a", kind: value.Text},
		{name: "empty text", args: []value.Value{txt(""), num("0")}, want: "0", kind: value.Number},
		{name: "value kept", args: []value.Value{txt("Active"), txt("n/a")}, want: "Active", kind: value.Text},
		{name: "white space kept", args: []value.Value{txt(" "), txt("n/a")}, want: " ", kind: value.Text},
		{name: "zero kept", args: []value.Value{num("0"), num("5")}, want: "0", kind: value.Number},
		{name: "false kept", args: []value.Value{boolean(false), txt("n/a")}, want: "false", kind: value.Bool},
		{name: "empty list kept", args: []value.Value{list, txt("n/a")}, want: "", kind: value.List},
		{name: "list fallback keeps its kind", args: []value.Value{null, host([]any{"a", "b"})}, want: "a, b", kind: value.List},
		{name: "empty fallback", args: []value.Value{null, null}, want: "", kind: value.Empty},
	})
}
