package systems_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
)

// TestSeedingSEIR: in an SEIR world the seeds are exposures, S → E; I stays
// 0. In the SIR world of the same scenario they go to I (SPEC §5.2).
func TestSeedingSEIR(t *testing.T) {
	scn := table(t, []string{"a", "b"}, []int64{100, 5000})
	v := newSEIRView(t, scn, quietParams(1, 1))
	c, err := systems.NewInfectionSeeding(&systems.SeedingParams{NumInfections: 7, UseLargestPatch: true})(v)
	require.NoError(t, err)
	require.NoError(t, c.(phases.Initializer).Initialize(v))
	w := v.World()
	assert.Equal(t, []int64{100, 4993}, w.S())
	assert.Equal(t, []int64{0, 7}, w.E())
	assert.Equal(t, []int64{0, 0}, w.I())
}

// TestImportBlockSEIR: with E = 10⁶ and S = 10, p = 10⁻³, an n that counts
// E has mean 1000 imports, clamped to S = 10 (P(Binomial(10⁶+10, 10⁻³) <
// 10) is below 10⁻⁴⁰⁰); an n without E would give Binomial(10, 10⁻³),
// almost always 0. The imports go to E, never to I.
func TestImportBlockSEIR(t *testing.T) {
	s, e, i, r := []int64{10}, []int64{1_000_000}, []int64{0}, []int64{0}
	systems.ImportBlock(rng.NewSource(1, "test", 2), s, e, i, r, []float64{1e-3})
	assert.Equal(t, []int64{0}, s)
	assert.Equal(t, []int64{1_000_010}, e)
	assert.Equal(t, []int64{0}, i)
}

// TestImportationSEIR: the system in an SEIR world moves S → E, keeping
// S + E (I and R stay 0).
func TestImportationSEIR(t *testing.T) {
	scn := table(t, []string{"a", "b"}, []int64{100000, 200000})
	imp := systems.ImportationParams{Rate: systems.RateAll(100), EndDays: -1, TicksPerYear: 28}
	v := newSEIRView(t, scn, quietParams(3, 4), systems.NewImportationPressure(&imp))
	c := v.Instances()[0].(phases.Stepper)
	for tick := range 3 {
		require.NoError(t, c.Step(v, tick))
	}
	w := v.World()
	assert.Positive(t, w.E()[0]+w.E()[1])
	assert.Equal(t, []int64{0, 0}, w.I())
	for j := range 2 {
		assert.Equal(t, scn.Pop[j], w.S()[j]+w.E()[j])
	}
}

// TestVitalBlockDrawOrder: the kernel's draws equal hand-made batched draws
// ([rng.Poissons], here of one lane each) from the same stream in the order
// vacc, unvacc, dS, dI, dR (SIR, e nil) and vacc, unvacc, dS, dE, dI, dR
// (SEIR, where N includes E).
func TestVitalBlockDrawOrder(t *testing.T) {
	rates := systems.VitalRates{Birth: 0.01, Death: 0.02, Efficacy: 0.9}
	mcv1 := 0.5
	for _, seir := range []bool{false, true} {
		s, e, i, r := int64(40000), int64(3000), int64(2000), int64(50000)
		cols := systems.VitalColumns{S: []int64{s}, I: []int64{i}, R: []int64{r}, MCV1: []float64{mcv1},
			Births: make([]int64, 1), Vaccinated: make([]int64, 1), Deaths: make([]int64, 1)}
		if seir {
			cols.E = []int64{e}
		} else {
			e = 0
		}
		_, cerr := systems.VitalBlock(rng.NewSource(3, "test", 4), rates, cols)
		require.Nil(t, cerr)

		src := rng.NewSource(3, "test", 4)
		b := float64(s+e+i+r) * rates.Birth
		vacc := poisson1(src, b*mcv1*rates.Efficacy)
		unvacc := poisson1(src, b*(1-mcv1*rates.Efficacy))
		ds := poisson1(src, float64(s)*rates.Death)
		var de int64
		if seir {
			de = poisson1(src, float64(e)*rates.Death)
		}
		di := poisson1(src, float64(i)*rates.Death)
		dr := poisson1(src, float64(r)*rates.Death)
		assert.Equal(t, []int64{s + unvacc - ds}, cols.S, "seir %v", seir)
		assert.Equal(t, []int64{i - di}, cols.I, "seir %v", seir)
		assert.Equal(t, []int64{r + vacc - dr}, cols.R, "seir %v", seir)
		if seir {
			assert.Equal(t, []int64{e - de}, cols.E)
		}
		assert.Equal(t, []int64{ds + de + di + dr}, cols.Deaths, "seir %v", seir)
		assert.Equal(t, []int64{vacc + unvacc}, cols.Births, "seir %v", seir)
	}
}

// TestConstantPopBlockDrawOrder: ConstantPop draws dS, dI, dR (SIR) or dS,
// dE, dI, dR (SEIR) and puts their sum into S; S+E+I+R is unchanged.
func TestConstantPopBlockDrawOrder(t *testing.T) {
	const mu = 0.05
	for _, seir := range []bool{false, true} {
		s, e, i, r := []int64{40000}, []int64{3000}, []int64{2000}, []int64{50000}
		if !seir {
			e = nil
		}
		_, cerr := systems.ConstantPopBlock(rng.NewSource(5, "test", 6), mu, s, e, i, r)
		require.Nil(t, cerr)
		src := rng.NewSource(5, "test", 6)
		ds := poisson1(src, 40000*mu)
		var de int64
		if seir {
			de = poisson1(src, 3000*mu)
		}
		di := poisson1(src, 2000*mu)
		dr := poisson1(src, 50000*mu)
		assert.Equal(t, []int64{40000 - ds + (ds + de + di + dr)}, s, "seir %v", seir)
		assert.Equal(t, []int64{2000 - di}, i)
		assert.Equal(t, []int64{50000 - dr}, r)
		if seir {
			assert.Equal(t, []int64{3000 - de}, e)
		}
	}
}

// TestVitalDynamicsSEIR: a patch whose people are all in E still has
// births (N counts E: mean 10⁶·λ_b = 759.8 per tick, SPEC §5.4) and its
// deaths come from E, dE ~ Poisson(10⁶·μ_d = 305.7), within 5 SE
// (√305.7 = 17.5) of the mean; one tick.
func TestVitalDynamicsSEIR(t *testing.T) {
	scn := table(t, []string{"a"}, []int64{1_000_000})
	v := newSEIRView(t, scn, quietParams(1, 9), systems.NewVitalDynamics(nil))
	w := v.World()
	w.E()[0], w.S()[0] = 1_000_000, 0
	vd := v.Instances()[0].(*systems.VitalDynamics)
	require.NoError(t, vd.Step(v, 0))
	mu := systems.DefaultVitalDynamicsParams().DeathRate(v.TimeStepDays()) // SPEC §5.4: 3.056751e−4 biweekly
	dE := 1_000_000 - w.E()[0]
	assert.InDelta(t, 1e6*mu, float64(dE), 5*math.Sqrt(1e6*mu))
	assert.Equal(t, dE, vd.Deaths()[0], "every death came from E")
	assert.Positive(t, vd.Births()[0])
	assert.Equal(t, vd.Births()[0], w.S()[0]+w.R()[0])
}

// TestConstantPopSEIR: ConstantPop in an SEIR world keeps S+E+I+R of every
// patch and takes deaths from E (here the only non-empty compartment
// besides S), reborn into S.
func TestConstantPopSEIR(t *testing.T) {
	scn := table(t, []string{"a", "b"}, []int64{50000, 80000})
	cp := systems.ConstantPopParams{CrudeBirthRate: 500} // μ ≈ 0.0157 per tick: hundreds of deaths from E
	v := newSEIRView(t, scn, quietParams(5, 2), systems.NewConstantPop(&cp))
	w := v.World()
	for j := range 2 {
		w.E()[j], w.S()[j] = scn.Pop[j]/2, scn.Pop[j]-scn.Pop[j]/2
	}
	c := v.Instances()[0].(phases.Stepper)
	for tick := range 5 {
		require.NoError(t, c.Step(v, tick))
	}
	for j := range 2 {
		assert.Equal(t, scn.Pop[j], w.S()[j]+w.E()[j]+w.I()[j]+w.R()[j])
		assert.Less(t, w.E()[j], scn.Pop[j]/2, "deaths came from E")
	}
}

// TestVitalBlockFromData: with per-patch means the kernel draws births
// Poisson(BirthMean·share) and deaths with the hazard DeathMean/N, N
// counting E (here 100/2000 = 0.05), in the batched order; an empty patch
// gets the hazard 0 and no deaths (no 0/0).
func TestVitalBlockFromData(t *testing.T) {
	rates := systems.VitalRates{Birth: 0.5, Death: 0.5, Efficacy: 0.9} // ignored: the means replace them
	cols := systems.VitalColumns{S: []int64{1000, 0}, E: []int64{500, 0}, I: []int64{0, 0}, R: []int64{500, 0},
		MCV1: []float64{0.5, 0}, BirthMean: []float64{80, 0}, DeathMean: []float64{100, 7},
		Births: make([]int64, 2), Vaccinated: make([]int64, 2), Deaths: make([]int64, 2)}
	_, cerr := systems.VitalBlock(rng.NewSource(7, "test", 8), rates, cols)
	require.Nil(t, cerr)
	src := rng.NewSource(7, "test", 8) // batched over the two patches, one compartment at a time
	vacc := poissons(src, 80*0.5*0.9, 0)[0]
	unvacc := poissons(src, 80*(1-0.5*0.9), 0)[0]
	ds := poissons(src, 1000*0.05, 0)[0]
	de := poissons(src, 500*0.05, 0)[0]
	poissons(src, 0, 0) // dI from I = 0
	dr := poissons(src, 500*0.05, 0)[0]
	assert.Equal(t, []int64{1000 + unvacc - ds, 0}, cols.S)
	assert.Equal(t, []int64{500 - de, 0}, cols.E)
	assert.Equal(t, []int64{500 + vacc - dr, 0}, cols.R)
	assert.Equal(t, []int64{ds + de + dr, 0}, cols.Deaths)
}

// poissons draws one batch of Poisson lanes ([rng.Poissons]).
func poissons(src *rng.Source, means ...float64) []int64 {
	out := make([]int64, len(means))
	rng.Poissons(src, means, out)
	return out
}

// poisson1 draws a batch of one Poisson lane.
func poisson1(src *rng.Source, mean float64) int64 { return poissons(src, mean)[0] }
