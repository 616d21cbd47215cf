package main

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// displayWidth counts terminal cells: a combining mark none, a wide character
// two; cutWidth keeps a letter's marks with it and ends with the
// Ellipsis.
func TestDisplayWidth(t *testing.T) {
	for s, want := range map[string]int{
		"":           0,
		"abc":        3,
		"สมชาย ใจดี": 9, // ี is a mark
		"ก่ข้":       2, // tone marks
		"山田太郎":       8,
		"😀":          2,
		"e\u0301":    1, // e and a combining acute
		"a\u200db":   2, // a zero width joiner
		"…":          1,
		"Ｔｈａｉ":       8, // full width
	} {
		require.Equal(t, want, displayWidth(s), s)
	}
	require.Equal(t, "abc", cutWidth("abc", 3))
	require.Equal(t, "ab…", cutWidth("abcd", 3))
	require.Equal(t, "語…", cutWidth("語語語", 4))
	require.Equal(t, "…", cutWidth("語語", 2))
	require.Equal(t, "ก่…", cutWidth("ก่ข้ค", 2))
	require.Equal(t, "", cutWidth("abc", 0))
	// SARA AM takes a cell: a letter whose marks do not all fit is left
	// out whole, not shown as น้ (a word changed); a spacing mark (Mc)
	// likewise.
	require.Equal(t, "xน้ำ…", cutWidth("xน้ำน้ำ", 4))
	require.Equal(t, "xx…", cutWidth("xxน้ำy", 4))
	require.Equal(t, "ab…", cutWidth("abकिy", 4)) // क and its vowel sign ि (Mc)
}
