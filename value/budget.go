package value

import (
	"context"
	"errors"
	"strconv"
)

// Defaults of a work budget (D35): generous for any real flow, small
// enough that no text or data can keep a process busy for long.
const (
	DefaultMaxWork  = 64 << 20  // bytes built, shown, copied or compared
	DefaultMaxSteps = 1_000_000 // steps: nodes evaluated, items and keys visited
)

// ErrBudget is the kind of the error of an evaluation that needs more work
// than its budget allows (D35). It wraps ErrLimit, so errors.Is(err,
// ErrLimit) holds for it too.
var ErrBudget = NewKind("work budget exceeded", ErrLimit)

// NewKind makes a kind of failure that is also each of the broader kinds
// parents: errors.Is(err, parent) holds for an error of that kind.
func NewKind(msg string, parents ...error) error { return &subKind{msg, parents} }

type subKind struct {
	msg     string
	parents []error
}

func (k *subKind) Error() string   { return k.msg }
func (k *subKind) Unwrap() []error { return k.parents }

// pollEvery is how many steps may pass between two looks at the
// context: a cancelled evaluation stops within that many steps. Work that
// charges bytes looks at it again after every pollBytes bytes.
const (
	pollEvery = 256
	pollBytes = 64 << 10
)

// Budget is the work one evaluation may do (D35): one render of a
// template, one test of a condition, one check of a flow. Every costly
// operation charges it before doing the work: Bytes for bytes built,
// shown, copied or compared, Steps for nodes evaluated and items or keys
// visited. Past either limit every later charge of work fails, with the
// same error; so it does once its context is done, from the next look at
// the context (every pollEvery steps or 64 KiB of bytes, and at Reset).
//
// A Budget belongs to one evaluation and is not safe for concurrent use.
// A nil *Budget charges nothing: it is for callers that evaluate outside
// an evaluation (tests, compile-time checks with their own limits). The
// zero Budget, unlike NewBudget's with limits <= 0, has no room: its
// first charge fails; give it limits with Reset.
type Budget struct {
	// What is left is mark + room. A charge within the room takes the
	// fast path, one comparison and one subtraction (small enough for
	// Bytes and Steps to inline); the slow path decides at the mark: 0
	// without a context (past it the budget is spent), the next look at
	// the context with one. A failed budget has no room, so every later
	// charge takes the slow path and gets the error.
	byteRoom, stepRoom int64
	byteMark, stepMark int64
	ctx                context.Context
	maxBytes, maxSteps int64
	err                error
}

// NewBudget returns a budget of maxBytes bytes and maxSteps steps (a value
// <= 0 takes the default), that also stops when ctx is done (ctx may be
// nil).
func NewBudget(ctx context.Context, maxBytes, maxSteps int64) *Budget {
	b := new(Budget)
	b.Reset(ctx, maxBytes, maxSteps)
	return b
}

// Bytes charges n bytes of work. It fails when the bytes left are fewer
// than n, or when the context is found done (see Budget).
func (b *Budget) Bytes(n int) error {
	if b != nil && uint64(n) <= uint64(b.byteRoom) {
		b.byteRoom -= int64(n)
		return nil
	}
	return b.bytes1(n)
}

// bytes1 is the slow path of Bytes: the charge reaches the mark.
func (b *Budget) bytes1(n int) error {
	if b == nil {
		return nil
	}
	if b.err != nil {
		return b.err
	}
	left := b.byteMark + b.byteRoom
	if int64(n) > left || n < 0 {
		if err := b.Check(); err != nil {
			return err // a host that gave up is told so, whatever else ran out
		}
		b.fail(Fail(ErrBudget, "the evaluation needs more work than allowed (more than "+sizeText(b.maxBytes)+" of text built, shown or compared)"))
		return b.err
	}
	b.byteMark = b.next(left-int64(n), pollBytes)
	b.byteRoom = left - int64(n) - b.byteMark
	return b.Check()
}

// Steps charges n steps of work; it fails as Bytes does.
func (b *Budget) Steps(n int) error {
	if b != nil && uint64(n) <= uint64(b.stepRoom) {
		b.stepRoom -= int64(n)
		return nil
	}
	return b.steps1(n)
}

// steps1 is the slow path of Steps: the charge reaches the mark.
func (b *Budget) steps1(n int) error {
	if b == nil {
		return nil
	}
	if b.err != nil {
		return b.err
	}
	left := b.stepMark + b.stepRoom
	if int64(n) > left || n < 0 {
		if err := b.Check(); err != nil {
			return err
		}
		b.fail(Fail(ErrBudget, "the evaluation needs more work than allowed (more than "+stepsText(b.maxSteps)+")"))
		return b.err
	}
	b.stepMark = b.next(left-int64(n), pollEvery)
	b.stepRoom = left - int64(n) - b.stepMark
	return b.Check()
}

// next is the mark of the next look at the context, every units of work
// below left; without a context only a spent budget needs the slow path.
func (b *Budget) next(left, every int64) int64 {
	if b.ctx == nil || left <= every {
		return 0
	}
	return left - every
}

// fail makes err the budget's error, for this charge and every later one.
func (b *Budget) fail(err error) {
	b.err = err
	b.byteMark, b.stepMark = b.byteMark+b.byteRoom, b.stepMark+b.stepRoom
	b.byteRoom, b.stepRoom = 0, 0
}

// Check fails when the context is done, whatever is left: the error wraps
// ctx.Err(), so errors.Is(err, context.Canceled) and
// errors.Is(err, context.DeadlineExceeded) tell why.
func (b *Budget) Check() error {
	if b == nil {
		return nil
	}
	if b.err != nil {
		return b.err
	}
	if b.ctx == nil {
		return nil
	}
	if err := b.ctx.Err(); err != nil {
		b.fail(Stopped(err))
		return b.err
	}
	return nil
}

// Stopped is the failure of an evaluation whose context is done, err
// being ctx.Err(): "the evaluation was cancelled" or "the evaluation ran
// out of time", wrapping err (D35). A caller that stops between
// evaluations because of its context says so with it too.
func Stopped(err error) error {
	reason := "the evaluation was cancelled"
	if errors.Is(err, context.DeadlineExceeded) {
		reason = "the evaluation ran out of time"
	}
	return Fail(err, reason)
}

// StopsEvaluation reports whether err is the failure of a spent budget or
// of a done context (D35): a failure of the whole evaluation, which a
// function or an operator passes on as it is rather than as its own.
func StopsEvaluation(err error) bool {
	return errors.Is(err, ErrBudget) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)
}

// Err is the error that stopped the budget, or nil.
func (b *Budget) Err() error {
	if b == nil {
		return nil
	}
	return b.err
}

// Used returns the bytes and steps charged so far, for tests and tools.
func (b *Budget) Used() (bytes, steps int64) {
	if b == nil {
		return 0, 0
	}
	return b.maxBytes - (b.byteMark + b.byteRoom), b.maxSteps - (b.stepMark + b.stepRoom)
}

// sizeText shows a byte count the way a person writes it: 64 MiB, 8 KiB,
// 1000 bytes.
func sizeText(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return strconv.FormatInt(n>>20, 10) + " MiB"
	case n >= 1<<10 && n%(1<<10) == 0:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	case n == 1:
		return "1 byte"
	}
	return strconv.FormatInt(n, 10) + " bytes"
}

// stepsText is a count of steps: 1 step, 1000000 steps.
func stepsText(n int64) string {
	if n == 1 {
		return "1 step"
	}
	return strconv.FormatInt(n, 10) + " steps"
}

// SizeText shows a byte count the way a person writes it (1 MiB, 64 KiB,
// 1000 bytes): the one way messages name a size.
func SizeText(n int) string { return sizeText(int64(n)) }

// Reset makes b a fresh budget, as NewBudget would, without allocating:
// for an evaluation state that keeps its budget by value. It looks at the
// context now, so an evaluation started with a done context fails at its
// first charge. A nil *Budget has nothing to reset: it goes on charging
// nothing.
func (b *Budget) Reset(ctx context.Context, maxBytes, maxSteps int64) {
	if b == nil {
		return
	}
	if maxBytes <= 0 {
		maxBytes = DefaultMaxWork
	}
	if maxSteps <= 0 {
		maxSteps = DefaultMaxSteps
	}
	// Field by field, the error only when set: a pooled budget is reset
	// at every evaluation, and a whole-struct copy with pointers in it
	// costs more than the evaluation of ${a}.
	b.ctx = ctx
	if b.err != nil {
		b.err = nil
	}
	b.maxBytes, b.maxSteps = maxBytes, maxSteps
	if ctx == nil {
		b.byteMark, b.stepMark = 0, 0
		b.byteRoom, b.stepRoom = maxBytes, maxSteps
		return
	}
	// One look at the context now (not also at Done, which would cost a
	// second call at every evaluation: a context that is never done is
	// looked at once every pollEvery steps, for nothing).
	// As next gives them: the room up to the first look, at most every
	// units of work away.
	b.byteRoom, b.stepRoom = min(maxBytes, pollBytes), min(maxSteps, pollEvery)
	b.byteMark, b.stepMark = maxBytes-b.byteRoom, maxSteps-b.stepRoom
	if ctx.Err() != nil {
		b.Check()
	}
}
