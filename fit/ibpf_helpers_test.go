package fit

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// panelTown is a town of the synthetic panel: its id, its population
// and its true reporting probability.
type panelTown struct {
	id  string
	pop int64
	rho float64
}

// panelTowns are three towns of 800 000, 500 000 and 300 000 people
// (births 16 per 1 000 a year, as recoverySpec's town) reporting 30, 50
// and 70 % of their cases: rho far enough apart that a search which
// confused the towns would show it.
var panelTowns = []panelTown{{"Alpha", 800000, 0.3}, {"Beta", 500000, 0.5}, {"Gamma", 300000, 0.7}}

// panelSpec is recoverySpec's model (recoveryTruth) of the towns, each
// with its own rho from the scenario column "rho".
func panelSpec(t testing.TB, towns []panelTown, years int) *Spec {
	t.Helper()
	var csv strings.Builder
	csv.WriteString("id,year,pop,births\n")
	var ids, rho []string
	var pops []int64
	var lat, lon, mcv1 []float64
	for k, town := range towns {
		for y := recoveryStart.Year() - 5; y <= recoveryStart.Year()+years+2; y++ {
			fmt.Fprintf(&csv, "%s,%d,%d,%d\n", town.id, y, town.pop, town.pop*16/1000)
		}
		ids, pops, rho = append(ids, town.id), append(pops, town.pop), append(rho, strconv.FormatFloat(town.rho, 'g', -1, 64))
		lat, lon, mcv1 = append(lat, 52+float64(k)), append(lon, -1), append(mcv1, 0)
	}
	path := filepath.Join(t.TempDir(), "census.csv")
	require.NoError(t, os.WriteFile(path, []byte(csv.String()), 0o644))
	scn, err := scenario.FromColumns(ids, pops, lat, lon, mcv1)
	require.NoError(t, err)
	require.NoError(t, scn.SetExtra("rho", rho))
	return recoveryModel(t, scn, path, systems.PatchColumn("rho"))
}

// panelData simulates the towns' weekly reports over years years with
// seed ([Simulate] with one trajectory: its median is its report).
func panelData(t testing.TB, spec *Spec, years int, seed uint64) *Observations {
	t.Helper()
	ids := spec.Scenario.ID
	obs := &Observations{Places: ids, PeriodDays: 7, Counts: make([][]int64, len(ids))}
	end := recoveryStart.AddDate(years, 0, 0)
	for d := recoveryStart.AddDate(0, 0, 7); !d.After(end); d = d.AddDate(0, 0, 7) {
		obs.Dates = append(obs.Dates, d)
		for p := range ids {
			obs.Counts[p] = append(obs.Counts[p], 0) // placeholders: Simulate ignores them
		}
	}
	sim, err := Simulate(context.Background(), spec, obs, 1, seed, nil)
	require.NoError(t, err)
	for p := range ids {
		for k, q := range sim.Simulated[p] {
			obs.Counts[p][k] = int64(q[2])
		}
	}
	return obs
}

// rhoEstimate is a per-town rho on the logit scale with rw_sd 0.05 (as
// TestIF2ClimbsRho: a walk that covers a distance of 0.2 in a few
// iterations).
func rhoEstimate() Estimate {
	return Estimate{Name: "rho", Transform: TransformLogit, Lower: 0, Upper: 1, RWSD: 0.05, PerTown: true}
}

// r0Estimate is a shared R0 on the log scale with King's rw_sd 0.02.
func r0Estimate() Estimate {
	return Estimate{Name: "r0", Transform: TransformLog, Lower: 0, Upper: math.Inf(1), RWSD: 0.02}
}
