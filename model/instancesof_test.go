package model_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// typeFinder is a component whose Initialize finds the VitalDynamics
// instances by type through the phases.Model it is given.
type typeFinder struct{ found int }

func (f *typeFinder) Name() string                 { return "TypeFinder" }
func (f *typeFinder) Step(phases.Model, int) error { return nil }
func (f *typeFinder) Initialize(m phases.Model) error {
	f.found = len(model.InstancesOf[*systems.VitalDynamics](m))
	return nil
}

// TestInstancesOfFromAComponent checks that a component reaches
// model.InstancesOf with the phases.Model its Initialize receives (it took
// only a *model.Model, so a component had to loop over Instances itself).
func TestInstancesOfFromAComponent(t *testing.T) {
	scn, err := scenario.Grid(2, 2, 1000, scenario.DefaultGridOptions())
	require.NoError(t, err)
	for _, tc := range []struct {
		name string
		list []phases.Factory
		want int
	}{
		{"none", []phases.Factory{metrics.NewStateTracker(nil)}, 0},
		{"one", []phases.Factory{systems.NewVitalDynamics(nil)}, 1},
		{"two", []phases.Factory{systems.NewVitalDynamics(nil), systems.NewVitalDynamics(nil)}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			finder := &typeFinder{found: -1}
			m, err := model.NewBiweekly(scn, params.Default())
			require.NoError(t, err)
			fs := append(tc.list, func(phases.Model) (phases.Component, error) { return finder, nil })
			require.NoError(t, m.SetComponents(fs...))
			require.NoError(t, m.Initialize())
			assert.Equal(t, tc.want, finder.found)
			assert.Len(t, model.InstancesOf[*systems.VitalDynamics](m), tc.want, "through *model.Model as before")
		})
	}
}
