package hugepage

import "unsafe"

// MinBytes is the smallest slice [Make] advises: two huge pages (4 MiB), so
// that at least one whole aligned huge page lies inside it.
const MinBytes = 4 << 20

// Number is the element types Make allocates: plain numbers, no pointers, so
// the memory is never scanned by the garbage collector.
type Number interface {
	~int8 | ~int16 | ~int32 | ~int64 | ~int | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uint |
		~float32 | ~float64
}

// Make returns make([]T, n), with its memory advised for transparent huge
// pages when it is at least MinBytes long (see the package doc). The result
// is zeroed, like make's.
func Make[T Number](n int) []T {
	s := make([]T, n)
	var zero T
	if bytes := uintptr(n) * unsafe.Sizeof(zero); bytes >= MinBytes {
		advise(unsafe.Pointer(unsafe.SliceData(s)), bytes)
	}
	return s
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
