package scope

import (
	"hash/maphash"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/kinenix/expressions/value"
)

// Reading a top-level variable (issue #11). A compiled expression hashes
// each name it reads once, at compile time (a Name); a scope converts each
// top-level value once, at its first read, and keeps it in a small table
// that readers search without a lock. The table is built only once a scope
// has been read a few times, so a scope made for one evaluation costs no
// more than the map lookups it does.

// seed is the one hash seed of the process: a Name hashed at compile time
// is valid for every scope.
var seed = maphash.MakeSeed()

// Name is a variable name hashed once, for reading it from any scope
// without hashing it again; make one with NewName.
type Name struct {
	s  string
	h  uint64
	id uint32 // the name's number (nameID), 0 for none
}

// NewName hashes name once, for the expressions being compiled. It also
// numbers the name for the life of the process (the first 4096 distinct
// names of at most 64 bytes; it takes a lock to do so), so that reading a
// kept value by the Name compares no bytes. For a name read once, Var is
// the cheaper call.
func NewName(name string) Name {
	return Name{s: name, h: maphash.String(seed, name), id: nameID(name)}
}

// hashName is NewName without a number, for a name read once (Var): it
// takes no lock.
func hashName(name string) Name { return Name{s: name, h: maphash.String(seed, name)} }

// The names that compiled expressions read are numbered once for the
// process, so that a read recognizes a kept value by its number instead
// of comparing the names' bytes, a call on every read. At most maxNames
// names of at most maxNameLen bytes are numbered (a few hundred KiB at
// most); any other name is recognized by its bytes, as before.
const (
	maxNames   = 4096
	maxNameLen = 64
)

var names = struct {
	sync.Mutex
	ids map[string]uint32
}{ids: make(map[string]uint32)}

// nameID is the number of name, given now if it has none; 0 when it gets
// none.
func nameID(name string) uint32 {
	if len(name) > maxNameLen {
		return 0
	}
	names.Lock()
	defer names.Unlock()
	if id, ok := names.ids[name]; ok {
		return id
	}
	if len(names.ids) >= maxNames {
		return 0
	}
	id := uint32(len(names.ids) + 1)
	names.ids[strings.Clone(name)] = id // not the source text it is cut from
	return id
}

// String is the name itself.
func (n Name) String() string { return n.s }

// warmReads is how many reads a scope serves from its map before it
// builds the table of converted values (and before it looks at its names
// for section 4): a scope read once or twice is not worth either.
const warmReads = 4

// tableSize is the number of slots of the table of converted values; a
// scope whose expressions read more distinct variables than this reads
// the rest from the map, converting them at each read as before.
const tableSize = 32

type table struct {
	slots [tableSize]atomic.Pointer[entry]
}

// entry is one converted top-level value.
type entry struct {
	name string
	h    uint64
	id   uint32
	v    value.Value
}

// is reports whether e is the entry of n: the same number, or else the
// same bytes.
func (e *entry) is(n Name) bool {
	return e.h == n.h && (n.id != 0 && e.id == n.id || e.name == n.s)
}

// VarName is Var for a name hashed once. A value read once is kept: later
// reads return it without looking it up or converting it again (nested
// maps and slices are still read live, item by item).
func (s *Scope) VarName(n Name) (v value.Value, found bool, err error) {
	if s == nil {
		return value.Value{}, false, nil
	}
	if t := s.table.Load(); t != nil {
		for i := uint64(0); i < tableSize; i++ {
			e := t.slots[(n.h+i)%tableSize].Load()
			if e == nil {
				break
			}
			if e.is(n) {
				return e.v, true, nil
			}
		}
		x, ok := s.vars[n.s]
		if !ok {
			return value.Value{}, false, nil
		}
		if v, err = value.FromHost(x); err == nil {
			t.keep(n, v)
		}
		return v, true, err
	}
	x, ok := s.vars[n.s]
	if !ok {
		return value.Value{}, false, nil
	}
	if v, err = value.FromHost(x); err == nil && s.warm() {
		if t := s.makeTable(); t != nil {
			t.keep(n, v)
		}
	}
	return v, true, err
}

// warm counts a read made without the table and reports whether the scope
// has now been read often enough to build it.
func (s *Scope) warm() bool { return s.reads.Add(1) >= warmReads }

// makeTable returns the scope's table, building it when no reader has.
func (s *Scope) makeTable() *table {
	if t := s.table.Load(); t != nil {
		return t
	}
	t := new(table)
	if s.table.CompareAndSwap(nil, t) {
		return t
	}
	return s.table.Load()
}

// keep stores the converted value of n, unless another reader has or the
// table is full.
func (t *table) keep(n Name, v value.Value) {
	var e *entry
	for i := uint64(0); i < tableSize; i++ {
		slot := &t.slots[(n.h+i)%tableSize]
		old := slot.Load()
		if old == nil {
			if e == nil {
				e = &entry{name: n.s, h: n.h, id: n.id, v: v}
			}
			if slot.CompareAndSwap(nil, e) {
				return
			}
			old = slot.Load()
		}
		if old.is(n) {
			return
		}
	}
}

// IsWord reports whether name is made only of ASCII letters, digits and
// `_`: the characters of a plain variable name.
func IsWord(name string) bool {
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// MayHaveNonWord reports whether the scope may have a variable whose name
// is not a word (IsWord): false only when it has none, so that a text that
// is not a word can be known not to name a variable without looking it
// up (design section 4's whole-text step, issue #11). The names are looked
// at once, when the scope has been asked a few times; until then, and when
// they have been looked at and one is not a word, it is true.
func (s *Scope) MayHaveNonWord() bool {
	if s != nil && s.words.Load() == wordsOnly {
		return false // the common answer, small enough to inline
	}
	return s.lookAtNames()
}

// lookAtNames is MayHaveNonWord for every other case.
func (s *Scope) lookAtNames() bool {
	if s == nil {
		return false
	}
	switch s.words.Load() {
	case wordsOnly:
		return false
	case wordsNot:
		return true
	}
	if s.asked.Add(1) < warmReads {
		return true
	}
	state := wordsOnly
	for name := range s.vars {
		if !IsWord(name) {
			state = wordsNot
			break
		}
	}
	s.words.Store(state)
	return state == wordsNot
}

// The states of Scope.words.
const (
	wordsUnknown uint32 = iota
	wordsOnly
	wordsNot
)
