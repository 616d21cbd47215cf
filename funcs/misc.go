package funcs

import "github.com/kinenix/expressions/value"

// callDefault is default(x, fallback) (D23): fallback when x is empty or
// the text ""; otherwise x, keeping its kind. White space, 0, false and an
// empty list or dictionary are values, and are kept.
func callDefault(_ *Env, args []value.Value) (value.Value, error) {
	x := args[0]
	switch x.Kind() {
	case value.Empty:
		return args[1], nil
	case value.Text:
		if x.Text() == "" {
			return args[1], nil
		}
	}
	return x, nil
}
