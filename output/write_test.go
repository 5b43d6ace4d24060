package output

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
	"github.com/rubeola/rubeola/params/paramstest"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// writeTicks is the length of the runs here: 40 ticks, not a multiple of
// the session's reporting interval (40/32 → every tick) nor of the
// snapshot interval 15.
const writeTicks = 40

// components are the standard schedule with a population and a fade-out
// tracker (three tables besides states).
func components() []phases.Factory {
	return append(model.DefaultComponents(), metrics.NewPopulationTracker(nil), metrics.NewFadeOutTracker(nil))
}

// gridScenario is a 3×3 grid of 5 000 people per patch.
func gridScenario(t *testing.T) *scenario.Table {
	scn, err := scenario.Grid(3, 3, 5000, scenario.DefaultGridOptions())
	require.NoError(t, err)
	return scn
}

// TestWriteWithAndWithoutSession: the files written after the run (Write)
// and while it runs (Session.Write) are the same, byte for byte apart from
// timing.csv and summary.json (wall-clock fields: compared with NoTiming)
// and the snapshots (they record wall-clock timings too),
// for a single run and an ensemble with its replicates kept, CSV and
// Parquet; the result lists the files in report order.
func TestWriteWithAndWithoutSession(t *testing.T) {
	for _, tc := range []struct {
		name       string
		format     metrics.Format
		replicates int
		first      []string // the first files of the report
	}{
		{"single csv", metrics.CSV, 0, []string{"states.csv", "summary.json", "timing.csv", "population.csv", "fadeouts.csv"}},
		{"single parquet", metrics.Parquet, 0, []string{"states.parquet", "summary.json", "timing.csv"}},
		{"ensemble csv", metrics.CSV, 3, []string{"ensemble/states.csv", "ensemble/summary.json", "ensemble/population.csv"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			scn := gridScenario(t)
			p := paramstest.QuietParams(writeTicks, 5)
			o := Options{Format: tc.format, NoTiming: true, KeepReplicates: tc.replicates > 0, SnapshotEvery: 15}
			write := func(s *Session) (string, []string) {
				o.Dir = filepath.Join(t.TempDir(), "out")
				opts := []model.Option{model.WithStdout(io.Discard)}
				if s != nil {
					opts = append(opts, s.Option())
				} else {
					s = &Session{}
				}
				if tc.replicates > 0 {
					e, err := model.NewEnsemble(scn, p, tc.replicates, opts...)
					require.NoError(t, err)
					require.NoError(t, e.SetComponents(components()...))
					res, err := s.WriteEnsemble(context.Background(), e, o)
					require.NoError(t, err)
					assert.Len(t, res.Kept, 5, "the first replicate's states, summary, timing, population, fadeouts")
					return o.Dir, res.Tables
				}
				m, err := model.New(scn, p, opts...)
				require.NoError(t, err)
				require.NoError(t, m.SetComponents(components()...))
				res, err := s.Write(context.Background(), m, o)
				require.NoError(t, err)
				assert.Len(t, res.Snapshots, 2, "ticks 15 and 30 of 40")
				return o.Dir, res.Files
			}
			after, files := write(nil)
			live, liveFiles := write(NewSession())
			assert.Equal(t, files, liveFiles)
			assert.Equal(t, tc.first, files[:len(tc.first)])
			skip := []string{"timing.csv", "tick-000015.snap", "tick-000030.snap"}
			treeAfter, treeLive := testkit.Tree(t, after, skip...), testkit.Tree(t, live, skip...)
			assert.NotEmpty(t, treeAfter)
			assert.Equal(t, treeAfter, treeLive)
		})
	}
}

// TestWriteErrorsOfTheSetup: a component whose initialisation fails, or a
// list without a StateTracker, gives a *SetupError, an output directory
// whose parent is a file a *DirError; none leaves anything behind.
func TestWriteErrorsOfTheSetup(t *testing.T) {
	boom := errors.New("bad parameter")
	parent := t.TempDir()
	notDir := filepath.Join(parent, "file")
	require.NoError(t, os.WriteFile(notDir, []byte("x"), 0o644))
	for _, tc := range []struct {
		name  string
		dir   string
		list  []phases.Factory
		check func(t *testing.T, err error)
	}{
		{"initialisation", filepath.Join(parent, "out"), append(components(), initFails(boom)), func(t *testing.T, err error) {
			var se *SetupError
			require.ErrorAs(t, err, &se)
			assert.ErrorIs(t, err, boom)
		}},
		{"no StateTracker", filepath.Join(parent, "out"), []phases.Factory{metrics.NewPopulationTracker(nil)}, func(t *testing.T, err error) {
			var se *SetupError
			require.ErrorAs(t, err, &se)
			assert.ErrorIs(t, err, errNoStateTracker)
		}},
		{"directory", filepath.Join(notDir, "out"), components(), func(t *testing.T, err error) {
			var de *DirError
			require.ErrorAs(t, err, &de)
			assert.Equal(t, filepath.Join(notDir, "out"), de.Dir)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m, err := model.New(gridScenario(t), paramstest.QuietParams(2, 1), model.WithStdout(io.Discard))
			require.NoError(t, err)
			require.NoError(t, m.SetComponents(tc.list...))
			_, err = Write(context.Background(), m, Options{Dir: tc.dir})
			tc.check(t, err)
			entries, err := os.ReadDir(parent)
			require.NoError(t, err)
			assert.Len(t, entries, 1, "only the file in the way")
		})
	}
}

// initFails is a component whose initialisation fails with err.
func initFails(err error) phases.Factory {
	return func(phases.Model) (phases.Component, error) { return failingInit{err}, nil }
}

// failingInit is [initFails]'s component.
type failingInit struct{ err error }

// Name names the component.
func (failingInit) Name() string { return "FailingInit" }

// Initialize fails.
func (f failingInit) Initialize(phases.Model) error { return f.err }
