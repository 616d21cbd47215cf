// Package lend passes speed-only entry points from one package of the
// module to another without making them exported API: the package that
// has one lends it under a name while it is initialised, and the package
// that needs it borrows it by that name and its type while it is
// initialised in turn (a package's imports are initialised before it, so
// what it borrows from them is there).
//
// It holds what a hot loop needs and a flow author never sees:
// value.Value's number reading kept with a literal text, a list's text
// item read without a Value, and funcs' one-value and text-to-text forms
// of a function.
package lend

// lent are the entry points lent so far, by name. It is written only
// while packages are initialised, which is done by one goroutine.
var lent = map[string]any{}

// Lend lends f under name. It returns true, so that a package can lend
// in a variable's initialiser; lending a name twice is a bug of the
// module and panics while the program starts.
func Lend(name string, f any) bool {
	if _, dup := lent[name]; dup {
		panic("lend: " + name + " is lent twice")
	}
	lent[name] = f
	return true
}

// Borrow returns what was lent under name, of type F. Borrowing a name
// that was not lent, or as another type, is a bug of the module and
// panics while the program starts.
func Borrow[F any](name string) F {
	f, ok := lent[name].(F)
	if !ok {
		panic("lend: nothing is lent as " + name + " of that type")
	}
	return f
}
