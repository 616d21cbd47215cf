package funcs

import "github.com/kinenix/expressions/value"

// callDefault is default(x, fallback) (D23): fallback when x is empty or
// the text ""; otherwise x, keeping its kind. White space, 0, false and an
// empty list or dictionary are values, and are kept.
func callDefault(_ *Env, args []value.Value) (value.Value, error) {
	if v, ok := shortDefault(args[0]); ok {
		return v, nil
	}
	return args[1], nil
}

// shortDefault is default's Shortcut (D46): x itself, unless x is empty
// or the text "", the only values for which the fallback is needed.
func shortDefault(x value.Value) (value.Value, bool) {
	switch x.Kind() {
	case value.Empty:
		return value.Value{}, false
	case value.Text:
		if x.Text() == "" {
			return value.Value{}, false
		}
	}
	return x, true
}
