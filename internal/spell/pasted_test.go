package spell

import "testing"

func TestPasted(t *testing.T) {
	for name, want := range map[string][2]string{
		"First\u00a0Name": {"a no-break space (U+00A0)", "a plain space"},
		"x\u200b":         {"an invisible character (U+200B)", ""},
		"x − 1":           {"the minus sign − (U+2212)", "-"},
		"a – b":           {"the dash – (U+2013)", "-"},
		"x × 2":           {"the sign ×", "*"},
		"upper（x）":        {"the full-width （", "("},
		"“a”":             {"the curly quote “", `"`},
	} {
		what, plain, ok := Pasted(name)
		if !ok || what != want[0] || plain != want[1] {
			t.Errorf("Pasted(%q) = %q, %q, %v; want %q, %q", name, what, plain, ok, want[0], want[1])
		}
	}
	for _, name := range []string{"First Name", "ลูกค้า", "café", "x - 1", "😀"} {
		if _, _, ok := Pasted(name); ok {
			t.Errorf("Pasted(%q): nothing pasted in it", name)
		}
	}
	if got := Unpasted("upper（x）\u200b − “a”"); got != `upper(x) - "a"` {
		t.Errorf("Unpasted: %q", got)
	}
	q := func(s string) string { return "'" + s + "'" }
	if got := PastedHint("First\u00a0Name", "First Name", q); got != "; it has a no-break space (U+00A0) where 'First Name' has a plain space: write a plain space" {
		t.Errorf("PastedHint: %q", got)
	}
	if got := PastedInData("First Name", "First\u00a0Name", q); got != "; the data's key 'First\u00a0Name' has a no-break space (U+00A0) where this has a plain space: write a plain space in the data" {
		t.Errorf("PastedInData: %q", got)
	}
	if got := PastedInData("status", "status\u200b", q); got != "; the data's key 'status\u200b' has an invisible character (U+200B) that this has not: delete it in the data" {
		t.Errorf("PastedInData: %q", got)
	}
	if got := PastedHint("Frist Name", "First Name", q); got != "" {
		t.Errorf("PastedHint of a typo: %q", got)
	}
}
