package model_test

import (
	"context"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/systems"
)

// peakDays returns the days on which series, smoothed by a centred moving
// average over 2·half + 1 days, is the largest value within ±gap days;
// days closer than gap to either end are not considered.
func peakDays(series []float64, half, gap int) []int {
	n := len(series)
	smooth := make([]float64, n)
	for t := range n {
		lo, hi := max(0, t-half), min(n, t+half+1)
		for k := lo; k < hi; k++ {
			smooth[t] += series[k]
		}
		smooth[t] /= float64(hi - lo)
	}
	var out []int
	for t := gap; t < n-gap; t++ {
		top := true
		for k := t - gap; k <= t+gap && top; k++ {
			top = smooth[k] <= smooth[t]
		}
		if top {
			out = append(out, t)
		}
	}
	return out
}

// Constants of the inter-epidemic period test.
const (
	// perPop is the patch population: at 10⁹ the noise-driven cycles stay
	// small beside the damped cycle started by the perturbation (I* ≈
	// 4·10⁵), so one run's period estimate has a standard deviation of
	// 0.008 years (10 seeds: 3.320 … 3.343).
	perPop = 1_000_000_000
	// perCBR is ConstantPop's birth (= death) rate per 1000 per year: a
	// daily death probability μ_d = 1.02^(1/365) − 1, μ = 365·μ_d ≈
	// ln 1.02 = 0.019803 per year (a mean life of 50.5 years).
	perCBR = 20
	// perExcess is the start's excess of susceptibles over S*: 5 %.
	perExcess = 1.05
	// perYears is the run's length: 25 years (9125 days), 7 peaks.
	perYears = 25
	// perPeaks is the number of peak-to-peak intervals averaged per run,
	// the first 5 (years 0.7 … 17.4, while the damped cycle — damping time
	// 2A ≈ 13 years — is still well above the noise).
	perPeaks = 5
	// perSmooth is the half-width in days of the moving average before
	// the peaks are read (a 31-day window).
	perSmooth = 15
	// perGap is how far (days) a peak must be the maximum on each side:
	// half a year, far below the 3.3-year period.
	perGap = 180
)

// TestSEIRInterEpidemicPeriod: the damped oscillations of the compartmental
// model's SEIR chain with births have the Anderson–May period T ≈ 2π√(A·G) (Anderson &
// May 1991, Infectious Diseases of Humans, ch. 6), within the 10 %.
// One patch of 10⁹, the default SEIR rates (β = 1, exp_mu 6, inf_mu 8,
// no seasonality), ConstantPop at a crude rate of 20 ‰ (births = deaths,
// μ = 0.019803 per year). The numbers, for the daily chain:
//
//	R0 = β/(1 − e^(−γ)) = 8.510 ([seirRates.dailyR0])
//	A  = 1/(μ·(R0 − 1)) = 1/(0.019803 × 7.510) = 6.724 years (mean age at infection)
//	G  = 1/(1 − e^(−σ)) + 1/(1 − e^(−γ)) = 15.024 days = 0.041162 years
//	T  = 2π·√(6.724 × 0.041162) = 3.3055 years
//
// (the continuous model's R0 = 8 and G = 14 days give 3.305 as well).
// The run starts at the endemic equilibrium with 5 % more susceptibles:
// S* = N/R0; the daily flow into E is μ·(N − S*) (everyone born is infected
// except those who die susceptible), so E* = flow/(1 − e^(−σ)) and I* =
// flow/(1 − e^(−γ)) (days counted in each stage; deaths during the two
// weeks are negligible), the rest in R. The period of one run is the mean
// of the first five peak-to-peak intervals of I (smoothed over 31 days);
// the mean over 3 runs is compared with T. Measured: 3.331 years over 10
// seeds (sd of one run 0.008), 0.8 % above T, and the chain's own
// mean-field map (the same start, no noise) has 3.327 years over the same
// five intervals: the 10 % bound (0.33 years) is 40 standard deviations of
// one run away, and a second check holds the runs to within 1 % of their
// mean-field map (0.033 years: 4 standard deviations of one run, 7 of the
// mean of 3). ConstantPop's deaths come from S, I and R only (E is 6 days
// of a 50-year life, so whether E dies too moves neither period by a
// measurable amount).
func TestSEIRInterEpidemicPeriod(t *testing.T) {
	reps := 3
	if testing.Short() {
		reps = 1
	}
	r := defaultSEIRRates
	mu := systems.PerTickRate(perCBR, 1)
	r0 := r.dailyR0()
	sStar := perPop / r0
	flow := mu * (perPop - sStar)
	s0, e0, i0 := int64(perExcess*sStar), int64(flow/-math.Expm1(-r.sigma)), int64(flow/-math.Expm1(-r.gamma))
	r0Count := perPop - s0 - e0 - i0
	days := perYears * 365

	ageAtInfection := 1 / (365 * mu * (r0 - 1))
	generation := r.dailyGenerationInterval() / 365
	anderson := 2 * math.Pi * math.Sqrt(ageAtInfection*generation)
	require.InDelta(t, 3.3055, anderson, 0.0005, "T from the numbers in the comment")

	// The mean-field map of the same chain: a day of meanFieldDay, then
	// ConstantPop's expected deaths μ·X of S, E, I, R reborn into S.
	x := seir{float64(s0), float64(e0), float64(i0), float64(r0Count)}
	meanField := make([]float64, days)
	for d := range days {
		x = r.meanFieldDay(x, 1)
		deaths := mu * (x[cS] + x[cE] + x[cI] + x[cR])
		x = seir{x[cS] + deaths - mu*x[cS], x[cE] * (1 - mu), x[cI] * (1 - mu), x[cR] * (1 - mu)}
		meanField[d] = x[cI]
	}
	mfPeriod := meanPeriod(t, meanField, 0)

	total := 0.0
	for rep := range reps {
		rec := &seirRecorder{}
		m := onePatchSEIR(t, perPop, 0, days, 4000+uint64(rep), seirInfection(r), systems.NewConstantPop(&systems.ConstantPopParams{CrudeBirthRate: perCBR}), rec.phase())
		require.NoError(t, m.Expose([]int{0}, []int64{perPop - s0}))
		require.NoError(t, m.Infect([]int{0}, []int64{i0 + r0Count}))
		require.NoError(t, m.Recover([]int{0}, []int64{r0Count}))
		require.NoError(t, m.Run(context.Background()))
		infectious := make([]float64, days)
		for d := range days {
			infectious[d] = float64(rec.rows[d][cI][0])
		}
		total += meanPeriod(t, infectious, perSmooth)
	}
	period := total / float64(reps)
	assert.InDelta(t, 1, period/anderson, 0.10, "period %.3f years against Anderson–May's %.3f", period, anderson)
	assert.InDelta(t, 1, period/mfPeriod, 0.01, "period %.3f years against the mean-field map's %.3f", period, mfPeriod)
}

// meanPeriod returns the mean of the first perPeaks peak-to-peak intervals
// of the daily series, in years, smoothing over 2·half + 1 days.
func meanPeriod(t *testing.T, series []float64, half int) float64 {
	t.Helper()
	peaks := peakDays(series, half, perGap)
	require.Greater(t, len(peaks), perPeaks, "too few peaks: %v", peaks)
	return float64(peaks[perPeaks]-peaks[0]) / perPeaks / 365
}
