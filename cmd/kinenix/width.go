package main

import (
	"strings"
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
// stay with it. The result may be a cell short of n when a wide
// character does not fit.
func cutWidth(s string, n int) string {
	if displayWidth(s) <= n {
		return s
	}
	if n <= 0 {
		return ""
	}
	var b strings.Builder
	used := 0
	for _, r := range s {
		w := runeWidth(r)
		if used+w > n-1 {
			break
		}
		b.WriteRune(r) // a mark (w 0) after the last letter that fits stays with it
		used += w
	}
	return b.String() + echo.Ellipsis
}
