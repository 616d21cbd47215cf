package value

import (
	"math/big"
	"math/rand"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// randDecimal makes plain number text: mostly numbers that fit the int64
// fast path, some up to 40 digits, exponents within about ±25.
func randDecimal(r *rand.Rand) string {
	var nd int
	switch r.Intn(10) {
	case 0:
		nd = 19 + r.Intn(22) // 19..40 digits: often beyond int64
	case 1:
		nd = 17 + r.Intn(3) // near the int64 edge
	default:
		nd = 1 + r.Intn(9)
	}
	var b strings.Builder
	if r.Intn(3) == 0 {
		b.WriteByte('-')
	}
	digits := make([]byte, nd)
	for i := range digits {
		digits[i] = byte('0' + r.Intn(10))
	}
	if r.Intn(8) == 0 {
		for i := range digits {
			digits[i] = '9'
		}
	}
	if r.Intn(6) == 0 { // trailing zeros
		for i := nd - 1; i >= nd/2; i-- {
			digits[i] = '0'
		}
	}
	point := r.Intn(nd + 1)
	switch r.Intn(4) {
	case 0: // shift left: 0.000ddd
		b.WriteString("0.")
		b.WriteString(strings.Repeat("0", r.Intn(15)))
		b.Write(digits)
	case 1: // shift right: ddd000
		b.Write(digits)
		b.WriteString(strings.Repeat("0", r.Intn(15)))
	default:
		b.Write(digits[:point])
		if point == 0 {
			b.WriteByte('0')
		}
		if point < nd {
			b.WriteByte('.')
			b.Write(digits[point:])
		}
	}
	return b.String()
}

func ratOf(t testing.TB, s string) *big.Rat {
	t.Helper()
	x, ok := new(big.Rat).SetString(s)
	require.True(t, ok, s)
	return x
}

// pow10Rat is 10^e as a Rat.
func pow10Rat(e int) *big.Rat {
	p := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(abs(e))), nil)
	if e >= 0 {
		return new(big.Rat).SetInt(p)
	}
	return new(big.Rat).SetFrac(big.NewInt(1), p)
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// roundRat rounds x to the multiple of 10^e: half-even when even is true,
// otherwise half away from zero.
func roundRat(x *big.Rat, e int, even bool) *big.Rat {
	scaled := new(big.Rat).Mul(x, pow10Rat(-e))
	neg := scaled.Sign() < 0
	scaled.Abs(scaled)
	q, m := new(big.Int).QuoRem(scaled.Num(), scaled.Denom(), new(big.Int))
	twice := new(big.Int).Mul(m, big.NewInt(2))
	switch c := twice.Cmp(scaled.Denom()); {
	case c > 0, c == 0 && !even, c == 0 && even && q.Bit(0) == 1:
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	return new(big.Rat).Mul(new(big.Rat).SetInt(q), pow10Rat(e))
}

// round34 rounds x half-even to 34 significant digits (D2).
func round34(x *big.Rat) *big.Rat {
	if x.Sign() == 0 {
		return x
	}
	a := new(big.Rat).Abs(x)
	// adjusted exponent: 10^adj <= a < 10^(adj+1)
	adj := len(new(big.Int).Quo(a.Num(), a.Denom()).String()) - 1
	if a.Cmp(big.NewRat(1, 1)) < 0 {
		adj = -1
		for new(big.Rat).Mul(a, pow10Rat(-adj)).Cmp(big.NewRat(1, 1)) < 0 {
			adj--
		}
	}
	return roundRat(x, adj-33, true)
}

func TestArithmeticOracle(t *testing.T) {
	// D2, D8, D24: every operation against math/big.Rat on random decimals
	// (fixed seed), including the int64 fast path's overflow into apd.
	r := rand.New(rand.NewSource(56))
	for i := 0; i < 4000; i++ {
		as, bs := randDecimal(r), randDecimal(r)
		a, b := num(t, as), num(t, bs)
		ra, rb := ratOf(t, as), ratOf(t, bs)
		check := func(op string, got Num, err error, want *big.Rat) {
			t.Helper()
			require.NoError(t, err, "%s %s %s", as, op, bs)
			requireCanonical(t, got)
			require.Zero(t, ratOf(t, got.String()).Cmp(want), "%s %s %s = %s, want %s",
				as, op, bs, got, want.FloatString(40))
		}
		s, err := a.Add(b)
		check("+", s, err, new(big.Rat).Add(ra, rb))
		d, err := a.Sub(b)
		check("-", d, err, new(big.Rat).Sub(ra, rb))
		p, err := a.Mul(b)
		check("*", p, err, new(big.Rat).Mul(ra, rb))
		require.Equal(t, ra.Cmp(rb), a.Cmp(b), "%s <=> %s", as, bs)
		require.Equal(t, ra.Sign(), a.Sign(), as)
		digits := r.Intn(16) - 5
		o, err := a.Round(digits)
		check("round", o, err, roundRat(ra, -digits, false))
		if rb.Sign() == 0 {
			continue
		}
		q, err := a.Quo(b)
		check("/", q, err, round34(new(big.Rat).Quo(ra, rb)))
		// floored remainder: a - b*floor(a/b)
		f := new(big.Rat).Quo(ra, rb)
		fl := new(big.Int).Div(f.Num(), f.Denom()) // Euclidean = floor, as Denom > 0
		want := new(big.Rat).Sub(ra, new(big.Rat).Mul(rb, new(big.Rat).SetInt(fl)))
		m, err := a.Rem(b)
		check("%", m, err, want)
	}
}
