package funcs

import (
	"errors"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/value"
)

// txt, num and host make argument values.
func txt(s string) value.Value { return value.TextValue(s) }

func num(s string) value.Value {
	n, ok := value.ParseNum(s)
	if !ok {
		panic("test: bad number " + s)
	}
	return value.NumberValue(n)
}

func boolean(b bool) value.Value { return value.BoolValue(b) }

func host(x any) value.Value {
	v, err := value.FromHost(x)
	if err != nil {
		panic("test: bad host data: " + err.Error())
	}
	return v
}

var null = value.Value{}

// call runs the named function as the evaluator would: find it,
// CheckArity, Call. It reads the table itself, not a copy from Lookup, as
// the evaluator looks up once at compile time and then calls many times,
// so that the allocation tests count the call alone.
func call(env *Env, name string, args ...value.Value) (value.Value, error) {
	f, ok := byName[name]
	if !ok {
		return value.Value{}, Unknown(name)
	}
	if err := f.CheckArity(len(args)); err != nil {
		return value.Value{}, err
	}
	return f.Call(env, args)
}

// tc is one call and what it must give: a value of kind kind shown as want,
// or a failure of sentinel kind is with the text err.
type tc struct {
	name string
	args []value.Value
	want string
	kind value.Kind
	err  string
	is   error
	env  *Env
}

// run runs the cases of one function.
func run(t *testing.T, fn string, cases []tc) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := call(c.env, fn, c.args...)
			if c.err != "" {
				require.Error(t, err)
				require.Equal(t, c.err, err.Error())
				var f *value.Failure
				require.True(t, errors.As(err, &f), "a *value.Failure")
				require.ErrorIs(t, err, c.is)
				require.True(t, strings.HasPrefix(err.Error(), fn), "the message starts with the function name")
				require.True(t, utf8.ValidString(err.Error()))
				for _, goName := range []string{"value.", "map[", "[]", "int64", "float64", "interface", "Num"} {
					require.NotContains(t, err.Error(), goName, "no Go type name in a message")
				}
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.kind.String(), got.Kind().String(), "kind")
			require.Equal(t, c.want, got.String())
		})
	}
}

// evalExample evaluates an Example's Expr: calls of table functions whose
// arguments are text literals ('..' or ".."), number literals (with an
// optional leading -), nested calls, and names or dotted paths read from
// ExampleData. It is the test's own tiny evaluator; the real one is eval.
func evalExample(expr string) (value.Value, error) {
	data, err := value.FromHost(ExampleData())
	if err != nil {
		return value.Value{}, err
	}
	p := &exampleParser{s: expr, data: data}
	v, err := p.expr()
	if err != nil {
		return value.Value{}, err
	}
	p.space()
	if p.i != len(p.s) {
		return value.Value{}, errors.New("test parser: junk at " + p.s[p.i:])
	}
	return v, nil
}

type exampleParser struct {
	s    string
	i    int
	data value.Value
}

func (p *exampleParser) space() {
	for p.i < len(p.s) && p.s[p.i] == ' ' {
		p.i++
	}
}

func (p *exampleParser) expr() (value.Value, error) {
	p.space()
	if p.i >= len(p.s) {
		return value.Value{}, errors.New("test parser: unexpected end")
	}
	c := p.s[p.i]
	switch {
	case c == '\'' || c == '"':
		end := strings.IndexByte(p.s[p.i+1:], c)
		if end < 0 {
			return value.Value{}, errors.New("test parser: open quote")
		}
		lit := p.s[p.i+1 : p.i+1+end]
		p.i += end + 2
		return value.TextValue(lit), nil
	case c == '-' || c >= '0' && c <= '9':
		j := p.i + 1
		for j < len(p.s) && (p.s[j] >= '0' && p.s[j] <= '9' || p.s[j] == '.') {
			j++
		}
		n, ok := value.ParseNum(p.s[p.i:j])
		if !ok {
			return value.Value{}, errors.New("test parser: bad number " + p.s[p.i:j])
		}
		p.i = j
		return value.NumberValue(n), nil
	}
	name := p.ident()
	if name == "" {
		return value.Value{}, errors.New("test parser: unexpected " + p.s[p.i:])
	}
	p.space()
	if p.i < len(p.s) && p.s[p.i] == '(' {
		p.i++
		var args []value.Value
		for {
			p.space()
			if p.i < len(p.s) && p.s[p.i] == ')' {
				p.i++
				break
			}
			if len(args) > 0 {
				if p.s[p.i] != ',' {
					return value.Value{}, errors.New("test parser: want , at " + p.s[p.i:])
				}
				p.i++
			}
			a, err := p.expr()
			if err != nil {
				return value.Value{}, err
			}
			args = append(args, a)
		}
		return call(nil, name, args...)
	}
	v, _, err := p.data.Key(name)
	for err == nil && p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		v, _, err = v.Key(p.ident())
	}
	return v, err
}

func (p *exampleParser) ident() string {
	j := p.i
	for j < len(p.s) {
		r, size := utf8.DecodeRuneInString(p.s[j:])
		if !(r == '_' || unicode.IsLetter(r) || j > p.i && unicode.IsDigit(r)) {
			break
		}
		j += size
	}
	name := p.s[p.i:j]
	p.i = j
	return name
}
