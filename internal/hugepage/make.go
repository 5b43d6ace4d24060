package hugepage

import "unsafe"

// MinBytes is the smallest slice [Make] advises: half a huge page (1 MiB),
// so at most 1 MiB of a rounded-up huge page is resident without use (a
// tracker's N = 1 000 × 520 ticks of int64 is 4.2 MB). Smaller slices are
// plain makes.
const MinBytes = 1 << 20

// hugePageSize is the x86-64 and arm64 transparent huge page size.
const hugePageSize = 2 << 20

// Number is the element types Make allocates: plain numbers, no pointers, so
// the memory is never scanned by the garbage collector.
type Number interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~int | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uint |
		~float32 | ~float64
}

// Make returns a zeroed slice of length and capacity n. When it is at least
// MinBytes long and the platform has transparent huge pages, the slice
// starts on a huge-page boundary inside a slightly larger allocation (up to
// 4 MiB more address space, of which at most the tail of the last huge page
// becomes resident) and its memory is advised MADV_HUGEPAGE before anything
// touches it, so every huge page of it is faulted in at once (see the
// package doc).
func Make[T Number](n int) []T {
	var zero T
	size := unsafe.Sizeof(zero)
	bytes := uintptr(n) * size
	if !supported || bytes < MinBytes {
		return make([]T, n)
	}
	// Large Go allocations are page-aligned, so the distance to the next
	// huge-page boundary is a whole number of elements.
	buf := make([]T, n+int(2*hugePageSize/size))
	base := uintptr(unsafe.Pointer(unsafe.SliceData(buf)))
	off := int((alignUp(base) - base) / size)
	advise(unsafe.Pointer(&buf[off]), alignUp(bytes))
	return buf[off : off+n : off+n]
}

// MakeFaulted is Make followed by one write of zero to every 4 KiB page,
// so the page faults are paid now — at a component's Initialize — and not
// inside the first ticks that write there.
func MakeFaulted[T Number](n int) []T {
	s := Make[T](n)
	var zero T
	step := max(1, 4096/int(unsafe.Sizeof(zero)))
	for i := 0; i < len(s); i += step {
		s[i] = zero
	}
	return s
}

// alignUp rounds p up to a multiple of the huge page size.
func alignUp(p uintptr) uintptr { return (p + hugePageSize - 1) &^ (hugePageSize - 1) }
