package eval

import (
	"strings"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/scope"
)

// Design section 4 asks of every placeholder's text: is it `env.NAME`, a
// dotted path, or an expression? This file answers it, in one place; the
// compiler, Problems, the strict check and the inspection API read the
// answer (a reading) and ask nothing of the text again.

// reading is what the text of one placeholder can be read as.
type reading struct {
	// env is NAME for `env.NAME` (step 1); isEnv tells it from NAME "".
	env   string
	isEnv bool
	// path is the dotted-path reading (step 2), nil when the text can
	// never be one (an empty part).
	path scope.Path
	// word is true when path[0] is a name by the grammar's classes: a
	// first part that is not (`len(packages)`) rarely names a variable,
	// so the lookup of the whole path is skipped when the scope has no
	// such variable (Scope.Has, asExprUnlessName). Either way the result is
	// the same; only the work differs.
	word bool
	// plain is true when the text is a chain of plain names joined by dots
	// (`row.status`): read as a path or as an expression it is the same
	// lookup, so it is compiled without the parser.
	plain bool
	// exprSyntax is true when the text holds expression syntax
	// (parentheses, brackets, operators or quotes): a text without it that
	// does not parse is a missing lookup, not an error (D12).
	exprSyntax bool
	// keyLike is true when the text could be a dotted lookup of a key
	// written with spaces or operator words (`row.Role in Company`): at
	// least two parts, the first a name, no quotes, brackets or comparison
	// signs. Without data, such a text's syntax problems are not reported.
	keyLike bool
	// underscore is the first part of the path reading that starts with
	// `_` when the text reads as a path (its first part a name, or itself
	// a `_` name, and no quote or bracket that could hold the part inside
	// a key): refused whether or not the variable exists (E7, D9).
	underscore string
	// cutFirst and cutRest are set for a text that reads as a path of a
	// name and a key except that a `.` cuts the key (`row.Policy No.`):
	// the name and the rest after its dot.
	cutFirst, cutRest string
}

// read answers section 4's question for raw, the text inside ${...}.
func read(raw string) reading {
	var r reading
	trimmed := strings.TrimSpace(raw)
	if name, ok := strings.CutPrefix(trimmed, "env."); ok && isEnvName(name) {
		return reading{env: name, isEnv: true}
	}
	r.exprSyntax = hasExprSyntax(raw)
	r.path = scope.SplitPath(raw)
	if len(r.path) == 0 {
		// `row.Policy No.`: a path whose key a `.` cuts (an empty part)
		// can never be found, and is quietly empty (D38).
		if first, rest, ok := strings.Cut(trimmed, "."); ok && isName(first) && !r.exprSyntax {
			r.cutFirst, r.cutRest = first, rest
		}
		return r
	}
	r.word = ast.IsName(r.path[0])
	first := strings.TrimSpace(r.path[0])
	r.plain = !strings.ContainsAny(trimmed, " \t\r\n") && first != "env" && !isKeyword(first)
	for _, part := range r.path {
		r.plain = r.plain && isName(part)
	}
	r.keyLike = len(r.path) >= 2 && isName(first) && !strings.ContainsAny(raw, "'\"[]{}=<>!")
	if r.keyLike && !r.exprSyntax {
		// `row.No. of items`: a key part that starts with white space
		// follows a `.` that is most likely the key's own (an
		// abbreviation), which cuts the path as in `row.Policy No.` (D38).
		for _, part := range r.path[1:] {
			if part != "" && (part[0] == ' ' || part[0] == '\t') {
				_, rest, _ := strings.Cut(trimmed, ".")
				r.cutFirst, r.cutRest = first, strings.TrimSpace(rest)
				break
			}
		}
	}
	if strings.ContainsAny(raw, "'\"[]") || !(isName(first) || strings.HasPrefix(first, "_")) {
		return r
	}
	if part, bad := r.path.Underscore(); bad {
		r.underscore = part
	}
	return r
}

// hasExprSyntax reports whether text holds expression syntax: parentheses,
// brackets, operators or quotes (design section 4, D12). A `,`, a `:` and
// a `!` are none (delimiters of the Python the design names, and `!=`
// holds `=`): `${row.Time: Start}` and `${Dear John,}` that do not parse
// are missing lookups, empty, as before expressions (E1).
func hasExprSyntax(text string) bool {
	return strings.ContainsAny(text, "()[]{}+-*/%=<>'\"&|^~@")
}

// isEnvName reports whether name can be the NAME of `env.NAME`: not empty,
// without white space, a dot, expression syntax or a leading `_`.
// Anything else is parsed as an expression, so ${env.COUNT * 2} multiplies.
func isEnvName(name string) bool {
	return name != "" && !strings.HasPrefix(name, "_") &&
		!hasExprSyntax(name) && !strings.ContainsAny(name, " \t\r\n.")
}

func isKeyword(s string) bool { return ast.IsKeyword(s) }

// isName reports whether s is an identifier by the grammar's classes (D9)
// that does not start with `_`.
func isName(s string) bool { return ast.IsName(s) && !ast.StartsWithUnderscore(s) }
