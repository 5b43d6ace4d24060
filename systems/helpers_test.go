package systems_test

import (
	"context"
	"io"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// quietParams returns the defaults with ticks and seed set and no progress.
var quietParams = testkit.QuietParams

// run builds a quiet model with the components and runs it to the end.
func run(t *testing.T, scn *scenario.Table, p params.BiweeklyParams, fs ...phases.Factory) *model.Biweekly {
	t.Helper()
	m, err := model.NewBiweekly(scn, p, model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(fs...))
	require.NoError(t, m.Run(context.Background()))
	return m
}

// table builds a validated scenario from columns.
func table(t *testing.T, ids []string, pops []int64) *scenario.Table {
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
func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// onePatch is SPEC AT-5's patch: id node_0, pop 10 000, lat 40, lon 4, mcv1 0.
func onePatch(t *testing.T) *scenario.Table {
	t.Helper()
	return must(scenario.FromColumns([]string{"node_0"}, []int64{10000}, []float64{40}, []float64{4}, []float64{0}))
}
