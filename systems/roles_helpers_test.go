package systems_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
)

// roleM is the component type of the test compartment M.
type roleM int64

// worldWith returns a one-patch world (population 0) declaring M with
// roles.
func worldWith(t *testing.T, roles ecs.Roles) *ecs.World {
	t.Helper()
	return worldWithN(t, 1, roles)
}

// worldWithN returns an n-patch world (population 0) declaring M with
// roles.
func worldWithN(t *testing.T, n int, roles ecs.Roles) *ecs.World {
	t.Helper()
	w, err := ecs.NewWorld(ecs.PatchData{Pop: make([]int64, n), Lat: make([]float64, n), Lon: make([]float64, n),
		MCV1: make([]float64, n)}, ecs.NewCompartment[roleM]("M").WithRoles(roles))
	require.NoError(t, err)
	return w
}

// colOf returns w's column of the named state.
func colOf(t *testing.T, w *ecs.World, name string) []int64 {
	t.Helper()
	col, err := w.State(name)
	require.NoError(t, err)
	return col
}
