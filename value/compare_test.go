package value

import (
	"context"
	"math/rand"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/internal/echo"
)

// host converts host data or fails the test.
func host(t testing.TB, x any) Value {
	t.Helper()
	v, err := FromHost(x)
	require.NoError(t, err)
	return v
}

func TestToNumber(t *testing.T) {
	// E3, D6: a number, or plain number text.
	n, ok := ToNumber(NumberValue(Int(3)))
	require.True(t, ok)
	require.Equal(t, "3", n.String())
	n, ok = ToNumber(TextValue(" 12.50 "))
	require.True(t, ok)
	require.Equal(t, "12.5", n.String())
	for _, v := range []Value{Value{}, TextValue(""), TextValue("1,200"), BoolValue(true), host(t, []any{1}), host(t, map[string]any{})} {
		_, ok := ToNumber(v)
		require.False(t, ok, "%v", v)
	}
}

func TestIsBlank(t *testing.T) {
	// D30: `is empty`.
	// Blank is one rule (IsBlankRune): the zero-width space and U+FEFF,
	// which trim removes, are blank too; a word joiner is text.
	blank := []Value{Value{}, TextValue(""), TextValue(" \t\n\u00a0\u3000"), TextValue("\u200b"), TextValue("\ufeff \u200b"),
		host(t, []any{}), host(t, []string(nil)),
		host(t, map[string]any{}), host(t, map[string]string(nil))}
	for _, v := range blank {
		require.True(t, IsBlank(v), "%#v", v)
	}
	notBlank := []Value{TextValue("x"), TextValue("\u2060"), TextValue("\xff"), NumberValue(Int(0)), BoolValue(false),
		host(t, []any{nil}), host(t, map[string]any{"": nil})}
	for _, v := range notBlank {
		require.False(t, IsBlank(v), "%#v", v)
	}
}

func TestTruthy(t *testing.T) {
	// D25: a lone ${...} is true unless empty, "", false, 0, or the text
	// false / no / 0 in any case.
	falsy := []Value{Value{}, TextValue(""), TextValue("   "), BoolValue(false), NumberValue(Int(0)),
		NumberValue(num(t, "0.000")), TextValue("false"), TextValue(" FALSE "), TextValue("False"), TextValue("no"),
		TextValue("NO"), TextValue("0"), TextValue(" 0 "), host(t, []any{}), host(t, map[string]any{})}
	for _, v := range falsy {
		require.False(t, Truthy(v), "%#v", v)
	}
	truthy := []Value{TextValue("x"), TextValue("yes"), TextValue("true"), TextValue("0.0"), TextValue("00"),
		TextValue("none"), TextValue("fal\u017fe"), BoolValue(true), NumberValue(num(t, "-0.1")),
		host(t, []any{false}), host(t, map[string]any{"a": 0}), TextValue("\xff")}
	for _, v := range truthy {
		require.True(t, Truthy(v), "%#v", v)
	}
}

func TestEqual(t *testing.T) {
	// D27: numeric when both sides are numbers or plain number text,
	// otherwise shown texts trimmed and compared with Unicode case folding.
	tests := []struct {
		a, b Value
		want bool
	}{
		{NumberValue(Int(12)), NumberValue(num(t, "12.0")), true},
		{TextValue("12"), TextValue("12.0"), true},
		{TextValue(" 12 "), NumberValue(Int(12)), true},
		{TextValue("007"), NumberValue(Int(7)), true},
		{TextValue("-0"), NumberValue(Int(0)), true},
		{NumberValue(num(t, "0.1")), TextValue("0.10"), true},
		{NumberValue(Int(12)), TextValue("12 THB"), false},
		{NumberValue(Int(1200)), TextValue("1,200"), false},
		{TextValue("1,200"), TextValue("1,200"), true},
		{TextValue("ÉCOLE"), TextValue("école"), true},
		{TextValue("  Active "), TextValue("active"), true},
		{TextValue("Active"), TextValue("Activ"), false},
		{TextValue("Active"), TextValue("Actives"), false},
		{TextValue("straße"), TextValue("STRASSE"), true}, // full case folding, as upper (D27, D33)
		{TextValue("ΟΔΥΣΣΕΥΣ"), TextValue("οδυσσευς"), true},
		{TextValue("ﬃ"), TextValue("FFI"), true},
		{TextValue("straße"), TextValue("STRASE"), false},
		{TextValue("\u212a"), TextValue("k"), true}, // Kelvin sign folds to k
		{TextValue("ΣΊΣΥΦΟΣ"), TextValue("σίσυφος"), true},
		{TextValue("σίσυφος"), TextValue("σίσυφοσ"), true}, // final ς folds with σ
		// Cherokee folds to its capitals (CaseFolding.txt), which x/text's
		// Fold gets backwards (golang/go#46101).
		{TextValue("\uab70"), TextValue("\u13a0"), true},             // ꭰ, Ꭰ
		{TextValue("\u13f8\u13f9"), TextValue("\u13f0\u13f1"), true}, // ᏸᏹ, ᏰᏱ
		{TextValue("\uabbf\u13f5"), TextValue("\u13ef\u13fd"), true}, // the ends of both ranges
		{TextValue("\uab70é"), TextValue("\u13a0É"), true},
		{TextValue("\u13a0"), TextValue("\u13a1"), false},
		{Value{}, TextValue(""), true},
		{Value{}, TextValue("   "), true},
		{Value{}, Value{}, true},
		{Value{}, NumberValue(Int(0)), false},
		{Value{}, TextValue("0"), false},
		{BoolValue(true), TextValue("TRUE"), true},
		{BoolValue(false), TextValue("false"), true},
		{BoolValue(true), BoolValue(false), false},
		{BoolValue(true), NumberValue(Int(1)), false},
		{TextValue("\xff"), TextValue("\xfe"), false}, // invalid bytes match only themselves
		{TextValue("\xff"), TextValue("\xff"), true},
		{TextValue("\xff"), TextValue("\ufffd"), false},
		{TextValue("a\xffb"), TextValue("A\xffB"), true},
		{host(t, []any{"a", "b"}), TextValue("A, B"), true},
		{host(t, []any{12}), NumberValue(Int(12)), true},
		{host(t, []string{"x"}), host(t, []any{"X"}), true},
		{host(t, map[string]any{"a": 1}), TextValue(`{"A":1}`), true},
		{host(t, []any{}), Value{}, true},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, Equal(tt.a, tt.b), "%q == %q", tt.a.String(), tt.b.String())
		require.Equal(t, tt.want, Equal(tt.b, tt.a), "%q == %q (swapped)", tt.b.String(), tt.a.String())
	}
}

func TestFoldEqualAgreesWithFoldString(t *testing.T) {
	// D27: the allocation-free comparison and scan of ASCII texts agree
	// with the folded copies that other texts use.
	r := rand.New(rand.NewSource(27))
	alphabet := []string{"a", "A", "k", "b", "Z", "z", "[", "@", "`", "{", "K", "\u212a", "s", "S", "\u017f", "é", "É", "ß", "ẞ", "σ", "ς", "Σ",
		"\xff", "\xc3", "\ufffd", " ", "1", "ǅ", "ǆ", "Ǆ", "€", "\xe2\x82", "\x82", "\xac", "\xed\xa0\x80"}
	gen := func() string {
		var b strings.Builder
		for n := r.Intn(6); n > 0; n-- {
			b.WriteString(alphabet[r.Intn(len(alphabet))])
		}
		return b.String()
	}
	for i := 0; i < 20000; i++ {
		a, b := gen(), gen()
		require.Equal(t, foldString(a) == foldString(b), foldEqual(a, b), "%q %q", a, b)
		require.Equal(t, strings.Contains(foldString(a), foldString(b)), containsFold(a, b), "%q contains %q", a, b)
	}
}

func TestOrder(t *testing.T) {
	// D28: numeric when both sides are numbers or plain number text; false
	// when either side is empty; otherwise an error that suggests number().
	tests := []struct {
		a, b Value
		c    int
	}{
		{TextValue("9"), TextValue("10"), -1},
		{NumberValue(Int(9)), TextValue("10"), -1},
		{TextValue("10.0"), NumberValue(Int(10)), 0},
		{TextValue(" 2.5 "), TextValue("-3"), 1},
		{NumberValue(num(t, "123456789012345678901234567890")), NumberValue(Int(1)), 1},
	}
	for _, tt := range tests {
		c, ok, err := Order(tt.a, tt.b)
		require.NoError(t, err)
		require.True(t, ok)
		require.Equal(t, tt.c, c, "%v <=> %v", tt.a, tt.b)
	}
	for _, pair := range [][2]Value{{Value{}, NumberValue(Int(1))}, {TextValue("5"), Value{}}, {TextValue(""), TextValue("abc")},
		{TextValue("  "), NumberValue(Int(1))}, {Value{}, Value{}}} {
		_, ok, err := Order(pair[0], pair[1])
		require.NoError(t, err)
		require.False(t, ok)
	}
	_, _, err := OrderOp("<", TextValue("1,200"), NumberValue(Int(5)))
	requireFailure(t, err, ErrType, "< needs numbers; '1,200' is not a number: use ${number(...)}")
	_, _, err = OrderOp(">=", NumberValue(Int(5)), TextValue("abc"))
	requireFailure(t, err, ErrType, ">= needs numbers; 'abc' is not a number, and number(...) finds none in it")
	_, _, err = Order(TextValue("abc"), TextValue("abd"))
	requireFailure(t, err, ErrType, "comparison needs numbers; 'abc' is not a number, and number(...) finds none in it")
	_, _, err = OrderOp(">", BoolValue(true), NumberValue(Int(1)))
	requireFailure(t, err, ErrType, "> needs numbers; a boolean is not a number")
	_, _, err = OrderOp(">", host(t, []any{}), NumberValue(Int(1)))
	requireFailure(t, err, ErrType, "> needs numbers; a list is not a number")
	_, _, err = OrderOp(">", NumberValue(Int(1)), host(t, map[string]any{}))
	requireFailure(t, err, ErrType, "> needs numbers; a dictionary is not a number")
	// G6: data is echoed short and as valid UTF-8.
	// D37: the echoed text is cut at 120 characters with …, and invalid
	// UTF-8 and control characters are written as escapes.
	_, _, err = OrderOp("<", TextValue(strings.Repeat("x", 100)+"\xff"), NumberValue(Int(1)))
	requireFailure(t, err, ErrType, "< needs numbers; '"+strings.Repeat("x", 100)+"\\xff' is not a number, and number(...) finds none in it")
	_, _, err = OrderOp("<", TextValue(strings.Repeat("x", 200)), NumberValue(Int(1)))
	requireFailure(t, err, ErrType, "< needs numbers; '"+strings.Repeat("x", 119)+"…' is not a number, and number(...) finds none in it")
	_, _, err = OrderOp("<", TextValue("a\u202eb\x1b"), NumberValue(Int(1)))
	requireFailure(t, err, ErrType, "< needs numbers; 'a\\u202eb\\u001b' is not a number, and number(...) finds none in it")
	_, _, err = OrderOp("<", TextValue("a\xffb\nc"), NumberValue(Int(1)))
	requireFailure(t, err, ErrType, "< needs numbers; 'a\\xffb\\nc' is not a number, and number(...) finds none in it")
}

// review-lang F1: whether text is a number trims by the one blank rule
// (TrimBlank, D27, D30): a zero-width space or a byte-order mark around
// the digits is blank, so == 5.0 and >= 5 agree with == 5.
func TestNumberTextTrimsBlank(t *testing.T) {
	for _, s := range []string{"5\ufeff", "\u200b5", "\u00a05\u00a0", "\ufeff 5\u200b\t"} {
		n, ok := ToNumber(TextValue(s))
		require.True(t, ok, "%q", s)
		require.Equal(t, "5", n.String(), "%q", s)
		for _, five := range []Value{NumberValue(Int(5)), TextValue("5.0")} {
			eq, err := Limits{}.Equal(TextValue(s), five)
			require.NoError(t, err)
			require.True(t, eq, "%q == %v", s, five)
		}
		c, ok, err := Order(TextValue(s), NumberValue(Int(5)))
		require.NoError(t, err, "%q", s)
		require.True(t, ok, "%q", s)
		require.Zero(t, c, "%q", s)
	}
	what, plain := NumberText("1e3\ufeff")
	require.Equal(t, WrittenNumber, what)
	require.Equal(t, "1000", plain)
}

func TestMember(t *testing.T) {
	// D29: `in` is membership (list items by Equal, or text split at commas
	// with items trimmed), never a substring test.
	tests := []struct {
		a, b Value
		want bool
	}{
		{TextValue("Active"), TextValue("Active, Pending"), true},
		{TextValue("pending"), TextValue("Active,  Pending "), true},
		{TextValue("Act"), TextValue("Active, Pending"), false},
		{TextValue("Active, Pending"), TextValue("Active, Pending"), false},
		{NumberValue(Int(12)), TextValue("10, 12.0, 14"), true},
		{TextValue("12"), host(t, []any{json12(), "x"}), true},
		{TextValue("b"), host(t, []string{"a", "B"}), true},
		{TextValue("c"), host(t, []string{"a", "B"}), false},
		{TextValue("id"), host(t, map[string]any{"ID": 1}), true},
		{TextValue("x"), host(t, map[string]string{"y": "x"}), false},
		{TextValue("x"), Value{}, false},
		{TextValue(""), TextValue(""), false},
		{Value{}, TextValue(" , "), false},
		{TextValue(""), host(t, []any{nil}), true},
		{Value{}, host(t, []any{""}), true},
		{TextValue("1"), NumberValue(Int(1)), true},
		{TextValue("true"), BoolValue(true), true},
		{TextValue("a"), TextValue("a"), true},
		{TextValue("a"), TextValue(",a,"), true},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, Member(tt.a, tt.b), "%q in %q", tt.a.String(), tt.b.String())
	}
}

func json12() any { return 12 }

func TestContains(t *testing.T) {
	// D29: `contains` is a substring test without regard to case for text,
	// and an item equal to the right side (D27) for a list.
	tests := []struct {
		a, b Value
		want bool
	}{
		{TextValue("Please SKIP this"), TextValue("skip"), true},
		{TextValue("Please SKIP this"), TextValue("skipped"), false},
		{TextValue("ÉCOLE normale"), TextValue("école"), true},
		{TextValue("STRASSE"), TextValue("ß"), true}, // full case folding (D27)
		{TextValue("Straße 5"), TextValue("SSE 5"), true},
		{TextValue("\u13a0\u13a1 x"), TextValue("\uab70\uab71"), true}, // Cherokee folds to its capitals (D27)
		{TextValue("\uab70\uab71 x"), TextValue("\u13a1 X"), true},
		{TextValue("abc"), TextValue(""), true},
		{TextValue("abc"), Value{}, true},
		{Value{}, TextValue("a"), false},
		{Value{}, Value{}, true},
		{NumberValue(num(t, "12345.5")), TextValue("45.5"), true},
		{TextValue("total 1200"), NumberValue(Int(1200)), true},
		{host(t, []any{"a", 12}), TextValue("12.0"), true},
		{host(t, []any{"alpha"}), TextValue("alp"), false},
		{host(t, []string{"x", "Y"}), TextValue("y"), true},
		{host(t, map[string]any{"Key": 1}), TextValue("key"), true},
		{host(t, map[string]any{"Key": 1}), TextValue("1"), false},
		{TextValue("a\xffb"), TextValue("\xffB"), true},
		{TextValue("a\xffb"), TextValue("\xfeb"), false},
		{TextValue("x, y"), host(t, []string{"x", "y"}), true},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, Contains(tt.a, tt.b), "%q contains %q", tt.a.String(), tt.b.String())
	}
}

func TestContainsLong(t *testing.T) {
	// D29 and reliability 3: long texts take the linear search over folded
	// copies, with the same answers as the direct scan.
	hay := strings.Repeat("a", 200000) + "Straße\u212a"
	require.True(t, Contains(TextValue(hay), TextValue(strings.Repeat("A", 1000)+"STRAẞEk")))
	require.False(t, Contains(TextValue(hay), TextValue(strings.Repeat("A", 1000)+"b")))
	require.False(t, Contains(TextValue(hay), TextValue(strings.Repeat("a", 1000)+"\xff")))
	require.True(t, Contains(TextValue("\xff"+hay), TextValue("\xff"+strings.Repeat("A", 1000))))
	require.False(t, containsFold("short", strings.Repeat("x", 70000)))
}

// D35: the package-level comparisons carry a default work budget of their
// own, so a list that holds one large dictionary thousands of times (a
// YAML alias) costs what it costs each time and is stopped: the same
// input spends a default budget, and the plain form, under one, is false.
func TestPlainComparisonsAreBudgeted(t *testing.T) {
	require.NotNil(t, plain().Budget)
	big := make(map[string]any, 5000)
	for i := 0; i < 5000; i++ {
		big[strconv.Itoa(i)+strings.Repeat("k", 20)] = strings.Repeat("v", 20)
	}
	refs := make([]any, 2000)
	for i := range refs {
		refs[i] = big
	}
	list, err := FromHost(refs)
	require.NoError(t, err)
	_, err = Limits{Budget: NewBudget(context.Background(), 0, 0)}.Member(TextValue("q"), list)
	require.ErrorIs(t, err, ErrBudget)
	require.False(t, Member(TextValue("q"), list))
	require.False(t, Contains(list, TextValue("q")))
}

// `contains` and `in` with a dictionary charge the same work at every
// evaluation: the keys are compared in one order, not Go's map order
// (random at every range), so the work, and whether a budget near its end
// runs out, is the same each time (found by proptest's property 9).
func TestDictKeySearchWorkIsDeterministic(t *testing.T) {
	dict := map[string]any{}
	for i := 0; i < 8; i++ {
		dict[strings.Repeat("k", 1+i*5)] = i
	}
	d, needle := host(t, dict), TextValue("kkkkkk")
	var want [2]int64
	for i := 0; i < 200; i++ {
		l := Limits{Budget: NewBudget(context.Background(), 0, 0)}
		ok, err := l.Contains(d, needle)
		require.NoError(t, err)
		require.True(t, ok)
		ok, err = l.Member(needle, d)
		require.NoError(t, err)
		require.True(t, ok)
		bytes, steps := l.Budget.Used()
		if i == 0 {
			want = [2]int64{bytes, steps}
		}
		require.Equal(t, want, [2]int64{bytes, steps}, "evaluation %d", i)
	}
}

// A row of a table (a sheet's row) is searched by `contains` and `in` in
// its columns' order, which is the same at every evaluation, as sorted
// keys are: the key found first is compared first and the search charges
// that one comparison, without sorting every column's name on each
// evaluation of the row.
func TestTableKeySearchInColumnOrder(t *testing.T) {
	keys := []string{"Zeta"}
	for i := range 200 {
		keys = append(keys, "Column "+strconv.Itoa(i))
	}
	tab, err := NewTable(keys)
	require.NoError(t, err)
	require.NoError(t, tab.Append())
	rows, err := FromHost(tab)
	require.NoError(t, err)
	row, err := rows.Index(0)
	require.NoError(t, err)
	for range 3 {
		l := Limits{Budget: NewBudget(context.Background(), 0, 0)}
		ok, err := l.Contains(row, TextValue("Zeta"))
		require.NoError(t, err)
		require.True(t, ok)
		bytes, _ := l.Budget.Used()
		require.Equal(t, int64(2*len("Zeta")), bytes, "one comparison, with the first column")
		ok, err = l.Contains(row, TextValue("Column 7"))
		require.NoError(t, err)
		require.True(t, ok)
	}
}

// FuzzCompare: a side of 29 bytes, most of them invalid UTF-8 or control
// characters, each echoed as an escape of four or six characters, is cut
// to echo.Max characters; with the longest words (83 characters) the
// message was 203 characters, past the 200 the fuzz target once allowed
// for the whole message. D37 bounds the echo, which is cut.
func TestOrderOpMessageOfEscapedText(t *testing.T) {
	b := "0\xd0\xd0\xd0\xd0\xd00\x9c\xea\xf5\x90\x8a\xfe\xf1\xdf0\x90\a\x1d\xfc\xaf00\xa1\x19\x1b\x1e\xae0\x10\xf6"
	_, _, err := OrderOp("<", TextValue("0"), TextValue(b))
	require.EqualError(t, err, "< needs numbers; "+echo.Quote(b)+" is not a number, nor one number that number(...) reads as written")
	require.LessOrEqual(t, utf8.RuneCountInString(echo.Quote(b)), echo.Max+2, "the echo is cut")
	require.Greater(t, utf8.RuneCountInString(err.Error()), 200)
}
