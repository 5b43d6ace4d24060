//go:build !linux

package hugepage

import "unsafe"

// supported reports whether advise can ask for huge pages here.
const supported = false

// advise does nothing where madvise(MADV_HUGEPAGE) does not exist.
func advise(unsafe.Pointer, uintptr) {}
