package metrics_test

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"math"
	"strconv"
	"testing"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/metrics/tidyparquet"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// kitScenario is three patches in two regions (aggregation level 0: "a"
// holds a:1 and a:2, "b" holds b:1).
func kitScenario(t *testing.T) *scenario.Table {
	t.Helper()
	scn, err := scenario.FromColumns([]string{"a:1", "b:1", "a:2"}, []int64{1000, 2000, 4000},
		[]float64{10, 11, 12}, []float64{20, 21, 22}, []float64{0, 0, 0})
	require.NoError(t, err)
	return scn
}

// popSpec records each group's population and the tick itself (so that
// sampled ticks can be told apart), as int64.
func popSpec(level, every int) metrics.TrackerSpec[int64] {
	return metrics.TrackerSpec[int64]{
		Name: "Pop Kit", States: []string{"N", "tick"}, Params: metrics.KitParams{AggregationLevel: level, Every: every},
		Measure: func(s *metrics.Sample[int64]) error {
			w := s.Model.World()
			for g := range s.Groups() {
				s.Set(0, g, s.Sum(g, w.S())+s.Sum(g, w.I())+s.Sum(g, w.R()))
				s.Set(1, g, int64(s.Tick))
			}
			return nil
		},
	}
}

// TestKitGroupingAndSampling: groups follow SPEC §8.1 and only every k-th
// tick is recorded, labelled with its own tick.
func TestKitGroupingAndSampling(t *testing.T) {
	for _, tc := range []struct {
		name         string
		level, every int
		groups       []string
		pops         []int64 // the groups' populations (no births or deaths in the schedule)
		ticks        []int64 // recorded ticks of 7
	}{
		{"all patches, every tick", metrics.AllPatches, 1, []string{"all_patches"}, []int64{7000}, []int64{0, 1, 2, 3, 4, 5, 6}},
		{"level 0, every 3", 0, 3, []string{"a", "b"}, []int64{5000, 2000}, []int64{0, 3, 6}},
		{"per patch, every 2", metrics.PerPatch, 2, []string{"a:1", "b:1", "a:2"}, []int64{1000, 2000, 4000}, []int64{0, 2, 4, 6}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newModel(t, kitScenario(t), 7, popSpec(tc.level, tc.every).Factory())
			require.NoError(t, m.Run(context.Background()))
			k := model.InstancesOf[*metrics.Kit[int64]](m)[0]
			assert.Equal(t, tc.groups, k.GroupIDs())
			assert.Equal(t, len(tc.ticks), k.Recorded())
			n, err := k.Values("N")
			require.NoError(t, err)
			for _, row := range n {
				assert.Equal(t, tc.pops, row)
			}
			ticks, err := k.Values("tick")
			require.NoError(t, err)
			for i, row := range ticks {
				assert.Equal(t, tc.ticks[i], row[0])
			}
			var tidyTicks []int64
			for r := range metrics.Rows(k) {
				if r.State == "tick" && r.PatchID == tc.groups[0] {
					tidyTicks = append(tidyTicks, int64(r.Tick))
				}
			}
			assert.Equal(t, tc.ticks, tidyTicks, "each row carries its own tick")
			var between []int
			for b := range k.BlocksBetween(1, 5) {
				if b.State == "N" {
					between = append(between, b.Tick)
				}
			}
			for _, tick := range between {
				assert.True(t, tick >= 1 && tick < 5 && int64(tick)%int64(tc.every) == 0, "tick %d", tick)
			}
			// Memory: 2 states × groups × ⌈7/every⌉ sampled ticks × 8 bytes.
			assert.Equal(t, float64(2*len(tc.groups)*len(tc.ticks)*8), k.TickStorage(m, 7).Bytes())
		})
	}
}

// shareSpec records each group's share of susceptibles, a float.
var shareSpec = metrics.TrackerSpec[float64]{
	Name: "Share", File: "my-shares", States: []string{"S_share"}, Params: metrics.KitParams{AggregationLevel: 0, Every: 1},
	Measure: func(s *metrics.Sample[float64]) error {
		w := s.Model.World()
		for g := range s.Groups() {
			n := s.Sum(g, w.S()) + s.Sum(g, w.I()) + s.Sum(g, w.R())
			s.Set(0, g, float64(s.Sum(g, w.S()))/float64(n))
		}
		return nil
	},
}

// TestKitFloatExport: a float tracker's CSV has a "value" column whose
// text reads back to the exact float64, its Parquet a DOUBLE "value"
// column with the same values; it cannot share a file with counts.
func TestKitFloatExport(t *testing.T) {
	m := newModel(t, kitScenario(t), 3, systems.NewInfectionSeeding(nil), systems.NewInfection(nil), shareSpec.Factory(), popSpec(metrics.AllPatches, 1).Factory())
	require.NoError(t, m.Run(context.Background()))
	share := model.InstancesOf[*metrics.Kit[float64]](m)[0]
	assert.True(t, metrics.IsFloat(share))
	assert.Equal(t, "my-shares", share.FileBase())
	want, err := share.Values("S_share")
	require.NoError(t, err)
	require.Len(t, want, 3)
	assert.Less(t, want[0][0], 1.0, "seeding infected someone in region a")

	var buf bytes.Buffer
	require.NoError(t, metrics.WriteTidyCSV(&buf, share))
	records, err := csv.NewReader(&buf).ReadAll()
	require.NoError(t, err)
	assert.Equal(t, []string{"tick", "date", "patch_id", "state", "value"}, records[0])
	require.Len(t, records, 1+3*2, "3 ticks × 2 groups")
	assert.Equal(t, []string{"0", "2023-01-01", "a", "S_share"}, records[1][:4])
	got, err := strconv.ParseFloat(records[1][4], 64)
	require.NoError(t, err)
	assert.Equal(t, want[0][0], got, "the text reads back to the same float64")
	assert.Equal(t, strconv.FormatFloat(want[0][0], 'g', -1, 64), records[1][4], "the shortest such text")

	buf.Reset()
	require.NoError(t, tidyparquet.Write(&buf, share))
	type row struct {
		Tick  int32   `parquet:"tick"`
		State string  `parquet:"state"`
		Value float64 `parquet:"value"`
	}
	rows, err := parquet.Read[row](bytes.NewReader(buf.Bytes()), int64(buf.Len()))
	require.NoError(t, err)
	require.Len(t, rows, 6)
	assert.Equal(t, want[2][1], rows[5].Value)

	counts := model.InstancesOf[*metrics.Kit[int64]](m)[0]
	assert.ErrorContains(t, metrics.WriteTidyCSV(&buf, share, counts), "trackers of counts and of float values go in separate files")
	assert.ErrorContains(t, tidyparquet.Write(&buf, share, counts), "trackers of counts and of float values go in separate files")
}

// TestKitSnapshotRoundTrip: SnapshotState → RestoreState on a fresh model
// gives the same table, for float values and sampled ticks; a snapshot of
// another grouping or sampling is refused.
func TestKitSnapshotRoundTrip(t *testing.T) {
	spec := shareSpec
	spec.Params.Every = 2
	m := newModel(t, kitScenario(t), 10, systems.NewInfectionSeeding(nil), systems.NewInfection(nil), spec.Factory())
	require.NoError(t, m.RunTicks(context.Background(), 5))
	saved := model.InstancesOf[*metrics.Kit[float64]](m)[0]
	state, err := saved.SnapshotState()
	require.NoError(t, err)

	fresh := newModel(t, kitScenario(t), 20, spec.Factory())
	k := model.InstancesOf[*metrics.Kit[float64]](fresh)[0]
	require.NoError(t, k.RestoreState(fresh, state))
	assert.Equal(t, 3, k.Recorded(), "ticks 0, 2, 4")
	assert.Equal(t, metrics.Tidy(saved), metrics.Tidy(k))

	other := spec
	other.Params.Every = 3
	o := newModel(t, kitScenario(t), 20, other.Factory())
	assert.ErrorContains(t, model.InstancesOf[*metrics.Kit[float64]](o)[0].RestoreState(o, state), "Share: snapshot records every 2 ticks, the tracker every 3")
	perPatch := spec
	perPatch.Params.AggregationLevel = metrics.PerPatch
	p := newModel(t, kitScenario(t), 20, perPatch.Factory())
	assert.ErrorContains(t, model.InstancesOf[*metrics.Kit[float64]](p)[0].RestoreState(p, state), "Share: snapshot has 2 group_ids, the model has 3")
}

// TestKitErrors: bad declarations and a per-tick function's failures are
// errors naming the tracker and what is wrong.
func TestKitErrors(t *testing.T) {
	measure := func(*metrics.Sample[float64]) error { return nil }
	for _, tc := range []struct {
		name string
		spec metrics.TrackerSpec[float64]
		msg  string
	}{
		{"no name", metrics.TrackerSpec[float64]{States: []string{"x"}, Measure: measure}, "Name is empty"},
		{"no function", metrics.TrackerSpec[float64]{Name: "T", States: []string{"x"}}, "T: Measure is nil"},
		{"no states", metrics.TrackerSpec[float64]{Name: "T", Measure: measure}, "T: States is empty"},
		{"duplicate state", metrics.TrackerSpec[float64]{Name: "T", States: []string{"x", "x"}, Measure: measure}, "each state must be non-empty and distinct"},
		{"path in file name", metrics.TrackerSpec[float64]{Name: "T", File: "../x", States: []string{"x"}, Measure: measure}, `file name "../x"`},
		{"reserved file name", metrics.TrackerSpec[float64]{Name: "Timing", States: []string{"x"}, Measure: measure}, "is the run's own timing file"},
		{"bad level", metrics.TrackerSpec[float64]{Name: "T", States: []string{"x"}, Params: metrics.KitParams{AggregationLevel: -3}, Measure: measure}, "T: aggregation_level must be >= -2, got -3"},
		{"negative every", metrics.TrackerSpec[float64]{Name: "T", States: []string{"x"}, Params: metrics.KitParams{Every: -2}, Measure: measure}, "T: every: -2 is negative"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.NewBiweekly(kitScenario(t), quietParams(2))
			require.NoError(t, err)
			assert.ErrorContains(t, m.SetComponents(tc.spec.Factory()), tc.msg)
			wrapped := metrics.KitFactory(tc.spec, func(k *metrics.Kit[float64]) *metrics.Kit[float64] { return k })
			assert.ErrorContains(t, m.SetComponents(wrapped), tc.msg, "KitFactory refuses it too")
		})
	}

	nan := shareSpec
	nan.Measure = func(s *metrics.Sample[float64]) error { s.Set(0, 1, math.NaN()); return nil }
	m := newModel(t, kitScenario(t), 2, nan.Factory())
	assert.ErrorContains(t, m.Run(context.Background()), `Share: tick 0, state "S_share", group "b": value NaN (values must be finite)`)

	failing := shareSpec
	failing.Measure = func(*metrics.Sample[float64]) error { return errors.New("no data") }
	m = newModel(t, kitScenario(t), 2, failing.Factory())
	assert.ErrorContains(t, m.Run(context.Background()), "Share: tick 0: no data")
}
