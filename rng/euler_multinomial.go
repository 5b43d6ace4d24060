package rng

import "fmt"

// eulerScratch is one run's hazards and route shares for EulerMultinomials.
type eulerScratch struct {
	hazard, share [BlockSize]float64
}

// eulerFree keeps EulerMultinomials' scratch (see freeList).
var eulerFree freeList[eulerScratch]

// EulerMultinomials draws, for every lane j, the two-route Euler-multinomial
// step of n[j] individuals with rates r1[j] (the route counted) and r2[j]
// over dt (pomp's reulermultinom): leave[j] ~ Binomial(n[j], 1 −
// e^(−(r1+r2)·dt)) leave by either route, and first[j] ~ Binomial(leave[j],
// r1/(r1 + r2)) of them take the first. Lanes with r1 + r2 = 0 leave none.
// Per run of at most [BlockSize] lanes the draws are batched: every lane's
// leavers ([BinomialHazards]), then every lane's first route ([Binomials]).
// Negative or NaN rates panic. It allocates nothing.
func EulerMultinomials(src *Source, n []int64, r1, r2 []float64, dt float64, first, leave []int64) {
	b := eulerFree.get()
	defer eulerFree.put(b)
	for lo, hi := range Runs(len(n)) {
		m := hi - lo
		for j := range m {
			if !(r1[lo+j] >= 0 && r2[lo+j] >= 0) {
				panic(fmt.Sprintf("rng.EulerMultinomials: rates %g and %g must be non-negative", r1[lo+j], r2[lo+j]))
			}
			b.hazard[j], b.share[j] = 0, 1
			if total := r1[lo+j] + r2[lo+j]; total != 0 {
				b.hazard[j], b.share[j] = total*dt, r1[lo+j]/total
			}
		}
		BinomialHazards(src, n[lo:hi], b.hazard[:m], leave[lo:hi])
		Binomials(src, leave[lo:hi], b.share[:m], first[lo:hi])
	}
}
