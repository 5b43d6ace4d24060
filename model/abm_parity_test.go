package model_test

import (
	"context"
	"io"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"gonum.org/v1/gonum/stat/distuv"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
)

// Parity of the agent-based model with the compartmental model (issue 25
// item 5; docs/abm.md, "Parity with the compartmental model").
//
// Both models run the same day on one patch without demography: the force
// λ_t = β·I_t/N from the start-of-day counts, and new E ~ Binomial(S_t,
// 1 − e^(−λ_t)) — the ABM draws Binomial(S, 1 − e^(−λ·s_max)) candidates
// and thins them, exactly a Bernoulli(1 − e^(−λ)) per susceptible when
// every susceptibility is 1. They differ only in how long people stay in
// E and in I:
//
//   - compartmental: E → I with probability 1 − e^(−σ) per day from the
//     start-of-day E, I → R with 1 − e^(−γ): a person exposed on day t is
//     counted in I at the starts of K days, K geometric on {1, 2, …} with
//     E[K] = 1/(1 − e^(−γ)), Var K = e^(−γ)/(1 − e^(−γ))²; its latent
//     time L (days from exposure to entering I) is geometric likewise
//     with σ;
//   - ABM: L = max(1, round(X)), X lognormal (exp_mu, exp_sigma); the
//     agent enters I on day t + L (after that day's infections, as the
//     compartmental model's new I) and leaves it on day t + L + D,
//     D = max(1, round(Y)), Y gamma (inf_mean, inf_sigma): counted in I at
//     the starts of exactly D days.
//
// Final size: a susceptible escapes with probability
// exp(−β/N·Σ_t I_t) (the product of its daily escapes), and Σ_t I_t =
// E[days counted in I] × everyone who ever entered I (law of large
// numbers), so in both models u = S_∞/N solves u = (1 − ε)·e^(−R0·(1 − u))
// with R0 = β·E[K] (compartmental) or β·E[D] (ABM), ε the seeded share:
// the latent period and the shape of the infectious period do not enter
// ([finalSizeEscape]). With E[D] = E[K] both share one final size, whose
// spread per run is [finalSizeSD] (ξ² = Var/E² of the days in I: e^(−γ)
// for K, and D's variance is matched to K's).
//
// Epidemic curve: the mean curves depend on the whole distributions of L
// and K (the generation interval), so the ABM's timers are set to match
// the geometric ones in mean exactly and in variance as nearly as the
// rounded lognormal and gamma allow ([roundedMoments], [matchMean]): the
// two generation-interval distributions then agree in their first two
// moments; the mean curves agree within pointwise Monte Carlo bands plus
// a systematic allowance for the shapes beyond two moments
// (parityShapeTolerance: the ABM's curve runs about 3 days late).

// Constants of the parity test.
const (
	parityPop   = 200_000 // one patch
	paritySeeds = 50      // seeded in E; a minor outbreak needs all 50 to fail: (1/R0)^50 < 10⁻¹⁶
	parityBeta  = 0.25    // R0 = 0.25 × 8.510 = 2.128: final share infected 0.83
	parityDays  = 500     // the epidemic (peak near day 130) is over by then (checked: E + I ≤ parityTail)
	parityTail  = 5       // people allowed in E or I at the end (the final S's standard error is about 86)
	parityReps  = 16
	// paritySigmas is the Monte Carlo tolerance in standard errors (a
	// false alarm 6·10⁻⁵ per comparison for a normal mean).
	paritySigmas = 4
	// parityShapeTolerance is the systematic allowance on the mean
	// prevalence curve, as a share of the peak: the lognormal latent and
	// gamma infectious periods match the geometric ones in mean and
	// variance only. Measured over 64 replicates per model: the largest
	// daily difference of the mean curves is 5.4 % of the peak, the ABM's
	// peak 2.8 days later (140.5 vs 143.3). The geometric latent period
	// has its mode at 1 day, the lognormal of the same mean and variance
	// at about 2.6 days, so the compartmental chain grows a little faster
	// (the growth rate depends on the whole generation-interval
	// distribution, not its first two moments).
	parityShapeTolerance = 0.08
	// parityPeakSlack is the systematic allowance on the mean peak day,
	// in days (measured 2.8 days, above).
	parityPeakSlack = 4
)

// geometricMoments returns the mean and variance of the days spent in a
// compartment left with probability 1 − e^(−rate) per day, counted from 1.
func geometricMoments(rate float64) (mean, variance float64) {
	p := -math.Expm1(-rate)
	return 1 / p, math.Exp(-rate) / (p * p)
}

// roundedMoments returns the mean and variance of max(1, round(X)) for X
// of CDF cdf: P(1) = F(1.5), P(k) = F(k + ½) − F(k − ½) for k ≥ 2, summed
// until the tail is below 10⁻¹⁴.
func roundedMoments(cdf func(float64) float64) (mean, variance float64) {
	var m1, m2 float64
	prev := 0.0
	for k := 1; k < 100_000; k++ {
		f := cdf(float64(k) + 0.5)
		p := f - prev
		prev = f
		m1 += float64(k) * p
		m2 += float64(k*k) * p
		if 1-f < 1e-14 {
			break
		}
	}
	return m1, m2 - m1*m1
}

// lognormalCDF and gammaCDF are the CDFs of the ABM's timer draws for a
// mean and sd in days (the parameterisations of rng.LogNormalParams and
// ABMInfection's gamma: shape (mean/sd)², scale sd²/mean).
func lognormalCDF(mean, sd float64) func(float64) float64 {
	mu, sigma := rng.LogNormalParams(mean, sd)
	return distuv.LogNormal{Mu: mu, Sigma: sigma}.CDF
}

func gammaCDF(mean, sd float64) func(float64) float64 {
	return distuv.Gamma{Alpha: (mean / sd) * (mean / sd), Beta: mean / (sd * sd)}.CDF
}

// matchMean returns the parameters (mean, sd) of cdf whose rounded draw
// has the target's mean exactly (bisection on the mean) and, as nearly as
// a fixed-point iteration on sd finds, its variance (rounding adds about
// 1/12 day², the clamp at 1 removes some).
func matchMean(cdf func(mean, sd float64) func(float64) float64, wantMean, wantVar float64) (mean, sd float64) {
	mean, sd = wantMean, math.Sqrt(wantVar)
	for range 20 {
		lo, hi := wantMean/2, wantMean*2
		for range 100 {
			mid := (lo + hi) / 2
			if m, _ := roundedMoments(cdf(mid, sd)); m < wantMean {
				lo = mid
			} else {
				hi = mid
			}
		}
		mean = (lo + hi) / 2
		_, v := roundedMoments(cdf(mean, sd))
		sd *= math.Sqrt(wantVar / v)
	}
	return mean, sd
}

// parityRuns returns the prevalence I_t (days × replicates) and the final
// susceptible counts of parityReps runs of one model type with components
// fs (seeds base + r).
func parityRuns(t *testing.T, typ string, fs func() []phases.Factory) (prev [][]float64, finalS []float64) {
	t.Helper()
	scn, err := scenario.SinglePatch(parityPop, 0)
	require.NoError(t, err)
	p := params.CompartmentalParams{BiweeklyParams: atParams(parityDays, 77)}
	e, err := model.NewEnsemble(scn, p.BiweeklyParams, parityReps, model.WithType(typ),
		model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, e.SetComponents(fs()...))
	require.NoError(t, e.Run(context.Background()))
	prev = make([][]float64, parityDays)
	for r := range parityReps {
		m := e.Replicate(r)
		tr := model.InstancesOf[*metrics.StateTracker](m)[0]
		is, err := tr.Counts("I")
		require.NoError(t, err)
		for d := range parityDays {
			prev[d] = append(prev[d], float64(is[d][0]))
		}
		// A few late chains may still run: at most parityTail people in E
		// or I, negligible against the final size's standard error.
		require.LessOrEqual(t, patchCount(t, m, "E")+patchCount(t, m, "I"), int64(parityTail), "%s replicate %d: the epidemic is not over by day %d", typ, r, parityDays)
		finalS = append(finalS, float64(patchCount(t, m, "S")))
	}
	return prev, finalS
}

// meanVar returns the sample mean and variance.
func meanVar(x []float64) (mean, variance float64) {
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	for _, v := range x {
		variance += (v - mean) * (v - mean)
	}
	return mean, variance / float64(len(x)-1)
}

// TestABMParityWithCompartmental: one patch of 200 000, 50 seeds in E, β
// = 0.25, no demography, 16 replicates of each model. The ABM's timers
// are calibrated to the compartmental model's geometric latent (σ = 1/6)
// and infectious (γ = 1/8) days: same means, variances matched. Then
// (derivation above):
//
//   - final size: each model's mean final S is within 4 standard errors of
//     pop·u from the final-size equation with R0 = β·E[K] = 2.128 (standard
//     error [finalSizeSD]/√16 ≈ 86), and the two means within 4·√2 of
//     each other;
//   - epidemic curve: at every day the two mean prevalences differ by at
//     most 4 standard errors of the difference (pointwise, from the
//     replicates' variances) plus 8 % of the peak (the timers' shapes
//     beyond two moments);
//   - peak day: the mean peak days within 4 standard errors plus 4 days.
func TestABMParityWithCompartmental(t *testing.T) {
	rates := seirRates{beta: parityBeta, sigma: 1.0 / 6, gamma: 1.0 / 8}
	latMean, latVar := geometricMoments(rates.sigma)
	infMean, infVar := geometricMoments(rates.gamma)
	expMu, expSigma := matchMean(lognormalCDF, latMean, latVar)
	infMu, infSigma := matchMean(gammaCDF, infMean, infVar)
	gotMean, gotVar := roundedMoments(gammaCDF(infMu, infSigma))
	require.InDelta(t, infMean, gotMean, 1e-9, "E[D] = E[K]: the one number the final size needs")
	require.InDelta(t, infVar, gotVar, 0.01*infVar, "Var D within 1 % of Var K")
	gotMean, gotVar = roundedMoments(lognormalCDF(expMu, expSigma))
	require.InDelta(t, latMean, gotMean, 1e-9)
	require.InDelta(t, latVar, gotVar, 0.01*latVar)

	seeding := func() phases.Factory {
		return abm.NewInfectionSeeding(&systems.SeedingParams{NumInfections: paritySeeds, UseLargestPatch: true})
	}
	comp, compS := parityRuns(t, model.TypeCompartmental, func() []phases.Factory {
		return []phases.Factory{seeding(), seirInfection(rates), metrics.NewStateTracker(nil)}
	})
	abm, abmS := parityRuns(t, model.TypeABM, func() []phases.Factory {
		inf := abm.DefaultABMInfectionParams()
		inf.Beta, inf.ExpMu, inf.ExpSigma, inf.InfMean, inf.InfSigma = parityBeta, expMu, expSigma, infMu, infSigma
		return []phases.Factory{seeding(), abm.NewABMInfection(&inf), metrics.NewStateTracker(nil)}
	})

	u := finalSizeEscape(rates.dailyR0(), paritySeeds/float64(parityPop))
	se := finalSizeSD(rates, u, parityPop) / math.Sqrt(parityReps)
	mc, _ := meanVar(compS)
	ma, _ := meanVar(abmS)
	assert.InDelta(t, parityPop*u, mc, paritySigmas*se, "compartmental mean final S against the final-size equation")
	assert.InDelta(t, parityPop*u, ma, paritySigmas*se, "ABM mean final S against the final-size equation")
	assert.InDelta(t, mc, ma, paritySigmas*math.Sqrt2*se, "the two models' mean final S")

	peak := 0.0
	var worst float64
	for d := range parityDays {
		m, _ := meanVar(comp[d])
		peak = max(peak, m)
	}
	for d := range parityDays {
		m1, v1 := meanVar(comp[d])
		m2, v2 := meanVar(abm[d])
		band := paritySigmas*math.Sqrt((v1+v2)/parityReps) + parityShapeTolerance*peak
		worst = max(worst, math.Abs(m1-m2)/peak)
		if !assert.LessOrEqual(t, math.Abs(m1-m2), band, "day %d: mean I %.0f (compartmental) vs %.0f (ABM)", d, m1, m2) {
			break
		}
	}
	t.Logf("largest difference of the mean prevalences: %.4f of the peak %.0f", worst, peak)
	pc, pa := replicatePeakDays(comp), replicatePeakDays(abm)
	m1, v1 := meanVar(pc)
	m2, v2 := meanVar(pa)
	assert.InDelta(t, m1, m2, paritySigmas*math.Sqrt((v1+v2)/parityReps)+parityPeakSlack, "mean peak day")
	t.Logf("final S: theory %.0f, compartmental %.0f, ABM %.0f (se %.0f); peak day %.1f vs %.1f", parityPop*u, mc, ma, se, m1, m2)
}

// replicatePeakDays returns each replicate's day of peak prevalence.
func replicatePeakDays(prev [][]float64) []float64 {
	out := make([]float64, len(prev[0]))
	best := make([]float64, len(prev[0]))
	for d, row := range prev {
		for r, v := range row {
			if v > best[r] {
				best[r], out[r] = v, float64(d)
			}
		}
	}
	return out
}
