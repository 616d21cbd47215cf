package value

import "github.com/kinenix/expressions/internal/lend"

// What value lends inside the module (internal/lend): entry points that
// only make a hot loop faster, kept out of the exported API.
var (
	_ = lend.Lend("value.parsedText", parsedText)
	_ = lend.Lend("value.indexText", Value.indexText)
)
