package ast

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func id(name string) *Ident { return &Ident{Name: name} }

func num(s string) *BasicLit { return &BasicLit{Kind: Number, Raw: s, Value: s} }

func text(s string) *BasicLit { return &BasicLit{Kind: String, Raw: QuoteText(s), Value: s} }

func bin(x Expr, op Op, y Expr) *BinaryExpr { return &BinaryExpr{X: x, Op: op, Y: y} }

func TestPrint(t *testing.T) {
	tests := []struct {
		x    Expr
		want string
	}{
		{id("rows"), "rows"},
		{num("12"), "12"},
		{&BasicLit{Kind: Number, Raw: "3.50"}, "3.50"},
		{text("abc"), "'abc'"},
		{&BasicLit{Kind: String, Raw: `"it's"`, Value: "it's"}, `'it\'s'`},
		{text(`a\b "c"` + "\n\t\r"), `'a\\b "c"\n\t\r'`},
		{text("บาท"), "'บาท'"},
		{&SelectorExpr{X: id("row"), Sel: id("premium")}, "row.premium"},
		{&SelectorExpr{X: num("5"), Sel: id("x")}, "5 .x"},
		{&IndexExpr{X: id("rows"), Index: &UnaryExpr{Op: Sub, X: num("1")}}, "rows[-1]"},
		{&CallExpr{Fun: id("f")}, "f()"},
		{&CallExpr{Fun: id("join"), Args: []Expr{id("ids"), text(", ")}}, "join(ids, ', ')"},
		{&ParenExpr{X: bin(id("a"), Add, id("b"))}, "(a + b)"},
		{bin(&ParenExpr{X: bin(id("a"), Add, id("b"))}, Mul, num("2")), "(a + b) * 2"},
		{bin(bin(id("a"), Sub, id("b")), Sub, id("c")), "a - b - c"},
		{bin(id("a"), Rem, num("2")), "a % 2"},
		{&UnaryExpr{Op: Sub, X: &UnaryExpr{Op: Sub, X: id("x")}}, "--x"},
		{&UnaryExpr{Op: Add, X: id("x")}, "+x"},
		{bin(id("a"), Sub, &UnaryExpr{Op: Sub, X: id("b")}), "a - -b"},

		// Trees the parser cannot build get the parentheses they need.
		{bin(id("a"), Sub, bin(id("b"), Sub, id("c"))), "a - (b - c)"},
		{bin(bin(id("a"), Add, id("b")), Mul, id("c")), "(a + b) * c"},
		{bin(id("a"), Quo, bin(id("b"), Mul, id("c"))), "a / (b * c)"},
		{&UnaryExpr{Op: Sub, X: bin(id("a"), Add, id("b"))}, "-(a + b)"},
		{&SelectorExpr{X: bin(id("a"), Add, id("b")), Sel: id("c")}, "(a + b).c"},
		{&IndexExpr{X: &UnaryExpr{Op: Sub, X: id("a")}, Index: num("0")}, "(-a)[0]"},

		// BadExpr has no text of its own.
		{&BadExpr{Construct: Compare, Detail: "=="}, `<comparison "==">`},
		{&BadExpr{Construct: ListLit}, "<list>"},
		{&BadExpr{Construct: Construct(99)}, "<construct 99>"},
		{bin(id("a"), Add, &BadExpr{Construct: MethodCall, Detail: "upper"}), `a + <method call "upper">`},
		{nil, "<nil>"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			require.Equal(t, tt.want, Print(tt.x))
		})
	}
}

func TestQuoteText(t *testing.T) {
	require.Equal(t, `''`, QuoteText(""))
	require.Equal(t, `'\''`, QuoteText("'"))
	require.Equal(t, `'"'`, QuoteText(`"`))
	require.Equal(t, `'\\n'`, QuoteText(`\n`))
	require.Equal(t, `'a\nb'`, QuoteText("a\nb"))
	require.Equal(t, "'ลูกค้า'", QuoteText("ลูกค้า"))
}

func TestEqual(t *testing.T) {
	a := &CallExpr{Fun: &Ident{NamePos: 0, Name: "f"}, Lparen: 1, Args: []Expr{
		&BasicLit{ValuePos: 2, Kind: String, Raw: `"x"`, Value: "x"},
		&BinaryExpr{X: &Ident{NamePos: 7, Name: "a"}, OpPos: 9, Op: Add, Y: &BasicLit{ValuePos: 11, Kind: Number, Raw: "1", Value: "1"}},
	}, Rparen: 12}
	b := &CallExpr{Fun: id("f"), Args: []Expr{text("x"), bin(id("a"), Add, num("1"))}}
	require.True(t, Equal(a, b), "positions and quotes are ignored")
	require.True(t, Equal(nil, nil))

	different := []Expr{
		nil,
		&CallExpr{Fun: id("g"), Args: []Expr{text("x"), bin(id("a"), Add, num("1"))}},
		&CallExpr{Fun: id("f"), Args: []Expr{text("y"), bin(id("a"), Add, num("1"))}},
		&CallExpr{Fun: id("f"), Args: []Expr{num("x"), bin(id("a"), Add, num("1"))}},
		&CallExpr{Fun: id("f"), Args: []Expr{text("x"), bin(id("a"), Sub, num("1"))}},
		&CallExpr{Fun: id("f"), Args: []Expr{text("x")}},
		&CallExpr{Fun: id("f"), Args: []Expr{text("x"), &ParenExpr{X: bin(id("a"), Add, num("1"))}}},
		id("f"),
	}
	for _, d := range different {
		require.False(t, Equal(a, d), Print(d))
		require.False(t, Equal(d, a), Print(d))
	}

	pairs := []struct {
		x, y  Expr
		equal bool
	}{
		{&ParenExpr{X: id("a")}, &ParenExpr{X: id("a")}, true},
		{&ParenExpr{X: id("a")}, id("a"), false},
		{&SelectorExpr{X: id("a"), Sel: id("b")}, &SelectorExpr{X: id("a"), Sel: id("b")}, true},
		{&SelectorExpr{X: id("a"), Sel: id("b")}, &SelectorExpr{X: id("a"), Sel: id("c")}, false},
		{&IndexExpr{X: id("a"), Index: num("0")}, &IndexExpr{X: id("a"), Index: num("0")}, true},
		{&IndexExpr{X: id("a"), Index: num("0")}, &IndexExpr{X: id("a"), Index: num("1")}, false},
		{&UnaryExpr{Op: Sub, X: id("a")}, &UnaryExpr{Op: Add, X: id("a")}, false},
		{&BadExpr{From: 1, To: 5, Construct: Compare, Detail: "=="}, &BadExpr{Construct: Compare, Detail: "=="}, true},
		{&BadExpr{Construct: Compare, Detail: "=="}, &BadExpr{Construct: Compare, Detail: "<"}, false},
		{&BadExpr{Construct: Compare}, &BadExpr{Construct: BoolOp}, false},
	}
	for _, p := range pairs {
		require.Equal(t, p.equal, Equal(p.x, p.y), "%s vs %s", Print(p.x), Print(p.y))
	}
}
