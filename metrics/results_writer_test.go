package metrics_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// readResults decodes a results file, and its "summary" object key by key
// (to see nulls).
func readResults(t *testing.T, path string) (metrics.Results, map[string]json.RawMessage) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var res metrics.Results
	require.NoError(t, json.Unmarshal(data, &res))
	var raw struct {
		Summary map[string]json.RawMessage `json:"summary"`
	}
	require.NoError(t, json.Unmarshal(data, &raw))
	return res, raw.Summary
}

// at21Components is AT-21's list: importation, infection, a global and a
// per-patch StateTracker, then the writer.
func at21Components(writer *metrics.ResultsWriterParams) []phases.Factory {
	per := metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}
	return []phases.Factory{systems.NewImportationPressure(nil), systems.NewInfection(nil),
		metrics.NewStateTracker(nil), metrics.NewStateTracker(&per), metrics.NewResultsWriter(writer)}
}

// TestResultsWriter is SPEC AT-21 on TwoPatch, 52 ticks, in a temp dir.
func TestResultsWriter(t *testing.T) {
	t.Chdir(t.TempDir())
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	m := newModel(t, scn, 52, at21Components(nil)...)
	for _, c := range m.Phases() {
		assert.NotEqual(t, metrics.ResultsWriterName, c.Name(), "the writer is not a phase")
	}
	_, err = os.Stat("results.json")
	require.ErrorIs(t, err, os.ErrNotExist, "nothing is written before Finalize")
	require.NoError(t, m.Run(context.Background()))

	data, err := os.ReadFile("results.json")
	require.NoError(t, err, "default path results.json in the working directory")
	assert.Regexp(t, "^\\{\n  \"model_type\": \"BiweeklyModel\",\n  \"num_ticks\": 52,", string(data), "indent 2, §8.7 key order")
	res, raw := readResults(t, "results.json")

	// The per-patch tracker (level −2) is the most granular.
	assert.Equal(t, []string{"patch_1", "patch_2"}, res.GroupIDs)
	assert.Equal(t, metrics.PerPatch, res.GroupAggregationLevel)
	assert.Equal(t, 2, res.NumGroups)
	assert.Equal(t, []string{"S", "I", "R"}, res.States)
	s := res.Summary.Summary
	want := recountSummary(t, model.InstancesOf[*metrics.StateTracker](m)[1])
	require.NotNil(t, s.PeakTick)
	assert.Equal(t, want.peakTick, *s.PeakTick)
	require.NotNil(t, s.AttackRateGlobal)
	assert.Equal(t, want.attackGlobal, *s.AttackRateGlobal)
	assert.Equal(t, want.attackPerGroup, s.AttackRatePerGroup)
	require.Len(t, s.FinalStateGlobal, 3)
	for state, total := range s.FinalStateGlobal {
		require.Len(t, s.FinalStatePerGroup[state], 2)
		assert.Equal(t, total, s.FinalStatePerGroup[state][0]+s.FinalStatePerGroup[state][1], "final_state_global = Σ per group (%s)", state)
	}
	assert.Equal(t, int64(150000), s.FinalStateGlobal["S"]+s.FinalStateGlobal["I"]+s.FinalStateGlobal["R"],
		"no vital dynamics: the TwoPatch total 100 000 + 50 000 is conserved")
	for _, key := range []string{"attack_rate_per_group", "peak_infectious_per_group", "final_state_per_group"} {
		assert.NotEqual(t, "null", string(raw[key]), key)
	}
	assert.Equal(t, metrics.Metadata{Generator: "rubeola " + metrics.Version, Seed: quietParams(52).Seed,
		StartTime: "2023-01", TimeStepDays: 14}, res.Metadata)

	// The file holds exactly Summarize of that tracker (the Go API).
	trs := model.InstancesOf[*metrics.StateTracker](m)
	assert.Equal(t, metrics.NewResults(trs[1], m), res)
}

// TestResultsWriterCustomPath is SPEC AT-21: the path param and its aliases.
func TestResultsWriterCustomPath(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	path := filepath.Join(dir, "custom.json")
	m := newModel(t, scn, 3, at21Components(&metrics.ResultsWriterParams{Path: path})...)
	require.NoError(t, m.Run(context.Background()))
	_, err = os.Stat(path)
	require.NoError(t, err)
	_, err = os.Stat("results.json")
	require.ErrorIs(t, err, os.ErrNotExist, "only the custom path is written")

	for _, key := range []string{"path", "output_file", "output_path"} {
		p, err := metrics.DecodeResultsWriterParams([]byte(fmt.Sprintf(`{%q: "x.json"}`, key)))
		require.NoError(t, err, key)
		assert.Equal(t, "x.json", p.Path, key)
	}
	p, err := metrics.DecodeResultsWriterParams([]byte(`{}`))
	require.NoError(t, err)
	assert.Equal(t, metrics.DefaultResultsWriterParams(), p)
	assert.Equal(t, "results.json", p.Path)
	_, err = metrics.DecodeResultsWriterParams([]byte(`{"path": "a.json", "output_file": "b.json"}`))
	require.ErrorContains(t, err, "both set the same parameter")
	_, err = metrics.DecodeResultsWriterParams([]byte(`{"path": " "}`))
	require.EqualError(t, err, "ResultsWriter: path must not be empty")
	_, err = metrics.DecodeResultsWriterParams([]byte(`{"file": "a.json"}`))
	require.ErrorContains(t, err, `ResultsWriter: unknown key "file"`)
}

// TestResultsWriterNotWithoutWriter is SPEC AT-21: the same run without the
// writer writes no file.
func TestResultsWriterNotWithoutWriter(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	fs := at21Components(nil)
	m := newModel(t, scn, 3, fs[:len(fs)-1]...)
	require.NoError(t, m.Run(context.Background()))
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	assert.Empty(t, entries)
}

// TestResultsWriterNeedsStateTracker is SPEC AT-21: building the writer
// before any StateTracker is an error, and the component list is kept.
func TestResultsWriterNeedsStateTracker(t *testing.T) {
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	m := newModel(t, scn, 3, systems.NewInfection(nil))
	const want = "ResultsWriter requires a StateTracker added before it"
	require.EqualError(t, m.SetComponents(metrics.NewResultsWriter(nil), metrics.NewStateTracker(nil)), want)
	require.EqualError(t, m.AddComponent(metrics.NewResultsWriter(nil)), want)
	require.Len(t, m.Instances(), 1, "failed builds change nothing")

	require.NoError(t, m.AddComponent(metrics.NewStateTracker(nil)))
	require.EqualError(t, m.PrependComponent(metrics.NewResultsWriter(nil)), want, "prepended: the tracker would come after it")
	require.NoError(t, m.AddComponent(metrics.NewResultsWriter(nil)))
	require.NoError(t, m.SetComponents(metrics.NewStateTracker(nil), metrics.NewResultsWriter(nil)),
		"a tracker built earlier in the same list counts")
}

// TestResultsWriterGlobal is SPEC AT-21: with only a global tracker the
// per-group entries are null and group_ids is ["all_patches"].
func TestResultsWriterGlobal(t *testing.T) {
	t.Chdir(t.TempDir())
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	m := newModel(t, scn, 10, systems.NewImportationPressure(nil), systems.NewInfection(nil),
		metrics.NewStateTracker(nil), metrics.NewResultsWriter(nil))
	require.NoError(t, m.Run(context.Background()))
	res, raw := readResults(t, "results.json")
	assert.Equal(t, []string{metrics.AllPatchesID}, res.GroupIDs)
	assert.Equal(t, 1, res.NumGroups)
	for _, key := range []string{"attack_rate_per_group", "peak_infectious_per_group", "final_state_per_group"} {
		assert.Equal(t, "null", string(raw[key]), key)
	}
	for _, key := range []string{"peak_infectious_global", "peak_tick", "attack_rate_global", "final_state_global"} {
		assert.NotEqual(t, "null", string(raw[key]), key)
	}
}

// TestResultsWriterNoTicks: with num_ticks 0 every summary value is null
// (SPEC §8.7, rubeola choice).
func TestResultsWriterNoTicks(t *testing.T) {
	t.Chdir(t.TempDir())
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	m := newModel(t, scn, 0, at21Components(nil)...)
	require.NoError(t, m.Run(context.Background()))
	res, raw := readResults(t, "results.json")
	assert.Equal(t, 0, res.NumTicks)
	require.Len(t, raw, 7, "the seven §8.7 summary keys")
	for key, v := range raw {
		assert.Equal(t, "null", string(v), key)
	}
}

// TestResultsHierarchical is SPEC AT-21: ids in 2 regions × 4 districts,
// trackers at levels 0 and 1 → 2 and 8 groups; the writer takes level 1.
func TestResultsHierarchical(t *testing.T) {
	t.Chdir(t.TempDir())
	var ids []string
	for _, region := range []string{"north", "south"} {
		for d := range 4 {
			ids = append(ids, fmt.Sprintf("%s:d%d", region, d))
		}
	}
	n := len(ids)
	pops, lat, lon, mcv1 := make([]int64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	for k := range n {
		pops[k] = 10000
		lat[k], lon[k] = 40, 4+0.1*float64(k)
	}
	scn, err := scenario.FromColumns(ids, pops, lat, lon, mcv1)
	require.NoError(t, err)
	l0 := metrics.StateTrackerParams{AggregationLevel: 0}
	l1 := metrics.StateTrackerParams{AggregationLevel: 1}
	m := newModel(t, scn, 5, systems.NewInfectionSeeding(nil), systems.NewInfection(nil),
		metrics.NewStateTracker(&l0), metrics.NewStateTracker(&l1), metrics.NewResultsWriter(nil))
	require.NoError(t, m.Run(context.Background()))
	trs := model.InstancesOf[*metrics.StateTracker](m)
	s0 := metrics.Summarize(trs[0])
	assert.Equal(t, 2, s0.NumGroups)
	assert.Equal(t, []string{"north", "south"}, s0.GroupIDs)
	res, _ := readResults(t, "results.json")
	assert.Equal(t, 8, res.NumGroups)
	assert.Equal(t, 1, res.GroupAggregationLevel)
	assert.Equal(t, ids, res.GroupIDs)
	for state, total := range res.Summary.Summary.FinalStateGlobal {
		assert.Equal(t, s0.Summary.FinalStateGlobal[state], total, "%s: both groupings sum to the same totals", state)
	}
}

// TestResultsLargeCounts is SPEC AT-21's synthetic tracker: S rises to
// 2³² + 5, beyond the reference's uint32, without wrapping.
func TestResultsLargeCounts(t *testing.T) {
	t.Chdir(t.TempDir())
	const base = int64(1) << 32
	scn, err := scenario.FromColumns([]string{"big"}, []int64{base}, []float64{0}, []float64{0}, []float64{0})
	require.NoError(t, err)
	grow := phases.Func("Grow", func(m phases.Model, _ int) error {
		m.World().S()[0]++ // one more susceptible per tick
		return nil
	})
	m := newModel(t, scn, 5, grow, metrics.NewStateTracker(nil), metrics.NewResultsWriter(nil))
	require.NoError(t, m.Run(context.Background()))
	res, _ := readResults(t, "results.json")
	assert.Equal(t, base+5, res.Summary.Summary.FinalStateGlobal["S"], "2³² + 5 after 5 ticks")
	assert.Equal(t, 0.0, *res.Summary.Summary.AttackRateGlobal, "S rose: max(S[0] − S[T−1], 0) = 0")
	assert.Equal(t, int64(0), *res.Summary.Summary.PeakInfectiousGlobal)
	data, err := os.ReadFile("results.json")
	require.NoError(t, err)
	assert.Contains(t, string(data), `"S": 4294967301`, "written as an exact integer")
}

// TestMostGranular: −1 < 0 < 1 < … < −2, ties → first (SPEC §8.7).
func TestMostGranular(t *testing.T) {
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	cases := []struct {
		levels []int
		want   int // index of the chosen tracker, −1 for nil
	}{
		{nil, -1},
		{[]int{-1}, 0},
		{[]int{-1, 0, 1, -2}, 3},
		{[]int{-2, 3, -2}, 0},
		{[]int{1, 0, -1}, 0},
		{[]int{-1, -1}, 0},
		{[]int{0, 2, 1}, 1},
	}
	for _, tc := range cases {
		var fs []phases.Factory
		for _, level := range tc.levels {
			p := metrics.StateTrackerParams{AggregationLevel: level}
			fs = append(fs, metrics.NewStateTracker(&p))
		}
		m, err := model.NewBiweekly(scn, quietParams(1), model.WithStdout(io.Discard))
		require.NoError(t, err)
		if len(fs) > 0 {
			require.NoError(t, m.SetComponents(fs...))
		}
		trs := model.InstancesOf[*metrics.StateTracker](m)
		got := metrics.MostGranular(trs)
		if tc.want < 0 {
			assert.Nil(t, got, "%v", tc.levels)
			continue
		}
		assert.Same(t, trs[tc.want], got, "%v", tc.levels)
	}
}
