package exprgen

// Running pigeon's parser (parser.go, generated) from a pool. Each
// grammar's generated code declares its own unexported parser type, so
// each package needs its own copy of this file: gen/internal/condgen's is
// written from this one by go generate (gen/internal/mkcopy).
//
// Pigeon's Parse builds a parser, its option closures and its rules table
// for every call (1.4-1.7 µs, 12 allocations and 2.7 KB), and its stacks
// grow again from empty each time. Here the rules table is built once,
// parsers are kept in a sync.Pool and reset between uses (reset_test.go
// proves a reset parser equals a fresh one field by field), and the result
// comes back as plain data, not pigeon's types. The helpers at the end
// (terminal, sequence, repeat) are what pigeon's generic parse functions
// call once gen/internal/fastpeg has rewritten them to allocate less.

import (
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"slices"
	"sync"
)

// Mode changes how ParseInput runs, for tests.
type Mode uint8

// The modes; the zero Mode is what the wrappers use.
const (
	// NoRecover lets a panic inside the parser or an action through, so
	// that a test sees it with its stack instead of an internal error.
	// Running out of steps still ends the parse with TooComplex.
	NoRecover Mode = 1 << iota
	// Fresh parses with a new parser, as pigeon's own Parse does, instead
	// of one from the pool: the reference the pooled parser is tested
	// against.
	Fresh
)

// Result is the outcome of one parse, as plain data.
type Result struct {
	// Value is the value of the grammar's first rule, as startValue
	// (build.go) reads it. It is set when the parse matched, even when
	// Problems is not empty.
	Value any
	// Steps is the number of grammar expressions tried, the unit of
	// maxSteps.
	Steps uint64
	// TooComplex reports that the parse stopped after maxSteps steps.
	// Nothing else in the Result is then meaningful.
	TooComplex bool
	// Problems are the errors returned by actions, in the order found.
	Problems []Problem
	// NoMatch reports that the grammar did not match the input. Farthest
	// is then the byte offset of the farthest point any rule reached and
	// Expected the terminals tried there, sorted, without repeats, as
	// pigeon writes them (`")"`, `[\pL_]`); EOF stands for the end.
	NoMatch  bool
	Farthest int
	Expected []string
	// Internal is any other failure: a bug (a panic, with its value and
	// stack, or an error pigeon reported that no rule of ours makes).
	Internal error
}

// ParseInput parses src from the grammar's first rule in at most maxSteps
// steps (0: no limit).
func ParseInput(src string, maxSteps uint64, mode Mode) Result {
	if mode&Fresh != 0 {
		p := newParser("", []byte(src), MaxExpressions(maxSteps))
		p.rules = rules
		r, _ := p.run(mode)
		return r
	}
	e := pool.Get().(*pooled)
	e.buf = append(e.buf[:0], src...)
	e.p.reset(e.buf, maxSteps)
	r, reusable := e.p.run(mode)
	if reusable && len(src) <= maxPooledInput {
		e.p.data = nil
		pool.Put(e)
	}
	return r
}

// maxPooledInput bounds the inputs whose parser (with the stacks and the
// buffer that input grew) goes back to the pool.
const maxPooledInput = 4 << 10

// pooled is a parser with a buffer for its input: pigeon parses a []byte.
// The actions copy what they keep (string(c.text)), and the raw values of
// the rules without an action, which hold slices of the buffer, are read
// by startValue before run returns, so the buffer can be reused.
type pooled struct {
	p   *parser
	buf []byte
}

var pool = sync.Pool{New: func() any { return &pooled{p: newParser("", nil)} }}

// rules is the table that pigeon's parse builds for every parse.
var rules = func() map[string]*rule {
	m := make(map[string]*rule, len(g.rules))
	for _, r := range g.rules {
		m[r.name] = r
	}
	return m
}()

// reset makes p what newParser("", data, MaxExpressions(maxSteps)) makes,
// with the rules table set, keeping the capacity of its stacks.
func (p *parser) reset(data []byte, maxSteps uint64) {
	p.filename = ""
	p.pt = savepoint{position: position{line: 1}}
	p.cur.pos = position{}
	p.cur.text = nil
	clear(p.cur.globalStore)
	p.data = data
	clear(*p.errs)
	*p.errs = (*p.errs)[:0]
	p.depth = 0
	p.recover = true
	p.rules = rules
	// pushV reuses an empty map it finds in a slot past the top; popV
	// drops the maps that got labels. Empty the maps left in the slots.
	for _, m := range p.vstack[:cap(p.vstack)] {
		clear(m)
	}
	p.vstack = p.vstack[:0]
	clear(p.rstack[:cap(p.rstack)])
	p.rstack = p.rstack[:0]
	p.maxFailPos = position{col: 1, line: 1}
	p.maxFailExpected = p.maxFailExpected[:0]
	p.maxFailInvertExpected = false
	p.maxExprCnt = maxSteps
	if maxSteps == 0 {
		p.maxExprCnt = math.MaxUint64
	}
	p.entrypoint = g.rules[0].name
	p.allowInvalidUTF8 = false
	p.ExprCnt = 0
	clear(p.ChoiceAltCnt)
	p.choiceNoMatch = ""
	clear(p.recoveryStack[:cap(p.recoveryStack)])
	p.recoveryStack = p.recoveryStack[:0]
	clear(p.vals[:cap(p.vals)])
	p.vals = p.vals[:0]
	clear(p.lists[:cap(p.lists)])
	p.lists = p.lists[:0]
}

// terminal is the value of a terminal that matched, and of a run of a
// character class: the actions read the text through c.text, so a
// terminal's bytes are not copied into an interface (gen/internal/fastpeg
// rewrites pigeon's parser.go to give it).
type terminal struct{}

// listBlock is how many values a block of lists holds.
const listBlock = 256

// takeVals moves the values from base up of p.vals, those of a sequence or
// a run that matched, into a list of p.lists and returns it. The list's
// capacity is its length, so an append to it never writes over the
// block. A full block is left to the lists that use it and a new one
// started; reset keeps the last for the next parse.
func (p *parser) takeVals(base int) []any {
	n := len(p.vals) - base
	if cap(p.lists)-len(p.lists) < n {
		p.lists = make([]any, 0, max(listBlock, n))
	}
	start := len(p.lists)
	p.lists = append(p.lists, p.vals[base:]...)
	p.dropVals(base)
	return p.lists[start:len(p.lists):len(p.lists)]
}

// sequence is a sequence of exprs as gen/internal/fastpeg rewrites pigeon's
// parseSeqExpr: their values are collected on p.vals, and become a list
// only when every one matched.
func (p *parser) sequence(exprs []any) (any, bool) {
	base := len(p.vals)
	pt := p.pt
	for _, expr := range exprs {
		val, ok := p.parseExprWrap(expr)
		if !ok {
			p.dropVals(base)
			p.restore(pt)
			return nil, false
		}
		p.vals = append(p.vals, val)
	}
	return p.takeVals(base), true
}

// repeat is expr* (least 0) and expr+ (least 1) as gen/internal/fastpeg
// rewrites pigeon's parseZeroOrMoreExpr and parseOneOrMoreExpr. A run of
// a character class gives terminal{}, not one value per character; any
// other run gives the list of its values (nil when it matched none), as
// pigeon's does.
func (p *parser) repeat(expr any, least int) (any, bool) {
	if _, ok := expr.(*charClassMatcher); ok {
		n := 0
		for {
			if _, ok := p.parseExprWrap(expr); !ok {
				break
			}
			n++
		}
		if n < least {
			return nil, false
		}
		return terminal{}, true
	}
	base := len(p.vals)
	for {
		p.pushV()
		val, ok := p.parseExprWrap(expr)
		p.popV()
		if !ok {
			break
		}
		p.vals = append(p.vals, val)
	}
	switch n := len(p.vals) - base; {
	case n < least:
		return nil, false // p.vals is at base: nothing matched
	case n == 0:
		return []any(nil), true
	}
	return p.takeVals(base), true
}

// dropVals drops the values from base up of p.vals.
func (p *parser) dropVals(base int) {
	clear(p.vals[base:])
	p.vals = p.vals[:base]
}

// run parses p.data as pigeon's parse does, without building the rules
// table again (p.rules is set), and reads the outcome into a Result.
// reusable is false when a panic left p in a state reset was not written
// for.
func (p *parser) run(mode Mode) (r Result, reusable bool) {
	defer func() {
		e := recover()
		if e == nil {
			return
		}
		if e == errMaxExprCnt { // the step budget, a panic in pigeon
			r, reusable = Result{Steps: p.ExprCnt, TooComplex: true}, true
			return
		}
		if mode&NoRecover != 0 {
			panic(e)
		}
		r = Result{Steps: p.ExprCnt, Internal: fmt.Errorf("panic while parsing: %v\n%s", e, debug.Stack())}
	}()
	start := p.rules[p.entrypoint]
	if start == nil {
		return Result{Internal: errInvalidEntrypoint}, true
	}
	p.read() // advance to the first rune
	val, ok := p.parseRuleWrap(start)
	if ok {
		val = startValue(val)
	}
	r = Result{Value: val, Steps: p.ExprCnt}
	for _, err := range *p.errs {
		var pe *parserError
		var problem *Problem
		switch {
		case errors.As(err, &pe) && errors.As(pe.Inner, &problem):
			r.Problems = append(r.Problems, *problem)
		case r.Internal == nil:
			r.Internal = fmt.Errorf("the parser failed: %w", err)
		}
	}
	if !ok {
		r.Value = nil
		r.NoMatch = true
		r.Farthest = p.maxFailPos.offset
		r.Expected = expected(p.maxFailExpected)
	}
	return r, true
}

// expected sorts the terminals tried at the farthest point, drops repeats
// and writes the end of the input as EOF, last, as pigeon's parse does.
func expected(tried []string) []string {
	out := slices.Clone(tried)
	slices.Sort(out)
	out = slices.Compact(out)
	if i := slices.Index(out, "!."); i >= 0 {
		out = append(slices.Delete(out, i, i+1), "EOF")
	}
	return out
}
