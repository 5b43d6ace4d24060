package ecs_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
)

// Component types of the roles tests' compartments.
type (
	rolesA int64
	rolesB int64
	rolesC int64
)

// TestRoleColumns: the world groups its extra compartments by role, in
// state order, a compartment with several roles in several groups; the
// columns alias the storage; Roles is nil without any role.
func TestRoleColumns(t *testing.T) {
	a := ecs.NewCompartment[rolesA]("A").WithRoles(ecs.Roles{InPopulation: true, Dies: true})
	b := ecs.NewCompartment[rolesB]("B")
	c := ecs.NewCompartment[rolesC]("C").WithRoles(ecs.Roles{InPopulation: true, Susceptibility: 0.3})
	data := ecs.PatchData{Pop: []int64{10, 20}, Lat: make([]float64, 2), Lon: make([]float64, 2), MCV1: make([]float64, 2)}
	w, err := ecs.NewSEIRWorld(data, a, b, c)
	require.NoError(t, err)
	rc := w.RoleColumns()
	assert.Equal(t, []string{"A", "C"}, rc.CountedNames)
	assert.Equal(t, []string{"A"}, rc.DyingNames)
	assert.Equal(t, []string{"C"}, rc.SusceptibleNames)
	assert.Equal(t, []float64{0.3}, rc.Sigma)
	colA, _ := w.State("A")
	colC, _ := w.State("C")
	colA[1], colC[1] = 4, 5
	assert.Equal(t, int64(9), rc.CountedAt(1), "A + C at patch 1, through the aliased columns")
	assert.Equal(t, ecs.Roles{InPopulation: true, Dies: true}, w.Compartments()[4].Roles())
	require.NotNil(t, w.Roles())

	plain, err := ecs.NewWorld(data, b)
	require.NoError(t, err)
	assert.Nil(t, plain.Roles(), "no role: the kernels' path of a world without declared compartments")
	var none *ecs.RoleColumns
	assert.Zero(t, none.CountedAt(0))
}

// TestRolesChecked: a negative or non-finite susceptibility is refused by
// CheckCompartments (and so by NewWorld and registration), naming the
// compartment.
func TestRolesChecked(t *testing.T) {
	for _, sigma := range []float64{-0.1, math.NaN(), math.Inf(1)} {
		err := ecs.CheckCompartments([]ecs.Compartment{ecs.NewCompartment[rolesA]("A").WithRoles(ecs.Roles{Susceptibility: sigma})})
		require.Error(t, err, "σ = %v", sigma)
		assert.Contains(t, err.Error(), "compartment 0 (A): susceptibility must be a finite number ≥ 0")
	}
	assert.NoError(t, ecs.CheckCompartments([]ecs.Compartment{ecs.NewCompartment[rolesA]("A").WithRoles(ecs.Roles{Susceptibility: 2})}))
}

// TestFlowsOf: the world's Flows is added once and returned again.
func TestFlowsOf(t *testing.T) {
	w, err := ecs.NewWorld(ecs.PatchData{Pop: []int64{1}, Lat: []float64{0}, Lon: []float64{0}, MCV1: []float64{0}})
	require.NoError(t, err)
	f := ecs.FlowsOf(w)
	f.Births = []int64{3}
	assert.Same(t, f, ecs.FlowsOf(w))
	assert.Same(t, f, ecs.GetResource[ecs.Flows](w))
}
