package rng

import (
	"fmt"
	"math"
)

// PoissonTableMaxMean is the largest mean a [PoissonTable] tabulates: its
// table spans about 22·√mean values (the mode ± 11 standard deviations),
// 22 000 entries (176 KB) at 10⁶. Larger means draw with [Poissons].
const PoissonTableMaxMean = 1e6

// poissonTailCut is the pmf below which the table stops, on a side where
// the pmf falls by a ratio of at most poissonTailRatio per step: the mass
// left out on that side is below 2⁻⁸⁰/(1 − 0.9) < 2⁻⁷⁶, far below the
// 2⁻⁵³ spacing of the uniforms it is compared with (a uniform can never
// land in it).
const (
	poissonTailCut   = 0x1p-80
	poissonTailRatio = 0.9
)

// PoissonTable draws Poisson(mean) variates for one mean shared by many
// draws (a day's births of a town, the same in every particle of a filter)
// by inversion of its tabulated cdf with a guide table (the indexed search
// of Chen & Asau 1974; L. Devroye, "Non-Uniform Random Variate Generation",
// Springer 1986, §III.2.4): X is the least x with U < F(x), one uniform U
// per draw, the search starting from the guide entry of ⌊U·K⌋ (K the
// table's length), about two comparisons per draw on average.
//
// The table holds F(x) for x from lo to hi, where lo and hi are the first
// values past the mode on either side at which the pmf has fallen below
// 2⁻⁸⁰ with a step ratio of at most 0.9 (so at most 2⁻⁷⁶ of mass is left
// out on a side; lo = 0 when the pmf never falls that low below the mode):
// the pmf is f(m) at the mode m = ⌊μ⌋ (in Loader's saddle-point form, as
// PTRS's: no cancellation at large μ),
// then f(x − 1) = f(x)·x/μ below and f(x + 1) = f(x)·μ/(x + 1) above, and
// F the float64 partial sums from lo. A U at or above the last partial sum
// (the rounding gap of a few ulps below 1, or the 2⁻⁷⁶ upper tail) is
// rejected and redrawn, as the sequential-search inversion of [Poisson]
// rejects its rounding gap; the law is Poisson's up to float64 arithmetic.
//
// A table is built by [PoissonTable.Set] (O(√mean) work) and then only
// read: draws from several goroutines may share it.
type PoissonTable struct {
	mean float64
	set  bool
	lo   int64
	// cdf holds the partial sums F(lo), …, F(hi), then tableSteps
	// sentinels of 2 (above every uniform), so that a search step never
	// tests the index; n is the number of partial sums.
	cdf   []float64
	n     int
	guide []int32
}

// tableSteps is the number of cdf entries an inversion looks at at once:
// when U is below the last of them, X is among them and the others ≤ U
// are counted without branches; a search that passes all of them, rare
// with the guide table's two entries per value, goes on.
const tableSteps = 4

// Set tabulates Poisson(mean), reusing the table when mean has the bits of
// the table's. A mean that is negative, NaN or above [PoissonTableMaxMean]
// panics; mean 0 tabulates the point mass at 0.
func (t *PoissonTable) Set(mean float64) {
	if !(mean >= 0 && mean <= PoissonTableMaxMean) {
		panic(fmt.Sprintf("rng.PoissonTable: mean = %g must be in [0, %g]", mean, float64(PoissonTableMaxMean)))
	}
	if t.set && math.Float64bits(mean) == math.Float64bits(t.mean) {
		return
	}
	t.mean, t.set = mean, true
	if mean == 0 {
		t.lo, t.cdf = 0, append(t.cdf[:0], 1)
		t.finish()
		return
	}
	mode := math.Floor(mean)
	fm := math.Exp(logPoissonPMF(mode, mean))
	// The pmf below the mode, from the mode down, kept in cdf reversed.
	pmf := append(t.cdf[:0], fm)
	for x, f := mode, fm; x > 0; x-- {
		r := x / mean
		f *= r
		if f < poissonTailCut && r <= poissonTailRatio {
			break
		}
		pmf = append(pmf, f)
	}
	below := len(pmf) - 1 // values below the mode in the table
	for i, j := 0, len(pmf)-1; i < j; i, j = i+1, j-1 {
		pmf[i], pmf[j] = pmf[j], pmf[i]
	}
	for x, f := mode, fm; ; x++ {
		r := mean / (x + 1)
		f *= r
		if f < poissonTailCut && r <= poissonTailRatio {
			break
		}
		pmf = append(pmf, f)
	}
	t.lo = int64(mode) - int64(below)
	var c float64
	for i, f := range pmf {
		c += f
		pmf[i] = c
	}
	t.cdf = pmf
	t.finish()
}

// finish appends the sentinels to the partial sums and builds the guide
// table: K = 2·n entries, guide[g] the least k with cdf[k] > g/K, so that
// the search for U starts at guide[⌊U·K⌋] and never passes X (Devroye
// 1986, §III.2.4: with K = 2n the search compares U with at most 1.5
// entries past the start on average).
func (t *PoissonTable) finish() {
	n := len(t.cdf)
	t.n = n
	for range tableSteps {
		t.cdf = append(t.cdf, 2)
	}
	k := 2 * n
	if cap(t.guide) < k {
		t.guide = make([]int32, k)
	}
	t.guide = t.guide[:k]
	j := 0
	for g := range t.guide {
		lim := float64(g) / float64(k)
		for j < n-1 && t.cdf[j] <= lim {
			j++
		}
		t.guide[g] = int32(j)
	}
}

// Mean returns the tabulated mean.
func (t *PoissonTable) Mean() float64 { return t.mean }

// Invert returns the least x with u < F(x) for u in [0, 1); ok is false
// when u lies at or above the table's last partial sum (the caller then
// draws a fresh u, as [PoissonTable.Draw] does).
func (t *PoissonTable) Invert(u float64) (x int64, ok bool) {
	k := tableSearch(t.cdf, t.guide, min(u, 0x1.fffffffffffffp-1)) // u < 1: the min only guards a caller's u = 1
	if k >= int64(t.n) {                                           // at or above the last partial sum: the sentinels stopped it
		return 0, false
	}
	return t.lo + k, true
}

// tableSearch returns the index of the least partial sum of cdf above u
// in [0, 1) (a sentinel's, at or past the last sum, when u lies above them
// all), starting at the guide entry of ⌊u·len(guide)⌋ and comparing
// tableSteps sums at a time. It is kept small enough for the compiler to
// inline it into PoissonsTabled's lane loop (a call there costs 1.5 ns of
// the draw's 4.3).
func tableSearch(cdf []float64, guide []int32, u float64) int64 {
	k := int64(guide[int(u*float64(len(guide)))])
	for {
		c := cdf[k : k+tableSteps : k+tableSteps]
		if u < c[3] { // X is within these four: count the sums at or below u
			return k + b2i(u >= c[0]) + b2i(u >= c[1]) + b2i(u >= c[2])
		}
		k += tableSteps
	}
}

// Draw returns one draw, from the stream's next uniform (and further ones
// while a uniform falls in the rejected gap).
func (t *PoissonTable) Draw(src *Source) int64 {
	for {
		if x, ok := t.Invert(Uniform(src)); ok {
			return x
		}
	}
}

// PoissonsTabled sets out[j] to a draw from tables[which[j]] for every j
// (len(out) ≥ len(which)): per run of n ≤ [BlockSize] lanes, the stream's
// next n uniforms, one per lane in order ([Source.Uniforms]), each
// inverted in its lane's table; then, in lane order, a lane whose uniform
// fell in its table's rejected gap (probability about 10⁻¹⁶) draws again
// with [PoissonTable.Draw]. The tables are only read. It allocates
// nothing.
func PoissonsTabled(src *Source, tables []PoissonTable, which []int32, out []int64) {
	var u [BlockSize]float64
	for lo, hi := range Runs(len(which)) {
		w, run, uu := which[lo:hi], out[lo:hi], u[:hi-lo]
		src.Uniforms(uu)
		gap := false
		var t *PoissonTable
		prev := int32(-1)
		for j, k := range w {
			if k != prev { // a town's particles are contiguous: the table changes rarely
				t, prev = &tables[k], k
			}
			i := tableSearch(t.cdf, t.guide, uu[j])
			run[j] = t.lo + i
			gap = gap || i >= int64(t.n)
		}
		if !gap {
			continue
		}
		for j, k := range w {
			if _, ok := tables[k].Invert(uu[j]); !ok {
				run[j] = tables[k].Draw(src)
			}
		}
	}
}
