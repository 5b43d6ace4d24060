package phases

import (
	"runtime"
	"sync"
	"sync/atomic"
	"time"
)

// spinFor is how long an idle helper busy-waits for the next parallel
// section before parking. Phases of one tick follow each other within
// microseconds, while waking a parked goroutine on another core costs tens
// of microseconds; spinning bridges the gaps inside a tick.
const spinFor = 200 * time.Microsecond

// Helper states.
const (
	spinning int32 = iota
	parked
)

// Pool runs per-block kernels on the calling goroutine plus workers−1 helper
// goroutines. Each worker owns a contiguous share of a section's blocks
// ([Pool.shares]): it runs its own in increasing order, then takes the
// blocks other workers have not started, so the caller starts at once,
// helpers join as soon as they see the new section, and a slow worker's
// blocks are finished by the others. Every section of the same size gives
// a worker the same blocks, so the patches a tick's phases touch stay in
// one core's cache instead of moving between cores at every phase (a
// shared counter dealt them out in whatever order the workers came). Each
// block must touch only its own patches and its own random stream, so
// results never depend on the number of workers or on which goroutine ran
// a block. A running Pool allocates nothing per [Pool.Run]; the model
// starts it for a run and stops it afterwards.
type Pool struct {
	workers int
	helpers []*helper
	work    Blocker
	shares  []share       // per worker: its blocks of the current section
	gen     atomic.Uint64 // incremented to publish a section
	stopped atomic.Bool
	pending atomic.Int64   // helpers still in the current section
	alive   sync.WaitGroup // helper goroutines not yet returned
	running bool
}

// helper is one helper goroutine's parking state.
type helper struct {
	state atomic.Int32
	wake  chan struct{} // one token when the caller un-parks it
}

// share is one worker's blocks of a section, [next, end), on a cache line
// of its own: its owner and the workers helping it take blocks with one
// atomic add each.
type share struct {
	next atomic.Int64
	end  int64
	_    [48]byte
}

// NewPool returns a pool of up to workers goroutines, the caller included
// (not yet started).
func NewPool(workers int) *Pool {
	w := max(workers, 1)
	return &Pool{workers: w, shares: make([]share, w)}
}

// Workers returns the pool's size.
func (p *Pool) Workers() int { return p.workers }

// Running reports whether the helper goroutines are running (between
// Start and Stop).
func (p *Pool) Running() bool { return p.running }

// Start launches the helper goroutines (no-op for one worker or when
// running).
func (p *Pool) Start() {
	if p.running || p.workers <= 1 {
		return
	}
	p.stopped.Store(false)
	p.helpers = make([]*helper, p.workers-1)
	for k := range p.helpers {
		h := &helper{wake: make(chan struct{}, 1)}
		p.helpers[k] = h
		p.alive.Add(1)
		go p.help(h, k+1, p.gen.Load())
	}
	p.running = true
}

// Stop ends the helper goroutines and waits for them to return; the pool
// can be started again.
func (p *Pool) Stop() {
	if !p.running {
		return
	}
	p.stopped.Store(true)
	for _, h := range p.helpers {
		if h.state.CompareAndSwap(parked, spinning) {
			h.wake <- struct{}{}
		}
	}
	p.alive.Wait()
	p.running = false
}

// help waits for sections and runs blocks as worker w until the pool
// stops.
func (p *Pool) help(h *helper, w int, seen uint64) {
	defer p.alive.Done()
	for {
		if !p.await(h, seen) {
			return
		}
		seen = p.gen.Load()
		p.drain(w)
		p.pending.Add(-1)
	}
}

// await waits until a section newer than seen is published (true) or the
// pool stops (false): spinning first, then parked on h.wake.
func (p *Pool) await(h *helper, seen uint64) bool {
	deadline := time.Now().Add(spinFor)
	for spins := 0; ; spins++ {
		if p.stopped.Load() {
			return false
		}
		if p.gen.Load() != seen {
			return true
		}
		if spins%64 != 63 {
			continue
		}
		if time.Now().Before(deadline) {
			runtime.Gosched()
			continue
		}
		h.state.Store(parked)
		if p.gen.Load() != seen || p.stopped.Load() {
			// Something happened while parking: un-park ourselves, unless
			// the caller already did and sent (or is sending) a token.
			if !h.state.CompareAndSwap(parked, spinning) {
				<-h.wake
			}
		} else {
			<-h.wake
		}
		deadline = time.Now().Add(spinFor)
	}
}

// drain runs worker w's blocks, then the other workers' unstarted ones
// (theirs in turn from w + 1 on), until none is left.
func (p *Pool) drain(w int) {
	for k := range p.workers {
		s := &p.shares[(w+k)%p.workers]
		for b := s.next.Add(1) - 1; b < s.end; b = s.next.Add(1) - 1 {
			p.work.Block(int(b))
		}
	}
}

// deal gives every worker its share of nblocks blocks: worker w the
// contiguous [w·n/W, (w+1)·n/W).
func (p *Pool) deal(nblocks int) {
	for w := range p.shares {
		s := &p.shares[w]
		s.next.Store(int64(w * nblocks / p.workers))
		s.end = int64((w + 1) * nblocks / p.workers)
	}
}

// Run calls w.Block(b) for every block b in [0, nblocks) and waits for all.
// When the pool is not running, or there is a single block, it runs
// sequentially in block order on the caller.
func (p *Pool) Run(nblocks int, w Blocker) {
	if !p.running || nblocks <= 1 {
		for b := range nblocks {
			w.Block(b)
		}
		return
	}
	p.work = w
	p.deal(nblocks)
	p.pending.Store(int64(len(p.helpers)))
	p.gen.Add(1)
	for _, h := range p.helpers {
		if h.state.CompareAndSwap(parked, spinning) {
			h.wake <- struct{}{}
		}
	}
	p.drain(0)
	// Spin, not park: a helper finishes its last block within a block's
	// time, and waking a parked caller costs more than that.
	for spins := 0; p.pending.Load() != 0; spins++ {
		if spins%64 == 63 {
			runtime.Gosched()
		}
	}
	p.work = nil
}
