package eval

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// scanNaive is D18 written the obvious, quadratic way: from each `${`, the
// first `}` outside quotes. ScanPlaceholders must find exactly the same.
func scanNaive(text string) (segs []segment, unclosed []int) {
	closeBrace := func(from int) (int, bool) {
		var q byte
		for i := from; i < len(text); i++ {
			c := text[i]
			switch {
			case q != 0:
				if c == '\\' {
					i++
				} else if c == q {
					q = 0
				}
			case c == '\'' || c == '"':
				q = c
			case c == '}':
				return i, true
			}
		}
		return 0, false
	}
	for i := 0; ; {
		j := strings.Index(text[i:], "${")
		if j < 0 {
			return segs, unclosed
		}
		open := i + j
		end, ok := closeBrace(open + 2)
		if !ok {
			unclosed = append(unclosed, open)
			i = open + 2
			continue
		}
		segs = append(segs, segment{start: open + 2, end: end, isExpr: true})
		i = end + 1
	}
}

// ScanPlaceholders finds exactly what the naive reading of D18 finds.
func TestScanPlaceholdersMatchesCompile(t *testing.T) {
	check := func(text string) {
		t.Helper()
		segs, wantOpen := scanNaive(text)
		var want []Span
		for _, s := range segs {
			if s.isExpr {
				want = append(want, Span{Start: s.start, End: s.end})
			}
		}
		got, open := ScanPlaceholders(text)
		require.Equal(t, want, got, "%q", text)
		require.Equal(t, wantOpen, open, "%q", text)
	}
	for _, text := range []string{
		"", "plain", "${a}", "a ${b} c ${d}", "${replace(x, '}', ')')}", "${'}", "${a ${b}",
		"${'a' ${b}", "${\"it's\"} ${x}", "${'\\'}'}", "${'${'}", "${${${", "${'\"${x}", "$${a}}",
		"${'abc ${x}", "${\"a\\\"}\" ${y}", "${'} ${'} ${'}",
	} {
		check(text)
	}
	r := rand.New(rand.NewSource(7))
	alphabet := "${}'\"\\ a"
	for i := 0; i < 20000; i++ {
		b := make([]byte, r.Intn(40))
		for j := range b {
			b[j] = alphabet[r.Intn(len(alphabet))]
		}
		check(string(b))
	}
}

func FuzzScanPlaceholders(f *testing.F) {
	for _, s := range []string{"${a}", "${'}", "${'a' ${b}", "${\"\\\"}\" ${'} x}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		segs, wantOpen := scanNaive(text)
		var want []Span
		for _, s := range segs {
			if s.isExpr {
				want = append(want, Span{Start: s.start, End: s.end})
			}
		}
		got, open := ScanPlaceholders(text)
		require.Equal(t, want, got)
		require.Equal(t, wantOpen, open)
	})
}
