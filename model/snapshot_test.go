package model

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/snapdigest"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// snapshotComponents is AT-16's model plus SIA (SPEC AT-23), touching
// every kind of saved state: initialisers with done flags, random streams
// in several phases, fired campaigns, every tracker kind.
func snapshotComponents() []phases.Factory {
	inf := systems.DefaultInfectionParams()
	inf.Seasonality = 0.3
	sia := systems.DefaultSIACalendarParams()
	sia.AggregationLevel = metrics.PerPatch
	sia.Schedule = []systems.Campaign{
		{Group: "patch_3", Date: time.Date(2000, 3, 1, 0, 0, 0, 0, time.UTC)},
		{Group: "patch_290", Date: time.Date(2000, 12, 24, 0, 0, 0, 0, time.UTC)},
		{Group: "patch_3", Date: time.Date(2001, 6, 1, 0, 0, 0, 0, time.UTC)},
	}
	return []phases.Factory{
		systems.NewInitializeEquilibriumStates(nil),
		systems.NewInfectionSeeding(&systems.SeedingParams{NumInfections: 20, UseLargestPatch: true}),
		systems.NewImportationPressure(nil),
		systems.NewInfection(&inf),
		systems.NewVitalDynamics(nil),
		systems.NewSIACalendar(&sia),
		metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}),
		metrics.NewStateTracker(nil),
		metrics.NewCaseSurveillanceTracker(nil),
		metrics.NewFadeOutTracker(nil),
		metrics.NewPopulationTracker(nil),
	}
}

// runOutcome is everything the resume guarantee covers that these
// components produce: every tracker array and the final patch states.
type runOutcome struct {
	cases    [][]int64
	fadeouts []int64
	pops     [][]int64
	fired    []string
	perPatch map[string][][]int64
	global   map[string][][]int64
	summary  metrics.Summary
	final    map[string][]int64
}

func outcome(t *testing.T, m *Model) runOutcome {
	t.Helper()
	trackers := InstancesOf[*metrics.StateTracker](m)
	require.Len(t, trackers, 2)
	o := runOutcome{perPatch: map[string][][]int64{}, global: map[string][][]int64{}, final: map[string][]int64{},
		summary:  metrics.Summarize(trackers[0]),
		cases:    InstancesOf[*metrics.CaseSurveillanceTracker](m)[0].Counts(),
		fadeouts: InstancesOf[*metrics.FadeOutTracker](m)[0].Counts(),
		pops:     InstancesOf[*metrics.PopulationTracker](m)[0].Counts(),
		fired:    InstancesOf[*systems.SIACalendar](m)[0].Implemented(),
	}
	for _, s := range []string{"S", "I", "R"} {
		var err error
		o.perPatch[s], err = trackers[0].Counts(s)
		require.NoError(t, err)
		o.global[s], err = trackers[1].Counts(s)
		require.NoError(t, err)
		o.final[s], err = m.Patches().Column(s)
		require.NoError(t, err)
	}
	return o
}

func snapshotScenario(t *testing.T) *scenario.Table {
	t.Helper()
	// AT-16's scenario: 1000 patches, four random-stream blocks
	// (rng.BlockSize 256), so block states are saved and restored per block.
	scn, err := scenario.RandomN(1000, 7, 0.5)
	require.NoError(t, err)
	return scn
}

// TestSnapshotResumeIsIdentical is SPEC §9's guarantee (AT-23, for the
// components of this package's tests): run k ticks, save, load in a fresh
// model, run to T → the same arrays as an uninterrupted run, for split
// points at the start, after one tick, in the middle and before the last
// tick, gzip and plain, rebuilt from stored params or from factories, both
// kernels.
func TestSnapshotResumeIsIdentical(t *testing.T) {
	const T = 60
	scn := snapshotScenario(t)
	for _, numba := range []bool{true, false} {
		p := quietParams(T, 11)
		p.Parallel = numba
		whole := newModel(t, scn, p, snapshotComponents()...)
		require.NoError(t, whole.Run(context.Background()))
		want := outcome(t, whole)
		require.Len(t, want.fired, 3, "every campaign fires within the run")

		for _, tc := range []struct {
			k         int
			file      string
			factories bool
		}{
			{0, "k0.snap", false}, {1, "k1.json", false}, {23, "k23.gz", true}, {59, "k59.snap", false},
		} {
			path := filepath.Join(t.TempDir(), tc.file)
			first := newModel(t, scn, p, snapshotComponents()...)
			require.NoError(t, first.Initialize())
			require.NoError(t, first.RunTicks(context.Background(), tc.k))
			require.NoError(t, first.SaveSnapshot(path))

			var fs []phases.Factory
			if tc.factories {
				fs = snapshotComponents()
			}
			resumed, err := LoadSnapshot(path, fs, WithStdout(io.Discard), WithProgressWriter(io.Discard), WithWorkers(3))
			require.NoError(t, err)
			assert.Equal(t, tc.k, resumed.Tick())
			require.NoError(t, resumed.Run(context.Background()))
			assert.Equal(t, want, outcome(t, resumed), "numba %v, split at %d", numba, tc.k)
		}
	}
}

// TestSnapshotFileForms: .snap and .gz are gzip, anything else plain JSON.
func TestSnapshotFileForms(t *testing.T) {
	m := newModel(t, snapshotScenario(t), quietParams(3, 1), snapshotComponents()...)
	require.NoError(t, m.Initialize())
	dir := t.TempDir()
	for name, gz := range map[string]bool{"a.snap": true, "a.gz": true, "a.json": false} {
		path := filepath.Join(dir, name)
		require.NoError(t, m.SaveSnapshot(path))
		data, err := os.ReadFile(path)
		require.NoError(t, err)
		assert.Equal(t, gz, bytes.HasPrefix(data, []byte{0x1f, 0x8b}), name)
		if !gz {
			assert.Contains(t, string(data), `"format":"rubeola-biweekly-snapshot"`)
		}
	}
}

// TestSnapshotExtendsRun: WithNumTicks(40) on a 30-tick snapshot equals an
// uninterrupted 40-tick run (trackers grow).
func TestSnapshotExtendsRun(t *testing.T) {
	scn := snapshotScenario(t)
	whole := newModel(t, scn, quietParams(40, 3), snapshotComponents()...)
	require.NoError(t, whole.Run(context.Background()))

	first := newModel(t, scn, quietParams(30, 3), snapshotComponents()...)
	require.NoError(t, first.Run(context.Background()))
	path := filepath.Join(t.TempDir(), "done.snap")
	require.NoError(t, first.SaveSnapshot(path))

	again, err := LoadSnapshot(path, nil, WithStdout(io.Discard), WithProgressWriter(io.Discard))
	require.NoError(t, err)
	assert.True(t, again.Finalized(), "the snapshot of the last tick loads finalized")
	require.EqualError(t, again.Run(context.Background()), "model: run already complete")

	longer, err := LoadSnapshot(path, nil, WithNumTicks(40), WithStdout(io.Discard), WithProgressWriter(io.Discard))
	require.NoError(t, err)
	assert.False(t, longer.Finalized(), "extended: ticks remain")
	require.NoError(t, longer.Run(context.Background()))
	assert.True(t, longer.Finalized())
	assert.Equal(t, outcome(t, whole), outcome(t, longer))

	_, err = LoadSnapshot(path, nil, WithNumTicks(20))
	require.ErrorContains(t, err, "WithNumTicks(20) is before the saved tick 30")
	var te *SavedTickError
	require.ErrorAs(t, err, &te)
	assert.Equal(t, SavedTickError{NumTicks: 20, Tick: 30}, *te)
}

// TestSnapshotErrors: wrong component lists, user components without a
// factory, corrupt and truncated files, saving mid-run or before
// initialisation.
func TestSnapshotErrors(t *testing.T) {
	dir := t.TempDir()
	scn := snapshotScenario(t)
	m := newModel(t, scn, quietParams(5, 1), snapshotComponents()...)
	require.NoError(t, m.RunTicks(context.Background(), 2))
	good := filepath.Join(dir, "good.snap")
	require.NoError(t, m.SaveSnapshot(good))
	data, err := os.ReadFile(good)
	require.NoError(t, err)

	write := func(name string, content []byte) string {
		path := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(path, content, 0o644))
		return path
	}
	var plain bytes.Buffer
	zr, err := gzip.NewReader(bytes.NewReader(data))
	require.NoError(t, err)
	_, err = io.Copy(&plain, zr)
	require.NoError(t, err)

	payload, err := snapdigest.Open(bytes.Clone(plain.Bytes()))
	require.NoError(t, err)
	v1 := bytes.Replace(payload, []byte(`"version":2`), []byte(`"version":1`), 1)
	v9, err := snapdigest.Seal(bytes.Replace(payload, []byte(`"version":2`), []byte(`"version":9`), 1))
	require.NoError(t, err)

	short := snapshotComponents()
	short = append(short[:2], short[3:]...)
	cases := []struct {
		name string
		path string
		fs   []phases.Factory
		want string
	}{
		{"truncated gzip", write("cut.snap", data[:len(data)/2]), nil, "truncated"},
		{"garbage", write("junk.snap", []byte("hello")), nil, "not a snapshot"},
		{"truncated JSON", write("cut.json", plain.Bytes()[:plain.Len()/2]), nil, "does not match its sha256 digest"},
		{"truncated unsealed JSON", write("cut-v1.json", v1[:len(v1)/2]), nil, "not a snapshot (invalid or truncated JSON"},
		{"other format", write("other.json", []byte(`{"format":"x","version":1}`)), nil, `format is "x"`},
		{"newer version", write("v9.json", v9), nil, "snapshot version 9 is not supported"},
		{"version 1 (no digest)", write("v1.json", v1), nil, "snapshot version 1 (written by rubeola " + Version +
			") has no sha256 digest, so its integrity cannot be checked: this rubeola reads version 2"},
		{"unsealed version 2", write("v2.json", payload), nil, "no sha256 digest at the start of the content"},
		{"missing file", filepath.Join(dir, "nope.snap"), nil, "no such file"},
		{"wrong components", good, short, "snapshot has components [InitializeEquilibriumStatesProcess InfectionSeedingProcess " +
			"ImportationPressureProcess InfectionProcess VitalDynamicsProcess SIACalendarProcess StateTracker StateTracker " +
			"CaseSurveillanceTracker FadeOutTracker PopulationTracker], got [InitializeEquilibriumStatesProcess " +
			"InfectionSeedingProcess InfectionProcess VitalDynamicsProcess SIACalendarProcess StateTracker StateTracker " +
			"CaseSurveillanceTracker FadeOutTracker PopulationTracker]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := LoadSnapshot(tc.path, tc.fs)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "snapshot "+tc.path+": ")
			assert.Contains(t, err.Error(), tc.want)
		})
	}

	t.Run("user component needs its factory", func(t *testing.T) {
		u := newModel(t, scn, quietParams(5, 1), phases.Func("MyPhase", func(phases.Model, int) error { return nil }))
		require.NoError(t, u.Initialize())
		path := filepath.Join(dir, "user.snap")
		require.NoError(t, u.SaveSnapshot(path))
		_, err := LoadSnapshot(path, nil)
		require.ErrorContains(t, err, `snapshot component "MyPhase" is not built in; pass its factory`)
		resumed, err := LoadSnapshot(path, []phases.Factory{phases.Func("MyPhase", func(phases.Model, int) error { return nil })},
			WithStdout(io.Discard), WithProgressWriter(io.Discard))
		require.NoError(t, err)
		require.NoError(t, resumed.Run(context.Background()))
	})

	t.Run("custom mixer needs the factory", func(t *testing.T) {
		inf := systems.DefaultInfectionParams()
		inf.Mixer = userMixer{}
		fs := func() []phases.Factory { return []phases.Factory{systems.NewInfection(&inf)} }
		u := newModel(t, scn, quietParams(5, 1), fs()...)
		require.NoError(t, u.Initialize())
		path := filepath.Join(dir, "mixer.snap")
		require.NoError(t, u.SaveSnapshot(path))
		_, err := LoadSnapshot(path, nil)
		require.ErrorContains(t, err, `snapshot component "InfectionProcess" was saved without params`)
		resumed, err := LoadSnapshot(path, fs(), WithStdout(io.Discard), WithProgressWriter(io.Discard))
		require.NoError(t, err)
		require.NoError(t, resumed.Run(context.Background()))
	})

	t.Run("not at a tick boundary", func(t *testing.T) {
		var inside *Model
		var saveErr error
		inside = newModel(t, scn, quietParams(2, 1), phases.Func("Saver", func(phases.Model, int) error {
			saveErr = inside.SaveSnapshot(filepath.Join(dir, "inside.snap"))
			return nil
		}))
		require.NoError(t, inside.Run(context.Background()))
		require.ErrorContains(t, saveErr, "only be saved at a tick boundary")
		assert.NoFileExists(t, filepath.Join(dir, "inside.snap"))
	})

	t.Run("before initialisation", func(t *testing.T) {
		fresh := newModel(t, scn, quietParams(2, 1), snapshotComponents()...)
		require.ErrorContains(t, fresh.SaveSnapshot(filepath.Join(dir, "early.snap")), "before initialisation")
	})
}

// userMixer is a mixer that is not built in (no JSON form): no mixing.
type userMixer struct{}

func (userMixer) Name() string { return "user" }

func (userMixer) Mixing(scn *scenario.Table) (*mixing.Matrix, error) {
	n := scn.Len()
	m := make([][]float64, n)
	for i := range m {
		m[i] = make([]float64, n)
		m[i][i] = 1
	}
	return mixing.FromMixingMatrix(m).Mixing(scn)
}

func TestSnapshotFormatOf(t *testing.T) {
	dir := t.TempDir()
	m := newModel(t, twoPatch(t), quietParams(4, 1), DefaultComponents()...)
	require.NoError(t, m.Initialize())
	e, err := NewEnsemble(twoPatch(t), quietParams(4, 1), 2, WithStdout(io.Discard), WithProgressWriter(io.Discard))
	require.NoError(t, err)
	require.NoError(t, e.SetComponents(DefaultComponents()...))
	require.NoError(t, e.Initialize())
	for _, tc := range []struct {
		name string
		save func(path string) error
		want string
	}{
		{"single.snap", m.SaveSnapshot, SnapshotFormat},
		{"single.json", m.SaveSnapshot, SnapshotFormat},
		{"ensemble.snap", e.SaveSnapshot, EnsembleSnapshotFormat},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name)
			require.NoError(t, tc.save(path))
			got, err := SnapshotFormatOf(path)
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
	for _, tc := range []struct{ name, content, want string }{
		{"array.json", `[1, 2]`, "not a snapshot: not a JSON object"},
		{"noformat.json", `{"version": 1}`, `not a snapshot: no "format" key`},
		{"number.json", `{"format": 3}`, `not a snapshot: "format" is not a string`},
		{"broken.json", `{"version": `, "not a snapshot: invalid JSON"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name)
			require.NoError(t, os.WriteFile(path, []byte(tc.content), 0o644))
			_, err := SnapshotFormatOf(path)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "snapshot "+path+": "+tc.want)
		})
	}
	_, err = SnapshotFormatOf(filepath.Join(dir, "missing.snap"))
	assert.ErrorIs(t, err, os.ErrNotExist)
}
