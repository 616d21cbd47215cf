package scope

// WithMaxWork sets the work budget of one evaluation, in bytes built,
// shown, copied or compared (decision D35). The default is
// value.DefaultMaxWork (64 MiB); n <= 0 keeps the default.
func WithMaxWork(n int64) Option {
	return func(s *Scope) { s.vars().SetMaxWork(n) }
}

// WithMaxSteps sets the step budget of one evaluation: nodes evaluated,
// items and keys visited (decision D35). The default is
// value.DefaultMaxSteps (1,000,000); n <= 0 keeps the default.
func WithMaxSteps(n int64) Option {
	return func(s *Scope) { s.vars().SetMaxSteps(n) }
}

// MaxWork is the byte budget of one evaluation (0: the default).
func (s *Scope) MaxWork() int64 { return s.vars().MaxWork() }

// MaxSteps is the step budget of one evaluation (0: the default).
func (s *Scope) MaxSteps() int64 { return s.vars().MaxSteps() }
