package compartmental

import (
	"math"

	"github.com/rubeola/rubeola/rng"
)

// birthTables are the day's tabulated births of every place
// ([rng.PoissonTable]), for the patches whose cohort share is their
// place's first patch's: every particle of a particle filter shares a
// town's births on a day, so one table per town serves all of them, one
// uniform per particle ([rng.PoissonsTabled]; IF2 perturbs the cohort share per particle: those
// days' blocks draw with [rng.Poissons]).
type birthTables struct {
	tables []rng.PoissonTable // per place
	cohort []float64          // per place: the cohort share its table was built with
	first  []int              // per place: its first patch (−1 when it has none)
}

// init sizes the tables for nPlaces places and finds each place's first
// patch.
func (b *birthTables) init(place []int32, nPlaces int) {
	b.tables = make([]rng.PoissonTable, nPlaces)
	b.cohort = make([]float64, nPlaces)
	b.first = make([]int, nPlaces)
	for k := range b.first {
		b.first[k] = -1
	}
	for j, k := range place {
		if b.first[k] < 0 {
			b.first[k] = j
		}
	}
}

// set tabulates every place's births of the day, with the cohort share of
// its first patch: mean = birthMean(cohort, births per year, cohortDay).
// It runs before the day's blocks, which then only read the tables. A
// place whose mean exceeds [rng.PoissonTableMaxMean] keeps cohort NaN, so
// its patches fall back to [rng.Poissons].
func (b *birthTables) set(placeB, cohort []float64, cohortDay bool) {
	for k, j := range b.first {
		if j < 0 {
			continue
		}
		mean := birthMean(cohort[j], placeB[k], cohortDay)
		if !(mean <= rng.PoissonTableMaxMean) { // NaN too: Poissons panics with its message
			b.cohort[k] = math.NaN()
			continue
		}
		b.tables[k].Set(mean)
		b.cohort[k] = cohort[j]
	}
}

// covers reports whether every patch of a block (its places and cohort
// shares) has its place's table: its cohort share has the bits of the one
// the table was built with.
func (b *birthTables) covers(place []int32, cohort []float64) bool {
	for j, k := range place {
		if math.Float64bits(cohort[j]) != math.Float64bits(b.cohort[k]) {
			return false
		}
	}
	return true
}

// birthMean is the mean of a patch's entries into S on a day: (1 −
// cohort)·b·dt, plus cohort·b on the cohort day (b births per year, dt =
// 1/365.25).
func birthMean(cohort, br float64, cohortDay bool) float64 {
	mean := (1 - cohort) * br * (1 / YearDays)
	if cohortDay {
		mean += cohort * br
	}
	return mean
}
