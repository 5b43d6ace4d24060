//go:build unix

package tmpname

import (
	"errors"
	"syscall"
)

// alive reports whether a process pid exists on this host (signal 0
// checks without sending; EPERM: it exists, owned by another user).
func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
