package funcs

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/kinenix/expressions/value"
)

// textResult returns s as a text value, checked against the cap. When s is
// x's text, x itself is returned (keeping what x knows of itself). The
// comparison is of the texts, not their lengths, so any result may be
// passed; a result cut from x's text compares in constant time.
func textResult(fn string, x value.Value, s string, limit int) (value.Value, error) {
	if len(s) > limit {
		return value.Value{}, errLimit(fn, limit)
	}
	if x.Kind() == value.Text && s == x.Text() {
		return x, nil
	}
	return value.TextValue(s), nil
}

// callTrim is trim(x) (D22).
func callTrim(env *Env, x value.Value) (value.Value, error) {
	l := env.Limits()
	s, err := scalarText("trim", x, l)
	if err != nil {
		return value.Value{}, err
	}
	return textResult("trim", x, value.TrimBlank(s), l.Cap())
}

// textTrim is trim of a text, as Func.text.
func textTrim(env *Env, s string) (string, error) {
	l := env.Limits()
	if err := l.Budget.Bytes(len(s)); err != nil { // as scalarText charges it
		return "", err
	}
	out := value.TrimBlank(s)
	if len(out) > l.Cap() {
		return "", errLimit("trim", l.Cap())
	}
	return out, nil
}

// callLower is lower(x) (D22).
func callLower(env *Env, x value.Value) (value.Value, error) {
	return mapCase("lower", env, x, false)
}

// callUpper is upper(x) (D22).
func callUpper(env *Env, x value.Value) (value.Value, error) {
	return mapCase("upper", env, x, true)
}

// textLower and textUpper are lower and upper of a text, as Func.text.
func textLower(env *Env, s string) (string, error) { return mapCaseText("lower", env, s, false) }
func textUpper(env *Env, s string) (string, error) { return mapCaseText("upper", env, s, true) }

func mapCaseText(fn string, env *Env, s string, upper bool) (string, error) {
	l := env.Limits()
	if err := l.Budget.Bytes(len(s)); err != nil { // as scalarText charges it
		return "", err
	}
	return mapText(fn, l, s, upper)
}

// mapCase is lower and upper: full Unicode case mapping (D33, by
// value.Upper and value.Lower).
func mapCase(fn string, env *Env, x value.Value, upper bool) (value.Value, error) {
	l := env.Limits()
	s, err := scalarText(fn, x, l)
	if err != nil {
		return value.Value{}, err
	}
	out, err := mapText(fn, l, s, upper)
	if err != nil {
		return value.Value{}, err
	}
	if x.Kind() == value.Text && out == s {
		return x, nil
	}
	return value.TextValue(out), nil
}

// mapText maps the case of s, read already. The result can be longer than
// the text (ß becomes SS, İ becomes i̇), so its size is counted first,
// without building it, and checked against the cap (D17) and charged to
// the budget (D35) before the result is built.
func mapText(fn string, l value.Limits, s string, upper bool) (string, error) {
	limit := l.Cap()
	mapping := value.Lower
	if upper {
		mapping = value.Upper
	}
	size := mapping.Len(s)
	if size > limit {
		return "", errLimit(fn, limit)
	}
	if err := l.Budget.Bytes(size); err != nil {
		return "", err
	}
	return mapping.Map(s, size), nil
}

// callReplace is replace(x, old, new) (D22): every non-overlapping old,
// from the left, becomes new. The size of the result,
// len(x) + count·(len(new) - len(old)), is computed and checked before the
// result is built.
func callReplace(env *Env, args []value.Value) (value.Value, error) {
	l := env.Limits()
	limit := l.Cap()
	old, err := paramText("replace", "old", args[1], l)
	if err != nil {
		return value.Value{}, err
	}
	if old == "" {
		return value.Value{}, value.Fail(value.ErrValue, "replace: the text to replace is empty")
	}
	repl, err := paramText("replace", "new", args[2], l)
	if err != nil {
		return value.Value{}, err
	}
	s, err := scalarText("replace", args[0], l)
	if err != nil {
		return value.Value{}, err
	}
	count := strings.Count(s, old)
	if count == 0 {
		return textResult("replace", args[0], s, limit)
	}
	if len(s) > limit {
		if len(repl) >= len(old) {
			return value.Value{}, errLimit("replace", limit)
		}
	} else if grow := len(repl) - len(old); grow > 0 && count > (limit-len(s))/grow {
		return value.Value{}, errLimit("replace", limit)
	}
	size := len(s) + count*(len(repl)-len(old))
	if size > limit {
		return value.Value{}, errLimit("replace", limit)
	}
	if err := l.Budget.Bytes(size); err != nil {
		return value.Value{}, err
	}
	var b strings.Builder
	b.Grow(size)
	for {
		i := strings.Index(s, old)
		if i < 0 {
			break
		}
		b.WriteString(s[:i])
		b.WriteString(repl)
		s = s[i+len(old):]
	}
	b.WriteString(s)
	return value.TextValue(b.String()), nil
}

// callPart is part(x, sep, n) (D22): piece n of x split at sep, counted
// from 0, negative from the end; "" when there is no piece n.
func callPart(env *Env, args []value.Value) (value.Value, error) {
	l := env.Limits()
	sep, err := paramText("part", "the separator", args[1], l)
	if err != nil {
		return value.Value{}, err
	}
	if sep == "" {
		return value.Value{}, value.Fail(value.ErrValue, "part: the separator is empty")
	}
	n, err := wholeArg("part", "n", args[2])
	if err != nil {
		return value.Value{}, err
	}
	s, err := scalarText("part", args[0], l)
	if err != nil {
		return value.Value{}, err
	}
	return textResult("part", args[0], pieceOf(s, sep, n), l.Cap())
}

// pieceOf returns piece n of s split at sep, as strings.Split would give
// it, without building the pieces: it scans once to skip n separators (and
// once more to count them when n is negative). It is "" when there is no
// piece n.
func pieceOf(s, sep string, n int64) string {
	if n < 0 {
		n += int64(strings.Count(s, sep)) + 1 // pieces
		if n < 0 {
			return ""
		}
	}
	for ; n > 0; n-- {
		i := strings.Index(s, sep)
		if i < 0 {
			return ""
		}
		s = s[i+len(sep):]
	}
	if i := strings.Index(s, sep); i >= 0 {
		s = s[:i]
	}
	return s
}

// callSubstring is substring(x, start, length) (D19, D22): code points,
// counted from 0; positions past the end give what is there; a negative
// start or length counts as 0; length left out means to the end.
func callSubstring(env *Env, args []value.Value) (value.Value, error) {
	l := env.Limits()
	start, err := wholeArg("substring", "start", args[1])
	if err != nil {
		return value.Value{}, err
	}
	length := int64(math.MaxInt64)
	if len(args) > 2 && !leftOut(args[2]) {
		if length, err = wholeArg("substring", "length", args[2]); err != nil {
			return value.Value{}, err
		}
	}
	s, err := scalarText("substring", args[0], l)
	if err != nil {
		return value.Value{}, err
	}
	i := skipRunes(s, 0, start)
	j := skipRunes(s, i, length)
	return textResult("substring", args[0], s[i:j], l.Cap())
}

// skipRunes returns the byte offset n code points after offset i in s, or
// len(s) when s ends first; n <= 0 stays at i. A byte that is not UTF-8
// counts as one code point.
func skipRunes(s string, i int, n int64) int {
	for ; n > 0 && i < len(s); n-- {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return i
}
