package fit

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// recoveryTruth are the true parameters of the synthetic town: measles
// with R0 30, a latent period of about 8 days (σ = 45/yr) and an
// infectious period of about a week (γ = 50/yr), modest school-term
// seasonality and environmental noise, S near its endemic share 1/R0, and
// He et al.'s measurement model reporting half the cases with
// overdispersion 0.2 (London's estimate is 0.116; with 0.1 the likelihood
// given R0 is so sharp in rho, with a cliff below its maximum, that the
// small IF2 searches a quick test affords often ended off the maximum by
// 10–40 log units, and the filters of 512 particles lost track more
// often).
var recoveryTruth = map[string]float64{
	"r0": 30, "sigma": 45, "gamma": 50, "mu": 0.02, "alpha": 1, "iota": 1,
	"sigma_se": 0.05, "amplitude": 0.3,
	"S_0": 0.035, "E_0": 1e-4, "I_0": 1e-4, "R_0": 0.965,
	"rho": 0.5, "psi": 0.2,
}

// The synthetic town: its id, its population at the start (growing by
// 0.5 % a year) and its births per year (16 per 1 000 people, a post-war
// English town's rate).
const (
	recoveryTown   = "Synth"
	recoveryPop    = 500000
	recoveryBirths = 8000
	recoveryGrowth = 1.005
)

// recoveryStart is the day the model starts (one week before the first
// report, [Observations.Start]).
var recoveryStart = time.Date(1950, 1, 1, 0, 0, 0, 0, time.UTC)

// recoverySpec writes the synthetic town's census (id,year,pop,births)
// into a temporary directory and returns He et al.'s model of it
// (PopulationData with its 4-year birth delay and no school cohort,
// InitialFractions, EulerSEIR, the he2010 measurement) at recoveryTruth. The
// census runs from five years before the start (births enter S four years
// late) to two years after a run of years years.
func recoverySpec(t testing.TB, years int) *Spec {
	t.Helper()
	first, last := recoveryStart.Year()-5, recoveryStart.Year()+years+2
	var csv strings.Builder
	csv.WriteString("id,year,pop,births\n")
	for y := first; y <= last; y++ {
		pop := recoveryPop * math.Pow(recoveryGrowth, float64(y-recoveryStart.Year()))
		fmt.Fprintf(&csv, "%s,%d,%.0f,%d\n", recoveryTown, y, pop, recoveryBirths)
	}
	path := filepath.Join(t.TempDir(), "census.csv")
	require.NoError(t, os.WriteFile(path, []byte(csv.String()), 0o644))
	scn, err := scenario.FromColumns([]string{recoveryTown}, []int64{recoveryPop}, []float64{52}, []float64{-1}, []float64{0})
	require.NoError(t, err)
	return recoveryModel(t, scn, path, systems.PatchNumber(recoveryTruth["rho"]))
}

// recoveryModel is He et al.'s model of the places of scn with census
// table census (PopulationData with its 4-year birth delay and no school
// cohort, InitialFractions, EulerSEIR, the he2010 measurement) at
// recoveryTruth, but for the reporting probability rho.
func recoveryModel(t testing.TB, scn *scenario.Table, census string, rho systems.PatchValue) *Spec {
	t.Helper()
	v := func(k string) systems.PatchValue {
		x, ok := recoveryTruth[k]
		require.True(t, ok, "no true value of %q", k)
		return systems.PatchNumber(x)
	}
	pd := compartmental.DefaultPopulationDataParams()
	pd.Table = census
	pd.Cohort = systems.PatchNumber(0)
	inits := compartmental.InitialFractionsParams{S0: v("S_0"), E0: v("E_0"), I0: v("I_0"), R0: v("R_0")}
	seir := compartmental.DefaultEulerSEIRParams()
	seir.R0, seir.Sigma, seir.Gamma, seir.Mu = v("r0"), v("sigma"), v("gamma"), v("mu")
	seir.Alpha, seir.Iota, seir.SigmaSE, seir.Amplitude = v("alpha"), v("iota"), v("sigma_se"), v("amplitude")
	return &Spec{
		Type: model.TypeCompartmental, Scenario: scn, Params: params.DefaultCompartmental().BiweeklyParams,
		Components: []phases.Factory{
			compartmental.NewPopulationData(&pd),
			compartmental.NewInitialFractions(&inits),
			compartmental.NewEulerSEIR(&seir),
		},
		Measurement: He2010Measurement{}, Rho: rho, Psi: v("psi"),
	}
}

// recoveryData simulates the town's weekly reports over years years from
// spec's parameters with seed: [Simulate] with one trajectory, whose
// quantiles are all that trajectory's report, so its median is the report.
func recoveryData(t testing.TB, spec *Spec, years int, seed uint64) *Observations {
	t.Helper()
	obs := &Observations{Places: []string{recoveryTown}, PeriodDays: 7, Counts: [][]int64{nil}}
	end := recoveryStart.AddDate(years, 0, 0)
	for d := recoveryStart.AddDate(0, 0, 7); !d.After(end); d = d.AddDate(0, 0, 7) {
		obs.Dates = append(obs.Dates, d)
		obs.Counts[0] = append(obs.Counts[0], 0) // placeholders: Simulate ignores them
	}
	sim, err := Simulate(context.Background(), spec, obs, 1, seed, nil)
	require.NoError(t, err)
	require.Equal(t, 1, sim.Trajectories)
	for k, q := range sim.Simulated[0] {
		require.Equal(t, q[0], q[len(q)-1], "report %d: one trajectory, so every quantile is its report", k)
		obs.Counts[0][k] = int64(q[2])
	}
	return obs
}

// recoveryProfiles runs every point of the profiles (each [ProfilePoints]
// of one index, with Workers 1) on GOMAXPROCS goroutines and summarises
// each profile ([SummarizeProfile]). A point's seeds depend only on its
// index, so the points are [Profile]'s whatever the split; the goroutines
// use the cores better than one filter's workers do at a few hundred
// particles. It returns an error if a point failed; a profile whose MCAP
// failed has its points and its error in mcapErrs.
func recoveryProfiles(ctx context.Context, spec *Spec, obs *Observations, profiles []ProfileOptions) (results []*ProfileResult, mcapErrs []error, err error) {
	type job struct{ profile, index int }
	var jobs []job
	points := make([][]ProfilePoint, len(profiles))
	for k := range profiles {
		profiles[k].IF2.Workers = 1
		n := len(profiles[k].Values) * max(profiles[k].Starts, 1)
		points[k] = make([]ProfilePoint, n)
		for i := range n {
			jobs = append(jobs, job{k, i})
		}
	}
	var next atomic.Int64
	errs := make([]error, len(jobs))
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Go(func() {
			for n := int(next.Add(1)) - 1; n < len(jobs); n = int(next.Add(1)) - 1 {
				j := jobs[n]
				p, err := ProfilePoints(ctx, spec, obs, profiles[j.profile], []int{j.index})
				if err != nil {
					errs[n] = err
					continue
				}
				points[j.profile][j.index] = p[0]
			}
		})
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, nil, err
	}
	results, mcapErrs = make([]*ProfileResult, len(profiles)), make([]error, len(profiles))
	for k, pr := range profiles {
		level := pr.Level
		if level == 0 {
			level = 0.95
		}
		results[k], mcapErrs[k] = SummarizeProfile(pr.Parameter, points[k], level)
	}
	return results, mcapErrs, nil
}

// recoveryGrid returns n values evenly spaced from lo to hi.
func recoveryGrid(lo, hi float64, n int) []float64 {
	v := make([]float64, n)
	for k := range v {
		v[k] = lo + (hi-lo)*float64(k)/float64(n-1)
	}
	return v
}
