package benchmarks

import (
	"fmt"
	"sync"
	"testing"
)

// bandwidthBytes is the size of the streamed slice: 200 MB, the dense
// float64 mixing matrix of N = 5 000 (8·N² bytes), far beyond any cache.
const bandwidthBytes = 200_000_000

// BenchmarkMemoryBandwidth measures the DRAM read bandwidth the force
// kernels are bounded by: a plain sum over a 200 MB []float64 on one and on
// two goroutines (each summing half, four independent accumulators so the
// adds never limit). MB/s is the bandwidth.
func BenchmarkMemoryBandwidth(b *testing.B) {
	data := make([]float64, bandwidthBytes/8)
	for i := range data {
		data[i] = float64(i & 7)
	}
	for _, workers := range []int{1, 2} {
		b.Run(fmt.Sprintf("goroutines=%d", workers), func(b *testing.B) {
			b.SetBytes(bandwidthBytes)
			sums := make([]float64, workers)
			for b.Loop() {
				var wg sync.WaitGroup
				for w := range workers {
					lo, hi := w*len(data)/workers, (w+1)*len(data)/workers
					wg.Go(func() { sums[w] = sum4(data[lo:hi]) })
				}
				wg.Wait()
			}
			if sums[0] < 0 {
				b.Fatal("impossible sum")
			}
		})
	}
}

// sum4 returns Σ v with four accumulators.
func sum4(v []float64) float64 {
	var a, c, d, e float64
	k := 0
	for ; k+4 <= len(v); k += 4 {
		a += v[k]
		c += v[k+1]
		d += v[k+2]
		e += v[k+3]
	}
	for ; k < len(v); k++ {
		a += v[k]
	}
	return a + c + d + e
}
