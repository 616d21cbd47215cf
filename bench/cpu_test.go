package bench

import (
	"syscall"
	"testing"
	"time"
)

// cpuNow is the CPU time of the process so far, user and system.
func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// cpuPerOp starts counting the process's CPU time; the function it
// returns reports it per iteration as cpu-ns/op. On a machine shared with
// other work, wall time also counts the time the benchmark waited for a
// core; CPU time does not, so benchtable compares engines by it when it is
// there. The garbage collector's work on other threads is counted too.
func cpuPerOp(b *testing.B) func() {
	start := cpuNow()
	return func() {
		if b.N > 0 {
			b.ReportMetric(float64(cpuNow()-start)/float64(b.N), "cpu-ns/op")
		}
	}
}
