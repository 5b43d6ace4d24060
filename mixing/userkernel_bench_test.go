package mixing

import (
	"fmt"
	"testing"

	"github.com/rubeola/rubeola/rng"
)

// BenchmarkKernelFactored builds the factored matrix (the Infection
// component's set-up on the default path) of default gravity and of the
// exponential user kernel exp(−d/50 km) — math.Exp per pair through Decay,
// the same through the batch form DecayRow, and rng.Exp (the samplers'
// inlined exponential, 3 ulp) in DecayRow — in the same run, at N = 1 000
// and 5 000 on every core (issue 24: a user kernel's set-up within 2× of
// gravity's time and memory).
func BenchmarkKernelFactored(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		scn := randomTable(n, 42)
		for _, mix := range []struct {
			name string
			m    FactoredMixer
		}{
			{"gravity", DefaultGravity()},
			{"exp", FromKernel(expKernel{Scale: 50, K: 0.01, Dest: 1})},
			{"exp-batch", FromKernel(expKernel{Scale: 50, K: 0.01, Dest: 1, Batch: true})},
			{"exp-rng", FromKernel(funcKernel{decay: func(d float64) float64 { return rng.Exp(-d / 50) }, dest: 1, k: 0.01, batch: true})},
		} {
			b.Run(fmt.Sprintf("N=%d/%s", n, mix.name), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, err := mix.m.Factored(scn, FactoredOptions{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
