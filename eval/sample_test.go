package eval

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/scope"
)

func sampleScope() *scope.Scope {
	return scope.New(map[string]any{
		"row": map[string]any{
			"First Name": "Somchai", "Role in Company": "Fleet manager", "status": "Active",
			"amount": 3, "brand": " toyota ", "note": "paid", "empty": nil,
		},
		"rows":   []any{map[string]any{"status": "Active", "amount": 3}},
		"config": map[string]any{"email": map[string]any{"to": "a@example.com"}},
		"i":      0,
	})
}

// warnings shows the warnings of a template as `COL kind: message`.
func warnings(t *testing.T, text string) []string {
	t.Helper()
	tpl, err := Compile(text)
	require.NoError(t, err)
	var out []string
	for _, w := range tpl.SampleWarnings(sampleScope()) {
		require.Equal(t, 1, w.Line)
		out = append(out, itoa(w.Column)+" "+kindWord(w.Kind)+": "+w.String())
	}
	return out
}

func kindWord(k error) string {
	switch {
	case errors.Is(k, ErrMissingKey):
		return "missing"
	case errors.Is(k, ErrNotNumber):
		return "not-number"
	case errors.Is(k, ErrType):
		return "type"
	case errors.Is(k, ErrValue):
		return "value"
	}
	return k.Error()
}

func TestSampleWarningsLookups(t *testing.T) {
	for text, want := range map[string][]string{
		// Lookups that the sample has, env, literals: nothing.
		"${row.First Name} ${row.Role in Company} ${rows[0].status} ${config.email.to}":        nil,
		"${env.HOME} ${len(env.HOME)} ${env['X']} ${'lit'} ${row['status']} ${rows[i].amount}": nil,
		"${len(row)} ${number(row.amount) * 2} ${row.empty}":                                   nil,
		// The dotted-path reading.
		"${row.Frist Name}":     {"7 missing: row.Frist Name: no key 'Frist Name' in row; did you mean 'First Name'?"},
		"${row.first name}":     {"7 missing: row.first name: no key 'first name' in row; did you mean 'First Name'?"},
		"${row.Role in Compny}": {"7 missing: row.Role in Compny: no key 'Role in Compny' in row; did you mean 'Role in Company'?"},
		"${rwo.Frist Name}":     {"3 missing: rwo: no variable 'rwo'; did you mean 'row'?"},
		"${config.emial.to}":    {"10 missing: config.emial: no key 'emial' in config; did you mean 'email'?"},
		"${row.status.x y}":     {"14 missing: row.status.x y: no key 'x y' in row.status, which is text"},
		"${row.empty.x y}":      nil,
		// Lookups inside expressions.
		"${len(row.stauts)}":        {"11 missing: row.stauts: no key 'stauts' in row; did you mean 'status'?"},
		"${row['Frist Name']}":      {"7 missing: row['Frist Name']: no key 'Frist Name' in row; did you mean 'First Name'?"},
		"${rows[0].amout + 1}":      {"11 missing: rows[0].amout: no key 'amout' in rows[0]; did you mean 'amount'?"},
		"${rows.status}":            {"8 missing: rows.status: no key 'status' in rows, which is a list"},
		"${lenn}":                   {"3 missing: lenn: no variable 'lenn'"},
		"${join(ids, sep)}":         {"8 missing: ids: no variable 'ids'", "13 missing: sep: no variable 'sep'"},
		"${rows[j].status}":         {"8 missing: j: no variable 'j'; did you mean 'i'?"},
		"${rows[9].status}":         nil, // the sample has fewer rows than the data may have
		"x ${row.nope} y ${row.no}": {"9 missing: row.nope: no key 'nope' in row; did you mean 'note'?", "23 missing: row.no: no key 'no' in row"},
	} {
		require.Equal(t, want, warnings(t, text), text)
	}
}

func TestSampleWarningsEvaluation(t *testing.T) {
	require.Equal(t, []string{
		"3 type: ${row.brand * 2}: row.brand is text (' toyota '), not a number; use number(row.brand)",
	}, warnings(t, "${row.brand * 2}"))
	require.Equal(t, []string{
		"3 value: ${number(row.note)}: number: no number in 'paid'",
	}, warnings(t, "${number(row.note)}"))
	// A problem known without data is an error of Problems, not a warning.
	require.Nil(t, warnings(t, "${len(row, 2)} ${1/0}"))
	// nil sample data: no warnings.
	require.Nil(t, MustCompile("${row.Frist Name}").SampleWarnings(nil))
}

func TestConditionSampleWarnings(t *testing.T) {
	for line, want := range map[string][]string{
		"${row.amount} > 0 and ${row.status} == Active": nil,
		"${row.brand} > 3": {"14 not-number: condition: '${row.brand} > 3': > needs numbers; ' toyota ' is not a number: use ${number(...)}"},
		"3 <= ${row.note}": {"3 not-number: condition: '3 <= ${row.note}': <= needs numbers; 'paid' is not a number: use ${number(...)}"},
		"abc < 3":          {"5 not-number: condition: 'abc < 3': < needs numbers; 'abc' is not a number: use ${number(...)}"},
		// Empty and blank sides make the comparison false, not an error.
		"${row.empty} > 3 or ${row.missing} < 1": {"27 missing: row.missing: no key 'missing' in row"},
		"not ${row.stats} == Active":             {"11 missing: row.stats: no key 'stats' in row; did you mean 'status'?"},
		"${row.amount * 2} >= 1":                 nil,
		"${row.brand * 2} >= 1":                  {"3 type: ${row.brand * 2}: row.brand is text (' toyota '), not a number; use number(row.brand)"},
	} {
		c, err := CompileCondition(line)
		require.NoError(t, err, line)
		var got []string
		for _, w := range c.SampleWarnings(sampleScope()) {
			got = append(got, itoa(w.Column)+" "+kindWord(w.Kind)+": "+w.String())
		}
		require.Equal(t, want, got, line)
	}
}

func TestClosest(t *testing.T) {
	keys := []string{"First Name", "status", "amount", "Role in Company", "id", "ids"}
	for name, want := range map[string]string{
		"Frist Name": "First Name", "first name": "First Name", "First Name ": "First Name",
		"statsu": "status", "stat": "status", "amout": "amount", "Role in Compny": "Role in Company",
		"idx": "id", "zzz": "", "": "", "s": "",
	} {
		got, ok := closest(name, keys)
		require.Equal(t, want, got, name)
		require.Equal(t, want != "", ok, name)
	}
}
