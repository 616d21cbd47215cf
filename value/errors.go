package value

import (
	"errors"
	"strconv"
)

// Sentinel kinds of failure raised by values and functions; eval re-exports
// them. A Failure wraps exactly one of them.
var (
	ErrType           = errors.New("wrong kind of value")
	ErrValue          = errors.New("bad value")
	ErrLimit          = errors.New("limit exceeded")
	ErrDivisionByZero = errors.New("division by zero")
	ErrData           = errors.New("unsupported data")
)

// Failure is an error with a reason meant for a flow author (no Go type
// names) and a sentinel kind for errors.Is.
type Failure struct {
	Kind   error  // one of the sentinels above
	Reason string // e.g. "number: no number in 'abc'"
	// Detail is for the Go programmer who passed the data, and may name Go
	// types: "unsupported data: main.Customer (a struct); pass a map".
	// It is empty when the reason says all; Error does not show it.
	Detail string
}

// Error returns the reason.
func (f *Failure) Error() string { return f.Reason }

// Unwrap returns the kind, for errors.Is.
func (f *Failure) Unwrap() error { return f.Kind }

// Fail returns a *Failure of the kind with the reason.
func Fail(kind error, reason string) error { return &Failure{Kind: kind, Reason: reason} }

// NumTooLarge is the reason of a number past the limit of its size: the
// one place it is said, with the limit and the fix (probe-bounds F7).
var NumTooLarge = "number too large: a number has at most " + strconv.Itoa(MaxDigits) + " digits followed by at most " + strconv.Itoa(MaxExponent) + " zeros; write a larger one as text, in quotes"

func errNumTooLarge() error { return Fail(ErrLimit, NumTooLarge) }

func errNumDigits() error {
	return Fail(ErrLimit, "number has more than "+strconv.Itoa(MaxDigits)+" digits")
}

func errNumPlaces() error {
	return Fail(ErrLimit, "number has more than "+strconv.Itoa(MaxExponent)+" decimal places")
}

func errDivZero() error { return Fail(ErrDivisionByZero, "division by zero") }

// ErrTooLong is the kind of a text that would pass the size cap (D17). It
// wraps ErrLimit, so errors.Is(err, ErrLimit) holds for it too.
var ErrTooLong = NewKind("text too long", ErrLimit)

func errTooLong(max int) error {
	return Fail(ErrTooLong, "the result would be larger than the limit of "+SizeText(max))
}

func errTooDeep() error {
	return Fail(ErrLimit, "data nested deeper than "+strconv.Itoa(MaxDepth)+" levels")
}
