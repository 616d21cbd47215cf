// Package yamlkind names the kind of a YAML value in a flow author's
// words, for the messages of package data (a data file) and of package
// conformance (a file of cases): one rule, in one place, so that both say
// "a list" where YAML has a sequence and neither says "node" or "!!seq".
package yamlkind

import "go.yaml.in/yaml/v3"

// Of is what n is, as a message says it: "a list", "a mapping", "an
// alias", or "a single value" for any scalar (a caller that shows a
// scalar's own text words it itself).
func Of(n *yaml.Node) string {
	switch n.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.ScalarNode:
		return "a single value"
	case yaml.AliasNode:
		return "an alias"
	}
	return "a mapping"
}
