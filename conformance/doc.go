// Package conformance is the language of ${...} templates and condition
// lines as data: a suite of cases in YAML files, embedded in the package
// (Suite), and a runner that loads cases from any fs.FS (Load) and runs
// them through the public API of package eval (Compile, Render, Value,
// JSON, CompileCondition, Test) and package flow (Validate, for the
// traps of D38).
//
// Each case is a template, a condition line or a flow, its data, and what
// it must give: the rendered text, a whole value's kind and JSON (D5),
// true or false, an error of a stable kind whose message holds given
// words, or the findings of validate. Each cites the rule it pins (a D-
// or E-number), has a complexity (simple cases first) and a one-line hint
// for an implementer. The format is written out in README.md beside the
// files, so that an implementation in another language can run the same
// suite; `kinenix conformance [DIR]` runs it against this build.
//
// The package reads no file itself: Load takes an fs.FS (Suite, or
// os.DirFS of a directory of the caller's choosing).
package conformance
