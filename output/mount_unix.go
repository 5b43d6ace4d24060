//go:build unix

package output

import "syscall"

// sameDevice reports whether a and b are on the same device (st_dev);
// ok is false when either cannot be read.
func sameDevice(a, b string) (same, ok bool) {
	var sa, sb syscall.Stat_t
	if syscall.Stat(a, &sa) != nil || syscall.Stat(b, &sb) != nil {
		return false, false
	}
	return sa.Dev == sb.Dev, true
}
