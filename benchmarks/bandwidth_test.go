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
// two goroutines (each summing half, eight independent accumulators so the
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
					wg.Go(func() { sums[w] = sum8(data[lo:hi]) })
				}
				wg.Wait()
			}
			if sums[0] < 0 {
				b.Fatal("impossible sum")
			}
		})
	}
}

// sum8 returns Σ v with eight independent accumulators: the add latency
// (≈ 3 cycles) then allows 8 loads per 3 cycles, well above DRAM speed, so
// the loop measures the memory (with four, a 4 GHz core tops out near
// 40 GB/s from the adds alone).
func sum8(v []float64) float64 {
	var a0, a1, a2, a3, a4, a5, a6, a7 float64
	k := 0
	for ; k+8 <= len(v); k += 8 {
		w := v[k : k+8 : k+8]
		a0 += w[0]
		a1 += w[1]
		a2 += w[2]
		a3 += w[3]
		a4 += w[4]
		a5 += w[5]
		a6 += w[6]
		a7 += w[7]
	}
	for ; k < len(v); k++ {
		a0 += v[k]
	}
	return ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7))
}
