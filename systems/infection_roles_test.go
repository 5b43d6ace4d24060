package systems_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/internal/systest"
)

// binomialHazard1 is systest.BinomialHazard1.
var binomialHazard1 = systest.BinomialHazard1

// TestInfectionRoles checks the biweekly draws with a declared compartment
// M against hand-made draws from the same stream: a compartment in N
// divides the force by S + I + R + M (a lower force per infectious), a
// susceptible one is infected with hazard σ·λ after S's draws, its new
// infections join I; with no roles M is untouched and λ is today's.
func TestInfectionRoles(t *testing.T) {
	const s, i, r, m, acc = 20000, 300, 60000, 20000, 120.0
	for _, tc := range []struct {
		name  string
		roles ecs.Roles
	}{
		{"no roles", ecs.Roles{}},
		{"in N", ecs.Roles{InPopulation: true}},
		{"susceptible σ = 0.5", ecs.Roles{Susceptibility: 0.5}},
		{"in N and susceptible σ = 1", ecs.Roles{InPopulation: true, Susceptibility: 1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := worldWith(t, tc.roles)
			mcol := colOf(t, w, "M")
			mcol[0] = m
			rc := w.RoleColumns()
			sc, ic, rcol := []int64{s}, []int64{i}, []int64{r}
			require.Nil(t, systems.InfectRoles(rng.NewSource(4, "test", 2), sc, ic, rcol, []float64{acc}, &rc))

			src := rng.NewSource(4, "test", 2)
			n := float64(s + i + r)
			if tc.roles.InPopulation {
				n += m
			}
			lambda := acc / n
			newS := binomialHazard1(src, s, lambda)
			var newM int64
			if tc.roles.Susceptibility > 0 {
				newM = binomialHazard1(src, m, tc.roles.Susceptibility*lambda)
			}
			assert.Equal(t, []int64{s - newS}, sc)
			assert.Equal(t, []int64{newS + newM}, ic, "new I counts M's infections")
			assert.Equal(t, []int64{r + i}, rcol)
			assert.Equal(t, []int64{m - newM}, mcol)
		})
	}
}

// TestSusceptibleCompartmentLikeS: over 1 024 patches of 5 000 people, a
// compartment with σ = 1 is infected as S is (Σ new I ≈ Σ X·(1 − e^(−λ)))
// and σ = 0.5 as S under half the force, each within 5 standard errors of
// the binomial sum (5 SE fails by chance about once in 1.7 million runs);
// σ = 0 infects nobody.
func TestSusceptibleCompartmentLikeS(t *testing.T) {
	const patches, x, lambda = 1024, 5000, 0.02
	for _, sigma := range []float64{0, 0.5, 1} {
		w := worldWithN(t, patches, ecs.Roles{Susceptibility: sigma})
		mcol := colOf(t, w, "M")
		rc := w.RoleColumns()
		s, i, r, acc := make([]int64, patches), make([]int64, patches), make([]int64, patches), make([]float64, patches)
		for j := range mcol {
			mcol[j], r[j] = x, 1 // N = 1 (R alone: M is not in N), so λ = acc
			acc[j] = lambda
		}
		require.Nil(t, systems.InfectRoles(rng.NewSource(6, "test", 0), s, i, r, acc, &rc))
		var infected int64
		for j := range i {
			assert.Equal(t, x-i[j], mcol[j])
			infected += i[j]
		}
		p := -math.Expm1(-sigma * lambda)
		mean, se := float64(patches*x)*p, math.Sqrt(float64(patches*x)*p*(1-p))
		assert.InDelta(t, mean, float64(infected), 5*se+1e-9, "σ = %v", sigma)
	}
}

// TestImportationRoles: ImportationPressure's n counts a compartment in N
// (imports ~ Binomial(S + I + R + M, prob), at most S) and records each
// patch's imports; without the role n is S + I + R.
func TestImportationRoles(t *testing.T) {
	const s, i, r, m = 1000, 10, 5000, 4000
	hazard := -math.Log1p(-0.01)
	for _, roles := range []ecs.Roles{{}, {InPopulation: true}} {
		w := worldWith(t, roles)
		colOf(t, w, "M")[0] = m
		rc := w.RoleColumns()
		sc, ic, rcol, out := []int64{s}, []int64{i}, []int64{r}, make([]int64, 1)
		systems.ImportRoles(rng.NewSource(2, "test", 5), sc, nil, ic, rcol, []float64{hazard}, &rc, out)
		n := int64(s + i + r)
		if roles.InPopulation {
			n += m
		}
		k := min(binomialHazard1(rng.NewSource(2, "test", 5), n, hazard), s)
		assert.Equal(t, []int64{s - k}, sc, "roles %+v", roles)
		assert.Equal(t, []int64{i + k}, ic)
		assert.Equal(t, []int64{k}, out)
	}
}
