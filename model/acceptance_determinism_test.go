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
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// determinismCase is one configuration of SPEC AT-16.
type determinismCase struct {
	name     string
	numba    bool           // params.Parallel
	workers  int            // model.WithWorkers (0 = GOMAXPROCS)
	maxprocs int            // runtime.GOMAXPROCS for the run (0 = unchanged)
	mix      *mixing.Matrix // a prepared matrix (nil = the default gravity mixer)
	float32  bool           // Infection storage "float32" (the opt-in kernel)
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
	p.Parallel = tc.numba
	var mixer mixing.Mixer
	if tc.mix != nil {
		mixer = atFixedMixer{tc.mix}
	}
	ip := systems.DefaultInfectionParams()
	if mixer != nil {
		ip.Mixer = mixer
	}
	if tc.float32 {
		ip.Storage = systems.StorageFloat32
	}
	infection := systems.NewInfection(&ip)
	var res determinismResult
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	m := atRun(t, scn, p, []phases.Factory{
		systems.NewInfectionSeeding(nil),
		systems.NewImportationPressure(nil),
		infection,
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

// TestForceExactness is SPEC AT-16. Per kernel, the same model gives
// byte-identical states at every tick and identical tracker arrays for
// workers 1, 2 and 7 and GOMAXPROCS 1, 4 and 8:
//
//   - the reference kernel (Parallel false) on the dense gravity matrix and
//     on the same matrix stored as CSR, and the active-source kernel
//     (Parallel true with a prepared, non-factored matrix) on both storages,
//     which keeps the reference order and so equals it bit for bit;
//   - the default kernel (Parallel true, gravity mixer): factored symmetric
//     storage with SIMD tiles. SPEC §7.5 as revised by issue 12 makes it
//     "exact within 1e−12" of the reference rather than bit-identical, so
//     its runs are compared among themselves, and its force is checked
//     against the reference kernel on the same states on every tick;
//   - the opt-in float32 storage of D: runs compared among themselves, its
//     λ error against the reference measured on every tick and reported.
//
// Not parallel: it changes GOMAXPROCS.
func TestForceExactness(t *testing.T) {
	scn := atMust(scenario.RandomN(1000, 7, 0))

	// The reference kernel's dense gravity matrix (Parallel false builds the
	// mixer's Matrix), the same values as CSR, and the default kernel's
	// factored matrix.
	refParams := atParams(104, atDefaultSeed)
	refParams.Parallel = false
	probe := atModel(t, scn, refParams, []phases.Factory{systems.NewInfection(nil)})
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
	fprobe := atModel(t, scn, atParams(104, atDefaultSeed), []phases.Factory{systems.NewInfection(nil)})
	fac := model.InstancesOf[*systems.Infection](fprobe)[0].Factored()
	require.NotNil(t, fac, "the default path is factored")

	const (
		reference = "reference"
		factored  = "factored"
		storage32 = "float32"
	)
	type kernelCase struct {
		determinismCase
		kernel string // the group whose runs must be byte-identical
	}
	cases := []kernelCase{
		{determinismCase{name: "reference kernel", numba: false, workers: 1}, reference},
		{determinismCase{name: "reference kernel/workers=7", numba: false, workers: 7}, reference},
		{determinismCase{name: "reference kernel/GOMAXPROCS=8", numba: false, maxprocs: 8}, reference},
		{determinismCase{name: "reference kernel/CSR", numba: false, workers: 1, mix: csr}, reference},
		{determinismCase{name: "active kernel/dense/workers=2", numba: true, workers: 2, mix: dense}, reference},
		{determinismCase{name: "active kernel/CSR/workers=2", numba: true, workers: 2, mix: csr}, reference},
		{determinismCase{name: "active kernel/CSR/GOMAXPROCS=8", numba: true, maxprocs: 8, mix: csr}, reference},
		{determinismCase{name: "default kernel/workers=1", numba: true, workers: 1}, factored},
		{determinismCase{name: "default kernel/workers=2", numba: true, workers: 2}, factored},
		{determinismCase{name: "default kernel/workers=7", numba: true, workers: 7}, factored},
		{determinismCase{name: "default kernel/GOMAXPROCS=1", numba: true, maxprocs: 1}, factored},
		{determinismCase{name: "default kernel/GOMAXPROCS=4", numba: true, maxprocs: 4}, factored},
		{determinismCase{name: "default kernel/GOMAXPROCS=8", numba: true, maxprocs: 8}, factored},
		{determinismCase{name: "float32 storage/workers=1", numba: true, workers: 1, float32: true}, storage32},
		{determinismCase{name: "float32 storage/workers=7", numba: true, workers: 7, float32: true}, storage32},
		{determinismCase{name: "float32 storage/GOMAXPROCS=8", numba: true, maxprocs: 8, float32: true}, storage32},
	}
	if testing.Short() {
		// One of each kind: reference, CSR, active kernel, and the default
		// kernel on one and seven workers and GOMAXPROCS 8.
		cases = []kernelCase{cases[0], cases[3], cases[5], cases[7], cases[9], cases[12], cases[13], cases[14]}
	}

	first := map[string]determinismResult{}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := determinismRun(t, scn, tc.determinismCase)
			ref, seen := first[tc.kernel]
			if !seen {
				first[tc.kernel] = got
				// The run is not trivial: infections spread well beyond
				// the seeded patch.
				infected := 0
				for _, r := range got.traj.R[103] {
					if r > 0 {
						infected++
					}
				}
				t.Logf("%s: %d of 1000 patches with recoveries by tick 103", tc.kernel, infected)
				assert.Greater(t, infected, 100, "patches with recoveries by tick 103")
				var reported int64
				for _, row := range got.tracked["cases"] {
					reported += atSum(row)
				}
				assert.Positive(t, reported, "the surveillance tracker reported (so it drew) cases")
				return
			}
			// Equal on [][]int64 compares every value exactly.
			assert.Equal(t, ref.traj.S, got.traj.S, "S at every tick")
			assert.Equal(t, ref.traj.I, got.traj.I, "I at every tick")
			assert.Equal(t, ref.traj.R, got.traj.R, "R at every tick")
			assert.Equal(t, ref.tracked, got.tracked, "StateTracker and CaseSurveillanceTracker arrays")
		})
	}

	// Integer outcomes rarely reveal a last-bit change of λ, so the force
	// itself is compared on the runs' own states (SPEC §7.5), on every tick
	// of both the reference and the default kernel's run:
	//   - the active-source kernel split into 1, 2 and 7 destination ranges,
	//     on dense and CSR storage, equals the reference kernel bit for bit;
	//   - the default (factored) kernel is within 1e−12 relative of the
	//     reference kernel, with the same bits for any tile order and any
	//     split of the destination blocks.
	t.Run("force on the runs' states", func(t *testing.T) {
		if len(first) != 3 {
			t.Skip("a kernel's first case was filtered out")
		}
		coef := systems.DefaultInfectionParams().BetaPerTick(params.StepDays) // seasonality 0
		n := dense.N()
		x, want, got, fgot := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
		ff := fac.NewForce()
		fac32, err := mixing.DefaultGravity().Factored(scn, mixing.FactoredOptions{Float32: true})
		require.NoError(t, err)
		ff32 := fac32.NewForce()
		worst, worst32 := 0.0, 0.0
		for _, kernel := range []string{reference, factored, storage32} {
			traj := first[kernel].traj
			for tick := range traj.I {
				var active []int32
				for j, v := range traj.I[tick] {
					x[j] = coef * float64(v)
					if v > 0 {
						active = append(active, int32(j))
					}
				}
				systems.Force(want, x, dense)
				systems.Force(got, x, csr)
				require.Empty(t, atBitsDiff(want, got), "tick %d: reference kernel, CSR", tick)
				if tick%4 == 0 || !testing.Short() {
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
				ff.Force(fgot, x)
				for j := range n {
					if want[j] == 0 {
						require.Zero(t, fgot[j], "%s run, tick %d: factored acc[%d]", kernel, tick, j)
						continue
					}
					rel := math.Abs(fgot[j]-want[j]) / want[j]
					worst = max(worst, rel)
					require.LessOrEqual(t, rel, 1e-12, "%s run, tick %d: factored acc[%d] = %v, reference %v",
						kernel, tick, j, fgot[j], want[j])
				}
				// The float32 opt-in: error measured (SPEC §7.5 "state and
				// report"); each D_ij and R_j carries ≤ 2^−24 relative, so
				// λ must stay within 2e−7.
				ff32.Force(got, x)
				for j := range n {
					if want[j] != 0 {
						worst32 = max(worst32, math.Abs(got[j]-want[j])/want[j])
					}
				}
				require.LessOrEqual(t, worst32, 2e-7, "%s run, tick %d: float32 storage", kernel, tick)
				// Tiles in reverse order, destination blocks in two halves
				// (what two workers may do): the same bits.
				ff.Load(x)
				for k := ff.Tiles() - 1; k >= 0; k-- {
					ff.Tile(k)
				}
				half := ff.Blocks() / 2
				ff.Combine(got, half, ff.Blocks())
				ff.Combine(got, 0, half)
				require.Empty(t, atBitsDiff(fgot, got), "%s run, tick %d: factored kernel, tile order", kernel, tick)
			}
		}
		t.Logf("default (factored) kernel vs reference: worst relative λ difference %.3g over %d ticks of 3 runs",
			worst, len(first[reference].traj.I))
		t.Logf("float32 storage (opt-in) vs reference: worst relative λ difference %.3g over the same ticks", worst32)
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
