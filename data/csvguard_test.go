package data

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// countingReaderAt counts the bytes read from r.
type countingReaderAt struct {
	r io.ReaderAt
	n int64
}

func (c *countingReaderAt) ReadAt(p []byte, off int64) (int, error) {
	n, err := c.r.ReadAt(p, off)
	c.n += int64(n)
	return n, err
}

// readCounted reads every row of the CSV text s, and returns the bytes
// read before its error, and the error.
func readCounted(t *testing.T, s string) (int64, error) {
	t.Helper()
	cr := &countingReaderAt{r: strings.NewReader(s)}
	r, err := OpenRows("c.csv", cr, int64(len(s)))
	for err == nil {
		_, err = r.Next()
	}
	if errors.Is(err, io.EOF) {
		err = nil
	}
	return cr.n, err
}

// A CSV record is refused as soon as it passes a bound, not after
// encoding/csv holds it whole (probe-bounds F1): the bytes read before
// the error stay far under the file's size.
func TestCSVRecordBounds(t *testing.T) {
	const big = 20 << 20
	for _, c := range []struct {
		name, text string
		want       string
		maxRead    int64
	}{
		{"cells", "a\n1" + strings.Repeat(",", big), "data in c.csv: line 2: a row of more than 16384 cells, more than a sheet has (Excel's limit); check that this is the file meant, with one row per line", 1 << 20},
		{"cells of the header", "x,\"y\"" + strings.Repeat(",z", big/2), "data in c.csv: line 1: a row of more than 16384 cells", 1 << 20},
		{"an empty name in the header", "\n,,\na" + strings.Repeat(",", big), "data in c.csv: line 3, column 2: the header (line 3, the first line that is not blank) has an empty column name; every column needs a name", 1 << 20},
		{"an empty first name", " ,a" + strings.Repeat(",b", big/2), "data in c.csv: line 1, column 1: the header (the first row) has an empty column name", 1 << 20},
		{"a quoted empty name", "a,\"\"" + strings.Repeat(",b", big/2), "data in c.csv: line 1, column 2: the header (the first row) has an empty column name", 1 << 20},
		{"bytes", "a,b\n1,\"" + strings.Repeat("x\n", big/2) + "\"\n", "data in c.csv: line 2: a row of more than 8 MiB; a row of a sheet is far shorter: check that this is the file meant, and that every quoted field is closed", maxCSVRecord + 1<<20},
		{"an unclosed quote", "a,b\n1,2\n\"abc,3\n" + strings.Repeat("y,z\n", big/4), "data in c.csv: line 3: a row of more than 8 MiB", maxCSVRecord + 1<<20},
	} {
		t.Run(c.name, func(t *testing.T) {
			n, err := readCounted(t, c.text)
			require.ErrorContains(t, err, c.want)
			require.Less(t, n, c.maxRead, "bytes read before the error")
		})
	}
	// Within the bounds, as before: quoted commas, quotes and line ends,
	// CR LF, a blank record before the header; a sheet's every column; a
	// record just under the byte bound.
	var wide strings.Builder
	for j := range maxCSVCells {
		fmt.Fprintf(&wide, ",c%d", j)
	}
	_, err := readCounted(t, wide.String()[1:]+"\n1\n")
	require.NoError(t, err)
	_, err = readCounted(t, ",,\r\n\"a,1\",\"b\"\"\"\r\n1,\"x\ny\"\r\n")
	require.NoError(t, err)
	_, err = readCounted(t, "a,b\n\""+strings.Repeat("x", maxCSVRecord-10)+"\",1\n")
	require.NoError(t, err)
	// The header's last name empty: said by the header's check, at its end.
	_, err = readCounted(t, "a,\n1,2\n")
	require.EqualError(t, err, "data in c.csv: line 1, column 2: the header (the first row) has an empty column name; every column needs a name")
}

// An unclosed quote names the line where the row with it starts, not
// the end of the file where encoding/csv finds it (probe-bounds F2).
func TestCSVUnclosedQuoteLine(t *testing.T) {
	_, err := readCounted(t, "a,b\n1,2\n\"abc,3\n"+strings.Repeat("y,z\n", 1000))
	require.EqualError(t, err, `data in c.csv: line 3: not valid CSV: a quoted field in the row that starts here has text after its closing ", or is never closed (it runs on to line 1003); write each " inside a quoted field as ""`)
	_, err = readCounted(t, "a,b\n1,\"x\"y\n")
	require.EqualError(t, err, `data in c.csv: line 2: not valid CSV: a quoted field has text after its closing ", or is never closed; write each " inside a quoted field as ""`)
}

// TestCSVGuardRuns pins csvGuard's runs (run: a field's text taken at
// once) to byte, which they replace after the header: over texts of
// fields plain and quoted, quotes doubled, commas, line ends, CRs, white
// space and blank lines, read in pieces of every size, the guard passes
// on the same bytes, fails with the same error at the same byte, and ends
// in the same state as one that takes every byte with byte.
func TestCSVGuardRuns(t *testing.T) {
	pieces := []string{"a", "b c", " ", "\t", ",", "\n", "\r\n", "\r", "\"", "\"\"", "\"x,\ny\"", "1.5", "ก", ""}
	texts := []string{
		"a,b\n1,2\n", "a, \n1,2\n", "\n\n a,b\r\n1,\"x\"\"y\"\n", "a,b\n\"un,closed\n1,2\n", " ,a\n", "a,\"\"\n",
		"h\n" + strings.Repeat("x", maxCSVRecord+10) + "\n",
		"h\n\"" + strings.Repeat("y", maxCSVRecord-3) + "\"\n1\n",
		"h\n\"" + strings.Repeat("y", maxCSVRecord-2) + "\"\n1\n",
	}
	seed := uint32(1)
	next := func(n int) int { // a fixed sequence: the test reads the same texts every run
		seed = seed*1664525 + 1013904223
		return int(seed>>8) % n
	}
	for range 3000 {
		var b strings.Builder
		for range next(40) {
			b.WriteString(pieces[next(len(pieces))])
		}
		texts = append(texts, b.String())
	}
	type state struct {
		passed, err                          string
		line, start, cells, size, firstEmpty int
		state                                uint8
		header, nonBlank, content            bool
	}
	stateOf := func(g *csvGuard, passed []byte, err error) state {
		s := state{passed: string(passed), line: g.line, start: g.start, cells: g.cells, size: g.size,
			firstEmpty: g.firstEmpty, state: g.state, header: g.header, nonBlank: g.nonBlank, content: g.content}
		if err != nil {
			s.err = err.Error()
		}
		return s
	}
	for i, text := range texts {
		d := newDecoder("c.csv", 1<<30)
		// byte by byte: the guard as it was
		want := newCSVGuard(d, nil)
		var passed []byte
		var werr error
		for j := 0; j < len(text); j++ {
			if werr = want.byte(text[j]); werr != nil {
				break
			}
			passed = append(passed, text[j])
		}
		wantState := stateOf(want, passed, werr)
		sizes := []int{1, 2, 7, 64, 4096, len(text) + 1}
		if len(text) > 1<<20 {
			sizes = sizes[3:] // a byte at a time would take seconds
		}
		for _, size := range sizes {
			g := newCSVGuard(d, &chunkReader{s: text, n: size})
			got, err := io.ReadAll(g)
			require.Equal(t, wantState, stateOf(g, got, err), "text %d %q in pieces of %d", i, text[:min(len(text), 80)], size)
		}
	}
}

// chunkReader reads s n bytes at a time.
type chunkReader struct {
	s string
	n int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if c.s == "" {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.s)
	c.s = c.s[k:]
	return k, nil
}
