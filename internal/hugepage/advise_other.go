//go:build !linux

package hugepage

import "unsafe"

// advise does nothing where madvise(MADV_HUGEPAGE) does not exist.
func advise(unsafe.Pointer, uintptr) {}
