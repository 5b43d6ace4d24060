package fit

import (
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// he10Dir is the shared He et al. (2010) data (not part of the repo).
const he10Dir = "../../shared/data/he10"

// needHe10 skips the test when the shared data are absent.
func needHe10(t testing.TB) {
	t.Helper()
	testkit.NeedShared(t, filepath.Join(he10Dir, "cases_weekly.csv"))
}

// londonSpec returns He et al.'s model of London at their MLE (the
// defaults of the three components are London's estimates) and London's
// 730 weekly reports 1950-01-06 … 1963-12-27.
func londonSpec(t testing.TB) (*Spec, *Observations) {
	t.Helper()
	needHe10(t)
	// London's 1950 census population and coordinates (only pop matters
	// before PopulationData takes over; lat/lon are unused without mixing).
	scn, err := scenario.FromColumns([]string{"London"}, []int64{3389620}, []float64{51.5}, []float64{-0.13}, []float64{0})
	require.NoError(t, err)
	pd := compartmental.DefaultPopulationDataParams()
	pd.Table = filepath.Join(he10Dir, "demography.csv")
	pd.IDColumn = "town"
	pd.Cohort = systems.PatchNumber(0.557)
	spec := &Spec{
		Type: model.TypeCompartmental, Scenario: scn, Params: params.DefaultCompartmental().BiweeklyParams,
		Components: []phases.Factory{
			compartmental.NewPopulationData(&pd),
			compartmental.NewInitialFractions(nil),
			compartmental.NewEulerSEIR(nil),
		},
		Measurement: He2010Measurement{}, Rho: systems.PatchNumber(0.488), Psi: systems.PatchNumber(0.116),
	}
	cases, err := LoadCasesFile(filepath.Join(he10Dir, "cases_weekly.csv"), "town")
	require.NoError(t, err)
	cases = cases.Select([]string{"London"})
	obs, err := Observe(cases, scn, time.Date(1950, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(1964, 1, 1, 0, 0, 0, 0, time.UTC))
	require.NoError(t, err)
	require.Len(t, obs.Dates, 730)
	return spec, obs
}
