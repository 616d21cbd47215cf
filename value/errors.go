package value

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
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
	// Item is where, inside the value that was read, the data failed:
	// "[1]", ".k", "['a b']", "[1].k" (the steps an expression would write
	// after the value's own name), or "" when the value itself failed.
	// Only an ErrData failure (unsupported host data) carries it; eval
	// writes it after the expression that gave the value (f[1], m.k).
	Item string
}

// atItem is err, a failure of an item of a list or dictionary reached by
// step ("[1]", ".k"), named from the container: step goes in front of the
// Item the failure already has. Only unsupported data (ErrData) is named
// so; any other error is returned as it is.
func atItem(err error, step string) error {
	f, ok := err.(*Failure)
	if !ok || f.Kind != ErrData {
		return err
	}
	g := *f
	g.Item = step + f.Item
	return &g
}

// AtIndex is err, a failure of item i of a list or of something inside
// it, named from the list (Failure.Item gets "[i]" in front): for a caller
// that walks a list's items itself, as join does.
func AtIndex(err error, i int) error { return atItem(err, indexStep(i)) }

// indexStep is the step to item i of a list: "[1]".
func indexStep(i int) string { return "[" + strconv.Itoa(i) + "]" }

// keyStep is the step to key k of a dictionary: ".k" when k is a plain
// name (D9), "['k']" otherwise.
func keyStep(k string) string {
	plain := k != "" && k[0] != '_'
	for i, r := range k {
		if !(r == '_' || unicode.IsLetter(r) || i > 0 && unicode.IsDigit(r)) {
			plain = false
			break
		}
	}
	if plain {
		return "." + k
	}
	return "['" + strings.NewReplacer(`\`, `\\`, "'", `\'`).Replace(k) + "']"
}

// Error returns the reason.
func (f *Failure) Error() string { return f.Reason }

// Unwrap returns the kind, for errors.Is.
func (f *Failure) Unwrap() error { return f.Kind }

// Fail returns a *Failure of the kind with the reason.
func Fail(kind error, reason string) error { return &Failure{Kind: kind, Reason: reason} }

// numTooLarge is the reason of a number past the limit of its size: the
// one place it is said, with the limit and the fix (probe-bounds F7).
var numTooLarge = "number too large: a number has at most " + strconv.Itoa(MaxDigits) + " digits followed by at most " + strconv.Itoa(MaxExponent) + " zeros; write a larger one as text, in quotes"

func errNumTooLarge() error { return Fail(ErrLimit, numTooLarge) }

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
