package value

// Phrase names the kind the way a message says it after "is": "empty",
// "text", "a number", "a boolean", "a list", "a dictionary".
func (k Kind) Phrase() string {
	switch k {
	case Empty, Text:
		return k.String()
	}
	return "a " + k.String()
}
