package model

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/mixing"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
)

// ensembleTicks is the length of the ensemble test runs: long enough that
// the factored force uses both the tile pass and a source-major pass on
// ensembleScenario (asserted by passesOf), short enough to keep the suite
// fast.
const ensembleTicks = 16

// ensembleSeed is the base seed of the ensemble tests (any seed; replicate
// r uses ensembleSeed + r).
const ensembleSeed = 101

// ensembleScenario has 600 patches: three force tiles and three random
// stream blocks (FactoredTileSize = rng.BlockSize = 256), so both the
// tile pass and the source-major pass have off-diagonal tiles to read.
// Populations are RandomN's divided by popDiv: with small patches the
// importation (1 per 1 000 per year) seeds only a few patches per tick, so
// the early ticks take a source-major pass and the growing epidemic the
// tile pass.
func ensembleScenario(t *testing.T) *scenario.Table {
	t.Helper()
	const popDiv = 4
	big, err := scenario.RandomN(600, 5, 0.5)
	require.NoError(t, err)
	pop := make([]int64, big.Len())
	for i, v := range big.Pop {
		pop[i] = max(v/popDiv, 1)
	}
	scn, err := scenario.FromColumns(big.ID, pop, big.Lat, big.Lon, big.MCV1)
	require.NoError(t, err)
	return scn
}

// replicateRecord is everything a replicate must share with the lone run of
// its seed: the S, I, R columns at the end of every tick, I before every
// Infection step, every component's run state (all tracker arrays) and the
// JSON results summary.
type replicateRecord struct {
	S, I, R [][]int64
	preI    [][]int64
	states  []string
	results string
}

// infectionAt is the position of the Infection in both test lists
// (DefaultComponents and benchmarks/baseline.toml: the third component);
// checkRecorders verifies it.
const infectionAt = 2

// recorders returns the list fs with a phase recording I just before the
// Infection (inserted at infectionAt) and one recording S, I, R at the end
// of the tick, both writing to the record of the model they run in (found
// through get).
func recorders(fs []phases.Factory, get func(m phases.Model) *replicateRecord) []phases.Factory {
	pre := phases.Func("PreInfectionRecorder", func(m phases.Model, _ int) error {
		rec := get(m)
		rec.preI = append(rec.preI, slices.Clone(m.World().I()))
		return nil
	})
	post := phases.Func("TrajectoryRecorder", func(m phases.Model, _ int) error {
		rec, w := get(m), m.World()
		rec.S = append(rec.S, slices.Clone(w.S()))
		rec.I = append(rec.I, slices.Clone(w.I()))
		rec.R = append(rec.R, slices.Clone(w.R()))
		return nil
	})
	out := slices.Insert(slices.Clone(fs), infectionAt, pre)
	return append(out, post)
}

// checkRecorders checks that the pre-Infection recorder of m precedes the
// Infection.
func checkRecorders(t *testing.T, m *Model) {
	t.Helper()
	cs := m.Instances()
	require.Equal(t, "PreInfectionRecorder", cs[infectionAt].Name())
	require.Equal(t, systems.InfectionName, cs[infectionAt+1].Name())
}

// finish fills the run-state and results parts of rec from model m.
func finish(t *testing.T, m *Model, rec *replicateRecord) {
	t.Helper()
	for _, c := range m.Instances() {
		if s, ok := c.(phases.Snapshotter); ok {
			state, err := s.SnapshotState()
			require.NoError(t, err)
			rec.states = append(rec.states, c.Name()+":"+string(state))
		}
	}
	tr := metrics.MostGranular(InstancesOf[*metrics.StateTracker](m))
	require.NotNil(t, tr)
	data, err := json.Marshal(metrics.NewResults(tr, m))
	require.NoError(t, err)
	rec.results = string(data)
}

// loneRun runs the lone model of seed with components fs for ticks ticks
// (Parallel numba).
func loneRun(t *testing.T, scn *scenario.Table, fs []phases.Factory, seed uint64, ticks int, numba bool) *replicateRecord {
	t.Helper()
	rec := &replicateRecord{}
	p := quietParams(ticks, seed)
	p.Parallel = numba
	m := newModel(t, scn, p, recorders(fs, func(phases.Model) *replicateRecord { return rec })...)
	checkRecorders(t, m)
	require.NoError(t, m.Run(context.Background()))
	finish(t, m, rec)
	return rec
}

// ensembleRecords builds an ensemble of R replicates with components fs
// and returns it with one record per replicate (filled while it runs; call
// finish after the run).
func ensembleRecords(t *testing.T, scn *scenario.Table, fs []phases.Factory, R, ticks int, numba bool, opts ...Option) (*Ensemble, []*replicateRecord) {
	t.Helper()
	opts = append([]Option{WithStdout(io.Discard), WithProgressWriter(io.Discard)}, opts...)
	p := quietParams(ticks, ensembleSeed)
	p.Parallel = numba
	e, err := NewEnsemble(scn, p, R, opts...)
	require.NoError(t, err)
	recs := make([]*replicateRecord, R)
	byWorld := map[any]*replicateRecord{}
	for r := range R {
		recs[r] = &replicateRecord{}
		byWorld[e.Replicate(r).World()] = recs[r]
	}
	require.NoError(t, e.SetComponents(recorders(fs, func(m phases.Model) *replicateRecord { return byWorld[m.World()] })...))
	checkRecorders(t, e.Replicate(0))
	return e, recs
}

// ensembleLists are the component lists of the ensemble tests: the
// standard schedule and the NumPy baseline's list.
func ensembleLists(t *testing.T) map[string][]phases.Factory {
	t.Helper()
	rf, err := loadRunFile(filepath.Join("..", "benchmarks", "baseline.toml"))
	require.NoError(t, err)
	return map[string][]phases.Factory{"standard": DefaultComponents(), "baseline": rf.Components}
}

// passesOf returns the set of factored-force passes the lone runs used:
// the pass FactoredForce chooses for each recorded pre-Infection I (the
// choice depends only on which sources are active).
func passesOf(t *testing.T, scn *scenario.Table, recs []*replicateRecord) map[string]bool {
	t.Helper()
	fm, ok := mixing.AsFactored(mixing.DefaultGravity())
	require.True(t, ok)
	fac, err := fm.Factored(scn, mixing.FactoredOptions{})
	require.NoError(t, err)
	ff := fac.NewForce()
	out := map[string]bool{}
	x := make([]float64, scn.Len())
	for _, rec := range recs {
		for _, col := range rec.preI {
			for i, v := range col {
				x[i] = float64(v)
			}
			ff.Load(x)
			out[ff.Pass()] = true
		}
	}
	return out
}

// TestEnsembleMatchesLoneRuns is issue 13 item 1: replicate r of an
// ensemble is byte-identical to the lone run with seed + r — S, I, R at
// every tick, every component's run state (all tracker arrays) and the
// JSON results summary — for R ∈ {1, 3, 16}, GOMAXPROCS 1, 2, 8 and
// several worker counts, on the standard schedule and the baseline's list,
// with the batched factored force (Parallel) and with the reference kernel
// (Parallel false: replicate by replicate). Not parallel: it changes
// GOMAXPROCS.
func TestEnsembleMatchesLoneRuns(t *testing.T) {
	scn := ensembleScenario(t)
	const maxR = 16
	for name, fs := range ensembleLists(t) {
		lone := map[bool][]*replicateRecord{}
		for _, numba := range []bool{true, false} {
			n := maxR
			if !numba {
				n = 3 // the reference kernel's cases have R ≤ 3
			}
			for r := range n {
				lone[numba] = append(lone[numba], loneRun(t, scn, fs, ensembleSeed+uint64(r), ensembleTicks, numba))
			}
		}
		passes := passesOf(t, scn, lone[true])
		t.Logf("%s: passes %v", name, passes)
		require.True(t, passes["tiles"], "%s: the tile pass occurs (passes %v)", name, passes)
		require.True(t, passes["source-major"] || passes["cached"], "%s: a source-major pass occurs (passes %v)", name, passes)
		for _, tc := range []struct {
			R, maxprocs, workers int
			numba                bool
		}{
			{1, 1, 0, true}, {3, 2, 0, true}, {16, 8, 0, true}, {16, 1, 0, true}, {3, 8, 2, true}, {16, 2, 3, true},
			{3, 2, 0, false},
		} {
			t.Run(fmt.Sprintf("%s/R=%d/procs=%d/workers=%d/numba=%v", name, tc.R, tc.maxprocs, tc.workers, tc.numba), func(t *testing.T) {
				old := runtime.GOMAXPROCS(tc.maxprocs)
				defer runtime.GOMAXPROCS(old)
				e, recs := ensembleRecords(t, scn, fs, tc.R, ensembleTicks, tc.numba, WithWorkers(tc.workers))
				require.NoError(t, e.Run(context.Background()))
				if tc.numba {
					shared := InstancesOf[*systems.Infection](e.Replicate(0))[0].Factored()
					require.NotNil(t, shared)
					for r := range tc.R {
						assert.Same(t, shared, InstancesOf[*systems.Infection](e.Replicate(r))[0].Factored(),
							"replicate %d shares replicate 0's mixing build", r)
					}
				}
				for r := range tc.R {
					finish(t, e.Replicate(r), recs[r])
					assert.Equal(t, ensembleSeed+uint64(r), e.Replicate(r).Params().Seed)
					require.Equal(t, lone[tc.numba][r], recs[r], "replicate %d equals the lone run with seed %d", r, ensembleSeed+r)
				}
			})
		}
	}
}

// TestEnsembleSnapshotResume checks that an ensemble saved mid-run and
// loaded (from factories and rebuilt from stored params) runs on exactly
// like the uninterrupted ensemble, replicate by replicate.
func TestEnsembleSnapshotResume(t *testing.T) {
	scn := ensembleScenario(t)
	fs := ensembleLists(t)["baseline"]
	const R, split = 3, 11 // 11: any tick inside the run
	whole, err := NewEnsemble(scn, quietParams(ensembleTicks, ensembleSeed), R, WithStdout(io.Discard))
	require.NoError(t, err)
	require.NoError(t, whole.SetComponents(fs...))
	require.NoError(t, whole.Run(context.Background()))

	for _, tc := range []struct {
		file      string
		factories []phases.Factory
	}{{"e.snap", nil}, {"e.json", fs}} {
		t.Run(tc.file, func(t *testing.T) {
			first, err := NewEnsemble(scn, quietParams(ensembleTicks, ensembleSeed), R, WithStdout(io.Discard))
			require.NoError(t, err)
			require.NoError(t, first.SetComponents(fs...))
			require.NoError(t, first.RunTicks(context.Background(), split))
			path := filepath.Join(t.TempDir(), tc.file)
			require.NoError(t, first.SaveSnapshot(path))

			resumed, err := LoadEnsembleSnapshot(path, tc.factories, WithStdout(io.Discard))
			require.NoError(t, err)
			require.Equal(t, R, resumed.Replicates())
			require.Equal(t, split, resumed.Tick())
			require.NoError(t, resumed.Run(context.Background()))
			for r := range R {
				want, got := &replicateRecord{}, &replicateRecord{}
				finish(t, whole.Replicate(r), want)
				finish(t, resumed.Replicate(r), got)
				require.Equal(t, want, got, "replicate %d", r)
				for _, s := range []string{"S", "I", "R"} {
					w, err := whole.Replicate(r).Patches().Column(s)
					require.NoError(t, err)
					g, err := resumed.Replicate(r).Patches().Column(s)
					require.NoError(t, err)
					require.Equal(t, w, g, "replicate %d, final %s", r, s)
				}
			}
		})
	}
}

// TestEnsembleErrors checks the ensemble's refusals.
func TestEnsembleErrors(t *testing.T) {
	scn := ensembleScenario(t)
	p := quietParams(3, ensembleSeed)
	for _, tc := range []struct {
		name string
		run  func() error
		want string
	}{
		{"no replicates", func() error { _, err := NewEnsemble(scn, p, 0); return err },
			"model: an ensemble needs at least 1 replicate, got 0"},
		{"nil scenario", func() error { _, err := NewEnsemble(nil, p, 2); return err }, "model: scenario is nil"},
		{"no components", func() error {
			e, err := NewEnsemble(scn, p, 2, WithStdout(io.Discard))
			require.NoError(t, err)
			return e.Run(context.Background())
		}, "replicate 0: No components have been added to the model"},
		{"replicate run directly", func() error {
			e, err := NewEnsemble(scn, p, 2, WithStdout(io.Discard))
			require.NoError(t, err)
			require.NoError(t, e.SetComponents(DefaultComponents()...))
			return e.Replicate(1).Run(context.Background())
		}, "model: this model is a replicate of an ensemble; run the ensemble"},
		{"failing phase", func() error {
			e, err := NewEnsemble(scn, p, 2, WithStdout(io.Discard))
			require.NoError(t, err)
			require.NoError(t, e.SetComponents(phases.Func("Boom", func(m phases.Model, tick int) error {
				if tick == 1 && m.Params().Seed == ensembleSeed+1 {
					return fmt.Errorf("boom")
				}
				return nil
			})))
			require.Error(t, e.Run(context.Background()))
			return e.Run(context.Background())
		}, "replicate 0: model: previous run failed at tick 1"},
		{"complete", func() error {
			e, err := NewEnsemble(scn, p, 2, WithStdout(io.Discard))
			require.NoError(t, err)
			require.NoError(t, e.SetComponents(DefaultComponents()...))
			require.NoError(t, e.Run(context.Background()))
			return e.Run(context.Background())
		}, "replicate 0: model: run already complete"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.EqualError(t, tc.run(), tc.want)
		})
	}
}

// TestEnsembleVerbose checks that an ensemble prints its model-level lines
// and timing summary once, not once per replicate, that the progress bar
// counts replicate-ticks and that the after-tick function runs once per
// ensemble tick.
func TestEnsembleVerbose(t *testing.T) {
	scn := ensembleScenario(t)
	const R, T = 3, 2 // any R > 1 and a short run
	var out, bar bytes.Buffer
	p := quietParams(T, ensembleSeed)
	p.Verbose, p.ShowProgress = true, true
	var done []int
	e, err := NewEnsemble(scn, p, R, WithStdout(&out), WithProgressWriter(&bar),
		WithTerminalCheck(func(io.Writer) bool { return true }), // the bar is drawn on terminals only
		WithAfterTick(func(d int) { done = append(done, d) }))
	require.NoError(t, err)
	require.NoError(t, e.SetComponents(DefaultComponents()...))
	require.NoError(t, e.Run(context.Background()))
	assert.Equal(t, []int{1, 2}, done, "WithAfterTick is called once per ensemble tick, with the ticks done")
	text := out.String()
	for _, line := range []string{"Creating the biweekly ensemble of 3 replicates", "Running the biweekly ensemble of 3 replicates for 2 ticks",
		"Completed the biweekly ensemble of 3 replicates", "Total:"} {
		assert.Equal(t, 1, strings.Count(text, line), "%q once in:\n%s", line, text)
	}
	assert.NotContains(t, text, "biweekly model")
	assert.Contains(t, bar.String(), fmt.Sprintf("%d/%d", R*T, R*T), "the bar counts R×T replicate-ticks")
}
