package eval

import "testing"

// D33, D49: the words the unclosed-${ fix puts a } before are the
// condition's word operators as the grammar reads them, in any ASCII case
// and no other: strings.EqualFold alone folds ſ (U+017F) to s and the
// Kelvin sign to k, which the grammar does not.
func TestIsWordOpASCIICase(t *testing.T) {
	for w, want := range map[string]bool{
		"in": true, "IN": true, "Contains": true, "is": true, "Is": true,
		"containſ": false, "İN": false, "ın": false, "x": false, "": false, "==": false,
	} {
		if got := isWordOp(w); got != want {
			t.Errorf("isWordOp(%q) = %v, want %v", w, got, want)
		}
	}
}
