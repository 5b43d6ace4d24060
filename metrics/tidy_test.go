package metrics_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
)

// TestWriteTidyCSVSeveral writes all four trackers into one CSV (SPEC
// §8.5): leading tracker column, each tracker's rows tick-major, then state,
// then group. No process runs, so the counts are exact: TwoPatch pops
// 100 000 / 50 000 with 10 infectious placed in patch_1.
func TestWriteTidyCSVSeveral(t *testing.T) {
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	m := newModel(t, scn, 2, metrics.NewStateTracker(nil), metrics.NewPopulationTracker(nil),
		surveillance(1, metrics.PerPatch), metrics.NewFadeOutTracker(nil))
	require.NoError(t, m.Infect([]int{0}, []int64{10}))
	require.NoError(t, m.Run(context.Background()))

	var trackers []metrics.Tracker
	for _, c := range m.Instances() {
		trackers = append(trackers, c.(metrics.Tracker))
	}
	var buf bytes.Buffer
	require.NoError(t, metrics.WriteTidyCSV(&buf, trackers...))
	want := strings.Join([]string{
		"tracker,tick,date,patch_id,state,count",
		"StateTracker,0,2023-01-01,all_patches,S,149990",
		"StateTracker,0,2023-01-01,all_patches,I,10",
		"StateTracker,0,2023-01-01,all_patches,R,0",
		"StateTracker,1,2023-01-15,all_patches,S,149990",
		"StateTracker,1,2023-01-15,all_patches,I,10",
		"StateTracker,1,2023-01-15,all_patches,R,0",
		"PopulationTracker,0,2023-01-01,patch_1,N,100000",
		"PopulationTracker,0,2023-01-01,patch_2,N,50000",
		"PopulationTracker,1,2023-01-15,patch_1,N,100000",
		"PopulationTracker,1,2023-01-15,patch_2,N,50000",
		"CaseSurveillanceTracker,0,2023-01-01,patch_1,cases,10",
		"CaseSurveillanceTracker,0,2023-01-01,patch_2,cases,0",
		"CaseSurveillanceTracker,1,2023-01-15,patch_1,cases,10",
		"CaseSurveillanceTracker,1,2023-01-15,patch_2,cases,0",
		"FadeOutTracker,0,2023-01-01,all_patches,fadeouts,1",
		"FadeOutTracker,1,2023-01-15,all_patches,fadeouts,1",
	}, "\n") + "\n"
	assert.Equal(t, want, buf.String())

	buf.Reset()
	require.NoError(t, metrics.WriteTidyCSV(&buf, trackers[3]))
	assert.Equal(t, "tick,date,patch_id,state,count\n0,2023-01-01,all_patches,fadeouts,1\n1,2023-01-15,all_patches,fadeouts,1\n",
		buf.String(), "one tracker: no tracker column")
}

// TestWriteTidyCSVQuoting: ids are written with standard CSV quoting, and a
// tracker that has not run yet writes the header only.
func TestWriteTidyCSVQuoting(t *testing.T) {
	scn, err := scenario.FromColumns([]string{`a,"b"`}, []int64{7}, []float64{0}, []float64{0}, []float64{0})
	require.NoError(t, err)
	m := newModel(t, scn, 1, metrics.NewPopulationTracker(nil))
	tr := model.InstancesOf[*metrics.PopulationTracker](m)[0]
	require.NoError(t, m.Initialize())
	var buf bytes.Buffer
	require.NoError(t, metrics.WriteTidyCSV(&buf, tr))
	assert.Equal(t, "tick,date,patch_id,state,count\n", buf.String())

	require.NoError(t, m.Run(context.Background()))
	buf.Reset()
	require.NoError(t, metrics.WriteTidyCSV(&buf, tr))
	assert.Equal(t, "tick,date,patch_id,state,count\n0,2023-01-01,\"a,\"\"b\"\"\",N,7\n", buf.String())
}
