package systems

import (
	"math"

	"github.com/rubeola/rubeola/rng"
)

// EulerRates are the per-patch parameters of one block of [EulerSEIRBlock]
// (each slice has one value per patch of the block) and the step's shared
// values.
type EulerRates struct {
	R0, Sigma, Gamma, Mu, Alpha, Iota, SigmaSE, Amplitude []float64
	// DOY is the day of the decimal year at the step's start
	// ([DecimalDayOfYear]), Seasonal whether He et al.'s term season
	// applies.
	DOY      float64
	Seasonal bool
	// Spatpomp selects spatPomp's β (see [BetaSpatPomp]).
	Spatpomp bool
	// DT is the step in years (1/365.25 for a daily tick).
	DT float64
}

// EulerSEIRBlock advances the patches of one block by one step of He,
// Ionides & King (2010)'s model, drawing from src patch by patch in index
// order. Per patch, in this order:
//
//	s     = He et al.'s term multiplier (or 1); β = R0·(γ + μ)·s
//	foi   = β·(I + ι)^α / P                       (P = pop[j])
//	dW    ~ Gamma(dt/σ_SE², σ_SE²)                (dW = dt when σ_SE = 0)
//	S → E, S → death: Euler-multinomial of S with rates foi·dW/dt, μ
//	E → I, E → death: Euler-multinomial of E with rates σ, μ
//	I → R, I → death: Euler-multinomial of I with rates γ, μ
//
// Each Euler-multinomial draws n ~ Binomial(X, 1 − e^(−Σr·dt)) leaving X,
// then k ~ Binomial(n, r_1/Σr) for the first route, the rest taking the
// second (pomp's reulermultinom: probabilities (1 − e^(−Σr·dt))·r_k/Σr).
// All draws use the start-of-step counts. S, E and I are updated, r gains
// the I → R flow, and cases[j] accumulates it (He et al.'s C, the
// reported cases' true count). A patch with P ≤ 0 has no force.
func EulerSEIRBlock(src *rng.Source, s, e, i, r []int64, pop []float64, q *EulerRates, cases []int64) {
	dt := q.DT
	for j := range s {
		seas := 1.0
		if q.Seasonal {
			seas = seasonHe2010(q.DOY, q.Amplitude[j])
		}
		gamma, mu := q.Gamma[j], q.Mu[j]
		var beta float64
		if q.Spatpomp {
			beta = q.R0[j] * seas * -math.Expm1(-(gamma+mu)*dt) / dt
		} else {
			beta = q.R0[j] * (gamma + mu) * seas
		}
		foi := 0.0
		if p := pop[j]; p > 0 {
			x := float64(i[j]) + q.Iota[j]
			if a := q.Alpha[j]; a != 1 && x > 0 {
				x = rng.Exp(a * rng.Log(x))
			}
			foi = beta * x / p
		}
		rate := foi
		if sse := q.SigmaSE[j]; sse > 0 && s[j] > 0 {
			v := sse * sse
			rate = foi * v * rng.Gamma(src, dt/v) / dt
		}
		toE, leaveS := eulerMultinomial(src, s[j], rate, mu, dt)
		toI, leaveE := eulerMultinomial(src, e[j], q.Sigma[j], mu, dt)
		toR, leaveI := eulerMultinomial(src, i[j], gamma, mu, dt)
		s[j] -= leaveS
		e[j] += toE - leaveE
		i[j] += toI - leaveI
		r[j] += toR
		cases[j] += toR
	}
}

// eulerMultinomial draws the two-route Euler-multinomial step of n
// individuals with rates r1 (the route counted) and r2 over dt: it returns
// the number taking route 1 and the number leaving by either route.
func eulerMultinomial(src *rng.Source, n int64, r1, r2, dt float64) (first, leave int64) {
	total := r1 + r2
	if n == 0 || total == 0 {
		return 0, 0
	}
	leave = rng.BinomialHazard(src, n, total*dt)
	if r2 == 0 {
		return leave, leave
	}
	return rng.Binomial(src, leave, r1/total), leave
}
