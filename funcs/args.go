package funcs

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/value"
)

// This file holds what the families share: reading arguments, and the words
// of messages (they start with the function name and never name a Go type).

// kindPhrase names a kind after "got": "text", "a number", "an empty value".
func kindPhrase(k value.Kind) string {
	switch k {
	case value.Text:
		return k.String()
	case value.Empty:
		return "an " + k.String() + " value"
	}
	return "a " + k.String()
}

// describe names a value after "got" in a message about a bad argument:
// a number or boolean as shown, a text quoted, other kinds by kind.
func describe(v value.Value) string {
	switch v.Kind() {
	case value.Number:
		return echo.Text(v.Num().String())
	case value.Bool:
		return strconv.FormatBool(v.Bool())
	case value.Text:
		return "the text " + echo.Quote(v.Text())
	}
	return kindPhrase(v.Kind())
}

// errLimit is the failure of a result that would pass the cap (D17): of
// kind value.ErrTooLong, as every failure of the size cap is.
func errLimit(fn string, limit int) error {
	return value.Fail(value.ErrTooLong, fn+": result would be larger than "+value.SizeText(limit))
}

// errNeedsText is the failure of a list or dictionary given to a function
// that works on text (D22).
func errNeedsText(fn string, v value.Value) error {
	return value.Fail(value.ErrType, fn+" needs text, a number or a boolean, got "+kindPhrase(v.Kind()))
}

// withName makes sure a failure from package value starts with the function
// name, keeping its kind. The failure of a spent budget (or a done context)
// is the evaluation's, not the function's, and is returned as it is.
func withName(fn string, err error) error {
	if value.StopsEvaluation(err) {
		return err
	}
	var f *value.Failure
	if !errors.As(err, &f) {
		return value.Fail(value.ErrValue, fn+": "+err.Error())
	}
	if f.Item != "" || strings.HasPrefix(f.Reason, fn+":") || strings.HasPrefix(f.Reason, fn+" ") {
		return err // an item at fault: eval names the call, its value and the item (F2)
	}
	g := *f // the Detail for the programmer and the Item at fault stay (F2)
	g.Reason = fn + ": " + f.Reason
	return &g
}

// scalarText is the text that the text functions work on (D22): a text
// itself, the shown text of a number or boolean (D3, D4), "" for empty. A
// list or dictionary fails with ErrType. It charges l's budget the bytes of
// the text, which the function then reads.
func scalarText(fn string, v value.Value, l value.Limits) (string, error) {
	var s string
	switch v.Kind() {
	case value.Empty:
		return "", nil
	case value.Text:
		s = v.Text()
	case value.Bool:
		s = strconv.FormatBool(v.Bool())
	case value.Number:
		b, err := l.Show(nil, v)
		if value.StopsEvaluation(err) {
			return "", err
		}
		if err != nil {
			return "", errLimit(fn, l.Cap())
		}
		s = string(b)
	default:
		return "", errNeedsText(fn, v)
	}
	return s, l.Budget.Bytes(len(s))
}

// paramText is scalarText for an argument other than the first: the
// message names the parameter ("replace: old must be text, ...").
func paramText(fn, param string, v value.Value, l value.Limits) (string, error) {
	if k := v.Kind(); k == value.List || k == value.Dict {
		return "", value.Fail(value.ErrType, fn+": "+param+" must be text, a number or a boolean, got "+kindPhrase(k))
	}
	return scalarText(fn, v, l)
}

// wholeArg reads an argument that must be a whole number: a number or plain
// number text (D6). A whole number outside the range of int64 saturates to
// math.MinInt64 or math.MaxInt64, which every caller treats as "far past
// the end", so no int ever overflows. Anything else fails: a number that is
// not whole with ErrValue, another kind with ErrType.
func wholeArg(fn, param string, v value.Value) (int64, error) {
	n, ok := value.ToNumber(v)
	if !ok {
		return 0, value.Fail(value.ErrType, fn+": "+param+" must be a whole number, got "+describe(v))
	}
	if i, ok := n.Int64(); ok {
		return i, nil
	}
	r, err := n.Round(0)
	if err != nil || r.Cmp(n) != 0 {
		return 0, value.Fail(value.ErrValue, fn+": "+param+" must be a whole number, got "+echo.Text(n.String()))
	}
	if n.Sign() < 0 {
		return math.MinInt64, nil
	}
	return math.MaxInt64, nil
}

// argRules wraps call, the Call of f, in the rules every function of more
// than one value follows, so that no function applies them itself:
//
//   - D47: an empty value for an optional parameter counts as left out: a
//     trailing one is dropped, one that a given value follows becomes the
//     parameter's Default;
//   - D48: an empty first value gives f.EmptyFirst, once the other values
//     have been computed (the caller has), without checking their kinds.
//
// A function of one value has neither (its only parameter is not
// optional, and Call of empty is its EmptyFirst: a test checks it), so
// its call is returned as it is.
func argRules(f *Func, call func(*Env, []value.Value) (value.Value, error)) func(*Env, []value.Value) (value.Value, error) {
	if len(f.Params) < 2 {
		return call
	}
	params, first := f.Params, f.EmptyFirst
	return func(env *Env, args []value.Value) (value.Value, error) {
		if first != EmptyOwn && len(args) > 0 && args[0].Kind() == value.Empty {
			return first.Value(), nil
		}
		return call(env, given(params, args))
	}
}

// given applies D47 to args, the values of a call of a function of params:
// it drops the trailing empty values of optional parameters, and gives an
// empty value of an optional parameter that a given value follows its
// parameter's Default, in a copy (args is the caller's).
func given(params []Param, args []value.Value) []value.Value {
	n := len(args)
	for n > 1 && n <= len(params) && params[n-1].Optional && args[n-1].Kind() == value.Empty {
		n--
	}
	args = args[:n]
	copied := false
	for i := 1; i < n-1; i++ {
		if params[i].Optional && args[i].Kind() == value.Empty {
			if !copied {
				args, copied = append([]value.Value(nil), args...), true
			}
			args[i] = params[i].Default
		}
	}
	return args
}
