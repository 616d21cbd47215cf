package value

import (
	"context"

	"github.com/cockroachdb/apd/v3"
)

// Any returns v as plain Go data, for a host that wants its result back:
//
//	empty       nil
//	text        string
//	number      *apd.Decimal (a new one, the caller's to keep or change)
//	boolean     bool
//	list        []any of these
//	dictionary  map[string]any of these
//
// Lists and dictionaries are copied deep, so Any is bounded: it fails
// with ErrLimit past MaxDepth levels (cyclic data) and with ErrBudget when
// it would build more than DefaultMaxSteps items and keys (a list shared
// many times over, as a YAML alias can make, is copied each time);
// Limits.Any takes the evaluation's budget instead. An item that is
// unsupported host data fails with ErrData, naming the first such item
// (a dictionary's keys are taken in sorted order, so every call names
// the same one and charges the same work).
func (v Value) Any() (any, error) {
	return Limits{Budget: NewBudget(context.Background(), 0, 0)}.Any(v)
}

// Any is Value.Any under l: a step for each item and key it copies,
// charged before it copies them. Without a budget (l.Budget nil) it is
// bounded by MaxDepth alone.
func (l Limits) Any(v Value) (any, error) {
	return v.toAny(l, 0)
}

func (v Value) toAny(l Limits, depth int) (any, error) {
	switch v.kind {
	case Text:
		return v.ref, nil // the string itself, not a copy of its header
	case Bool:
		return v.coef != 0, nil
	case Number:
		var tmp apd.Decimal
		d := new(apd.Decimal)
		d.Set(v.Num().dec(&tmp))
		return d, nil
	case List:
		if depth >= MaxDepth {
			return nil, errTooDeep()
		}
		n := v.Len()
		if err := l.Budget.Steps(n); err != nil {
			return nil, err
		}
		out := make([]any, n)
		for i := range out {
			item, err := v.Index(i)
			if err != nil {
				return nil, err
			}
			if out[i], err = item.toAny(l, depth+1); err != nil {
				return nil, atItem(err, indexStep(i))
			}
		}
		return out, nil
	case Dict:
		if depth >= MaxDepth {
			return nil, errTooDeep()
		}
		if err := l.Budget.Steps(v.Len()); err != nil {
			return nil, err
		}
		// In sorted order, not Go's map order (random at every range),
		// so that a dictionary with more than one refused item names the
		// same one, and charges the same work, at every call.
		keys := v.Keys()
		out := make(map[string]any, len(keys))
		for _, k := range keys {
			item, _, err := v.Key(k)
			if err != nil {
				return nil, err
			}
			if out[k], err = item.toAny(l, depth+1); err != nil {
				return nil, atItem(err, keyStep(k))
			}
		}
		return out, nil
	}
	return nil, nil
}

// MarshalJSON writes v as AppendJSON does, which is what `kinenix render
// -json` prints: numbers as exact JSON numbers, keys sorted, empty as
// null. It is bounded as AppendJSON is, by DefaultMaxSize bytes and by a
// budget of the default size. On an error it returns no bytes, as a
// json.Marshaler does, not the JSON written up to the failure.
func (v Value) MarshalJSON() ([]byte, error) {
	b, err := Limits{Budget: NewBudget(context.Background(), 0, 0)}.AppendJSON(nil, v)
	if err != nil {
		return nil, err
	}
	return b, nil
}
