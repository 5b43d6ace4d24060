package fit

import (
	"math"
	"testing"

	"github.com/rubeola/rubeola/rng"
)

// measureBenchPairs returns 1024 (y, c) pairs like a London particle filter's:
// true weekly counts c from 20 to 6000 and reports y around ρ·c with ψ = 0.116
// noise, plus a share of far-off pairs (tol-dominated for he2010).
func measureBenchPairs() (ys, cs []int64) {
	src := rng.NewSource(1, "bench", 0)
	ys, cs = make([]int64, 1024), make([]int64, 1024)
	for i := range ys {
		c := int64(20 + 5980*rng.Uniform(src))
		m := 0.488 * float64(c)
		y := int64(math.Max(0, math.Round(m*(1+0.15*rng.Normal(src)))))
		if i%8 == 0 {
			y = int64(3 * m) // far above: the upper tail
		}
		cs[i], ys[i] = c, y
	}
	return ys, cs
}

func BenchmarkMeasureLogDensity(b *testing.B) {
	ys, cs := measureBenchPairs()
	for _, model := range measurementModels {
		b.Run(model.Name(), func(b *testing.B) {
			var sink float64
			i := 0
			for b.Loop() {
				sink += model.LogDensity(ys[i&1023], cs[i&1023], 0.488, 0.116)
				i++
			}
			_ = sink
		})
	}
}

func BenchmarkMeasureSample(b *testing.B) {
	_, cs := measureBenchPairs()
	for _, model := range measurementModels {
		b.Run(model.Name(), func(b *testing.B) {
			src := rng.NewSource(2, "bench", 0)
			var sink int64
			i := 0
			for b.Loop() {
				sink += model.Sample(src, cs[i&1023], 0.488, 0.116)
				i++
			}
			_ = sink
		})
	}
}
