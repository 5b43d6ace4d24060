package rng

import "sync"

// freeList keeps the batched samplers' run scratch (16–25 KB each) for
// reuse. A stack variable would be zeroed on every run; a sync.Pool is
// emptied by every garbage collection and then allocates again, so a tick
// would not be allocation-free. A freeList never gives its items back: it
// holds as many as runs were ever in flight at once (the workers), and in
// steady state get and put allocate nothing.
type freeList[T any] struct {
	mu   sync.Mutex
	free []*T
}

// get returns a kept item, or a new zero one.
func (f *freeList[T]) get() *T {
	f.mu.Lock()
	defer f.mu.Unlock()
	if n := len(f.free); n > 0 {
		b := f.free[n-1]
		f.free = f.free[:n-1]
		return b
	}
	return new(T)
}

// put keeps b for a later get.
func (f *freeList[T]) put(b *T) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.free = append(f.free, b)
}
