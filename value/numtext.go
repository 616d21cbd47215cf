package value

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// NumberInText is what number(...) would make of a text that is not plain
// number text (D6), told to the hints of D7, D28 and D40: a message
// suggests number(...) only when, followed, it gives the number the text
// shows (D49). It is the one place that rule is written.
type NumberInText uint8

const (
	// NoNumber: the text holds no digit; number(...) finds none.
	NoNumber NumberInText = iota
	// OneNumber: the text holds one number as number(...) reads it (D21):
	// digits with `,` between groups of three and an optional `.`
	// fraction, with no other digit around it ("1,200 THB",
	// "15,434.75 บาท/ปี"). number(...) reads it as shown.
	OneNumber
	// WrittenNumber: the whole text is a number written in a form
	// number(...) does not read: an exponent ("1e3"), hexadecimal
	// ("0x10") or `_` between digits ("1_000"); number(...) would read its
	// first digits only (1, 0, 1). NumberText gives it in plain digits.
	WrittenNumber
	// LongNumber: the number in the text has more than MaxDigits digits,
	// more than a number holds; number(...) fails on it.
	LongNumber
	// NotOneNumber: the text holds digits that are not one such number
	// ("1, 2, 3", "2026-04-15", "1.234,56"); number(...) would read
	// another number than the text shows, or fail.
	NotOneNumber
	// SheetError: the text is a spreadsheet's error value, the text a
	// workbook keeps for a formula that failed ("#DIV/0!"; an XLSX error
	// cell reads as its text): it shows no number, though number(...)
	// would read the 0 of "#DIV/0!".
	SheetError
)

// sheetErrors are the error values a spreadsheet shows for a formula that
// failed (an XLSX cell of type "e").
var sheetErrors = [...]string{
	"#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A",
	"#GETTING_DATA", "#SPILL!", "#CALC!", "#FIELD!", "#BLOCKED!",
	"#CONNECT!", "#BUSY!", "#UNKNOWN!", "#EXTERNAL!", "#PYTHON!",
}

// IsSheetError reports whether s, trimmed of blank characters, is a
// spreadsheet's error value ("#DIV/0!", "#N/A"), in any case.
func IsSheetError(s string) bool {
	t := TrimBlank(s)
	if len(t) < 4 || t[0] != '#' {
		return false
	}
	for _, e := range sheetErrors {
		if asciiEqualFold(t, strings.ToLower(e)) {
			return true
		}
	}
	return false
}

// maxPlainLen bounds the digits of a number written in plain digits for a
// hint (write 1000 instead of 1e3); a longer one is not written out.
const maxPlainLen = 24

// NumberText tells what number(...) would make of s (NumberInText). For
// WrittenNumber, plain is the number in plain digits ("1000" for "1e3",
// "16" for "0x10"), or "" when that is too long to write in a hint.
func NumberText(s string) (what NumberInText, plain string) {
	if !HoldsDigit(s) {
		return NoNumber, ""
	}
	if IsSheetError(s) {
		return SheetError, ""
	}
	t := TrimBlank(s)
	if p, ok := writtenNumber(t); ok {
		if len(p) > maxPlainLen {
			p = ""
		}
		return WrittenNumber, p
	}
	// The first number: from the first digit (or a "." before one),
	// digits and the marks between them.
	start := strings.IndexFunc(t, unicode.IsDigit)
	end := start
	for end < len(t) {
		r, size := utf8.DecodeRuneInString(t[end:])
		if !unicode.IsDigit(r) {
			if r != ',' && r != '.' || end+size == len(t) {
				break
			}
			if next, _ := utf8.DecodeRuneInString(t[end+size:]); !unicode.IsDigit(next) {
				break
			}
		}
		end += size
	}
	// number(...) reads it as shown when every group after a "," has three
	// digits and at most one "." comes last, before the fraction.
	whole, frac, _ := strings.Cut(t[start:end], ".")
	if strings.ContainsAny(frac, ",.") {
		return NotOneNumber, ""
	}
	groups := strings.Split(whole, ",")
	for _, g := range groups[1:] {
		if utf8.RuneCountInString(g) != 3 {
			return NotOneNumber, ""
		}
	}
	digits := utf8.RuneCountInString(strings.TrimLeft(strings.Join(groups, ""), "0")) + utf8.RuneCountInString(strings.TrimRight(frac, "0"))
	if digits > MaxDigits {
		return LongNumber, ""
	}
	if HoldsDigit(t[end:]) {
		return NotOneNumber, ""
	}
	return OneNumber, ""
}

// writtenNumber reads t, trimmed text, as a number written with an
// exponent, in hexadecimal or with `_` between digits, and gives it in
// plain digits.
func writtenNumber(t string) (string, bool) {
	sign := ""
	body := t
	if strings.HasPrefix(body, "-") || strings.HasPrefix(body, "+") {
		if body[0] == '-' {
			sign = "-"
		}
		body = body[1:]
	}
	switch {
	case len(body) > 2 && body[0] == '0' && (body[1] == 'x' || body[1] == 'X'):
		u, err := strconv.ParseUint(strings.ReplaceAll(body[2:], "_", ""), 16, 64)
		if err != nil || strings.HasPrefix(body[2:], "_") {
			return "", false
		}
		return sign + strconv.FormatUint(u, 10), true
	case strings.ContainsAny(body, "eE"):
		n, err := parseDecimal(body, false, true)
		if err != nil || !strings.ContainsAny(body, "0123456789") {
			if err != nil && err != errSyntax {
				return "", true // beyond the limits: not written out
			}
			return "", false
		}
		return sign + n.String(), true
	case strings.Contains(body, "_") && !strings.HasPrefix(body, "_") && !strings.HasSuffix(body, "_") && !strings.Contains(body, "__"):
		plain := strings.ReplaceAll(body, "_", "")
		if _, err := parseDecimal(plain, false, false); err != nil {
			return "", false
		}
		return sign + plain, true
	}
	return "", false
}

// WrittenAs names the form of a WrittenNumber text, for a message: "with an
// exponent", "in hexadecimal" or "with _ between its digits".
func WrittenAs(s string) string {
	t := strings.TrimLeft(TrimBlank(s), "+-")
	switch {
	case strings.HasPrefix(t, "0x") || strings.HasPrefix(t, "0X"):
		return "in hexadecimal"
	case strings.ContainsAny(t, "eE"):
		return "with an exponent"
	}
	return "with _ between its digits"
}

// NotOneNumberReason is why number(...) is not suggested for text s (D49),
// to follow "s is ": "not a number: it is written with an exponent, which
// number(...) does not read"; "" when number(...) reads s as shown
// (OneNumber) or s holds no digit.
func NotOneNumberReason(s string) string {
	switch what, _ := NumberText(s); what {
	case WrittenNumber:
		return "not a number: it is written " + WrittenAs(s) + ", which number(...) does not read"
	case LongNumber:
		return "not a number: it has more than " + strconv.Itoa(MaxDigits) + " digits, more than a number holds"
	case NotOneNumber:
		return "not a number, nor one number that number(...) reads as written"
	case SheetError:
		return "not a number: it is a spreadsheet's error value, kept for a formula that failed; correct the formula in the sheet"
	}
	return ""
}
