package fit

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// fixtureIBPF is a fit file of both fixture towns: R0 shared, rho per
// town with a start per town.
const fixtureIBPF = `run = "run.toml"

[data]
file = "cases.csv"
places = ["Town", "Village"]
from = "1950-01-01"

[measurement]
model = "he2010"
rho = 0.5
psi = 0.1

[fit]
method = "ibpf"
particles = 50
iterations = 2
spat_regression = 0.2

[[estimate]]
name = "r0"
lower = 10
upper = 100
start = 40

[[estimate]]
name = "rho"
per = "town"
lower = 0.1
upper = 0.9
start = {Town = 0.4, Village = 0.6}
`

func TestLoadFileIBPF(t *testing.T) {
	f, err := LoadFile(writeFitFixture(t, t.TempDir(), fixtureIBPF, true))
	require.NoError(t, err)
	assert.Equal(t, MethodIBPF, f.Method)
	assert.Equal(t, 0.2, f.SpatRegression)
	assert.Equal(t, []string{"Town", "Village"}, f.Obs.Places)
	require.Len(t, f.Estimates, 2)
	assert.False(t, f.Estimates[0].PerTown)
	assert.True(t, f.Estimates[1].PerTown)
	assert.Equal(t, map[string]float64{"r0": 40, "rho[Town]": 0.4, "rho[Village]": 0.6}, f.Start)
	o := f.IF2Options(1)
	assert.Equal(t, 0.2, o.SpatRegression)

	// The default spatial regression is spatPomp's examples' 0.1.
	f, err = LoadFile(writeFitFixture(t, t.TempDir(), strings.Replace(fixtureIBPF, "spat_regression = 0.2\n", "", 1), true))
	require.NoError(t, err)
	assert.Equal(t, DefaultSpatRegression, f.SpatRegression)
}

// TestLoadFileIBPFErrors: every problem of the shared and per-town keys
// names the file and the key path.
func TestLoadFileIBPFErrors(t *testing.T) {
	swap := func(old, new string) func(string) string {
		return func(s string) string { return strings.Replace(s, old, new, 1) }
	}
	for _, tc := range []struct {
		name string
		edit func(string) string
		want string
	}{
		{"bad per", swap(`per = "town"`, `per = "place"`), `estimate[2].per: "place" is not one of ["shared" "town"]`},
		{"unknown town", swap(`Village = 0.6`, `Vilage = 0.6`), `estimate[2].start.Vilage: "Vilage" is not a fitted place (did you mean "Village"?)`},
		{"town start outside the bounds", swap(`Village = 0.6`, `Village = 0.95`), `estimate[2].start.Village: 0.95 is outside the bounds [0.1, 0.9]`},
		{"town start not a number", swap(`Village = 0.6`, `Village = "high"`), `estimate[2].start.Village: expected a number, got`},
		{"a table for a shared parameter", swap(`start = 40`, `start = {Town = 40}`), `estimate[1].start: a table of towns' starts is for a per-town parameter (per = "town")`},
		{"spat_regression outside [0, 1]", swap(`spat_regression = 0.2`, `spat_regression = 2`), `fit.spat_regression: must be in [0, 1], got 2`},
		{"if2 of two towns", swap(`method = "ibpf"`, `method = "if2"`),
			`fit.method: if2 fits one place, the data have 2: choose one with data.places, or fit them together with method = "ibpf"`},
		{"profile of a per-town parameter", func(s string) string {
			return strings.Replace(s, `method = "ibpf"`, `method = "profile"`, 1) + "\n[profile]\nparameter = \"rho\"\nvalues = [0.3, 0.5]\n"
		}, `estimate[2].per: rho is profiled, so it must be shared: a profile holds one value in every town`},
		// Without a start, rho starts at the measurement's 0.5 in every town.
		{"model value outside the bounds in a town", func(s string) string {
			return strings.Replace(strings.Replace(s, "start = {Town = 0.4, Village = 0.6}\n", "", 1), "lower = 0.1", "lower = 0.6", 1)
		}, `estimate[2]: rho starts at the model's value 0.5 in Town, outside its bounds [0.6, 0.9]`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := writeFitFixture(t, t.TempDir(), tc.edit(fixtureIBPF), true)
			_, err := LoadFile(path)
			require.Error(t, err)
			assert.Contains(t, err.Error(), path+": "+tc.want)
		})
	}
}
