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
// YAML files up to MaxYAMLSize are read by yaml.v3, all of YAML, unless
// they hold only the plain subset below, which the streaming reader reads
// the same with a fraction of the memory. A larger
// one, up to MaxLargeYAMLSize, is read in one pass by a reader of a plain
// subset of YAML (mappings, lists, one-line values, quoted text and
// comments; no anchors, aliases, tags, block text or merge keys) that reads
// what it reads as yaml.v3 does and refuses the rest with the line; a 63 MiB
// list loads within ten times its size.
//
// A sheet (CSV, XLSX or JSON lines) becomes the variables rows (a list of
// dictionaries keyed by the header row, held as a value.Table: the header
// once, not a map per row) and row (one of them, the first by default; see
// Data.RowVars). OpenRows reads a sheet one row at a time with
// the same rules and bounds; Decode for a sheet is a loop over it.
//
// CSV lines may end in CR LF, LF or CR; every byte-order mark at the start
// is skipped; a header of one cell holding ';' or tabs, and text that is not
// UTF-8, are errors that say how to save the file. A record has at most
// 16,384 cells and 8 MiB, refused as soon as it passes either (a counting
// reader stands before encoding/csv, which holds a whole record).
//
// XLSX is read by this package's own streaming reader (archive/zip and an
// XML scanner of its own that reads what encoding/xml reads, in one pass),
// written for files from anywhere: the shared
// strings are read once and kept once (a cell refers to the one copy); a
// cell, and any text between elements, holds at most 32,767 characters
// (white space between elements is skipped, not held); a tag is at most
// 1 MiB, with at most 256 attributes, each once; XML nests at most 64
// deep; a number
// format code has at most 255 characters and is read once per style, only
// to show dates, times and the plain number formats (0, 0.00, #,##0.00,
// 0%) as the sheet does; `_xHHHH_` escapes are undone in one pass; every
// part is read to its end so its size and checksum are checked; rows and
// cells must come in order, each once; a shared-string index must exist.
// Every problem is an error naming the part, row or cell, and every cell is
// charged to the loader's budget before it is kept.
package data
