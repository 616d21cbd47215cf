package scope

import (
	"sync/atomic"

	"github.com/kinenix/expressions/value"
)

// What a scope learns as it is read, and only once it has been read often
// enough to pay for it (issue #19). A scope made for one event is read a
// few times: each read is one read of the host's map, converted at the
// read, and nothing is kept, so a fresh scope costs nothing in the number
// of host variables. A scope read again and again (a host that keeps one
// for many evaluations) builds, after warmReads reads, a small table of
// the converted top-level values, and after warmReads questions about a
// name that is not a word, looks once at its names.

// warmReads is how many reads (and how many questions about names that
// are not words) a scope serves from its map before it keeps what it
// reads: more than a flow's row of fields asks of a fresh scope.
const warmReads = 64

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

type table struct {
	slots [tableSize]atomic.Pointer[entry]
}

// entry is one converted top-level value.
type entry struct {
	name string
	h    uint64
	v    value.Value
}

// cache is what a Scope learns as it is read.
type cache struct {
	table        atomic.Pointer[table]
	reads, asked atomic.Uint32
	words        atomic.Uint32
}

// read is Var: the kept value when the table has it, else one read of the
// map, kept once the scope is warm.
func (s *Scope) read(name string) (v value.Value, found bool, err error) {
	t := s.cache.table.Load()
	if t == nil {
		x, ok := s.vars[name]
		if !ok {
			return value.Value{}, false, nil
		}
		if v, err = value.FromHost(x); err == nil && s.cache.reads.Add(1) >= warmReads {
			s.makeTable().keep(name, hash(name), v)
		}
		return v, true, err
	}
	h := hash(name)
	for i := uint64(0); i < tableSize; i++ {
		e := t.slots[(h+i)%tableSize].Load()
		if e == nil {
			break
		}
		if e.h == h && e.name == name {
			return e.v, true, nil
		}
	}
	x, ok := s.vars[name]
	if !ok {
		return value.Value{}, false, nil
	}
	if v, err = value.FromHost(x); err == nil {
		t.keep(name, h, v)
	}
	return v, true, err
}

// makeTable returns the scope's table, building it when no reader has.
func (s *Scope) makeTable() *table {
	if t := s.cache.table.Load(); t != nil {
		return t
	}
	t := new(table)
	if s.cache.table.CompareAndSwap(nil, t) {
		return t
	}
	return s.cache.table.Load()
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

// noSuchName reports whether the scope certainly has no variable name,
// name not being a word (isWord), without reading the map: true only
// once the scope is warm and has looked at its names and found only
// words.
func (s *Scope) noSuchName(name string) bool {
	switch s.cache.words.Load() {
	case wordsOnly:
		return !isWord(name)
	case wordsNot:
		return false
	}
	if isWord(name) || s.cache.asked.Add(1) < warmReads {
		return false
	}
	state := wordsOnly
	for k := range s.vars {
		if !isWord(k) {
			state = wordsNot
			break
		}
	}
	s.cache.words.Store(state)
	return state == wordsOnly
}

// The states of cache.words.
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
