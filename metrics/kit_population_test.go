package metrics_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
)

// kitHeld is the column type of the declared compartment "H".
type kitHeld int64

// moveToH is an initialiser moving 100 people of every patch from S to H.
type moveToH struct{}

func (moveToH) Name() string                 { return "MoveToH" }
func (moveToH) Step(phases.Model, int) error { return nil }
func (moveToH) Initialize(m phases.Model) error {
	h, err := m.World().State("H")
	if err != nil {
		return err
	}
	s := m.World().S()
	for j := range s {
		s[j] -= 100
		h[j] += 100
	}
	return nil
}

// TestKitPopulation: Sample.Population counts every compartment, a
// declared one too (the 100 people per patch moved into H), as
// PopulationTracker does; S + I + R alone misses them.
func TestKitPopulation(t *testing.T) {
	spec := metrics.TrackerSpec[int64]{
		Name: "N Kit", States: []string{"N", "SIR"}, Params: metrics.KitParams{AggregationLevel: 0, Every: 1},
		Measure: func(s *metrics.Sample[int64]) error {
			w := s.Model.World()
			for g := range s.Groups() {
				s.Set(0, g, s.Population(g))
				s.Set(1, g, s.Sum(g, w.S())+s.Sum(g, w.I())+s.Sum(g, w.R()))
			}
			return nil
		},
	}
	p := params.Default()
	p.NumTicks, p.ShowProgress = 4, false
	held := model.WithCompartments(ecs.NewCompartment[kitHeld]("H"))
	components := []phases.Factory{func(phases.Model) (phases.Component, error) { return moveToH{}, nil }, spec.Factory()}
	m, err := model.NewBiweekly(kitScenario(t), p, held)
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(components...))
	require.NoError(t, m.RunTicks(context.Background(), 2))
	path := filepath.Join(t.TempDir(), "kit.snap")
	require.NoError(t, m.SaveSnapshot(path))
	require.NoError(t, m.Run(context.Background()))
	// Resumed: RestoreState instead of Initialize, the columns bound all the same.
	resumed, err := model.LoadSnapshot(path, components, held)
	require.NoError(t, err)
	require.NoError(t, resumed.Run(context.Background()))
	for name, run := range map[string]*model.Model{"run": m, "resumed": resumed} {
		k := model.InstancesOf[*metrics.Kit[int64]](run)[0]
		n, err := k.Values("N")
		require.NoError(t, err)
		sir, err := k.Values("SIR")
		require.NoError(t, err)
		require.Len(t, n, 4, name)
		for tick := range n {
			assert.Equal(t, []int64{5000, 2000}, n[tick], "%s, tick %d: groups a (1000 + 4000) and b (2000): no births or deaths", name, tick)
			assert.Equal(t, []int64{5000 - 200, 2000 - 100}, sir[tick], "%s, tick %d: 100 per patch are in H", name, tick)
		}
	}
}
