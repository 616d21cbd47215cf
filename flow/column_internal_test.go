package flow

import (
	"testing"

	"github.com/stretchr/testify/require"
)

// A columnCursor gives the column that column gives for every offset
// asked in order, also after an offset inside a character: a warning of
// no width is placed at from and from+1 (addAt), and from+1 may fall
// inside a character of several bytes; the offsets after it on the line
// are counted as from the line's start.
func TestColumnCursorAsColumn(t *testing.T) {
	for _, text := range []string{
		"- **to:** ${row.café} ＆＆ ${row.naïve} 日本語 ${x}",
		"ÿ😀a\u00a0b",
		"plain ascii ${x} and ${y}",
		"invalid \x80\x80\x80\x80\x80 é\xe6\x97 x \xf0\x9f\x98",
	} {
		for step := 1; step <= 4; step++ {
			for start := 0; start < step; start++ {
				c := columnCursor{text: text}
				for off := start; off <= len(text)+1; off += step {
					require.Equal(t, column(text, off), c.at(off), "%q: offset %d (every %d bytes from %d)", text, off, step, start)
				}
			}
		}
		// Back and forth, as the end of one warning and the start of the
		// next are asked.
		c := columnCursor{text: text}
		for off := 0; off+1 <= len(text); off++ {
			require.Equal(t, column(text, off+1), c.at(off+1), "%q: offset %d", text, off+1)
			require.Equal(t, column(text, off), c.at(off), "%q: offset %d", text, off)
		}
	}
}
