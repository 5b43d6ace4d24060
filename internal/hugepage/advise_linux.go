package hugepage

import (
	"syscall"
	"unsafe"
)

// hugePageSize is the x86-64 and arm64 transparent huge page size.
const hugePageSize = 2 << 20

// advise marks the whole huge pages inside [p, p+n) MADV_HUGEPAGE. A kernel
// without transparent huge pages answers EINVAL; the memory then simply
// keeps its normal pages, so the error is ignored on purpose.
func advise(p unsafe.Pointer, n uintptr) {
	base := uintptr(p)
	start := (base + hugePageSize - 1) &^ (hugePageSize - 1)
	end := (base + n) &^ (hugePageSize - 1)
	if end <= start {
		return
	}
	mem := unsafe.Slice((*byte)(p), n)
	_ = syscall.Madvise(mem[start-base:end-base], syscall.MADV_HUGEPAGE)
}
