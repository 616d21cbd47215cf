package value

import (
	"bytes"
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kinenix/expressions/internal/echo"
)

// The comparison rules of conditions live here, in one place (D25-D30).

// ToNumber gives the number of v when v is a number or plain number text
// (D6, E3); ok is false otherwise.
func ToNumber(v Value) (n Num, ok bool) {
	switch v.kind {
	case Number:
		return v.Num(), true
	case Text:
		switch v.exp & 3 {
		case textNotNumber:
			return Num{}, false
		case textNumber:
			return Num{coef: v.coef, exp: v.exp >> 2}, true
		}
		return ParseNum(v.Text())
	}
	return Num{}, false
}

// IsBlank reports `is empty` (D30): empty, text that is blank (IsBlankText,
// the one rule of blank text), an empty list or dictionary.
func IsBlank(v Value) bool {
	switch v.kind {
	case Empty:
		return true
	case Text:
		return IsBlankText(v.Text())
	case List, Dict:
		return v.Len() == 0
	}
	return false
}

// Truthy is the truth of a lone ${...} in a condition (D25): false for empty,
// "", false, 0, and the texts false/no/0 in any case (trimmed); true
// otherwise. Blank text, an empty list and an empty dictionary are false
// too (they are `is empty`, D30); other number text such as "0.0" is true.
func Truthy(v Value) bool {
	switch v.kind {
	case Bool:
		return v.coef != 0
	case Number:
		return v.Num().Sign() != 0
	case Text:
		t := TrimBlank(v.Text())
		return t != "" && t != "0" && !asciiEqualFold(t, "false") && !asciiEqualFold(t, "no")
	case List, Dict:
		return v.Len() > 0
	}
	return false
}

// asciiEqualFold compares s with a lower-case ASCII word, ignoring ASCII
// case only (so no Unicode look-alike such as U+017F passes for "s").
func asciiEqualFold(s, word string) bool {
	if len(s) != len(word) {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != word[i] {
			return false
		}
	}
	return true
}

// Equal is == of conditions (D27): numeric when both are numbers or plain
// number text; otherwise the shown texts, trimmed, compared with Unicode case
// folding. Empty equals "".
//
// Folding is full Unicode case folding ("ÉCOLE" equals "école", "straße"
// equals "STRASSE"); an invalid UTF-8 byte equals only the same byte. A list
// or dictionary whose shown text passes DefaultMaxSize or MaxDepth equals
// nothing. Equal allocates only to show a list or dictionary. It is
// Limits.Equal under the default cap and a work budget of its own (D35), with
// every failure read as "not equal".
func Equal(a, b Value) bool {
	ok, err := plain().Equal(a, b)
	return ok && err == nil
}

// Equal is the package's Equal under l: one step, the bytes of the texts
// it reads, and a list or dictionary shown under l's cap and budget; a
// failure to show one (past the cap, deeper than MaxDepth, unsupported
// data) or a spent budget is returned as the error.
func (l Limits) Equal(a, b Value) (bool, error) {
	if l.Budget != nil {
		if err := l.Budget.Steps(1); err != nil {
			return false, err
		}
	}
	return l.normal().equal(a, b)
}

// equal is Equal without the step; l is normal.
func (l Limits) equal(a, b Value) (bool, error) {
	if l.Budget != nil {
		if err := l.Budget.Bytes(len(a.Text()) + len(b.Text())); err != nil { // texts read
			return false, err
		}
	}
	if mayBeNumber(a) && mayBeNumber(b) {
		if na, ok := ToNumber(a); ok {
			if nb, ok := ToNumber(b); ok {
				return na.Cmp(nb) == 0, nil
			}
		}
	}
	if a.kind == List || a.kind == Dict || b.kind == List || b.kind == Dict {
		sa, err := l.shownString(a)
		if err != nil {
			return false, err
		}
		sb, err := l.shownString(b)
		if err != nil {
			return false, err
		}
		return textEqual(sa, sb), nil
	}
	if a.kind == Number || b.kind == Number {
		// A number shows as plain number text, and only plain number text
		// folds to that, which the numeric case above has compared already.
		return false, nil
	}
	return textEqual(scalarText(a), scalarText(b)), nil
}

// mayBeNumber is false for a value that ToNumber is known to refuse
// without reading it: a literal side of a condition, made by parsedText,
// is read once, so comparing data with it does not parse the data.
func mayBeNumber(v Value) bool {
	return v.kind == Number || v.kind == Text && v.exp&3 != textNotNumber
}

// textEqual is the text comparison of Equal (D27): a and b trimmed of
// blank characters (IsBlankRune) and compared under full case folding.
func textEqual(a, b string) bool {
	if a == b {
		return true // the same bytes trim and fold alike
	}
	return foldEqual(TrimBlank(a), TrimBlank(b))
}

// scalarText is the shown text of an empty, text or boolean value.
func scalarText(v Value) string {
	switch v.kind {
	case Text:
		return v.Text()
	case Bool:
		if v.coef != 0 {
			return "true"
		}
		return "false"
	}
	return ""
}

// shownString is the shown text of v under l (l is normal).
func (l Limits) shownString(v Value) (string, error) {
	switch v.kind {
	case Empty, Text, Bool:
		return scalarText(v), nil
	}
	b, err := v.show(nil, l, 0)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// Order is < > <= >= of conditions (D28): c is -1/0/+1 when both sides are
// numbers or plain number text; ok is false (the comparison is false) when
// either side is empty; otherwise it fails with ErrType and a reason that
// suggests ${number(...)}. Blank text counts as empty here, as a blank
// spreadsheet cell does. The reason starts "comparison needs numbers";
// OrderOp names the operator instead.
func Order(a, b Value) (c int, ok bool, err error) { return OrderOp("comparison", a, b) }

// OrderOp is Order with the operator (such as "<") named in the reason:
// "< needs numbers; 'abc' is not a number, and number(...) finds none in it". It is
// Limits{}.OrderOp.
func OrderOp(op string, a, b Value) (c int, ok bool, err error) {
	na, oka := ToNumber(a)
	nb, okb := ToNumber(b)
	if oka && okb {
		return na.Cmp(nb), true, nil
	}
	if emptySide(a) || emptySide(b) {
		return 0, false, nil
	}
	bad := a
	if oka {
		bad = b
	}
	return 0, false, Fail(ErrType, op+" needs numbers; "+notANumber(bad))
}

// OrderOp is the package's OrderOp under l: one step and the bytes of the
// texts it reads.
func (l Limits) OrderOp(op string, a, b Value) (c int, ok bool, err error) {
	if l.Budget != nil {
		if err := l.Budget.Steps(1); err != nil {
			return 0, false, err
		}
		if err := l.Budget.Bytes(len(a.Text()) + len(b.Text())); err != nil {
			return 0, false, err
		}
	}
	return OrderOp(op, a, b)
}

// emptySide reports whether v is empty or blank text, which makes an order
// comparison false rather than an error (D28).
func emptySide(v Value) bool {
	return v.kind == Empty || (v.kind == Text && IsBlankText(v.Text()))
}

// notANumber says why v is not a number, without naming Go types. Text
// with a digit in it is told to use ${number(...)}; other text is told
// that number(...) finds no number in it either, as that hint would fail
// when followed (D28, D49).
func notANumber(v Value) string {
	switch v.kind {
	case Text:
		if !HoldsDigit(v.Text()) {
			return echo.Quote(v.Text()) + " is not a number, and number(...) finds none in it"
		}
		if why := NotOneNumberReason(v.Text()); why != "" {
			return echo.Quote(v.Text()) + " is " + why
		}
		return echo.Quote(v.Text()) + " is not a number: use ${number(...)}"
	case Bool:
		return "a boolean is not a number"
	case List:
		return "a list is not a number"
	case Dict:
		return "a dictionary is not a number"
	}
	return "an empty value is not a number"
}

// Member is `in` (D29): b is a list (an item equal to a by Equal), or text
// split at commas with each item trimmed. Never a substring test.
//
// Blank items of the text are skipped, so empty and blank text have no
// items; a number or boolean on the right is its shown text; for a
// dictionary, a is a member when it equals one of its keys. It is
// Limits.Member under the default cap and a work budget of its own (D35), with
// every failure read as "not a member".
func Member(a, b Value) bool {
	ok, err := plain().Member(a, b)
	return ok && err == nil
}

// Member is the package's Member under l: a step for every item or key
// visited, each comparison charged as Equal is, and the bytes of a text
// that is split. An item that is unsupported host data, a comparison that
// fails and a spent budget are returned as the error.
func (l Limits) Member(a, b Value) (bool, error) {
	l = l.normal()
	switch b.kind {
	case Empty:
		return false, nil
	case List:
		return l.listHas(b, a)
	case Dict:
		return l.hasKey(b, a)
	}
	s := b.Text()
	if b.kind != Text {
		s = b.String() // a number or boolean: a few bytes at most
	}
	if err := l.Budget.Bytes(len(s)); err != nil {
		return false, err
	}
	for {
		item, rest, more := strings.Cut(s, ",")
		if item = TrimBlank(item); item != "" {
			if err := l.Budget.Steps(1); err != nil {
				return false, err
			}
			if ok, err := l.equal(a, TextValue(item)); ok || err != nil {
				return ok, err
			}
		}
		if !more {
			return false, nil
		}
		s = rest
	}
}

// listHas reports whether the list has an item equal to x; l is normal.
func (l Limits) listHas(list, x Value) (bool, error) {
	n := list.Len()
	for i := 0; i < n; i++ {
		if err := l.Budget.Steps(1); err != nil {
			return false, err
		}
		item, err := list.Index(i)
		if err != nil {
			return false, err
		}
		if ok, err := l.equal(x, item); ok || err != nil {
			return ok, atItem(err, indexStep(i))
		}
	}
	return false, nil
}

// hasKey reports whether a dictionary has a key equal to x by Equal (D27),
// charging a step for each key before it collects them; l is normal. The
// keys are compared in one order (searchKeys), not Go's map order: the
// search stops at the first key equal to x, and each comparison is
// charged, so in Go's map order (random at every range) the work charged,
// and whether a budget near its end runs out, would change from one
// evaluation to the next.
func (l Limits) hasKey(dict, x Value) (bool, error) {
	if err := l.Budget.Steps(dict.Len()); err != nil {
		return false, err
	}
	keys := dict.searchKeys()
	for _, k := range keys {
		if ok, err := l.equal(x, TextValue(k)); ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}

// Contains is `contains` (D29): text contains text without regard to case;
// a list contains an item Equal to b.
//
// A number or boolean on the left is its shown text; a dictionary contains
// b when b equals one of its keys. The texts are not trimmed, and every
// text contains "" (so an empty right side is always contained). It is
// Limits.Contains under the default cap and a work budget of its own (D35),
// with every failure read as "does not contain".
func Contains(a, b Value) bool {
	ok, err := plain().Contains(a, b)
	return ok && err == nil
}

// Contains is the package's Contains under l, charged as Member is; the
// texts searched are charged by their bytes.
func (l Limits) Contains(a, b Value) (bool, error) {
	l = l.normal()
	switch a.kind {
	case List:
		return l.listHas(a, b)
	case Dict:
		return l.hasKey(a, b)
	}
	if err := l.Budget.Steps(1); err != nil {
		return false, err
	}
	hay, err := l.shownString(a)
	if err != nil {
		return false, err
	}
	needle, err := l.shownString(b)
	if err != nil {
		return false, err
	}
	if err := l.Budget.Bytes(len(hay) + len(needle)); err != nil {
		return false, err
	}
	return containsFold(hay, needle), nil
}

// Case folding (D27) is full Unicode case folding (golang.org/x/text/cases
// Fold), the same family of rules as the case mapping of upper and lower
// (D33): "straße" equals "STRASSE", "ΟΔΥΣΣΕΥΣ" equals "οδυσσευς", the
// Kelvin sign equals k. An invalid UTF-8 byte equals only the same byte.

// foldEqual reports whether a and b are equal under full case folding.
// Two ASCII texts are compared in place; others are folded into copies.
func foldEqual(a, b string) bool {
	if len(a) == len(b) {
		// One pass while both are ASCII: up to a byte that is not, the
		// folded texts are aligned, so an ASCII mismatch settles it.
		i := 0
		for ; i < len(a); i++ {
			c, d := a[i], b[i]
			if c|d >= utf8.RuneSelf {
				break
			}
			if c != d && lowerASCII(c) != lowerASCII(d) {
				return false
			}
		}
		if i == len(a) {
			return true
		}
	} else if isASCII(a) && isASCII(b) {
		return false
	}
	st := getState(fold)
	defer st.release()
	st.a, st.b = st.foldAppend(st.a[:0], a), st.foldAppend(st.b[:0], b)
	return bytes.Equal(st.a, st.b)
}

// lowerASCII is c in lower case when it is an ASCII capital letter.
func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// asciiPrefixFold reports whether the ASCII text s starts with the ASCII
// text prefix, ignoring ASCII case.
func asciiPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for j := 0; j < len(prefix); j++ {
		c, d := s[j], prefix[j]
		if c != d {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if 'A' <= d && d <= 'Z' {
				d += 'a' - 'A'
			}
			if c != d {
				return false
			}
		}
	}
	return true
}

// naiveScanLimit bounds len(s)*len(sub) for the allocation-free scan of
// containsFold over ASCII texts; longer or non-ASCII inputs are folded
// into copies and searched in linear time.
const naiveScanLimit = 1 << 16

// containsFold reports whether s contains sub under full case folding.
func containsFold(s, sub string) bool {
	if sub == "" {
		return true
	}
	if len(s) <= naiveScanLimit/len(sub) && isASCII(s) && isASCII(sub) {
		return scanFold(s, sub)
	}
	st := getState(fold)
	defer st.release()
	st.a, st.b = st.foldAppend(st.a[:0], s), st.foldAppend(st.b[:0], sub)
	return bytes.Contains(st.a, st.b)
}

// scanFold is containsFold of two ASCII texts without allocating.
func scanFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if asciiPrefixFold(s[i:], sub) {
			return true
		}
	}
	return sub == ""
}

// foldString folds s by full case folding, with every invalid byte c
// written as 0xFF and its two halves as continuation bytes (0x80|c>>4,
// 0x80|c&15). Each piece of the result then starts with a byte that is
// ASCII, a UTF-8 lead byte or 0xFF, and holds only continuation bytes
// after it, so a byte search over folded texts matches whole pieces only:
// whole folded characters, and an invalid byte only the same invalid byte.
func foldString(s string) string {
	st := getState(fold)
	defer st.release()
	return string(st.foldAppend(nil, s))
}

// foldAppend appends s folded as foldString says to dst.
func (st *caseState) foldAppend(dst []byte, s string) []byte {
	if isASCII(s) {
		for i := 0; i < len(s); i++ {
			c := s[i]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			dst = append(dst, c)
		}
		return dst
	}
	k := sink{out: dst, app: true}
	st.each(s, &k)
	foldCherokee(k.out[len(dst):])
	return k.out
}

// foldCherokee corrects, in place, the folding of Cherokee in folded text
// b: CaseFolding.txt folds its small letters to the capitals (U+AB70-
// U+ABBF to U+13A0-U+13EF, U+13F8-U+13FD to U+13F0-U+13F5; the capitals
// came first, and folding is stable), while x/text's Fold swaps the two
// (golang/go#46101), so that `ꭰ` and `Ꭰ` never matched. Each small letter
// left in b is written as its capital; both are three bytes in UTF-8.
func foldCherokee(b []byte) {
	for i := 0; i+2 < len(b); i++ {
		if b[i] != 0xE1 && b[i] != 0xEA {
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		var c rune
		switch {
		case r >= 0xAB70 && r <= 0xABBF:
			c = r - 0xAB70 + 0x13A0
		case r >= 0x13F8 && r <= 0x13FD:
			c = r - 8
		default:
			continue
		}
		utf8.EncodeRune(b[i:i+n], c)
		i += n - 1
	}
}

// plain is the limits of the package-level comparisons: the default cap
// and a default budget, so that a comparison outside any evaluation (a
// list holding one large dictionary thousands of times) is bounded too.
func plain() Limits {
	return Limits{Budget: NewBudget(context.Background(), 0, 0)}
}

// HoldsDigit reports whether s holds a decimal digit (ASCII, Thai or any
// other Unicode Nd): the least a text needs for number(...) to find a
// number in it (D21). A message suggests number(...) only for such text,
// so that the hint works when followed (D7, D28, D40, D49).
func HoldsDigit(s string) bool { return strings.IndexFunc(s, unicode.IsDigit) >= 0 }
