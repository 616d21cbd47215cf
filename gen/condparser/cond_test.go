package condparser

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
	"github.com/kinenix/expressions/gen/internal/condgen"
)

// show prints a condition tree for test expectations: a side as its Text in
// Go quotes (q"..." when it was quoted), a comparison as `L op R`, a part
// that is a single ${...} as its side alone, `not X`, and `(X and Y)`.
func show(c ast.Cond) string {
	var b strings.Builder
	writeCond(&b, c)
	return b.String()
}

func writeCond(b *strings.Builder, c ast.Cond) {
	switch c := c.(type) {
	case *ast.BoolCond:
		b.WriteString("(")
		writeCond(b, c.X)
		b.WriteString(" " + c.Op.String() + " ")
		writeCond(b, c.Y)
		b.WriteString(")")
	case *ast.NotCond:
		b.WriteString("not ")
		writeCond(b, c.X)
	case *ast.Comparison:
		writeSide(b, c.Left)
		b.WriteString(" " + c.Op.String())
		if c.Right != nil {
			b.WriteString(" ")
			writeSide(b, c.Right)
		}
	case *ast.Truth:
		writeSide(b, c.X)
	default:
		b.WriteString("?")
	}
}

func writeSide(b *strings.Builder, s *ast.Side) {
	if s.Quoted {
		b.WriteString("q")
	}
	b.WriteString(strconv.Quote(s.Text))
}

// condCase is a line that parses, and the tree it gives (printed by show).
type condCase struct {
	line string
	want string
}

// errCase is a line that fails, with the reason and the offset.
type errCase struct {
	line   string
	reason string
	offset int
}

// Design section 6 and the brief's examples (D25, D26, D29, D31).
var section6Cases = []condCase{
	{"${row.status} == Active and ${row.amount} > 0", `("${row.status}" == "Active" and "${row.amount}" > "0")`},
	{"${brand} is empty or ${model} is empty", `("${brand}" is empty or "${model}" is empty)`},
	{"not ${row.note} contains skip", `not "${row.note}" contains "skip"`},
	{"${company} == Johnson and Johnson", `"${company}" == "Johnson and Johnson"`},
	{"${company} == 'Johnson and Johnson'", `"${company}" == q"Johnson and Johnson"`},
	{"${s} in Active, Pending", `"${s}" in "Active, Pending"`},
	{"${row.enabled}", `"${row.enabled}"`},
}

// D31: split at and / or only when every part is a condition.
var splitCases = []condCase{
	{"${a} == x and ${b} > 0", `("${a}" == "x" and "${b}" > "0")`},
	{"${a} == x or ${b}", `("${a}" == "x" or "${b}")`},
	{"${a} and ${b}", `("${a}" and "${b}")`},
	{"${company} == Johnson and Johnson", `"${company}" == "Johnson and Johnson"`},
	{"${x} == rock or roll", `"${x}" == "rock or roll"`},
	{"${title} == War and Peace or ${x} > 1", `"${title}" == "War and Peace or ${x} > 1"`},
	{"${a} == x and ${b} > 0 and Johnson", `"${a}" == "x and ${b} > 0 and Johnson"`},
	{"Johnson and ${x} == 1", `"Johnson and ${x}" == "1"`},
	{"not ${company} == Johnson and Johnson", `not "${company}" == "Johnson and Johnson"`},
	{"${company} == 'Johnson and Johnson' and ${x} > 1", `("${company}" == q"Johnson and Johnson" and "${x}" > "1")`},
	{`${company} == "Johnson or Johnson" or ${x}`, `("${company}" == q"Johnson or Johnson" or "${x}")`},
	{"'a and b' == ${x}", `q"a and b" == "${x}"`},
	{"${row.Role and Company} == x", `"${row.Role and Company}" == "x"`},
	{"${a} == ${f('x and ${b} > 1')} and ${c}", `("${a}" == "${f('x and ${b} > 1')}" and "${c}")`},
	{"${a} == x AND ${b} == y", `("${a}" == "x" and "${b}" == "y")`},
	{"${a} == x Or ${b} == y", `("${a}" == "x" or "${b}" == "y")`},
	{"${a} == sand and ${b} == oregano", `("${a}" == "sand" and "${b}" == "oregano")`},
	{"${a} == x andy ${b}", `"${a}" == "x andy ${b}"`},
	{"${a} == x\tand\t${b} == y", `("${a}" == "x" and "${b}" == "y")`},
	{"${a} == x\u00a0and\u00a0${b} == y", `("${a}" == "x" and "${b}" == "y")`},
	{"${a} == x   and   ${b} == y", `("${a}" == "x" and "${b}" == "y")`},
	{"${a}and ${b} == y", `"${a}and ${b}" == "y"`},
	{"${a} == not and ${b} == y", `("${a}" == "not" and "${b}" == "y")`},
	{"${a} == x and not ${b} == y", `("${a}" == "x" and not "${b}" == "y")`},
	{"${a} == x and not ${b}", `("${a}" == "x" and not "${b}")`},
	{"${a} == to be or not to be", `"${a}" == "to be or not to be"`},
}

// D31: and binds tighter than or; both group to the left.
var precedenceCases = []condCase{
	{"${a} or ${b} and ${c}", `("${a}" or ("${b}" and "${c}"))`},
	{"${a} and ${b} or ${c}", `(("${a}" and "${b}") or "${c}")`},
	{"${a} and ${b} and ${c}", `(("${a}" and "${b}") and "${c}")`},
	{"${a} or ${b} or ${c}", `(("${a}" or "${b}") or "${c}")`},
	{"${a} or ${b} and ${c} or ${d}", `(("${a}" or ("${b}" and "${c}")) or "${d}")`},
	{"${a} and ${b} or ${c} and ${d}", `(("${a}" and "${b}") or ("${c}" and "${d}"))`},
	{"not ${a} or not ${b} and ${c}", `(not "${a}" or (not "${b}" and "${c}"))`},
}

// D25: not applies to one comparison or a single ${...}.
var notCases = []condCase{
	{"not ${a}", `not "${a}"`},
	{"NOT ${a}", `not "${a}"`},
	{"not   ${a} == 1", `not "${a}" == "1"`},
	{"not ${a} is empty", `not "${a}" is empty`},
	{"not 'x' in ${list}", `not q"x" in "${list}"`},
	{"nothing == ${a}", `"nothing" == "${a}"`},
	{"${a} == not", `"${a}" == "not"`},
}

// D25: every operator, its spelling and spacing.
var operatorCases = []condCase{
	{"${a} == 1", `"${a}" == "1"`},
	{"${a} != 1", `"${a}" != "1"`},
	{"${a} < 1", `"${a}" < "1"`},
	{"${a} > 1", `"${a}" > "1"`},
	{"${a} <= 1", `"${a}" <= "1"`},
	{"${a} >= 1", `"${a}" >= "1"`},
	{"${a} in x, y", `"${a}" in "x, y"`},
	{"${a} contains x", `"${a}" contains "x"`},
	{"${a} is empty", `"${a}" is empty`},
	{"${a} is not empty", `"${a}" is not empty`},
	{"${a}==1", `"${a}" == "1"`},
	{"${a}!=${b}", `"${a}" != "${b}"`},
	{"${a}<=1", `"${a}" <= "1"`},
	{"${a} IN x", `"${a}" in "x"`},
	{"${a} Contains x", `"${a}" contains "x"`},
	{"${a} IS EMPTY", `"${a}" is empty`},
	{"${a} is  not \t empty", `"${a}" is not empty`},
	{"${a} == x == y", `"${a}" == "x == y"`},
	{"${a} contains <b> and ${b} == c", `("${a}" contains "<b>" and "${b}" == "c")`},
	{"${a} == in", `"${a}" == "in"`},
	{"${a} contains is empty", `"${a}" contains "is empty"`},
	{"Made in Thailand == ${origin}", `"Made" in "Thailand == ${origin}"`},
	{"${a}in x == y", `"${a}in x" == "y"`},
	{"${a} inside == y", `"${a} inside" == "y"`},
	{"${a} is emptyish == y", `"${a} is emptyish" == "y"`},
	{"Hi! == ${a}", `"Hi!" == "${a}"`},
	{"${a} == Hi!", `"${a}" == "Hi!"`},
}

// D26 and D18: sides, quoted text, placeholders.
var sideCases = []condCase{
	{"  ${a}   ==   some text  ", `"${a}" == "some text"`},
	{"${a} == ''", `"${a}" == q""`},
	{`${a} == " padded "`, `"${a}" == q" padded "`},
	{"'a == b' == x", `q"a == b" == "x"`},
	{"${a == b}", `"${a == b}"`},
	{"${replace(x, '}', ')')} == y", `"${replace(x, '}', ')')}" == "y"`},
	{`${replace(x, "}", "\"}")} == y`, `"${replace(x, \"}\", \"\\\"}\")}" == "y"`},
	{`${f('it\'s }')}`, `"${f('it\\'s }')}"`},
	{"${(a + b} == 1", `"${(a + b}" == "1"`},
	{"'${a}' == x", `q"${a}" == "x"`},
	{`'${f("'")}' == x`, `q"${f(\"'\")}" == "x"`},
	{"${name} == O'Brien", `"${name}" == "O'Brien"`},
	{`${size} == 5'11"`, `"${size}" == "5'11\""`},
	{"${first} ${last} == John Smith", `"${first} ${last}" == "John Smith"`},
	{"${a} == $5", `"${a}" == "$5"`},
	{"$$ == ${a} $", `"$$" == "${a} $"`},
	{"${a} == {x} }", `"${a}" == "{x} }"`},
	{"${a} in ${list}", `"${a}" in "${list}"`},
	{"${ลูกค้า} == บาท", `"${ลูกค้า}" == "บาท"`},
	{"${a} == x\n", `"${a}" == "x"`},
	{"  ${a}  ", `"${a}"`},
}

var condTables = map[string][]condCase{
	"section6":   section6Cases,
	"split":      splitCases,
	"precedence": precedenceCases,
	"not":        notCases,
	"operators":  operatorCases,
	"sides":      sideCases,
}

func TestParseCond(t *testing.T) {
	for name, table := range condTables {
		t.Run(name, func(t *testing.T) {
			for _, tc := range table {
				c, err := ParseCond(tc.line)
				require.NoError(t, err, "%q", tc.line)
				require.Equal(t, tc.want, show(c), "%q", tc.line)
			}
		})
	}
}

// D31 and the brief: each kind of malformed line, with its reason and the
// byte offset it points at.
var errCases = []errCase{
	// Not a condition (D31).
	{"Active", "not a condition: 'Active'" + notCondHint, 0},
	{"  Active", "not a condition: 'Active'" + notCondHint, 2},
	{"Johnson and Johnson", "not a condition: 'Johnson and Johnson'" + notCondHint, 0},
	{"${a} and Johnson", "not a condition: 'Johnson'" + notCondHint, 9},
	{"${a} and Johnson and ${b}", "not a condition: 'Johnson'" + notCondHint, 9},
	{"Johnson or not ${a}", "not a condition: 'Johnson'" + notCondHint, 0},
	{"${a} ${b}", "not a condition: '${a} ${b}'" + notCondHint, 0},
	{"${a}x", "not a condition: '${a}x'" + notCondHint, 0},
	// A word operator glued to a } is text (words need white space on
	// both sides); the hint names the space and the line with it (D49).
	{"${s}contains x", "not a condition: '${s}contains x' (the word 'contains' is an operator only with white space on both sides); write a space before contains: ${s} contains x", 4},
	{"${s}in a, b", "not a condition: '${s}in a, b' (the word 'in' is an operator only with white space on both sides); write a space before in: ${s} in a, b", 4},
	{"not ${s}IN a, b", "not a condition: 'not ${s}IN a, b' (the word 'IN' is an operator only with white space on both sides); write a space before IN: not ${s} IN a, b", 8},
	{"${s}is empty", "not a condition: '${s}is empty' (the word 'is' is an operator only with white space on both sides); write a space before is: ${s} is empty", 4},
	{"${s}contains x and ${a}in 1, 5", "not a condition: '${s}contains x and ${a}in 1, 5' (the word 'contains' is an operator only with white space on both sides); write a space before contains: ${s} contains x and ${a} in 1, 5", 4},
	// and / or / not glued to the } before them or the ${ after them are
	// text too: the same hint, with the side the space goes on.
	{"${t}and ${u}", "not a condition: '${t}and ${u}' (the word 'and' is an operator only with white space on both sides); write a space before and: ${t} and ${u}", 4},
	{"${t} OR${u}", "not a condition: '${t} OR${u}' (the word 'OR' is an operator only with white space on both sides); write a space after OR: ${t} OR ${u}", 5},
	{"${t}and${u}", "not a condition: '${t}and${u}' (the word 'and' is an operator only with white space on both sides); write a space before and after and: ${t} and ${u}", 4},
	{"not${t}", "not a condition: 'not${t}' (the word 'not' is an operator only with white space on both sides); write a space after not: not ${t}", 0},
	{"${s}in", "not a condition: '${s}in'" + notCondHint, 0},     // the space gives no condition: no hint
	{"${s}inch", "not a condition: '${s}inch'" + notCondHint, 0}, // no word
	{"not not ${a}", "not a condition: 'not not ${a}'" + notCondHint, 0},
	{"'a == b'", `not a condition: "'a == b'"` + notCondHint, 0},
	// a word that is no operator after a placeholder: is and equals
	// compare (D49: the line written with == is a condition)
	{"${x} is null", "not a condition: '${x} is null'; there is no null: write ${x} is empty", 0},
	{"${x} is not None", "not a condition: '${x} is not None'; there is no None: write ${x} is not empty", 0},
	{"${s} is Due", "not a condition: '${s} is Due'; to compare, write == instead of is: ${s} == Due", 0},
	{"${s} IS NOT Paid", "not a condition: '${s} IS NOT Paid'; to compare, write != instead of IS NOT: ${s} != Paid", 0},
	{"${s} equals 'Due'", "not a condition: \"${s} equals 'Due'\"; to compare, write == instead of equals: ${s} == 'Due'", 0},
	{"${n} between 1 and 5", "not a condition: '${n} between 1 and 5'; 'between' is not an operator: " + operators, 0},
	{"${s} ends with .th", "not a condition: '${s} ends with .th'; 'ends' is not an operator: " + operators, 0},
	{"${s} is", "not a condition: '${s} is'" + notCondHint, 0},
	{"${s} คือ ค้างชำระ", "not a condition: '${s} คือ ค้างชำระ'; 'คือ' is not an operator: " + operators, 0}, // Thai vowels are marks of the word
	{"${x}contains y", "not a condition: '${x}contains y' (the word 'contains' is an operator only with white space on both sides); write a space before contains: ${x} contains y", 4},
	{"contains y", "not a condition: 'contains y'" + notCondHint, 0},
	{strings.Repeat("x", 50), "not a condition: '" + strings.Repeat("x", 39) + "…'" + notCondHint, 0}, // D37: 40 characters, … included
	// Nothing to check.
	{"", "the condition is empty", 0},
	{" \t ", "the condition is empty", 0},
	// Dangling and / or / not.
	{"${a} == x and", "nothing after 'and'", 10},
	{"${a} == x OR ", "nothing after 'OR'", 10},
	{"and ${a} == x", "nothing before 'and'", 0},
	{"  or ${a}", "nothing before 'or'", 2},
	{"${a} and or ${b}", "no condition between 'and' and 'or'; write one between them, or remove one of the two", 5},
	{"${x} == hello and and ${a}", "no condition between 'and' and 'and'; write one between them, or remove one of the two", 14},
	{"not AND ${a}", "no condition between 'not' and 'AND'; write one between them, or remove one of the two", 0},
	{"and", "nothing before 'and'", 0},
	{"and and and", "nothing before 'and'", 0},
	{"not", "nothing after 'not'", 0},
	{"${a} == 1 and not", "nothing after 'not'", 14},
	{"not and ${a}", "no condition between 'not' and 'and'; write one between them, or remove one of the two", 0},
	// Empty sides.
	{"== x", "== needs a value on its left", 0},
	{"${a} == 1 and  < 2", "< needs a value on its left", 15},
	{"${x} ==", "== needs a value on its right", 5},
	{"${x} == and ${y} > 1", "== needs a value on its right", 5},
	{"${x} in", "in needs a value on its right", 5},
	{"${x} contains   ", "contains needs a value on its right", 5},
	{"${x} is empty now", "is empty takes no value on its right", 14},
	{"${x} is not empty 'x'", "is not empty takes no value on its right", 18},
	// Unknown operators.
	{"${a} = 1", "unknown operator =; did you mean ==?", 5},
	{"${a} =< 1", "unknown operator =<; did you mean <=?", 5},
	{"${a} => 1", "unknown operator =>; did you mean >=?", 5},
	{"${a} === 1", "unknown operator ===; did you mean ==?", 5},
	{"${a} !== 1", "unknown operator !==; did you mean !=?", 5},
	{"${a} <> 1", "unknown operator <>; did you mean !=?", 5},
	{"${a} << 1", "unknown operator <<; use ==, !=, <, >, <= or >=", 5},
	{"${a}=1", "unknown operator =; did you mean ==?", 4},
	{"${a} not in x, y", "unknown operator not in; put not at the start instead: not X in Y", 5},
	{"${a} NOT  contains x", "unknown operator not contains; put not at the start instead: not X contains Y", 5},
	{"a=b == ${x}", "unknown operator =; did you mean ==?", 1},
	{"${a} == 1 and ${b} = 2", "unknown operator =; did you mean ==?", 19},
	// An operator written twice: the second is not text of the right
	// side (`== b` would be compared, quietly false), and the fix writes
	// it once (D49); two different ones name no fix (`< =` may mean < or
	// <=). A ! before a value is D44's trap, not an operator.
	{"${a} == == b", "== is written twice; write it once: ${a} == b", 8},
	{"${a} < < b", "< is written twice; write it once: ${a} < b", 7},
	{"${a}  !=  != b c", "!= is written twice; write it once: ${a}  !=  b c", 10},
	{"${a} >= >=\t5 and ${b} == 1", ">= is written twice; write it once: ${a} >= 5 and ${b} == 1", 8},
	{"not ${a} == == b", "== is written twice; write it once: not ${a} == b", 12},
	{"${x} == 1 and ${a} == == b", "== is written twice; write it once: ${x} == 1 and ${a} == b", 22},
	{"${a} == = b", "two operators one after the other, == and =; write only the one you mean", 8},
	{"${a} < <= b", "two operators one after the other, < and <=; write only the one you mean", 7},
	{"${a} == ==", "== is written twice, and no value follows it", 8},
	// write, never == for a "not equal" (F3, D49).
	{"${x} ~= a", `unknown operator ~=; for "not equal" write !=; to test for part of a text write contains (` + operators + ")", 5},
	{"${x}~=a", `unknown operator ~=; for "not equal" write !=; to test for part of a text write contains (` + operators + ")", 4},
	{"${x} =~ a", "unknown operator =~; there is no pattern match: to test for part of a text write contains (" + operators + ")", 5},
	{"${x} !~ a", "unknown operator !~; there is no pattern match: to test that a text does not hold another, write not X contains Y (" + operators + ")", 5},
	{"${x} ≠ a", "unknown operator ≠; write != instead", 5},
	{"${x} ≥ 3 and ${y}", "unknown operator ≥; write >= instead", 5},
	{"${x} ⩾ 3", "unknown operator ⩾; write >= instead", 5},
	{"${x} ≧ 3", "unknown operator ≧; write >= instead", 5},
	{"${x} ⩽ 3", "unknown operator ⩽; write <= instead", 5},
	{"${x} ≦ 3", "unknown operator ≦; write <= instead", 5},
	// Full-width signs, as an input method of Chinese, Japanese or Thai
	// types them: each named with the sign to write.
	{"${x} ＞ 3", "unknown operator ＞; ＞ is a full-width sign; write > instead", 5},
	{"${x} ＜ 3 and ${y}", "unknown operator ＜; ＜ is a full-width sign; write < instead", 5},
	{"${x} ＝＝ a", "unknown operator ＝＝; ＝ is a full-width sign; write == instead", 5},
	{"${x} ＝ a", "unknown operator ＝; ＝ is a full-width sign; write == instead", 5},
	{"${x}＞＝3", "unknown operator ＞＝; ＞＝ are full-width signs; write >= instead", 4},
	{"${x} ＜＝ 3", "unknown operator ＜＝; ＜＝ are full-width signs; write <= instead", 5},
	{"${x} ！＝ a", "unknown operator ！＝; ！＝ are full-width signs; write != instead", 5},
	{"${x} ~ abc", "unknown operator ~; there is no ~: to test for part of a text write contains (the operators are ==, !=, <, >, <=, >=, in, contains, is empty and is not empty)", 5},
	{"${y} and ${x}≤3", "unknown operator ≤; write <= instead", 13},
	// Unclosed ${ (D18).
	// The part from the ${ on is named, with the fix (D16, as a field's).
	{"${a", "'${a': ${ is not closed; add the closing }", 0},
	{"${a} == ${b", "'${b': ${ is not closed; add the closing }", 8},
	{"${a} == x and ${b", "'${b': ${ is not closed; add the closing }", 14},
	{"'${a' == x", `"${a' == x": ${ is not closed: the quote ' in it is not closed, so the } after it is taken as text; add the closing ' where the text ends`, 1},
	{"${f('}) == x", `"${f('}) == x": ${ is not closed: the quote ' in it is not closed, so the } after it is taken as text; add the closing ' where the text ends`, 0},
	{`${f("}") == x`, `'${f("}") == x': ${ is not closed; add the closing }`, 0},
	{`${f("}) == x`, `'${f("}) == x': ${ is not closed: the quote " in it is not closed, so the } after it is taken as text; add the closing " where the text ends`, 0},
	{`${f('\'}) == x`, `"${f('\'}) == x": ${ is not closed: the quote ' in it is not closed, so the } after it is taken as text; add the closing ' where the text ends`, 0},
	// An apostrophe in a key: the fix reads the key in brackets (D49).
	{"${row.O'Brien} == x", `"${row.O'Brien} == x": ${ is not closed: the quote ' in it is not closed, so the } after it is taken as text; for a key with ' in it, write ${row['O\'Brien']}`, 0},
	// Quotes (D26).
	{"${a} == 'abc", "quote ' is not closed in \"'abc\"; add the closing ' after the text: 'abc'", 8},
	{`${a} == "abc`, `quote " is not closed in '"abc'; add the closing " after the text: "abc"`, 8},
	{"${q} contains '", "quote ' is not closed; write the text between two quotes, like 'text', or '' for the empty text", 14},
	{"'abc == ${a}", "quote ' is not closed in \"'abc == ${a}\"; add the closing ' where the text ends", 0},
	{"${a} == 'x and ${b} > 1", "quote ' is not closed in \"'x and ${b} > 1\"; add the closing ' where the text ends", 8},
	{"${a} == 'abc' d", "text after the closing quote: 'd'; put the whole text inside the quotes: 'abc d'", 14},
	{"${x} == 'hel'lo", "text after the closing quote: 'lo'; to write ' in quoted text, quote it with \" instead: \"hel'lo\"", 13},
	{"${x} == 'hello' 'x'", "text after the closing quote: \"'x'\"; put the text inside one pair of quotes, or to test for one of several values, write in and a comma between them: X in 'hello', 'x'", 16},
	{"'a' b == ${x}", "text after the closing quote: 'b == ${x}'; put the whole text inside the quotes", 4},
	{"${a} == 'x' 'y'", "text after the closing quote: \"'y'\"; put the text inside one pair of quotes, or to test for one of several values, write in and a comma between them: X in 'x', 'y'", 12},
	{"${a} == 'x' && ${b} > 0", "text after the closing quote: '&& ${b} > 0'; '&&' does not join the parts of a condition (and does)", 12},
	{`${a} == "x"|| ${b}`, "text after the closing quote: '|| ${b}'; '||' does not join the parts of a condition (or does)", 11},
	{"${a} == 'x';", "text after the closing quote: ';'; ';' is not part of a condition: leave it out", 11},
	{"${a} == 'x' or 'y'", "text after the closing quote: \"or 'y'\"; to test for one of several values, write in instead of == and or: ${a} in 'x', 'y'", 12},
	{`${a} == "x" or "y" OR 'z'`, `text after the closing quote: 'or "y" OR 'z''; to test for one of several values, write in instead of == and or: ${a} in "x", "y", 'z'`, 12},
	{"${a} == 'x' or 'y' and ${b}", "text after the closing quote: \"or 'y' and ${b}\"; after or write a condition, like ${x} == yes, or to compare with the whole text, put it inside the quotes", 12},
	{`${e} contains "@" == false`, `text after the closing quote: '== false'; a part is true or false already, and is not compared again: write not ${e} contains "@"`, 18},
	{`${e} contains '@' != false`, `text after the closing quote: '!= false'; a part is true or false already, and is not compared again: write ${e} contains '@'`, 18},
	{`${a} == 1 and ${e} contains '@' == TRUE`, `text after the closing quote: '== TRUE'; a part is true or false already, and is not compared again: write not before it for its opposite`, 32},
	{"${a} == 'x' and Johnson", "text after the closing quote: 'and Johnson'; after and write a condition, like ${x} == yes, or to compare with the whole text, put it inside the quotes", 12},
	{"${a} == 'it''s'", `text after the closing quote: "'s'"; to write ' in quoted text, quote it with " instead: "it's"`, 12},
	{"${x} == 'O'Brien'", `text after the closing quote: "Brien'"; to write ' in quoted text, quote it with " instead: "O'Brien"`, 11},
	// A condition's quotes have no escapes (D26): the \ of \' is left out
	// of the text to write, which would compare it (D49).
	{`${a} == 'it\'s'`, `text after the closing quote: "s'"; to write ' in quoted text, quote it with " instead: "it's"`, 13},
	{`${a} == "say \"hi\""`, `text after the closing quote: 'hi\""'; to write " in quoted text, quote it with ' instead: 'say "hi"'`, 15},
	// and / or right after the closing quote, with no space before it: the
	// fix is the space, not a quote inside the text (D49: the fixed line is
	// a condition).
	{"${a} == 'x'and ${b}", "text after the closing quote: 'and ${b}'; write a space before and: ${a} == 'x' and ${b}", 11},
	{`${a} contains "x"OR ${b} > 1`, `text after the closing quote: 'OR ${b} > 1'; write a space before OR: ${a} contains "x" OR ${b} > 1`, 17},
	{`${a} == "say "hi""`, `text after the closing quote: 'hi""'; to write " in quoted text, quote it with ' instead: 'say "hi"'`, 14},
	{"${a} == 'x', 'y'", "text after the closing quote; to test for one of several values, write in instead of ==: X in 'a', 'b'", 11},
	{"${a} != 'x', y", "text after the closing quote; to test for none of several values, write not before the part and in instead of !=: not X in 'a', 'b'", 11},
	{"${a} in 'x', 'y' z", "text after the closing quote: \", 'y' z\"" + listFix, 11},
	{"${a} in 'x', 'y", "text after the closing quote: \", 'y\"" + listFix, 11},
	{"${a} in 'x',", "text after the closing quote: ','" + listFix, 11},
	{"${a} contains 'x', 'y'", "text after the closing quote: \", 'y'\"; a comma after quoted text starts a list of items, which only in takes (X in 'a', 'b'); to keep the comma in the text, put it inside the quotes", 17},
	// Invalid UTF-8.
	{"${a} == \xff", "the condition is not valid UTF-8 (byte 0xFF)", 8},
	{"\xe0\xb8 == x", "the condition is not valid UTF-8 (byte 0xE0)", 0},
}

const listFix = "; write the items of a list with a comma between them, each quote closed and nothing after the last: X in 'a', 'b'"

const notCondHint = " (a condition compares two values, like ${x} == yes, or is a single ${...})"

func TestParseCondErrors(t *testing.T) {
	for _, tc := range errCases {
		c, err := ParseCond(tc.line)
		require.Nil(t, c, "%q", tc.line)
		var se *SyntaxError
		require.ErrorAs(t, err, &se, "%q", tc.line)
		require.Equal(t, tc.reason, se.Reason, "%q", tc.line)
		require.Equal(t, tc.offset, se.Offset, "%q", tc.line)
		require.Equal(t, tc.reason, err.Error())
	}
}

// Run every table with Recover(false), so that a panic in an action fails
// the test instead of turning into a parse error.
// D49: the hint for a word glued to a }, followed, gives a condition,
// and a line that is one as written (`${size}in == 12in`, a length in
// inches) is read as it always was.
func TestGluedWordFix(t *testing.T) {
	for _, line := range []string{"${s}contains x", "${s}in a, b", "not ${s}in a, b", "${s}is not empty", "${s}contains x and ${b}",
		"${a}or ${b}", "${a} and${b}", "${a}and${b}", "not${a}"} {
		_, err := ParseCond(line)
		var se *SyntaxError
		require.ErrorAs(t, err, &se, line)
		_, fixed, ok := strings.Cut(se.Reason, "write a space ")
		require.True(t, ok, se.Reason)
		_, fixed, _ = strings.Cut(fixed, ": ")
		_, err = ParseCond(fixed)
		require.NoError(t, err, fixed)
	}
	c, err := ParseCond("${size}in == 12in")
	require.NoError(t, err)
	require.Equal(t, `"${size}in" == "12in"`, show(c))
	// A word inside a longer one is no word: `brand${x}` is text.
	_, _, _, ok := GluedWord("${a} == brand${x}")
	require.False(t, ok)
	_, _, _, ok = GluedWord("${a} == ${x}order")
	require.False(t, ok)
}

func TestParseCondNoRecover(t *testing.T) {
	for _, table := range condTables {
		for _, tc := range table {
			c, err := parseCond(tc.line, DefaultMaxSteps, condgen.NoRecover)
			require.NoError(t, err, "%q", tc.line)
			require.Equal(t, tc.want, show(c), "%q", tc.line)
		}
	}
	for _, tc := range errCases {
		_, err := parseCond(tc.line, DefaultMaxSteps, condgen.NoRecover)
		var se *SyntaxError
		require.ErrorAs(t, err, &se, "%q", tc.line)
		require.Equal(t, tc.reason, se.Reason, "%q", tc.line)
	}
}

// Positions are byte offsets into the line; spans are tight (no white space
// around a side).
func TestParseCondPositions(t *testing.T) {
	line := "not ${a}  ==  'x y'  and ${b} IS NOT  EMPTY or  ${c}"
	c, err := ParseCond(line)
	require.NoError(t, err)
	or := c.(*ast.BoolCond)
	require.Equal(t, ast.Or, or.Op)
	require.Equal(t, strings.Index(line, "or"), or.OpPos)
	and := or.X.(*ast.BoolCond)
	require.Equal(t, strings.Index(line, "and"), and.OpPos)

	not := and.X.(*ast.NotCond)
	require.Equal(t, 0, not.NotPos)
	require.Equal(t, 0, not.Pos())
	eq := not.X.(*ast.Comparison)
	require.Equal(t, &ast.Side{From: 4, To: 8, Raw: "${a}", Text: "${a}", TextPos: 4}, eq.Left)
	require.Equal(t, 10, eq.OpPos)
	require.Equal(t, 12, eq.OpEnd)
	require.Equal(t, &ast.Side{From: 14, To: 19, Raw: "'x y'", Quoted: true, Text: "x y", TextPos: 15}, eq.Right)
	require.Equal(t, "'x y'", line[eq.Right.From:eq.Right.To])
	require.Equal(t, 19, not.End())

	empty := and.Y.(*ast.Comparison)
	require.Equal(t, ast.IsNotEmpty, empty.Op)
	require.Equal(t, "IS NOT  EMPTY", line[empty.OpPos:empty.OpEnd])
	require.Nil(t, empty.Right)
	require.Equal(t, empty.OpEnd, empty.End())
	require.Equal(t, "${b}", line[empty.Left.From:empty.Left.To])

	truth := or.Y.(*ast.Truth)
	require.Equal(t, "${c}", line[truth.Pos():truth.End()])
	require.Equal(t, len(line), or.End())
	require.Equal(t, 0, or.Pos())
}

// A quoted side's Text is what is between the quotes, taken as written, and
// TextPos points at its first byte.
func TestParseCondSideText(t *testing.T) {
	for _, line := range []string{"${a} == ' x '", "${a} ==   bare  text  ", `${a} == "${b} and ${c}"`, "${a} == ''"} {
		c, err := ParseCond(line)
		require.NoError(t, err)
		r := c.(*ast.Comparison).Right
		require.Equal(t, r.Raw, line[r.From:r.To])
		require.Equal(t, r.Text, line[r.TextPos:r.TextPos+len(r.Text)])
		if r.Quoted {
			require.Equal(t, r.From+1, r.TextPos)
			require.Equal(t, r.Raw[1:len(r.Raw)-1], r.Text)
		} else {
			require.Equal(t, strings.TrimSpace(r.Raw), r.Text)
		}
	}
}

// A line that needs more steps than allowed fails with its own reason.
func TestParseCondMaxSteps(t *testing.T) {
	line := "${row.status} == Active and ${row.amount} > 0"
	_, err := ParseCond(line, MaxSteps(10))
	var se *SyntaxError
	require.ErrorAs(t, err, &se)
	require.Equal(t, &SyntaxError{Offset: 0, Reason: "the condition is too long or too complex"}, se)

	_, err = ParseCond(strings.Repeat("${a} == 1 and ", 5000)+"${a}", MaxSteps(0))
	require.ErrorAs(t, err, &se)
	require.Equal(t, "the condition is too long or too complex", se.Reason)
}

func TestParseCondCaseFolding(t *testing.T) {
	// Operator words are read in any ASCII case. pigeon's i literals
	// fold case as unicode.ToLower does, which makes İ (U+0130) an i,
	// while D33's full case mapping makes lower('İ') i̇: so İN and
	// contaİns are no operators, and the line is not a condition.
	for line, want := range map[string]string{
		"${a} IN x":               `"${a}" in "x"`,
		"${a} CoNtAiNs x":         `"${a}" contains "x"`,
		"${a} IS NOT EMPTY":       `"${a}" is not empty`,
		"NOT ${a} In x":           `not "${a}" in "x"`,
		"${a} == 1 AnD ${b} == 2": `("${a}" == "1" and "${b}" == "2")`,
	} {
		c, err := ParseCond(line)
		require.NoError(t, err, "%q", line)
		require.Equal(t, want, show(c), "%q", line)
	}
	for line, reason := range map[string]string{
		"${a} İN x":         "not a condition: '${a} İN x'; 'İN' is not an operator: " + operators,
		"${a} contaİns x":   "not a condition: '${a} contaİns x'; 'contaİns' is not an operator: " + operators,
		"${a} İs empty":     "not a condition: '${a} İs empty'; 'İs' is not an operator: " + operators,
		"${a} is not empty": "",
	} {
		_, err := ParseCond(line)
		if reason == "" {
			require.NoError(t, err, "%q", line)
			continue
		}
		require.EqualError(t, err, reason, "%q", line)
	}
}

// D37: text of the line in a reason is cut to echoLimit characters, the
// last one …, with escapes for control and bidi characters.
func TestReasonsEchoSafely(t *testing.T) {
	_, err := ParseCond("a\u202eb")
	require.EqualError(t, err, `not a condition: 'a\u202eb'`+notCondHint)
	_, err = ParseCond("x\x01")
	require.EqualError(t, err, `not a condition: 'x\u0001'`+notCondHint)
}

// D26, D29: the right side of in written as a list that starts with
// quoted text is read item by item, each quoted item without its quotes,
// commas inside it kept.
func TestParseCondQuotedList(t *testing.T) {
	for line, want := range map[string][]string{
		"${x} in 'hello', 'world'":           {"hello", "world"},
		"${x} in 'a, b', c":                  {"a, b", "c"},
		"${x} in 'a, b',c ,, \"O'B\"":        {"a, b", "c", "O'B"},
		"not ${x} in 'a and b', '${f('}')}'": {"a and b", "${f('}')}"},
		"${x} in 'a', 'b and c'":             {"a", "b and c"},
	} {
		c, err := ParseCond(line)
		require.NoError(t, err, line)
		if n, ok := c.(*ast.NotCond); ok {
			c = n.X
		}
		cmp := c.(*ast.Comparison)
		require.True(t, cmp.Right.Quoted, line)
		var got []string
		for _, it := range cmp.Right.Items {
			got = append(got, it.Text)
			require.Equal(t, it.Text, line[it.TextPos:it.TextPos+len(it.Text)], line)
		}
		require.Equal(t, want, got, line)
	}
}

// F3: ≥ and ≠ as text on a side of a comparison are text, not operators.
func TestLookalikeAsText(t *testing.T) {
	for _, line := range []string{"${x} == ≥3", "${x} == 'a ≠ b'", "${x} contains !~"} {
		_, err := ParseCond(line)
		require.NoError(t, err, line)
	}
}

// An operator written twice is an error, but a right side that only
// starts with a sign is text as before: glued to a word, quoted, or a !
// before a value (D44's trap, which has its own fix).
func TestSignStartsRightSide(t *testing.T) {
	for _, line := range []string{"${a} == <none>", "${a} == '== b'", "${a} == ! ${b}", "${a} == !${b}", "${a} == =SUM(b)", "${a} != ->", "${a} == ==b"} {
		c, err := ParseCond(line)
		require.NoError(t, err, "%q", line)
		require.NotNil(t, c, "%q", line)
	}
}
