package value

import (
	"errors"
	"math"
	"math/rand/v2"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"
)

// num parses plain number text or fails the test.
func num(t testing.TB, s string) Num {
	t.Helper()
	n, ok := ParseNum(s)
	require.True(t, ok, "ParseNum(%q)", s)
	return n
}

// requireCanonical checks the representation invariants of a Num.
func requireCanonical(t testing.TB, n Num) {
	t.Helper()
	if n.big == nil {
		require.NotEqual(t, int64(math.MinInt64), n.coef)
		if n.coef == 0 {
			require.Equal(t, int32(0), n.exp, "zero has exponent 0")
		} else {
			require.NotZero(t, n.coef%10, "no trailing zeros: %d", n.coef)
		}
		return
	}
	require.False(t, n.big.Coeff.IsInt64(), "a huge number only when it does not fit: %s", n.big)
	s := n.big.Coeff.Text(10)
	require.NotEqual(t, "0", s)
	require.NotEqual(t, byte('0'), s[len(s)-1], "no trailing zeros: %s", s)
}

func requireFailure(t testing.TB, err error, kind error, reason string) {
	t.Helper()
	require.Error(t, err)
	require.True(t, errors.Is(err, kind), "kind of %v", err)
	var f *Failure
	require.True(t, errors.As(err, &f))
	if reason != "" {
		require.Equal(t, reason, f.Reason)
	}
}

func TestArithmetic(t *testing.T) {
	// D2: + - * are exact; D3 shows the result.
	tests := []struct {
		a, op, b, want string
	}{
		{"0.1", "+", "0.2", "0.3"},
		{"100", "*", "1.07", "107"},
		{"15434.75", "*", "12", "185217"},
		{"1", "-", "0.9", "0.1"},
		{"0.3", "-", "0.1", "0.2"},
		{"-2.5", "+", "2.5", "0"},
		{"1.10", "+", "2.20", "3.3"},
		{"1000", "+", "0.001", "1000.001"},
		{"0", "*", "-5", "0"},
		{"-0", "+", "0", "0"},
		{"-1.5", "*", "-2", "3"},
		{"0.001", "*", "0.001", "0.000001"},
		{"9223372036854775807", "+", "1", "9223372036854775808"},
		{"9223372036854775807", "*", "10", "92233720368547758070"},
		{"-9223372036854775807", "-", "2", "-9223372036854775809"},
		{"99999999999999999999", "+", "1", "100000000000000000000"},
		{"12345678901234567890.123", "-", "12345678901234567890", "0.123"},
		{"1e0", "+", "1", ""}, // not plain number text: skipped below
		{"0.5", "+", "1000000000000000000000", "1000000000000000000000.5"},
		{"3.14159", "*", "2", "6.28318"},
	}
	for _, tt := range tests {
		a, okA := ParseNum(tt.a)
		b, okB := ParseNum(tt.b)
		if tt.want == "" {
			require.False(t, okA && okB)
			continue
		}
		require.True(t, okA && okB, "%s %s", tt.a, tt.b)
		var got Num
		var err error
		switch tt.op {
		case "+":
			got, err = a.Add(b)
		case "-":
			got, err = a.Sub(b)
		case "*":
			got, err = a.Mul(b)
		}
		require.NoError(t, err)
		requireCanonical(t, got)
		require.Equal(t, tt.want, got.String(), "%s %s %s", tt.a, tt.op, tt.b)
	}
}

func TestQuo(t *testing.T) {
	// D2: exact when the quotient terminates within 34 significant digits,
	// otherwise rounded half-even to 34 significant digits.
	tests := []struct{ a, b, want string }{
		{"1", "3", "0.3333333333333333333333333333333333"},
		{"2", "3", "0.6666666666666666666666666666666667"},
		{"10", "4", "2.5"},
		{"1", "8", "0.125"},
		{"1", "1024", "0.0009765625"},
		{"-7", "2", "-3.5"},
		{"7", "-0.5", "-14"},
		{"15434.75", "12", "1286.229166666666666666666666666667"},
		{"100", "1.07", "93.45794392523364485981308411214953"},
		{"1", "7", "0.1428571428571428571428571428571429"},
		{"0", "7", "0"},
		{"1", "0.001", "1000"},
		{"123456789012345678901234567890", "10", "12345678901234567890123456789"},
		// 2^-40 has 28 significant digits: exact, beyond the int64 fast path.
		{"1", "1099511627776", "0.0000000000009094947017729282379150390625"},
		// 35 significant digits that terminate are still rounded to 34 (half-even).
		{"1234567890123456789012345678901234.5", "1", "1234567890123456789012345678901234"},
		{"1234567890123456789012345678901235.5", "1", "1234567890123456789012345678901236"},
	}
	for _, tt := range tests {
		got, err := num(t, tt.a).Quo(num(t, tt.b))
		require.NoError(t, err)
		requireCanonical(t, got)
		require.Equal(t, tt.want, got.String(), "%s / %s", tt.a, tt.b)
	}
}

func TestRem(t *testing.T) {
	// D8: % is floored, as in Python.
	tests := []struct{ a, b, want string }{
		{"-7", "3", "2"},
		{"7", "-3", "-2"},
		{"7", "3", "1"},
		{"-7", "-3", "-1"},
		{"6", "3", "0"},
		{"5.5", "2", "1.5"},
		{"-5.5", "2", "0.5"},
		{"0.7", "0.2", "0.1"},
		{"1", "0.3", "0.1"},
		{"100000000000000000000000000001", "7", "6"}, // 10^29 = 5 (mod 7)
		{"-100000000000000000000000000001", "7", "1"},
		{"12345678901234567890", "-0.000000000000000000001", "0"},
		{"10", "0.000000000000000000003", "0.000000000000000000001"},
	}
	for _, tt := range tests {
		got, err := num(t, tt.a).Rem(num(t, tt.b))
		require.NoError(t, err)
		requireCanonical(t, got)
		require.Equal(t, tt.want, got.String(), "%s %% %s", tt.a, tt.b)
	}
}

func TestDivisionByZero(t *testing.T) {
	// D8: division or modulo by zero fails: "division by zero".
	big := num(t, "123456789012345678901234567890")
	for _, n := range []Num{Int(0), Int(5), num(t, "-0.5"), big} {
		_, err := n.Quo(Int(0))
		requireFailure(t, err, ErrDivisionByZero, "division by zero")
		_, err = n.Rem(num(t, "0.000"))
		requireFailure(t, err, ErrDivisionByZero, "division by zero")
	}
}

func TestRound(t *testing.T) {
	// D24: half away from zero; digits may be negative; shown by D3.
	tests := []struct {
		x      string
		digits int
		want   string
	}{
		{"2.5", 0, "3"},
		{"-2.5", 0, "-3"},
		{"3.5", 0, "4"},
		{"2.4999", 0, "2"},
		{"2.675", 2, "2.68"},
		{"-2.675", 2, "-2.68"},
		{"1234", -2, "1200"},
		{"1250", -2, "1300"},
		{"-1250", -2, "-1300"},
		{"2.50", 2, "2.5"},
		{"7", 3, "7"},
		{"0.0004", 3, "0"},
		{"0.0005", 3, "0.001"},
		{"9.995", 2, "10"},
		{"0", 2, "0"},
		{"9223372036854775807", -18, "9000000000000000000"},
		{"9223372036854775807", -19, "10000000000000000000"},
		{"4999999999999999999", -19, "0"},
		{"9", -30, "0"},
		{"123456789012345678901234567890.5", 0, "123456789012345678901234567891"},
		{"-123456789012345678901234567890.49", 0, "-123456789012345678901234567890"},
		{"123456789012345678901234567890.5", -29, "100000000000000000000000000000"},
		{"0.1234567890123456789012345", 3, "0.123"},
		{"5", -1000, "0"},
		{"123.456", 1000, "123.456"},
	}
	for _, tt := range tests {
		got, err := num(t, tt.x).Round(tt.digits)
		require.NoError(t, err)
		requireCanonical(t, got)
		require.Equal(t, tt.want, got.String(), "round(%s, %d)", tt.x, tt.digits)
	}
	// D24 with the limits: digits outside [-MaxExponent, MaxExponent] fail.
	for _, d := range []int{MaxExponent + 1, -MaxExponent - 1, math.MaxInt, math.MinInt} {
		_, err := Int(1).Round(d)
		requireFailure(t, err, ErrValue, "digits must be a whole number from -1000 to 1000")
	}
	// Rounding up may carry past the exponent limit.
	near, ok := ParseNum("95" + strings.Repeat("0", MaxExponent-1))
	require.True(t, ok)
	_, err := near.Round(-MaxExponent)
	requireFailure(t, err, ErrLimit, numTooLarge)
}

func TestFastPathOverflow(t *testing.T) {
	// D2: results that do not fit the int64 fast path go to apd, and come
	// back to the fast path when they fit again.
	max := Int(math.MaxInt64)
	over, err := max.Add(Int(1))
	require.NoError(t, err)
	require.NotNil(t, over.big)
	require.Equal(t, "9223372036854775808", over.String())
	back, err := over.Sub(Int(1))
	require.NoError(t, err)
	require.Nil(t, back.big)
	require.Equal(t, max, back)

	sq, err := max.Mul(max)
	require.NoError(t, err)
	require.Equal(t, "85070591730234615847396907784232501249", sq.String())
	q, err := sq.Quo(max)
	require.NoError(t, err)
	require.Nil(t, q.big)
	require.Equal(t, "9223372036854775807", q.String())

	// 10^20 has one significant digit: the fast path holds it as 1e20.
	e20, err := Int(10000000000).Mul(Int(10000000000))
	require.NoError(t, err)
	require.Nil(t, e20.big)
	require.Equal(t, "100000000000000000000", e20.String())

	minInt := Int(math.MinInt64)
	require.NotNil(t, minInt.big)
	require.Equal(t, "-9223372036854775808", minInt.String())
	i, ok := minInt.Int64()
	require.True(t, ok)
	require.Equal(t, int64(math.MinInt64), i)
	require.Equal(t, "9223372036854775808", minInt.Neg().String())
	require.Equal(t, -1, minInt.Cmp(Int(math.MinInt64+1)))
	sum, err := minInt.Add(Int(1))
	require.NoError(t, err)
	require.Nil(t, sum.big)
	require.Equal(t, int64(math.MinInt64+1), sum.coef)

	// Aligning exponents far apart overflows int64 and still is exact.
	s, err := num(t, "1000000000000000000000000").Add(num(t, "0.000000000000000000001"))
	require.NoError(t, err)
	require.Equal(t, "1000000000000000000000000.000000000000000000001", s.String())
	d, err := s.Sub(num(t, "1000000000000000000000000"))
	require.NoError(t, err)
	require.Nil(t, d.big)
	require.Equal(t, "0.000000000000000000001", d.String())
}

func TestNumLimits(t *testing.T) {
	// D17/E7 applied to numbers: MaxDigits digits pass, MaxDigits+1 fail;
	// an exponent of MaxExponent in size passes, one more fails.
	digits := strings.Repeat("7", MaxDigits)
	n, err := ParseDigits(digits)
	require.NoError(t, err)
	require.Equal(t, digits, n.String())
	_, err = ParseDigits(digits + "7")
	requireFailure(t, err, ErrLimit, "number has more than 1000 digits")
	_, ok := ParseNum(digits + "7")
	require.False(t, ok, "beyond the limits is not plain number text")

	// Trailing and leading zeros are not significant digits.
	_, err = ParseDigits("000" + digits + ".000")
	require.NoError(t, err)

	top := "1" + strings.Repeat("0", MaxExponent)
	n, err = ParseDigits(top)
	require.NoError(t, err)
	require.Equal(t, top, n.String())
	_, err = ParseDigits(top + "0")
	requireFailure(t, err, ErrLimit, numTooLarge)

	tiny := "0." + strings.Repeat("0", MaxExponent-1) + "1"
	n, err = ParseDigits(tiny)
	require.NoError(t, err)
	require.Equal(t, tiny, n.String())
	_, err = ParseDigits("0." + strings.Repeat("0", MaxExponent) + "1")
	requireFailure(t, err, ErrLimit, "number has more than 1000 decimal places")

	// Operations check the same limits.
	bigNum := num(t, digits)
	_, err = bigNum.Mul(bigNum)
	requireFailure(t, err, ErrLimit, "number has more than 1000 digits")
	n, err = num(t, top).Mul(Int(9))
	require.NoError(t, err)
	require.Equal(t, "9"+strings.Repeat("0", MaxExponent), n.String())
	_, err = num(t, top).Mul(Int(10))
	requireFailure(t, err, ErrLimit, numTooLarge)
	_, err = n.Add(num(t, top))
	requireFailure(t, err, ErrLimit, numTooLarge)
	_, err = num(t, tiny).Quo(Int(10))
	requireFailure(t, err, ErrLimit, "number has more than 1000 decimal places")
	_, err = num(t, tiny).Mul(num(t, "0.1"))
	requireFailure(t, err, ErrLimit, "number has more than 1000 decimal places")
	_, err = num(t, top).Add(num(t, tiny))
	requireFailure(t, err, ErrLimit, "number has more than 1000 digits")
	r, err := num(t, top).Rem(num(t, tiny))
	require.NoError(t, err)
	require.Equal(t, "0", r.String())
	r, err = num(t, top).Rem(Int(7))
	require.NoError(t, err)
	require.Equal(t, "4", r.String()) // 10^1000 mod 7 = 10^(1000 mod 6) mod 7 = 10^4 mod 7
	q, err := num(t, top).Quo(num(t, tiny))
	requireFailure(t, err, ErrLimit, numTooLarge)
	require.Equal(t, Num{}, q)
}

func TestNumString(t *testing.T) {
	// D3: plain notation, no exponent, no trailing zeros, no ".0", -0 as 0.
	tests := []struct{ in, want string }{
		{"12", "12"},
		{"3.50", "3.5"},
		{"-0.25", "-0.25"},
		{"1000000", "1000000"},
		{"-0", "0"},
		{"-0.000", "0"},
		{"12.0", "12"},
		{"0.000001", "0.000001"},
		{"+7", "7"},
		{".5", "0.5"},
		{"5.", "5"},
		{"007.100", "7.1"},
		{"123456789012345678901234567890", "123456789012345678901234567890"},
		{"-0.00000000000000000000000000000123", "-0.00000000000000000000000000000123"},
	}
	for _, tt := range tests {
		n := num(t, tt.in)
		require.Equal(t, tt.want, n.String(), tt.in)
		require.Equal(t, tt.want, string(n.Append([]byte{})), tt.in)
		require.Equal(t, len(tt.want), n.shownLen(), tt.in)
	}
	require.Equal(t, "0", Num{}.String())
	require.Equal(t, "x=-42", string(Int(-42).Append([]byte("x="))))
}

func TestParseNum(t *testing.T) {
	// D6: plain number text.
	accept := []struct{ in, want string }{
		{"12", "12"},
		{" 3.5 ", "3.5"},
		{"-4", "-4"},
		{"+4", "4"},
		{".5", "0.5"},
		{"5.", "5"},
		{"\t 12.50\n", "12.5"},
		{"\u00a012\u00a0", "12"}, // Unicode white space around is white space
		{"\u200b12\ufeff", "12"}, // and so are U+200B and U+FEFF (TrimBlank)
		{"0000", "0"},
		{"-0.0", "0"},
		{"99999999999999999999999", "99999999999999999999999"},
	}
	for _, tt := range accept {
		n, ok := ParseNum(tt.in)
		require.True(t, ok, "%q", tt.in)
		require.Equal(t, tt.want, n.String(), "%q", tt.in)
	}
	reject := []string{
		"", " ", "1,200", "12 THB", "1e3", "1E3", "NaN", "nan", "Inf", "-Inf", "+Inf",
		"Infinity", "0x10", "0b1", "0o7", "1_000", "๑๒๓", "１２３", "1 000", "1\u00a0000",
		"1.2.3", "--1", "+-1", "-", "+", ".", "-.", "1.000,50", "(1200)", "12-", "฿12",
		"1e", "0x1p10", "\xff", "12\x00", "−5", // U+2212 minus is not a sign here
	}
	for _, s := range reject {
		_, ok := ParseNum(s)
		require.False(t, ok, "%q", s)
	}
}

func TestParseDigits(t *testing.T) {
	// The grammar's literal: unsigned ASCII digits, optional fraction.
	for in, want := range map[string]string{"12": "12", "3.5": "3.5", "0.10": "0.1", "007": "7", ".5": "0.5"} {
		n, err := ParseDigits(in)
		require.NoError(t, err)
		require.Equal(t, want, n.String())
	}
	for _, in := range []string{"", "-1", "+1", " 1", "1 ", "1e3", "abc", "1.2.3", "."} {
		_, err := ParseDigits(in)
		requireFailure(t, err, ErrValue, "")
	}
	_, err := ParseDigits("1e3")
	requireFailure(t, err, ErrValue, "not a number: '1e3'")
}

func TestFromFloat(t *testing.T) {
	tenth := 0.1
	// D2: a host float64 becomes the decimal of its shortest round-trip text.
	tests := []struct {
		f    float64
		want string
	}{
		{0.07, "0.07"},
		{0.1, "0.1"},
		{tenth + 0.2, "0.30000000000000004"}, // a float sum, not a constant
		{1.07, "1.07"},
		{15434.75, "15434.75"},
		{12, "12"},
		{-3, "-3"},
		{math.Copysign(0, -1), "0"},
		{1e21, "1000000000000000000000"},
		{1e-7, "0.0000001"},
		{123456789.125, "123456789.125"},
		{9007199254740993, "9007199254740992"},
		{math.MaxFloat64, "17976931348623157" + strings.Repeat("0", 292)},
		{5e-324, "0." + strings.Repeat("0", 323) + "5"},
		{-2.5e-5, "-0.000025"},
	}
	for _, tt := range tests {
		n, err := FromFloat(tt.f)
		require.NoError(t, err)
		requireCanonical(t, n)
		require.Equal(t, tt.want, n.String(), "%v", tt.f)
	}
	for _, f := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		_, err := FromFloat(f)
		requireFailure(t, err, ErrData, "unsupported data: a number that is not finite")
	}
	// float32 by its own shortest text (D2).
	v, err := FromHost(float32(0.1))
	require.NoError(t, err)
	require.Equal(t, "0.1", v.String())
	v, err = FromHost(float32(16777216))
	require.NoError(t, err)
	require.Equal(t, "16777216", v.String())
}

// shortFloat is only a shortcut: on every float it reads, it gives what
// the shortest round-trip text gives (floatText), and it reads the usual
// decimals of a sheet or a JSON document.
func TestShortFloatIsFloatText(t *testing.T) {
	tenth := 0.1
	floats := []float64{0.07, -0.07, 0.1, tenth + 0.2, 1.0 / 3, 2.0 / 3, 15434.75, 1.07, 123456789.125,
		-2.5e-5, 1e-7, 1e-8, 1e-9, 5e-324, math.SmallestNonzeroFloat64, math.MaxFloat64, 0.5, 0.25,
		1<<49 + 0.5, 1<<50 + 0.5, 1<<52 + 0.5, 112589990684262.4, 112589990684262.5, 1125899906842.625,
		9.999999999999999, 0.30000000000000004, 99999999.99999999, 0.123456785, 0.1234567850000001}
	for e := 1; e <= 60; e++ {
		floats = append(floats, math.Ldexp(1, -e), math.Ldexp(3, -e), -math.Ldexp(5, -e))
	}
	rng := rand.New(rand.NewPCG(19, 2))
	for range 200000 {
		// Decimals of up to 17 digits with up to 12 after the point, and
		// floats of any bits.
		m := rng.Int64N(1 << (1 + rng.IntN(56)))
		k := rng.IntN(13)
		f := float64(m) / math.Pow10(k)
		if rng.IntN(2) == 0 {
			f = -f
		}
		floats = append(floats, f, math.Nextafter(f, math.Inf(1)), math.Float64frombits(rng.Uint64()))
	}
	read := 0
	for _, f := range floats {
		if math.IsNaN(f) || math.IsInf(f, 0) || f == math.Trunc(f) {
			continue
		}
		got, ok := shortFloat(f)
		if !ok {
			continue
		}
		read++
		want, err := floatText(f, 64)
		require.NoError(t, err)
		require.Equal(t, want, got, "%v", f)
		requireCanonical(t, got)
	}
	require.Greater(t, read, 100000)
	for _, f := range []float64{0.07, 15434.75, -2.5e-5, 1e-8, 9999999.99999999} {
		_, ok := shortFloat(f)
		require.True(t, ok, "%v", f)
	}
}

func TestCmpSignInt64(t *testing.T) {
	// D2: comparisons are exact.
	ordered := []string{
		"-123456789012345678901234567890", "-9223372036854775809", "-1000", "-1.5", "-0.0001",
		"0", "0.0000000000000000000001", "0.1", "0.30000000000000004", "1", "1.0000000000000000000001",
		"9.99", "10", "9223372036854775807", "9223372036854775808", "100000000000000000000",
		"123456789012345678901234567890",
	}
	for i, a := range ordered {
		for j, b := range ordered {
			want := 0
			if i < j {
				want = -1
			} else if i > j {
				want = 1
			}
			require.Equal(t, want, num(t, a).Cmp(num(t, b)), "%s <=> %s", a, b)
		}
		want := 0
		if i < 5 {
			want = -1
		} else if i > 5 {
			want = 1
		}
		require.Equal(t, want, num(t, a).Sign(), a)
	}
	require.Equal(t, 0, num(t, "12").Cmp(num(t, "12.000")))

	ints := []struct {
		in   string
		want int64
		ok   bool
	}{
		{"12", 12, true}, {"-12", -12, true}, {"1000", 1000, true}, {"12.5", 0, false},
		{"9223372036854775807", math.MaxInt64, true}, {"9223372036854775808", 0, false},
		{"-9223372036854775808", math.MinInt64, true}, {"1" + strings.Repeat("0", 19), 0, false},
		{"0", 0, true}, {"123456789012345678901234.5", 0, false},
	}
	for _, tt := range ints {
		i, ok := num(t, tt.in).Int64()
		require.Equal(t, tt.ok, ok, tt.in)
		require.Equal(t, tt.want, i, tt.in)
	}
}

func TestNumConcurrent(t *testing.T) {
	// D2: a Num is immutable and safe to share (run with -race).
	shared := num(t, "123456789012345678901234567890.123")
	small := num(t, "2.5")
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 200; i++ {
				s, _ := shared.Add(small)
				p, _ := shared.Mul(shared)
				q, _ := shared.Quo(small)
				r, _ := shared.Rem(small)
				o, _ := shared.Round(1)
				_ = shared.Neg()
				_ = shared.Cmp(s) + p.Sign() + q.Sign() + r.Sign() + o.Sign()
				_ = shared.String()
			}
		}()
	}
	wg.Wait()
	require.Equal(t, "123456789012345678901234567890.123", shared.String())
}

// parseSmall is only a shortcut: on every text it reads, it gives what
// the full reading gives, and it reads all the short whole numbers and
// decimals (at most 18 digits, one point).
func TestParseSmallIsParseDecimal(t *testing.T) {
	texts := []string{"0", "-0", "+0", "7", "007", "10", "100", "-1200", "+5",
		"999999999999999999", "-999999999999999999", "100000000000000000", "1000000000000000000",
		"", "-", "+", "1.5", "1e3", " 1", "1 ", "--1", "๑",
		".", "-.", "+.", ".5", "5.", "-.5", "+5.", "0.0", "-0.000", "00.00", "0.07", "-0.07", "15434.75",
		"1.50", "100.00", "1.2.3", "..5", "5..", "0.000000000000000001", "0.0000000000000000001",
		"12345678901234567.8", "1234567890123456789.", "-99999999.999999999", "1.0e3", "1.5-", "1.5x"}
	for d := 1; d <= 20; d++ {
		for _, lead := range []string{"", "-", "+"} {
			texts = append(texts, lead+strings.Repeat("9", d), lead+"1"+strings.Repeat("0", d-1), lead+strings.Repeat("0", d))
			for at := 0; at <= d; at++ {
				for _, digits := range []string{strings.Repeat("9", d-1) + "1", "1" + strings.Repeat("0", d-1), strings.Repeat("0", d)} {
					texts = append(texts, lead+digits[:at]+"."+digits[at:])
				}
			}
		}
	}
	// And texts made at random of the characters that matter.
	rng := rand.New(rand.NewPCG(19, 6))
	const chars = "0000123456789..-+e "
	for range 20000 {
		b := make([]byte, rng.IntN(22))
		for i := range b {
			b[i] = chars[rng.IntN(len(chars))]
		}
		texts = append(texts, string(b))
	}
	for _, s := range texts {
		for _, signed := range []bool{true, false} {
			want, wantErr := parseDecimalText(s, signed, true)
			got, ok := parseSmall(s, signed)
			if !ok {
				continue
			}
			require.NoError(t, wantErr, "%q", s)
			require.Equal(t, want, got, "%q signed=%v", s, signed)
			requireCanonical(t, got)
			digits := strings.Trim(s, "+-.")
			require.LessOrEqual(t, len(strings.ReplaceAll(digits, ".", "")), 18, "%q", s)
		}
		d := strings.TrimLeft(s, "+-")
		bare := strings.Replace(d, ".", "", 1)
		if len(bare) > 0 && len(bare) <= 18 && strings.Trim(bare, "0123456789") == "" && len(s)-len(d) <= 1 {
			_, ok := parseSmall(s, true)
			require.True(t, ok, "%q is a short number", s)
		}
	}
}
