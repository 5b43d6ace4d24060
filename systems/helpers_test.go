package systems_test

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/ecs"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/params/paramstest"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems/internal/systest"
)

// quietParams returns the defaults with ticks and seed set and no progress.
var quietParams = paramstest.QuietParams

// run builds a quiet model with the components and runs it to the end.
func run(t *testing.T, scn *scenario.Table, p params.BiweeklyParams, fs ...phases.Factory) *model.Model {
	t.Helper()
	m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(fs...))
	require.NoError(t, m.Run(context.Background()))
	return m
}

// table builds a validated scenario from columns.
func table(t testing.TB, ids []string, pops []int64) *scenario.Table {
	t.Helper()
	n := len(ids)
	lat, lon, mcv1 := make([]float64, n), make([]float64, n), make([]float64, n)
	for k := range n {
		lat[k] = 40
		lon[k] = 4 + float64(k)
	}
	scn, err := scenario.FromColumns(ids, pops, lat, lon, mcv1)
	require.NoError(t, err)
	return scn
}

// must returns v; a non-nil err is a broken test fixture and panics.
func must[T any](v T, err error) T { return systest.Must(v, err) }

// onePatch is SPEC AT-5's patch: id node_0, pop 10 000, lat 40, lon 4, mcv1 0.
func onePatch(t *testing.T) *scenario.Table {
	t.Helper()
	return must(scenario.FromColumns([]string{"node_0"}, []int64{10000}, []float64{40}, []float64{4}, []float64{0}))
}

// seirView shows a biweekly model to a component with an SEIR world in
// place of its own SIR world (ecs.NewSEIRWorld over the same scenario), so
// that systems tests exercise the E handling of SPEC §5 without the
// compartmental model; streams, blocks and dates are the model's.
type seirView struct {
	*model.Model
	w *ecs.World
}

func (v seirView) World() *ecs.World { return v.w }

// newSEIRView builds a quiet biweekly model over scn with the factories as
// its instances (initialised on its SIR world) and returns it seen through
// an SEIR world with S = pop and E = I = R = 0, and the instances
// re-initialised on that world.
func newSEIRView(t *testing.T, scn *scenario.Table, p params.BiweeklyParams, fs ...phases.Factory) seirView {
	t.Helper()
	m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(fs...))
	w, err := ecs.NewSEIRWorld(ecs.PatchData{Pop: scn.Pop, Lat: scn.Lat, Lon: scn.Lon, MCV1: scn.MCV1})
	require.NoError(t, err)
	require.NotNil(t, w.E())
	v := seirView{m, w}
	for _, c := range m.Instances() {
		if in, ok := c.(phases.Initializer); ok {
			require.NoError(t, in.Initialize(v), c.Name())
		}
	}
	return v
}
