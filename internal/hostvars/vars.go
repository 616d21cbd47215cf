// Package hostvars is what a scope.Scope is made of, and how an evaluation
// reads its variables. Package scope owns the API (type Scope is a Vars);
// package eval converts a *scope.Scope to a *Vars and copies a Reader of it
// into the frame of one evaluation, so that it never keeps the scope
// itself: a scope made per event can then live on its maker's stack
// (issue #19).
package hostvars

import (
	"sync/atomic"

	"github.com/kinenix/expressions/value"
)

// Vars is the host's variables and the settings of one evaluation: the
// representation of scope.Scope. Its zero value, and a nil *Vars, is a
// scope with no variables, no environment and the default limits (a limit
// of 0 is the default). It is safe for concurrent use; what it learns as
// it is used (cache.go) is published through atomics.
type Vars struct {
	vars map[string]any
	env  func(name string) (string, bool)
	// maxSize caps built text (D17); maxWork and maxSteps are the budget
	// of one evaluation (D35). 0 takes the defaults of package value.
	maxSize           int
	maxWork, maxSteps int64

	// What a scope used many times learns (cache.go): uses counts its
	// uses; kept is its table, set once and read only once state says
	// tableSet. (An atomic pointer would do, but its operations make the
	// compiler move every Vars to the heap; these do not.)
	uses, state atomic.Uint32
	kept        *table
}

// New returns a scope over vars with the default limits.
func New(vars map[string]any) *Vars { return &Vars{vars: vars} }

// SetEnv sets the function that answers `env.NAME`. A scope that already
// keeps a table (cache.go) drops it, so that a Reader of it is never the
// Same as one that copied the function before.
func (v *Vars) SetEnv(lookup func(name string) (string, bool)) {
	v.env = lookup
	if v.state.Load() != tableNone {
		v.kept = nil
		v.uses.Store(0)
		v.state.Store(tableNone)
	}
}

// SetMaxSize sets the cap on built text; n <= 0 keeps the default.
func (v *Vars) SetMaxSize(n int) {
	if n > 0 {
		v.maxSize = n
	}
}

// SetMaxWork sets the byte budget of one evaluation; n <= 0 keeps the
// default.
func (v *Vars) SetMaxWork(n int64) {
	if n > 0 {
		v.maxWork = n
	}
}

// SetMaxSteps sets the step budget of one evaluation; n <= 0 keeps the
// default.
func (v *Vars) SetMaxSteps(n int64) {
	if n > 0 {
		v.maxSteps = n
	}
}

// MaxSize is the cap on built text, in bytes.
func (v *Vars) MaxSize() int {
	if v == nil || v.maxSize == 0 {
		return value.DefaultMaxSize
	}
	return v.maxSize
}

// MaxWork is the byte budget of one evaluation (0: the default).
func (v *Vars) MaxWork() int64 {
	if v == nil {
		return 0
	}
	return v.maxWork
}

// MaxSteps is the step budget of one evaluation (0: the default).
func (v *Vars) MaxSteps() int64 {
	if v == nil {
		return 0
	}
	return v.maxSteps
}

// Env returns the environment variable name through the host's lookup
// function; ok is false when it is not set or no function was given.
func (v *Vars) Env(name string) (string, bool) {
	if v == nil {
		return "", false
	}
	r := Reader{env: v.env} // not a use: no variable is read
	return r.Env(name)
}

// Names returns the names of the variables, in no defined order.
func (v *Vars) Names() []string {
	if v == nil {
		return nil
	}
	names := make([]string, 0, len(v.vars))
	for k := range v.vars {
		names = append(names, k)
	}
	return names
}

// Reader is how one evaluation, or one read by the host, reads the
// variables of a Vars: a copy of what it needs, never the Vars itself.
// Its zero value reads no variables and no environment.
type Reader struct {
	vars map[string]any
	env  func(name string) (string, bool)
	t    *table // the scope's table of converted values once warm, else nil
}

// Reader returns a Reader of v for one use: an evaluation, or one read by
// the host. It counts the use; a scope used warmUses times keeps what its
// readers convert from then on (cache.go).
func (v *Vars) Reader() Reader {
	r, _ := v.Start()
	return r
}

// use counts a use of a scope that has no table yet and returns its
// table once it is warm, else nil.
func (v *Vars) use() *table {
	if v.uses.Add(1) >= warmUses {
		return v.makeTable()
	}
	return nil
}

// Name is a variable name as an evaluation reads it, worked out once
// where the name is written (a template's variable, or the first part of
// a placeholder's path) rather than at every read: its place in a warm
// scope's table (hash) and whether it is a word (isWord).
type Name struct {
	s    string
	h    uint64
	word bool
}

// NameOf returns the Name of the variable name.
func NameOf(name string) Name { return Name{s: name, h: hash(name), word: isWord(name)} }

// String returns the name as written.
func (n Name) String() string { return n.s }

// Limits are the caps of one evaluation in a scope (0: the default of
// package value, for work and steps).
type Limits struct {
	MaxSize           int
	MaxWork, MaxSteps int64
}

// Start returns a Reader of v for one evaluation (a use, as Reader) and
// the evaluation's limits: what a frame's start asks of its scope, in
// one call.
func (v *Vars) Start() (r Reader, l Limits) {
	l.MaxSize = value.DefaultMaxSize
	if v == nil {
		return r, l
	}
	r = Reader{vars: v.vars, env: v.env}
	if v.state.Load() == tableSet {
		r.t = v.kept
	} else {
		r.t = v.use()
	}
	if v.maxSize != 0 {
		l.MaxSize = v.maxSize
	}
	l.MaxWork, l.MaxSteps = v.maxWork, v.maxSteps
	return r, l
}

// Same reports whether r and o are Readers of one warm scope (one that
// keeps a table): then they read the same variables and environment, and
// one can stand for the other. A table belongs to one scope and a Reader
// keeps it alive, so no other scope's table can have its address.
func (r *Reader) Same(o *Reader) bool { return r.t != nil && r.t == o.t }

// Var returns the variable name, converted (value.FromHost). found is
// false when there is no such variable; err is set when its data is of a
// kind the library does not read.
func (r *Reader) Var(name string) (v value.Value, found bool, err error) {
	if r.t != nil {
		return r.t.read(r.vars, name, hash(name))
	}
	return r.fromMap(name)
}

// VarOf is Var of a Name made once (NameOf).
func (r *Reader) VarOf(n *Name) (v value.Value, found bool, err error) {
	t := r.t
	if t == nil {
		// A scope that keeps nothing (one made per event): one read of
		// the map, written out here, a call less than fromMap.
		x, ok := r.vars[n.s]
		if !ok {
			return value.Value{}, false, nil
		}
		v, err = value.FromHost(x)
		return v, true, err
	}
	// The first slot probed holds the name in a table of a few names
	// (most tables): its value without a call.
	if e := t.slots[n.h%tableSize].Load(); e != nil && e.h == n.h && e.name == n.s {
		return e.v, true, nil
	}
	return t.read(r.vars, n.s, n.h)
}

// fromMap is Var on a scope that keeps nothing: one read of the map,
// converted at the read.
func (r *Reader) fromMap(name string) (v value.Value, found bool, err error) {
	x, ok := r.vars[name]
	if !ok {
		return value.Value{}, false, nil
	}
	v, err = value.FromHost(x)
	return v, true, err
}

// Has reports whether a variable name exists.
func (r *Reader) Has(name string) bool {
	if r.t != nil && r.t.noSuchName(r.vars, isWord(name)) {
		return false
	}
	_, ok := r.vars[name]
	return ok
}

// HasOf is Has of a Name made once (NameOf).
func (r *Reader) HasOf(n *Name) bool {
	if t := r.t; t != nil {
		// A warm scope of words only, asked about a name that is not one
		// (the common case), answers without a call.
		if t.words.Load() == wordsOnly && !n.word || t.noSuchName(r.vars, n.word) {
			return false
		}
	}
	_, ok := r.vars[n.s]
	return ok
}

// Env returns the environment variable name through the host's lookup
// function; ok is false when it is not set or no function was given.
func (r *Reader) Env(name string) (string, bool) {
	if r.env == nil {
		return "", false
	}
	return r.env(name)
}

// Lookup reads the dotted path p (design section 4, step 2): the first
// part must name an existing variable and every further part an existing
// key of a dictionary. found is false otherwise.
func (r *Reader) Lookup(p []string) (v value.Value, found bool, err error) {
	v, n, err := r.Walk(p)
	if err != nil || n < len(p) || len(p) == 0 { // no parts: no variable named
		return value.Value{}, false, err
	}
	return v, true, nil
}

// Walk reads p as Lookup does and also says how far it got: n is the
// number of parts found (0: no such variable), v the value of the last
// part found.
func (r *Reader) Walk(p []string) (v value.Value, n int, err error) {
	if len(p) == 0 {
		return value.Value{}, 0, nil
	}
	v, found, err := r.Var(p[0])
	if !found || err != nil {
		return value.Value{}, 0, err
	}
	for i, key := range p[1:] {
		next, found, err := v.Key(key) // D10: a non-dictionary has no keys
		if !found || err != nil {
			return v, i + 1, err
		}
		v = next
	}
	return v, len(p), nil
}
