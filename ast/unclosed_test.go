package ast

import "testing"

// A ${ with a quote left open (D18) is told with the fix that works when
// followed (D49): a key with the quote in it in brackets, else the quote
// closed.
func TestUnclosedQuote(t *testing.T) {
	const reason = "${ is not closed: the quote ' in it is not closed, so the } after it is taken as text"
	for _, c := range []struct{ text, want string }{
		{"row.Customer's name", reason + "; for a key with ' in it, write ${row['Customer\\'s name']}"},
		{"row.O'Brien} and ${x", reason + "; for a key with ' in it, write ${row['O\\'Brien']}"},
		{"config.Driver's licence.no", reason + "; for a key with ' in it, write ${config['Driver\\'s licence'].no}"},
		{"'abc} b", reason + "; add the closing ' where the text ends"},
		{"replace(x, 'l)", reason + "; add the closing ' where the text ends"},
		{"row.'", reason + "; for a key with ' in it, write ${row['\\'']}"},
		{"row..O'Brien", reason + "; add the closing ' where the text ends"},
		{"_row.O'Brien", reason + "; add the closing ' where the text ends"},
		{"O'Brien", reason + "; add the closing ' where the text ends"},
		{"env.O'Brien", reason + "; add the closing ' where the text ends"},
	} {
		if got := UnclosedQuote(c.text, '\''); got != c.want {
			t.Errorf("UnclosedQuote(%q):\n got %s\nwant %s", c.text, got, c.want)
		}
	}
	if got, want := UnclosedQuote(`row.say "hi`, '"'), `${ is not closed: the quote " in it is not closed, so the } after it is taken as text; for a key with " in it, write ${row['say "hi']}`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
}
