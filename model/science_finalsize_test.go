package model_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/systems/compartmental"
)

// dailyR0 is the basic reproduction number of the compartmental model's
// daily chain: an infective counted in I at the start of a day exerts the
// hazard β/N on every susceptible that day (S → E ~ Binomial(S, 1 −
// e^(−β·I/N)) from the start-of-day I) and stays in I with probability
// e^(−γ); so it is counted on K ≥ 1 days, K geometric with P(K = k) =
// e^(−γ(k−1))·(1 − e^(−γ)), E[K] = 1/(1 − e^(−γ)), and R0 = β·E[K] =
// β/(1 − e^(−γ)) (8.510 for the defaults, where the continuous model's
// β/γ is 8).
func (r seirRates) dailyR0() float64 { return r.beta / -math.Expm1(-r.gamma) }

// finalSizeEscape returns u, the share of the population still in S after
// the epidemic of the daily chain's mean-field limit, from a start with a
// share eps in E and the rest in S. With no births, each susceptible's
// chance to escape is exp(−β/N·Σ_t I_t) (the product of the daily
// e^(−λ_t)), and Σ_t I_t, the infective-days counted at the starts of
// days, is E[K] times everyone who ever enters I: the seeds and everyone
// who left S, N·(1 − u). So u = (1 − eps)·e^(−R0·(1 − u)), whatever the
// latent period: E only delays entry into I. This is the SIR final-size
// relation z = 1 − e^(−R0·z) (z = 1 − u) with the seeds' correction;
// bisection on (0, 1 − eps], where the right side minus u changes sign
// once above the trivial root's neighbourhood.
func finalSizeEscape(r0, eps float64) float64 {
	f := func(u float64) float64 { return (1-eps)*math.Exp(-r0*(1-u)) - u }
	lo, hi := 1e-300, 1/r0 // f(lo) > 0; f(1/r0) < 0 for r0 > 1 (u < 1/r0 at the end)
	for range 200 {
		mid := (lo + hi) / 2
		if f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// finalSizeSD returns the standard deviation of the number of people
// infected by the end of a major outbreak in a population of pop, from the
// central limit theorem for the final size of the general stochastic
// epidemic (Andersson & Britton 2000, Stochastic Epidemic Models and Their
// Statistical Analysis, Thm 4.2): Var = pop·τ(1 − τ)(1 + ξ²R0²(1 − τ)) /
// (1 − R0(1 − τ))², τ = 1 − u the final share, ξ² the squared coefficient
// of variation of an infective's total infectiousness. The daily chain is
// exactly such an epidemic (a susceptible escapes with probability
// exp(−β/N·Σ_t I_t): Sellke's construction with infectiousness β·K), and K
// is geometric on {1, 2, …}, so ξ² = Var K / E[K]² = e^(−γ).
func finalSizeSD(r seirRates, u, pop float64) float64 {
	r0, tau, xi2 := r.dailyR0(), 1-u, math.Exp(-r.gamma)
	v := tau * (1 - tau) * (1 + xi2*r0*r0*(1-tau)) / math.Pow(1-r0*(1-tau), 2)
	return math.Sqrt(pop * v)
}

// Constants of the final-size test.
const (
	// fsPop is the patch population.
	fsPop = 1_000_000
	// fsExposed is the seed in E: a minor outbreak needs all of them to
	// fail, probability (1/R0)^20 < 3·10⁻⁷ for R0 ≥ 2.1.
	fsExposed = 20
	// fsDays ends every epidemic below (the slowest, β = 0.25 with exp_mu
	// = 10, grows at about 4 % a day and is over by day 700; the test
	// checks that E and I are empty at the end).
	fsDays = 1000
	// fsSigmas is the tolerance on the mean escape count in standard
	// errors: 4 (false alarm 6·10⁻⁵ per case).
	fsSigmas = 4
)

// TestSEIRFinalSize: the final size of the compartmental model's SEIR chain is the SIR
// final size for the chain's R0 ([seirRates.dailyR0]), whatever the
// latent period ([finalSizeEscape]): for β = 1 (R0 8.51) and β = 0.25 (R0
// 2.13), with exp_mu 1 and 10 days, the mean number still susceptible at
// the end over 20 replicates of one patch of 10⁶ is within 4 standard
// errors of pop·u = 201.7 and 171 617 (the standard error is
// [finalSizeSD]/√20: 3.2 people for β = 1, 172 for β = 0.25; over 300
// replicates with exp_mu 6 the measured sd was 14.1 and 793 against the
// formula's 14.3 and 771, the means 202.0 and 171 567). The root for the
// continuous model's R0 = β/γ (336.4 and 203 181) is 42 and 183 standard
// errors away (checked): the test tells the daily chain's R0 from the
// ODE's.
func TestSEIRFinalSize(t *testing.T) {
	reps := 20
	if testing.Short() {
		reps = 5
	}
	for _, beta := range []float64{1, 0.25} {
		for _, expMu := range []float64{1, 10} {
			t.Run(fmt.Sprintf("beta=%v,exp_mu=%v", beta, expMu), func(t *testing.T) {
				r := seirRates{beta: beta, sigma: 1 / expMu, gamma: defaultSEIRRates.gamma}
				u := finalSizeEscape(r.dailyR0(), fsExposed/float64(fsPop))
				se := finalSizeSD(r, u, fsPop) / math.Sqrt(float64(reps))
				sum := 0.0
				for rep := range reps {
					m := onePatchSEIR(t, fsPop, fsExposed, fsDays, uint64(1000*beta+expMu)*100+uint64(rep), seirInfection(r))
					require.NoError(t, m.Run(context.Background()))
					require.Zero(t, patchCount(t, m, "E")+patchCount(t, m, "I"), "the epidemic is not over by day %d", fsDays)
					sum += float64(patchCount(t, m, "S"))
				}
				mean := sum / float64(reps)
				assert.InDelta(t, fsPop*u, mean, fsSigmas*se, "mean S at the end (R0 %.4f)", r.dailyR0())
				uODE := finalSizeEscape(beta/r.gamma, fsExposed/float64(fsPop))
				assert.Greater(t, math.Abs(fsPop*(uODE-u)), 2*fsSigmas*se, "the test cannot tell R0 = β/γ from β/(1 − e^(−γ))")
			})
		}
	}
}

// TestSEIRParamsR0: compartmental.InfectionParams.R0 is the daily chain's R0 derived
// above (β/(1 − e^(−γ)) = 8.510 for the defaults), and R0ODE the reference's
// β/γ = 8.
func TestSEIRParamsR0(t *testing.T) {
	p := compartmental.DefaultInfectionParams()
	assert.InDelta(t, defaultSEIRRates.dailyR0(), p.R0(), 1e-12)
	assert.InDelta(t, 8.510, p.R0(), 0.0005)
	assert.InDelta(t, 8.0, p.R0ODE(), 1e-12)
}
