package funcs

import (
	"errors"
	"strings"

	"github.com/kinenix/expressions/internal/lend"
	"github.com/kinenix/expressions/value"
)

// indexText is item i of list x when it is text, read without making a
// Value (value lends it, internal/lend): ok is false otherwise, and Index
// reads the item then.
var indexText = lend.Borrow[func(x value.Value, i int) (string, bool)]("value.indexText")

// callLen is len(x) (D19, D20): code points of a text, items of a list,
// keys of a dictionary; empty is 0; a number or boolean fails.
func callLen(env *Env, x value.Value) (value.Value, error) {
	switch x.Kind() {
	case value.Empty:
		return value.NumberValue(value.Int(0)), nil
	case value.Text:
		// Counting code points reads the text; a list or dictionary knows
		// its length.
		if err := env.Limits().Budget.Bytes(len(x.Text())); err != nil {
			return value.Value{}, err
		}
		return value.NumberValue(value.Int(int64(x.Len()))), nil
	case value.List, value.Dict:
		return value.NumberValue(value.Int(int64(x.Len()))), nil
	}
	return value.Value{}, value.Fail(value.ErrType, "len needs text, a list or a dictionary, got "+kindPhrase(x.Kind()))
}

// callJoin is join(list, sep) (D20, D3, D4): the items shown and joined by
// sep (", " when left out); empty gives ""; a single value that is not a
// list joins as itself, that is, as its shown text.
func callJoin(env *Env, args []value.Value) (value.Value, error) {
	l := env.Limits()
	limit := l.Cap()
	sep := ", "
	if len(args) > 1 {
		s, err := paramText("join", "the separator", args[1], l)
		if err != nil {
			return value.Value{}, err
		}
		sep = s
	}
	x := args[0]
	switch x.Kind() {
	case value.Empty:
		return value.TextValue(""), nil
	case value.List:
		return joinList(x, sep, l)
	case value.Text:
		if len(x.Text()) > limit {
			return value.Value{}, errLimit("join", limit)
		}
		return x, nil
	}
	b, err := l.Show(nil, x)
	if err != nil {
		return value.Value{}, showErr(err, limit)
	}
	return value.TextValue(string(b)), nil
}

// joinList joins the items of a list. It first adds up the size of the
// result, (n-1)·len(sep) and then the shown size of each item, and fails as
// soon as the sum passes the cap; only then does it charge the budget for
// the result and allocate, exactly once. Each pass charges a step for
// each item it visits, and a list or dictionary item is shown under l each
// time.
func joinList(x value.Value, sep string, l value.Limits) (value.Value, error) {
	limit := l.Cap()
	n := x.Len()
	if n == 0 {
		return value.TextValue(""), nil
	}
	if len(sep) > 0 && n-1 > limit/len(sep) {
		return value.Value{}, errLimit("join", limit)
	}
	total := (n - 1) * len(sep)
	// Most lists hold only texts: they are read here as strings, and the
	// first of them kept for the second pass, with no value built for
	// any. At the first item that is not a text, sizeItems goes on.
	var kept [8]item
	var scratch []byte // shown numbers and nested lists or dictionaries
	for i := 0; i < n; i++ {
		if err := l.Budget.Steps(1); err != nil {
			return value.Value{}, err
		}
		s, ok := indexText(x, i)
		if !ok {
			var err error
			if total, scratch, err = sizeItems(x, l, i, total, &kept); err != nil {
				return value.Value{}, err
			}
			break
		}
		if len(s) > limit-total {
			return value.Value{}, errLimit("join", limit)
		}
		total += len(s)
		if i < len(kept) {
			kept[i] = item{s: s, text: true}
		}
	}
	if n == 1 && kept[0].text {
		// The item itself: a host's text is kept as it is, not boxed again.
		if v, err := x.Index(0); err == nil && v.Kind() == value.Text {
			return v, nil
		}
		return value.TextValue(kept[0].s), nil
	}
	// The second pass: the budget is charged for the result, then the items
	// are written with sep between them, the first len(kept) as the first
	// pass kept them and the others read again, a step each. An item that
	// does not fit what was charged means the host changed the list under
	// the evaluation (D1 asks it not to): join fails rather than build more
	// than it charged for (D35).
	if err := l.Budget.Bytes(total); err != nil {
		return value.Value{}, err
	}
	var b strings.Builder
	b.Grow(total)
	var next item // an item past kept, read again
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(sep)
		}
		it := &next
		if i < len(kept) {
			it = &kept[i]
		} else {
			if err := l.Budget.Steps(1); err != nil {
				return value.Value{}, err
			}
			// Most items are texts, read as strings (as readItem does first).
			if s, ok := indexText(x, i); ok {
				next = item{s: s, text: true}
			} else {
				var err error
				if next, err = readItem(x, i); err != nil {
					return value.Value{}, withName("join", err)
				}
			}
		}
		if it.text {
			if b.Len()+len(it.s) > total {
				return value.Value{}, errChanged()
			}
			b.WriteString(it.s)
			continue
		}
		var err error
		if scratch, err = appendShown(scratch[:0], it.v, l); err != nil {
			return value.Value{}, showErr(value.AtIndex(err, i), limit)
		}
		if b.Len()+len(scratch) > total {
			return value.Value{}, errChanged()
		}
		b.Write(scratch)
	}
	return value.TextValue(b.String()), nil
}

// sizeItems is joinList's first pass from item from on, once an item that
// is not a text is met: total is the size of the items before it and of the
// separators, and the step of item from is charged. It keeps the items it
// reads among the first len(kept), so that a short list is read from the
// host only once, and gives the size of the whole result and its scratch
// space, for the second pass.
func sizeItems(x value.Value, l value.Limits, from, total int, kept *[8]item) (int, []byte, error) {
	limit := l.Cap()
	n := x.Len()
	var scratch []byte
	for i := from; i < n; i++ {
		if i > from {
			if err := l.Budget.Steps(1); err != nil {
				return 0, nil, err
			}
		}
		it, err := readItem(x, i)
		if err != nil {
			return 0, nil, withName("join", err)
		}
		if i < len(kept) {
			kept[i] = it
		}
		size := len(it.s)
		if !it.text {
			// Show reads a limit of 0 as its default; 1 is as good when
			// nothing is left, since any shown byte is then too many.
			scratch, err = appendShown(scratch[:0], it.v, value.Limits{Budget: l.Budget, MaxSize: max(limit-total, 1)})
			if err != nil {
				return 0, nil, showErr(value.AtIndex(err, i), limit)
			}
			size = len(scratch)
		}
		if size > limit-total {
			return 0, nil, errLimit("join", limit)
		}
		total += size
	}
	return total, scratch, nil
}

// errChanged is join's failure when the host changed a list while join
// read it.
func errChanged() error {
	return withName("join", value.Fail(value.ErrData, "unsupported data: the list changed while it was read"))
}

// appendShown appends v, an item that is not a text, as join shows it: a
// number as 12 or 3.5, a boolean as true or false, an empty item as
// nothing, a list or dictionary as Show shows it under l (which charges
// its bytes and steps; join charges the rest once, for the whole result).
func appendShown(dst []byte, v value.Value, l value.Limits) ([]byte, error) {
	switch v.Kind() {
	case value.Empty:
		return dst, nil
	case value.Bool:
		if v.Bool() {
			return append(dst, "true"...), nil
		}
		return append(dst, "false"...), nil
	case value.Number:
		return v.Num().Append(dst), nil
	}
	return l.Show(dst, v)
}

// item is one item of a list read by join: a text item as its string
// (read without building a Value, so a list of Go strings is not boxed
// item by item), any other item as its value.
type item struct {
	s    string      // a text item's text
	v    value.Value // any other item
	text bool
}

// readItem reads item i of list x.
func readItem(x value.Value, i int) (item, error) {
	if s, ok := indexText(x, i); ok {
		return item{s: s, text: true}, nil
	}
	v, err := x.Index(i)
	if v.Kind() == value.Text {
		return item{s: v.Text(), text: true}, err
	}
	return item{v: v}, err
}

// showErr names a failure of value.Show for join. Past the cap it is join's
// own limit message, like every other size failure of this package; any
// other failure (data nested deeper than value.MaxDepth, unsupported data)
// keeps value's reason after "join: ". TestJoinLimit pins the reason that
// tells the two apart.
func showErr(err error, limit int) error {
	var f *value.Failure
	if errors.As(err, &f) && errors.Is(f.Kind, value.ErrTooLong) {
		return errLimit("join", limit)
	}
	return withName("join", err)
}
