package exprparser

import (
	"fmt"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/ast"
)

// acceptedTests are allowed expressions and their canonical text. The
// printer adds parentheses where a tree needs them and holds none, so the
// text also pins how operators group.
var acceptedTests = []struct {
	src, want string
}{
	// The design's examples (sections 1 and 3).
	{"len(packages)", "len(packages)"},
	{"join(ok_ids, ', ')", "join(ok_ids, ', ')"},
	{"number(row.premium) * 12", "number(row.premium) * 12"},
	{"trim(upper(row.brand))", "trim(upper(row.brand))"},
	{"rows[0].request_id", "rows[0].request_id"},
	{"row['Unit Price (THB)']", "row['Unit Price (THB)']"},
	{"(a + b) * 2", "(a + b) * 2"},
	{"config.email.to", "config.email.to"},
	{"env.HOME", "env.HOME"},
	{"rows[-1]", "rows[-1]"},
	{"rows[i].id", "rows[i].id"},
	{"count + 1", "count + 1"},
	{"number(row.price) * 1.07", "number(row.price) * 1.07"},
	{"total / len(rows)", "total / len(rows)"},
	{"n % 2", "n % 2"},
	{"-x", "-x"},
	{"default(row.note, '-')", "default(row.note, '-')"},
	{"replace(x, '}', ')')", "replace(x, '}', ')')"},
	{"part('25-10-2019', '-', 1)", "part('25-10-2019', '-', 1)"},
	{"part('INV-2026-00123', '-', -1)", "part('INV-2026-00123', '-', -1)"},
	{"substring(x, 0, 3)", "substring(x, 0, 3)"},
	{"round(2.675, 2)", "round(2.675, 2)"},

	// Precedence and grouping.
	{"a+b*c", "a + b * c"},
	{"a*b+c", "a * b + c"},
	{"a - b - c", "a - b - c"},
	{"a - (b - c)", "a - (b - c)"},
	{"a / b * c", "a / b * c"},
	{"a % b % c", "a % b % c"},
	{"-a * b", "-a * b"},
	{"-(a + b)", "-(a + b)"},
	{"a * -b", "a * -b"},
	{"a - -b", "a - -b"},
	{"a--b", "a - -b"},
	{"a+-b", "a + -b"},
	{"--x", "--x"},
	{"- - x", "--x"},
	{"+x", "+x"},
	{"-+x", "-+x"},
	{"-1", "-1"},
	{"-f(x).y", "-f(x).y"},
	{"(a)", "(a)"},
	{"((a))", "((a))"},
	{"(a + b) * (c - d)", "(a + b) * (c - d)"},
	{"a + (b * c)", "a + (b * c)"},

	// Calls, selectors, indexes.
	{"f()", "f()"},
	{"f(a,b)", "f(a, b)"},
	{"f( a , b )", "f(a, b)"},
	{"f (x)", "f(x)"},
	{"f(g(h(1)))", "f(g(h(1)))"},
	{"a . b", "a.b"},
	{"a [0]", "a[0]"},
	{"x[0][1]", "x[0][1]"},
	{"a[b[c[0]]]", "a[b[c[0]]]"},
	{"a.b[c].d", "a.b[c].d"},
	{"rows[len(rows) - 1]", "rows[len(rows) - 1]"},
	{"(a).b", "(a).b"},
	{"(rows)[0]", "(rows)[0]"},
	{"'abc'[0]", "'abc'[0]"},
	{"a.if", "a.if"},
	{"a.in.not", "a.in.not"},
	{"5 .x", "5 .x"},
	{"1.5.x", "1.5 .x"},

	// Literals.
	{"12", "12"},
	{"3.5", "3.5"},
	{"0", "0"},
	{"007", "007"},
	{"0.50", "0.50"},
	{"'abc'", "'abc'"},
	{`"abc"`, "'abc'"},
	{`''`, `''`},
	{`""`, `''`},
	{`"it's"`, `'it\'s'`},
	{`'it\'s'`, `'it\'s'`},
	{`'say "hi"'`, `'say "hi"'`},
	{`"say \"hi\""`, `'say "hi"'`},
	{`'a\\b'`, `'a\\b'`},
	{`'\n\t\r'`, `'\n\t\r'`},
	{"'a\nb'", `'a\nb'`},
	{"'a\tb'", `'a\tb'`},
	{`'${x}'`, `'${x}'`},

	// Names (D9): Unicode letters, marks and digits; no keyword is a name,
	// but a name may start with one.
	{"True", "True"},
	{"False", "False"},
	{"None", "None"},
	{"_private", "_private"},
	{"x1", "x1"},
	{"a_b2", "a_b2"},
	{"index", "index"},
	{"nothing", "nothing"},
	{"notes", "notes"},
	{"iffy", "iffy"},
	{"order", "order"},
	{"android", "android"},
	{"isnt", "isnt"},
	{"elsewhere", "elsewhere"},
	{"format", "format"},
	{"lambdas", "lambdas"},
	{"f", "f"},
	{"fr", "fr"},
	{"rb", "rb"},
	{"u", "u"},
	{"ลูกค้า", "ลูกค้า"},
	{"ลูกค้า.ชื่อ", "ลูกค้า.ชื่อ"},
	{"ค่า๑", "ค่า๑"},
	{"e\u0301", "e\u0301"},
	{"Straße", "Straße"},
	{"名前", "名前"},
	{"row['ราคา (บาท)']", "row['ราคา (บาท)']"},
	{"'บาท'", "'บาท'"},
	{"join(รายการ, ' และ ')", "join(รายการ, ' และ ')"},

	// White space between tokens.
	{" \t\n a \n", "a"},
	{"len(\n  rows\n)", "len(rows)"},
	{"a\r\n+\tb", "a + b"},
	{"a.\nb", "a.b"},
}

func TestParseAccepted(t *testing.T) {
	for _, tt := range acceptedTests {
		t.Run(tt.src, func(t *testing.T) {
			x, err := ParseExpr(tt.src)
			require.NoError(t, err)
			require.Nil(t, ast.FirstBad(x))
			got := ast.Print(x)
			require.Equal(t, tt.want, got)
			checkSpans(t, tt.src, x)

			// print -> parse -> print is stable and gives an equal tree.
			y, err := ParseExpr(got)
			require.NoError(t, err)
			require.True(t, ast.Equal(x, y), "parse(print(t)) differs: %s", ast.Print(y))
			require.Equal(t, got, ast.Print(y))
		})
	}
}

// walkSpans checks that every node of root, BadExpr included, lies in src
// and inside its parent, and calls visit on each.
func walkSpans(t *testing.T, src string, root ast.Expr, visit func(ast.Node)) {
	t.Helper()
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		require.LessOrEqual(t, 0, n.Pos())
		require.LessOrEqual(t, n.Pos(), n.End())
		require.LessOrEqual(t, n.End(), len(src))
		if len(stack) > 0 {
			p := stack[len(stack)-1]
			require.LessOrEqual(t, p.Pos(), n.Pos(), "%T inside %T", n, p)
			require.LessOrEqual(t, n.End(), p.End(), "%T inside %T", n, p)
		}
		visit(n)
		stack = append(stack, n)
		return true
	})
}

// checkSpans checks the spans of walkSpans, and that names, literals and
// punctuation span exactly their text.
func checkSpans(t *testing.T, src string, root ast.Expr) {
	t.Helper()
	walkSpans(t, src, root, func(n ast.Node) {
		switch n := n.(type) {
		case *ast.Ident:
			require.Equal(t, n.Name, src[n.Pos():n.End()])
		case *ast.BasicLit:
			require.Equal(t, n.Raw, src[n.Pos():n.End()])
		case *ast.ParenExpr:
			require.Equal(t, byte('('), src[n.Lparen])
			require.Equal(t, byte(')'), src[n.Rparen])
		case *ast.CallExpr:
			require.Equal(t, byte('('), src[n.Lparen])
			require.Equal(t, byte(')'), src[n.Rparen])
		case *ast.IndexExpr:
			require.Equal(t, byte('['), src[n.Lbrack])
			require.Equal(t, byte(']'), src[n.Rbrack])
		case *ast.BinaryExpr:
			require.Equal(t, n.Op.String(), src[n.OpPos:n.OpPos+1])
		case *ast.UnaryExpr:
			require.Equal(t, n.Op.String(), src[n.OpPos:n.OpPos+1])
		}
	})
}

func TestParseTrees(t *testing.T) {
	id := func(pos int, name string) *ast.Ident { return &ast.Ident{NamePos: pos, Name: name} }
	num := func(pos int, s string) *ast.BasicLit {
		return &ast.BasicLit{ValuePos: pos, Kind: ast.Number, Raw: s, Value: s}
	}
	tests := []struct {
		src  string
		want ast.Expr
	}{
		{"number(row.premium) * 12", &ast.BinaryExpr{
			X: &ast.CallExpr{Fun: id(0, "number"), Lparen: 6, Args: []ast.Expr{
				&ast.SelectorExpr{X: id(7, "row"), Sel: id(11, "premium")},
			}, Rparen: 18},
			OpPos: 20, Op: ast.Mul, Y: num(22, "12"),
		}},
		{"rows[0].request_id", &ast.SelectorExpr{
			X:   &ast.IndexExpr{X: id(0, "rows"), Lbrack: 4, Index: num(5, "0"), Rbrack: 6},
			Sel: id(8, "request_id"),
		}},
		{"(a + b) * 2", &ast.BinaryExpr{
			X:     &ast.ParenExpr{Lparen: 0, X: &ast.BinaryExpr{X: id(1, "a"), OpPos: 3, Op: ast.Add, Y: id(5, "b")}, Rparen: 6},
			OpPos: 8, Op: ast.Mul, Y: num(10, "2"),
		}},
		{"- x", &ast.UnaryExpr{OpPos: 0, Op: ast.Sub, X: id(2, "x")}},
		{"f()", &ast.CallExpr{Fun: id(0, "f"), Lparen: 1, Rparen: 2}},
		{`row["Unit Price"]`, &ast.IndexExpr{X: id(0, "row"), Lbrack: 3,
			Index: &ast.BasicLit{ValuePos: 4, Kind: ast.String, Raw: `"Unit Price"`, Value: "Unit Price"}, Rbrack: 16}},
		// Offsets count bytes: ลูกค้า is 18 bytes.
		{"ลูกค้า.ชื่อ", &ast.SelectorExpr{X: id(0, "ลูกค้า"), Sel: id(19, "ชื่อ")}},
		{`'a\'b\n'`, &ast.BasicLit{ValuePos: 0, Kind: ast.String, Raw: `'a\'b\n'`, Value: "a'b\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			x, err := ParseExpr(tt.src)
			require.NoError(t, err)
			require.Equal(t, tt.want, x)
		})
	}
}

func TestTextValues(t *testing.T) {
	tests := []struct{ src, value string }{
		{`'abc'`, "abc"},
		{`"abc"`, "abc"},
		{`''`, ""},
		{`'\\'`, `\`},
		{`'\''`, `'`},
		{`'\"'`, `"`},
		{`"\'"`, `'`},
		{`'"'`, `"`},
		{`"'"`, `'`},
		{`'\n\t\r'`, "\n\t\r"},
		{`'C:\\temp'`, `C:\temp`},
		{`'15,434.75 บาท/ปี'`, "15,434.75 บาท/ปี"},
		{`'ไทย\nภาษา'`, "ไทย\nภาษา"},
		{"'raw\ttab'", "raw\ttab"},
		{`'}'`, "}"},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			x, err := ParseExpr(tt.src)
			require.NoError(t, err)
			lit, ok := x.(*ast.BasicLit)
			require.True(t, ok, "%T", x)
			require.Equal(t, ast.String, lit.Kind)
			require.Equal(t, tt.src, lit.Raw)
			require.Equal(t, tt.value, lit.Value)
			require.Equal(t, ast.QuoteText(tt.value), ast.Print(x))
		})
	}
}

// forbiddenTests are the constructs of D12 and their relatives: each parses
// to a tree whose left-most BadExpr has the construct, the detail and the
// span (as text) given.
var forbiddenTests = []struct {
	src       string
	construct ast.Construct
	detail    string
	span      string
}{
	{"a == b", ast.Compare, "==", "a == b"},
	{"a != b", ast.Compare, "!=", "a != b"},
	{"a < b", ast.Compare, "<", "a < b"},
	{"a > b", ast.Compare, ">", "a > b"},
	{"a <= b", ast.Compare, "<=", "a <= b"},
	{"a >= b", ast.Compare, ">=", "a >= b"},
	{"a <> b", ast.Compare, "<>", "a <> b"},
	{"a === b", ast.Compare, "===", "a === b"},
	{"a !== b", ast.Compare, "!==", "a !== b"},
	{"a == b < c", ast.Compare, "==", "a == b < c"},
	{"a + b == c * d", ast.Compare, "==", "a + b == c * d"},
	{"len(x) > 0", ast.Compare, ">", "len(x) > 0"},
	{"f(a == b)", ast.Compare, "==", "a == b"},
	{"len(a == b) + 1", ast.Compare, "==", "a == b"},

	{"a and b", ast.BoolOp, "and", "a and b"},
	{"a or b", ast.BoolOp, "or", "a or b"},
	{"not a", ast.BoolOp, "not", "not a"},
	{"not(a)", ast.BoolOp, "not", "not(a)"},
	{"a && b", ast.BoolOp, "&&", "a && b"},
	{"a || b", ast.BoolOp, "||", "a || b"},
	{"!a", ast.BoolOp, "!", "!a"},
	{"not a == b", ast.BoolOp, "not", "not a == b"},
	{"a and b or c", ast.BoolOp, "and", "a and b or c"},
	{"a or b and c", ast.BoolOp, "or", "a or b and c"},
	{"a == b and c", ast.BoolOp, "and", "a == b and c"},
	{"x + not y", ast.BoolOp, "not", "not y"},

	{"a in b", ast.Membership, "in", "a in b"},
	{"a not in b", ast.Membership, "not in", "a not in b"},
	{"a not \n in b", ast.Membership, "not in", "a not \n in b"},
	{"row.Role in Company", ast.Membership, "in", "row.Role in Company"},
	{"a in(b)", ast.Membership, "in", "a in(b)"},

	{"a is b", ast.Identity, "is", "a is b"},
	{"a is not b", ast.Identity, "is not", "a is not b"},
	{"a is None", ast.Identity, "is", "a is None"},
	{"a is notable", ast.Identity, "is", "a is notable"},

	{"a ** 2", ast.Power, "**", "a ** 2"},
	{"2 ** -1", ast.Power, "**", "2 ** -1"},
	{"a * b ** 2", ast.Power, "**", "b ** 2"},
	{"-a ** 2", ast.Power, "**", "a ** 2"},

	{"a // b", ast.OtherOperator, "//", "a // b"},
	{"a & b", ast.OtherOperator, "&", "a & b"},
	{"a | b", ast.OtherOperator, "|", "a | b"},
	{"a ^ b", ast.OtherOperator, "^", "a ^ b"},
	{"~a", ast.OtherOperator, "~", "~a"},
	{"a << 1", ast.OtherOperator, "<<", "a << 1"},
	{"a >> 1", ast.OtherOperator, ">>", "a >> 1"},
	{"a @ b", ast.OtherOperator, "@", "a @ b"},
	{"a + b // c", ast.OtherOperator, "//", "b // c"},

	{"lambda: 0", ast.Lambda, "", "lambda: 0"},
	{"lambda x: x + 1", ast.Lambda, "", "lambda x: x + 1"},
	{"lambda x, y=1, *a, **k: x", ast.Lambda, "", "lambda x, y=1, *a, **k: x"},
	{"f(lambda x: x)", ast.Lambda, "", "lambda x: x"},
	{"(lambda: 1)(2)", ast.CallNonName, "", "(lambda: 1)(2)"},

	{"[x for x in y]", ast.Comprehension, "", "[x for x in y]"},
	{"[x for x in y if x]", ast.Comprehension, "", "[x for x in y if x]"},
	{"[x for x in y for z in x]", ast.Comprehension, "", "[x for x in y for z in x]"},
	{"(x for x in y)", ast.Comprehension, "", "(x for x in y)"},
	{"{x for x in y}", ast.Comprehension, "", "{x for x in y}"},
	{"{k: v for k, v in d.items()}", ast.Comprehension, "", "{k: v for k, v in d.items()}"},
	{"f(x for x in y)", ast.Comprehension, "", "x for x in y"},
	{"sum(x for x in y) + 1", ast.Comprehension, "", "x for x in y"},

	{"a if b else c", ast.Conditional, "", "a if b else c"},
	{"a if b", ast.Conditional, "", "a if b"},
	{"1 if x else 2 if y else 3", ast.Conditional, "", "1 if x else 2 if y else 3"},
	{"f(a if b else c)", ast.Conditional, "", "a if b else c"},

	{"f'abc'", ast.FString, "f", "f'abc'"},
	{`F"abc"`, ast.FString, "F", `F"abc"`},
	{"rf'x'", ast.FString, "rf", "rf'x'"},
	{"fR'x'", ast.FString, "fR", "fR'x'"},
	{"f'{x}' + 'y'", ast.FString, "f", "f'{x}'"},
	{`f'\d'`, ast.FString, "f", `f'\d'`},

	{"a = 1", ast.Assignment, "=", "a = 1"},
	{"a := 1", ast.Assignment, ":=", "a := 1"},
	{"(a := 1)", ast.Assignment, ":=", "a := 1"},
	{"a = b = c", ast.Assignment, "=", "a = b = c"},
	{"a.b = 1", ast.Assignment, "=", "a.b = 1"},
	{"a += 1", ast.Assignment, "+=", "a += 1"},
	{"a -= 1", ast.Assignment, "-=", "a -= 1"},
	{"a *= 2", ast.Assignment, "*=", "a *= 2"},
	{"a /= 2", ast.Assignment, "/=", "a /= 2"},
	{"a //= 2", ast.Assignment, "//=", "a //= 2"},
	{"a %= 2", ast.Assignment, "%=", "a %= 2"},
	{"a **= 2", ast.Assignment, "**=", "a **= 2"},
	{"a @= b", ast.Assignment, "@=", "a @= b"},
	{"a &= b", ast.Assignment, "&=", "a &= b"},
	{"a |= b", ast.Assignment, "|=", "a |= b"},
	{"a ^= b", ast.Assignment, "^=", "a ^= b"},
	{"a >>= 1", ast.Assignment, ">>=", "a >>= 1"},
	{"a <<= 1", ast.Assignment, "<<=", "a <<= 1"},
	{"a = b if c else d", ast.Assignment, "=", "a = b if c else d"},

	{"x.upper()", ast.MethodCall, "upper", "x.upper()"},
	{"row.name.strip()", ast.MethodCall, "strip", "row.name.strip()"},
	{"x.upper().lower()", ast.MethodCall, "upper", "x.upper().lower()"},
	{"x.a()[0].b()", ast.MethodCall, "a", "x.a()[0].b()"},
	{"'a,b'.split(',')", ast.MethodCall, "split", "'a,b'.split(',')"},
	{"len(x.keys())", ast.MethodCall, "keys", "x.keys()"},
	{"x . upper ( )", ast.MethodCall, "upper", "x . upper ( )"},
	{"x.__class__()", ast.MethodCall, "__class__", "x.__class__()"},

	{"(f)(x)", ast.CallNonName, "", "(f)(x)"},
	{"a[0](x)", ast.CallNonName, "", "a[0](x)"},
	{"f(x)(y)", ast.CallNonName, "", "f(x)(y)"},
	{"'abc'(1)", ast.CallNonName, "", "'abc'(1)"},
	{"1(2)", ast.CallNonName, "", "1(2)"},

	{"f(x=1)", ast.KeywordArg, "x", "x=1"},
	{"f(x = 1)", ast.KeywordArg, "x", "x = 1"},
	{"join(ids, sep=', ')", ast.KeywordArg, "sep", "sep=', '"},
	{"sorted(rows, key=lambda r: r.id)", ast.KeywordArg, "key", "key=lambda r: r.id"},
	// The grammar reads name=value as an assignment and tells a keyword
	// argument apart by its bare name and its = (issue #11); anything
	// else before the = stays an assignment (D12).
	{"f(x=y=2)", ast.KeywordArg, "x", "x=y=2"},
	{"f(x = 1 if c else d)", ast.KeywordArg, "x", "x = 1 if c else d"},
	{"f(a.b=1)", ast.Assignment, "=", "a.b=1"},
	{"f(x := 1)", ast.Assignment, ":=", "x := 1"},
	{"f(x if c else d = 1)", ast.Assignment, "=", "x if c else d = 1"},
	{"f(-x=1)", ast.Assignment, "=", "-x=1"},
	{"f((x)=1)", ast.Assignment, "=", "(x)=1"},
	{"f(x=1 for x in y)", ast.Comprehension, "", "x=1 for x in y"},
	// A prefix operator reaches over the trailers of its operand, spaces
	// or not.
	{"-a.b(1)", ast.MethodCall, "b", "a.b(1)"},
	{"- (a) [0] . b ()", ast.MethodCall, "b", "(a) [0] . b ()"},

	{"a[1:2]", ast.Slice, "", "1:2"},
	{"a[:2]", ast.Slice, "", ":2"},
	{"a[1:]", ast.Slice, "", "1:"},
	{"a[:]", ast.Slice, "", ":"},
	{"a[::2]", ast.Slice, "", "::2"},
	{"a[1:2:3]", ast.Slice, "", "1:2:3"},
	{"a[ 1 : 2 ]", ast.Slice, "", "1 : 2"},
	{"a[1:2, 3]", ast.Slice, "", "1:2, 3"},
	{"a[3, 1:2]", ast.Slice, "", "3, 1:2"},
	// A tuple or slice index ends at its last item or trailing comma, not
	// at the space before ] (issue #11: no longer read from the text).
	{"a[ :: , x ]", ast.Slice, "", ":: , x"},
	{"a[ 1 , ]", ast.TupleLit, "", "1 ,"},
	{"a[f(x) ,  g(y)  ]", ast.TupleLit, "", "f(x) ,  g(y)"},
	{"a[1 if b else c,]", ast.TupleLit, "", "1 if b else c,"},

	{"[1, 2]", ast.ListLit, "", "[1, 2]"},
	{"[]", ast.ListLit, "", "[]"},
	{"[1]", ast.ListLit, "", "[1]"},
	{"[1, 2,]", ast.ListLit, "", "[1, 2,]"},
	{"join([a, b], '-')", ast.ListLit, "", "[a, b]"},

	{"{'a': 1}", ast.DictLit, "", "{'a': 1}"},
	{"{}", ast.DictLit, "", "{}"},
	{"{**a}", ast.DictLit, "", "{**a}"},
	{"{1: 2, 3: 4}", ast.DictLit, "", "{1: 2, 3: 4}"},
	{"{1, 2: 3}", ast.DictLit, "", "{1, 2: 3}"},

	{"{1, 2}", ast.SetLit, "", "{1, 2}"},
	{"{1}", ast.SetLit, "", "{1}"},

	{"(1, 2)", ast.TupleLit, "", "(1, 2)"},
	{"()", ast.TupleLit, "", "()"},
	{"(1,)", ast.TupleLit, "", "(1,)"},
	{"a[1, 2]", ast.TupleLit, "", "1, 2"},
	{"a[1,]", ast.TupleLit, "", "1,"},

	{"*a", ast.Starred, "*", "*a"},
	{"**a", ast.Starred, "**", "**a"},
	{"f(*args)", ast.Starred, "*", "*args"},
	{"f(a, **kw)", ast.Starred, "**", "**kw"},
	{"[*a]", ast.ListLit, "", "[*a]"},
	{"(*a,)", ast.TupleLit, "", "(*a,)"},

	// The left-most construct is the one reported.
	{"x.upper() == 'A'", ast.Compare, "==", "x.upper() == 'A'"},
	{"f(x.upper(), a == b)", ast.MethodCall, "upper", "x.upper()"},
	{"[1, 2][0]", ast.ListLit, "", "[1, 2]"},
	{"(a, b).c", ast.TupleLit, "", "(a, b)"},
}

func TestParseForbidden(t *testing.T) {
	for _, tt := range forbiddenTests {
		t.Run(tt.src, func(t *testing.T) {
			x, err := ParseExpr(tt.src)
			require.NoError(t, err)
			b := ast.FirstBad(x)
			require.NotNil(t, b, "no BadExpr in %s", ast.Print(x))
			require.Equal(t, constructName(tt.construct), constructName(b.Construct))
			require.Equal(t, tt.detail, b.Detail)
			require.Equal(t, tt.span, tt.src[b.From:b.To])
			checkBadSpans(t, tt.src, x)
		})
	}
}

// checkBadSpans checks the spans of walkSpans for a tree with BadExpr
// nodes, none of them empty.
func checkBadSpans(t *testing.T, src string, root ast.Expr) {
	t.Helper()
	walkSpans(t, src, root, func(n ast.Node) {
		require.Less(t, n.Pos(), n.End())
	})
}

func constructName(c ast.Construct) string {
	names := map[ast.Construct]string{
		ast.Compare: "Compare", ast.BoolOp: "BoolOp", ast.Membership: "Membership",
		ast.Identity: "Identity", ast.Power: "Power", ast.OtherOperator: "OtherOperator",
		ast.Lambda: "Lambda", ast.Comprehension: "Comprehension", ast.Conditional: "Conditional",
		ast.FString: "FString", ast.Assignment: "Assignment", ast.MethodCall: "MethodCall",
		ast.CallNonName: "CallNonName", ast.KeywordArg: "KeywordArg", ast.Slice: "Slice",
		ast.ListLit: "ListLit", ast.DictLit: "DictLit", ast.SetLit: "SetLit",
		ast.TupleLit: "TupleLit", ast.Starred: "Starred",
	}
	if n, ok := names[c]; ok {
		return n
	}
	return fmt.Sprintf("Construct(%d)", c)
}

// TestEveryConstruct makes sure forbiddenTests covers every construct.
func TestEveryConstruct(t *testing.T) {
	seen := map[ast.Construct]bool{}
	for _, tt := range forbiddenTests {
		seen[tt.construct] = true
	}
	for c := ast.Compare; c <= ast.Starred; c++ {
		require.True(t, seen[c], constructName(c))
	}
}

// TestKeywordsAreNotNames: the keywords cannot stand where a value is
// expected.
func TestKeywordsAreNotNames(t *testing.T) {
	for _, kw := range []string{"and", "or", "not", "in", "is", "if", "else", "for", "lambda"} {
		for _, src := range []string{kw, "len(" + kw + ")", "1 + " + kw} {
			_, err := ParseExpr(src)
			var se *SyntaxError
			require.ErrorAs(t, err, &se, src)
			require.True(t, utf8.ValidString(se.Reason))
		}
	}
}
