//go:build !unix

package benchmarks

import "time"

// processCPU returns 0: the process CPU time is not read on this platform
// (the cpu-ms metrics of the benchmarks are then 0).
func processCPU() time.Duration { return 0 }
