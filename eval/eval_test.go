package eval_test

import (
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// data is the sample every table reads: shaped like JSON decoded with
// UseNumber, as flows get it from sheets and forms.
func data(t testing.TB) map[string]any {
	t.Helper()
	const src = `{
	  "packages": ["basic", "plus", "gold"],
	  "ok_ids": ["A-1", "B-2", "C-3"],
	  "ids": [],
	  "count": 4,
	  "total": 100,
	  "n": 7,
	  "a": 2, "b": 3,
	  "x": "  Hello World  ",
	  "price": "12",
	  "half": " 3.5 ",
	  "word": "abc",
	  "flag": true,
	  "nothing": null,
	  "blank": "",
	  "i": 1,
	  "k": "_secret",
	  "rows": [
	    {"request_id": "REQ-1", "id": 10},
	    {"request_id": "REQ-2", "id": 20},
	    {"request_id": "REQ-3", "id": 30}
	  ],
	  "row": {
	    "First Name": "Somchai",
	    "Role in Company": "CTO",
	    "Unit Price (THB)": "1,250.50",
	    "premium": "15434.75",
	    "premium_text": "15,434.75 บาท/ปี",
	    "brand": "  toyota ",
	    "status": "Active",
	    "amount": 12,
	    "_id": "hidden-but-quoted",
	    "a+b": "plus key",
	    "nested": {"deep": {"x": 1}},
	    "2026": "year column",
	    " padded": "key with a space",
	    "Time: Start": "09:00"
	  },
	  "config": {"email": {"to": "ops@example.com"}},
	  "ลูกค้า": "สมชาย",
	  "Total (THB)": 99,
	  "len(items)": "a variable named like a call"
	}`
	dec := json.NewDecoder(strings.NewReader(src))
	dec.UseNumber()
	var m map[string]any
	require.NoError(t, dec.Decode(&m))
	return m
}

func newScope(t testing.TB) *scope.Scope {
	env := map[string]string{"HOME": "/home/flow", "TEAM": "ops"}
	return scope.New(data(t), scope.WithEnv(func(k string) (string, bool) {
		v, ok := env[k]
		return v, ok
	}))
}

func render(t *testing.T, s *scope.Scope, text string) (string, error) {
	t.Helper()
	tpl, err := eval.Compile(text)
	if err != nil {
		return "", err
	}
	return tpl.Render(s)
}

type renderCase struct {
	text string
	want string
}

func runRender(t *testing.T, cases []renderCase) {
	t.Helper()
	s := newScope(t)
	for _, c := range cases {
		got, err := render(t, s, c.text)
		require.NoError(t, err, c.text)
		require.Equal(t, c.want, got, c.text)
	}
}

type errCase struct {
	text   string
	msg    string // the whole Error() text
	kind   error
	offset int // Offset inside the expression; -1: not checked
}

func runErrors(t *testing.T, cases []errCase) {
	t.Helper()
	s := newScope(t)
	for _, c := range cases {
		_, err := render(t, s, c.text)
		require.Error(t, err, c.text)
		if c.msg != "" {
			require.Equal(t, c.msg, err.Error(), c.text)
		}
		var e *eval.Error
		require.True(t, errors.As(err, &e), c.text)
		if c.kind != nil {
			require.ErrorIs(t, err, c.kind, c.text)
		}
		if c.offset >= 0 {
			require.Equal(t, c.offset, e.Offset, c.text)
		}
		require.LessOrEqual(t, e.Offset, len(e.Expr), c.text)
	}
}

// Design sections 1 and 3: every example.
func TestDesignExamples(t *testing.T) {
	runRender(t, []renderCase{
		{"${len(packages)} packages for ${join(ok_ids, ', ')}", "3 packages for A-1, B-2, C-3"},
		{"${number(row.premium) * 12}", "185217"},
		{"${trim(upper(row.brand))}", "TOYOTA"},
		{"${rows[0].request_id}", "REQ-1"},
		{"${row.First Name}", "Somchai"},
		{"${row.Role in Company}", "CTO"},
		{"${config.email.to}", "ops@example.com"},
		{"${env.HOME}", "/home/flow"},
		{"${rows[0]}", `{"id":10,"request_id":"REQ-1"}`},
		{"${rows[-1].request_id}", "REQ-3"},
		{"${row['Unit Price (THB)']}", "1,250.50"},
		{"${rows[i].id}", "20"},
		{"${count + 1}", "5"},
		{"${number(row.premium) * 1.07}", "16515.1825"},
		{"${total / len(rows)}", "33.33333333333333333333333333333333"},
		{"${n % 2}", "1"},
		{"${-n}", "-7"},
		{"${(a + b) * 2}", "10"},
		{"${len(rows)}", "3"},
		{"${join(ids, ', ')}", ""},
	})
}

// D11: an index computed while the row is evaluated counts from the end
// when it is negative, as a written one does: -1 is the last item, -len
// the first, and one further out of range is empty.
func TestComputedNegativeIndex(t *testing.T) {
	runRender(t, []renderCase{
		{"${rows[i - 2].request_id}", "REQ-3"},
		{"${rows[i - 3].request_id}", "REQ-2"},
		{"${rows[i - 4].request_id}", "REQ-1"},
		{"${rows[i - 5].request_id}", ""},
		{"${rows[i + 2].request_id}", ""},
	})
}

// D2, D3: exact decimal numbers, shown plainly.
func TestExactNumbers(t *testing.T) {
	runRender(t, []renderCase{
		{"${0.1 + 0.2}", "0.3"},        // D2
		{"${100 * 1.07}", "107"},       // D2
		{"${15434.75 * 12}", "185217"}, // D2
		{"${1 / 4}", "0.25"},
		{"${2 / 3}", "0.6666666666666666666666666666666667"}, // D2: 34 digits
		{"${-0}", "0"},                                       // D3
		{"${1.50 + 0}", "1.5"},                               // D3: no trailing zeros
		{"${1000000 * 1}", "1000000"},
		{"${0 - 0.25}", "-0.25"},
		{"${price * 2}", "24"}, // E3: plain number text counts
		{"${half * 2}", "7"},   // D6: surrounding white space
		{"${+a}", "2"},
	})
}

// D8: floored modulo, and division by zero.
func TestModulo(t *testing.T) {
	runRender(t, []renderCase{
		{"${-7 % 3}", "2"},
		{"${7 % -3}", "-2"},
		{"${7 % 3}", "1"},
		{"${7.5 % 2}", "1.5"},
	})
	runErrors(t, []errCase{
		{"${n / 0}", "${n / 0}: division by zero", eval.ErrDivisionByZero, 2},
		{"${n % (a - 2)}", "${n % (a - 2)}: division by zero", eval.ErrDivisionByZero, 2},
	})
}

// D7: arithmetic on anything but numbers fails with a hint.
func TestArithmeticKinds(t *testing.T) {
	runErrors(t, []errCase{
		{"${word * 2}", "${word * 2}: word is text ('abc'), not a number, and number(...) finds none in it", eval.ErrType, 0},
		{"${row.premium_text * 12}", "${row.premium_text * 12}: row.premium_text is text ('15,434.75 บาท/ปี'), not a number; use number(row.premium_text)", eval.ErrType, 0},
		{"${missing + 1}", "${missing + 1}: missing is empty; use default(missing, 0)", eval.ErrType, 0},
		{"${1 + flag}", "${1 + flag}: flag is a boolean, not a number", eval.ErrType, 4},
		{"${packages * 2}", "${packages * 2}: packages is a list, not a number", eval.ErrType, 0},
		{"${-row}", "${-row}: row is a dictionary, not a number", eval.ErrType, 1},
		{"${'12' + 'x'}", "${'12' + 'x'}: 'x' is text ('x'), not a number, and number(...) finds none in it", eval.ErrType, 7},
	})
	runRender(t, []renderCase{{"${'12' + 1}", "13"}})
}

// D5: a field that is exactly one ${...} keeps its value's kind.
func TestWholeValue(t *testing.T) {
	s := newScope(t)
	kinds := map[string]value.Kind{
		"${packages}":          value.List,
		"${row}":               value.Dict,
		"${count + 1}":         value.Number,
		"${flag}":              value.Bool,
		"${missing}":           value.Empty,
		"${row.status}":        value.Text,
		" ${count}":            value.Text,
		"${count} ":            value.Text,
		"${count}${count}":     value.Text,
		"n = ${count}":         value.Text,
		"no placeholders here": value.Text,
	}
	for text, want := range kinds {
		tpl, err := eval.Compile(text)
		require.NoError(t, err)
		v, err := tpl.Value(s)
		require.NoError(t, err, text)
		require.Equal(t, want, v.Kind(), text)
	}
}

// D4: showing values inside text.
func TestShowing(t *testing.T) {
	runRender(t, []renderCase{
		{"[${missing}]", "[]"},
		{"${flag}", "true"},
		{"${packages}", "basic, plus, gold"},
		{"${row.nested}", `{"deep":{"x":1}}`},
		{"${nothing}|${blank}", "|"},
	})
}

// D9: names, `_`, Unicode.
func TestNames(t *testing.T) {
	runRender(t, []renderCase{
		{"${ลูกค้า}", "สมชาย"},
		{"${len(ลูกค้า)}", "5"},
		{"${row['_id']}", "hidden-but-quoted"},
		{"${row[k]}", ""}, // a dynamic key reads any key; _secret is missing
		{"${True}", ""},   // D9: an ordinary (missing) name
		{"${None}", ""},
	})
	runErrors(t, []errCase{
		{"${_secret}", "${_secret}: names starting with _ are not allowed", eval.ErrForbidden, 0},
		{"${x.__class__}", "${x.__class__}: names starting with _ are not allowed; for a key that starts with _, write ['__class__']", eval.ErrForbidden, 2},
		{"${row._id}", "${row._id}: names starting with _ are not allowed; for a key that starts with _, write ['_id']", eval.ErrForbidden, 4},
		{"${__import__('os')}", "${__import__('os')}: names starting with _ are not allowed", eval.ErrForbidden, 0},
		{"${len(_x)}", "${len(_x)}: names starting with _ are not allowed", eval.ErrForbidden, 4},
	})
}

// D10, D11: keys and indexes.
func TestKeysAndIndexes(t *testing.T) {
	runRender(t, []renderCase{
		{"[${row.status.more}]", "[]"}, // D10: .key of text is empty
		{"[${count.x}]", "[]"},
		{"[${packages.x}]", "[]"},
		{"[${rows[3]}]", "[]"}, // D11: out of range
		{"[${rows[-4]}]", "[]"},
		{"${rows[-3].id}", "10"},
		{"${rows['1'].id}", "20"}, // plain number text counts as a number (E3)
		{"${row[2026]}", "year column"},
		{"${row['status']}", "Active"},
		{"[${row['missing']}]", "[]"},
		{"[${word[0]}]", "[]"},
		{"[${rows[missing]}]", "[]"},
		{"${row.nested.deep.x}", "1"},
		{"${row['nested']['deep'].x}", "1"},
	})
	runErrors(t, []errCase{
		{"${rows[1.5]}", "${rows[1.5]}: a list index must be a whole number, got 1.5", eval.ErrType, 5},
		{"${rows['a']}", "${rows['a']}: a list index must be a whole number, got text 'a'", eval.ErrType, 5},
		{"${row[flag]}", "${row[flag]}: a dictionary key must be text, got a boolean", eval.ErrType, 4},
		{"${rows[1:2]}", "${rows[1:2]}: slices ([a:b]) are not allowed; for a list, take items by index (rows[1]); for text, use substring(...) or part(...)", eval.ErrForbidden, -1},
	})
}

// E1, D12: a lookup that works wins; section 4 order.
func TestLookupOrder(t *testing.T) {
	runRender(t, []renderCase{
		{"${row.Role in Company}", "CTO"},
		{"${row.a+b}", "plus key"},
		{"${len(items)}", "a variable named like a call"},
		{"${Total (THB)}", "99"},
		{"[${row.Missing Column}]", "[]"}, // no expression syntax: a missing lookup
		// `,`, `:` and a lone `!` are no expression syntax (no operators):
		// a key that holds one is read, and one that is missing is empty
		{"${row.Time: Start}", "09:00"},
		{"[${row.Time: End}]", "[]"},
		{"[${Dear John,}]", "[]"},
		{"[${row.status!}]", "[]"},
		{"[${row.First Name Here}]", "[]"},
		{"[${no such thing}]", "[]"},
		{"${ row.status }", "Active"},
		{"${row. status}", "Active"},           // the expression reads the key status
		{"${row. padded}", "key with a space"}, // E1: the dotted path reads " padded" first
		{"${env.TEAM}", "ops"},
		{"[${env.NOT_SET}]", "[]"},
		{"${len(env.HOME)}", "10"},
	})
	runErrors(t, []errCase{
		{"${row.Role in Team}", "${row.Role in Team}: 'in' is not allowed inside ${...}; write it in a condition", eval.ErrForbidden, -1},
		{"${row.Price (THB)}", "${row.Price (THB)}: method calls are not allowed; for a key with parentheses in it, write row['Price (THB)']", eval.ErrForbidden, -1},
		{"${row.Unit Cost (THB)}", "", eval.ErrSyntax, -1}, // a missing key with expression syntax
	})
	// A number grouped by commas alone is no expression either: a trap
	// says it is empty and how the language writes it (D44).
	traps := eval.MustCompile("${1,200}").Traps()
	require.Len(t, traps, 1)
	require.Equal(t, "1,200: this is read as a variable '1,200', so it is empty; a number is written without commas: write 1200", traps[0].Message())
	require.Equal(t, eval.TrapNumber, traps[0].Kind)
}

// D12: every forbidden construct has its own message.
func TestForbidden(t *testing.T) {
	const cond = " is not allowed inside ${...}; write it in a condition"
	cases := []struct{ text, reason string }{
		{"a == b", "comparisons are not allowed inside ${...}; write them in a condition"},
		{"a != b", "comparisons are not allowed inside ${...}; write them in a condition"},
		{"a < b", "comparisons are not allowed inside ${...}; write them in a condition"},
		{"a >= b", "comparisons are not allowed inside ${...}; write them in a condition"},
		{"a and b", "'and'" + cond},
		{"a or b", "'or'" + cond},
		{"not a", "'not'" + cond},
		{"a in packages", "'in'" + cond},
		{"a not in packages", "'in'" + cond},
		{"a is None", "'is'" + cond},
		{"a ** 2", "** is not allowed; multiply instead"},
		{"lambda x: x", "lambda is not allowed"},
		{"[p for p in packages]", "comprehensions (for ... in ...) are not allowed"},
		{"a if flag else b", "if ... else is not allowed inside ${...}; use a condition, or default(...)"},
		{"f'{a}'", "f-strings are not allowed; write the text around ${...} instead"},
		{"a = 1", "assignment (=) is not allowed"},
		{"a := 1", "assignment (:=) is not allowed"},
		{"x.upper()", "method calls are not allowed; write upper(x)"},                       // D13
		{"row.brand.strip()", "method calls are not allowed"},                               // D13: not one of ours
		{"x.replace('a', 'b')", "method calls are not allowed; write replace(x, 'a', 'b')"}, // D13
		// D13 with D49: the call it reads as would have the wrong number
		// of values, so the hint says how the function is called
		{"x.replace('a')", "method calls are not allowed; replace takes 3 values, got 2: write replace(x, old, new)"},
		{"row.a.upper(1)", "method calls are not allowed; upper takes 1 value, got 2: write upper(row.a)"},
		{"x.replace(a='l')", "method calls and keyword arguments (a=...) are not allowed; write replace(x, old, new), with the values in order"},
		{"x.upper().lower()", "method calls are not allowed; write lower(upper(x))"}, // D13, chained
		{"x. upper ()", "method calls are not allowed; write upper(x)"},              // D13, spaced
		{"x .replace ('a', 'b')", "method calls are not allowed; write replace(x, 'a', 'b')"},
		{"join(ids, sep=', ')", "keyword arguments (sep=...) are not allowed; give the values in order"},
		{"packages[0:2]", "slices ([a:b]) are not allowed; for a list, take items by index (packages[0]); for text, use substring(...) or part(...)"},
		{"x[a[0]:]", "slices ([a:b]) are not allowed; for a list, take items by index (x[a[0]]); for text, use substring(...) or part(...)"},
		{"x[:2]", "slices ([a:b]) are not allowed; for a list, take items by index (x[0]); for text, use substring(...) or part(...)"},
		{"[1, 2]", "list literals ([...]) are not allowed"},
		{"a // 2", "the operator // is not allowed; use + - * / or %"},
	}
	s := newScope(t)
	for _, c := range cases {
		text := "${" + c.text + "}"
		_, err := render(t, s, text)
		require.Error(t, err, text)
		require.Equal(t, text+": "+c.reason, err.Error())
		require.ErrorIs(t, err, eval.ErrForbidden, text)
	}
}

// D14, D15: unknown functions and arity.
func TestFunctionsChecked(t *testing.T) {
	runErrors(t, []errCase{
		{"${lenght(packages)}", "${lenght(packages)}: unknown function lenght; did you mean len?", eval.ErrUnknownFunction, 0},
		{"${LEN(packages)}", "${LEN(packages)}: unknown function LEN; did you mean len?", eval.ErrUnknownFunction, 0},
		{"${eval('1')}", "", eval.ErrUnknownFunction, 0},
		{"${len(rows, 2)}", "${len(rows, 2)}: len takes 1 value, got 2", eval.ErrArity, 0}, // E6
		{"${len()}", "${len()}: len takes 1 value, got 0", eval.ErrArity, 0},
		{"${join(a, b, c)}", "${join(a, b, c)}: join takes 1 or 2 values, got 3", eval.ErrArity, 0},
		{"${replace(x, 'a')}", "${replace(x, 'a')}: replace takes 3 values, got 2", eval.ErrArity, 0},
		{"${number('abc')}", "${number('abc')}: number: no number in 'abc'", eval.ErrValue, -1},
		{"${upper(len(packages, 1))}", "${upper(len(packages, 1))}: len takes 1 value, got 2", eval.ErrArity, 6},
	})
}

// D16: the error carries the text as written, the reason, the offset and
// the line and column in the template.
func TestErrorFields(t *testing.T) {
	s := newScope(t)
	tpl, err := eval.Compile("Dear ${row.First Name},\n  total: ${ word * 2 }")
	require.NoError(t, err)
	_, err = tpl.Render(s)
	var e *eval.Error
	require.True(t, errors.As(err, &e))
	require.Equal(t, " word * 2 ", e.Expr)
	require.Equal(t, "word is text ('abc'), not a number, and number(...) finds none in it", e.Reason)
	require.Equal(t, 1, e.Offset)
	require.Equal(t, 2, e.Line)
	require.Equal(t, 13, e.Column) // characters: `  total: ${ ` is 11, then the w
	require.Equal(t, "${ word * 2 }: "+e.Reason, e.Error())

	// Columns count characters, not bytes: Thai text before the placeholder.
	tpl, err = eval.Compile("ลูกค้า ${1 +}")
	require.NoError(t, err)
	_, err = tpl.Render(s)
	require.True(t, errors.As(err, &e))
	require.Equal(t, 1, e.Line)
	require.Equal(t, 10+e.Offset, e.Column)
	require.ErrorIs(t, err, eval.ErrSyntax)
}

// D17: limits at N and N+1.
func TestLimits(t *testing.T) {
	s := newScope(t)
	sum := func(n int) string { // "1+1+...": n characters
		b := strings.Repeat("1+", n/2)
		if n%2 == 1 {
			return b + "1"
		}
		return b[:len(b)-1] + " "
	}
	for _, n := range []int{499, 500} {
		_, err := render(t, s, "${"+sum(n)+"}")
		require.NoError(t, err, n)
	}
	_, err := eval.Compile("${" + sum(501) + "}")
	require.ErrorIs(t, err, eval.ErrLimit)
	require.Contains(t, err.Error(), "longer than 500 characters (it has 501)")

	// 500 Thai characters are 500 characters, not 1500 bytes.
	_, err = eval.Compile("${'" + strings.Repeat("ก", 498) + "'}")
	require.NoError(t, err)
	_, err = eval.Compile("${'" + strings.Repeat("ก", 499) + "'}")
	require.ErrorIs(t, err, eval.ErrLimit)

	nest := func(open, close string, n int) string {
		return strings.Repeat(open, n) + "1" + strings.Repeat(close, n)
	}
	for _, k := range []struct{ open, close string }{{"(", ")"}, {"len(", ")"}, {"rows[", "]"}} {
		_, err := eval.Compile("${" + nest(k.open, k.close, 20) + "}")
		require.NoError(t, err, k.open)
		_, err = eval.Compile("${" + nest(k.open, k.close, 21) + "}")
		require.ErrorIs(t, err, eval.ErrLimit, k.open)
		require.Contains(t, err.Error(), "nested deeper than 20")
	}
	// parentheses, calls and brackets count together
	mixed := strings.Repeat("(", 10) + strings.Repeat("len(", 5) + strings.Repeat("rows[", 6) + "0" +
		strings.Repeat("]", 6) + strings.Repeat(")", 5) + strings.Repeat(")", 10)
	_, err = eval.Compile("${" + mixed + "}")
	require.ErrorIs(t, err, eval.ErrLimit)

	// the size of built text (D17), settable by the host
	small := scope.New(data(t), scope.WithMaxSize(10))
	tpl, err := eval.Compile("${join(packages, '--')}")
	require.NoError(t, err)
	_, err = tpl.Render(small)
	require.ErrorIs(t, err, eval.ErrLimit)
	tpl, err = eval.Compile("${row.status}${row.status}")
	require.NoError(t, err)
	out, err := tpl.Render(small)
	require.ErrorIs(t, err, eval.ErrLimit, out)
}

// D18: finding ${...} in text.
func TestScanning(t *testing.T) {
	runRender(t, []renderCase{
		{"${replace(word, 'b', '}')}", "a}c"},
		{`${replace(word, "b", "'}")}`, "a'}c"},
		{`${replace(word, 'b', '\'}')}`, "a'}c"},
		{"price: ${price", "price: ${price"}, // no closing }: literal
		{"a ${price} b ${", "a 12 b ${"},
		{"$${price}", "$12"},
		{"${price}${price}", "1212"},
		{"no placeholder", "no placeholder"},
		{"{price}", "{price}"},
	})
	runErrors(t, []errCase{
		{"${(a + b}", "", eval.ErrSyntax, -1},
		{"${${a}}", "", eval.ErrSyntax, -1},
		// D18: the first } outside quotes closes, and what is left is a
		// dictionary literal all the same (D12), named as one.
		{"${{'a': 1}}", "${{'a': 1}: dictionary literals ({...}) are not allowed", eval.ErrForbidden, -1},
		{"${{1}}", "${{1}: set literals ({...}) are not allowed", eval.ErrForbidden, -1},
		{"${len({1, 2})}", "${len({1, 2}: set literals ({...}) are not allowed", eval.ErrForbidden, -1},
	})
}

// Templates compiled once are shared by goroutines (run with -race).
func TestConcurrentRender(t *testing.T) {
	s := newScope(t)
	tpls := []*eval.Template{
		eval.MustCompile("${len(packages)} packages for ${join(ok_ids, ', ')}"),
		eval.MustCompile("${number(row.premium) * 12}"),
		eval.MustCompile("${trim(upper(row.brand))} ${rows[0].request_id}"),
	}
	want := []string{"3 packages for A-1, B-2, C-3", "185217", "TOYOTA REQ-1"}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				for k, tpl := range tpls {
					out, err := tpl.Render(s)
					if err != nil || out != want[k] {
						t.Errorf("render %d: %q, %v", k, out, err)
						return
					}
				}
				if _, err := eval.Compile("${count + " + strings.Repeat("1", 1+i%7) + "}"); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

func TestCompileIsCached(t *testing.T) {
	a, err := eval.Compile("${count * 3}")
	require.NoError(t, err)
	b, err := eval.Compile("${count * 3}")
	require.NoError(t, err)
	require.Same(t, a, b)
	c, err := eval.Compile("${count * 3}", eval.WithoutCache())
	require.NoError(t, err)
	require.NotSame(t, a, c)
}

// Host data of a kind the library does not read is an error, not a peek.
func TestUnsupportedData(t *testing.T) {
	type secret struct{ Password string }
	s := scope.New(map[string]any{"obj": secret{"hunter2"}, "fn": func() {}, "m": map[string]any{"p": &secret{}}})
	for _, text := range []string{"${obj}", "${obj.Password}", "${len(fn)}", "${m.p}"} {
		_, err := render(t, s, text)
		require.ErrorIs(t, err, eval.ErrData, text)
		require.NotContains(t, err.Error(), "hunter2")
		require.NotContains(t, err.Error(), "secret")
		require.NotContains(t, err.Error(), "func")
	}
}

// Hints for what flow authors write by habit.
func TestHints(t *testing.T) {
	vars := data(t)
	vars["row"].(map[string]any)["discount"] = ""
	s := scope.New(vars)
	for text, want := range map[string]string{
		// D7: a blank cell is not helped by number(), which gives empty too
		"${row.discount + 1}": "${row.discount + 1}: row.discount is blank text (''), not a number; use default(number(row.discount), 0)",
		// a key with parentheses reads like a method call
		"${number(row.Amount (THB))}": "${number(row.Amount (THB))}: method calls are not allowed; for a key with parentheses in it, write row['Amount (THB)']",
	} {
		_, err := render(t, s, text)
		require.Error(t, err, text)
		require.Equal(t, want, err.Error())
	}
}

// Problems (D32) reports what rendering would refuse whatever the data.
func TestProblems(t *testing.T) {
	s := newScope(t)
	for text, want := range map[string][]string{
		"${row._id}":                {"${row._id}: names starting with _ are not allowed; for a key that starts with _, write ['_id']"},
		"a ${lenght(x)} b ${len()}": {"${lenght(x)}: unknown function lenght; did you mean len?", "${len()}: len takes 1 value, got 0"},
		"${row.Role in Company}":    nil, // could be a key: not reported without data
		"${row.total + lenght(x)}":  {"${row.total + lenght(x)}: unknown function lenght; did you mean len?"},
		"${row.Missing Column}":     nil, // a missing lookup, never an error
		"${row.Time: End}":          nil, // `:` is no operator: a missing lookup too
		"${'abc}":                   {"${'abc}: ${ is not closed: the quote ' in it is not closed, so the } after it is taken as text; add the closing ' where the text ends"},
	} {
		tpl, err := eval.Compile(text)
		require.NoError(t, err)
		var got []string
		for _, e := range tpl.Problems(nil) {
			got = append(got, e.Error())
		}
		require.Equal(t, want, got, text)
	}
	// with sample data, a lookup-shaped text is reported only when missing
	tpl := eval.MustCompile("${row.Role in Company} ${row.Role in Team}")
	ps := tpl.Problems(s)
	require.Len(t, ps, 1)
	require.Equal(t, "${row.Role in Team}: 'in' is not allowed inside ${...}; write it in a condition", ps[0].Error())
	require.Equal(t, 1, ps[0].Line)
	require.Equal(t, 26, ps[0].Column) // the construct starts where the expression does
	// `_` parts are refused even when the sample has the key
	require.Len(t, eval.MustCompile("${row._id}").Problems(s), 1)
}

// D49: a ${ whose } a pasted character swallowed (a quote closed with a
// curly quote, the full-width ｝ of an input method) is told with the
// fix, and the text written as it says renders the value meant.
func TestProblemsPastedUnclosedFixWorks(t *testing.T) {
	s := scope.New(map[string]any{"row": map[string]any{"status": "Active"}})
	for text, want := range map[string]string{
		"Hi ${row['status’]}.":             "Hi Active.",
		"${default(row.note, 'n/a’)}":      "n/a",
		`${upper("ok”)} ${row.status}`:     "OK Active",
		"${row.status｝ now":                "Active now",
		"${replace(row.status, 'A', 'a')｝": "active",
	} {
		ps := eval.MustCompile(text).Problems(nil)
		require.Len(t, ps, 1, text)
		msg := ps[0].Error()
		require.Contains(t, msg, "${ is not closed: ", text)
		i := strings.LastIndex(msg, ": ${")
		require.Greater(t, i, 0, msg)
		fix := msg[i+2:]
		at := strings.Index(text, "${")
		end := strings.IndexAny(text[at:], "}｝")
		if j := strings.Index(text[at:], "｝"); j >= 0 {
			end = j + len("｝") - 1
		}
		fixed := text[:at] + fix + text[at+end+1:]
		out, err := render(t, s, fixed)
		require.NoError(t, err, fixed)
		require.Equal(t, want, out, "%s -> %s", text, fixed)
	}
}

// Regressions found by the property suite (proptest/bugs_test.go).
func TestPropertyRegressions(t *testing.T) {
	env := func(k string) (string, bool) {
		v, ok := map[string]string{"COUNT": "3", "HOME": "/home/flow", "_X": "x"}[k]
		return v, ok
	}
	s := scope.New(map[string]any{"list": []any{10, 20}, "row": map[string]any{}}, scope.WithEnv(env))
	for text, want := range map[string]string{
		"${env.COUNT * 2}":                   "6", // step 1 holds only for env.NAME
		"${env.HOME}/bin":                    "/home/flow/bin",
		"[${list[99999999999999999999999]}]": "[]", // D11: whole, out of range
		"[${row['a._b']}]":                   "[]", // a quoted key may hold ._
	} {
		out, err := render(t, s, text)
		require.NoError(t, err, text)
		require.Equal(t, want, out, text)
	}
	for _, text := range []string{"${env._X}", "${upper(env._X)}", "${_my var}", "${nobody._x y}"} {
		_, err := render(t, s, text)
		require.ErrorIs(t, err, eval.ErrForbidden, text) // D9, whatever the data
	}
	// the size cap holds for text without placeholders too (D17)
	tpl := eval.MustCompile(strings.Repeat("0", 65))
	_, err := tpl.Render(scope.New(nil, scope.WithMaxSize(64)))
	require.ErrorIs(t, err, eval.ErrLimit)
	require.Equal(t, "${00000000000000000000000000000000000000000000000000000000000000000}: the text is larger than the limit of 64 bytes", err.Error())
	// reasons stay short however long the operand (D37)
	_, err = render(t, s, "${'"+strings.Repeat("a", 450)+"' + 1}")
	require.ErrorIs(t, err, eval.ErrType)
	require.Less(t, len(err.(*eval.Error).Reason), 500) // D37: each echoed piece at most 120 characters
}

// D9: names follow Unicode identifier rules, as Python reads them: a
// letter number (Ⅷ, 〇), Unicode's Other_ID_Start (℘) and, after the
// first character, Other_ID_Continue (the middle dot ·) are name
// characters, in expressions as in plain paths.
func TestUnicodeIdentifierClasses(t *testing.T) {
	s := scope.New(map[string]any{"ⅷ": []any{1, 2}, "℘": "ab", "x·y": "abc", "〇": 5})
	out, err := eval.MustCompile("${len(ⅷ)} ${len(℘)} ${len(x·y)} ${〇 + 1} ${ⅷ}").Render(s)
	require.NoError(t, err)
	require.Equal(t, "2 2 3 6 1, 2", out)
	_, err = eval.MustCompile("${len(·x)}").Render(s)
	require.ErrorIs(t, err, eval.ErrSyntax, "a middle dot cannot start a name")
}
