package benchmarks

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/rubeola/rubeola/fit"
	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// he10 is the shared He et al. (2010) data (not part of the repo).
const he10 = "../../shared/data/he10"

// londonFilter returns He et al.'s London model at their MLE (the
// components' defaults) and London's 730 weekly reports 1950–1963.
func londonFilter(b *testing.B) (*fit.Spec, *fit.Observations) {
	testkit.NeedShared(b, filepath.Join(he10, "demography.csv"))
	scn, err := scenario.FromColumns([]string{"London"}, []int64{3389620}, []float64{51.5}, []float64{-0.13}, []float64{0})
	if err != nil {
		b.Fatal(err)
	}
	pd := compartmental.DefaultPopulationDataParams()
	pd.Table, pd.IDColumn, pd.Cohort = filepath.Join(he10, "demography.csv"), "town", systems.PatchNumber(0.557)
	spec := &fit.Spec{
		Type: model.TypeCompartmental, Scenario: scn, Params: params.DefaultCompartmental().BiweeklyParams,
		Components:  []phases.Factory{compartmental.NewPopulationData(&pd), compartmental.NewInitialFractions(nil), compartmental.NewEulerSEIR(nil)},
		Measurement: fit.He2010Measurement{}, Rho: systems.PatchNumber(0.488), Psi: systems.PatchNumber(0.116),
	}
	cases, err := fit.LoadCasesFile(filepath.Join(he10, "cases_weekly.csv"), "town")
	if err != nil {
		b.Fatal(err)
	}
	obs, err := fit.Observe(cases.Select([]string{"London"}), scn,
		time.Date(1950, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(1964, 1, 1, 0, 0, 0, 0, time.UTC))
	if err != nil {
		b.Fatal(err)
	}
	return spec, obs
}

// BenchmarkPFilterLondon is one bootstrap particle filter of London
// 1950–1963 (730 weekly reports, 5 113 days) at He et al.'s MLE with J
// particles; it reports particle-days per second (the target: J =
// 10 000 in ≤ 2 s, 25.6 million particle-days/s; pomp: 23–35 s).
func BenchmarkPFilterLondon(b *testing.B) {
	spec, obs := londonFilter(b)
	for _, j := range []int{1000, 10000} {
		b.Run(map[int]string{1000: "J=1000", 10000: "J=10000"}[j], func(b *testing.B) {
			skipLargeShort(b, j > 1000)
			b.ReportAllocs()
			var res *fit.PFilterResult
			for b.Loop() {
				var err error
				res, err = fit.PFilter(context.Background(), spec, obs, fit.PFilterOptions{Particles: j, Seed: 1})
				if err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(res.ParticleDays, "particle-days/s")
			b.ReportMetric(res.LogLik, "loglik")
		})
	}
}
