package mixing

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"
)

// streamingBenchSizes are the patch counts of the streaming benchmarks
// (issue 27: 5 000, 20 000, 100 000).
var streamingBenchSizes = []int{5000, 20000, 100000}

// BenchmarkStreamingApply measures one application of the streaming
// operator of the default gravity (D·y, D computed on the fly) on
// randomTable patches, with every source active (every tick of a
// widespread epidemic: N² kernel values) and with 1 % active (an
// epidemic's start: only their rows), on GOMAXPROCS workers. It reports
// the kernel values per second (pairs/s) of the all-active case. The
// operator is built unchecked (the checked pass is the build's). Under
// -short (CI's run of every benchmark once) N = 10⁵ is left out: its one
// all-active application alone takes minutes.
func BenchmarkStreamingApply(b *testing.B) {
	for _, n := range streamingBenchSizes {
		if n > 20000 && testing.Short() {
			continue
		}
		scn := randomTable(n, 1)
		s, _, err := newStreaming(DefaultGravity(), scn, StreamingOptions{})
		require.NoError(b, err)
		for _, frac := range []int{100, 1} {
			y := make([]float64, n)
			for i := range y {
				if i%100 < frac {
					y[i] = float64(scn.Pop[i])
				}
			}
			z := make([]float64, n)
			b.Run(fmt.Sprintf("N=%d/active=%d%%", n, frac), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					s.Apply(z, y)
				}
				if frac == 100 {
					b.ReportMetric(float64(n)*float64(n)*float64(b.N)/b.Elapsed().Seconds(), "pairs/s")
				}
			})
		}
	}
}
