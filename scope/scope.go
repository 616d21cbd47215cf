// Package scope holds the variables an expression can read: the host's data
// (maps, slices and scalars only, decision D1), the environment through a
// lookup function the host passes in, and the settings of one evaluation.
//
// It also implements the dotted-path reading of design section 4: the text
// inside ${...} read as `first.key.key`, where the first part names a variable
// and every further part a dictionary key, spaces and all
// (`row.First Name`). Parts that start with `_` are refused (decision D9).
//
// A Scope reads nothing of the host by itself: no environment, no files, no
// reflection. It is safe for concurrent use as long as the host does not
// change its maps while expressions read them.
package scope

import (
	"strings"

	"github.com/kinenix/expressions/internal/hostvars"
	"github.com/kinenix/expressions/value"
)

// Scope is the set of variables an evaluation reads. A nil *Scope is a
// scope with no variables, no environment and the default limits. Its
// fields are not exported (an internal package holds them, so that an
// evaluation can read them without keeping the scope); use it through
// *Scope, as New returns it.
type Scope hostvars.Vars

// vars is s as the package that reads it sees it.
func (s *Scope) vars() *hostvars.Vars { return (*hostvars.Vars)(s) }

// Option configures a Scope.
type Option func(*Scope)

// WithEnv sets the function that answers `env.NAME`, for example
// os.LookupEnv. Without it every `env.NAME` is empty. os.LookupEnv hands
// a flow the whole environment, secrets included; AllowEnv(os.LookupEnv,
// names...) answers only the names given.
func WithEnv(lookup func(name string) (string, bool)) Option {
	return func(s *Scope) { s.vars().SetEnv(lookup) }
}

// WithMaxSize sets the cap, in bytes, on any text built while evaluating
// (decision D17). The default is value.DefaultMaxSize (1 MiB); n <= 0 keeps
// the default.
func WithMaxSize(n int) Option {
	return func(s *Scope) { s.vars().SetMaxSize(n) }
}

// New returns a Scope over vars. The map is read, never written or copied;
// its values may be nested maps and slices of the kinds value.FromHost
// accepts. New does no work beyond keeping the map, whatever its size, and
// a scope made without options that is not kept past the calls that
// evaluate in it takes no memory of its own (it stays on the caller's
// stack): it is cheap to make a scope per event. A variable is looked up
// in vars and converted at the read that needs it. A scope used many times
// (kept for many evaluations; today from its 64th use) then keeps each
// top-level value it reads, converted, so whether a top-level entry of vars
// changed or added after the scope's first use is seen is not defined:
// make a new scope over the changed map instead (it costs nothing). Nested
// maps and slices are read live, item by item, as always.
func New(vars map[string]any, opts ...Option) *Scope {
	if len(opts) != 0 {
		return newWith(vars, opts)
	}
	// On the caller's stack when it does not escape there (New is inlined).
	return (*Scope)(hostvars.New(vars))
}

// newWith is New with options, apart so that New is small enough to be
// inlined and its scope is not given to the options' functions.
func newWith(vars map[string]any, opts []Option) *Scope {
	s := (*Scope)(hostvars.New(vars))
	for _, o := range opts {
		if o != nil {
			o(s)
		}
	}
	return s
}

// MaxSize is the cap on built text, in bytes.
func (s *Scope) MaxSize() int { return s.vars().MaxSize() }

// Var returns the variable name. found is false when there is no such
// variable; err is set when its data is of a kind the library does not read.
func (s *Scope) Var(name string) (v value.Value, found bool, err error) {
	r := s.vars().Reader()
	return r.Var(name)
}

// Has reports whether a variable name exists.
func (s *Scope) Has(name string) bool {
	r := s.vars().Reader()
	return r.Has(name)
}

// Env returns the environment variable name through the host's lookup
// function; ok is false when it is not set or no function was given.
func (s *Scope) Env(name string) (string, bool) { return s.vars().Env(name) }

// Names returns the names of the variables, for suggestions in messages.
// The order is not defined.
func (s *Scope) Names() []string { return s.vars().Names() }

// Path is the dotted-path reading of a text: its parts split at `.`.
type Path []string

// SplitPath splits text at every `.` after trimming the surrounding white
// space. It returns nil when the text is empty or a part is empty, since such
// a text can never be a lookup.
func SplitPath(text string) Path {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil
	}
	n := strings.Count(text, ".") + 1
	p := make(Path, 0, n)
	for {
		i := strings.IndexByte(text, '.')
		if i < 0 {
			break
		}
		if i == 0 {
			return nil
		}
		p = append(p, text[:i])
		text = text[i+1:]
	}
	if text == "" {
		return nil
	}
	return append(p, text)
}

// Underscore returns the first part that starts with `_`, which a lookup
// refuses (E7, D9), and whether there is one.
func (p Path) Underscore() (string, bool) {
	for _, part := range p {
		if strings.HasPrefix(part, "_") {
			return part, true
		}
	}
	return "", false
}

// Lookup reads the path in s (design section 4, step 2): the first part must
// name an existing variable and every further part an existing key of a
// dictionary. found is false otherwise. Callers check Underscore first.
func (s *Scope) Lookup(p Path) (v value.Value, found bool, err error) {
	r := s.vars().Reader()
	return r.Lookup(p)
}

// Walk reads the path in s as Lookup does and also says how far it got:
// n is the number of parts found (0: no such variable), v the value of
// the last part found. A tool that explains a missing lookup reads it.
func (s *Scope) Walk(p Path) (v value.Value, n int, err error) {
	r := s.vars().Reader()
	return r.Walk(p)
}
