// Package value is the value model of the expression language: the kinds of
// value (D1), exact decimal numbers (D2), how values are shown as text (D3,
// D4), how host data is read in (D1), and the comparison rules that
// conditions use (D25, D27-D30), and how values go back out to Go data
// (Value.Any, Value.MarshalJSON). Everything here is pure: no I/O, no
// globals that change, no reflection into host types beyond their kinds
// (one small file reads typed slices and maps by kind, length, item and key,
// never a field or a method).
//
// # Limits and the work budget
//
// Every operation whose cost grows with its values (showing, JSON,
// comparing, `in`, `contains`, sorting a dictionary's keys) comes in two
// forms. The plain form (Value.Show, Value.AppendJSON, Equal, Member,
// Contains, OrderOp) takes no budget and at most a size cap; it is for
// callers outside an evaluation. The form under Limits is a method of
// Limits, which holds the evaluation's *Budget (D35) and the host's size
// cap (D17):
//
//	l := value.Limits{Budget: value.NewBudget(ctx, 0, 0), MaxSize: host}
//	out, err := l.Show(out, v)
//	ok, err := l.Equal(a, b)
//
// Under Limits every byte written, shown or compared and every item or
// key visited is charged before the work is done, and the first charge
// past the budget fails with ErrBudget; past the cap the operation fails
// with ErrLimit instead of reading a failure as "not equal". A value built
// from shared parts costs what it shows, each time it is visited. Package
// funcs passes the same Limits (funcs.Env.Limits) to every function.
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
// nothing is copied or boxed again); a row of a Table is the *Table in ref
// and the row's index in coef, so reading a row allocates nothing. Items
// are converted when they are read, by Index and Key.
//
// Limits. Show and AppendJSON check the size of every piece before they
// append it and never allocate beyond the given maximum; they count the
// containers they are inside and stop at MaxDepth, which also ends cyclic
// host data. Under a Budget each piece is charged after the cap check and
// before the append, and each list item and dictionary key is a step, so
// the work done past the budget is at most one piece.
