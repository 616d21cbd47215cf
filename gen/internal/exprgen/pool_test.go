package exprgen

// gen/internal/condgen's copy of this file is written from it by go
// generate (gen/internal/mkcopy), as pool.go's is.

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"

	"github.com/stretchr/testify/require"
)

// parserFields are the fields of pigeon's parser struct that reset
// knows. A pigeon upgrade that adds, removes or renames one fails
// TestResetKnowsEveryField: reset must then be reviewed.
var parserFields = []string{
	"filename", "pt", "cur", "data", "errs", "depth", "recover", "rules",
	"vstack", "rstack", "maxFailPos", "maxFailExpected", "maxFailInvertExpected",
	"maxExprCnt", "entrypoint", "allowInvalidUTF8", "Stats", "choiceNoMatch",
	"recoveryStack", "vals", "lists",
}

func TestResetKnowsEveryField(t *testing.T) {
	typ := reflect.TypeOf(parser{})
	var got []string
	for i := range typ.NumField() {
		got = append(got, typ.Field(i).Name)
	}
	require.ElementsMatch(t, parserFields, got, "pigeon's parser struct changed: review reset in pool.go")
}

// dirtyInputs leave a parser in various states: matched, failed, stopped
// by the step limit, deep stacks.
var dirtyInputs = []struct {
	src      string
	maxSteps uint64
}{
	{"len(packages)", 0},
	{"${a} == 1 and ${b} is empty", 0},
	{"(((((((((((((((((((a", 0},
	{"f(f(f(f(f(f(f(f(x))))))))", 0},
	{"'abc", 0},
	{"1e3 + 'a\\q'", 0},
	{"a +", 0},
	{"not not ${x} == 'a' and", 0},
	{strings.Repeat("f(", 40), 50},
	{strings.Repeat("${a} == 1 or ", 40), 70},
	{"", 0},
}

// TestResetEqualsFresh: after any parse, reset gives a parser equal, field
// by field, to the one newParser makes (with the rules table set), except
// for the capacity it keeps.
func TestResetEqualsFresh(t *testing.T) {
	p := newParser("", nil)
	for _, prev := range dirtyInputs {
		for _, next := range dirtyInputs {
			p.reset([]byte(prev.src), prev.maxSteps)
			_, reusable := p.run(0)
			require.True(t, reusable)

			data := []byte(next.src)
			p.reset(data, next.maxSteps)
			fresh := newParser("", data, MaxExpressions(next.maxSteps))
			fresh.rules = rules
			for _, name := range parserFields {
				a := reflect.ValueOf(p).Elem().FieldByName(name)
				b := reflect.ValueOf(fresh).Elem().FieldByName(name)
				if diff := sameState(a, b, name); diff != "" {
					t.Fatalf("after %q, reset for %q: %s", prev.src, next.src, diff)
				}
			}
		}
	}
	require.Positive(t, cap(p.vstack), "reset keeps the stacks' capacity")
}

// sameState compares two values of parser state: slices by their
// elements (not their capacity), maps by their entries, nil and empty
// alike; pointers by what they point to; functions by being nil or not.
func sameState(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return path + ": one is nil"
			}
			return ""
		}
		if a.Kind() == reflect.Pointer && a.Pointer() == b.Pointer() {
			return ""
		}
		if a.Kind() == reflect.Interface && a.Elem().Type() != b.Elem().Type() {
			return fmt.Sprintf("%s: %s vs %s", path, a.Elem().Type(), b.Elem().Type())
		}
		return sameState(a.Elem(), b.Elem(), path)
	case reflect.Slice:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: length %d vs %d", path, a.Len(), b.Len())
		}
		for i := range a.Len() {
			if d := sameState(a.Index(i), b.Index(i), fmt.Sprintf("%s[%d]", path, i)); d != "" {
				return d
			}
		}
	case reflect.Map:
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: %d entries vs %d", path, a.Len(), b.Len())
		}
		for _, k := range a.MapKeys() {
			bv := b.MapIndex(k)
			if !bv.IsValid() {
				return fmt.Sprintf("%s: key %v missing", path, k)
			}
			if d := sameState(a.MapIndex(k), bv, fmt.Sprintf("%s[%v]", path, k)); d != "" {
				return d
			}
		}
	case reflect.Struct:
		for i := range a.NumField() {
			if d := sameState(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); d != "" {
				return d
			}
		}
	case reflect.Func:
		if a.IsNil() != b.IsNil() {
			return path + ": one func is nil"
		}
	case reflect.String:
		if a.String() != b.String() {
			return fmt.Sprintf("%s: %q vs %q", path, a.String(), b.String())
		}
	case reflect.Bool:
		if a.Bool() != b.Bool() {
			return fmt.Sprintf("%s: %v vs %v", path, a.Bool(), b.Bool())
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if a.Int() != b.Int() {
			return fmt.Sprintf("%s: %d vs %d", path, a.Int(), b.Int())
		}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		if a.Uint() != b.Uint() {
			return fmt.Sprintf("%s: %d vs %d", path, a.Uint(), b.Uint())
		}
	default:
		return fmt.Sprintf("%s: cannot compare a %s", path, a.Kind())
	}
	return ""
}

// TestPooledEqualsFresh: a pooled parse gives the same Result as a fresh
// one. The pooled results are all taken first, so that a result that
// kept a piece of the reused input buffer would show.
func TestPooledEqualsFresh(t *testing.T) {
	var pooled []Result
	for range 3 {
		for _, in := range dirtyInputs {
			pooled = append(pooled, ParseInput(in.src, in.maxSteps, 0))
		}
	}
	for i, r := range pooled {
		in := dirtyInputs[i%len(dirtyInputs)]
		require.Equal(t, ParseInput(in.src, in.maxSteps, Fresh), r, "%q", in.src)
	}
}

// TestRunAgreesWithPigeon: run, the driver of pool.go, reads the same
// outcome as pigeon's own Parse: the same value, the same problems, the
// same farthest offset and expected terminals, the step limit.
func TestRunAgreesWithPigeon(t *testing.T) {
	inputs := seedInputs(t)
	for _, in := range dirtyInputs {
		inputs = append(inputs, in.src)
	}
	for _, maxSteps := range []uint64{0, 300} {
		for _, src := range inputs {
			r := ParseInput(src, maxSteps, Fresh)
			if r.Internal != nil {
				require.False(t, utf8.ValidString(src), "%q: %v", src, r.Internal)
				continue // pigeon's invalid-encoding error; the wrappers check UTF-8 first
			}
			val, err := Parse("", []byte(src), MaxExpressions(maxSteps))
			if val != nil {
				val = startValue(val)
			}
			if err == nil {
				require.False(t, r.TooComplex || r.NoMatch || len(r.Problems) > 0, "%q", src)
				require.Equal(t, val, r.Value, "%q", src)
				continue
			}
			list, ok := err.(errList)
			require.True(t, ok, "%q: %T", src, err)
			if r.TooComplex {
				require.True(t, errors.Is(list[len(list)-1].(*parserError).Inner, errMaxExprCnt), "%q", src)
				continue
			}
			var problems []Problem
			for _, e := range list {
				pe := e.(*parserError)
				switch inner := pe.Inner.(type) {
				case *Problem:
					problems = append(problems, *inner)
				default:
					require.True(t, strings.HasPrefix(inner.Error(), "no match found"), "%q: %v", src, inner)
					require.True(t, r.NoMatch, "%q", src)
					require.Equal(t, pe.pos.offset, r.Farthest, "%q", src)
					require.Equal(t, pe.expected, r.Expected, "%q", src)
				}
			}
			// pigeon drops repeated messages; run keeps each problem.
			require.Subset(t, r.Problems, problems, "%q", src)
			require.Subset(t, problems, r.Problems, "%q", src)
			require.Equal(t, val, r.Value, "%q", src)
		}
	}
}

// TestPoolConcurrent: parsers from the pool serve goroutines at once
// (run with -race) and each parse gives the fresh parser's Result.
func TestPoolConcurrent(t *testing.T) {
	want := make([]Result, len(dirtyInputs))
	for i, in := range dirtyInputs {
		want[i] = ParseInput(in.src, in.maxSteps, Fresh)
	}
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range 20 * len(dirtyInputs) {
				i := (k + w) % len(dirtyInputs)
				in := dirtyInputs[i]
				if got := ParseInput(in.src, in.maxSteps, 0); !reflect.DeepEqual(got, want[i]) {
					t.Errorf("%q: pooled %+v, fresh %+v", in.src, got, want[i])
					return
				}
			}
		}()
	}
	wg.Wait()
}

// seedInputs are the lines of the proptest seed files (a line that starts
// with a double quote is a Go string literal, # starts a comment) and the
// text inside each ${...} of them.
func seedInputs(t *testing.T) []string {
	files, err := filepath.Glob("../../../proptest/testdata/seeds/*.txt")
	require.NoError(t, err)
	require.NotEmpty(t, files)
	var out []string
	for _, name := range files {
		f, err := os.Open(name)
		require.NoError(t, err)
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			line := sc.Text()
			switch {
			case line == "" || strings.HasPrefix(line, "#"):
				continue
			case strings.HasPrefix(line, `"`):
				line, err = strconv.Unquote(line)
				require.NoError(t, err, "%s: %q", name, sc.Text())
			}
			out = append(out, line)
			for rest := line; ; {
				_, after, ok := strings.Cut(rest, "${")
				if !ok {
					break
				}
				inner, _, _ := strings.Cut(after, "}")
				out = append(out, inner)
				rest = after
			}
		}
		require.NoError(t, sc.Err())
		require.NoError(t, f.Close())
	}
	return out
}

// TestSeedsPooledEqualsFresh: pooled and fresh parses agree on every seed
// of the property tests, with the default budget and with a small one.
func TestSeedsPooledEqualsFresh(t *testing.T) {
	inputs := seedInputs(t)
	require.Greater(t, len(inputs), 50)
	for _, maxSteps := range []uint64{0, 300} {
		pooled := make([]Result, len(inputs))
		for i, src := range inputs {
			pooled[i] = ParseInput(src, maxSteps, 0)
		}
		for i, src := range inputs {
			require.Equal(t, ParseInput(src, maxSteps, Fresh), pooled[i], "%q", src)
		}
	}
}

// TestPanicIsInternal: a panic while parsing (here a rule whose
// expression pigeon does not know) is an internal error with the panic
// value and the stack, and goes through with NoRecover.
func TestPanicIsInternal(t *testing.T) {
	broken := map[string]*rule{}
	for name, r := range rules {
		broken[name] = r
	}
	first := *g.rules[0]
	first.expr = struct{}{}
	broken[first.name] = &first

	p := newParser("", []byte("x"))
	p.rules = broken
	r, reusable := p.run(0)
	require.False(t, reusable)
	require.Error(t, r.Internal)
	require.Contains(t, r.Internal.Error(), "unknown expression type struct {}")
	require.Contains(t, r.Internal.Error(), "runtime/debug.Stack", "the stack is kept")
	require.Nil(t, r.Value)

	p = newParser("", []byte("x"))
	p.rules = broken
	require.PanicsWithValue(t, "unknown expression type struct {}", func() { p.run(NoRecover) })
}

// TestStepLimit: the step limit ends a parse with TooComplex in both
// modes, and 0 means no limit.
func TestStepLimit(t *testing.T) {
	src := strings.Repeat("(", 30)
	for _, mode := range []Mode{0, NoRecover, Fresh} {
		r := ParseInput(src, 20, mode)
		require.True(t, r.TooComplex)
		require.Equal(t, uint64(21), r.Steps, "the step past the limit is counted")
		r = ParseInput(src, 0, mode)
		require.False(t, r.TooComplex)
		require.Greater(t, r.Steps, uint64(20))
	}
}

func TestExpected(t *testing.T) {
	require.Equal(t, []string{`")"`, `"]"`, "EOF"}, expected([]string{`"]"`, "!.", `")"`, `"]"`}))
	require.Empty(t, expected(nil))
	in := []string{"b", "a"}
	expected(in)
	require.True(t, slices.Equal([]string{"b", "a"}, in), "the parser's slice is not changed")
}
