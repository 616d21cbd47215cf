package funcs

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/internal/spell"
	"github.com/kinenix/expressions/value"
)

// callNumber is number(x) (D21): a number stays itself; empty, "" and white
// space give empty; otherwise the first number in the text, or a failure
// when there is none.
func callNumber(env *Env, x value.Value) (value.Value, error) {
	switch x.Kind() {
	case value.Number:
		return x, nil
	case value.Empty:
		return value.Value{}, nil
	case value.Text:
	default:
		return value.Value{}, value.Fail(value.ErrType, "number needs text or a number, got "+kindPhrase(x.Kind()))
	}
	s := x.Text()
	if err := env.Limits().Budget.Bytes(len(s)); err != nil { // the bytes it may read
		return value.Value{}, err
	}
	if value.IsBlankText(s) {
		return value.Value{}, nil
	}
	// Plain number text (D6) is its own first number: read at once, as a
	// comparison reads it (TestPlainNumberIsFirstNumber holds the two
	// readings together).
	// (Only a text of at most MaxDigits bytes: firstNumber counts every
	// digit of the whole part against the limit, trailing zeros too.)
	if n, ok := value.ParseNum(s); ok && len(s) <= value.MaxDigits {
		return value.NumberValue(n), nil
	}
	n, err := firstNumber(s)
	if err != nil {
		return value.Value{}, err
	}
	return value.NumberValue(n), nil
}

// firstNumber reads the first number in s (D21).
//
// The number starts at the first decimal digit: an ASCII digit, a Thai
// digit, or any other Unicode decimal digit (category Nd), or at a "."
// just before a digit when the "." does not follow a letter or digit
// (" .5" is 0.5, "No.5" is 5). It goes on over digits, over a "," that
// follows a digit and is followed by exactly three digits ("1,200" but not
// "1,2" or "1,2345"), and over one "." followed by digits (the fraction).
// No exponent: "1e3" is 1.
//
// It is negative when a minus (isMinus: "-", "−", the full-width "－")
// comes just before it, possibly with currency symbols between ("-3.5",
// "฿ -3.5", "-฿3.5"), or before currency symbols and white space ("-€ 5",
// never "- 5"), and the minus does not follow a letter or digit
// ("INV-2026" is 2026); or when it is
// inside parentheses (ASCII or full-width) with only white space and
// currency symbols between ("(1,200)", "(฿ 1,200.00)", "（５）", and
// "(5.)", a point it ends with).
//
// The digits are converted to ASCII and read exactly by value.ParseDigits;
// at most value.MaxDigits digits are read (leading zeros and trailing
// zeros of the fraction aside), past which it fails with ErrLimit. It never
// makes NaN or an infinity.
func firstNumber(s string) (value.Num, error) {
	n, start, unclear, err := readFirstNumber(s)
	if unclear {
		return value.Num{}, unclearNumber(s, start)
	}
	return n, err
}

// readFirstNumber is firstNumber, but for a number whose meaning is not
// clear it gives unclear and where the number starts, without the
// message.
func readFirstNumber(s string) (n value.Num, start int, unclear bool, err error) {
	start = numberStart(s)
	if start < 0 {
		return value.Num{}, start, false, value.Fail(value.ErrValue, "number: no number in "+echo.Quote(s))
	}

	var buf [64]byte
	mant := buf[:0] // the ASCII digits, "." and fraction digits
	written := 0    // digits in mant
	tooLong := func() error {
		return value.Fail(value.ErrLimit, "number: the number in "+echo.Quote(s)+" has more than "+strconv.Itoa(value.MaxDigits)+" digits")
	}
	// The whole part: digits and "," before groups of three digits.
	i := start
	for i < len(s) {
		r, size := decodeRune(s, i)
		if d := digitValue(r); d >= 0 {
			i += size
			if written == 0 && d == 0 {
				continue // leading zero
			}
			if written == value.MaxDigits {
				return value.Num{}, start, false, tooLong()
			}
			mant = append(mant, byte('0'+d))
			written++
			continue
		}
		if isGroupComma(r) && i > start && thousandsGroup(s, i+size) {
			i += size
			continue
		}
		break
	}
	if written == 0 {
		mant = append(mant, '0')
	}
	// The fraction: "." and digits; trailing zeros are dropped.
	if r, size := decodeRune(s, i); isDecimalPoint(r) {
		if next, _ := decodeRune(s, i+size); digitValue(next) >= 0 {
			i += size
			mant = append(mant, '.')
			point := len(mant)
			zeros := 0 // fraction zeros not yet written
			for i < len(s) {
				r, size := decodeRune(s, i)
				d := digitValue(r)
				if d < 0 {
					break
				}
				i += size
				if d == 0 {
					zeros++ // written only when a digit other than 0 follows
					continue
				}
				if written+zeros+1 > value.MaxDigits {
					return value.Num{}, start, false, tooLong()
				}
				for ; zeros > 0; zeros-- {
					mant = append(mant, '0')
					written++
				}
				mant = append(mant, byte('0'+d))
				written++
			}
			if len(mant) == point {
				mant = mant[:point-1] // only zeros: no fraction
			}
		}
	}
	end := i
	if _, _, ok := numberGoesOn(s, end); ok {
		return value.Num{}, start, true, nil
	}
	if invisibleInside(s, start, end) {
		return value.Num{}, start, true, nil // "1\u200b234": never read in part
	}

	n, err = value.ParseDigits(string(mant))
	if err != nil {
		return value.Num{}, start, false, withName("number", err)
	}
	if negativeAround(s, start, end) {
		n = n.Neg()
	}
	return n, start, false, nil
}

// isNumberMark reports the marks that write a decimal point or group
// digits somewhere: ".", ",", "'" and "’" (D34), the Arabic decimal
// and thousands separators U+066B and U+066C, and the full-width "．" and
// "，" of East Asian text.
func isNumberMark(r rune) bool {
	return r == '.' || r == ',' || r == '\'' || r == '\u2019' || r == arabicDecimal || r == arabicThousands ||
		r == wideStop || r == wideComma
}

// The Arabic decimal separator (٣٫٥ is 3.5) and thousands separator
// (١٬٢٣٤ is 1234). Each has one meaning, so number reads them as "." and
// "," are read (a point before the fraction, a comma before groups of
// three digits), never a number in part.
const (
	arabicDecimal   = '\u066b'
	arabicThousands = '\u066c'
)

// The full-width full stop and comma (U+FF0E, U+FF0C) that East Asian
// input writes with full-width digits ("１，２３４．５"): number reads them
// as "." and "," in every way, never a number in part ("１，２３４" is 1234,
// not 1; "1，23" is not clear as "1,23" is).
const (
	wideStop  = '\uff0e'
	wideComma = '\uff0c'
)

// isMinus reports a minus sign that makes the number after it negative
// (D21): "-", "−" (U+2212), or the full-width "－" (U+FF0D) that East
// Asian input writes with full-width digits. A dash (– —) is not one.
func isMinus(r rune) bool { return r == '-' || r == '\u2212' || isWide(r, '-') }

// isWide reports whether r is the full-width form of the ASCII sign plain
// ("－" of "-", "（" of "("), by the one table of such signs, spell.Sign.
func isWide(r, plain rune) bool {
	p, full, ok := spell.Sign(r)
	return ok && full && p == plain
}

// isDecimalPoint reports a mark that is a decimal point: ".", U+066B or
// U+FF0E.
func isDecimalPoint(r rune) bool { return r == '.' || r == arabicDecimal || r == wideStop }

// isGroupComma reports a mark that groups thousands: ",", U+066C or U+FF0C.
func isGroupComma(r rune) bool { return r == ',' || r == arabicThousands || r == wideComma }

// isGroupSpace reports the spaces that group digits in some conventions
// (D39): the space, the no-break space U+00A0, the narrow no-break space
// U+202F and the thin space U+2009.
func isGroupSpace(r rune) bool { return r == ' ' || r == '\u00a0' || r == '\u202f' || r == '\u2009' }

// numberGoesOn reports whether the digits that end at i go on in a way
// whose meaning is not clear (D34, D39), and how: the mark (a space of
// isGroupSpace is given as ' ') and the offset of the digits after it.
// spaced is set for a "." or "," followed by a space (D39: "119. 95").
//
//   - D34: ".", ",", "'" or "’" and a digit ("1.234,56", "205,68");
//   - D39: "." or "," then one space of isGroupSpace and a digit ("118, 99");
//   - D39: one space of isGroupSpace and exactly three digits that no
//     other digit follows ("9 800", "2 285,81").
func numberGoesOn(s string, i int) (mark rune, next int, ok bool) {
	r, size := decodeRune(s, i)
	switch {
	case isNumberMark(r):
		if d, _ := decodeRune(s, i+size); digitValue(d) >= 0 {
			return r, i + size, true
		}
		if isDecimalPoint(r) || isGroupComma(r) {
			if sp, spSize := decodeRune(s, i+size); isGroupSpace(sp) {
				if d, _ := decodeRune(s, i+size+spSize); digitValue(d) >= 0 {
					return r, i + size + spSize, true
				}
			}
		}
	case isGroupSpace(r):
		if thousandsGroup(s, i+size) {
			return ' ', i + size, true
		}
	}
	return 0, 0, false
}

// numberStart is where the first number in s starts (firstNumber), or -1
// when s holds none.
func numberStart(s string) int {
	for i := 0; i < len(s); {
		r, size := decodeRune(s, i)
		if digitValue(r) >= 0 {
			return i
		}
		if isDecimalPoint(r) && i+size < len(s) {
			if next, _ := decodeRune(s, i+size); digitValue(next) >= 0 && !wordRuneBefore(s, i) {
				return i
			}
		}
		i += size
	}
	return -1
}

// maxHintDigits bounds the digits of the reading that the message of an
// unclear number suggests; a longer one gets the general hint.
const maxHintDigits = 30

// unclearNumber is the failure of D34 and D39 for the text s whose first
// number, at start, goes on as numberGoesOn says: "1.234,56", "205,68",
// "9 800", "2 285,81 грн.", "119. 95".
//
// The hint writes the number the marks suggest, computed from the text, in
// the forms number reads (D49: followed, it gives a number). A "." or ","
// followed by a space is a decimal point when it is the last mark
// ("119. 95" is 119.95, "118, 99" is 118.99). Otherwise, when the marks
// before the last are one kind of mark (a space of isGroupSpace counts as
// one kind), each before exactly three digits, they are read as grouping
// and the last as the decimal point, if it is another mark or a ","
// ("1.234,56" is 1234.56, "2 285,81" is 2285.81, "1'049,95" is 1049.95,
// "205,68" is 205.68); when all marks are the same grouping mark
// ("1.234.567", "$ 1.144.000", "9 800"), as a whole number. Otherwise
// ("1.5.2", "1, 2, 3") there is no one reading, and the message says what
// number reads instead of an example.
func unclearNumber(s string, start int) error {
	if from, end, ok := invisibleSpan(s, start); ok {
		hint := "write the number it means with digits and at most one '.', its decimal point"
		if reading := invisibleReading(s, from, start, end); reading != "" {
			hint = "write " + reading
		}
		return value.Fail(value.ErrValue, "number: "+echo.Quote(s[from:end])+" is not clear: an invisible character is inside it; "+hint)
	}
	groups, marks, spaced, end, digits := unclearGroups(s, start)

	hint := "write the number it means with digits and at most one '.', its decimal point"
	if reading, ok := markReading(groups, marks, spaced); ok && digits <= maxHintDigits && !pointFirst(s, start) {
		if _, err := value.ParseDigits(reading); err == nil {
			// the digits as written, the decimals kept: "1 995,00" is
			// 1995.00, so the rewrite reads as the text does
			plain := reading
			if whole, frac, ok := strings.Cut(reading, "."); len(whole) > 1 && whole[0] == '0' {
				whole = strings.TrimLeft(whole, "0") // "0.234,5" is 234.5
				if whole == "" {
					whole = "0"
				}
				plain = whole
				if ok {
					plain += "." + frac
				}
			}
			if negativeAround(s, start, end) {
				plain = "-" + plain
			}
			hint = "write " + plain
			// D39 writes a number split by a space with its decimals
			// plainly ('2 285,81': write 2285.81), a whole one plainly or
			// grouped ('9 800': write 9800 or 9,800); D34 writes both
			// forms ('1.234,56': write 1234.56 or 1,234.56).
			if grouped := groupThousands(plain); grouped != plain && !(spacedNumber(marks, spaced) && strings.Contains(plain, ".")) {
				hint += " or " + grouped
			}
		}
	}
	// The number as written is quoted, not the text around it (D39:
	// `'2 285,81' is not clear`, for '2 285,81 грн.').
	written := s[start:end]
	if digits > maxHintDigits {
		written = s // cut by the echo
	}
	return value.Fail(value.ErrValue, "number: "+echo.Quote(written)+" is not clear: "+hint)
}

// unclearGroups reads the unclear number at start in s (unclearNumber) as
// digit groups and the marks between them; end is where it ends, digits
// how many digits it has (reading stops past maxHintDigits).
func unclearGroups(s string, start int) (groups []string, marks []rune, spaced []bool, end, digits int) {
	var group []byte
	i := start
	if pointFirst(s, start) {
		_, size := decodeRune(s, i)
		i += size // ".3.2": the groups are those after its point (pointFirst)
	}

	for i < len(s) && digits <= maxHintDigits {
		r, size := decodeRune(s, i)
		if d := digitValue(r); d >= 0 {
			digits++
			group = append(group, byte('0'+d))
			i += size
			continue
		}
		mark, next, ok := numberGoesOn(s, i)
		if !ok || len(group) == 0 {
			break
		}
		groups = append(groups, string(group))
		switch mark {
		case arabicDecimal, wideStop:
			mark = '.' // the decimal point it is; U+066C stays itself: never a decimal comma
		case wideComma:
			mark = ','
		}
		marks = append(marks, mark)
		spaced = append(spaced, mark != ' ' && next-i > size)
		group = group[:0]
		i = next
	}
	groups = append(groups, string(group))
	// U+066C is read as "," is ("١٬٢٣" as "1,23": write 1.23), but it
	// separates thousands only: followed by a space and three digits it
	// groups them ("٣٬ ٥٠٠" is 3500, never 3.500 as "3, 500" would be).
	for k, m := range marks {
		if m != arabicThousands {
			continue
		}
		if spaced[k] && utf8.RuneCountInString(groups[k+1]) == 3 {
			spaced[k] = false
		} else {
			marks[k] = ','
		}
	}
	return groups, marks, spaced, i, digits
}

// pointFirst reports whether the number at start begins with its decimal
// point (".5", numberStart). When such a number goes on unclearly
// (".3.2", ".234,5") its first mark is a decimal point, so its other
// marks have no one reading as grouping: the message quotes it from its
// point and gives the general hint.
func pointFirst(s string, start int) bool {
	r, _ := decodeRune(s, start)
	return isDecimalPoint(r)
}

// isInvisible reports a character that shows nothing (Unicode category
// Cf: the zero-width space U+200B, U+FEFF, the word joiner U+2060, the
// soft hyphen, direction marks). Inside a number it is not clear (D39's
// spirit): number(...) never reads "1\u200b234" in part, as 1.
// The Cf table is searched only outside the ranges that hold none of it
// (ASCII and Latin, Indic and Thai letters); TestIsInvisible holds the two
// together.
func isInvisible(r rune) bool {
	switch {
	case r < 0x600:
		return r == '\u00ad'
	case r >= 0x900 && r < 0x180e:
		return false
	}
	return unicode.Is(unicode.Cf, r)
}

// invisibleInside reports whether the number read from start to end
// goes on past an invisible character (invisibleSpan: "1\u200b234",
// "12\u200b,5") or has its minus before one ("-\u200b5"). It reads only
// the few characters around the number.
func invisibleInside(s string, start, end int) bool {
	if r, size := lastRune(s, start); start > 0 && isInvisible(r) {
		p := skipBack(s, start-size, isInvisible)
		if r, size := lastRune(s, p); isMinus(r) && !wordRuneBefore(s, p-size) {
			return true
		}
	}
	seen, run := false, 0
	for i := end; i < len(s); {
		r, size := decodeRune(s, i)
		switch {
		case digitValue(r) >= 0:
			return seen
		case isInvisible(r):
			seen = true
		case isNumberMark(r) || isGroupSpace(r):
			if run++; run > 2 {
				return false
			}
		default:
			return false
		}
		i += size
	}
	return false
}

// invisibleSpan is the number at start in s with the invisible characters
// inside it (isInvisible), from a minus that one separates from the
// digits ("-\u200b5") to its last digit, with at most two marks or spaces
// in a row ("12\u200b,5", "1,\u2060234"); ok is false when no invisible
// character is inside it.
func invisibleSpan(s string, start int) (from, end int, ok bool) {
	from, end = start, start
	if p := skipBack(s, start, isInvisible); p < start {
		if r, size := lastRune(s, p); isMinus(r) && !wordRuneBefore(s, p-size) {
			from, ok = p-size, true
		}
	}
	inside, run := false, 0
	for i := start; i < len(s); {
		r, size := decodeRune(s, i)
		switch {
		case digitValue(r) >= 0:
			end, run = i+size, 0
			ok = ok || inside
		case isInvisible(r):
			inside = true
		case isNumberMark(r) || isGroupSpace(r):
			if run++; run > 2 {
				return from, end, ok
			}
		default:
			return from, end, ok
		}
		i += size
	}
	return from, end, ok
}

// invisibleReading is the number that written, a number with invisible
// characters inside (invisibleSpan), shows without them, in the plain
// digits a rewrite writes ("1\u200b234" is 1234, "-\u200b5" is -5,
// "12\u200b,5" is read as "12,5" is: 12.5); "" when that has no one
// reading.
// A number in parentheses is negative, as number(...) reads it ("(1\u200b234)"
// is -1234).
func invisibleReading(s string, from, start, end int) string {
	r := invisibleDigits(s[from:end])
	if r != "" && from == start && !strings.HasPrefix(r, "-") && negativeAround(s, start, end) {
		r = "-" + r
	}
	return r
}

// invisibleDigits is invisibleReading of the number written alone.
func invisibleDigits(written string) string {
	t := strings.Map(func(r rune) rune {
		if isInvisible(r) {
			return -1
		}
		return r
	}, written)
	if _, ok := value.ParseNum(t); ok {
		return t
	}
	if u, ok := Unclear(t); ok {
		return u.Reading
	}
	// A number number(...) reads whole ("1,234", "١٬٢٣٤"): its digits in
	// ASCII, its grouping marks left out, are plain number text of the
	// same number.
	var b strings.Builder
	for i, r := range t {
		switch d := digitValue(r); {
		case d >= 0:
			b.WriteByte(byte('0' + d))
		case isDecimalPoint(r):
			b.WriteByte('.')
		case isGroupComma(r):
		case i == 0 && isMinus(r):
			b.WriteByte('-')
		default:
			return ""
		}
	}
	plain, ok := value.ParseNum(b.String())
	if n, err := firstNumber(t); ok && err == nil && n.Cmp(plain) == 0 {
		return n.String()
	}
	return ""
}

// spacedNumber reports whether the marks of an unclear number hold a
// space (D39): one between groups ("2 285,81"), or after a "." or ","
// ("1,234, 56").
func spacedNumber(marks []rune, spaced []bool) bool {
	for i, m := range marks {
		if m == ' ' || spaced[i] {
			return true
		}
	}
	return false
}

// markReading reads digit groups and the marks between them as unclearNumber
// describes, giving ASCII number text; ok is false when there is no one
// reading.
func markReading(groups []string, marks []rune, spaced []bool) (string, bool) {
	digits := 0
	for _, g := range groups {
		digits += len(g)
	}
	if digits > maxHintDigits || len(marks) == 0 {
		return "", false
	}
	last := len(marks) - 1
	groupingBefore := func(k int) bool { // marks[:k] are one mark, each before three digits
		for j := 0; j < k; j++ {
			if marks[j] != marks[0] || len(groups[j+1]) != 3 {
				return false
			}
		}
		return true
	}
	for _, sp := range spaced[:last] {
		if sp {
			return "", false // a decimal point that is not the last mark
		}
	}
	decimal := spaced[last] ||
		(marks[last] == ',' || marks[last] == '.') && (last == 0 && marks[last] == ',' || last > 0 && marks[last] != marks[0])
	if decimal && groupingBefore(last) {
		return strings.Join(groups[:last+1], "") + "." + groups[last+1], true
	}
	if groupingBefore(len(marks)) && marks[0] != ',' && !spaced[last] {
		return strings.Join(groups, ""), true
	}
	return "", false
}

// groupThousands writes "," between groups of three digits of the whole
// part of plain number text: 1234.56 -> 1,234.56.
func groupThousands(plain string) string {
	whole, frac, hasFrac := strings.Cut(plain, ".")
	var b strings.Builder
	b.Grow(groupedLen(whole, ",") + len(plain) - len(whole))
	appendGrouped(&b, whole, ",")
	if hasFrac {
		b.WriteByte('.')
		b.WriteString(frac)
	}
	return b.String()
}

// groupedLen is the length appendGrouped writes for whole and group.
func groupedLen(whole, group string) int {
	digits := len(strings.TrimPrefix(whole, "-"))
	return len(whole) + (digits-1)/3*len(group)
}

// appendGrouped writes the whole part of plain number text (digits, with
// an optional "-") with group between groups of three digits.
func appendGrouped(b *strings.Builder, whole, group string) {
	if strings.HasPrefix(whole, "-") {
		b.WriteByte('-')
		whole = whole[1:]
	}
	for i := range len(whole) {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(group)
		}
		b.WriteByte(whole[i])
	}
}

// negativeAround reports whether the number s[start:end] is made negative
// by a minus just before it or by parentheses around it (see firstNumber).
func negativeAround(s string, start, end int) bool {
	p := skipBack(s, start, isCurrency)
	if p == start {
		// "-€ 5": a minus glued to a currency sign, then white space; a
		// minus before white space alone ("- 5", a list's dash) is not.
		if b := skipBack(s, start, value.IsBlankRune); b < start {
			if c := skipBack(s, b, isCurrency); c < b {
				p = c
			}
		}
	}
	if r, size := lastRune(s, p); isMinus(r) {
		if !wordRuneBefore(s, p-size) {
			return true
		}
	}
	p = skipBack(s, start, isSpaceOrCurrency)
	if r, _ := lastRune(s, p); r != '(' && !isWide(r, '(') {
		return false
	}
	if r, size := decodeRune(s, end); isDecimalPoint(r) {
		end += size // "(5.)": the point a number may end with (readFirstNumber)
	}
	for end < len(s) {
		r, size := decodeRune(s, end)
		if !isSpaceOrCurrency(r) {
			return r == ')' || isWide(r, ')')
		}
		end += size
	}
	return false
}

// thousandsGroup reports whether s at i holds exactly three digits and no
// fourth: what may follow a thousands separator.
func thousandsGroup(s string, i int) bool {
	for k := 0; k < 3; k++ {
		if i >= len(s) {
			return false
		}
		r, size := decodeRune(s, i)
		if digitValue(r) < 0 {
			return false
		}
		i += size
	}
	if i < len(s) {
		r, _ := decodeRune(s, i)
		return digitValue(r) < 0
	}
	return true
}

// decodeRune is utf8.DecodeRuneInString(s[i:]) with an ASCII fast path; i
// past the end gives (utf8.RuneError, 0).
// The ASCII case is small enough to be inlined into the loops of
// firstNumber; the rest is decodeRuneWide.
func decodeRune(s string, i int) (rune, int) {
	if i < len(s) && s[i] < utf8.RuneSelf {
		return rune(s[i]), 1
	}
	return decodeRuneWide(s, i)
}

func decodeRuneWide(s string, i int) (r rune, size int) {
	if i >= len(s) {
		return utf8.RuneError, 0
	}
	return utf8.DecodeRuneInString(s[i:])
}

// lastRune is the code point that ends just before offset i; at the start
// of s it is (utf8.RuneError, 0).
func lastRune(s string, i int) (rune, int) {
	if i <= 0 {
		return utf8.RuneError, 0
	}
	return utf8.DecodeLastRuneInString(s[:i])
}

// skipBack moves back from i over code points that match and returns the
// new offset.
func skipBack(s string, i int, match func(rune) bool) int {
	for i > 0 {
		r, size := lastRune(s, i)
		if !match(r) {
			break
		}
		i -= size
	}
	return i
}

// wordRuneBefore reports whether a letter or a digit ends just before i,
// with its combining marks (category M): a Thai word that ends in a vowel
// or tone mark ("ปี", "ที่") ends in a letter, as "INV" does.
func wordRuneBefore(s string, i int) bool {
	r, size := lastRune(s, i)
	for size > 0 && unicode.IsMark(r) {
		i -= size
		r, size = lastRune(s, i)
	}
	return size > 0 && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

func isCurrency(r rune) bool { return unicode.Is(unicode.Sc, r) }

func isSpaceOrCurrency(r rune) bool { return value.IsBlankRune(r) || isCurrency(r) }

// digitValue is the value 0-9 of a decimal digit of any script (Unicode
// category Nd: ASCII, Thai ๐-๙, Arabic-Indic, full-width, ...), or -1. It
// relies on the Unicode rule that decimal digits come in runs of ten from
// zero to nine, so each range of the Nd table starts with a zero (a test
// checks this against the table).
// The ASCII case is small enough to be inlined; the rest is
// digitValueWide.
func digitValue(r rune) int {
	if r < utf8.RuneSelf {
		if r >= '0' && r <= '9' {
			return int(r - '0')
		}
		return -1
	}
	return digitValueWide(r)
}

func digitValueWide(r rune) int {
	if !unicode.IsDigit(r) {
		return -1
	}
	if r <= 0xFFFF {
		for _, rg := range unicode.Nd.R16 {
			if uint16(r) >= rg.Lo && uint16(r) <= rg.Hi {
				return int(uint16(r)-rg.Lo) % 10
			}
		}
		return -1
	}
	for _, rg := range unicode.Nd.R32 {
		if uint32(r) >= rg.Lo && uint32(r) <= rg.Hi {
			return int(uint32(r)-rg.Lo) % 10
		}
	}
	return -1
}

// callRound is round(x, digits) (D24, E3, D6): half away from zero to
// digits places; x is a number or plain number text; empty, "" and white
// space give empty; digits is a whole number from -MaxExponent to
// MaxExponent.
func callRound(_ *Env, args []value.Value) (value.Value, error) {
	// Its number first, as format reads it: "" and white space are empty
	// as an empty value is (D48: whatever digits are).
	n, empty, err := numberArg("round", args[0])
	if empty || err != nil {
		return value.Value{}, err
	}
	digits := int64(0)
	if len(args) > 1 && !leftOut(args[1]) {
		d, err := wholeArg("round", "digits", args[1])
		if err != nil {
			return value.Value{}, err
		}
		if d < -value.MaxExponent || d > value.MaxExponent {
			return value.Value{}, value.Fail(value.ErrValue, "round: digits must be from "+
				strconv.Itoa(-value.MaxExponent)+" to "+strconv.Itoa(value.MaxExponent)+", got "+describe(args[1]))
		}
		digits = d
	}
	r, err := n.Round(int(digits))
	if err != nil {
		return value.Value{}, withName("round", err)
	}
	return value.NumberValue(r), nil
}

// numberArg reads the number that round and format work on (E3, D6): a
// number, or plain number text; empty is true for an empty value, "" and
// white space. Other text fails with the hint to read it with number(...),
// another kind by its name.
func numberArg(fn string, x value.Value) (n value.Num, empty bool, err error) {
	switch x.Kind() {
	case value.Empty:
		return value.Num{}, true, nil
	case value.Number:
		return x.Num(), false, nil
	case value.Text:
		if value.IsBlankText(x.Text()) {
			return value.Num{}, true, nil
		}
		m, ok := value.ToNumber(x)
		if !ok && !value.HoldsDigit(x.Text()) {
			// number(...) would fail too: no hint that fails (D49).
			return value.Num{}, false, value.Fail(value.ErrType, fn+" needs a number, got the text "+echo.Quote(x.Text())+
				", which holds none")
		}
		if why := UnclearReason(x.Text()); !ok && why != "" {
			// number(...) refuses it too: its own rewrite (D34, D39)
			return value.Num{}, false, value.Fail(value.ErrType, fn+" needs a number, got the text "+echo.Quote(x.Text())+
				", "+why)
		}
		if why := value.NotOneNumberReason(x.Text()); !ok && why != "" {
			return value.Num{}, false, value.Fail(value.ErrType, fn+" needs a number, got the text "+echo.Quote(x.Text())+
				", "+why)
		}
		if !ok {
			return value.Num{}, false, value.Fail(value.ErrType, fn+" needs a number, got the text "+echo.Quote(x.Text())+
				numberHint(fn))
		}
		return m, false, nil
	}
	return value.Num{}, false, value.Fail(value.ErrType, fn+" needs a number, got "+kindPhrase(x.Kind()))
}

// numberHint ends the reason of round or format whose first value is text
// that is no plain number but holds one (E3, D40): write fn(number(...)).
// funcs has the values and not how they were written; a caller that has
// the text writes the call itself too (WithNumberCall).
func numberHint(fn string) string { return "; write " + fn + "(number(...)) to read the number in it" }

// WithNumberCall is reason, a failure of a call of fn whose first value is
// text with a number in it (round, format), with the hint written as the
// call itself, call: the call as written with number(...) around its first
// value (`to read the number in it with round(number(...)), write
// round(number(row.premium), 1)`), a hint that is followed as it is
// written (D49). ok is false, and reason unchanged, for any other reason.
func WithNumberCall(reason, fn, call string) (string, bool) {
	rest, ok := strings.CutSuffix(reason, numberHint(fn))
	if !ok {
		return reason, false
	}
	return rest + "; to read the number in it with " + fn + "(number(...)), write " + call, true
}

// leftOut reports whether v, given for an optional number (round's and
// format's digits, substring's length), counts as left out (D47): empty, or
// blank text (an empty cell of a sheet, "" in JSON). The table's machinery
// has already dropped an empty value; this adds blank text, which is never
// a number, so that every optional number reads it alike.
func leftOut(v value.Value) bool {
	return v.Kind() == value.Empty || v.Kind() == value.Text && value.IsBlankText(v.Text())
}

// Bounds and defaults of format (D40).
const (
	formatMaxDigits     = 20
	formatDefaultDigits = 2
	formatDefaultGroup  = ","
)

// callFormat is format(x, digits, group) (D40): x shown with exactly digits
// decimals, rounded half away from zero as round rounds (D24), with group
// between thousands; the result is text. x is a number or plain number
// text; empty, "" and white space give "" (D48: whatever digits and group
// are). An empty digits, or blank text, counts as left out (D47): 2; an
// empty group counts as left out (","), while the empty text "" is no group.
func callFormat(env *Env, args []value.Value) (value.Value, error) {
	n, empty, err := numberArg("format", args[0])
	if err != nil {
		return value.Value{}, err
	}
	if empty {
		return value.TextValue(""), nil
	}
	digits := int64(formatDefaultDigits)
	if len(args) > 1 && !leftOut(args[1]) {
		d, err := wholeArg("format", "digits", args[1])
		if err != nil {
			return value.Value{}, err
		}
		if d < 0 || d > formatMaxDigits {
			return value.Value{}, value.Fail(value.ErrValue, "format: digits must be from 0 to "+
				strconv.Itoa(formatMaxDigits)+", got "+describe(args[1]))
		}
		digits = d
	}
	l := env.Limits()
	group := formatDefaultGroup
	if len(args) > 2 && args[2].Kind() != value.Empty {
		if group, err = paramText("format", "group", args[2], l); err != nil {
			return value.Value{}, err
		}
	}
	r, err := n.Round(int(digits))
	if err != nil {
		return value.Value{}, withName("format", err)
	}
	// The shown number is at most some thousand bytes (value.MaxDigits,
	// value.MaxExponent); the result, with group repeated, is sized first.
	plain := r.String()
	whole, frac, _ := strings.Cut(plain, ".")
	size := groupedLen(whole, group) + len(frac)
	if digits > 0 {
		size += 1 + int(digits) - len(frac)
	}
	if size > l.Cap() {
		return value.Value{}, errLimit("format", l.Cap())
	}
	if err := l.Budget.Bytes(size); err != nil {
		return value.Value{}, err
	}
	var b strings.Builder
	b.Grow(size)
	appendGrouped(&b, whole, group)
	if digits > 0 {
		b.WriteByte('.')
		b.WriteString(frac)
		for range int(digits) - len(frac) {
			b.WriteByte('0')
		}
	}
	return value.TextValue(b.String()), nil
}

// UnclearNumber is a number in a text that number(...) refuses as not
// clear (D34, D39), as the column facts of a sheet read it (D45).
type UnclearNumber struct {
	// Written is the number as written, the marks between its digits
	// included ("2 285,81" in "2 285,81 грн.").
	Written string
	// Reading is the number the marks suggest, in the plain digits that
	// number(...)'s message writes ("2285.81"); "" when there is no one
	// reading ("1.5.2", "15.01.2026").
	Reading string
	// Before and After are the text around Written.
	Before, After string
	s             string
	start         int
}

// Reason is number(...)'s message for the text, after "number: " (`'12,5'
// is not clear: write 12.5`).
func (u UnclearNumber) Reason() string {
	var f *value.Failure
	if !errors.As(unclearNumber(u.s, u.start), &f) {
		return ""
	}
	return strings.TrimPrefix(f.Reason, "number: ")
}

// OneUnclear is Unclear of a text that is one number written with marks
// whose meaning is not clear, and nothing else: number(s) refuses it with
// a rewrite that, followed, gives the number the text shows (D49): '12,5',
// '9 800', '1 995,00 Kč'. ok is false when number(s) does not refuse s as
// not clear, when its marks have no one reading ('1.5.2', '15.01.2026'),
// when the text holds other digits too ('Jan 5, 2026 10:30'), and for a
// date with its month named ('January 15, 2026', refused as '15, 2026').
// The column facts count such a text as an unclear number (D45), and a
// message that needs a number says number()'s rewrite for it
// (UnclearReason): the one place that rule is written.
func OneUnclear(s string) (UnclearNumber, bool) {
	u, ok := Unclear(s)
	if !ok || u.Reading == "" || value.HoldsDigit(u.Before) || value.HoldsDigit(u.After) || namedDate(u) {
		return UnclearNumber{}, false
	}
	return u, true
}

// UnclearReason is why text s is not a number when it is one unclear
// number (OneUnclear), to follow "s is ", with number()'s own rewrite:
// "not a number, and number(...) refuses it: '12,5' is not clear: write
// 12.5"; "" for other text.
func UnclearReason(s string) string {
	u, ok := OneUnclear(s)
	if !ok {
		return ""
	}
	return "not a number, and number(...) refuses it: " + u.Reason()
}

// namedDate reports whether the unclear number u is the day and year of a
// date whose month is named before it ('January 15, 2026', '15, 2026'
// after a word): one or two digits of a day, a "," or "." and a space,
// then four digits.
func namedDate(u UnclearNumber) bool {
	day, rest, ok := strings.Cut(u.Written, ",")
	if !ok {
		day, rest, ok = strings.Cut(u.Written, ".")
	}
	if !ok || len(day) < 1 || len(day) > 2 || !asciiDigits(day) {
		return false
	}
	r, size := utf8.DecodeRuneInString(rest)
	year := rest[size:]
	if !unicode.IsSpace(r) && r != '\u00a0' && r != '\u202f' && r != '\u2009' || len(year) != 4 || !asciiDigits(year) {
		return false
	}
	if d, _ := strconv.Atoi(day); d < 1 || d > 31 {
		return false
	}
	return strings.IndexFunc(u.Before, unicode.IsLetter) >= 0
}

func asciiDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// Unclear tells whether number(s) refuses s as not clear (D34, D39), and
// what the number in it is, read as number(...)'s message reads it: the
// one place that rule is written.
func Unclear(s string) (UnclearNumber, bool) {
	if value.IsBlankText(s) {
		return UnclearNumber{}, false
	}
	if _, ok := value.ParseNum(s); ok {
		return UnclearNumber{}, false
	}
	_, start, unclear, _ := readFirstNumber(s)
	if !unclear {
		return UnclearNumber{}, false
	}
	if from, end, ok := invisibleSpan(s, start); ok {
		u := UnclearNumber{Written: s[from:end], Before: s[:from], After: s[end:], s: s, start: start}
		u.Reading = invisibleReading(s, from, start, end)
		return u, true
	}
	groups, marks, spaced, end, digits := unclearGroups(s, start)
	u := UnclearNumber{Written: s[start:end], Before: s[:start], After: s[end:], s: s, start: start}
	if reading, ok := markReading(groups, marks, spaced); ok && digits <= maxHintDigits && !pointFirst(s, start) {
		if _, err := value.ParseDigits(reading); err == nil {
			u.Reading = reading
			if negativeAround(s, start, end) {
				u.Reading = "-" + reading
			}
		}
	}
	return u, true
}
