package flow

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/eval"
	"github.com/kinenix/expressions/scope"
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

// TestValidatorReset pins runState.validator, which a worker's kept
// validator goes through before each row's checks, to what it replaces: a
// validator made anew for the row, validator{ctx, file, sample, ev,
// envAllowed}. Every field is set first (by reflection, so that a field
// added later must be reset or named here as kept); only the storage kept
// on purpose may stay: the list's array (emptied), the callback made once
// (onMiss), the check that each evaluation overwrites first (miss) and the
// closest keys found, kept while the row's keys stay the same (rowKeys,
// whose keys are read again).
func TestValidatorReset(t *testing.T) {
	kept := map[string]bool{"list": true, "onMiss": true, "miss": true, "rowKeys": true}
	f, err := Compile("flow.md", []byte("- **a:** ${row.a}\n"), SampleWarnings())
	require.NoError(t, err)
	st := &runState{}
	v := reflect.ValueOf(&st.v).Elem()
	for i := range v.NumField() {
		fv := reflect.NewAt(v.Field(i).Type(), v.Field(i).Addr().UnsafePointer()).Elem()
		switch fv.Kind() {
		case reflect.String:
			fv.SetString("set")
		case reflect.Bool:
			fv.SetBool(true)
		case reflect.Interface:
			fv.Set(reflect.ValueOf(context.TODO()))
		case reflect.Pointer:
			fv.Set(reflect.New(fv.Type().Elem()))
		case reflect.Slice:
			fv.Set(reflect.MakeSlice(fv.Type(), 1, 1))
		case reflect.Map:
			fv.Set(reflect.MakeMap(fv.Type()))
		case reflect.Func:
			fv.Set(reflect.MakeFunc(fv.Type(), func([]reflect.Value) []reflect.Value {
				return []reflect.Value{reflect.Zero(fv.Type().Out(0))}[:fv.Type().NumOut()]
			}))
		case reflect.Struct:
			// overwritten before each use (kept)
		default:
			t.Fatalf("validator.%s: a kind this test does not know: %s", v.Type().Field(i).Name, fv.Kind())
		}
	}
	ctx, s := context.Background(), scope.New(map[string]any{"row": map[string]any{}})
	got := st.validator(ctx, f, s)
	want := validator{ctx: ctx, file: f.file, sample: s, ev: &st.ev, envAllowed: f.opts.envAllowed}
	gv, wv := reflect.ValueOf(got).Elem(), reflect.ValueOf(&want).Elem()
	for i := range gv.NumField() {
		name := gv.Type().Field(i).Name
		if kept[name] {
			continue
		}
		g := reflect.NewAt(gv.Field(i).Type(), gv.Field(i).Addr().UnsafePointer()).Elem()
		w := reflect.NewAt(wv.Field(i).Type(), wv.Field(i).Addr().UnsafePointer()).Elem()
		if g.Kind() == reflect.Func {
			require.Equal(t, w.IsNil(), g.IsNil(), "validator.%s", name)
			continue
		}
		require.Equal(t, w.Interface(), g.Interface(), "validator.%s is not reset", name)
	}
	require.Empty(t, got.list)
	require.False(t, got.rowKeys.fresh, "the keys of the row are read again")
}
