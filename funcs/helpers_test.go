package funcs

import (
	"errors"
	"strings"
	"testing"
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
