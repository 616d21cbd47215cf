package value

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

func mapped(m CaseMapping, s string) string { return m.Map(s, m.Len(s)) }

// D33: full case mapping as Python's str.upper and str.lower.
func TestCaseMapping(t *testing.T) {
	for _, c := range []struct {
		m       CaseMapping
		in, out string
	}{
		{Upper, "straße", "STRASSE"},
		{Lower, "ΟΔΥΣΣΕΥΣ", "οδυσσευς"},
		{Lower, "İ", "i\u0307"},
		{Upper, "ﬃ", "FFI"},
		{Upper, "\u0390", "\u0399\u0308\u0301"},
		{Lower, "ΣΑ Σ", "σα σ"}, // no cased letter before the last Σ
		{Lower, "Toyota", "toyota"},
		{Upper, "a\xffb", "A\uFFFDB"},   // an invalid byte becomes U+FFFD
		{Lower, "ΑΣ\xffα", "ας\uFFFDα"}, // and ends a word
		{Upper, "", ""},
	} {
		require.Equal(t, c.out, mapped(c.m, c.in), "%q", c.in)
		require.Equal(t, len(c.out), c.m.Len(c.in), "%q", c.in)
	}
}

// D33: a final sigma is found whatever the buffers of the mapping: the
// sigma is put at every offset around the 1 KiB piece that the mapping
// hands to x/text (whose lower caser forgets the word it is in between two
// calls).
func TestCaseMappingAcrossPieces(t *testing.T) {
	for k := 1000; k < 1040; k++ {
		for _, pad := range []string{"a", "é", "ω"} {
			prefix := strings.Repeat(pad, k/len(pad))
			lowPrefix := mapped(Lower, prefix)
			require.Equal(t, lowPrefix+"ς b", mapped(Lower, prefix+"Σ b"), "k=%d pad=%q", k, pad)
			require.Equal(t, lowPrefix+"σα", mapped(Lower, prefix+"ΣΑ"), "k=%d pad=%q", k, pad)
			require.Equal(t, lowPrefix+"ς", mapped(Lower, prefix+"Σ"), "k=%d pad=%q", k, pad)
		}
	}
}
