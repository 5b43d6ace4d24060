package systems_test

import (
	"testing"

	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
)

// BenchmarkVitalBlock measures VitalBlock on one block of 1 024 patches of
// 100 000 people (S 10 %, I 0.1 %, R the rest; MCV1 0.8) at the biweekly
// default rates, with no declared compartment: the cost of a tick's vital
// dynamics per block, for comparing the kernel across changes.
func BenchmarkVitalBlock(b *testing.B) {
	const n = 1024
	p := systems.DefaultVitalDynamicsParams()
	rates := systems.VitalRates{Birth: p.BirthRate(14), Death: p.DeathRate(14), Efficacy: p.MCV1Efficacy}
	cols := systems.VitalColumns{S: make([]int64, n), I: make([]int64, n), R: make([]int64, n), MCV1: make([]float64, n),
		Births: make([]int64, n), Vaccinated: make([]int64, n), Deaths: make([]int64, n)}
	src := rng.NewSource(1, "bench", 0)
	for b.Loop() {
		b.StopTimer()
		for j := range n {
			cols.S[j], cols.I[j], cols.R[j], cols.MCV1[j] = 10000, 100, 89900, 0.8
		}
		b.StartTimer()
		if _, err := systems.VitalBlock(src, rates, cols); err != nil {
			b.Fatal(err)
		}
	}
}
