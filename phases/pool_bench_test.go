package phases

import (
	"fmt"
	"testing"
)

// spinWork burns about d iterations of arithmetic.
func spinWork(d int) float64 {
	x := 1.0
	for i := range d {
		x = x*1.0000001 + float64(i&1)
	}
	return x
}

var sink float64

// BenchmarkPoolRun measures a parallel section of 4 blocks with small and
// large per-block work (the first is the size of one tick's importation at
// N = 1 000), sequential and with 2 workers.
func BenchmarkPoolRun(b *testing.B) {
	for _, work := range []int{20_000, 200_000} {
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("work=%d/workers=%d", work, workers), func(b *testing.B) {
				p := NewPool(workers)
				p.Start()
				defer p.Stop()
				res := make([]float64, 4)
				fn := blockFunc(func(blk int) { res[blk] = spinWork(work) })
				for b.Loop() {
					p.Run(4, fn)
				}
				sink = res[0]
			})
		}
	}
}
