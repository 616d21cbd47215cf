// Package stepopt is the step-budget option that both parsers take
// (gen/condparser and gen/exprparser): each package keeps its own Option
// type and DefaultMaxSteps, and the rule for applying them is written
// here once.
package stepopt

// Config is what a parser's options set.
type Config struct {
	MaxSteps uint64
}

// MaxSteps is the option that bounds a parse to n steps, or to def (the
// parser's DefaultMaxSteps) when n is 0.
func MaxSteps(n, def uint64) func(*Config) {
	return func(c *Config) {
		c.MaxSteps = n
		if n == 0 {
			c.MaxSteps = def
		}
	}
}

// Steps is the budget that opts give, applied in order from def; a nil
// option is skipped.
func Steps[O ~func(*Config)](def uint64, opts []O) uint64 {
	c := Config{MaxSteps: def}
	for _, o := range opts {
		if o != nil {
			o(&c)
		}
	}
	return c.MaxSteps
}
