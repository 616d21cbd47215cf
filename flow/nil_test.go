package flow_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/kinenix/expressions/flow"
	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// A nil *Flow, *RowResult, *StopError or *ColumnCounter, the zero
// StopError, a nil Option, a nil rows iterator and a nil context are a
// host's mistakes: each is an error that names it, or nothing, never a
// panic (a panic in RunRows's reader goroutine took the host's process
// down), and never "internal error; please report it".
func TestNilsDoNotPanic(t *testing.T) {
	ctx := context.Background()
	var f *flow.Flow
	require.Empty(t, f.File())
	require.Nil(t, f.Fields())
	require.Nil(t, f.Findings())
	require.Nil(t, f.Names())
	require.False(t, f.Reads("row"))
	r := f.Run(ctx, nil)
	require.Equal(t, -1, r.Row)
	require.EqualError(t, r.Err, "no flow to run (a nil *Flow; make one with Compile)")
	r = flow.RowResult{Results: make([]flow.Result, 3)}
	f.RunInto(ctx, nil, &r)
	require.Empty(t, r.Results)
	require.EqualError(t, r.Err, "no flow to run (a nil *Flow; make one with Compile)")
	n := 0
	for _, err := range f.RunRows(ctx, sheetRows(3)) {
		require.EqualError(t, err, "no flow to run (a nil *Flow; make one with Compile)")
		n++
	}
	require.Equal(t, 1, n)

	fl, err := flow.Compile("sheet.md", []byte(sheetFlow), nil, flow.Workers(2), nil)
	require.NoError(t, err, "a nil Option is none, as in eval")
	fl.RunInto(ctx, nil, nil) // nowhere to keep the results: nothing done
	for _, workers := range []int{1, 2} {
		fl, err := flow.Compile("sheet.md", []byte(sheetFlow), flow.Workers(workers))
		require.NoError(t, err)
		n = 0
		for _, err := range fl.RunRows(ctx, nil) {
			require.EqualError(t, err, "no rows to run (a nil iterator)")
			n++
		}
		require.Equal(t, 1, n, "workers %d", workers)
		n = 0
		//lint:ignore SA1012 a nil context is what is tested
		for r, err := range fl.RunRows(nil, sheetRows(3)) {
			require.NoError(t, err)
			require.Equal(t, n, r.Row)
			n++
		}
		require.Equal(t, 3, n, "a nil context is context.Background()")
	}
	//lint:ignore SA1012 a nil context is what is tested
	r = fl.Run(nil, scope.New(map[string]any{"row": map[string]any{"id": 1}}))
	require.NoError(t, r.Err)
	require.Len(t, r.Results, 3)
	//lint:ignore SA1012 a nil context is what is tested
	fs := flow.ValidateWith(nil, "sheet.md", []byte(sheetFlow), flow.ValidateOptions{})
	require.Empty(t, fs)
	//lint:ignore SA1012 a nil context is what is tested
	_, err = flow.CompileContext(nil, "sheet.md", []byte(sheetFlow))
	require.NoError(t, err)

	var rr *flow.RowResult
	require.False(t, rr.Failed())
	require.Nil(t, rr.Findings())
	require.Equal(t, "no row (a nil *RowResult)", rr.Name())

	var se *flow.StopError
	require.Equal(t, "stopped: no reason (a nil *StopError)", se.Error())
	require.NoError(t, se.Unwrap())
	require.Equal(t, "stopped at rows[0]: no reason given", (&flow.StopError{}).Error())
	require.False(t, errors.Is(&flow.StopError{}, value.ErrBudget))

	var cc *flow.ColumnCounter
	cc.Add(map[string]any{"a": 1}, 0, 2)
	cc.AddValue(value.Value{}, 0, 2)
	cc.AddInput(flow.Input{})
	cc.AddRow(flow.Input{}, nil)
	cc.AddResult(nil)
	require.Zero(t, cc.Rows())
	require.Nil(t, cc.Facts())
	require.Nil(t, cc.Warnings("x.md"))
	var zero flow.ColumnCounter
	zero.AddResult(nil)
	zero.Add(map[string]any{"a": 1}, 0, 2)
	require.Equal(t, 1, zero.Rows())
	c := flow.CountColumns(flow.Columns([]byte(sheetFlow)), nil)
	require.Zero(t, c.Rows(), "a nil iterator is no rows")
}
