package systems_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
)

// vitalOne returns the columns of one patch S = 40 000, I = 2 000,
// R = 50 000 with MCV1 coverage 0.5 (the numbers of TestVitalBlockDrawOrder).
func vitalOne() systems.VitalColumns {
	return systems.VitalColumns{S: []int64{40000}, I: []int64{2000}, R: []int64{50000}, MCV1: []float64{0.5},
		Births: make([]int64, 1), Vaccinated: make([]int64, 1), Deaths: make([]int64, 1), Cohort: make([]int64, 1)}
}

// TestVitalBlockRoles checks VitalBlock's roles and routes against
// hand-made draws from the same stream, in the documented order (vacc,
// unvacc, dS, dI, dR, then cohort vacc, cohort unvacc, then each dying
// declared compartment): a compartment in N raises the crude births' N;
// a dying one loses Poisson(M·μ); births_to sends the unvaccinated births
// to M; a cohort tick draws the cohort after the deaths, into S and R, and
// reports it apart from the births; a compartment with no roles changes
// nothing (the draws of a world without it).
func TestVitalBlockRoles(t *testing.T) {
	rates := systems.VitalRates{Birth: 0.01, Death: 0.02, Efficacy: 0.9}
	const s, i, r, mStart = 40000, 2000, 50000, 8000
	cover := 0.5 * rates.Efficacy
	for _, tc := range []struct {
		name                   string
		roles                  ecs.Roles
		birthsToM, cohortTick  bool
		cohortPerPerson        float64
		wantCountedN, wantDies bool
	}{
		{name: "no roles"},
		{name: "in N", roles: ecs.Roles{InPopulation: true}, wantCountedN: true},
		{name: "dies", roles: ecs.Roles{Dies: true}, wantDies: true},
		{name: "in N, dies, births to M", roles: ecs.Roles{InPopulation: true, Dies: true}, birthsToM: true, wantCountedN: true, wantDies: true},
		{name: "births to M, cohort tick", birthsToM: true, cohortTick: true, cohortPerPerson: 0.02},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := []int64{mStart}
			w := worldWith(t, tc.roles)
			rc := w.RoleColumns()
			copy(colOf(t, w, "M"), m)
			cols := vitalOne()
			cols.Roles, cols.Off = &rc, 0
			mcol := colOf(t, w, "M")
			if tc.birthsToM {
				cols.BirthsTo = mcol
			}
			q := rates
			q.CohortTick, q.Cohort = tc.cohortTick, tc.cohortPerPerson
			_, cerr := systems.VitalBlock(rng.NewSource(3, "test", 4), q, cols)
			require.Nil(t, cerr)

			src := rng.NewSource(3, "test", 4)
			n := float64(s + i + r)
			if tc.wantCountedN {
				n += mStart
			}
			b := n * rates.Birth
			vacc := poisson1(src, b*cover)
			unvacc := poisson1(src, b*(1-cover))
			ds := poisson1(src, s*rates.Death)
			di := poisson1(src, i*rates.Death)
			dr := poisson1(src, r*rates.Death)
			var cv, cu, dm int64
			if tc.cohortTick {
				cv = poisson1(src, n*tc.cohortPerPerson*cover)
				cu = poisson1(src, n*tc.cohortPerPerson*(1-cover))
			}
			if tc.wantDies {
				dm = poisson1(src, mStart*rates.Death)
			}
			wantS, wantM := s+cu-ds, mStart-dm
			if tc.birthsToM {
				wantM += unvacc
			} else {
				wantS += unvacc
			}
			assert.Equal(t, []int64{wantS}, cols.S)
			assert.Equal(t, []int64{wantM}, mcol)
			assert.Equal(t, []int64{i - di}, cols.I)
			assert.Equal(t, []int64{r + vacc + cv - dr}, cols.R)
			assert.Equal(t, []int64{vacc + unvacc}, cols.Births, "the cohort is not in the births")
			assert.Equal(t, []int64{cv + cu}, cols.Cohort)
			assert.Equal(t, []int64{ds + di + dr + dm}, cols.Deaths)
		})
	}
}

// TestVitalBlockDyingRate: a dying compartment's deaths over 1 024 patches
// of M = 10 000 match the crude rate, Σ deaths ≈ Σ M·μ, within 5 standard
// errors (a Poisson sum's SE is √mean; 5 SE fails by chance about once in
// 1.7 million runs), and deaths from data use the hazard DeathMean/N, N
// counting M.
func TestVitalBlockDyingRate(t *testing.T) {
	const patches, mCount = 1024, 10000
	mu := systems.DefaultVitalDynamicsParams().DeathRate(14) // 3.056751e−4 per tick (CDR 8, biweekly)
	w := worldWithN(t, patches, ecs.Roles{InPopulation: true, Dies: true})
	rc := w.RoleColumns()
	mcol := colOf(t, w, "M")
	for j := range mcol {
		mcol[j] = mCount
	}
	cols := systems.VitalColumns{S: make([]int64, patches), I: make([]int64, patches), R: make([]int64, patches),
		MCV1: make([]float64, patches), Births: make([]int64, patches), Vaccinated: make([]int64, patches),
		Deaths: make([]int64, patches), Roles: &rc}
	_, cerr := systems.VitalBlock(rng.NewSource(5, "test", 0), systems.VitalRates{Death: mu}, cols)
	require.Nil(t, cerr)
	var deaths int64
	for j, d := range cols.Deaths {
		assert.Equal(t, mCount-d, mcol[j], "patch %d: M loses its deaths", j)
		deaths += d
	}
	mean := float64(patches*mCount) * mu
	assert.InDelta(t, mean, float64(deaths), 5*math.Sqrt(mean))
}

// TestConstantPopRoles: ConstantPop kills a dying compartment too (its
// deaths drawn after dR) and gives them back to S, so S + I + R + M is
// unchanged; a compartment without roles is untouched.
func TestConstantPopRoles(t *testing.T) {
	for _, tc := range []struct {
		name  string
		roles ecs.Roles
	}{{"dies", ecs.Roles{Dies: true}}, {"no roles", ecs.Roles{}}} {
		t.Run(tc.name, func(t *testing.T) {
			w := worldWith(t, tc.roles)
			mcol := colOf(t, w, "M")
			mcol[0] = 50000
			rc := w.RoleColumns()
			s, i, r := []int64{40000}, []int64{2000}, []int64{50000}
			mu := 0.01
			_, cerr := systems.ConstantPopRoles(rng.NewSource(9, "test", 1), mu, s, nil, i, r, &rc)
			require.Nil(t, cerr)
			assert.Equal(t, int64(40000+2000+50000+50000), s[0]+i[0]+r[0]+mcol[0])
			if tc.roles.Dies {
				assert.Less(t, mcol[0], int64(50000))
			} else {
				assert.Equal(t, int64(50000), mcol[0])
			}
		})
	}
}
