package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"go.yaml.in/yaml/v3"
)

// maxDataSize caps a data file; flows read spreadsheets and forms, not
// databases.
const maxDataSize = 64 << 20

// loadData reads the variables from a JSON or YAML file ("-" is stdin).
// Numbers keep their exact decimal text (D2): JSON through UseNumber, YAML
// by reading its scalars as written.
func loadData(path string, stdin io.Reader) (map[string]any, error) {
	var r io.Reader
	name := path
	if path == "-" {
		r, name = stdin, "standard input"
	} else {
		f, err := os.Open(path)
		if err != nil {
			if errors.Is(err, os.ErrNotExist) {
				return nil, fmt.Errorf("data file %s does not exist", path)
			}
			return nil, fmt.Errorf("cannot read data file %s", path)
		}
		defer f.Close()
		r = f
	}
	b, err := io.ReadAll(io.LimitReader(r, maxDataSize+1))
	if err != nil {
		return nil, fmt.Errorf("cannot read data from %s", name)
	}
	if len(b) > maxDataSize {
		return nil, fmt.Errorf("data in %s is larger than %d MiB", name, maxDataSize>>20)
	}
	vars, err := decodeData(b)
	if err != nil {
		return nil, fmt.Errorf("data in %s: %v", name, err)
	}
	return vars, nil
}

// decodeData decodes JSON (when the text starts with `{`) or YAML into a
// mapping of variable names to values.
func decodeData(b []byte) (map[string]any, error) {
	trimmed := bytes.TrimSpace(b)
	if len(trimmed) == 0 {
		return map[string]any{}, nil
	}
	if trimmed[0] == '{' {
		dec := json.NewDecoder(bytes.NewReader(trimmed))
		dec.UseNumber()
		var v any
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("not valid JSON: %v", jsonReason(err))
		}
		if dec.More() {
			return nil, errors.New("not valid JSON: more text after the data")
		}
		m, ok := v.(map[string]any)
		if !ok {
			return nil, errors.New("the top level must be a mapping of names to values")
		}
		return m, nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, fmt.Errorf("not valid YAML or JSON: %v", err)
	}
	if len(doc.Content) == 0 {
		return map[string]any{}, nil
	}
	v, err := fromYAML(doc.Content[0], 0)
	if err != nil {
		return nil, err
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New("the top level must be a mapping of names to values")
	}
	return m, nil
}

func jsonReason(err error) string {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return fmt.Sprintf("%v (at byte %d)", se, se.Offset)
	}
	return err.Error()
}

const maxYAMLDepth = 1000

// fromYAML turns a YAML node into maps, slices and scalars. Numbers stay
// exact as json.Number; aliases are followed to a bounded depth, so an
// alias bomb or a cycle cannot run away.
func fromYAML(n *yaml.Node, depth int) (any, error) {
	if depth > maxYAMLDepth {
		return nil, errors.New("data is nested too deeply")
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return fromYAML(n.Content[0], depth+1)
	case yaml.AliasNode:
		return fromYAML(n.Alias, depth+1)
	case yaml.MappingNode:
		m := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("line %d: a key must be text", k.Line)
			}
			v, err := fromYAML(n.Content[i+1], depth+1)
			if err != nil {
				return nil, err
			}
			m[k.Value] = v
		}
		return m, nil
	case yaml.SequenceNode:
		s := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := fromYAML(c, depth+1)
			if err != nil {
				return nil, err
			}
			s = append(s, v)
		}
		return s, nil
	case yaml.ScalarNode:
		switch n.Tag {
		case "!!null":
			return nil, nil
		case "!!bool":
			var b bool
			if err := n.Decode(&b); err != nil {
				return n.Value, nil
			}
			return b, nil
		case "!!int", "!!float":
			if isDecimal(n.Value) {
				return json.Number(strings.TrimPrefix(n.Value, "+")), nil
			}
			return n.Value, nil // 0x10, .inf, 1_000: kept as the text written
		}
		return n.Value, nil
	}
	return nil, fmt.Errorf("line %d: unsupported YAML", n.Line)
}

// isDecimal reports whether s is a plain decimal number: sign, digits, and
// optionally a point and digits.
func isDecimal(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		i++
	}
	digits := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
			digits++
		}
	}
	return digits > 0 && i == len(s)
}
