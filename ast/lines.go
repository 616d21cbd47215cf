package ast

import (
	"sort"
	"unicode/utf8"
)

// LineIndex turns byte offsets into a text into lines and columns. Build
// it once per text (a flow, a template) with NewLineIndex; each Position
// then costs O(log n) whatever the offset.
//
// Lines and columns are 1-based. A line ends at "\n", so "\r\n" ends one
// line (its "\r" is the last character of that line); a lone "\r" does not
// end a line. The column counts characters (runes), not bytes; each byte
// that is not UTF-8 counts as one character.
type LineIndex struct {
	size   int
	starts []int // byte offset of the first byte of each line; starts[0] == 0
	// wide holds the byte offset of every character longer than one byte,
	// and extra[i] the bytes such characters take beyond one, summed over
	// wide[0..i]: the characters before an offset are then the offset
	// minus the extra bytes of the wide characters before it.
	wide  []int
	extra []int
}

// NewLineIndex indexes text. The index keeps no reference to text.
func NewLineIndex(text string) *LineIndex {
	x := &LineIndex{size: len(text), starts: []int{0}}
	total := 0
	for i := 0; i < len(text); {
		c := text[i]
		if c < utf8.RuneSelf {
			if c == '\n' {
				x.starts = append(x.starts, i+1)
			}
			i++
			continue
		}
		_, n := utf8.DecodeRuneInString(text[i:])
		if n > 1 {
			total += n - 1
			x.wide = append(x.wide, i)
			x.extra = append(x.extra, total)
		}
		i += n
	}
	return x
}

// Position returns the line and column of the character at byte offset
// offset. An offset below 0 is taken as 0, one past the end as the end of
// the text (the position after its last character), and one inside a
// character as that character's first byte.
func (x *LineIndex) Position(offset int) (line, col int) {
	offset = max(0, min(offset, x.size))
	// The wide character that starts at or before offset, if any.
	w := sort.SearchInts(x.wide, offset+1) - 1
	if w >= 0 && offset > x.wide[w] && offset < x.wide[w]+x.width(w) {
		offset = x.wide[w] // inside a character: its first byte
	}
	l := sort.SearchInts(x.starts, offset+1) - 1
	return l + 1, x.chars(offset) - x.chars(x.starts[l]) + 1
}

// width is the byte length of the wide character w.
func (x *LineIndex) width(w int) int {
	if w == 0 {
		return x.extra[0] + 1
	}
	return x.extra[w] - x.extra[w-1] + 1
}

// chars is the number of characters before byte offset off, which is the
// start of a character or the end of the text.
func (x *LineIndex) chars(off int) int {
	w := sort.SearchInts(x.wide, off) // wide characters that start before off
	if w == 0 {
		return off
	}
	return off - x.extra[w-1]
}

// Lines returns the number of lines of the text: one more than its "\n".
func (x *LineIndex) Lines() int { return len(x.starts) }
