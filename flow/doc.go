// Package flow checks and runs flows: Markdown files whose fields hold
// templates with ${...} placeholders and condition lines (design E8,
// decision D32). A flow is compiled once and run for a row, or over the
// rows of a whole sheet; validating and previewing are two views of the
// same run (D43).
//
//	f, err := flow.Compile("renewals.md", src) // parsed and compiled once
//	for _, fd := range f.Findings() {           // what Validate reports without data
//		fmt.Println(fd)
//	}
//	for r, err := range f.RunRows(ctx, rows) { // rows: an iter.Seq2[flow.Input, error]
//		if err != nil {
//			return err // a *StopError: the run's budget is spent or ctx is done
//		}
//		fmt.Println(r.Name()) // rows[3] (sheet row 5)
//		for _, res := range r.Results {
//			fmt.Println(res) // renewals.md:16: subject: Your policy POL-1 renews ...
//		}
//	}
//
// Run computes the fields and conditions for one set of variables, in
// file order, under one work budget for them all (D42): once it is spent,
// every later field of the row fails with it. RunRows takes the rows from
// an iterator, so a host can feed them from anywhere (a file read as a
// stream, a queue) or shard a sheet across its own workers; it runs them on
// Workers goroutines and yields the results in row order, holding only
// the rows in flight. The run has a budget too (RunBudget, by default
// RunBudgetFactor rows' worth) that the rows' work adds up to in row order,
// so the row where a run stops does not depend on the number of workers;
// past it, or when ctx is done, the run yields a *StopError that names the
// first row not run (`stopped at rows[1,204] (sheet row 1,206): the run
// needs more work than allowed`). Flow.Reads tells a host whether the flow
// reads a variable, such as rows (the whole sheet): only then need it
// hold every row.
//
// Validate and Preview are the one-call forms: Validate is what `kinenix
// validate` runs without data; Preview computes every field of a flow with
// data, and every condition with its verdict.
//
//	findings := flow.Validate("premium-report.md", src, nil)
//	for _, f := range findings {
//		fmt.Println(f) // premium-report.md:12:23: ${lenght(rows)}: unknown function lenght; did you mean len?
//	}
//
// Validate reports everything that can be known without data: syntax
// errors, forbidden constructs, unknown functions, wrong numbers of values,
// `_` names, the length and depth limits, a `${` without its `}`, and
// malformed condition lines. With sample data it also warns about lookups
// the sample does not have (naming the closest key it has), about sides of
// < > <= >= that are not numbers in the sample, and about placeholders that
// fail when evaluated with the sample.
//
// How a flow is read:
//
//   - Line by line. Lines end at "\n"; a "\r" before it is part of the line
//     end, not of the line; a "\r" alone ends no line, and Validate warns
//     about it. A byte order mark at the start of the file is
//     skipped. Columns count characters (Unicode code points; a byte that is
//     not UTF-8 counts as one, a tab as one), from 1.
//   - A placeholder opens and closes on one line: a `${` whose `}` is not on
//     the same line is reported as not closed. Within a line, placeholders
//     are found by decision D18 (quotes inside ${...} are honoured).
//   - Fenced code blocks are skipped: a line that starts, after any
//     indentation, with three or more backticks or tildes opens one, and a
//     line with at least as many of the same character and nothing else
//     closes it (or the end of the file does). They show examples, not
//     fields the engine runs. Inline code spans (`...`) are checked: the
//     text of a field is rendered whatever Markdown marks it with.
//   - A condition field is a line whose bold label is `condition`, in any
//     case: optional indentation, an optional list marker (`-`, `*`, `+` or
//     a number with `.` or `)`), then `**condition:**` or `**condition**:`
//     (`__` works as `**`). The text after the label, trimmed, is the
//     condition line; it is checked as a condition (design section 6) and its
//     placeholders as placeholders. Every other line is checked as a
//     template.
//   - A field is one line. Validate warns about a line indented under a
//     field's line, which Markdown reads as its paragraph (its text is
//     never rendered), and about a
//     line meant as a condition field that is not one (`- condition: ...`,
//     `**condition** : ...`, a misspelt label before a comparison): the
//     step would run for every row.
//
// Preview reads the fields as Fields finds them, the lines Validate reads
// as fields, with the same rules for fenced code:
//
//	results, err := flow.Preview("renewal.md", src, s, flow.PreviewOptions{Explain: true})
//	for _, r := range results {
//		fmt.Println(r) // renewal.md:6: condition: true
//	}
//
// The work is bounded: a flow larger than MaxSize is not checked (one
// finding says so), and checking stops after MaxFindings findings.
package flow
