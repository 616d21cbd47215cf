package funcs

import (
	"errors"
	"strconv"
	"strings"

	"github.com/kinenix/expressions/internal/echo"
	"github.com/kinenix/expressions/internal/lend"
	"github.com/kinenix/expressions/internal/spell"
	"github.com/kinenix/expressions/value"
)

// Param is one parameter of a function. Its JSON (as encoding/json writes
// it) is what a reader of the docs is shown: name, optional and doc.
type Param struct {
	Name string `json:"name"`
	// Optional is true when the value may be left out; only trailing
	// parameters are optional. An empty value given for an optional
	// parameter counts as left out (D47): Call never sees it.
	Optional bool `json:"optional"`
	// Default, for an optional parameter that another optional parameter
	// follows, is the value Call is given when this one is empty but a
	// later one is not (D47); a trailing empty value is simply dropped.
	Default value.Value `json:"-"`
	// Lazy is true when the value is computed only when the function
	// needs it (D46): a call that Func.Shortcut decides from its first
	// value never computes it, nor charges the budget for it.
	Lazy bool   `json:"-"`
	Doc  string `json:"doc"` // what the value is, and its default when optional
}

// EmptyResult is what a call gives when its first value is empty (D48).
type EmptyResult uint8

// The results of an empty first value.
const (
	EmptyOwn   EmptyResult = iota // Call decides (default, whose rule is its fallback)
	EmptyEmpty                    // an empty value
	EmptyText                     // the text ""
	EmptyZero                     // the number 0
)

// Value is the result r stands for; EmptyOwn has none and gives empty.
func (r EmptyResult) Value() value.Value {
	switch r {
	case EmptyText:
		return value.TextValue("")
	case EmptyZero:
		return value.NumberValue(value.Int(0))
	}
	return value.Value{}
}

// doc is how the docs write what r gives: the Empty of a function whose
// table entry says no more than its EmptyFirst; "" for EmptyOwn, whose
// entry must say what Call gives.
func (r EmptyResult) doc() string {
	switch r {
	case EmptyText:
		return "`\"\"`"
	case EmptyZero:
		return "`0`"
	case EmptyEmpty:
		return "empty"
	}
	return ""
}

// Example is one call of a function and its result, run by a test and shown
// in docs/functions.md. Expr is an expression without ${...} that uses
// literals and the variables of ExampleData only, e.g.
// `part('25-10-2019', '-', 1)`. Want is the shown result (D3, D4), or
// "error: <reason>" for an example that fails.
type Example struct {
	Expr string `json:"expr"`
	Want string `json:"want"`
}

// Env is what a call may depend on besides its arguments: only limits.
// A function charges Budget before it works: the bytes of the text it
// reads and of the text it builds (the size computed before allocating),
// a step for each item it visits; past the budget it fails with the
// budget's error (value.ErrBudget), past MaxSize with value.ErrTooLong (an ErrLimit).
type Env struct {
	// MaxSize caps, in bytes, any text a function builds (D17); 0 (or less)
	// means value.DefaultMaxSize.
	MaxSize int
	// Budget is the work budget of the evaluation the call is part of
	// (D35); nil charges nothing.
	Budget *value.Budget
}

// Limits are the env's limits in the form package value takes; a nil Env
// has no budget and the default cap.
func (e *Env) Limits() value.Limits {
	if e == nil {
		return value.Limits{}
	}
	return value.Limits{Budget: e.Budget, MaxSize: e.MaxSize}
}

// Func is one function of the whitelist. Its JSON (as encoding/json
// writes it) is the function's entry in a reference, the playground's:
// what the docs show (name, params, doc, empty, examples), without the
// machinery that runs it.
type Func struct {
	Name     string    `json:"name"`
	Params   []Param   `json:"params"`
	Doc      string    `json:"doc"`      // one sentence that starts with the name
	Empty    string    `json:"empty"`    // what an empty input gives (design section 5), for the docs; see EmptyFirst
	Examples []Example `json:"examples"` // run by a test and shown in the docs

	// EmptyFirst is what a call whose first value is empty gives (D48),
	// once its other values have been computed and without checking
	// them: replace(empty, empty, empty) is "". The table's machinery
	// applies it before Call; EmptyOwn leaves an empty first value to Call.
	// Where the table leaves Empty blank, Empty is what EmptyFirst gives,
	// as the docs write it: `""`, `0` or empty.
	EmptyFirst EmptyResult `json:"-"`

	// Shortcut, when set, decides a call from its first value alone when
	// it can: ok true means the result is v, and the values of the Lazy
	// parameters are not computed (D46). A caller that computes every
	// value first may ignore it: Call gives the same result.
	Shortcut func(x value.Value) (v value.Value, ok bool) `json:"-"`

	// Receiver is the place among the function's values of a quoted text
	// x in a method call x.name(...) written in another language's style,
	// for the hint that rewrites it as a call (D13, D49): 0 for most
	// (`'a'.upper()` is upper('a')); join's is 1, as Python's `',
	// '.join(ids)` is join(ids, ', '). Any other x comes first: JavaScript's
	// `ids.join(', ')` is join(ids, ', ').
	Receiver int `json:"-"`

	// Call runs the function. The caller has checked the number of values
	// with CheckArity; Call does not check it again. env may be nil. The
	// Call of the table applies D47 and D48 (see Param.Optional and
	// EmptyFirst) before the function's own code runs.
	Call func(env *Env, args []value.Value) (value.Value, error) `json:"-"`

	// one, set for a function of exactly one value (len, number, trim,
	// lower, upper), is Call of that value: one(env, x) is Call(env,
	// []value.Value{x}), for a caller that has no slice to pass.
	one func(env *Env, x value.Value) (value.Value, error)

	// text, set for a function of one text that gives a text (trim, lower,
	// upper), is Call for a Text value s, taking and giving strings:
	// text(env, s) fails as Call(env, {TextValue(s)}) does, charges the
	// same, and otherwise gives the text of its result. A chain of such
	// functions passes strings from call to call, building no value.
	//
	// one and text only make eval faster: they are lent to it (forms,
	// internal/lend), not exported.
	text func(env *Env, s string) (string, error)
}

// forms are f's one-value and text-to-text forms (Func.one, Func.text),
// nil where f has none, as lent to eval.
func forms(f *Func) (one func(env *Env, x value.Value) (value.Value, error), text func(env *Env, s string) (string, error)) {
	return f.one, f.text
}

var _ = lend.Lend("funcs.forms", forms)

// ErrArity and ErrUnknownFunction are the sentinel kinds of the errors of
// CheckArity and Unknown; both are wrapped in a *value.Failure.
var (
	ErrArity           = errors.New("wrong number of values")
	ErrUnknownFunction = errors.New("unknown function")
)

// textX is the first parameter of the functions that work on a text (D22).
var textX = Param{Name: "x", Doc: "a text; a number or boolean is used as its shown text"}

// table is the whitelist, in the order of design section 5 and then format
// (D40, the twelfth). It is the only
// place a function is declared. A function's Params are written as its
// call reads: textX (the shared x of the text functions) beside the
// opening brace, one parameter a line, the list closed on the last one.
var table = []Func{
	{
		Name:       "len",
		Params:     []Param{{Name: "x", Doc: "a text, list or dictionary"}},
		Doc:        "len counts the characters (Unicode code points) of a text, the items of a list or the keys of a dictionary; a number or boolean is an error.",
		EmptyFirst: EmptyZero,
		Examples: []Example{
			{"len('บาท')", "3"},
			{"len('Toyota')", "6"},
			{"len(ids)", "3"},
			{"len(row)", "3"},
			{"len('')", "0"},
			{"len(row.missing)", "0"},
			{"len(12)", "error: len needs text, a list or a dictionary, got a number"},
		},
		one: callLen,
	},
	{
		Name:     "join",
		Receiver: 1,
		Params: []Param{
			{Name: "list", Doc: "the list whose items are joined; a single value that is not a list joins as itself"},
			{Name: "sep", Optional: true, Doc: "the text put between two items; `, ` when left out or empty (D47); `''` puts nothing between them"}},
		Doc:        "join shows each item of a list as text (a number as 12 or 3.5, a boolean as true or false, an empty item as nothing) and joins them with sep.",
		EmptyFirst: EmptyText,
		Examples: []Example{
			{"join(ids)", "A-1, B-2, C-3"},
			{"join(ids, ' | ')", "A-1 | B-2 | C-3"},
			{"join(ids, '')", "A-1B-2C-3"},
			{"join(amounts, ' + ')", "12 + 3.5 + 1000"},
			{"join('A-1', '; ')", "A-1"},
			{"join(row.missing)", ""},
		},
		Call: callJoin,
	},
	{
		Name:   "number",
		Params: []Param{{Name: "x", Doc: "a text that contains a number, or a number"}},
		Doc: "number reads the first number in a text: digits (Thai and other Unicode digits count), `,` (or the Arabic `٬`, or the full-width `，`) between groups of three digits, " +
			"an optional `.` (or the Arabic decimal separator `٫`, or the full-width `．`) and fraction; a `-`, `−` or the full-width `－` just before it (not after a letter or digit; currency signs may stand between) or parentheses around it (`()` or the full-width `（）`) make it negative, " +
			"a number stays itself, and text without a number is an error, as is a number followed by `.`, `,`, `'` or `’` and a digit (`1.234,56`, `205,68`), by a space and exactly three digits (`9 800`, `2 285,81`) " +
			"or by `.` or `,`, a space and digits (`119. 95`), whose meaning is not clear: the message writes the number the marks suggest.",
		Empty:      "empty, also for `\"\"` and white space; text with no number is an error",
		EmptyFirst: EmptyEmpty,
		Examples: []Example{
			{"number('15,434.75 บาท/ปี')", "15434.75"},
			{"number('(1,200)')", "-1200"},
			{"number('฿ -3.5')", "-3.5"},
			{"number('Total: 12 items, 3 boxes')", "12"},
			{"number('๑๒,๓๔๕ บาท')", "12345"},
			{"number('٣٫٥')", "3.5"},
			{"number('INV-2026-00123')", "2026"},
			{"number('－５，０００ 円')", "-5000"},
			{"number(row.premium)", "15434.75"},
			{"number('  ')", ""},
			{"number('abc')", "error: number: no number in 'abc'"},
			{"number('1.234,56')", "error: number: '1.234,56' is not clear: write 1234.56 or 1,234.56"},
			{"number('205,68 €')", "error: number: '205,68' is not clear: write 205.68"},
			{"number('9 800')", "error: number: '9 800' is not clear: write 9800 or 9,800"},
			{"number('2 285,81 грн.')", "error: number: '2 285,81' is not clear: write 2285.81"},
			{"number('119. 95')", "error: number: '119. 95' is not clear: write 119.95"},
		},
		one: callNumber,
	},
	{
		Name:       "trim",
		Params:     []Param{textX},
		Doc:        "trim removes white space from both ends of a text: Unicode spaces, tabs and line breaks, the no-break space, the zero-width space (U+200B) and the byte order mark (U+FEFF).",
		EmptyFirst: EmptyText,
		Examples: []Example{
			{"trim('  Toyota  ')", "Toyota"},
			{"trim(row.brand)", "toyota"},
			{"trim(upper(row.brand))", "TOYOTA"},
			{"trim(ids)", "error: trim needs text, a number or a boolean, got a list"},
		},
		one:  callTrim,
		text: textTrim,
	},
	{
		Name:       "lower",
		Params:     []Param{textX},
		Doc:        "lower writes every letter of a text in lower case by the full Unicode rules (as Python's str.lower), so one letter may become two and a Σ that ends a word becomes ς.",
		EmptyFirst: EmptyText,
		Examples: []Example{
			{"lower('ToYoTa CAMRY')", "toyota camry"},
			{"lower('ÄÖÜ')", "äöü"},
			{"lower('ΟΔΥΣΣΕΥΣ')", "οδυσσευς"},
			{"lower('İ')", "i\u0307"},
			{"lower(row.status)", "active"},
		},
		one:  callLower,
		text: textLower,
	},
	{
		Name:       "upper",
		Params:     []Param{textX},
		Doc:        "upper writes every letter of a text in upper case by the full Unicode rules (as Python's str.upper), so one letter may become several: ß becomes SS.",
		EmptyFirst: EmptyText,
		Examples: []Example{
			{"upper('Toyota camry')", "TOYOTA CAMRY"},
			{"upper('ärger')", "ÄRGER"},
			{"upper('straße')", "STRASSE"},
			{"upper('บาท')", "บาท"},
		},
		one:  callUpper,
		text: textUpper,
	},
	{
		Name: "replace",
		Params: []Param{textX,
			{Name: "old", Doc: "the text to find; it must not be empty"},
			{Name: "new", Doc: "the text put in its place; may be `''` to remove `old`"}},
		Doc:        "replace replaces every occurrence of old in a text by new, from left to right, without looking at the text it put in.",
		EmptyFirst: EmptyText,
		Examples: []Example{
			{"replace('25-10-2019', '-', '/')", "25/10/2019"},
			{"replace('1,200,000', ',', '')", "1200000"},
			{"replace('aaa', 'a', 'aa')", "aaaaaa"},
			{"replace(row.missing, '-', '/')", ""},
			{"replace('abc', '', 'x')", "error: replace: the text to replace is empty"},
		},
		Call: callReplace,
	},
	{
		Name: "default",
		Params: []Param{
			{Name: "x", Doc: "any value"},
			{Name: "fallback", Lazy: true, Doc: "the value to use when x is empty or `''`; computed only then (D46), so `default(5, 1 / 0)` is 5"}},
		Doc:   "default gives x, or fallback when x is empty or an empty text (written `''` in an expression); white space, 0, false and an empty list are kept as they are.",
		Empty: "`fallback`",
		Examples: []Example{
			{"default(row.missing, 'n/a')", "n/a"},
			{"default('', 0)", "0"},
			{"default(row.status, 'n/a')", "Active"},
		},
		Call:     callDefault,
		Shortcut: shortDefault,
	},
	{
		Name: "round",
		Params: []Param{
			{Name: "x", Doc: "a number, or text that is a plain number such as `'3.5'`"},
			{Name: "digits", Optional: true, Doc: "places after the point, a whole number from -1000 to 1000; 0 when left out, empty or blank text (D47), negative rounds to tens, hundreds, ..."}},
		Doc:        "round rounds a number to digits places after the point, half away from zero, and shows it without trailing zeros.",
		Empty:      "empty, also for `\"\"` and white space",
		EmptyFirst: EmptyEmpty,
		Examples: []Example{
			{"round(2.5)", "3"},
			{"round(-2.5)", "-3"},
			{"round(2.675, 2)", "2.68"},
			{"round(1234, -2)", "1200"},
			{"round(2.50, 2)", "2.5"},
			{"round('3.14159', 3)", "3.142"},
			{"round(row.missing)", ""},
			{"round('12 THB')", "error: round needs a number, got the text '12 THB'; to read the number in it with round(number(...)), write round(number('12 THB'))"},
			{"round(2.5, 0.5)", "error: round: digits must be a whole number, got 0.5"},
		},
		Call: callRound,
	},
	{
		Name: "part",
		Params: []Param{textX,
			{Name: "sep", Doc: "the separator; it must not be empty"},
			{Name: "n", Doc: "which piece, a whole number counted from 0; a negative n counts from the end (-1 is the last piece)"}},
		Doc:        "part splits a text at every sep and gives piece n, or `''` when there is no piece n.",
		Empty:      "`\"\"`, also when there is no piece `n`",
		EmptyFirst: EmptyText,
		Examples: []Example{
			{"part('25-10-2019', '-', 1)", "10"},
			{"part('INV-2026-00123', '-', -1)", "00123"},
			{"part('INV-2026-00123', '-', 0)", "INV"},
			{"part('a--b', '-', 1)", ""},
			{"part('25-10-2019', '-', 3)", ""},
			{"part('25-10-2019', '', 1)", "error: part: the separator is empty"},
			{"part('25-10-2019', '-', 1.5)", "error: part: n must be a whole number, got 1.5"},
		},
		Call: callPart,
	},
	{
		Name: "substring",
		Params: []Param{textX,
			{Name: "start", Doc: "the position of the first character, a whole number counted from 0; a negative start counts as 0"},
			{Name: "length", Optional: true, Doc: "how many characters, a whole number; to the end when left out, empty or blank text (D47); a negative length counts as 0"}},
		Doc: "substring gives length characters (Unicode code points) of a text from position start, counted from 0, or all characters from start when length is left out; " +
			"positions past the end give what is there, and a negative start or length counts as 0.",
		EmptyFirst: EmptyText,
		Examples: []Example{
			{"substring('Toyota Camry', 7)", "Camry"},
			{"substring('Toyota Camry', 0, 6)", "Toyota"},
			{"substring('บาท/ปี', 4)", "ปี"},
			{"substring('abc', 1, 100)", "bc"},
			{"substring('abc', 5)", ""},
			{"substring('abc', -2, 2)", "ab"},
			{"substring('abc', 0, 1.5)", "error: substring: length must be a whole number, got 1.5"},
		},
		Call: callSubstring,
	},
	{
		Name: "format",
		Params: []Param{
			{Name: "x", Doc: "a number, or text that is a plain number such as `'980.50'`"},
			{Name: "digits", Optional: true, Default: value.NumberValue(value.Int(formatDefaultDigits)), Doc: "places after the point, a whole number from 0 to 20; 2 when left out, empty or blank text (an empty cell)"},
			{Name: "group", Optional: true, Doc: "the text put between groups of three digits of the whole part; `,` when left out or empty, `''` for none"}},
		Doc: "format shows a number as text with exactly digits places after the point, rounded half away from zero as round rounds, " +
			"and group between thousands, as money is shown.",
		Empty:      "`\"\"`, also for `\"\"` and white space",
		EmptyFirst: EmptyText,
		Examples: []Example{
			{"format(1234.5)", "1,234.50"},
			{"format(875, 2)", "875.00"},
			{"format(0.5, 0)", "1"},
			{"format(-1234.5, 1, '')", "-1234.5"},
			{"format(2.675, 2)", "2.68"},
			{"format(1234567.891, 2, ' ')", "1 234 567.89"},
			{"format('980.50')", "980.50"},
			{"format(number(row.premium))", "15,434.75"},
			{"format(row.missing)", ""},
			{"format('15,434.75')", "error: format needs a number, got the text '15,434.75'; to read the number in it with format(number(...)), write format(number('15,434.75'))"},
			{"format(12, 21)", "error: format: digits must be from 0 to 20, got 21"},
		},
		Call: callFormat,
	},
}

// exampleData is the data the Examples read; ExampleData hands out copies.
func exampleData() map[string]any {
	return map[string]any{
		"ids":     []any{"A-1", "B-2", "C-3"},
		"amounts": []any{12, "3.5", 1000},
		"row": map[string]any{
			"brand":   " toyota ",
			"premium": "15,434.75 บาท/ปี",
			"status":  "Active",
		},
	}
}

// ExampleData returns the variables that the Examples of the table use, as
// host data for value.FromHost. Each call returns a fresh copy.
func ExampleData() map[string]any { return exampleData() }

// init gives each function of one value its Call, from one, and each
// function of more values the argument rules of D47 and D48 around its own
// Call (argRules); an Empty left blank is what EmptyFirst gives.
func init() {
	for i := range table {
		if table[i].Empty == "" {
			table[i].Empty = table[i].EmptyFirst.doc()
		}
		if one := table[i].one; one != nil && table[i].Call == nil {
			table[i].Call = func(env *Env, args []value.Value) (value.Value, error) { return one(env, args[0]) }
		}
		table[i].Call = argRules(&table[i], table[i].Call)
	}
}

var (
	// funcs points into table, in its order.
	funcs = func() []*Func {
		fs := make([]*Func, len(table))
		for i := range table {
			fs[i] = &table[i]
		}
		return fs
	}()
	// names are the functions' names, in the table's order.
	names = func() []string {
		ns := make([]string, len(table))
		for i := range table {
			ns[i] = table[i].Name
		}
		return ns
	}()
	// byName finds a function by its exact name.
	byName = func() map[string]*Func {
		m := make(map[string]*Func, len(table))
		for i := range table {
			m[table[i].Name] = &table[i]
		}
		return m
	}()
)

// Lookup returns the function with exactly this name (case matters). The
// *Func is the caller's own copy (its Params and Examples too): changing
// it changes nothing for any other caller, nor the next Lookup.
func Lookup(name string) (*Func, bool) {
	f, ok := byName[name]
	if !ok {
		return nil, false
	}
	return f.clone(), true
}

// All returns every function, in the order of the table (design section 5),
// each the caller's own copy as Lookup gives it.
func All() []*Func {
	out := make([]*Func, len(funcs))
	for i, f := range funcs {
		out[i] = f.clone()
	}
	return out
}

// clone is a copy of f that shares nothing that can be changed.
func (f *Func) clone() *Func {
	c := *f
	c.Params = append([]Param(nil), f.Params...)
	c.Examples = append([]Example(nil), f.Examples...)
	return &c
}

// WorksOn reports whether value i of a call of f is the value f works
// on: its first value, which decides the call when it is empty (D48,
// EmptyFirst) or alone (D46, Shortcut). Such a value written as quoted
// text makes the call pointless, its result fixed (upper('name') is
// always NAME, default('x', fallback) always 'x'), so a bare word there is
// meant as a variable, never as text (D44, D49).
func (f *Func) WorksOn(i int) bool {
	return i == 0 && len(f.Params) > 0 && (f.EmptyFirst != EmptyOwn || f.Shortcut != nil)
}

// Arity returns the least and the most number of values f takes.
func (f *Func) Arity() (min, max int) {
	for _, p := range f.Params {
		if !p.Optional {
			min++
		}
	}
	return min, len(f.Params)
}

// CheckArity returns nil when f takes n values, and otherwise a
// *value.Failure wrapping ErrArity with the text of D15:
// "len takes 1 value, got 2", "join takes 1 or 2 values, got 3".
func (f *Func) CheckArity(n int) error {
	lo, hi := f.Arity()
	if n >= lo && n <= hi {
		return nil
	}
	var b strings.Builder
	b.WriteString(f.Name)
	b.WriteString(" takes ")
	b.WriteString(strconv.Itoa(lo))
	switch {
	case hi == lo+1:
		b.WriteString(" or ")
		b.WriteString(strconv.Itoa(hi))
	case hi > lo+1:
		b.WriteString(" to ")
		b.WriteString(strconv.Itoa(hi))
	}
	if lo == 1 && hi == 1 {
		b.WriteString(" value, got ")
	} else {
		b.WriteString(" values, got ")
	}
	b.WriteString(strconv.Itoa(n))
	return value.Fail(ErrArity, b.String())
}

// aliases maps names that flow authors bring from spreadsheets and other
// languages (lower case) to our function.
var aliases = map[string]string{
	"strip": "trim", "lstrip": "trim", "rstrip": "trim", "trimspace": "trim",
	"length": "len", "size": "len", "count": "len",
	"concat": "join", "implode": "join",
	"coalesce": "default", "ifempty": "default", "ifnull": "default", "ifblank": "default", "nvl": "default",
	"int": "number", "float": "number", "num": "number", "value": "number", "tonumber": "number", "parsefloat": "number", "parseint": "number",
	"substr": "substring", "mid": "substring", "slice": "substring", "left": "substring", "right": "substring",
	"split": "part", "field": "part",
	"lowercase": "lower", "tolower": "lower", "tolowercase": "lower",
	"uppercase": "upper", "toupper": "upper", "touppercase": "upper",
	"gsub": "replace", "replaceall": "replace", "substitute": "replace",
}

// Suggest returns the known function closest to name (D14): one whose name
// equals it in another case (LEN -> len); else a known alias (strip -> trim,
// length -> len); else the closest by the module's one spell checker
// (internal/spell): lenght -> len, subst -> substring, uper -> upper,
// defualt -> default. ok is false when nothing is close enough.
func Suggest(name string) (string, bool) {
	low := strings.ToLower(name)
	if _, ok := byName[low]; ok {
		return low, true
	}
	if a, ok := aliases[low]; ok {
		return a, true
	}
	return spell.Closest(name, names)
}

// Unknown returns the error for a call of a function that is not in the
// table (D14), a *value.Failure wrapping ErrUnknownFunction:
// "unknown function lenght; did you mean len?" or "unknown function foo".
func Unknown(name string) error {
	reason := "unknown function " + echo.Text(name)
	if s, ok := Suggest(name); ok && s != name { // a known name never suggests itself
		reason += "; did you mean " + s + "?"
	}
	return value.Fail(ErrUnknownFunction, reason)
}
