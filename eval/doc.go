// Package eval compiles and evaluates the kinenix expression language:
// templates (text with ${...} placeholders) and condition lines.
//
// A placeholder is read in the order of design section 4 (decision D12):
// `env.NAME` is the environment variable; otherwise the text read as a
// dotted path (`row.First Name`) is the value when its first part names a
// variable and every part is found; otherwise the text is parsed as an
// expression and evaluated. A text that does not parse and holds no
// expression syntax is a missing lookup and gives empty.
//
//	t, err := eval.Compile("${len(packages)} packages for ${join(ok_ids, ', ')}")
//	s := scope.New(vars, scope.WithEnv(scope.AllowEnv(os.LookupEnv, "REGION")))
//	out, err := t.Render(s)
//
// Every error is an *Error: `${<text>}: <reason>`, with the position, and a
// kind for errors.Is (ErrSyntax, ErrForbidden, ErrUnknownFunction, ...).
// Compiled templates and conditions are immutable and safe for concurrent
// use; Compile and CompileCondition cache them by text.
package eval
