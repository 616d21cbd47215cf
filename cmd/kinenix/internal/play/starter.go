package play

import _ "embed"

// The flow and data the page starts with when the command line gives no
// flow.
var (
	//go:embed starter.md
	starterFlow string
	//go:embed starter.json
	starterData string
)
