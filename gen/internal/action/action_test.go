package action

import "testing"

type testKind uint8

func (testKind) Grammar() string { return "test" }

// TestProblemError pins the developer's description: the grammar's word,
// the kind's number, the offset and the text quoted.
func TestProblemError(t *testing.T) {
	p := &Problem[testKind]{Offset: 7, Kind: 3, Text: "a\"b"}
	if got, want := p.Error(), `test problem 3 at offset 7: "a\"b"`; got != want {
		t.Fatalf("Error() = %s, want %s", got, want)
	}
}
