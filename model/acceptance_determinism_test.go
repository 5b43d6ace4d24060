package model_test

import (
	"fmt"
	"math"
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// determinismCase is one configuration of SPEC AT-16.
type determinismCase struct {
	name     string
	numba    bool           // params.UseNumba
	workers  int            // model.WithWorkers (0 = GOMAXPROCS)
	maxprocs int            // runtime.GOMAXPROCS for the run (0 = unchanged)
	mix      *mixing.Matrix // a prepared matrix (nil = the default gravity mixer)
}

// determinismResult is everything AT-16 compares: S, I, R of every patch at
// the end of every tick and every tracker array.
type determinismResult struct {
	traj    atTrajectory
	tracked map[string][][]int64 // StateTracker counts by state; "cases": surveillance
}

// determinismRun runs AT-16's model — RandomN(1000, 7), default params with
// 104 ticks, [InfectionSeeding, ImportationPressure, Infection,
// VitalDynamics, CaseSurveillanceTracker (defaults: detection 0.1, per
// patch, so it draws), StateTracker (per patch), recorder] — in
// configuration tc.
func determinismRun(t *testing.T, scn *scenario.Table, tc determinismCase) determinismResult {
	t.Helper()
	if tc.maxprocs > 0 {
		old := runtime.GOMAXPROCS(tc.maxprocs)
		t.Cleanup(func() { runtime.GOMAXPROCS(old) })
	}
	p := atParams(104, atDefaultSeed)
	p.UseNumba = tc.numba
	var mixer mixing.Mixer
	if tc.mix != nil {
		mixer = atFixedMixer{tc.mix}
	}
	var res determinismResult
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	m := atRun(t, scn, p, []phases.Factory{
		systems.NewInfectionSeeding(nil),
		systems.NewImportationPressure(nil),
		atInfection(systems.DefaultInfectionParams().Beta, mixer),
		systems.NewVitalDynamics(nil),
		metrics.NewCaseSurveillanceTracker(nil),
		metrics.NewStateTracker(&per),
		res.traj.record(),
	}, model.WithWorkers(tc.workers))
	require.Len(t, res.traj.S, 104)
	res.tracked = map[string][][]int64{}
	tr := model.InstancesOf[*metrics.StateTracker](m)[0]
	for _, s := range []string{"S", "I", "R"} {
		res.tracked[s] = atMust(tr.Counts(s))
	}
	res.tracked["cases"] = model.InstancesOf[*metrics.CaseSurveillanceTracker](m)[0].Counts()
	return res
}

// TestForceExactness is SPEC AT-16: the same model gives byte-identical
// states at every tick and identical tracker arrays for either UseNumba
// value, workers 1, 2 and 7, GOMAXPROCS 1, 4 and 8, and the gravity matrix
// stored dense or as CSR. Not parallel: it changes GOMAXPROCS.
func TestForceExactness(t *testing.T) {
	scn := atMust(scenario.RandomN(1000, 7, 0))

	// The model's own dense gravity matrix, and the same values as CSR.
	probe := atModel(t, scn, atParams(104, atDefaultSeed), []phases.Factory{systems.NewInfection(nil)})
	dense := model.InstancesOf[*systems.Infection](probe)[0].MixingMatrix()
	require.NotNil(t, dense)
	require.False(t, dense.IsSparse())
	csr := dense.ToCSR()
	require.True(t, csr.IsSparse())
	for _, i := range []int{0, 499, 999} {
		for _, j := range []int{0, 1, 500, 999} {
			require.Equal(t, dense.At(i, j), csr.At(i, j), "M[%d,%d]", i, j)
		}
	}

	cases := []determinismCase{
		{name: "reference kernel", numba: false, workers: 1},
		{name: "numba/workers=1", numba: true, workers: 1},
		{name: "numba/workers=2", numba: true, workers: 2},
		{name: "numba/workers=7", numba: true, workers: 7},
		{name: "reference kernel/workers=7", numba: false, workers: 7},
		{name: "numba/GOMAXPROCS=1", numba: true, maxprocs: 1},
		{name: "numba/GOMAXPROCS=4", numba: true, maxprocs: 4},
		{name: "numba/GOMAXPROCS=8", numba: true, maxprocs: 8},
		{name: "reference kernel/GOMAXPROCS=8", numba: false, maxprocs: 8},
		{name: "numba/dense/workers=2", numba: true, workers: 2, mix: dense},
		{name: "numba/CSR/workers=2", numba: true, workers: 2, mix: csr},
		{name: "numba/CSR/GOMAXPROCS=8", numba: true, maxprocs: 8, mix: csr},
		{name: "reference kernel/CSR", numba: false, workers: 1, mix: csr},
	}
	if testing.Short() {
		// One of each kind: kernel, worker split, GOMAXPROCS, CSR.
		cases = []determinismCase{cases[0], cases[3], cases[7], cases[10]}
	}

	var ref determinismResult
	for k, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := determinismRun(t, scn, tc)
			if k == 0 {
				ref = got
				// The run is not trivial: infections spread well beyond
				// the seeded patch.
				infected := 0
				for _, r := range got.traj.R[103] {
					if r > 0 {
						infected++
					}
				}
				t.Logf("%d of 1000 patches with recoveries by tick 103", infected)
				assert.Greater(t, infected, 100, "patches with recoveries by tick 103")
				var reported int64
				for _, row := range got.tracked["cases"] {
					reported += atSum(row)
				}
				assert.Positive(t, reported, "the surveillance tracker reported (so it drew) cases")
				return
			}
			if ref.traj.S == nil {
				t.Skip("the reference case was filtered out")
			}
			// Equal on [][]int64 compares every value exactly.
			assert.Equal(t, ref.traj.S, got.traj.S, "S at every tick")
			assert.Equal(t, ref.traj.I, got.traj.I, "I at every tick")
			assert.Equal(t, ref.traj.R, got.traj.R, "R at every tick")
			assert.Equal(t, ref.tracked, got.tracked, "StateTracker and CaseSurveillanceTracker arrays")
		})
	}

	// Integer outcomes rarely reveal a last-bit change of λ, so the force
	// itself is compared bit for bit on the run's own states: the reference
	// kernel on the dense matrix against the active-source kernel split into
	// 1, 2 and 7 destination ranges, on dense and CSR storage (SPEC §7.5).
	t.Run("force bits on the run's states", func(t *testing.T) {
		if ref.traj.I == nil {
			t.Skip("the reference case was filtered out")
		}
		coef := systems.DefaultInfectionParams().BetaPerTick() // seasonality 0
		n := dense.N()
		x, want, got := make([]float64, n), make([]float64, n), make([]float64, n)
		step := 1
		if testing.Short() {
			step = 8
		}
		for tick := 0; tick < len(ref.traj.I); tick += step {
			var active []int32
			for j, v := range ref.traj.I[tick] {
				x[j] = coef * float64(v)
				if v > 0 {
					active = append(active, int32(j))
				}
			}
			systems.Force(want, x, dense)
			systems.Force(got, x, csr)
			require.Empty(t, atBitsDiff(want, got), "tick %d: reference kernel, CSR", tick)
			for _, ranges := range []int{1, 2, 7} {
				for _, mat := range []*mixing.Matrix{dense, csr} {
					for b := range ranges {
						systems.ForceActive(got, x, active, mat, b*n/ranges, (b+1)*n/ranges)
					}
					require.Empty(t, atBitsDiff(want, got), "tick %d: active kernel, %d ranges, sparse %v",
						tick, ranges, mat.IsSparse())
				}
			}
		}
	})
}

// atBitsDiff describes the first entry where want and got differ in their
// IEEE 754 bits (so −0 ≠ +0), or returns "" when they are bit-identical.
func atBitsDiff(want, got []float64) string {
	if len(want) != len(got) {
		return fmt.Sprintf("lengths %d and %d", len(want), len(got))
	}
	for j := range want {
		if math.Float64bits(want[j]) != math.Float64bits(got[j]) {
			return fmt.Sprintf("entry %d: want %v (%#016x), got %v (%#016x)",
				j, want[j], math.Float64bits(want[j]), got[j], math.Float64bits(got[j]))
		}
	}
	return ""
}
