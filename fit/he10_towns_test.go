package fit

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// he10Columns maps He et al.'s estimate columns to rubeola's keys.
var he10Columns = map[string]string{
	"R0": "r0", "sigma": "sigma", "gamma": "gamma", "mu": "mu", "alpha": "alpha", "iota": "iota",
	"sigmaSE": "sigma_se", "amplitude": "amplitude", "cohort": "cohort", "rho": "rho", "psi": "psi",
	"S_0": "S_0", "E_0": "E_0", "I_0": "I_0", "R_0": "R_0",
}

// he10Towns returns the 20 towns as one scenario whose extra columns hold
// each town's published estimates (rubeola's key names), the published
// log-likelihoods, and a Spec reading every parameter from its column.
func he10Towns(t testing.TB) (*Spec, *Observations, []float64) {
	t.Helper()
	spec, obs, published, _ := he10TownsTo(t, time.Date(1964, 1, 1, 0, 0, 0, 0, time.UTC))
	return spec, obs, published
}

// he10TownsTo is he10Towns with the reports up to to (from 1950), and
// the case data (outliers missing) for reports past it.
func he10TownsTo(t testing.TB, to time.Time) (*Spec, *Observations, []float64, *Cases) {
	t.Helper()
	needHe10(t)
	f, err := os.Open(filepath.Join(he10Dir, "he2010_mle.csv"))
	require.NoError(t, err)
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	require.NoError(t, err)
	header := rows[0]
	var ids []string
	var published []float64
	cols := map[string][]string{}
	for _, row := range rows[1:] {
		ids = append(ids, row[0])
		ll, err := strconv.ParseFloat(row[1], 64)
		require.NoError(t, err)
		published = append(published, ll)
		for c, name := range header {
			if key, ok := he10Columns[name]; ok {
				cols[key] = append(cols[key], row[c])
			}
		}
	}
	n := len(ids)
	// pop and coordinates are not used by these components (the
	// population comes from the census table, and towns do not mix).
	pop, zero := make([]int64, n), make([]float64, n)
	for k := range pop {
		pop[k] = 100000
	}
	scn, err := scenario.FromColumns(ids, pop, zero, zero, zero)
	require.NoError(t, err)
	for key, v := range cols {
		require.NoError(t, scn.SetExtra(key, v))
	}
	col := systems.PatchColumn
	pd := compartmental.DefaultPopulationDataParams()
	pd.Table, pd.IDColumn, pd.Cohort = filepath.Join(he10Dir, "demography.csv"), "town", col("cohort")
	ep := compartmental.EulerSEIRParams{R0: col("r0"), Sigma: col("sigma"), Gamma: col("gamma"), Mu: col("mu"), Alpha: col("alpha"),
		Iota: col("iota"), SigmaSE: col("sigma_se"), Amplitude: col("amplitude"),
		Season: compartmental.SeasonHe2010, BetaForm: compartmental.BetaPomp, Population: compartmental.PopulationFromData,
		Coupling: compartmental.CouplingNone}
	ip := compartmental.InitialFractionsParams{S0: col("S_0"), E0: col("E_0"), I0: col("I_0"), R0: col("R_0")}
	spec := &Spec{
		Type: model.TypeCompartmental, Scenario: scn, Params: params.DefaultCompartmental().BiweeklyParams,
		Components:  []phases.Factory{compartmental.NewPopulationData(&pd), compartmental.NewInitialFractions(&ip), compartmental.NewEulerSEIR(&ep)},
		Measurement: He2010Measurement{}, Rho: col("rho"), Psi: col("psi"),
	}
	cases, err := LoadCasesFile(filepath.Join(he10Dir, "cases_weekly.csv"), "town")
	require.NoError(t, err)
	// He et al.'s three outliers, treated as missing (spatPomp's he10 does
	// the same).
	for _, o := range []struct{ id, date string }{{"Liverpool", "1955-11-18"}, {"Liverpool", "1959-05-01"}, {"Nottingham", "1961-09-01"}} {
		d, err := time.Parse(time.DateOnly, o.date)
		require.NoError(t, err)
		require.NoError(t, cases.SetMissing(o.id, d))
	}
	obs, err := Observe(cases, scn, time.Date(1950, 1, 1, 0, 0, 0, 0, time.UTC), to)
	require.NoError(t, err)
	return spec, obs, published, cases
}

// TestHe10TownsAtPublishedMLE filters all 20 towns at once (J particles per
// town, one model) at He et al.'s estimates and compares each town's
// log-likelihood with the published one. pomp's own filter lands 0–9 units
// below the published values for the ten largest towns (../shared/data/
// he10/README.md), and London's pomp value is 3.4 above it; at J = 5000
// and 3 filters rubeola lands −8.6 (Bradford) … +2.9 (London) from the
// published values (docs/fit.md's table, which gives the command;
// measured again 2026-12-07, an earlier run gave −9.2 … +3.9). With the
// test's J = 2500 the filter's downward bias grows for the largest towns
// (Birmingham: −29 at J = 1000, −6 to −8 at J = 5000), so a town is accepted within [published − 20,
// published + 10]. The upper side is London's: pomp's value is 3.4 above
// the published one, and eight single filters at J = 2500 gave a mean of
// −3802.8 (published + 2.1) with an SD of 1.4 (2026-11-27, `rubeola fit
// examples/he2010/london.toml --loglik --particles 2500 --filters 8`), so
// published + 10 is that mean plus about 5.5 SD. A town far outside is a
// bug: before He et al.'s three outliers were set missing, Liverpool landed
// 85 units below.
func TestHe10TownsAtPublishedMLE(t *testing.T) {
	testkit.Long(t, "20 towns × 2500 particles × 14 years: about 40 s on 2 quiet cores")
	spec, obs, published := he10Towns(t)
	j := 2500
	if v, err := strconv.Atoi(os.Getenv("RUBEOLA_HE10_PARTICLES")); err == nil && v > 0 {
		j = v
	}
	k := 1
	if v, err := strconv.Atoi(os.Getenv("RUBEOLA_HE10_FILTERS")); err == nil && v > 0 {
		k = v
	}
	res, err := PFilter(context.Background(), spec, obs, PFilterOptions{Particles: j, Filters: k, Seed: 2010})
	require.NoError(t, err)
	for p, id := range obs.Places {
		t.Logf("%-18s published %8.1f  rubeola %8.1f ± %.1f  diff %+6.1f", id, published[p], res.PlaceLogLik[p], res.PlaceSE[p], res.PlaceLogLik[p]-published[p])
		assert.InDelta(t, published[p]-5, res.PlaceLogLik[p], 15, "%s", id)
	}
	t.Logf("%.1f s, %.3g particle-days/s", res.Seconds, res.ParticleDays)
}
