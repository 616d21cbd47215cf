package eval

import (
	"context"
	"errors"

	"github.com/kinenix/expressions/scope"
	"github.com/kinenix/expressions/value"
)

// JSON evaluates the template as Value does and writes the value as JSON
// (numbers exact, keys sorted; what Value.MarshalJSON writes), within the
// scope's size cap and the evaluation's budget. A failure while writing is
// an *Error about the template's placeholder, as any other (D37).
func (t *Template) JSON(ctx context.Context, s *scope.Scope) (b []byte, err error) {
	if t == nil || !t.whole {
		v, err := t.ValueContext(ctx, s)
		if err != nil {
			return nil, err
		}
		// The rendered text fits the cap; its JSON, quoted and escaped,
		// may not. That too is an *Error about the template (D37).
		b, err := value.Limits{MaxSize: s.MaxSize()}.AppendJSON(nil, v)
		switch {
		case err == nil:
			return b, nil
		case len(t.places) > 0 && errors.Is(err, value.ErrTooLong):
			return nil, t.tooLarge(t.places[0], s.MaxSize())
		case len(t.places) > 0:
			p := t.places[0]
			return nil, p.locate(wrapFailure(p.raw, 0, itemFailure("", p.raw, err)))
		}
		return nil, t.jsonTooLarge(s.MaxSize())
	}
	e := pooled()
	defer e.release(&err, site{t: t})
	fr := &e.fr
	fr.start(ctx, s, false)
	v, err := t.places[0].read(fr)
	if v, err = t.wholeValue(fr, v, err); err != nil {
		return nil, err
	}
	p := t.places[0]
	b, err = value.Limits{Budget: &fr.budget, MaxSize: s.MaxSize()}.AppendJSON(nil, v)
	if err != nil {
		if errors.Is(err, value.ErrTooLong) {
			return nil, t.tooLarge(p, s.MaxSize())
		}
		return nil, p.locate(wrapFailure(p.raw, 0, itemFailure("", p.raw, err)))
	}
	return b, nil
}

// jsonTooLarge is the size error of a template without placeholders whose
// text fits the cap but whose JSON, quoted and escaped, does not: the text
// itself is not too large (literalTooLarge would say it is), and an empty
// template has no segment to name.
func (t *Template) jsonTooLarge(max int) error {
	reason := "the text written as JSON (quoted and escaped) would be larger than the limit of " + sizeText(max)
	return t.lines.locate(spanError(t.text, 0, len(t.text), ErrTooLong, reason), t.base)
}
