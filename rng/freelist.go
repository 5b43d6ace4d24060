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

// FreeList keeps run scratch of type T for reuse across calls and
// goroutines, as the batched samplers keep theirs: a scratch array declared
// in the function would be zeroed at every call (tens of KB per run of
// [BlockSize] lanes), while Get returns a kept item without clearing it and
// in steady state neither call allocates nor waits. The zero FreeList is
// empty and ready; a caller must not rely on a got item's contents.
type FreeList[T any] struct {
	l freeList[T]
}

// Get returns a kept item, or a new zero one.
func (f *FreeList[T]) Get() *T { return f.l.get() }

// Put keeps b for a later Get (or drops it when the list is full).
func (f *FreeList[T]) Put(b *T) { f.l.put(b) }
