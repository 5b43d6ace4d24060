//go:build !unix

package testkit

import "time"

// ProcessCPU returns 0: the process CPU time is not read on this platform
// (metrics built on it are then 0).
func ProcessCPU() time.Duration { return 0 }
