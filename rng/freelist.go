package rng

import "sync/atomic"

// freeSlots is the number of items a freeList keeps: more than the runs in
// flight at once on any machine this runs on (one per worker); a put
// beyond it drops the item for the garbage collector.
const freeSlots = 64

// freeList keeps the batched samplers' run scratch (16–25 KB each) for
// reuse. A stack variable would be zeroed on every run; a sync.Pool is
// emptied by every garbage collection and then allocates again, so a tick
// would not be allocation-free; a mutex made two workers queue on every
// run. A freeList is a fixed array of slots taken and filled with atomic
// swaps, each slot on its own cache line: in steady state get and put
// allocate nothing and do not wait.
type freeList[T any] struct {
	slots [freeSlots]paddedSlot[T]
}

// paddedSlot is one slot alone on a 64-byte cache line.
type paddedSlot[T any] struct {
	p atomic.Pointer[T]
	_ [56]byte
}

// get returns a kept item, or a new zero one.
func (f *freeList[T]) get() *T {
	for k := range f.slots {
		if b := f.slots[k].p.Swap(nil); b != nil {
			return b
		}
	}
	return new(T)
}

// put keeps b for a later get.
func (f *freeList[T]) put(b *T) {
	for k := range f.slots {
		if f.slots[k].p.CompareAndSwap(nil, b) {
			return
		}
	}
}
