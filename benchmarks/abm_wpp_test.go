package benchmarks

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/benchkit"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/systems/abm"
)

// wppShapedTables writes CSV tables shaped like WPP's (docs/demography.md):
// a pyramid of 21 five-year bands 0–105 with counts ∝ e^(−0.03·a); a
// mortality table of the same bands over the 30 periods 1950–2100, a
// Gompertz–Makeham hazard 0.002 + 5·10⁻⁵·e^(0.09·a) per year plus 0.03
// under 5, falling 1 % a year; a crude birth rate of 40 per 1000 falling to
// 20. DeathAfter then crosses as many edges as on WPP's tables.
func wppShapedTables(b *testing.B) abm.WPPVitalParams {
	dir := b.TempDir()
	pyr := []string{"age_min,age_max,count"}
	mort := []string{"year_min,year_max,age_min,age_max,mx"}
	fert := []string{"year_min,year_max,cbr"}
	for a := 0; a < 105; a += 5 {
		pyr = append(pyr, fmt.Sprintf("%d,%d,%g", a, a+5, math.Exp(-0.03*float64(a))))
	}
	for y := 1950; y < 2100; y += 5 {
		improve := math.Exp(-0.01 * float64(y-1950))
		for a := 0; a < 105; a += 5 {
			mx := 0.002 + 5e-5*math.Exp(0.09*float64(a))
			if a < 5 {
				mx += 0.03
			}
			mort = append(mort, fmt.Sprintf("%d,%d,%d,%d,%g", y, y+5, a, a+5, min(mx*improve, 365)))
		}
		fert = append(fert, fmt.Sprintf("%d,%d,%g", y, y+5, 40-20*float64(y-1950)/150))
	}
	write := func(name string, rows []string) string {
		path := filepath.Join(dir, name)
		require.NoError(b, os.WriteFile(path, []byte(strings.Join(rows, "\n")+"\n"), 0o644))
		return path
	}
	return abm.WPPVitalParams{CountryCode: "nga", Year: 2000,
		Pyramid: write("pyramid.csv", pyr), Mortality: write("mortality.csv", mort), Fertility: write("fertility.csv", fert)}
}

// BenchmarkWPPAgesSetup measures the agent-based model's initialisation
// with WPPVitalDynamicsProcess alone, on WPP-shaped tables: the table,
// every agent's age from the pyramid (AgeDistribution.Sample) and death
// from the mortality table's cohort walk (MortalityTable.DeathAfter), the
// death calendar. It reports ns per agent, serially and on the model's
// workers (Parallel: the age blocks on both cores). The 30 M case needs
// about 2 GB:
//
//	flock /work/helpers/bigmem.lock go test -run '^$' -bench WPPAgesSetup -benchtime 1x ./benchmarks
func BenchmarkWPPAgesSetup(b *testing.B) {
	wpp := wppShapedTables(b)
	for _, n := range []int64{1_000_000, 30_000_000} {
		for _, parallel := range []bool{false, true} {
			b.Run(fmt.Sprintf("agents=%dM/parallel=%v", n/1_000_000, parallel), func(b *testing.B) {
				skipLargeShort(b, n > 1_000_000)
				scn := abmScenario(b, n)
				var total time.Duration
				for b.Loop() {
					p := params.CompartmentalParams{BiweeklyParams: benchkit.QuietParams(365, params.DefaultSeed)}
					p.Parallel = parallel
					m, err := model.NewABM(scn, p)
					require.NoError(b, err)
					require.NoError(b, m.SetComponents([]phases.Factory{abm.NewWPPVitalDynamics(&wpp, model.LoadWPPTables)}...))
					start := time.Now()
					require.NoError(b, m.Initialize())
					total += time.Since(start)
				}
				b.ReportMetric(float64(total.Nanoseconds())/float64(b.N)/float64(scn.TotalPop()), "ns/agent")
			})
		}
	}
}
