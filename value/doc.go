// Package value is the value model of the expression language: the kinds of
// value (D1), exact decimal numbers (D2), how values are shown as text (D3,
// D4), how host data is read in (D1), and the comparison rules that
// conditions use (D25, D27-D30). Everything here is pure: no I/O, no
// globals that change, no reflection into host types.
package value

// Design notes (not API):
//
// Numbers. A Num is an int64 coefficient and an int32 exponent (value =
// coef × 10^exp), kept canonical: no trailing zeros in the coefficient, and
// zero is Num{}. Every operation first tries this fast path with
// overflow-checked integer math; only when a result does not fit does it
// fall back to an *apd.Decimal, computed exactly (Add, Sub, Mul, Rem) or to
// 34 significant digits (Quo), and then converted back to the fast form when
// the reduced result fits again. A Num holds an *apd.Decimal only when its
// coefficient does not fit in an int64; that decimal is never mutated after
// the Num is made, so Nums are safe to share between goroutines. Every Num
// stays within MaxDigits significant digits and an exponent of at most
// MaxExponent in size, so its shown text is at most a few thousand bytes.
//
// Values. A Value is a small struct: the text of a Text, the number of a
// Number held inline (coefficient and exponent, plus the decimal for huge
// numbers in ref), the boolean in coef, and for lists and dictionaries the
// host container itself in ref (the interface the host passed in, so
// nothing is copied or boxed again). Items are converted when they are
// read, by Index and Key.
//
// Limits. Show and AppendJSON check the size of every piece before they
// append it and never allocate beyond the given maximum; they count the
// containers they are inside and stop at MaxDepth, which also ends cyclic
// host data.
