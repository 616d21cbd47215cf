package value

import (
	"errors"
	"math"
	"math/bits"
	"strconv"

	"github.com/cockroachdb/apd/v3"

	"github.com/kinenix/expressions/internal/echo"
)

// Num is an exact decimal number (D2). The zero Num is 0.
//
// A Num is immutable and safe to share between goroutines. Compare Nums
// with Cmp, not ==.
type Num struct {
	// When big is nil the value is coef × 10^exp, canonical: coef has no
	// trailing zeros, coef is never math.MinInt64, and zero is {0, 0}.
	coef int64
	exp  int32
	// big holds the value when its coefficient does not fit in an int64:
	// reduced (no trailing zeros), finite, never mutated once set.
	big *apd.Decimal
}

// Limits on numbers, so that no expression or data can make one huge.
const (
	MaxDigits   = 1000 // significant digits of any number
	MaxExponent = 1000 // the size of the exponent of any number
)

// quoDigits is the precision of a quotient that does not terminate (D2:
// decimal128).
const quoDigits = 34

// wideDigits is a precision that holds every exact intermediate result of
// numbers within the limits (aligned coefficients span at most
// MaxDigits + 2*MaxExponent digits, integer quotients of Rem fewer).
const wideDigits = 2 * (MaxDigits + 2*MaxExponent)

// pow10[i] is 10^i for i in 0..19 (10^19 still fits a uint64).
var pow10 = [...]uint64{
	1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10,
	1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19,
}

// Contexts of the slow path. They are read only (apd allows concurrent use
// of a Context that nobody modifies).
var (
	// exactCtx does exact Add, Sub and Mul: precision 0 disables rounding.
	exactCtx = apd.Context{
		MaxExponent: apd.MaxExponent,
		MinExponent: apd.MinExponent,
		Traps:       apd.DefaultTraps,
	}
	// quoCtx divides to 34 significant digits, half-even (D2).
	quoCtx = apd.Context{
		Precision:   quoDigits,
		MaxExponent: apd.MaxExponent,
		MinExponent: apd.MinExponent,
		Traps:       apd.DefaultTraps,
		Rounding:    apd.RoundHalfEven,
	}
	// wideCtx computes remainders without rounding.
	wideCtx = apd.Context{
		Precision:   wideDigits,
		MaxExponent: apd.MaxExponent,
		MinExponent: apd.MinExponent,
		Traps:       apd.DefaultTraps,
	}
	// roundCtx rounds half away from zero (D24); apd's half-up works on the
	// magnitude.
	roundCtx = apd.Context{
		Precision:   wideDigits,
		MaxExponent: apd.MaxExponent,
		MinExponent: apd.MinExponent,
		Traps:       apd.DefaultTraps,
		Rounding:    apd.RoundHalfUp,
	}
)

// Int returns the number i.
func Int(i int64) Num {
	if i%10 != 0 && i != math.MinInt64 {
		return Num{coef: i} // canonical already: small enough to inline
	}
	return intSlow(i)
}

// intSlow is Int of a multiple of ten or of math.MinInt64.
func intSlow(i int64) Num {
	if i == math.MinInt64 {
		var d apd.Decimal
		d.SetFinite(i, 0)
		n, _ := fromDec(&d) // within every limit
		return n
	}
	n, _ := mkNum(i, 0) // never beyond the limits: the exponent is at most 18
	return n
}

// fromUint64 returns the number u.
func fromUint64(u uint64) Num {
	if u <= math.MaxInt64 {
		return Int(int64(u))
	}
	var d apd.Decimal
	d.Coeff.SetUint64(u)
	n, _ := fromDec(&d) // within every limit
	return n
}

// mkNum makes the canonical Num c × 10^e, checking the exponent limits.
// c must not be math.MinInt64.
func mkNum(c int64, e int) (Num, error) {
	if c == 0 {
		return Num{}, nil
	}
	if c%10 != 0 && -MaxExponent <= e && e <= MaxExponent {
		return Num{coef: c, exp: int32(e)}, nil // canonical already: most results
	}
	for c%10000 == 0 {
		c /= 10000
		e += 4
	}
	for c%10 == 0 {
		c /= 10
		e++
	}
	if e > MaxExponent {
		return Num{}, errNumTooLarge()
	}
	if e < -MaxExponent {
		return Num{}, errNumPlaces()
	}
	return Num{coef: c, exp: int32(e)}, nil
}

// fromDec makes a Num from the result z of a slow-path operation, which the
// caller owns: z is reduced in place, checked against the limits and
// copied to the heap only when it does not fit the fast form.
func fromDec(z *apd.Decimal) (Num, error) {
	if z.Form != apd.Finite {
		return Num{}, errNumTooLarge()
	}
	if z.IsZero() {
		return Num{}, nil
	}
	z.Reduce(z)
	if z.NumDigits() > MaxDigits {
		return Num{}, errNumDigits()
	}
	if z.Exponent > MaxExponent {
		return Num{}, errNumTooLarge()
	}
	if z.Exponent < -MaxExponent {
		return Num{}, errNumPlaces()
	}
	if z.Coeff.IsInt64() {
		c := z.Coeff.Int64()
		if z.Negative {
			c = -c
		}
		return Num{coef: c, exp: z.Exponent}, nil
	}
	d := new(apd.Decimal)
	d.Set(z)
	return Num{big: d}, nil
}

// dec returns n as a decimal: n.big itself (read only!) or tmp set to n.
func (n Num) dec(tmp *apd.Decimal) *apd.Decimal {
	if n.big != nil {
		return n.big
	}
	return tmp.SetFinite(n.coef, n.exp)
}

// absU is the magnitude of c as a uint64 (correct for math.MinInt64 too).
func absU(c int64) uint64 {
	if c < 0 {
		return uint64(-c)
	}
	return uint64(c)
}

// mulInt multiplies with an overflow check; the product is never
// math.MinInt64.
func mulInt(a, b int64) (int64, bool) {
	hi, lo := bits.Mul64(absU(a), absU(b))
	if hi != 0 || lo > math.MaxInt64 {
		return 0, false
	}
	p := int64(lo)
	if (a < 0) != (b < 0) {
		p = -p
	}
	return p, true
}

// Add returns n + m. Add, Sub and Mul are exact. They fail with ErrLimit when a result would
// have more than MaxDigits significant digits or an exponent beyond
// MaxExponent in size.
func (n Num) Add(m Num) (Num, error) {
	if n.big == nil && m.big == nil {
		if r, ok, err := addSmall(n.coef, int(n.exp), m.coef, int(m.exp)); ok {
			return r, err
		}
	}
	return bigArith('+', n, m)
}

// Sub returns n - m exactly (see Add).
func (n Num) Sub(m Num) (Num, error) {
	if n.big == nil && m.big == nil {
		if r, ok, err := addSmall(n.coef, int(n.exp), -m.coef, int(m.exp)); ok {
			return r, err
		}
	}
	return bigArith('-', n, m)
}

// Mul returns n × m exactly (see Add).
func (n Num) Mul(m Num) (Num, error) {
	if n.big == nil && m.big == nil {
		if n.coef == 0 || m.coef == 0 {
			return Num{}, nil
		}
		if p, ok := mulInt(n.coef, m.coef); ok {
			return mkNum(p, int(n.exp)+int(m.exp))
		}
	}
	return bigArith('*', n, m)
}

// addSmall adds two fast-form numbers; ok is false when the sum does not
// fit the fast form.
func addSmall(a int64, ea int, b int64, eb int) (r Num, ok bool, err error) {
	if b == 0 {
		return Num{coef: a, exp: int32(ea)}, true, nil
	}
	if a == 0 {
		return Num{coef: b, exp: int32(eb)}, true, nil
	}
	if ea != eb {
		if ea < eb {
			a, ea, b, eb = b, eb, a, ea
		}
		d := ea - eb // scale a down to b's exponent
		if d >= len(pow10)-1 {
			return Num{}, false, nil
		}
		var fits bool
		if a, fits = mulInt(a, int64(pow10[d])); !fits {
			return Num{}, false, nil
		}
	}
	s := a + b
	if (b > 0 && s < a) || (b < 0 && s > a) || s == math.MinInt64 {
		return Num{}, false, nil
	}
	r, err = mkNum(s, eb)
	return r, true, err
}

// bigArith is the slow path of Add, Sub and Mul: exact, then checked.
func bigArith(op byte, n, m Num) (Num, error) {
	var tx, ty, z apd.Decimal
	x, y := n.dec(&tx), m.dec(&ty)
	var err error
	switch op {
	case '+':
		_, err = exactCtx.Add(&z, x, y)
	case '-':
		_, err = exactCtx.Sub(&z, x, y)
	default:
		_, err = exactCtx.Mul(&z, x, y)
	}
	if err != nil {
		return Num{}, errNumTooLarge()
	}
	return fromDec(&z)
}

// Quo divides exactly where the quotient terminates within 34 significant
// digits, and rounds half-even to 34 significant digits otherwise (D2). A zero
// divisor fails with ErrDivisionByZero ("division by zero").
func (n Num) Quo(m Num) (Num, error) {
	if m.isZero() {
		return Num{}, errDivZero()
	}
	if n.isZero() {
		return Num{}, nil
	}
	if n.big == nil && m.big == nil {
		if r, ok, err := quoSmall(n.coef, int(n.exp), m.coef, int(m.exp)); ok {
			return r, err
		}
		if r, ok, err := quoWide(n.coef, int(n.exp), m.coef, int(m.exp)); ok {
			return r, err
		}
	}
	var tx, ty, z apd.Decimal
	if _, err := quoCtx.Quo(&z, n.dec(&tx), m.dec(&ty)); err != nil {
		return Num{}, errNumTooLarge()
	}
	return fromDec(&z)
}

// quoSmall divides two non-zero fast-form numbers when the quotient
// terminates and fits the fast form (then it is exact); ok is false
// otherwise.
func quoSmall(a int64, ea int, b int64, eb int) (r Num, ok bool, err error) {
	ua, ub := absU(a), absU(b)
	g := gcd(ua, ub)
	ua, ub = ua/g, ub/g
	// ua/ub terminates iff ub = 2^p × 5^q; then ua/ub = ua × 2^(k-p) × 5^(k-q) / 10^k
	// with k = max(p, q).
	d := ub
	p := bits.TrailingZeros64(d)
	d >>= uint(p)
	q := 0
	for d%5 == 0 {
		d /= 5
		q++
	}
	if d != 1 {
		return Num{}, false, nil
	}
	k := max(p, q)
	if k >= len(pow10)-1 {
		return Num{}, false, nil
	}
	hi, lo := bits.Mul64(ua, pow10[k]/ub)
	if hi != 0 || lo > math.MaxInt64 {
		return Num{}, false, nil
	}
	c := int64(lo)
	if (a < 0) != (b < 0) {
		c = -c
	}
	r, err = mkNum(c, ea-eb-k)
	return r, true, err
}

// gcd is the greatest common divisor of two non-zero numbers (binary
// Euclid).
func gcd(a, b uint64) uint64 {
	shift := bits.TrailingZeros64(a | b)
	a >>= uint(bits.TrailingZeros64(a))
	for b != 0 {
		b >>= uint(bits.TrailingZeros64(b))
		if a > b {
			a, b = b, a
		}
		b -= a
	}
	return a << uint(shift)
}

// Rem is the floored remainder (D8): -7 % 3 is 2, 7 % -3 is -2. A zero divisor
// fails with ErrDivisionByZero.
func (n Num) Rem(m Num) (Num, error) {
	if m.isZero() {
		return Num{}, errDivZero()
	}
	if n.isZero() {
		return Num{}, nil
	}
	if n.big == nil && m.big == nil {
		if r, ok, err := remSmall(n.coef, int(n.exp), m.coef, int(m.exp)); ok {
			return r, err
		}
	}
	var tx, ty, z apd.Decimal
	x, y := n.dec(&tx), m.dec(&ty)
	if _, err := wideCtx.Rem(&z, x, y); err != nil {
		return Num{}, errNumTooLarge()
	}
	if !z.IsZero() && z.Negative != y.Negative {
		if _, err := exactCtx.Add(&z, &z, y); err != nil {
			return Num{}, errNumTooLarge()
		}
	}
	return fromDec(&z)
}

// remSmall is the floored remainder of two non-zero fast-form numbers; ok
// is false when aligning them does not fit an int64.
func remSmall(a int64, ea int, b int64, eb int) (r Num, ok bool, err error) {
	e := min(ea, eb)
	var fits bool
	if ea > e {
		if ea-e >= len(pow10)-1 {
			return Num{}, false, nil
		}
		if a, fits = mulInt(a, int64(pow10[ea-e])); !fits {
			return Num{}, false, nil
		}
	}
	if eb > e {
		if eb-e >= len(pow10)-1 {
			return Num{}, false, nil
		}
		if b, fits = mulInt(b, int64(pow10[eb-e])); !fits {
			return Num{}, false, nil
		}
	}
	c := a % b
	if c != 0 && (c < 0) != (b < 0) {
		c += b
	}
	r, err = mkNum(c, e)
	return r, true, err
}

// Neg returns -n.
func (n Num) Neg() Num {
	if n.big == nil {
		return Num{coef: -n.coef, exp: n.exp}
	}
	d := new(apd.Decimal)
	d.Neg(n.big)
	return Num{big: d}
}

// Cmp compares n and m: -1, 0 or +1.
func (n Num) Cmp(m Num) int {
	if n.big == nil && m.big == nil {
		return cmpSmall(n.coef, int(n.exp), m.coef, int(m.exp))
	}
	var tx, ty apd.Decimal
	return n.dec(&tx).Cmp(m.dec(&ty))
}

func cmpSmall(a int64, ea int, b int64, eb int) int {
	sa, sb := sign64(a), sign64(b)
	if sa != sb {
		if sa < sb {
			return -1
		}
		return 1
	}
	if sa == 0 {
		return 0
	}
	if ea == eb {
		switch {
		case a < b:
			return -1
		case a > b:
			return 1
		}
		return 0
	}
	var c int // comparison of the magnitudes
	if ea > eb {
		c = cmpScaled(absU(a), ea-eb, absU(b))
	} else {
		c = -cmpScaled(absU(b), eb-ea, absU(a))
	}
	return c * sa
}

// cmpScaled compares u × 10^d with v, for u ≥ 1 and d > 0.
func cmpScaled(u uint64, d int, v uint64) int {
	if d >= len(pow10) {
		return 1 // u × 10^20 exceeds every uint64
	}
	hi, lo := bits.Mul64(u, pow10[d])
	switch {
	case hi != 0 || lo > v:
		return 1
	case lo < v:
		return -1
	}
	return 0
}

func sign64(c int64) int {
	switch {
	case c < 0:
		return -1
	case c > 0:
		return 1
	}
	return 0
}

// Sign is -1, 0 or +1.
func (n Num) Sign() int {
	if n.big != nil {
		return n.big.Sign()
	}
	return sign64(n.coef)
}

// isZero reports whether n is 0.
func (n Num) isZero() bool { return n.big == nil && n.coef == 0 }

// Round rounds half away from zero to digits places after the point (D24);
// negative digits round to tens, hundreds, ... digits outside [-MaxExponent,
// MaxExponent] fail with ErrValue.
func (n Num) Round(digits int) (Num, error) {
	if digits < -MaxExponent || digits > MaxExponent {
		return Num{}, Fail(ErrValue, "digits must be a whole number from -"+
			strconv.Itoa(MaxExponent)+" to "+strconv.Itoa(MaxExponent))
	}
	e := -digits // the exponent of the last digit kept
	if n.big != nil {
		if int(n.big.Exponent) >= e {
			return n, nil
		}
		if r, ok, err := round128(n.big, e); ok {
			return r, err
		}
		var z apd.Decimal
		if _, err := roundCtx.Quantize(&z, n.big, int32(e)); err != nil {
			return Num{}, errNumTooLarge()
		}
		return fromDec(&z)
	}
	if n.coef == 0 || int(n.exp) >= e {
		return n, nil
	}
	k := e - int(n.exp) // digits dropped
	u := absU(n.coef)
	var q uint64 // |n| / 10^k, rounded half up
	if k < len(pow10) {
		p := pow10[k]
		q = u / p
		if r := u % p; r >= p-r {
			q++
		}
	} // else |n| < 10^19 ≤ 10^k / 2: rounds to 0
	c := int64(q)
	if n.coef < 0 {
		c = -c
	}
	return mkNum(c, e)
}

// Int64 returns n as an int64 when n is a whole number that fits.
func (n Num) Int64() (int64, bool) {
	if n.big != nil {
		if n.big.Exponent < 0 {
			return 0, false
		}
		i, err := n.big.Int64()
		return i, err == nil
	}
	if n.exp < 0 {
		return 0, false // canonical: a fraction remains
	}
	if int(n.exp) >= len(pow10)-1 {
		return 0, false
	}
	return mulInt(n.coef, int64(pow10[n.exp]))
}

// String shows n by D3: plain notation, no exponent, no trailing zeros, no
// ".0", -0 as 0.
func (n Num) String() string {
	if n.big == nil && n.exp == 0 {
		return strconv.FormatInt(n.coef, 10) // no allocation for 0..99
	}
	var buf [48]byte
	return string(n.Append(buf[:0]))
}

// Append appends String() to dst.
func (n Num) Append(dst []byte) []byte {
	if n.big == nil {
		var buf [20]byte
		digits := strconv.AppendUint(buf[:0], absU(n.coef), 10)
		return appendPlain(dst, n.coef < 0, digits, int(n.exp))
	}
	digits := n.big.Coeff.Append(nil, 10)
	return appendPlain(dst, n.big.Negative, digits, int(n.big.Exponent))
}

// shownLen is len(n.String()), computed without building it.
func (n Num) shownLen() int {
	if n.big == nil {
		u := absU(n.coef)
		nd := 1
		for nd < len(pow10) && u >= pow10[nd] {
			nd++
		}
		return plainLen(n.coef < 0, nd, int(n.exp))
	}
	return plainLen(n.big.Negative, int(n.big.NumDigits()), int(n.big.Exponent))
}

// appendPlain writes digits × 10^exp in plain notation (D3).
func appendPlain(dst []byte, neg bool, digits []byte, exp int) []byte {
	if neg {
		dst = append(dst, '-')
	}
	switch {
	case exp >= 0:
		dst = append(dst, digits...)
		for range exp {
			dst = append(dst, '0')
		}
	case len(digits) > -exp:
		p := len(digits) + exp
		dst = append(dst, digits[:p]...)
		dst = append(dst, '.')
		dst = append(dst, digits[p:]...)
	default:
		dst = append(dst, '0', '.')
		for range -exp - len(digits) {
			dst = append(dst, '0')
		}
		dst = append(dst, digits...)
	}
	return dst
}

// plainLen is the length appendPlain writes for nd digits.
func plainLen(neg bool, nd, exp int) int {
	l := 0
	if neg {
		l = 1
	}
	switch {
	case exp >= 0:
		return l + nd + exp
	case nd > -exp:
		return l + nd + 1
	default:
		return l + 2 - exp
	}
}

// errSyntax is parseDecimal's "not number text"; it never leaves the package.
var errSyntax = errors.New("not a number")

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

// maxExpValue bounds the exponent of json.Number text while it is read;
// anything larger is beyond the limits anyway.
const maxExpValue = 1 << 24

// parseDecimal reads [sign] digits [. digits] [e [sign] digits], with ASCII
// digits, at least one digit in the mantissa, and nothing around it. The
// sign is read only when signed is true, the exponent only when exponent is
// true. It fails with errSyntax for anything else and with an ErrLimit
// Failure for numbers beyond the limits, before allocating for them.
func parseDecimal(s string, signed, exponent bool) (Num, error) {
	if n, ok := parseSmall(s, signed); ok {
		return n, nil
	}
	return parseDecimalText(s, signed, exponent)
}

// parseDecimalText is parseDecimal of any text.
func parseDecimalText(s string, signed, exponent bool) (Num, error) {
	i := 0
	neg := false
	if signed && i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	intStart := i
	for i < len(s) && isDigit(s[i]) {
		i++
	}
	intDigits := s[intStart:i]
	frac := ""
	if i < len(s) && s[i] == '.' {
		i++
		fracStart := i
		for i < len(s) && isDigit(s[i]) {
			i++
		}
		frac = s[fracStart:i]
	}
	if len(intDigits) == 0 && len(frac) == 0 {
		return Num{}, errSyntax
	}
	exp10 := 0
	if exponent && i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		eneg := false
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			eneg = s[i] == '-'
			i++
		}
		start := i
		for i < len(s) && isDigit(s[i]) {
			if exp10 < maxExpValue {
				exp10 = exp10*10 + int(s[i]-'0')
			}
			i++
		}
		if i == start {
			return Num{}, errSyntax
		}
		if eneg {
			exp10 = -exp10
		}
	}
	if i != len(s) {
		return Num{}, errSyntax
	}

	// The digits are intDigits+frac, worth × 10^(exp10-len(frac)).
	total := len(intDigits) + len(frac)
	at := func(k int) byte {
		if k < len(intDigits) {
			return intDigits[k]
		}
		return frac[k-len(intDigits)]
	}
	lo := 0
	for lo < total && at(lo) == '0' {
		lo++
	}
	if lo == total {
		return Num{}, nil
	}
	hi := total
	for at(hi-1) == '0' {
		hi--
	}
	nd := hi - lo
	e := exp10 - len(frac) + (total - hi)
	if nd > MaxDigits {
		return Num{}, errNumDigits()
	}
	if e > MaxExponent {
		return Num{}, errNumTooLarge()
	}
	if e < -MaxExponent {
		return Num{}, errNumPlaces()
	}
	if nd < len(pow10) {
		var u uint64
		for k := lo; k < hi; k++ {
			u = u*10 + uint64(at(k)-'0')
		}
		if u <= math.MaxInt64 {
			c := int64(u)
			if neg {
				c = -c
			}
			return Num{coef: c, exp: int32(e)}, nil
		}
	}
	buf := make([]byte, 0, nd)
	for k := lo; k < hi; k++ {
		buf = append(buf, at(k))
	}
	d := new(apd.Decimal)
	if _, ok := d.Coeff.SetString(string(buf), 10); !ok {
		return Num{}, errSyntax
	}
	d.Exponent = int32(e)
	d.Negative = neg
	return Num{big: d}, nil
}

// parseSmall is parseDecimal of the most common number texts: at most 18
// ASCII digits (with a '-' or '+' first when signed) and at most one '.'
// among or around them ("42", "-3", "15434.75", "0.07", ".5", "5."), read
// in one pass straight into a canonical Num: a run of zeros is added to
// the coefficient only once a nonzero digit follows it, so no trailing
// zero is ever divided away. ok is false for any other text, which
// parseDecimalText reads in full; for a text both read, they give the same
// number (TestParseSmallAgrees).
func parseSmall(s string, signed bool) (n Num, ok bool) {
	i, neg := 0, false
	if signed && len(s) > 0 && (s[0] == '-' || s[0] == '+') {
		i, neg = 1, s[0] == '-'
	}
	var c int64
	digits, zeros := 0, 0 // zeros: digits 0 read since the last other digit, not yet in c
	point := -1           // the number of digits before the '.', once read
	for ; i < len(s); i++ {
		ch := s[i]
		if ch == '.' && point < 0 {
			point = digits
			continue
		}
		d := ch - '0'
		if d > 9 || digits == 18 {
			return Num{}, false
		}
		digits++
		if d == 0 {
			zeros++
			continue
		}
		c = c*int64(pow10[zeros+1]) + int64(d) // at most 18 digits: no overflow
		zeros = 0
	}
	if digits == 0 {
		return Num{}, false
	}
	if c == 0 {
		return Num{}, true
	}
	e := zeros
	if point >= 0 {
		e -= digits - point
	}
	if neg {
		c = -c
	}
	return Num{coef: c, exp: int32(e)}, true
}

// ParseNum reads plain number text (D6): optional surrounding blank
// characters (TrimBlank, the one blank rule: white space, U+200B, U+FEFF), an
// optional sign, digits, optionally a point and more digits (".5" and "5."
// are accepted too). Anything else, "" included, is not a number. Only
// ASCII digits count; text beyond the number limits (MaxDigits,
// MaxExponent) is not a number either.
func ParseNum(s string) (Num, bool) {
	n, err := parseDecimal(TrimBlank(s), true, false)
	return n, err == nil
}

// ParseDigits reads an unsigned literal as the expression grammar gives it
// (ASCII digits, optional point and digits). It fails with ErrLimit when the
// literal is too long to be a number, and with ErrValue when s is not such
// a literal.
func ParseDigits(s string) (Num, error) {
	n, err := parseDecimal(s, false, false)
	if err == errSyntax {
		return Num{}, Fail(ErrValue, "not a number: "+echo.Quote(s))
	}
	return n, err
}

// parseJSONNumber reads the text of a json.Number: a decimal, possibly with
// an exponent ("1.5e3"), kept exact. Text that is not a number fails with
// ErrData; a number beyond the limits with ErrLimit.
func parseJSONNumber(s string) (Num, error) {
	n, err := parseDecimal(s, true, true)
	if err == errSyntax {
		return Num{}, Fail(ErrData, "unsupported data: "+echo.Quote(s)+" is not a number")
	}
	return n, err
}

// FromFloat converts a host float64 by its shortest round-trip text (D2), so
// 0.07 stays 0.07. NaN and infinities fail with ErrData.
func FromFloat(f float64) (Num, error) { return fromFloat(f, 64) }

// fromFloat converts f, which holds a float of bitSize bits, by the
// shortest text that reads back as that float.
func fromFloat(f float64, bitSize int) (Num, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return Num{}, Fail(ErrData, "unsupported data: a number that is not finite")
	}
	whole := float64(1 << 53)
	if bitSize == 32 {
		whole = 1 << 24
	}
	if f == math.Trunc(f) && math.Abs(f) < whole {
		return Int(int64(f)), nil
	}
	if bitSize == 64 {
		if n, ok := shortFloat(f); ok {
			return n, nil
		}
	}
	return floatText(f, bitSize)
}

// shortFloatDigits is the most digits after the point shortFloat tries.
const shortFloatDigits = 8

// shortFloat is fromFloat of the most common floats that are not whole, the
// ones a decimal of at most shortFloatDigits digits after the point reads
// back as (15434.75, 0.07), found without writing the float as text; ok is
// false for the others (floatText reads them). For k = 1, 2, ... it takes
// c, the integer nearest f × 10^k, and keeps c × 10^-k when c / 10^k is f
// again: both are exact (10^k and c < 2^50 are exact floats) and the
// division is correctly rounded, as reading text is, so c × 10^-k reads back
// as f. The first such k is the fewest digits, and below 2^50 any integer
// that reads back as f at k is the nearest one to f × 10^k (a float's
// neighbours are closer than 2^-3 even there, while the product is off by
// less than 2^-4), which is also the nearest to f: the shortest round-trip
// text's own choice (TestShortFloatIsFloatText).
func shortFloat(f float64) (Num, bool) {
	d := 1.0
	for k := 1; k <= shortFloatDigits; k++ {
		d *= 10
		x := f * d
		if math.Abs(x) >= 1<<50 {
			return Num{}, false
		}
		if c := math.Round(x); c/d == f {
			n, _ := mkNum(int64(c), -k) // within every limit
			return n, true
		}
	}
	return Num{}, false
}

// floatText is fromFloat of any finite float that is not a small whole
// number, by the shortest text that reads back as f.
func floatText(f float64, bitSize int) (Num, error) {
	var buf [32]byte
	b := strconv.AppendFloat(buf[:0], f, 'e', -1, bitSize)
	// b is -?d(.d+)?e[+-]dd+ with at most 17 digits.
	i := 0
	neg := false
	if b[i] == '-' {
		neg = true
		i++
	}
	var c int64
	frac := 0
	point := false
	for ; b[i] != 'e'; i++ {
		if b[i] == '.' {
			point = true
			continue
		}
		c = c*10 + int64(b[i]-'0')
		if point {
			frac++
		}
	}
	i++ // 'e'
	eneg := b[i] == '-'
	e := 0
	for i++; i < len(b); i++ {
		e = e*10 + int(b[i]-'0')
	}
	if eneg {
		e = -e
	}
	if neg {
		c = -c
	}
	return mkNum(c, e-frac)
}
