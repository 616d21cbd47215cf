package value

import (
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// numberTextSplit is NumberText as it was before it read the groups of a
// number without a slice (strings.Split and Join): the code that
// TestNumberTextAsSplit pins it to.
func numberTextSplit(s string) (what NumberInText, plain string) {
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

// TestNumberTextAsSplit pins NumberText to the code it replaces: every
// text of up to six marks of an alphabet of digits (a Thai one too),
// zeros, commas, points, a space and a letter, and the texts of
// TestNumberText and of long numbers, read alike.
func TestNumberTextAsSplit(t *testing.T) {
	alphabet := []string{"0", "1", "9", "๑", ",", ".", " ", "x"}
	texts := []string{"1,200 THB", "15,434.75 บาท/ปี", "(1,200)", "฿ -3.5", "INV-2026", "1e3", "0x10", "1_000",
		"1,2345", "1.234,56", "2026-04-15", "#DIV/0! 5", "0,000,001", "000,123.000", "1,000,,000", "1,000,",
		strings.Repeat("9", 2000), strings.Repeat("0", 2000) + "1", strings.Repeat("9,999", 300), "0," + strings.Repeat("000,", 400) + "001"}
	var gen func(prefix string, n int)
	gen = func(prefix string, n int) {
		texts = append(texts, prefix)
		if n == 0 {
			return
		}
		for _, a := range alphabet {
			gen(prefix+a, n-1)
		}
	}
	gen("", 6)
	for _, s := range texts {
		what, plain := NumberText(s)
		wantWhat, wantPlain := numberTextSplit(s)
		if what != wantWhat || plain != wantPlain {
			t.Fatalf("NumberText(%q) = %v, %q; before, %v, %q", s, what, plain, wantWhat, wantPlain)
		}
	}
}

// BenchmarkNumberText reads text that number() reads as one number with
// groups, as a column's cells are read for its facts (D45).
func BenchmarkNumberText(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		NumberText("INV-1,250,000.50")
	}
}
