package model

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
)

// TestEstimateMemory: every tracker's arrays and the timing table, with how
// each size is made up (issue 14's example form).
func TestEstimateMemory(t *testing.T) {
	fs := append(DefaultComponents(), // importation, infection, vital dynamics, global StateTracker
		metrics.NewStateTracker(&metrics.StateTrackerParams{AggregationLevel: metrics.PerPatch}),
		metrics.NewCaseSurveillanceTracker(nil), metrics.NewFadeOutTracker(nil), metrics.NewPopulationTracker(nil))
	m := newModel(t, twoPatch(t), quietParams(1_000_000_000, 1), fs...)
	e := m.EstimateMemory()
	assert.Equal(t, 1_000_000_000, e.Ticks)
	assert.Equal(t, ""+
		"InfectionProcess mixing: 2 patches × 2 patches × 4 B = 16 B\n"+
		"StateTracker: 3 states × 1 group × 1000000000 ticks × 8 B = 24.0 GB\n"+
		"StateTracker: 3 states × 2 patches × 3 rows in memory (the ticks spill to disk) × 8 B = 144 B\n"+
		"CaseSurveillanceTracker: 2 patches × 1000000000 ticks × 8 B = 16.0 GB\n"+
		"FadeOutTracker: 1000000000 ticks × 8 B = 8.00 GB\n"+
		"PopulationTracker: 2 patches × 1000000000 ticks × 8 B = 16.0 GB\n"+
		"timing table: 9 columns × 1000000000 ticks × 8 B = 72.0 GB\n"+
		"timing table rows: 1000000000 ticks × 24 B = 24.0 GB\n"+
		"patch state: 2 patches × 150 B = 300 B\n"+
		"per-patch table writers: 3 tables × 2 patches × 340 B = 2.04 kB\n"+
		"GC headroom (GOGC=100: as much again as the two items above): 2 patches × 1170 B = 2.34 kB", e.String())
	// 3·8 + 2·8 + 8 + 2·8 + 9·8 + 24 = 160 bytes per tick, the factored D
	// of 2 patches (D stored once: 4 B per N² entry) and the per-patch
	// tracker's 3 rows of 6 values: its 48 GB of ticks pass
	// metrics.DefaultSpillThreshold, so they spill to disk. Three trackers
	// count patches, so the run writes three per-patch tables: 2 × (150 +
	// 3 × 340) B of patch state and writers, and as much again of GC
	// headroom.
	assert.Equal(t, 160e9+16+144+2*2*(150+3*340), e.Total())
}

// TestInitializeRefusesWhatCannotFit: Initialize checks the estimate
// against the limit before any tracker allocates (issue 14: a run of 10^9
// ticks died with "fatal error: runtime: out of memory").
func TestInitializeRefusesWhatCannotFit(t *testing.T) {
	build := func(ticks int, opts ...Option) *Model {
		m, err := NewBiweekly(twoPatch(t), quietParams(ticks, 1), append(opts, WithStdout(io.Discard), WithProgressWriter(io.Discard))...)
		require.NoError(t, err)
		require.NoError(t, m.SetComponents(DefaultComponents()...))
		return m
	}
	// The standard schedule stores 3·8 + 5·8 + 24 = 88 bytes per tick: 100
	// ticks need 8800 B, and the two patches' factored D 16 B.
	t.Run("over a set limit", func(t *testing.T) {
		m := build(100, WithMemoryLimit(8815))
		err := m.Initialize()
		var me *MemoryError
		require.True(t, errors.As(err, &me), "%v", err)
		assert.Equal(t, 8816.0, me.Estimate.Total())
		assert.Equal(t, "a run of 100 ticks needs 8.82 kB for what it sizes before it starts (tracker storage and the timing table for every tick, "+
			"the mixing matrix), more than the 8.81 kB allowed (set by --max-memory / model.WithMemoryLimit):\n"+
			"InfectionProcess mixing: 2 patches × 2 patches × 4 B = 16 B\n"+
			"StateTracker: 3 states × 1 group × 100 ticks × 8 B = 2.40 kB\n"+
			"timing table: 5 columns × 100 ticks × 8 B = 4.00 kB\n"+
			"timing table rows: 100 ticks × 24 B = 2.40 kB\n"+
			"use fewer ticks, fewer or coarser trackers (a larger aggregation_level), or set the limit yourself (--max-memory / model.WithMemoryLimit)",
			err.Error())
		assert.Error(t, m.Run(context.Background()), "a refused model does not run")
	})
	t.Run("at the limit", func(t *testing.T) {
		require.NoError(t, build(100, WithMemoryLimit(8816)).Run(context.Background()))
	})
	t.Run("available memory", func(t *testing.T) {
		// 10^15 ticks need 88 PB, more than any machine this runs on.
		before, _ := AvailableMemory()
		err := build(1_000_000_000_000_000).Initialize()
		after, source := AvailableMemory()
		var me *MemoryError
		require.True(t, errors.As(err, &me), "%v", err)
		// MemAvailable moves while other test binaries run beside this one
		// (go test ./... runs packages in parallel; CI once saw it fall 7 MB
		// between Initialize's reading and the test's): the limit lies
		// between the two readings taken around Initialize, give or take
		// 1 GiB of that drift.
		const drift = 1 << 30
		assert.GreaterOrEqual(t, me.Limit, min(before, after)-drift)
		assert.LessOrEqual(t, me.Limit, max(before, after)+drift)
		assert.Equal(t, source, me.Source)
	})
	t.Run("check off still refuses what no slice holds", func(t *testing.T) {
		// 2^62 ticks × 88 B is beyond the address space.
		err := build(1<<62, WithMemoryLimit(-1)).Initialize()
		var me *MemoryError
		require.True(t, errors.As(err, &me), "%v", err)
		assert.Equal(t, "no limit set: the largest Go allocation", me.Source)
	})
}

// TestLoadSnapshotRefusesWhatCannotFit: extending a run from a snapshot is
// checked before the trackers are resized.
func TestLoadSnapshotRefusesWhatCannotFit(t *testing.T) {
	m := newModel(t, twoPatch(t), quietParams(4, 1), DefaultComponents()...)
	require.NoError(t, m.RunTicks(context.Background(), 2))
	path := filepath.Join(t.TempDir(), "s.snap")
	require.NoError(t, m.SaveSnapshot(path))
	_, err := LoadSnapshot(path, nil, WithNumTicks(1_000_000_000), WithMemoryLimit(1<<30))
	var me *MemoryError
	require.True(t, errors.As(err, &me), "%v", err)
	assert.Contains(t, err.Error(), "snapshot "+path+": a run of 1000000000 ticks needs 88.0 GB")
	// The timing table covers the ticks still to run.
	assert.Contains(t, err.Error(), "timing table rows: 999999998 ticks × 24 B")
}

func TestFormatBytes(t *testing.T) {
	for _, tc := range []struct {
		in   float64
		want string
	}{
		{0, "0 B"}, {999, "999 B"}, {1000, "1.00 kB"}, {8800, "8.80 kB"}, {99_940, "99.9 kB"},
		{22.9e12, "22.9 TB"}, {999.4e6, "999 MB"}, {999.6e6, "1.00 GB"}, {2.5e24, "2.50 YB"}, {3e30, "3000000 YB"},
	} {
		assert.Equal(t, tc.want, FormatBytes(tc.in), "%g", tc.in)
	}
}

func TestAvailableMemoryFiles(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
		return p
	}
	meminfo := write("meminfo", "MemTotal:       24683620 kB\nMemFree:  100 kB\nMemAvailable:   24101496 kB\n")
	got, ok := memAvailable(meminfo)
	require.True(t, ok)
	assert.Equal(t, 24101496.0*1024, got)
	_, ok = memAvailable(write("old", "MemTotal: 1 kB\n")) // kernels before 3.14 have no MemAvailable
	assert.False(t, ok)
	_, ok = memAvailable(filepath.Join(dir, "none"))
	assert.False(t, ok)

	room, ok := cgroupRoom(write("max", "1073741824\n"), write("cur", "73741824\n"))
	require.True(t, ok)
	assert.Equal(t, 1e9, room)
	_, ok = cgroupRoom(write("nomax", "max\n"), write("cur2", "5\n"))
	assert.False(t, ok, `"max" is no limit`)
	room, ok = cgroupRoom(write("max3", "10\n"), write("cur3", "20\n"))
	assert.True(t, ok)
	assert.Zero(t, room, "usage above the limit leaves no room")

	avail, source := AvailableMemory()
	assert.Positive(t, avail)
	assert.NotEmpty(t, source)
}

// TestEstimateMemoryCaseWindows: a CaseSurveillanceTracker over 28-day
// windows stores one row per complete window (101 biweekly ticks: 50
// windows of 2 ticks).
func TestEstimateMemoryCaseWindows(t *testing.T) {
	windows := metrics.DefaultCaseSurveillanceTrackerParams()
	windows.AggregateDays = 28
	m := newModel(t, twoPatch(t), quietParams(101, 1), metrics.NewCaseSurveillanceTracker(&windows))
	e := m.EstimateMemory()
	require.NotEmpty(t, e.Items)
	assert.Equal(t, "2 patches × 50 windows × 8 B", e.Items[0].Storage.String())
}
