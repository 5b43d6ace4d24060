//go:build unix

package model

import "syscall"

// addressSpaceLimit returns the process's soft address-space limit
// (RLIMIT_AS) in bytes, when one is set.
func addressSpaceLimit() (float64, bool) {
	var r syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &r); err != nil || r.Cur >= 1<<62 { // RLIM_INFINITY is all ones
		return 0, false
	}
	return float64(r.Cur), true
}
