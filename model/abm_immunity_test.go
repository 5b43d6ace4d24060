package model_test

import (
	"context"
	"math"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/agents"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/abm"
)

// gridScenario is rows × cols patches of pop people each, MCV1 coverage
// mcv1 (ids "r:c"; aggregation level 0 groups them by row).
func gridScenario(t testing.TB, rows, cols int, pop int64, mcv1 float64) *scenario.Table {
	t.Helper()
	o := scenario.DefaultGridOptions()
	o.MCV1 = mcv1
	scn, err := scenario.Grid(rows, cols, pop, o)
	require.NoError(t, err)
	return scn
}

// siaParams is a campaign of group "1" (the grid's second row) on day
// 2000-03-01 (tick 60 of a run from 2000-01-01).
func siaParams(coverage float64) *abm.ABMSIAParams {
	p := abm.DefaultABMSIAParams()
	p.AggregationLevel = 0
	p.Coverage = coverage
	p.Schedule = []systems.Campaign{{Group: "1", Date: time.Date(2000, 3, 1, 0, 0, 0, 0, time.UTC)}}
	return &p
}

// siaTick is the tick of siaParams' campaign: 2000-03-01 is day 31 + 29
// of 2000 (a leap year).
const siaTick = 60

// immunitySchedule is every immunity phase with transmission, births and
// the trackers, the maternal phase after the initial states.
func immunitySchedule() ([]string, []phases.Factory) {
	infection := abm.DefaultABMInfectionParams()
	infection.Beta = 2
	mcv2 := abm.DefaultRoutineImmunizationParams()
	mcv2.MCV2Coverage = 0.6
	return []string{"equilibrium", "importation", "infection", "vital", "maternal", "routine", "sia", "doses", "states"},
		[]phases.Factory{abm.NewInitializeEquilibriumStates(nil), abm.NewImportationPressure(nil),
			abm.NewABMInfection(&infection), abm.NewABMVitalDynamics(&abm.ABMVitalParams{CrudeBirthRate: 40, CrudeDeathRate: 20}),
			abm.NewMaternalImmunity(nil), abm.NewRoutineImmunization(&mcv2), abm.NewABMSIACalendar(siaParams(0.8)),
			metrics.NewDosesTracker(nil), metrics.NewStateTracker(nil)}
}

// TestABMImmunityCountsEqualAgents runs every immunity phase for a year
// and a half with transmission and births, checking after every phase of
// every tick that the patch counts equal the agents', and that the
// immunity bits agree with the states: a maternal, MCV or SIA bit only on
// an agent in R.
func TestABMImmunityCountsEqualAgents(t *testing.T) {
	names, fs := immunitySchedule()
	m := newABM(t, gridScenario(t, 3, 4, 3000, 0.8), abmParams(540, 4), withChecks(names, fs))
	require.NoError(t, m.Run(context.Background()))
	tab, err := agents.Of(m.World())
	require.NoError(t, err)
	vaccine := agents.ImmuneMaternal | agents.ImmuneMCV1 | agents.ImmuneMCV2 | agents.ImmuneSIA
	var bits [8]int
	for id := range tab.Len() {
		if tab.State[id] == agents.Dead {
			continue
		}
		if tab.Immunity[id]&vaccine != 0 {
			require.Equal(t, agents.R, tab.State[id], "agent %d has immunity bits %b", id, tab.Immunity[id])
		}
		for b := range 8 {
			if tab.Immunity[id]&(1<<b) != 0 {
				bits[b]++
			}
		}
	}
	for b, name := range []string{"infection", "maternal", "MCV1", "MCV2", "SIA"} {
		assert.Positive(t, bits[b], "someone immune by %s", name)
	}
}

// TestABMImmunityDeterministicAcrossWorkers: the immunity phases draw in
// patch-stream order, so 1 and 2 workers give identical agents.
func TestABMImmunityDeterministicAcrossWorkers(t *testing.T) {
	var prints []abmFingerprint
	var immunity [][]uint8
	for _, workers := range []int{1, 2} {
		p := abmParams(400, 9)
		p.Parallel = true
		_, fs := immunitySchedule()
		m := newABM(t, gridScenario(t, 3, 4, 3000, 0.8), p, fs, model.WithWorkers(workers))
		require.NoError(t, m.Run(context.Background()))
		prints = append(prints, fingerprint(t, m))
		tab, err := agents.Of(m.World())
		require.NoError(t, err)
		immunity = append(immunity, append([]uint8(nil), tab.Immunity[:tab.Len()]...))
	}
	assert.Equal(t, prints[0], prints[1])
	assert.Equal(t, immunity[0], immunity[1])
}

// ageShare returns, among the live agents aged lo…hi days at tick today,
// how many there are and how many satisfy ok.
func ageShare(tab *agents.Table, today int32, lo, hi int32, ok func(id int) bool) (n, k int) {
	for id := range tab.Len() {
		if tab.State[id] == agents.Dead {
			continue
		}
		if a := today - tab.DOB[id]; a >= lo && a <= hi {
			n++
			if ok(id) {
				k++
			}
		}
	}
	return n, k
}

// TestRoutineMCV1SusceptibleShare is the parity check of issue 25: with
// MCV1 coverage c and efficacy e, the susceptible share of 2-year-olds is
// (1 − c·e) × (the share who escaped infection). Without transmission
// everyone escapes infection and nobody starts immune, so each child is
// susceptible after its dose unless reached (probability c) and immunised
// (probability e, independently): P(S) = 1 − c·e. e is the efficacy of
// the dose's age: efficacy_under_12m before 365 days, efficacy after.
// The 2-year-olds (730…1094 days at the end of 1095 days) were all born
// during the run and dosed then. With n of them, the share's Monte Carlo
// sd is √(p(1 − p)/n); the tolerance is 4 sd (a false failure about once
// in 16 000 runs). The doses tracker's MCV1 total must equal the doses
// given: those immunised plus the reached children left susceptible.
func TestRoutineMCV1SusceptibleShare(t *testing.T) {
	const coverage = 0.8
	cases := []struct {
		name     string
		age      int
		efficacy float64
		maternal bool
	}{
		{"MCV1 at 9 months", 270, 0.85, false},  // efficacy_under_12m's default
		{"MCV1 at 13 months", 400, 0.95, false}, // efficacy's default
		{"MCV1 at 9 months, maternal", 270, 0.85, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rp := abm.DefaultRoutineImmunizationParams()
			rp.MCV1Age = c.age
			vital := abm.ABMVitalParams{CrudeBirthRate: 30, CrudeDeathRate: 10}
			fs := []phases.Factory{abm.NewABMVitalDynamics(&vital)}
			// With every newborn protected for D days (lognormal, mean 180,
			// sd 60), the dose on day age finds the child susceptible only
			// when its protection has ended, round(D) ≤ age, i.e.
			// D < age + ½: P = Φ((ln(age + ½) − μ)/σ) ≈ 0.92 at 270 days;
			// the others' doses fail, and they become susceptible later.
			escaped := 1.0
			if c.maternal {
				mp := abm.DefaultMaternalImmunityParams()
				mp.Source, mp.Share = abm.MaternalFromShare, 1
				fs = append(fs, abm.NewMaternalImmunity(&mp))
				mu, sigma := rng.LogNormalParams(mp.DurationMean, mp.DurationSD)
				escaped = 0.5 * math.Erfc(-(math.Log(float64(c.age)+0.5)-mu)/(sigma*math.Sqrt2))
			}
			fs = append(fs, abm.NewRoutineImmunization(&rp), metrics.NewDosesTracker(nil))
			m := newABM(t, gridScenario(t, 2, 2, 40000, coverage), abmParams(1095, 21), fs)
			require.NoError(t, m.Run(context.Background()))
			tab, err := agents.Of(m.World())
			require.NoError(t, err)
			n, s := ageShare(tab, 1094, 730, 1094, func(id int) bool { return tab.State[id] == agents.S })
			want := 1 - coverage*c.efficacy*escaped
			sd := math.Sqrt(want * (1 - want) / float64(n))
			t.Logf("n %d share %.4f want %.4f sd %.4f", n, float64(s)/float64(n), want, sd)
			assert.InDelta(t, want, float64(s)/float64(n), 4*sd, "%d two-year-olds", n)
			doses := agents.DosesOf(m.World())
			tr := model.InstancesOf[*metrics.DosesTracker](m)[0]
			given, err := tr.Series("MCV1")
			require.NoError(t, err)
			var total int64
			for _, v := range given {
				total += v
			}
			assert.Equal(t, sum(doses.Given[agents.DoseMCV1]), total)
			assert.Zero(t, sum(doses.Given[agents.DoseMCV2]), "no mcv2 column, mcv2_coverage 0: no MCV2")
		})
	}
}

// TestMaternalProtectionMean: a protected newborn stays in R for a
// lognormal D days, so among the agents aged a the protected share is
// P(days(D) > a) (deaths are independent of protection), and summing that
// survival over a = 0, 1, … gives E[days(D)] = duration_mean (rounding
// to whole days shifts it by less than 0.1 day), Σ (2a + 1)·P(days(D) > a)
// = E[days(D)²], hence the sd. With maternal_share = 1 every newborn is
// protected. About 27 newborns a day (500 000 people, CBR 20); the sum's
// Monte Carlo sd is √(Σ_a p_a(1 − p_a)/27) ≈ 1.5 days (Σ p(1 − p) ≈ 60
// days for mean 180, sd 60): the tolerance of 3 % (5.4 days) is 3.6 sd; the
// sd's is 10 %.
func TestMaternalProtectionMean(t *testing.T) {
	mp := abm.DefaultMaternalImmunityParams()
	mp.Source, mp.Share = abm.MaternalFromShare, 1
	m := newABM(t, gridScenario(t, 2, 2, 125000, 0), abmParams(900, 5), []phases.Factory{
		abm.NewABMConstantPop(nil), abm.NewMaternalImmunity(&mp)})
	require.NoError(t, m.Run(context.Background()))
	tab, err := agents.Of(m.World())
	require.NoError(t, err)
	var mean, second float64
	for a := int32(0); a < 900; a++ {
		n, k := ageShare(tab, 899, a, a, func(id int) bool {
			return tab.State[id] == agents.R && tab.Immunity[id] == agents.ImmuneMaternal
		})
		if n > 0 {
			p := float64(k) / float64(n)
			mean += p
			second += float64(2*a+1) * p
		}
	}
	t.Logf("mean %.2f sd %.2f", mean, math.Sqrt(second-mean*mean))
	assert.InEpsilon(t, mp.DurationMean, mean, 0.03)
	assert.InEpsilon(t, mp.DurationSD, math.Sqrt(second-mean*mean), 0.10)
}

// TestMaternalFromMothers: with source "mother", a newborn is protected
// when a random agent aged 15–49 years of its patch is in R, so the
// protected share of the youngest (0…5 days old, whose protection of
// mean 180, sd 60 days has not ended: P(D ≤ 5) < 1e-20) is the immune
// share of the agents aged 15–49. Equilibrium at R0 = 1.5 makes that
// share far from 0 and 1 (catalytic, λ small); without transmission it
// does not change. Tolerance 4 binomial sd of the newborns' share.
func TestMaternalFromMothers(t *testing.T) {
	eq := systems.DefaultEquilibriumParams()
	eq.R0 = 1.5
	m := newABM(t, gridScenario(t, 2, 2, 100000, 0), abmParams(60, 6), []phases.Factory{
		abm.NewABMConstantPop(nil), abm.NewInitializeEquilibriumStates(&eq), abm.NewMaternalImmunity(nil)})
	require.NoError(t, m.Initialize())
	tab, err := agents.Of(m.World())
	require.NoError(t, err)
	nm, km := ageShare(tab, 0, 15*365, 50*365-1, func(id int) bool { return tab.State[id] == agents.R })
	mothers := float64(km) / float64(nm)
	require.Greater(t, mothers, 0.2)
	require.Less(t, mothers, 0.8)
	require.NoError(t, m.Run(context.Background()))
	n, k := ageShare(tab, 59, 0, 5, func(id int) bool { return tab.Immunity[id] == agents.ImmuneMaternal })
	sd := math.Sqrt(mothers * (1 - mothers) / float64(n))
	assert.InDelta(t, mothers, float64(k)/float64(n), 4*sd, "%d newborns", n)
}

// TestMaternalAfterEquilibrium: the maternal phase before the initial
// states is refused (the mothers' immunity is drawn there).
func TestMaternalAfterEquilibrium(t *testing.T) {
	m := newABM(t, gridScenario(t, 1, 2, 1000, 0), abmParams(10, 6), []phases.Factory{
		abm.NewABMConstantPop(nil), abm.NewMaternalImmunity(nil), abm.NewInitializeEquilibriumStates(nil)})
	assert.ErrorContains(t, m.Initialize(), "MaternalImmunityProcess must come after InitializeEquilibriumStatesProcess")
}

// TestABMSIATargetsAges: a campaign for 9–59 months (270…1800 days) of
// group "1" (the grid's second row) reaches only children of that age and
// group: every agent with the SIA bit is of the group and was aged
// 270…1800 on the campaign's day. Its Targeted is the number of such
// children alive that day (counted from the table right after the
// campaign, the last phase of the tick), and Doses ~ Binomial(Targeted,
// coverage): within 4 sd of coverage × Targeted. Nobody is immune before
// (no initial states, no transmission), so with sia_efficacy 1 every dose
// immunises; the doses tracker's SIA total equals the doses.
func TestABMSIATargetsAges(t *testing.T) {
	const coverage = 0.7
	sp := siaParams(coverage)
	sp.Efficacy = 1
	m := newABM(t, gridScenario(t, 3, 3, 20000, 0), abmParams(siaTick+30, 8), []phases.Factory{
		abm.NewABMConstantPop(nil), metrics.NewDosesTracker(&metrics.KitParams{AggregationLevel: 0, Every: 1}),
		abm.NewABMSIACalendar(sp)})
	require.NoError(t, m.RunTicks(context.Background(), siaTick+1))
	tab, err := agents.Of(m.World())
	require.NoError(t, err)
	scn := m.Scenario()
	inGroup := func(id int) bool { return scenario.GroupKey(scn.ID[tab.Patch[id]], 0) == "1" }
	_, targeted := ageShare(tab, siaTick, 270, 1800, inGroup)
	sia := model.InstancesOf[*abm.ABMSIACalendar](m)[0]
	res := sia.Results()
	require.Len(t, res, 1)
	assert.Equal(t, siaTick, res[0].Tick)
	assert.Equal(t, int64(targeted), res[0].Targeted)
	assert.Equal(t, res[0].Doses, res[0].Immunised)
	sd := math.Sqrt(float64(targeted) * coverage * (1 - coverage))
	assert.InDelta(t, coverage*float64(targeted), float64(res[0].Doses), 4*sd)
	var vaccinated int64
	for id := range tab.Len() {
		if tab.State[id] == agents.Dead || tab.Immunity[id]&agents.ImmuneSIA == 0 {
			continue
		}
		vaccinated++
		age := siaTick - tab.DOB[id]
		require.True(t, inGroup(id) && age >= 270 && age <= 1800, "agent %d of patch %s aged %d days", id, scn.ID[tab.Patch[id]], age)
	}
	assert.Equal(t, res[0].Doses, vaccinated)
	require.NoError(t, m.RunTicks(context.Background(), 29))
	tr := model.InstancesOf[*metrics.DosesTracker](m)[0]
	vals, err := tr.Values("SIA")
	require.NoError(t, err)
	assert.Equal(t, res[0].Doses, vals[siaTick+1][1], "recorded the tick after: the tracker precedes the campaign")
	assert.Equal(t, []string{"0", "1", "2"}, tr.GroupIDs())
}

// TestNoAllocationsPerABMImmunityTick: with maternal immunity, routine
// MCV1 and MCV2 and a steady population (ConstantPop), a day allocates
// nothing once warm: the calendars reserve a day's births per bucket and
// the mothers' lists keep their capacity between listings.
func TestNoAllocationsPerABMImmunityTick(t *testing.T) {
	rp := abm.DefaultRoutineImmunizationParams()
	rp.MCV2Coverage = 0.5
	m := newABM(t, gridScenario(t, 2, 2, 20000, 0.8), abmParams(1000, 1), []phases.Factory{
		abm.NewInitializeEquilibriumStates(nil), abm.NewImportationPressure(nil), abm.NewABMInfection(nil),
		abm.NewABMConstantPop(nil), abm.NewMaternalImmunity(nil), abm.NewRoutineImmunization(&rp),
		metrics.NewDosesTracker(nil), metrics.NewStateTracker(nil)})
	ctx := context.Background()
	require.NoError(t, m.RunTicks(ctx, 400)) // past the first re-listing of the mothers (day 365)
	allocs := testing.AllocsPerRun(100, func() {
		if err := m.RunTicks(ctx, 1); err != nil {
			t.Fatal(err)
		}
	})
	assert.Zero(t, allocs)
}

// TestDosesTrackerRestore: a DosesTracker restored from another's
// snapshot state takes the doses recorded so far as already counted, so
// its next record is the next tick's doses, as the original's.
func TestDosesTrackerRestore(t *testing.T) {
	vital := abm.ABMVitalParams{CrudeBirthRate: 40, CrudeDeathRate: 10}
	m := newABM(t, gridScenario(t, 2, 2, 20000, 0.9), abmParams(200, 2), []phases.Factory{
		abm.NewABMVitalDynamics(&vital), abm.NewRoutineImmunization(nil), metrics.NewDosesTracker(nil)})
	ctx := context.Background()
	require.NoError(t, m.RunTicks(ctx, 100))
	tr := model.InstancesOf[*metrics.DosesTracker](m)[0]
	state, err := tr.SnapshotState()
	require.NoError(t, err)
	c, err := metrics.NewDosesTracker(nil)(m)
	require.NoError(t, err)
	restored := c.(*metrics.DosesTracker)
	require.NoError(t, restored.RestoreState(m, state))
	require.NoError(t, m.RunTicks(ctx, 1))
	require.NoError(t, restored.Step(m, 100))
	want, err := tr.Values("MCV1")
	require.NoError(t, err)
	got, err := restored.Values("MCV1")
	require.NoError(t, err)
	require.Len(t, got, 101)
	assert.Equal(t, want[100], got[100])
	var total int64
	for _, row := range want {
		total += row[0]
	}
	assert.Positive(t, total, "MCV1 doses were given")
}

// TestMaternalMemoryEstimate: the maternal phase's column (and mothers'
// lists) are an item of the memory estimate, 8 bytes per agent of
// capacity.
func TestMaternalMemoryEstimate(t *testing.T) {
	m := newABM(t, gridScenario(t, 1, 2, 1000, 0), abmParams(10, 1), []phases.Factory{
		abm.NewABMConstantPop(nil), abm.NewMaternalImmunity(nil)})
	var found bool
	for _, it := range m.EstimateMemory().Items {
		if it.Component == abm.MaternalImmunityName {
			found = true
			assert.Equal(t, float64(8*m.AgentCapacity()), it.Storage.Bytes())
		}
	}
	assert.True(t, found)
}
