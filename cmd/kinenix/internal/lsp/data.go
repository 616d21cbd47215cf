package lsp

import (
	"fmt"
	"os"
	"time"

	"github.com/kinenix/expressions/internal/echo"

	"github.com/kinenix/expressions/scope"
)

// dataSource is the sample data file named by the initialization option
// `data`. It is read again whenever its size or modification time has
// changed since it was last read, which a stat per check finds out.
type dataSource struct {
	path string // "" when none is configured
	load func(path string) (map[string]any, bool, error)
	env  func(name string) (string, bool)

	read    bool // the file was read (successfully or not) at stamp
	size    int64
	mod     time.Time
	current *scope.Scope
	sheet   bool   // current is a sheet's: rows and row are its rows (D45)
	keys    *index // the completion index of current, made when first asked for
	problem string // the file's problem at stamp, "" when it was read
	shown   string // the last problem shown to the author
}

// sample returns the sample data to check against (nil without one) and
// the problem of the data file, if it has one, in words for the author.
func (d *dataSource) sample() (*scope.Scope, string) {
	if d.path == "" {
		return nil, ""
	}
	st, err := os.Stat(d.path)
	if err != nil {
		// The loader says why, in the words of the command line (the
		// file does not exist, or cannot be read); a missing file is
		// not opened twice in a stat.
		why := fmt.Errorf("data file %s cannot be read", echo.Clean(d.path))
		if d.load != nil {
			if _, _, lerr := d.load(d.path); lerr != nil {
				why = lerr
			}
		}
		d.read, d.current, d.problem = false, nil, problem(why)
		return nil, d.problem
	}
	if !st.Mode().IsRegular() {
		// A pipe (the protocol's own standard input among them), a
		// device or a directory: reading it could wait forever or never
		// end, and it is no sample of the data a flow runs on.
		d.read, d.current, d.problem = false, nil, problem(fmt.Errorf(
			"data file %s is not a regular file (a pipe, a device or a directory); name a JSON, YAML, CSV or XLSX file", echo.Clean(d.path)))
		return nil, d.problem
	}
	if d.read && st.Size() == d.size && st.ModTime().Equal(d.mod) {
		return d.current, d.problem
	}
	d.read, d.size, d.mod, d.current, d.problem, d.sheet = true, st.Size(), st.ModTime(), nil, "", false
	if d.load == nil {
		d.problem = problem(fmt.Errorf("data files are not supported by this server"))
		return nil, d.problem
	}
	vars, sheet, err := d.load(d.path)
	d.sheet = sheet
	if err != nil {
		d.problem = problem(err)
		return nil, d.problem
	}
	var opts []scope.Option
	if d.env != nil {
		opts = append(opts, scope.WithEnv(d.env))
	}
	d.current = scope.New(vars, opts...)
	return d.current, ""
}

// index is the completion index of the sample data, made once per load.
func (d *dataSource) index() *index {
	sample, _ := d.sample()
	if d.keys == nil || d.keys.sample != sample {
		d.keys = newIndex(sample)
	}
	return d.keys
}

// untold reports whether a problem of the data file is new: not the one
// last shown to the author. A file without a problem resets it, so the
// same problem coming back is shown again.
func (d *dataSource) untold(problem string) bool {
	if problem == d.shown {
		return false
	}
	d.shown = problem
	return problem != ""
}

func problem(err error) string {
	// The message may echo the file's name or its content: cleaned (D37).
	return "kinenix: " + echo.Clean(err.Error()) + "; checking without sample data"
}
