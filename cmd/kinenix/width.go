package main

import (
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"

	"github.com/kinenix/expressions/internal/echo"
)

// displayWidth is the number of terminal cells text s takes: a combining mark
// (Thai vowels and tone marks above and below a letter, accents) and a
// format character take none, a wide or full-width character (Chinese,
// Japanese, Korean, most emoji) two, any other character one. Text to
// measure is echoed text (echo.Clean): it holds no control character.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

func runeWidth(r rune) int {
	switch {
	case r < utf8.RuneSelf:
		return 1
	case unicode.In(r, unicode.Mn, unicode.Me, unicode.Cf):
		return 0
	case r >= 0x1160 && r <= 0x11FF: // Hangul vowels and finals that join the syllable before
		return 0
	}
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// cutWidth cuts s to at most n terminal cells (displayWidth), the last one
// Ellipsis when anything is left out; the marks of the last letter kept
// stay with it, and a letter whose marks do not all fit (น้ำ: SARA AM
// takes a cell) is left out whole, never shown without them. The result
// may be a cell short of n when a wide character does not fit.
func cutWidth(s string, n int) string {
	if displayWidth(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	used, end, base := 0, 0, 0 // base: where the last letter kept starts
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		w, mark := runeWidth(r), echo.IsMark(r)
		if used+w > n-1 {
			if mark && base > 0 {
				end = base
			}
			break
		}
		if !mark {
			base = i
		}
		used += w
		i += size
		end = i // a mark (w 0) after the last letter that fits stays with it
	}
	return s[:end] + echo.Ellipsis
}
