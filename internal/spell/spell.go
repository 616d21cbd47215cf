// Package spell finds the known name closest to a name that is not known,
// for the "did you mean ...?" of a message (decisions D14 and the
// sample-data checks of validate). It is the one spell checker of the
// module: functions and data keys are suggested by the same rule.
package spell

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// Limits of the search, so that a huge dictionary or a long name costs
// little: names longer than MaxRunes get no suggestion and are never
// suggested, and only the first MaxCandidates candidates are read.
const (
	MaxRunes      = 100
	MaxCandidates = 10000
)

// Closest returns the candidate closest to name, compared without regard
// to case or surrounding white space:
//
//   - one equal to it (LEN -> len) or one of at least 3 characters that
//     starts the other or is started by it (lenght -> len, stat -> status)
//     is at distance 0;
//   - otherwise the optimal string alignment distance counts insertions,
//     deletions, substitutions and swaps of two neighbours (uper -> upper,
//     defualt -> default), and a candidate is close when that distance is
//     at most a third of the shorter name's characters (at least 1).
//
// The nearest close candidate wins; ties go to the first in the order
// given. A candidate equal to name itself is skipped. ok is false when no
// candidate is close.
func Closest(name string, candidates []string) (string, bool) {
	if name == "" || utf8.RuneCountInString(name) > MaxRunes {
		return "", false
	}
	if len(candidates) > MaxCandidates {
		candidates = candidates[:MaxCandidates]
	}
	want := fold(name)
	best, bestD := "", -1
	var d0, d1, d2 []int
	for _, c := range candidates {
		if c == name || utf8.RuneCountInString(c) > MaxRunes {
			continue
		}
		got := fold(c)
		var d int
		if prefixOf(want, got) {
			d = 0
		} else {
			d0, d1, d2 = grow(d0, len(got)+1), grow(d1, len(got)+1), grow(d2, len(got)+1)
			d = distance(want, got, d0, d1, d2)
			if d > max(1, min(len(want), len(got))/3) {
				continue
			}
		}
		if bestD < 0 || d < bestD {
			best, bestD = c, d
		}
	}
	return best, bestD >= 0
}

func fold(s string) []rune {
	rs := []rune(strings.TrimSpace(s))
	for i, r := range rs {
		rs[i] = unicode.ToLower(r)
	}
	return rs
}

func grow(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}

// prefixOf reports whether a equals b, or one of them, of at least 3
// characters, starts the other.
func prefixOf(a, b []rune) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) < 3 && len(a) != len(b) {
		return false
	}
	for i, r := range a {
		if b[i] != r {
			return false
		}
	}
	return true
}

// distance is the optimal string alignment distance between a and b, using
// three rows of len(b)+1 cells given by the caller.
func distance(a, b []rune, prev2, prev, cur []int) int {
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d := min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d = min(d, prev2[j-2]+1)
			}
			cur[j] = d
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}
