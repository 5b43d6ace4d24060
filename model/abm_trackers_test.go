package model_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
)

// onePatch is a scenario of one patch of n people.
func onePatch(t testing.TB, n int64) *scenario.Table {
	t.Helper()
	scn, err := scenario.RandomN(1, 1, 0)
	require.NoError(t, err)
	scn.Pop[0] = n
	return scn
}

// Endemic run of the parity test: one patch, constant population with
// life expectancy L = 1000/cbr years (ConstantPop: every agent dies after
// an Exponential(cbr/1000/365 per day) life), β·D = R0.
const (
	endemicPop   = 200_000 // I* ≈ N·D/(A) ≈ 200 000·8/91 ≈ 1 800 infectious: no fade-out
	endemicCBR   = 200     // per 1000 per year: L = 5 years, so endemicity comes within a few years
	endemicBeta  = 2.5     // per day; with inf_mean 8 days, R0 ≈ 20
	endemicYears = 8       // years 0–2 settle, years 3–7 are measured
	endemicSkip  = 3
)

// endemicRun runs the parity scenario with the three trackers of people
// and returns the model.
func endemicRun(t *testing.T, pyramid *metrics.AgeTrackerParams) *model.Model {
	t.Helper()
	infection := abm.DefaultABMInfectionParams()
	infection.Beta = endemicBeta
	imp := systems.DefaultImportationParamsFor(1)
	imp.Rate = systems.RateAll(1) // 0.55 importations a day: restarts the disease after a fade-out
	eq := systems.EquilibriumParams{R0: endemicBeta * infection.InfMean}
	p := abmParams(365*endemicYears, 21)
	p.StartTime = "2000-01"
	m := newABM(t, onePatch(t, endemicPop), p, []phases.Factory{
		abm.NewABMConstantPop(&systems.ConstantPopParams{CrudeBirthRate: endemicCBR}),
		abm.NewInitializeEquilibriumStates(&eq), abm.NewImportationPressure(&imp),
		abm.NewABMInfection(&infection),
		metrics.NewAgeAtInfectionTracker(nil), metrics.NewAgePyramidTracker(pyramid), metrics.NewImmunityByAgeTracker(nil)})
	require.NoError(t, m.Run(context.Background()))
	return m
}

// TestABMEndemicMeanAgeAtInfection: the endemic mean age at infection is
// about L/(R0 − 1) (Anderson & May 1991, ch. 4).
//
// Derivation. With births = deaths at rate μ = 1/L per person and an
// age-independent force λ, at equilibrium dS/dt = μ − λS − μS = 0 with
// S* = 1/R0 gives λ = μ(R0 − 1). A person of age a is alive with density
// μe^(−μa) and still susceptible with probability e^(−λa), so infections
// occur at age a with density ∝ e^(−(λ+μ)a): the mean age at infection is
// 1/(λ + μ) = L/R0 exactly, and Anderson & May's A ≈ L/(R0 − 1) = 1/λ
// (deaths before infection neglected) is R0/(R0 − 1) ≈ 5 % above it. Here
// L = 5 years, R0 = β·D·σ/(σ+μ)·γ/(γ+μ) = 2.5·8·0.9967·0.9956 ≈ 19.85.
//
// Tolerance: the 10 % against L/(R0 − 1); against the exact L/R0,
// 4 %: the run's infections (about 40 000 a year over 5 years) make the
// sampling error of the mean negligible (< 0.5 %), what remains is the
// damped epidemic cycles of a 224-day period around the equilibrium and
// the whole-day rounding of the timers (about 1 %).
//
// Runtime: 0.6 s (2 920 ticks of 200 000 agents, measured on the shared
// 2-core VM), so it runs under -short too.
func TestABMEndemicMeanAgeAtInfection(t *testing.T) {
	m := endemicRun(t, nil)
	tr := model.InstancesOf[*metrics.AgeAtInfectionTracker](m)[0]
	ages := tr.MeanAges()
	require.Len(t, ages, endemicYears, "one window per calendar year")
	var mean float64
	for _, a := range ages[endemicSkip:] {
		mean += a
	}
	mean /= float64(len(ages) - endemicSkip)

	L := 1000.0 / endemicCBR
	mu, gamma, sigma := 1/(365*L), 1/8.0, 1/6.0
	r0 := endemicBeta / (gamma + mu) * sigma / (sigma + mu)
	t.Logf("mean age at infection %.4f years; L/R0 = %.4f, L/(R0−1) = %.4f (R0 = %.2f)", mean, L/r0, L/(r0-1), r0)
	assert.InEpsilon(t, L/(r0-1), mean, 0.10, "Anderson & May's L/(R0 − 1)")
	assert.InEpsilon(t, L/r0, mean, 0.04, "the exact 1/(λ+μ) = L/R0")

	tab, err := agents.Of(m.World())
	require.NoError(t, err)
	require.NoError(t, agents.CheckCounts(tab, m.World()))
}

// TestABMAgePyramidStaysExponential: with constant mortality (ConstantPop:
// every agent dies at rate μ = cbr/1000 per year and is replaced by a
// newborn) the stable age distribution is exponential, so bin [a, b) of N
// agents holds N·(e^(−μa) − e^(−μb)) on average at every sample (the
// initial ages are drawn from it too). Tolerance: 5 binomial standard
// deviations √(N·p·(1 − p)) per bin and sample (the bins of one sample are
// one multinomial draw; 5σ keeps the false-alarm rate below 1e−5 over the
// 9 × 8 checks). The endemic run: 0.8 s.
func TestABMAgePyramidStaysExponential(t *testing.T) {
	p := metrics.AgeTrackerParams{Frequency: metrics.Yearly, AgeBins: metrics.YearAgeBins(8), AggregationLevel: metrics.AllPatches}
	m := endemicRun(t, &p)
	tr := model.InstancesOf[*metrics.AgePyramidTracker](m)[0]
	require.Equal(t, endemicYears, tr.Recorded(), "ticks 0 and every 1 January")
	mu := endemicCBR / 1000.0 / 365
	for k, state := range tr.States() {
		lo, hi := float64(365*k), math.Inf(1)
		if k+1 < len(tr.States()) {
			hi = float64(365 * (k + 1))
		}
		pk := math.Exp(-mu*lo) - math.Exp(-mu*hi)
		want, sd := endemicPop*pk, math.Sqrt(endemicPop*pk*(1-pk))
		vals := seriesOf(t, tr.Blocks, state)
		for i, v := range vals {
			assert.InDelta(t, want, v, 5*sd, "bin %s, sample %d", state, i)
		}
	}
}

// seriesOf returns state's values of the blocks, in order (one group).
func seriesOf(t *testing.T, blocks func(func(metrics.Block) bool), state string) []float64 {
	t.Helper()
	var out []float64
	for b := range blocks {
		if b.State == state {
			require.Len(t, b.Counts, 1)
			out = append(out, float64(b.Counts[0]))
		}
	}
	return out
}

// TestABMPeopleTrackersSampling: samples at tick 0 and every 1 January
// (yearly) or 1st (monthly), windows ending the tick before; the pyramid's
// and the immunity profile's classes sum to the live agents; the age at
// infection counts every infection (the InfectionProcess's exposures plus
// the importations) exactly once.
func TestABMPeopleTrackersSampling(t *testing.T) {
	p := abmParams(400, 4)
	p.StartTime = "2001-11"
	monthly := metrics.DefaultAgeAtInfectionParams()
	monthly.Frequency = metrics.Monthly
	pyr := metrics.DefaultAgePyramidParams()
	pyr.AggregationLevel = metrics.PerPatch
	infection := abm.DefaultABMInfectionParams()
	infection.Beta = 2
	m := newABM(t, abmScenario(t), p, []phases.Factory{
		abm.NewInitializeEquilibriumStates(nil), abm.NewImportationPressure(nil),
		abm.NewABMInfection(&infection), abm.NewABMVitalDynamics(nil),
		metrics.NewAgeAtInfectionTracker(&monthly), metrics.NewAgePyramidTracker(&pyr), metrics.NewImmunityByAgeTracker(nil),
		metrics.NewPopulationTracker(nil)})
	require.NoError(t, m.Initialize())
	var exposures int64
	flows := ecs.FlowsOf(m.World())
	for range 400 {
		require.NoError(t, m.RunTicks(context.Background(), 1))
		exposures += sum(flows.Infections) + sum(flows.Importations)
	}
	start := time.Date(2001, 11, 1, 0, 0, 0, 0, time.UTC)
	dayOf := func(y int, mo time.Month) int {
		return int(time.Date(y, mo, 1, 0, 0, 0, 0, time.UTC).Sub(start).Hours() / 24)
	}

	pyramid := model.InstancesOf[*metrics.AgePyramidTracker](m)[0]
	assert.Equal(t, []int{0, dayOf(2002, 1)}, pyramid.Ticks())
	immunity := model.InstancesOf[*metrics.ImmunityByAgeTracker](m)[0]
	live := map[int]int64{}
	perPatch := map[int][]int64{}
	for b := range pyramid.Blocks {
		if perPatch[b.Tick] == nil {
			perPatch[b.Tick] = make([]int64, len(b.Counts))
		}
		for j, c := range b.Counts {
			live[b.Tick] += c
			perPatch[b.Tick][j] += c
		}
	}
	pops := model.InstancesOf[*metrics.PopulationTracker](m)[0].Counts()
	for tick, row := range perPatch {
		for j, n := range row {
			assert.Equal(t, pops[j][tick], n, "patch %d at tick %d: every agent is in one bin", j, tick)
		}
	}
	classes := map[int]int64{}
	for b := range immunity.Blocks {
		classes[b.Tick] += b.Counts[0]
	}
	assert.Equal(t, live, classes, "the immunity classes partition the live agents")

	inf := model.InstancesOf[*metrics.AgeAtInfectionTracker](m)[0]
	ticks := inf.Ticks()
	assert.Equal(t, dayOf(2001, 12)-1, ticks[0], "the first window ends the day before 1 December")
	assert.Equal(t, 399, ticks[len(ticks)-1], "the last window ends with the run")
	var counted int64
	for b := range inf.Blocks {
		if b.State != metrics.AgeDaysSum {
			counted += b.Counts[0]
		}
	}
	assert.Equal(t, exposures, counted)
}

// TestABMPeopleTrackersSnapshot: each tracker's snapshot state restores
// into the same tracker of a fresh model (its rows, and the age at
// infection's window under way: the snapshot is taken mid-window), and a
// snapshot of other bins is refused.
func TestABMPeopleTrackersSnapshot(t *testing.T) {
	trackers := func() []phases.Factory {
		return []phases.Factory{abm.NewInitializeEquilibriumStates(nil), abm.NewImportationPressure(nil),
			abm.NewABMInfection(nil), abm.NewABMVitalDynamics(nil),
			metrics.NewAgeAtInfectionTracker(nil), metrics.NewAgePyramidTracker(nil), metrics.NewImmunityByAgeTracker(nil)}
	}
	p := abmParams(500, 2)
	p.StartTime = "2000-01"
	m := newABM(t, abmScenario(t), p, trackers())
	require.NoError(t, m.Initialize())
	require.NoError(t, m.RunTicks(context.Background(), 400)) // day 400: mid-2001
	fresh := newABM(t, abmScenario(t), p, trackers())
	require.NoError(t, fresh.Initialize())
	for _, name := range []string{metrics.AgeAtInfectionTrackerName, metrics.AgePyramidTrackerName, metrics.ImmunityByAgeTrackerName} {
		src := m.GetInstance(name)[0].(phases.Snapshotter)
		dst := fresh.GetInstance(name)[0].(phases.Snapshotter)
		state, err := src.SnapshotState()
		require.NoError(t, err)
		require.NoError(t, dst.RestoreState(fresh, state), name)
		again, err := dst.SnapshotState()
		require.NoError(t, err)
		assert.JSONEq(t, string(state), string(again), name)
	}
	inf := model.InstancesOf[*metrics.AgeAtInfectionTracker](m)[0]
	state, err := inf.SnapshotState()
	require.NoError(t, err)
	assert.Contains(t, string(state), `"partial":[`, "the window under way")

	other := metrics.DefaultAgePyramidParams()
	other.AgeBins = []float64{0, 100}
	odd := newABM(t, abmScenario(t), p, []phases.Factory{abm.NewABMVitalDynamics(nil), metrics.NewAgePyramidTracker(&other)})
	require.NoError(t, odd.Initialize())
	pyr, err := m.GetInstance(metrics.AgePyramidTrackerName)[0].(phases.Snapshotter).SnapshotState()
	require.NoError(t, err)
	err = odd.GetInstance(metrics.AgePyramidTrackerName)[0].(phases.Snapshotter).RestoreState(odd, pyr)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "states")
}

// TestNoAllocationsPerABMTickWithPeopleTrackers: the trackers of people,
// sampling every day, allocate nothing per tick once the day's infection
// list has grown (a year of warm-up, as TestNoAllocationsPerABMTick).
func TestNoAllocationsPerABMTickWithPeopleTrackers(t *testing.T) {
	daily := func(def metrics.AgeTrackerParams) *metrics.AgeTrackerParams {
		def.Frequency = metrics.Daily
		return &def
	}
	m := newABM(t, abmScenario(t), abmParams(1000, 1), []phases.Factory{
		abm.NewInitializeEquilibriumStates(nil), abm.NewImportationPressure(nil),
		abm.NewABMInfection(nil), abm.NewABMConstantPop(nil),
		metrics.NewAgeAtInfectionTracker(daily(metrics.DefaultAgeAtInfectionParams())),
		metrics.NewAgePyramidTracker(daily(metrics.DefaultAgePyramidParams())),
		metrics.NewImmunityByAgeTracker(daily(metrics.DefaultImmunityByAgeParams()))})
	ctx := context.Background()
	require.NoError(t, m.RunTicks(ctx, 365))
	allocs := testing.AllocsPerRun(100, func() {
		if err := m.RunTicks(ctx, 1); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
}
