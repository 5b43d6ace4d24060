package systest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/rng"
	"github.com/rubeola/rubeola/systems"
)

// Must returns v; a non-nil err is a broken test fixture and panics.
func Must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// RoleM is the component type of the test compartment M.
type RoleM int64

// WorldWithN returns an n-patch world (population 0) declaring M with
// roles.
func WorldWithN(t *testing.T, n int, roles ecs.Roles) *ecs.World {
	t.Helper()
	w, err := ecs.NewWorld(ecs.PatchData{Pop: make([]int64, n), Lat: make([]float64, n), Lon: make([]float64, n),
		MCV1: make([]float64, n)}, ecs.NewCompartment[RoleM]("M").WithRoles(roles))
	require.NoError(t, err)
	return w
}

// ColOf returns w's column of the named state.
func ColOf(t *testing.T, w *ecs.World, name string) []int64 {
	t.Helper()
	col, err := w.State(name)
	require.NoError(t, err)
	return col
}

// ThreeHolidays is the calendar of the terms tests: Christmas (wraps over
// New Year), Easter and summer, A = 0.25. Holiday days: Dec 20…31 (12) +
// Jan 1…4 (4) = 16; Apr 1…14 = 14; Jul 20…31 (12) + Aug (31) + Sep 1…5
// (5) = 48; 78 in all, so 287 days in term, p = 287/365. Multipliers: term
// 1 + 2(1 − p)A = 1 + 2·(78/365)·0.25 = 404/365 = 1.106849315068493;
// holiday 1 − 2pA = 1 − 2·(287/365)·0.25 = 221.5/365 = 0.6068493150684932.
// Yearly mean (287·404 + 78·221.5)/365² = 133 225/133 225 = 1.
func ThreeHolidays() *systems.SeasonSpec {
	return &systems.SeasonSpec{Type: systems.SeasonTerms, Amplitude: 0.25,
		Holidays: [][2]string{{"12-20", "01-04"}, {"04-01", "04-14"}, {"07-20", "09-05"}}}
}

// Multipliers of ThreeHolidays (see its comment).
const (
	TermDay    = 404.0 / 365
	HolidayDay = 221.5 / 365
)

// BinomialHazard1 draws one Binomial(n, 1 − e^(−h)) as the kernels do
// ([rng.BinomialHazards] on one patch), to replay a kernel's draws.
func BinomialHazard1(src *rng.Source, n int64, h float64) int64 {
	out := make([]int64, 1)
	rng.BinomialHazards(src, []int64{n}, []float64{h}, out)
	return out[0]
}
