package hugepage

import (
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestMake checks that Make behaves like make for small and large sizes:
// length, zeroed contents, writable everywhere.
func TestMake(t *testing.T) {
	for _, n := range []int{0, 1, 1000, MinBytes/8 - 1, MinBytes / 8, 3*MinBytes/8 + 5} {
		s := Make[float64](n)
		assert.Len(t, s, n)
		for i := range s {
			if s[i] != 0 {
				t.Fatalf("n = %d: s[%d] = %v, want 0", n, i, s[i])
			}
			s[i] = float64(i)
		}
		if n > 0 {
			assert.Equal(t, float64(n-1), s[n-1])
		}
	}
	assert.Len(t, Make[int64](MinBytes), MinBytes)
}

// TestMakeFaulted checks that MakeFaulted returns a zeroed slice of the
// asked length.
func TestMakeFaulted(t *testing.T) {
	for _, n := range []int{0, 1, 5000, MinBytes/4 + 3} {
		s := MakeFaulted[int32](n)
		require.Len(t, s, n)
		for i, v := range s {
			if v != 0 {
				t.Fatalf("n = %d: s[%d] = %d, want 0", n, i, v)
			}
		}
	}
}

// TestMakeAligned checks the layout Make promises for large slices on
// Linux: the first element on a 2 MiB boundary, capacity equal to length.
func TestMakeAligned(t *testing.T) {
	if !supported {
		t.Skip("no transparent huge pages on this platform")
	}
	s := Make[float32](MinBytes/4 + 1)
	assert.Equal(t, len(s), cap(s))
	assert.Zero(t, uintptr(unsafe.Pointer(&s[0]))%hugePageSize)
}
