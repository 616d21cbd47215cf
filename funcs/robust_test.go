package funcs

import (
	"errors"
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/value"
)

// randomValue makes an argument of any kind, biased to awkward ones:
// invalid UTF-8, Thai, white space, huge and tiny numbers, nested data.
func randomValue(rng *rand.Rand, depth int) value.Value {
	texts := []string{"", " ", "-", "--", "a-b", "1,200", "(1,200)", "฿ -3.5", "๑๒๓", "\xff\xfe", "e\u0301", "Ⱥ",
		"\u00a0x\u200b", "12", "-0", "3.5", "NaN", "1e400", "abc", "บาท/ปี", "\u202e", "a\nb", strings.Repeat("9", 1200)}
	nums := []string{"0", "1", "-1", "2.5", "-2.5", "1000", "-1000", "1001", "0.001", "1" + strings.Repeat("0", 40), "-1" + strings.Repeat("0", 40), "123456789012345678901234567890.5"}
	switch k := rng.Intn(10); {
	case k < 4:
		s := texts[rng.Intn(len(texts))]
		if rng.Intn(3) == 0 {
			s += texts[rng.Intn(len(texts))]
		}
		return txt(s)
	case k < 7:
		return num(nums[rng.Intn(len(nums))])
	case k == 7:
		return boolean(rng.Intn(2) == 0)
	case k == 8 && depth < 3:
		items := make([]any, rng.Intn(4))
		for i := range items {
			items[i] = randomValue(rng, depth+1)
		}
		if rng.Intn(2) == 0 {
			return host(items)
		}
		m := map[string]any{}
		for i, it := range items {
			m[string(rune('a'+i))] = it
		}
		return host(m)
	}
	return null
}

// No function panics on any arguments; each gives a value or a
// *value.Failure whose message starts with the function name, is valid
// UTF-8 and short, and whose text results stay within the cap.
func TestRandomArguments(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	env := &Env{MaxSize: 4096}
	for _, f := range All() {
		lo, hi := f.Arity()
		for i := 0; i < 3000; i++ {
			args := make([]value.Value, lo+rng.Intn(hi-lo+1))
			for j := range args {
				args[j] = randomValue(rng, 0)
			}
			v, err := f.Call(env, args)
			if err != nil {
				var fail *value.Failure
				require.True(t, errors.As(err, &fail), "%s: %v", f.Name, err)
				msg := err.Error()
				require.True(t, strings.HasPrefix(msg, f.Name+" ") || strings.HasPrefix(msg, f.Name+":"), msg)
				require.True(t, utf8.ValidString(msg), msg)
				require.LessOrEqual(t, len(msg), 250, msg)
				continue
			}
			if v.Kind() == value.Text {
				require.LessOrEqual(t, len(v.Text()), env.MaxSize, f.Name)
			}
		}
	}
}
