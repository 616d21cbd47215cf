package flow

import (
	"errors"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
)

// TestResultReset pins reset, which storage reused for a row's results
// goes through, to what it replaces: a Result cleared whole, with the
// field's File and Field. Every field of Result is set first (by
// reflection, so that a field added later is covered too), and the old
// storage may hold another field, or the same one.
func TestResultReset(t *testing.T) {
	fd := Field{Label: "premium", Value: "${row.premium}", Line: 3, Column: 16}
	for _, old := range []Field{fd, {Label: "to", Value: "${x}", Line: 9, Column: 2, Condition: true}} {
		var res Result
		v := reflect.ValueOf(&res).Elem()
		for i := range v.NumField() {
			fv := v.Field(i)
			switch fv.Kind() {
			case reflect.String:
				fv.SetString("set")
			case reflect.Bool:
				fv.SetBool(true)
			case reflect.Int, reflect.Int64:
				fv.SetInt(7)
			case reflect.Interface:
				fv.Set(reflect.ValueOf(errors.New("set")))
			case reflect.Slice:
				fv.Set(reflect.MakeSlice(fv.Type(), 1, 1))
			case reflect.Struct:
				fv.Set(reflect.ValueOf(old))
			default:
				t.Fatalf("Result.%s: a kind reset does not know: %s", v.Type().Field(i).Name, fv.Kind())
			}
			require.False(t, fv.IsZero(), v.Type().Field(i).Name)
		}
		require.NotEmpty(t, res.Steps)
		res.Steps[0] = eval.Step{}
		res.reset("f.md", fd)
		require.Equal(t, Result{File: "f.md", Field: fd}, res)
	}
}
