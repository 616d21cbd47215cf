package hostvars

import (
	"sync/atomic"

	"github.com/kinenix/expressions/value"
)

// What a scope learns as it is used, and only once it has been used often
// enough to pay for it (issue #19). A scope made for one event is used a
// few times: each read is one read of the host's map, converted at the
// read, and nothing is kept, so a fresh scope costs nothing in the number
// of host variables. A scope used again and again (a host that keeps one
// for many evaluations) gets, at its warmUses-th use, a small table of the
// converted top-level values its readers read, and looks once at its
// names when asked about a name that is not a word.

// warmUses is how many uses (evaluations, or reads by the host) a scope
// serves from its map alone before it keeps what it reads: more than a
// flow's row of fields asks of a fresh scope.
const warmUses = 64

// hash places name in a table: its length and its first and last bytes,
// enough to tell apart the few names one scope's expressions read, and
// cheaper than hashing the bytes at every read. Names alike in those are
// told apart by their bytes; the table is small, so a probe is short.
func hash(name string) uint64 {
	h := uint64(len(name)) * 0x9e3779b97f4a7c15
	if n := len(name); n > 0 {
		h ^= uint64(name[0])<<8 | uint64(name[n-1])
	}
	return h ^ h>>29
}

// tableSize is the number of slots of the table of converted values; a
// scope whose expressions read more distinct variables than this reads
// the rest from the map, converting them at each read.
const tableSize = 32

// table is what a warm scope keeps: converted top-level values, and
// whether its names are all words.
type table struct {
	slots [tableSize]atomic.Pointer[entry]
	words atomic.Uint32
}

// entry is one converted top-level value.
type entry struct {
	name string
	h    uint64
	v    value.Value
}

// The states of Vars.state.
const (
	tableNone uint32 = iota
	tableMaking
	tableSet
)

// makeTable returns v's table, building it when no reader has; nil while
// another reader builds it (this use reads the map).
func (v *Vars) makeTable() *table {
	if v.state.CompareAndSwap(tableNone, tableMaking) {
		v.kept = new(table)
		v.state.Store(tableSet)
		return v.kept
	}
	if v.state.Load() == tableSet {
		return v.kept
	}
	return nil
}

// read is Reader.Var on a warm scope: the kept value when the table has
// it, else one read of vars, kept. h is hash(name).
func (t *table) read(vars map[string]any, name string, h uint64) (v value.Value, found bool, err error) {
	for i := uint64(0); i < tableSize; i++ {
		e := t.slots[(h+i)%tableSize].Load()
		if e == nil {
			break
		}
		if e.h == h && e.name == name {
			return e.v, true, nil
		}
	}
	x, ok := vars[name]
	if !ok {
		return value.Value{}, false, nil
	}
	if v, err = value.FromHost(x); err == nil {
		t.keep(name, h, v)
	}
	return v, true, err
}

// keep stores the converted value of name, unless another reader has or
// the table is full.
func (t *table) keep(name string, h uint64, v value.Value) {
	var e *entry
	for i := uint64(0); i < tableSize; i++ {
		slot := &t.slots[(h+i)%tableSize]
		old := slot.Load()
		if old == nil {
			if e == nil {
				e = &entry{name: name, h: h, v: v}
			}
			if slot.CompareAndSwap(nil, e) {
				return
			}
			old = slot.Load()
		}
		if old.h == h && old.name == name {
			return
		}
	}
}

// noSuchName reports whether vars certainly has no variable of a name
// that is not a word (word is isWord of it), without reading the map: true
// once the scope has looked at its names, the first time it is asked, and
// found only words.
func (t *table) noSuchName(vars map[string]any, word bool) bool {
	switch t.words.Load() {
	case wordsOnly:
		return !word
	case wordsNot:
		return false
	}
	if word {
		return false
	}
	state := wordsOnly
	for k := range vars {
		if !isWord(k) {
			state = wordsNot
			break
		}
	}
	t.words.Store(state)
	return state == wordsOnly
}

// The states of table.words.
const (
	wordsUnknown uint32 = iota
	wordsOnly
	wordsNot
)

// isWord reports whether name is made only of ASCII letters, digits and
// `_`: the characters of a plain variable name.
func isWord(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}
