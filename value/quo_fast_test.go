package value

import (
	"math"
	"math/rand"
	"strconv"
	"testing"

	"github.com/cockroachdb/apd/v3"
	"github.com/stretchr/testify/require"
)

// sameNum requires got (and its error) to be want: the same value in the
// same canonical form, or the same error.
func sameNum(t *testing.T, want Num, werr error, got Num, gerr error, what string) {
	t.Helper()
	if werr != nil || gerr != nil {
		require.Error(t, gerr, what)
		require.EqualError(t, gerr, werr.Error(), what)
		return
	}
	requireCanonical(t, got)
	require.Equal(t, want.String(), got.String(), what)
	require.Zero(t, want.Cmp(got), what)
	require.Equal(t, want.big == nil, got.big == nil, what)
	if want.big == nil {
		require.Equal(t, [2]int64{want.coef, int64(want.exp)}, [2]int64{got.coef, int64(got.exp)}, what)
	} else {
		require.Equal(t, want.big.Text('e'), got.big.Text('e'), what)
	}
}

// quoApd and roundApd are Quo, and Round of a number in the big form to
// the exponent e, as they were before quo34 and round128: by apd.
func quoApd(n, m Num) (Num, error) {
	var tx, ty, z apd.Decimal
	if _, err := quoCtx.Quo(&z, n.dec(&tx), m.dec(&ty)); err != nil {
		return Num{}, errNumTooLarge()
	}
	return fromDec(&z)
}

func roundApd(n Num, e int) (Num, error) {
	var z apd.Decimal
	if _, err := roundCtx.Quantize(&z, n.big, int32(e)); err != nil {
		return Num{}, errNumTooLarge()
	}
	return fromDec(&z)
}

// quoFastCases are pairs whose quotient does not fit the fast form:
// thirds and twelfths (round(x / 12, 2) over a sheet), quotients below
// 1 with leading zeros, ties at the 35th digit (1 / 2^50 is 5^50 ×
// 10^-50, 35 digits, and is kept; 3 / 2^48 rounds up to an even digit),
// the widest coefficients, exponents near the limits, and their signs.
var quoFastCases = [][2]Num{
	{Int(1), Int(3)}, {Int(2), Int(3)}, {Int(-2), Int(3)}, {Int(1234567), Int(12)},
	{{coef: 123456, exp: -2}, Int(12)}, {{coef: 99999, exp: -2}, Int(-12)}, {Int(1), Int(7)},
	{Int(1), Int(math.MaxInt64)}, {Int(math.MaxInt64), Int(3)}, {Int(-math.MaxInt64), Int(math.MaxInt64 - 2)},
	{Int(1), Int(1 << 50)}, {Int(3), Int(1 << 50)}, {Int(-7), Int(1 << 50)}, {Int(1), Int(1 << 62)},
	{Int(3), Int(1 << 48)}, {Int(-3), Int(1 << 49)}, {Int(15), Int(1 << 47)},
	{Int(1), Int(3 << 50)}, {Int(999999999999999999), Int(7)}, {Int(1), Int(999999999999999989)},
	{{coef: 2, exp: -400}, {coef: 3, exp: 90}}, {{coef: 2, exp: 490}, {coef: 3, exp: -9}},
	{{coef: 2, exp: -600}, Int(3)}, {{coef: 2, exp: 600}, {coef: 3, exp: -200}},
	{Int(5), Int(6)}, {Int(1), Int(6)}, {Int(49999999999999999), Int(3)},
}

// TestQuo34KeepsResults pins quo34 (Quo's long division of two numbers
// in the fast form) to quoCtx.Quo, which it replaces: the same value in
// the same form, or the same error, on the cases above and on random
// pairs of every size; and Round of those quotients (round128) to
// roundCtx.Quantize, at every number of digits around theirs.
func TestQuo34KeepsResults(t *testing.T) {
	cases := append([][2]Num(nil), quoFastCases...)
	r := rand.New(rand.NewSource(20))
	for range 4000 {
		var pair [2]Num
		for i := range pair {
			c := r.Int63n(int64(pow10[1+r.Intn(18)])) + 1
			if r.Intn(8) == 0 {
				c = math.MaxInt64 - r.Int63n(1000)
			}
			if r.Intn(3) == 0 {
				c = -c
			}
			n, err := mkNum(c, r.Intn(41)-20)
			require.NoError(t, err)
			pair[i] = n
		}
		cases = append(cases, pair)
	}
	fast := 0
	for _, c := range cases {
		a, b := c[0], c[1]
		what := a.String() + " / " + b.String()
		want, werr := quoApd(a, b)
		got, gerr := a.Quo(b)
		sameNum(t, want, werr, got, gerr, what)
		if got.big != nil {
			fast++
		}
		if werr != nil {
			continue
		}
		for digits := -22; digits <= 42; digits++ {
			var want Num
			var werr error
			if e := -digits; want.big == nil && got.big != nil && int(got.big.Exponent) < e {
				want, werr = roundApd(got, e)
			} else {
				want, werr = got.Round(digits)
			}
			g, gerr := got.Round(digits)
			sameNum(t, want, werr, g, gerr, "round("+what+", "+strconv.Itoa(digits)+")")
		}
	}
	require.Greater(t, fast, 2000, "quotients in the big form")
}

// TestQuo34Allocs: a twelfth rounded to cents allocates only the
// quotient it keeps.
func TestQuo34Allocs(t *testing.T) {
	a, b := Num{coef: 50303, exp: -2}, Int(12)
	q, err := a.Quo(b)
	require.NoError(t, err)
	require.NotNil(t, q.big, "a quotient of 34 digits")
	allocs := testing.AllocsPerRun(100, func() {
		q, _ := a.Quo(b)
		q.Round(2)
	})
	require.LessOrEqual(t, allocs, 1.0)
}
