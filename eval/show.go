package eval

import "github.com/kinenix/expressions/value"

// showIn shows v within room bytes and the evaluation's budget (D4, D17,
// D35).
func showIn(fr *frame, v value.Value, room int) ([]byte, error) {
	b, err := v.Show(nil, room)
	if err != nil {
		return nil, err
	}
	if err := fr.budget.Bytes(len(b)); err != nil {
		return nil, err
	}
	return b, nil
}
