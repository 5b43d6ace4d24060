package systems_test

import (
	"fmt"
	"sync"
	"testing"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// BenchmarkForce measures the force of infection with every source active
// (the worst case) at N = 1 000 and 5 000: the reference kernel and the
// active-source kernel on the dense gravity matrix, and the default
// factored kernel (SPEC §7.5) and its float32-storage opt-in on one
// goroutine. b.SetBytes is the matrix
// bytes one evaluation streams (8·N² dense, D's stored tiles factored), so
// MB/s is the effective bandwidth.
func BenchmarkForce(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		in := forceInputs(n)
		b.Run(fmt.Sprintf("N=%d/reference", n), func(b *testing.B) {
			b.SetBytes(int64(8 * n * n))
			for b.Loop() {
				systems.Force(in.acc, in.x, in.mix)
			}
		})
		b.Run(fmt.Sprintf("N=%d/active", n), func(b *testing.B) {
			b.SetBytes(int64(8 * n * n))
			for b.Loop() {
				systems.ForceActive(in.acc, in.x, in.active, in.mix, 0, n)
			}
		})
		b.Run(fmt.Sprintf("N=%d/factored", n), func(b *testing.B) {
			w := in.fac.NewForce()
			b.SetBytes(int64(in.fac.StoredBytes()))
			for b.Loop() {
				w.Force(in.acc, in.x)
			}
		})
		b.Run(fmt.Sprintf("N=%d/factored-float32", n), func(b *testing.B) {
			w := in.fac32.NewForce()
			b.SetBytes(int64(in.fac32.StoredBytes()))
			for b.Loop() {
				w.Force(in.acc, in.x)
			}
		})
	}
}

// BenchmarkForceParallel runs the force on two goroutines, as the Infection
// phase does with two workers: the active-source kernel on two contiguous
// destination ranges, and the factored kernel with its tiles and then its
// destination blocks handed out from a shared counter.
func BenchmarkForceParallel(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		in := forceInputs(n)
		b.Run(fmt.Sprintf("N=%d/active", n), func(b *testing.B) {
			b.SetBytes(int64(8 * n * n))
			for b.Loop() {
				done := make(chan struct{})
				go func() {
					systems.ForceActive(in.acc, in.x, in.active, in.mix, 0, n/2)
					close(done)
				}()
				systems.ForceActive(in.acc, in.x, in.active, in.mix, n/2, n)
				<-done
			}
		})
		b.Run(fmt.Sprintf("N=%d/factored", n), func(b *testing.B) {
			w := in.fac.NewForce()
			b.SetBytes(int64(in.fac.StoredBytes()))
			for b.Loop() {
				w.Load(in.x)
				parallel2(w.Tiles(), w.Tile)
				parallel2(w.Blocks(), func(k int) { w.Combine(in.acc, k, k+1) })
			}
		})
	}
}

// parallel2 runs fn(0…n−1) on two goroutines, interleaved.
func parallel2(n int, fn func(k int)) {
	var wg sync.WaitGroup
	wg.Go(func() {
		for k := 1; k < n; k += 2 {
			fn(k)
		}
	})
	for k := 0; k < n; k += 2 {
		fn(k)
	}
	wg.Wait()
}

// forceBench holds the inputs of the force benchmarks.
type forceBench struct {
	mix    *mixing.Matrix
	fac    *mixing.Factored
	fac32  *mixing.Factored // float32 storage of D
	x, acc []float64
	active []int32
}

// forceInputs returns the dense and factored default gravity matrices over
// RandomN(n, 42) and a force input with every source active.
func forceInputs(n int) forceBench {
	scn := must(scenario.RandomN(n, 42, 0))
	in := forceBench{
		mix:    must(mixing.DefaultGravity().Mixing(scn)),
		fac:    must(mixing.DefaultGravity().Factored(scn, mixing.FactoredOptions{})),
		fac32:  must(mixing.DefaultGravity().Factored(scn, mixing.FactoredOptions{Float32: true})),
		x:      make([]float64, n),
		acc:    make([]float64, n),
		active: make([]int32, n),
	}
	for i := range in.x {
		in.x[i] = float64(i%7 + 1)
		in.active[i] = int32(i)
	}
	return in
}

// BenchmarkForceSparse measures the force early or late in an epidemic and
// in between: 1 %, 10 %, 50 % and 100 % of the sources active (every 100th,
// 10th, 2nd patch, all), N = 1 000 and 5 000, on one goroutine, for the
// active-source kernel (reads the active rows of the dense matrix) and the
// default factored kernel. The factored kernel keeps a row cache across
// evaluations (SPEC §7.5 source-major pass), so "factored" is the steady
// state for a fixed active set; "factored-cold" evaluates it after disjoint
// sets (the patches shifted by 1, 2, …) have evicted its rows from the
// cache (outside the timer), and
// "factored-grown" after the active sets of a growing epidemic (every
// 100th, 50th, 20th patch, then the set itself).
func BenchmarkForceSparse(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		in := forceInputs(n)
		for _, every := range []int{100, 10, 2, 1} {
			x, active := everyNth(in.x, every, 0)
			b.Run(fmt.Sprintf("N=%d/active=%dpct/active", n, 100/every), func(b *testing.B) {
				for b.Loop() {
					systems.ForceActive(in.acc, x, active, in.mix, 0, n)
				}
			})
			b.Run(fmt.Sprintf("N=%d/active=%dpct/factored", n, 100/every), func(b *testing.B) {
				w := in.fac.NewForce()
				for b.Loop() {
					w.Force(in.acc, x)
				}
			})
			if every == 1 {
				continue
			}
			// Enough disjoint sets to cycle the cache (N/8 rows) once more.
			var flush [][]float64
			for s, loaded := 1, 0; s < every && loaded < n/8+len(active); s++ {
				f, act := everyNth(in.x, every, s)
				flush = append(flush, f)
				loaded += len(act)
			}
			b.Run(fmt.Sprintf("N=%d/active=%dpct/factored-cold", n, 100/every), func(b *testing.B) {
				w := in.fac.NewForce()
				for b.Loop() {
					b.StopTimer()
					for _, f := range flush {
						w.Force(in.acc, f)
					}
					b.StartTimer()
					w.Force(in.acc, x)
				}
			})
			b.Run(fmt.Sprintf("N=%d/active=%dpct/factored-grown", n, 100/every), func(b *testing.B) {
				w := in.fac.NewForce()
				for _, e := range []int{100, 50, 20} {
					if e > every {
						early, _ := everyNth(in.x, e, 0)
						w.Force(in.acc, early)
					}
				}
				for b.Loop() {
					w.Force(in.acc, x)
				}
			})
		}
	}
}

// everyNth returns x with only the patches i ≡ first (mod every) kept, and
// those patches.
func everyNth(x []float64, every, first int) ([]float64, []int32) {
	out := make([]float64, len(x))
	var active []int32
	for i := first; i < len(x); i += every {
		out[i] = x[i]
		active = append(active, int32(i))
	}
	return out, active
}
