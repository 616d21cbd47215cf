//go:build race

package data

// raceEnabled: the race detector's instrumentation allocates, so tests
// that count allocations check their counts without it.
const raceEnabled = true
