// Package expressions is kinenix expressions: a small, safe expression
// language for automation flows written in Markdown, as a Go library and
// the kinenix command.
//
// A flow's fields hold text with ${...} placeholders, and its condition
// lines compare values:
//
//   - **subject:** ${len(packages)} packages for ${join(ok_ids, ', ')}
//   - **condition:** ${row.status} == Active and ${row.amount} > 0
//
// The packages, from the one a host starts with:
//
//   - eval compiles templates and conditions (Compile, CompileCondition,
//     with the Strict option to get every problem at once) and evaluates
//     them (Render, Value, Test, Explain, and their Context forms), with
//     one error type, *eval.Error, that names the expression and the
//     reason;
//   - scope holds what an evaluation reads: the host's data (maps,
//     slices and scalars only), the environment through a function the
//     host passes in (scope.AllowEnv keeps it to named variables), and
//     the limits: the size cap of a built text and the work budget of one
//     evaluation;
//   - value is the value model: exact decimal numbers, how values are
//     shown, compared, and turned back into Go data (Value.Any);
//   - funcs is the whitelist of functions, one table that the engine,
//     validation and the docs read;
//   - flow checks and previews whole Markdown flows (kinenix validate,
//     kinenix preview);
//   - data reads data files (JSON, YAML, CSV, XLSX, JSON lines) into host
//     data within bounds set by their size.
//
// Nothing written in a flow or its data can run code, read the host, or
// take the process down: the library reads host data only as maps, slices
// and scalars, and every limit is checked before the work is done. The
// rules of the language, numbered as the code cites them (D1-D49, E1-E8),
// are in docs/flow_markdown_spec.md.
package expressions
