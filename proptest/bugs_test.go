package proptest

import (
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
)

// Regression tests of library bugs this suite found. Each runs and fails
// while its bug is there: none is skipped or excused.

// Found by FuzzRender (testdata/fuzz/FuzzRender/82c8aaf208325624): a
// template without placeholders is returned whole by Render, past the
// scope's size cap, while the same text with any placeholder in it counts
// against the cap ("The result is capped at the scope's MaxSize (D17)").
func TestBugRenderCapWithoutPlaceholders(t *testing.T) {

	s := scope.New(nil, scope.WithMaxSize(64))
	for _, text := range []string{rep("0", 65), rep("0", 65) + "${", rep("0", 65) + "${x}"} {
		tpl, err := eval.Compile(text)
		require.NoError(t, err)
		out, err := tpl.Render(s)
		require.ErrorIs(t, err, eval.ErrLimit, "%q rendered %d bytes with a cap of 64", text, len(out))
	}
}

// Found by reading the messages property 2 checks: the reason of an
// arithmetic type error repeats the operand's source text, whole and
// twice, so a 450-character operand makes a reason of about 950 bytes. G6
// (research/reliability.md section 4): a message of at most 200 bytes
// that echoes at most 40 characters of the input; CheckError allows 300.
func TestBugLongOperandInReason(t *testing.T) {

	s := scope.New(map[string]any{"row": map[string]any{"list": []any{1}}})
	for _, text := range []string{
		"${'" + rep("a", 450) + "' + 1}",      // text operand: "'aaa…' is text ('aaa…'), not a number, and number(...) finds none in it"
		"${" + rep("x", 450) + " + 1}",        // empty operand: "xxx… is empty; use default(xxx…, 0)"
		"${row.k" + rep("e", 440) + " - 1}",   // empty key
		"${" + rep("row.", 110) + "list * 2}", // a list
	} {
		tpl, err := eval.Compile(text)
		require.NoError(t, err)
		_, err = tpl.Render(s)
		require.ErrorIs(t, err, eval.ErrType)
		e := err.(*eval.Error)
		require.LessOrEqual(t, len(e.Reason), MaxReason, "%.60q: reason of %d bytes: %.120q", text, len(e.Reason), e.Reason)
		require.LessOrEqual(t, utf8.RuneCountInString(e.Reason), 3*120+100, "%.60q", text) // D37: echoes cut at 120
	}
}

// D11: an index out of range is empty. A whole-number index past int64
// is refused instead, with a reason that says it is not whole.
func TestBugIndexPastInt64(t *testing.T) {

	s := scope.New(map[string]any{"list": []any{10, 20, 30}})
	for _, text := range []string{"${list[99999999999999999999999]}", "${list[-99999999999999999999999]}"} {
		tpl, err := eval.Compile(text)
		require.NoError(t, err)
		out, err := tpl.Render(s)
		require.NoError(t, err, text)
		require.Equal(t, "", out, text)
	}
}

// Design section 4 / D12 step 1 reads `env.NAME` as the environment
// variable; the implementation takes everything after `env.` as the name,
// so an expression that starts with env.NAME is never evaluated and gives
// empty, silently, and validation says nothing. Like the dotted path of
// step 2, step 1 should hold only when NAME is a name, and the text
// otherwise be parsed: ${(env.COUNT) * 2} already gives 6.
func TestBugEnvPrefixSwallowsExpression(t *testing.T) {

	s := scope.New(nil, scope.WithEnv(safetyEnv))
	for text, want := range map[string]string{
		"${(env.COUNT) * 2}": "6",
		"${env.COUNT * 2}":   "6",
		"${env.COUNT + 1}":   "4",
		"${env.HOME}/bin":    "/home/flow/bin",
		"${env.COUNT % 2}":   "1",
		"${env.HOME[0]}":     "",
	} {
		tpl, err := eval.Compile(text)
		require.NoError(t, err)
		out, err := tpl.Render(s)
		require.NoError(t, err, text)
		require.Equal(t, want, out, text)
	}
}

// D9 refuses a name or .key that starts with `_`; `${upper(env._X)}`
// follows it, but `${env._X}` alone reads the environment variable _X.
// One of the two must change; this test asks that they agree.
func TestBugEnvUnderscoreInconsistent(t *testing.T) {

	s := scope.New(nil, scope.WithEnv(safetyEnv))
	outcome := func(text string) bool {
		tpl, err := eval.Compile(text)
		require.NoError(t, err)
		_, err = tpl.Render(s)
		return err == nil
	}
	require.Equal(t, outcome("${upper(env._X)}"), outcome("${env._X}"))
}

// Found by property 2 (random pieces): the refusal of a dotted path with a
// `_` part (eval's placeholder.under) quotes the part as written: bytes
// that are not UTF-8 make the reason invalid UTF-8, and a long part makes
// it long (G6: valid UTF-8, at most 40 characters of the input echoed).
// The same input through the expression path has a valid reason, because
// the parser refuses invalid UTF-8 first.
func TestBugUnderscoreReasonEchoesRawPart(t *testing.T) {

	s := scope.New(map[string]any{"row": map[string]any{}})
	for _, text := range []string{"${_\xe0\x80}", "${row._\xff}", "${row._" + rep("a", 400) + "}"} {
		tpl, err := eval.Compile(text)
		require.NoError(t, err)
		_, rerr := tpl.Render(s)
		for _, err := range append(tpl.Problems(nil), asEvalError(rerr)...) {
			require.True(t, utf8.ValidString(err.Reason), "%.60q: %q", text, err.Reason)
			require.LessOrEqual(t, len(err.Reason), MaxReason, "%.60q: %d bytes", text, len(err.Reason))
		}
	}
}

func asEvalError(err error) []*eval.Error {
	if e, ok := err.(*eval.Error); ok {
		return []*eval.Error{e}
	}
	return nil
}

// Found by the agreement check of CheckTemplate (property 2, random
// pieces): a placeholder whose dotted path starts with a `_` part, and
// that does not parse, is refused by validation (Template.Problems: "names
// starting with _ are not allowed") whatever the data, but rendered as a
// missing lookup (empty, no error) when its first part names no variable.
// D9 refuses such names, so the run should fail as validation says; or
// validation should not report it. Either way they must agree.
func TestBugUnderscorePathValidateVsRender(t *testing.T) {

	s := scope.New(map[string]any{"row": map[string]any{}})
	for _, text := range []string{"${_my var}", "${_\u00a0}", "${__class__ x}", "${nobody._x y}"} {
		tpl, err := eval.Compile(text)
		require.NoError(t, err)
		_, rerr := tpl.Render(s)
		require.Equal(t, len(tpl.Problems(s)) > 0, rerr != nil, "%q: problems %v, render error %v", text, tpl.Problems(s), rerr)
	}
}
