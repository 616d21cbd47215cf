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

// A quote closed with a curly quote (a word processor's or a phone's) is
// left open, since a curly quote is text: the fix writes the straight
// quote in its place, up to the } that then closes the placeholder.
func TestUnclosedQuoteCurly(t *testing.T) {
	const reason = "${ is not closed: the quote ' in it is closed with ’, a curly quote, which is text, so the } after it is taken as text; write ' in place of ’: "
	for text, fix := range map[string]string{
		"row['status’]":                   "${row['status']}",
		"row['status’]} and ${x}":         "${row['status']}",
		"default(x, 'n/a’)} == 'a'":       "${default(x, 'n/a')}",
		"replace(x, 'a', 'b’)":            "${replace(x, 'a', 'b')}",
		"replace(x, '’', 'b’)} text ${y}": "${replace(x, '’', 'b')}",
	} {
		if got := UnclosedQuote(text, '\''); got != reason+fix {
			t.Errorf("UnclosedQuote(%q):\n got %s\nwant %s", text, got, reason+fix)
		}
	}
	if got, want := UnclosedQuote(`upper("abc”)`, '"'), `${ is not closed: the quote " in it is closed with ”, a curly quote, which is text, so the } after it is taken as text; write " in place of ”: ${upper("abc")}`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	// A curly quote inside a closed quote is text, as meant.
	if got := UnclosedQuote("replace(x, '’', 'b)} c", '\''); got != "${ is not closed: the quote ' in it is not closed, so the } after it is taken as text; add the closing ' where the text ends" {
		t.Errorf("got %s", got)
	}
}

// The full-width ｝ of an input method, outside quotes, is where the
// placeholder was meant to end.
func TestWideBrace(t *testing.T) {
	for text, want := range map[string]string{
		"row.status｝":           "${row.status}",
		"upper(x)｝ and ${y}":    "${upper(x)}",
		"replace(x, '｝', ')')｝": "${replace(x, '｝', ')')}",
	} {
		if got, ok := WideBrace(text); !ok || got != want {
			t.Errorf("WideBrace(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
	if _, ok := WideBrace("row.status 'a｝'"); ok {
		t.Error("a ｝ inside quotes is text")
	}
}
