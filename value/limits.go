package value

// Limits are what one costly operation of this package may use: the work
// budget of the evaluation it is part of (D35) and the host's cap on the
// size of one value (D17). Every operation that shows, copies, compares or
// walks values has a form that takes Limits, as a method:
//
//	l := value.Limits{Budget: b, MaxSize: 1000}
//	text, err := l.Show(nil, v)
//	same, err := l.Equal(a, b)
//	in, err := l.Member(x, list)
//
// Each charges the budget before it does the work: Bytes for every byte it
// writes, shows or compares, Steps for every item and key it visits (a key
// count before sorting the keys), and fails with the budget's error once it
// is spent, or with ErrLimit past MaxSize. Shared sub-values (the same list
// reached through many references, a YAML alias DAG) are charged each time
// they are visited, so the budget bounds them however small their data is.
//
// The zero Limits has no budget and the default cap; the plain forms
// (Value.Show, Value.AppendJSON, Equal, Member, Contains, OrderOp) are the
// zero Limits and serve callers outside an evaluation. Truthy, IsBlank and
// ToNumber have no Limits form: they never show a list or dictionary, and
// read at most the one text they are given. Limits is small and passed by
// value.
type Limits struct {
	// Budget is charged before the work; nil charges nothing.
	Budget *Budget
	// MaxSize caps, in bytes, one value shown or built (D17); 0 (or less)
	// means DefaultMaxSize.
	MaxSize int
}

// Cap is the size cap in force: MaxSize, or DefaultMaxSize when MaxSize is
// not set.
func (l Limits) Cap() int {
	if l.MaxSize <= 0 {
		return DefaultMaxSize
	}
	return l.MaxSize
}

// normal is l with MaxSize set to the cap in force.
func (l Limits) normal() Limits {
	l.MaxSize = l.Cap()
	return l
}
