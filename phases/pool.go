package phases

import "sync"

// Pool runs per-block kernels on a fixed set of goroutines. Each block must
// touch only its own patches and its own random stream, so results never
// depend on the number of workers. A Pool allocates nothing per [Pool.Run]
// once started; it is started and stopped by the model around each run.
type Pool struct {
	workers int
	jobs    chan int
	fn      func(b int)
	wg      sync.WaitGroup
	running bool
}

// NewPool returns a pool of up to workers goroutines (not yet started).
func NewPool(workers int) *Pool {
	return &Pool{workers: max(workers, 1)}
}

// Workers returns the pool's size.
func (p *Pool) Workers() int { return p.workers }

// Start launches the worker goroutines (no-op for one worker or when running).
func (p *Pool) Start() {
	if p.running || p.workers <= 1 {
		return
	}
	p.jobs = make(chan int, p.workers)
	for range p.workers {
		go p.work(p.jobs)
	}
	p.running = true
}

func (p *Pool) work(jobs <-chan int) {
	for b := range jobs {
		p.fn(b)
		p.wg.Done()
	}
}

// Stop ends the worker goroutines; the pool can be started again.
func (p *Pool) Stop() {
	if p.running {
		close(p.jobs)
		p.running = false
	}
}

// Run calls fn(b) for every block b in [0, nblocks) and waits for all. When
// the pool is not running, or there is a single block, it runs sequentially
// in block order.
func (p *Pool) Run(nblocks int, fn func(b int)) {
	if !p.running || nblocks <= 1 {
		for b := range nblocks {
			fn(b)
		}
		return
	}
	p.fn = fn
	p.wg.Add(nblocks)
	for b := range nblocks {
		p.jobs <- b
	}
	p.wg.Wait()
	p.fn = nil
}
