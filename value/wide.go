package value

import (
	"encoding/binary"
	"math"
	"math/bits"

	"github.com/cockroachdb/apd/v3"
)

// Division and rounding in 128 bits: a quotient of two numbers in the fast
// form that does not terminate has 34 digits, which fit two words; apd
// would take them through math/big, which allocates.

// quoWide is Quo of two numbers in the fast form, not zero, whose
// quotient quoSmall could not give, by quo34; ok is false when quo34
// leaves it to apd.
func quoWide(a int64, ea int, b int64, eb int) (_ Num, ok bool, _ error) {
	var z apd.Decimal
	if !quo34(&z, a, ea, b, eb) {
		return Num{}, false, nil
	}
	r, err := fromDec(&z)
	return r, true, err
}

// quo34 sets z to a×10^ea / b×10^eb (a, b not zero, fast form) rounded
// half-even to quoDigits significant digits, as quoCtx.Quo does, by long
// division in 128 bits (quoCtx's big integers allocate); it reports false,
// leaving z, for exponents near the limits, which quoCtx checks.
func quo34(z *apd.Decimal, a int64, ea int, b int64, eb int) bool {
	e := ea - eb
	if e < -MaxExponent/2 || e > MaxExponent/2 {
		return false
	}
	ua, ub := absU(a), absU(b)
	// The quotient's digits so far are hi:lo (below 10^34 < 2^128), n
	// of them, and r the remainder.
	var hi, lo uint64
	lo, r := ua/ub, ua%ub
	n := digits64(lo)
	for n < quoDigits {
		// k more digits: r×10^k / ub, whose high word is below ub.
		k := min(quoDigits-n, 19)
		ph, pl := bits.Mul64(r, pow10[k])
		var d uint64
		d, r = bits.Div64(ph, pl, ub)
		// hi:lo = hi:lo × 10^k + d
		h1, l1 := bits.Mul64(lo, pow10[k])
		hi = hi*pow10[k] + h1
		var c uint64
		lo, c = bits.Add64(l1, d, 0)
		hi += c
		e -= k
		if hi == 0 {
			n = digits64(lo) // leading zeros of a quotient below 1 do not count
		} else {
			n += k
		}
	}
	// Half-even on the remainder (r < ub <= 2^63, so 2r does not wrap).
	if 2*r > ub || 2*r == ub && lo&1 == 1 {
		var c uint64
		lo, c = bits.Add64(lo, 1, 0)
		hi += c
		if hi == pow10to34hi && lo == pow10to34lo { // 10^34: one digit more
			hi, lo = pow10to33hi, pow10to33lo
			e++
		}
	}
	// Set as bytes, which fit the inline words (a shift would take a
	// third word, and allocate).
	var buf [16]byte
	binary.BigEndian.PutUint64(buf[:8], hi)
	binary.BigEndian.PutUint64(buf[8:], lo)
	z.Coeff.SetBytes(buf[:])
	z.Exponent = int32(e)
	z.Form = apd.Finite
	z.Negative = (a < 0) != (b < 0)
	return true
}

// 10^33 and 10^34 as the high and low words of 128 bits.
const (
	pow10to33hi, pow10to33lo = 0x314dc6448d93, 0x38c15b0a00000000
	pow10to34hi, pow10to34lo = 0x1ed09bead87c0, 0x378d8e6400000000
)

// digits64 is how many decimal digits u has (0 for 0).
func digits64(u uint64) int {
	n := 0
	for n < len(pow10) && u >= pow10[n] {
		n++
	}
	return n
}

// round128 is Round of d, in the big form, to the exponent e above its
// own, for a coefficient of at most 128 bits (a quotient's) whose
// rounded value fits the fast form, by division in 128 bits
// (roundCtx's big integers allocate); ok is false otherwise.
func round128(d *apd.Decimal, e int) (_ Num, ok bool, _ error) {
	ws := d.Coeff.Bits()
	if bits.UintSize != 64 || len(ws) > 2 {
		return Num{}, false, nil
	}
	var hi, lo uint64
	if len(ws) > 0 {
		lo = uint64(ws[0])
	}
	if len(ws) > 1 {
		hi = uint64(ws[1])
	}
	k := e - int(d.Exponent) // digits dropped, > 0
	if k > 38 {
		// |coefficient| < 2^128 < 10^39 <= 10^k / 2... only when k > 39:
		// leave the edge to apd.
		if k <= 39 {
			return Num{}, false, nil
		}
		return Num{}, true, nil // below half a unit of 10^e: 0
	}
	// q, r = hi:lo / 10^k, in steps of at most 10^19.
	var rem [2]uint64 // remainders of the steps: the first of 10^19
	steps := 0
	for left := k; left > 0; {
		s := min(left, 19)
		p := pow10[s]
		var r uint64
		hi, r = hi/p, hi%p
		lo, r = bits.Div64(r, lo, p)
		rem[steps] = r
		steps++
		left -= s
	}
	if hi != 0 || lo > math.MaxInt64-1 {
		return Num{}, false, nil
	}
	// Half away from zero: the remainder is at least 10^k / 2.
	up := false
	if k <= 19 {
		p := pow10[k]
		up = rem[0] >= p-rem[0]
	} else {
		up = rem[1] >= 5*pow10[k-20] // the low 19 digits do not matter
	}
	q := int64(lo)
	if up {
		q++
	}
	if d.Negative {
		q = -q
	}
	r, err := mkNum(q, e)
	return r, true, err
}
