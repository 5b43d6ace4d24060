package rng

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestFreeList checks that an empty FreeList gives a new zero item, that a
// put item comes back (uncleared) from the next Get, and that Puts beyond
// the slots are dropped without blocking.
func TestFreeList(t *testing.T) {
	var f FreeList[[4]int]
	a := f.Get()
	assert.Equal(t, [4]int{}, *a)
	a[2] = 7
	f.Put(a)
	b := f.Get()
	assert.Same(t, a, b)
	assert.Equal(t, 7, b[2], "a kept item is not cleared")
	for range freeSlots + 3 {
		f.Put(new([4]int))
	}
	assert.NotNil(t, f.Get())
}
