//go:build unix

package benchmarks

import (
	"syscall"
	"time"
)

// processCPU returns the CPU time (user + system) the process used so far,
// every thread included: on a shared machine it measures the work a
// benchmark does, where wall time also counts waiting for a core.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
