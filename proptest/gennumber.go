package proptest

import (
	"reflect"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
)

// A number written in a text as a sheet or a form writes it (D21, D34,
// D39): digits of one script, grouped or not, with a fraction, a sign or
// parentheses, after a label and before a unit. Each field is a small
// whole number, so gopter shrinks a case field by field towards 0, the
// plainest writing ("0").

// WrittenNumber is one number and how it is written.
type WrittenNumber struct {
	Whole  uint64 // the whole part
	Frac   uint64 // the fraction's digits, FracN of them (leading zeros kept)
	FracN  int
	Script int // index into DigitZeros
	Style  int // 0 plain, 1 "," between thousands, 2 no 0 before the point (".5"); with European: 0 ".", 1 a space of GroupSpaces, 2 "'"
	Space  int // index into GroupSpaces (European style 1) and into Blanks (after the label)
	Sign   int // 0 none, 1 "-", 2 "−" (U+2212), 3 parentheses, 4 a hyphen after a word ("INV-2026", "ปี-2026"): not a sign, 5 the full-width "－", 6 full-width parentheses "（）"
	Label  int // index into NumberLabels
	Unit   int // index into NumberUnits
	// European writes the point as "," and groups with "." or a space
	// (1.234,56; 2 285,81; 1'049,95): number(...) refuses it with the
	// rewrite of D34 and D39.
	European bool
}

// DigitZeros are the zeros of every run of ten decimal digits in
// Unicode's Nd table: every script whose digits number(...) reads (D21).
var DigitZeros = func() []rune {
	var zeros []rune
	add := func(lo, hi, stride uint32) {
		if stride != 1 {
			return
		}
		for z := lo; z+9 <= hi; z += 10 {
			zeros = append(zeros, rune(z))
		}
	}
	for _, r := range unicode.Nd.R16 {
		add(uint32(r.Lo), uint32(r.Hi), uint32(r.Stride))
	}
	for _, r := range unicode.Nd.R32 {
		add(r.Lo, r.Hi, r.Stride)
	}
	return zeros
}()

// Blanks are the characters of Unicode's White_Space table: any of them
// may stand between a label and its number.
var Blanks = func() []string {
	var out []string
	for _, t := range []*unicode.RangeTable{unicode.White_Space} {
		for _, r := range t.R16 {
			for c := uint32(r.Lo); c <= uint32(r.Hi); c += uint32(r.Stride) {
				out = append(out, string(rune(c)))
			}
		}
		for _, r := range t.R32 {
			for c := r.Lo; c <= r.Hi; c += r.Stride {
				out = append(out, string(rune(c)))
			}
		}
	}
	return out
}()

// GroupSpaces are the spaces of D39 that group digits in some conventions.
var GroupSpaces = []string{" ", "\u00a0", "\u202f", "\u2009"}

// NumberLabels come before a number (a label of a cell, a currency); the
// design's examples give them: "฿ -3.5", "Total: 12 items".
var NumberLabels = []string{"", "Total:", "฿", "THB", "เบี้ย", "$", "€", "Premium", "ราคา", "ปี", "ครั้งที่", "No"}

// NumberUnits come after a number: "15,434.75 บาท/ปี", "12 items".
var NumberUnits = []string{"", " บาท", " บาท/ปี", " THB", "%", " items, 3 boxes", " ต่อปี", " Kč"}

// WrittenNumbers generates WrittenNumber.
func WrittenNumbers() gopter.Gen {
	return gen.Struct(reflect.TypeOf(WrittenNumber{}), map[string]gopter.Gen{
		"Whole":    gen.OneGenOf(gen.UInt64Range(0, 9999), gen.UInt64Range(0, 999_999_999_999)),
		"Frac":     gen.UInt64Range(0, 9999),
		"FracN":    gen.IntRange(0, 4),
		"Script":   gen.IntRange(0, len(DigitZeros)-1),
		"Style":    gen.IntRange(0, 2),
		"Space":    gen.IntRange(0, len(Blanks)-1),
		"Sign":     gen.IntRange(0, 6),
		"Label":    gen.IntRange(0, len(NumberLabels)-1),
		"Unit":     gen.IntRange(0, len(NumberUnits)-1),
		"European": gen.Bool(),
	})
}

// fraction is the fraction's FracN digits, "" for none.
func (w WrittenNumber) fraction() string {
	if w.FracN == 0 {
		return ""
	}
	f := strconv.FormatUint(w.Frac, 10)
	if len(f) > w.FracN {
		f = f[len(f)-w.FracN:]
	}
	return strings.Repeat("0", w.FracN-len(f)) + f
}

// Plain is the number as plain number text (D6): what number(...) gives,
// and what the rewrite of an unclear writing says.
func (w WrittenNumber) Plain() string {
	s := strconv.FormatUint(w.Whole, 10)
	if f := w.fraction(); f != "" {
		s += "." + f
	}
	if w.Sign >= 1 && w.Sign <= 6 && w.Sign != 4 {
		s = "-" + s
	}
	return s
}

// Unclear reports whether the writing is one number(...) refuses (D34,
// D39): European, with marks whose reading is one: a decimal comma after
// a whole part of at least four digits grouped by one kind of mark, or
// after one to three digits when the fraction is not three digits long
// ("12,5"; "12,500" is twelve thousand five hundred), or a whole number of
// at least seven digits grouped by one kind of mark ("1.234.567").
func (w WrittenNumber) Unclear() bool {
	if !w.European {
		return false
	}
	if w.FracN > 0 {
		return w.Whole >= 1000 || w.FracN != 3
	}
	return w.Whole >= 1_000_000
}

// Text is the number as written.
func (w WrittenNumber) Text() string {
	zero := DigitZeros[w.Script%len(DigitZeros)]
	digits := func(s string) string {
		return strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return zero + (r - '0')
			}
			return r
		}, s)
	}
	whole := strconv.FormatUint(w.Whole, 10)
	group, point := "", "."
	switch {
	case w.Unclear():
		point = ","
		group = [...]string{".", GroupSpaces[w.Space%len(GroupSpaces)], "'"}[w.Style%3]
	case w.Style%3 == 1:
		group = ","
	}
	var b strings.Builder
	for i, c := range whole {
		if i > 0 && group != "" && (len(whole)-i)%3 == 0 {
			b.WriteString(group)
		}
		b.WriteRune(c)
	}
	n := digits(b.String())
	if n == string(zero) && w.FracN > 0 && w.Style%3 == 2 && !w.Unclear() {
		n = "" // ".5"
	}
	if f := w.fraction(); f != "" {
		n += point + digits(f)
	}
	switch w.Sign {
	case 1:
		n = "-" + n
	case 2:
		n = "\u2212" + n
	case 3:
		n = "(" + n + ")"
	case 5:
		n = "\uff0d" + n
	case 6:
		n = "\uff08" + n + "\uff09"
	}
	label := NumberLabels[w.Label%len(NumberLabels)]
	if w.Sign == 4 {
		// a hyphen right after a word, which ends in a letter and maybe
		// its combining marks (D21: a minus does not follow a letter)
		if r, _ := utf8.DecodeLastRuneInString(label); !unicode.IsLetter(r) && !unicode.IsMark(r) {
			label = "INV"
		}
		return label + "-" + n + NumberUnits[w.Unit%len(NumberUnits)]
	}
	if label != "" {
		label += Blanks[w.Space%len(Blanks)]
	}
	return label + n + NumberUnits[w.Unit%len(NumberUnits)]
}
