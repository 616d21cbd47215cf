package value

import (
	"context"
	"errors"
	"math"
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

// pollEvery is how many charges may pass between two looks at the
// context: a cancelled evaluation stops within that many steps.
const pollEvery = 256

// Budget is the work one evaluation may do (D35): one render of a
// template, one test of a condition, one check of a flow. Every costly
// operation charges it before doing the work: Bytes for bytes built,
// shown, copied or compared, Steps for nodes evaluated and items or keys
// visited. Past either limit, or once its context is done, every charge
// fails, with the same error.
//
// A Budget belongs to one evaluation and is not safe for concurrent use.
// A nil *Budget charges nothing: it is for callers that evaluate outside
// an evaluation (tests, compile-time checks with their own limits).
type Budget struct {
	ctx                context.Context
	bytes, steps       int64 // what is left
	maxBytes, maxSteps int64
	poll               int
	err                error
}

// NewBudget returns a budget of maxBytes bytes and maxSteps steps (a value
// <= 0 takes the default), that also stops when ctx is done (ctx may be
// nil).
func NewBudget(ctx context.Context, maxBytes, maxSteps int64) *Budget {
	if maxBytes <= 0 {
		maxBytes = DefaultMaxWork
	}
	if maxSteps <= 0 {
		maxSteps = DefaultMaxSteps
	}
	b := new(Budget)
	b.Reset(ctx, maxBytes, maxSteps)
	return b
}

// Bytes charges n bytes of work. It fails when the bytes left are fewer
// than n, or when the context is done.
func (b *Budget) Bytes(n int) error {
	// The common case, kept short (its inlining cost, 87, is just over
	// the compiler's 80, so it is a call): room left, and no look at the
	// context due at this charge (see tick). A failed budget has poll 0,
	// so it always takes the slow path and gives its error; a negative n
	// is a huge uint64 and takes it too.
	if b != nil && uint64(n) <= uint64(b.bytes) && b.poll > 1 {
		b.bytes -= int64(n)
		b.poll--
		return nil
	}
	return b.bytes1(n)
}

func (b *Budget) bytes1(n int) error {
	if b == nil {
		return nil
	}
	if b.err != nil {
		return b.err
	}
	if int64(n) > b.bytes || n < 0 {
		if err := b.Check(); err != nil {
			return err // a host that gave up is told so, whatever else ran out
		}
		b.bytes, b.poll = -1, 0
		b.err = Fail(ErrBudget, "the evaluation needs more work than allowed (more than "+sizeText(b.maxBytes)+" of text built, shown or compared)")
		return b.err
	}
	b.bytes -= int64(n)
	return b.tick()
}

// Steps charges n steps of work; it fails as Bytes does.
func (b *Budget) Steps(n int) error {
	if b != nil && uint64(n) <= uint64(b.steps) && b.poll > 1 {
		b.steps -= int64(n)
		b.poll--
		return nil
	}
	return b.steps1(n)
}

func (b *Budget) steps1(n int) error {
	if b == nil {
		return nil
	}
	if b.err != nil {
		return b.err
	}
	if int64(n) > b.steps || n < 0 {
		if err := b.Check(); err != nil {
			return err
		}
		b.steps, b.poll = -1, 0
		b.err = Fail(ErrBudget, "the evaluation needs more work than allowed (more than "+strconv.FormatInt(b.maxSteps, 10)+" steps)")
		return b.err
	}
	b.steps -= int64(n)
	return b.tick()
}

// tick looks at the context every pollEvery charges. Without a context
// poll is set so high that the fast paths of Bytes and Steps always apply.
func (b *Budget) tick() error {
	if b.ctx == nil {
		b.poll = math.MaxInt
		return nil
	}
	b.poll--
	if b.poll > 0 {
		return nil
	}
	b.poll = pollEvery
	return b.Check()
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
		reason := "the evaluation was cancelled"
		if err == context.DeadlineExceeded {
			reason = "the evaluation ran out of time"
		}
		b.err, b.poll = Fail(err, reason), 0
		return b.err
	}
	return nil
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
	return b.maxBytes - max(b.bytes, 0), b.maxSteps - max(b.steps, 0)
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

// SizeText shows a byte count the way a person writes it (1 MiB, 64 KiB,
// 1000 bytes): the one way messages name a size.
func SizeText(n int) string { return sizeText(int64(n)) }

// Reset makes b a fresh budget, as NewBudget would, without allocating:
// for an evaluation state that keeps its budget by value.
func (b *Budget) Reset(ctx context.Context, maxBytes, maxSteps int64) {
	if ctx != nil && ctx.Done() == nil {
		ctx = nil // a context that can never be done need not be looked at
	}
	if maxBytes <= 0 {
		maxBytes = DefaultMaxWork
	}
	if maxSteps <= 0 {
		maxSteps = DefaultMaxSteps
	}
	// The context is looked at now, so an evaluation started with a done
	// context stops at its first charge: poll 1 sends that charge to the
	// slow path, which gives the context's error. Otherwise the first
	// charge takes the fast path, and the next look comes pollEvery
	// charges after it, as if the first charge had looked; without a
	// context no charge ever needs to look.
	// Field by field, the error only when set: a pooled budget is reset
	// at every evaluation, and a whole-struct copy with pointers in it
	// costs more than the evaluation of ${a}.
	b.ctx = ctx
	if b.err != nil {
		b.err = nil
	}
	b.bytes, b.steps, b.maxBytes, b.maxSteps = maxBytes, maxSteps, maxBytes, maxSteps
	switch {
	case ctx == nil:
		b.poll = math.MaxInt
	case ctx.Err() == nil:
		b.poll = pollEvery + 1
	default:
		b.poll = 1
	}
}
