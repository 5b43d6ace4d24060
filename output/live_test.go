package output

import (
	"bytes"
	"context"
	"io"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/metrics/tidyparquet"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// liveModel builds a 3×3 grid model with the standard schedule and a
// population tracker (and any more components), reporting every completed tick to feed.
func liveModel(t *testing.T, feed *progressFeed, ticks int, more ...phases.Factory) (*model.Model, *metrics.PopulationTracker) {
	t.Helper()
	scn, err := scenario.Grid(3, 3, 5000, scenario.DefaultGridOptions())
	require.NoError(t, err)
	p := params.Default()
	p.NumTicks, p.ShowProgress = ticks, false
	m, err := model.NewBiweekly(scn, p, model.WithAfterTick(feed.tick))
	require.NoError(t, err)
	require.NoError(t, m.SetComponents(append(append(model.DefaultComponents(), metrics.NewPopulationTracker(nil)), more...)...))
	require.NoError(t, m.Initialize())
	return m, model.InstancesOf[*metrics.PopulationTracker](m)[0]
}

// TestLiveTrackerFollowsTheRun checks that a table written while the model
// runs (the writer started before the first tick, woken every few ticks)
// is byte-identical to the same table written after the run. Run it with
// -race to check the synchronisation.
func TestLiveTrackerFollowsTheRun(t *testing.T) {
	const ticks = 70 // not a multiple of the reporting interval (70/32 → every 2 ticks)
	feed := newProgressFeed()
	m, pop := liveModel(t, feed, ticks)
	live := writeLiveAndAfter(t, m, feed, pop, metrics.WriteTidyCSV)
	assert.Equal(t, 1+ticks*9, strings.Count(string(live), "\n"), "header and one row per tick and patch")
}

// writeLiveAndAfter writes tr's table with write while m runs its ticks
// (following feed), checks it equals the table written after the run, and
// returns it.
func writeLiveAndAfter(t *testing.T, m *model.Model, feed *progressFeed, tr metrics.Tracker, write func(io.Writer, ...metrics.Tracker) error) []byte {
	t.Helper()
	feed.startAt(m.Tick(), m.Params().NumTicks)
	var live bytes.Buffer
	done := make(chan error)
	go func() { done <- write(&live, liveTracker{Tracker: tr, feed: feed}) }()
	require.NoError(t, m.Run(context.Background()))
	feed.publish(m.Tick(), true)
	require.NoError(t, <-done)

	var after bytes.Buffer
	require.NoError(t, write(&after, tr))
	assert.Equal(t, after.Bytes(), live.Bytes())
	return live.Bytes()
}

// TestLiveTrackerStopsOnFailure checks that a failed run stops the writer:
// it returns after the ticks published so far instead of waiting for ticks
// that will never come.
func TestLiveTrackerStopsOnFailure(t *testing.T) {
	feed := newProgressFeed()
	m, pop := liveModel(t, feed, 10)
	feed.startAt(m.Tick(), 10)
	require.NoError(t, m.RunTicks(context.Background(), 4))
	var live bytes.Buffer
	done := make(chan error)
	go func() { done <- metrics.WriteTidyCSV(&live, liveTracker{Tracker: pop, feed: feed}) }()
	feed.fail()
	require.NoError(t, <-done)
	assert.LessOrEqual(t, strings.Count(live.String(), "\n"), 1+4*9, "no tick past the 4 completed ones")
}

// TestLiveTrackerKeepsFloatValues checks that a float-valued kit tracker
// written live has the same table as written after the run, CSV and
// Parquet: the live wrapper must not hide [metrics.FloatTracker] (it did,
// and a share was written under a "count" header).
func TestLiveTrackerKeepsFloatValues(t *testing.T) {
	const ticks = 12
	spec := metrics.TrackerSpec[float64]{ // a third of I per group: floats with long decimals
		Name: "Third", States: []string{"I_third"}, Params: metrics.DefaultKitParams(),
		Measure: func(s *metrics.Sample[float64]) error {
			for g := range s.Groups() {
				s.Set(0, g, float64(s.Sum(g, s.Model.World().I()))/3)
			}
			return nil
		},
	}
	for _, tc := range []struct {
		name  string
		write func(io.Writer, ...metrics.Tracker) error
	}{{"csv", metrics.WriteTidyCSV}, {"parquet", tidyparquet.Write}} {
		t.Run(tc.name, func(t *testing.T) {
			feed := newProgressFeed()
			m, _ := liveModel(t, feed, ticks, spec.Factory())
			live := writeLiveAndAfter(t, m, feed, model.InstancesOf[*metrics.Kit[float64]](m)[0], tc.write)
			if tc.name == "csv" {
				assert.True(t, strings.HasPrefix(string(live), "tick,date,patch_id,state,value\n"), string(live))
			}
		})
	}
}
