package play

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/funcs"
)

// numberWords are the numbers a page or a document could write by hand
// before "functions".
var numberWords = []string{"one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
	"eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty"}

// How many functions the page's reference holds comes from the function
// table (D40), which the page asks for (`functions`): the page writes no
// number of functions by hand, and a table that grows changes what it
// says. The README and the spec, which do write it, say the table's.
func TestFunctionCountFromTheTable(t *testing.T) {
	counted := regexp.MustCompile(`(?i)\b(` + strings.Join(numberWords, "|") + `|\d+)\s+(functions|whitelisted functions)\b`)
	for _, name := range []string{"assets/index.html", "assets/app.js"} {
		b, err := os.ReadFile(name)
		require.NoError(t, err)
		require.Empty(t, counted.FindAllString(string(b), -1), "%s writes a number of functions by hand", name)
	}
	html, err := os.ReadFile("assets/index.html")
	require.NoError(t, err)
	require.Contains(t, string(html), `the <span id="funcs-count"></span>functions`)
	js, err := os.ReadFile("assets/app.js")
	require.NoError(t, err)
	require.Contains(t, string(js), `$('funcs-count').textContent = list.length + ' ';`)
	require.Len(t, functions(), len(funcs.All()), "the page lists the table")

	n := len(funcs.All())
	require.Less(t, n, len(numberWords)+1)
	for _, doc := range []string{"../../../../README.md", "../../../../docs/flow_markdown_spec.md"} {
		b, err := os.ReadFile(doc)
		require.NoError(t, err)
		for _, m := range counted.FindAllStringSubmatch(string(b), -1) {
			got := strings.ToLower(m[1])
			require.Contains(t, []string{numberWords[n-1], strconv.Itoa(n)}, got, "%s says %q; the table has %d functions", doc, m[0], n)
		}
	}
}
