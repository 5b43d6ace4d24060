package systems_test

import (
	"fmt"
	"testing"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// BenchmarkForce measures the force of infection with every source active
// (the worst case) on dense gravity matrices.
func BenchmarkForce(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		mix, x, active, acc := forceInputs(n)
		b.Run(fmt.Sprintf("N=%d/reference", n), func(b *testing.B) {
			for b.Loop() {
				systems.Force(acc, x, mix)
			}
		})
		b.Run(fmt.Sprintf("N=%d/active", n), func(b *testing.B) {
			for b.Loop() {
				systems.ForceActive(acc, x, active, mix, 0, n)
			}
		})
	}
}

// BenchmarkForceParallel splits destinations into two contiguous ranges on
// two goroutines, as the Infection phase does with two workers.
func BenchmarkForceParallel(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		mix, x, active, acc := forceInputs(n)
		b.Run(fmt.Sprintf("N=%d", n), func(b *testing.B) {
			for b.Loop() {
				done := make(chan struct{})
				go func() {
					systems.ForceActive(acc, x, active, mix, 0, n/2)
					close(done)
				}()
				systems.ForceActive(acc, x, active, mix, n/2, n)
				<-done
			}
		})
	}
}

// forceInputs returns a dense gravity matrix over RandomN(n, 42) and a force
// input with every source active.
func forceInputs(n int) (mix *mixing.Matrix, x []float64, active []int32, acc []float64) {
	mix = must(mixing.DefaultGravity().Mixing(must(scenario.RandomN(n, 42, 0))))
	x = make([]float64, n)
	active = make([]int32, n)
	for i := range x {
		x[i] = float64(i%7 + 1)
		active[i] = int32(i)
	}
	return mix, x, active, make([]float64, n)
}
