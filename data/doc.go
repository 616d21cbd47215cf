// Package data reads the data files flows run on: JSON, YAML, CSV and XLSX,
// given as bytes (it opens no file), into plain host data that
// eval and scope take as variables.
//
// The loader is bounded by construction (D36): a file of N bytes builds at
// most the order of N values (a YAML alias is shared, never copied), nesting
// is bounded, and everything a reader could change silently is an error
// with its position instead: duplicate keys, a second YAML document,
// invalid UTF-8, a tag that contradicts its text. The full rules are in
// docs/flow_markdown_spec.md, "Data files".
//
// YAML files up to MaxYAMLSize are read by yaml.v3, all of YAML. A larger
// one, up to MaxLargeYAMLSize, is read in one pass by a reader of a plain
// subset of YAML (mappings, lists, one-line values, quoted text and
// comments; no anchors, aliases, tags, block text or merge keys) that reads
// what it reads as yaml.v3 does and refuses the rest with the line; a 63 MiB
// list loads within ten times its size.
//
// A sheet (CSV or XLSX) becomes the variables rows (a list of dictionaries
// keyed by the header row) and row (one of them, the first by default; see
// Data.RowVars).
package data
