package model_test

import (
	"context"
	"io"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/params/paramstest"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
)

// abmScenario is a small scenario for the agent-based model's tests: 12
// patches of a few thousand people (random, seed 5).
func abmScenario(t testing.TB) *scenario.Table {
	t.Helper()
	scn, err := scenario.RandomN(12, 5, 0)
	require.NoError(t, err)
	for j := range scn.Pop {
		scn.Pop[j] = scn.Pop[j]%5000 + 500
	}
	return scn
}

// abmParams are quiet compartmental-style params of ticks days.
func abmParams(ticks int, seed uint64) params.CompartmentalParams {
	return params.CompartmentalParams{BiweeklyParams: paramstest.QuietParams(ticks, seed)}
}

// newABM builds a quiet agent-based model with components fs.
func newABM(t testing.TB, scn *scenario.Table, p params.CompartmentalParams, fs []phases.Factory, opts ...model.Option) *model.Model {
	t.Helper()
	opts = append([]model.Option{model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard)}, opts...)
	m, err := model.NewABM(scn, p, opts...)
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(fs...))
	return m
}

// checkAgents is a phase that fails the tick when the world's counts and
// the agents disagree (agents.CheckCounts), named after the phase it
// follows.
func checkAgents(after string) phases.Factory {
	return phases.Func("check after "+after, func(m phases.Model, tick int) error {
		t, err := agents.Of(m.World())
		if err != nil {
			return err
		}
		return agents.CheckCounts(t, m.World())
	})
}

// withChecks interleaves a count check after every factory.
func withChecks(names []string, fs []phases.Factory) []phases.Factory {
	var out []phases.Factory
	for k, f := range fs {
		out = append(out, f, checkAgents(names[k]))
	}
	return out
}

// TestABMCountsEqualAgentsAfterEveryPhase runs schedules with every ABM
// process on a small scenario, checking after every phase of every tick
// (and after the initialisers) that the patch counts equal the agents'.
func TestABMCountsEqualAgentsAfterEveryPhase(t *testing.T) {
	infection := abm.DefaultABMInfectionParams()
	infection.Beta = 2 // a fast epidemic: many events in 120 days
	infection.Seasonality = 0.3
	seed := systems.DefaultSeedingParams()
	seed.NumInfections = 20
	cases := []struct {
		name  string
		names []string
		fs    []phases.Factory
	}{
		{"default schedule", []string{"equilibrium", "importation", "infection", "vital", "routine", "tracker"}, model.DefaultABMComponents()},
		{"seeded, constant pop", []string{"seeding", "importation", "infection", "constant pop"}, []phases.Factory{
			abm.NewInfectionSeeding(&seed), abm.NewImportationPressure(nil),
			abm.NewABMInfection(&infection), abm.NewABMConstantPop(nil)}},
		{"vital first", []string{"vital", "equilibrium", "seeding", "infection"}, []phases.Factory{
			abm.NewABMVitalDynamics(&abm.ABMVitalParams{CrudeBirthRate: 60, CrudeDeathRate: 40}),
			abm.NewInitializeEquilibriumStates(nil), abm.NewInfectionSeeding(&seed), abm.NewABMInfection(&infection)}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newABM(t, abmScenario(t), abmParams(120, 11), withChecks(c.names, c.fs))
			require.NoError(t, m.Initialize())
			tab, err := agents.Of(m.World())
			require.NoError(t, err)
			require.NoError(t, agents.CheckCounts(tab, m.World()), "after the initialisers")
			require.NoError(t, m.Run(context.Background()))
			w := m.World()
			assert.Positive(t, sum(w.R()), "someone recovered or was immune")
		})
	}
}

// sum adds a column.
func sum(v []int64) int64 {
	var s int64
	for _, x := range v {
		s += x
	}
	return s
}

// abmFingerprint is everything a run's agents and patches hold.
type abmFingerprint struct {
	counts [4][]int64
	state  []uint8
	due    []int32
	death  []int32
	dob    []int32
}

// fingerprint copies m's patch counts and agent columns.
func fingerprint(t *testing.T, m *model.Model) abmFingerprint {
	w := m.World()
	tab, err := agents.Of(w)
	require.NoError(t, err)
	n := tab.Len()
	return abmFingerprint{
		counts: [4][]int64{clone(w.S()), clone(w.E()), clone(w.I()), clone(w.R())},
		state:  append([]uint8(nil), tab.State[:n]...), due: append([]int32(nil), tab.Due[:n]...),
		death: append([]int32(nil), tab.Death[:n]...), dob: append([]int32(nil), tab.DOB[:n]...),
	}
}

func clone(v []int64) []int64 { return append([]int64(nil), v...) }

// TestABMDeterministicAcrossWorkers runs the default schedule (with
// Parallel on) with 1 and 2 workers: every agent column and count must be
// identical.
func TestABMDeterministicAcrossWorkers(t *testing.T) {
	var prints []abmFingerprint
	for _, workers := range []int{1, 2} {
		p := abmParams(200, 3)
		p.Parallel = true
		m := newABM(t, abmScenario(t), p, model.DefaultABMComponents(), model.WithWorkers(workers))
		require.NoError(t, m.Run(context.Background()))
		prints = append(prints, fingerprint(t, m))
	}
	assert.Equal(t, prints[0], prints[1])
}

// TestABMFlowsMatchCounts checks the published flows against the count
// changes of one tick: ΔS = births − infections − importations − deaths
// from S, so with constant population (ConstantPop: births = deaths) and
// no equilibrium the total population stays fixed and the infection flow
// equals the fall of S plus the births into S minus the deaths from S.
func TestABMFlowsMatchCounts(t *testing.T) {
	seed := systems.DefaultSeedingParams()
	seed.NumInfections = 50
	m := newABM(t, abmScenario(t), abmParams(60, 8), []phases.Factory{
		abm.NewInfectionSeeding(&seed), abm.NewImportationPressure(nil),
		abm.NewABMInfection(nil), abm.NewABMConstantPop(nil), metrics.NewStateTracker(nil)})
	require.NoError(t, m.Initialize())
	w := m.World()
	pop := sum(w.S()) + sum(w.E()) + sum(w.I()) + sum(w.R())
	f := ecs.FlowsOf(w)
	var infections, births, deaths int64
	for range 60 {
		require.NoError(t, m.RunTicks(context.Background(), 1))
		infections += sum(f.Infections) + sum(f.Importations)
		births += sum(f.Births)
		deaths += sum(f.Deaths)
	}
	assert.Equal(t, pop, sum(w.S())+sum(w.E())+sum(w.I())+sum(w.R()), "constant population")
	assert.Equal(t, births, deaths)
	assert.Positive(t, infections)
	assert.Equal(t, model.TypeABM, m.Type())
	assert.Equal(t, "ABMModel", m.ModelType())
}

// TestNoAllocationsPerABMTick: a day of the agent-based model with its
// default components (importation, infections, timers, births into free
// rows, scheduled deaths) allocates nothing once its buffers have grown
// (DESIGN §4): ConstantPop keeps the table's rows steady, so after a year
// of warm-up every bucket and set has its capacity.
func TestNoAllocationsPerABMTick(t *testing.T) {
	infection := abm.DefaultABMInfectionParams()
	infection.Seasonality = 0.3
	m := newABM(t, abmScenario(t), abmParams(1000, 1), []phases.Factory{
		abm.NewInitializeEquilibriumStates(nil), abm.NewImportationPressure(nil),
		abm.NewABMInfection(&infection), abm.NewABMConstantPop(nil), metrics.NewStateTracker(nil)})
	ctx := context.Background()
	require.NoError(t, m.RunTicks(ctx, 365))
	allocs := testing.AllocsPerRun(100, func() {
		if err := m.RunTicks(ctx, 1); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
}

// TestABMMemoryEstimateCountsAgents: the agent table is an item of the
// memory estimate (capacity × agents.BytesPerAgent), and a limit below it
// refuses the run before any agent is created.
func TestABMMemoryEstimateCountsAgents(t *testing.T) {
	scn := abmScenario(t)
	m := newABM(t, scn, abmParams(3650, 1), model.DefaultABMComponents(), model.WithMemoryLimit(1<<20))
	est := m.EstimateMemory()
	require.NotEmpty(t, est.Items)
	assert.Equal(t, "agents", est.Items[0].Component)
	capacity := m.AgentCapacity()
	pop := scn.TotalPop()
	// CBR 20, CDR 8: growth 12 per 1000 per year over 10 years, e^0.12 − 1
	// ≈ 12.7 % more rows, plus the 1024-row margin.
	assert.InDelta(t, float64(pop)*1.127+1024, float64(capacity), float64(pop)*0.001+1)
	assert.Equal(t, float64(capacity)*agents.BytesPerAgent, est.Items[0].Storage.Bytes())
	err := m.Initialize()
	var me *model.MemoryError
	require.ErrorAs(t, err, &me)
	assert.ErrorContains(t, err, "the agent-based model keeps every person")
	_, err = agents.Of(m.World())
	assert.Error(t, err, "no agent table was created")
}

// zeroSusceptibility is an initialiser making every even-numbered agent
// unsusceptible (Susceptibility 0).
type zeroSusceptibility struct{}

func (zeroSusceptibility) Name() string { return "ZeroSusceptibility" }

func (zeroSusceptibility) Initialize(m phases.Model) error {
	t, err := agents.Of(m.World())
	if err != nil {
		return err
	}
	for id := 0; id < t.Len(); id += 2 {
		t.SetSusceptibility(uint32(id), 0)
	}
	return nil
}

// TestABMInfectionHonoursSusceptibility: in a large seeded epidemic
// (β = 3, an attack rate near 1), agents of susceptibility 0 are never
// infected by transmission (the thinning accepts them with probability 0);
// only the seeds, picked regardless of susceptibility, may be among them.
// The others are almost all infected.
func TestABMInfectionHonoursSusceptibility(t *testing.T) {
	infection := abm.DefaultABMInfectionParams()
	infection.Beta = 3
	seed := systems.DefaultSeedingParams()
	seed.NumInfections = 30
	m := newABM(t, abmScenario(t), abmParams(250, 2), []phases.Factory{
		func(phases.Model) (phases.Component, error) { return zeroSusceptibility{}, nil },
		abm.NewInfectionSeeding(&seed), abm.NewABMInfection(&infection)})
	require.NoError(t, m.Run(context.Background()))
	tab, err := agents.Of(m.World())
	require.NoError(t, err)
	var immuneZero, odd, immuneOdd int
	for id := range tab.Len() {
		immune := tab.State[id] != agents.S
		if id%2 == 0 && immune {
			immuneZero++
		}
		if id%2 == 1 {
			odd++
			if immune {
				immuneOdd++
			}
		}
	}
	assert.LessOrEqual(t, immuneZero, 30, "only seeds among the unsusceptible")
	// β·inf_mean = 24 new exposures per case in a fully susceptible
	// population; half of it unsusceptible (N_j counts everyone) gives
	// R = 12 among the susceptible half, whose final size z = 1 − e^(−12z)
	// is 0.99999; 0.95 leaves room for patches the epidemic reaches late.
	assert.Greater(t, float64(immuneOdd)/float64(odd), 0.95)
}

// TestABMEquilibriumByAge: with ages (the default schedule's
// VitalDynamics draws them before any initialiser), the immune share of
// the population is 1 − 1/R0 = 0.875 in expectation (binomial sd over
// ~34 000 agents ≈ 0.002; tolerance 0.01 = 5 sd), and immunity rises with
// age: the immune are older on average than the susceptible.
func TestABMEquilibriumByAge(t *testing.T) {
	m := newABM(t, abmScenario(t), abmParams(1, 4), model.DefaultABMComponents())
	require.NoError(t, m.Initialize())
	tab, err := agents.Of(m.World())
	require.NoError(t, err)
	var n, r float64
	var ageS, ageR float64
	for id := range tab.Len() {
		age := float64(-tab.DOB[id])
		n++
		if tab.State[id] == agents.R {
			r++
			ageR += age
			assert.Equal(t, agents.ImmuneInfection, tab.Immunity[id])
		} else {
			ageS += age
		}
	}
	assert.InDelta(t, 0.875, r/n, 0.01)
	assert.Greater(t, ageR/r, 2*ageS/(n-r))
}

// TestABMRefusesCountMoves: Expose, Infect and Recover move patch counts,
// which in the agent-based model only its agents may change.
func TestABMRefusesCountMoves(t *testing.T) {
	m := newABM(t, abmScenario(t), abmParams(5, 1), model.DefaultABMComponents())
	require.NoError(t, m.Initialize())
	for name, move := range map[string]func([]int, []int64) error{"expose": m.Expose, "infect": m.Infect, "recover": m.Recover} {
		assert.ErrorContains(t, move([]int{0}, []int64{1}), name+": the agent-based model's counts are its agents'")
	}
}

// TestABMTwoDemographiesRefused: VitalDynamics and ConstantPop would both
// fire the death calendar; the second is refused at initialisation.
func TestABMTwoDemographiesRefused(t *testing.T) {
	m := newABM(t, abmScenario(t), abmParams(5, 1), []phases.Factory{abm.NewABMVitalDynamics(nil), abm.NewABMConstantPop(nil)})
	assert.ErrorContains(t, m.Initialize(), "cannot fire it too")
}

// TestABMRunFileResolvesOwnProcesses: the patch-count processes named in
// a run file of the agent-based model resolve to its own entries (every
// patch-only process has one: VitalDynamics, ConstantPop, SIACalendar),
// so SIACalendar is the age-targeted campaign, whose schedule is required.
func TestABMRunFileResolvesOwnProcesses(t *testing.T) {
	path := t.TempDir() + "/run.toml"
	require.NoError(t, os.WriteFile(path, []byte("model = \"abm\"\n[[phases]]\ntype = \"SIACalendar\"\nmin_age = 0\n"), 0o644))
	_, err := runfile.Load(path)
	assert.ErrorContains(t, err, "SIACalendarProcess: sia_schedule is required")
	typ, ok := model.LookupComponentTypeFor(model.TypeABM, "SIACalendar")
	require.True(t, ok)
	assert.Equal(t, model.TypeABM, typ.Model)
}

// TestABMFinalSize: one patch of 100 000 people, all susceptible, 10
// seeds, β = 0.25 per day and a gamma infectious period of mean 8 days:
// R0 = β·8 = 2 (each infectious agent exposes β·S/N a day for its whole
// infectious period, whatever its distribution), and the final size z of
// a large epidemic solves z = 1 − e^(−R0·z): z = 0.7968. Its Monte Carlo
// sd at N = 10⁵ is about √(z(1 − z)/N)/(1 − R0(1 − z)) ≈ 0.0021; the
// tolerance 0.011 is 5 sd.
func TestABMFinalSize(t *testing.T) {
	scn, err := scenario.SinglePatch(100_000, 0)
	require.NoError(t, err)
	infection := abm.DefaultABMInfectionParams()
	infection.Beta = 0.25
	seed := systems.DefaultSeedingParams()
	seed.NumInfections = 10
	m := newABM(t, scn, abmParams(600, 9), []phases.Factory{abm.NewInfectionSeeding(&seed), abm.NewABMInfection(&infection)})
	require.NoError(t, m.Run(context.Background()))
	w := m.World()
	assert.Zero(t, w.E()[0]+w.I()[0], "the epidemic is over")
	assert.InDelta(t, 0.7968, float64(w.R()[0])/100_000, 0.011)
}

// meanAge returns the mean age in years of t's live agents on day today.
func meanAge(t *agents.Table, today int32) float64 {
	var sum, n float64
	for id := range t.Len() {
		if t.State[id] != agents.Dead {
			sum += float64(today - t.DOB[id])
			n++
		}
	}
	return sum / n / 365
}

// TestABMConstantPopAgePyramidStable: with ConstantPop (births = deaths,
// constant mortality μ = 20/1000 per year) the stable age distribution is
// exponential of mean 1/μ = 50 years, and it stays so: after 20 years the
// mean age is still 50 years. The mean of ~34 000 exponential ages has an
// sd of 50/√34 000 ≈ 0.27 years; the tolerance 2 years is more than 7 sd.
func TestABMConstantPopAgePyramidStable(t *testing.T) {
	m := newABM(t, abmScenario(t), abmParams(20*365, 6), []phases.Factory{abm.NewABMConstantPop(nil)})
	require.NoError(t, m.Initialize())
	tab, err := agents.Of(m.World())
	require.NoError(t, err)
	assert.InDelta(t, 50, meanAge(tab, 0), 2, "at the start")
	require.NoError(t, m.Run(context.Background()))
	assert.InDelta(t, 50, meanAge(tab, 20*365), 2, "after 20 years")
}

// TestABMMemoryEstimateCountsMixing: the ABM InfectionProcess reports its
// mixing matrix to the memory estimate as the patch models' transmissions
// do (factored gravity: N²/2 float64 = 4·N² bytes).
func TestABMMemoryEstimateCountsMixing(t *testing.T) {
	scn := abmScenario(t)
	p := abmParams(10, 1)
	p.Parallel = true
	m := newABM(t, scn, p, model.DefaultABMComponents())
	var found bool
	for _, it := range m.EstimateMemory().Items {
		if it.Component == "InfectionProcess mixing" {
			found = true
			assert.Equal(t, float64(4*scn.Len()*scn.Len()), it.Storage.Bytes())
		}
	}
	assert.True(t, found)
	inf := model.InstancesOf[*abm.ABMInfection](m)
	require.Len(t, inf, 1)
	require.NoError(t, m.Initialize())
	assert.Equal(t, scn.Len(), inf[0].MixingMatrix().N())
	_, approx := inf[0].LambdaError()
	assert.False(t, approx, "float64 storage is exact")
}
