package lsp

import (
	"fmt"
	"os"
	"time"

	"github.com/kinenix/expressions/scope"
)

// dataSource is the sample data file named by the initialization option
// `data`. It is read again whenever its size or modification time has
// changed since it was last read, which a stat per check finds out.
type dataSource struct {
	path string // "" when none is configured
	load func(path string) (map[string]any, error)
	env  func(name string) (string, bool)

	read    bool // the file was read (successfully or not) at stamp
	size    int64
	mod     time.Time
	current *scope.Scope
	shown   string // the last problem shown to the author
}

// sample returns the sample data to check against (nil without one) and,
// when the data file has a problem not reported before, a message saying
// so for window/showMessage.
func (d *dataSource) sample() (*scope.Scope, string) {
	if d.path == "" {
		return nil, ""
	}
	st, err := os.Stat(d.path)
	if err != nil {
		d.read, d.current = false, nil
		return nil, d.problem(fmt.Errorf("data file %s cannot be read", d.path))
	}
	if d.read && st.Size() == d.size && st.ModTime().Equal(d.mod) {
		return d.current, ""
	}
	d.read, d.size, d.mod, d.current = true, st.Size(), st.ModTime(), nil
	if d.load == nil {
		return nil, d.problem(fmt.Errorf("data files are not supported by this server"))
	}
	vars, err := d.load(d.path)
	if err != nil {
		return nil, d.problem(err)
	}
	var opts []scope.Option
	if d.env != nil {
		opts = append(opts, scope.WithEnv(d.env))
	}
	d.current, d.shown = scope.New(vars, opts...), ""
	return d.current, ""
}

// problem returns the message for err the first time it occurs in a row.
func (d *dataSource) problem(err error) string {
	msg := "kinenix: " + err.Error() + "; checking without sample data"
	if msg == d.shown {
		return ""
	}
	d.shown = msg
	return msg
}
