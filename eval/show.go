package eval

import "github.com/kinenix/expressions/value"

// showIn shows v within room bytes and the evaluation's budget (D4, D17,
// D35).
func showIn(fr *frame, v value.Value, room int) ([]byte, error) {
	return value.Limits{Budget: &fr.budget, MaxSize: room}.Show(nil, v)
}
