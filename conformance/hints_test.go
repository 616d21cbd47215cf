package conformance_test

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/conformance"
)

// A hint must work when followed (D49). Every error example of the spec
// whose message proposes a rewrite (`use number(x)`, `write upper(x)`,
// `did you mean len?`, `write 1.2`, ...) is rewritten as the message says,
// and the rewritten example must give a value with the spec's data. A
// message that gives advice rather than a rewrite (`write it in a
// condition`) is named in advice; any other hint fails the test, so a new
// kind of hint gets its rewrite here.
func TestSpecHintsWorkWhenFollowed(t *testing.T) {
	src, err := os.ReadFile("../docs/flow_markdown_spec.md")
	require.NoError(t, err)
	examples, data, env, _ := specExamples(t, string(src))
	applied := 0
	for _, ex := range examples {
		msg, isErr := strings.CutPrefix(ex.want, "error: ")
		if !isErr || !hasHint(msg) {
			continue
		}
		fixed, ok := follow(ex.text, msg)
		if !ok {
			if isAdvice(msg) {
				continue
			}
			t.Errorf("spec line %d: no rewrite for the hint of %q", ex.line, msg)
			continue
		}
		c := conformance.Case{Form: "template", Template: fixed, Data: []byte(data), Env: env, Want: new(string)}
		if ex.cond {
			c.Form, c.Template, c.Condition = "condition", "", fixed
		}
		r := c.Run()
		require.NotContains(t, r.Why, "an error", "spec line %d: %s, followed as %s, still fails: %s", ex.line, ex.text, fixed, r.Got)
		applied++
	}
	require.GreaterOrEqual(t, applied, 15, "the spec's hints applied")
}

// hasHint reports whether a message proposes something to write.
func hasHint(msg string) bool {
	return strings.Contains(msg, "; use ") || strings.Contains(msg, "; write ") || strings.Contains(msg, ": write ") ||
		strings.Contains(msg, ": use ") || strings.Contains(msg, "did you mean") || strings.Contains(msg, "write ['") ||
		strings.Contains(msg, " in it, write ${")
}

// advice are hints that say where or what to write instead, not a
// rewrite of the text: comparisons belong in a condition, and so on.
var advice = []string{
	"write it in a condition", "write them in a condition", "use substring(...) or part(...)",
	"use a condition, or default(...)", "use + - * / or %", "use ==, !=, <, >, <= or >=",
	"at most one '.', its decimal point",
	"write only the one you mean",
}

func isAdvice(msg string) bool {
	for _, a := range advice {
		if strings.HasSuffix(msg, a) {
			return true
		}
	}
	return false
}

// The rewrites, each of one form of hint: a pattern of the message, and
// what it does to the example's text.
var (
	useNumber    = regexp.MustCompile(`: (.+) is text \(.*\), not a number; use number\((.+)\)$`)
	useDefault   = regexp.MustCompile(`: (.+) is empty(?:, and the number to divide by cannot be 0)?; use default\((.+), ([01])\)$`)
	methodCall   = regexp.MustCompile(`^\$\{(.+)\}: method calls are not allowed; write (.+)$`)
	quotedKey    = regexp.MustCompile(`unexpected '(.+)'; write \['(.+)'\] to read a key with spaces$`)
	underscore   = regexp.MustCompile(`for a key that starts with _, write \['(_.+)'\]$`)
	didYouMean   = regexp.MustCompile(`unknown function (\S+); did you mean (\S+)\?$`)
	operator     = regexp.MustCompile(`unknown operator (\S+); did you mean (\S+)\?$`)
	exponent     = regexp.MustCompile(`write (\S+)(?: or \S+)? instead of (\S+)$`)
	escape       = regexp.MustCompile(`unknown escape (\\.) in text; write \\\\ for a backslash$`)
	notClear     = regexp.MustCompile(`: '([^']+)' is not clear: write ([0-9][^\s']*)`)
	roundNumber  = regexp.MustCompile(`write (round|format)\(number\(\.\.\.\)\) to read the number in it$`)
	blankText    = regexp.MustCompile(`: (.+) is blank text \(.*\), not a number(?:, and the number to divide by cannot be 0)?; use default\(number\((.+)\), ([01])\)$`)
	dateDigits   = regexp.MustCompile(`dates are not compared by < and >; compare their digits as numbers: write (.+)$`)
	withQuotes   = regexp.MustCompile(`^\$\{(.+)\}: .* (?:put it in quotes|is text without quotes): write (.+)$`)
	numberInCond = regexp.MustCompile(`is not a number: use \$\{number\(\.\.\.\)\}$`)
	bareWords    = regexp.MustCompile(`write '([^']+)' in quotes for the text$`)
	lookalike    = regexp.MustCompile(`unknown operator (\S+); (?:\S+ (?:is a full-width sign|are full-width signs); )?write (\S+) instead$`)
	betweenWords = regexp.MustCompile(`no condition between '(\w+)' and '(\w+)'; write one between them, or remove one of the two$`)
	quotedSide   = regexp.MustCompile(`(?:quote it with ["'] instead|put the whole text inside the quotes|add the closing ["'] after the text): (['"].*)$`)
	spaceBefore  = regexp.MustCompile(`write a space before (\S+): (.+)$`)
	quoteInKey   = regexp.MustCompile(`for a key with (?:'|") in it, write (\$\{.+\})$`)
	wholeLine    = regexp.MustCompile(`(?:to compare, write (?:==|!=) instead of [^:]+: |there is no \S+: write |write in instead of == and or: |; write: | is written twice; write it once: )(.+)$`)
	groupedNum   = regexp.MustCompile(`'([^']+)' is not a number: numbers in a condition are written (?:without separators|in plain digits, not [^;]+); write (\S+)$`)
)

// follow rewrites text as the hint of msg says; ok is false for a hint
// with no rewrite here.
func follow(text, msg string) (string, bool) {
	if m := useNumber.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, m[1], "number("+m[2]+")", 1), true
	}
	if m := useDefault.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, m[1], "default("+m[2]+", "+m[3]+")", 1), true
	}
	if m := methodCall.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, m[1], m[2], 1), true
	}
	if m := quotedKey.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, "."+m[2], "['"+m[2]+"']", 1), true
	}
	if m := underscore.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, "."+m[1], "['"+m[1]+"']", 1), true
	}
	if m := didYouMean.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, m[1]+"(", m[2]+"(", 1), true
	}
	if m := operator.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, " "+m[1]+" ", " "+m[2]+" ", 1), true
	}
	if m := exponent.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, m[2], m[1], 1), true
	}
	if m := escape.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, m[1], `\`+m[1], 1), true
	}
	if m := notClear.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, m[1], m[2], 1), true
	}
	if m := roundNumber.FindStringSubmatch(msg); m != nil {
		return strings.Replace(strings.Replace(text, m[1]+"(", m[1]+"(number(", 1), ")}", "))}", 1), true
	}
	if m := blankText.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, m[1], "default(number("+m[2]+"), "+m[3]+")", 1), true
	}
	if m := dateDigits.FindStringSubmatch(msg); m != nil {
		return m[1], true // the whole line, rewritten
	}
	if m := withQuotes.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, m[1], m[2], 1), true
	}
	if m := groupedNum.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, m[1], m[2], 1), true
	}
	if m := lookalike.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, m[1], m[2], 1), true
	}
	if m := betweenWords.FindStringSubmatch(msg); m != nil {
		return regexp.MustCompile(`\b`+m[1]+`\s+`+m[2]+`\b`).ReplaceAllString(text, m[1]), true
	}
	if m := quotedSide.FindStringSubmatch(msg); m != nil {
		// the quoted side, at the end of the line, written as the hint says
		if i := strings.IndexAny(text, `'"`); i >= 0 {
			return text[:i] + m[1], true
		}
	}
	if m := bareWords.FindStringSubmatch(msg); m != nil {
		return strings.Replace(text, m[1], "'"+m[1]+"'", 1), true
	}
	if m := spaceBefore.FindStringSubmatch(msg); m != nil {
		// a word glued to the } or the quote before it: the line the
		// hint writes, with the space
		return m[2], true
	}
	if m := quoteInKey.FindStringSubmatch(msg); m != nil {
		// a key with a quote in it: the placeholder, up to the } the
		// quote took, written as the hint writes it
		i := strings.Index(text, "${")
		j := strings.IndexByte(text[max(i, 0):], '}')
		if i < 0 || j < 0 {
			return "", false
		}
		return text[:i] + m[1] + text[i+j+1:], true
	}
	if m := wholeLine.FindStringSubmatch(msg); m != nil {
		return m[1], true // the whole line, rewritten
	}
	if numberInCond.MatchString(msg) {
		// the side that is not a number: its ${X} becomes ${number(X)}
		i := strings.Index(text, "${")
		j := strings.Index(text[i:], "}")
		return text[:i] + "${number(" + text[i+2:i+j] + ")}" + text[i+j+1:], true
	}
	return "", false
}
