package conformance

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/kinenix/expressions/internal/echo"
	"go.yaml.in/yaml/v3"
)

//go:embed *.yaml functions/*.yaml grid/*.yaml
var suite embed.FS

// Suite returns the suite this package carries: the YAML files of the
// conformance directory of the repository, pending/ included (Load skips
// it).
func Suite() fs.FS { return suite }

// MaxFileSize bounds a file of cases, as a flow is bounded (1 MiB): a
// larger one is refused after reading at most one byte more, and a path
// that is not a regular file (a named pipe, a device) is refused before
// it is opened, so no file of a directory can hang the run or fill the
// memory.
const MaxFileSize = 1 << 20

// PendingDir is the directory of cases that wait for a feature still to
// land; Load does not read it.
const PendingDir = "pending"

// Case is one case of the suite. Exactly one of Template, Condition and
// Flow is set, and one expectation that fits it: Want (a template's text,
// or a condition's "true" or "false"), Value (a template's whole value),
// Error, or Findings (a flow's).
type Case struct {
	File string // the file it was read from, relative to the suite
	Area string // the file without .yaml: "functions/len", "arithmetic"
	Line int    // of the case in File
	Name string // optional; the text itself when left out

	// Form is what the case runs: "template", "condition" or "flow",
	// the one of Template, Condition and Flow that it sets.
	Form      string
	Template  string
	Condition string
	Flow      string

	// Data is the variables, as YAML (a mapping), read by the rules of
	// data files (D36); the file's data when the case has none.
	Data []byte
	Env  map[string]string
	// Limits, when set, are the host's limits: the work budget (steps
	// and bytes, D35) and the size cap (D17).
	Limits Limits

	Want     *string
	Value    *ValueWant
	Error    *ErrorWant
	Findings *[]FindingWant

	Rule       string // the D- or E-numbers it pins: "D7", "D20 D48"
	Complexity int    // simple cases first
	Hint       string // one line for an implementer
}

// Limits are the host's limits of a case; 0 keeps the default.
type Limits struct {
	MaxSteps int64 `yaml:"max_steps"`
	MaxWork  int64 `yaml:"max_work"`
	MaxSize  int   `yaml:"max_size"`
}

// ValueWant is a whole value (D5): its kind ("empty", "text", "number",
// "boolean", "list", "dictionary") and its JSON.
type ValueWant struct {
	Kind string `yaml:"kind"`
	JSON string `yaml:"json"`
}

// ErrorWant is an error: its kind (one of Kinds) and words its message
// must contain.
type ErrorWant struct {
	Kind     string   `yaml:"kind"`
	Contains []string `yaml:"contains"`
}

// FindingWant is one finding of validate: its kind (flow.Finding.Kind),
// whether it is a warning, its line, and words its message must contain.
type FindingWant struct {
	Kind     string   `yaml:"kind"`
	Warning  bool     `yaml:"warning"`
	Line     int      `yaml:"line"`
	Contains []string `yaml:"contains"`
}

// Text is what the case runs: its template, condition or flow.
func (c *Case) Text() string {
	switch c.Form {
	case "condition":
		return c.Condition
	case "flow":
		return c.Flow
	}
	return c.Template
}

// Title is the case's name, or its text on one line.
func (c *Case) Title() string {
	if c.Name != "" {
		return c.Name
	}
	return strings.ReplaceAll(c.Text(), "\n", `\n`)
}

// file is one YAML file of the suite.
type file struct {
	Data  yaml.Node         `yaml:"data"`
	Env   map[string]string `yaml:"env"`
	Cases []rawCase         `yaml:"cases"`
}

type rawCase struct {
	Name       string            `yaml:"name"`
	Template   *string           `yaml:"template"`
	Condition  *string           `yaml:"condition"`
	Flow       *string           `yaml:"flow"`
	Data       yaml.Node         `yaml:"data"`
	Env        map[string]string `yaml:"env"`
	Limits     Limits            `yaml:"limits"`
	Want       yaml.Node         `yaml:"want"`
	Value      *ValueWant        `yaml:"value"`
	Error      *ErrorWant        `yaml:"error"`
	Findings   *[]FindingWant    `yaml:"findings"`
	Rule       string            `yaml:"rule"`
	Complexity int               `yaml:"complexity"`
	Hint       string            `yaml:"hint"`
}

// Load reads every .yaml file of fsys, but those under PendingDir, and
// returns their cases, file by file in lexical order, each file's in its
// order. A file that does not hold valid cases is an error naming the
// file and line; one larger than MaxFileSize, or that is not a regular
// file, is an error naming the file.
func Load(fsys fs.FS) ([]Case, error) {
	var names []string
	err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return unreadable("the folder "+p, err)
		}
		if d.IsDir() {
			if p == PendingDir {
				return fs.SkipDir
			}
			return nil
		}
		if strings.HasSuffix(p, ".yaml") {
			names = append(names, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(names)
	var out []Case
	for _, name := range names {
		b, err := readFile(fsys, name)
		if err != nil {
			return nil, err
		}
		cs, err := Parse(name, b)
		if err != nil {
			return nil, err
		}
		out = append(out, cs...)
	}
	if len(out) == 0 {
		return nil, errors.New("no cases: the directory holds no .yaml file of cases")
	}
	return out, nil
}

// readFile reads the file of cases name of fsys within MaxFileSize; one
// that is not a regular file is refused without being opened (opening a
// named pipe waits for a writer).
func readFile(fsys fs.FS, name string) ([]byte, error) {
	st, err := fs.Stat(fsys, name)
	if errors.Is(err, fs.ErrNotExist) {
		// Listed, so it is there: a link to a file that is gone.
		return nil, fmt.Errorf("%s does not exist (a link to a file that is gone); remove it or make it a file of cases", echo.Clean(name))
	}
	if err != nil {
		return nil, unreadable(name, err)
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file (a pipe, a device or a directory); a file of cases is a YAML text file", echo.Clean(name))
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, unreadable(name, err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, unreadable(name, err)
	}
	if len(b) > MaxFileSize {
		return nil, fmt.Errorf("%s: the file is larger than 1 MiB; split its cases into several files", echo.Clean(name))
	}
	return b, nil
}

// unreadable is the error of a file or folder of cases (what) that
// cannot be read, in plain words rather than the operating system's
// ("open a.yaml: permission denied").
func unreadable(what string, err error) error {
	if errors.Is(err, fs.ErrPermission) {
		return fmt.Errorf("%s cannot be read: there is no permission to read it", echo.Clean(what))
	}
	return fmt.Errorf("%s cannot be read", echo.Clean(what))
}

// Parse reads the cases of one file; name is its path in the suite.
func Parse(name string, b []byte) ([]Case, error) {
	if err := checkShape(name, b); err != nil {
		return nil, err
	}
	var f file
	dec := yaml.NewDecoder(strings.NewReader(string(b)))
	dec.KnownFields(true)
	if err := dec.Decode(&f); err != nil {
		// checkShape lets no file the decoder refuses through but one
		// it does not know of: not the decoder's words either way.
		return nil, fmt.Errorf("%s: the file is not a file of cases as conformance/README.md describes it", name)
	}
	var fileData []byte
	if f.Data.Kind != 0 {
		d, err := yaml.Marshal(&f.Data)
		if err != nil {
			return nil, fmt.Errorf("%s: data: %v", name, err)
		}
		fileData = d
	}
	area := strings.TrimSuffix(name, path.Ext(name))
	var nodes []*yaml.Node // the cases' own, for their lines and keys
	var root yaml.Node
	if err := yaml.Unmarshal(b, &root); err == nil && len(root.Content) == 1 {
		m := root.Content[0]
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == "cases" {
				nodes = append(nodes, m.Content[i+1].Content...)
			}
		}
	}
	out := make([]Case, 0, len(f.Cases))
	for i, r := range f.Cases {
		c := Case{File: name, Area: area, Name: r.Name, Env: f.Env, Limits: r.Limits, Data: fileData,
			Value: r.Value, Error: r.Error, Findings: r.Findings, Rule: r.Rule, Complexity: r.Complexity, Hint: r.Hint}
		if i < len(nodes) {
			c.Line = nodes[i].Line
		}
		label := fmt.Sprintf("case %d", i+1)
		if r.Name != "" {
			label += " (" + echo.Quote(r.Name) + ")"
		}
		where := fmt.Sprintf("%s:%d: %s", name, c.Line, label)
		var forms []string
		for _, s := range []struct {
			form string
			p    *string
			dst  *string
		}{{"template", r.Template, &c.Template}, {"condition", r.Condition, &c.Condition}, {"flow", r.Flow, &c.Flow}} {
			if s.p != nil {
				*s.dst, c.Form = *s.p, s.form
				forms = append(forms, s.form)
			}
		}
		if len(forms) != 1 {
			return nil, fmt.Errorf("%s: %s", where, hasOneOf(forms, "template, condition and flow", "write one of them"))
		}
		if r.Env != nil {
			c.Env = r.Env
		}
		if r.Data.Kind != 0 {
			d, err := yaml.Marshal(&r.Data)
			if err != nil {
				return nil, fmt.Errorf("%s: data: %v", where, err)
			}
			c.Data = d
		}
		if r.Want.Kind != 0 {
			if r.Want.Kind != yaml.ScalarNode {
				return nil, fmt.Errorf("%s: want is a text", where)
			}
			w := r.Want.Value
			c.Want = &w
		}
		var expects []string
		for _, e := range []struct {
			name string
			set  bool
		}{{"want", c.Want != nil}, {"value", c.Value != nil}, {"error", c.Error != nil}, {"findings", c.Findings != nil}} {
			if e.set {
				expects = append(expects, e.name)
			}
		}
		const trueFalse = `write want: "true" or want: "false"`
		switch {
		case len(expects) != 1:
			fix := map[string]string{
				"template":  "write want: with the text the template gives (or value: or error:)",
				"condition": trueFalse + " (or error:)",
				"flow":      "write findings: with the findings validate reports ([] for none)",
			}[c.Form]
			return nil, fmt.Errorf("%s: %s", where, hasOneOf(expects, "want, value, error and findings", fix))
		case c.Form == "flow" && c.Findings == nil:
			return nil, fmt.Errorf("%s: the case is a flow with %s; write findings: with the findings validate reports instead", where, expects[0])
		case c.Form != "flow" && c.Findings != nil:
			fix := "want:, value: or error:"
			if c.Form == "condition" {
				fix = trueFalse + ", or error:,"
			}
			return nil, fmt.Errorf("%s: the case is a %s with findings, which are for a flow; %s instead", where, c.Form, fix)
		case c.Form == "condition" && c.Value != nil:
			return nil, fmt.Errorf("%s: the case is a condition with value, and a condition has no whole value; %s instead", where, trueFalse)
		case c.Form == "condition" && c.Want != nil && *c.Want != "true" && *c.Want != "false":
			return nil, fmt.Errorf("%s: want is the text %s, and a condition holds or not; %s", where, echo.Quote(*c.Want), trueFalse)
		case c.Error != nil && kindOf(c.Error.Kind) == nil:
			return nil, fmt.Errorf("%s: unknown error kind %q; the kinds are %s", where, c.Error.Kind, strings.Join(Kinds(), ", "))
		case c.Rule == "":
			return nil, fmt.Errorf("%s: the case has no rule; write rule: with the D- or E-numbers it pins, such as D7 or \"D20-D24 D33\"", where)
		case strings.TrimSpace(c.Hint) == "":
			return nil, fmt.Errorf("%s: the case has no hint; write hint: with one line for an implementer", where)
		case c.Complexity <= 0:
			what := "no complexity"
			if r.Complexity != 0 || i < len(nodes) && hasKey(nodes[i], "complexity") {
				what = "the complexity " + strconv.Itoa(c.Complexity)
			}
			return nil, fmt.Errorf("%s: the case has %s; write complexity: with a whole number from 1, such as 1", where, what)
		}
		out = append(out, c)
	}
	return out, nil
}

// hasOneOf says what a case has of keys of which it takes exactly one (all
// lists them): those it has and to keep one, or none and fix.
func hasOneOf(has []string, all, fix string) string {
	switch len(has) {
	case 0:
		return "the case has none of " + all + "; " + fix
	case 2:
		return "the case has " + has[0] + " and " + has[1] + "; keep one of them"
	default:
		return "the case has " + strings.Join(has[:len(has)-1], ", ") + " and " + has[len(has)-1] + "; keep one of them"
	}
}

// hasKey reports whether the mapping n has the key.
func hasKey(n *yaml.Node, key string) bool {
	for j := 0; j+1 < len(n.Content); j += 2 {
		if n.Content[j].Value == key {
			return true
		}
	}
	return false
}
