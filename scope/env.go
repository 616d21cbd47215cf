package scope

// AllowEnv returns a lookup for WithEnv that answers only the given names,
// through lookup (for example os.LookupEnv), and reports every other name as
// not set, so `${env.NAME}` of a name not allowed is empty. Names match
// exactly, case and all, as environment names do. The names are copied: a
// later change to the caller's slice does not change what is allowed. With
// no names, or a nil lookup, no name is answered.
//
//	s := scope.New(vars, scope.WithEnv(scope.AllowEnv(os.LookupEnv, "REGION", "STAGE")))
func AllowEnv(lookup func(name string) (string, bool), names ...string) func(name string) (string, bool) {
	allowed := make(map[string]struct{}, len(names))
	for _, n := range names {
		allowed[n] = struct{}{}
	}
	return func(name string) (string, bool) {
		if lookup == nil {
			return "", false
		}
		if _, ok := allowed[name]; !ok {
			return "", false
		}
		return lookup(name)
	}
}
