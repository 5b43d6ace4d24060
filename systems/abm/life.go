package abm

import (
	"math"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/rng"
)

// abmLife is how the agent-based model's demography draws ages, deaths and
// births: crude rates ([crudeLife]) or population-prospects tables
// ([wppLife]). Its draws are read-only on the life (safe from several
// goroutines with different sources).
type abmLife interface {
	// hasAges reports whether initial ages are drawn (false leaves every
	// day of birth unknown and no death scheduled).
	hasAges() bool
	// age draws an initial age in whole days.
	age(src *rng.Source) int32
	// deathDay draws the day of death of an agent aged ageDays on day
	// today (> today), or agents.NoDeath.
	deathDay(src *rng.Source, ageDays, today int32) int32
	// birthRate returns the births per person on day today.
	birthRate(today int32) float64
	// deathRate returns the expected deaths per person per day (for
	// sizing the death calendar's buckets).
	deathRate() float64
}

// crudeLife is the demography of crude rates: births b and a constant
// death hazard d per person per day, and a maximum age A (0: none) at
// which every agent dies.
type crudeLife struct {
	birth, death float64
	maxAge       int32   // days; 0 means no maximum
	ageRate      float64 // k of the truncated stable age density ∝ e^(−k·a) on [0, A)
}

// newCrudeLife returns the crude demography of birth and death rates per
// person per day, with maxAge days the maximum age (0: none). constant
// says that every death is replaced by a birth (ConstantPop), whose
// population is stationary whatever its births.
func newCrudeLife(birth, death float64, maxAge int32, constant bool) crudeLife {
	l := crudeLife{birth: birth, death: death, maxAge: maxAge}
	switch {
	case birth > 0 && !constant:
		l.ageRate = stableAgeRate(birth, float64(maxAge))
	default:
		l.ageRate = death
	}
	return l
}

// stableAgeRate returns k of the stable age density ∝ e^(−k·a) of a
// population with births b·N per day, a constant death hazard d and death
// at age A (A = 0: no maximum). With N(t) = N₀e^(rt), the density is
// n(a) = b·N·e^(−(r+d)·a) on [0, A), and ∫n = N gives
// b·(1 − e^(−k·A))/k = 1 with k = r + d (Lotka's equation for this
// schedule). Without a maximum k = b. g(k) = (1 − e^(−kA))/k falls from +∞
// to 0, so the root is unique: k > 0 when b·A > 1, k < 0 (the old
// outnumber the young) when b·A < 1, and k = 0 when b·A = 1. Solved by
// bisection on [−50/A, b] to machine precision.
func stableAgeRate(b, maxAge float64) float64 {
	if maxAge <= 0 {
		return b
	}
	f := func(k float64) float64 { return b*lifeIntegral(k, maxAge) - 1 }
	lo, hi := -50/maxAge, b // f(lo) > 0 (g grows like e^50/50), f(b) = −e^(−bA) ≤ 0
	for range 200 {
		mid := (lo + hi) / 2
		if mid == lo || mid == hi {
			break
		}
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// lifeIntegral returns ∫₀^A e^(−k·a) da = (1 − e^(−kA))/k (A at k = 0).
func lifeIntegral(k, maxAge float64) float64 {
	if k == 0 {
		return maxAge
	}
	return -math.Expm1(-k*maxAge) / k
}

func (l crudeLife) hasAges() bool { return l.birth > 0 || l.death > 0 }

// age draws from the density ∝ e^(−k·a) on [0, A) by inversion,
// a = −log(1 − U·(1 − e^(−kA)))/k (one uniform, one logarithm: the cost
// of the untruncated Exponential), uniform when k = 0; without a maximum,
// Exponential(k). The result is ⌊a⌋ < A.
func (l crudeLife) age(src *rng.Source) int32 {
	k, a := l.ageRate, float64(l.maxAge)
	if l.maxAge <= 0 {
		return int32(min(math.Floor(rng.Exponential(src)/k), float64(math.MaxInt32/2)))
	}
	u := rng.Uniform(src)
	var x float64
	if k == 0 {
		x = u * a
	} else {
		x = -math.Log1p(u*math.Expm1(-k*a)) / k
	}
	return min(int32(x), l.maxAge-1)
}

// deathDay draws the remaining life ~ Exponential(d) (memoryless, so drawn
// afresh at the start and at birth), rounded to whole days and at least
// one (a death on the day of scheduling would be past the day's firing),
// ended at the maximum age: today + min(max(round(X), 1), max(A − age, 1)).
func (l crudeLife) deathDay(src *rng.Source, ageDays, today int32) int32 {
	if l.death <= 0 && l.maxAge <= 0 {
		return agents.NoDeath
	}
	d := math.Inf(1)
	if l.death > 0 {
		d = max(math.Round(rng.Exponential(src)/l.death), 1)
	}
	if l.maxAge > 0 {
		d = min(d, float64(max(l.maxAge-ageDays, 1)))
	}
	return int32(min(float64(today)+d, float64(agents.NoDeath-1)))
}

func (l crudeLife) birthRate(int32) float64 { return l.birth }

// deathRate is d plus, with a maximum age A, the deaths at A of the
// stable population: the density there, n(A)/N = e^(−kA)/∫₀^A e^(−ka) da
// (b·e^(−kA) with births).
func (l crudeLife) deathRate() float64 {
	if l.maxAge > 0 {
		a := float64(l.maxAge)
		return l.death + math.Exp(-l.ageRate*a)/lifeIntegral(l.ageRate, a)
	}
	return l.death
}
