package fit

import (
	"fmt"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
)

// recoveryYears is the length of the synthetic series: 4 years of weekly
// reports (208), two or three epidemics, short enough that a filter of
// 512 particles takes about 0.25 s.
const recoveryYears = 4

// recoveryEstimates are the parameters the profiles' IF2 searches
// estimate (less the profiled one): R0 and rho, which trade off along a
// ridge (with S_0 fixed, a higher R0 depletes S further and makes more
// cases, so a lower rho explains the same reports: rho's conditional
// maximum falls from about 0.75 at R0 20 to 0.42 at R0 40), and the
// overdispersion psi; the other parameters are held at the truth. The
// season's amplitude is held too: it is weakly informed by 4 years
// (its profile varied by a few log units over 0.15–0.45), so a short search
// leaves it wherever its walk ends, which costs 1–3 log units at random
// per point, as much as the profiles' own curvature near their maxima.
// Transforms and rw_sd as King's course.
func recoveryEstimates() []Estimate {
	inf := math.Inf(1)
	return []Estimate{
		{Name: "r0", Transform: TransformLog, Lower: 0, Upper: inf, RWSD: 0.02},
		{Name: "rho", Transform: TransformLogit, Lower: 0, Upper: 1, RWSD: 0.02},
		{Name: "psi", Transform: TransformLog, Lower: 0, Upper: inf, RWSD: 0.02},
	}
}

// recoveryProfile returns the profile of parameter over values, one IF2
// search per value. The searches start away from the truth (R0 +10 %,
// rho +10 %, psi +50 %): near the middle of the R0–rho ridge, since a
// search that starts far off it at the grid's ends stalls (from rho 0.6,
// the search at R0 40, whose conditional maximum is 0.42, once ended at
// 0.65, 150 log units down), and with rho above the truth, since below
// its conditional maximum the likelihood falls off a cliff (too few true
// cases for the reports) where small searches stall too. 256 particles
// and 12 iterations whose random walks cool geometrically to 13 % (cooling
// fraction 10⁻⁴ per 50 iterations: annealing fast enough to settle in
// 12). Each search's end is evaluated by 3 filters of 512 particles: a
// Monte Carlo SE of 0.2–1.9 log units near the maximum.
func recoveryProfile(parameter string, values []float64, seed uint64) ProfileOptions {
	return ProfileOptions{
		Parameter: parameter, Values: values, Starts: 1,
		IF2: IF2Options{Particles: 512, Iterations: 12, Cooling: 1e-4, Seed: seed, Estimates: recoveryEstimates(),
			Start: map[string]float64{"r0": 33, "rho": 0.55, "psi": 0.3}},
		EvalParticles: 1024, EvalFilters: 3,
	}
}

// TestRecoveryProfiles is the check that simulated data from known
// parameters are recovered within their profile confidence intervals. A
// synthetic town's 4 years of weekly reports are simulated from
// recoveryTruth ([Simulate], one trajectory) and R0 and rho, the two
// parameters the reports inform most, are profiled ([ProfilePoints] over
// every point, [SummarizeProfile]: what [Profile] does, on all cores) over
// 15 values each: R0 over 20–40 (±33 %), rho over 0.40–0.64 (−20 %,
// +28 %), where the profile log-likelihood at the ends is 5–30 units below
// its maximum: far enough to bound the interval, near enough for MCAP's
// local quadratics (a grid reaching rho's cliff, 60 units down, bends
// them).
//
// Why 15 values of one search rather than 9 of the better of two: MCAP's
// quadratic near the maximum weighs only the points nearer than the
// ⌊0.75·n⌋-th nearest, the farthest of them with weight 0 (pomp's mcap),
// so 9 values leave 4 points for 3 coefficients and one point 1–2 log
// units short of the maximum (a small search's typical shortfall) makes
// the fit convex; 15 values leave 9. With 9 values × 2 searches (from
// R0 35, rho 0.6) data set 3 failed: a non-concave rho profile and an R0
// interval past +25 %; with 15 × 1, at about the same cost, all three
// data sets pass.
//
// Each profile's MCAP 95 % interval must
//
//   - contain the true value;
//   - lie strictly inside the grid and within ±25 % of the truth (R0 in
//     (22.5, 37.5), rho in (0.40, 0.625)): the data reject values a
//     quarter away from the truth, half the distance the issue asks for,
//     so the interval is informative and not the grid itself (4 years
//     inform R0 and rho to about ±10 %: the ridge makes them trade off);
//   - have its MLE within 3 of MCAP's standard errors of the truth (the SE
//     combines the profile's curvature and its Monte Carlo error; R0's is
//     about 1.3–1.7, rho's 0.012–0.026).
//
// The checks are statistical, so they are made on three data sets (seeds
// 1, 2, 3) and each must hold for at least two of them: a correct 95 %
// procedure fails a check on two or three of three data sets with
// probability 3·0.05²·0.95 + 0.05³ < 0.01, a biased one fails it on most.
// Each point's search is IF2 with 512 particles and 12 iterations, and its
// log-likelihood 3 filters of 1 024 particles: with half that (256, 512)
// the profiles' Monte Carlo error (SE 2–4 in R0 on two data sets) widened
// the intervals past +25 % and the grid, though they held the truth. With
// the streams of 2026-11-27 (about 68 s on 2 idle cores): seed 1 R0 MLE
// 31.1, interval [28.5, 36.2], rho 0.499 [0.456, 0.530]; seed 2 R0 33.0
// [29.2, 37.0], rho 0.470 [0.427, 0.511]; seed 3 R0 29.4 [26.8, 32.1], rho
// 0.492 [0.458, 0.542]; every check holds on all three. A long test
// (RUBEOLA_LONG=1), skipped under -short.
func TestRecoveryProfiles(t *testing.T) {
	testkit.Long(t, "profile likelihoods of three simulated data sets: about 70 s on 2 quiet cores")
	seeds := []uint64{1, 2, 3}
	failed := map[string]int{} // check → data sets failing it
	spec := recoverySpec(t, recoveryYears)
	for _, seed := range seeds {
		t.Run(fmt.Sprintf("seed%d", seed), func(t *testing.T) {
			begin := time.Now()
			obs := recoveryData(t, spec, recoveryYears, seed)
			require.Equal(t, 208, len(obs.Dates), "weekly reports 1950-01-08 … 1953-12-27")
			profiles := []ProfileOptions{
				recoveryProfile("r0", recoveryGrid(20, 40, 15), 100*seed),
				recoveryProfile("rho", recoveryGrid(0.40, 0.64, 15), 100*seed+1),
			}
			results, mcapErrs, err := recoveryProfiles(t.Context(), spec, obs, profiles)
			require.NoError(t, err)
			for k, res := range results {
				for _, f := range checkRecovered(t, res, mcapErrs[k], profiles[k].Values, recoveryTruth[res.Parameter]) {
					t.Logf("seed %d: %s", seed, f)
					failed[f.check]++
				}
			}
			t.Logf("seed %d: %.1f s", seed, time.Since(begin).Seconds())
		})
	}
	for check, n := range failed {
		assert.Less(t, n, 2, "%s: fails on %d of %d data sets", check, n, len(seeds))
	}
}

// recoveryFailure is one failed check of one profile: the check's name
// (parameter and kind, counted across data sets) and what was seen.
type recoveryFailure struct {
	check, detail string
}

// String returns the check and what was seen.
func (f recoveryFailure) String() string { return f.check + ": " + f.detail }

// checkRecovered checks a profile's MCAP interval (mcapErr: why there is
// none) against the true value (see TestRecoveryProfiles), logs the
// profile and returns the checks it fails.
func checkRecovered(t *testing.T, res *ProfileResult, mcapErr error, values []float64, truth float64) []recoveryFailure {
	t.Helper()
	name := res.Parameter
	for _, b := range res.Best {
		t.Logf("%s = %-6.4g loglik %8.2f ± %.2f  (r0 %.2f, rho %.3f, psi %.3f)", name, b.Value, b.LogLik, b.SE,
			b.Params["r0"], b.Params["rho"], b.Params["psi"])
	}
	if mcapErr != nil {
		return []recoveryFailure{{name + ": MCAP interval", mcapErr.Error()}}
	}
	m := res.MCAP
	t.Logf("%s: truth %g, MLE %.4g, 95%% MCAP interval [%.4g, %.4g], SE %.3g (statistical %.3g, Monte Carlo %.3g), cutoff %.2f",
		name, truth, m.MLE, m.Lower, m.Upper, m.SE, m.SEStat, m.SEMC, m.Delta)
	lo, hi := values[0], values[len(values)-1]
	interval := fmt.Sprintf("[%.4g, %.4g]", m.Lower, m.Upper)
	var out []recoveryFailure
	for _, c := range []struct {
		ok           bool
		check, issue string
	}{
		{m.Lower <= truth && truth <= m.Upper, "contains the truth", fmt.Sprintf("the truth %g is outside %s", truth, interval)},
		{m.Lower > lo && m.Upper < hi, "inside the grid", fmt.Sprintf("%s reaches an end of the grid [%g, %g]", interval, lo, hi)},
		{m.Lower > 0.75*truth && m.Upper < 1.25*truth, "within 25 %", fmt.Sprintf("%s reaches 25 %% from the truth %g", interval, truth)},
		{math.Abs(m.MLE-truth) <= 3*m.SE, "MLE within 3 SE", fmt.Sprintf("the MLE %.4g is more than 3 SE (%.3g) from the truth", m.MLE, m.SE)},
	} {
		if !c.ok {
			out = append(out, recoveryFailure{name + ": " + c.check, c.issue})
		}
	}
	return out
}
