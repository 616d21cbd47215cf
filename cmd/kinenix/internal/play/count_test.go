package play

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/funcs"
)

// numberWords are the numbers a page or a document could write by hand
// before "functions".
var numberWords = []string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}

// How many functions there are is the function table's (D40): the page
// asks for the table (`functions`) and writes the count it gets, and no
// page or document writes a number of functions by hand, so that adding a
// function to the table changes what they say without an edit of theirs.
func TestFunctionCountFromTheTable(t *testing.T) {
	counted := regexp.MustCompile(`(?i)\b(` + strings.Join(numberWords, "|") + `|\d+)\s+(functions|whitelisted functions)\b`)
	for _, name := range []string{"assets/index.html", "assets/app.js", "../../../../README.md", "../../../../docs/flow_markdown_spec.md"} {
		b, err := os.ReadFile(name)
		require.NoError(t, err)
		require.Empty(t, counted.FindAllString(string(b), -1), "%s writes a number of functions by hand; say it without the number", name)
	}
	html, err := os.ReadFile("assets/index.html")
	require.NoError(t, err)
	require.Contains(t, string(html), `the <span id="funcs-count"></span>functions`)
	js, err := os.ReadFile("assets/app.js")
	require.NoError(t, err)
	require.Contains(t, string(js), `$('funcs-count').textContent = list.length + ' ';`)
	require.Len(t, functions(), len(funcs.All()), "the page lists the table")
}
