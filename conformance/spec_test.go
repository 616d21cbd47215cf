package conformance_test

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/kinenix/expressions/conformance"
)

var update = flag.Bool("update", false, "rewrite spec.yaml from docs/flow_markdown_spec.md")

// The spec's examples and the suite never drift: every `template` and
// `condition` example of docs/flow_markdown_spec.md is a case of
// spec.yaml, with the spec's data and environment, the same text and the
// same result (the whole message of an error), and spec.yaml holds no
// case that the spec does not. `go test ./conformance -run
// TestSpecExamplesAreCases -update` rewrites spec.yaml from the spec,
// keeping the rule, complexity and hint of every case it already has.
func TestSpecExamplesAreCases(t *testing.T) {
	src, err := os.ReadFile("../docs/flow_markdown_spec.md")
	require.NoError(t, err)
	examples, data, env, rules := specExamples(t, string(src))
	require.Greater(t, len(examples), 150)

	if *update {
		old := map[string]conformance.Case{}
		if b, err := os.ReadFile("spec.yaml"); err == nil {
			if cs, err := conformance.Parse("spec.yaml", b); err == nil {
				for _, c := range cs {
					old[caseKey(c)] = c
				}
			}
		}
		require.NoError(t, os.WriteFile("spec.yaml", writeSpec(t, examples, data, env, rules, old), 0o644))
	}

	b, err := os.ReadFile("spec.yaml")
	require.NoError(t, err)
	cases, err := conformance.Parse("spec.yaml", b)
	require.NoError(t, err)
	byText := map[string]conformance.Case{}
	for _, c := range cases {
		require.NotContains(t, byText, caseKey(c), "a case twice in spec.yaml")
		byText[caseKey(c)] = c
	}
	seen := map[string]bool{}
	for _, ex := range examples {
		c, ok := byText[ex.key()]
		if !ok && seen[ex.key()] {
			c, ok = caseOf(cases, ex.key()), true // an example the spec shows twice
		}
		require.True(t, ok, "spec line %d: %s is not a case of spec.yaml (go test ./conformance -update)", ex.line, ex.text)
		require.Equal(t, ex.cond, c.Form == "condition", "spec line %d", ex.line)
		if msg, isErr := strings.CutPrefix(ex.want, "error: "); isErr {
			require.NotNil(t, c.Error, "spec line %d: %s fails in the spec", ex.line, ex.text)
			require.Equal(t, []string{msg}, c.Error.Contains, "spec line %d", ex.line)
		} else {
			require.NotNil(t, c.Want, "spec line %d: %s", ex.line, ex.text)
			require.Equal(t, ex.result(), *c.Want, "spec line %d", ex.line)
		}
		delete(byText, ex.key())
		seen[ex.key()] = true
	}
	require.Empty(t, byText, "spec.yaml has cases that are no example of the spec")
}

// caseKey tells a template from a condition of the same text.
func caseKey(c conformance.Case) string {
	if c.Form == "condition" {
		return "condition\x00" + c.Condition
	}
	return "template\x00" + c.Template
}

func caseOf(cases []conformance.Case, key string) conformance.Case {
	for _, c := range cases {
		if caseKey(c) == key {
			return c
		}
	}
	return conformance.Case{}
}

func (e example) key() string {
	if e.cond {
		return "condition\x00" + e.text
	}
	return "template\x00" + e.text
}

type example struct {
	line       int
	section    int
	text, want string
	cond       bool
}

// result is the expected text of a template or condition example.
func (e example) result() string {
	if e.want == "(nothing)" {
		return ""
	}
	return e.want
}

var (
	sectionRe = regexp.MustCompile(`^## (\d+)\. `)
	ruleRow   = regexp.MustCompile(`^\| ([DE][\d-]+D?\d*) \|.*\| ([\d, ]+) \|$`)
)

// specExamples reads the spec's template and condition examples, its data
// block, its environment and, from its section 18, the rules of each
// section.
func specExamples(t *testing.T, src string) (out []example, data string, env map[string]string, rules map[int][]string) {
	env = map[string]string{}
	rules = map[int][]string{}
	section := 0
	var info string
	var body []string
	inBlock := false
	lines := strings.Split(src, "\n")
	for i, ln := range lines {
		if m := sectionRe.FindStringSubmatch(ln); m != nil && !inBlock {
			section, _ = strconv.Atoi(m[1])
		}
		if m := ruleRow.FindStringSubmatch(ln); m != nil && !inBlock {
			for _, s := range strings.Split(m[2], ",") {
				n, err := strconv.Atoi(strings.TrimSpace(s))
				require.NoError(t, err)
				rules[n] = append(rules[n], m[1])
			}
		}
		if strings.HasPrefix(ln, "```") {
			if !inBlock {
				inBlock, info, body = true, strings.TrimSpace(ln[3:]), nil
				continue
			}
			inBlock = false
			start := i - len(body)
			switch info {
			case "data":
				data = strings.Join(body, "\n")
			case "env":
				for _, b := range body {
					if k, v, ok := strings.Cut(b, "="); ok {
						env[k] = v
					}
				}
			case "template", "condition":
				for j, b := range body {
					if strings.TrimSpace(b) == "" {
						continue
					}
					in, want, ok := strings.Cut(b, " => ")
					require.True(t, ok, "spec line %d", start+j+1)
					out = append(out, example{line: start + j + 1, section: section, text: in, want: want, cond: info == "condition"})
				}
			}
			continue
		}
		if inBlock {
			body = append(body, ln)
		}
	}
	return out, data, env, rules
}

// writeSpec writes spec.yaml: the spec's data and environment, and a case
// for each example; the rule, complexity and hint of a case already in
// old are kept, and a new case cites the rules section 18 gives its
// section.
func writeSpec(t *testing.T, examples []example, data string, env map[string]string, rules map[int][]string, old map[string]conformance.Case) []byte {
	var b strings.Builder
	b.WriteString("# Generated from the examples of docs/flow_markdown_spec.md by\n" +
		"# `go test ./conformance -run TestSpecExamplesAreCases -update`, which keeps\n" +
		"# the rule, complexity and hint of each case; a test fails when the two differ.\n")
	b.WriteString("data:\n")
	for _, ln := range strings.Split(data, "\n") {
		b.WriteString("  " + ln + "\n")
	}
	b.WriteString("env:\n")
	keys := make([]string, 0, len(env))
	for k := range env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		b.WriteString("  " + k + ": " + yamlText(env[k]) + "\n")
	}
	b.WriteString("cases:\n")
	// the kind of an error example is what the case already says, or
	// what running it gives (the spec writes only the message)
	written := map[string]bool{}
	for _, ex := range examples {
		if written[ex.key()] {
			continue
		}
		written[ex.key()] = true
		kind := "condition"
		if !ex.cond {
			kind = "template"
		}
		fmt.Fprintf(&b, "  - %s: %s\n", kind, yamlText(ex.text))
		prev, had := old[ex.key()]
		if msg, isErr := strings.CutPrefix(ex.want, "error: "); isErr {
			k := ""
			if had && prev.Error != nil {
				k = prev.Error.Kind
			} else {
				k = runKind(t, ex, data, env)
			}
			fmt.Fprintf(&b, "    error: {kind: %s, contains: [%s]}\n", k, yamlText(msg))
		} else {
			fmt.Fprintf(&b, "    want: %s\n", yamlText(ex.result()))
		}
		rule, complexity, hint := strings.Join(rules[ex.section], " "), 10+len(ex.text)/10, fmt.Sprintf("the example of section %d of the spec", ex.section)
		if rule == "" {
			rule = "E5"
		}
		if had {
			rule, complexity, hint = prev.Rule, prev.Complexity, prev.Hint
		}
		fmt.Fprintf(&b, "    rule: %s\n    complexity: %d\n    hint: %s\n", yamlText(rule), complexity, yamlText(hint))
	}
	return []byte(b.String())
}

// runKind runs the example to learn the kind of its error.
func runKind(t *testing.T, ex example, data string, env map[string]string) string {
	c := conformance.Case{Form: "template", Template: ex.text, Data: []byte(data), Env: env, Error: &conformance.ErrorWant{Kind: "internal"}}
	if ex.cond {
		c.Template, c.Condition, c.Form = "", ex.text, "condition"
	}
	r := c.Run()
	k, _, _ := strings.Cut(r.Got, ": ")
	require.NotEmpty(t, k, "%s: %s", ex.text, r.Got)
	return k
}

// yamlText is s as one YAML scalar, quoted.
func yamlText(s string) string {
	b, err := yaml.Marshal(s)
	if err != nil {
		return strconv.Quote(s)
	}
	out := strings.TrimSuffix(string(b), "\n")
	if strings.Contains(out, "\n") || !strings.HasPrefix(out, `"`) && !strings.HasPrefix(out, "'") {
		return strconv.Quote(s)
	}
	return out
}
