package main

import (
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/scenario"
)

// states returns the two source vectors x (infectious counts, ≥ 0) the
// errors are measured on: "dense", every patch infectious with
// pop_i·u_i/1000 (u uniform in [0, 1)), and "sparse", 1 % of the patches
// (at least one) with pop_i/1000, the others 0, so that most targets get
// their force from far away, where the far field's error is largest. The
// draws come from PCG(seed, n).
func states(scn *scenario.Table, seed uint64) (dense, sparse []float64) {
	n := scn.Len()
	r := rand.New(rand.NewPCG(seed, uint64(n)))
	dense, sparse = make([]float64, n), make([]float64, n)
	for i, p := range scn.Pop {
		dense[i] = float64(p) * r.Float64() / 1000
	}
	for range max(n/100, 1) {
		i := r.IntN(n)
		sparse[i] = float64(scn.Pop[i]) / 1000
	}
	return dense, sparse
}

// relErr returns the maximum and mean over j of |got_j − want_j| / want_j
// (0 where both are 0; +Inf where only want is 0).
func relErr(got, want []float64) (maxErr, meanErr float64) {
	for j, w := range want {
		var e float64
		switch {
		case w == got[j]:
		case w == 0:
			e = math.Inf(1)
		default:
			e = math.Abs(got[j]-w) / w
		}
		maxErr = max(maxErr, e)
		meanErr += e
	}
	return maxErr, meanErr / float64(len(want))
}

// median returns the median wall time of reps calls of f, in seconds.
func median(reps int, f func()) float64 {
	t := make([]float64, reps)
	for k := range t {
		start := time.Now()
		f()
		t[k] = time.Since(start).Seconds()
	}
	slices.Sort(t)
	return t[reps/2]
}

// forceOf evaluates the force of m for x into a new slice.
func forceOf(m *mixing.OperatorMatrix, x []float64) []float64 {
	acc := make([]float64, len(x))
	m.NewForce().Force(acc, x)
	return acc
}

// factoredForce evaluates the exact factored force of f for x on workers
// goroutines, as the Infection's force does: the tiles, then the
// destination blocks, each split over the workers.
func factoredForce(ff *mixing.FactoredForce, acc, x []float64, workers int) {
	ff.Load(x)
	parallelFor(workers, ff.Tiles(), ff.Tile)
	blocks := ff.Blocks()
	parallelFor(workers, workers, func(k int) {
		ff.Combine(acc, k*blocks/workers, (k+1)*blocks/workers)
	})
}

// parallelFor calls f(0) … f(n−1) on workers goroutines.
func parallelFor(workers, n int, f func(int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for k := int(next.Add(1)) - 1; k < n; k = int(next.Add(1)) - 1 {
				f(k)
			}
		})
	}
	wg.Wait()
}

// heapMB returns the live heap after a collection, in MB.
func heapMB() float64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return float64(ms.HeapAlloc) / 1e6
}

// epidemicTicks is the tick of the epidemic state: with k = 0.001 the
// seeded city's epidemic has spread to neighbouring patches by then.
const epidemicTicks = 12

// epidemicBeta is the transmission rate per tick of epidemicState (about
// measles' R0 over a two-week infectious period of one tick).
const epidemicBeta = 10.0

// epidemicState returns the infectious counts of a deterministic
// discrete-time SIR on the force of m after ticks ticks, seeded with 10
// infectious in the most populous patch: each tick a patch gets
// floor(S_j·(1 − exp(−β·λ_j/N_j))) new infections with λ_j = Σ_i I_i·M[i,j]
// (the rounding down keeps patches that would expect less than one
// infection free, as a stochastic run would), and the infectious recover
// after one tick. It is the state of a real epidemic's early spread: a
// city and the patches around it infectious, most of the country not.
func epidemicState(m *mixing.OperatorMatrix, scn *scenario.Table, ticks int) []float64 {
	n := scn.Len()
	s, inf := make([]float64, n), make([]float64, n)
	big := 0
	for i, p := range scn.Pop {
		s[i] = float64(p)
		if p > scn.Pop[big] {
			big = i
		}
	}
	inf[big] = min(10, s[big])
	s[big] -= inf[big]
	for range ticks {
		lam := forceOf(m, inf)
		next := make([]float64, n)
		for j, l := range lam {
			if scn.Pop[j] > 0 {
				next[j] = math.Floor(s[j] * (1 - math.Exp(-epidemicBeta*l/float64(scn.Pop[j]))))
				s[j] -= next[j]
			}
		}
		if slices.Max(next) == 0 {
			break
		}
		inf = next
	}
	return inf
}
