package hugepage

import (
	"syscall"
	"unsafe"
)

// supported reports whether advise can ask for huge pages here.
const supported = true

// advise marks [p, p+n) MADV_HUGEPAGE; p and n are multiples of the huge
// page size. A kernel without transparent huge pages answers EINVAL; the
// memory then simply keeps its normal pages, so the error is ignored on
// purpose.
func advise(p unsafe.Pointer, n uintptr) {
	_ = syscall.Madvise(unsafe.Slice((*byte)(p), n), syscall.MADV_HUGEPAGE)
}
