package conformance

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/kinenix/expressions/data"
	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/internal/spell"
	"github.com/kinenix/expressions/internal/yamlkind"
	"go.yaml.in/yaml/v3"
)

// A file of cases is checked against its shape before it is decoded into
// Go values, so that a file of the wrong shape (a list where a mapping is
// wanted, a word where a number is, a key no case has) is told in plain
// words with its file, line and case, and what to write instead, not in
// the YAML decoder's words and Go's type names. Text that is not YAML at
// all is told by package data, the one translator of yaml.v3's syntax
// errors (D45).

// shape is what one value of a file of cases must be.
type shape struct {
	kind   yaml.Kind         // 0: any value (data)
	number bool              // a scalar that is a whole number
	flag   bool              // a scalar that is true or false
	fields map[string]*shape // a mapping with these keys, or with text values when nil
	vars   bool              // with fields nil: a mapping of names to any values (data)
	oneOf  []string          // a text that is one of these
	rule   bool              // a text of D- or E-numbers (`D7`, `D20-D24 D33`)
	order  []string          // fields' keys, in the order they are listed
	item   *shape            // a list of these
	write  string            // what to write instead, for a message
}

var (
	textValue  = &shape{kind: yaml.ScalarNode, write: "a text, such as \"abc\""}
	wholeValue = &shape{kind: yaml.ScalarNode, number: true, write: "a whole number, such as 1"}
	flagValue  = &shape{kind: yaml.ScalarNode, flag: true, write: "true or false"}
	texts      = &shape{kind: yaml.SequenceNode, item: textValue, write: "a list of texts, such as [\"abc\", \"def\"]"}
	envValue   = &shape{kind: yaml.MappingNode, write: "a mapping of names to texts, such as {REGION: ap-southeast-1}"}
	dataValue  = &shape{kind: yaml.MappingNode, vars: true, write: "a mapping of the variables, such as {row: {amount: 3}}"}
	ruleValue  = &shape{kind: yaml.ScalarNode, rule: true, write: "D- or E-numbers separated by spaces, such as D7 or \"D20-D24 D33\""}
	// valueKinds are the kinds of a whole value (D5) a case may want.
	valueKinds = []string{"empty", "text", "number", "boolean", "list", "dictionary"}
	// findingKinds are the kinds of a flow's finding a case may want:
	// the error kinds, and those of warnings (README.md).
	findingKinds = append(Kinds(), "trap", "missing-key", "not-number")
)

// oneOf is a text that is one of words.
func oneOf(words []string) *shape {
	return &shape{kind: yaml.ScalarNode, oneOf: words, write: "one of " + strings.Join(words, ", ")}
}

// ruleText matches the D- and E-numbers of a rule: `D7`, `D20-D24 D33`.
var ruleText = regexp.MustCompile(`^[DE][1-9][0-9]*(-[DE][1-9][0-9]*)?( [DE][1-9][0-9]*(-[DE][1-9][0-9]*)?)*$`)

func mapping(write string, keys ...any) *shape {
	s := &shape{kind: yaml.MappingNode, fields: map[string]*shape{}, write: write}
	for i := 0; i < len(keys); i += 2 {
		s.fields[keys[i].(string)] = keys[i+1].(*shape)
		s.order = append(s.order, keys[i].(string))
	}
	return s
}

var (
	caseShape = mapping("a mapping of a case's keys, such as {template: \"${x}\", want: \"1\", rule: D1, complexity: 1, hint: ...}",
		"name", textValue, "template", textValue, "condition", textValue, "flow", textValue,
		"data", dataValue, "env", envValue,
		"limits", mapping("a mapping such as {max_steps: 100}", "max_steps", wholeValue, "max_work", wholeValue, "max_size", wholeValue),
		"want", &shape{kind: yaml.ScalarNode, write: "a text, such as \"6\" (a template's text, or \"true\" or \"false\" for a condition)"},
		"value", mapping("a mapping such as {kind: number, json: \"6\"}", "kind", oneOf(valueKinds), "json", textValue),
		"error", mapping("a mapping such as {kind: syntax, contains: [\"unclosed\"]}", "kind", oneOf(Kinds()), "contains", texts),
		"findings", &shape{kind: yaml.SequenceNode, write: "a list of findings, such as [{kind: trap, warning: true, line: 2, contains: [\"quotes\"]}]",
			item: mapping("a mapping such as {kind: trap, warning: true, line: 2, contains: [\"quotes\"]}",
				"kind", oneOf(findingKinds), "warning", flagValue, "line", wholeValue, "contains", texts)},
		"rule", ruleValue, "complexity", wholeValue, "hint", textValue)
	fileShape = mapping("a mapping with the keys data, env and cases",
		"data", dataValue, "env", envValue,
		"cases", &shape{kind: yaml.SequenceNode, item: caseShape, write: "a list of cases, each starting with `- `"})
)

// checkShape returns the error for a file of cases (name, its text b) that
// is not YAML or does not have the shape of one, or nil.
func checkShape(name string, b []byte) error {
	var root yaml.Node
	if err := yaml.Unmarshal(b, &root); err != nil {
		// data words yaml.v3's syntax errors plainly, with line and
		// column; it names the file as "data in NAME".
		if _, derr := data.Decode(name, b); derr != nil {
			return fmt.Errorf("%s: %s", name, strings.TrimPrefix(derr.Error(), "data in "+name+": "))
		}
		return fmt.Errorf("%s: not valid YAML", name)
	}
	if len(root.Content) == 0 {
		return fmt.Errorf("%s: the file is empty; write cases: and a list of cases, as conformance/README.md shows", name)
	}
	top := root.Content[0]
	if err := shapeError(name, "", "the file", top, fileShape); err != nil {
		return err
	}
	for i := 0; i+1 < len(top.Content); i += 2 {
		if top.Content[i].Value == "cases" {
			if len(top.Content[i+1].Content) == 0 {
				return fmt.Errorf("%s:%d: the file's cases are an empty list; write at least one case, starting with `- `", name, top.Content[i+1].Line)
			}
			return nil
		}
	}
	return fmt.Errorf("%s:%d: the file has no key cases; write cases: and a list of cases, as conformance/README.md shows", name, top.Line)
}

// shapeError checks node n, the value of what (a key, or "the file"),
// against s; inCase names the case n is part of.
func shapeError(file, inCase, what string, n *yaml.Node, s *shape) error {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	wrong := func() error {
		return fmt.Errorf("%s:%d: %s%s is %s; write %s", file, n.Line, inCase, what, said(n), s.write)
	}
	if s.kind == 0 || n.Kind == yaml.ScalarNode && n.Tag == "!!null" && s.kind != yaml.ScalarNode {
		return nil
	}
	if n.Kind != s.kind {
		return wrong()
	}
	switch {
	case s.number && n.Tag != "!!int", s.flag && n.Tag != "!!bool":
		return wrong()
	case s.oneOf != nil && !slices.Contains(s.oneOf, n.Value):
		msg := fmt.Sprintf("%s:%d: %s%s is %s, which is not a kind; write %s", file, n.Line, inCase, what, said(n), s.write)
		if alt, ok := spell.Closest(n.Value, s.oneOf); ok {
			msg += "; did you mean " + alt + "?"
		}
		return fmt.Errorf("%s", msg)
	case s.rule && !ruleText.MatchString(n.Value):
		return wrong()
	case s.item != nil:
		for i, it := range n.Content {
			itCase, itWhat := inCase, fmt.Sprintf("item %d of %s", i+1, what)
			if s.item == caseShape {
				itCase, itWhat = caseName(i, it), "the case"
			}
			if err := shapeError(file, itCase, itWhat, it, s.item); err != nil {
				return err
			}
		}
	case s.kind == yaml.MappingNode:
		first := map[string]int{} // D36: a key given twice is an error with its line
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			if k.Kind == yaml.ScalarNode && k.Value != "<<" {
				if line, dup := first[k.Value]; dup {
					return fmt.Errorf("%s:%d: %s%s has the key %s twice (first on line %d); keep one", file, k.Line, inCase, what, echo.Quote(k.Value), line)
				}
				first[k.Value] = k.Line
			}
			if s.vars {
				if k.Kind != yaml.ScalarNode {
					return fmt.Errorf("%s:%d: %sa key of %s is %s; write a name", file, k.Line, inCase, what, said(k))
				}
				continue // a variable's value is any data (D36)
			}
			if k.Value == "<<" && s.fields != nil {
				continue // a merge key; the decoder checks what it merges
			}
			if k.Kind != yaml.ScalarNode {
				return fmt.Errorf("%s:%d: %sa key of %s is %s; write a name", file, k.Line, inCase, what, said(k))
			}
			vs := textValue
			if s.fields != nil {
				vs = s.fields[k.Value]
				if vs == nil {
					msg := fmt.Sprintf("%s:%d: %s%s has the unknown key %s; the keys it can have are %s", file, k.Line, inCase, what, echo.Quote(k.Value), strings.Join(s.order, ", "))
					if alt, ok := spell.Closest(k.Value, s.order); ok {
						msg += "; did you mean " + alt + "?"
					}
					return fmt.Errorf("%s", msg)
				}
			}
			kWhat := echo.Text(k.Value)
			if what != "the file" && what != "the case" {
				kWhat = what + "." + kWhat
			}
			if err := shapeError(file, inCase, kWhat, v, vs); err != nil {
				return err
			}
		}
	}
	return nil
}

// caseName names case i (from 0) of a file, n its node, in a message:
// "case 3 ('its name'): ".
func caseName(i int, n *yaml.Node) string {
	if n.Kind == yaml.MappingNode {
		for j := 0; j+1 < len(n.Content); j += 2 {
			if n.Content[j].Value == "name" && n.Content[j+1].Kind == yaml.ScalarNode {
				return fmt.Sprintf("case %d (%s): ", i+1, echo.Quote(n.Content[j+1].Value))
			}
		}
	}
	return fmt.Sprintf("case %d: ", i+1)
}

// said is what a value of a file is, for a message: "a list" or "a
// mapping" as package data says it (yamlkind), "the number 5", "the text
// 'abc'".
func said(n *yaml.Node) string {
	if n.Kind != yaml.ScalarNode {
		return yamlkind.Of(n)
	}
	switch n.Tag {
	case "!!null":
		return "empty"
	case "!!int", "!!float":
		return "the number " + echo.Text(n.Value)
	case "!!bool":
		return "the value " + echo.Text(n.Value)
	}
	return "the text " + echo.Quote(n.Value)
}
