package sweep

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/testkit"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/model"
)

// testMetrics are the metric columns modelRun returns.
var testMetrics = []string{"attack_rate", "peak_tick", "final_I"}

// modelRun is a RunFunc that runs the point's model and writes states.csv
// and a volatile wall-clock file, counting its calls.
func modelRun(calls *atomic.Int64) RunFunc {
	return func(ctx context.Context, r PointRun) (Metrics, error) {
		calls.Add(1)
		rf := r.RunFile
		m, err := model.NewBiweekly(rf.Scenario, rf.Params, model.WithWorkers(r.Workers),
			model.WithStdout(io.Discard), model.WithProgressWriter(io.Discard))
		if err != nil {
			return nil, err
		}
		if err := m.SetComponents(rf.Components...); err != nil {
			return nil, err
		}
		if err := m.Run(ctx); err != nil {
			return nil, err
		}
		if err := os.RemoveAll(r.Dir); err != nil {
			return nil, err
		}
		if err := os.MkdirAll(r.Dir, 0o755); err != nil {
			return nil, err
		}
		tracker := model.InstancesOf[*metrics.StateTracker](m)[0]
		var buf bytes.Buffer
		if err := metrics.WriteTidyCSV(&buf, tracker); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(r.Dir, "states.csv"), buf.Bytes(), 0o644); err != nil {
			return nil, err
		}
		wall := []byte(time.Now().String())
		if err := os.WriteFile(filepath.Join(r.Dir, "wall.txt"), wall, 0o644); err != nil {
			return nil, err
		}
		s := metrics.Summarize(tracker).Summary
		return Metrics{"attack_rate": *s.AttackRateGlobal, "peak_tick": float64(*s.PeakTick),
			"final_I": float64(s.FinalStateGlobal["I"])}, nil
	}
}

// testSweep is a 3 × 2 grid of the base run file.
const testSweep = `"phases.Infection.beta" = [0.5, 0.8, 1.1]
"params.seed" = { from = 1, to = 2 }`

// runSweep runs shard of the sweep into dir with workers, failing the test
// on error.
func runSweep(t *testing.T, f *File, dir, format string, shard Shard, workers int, calls *atomic.Int64) Report {
	t.Helper()
	rep, err := tryRun(f, dir, format, shard, workers, calls)
	require.NoError(t, err)
	return rep
}

func tryRun(f *File, dir, format string, shard Shard, workers int, calls *atomic.Int64) (Report, error) {
	m, err := f.NewManifest(format, testMetrics)
	if err != nil {
		return Report{}, err
	}
	return Run(context.Background(), f, Options{Dir: dir, Manifest: m, Workers: workers, Shard: shard,
		Volatile: []string{"wall.txt"}, Run: modelRun(calls)})
}

// tree reads every file below dir except the volatile wall.txt.
func tree(t *testing.T, dir string) map[string]string {
	return testkit.Tree(t, dir, "wall.txt")
}

func TestRunWritesPointsTableAndManifest(t *testing.T) {
	f, err := decodeSweep(t, testSweep)
	require.NoError(t, err)
	dir := filepath.Join(t.TempDir(), "out")
	var calls atomic.Int64
	rep := runSweep(t, f, dir, "csv", Shard{}, 2, &calls)
	assert.Equal(t, Report{Points: 6, InShard: 6, Ran: 6, Elapsed: rep.Elapsed}, rep)
	files := tree(t, dir)
	for k := range 6 {
		assert.Contains(t, files, fmt.Sprintf("points/p%05d/states.csv", k))
		assert.Contains(t, files, fmt.Sprintf("points/p%05d/point.json", k))
	}
	table := files["sweep.csv"]
	lines := bytes.Split([]byte(table), []byte("\n"))
	assert.Equal(t, "point,phases.Infection.beta,params.seed,attack_rate,peak_tick,final_I", string(lines[0]))
	assert.Len(t, lines, 1+6+1, "header, 6 points, final newline")
	assert.Regexp(t, `^5,1.1,2,[0-9.e-]+,[0-9]+,[0-9]+$`, string(lines[6]))
	man, err := ReadManifest(dir)
	require.NoError(t, err)
	assert.Equal(t, []string{"phases.Infection.beta", "params.seed"}, man.Axes)
	assert.Len(t, man.Points, 6)
	assert.Regexp(t, `^sha256:[0-9a-f]{64}$`, man.Fingerprint)
}

// TestResume deletes, truncates or unmarks single points of a finished
// sweep: a rerun redoes exactly those, and the directory is then the same
// byte for byte.
func TestResume(t *testing.T) {
	f, err := decodeSweep(t, testSweep)
	require.NoError(t, err)
	dir := filepath.Join(t.TempDir(), "out")
	var calls atomic.Int64
	runSweep(t, f, dir, "csv", Shard{}, 2, &calls)
	want := tree(t, dir)
	damage := []struct {
		name string
		do   func(point string) error
	}{
		{"output deleted", func(p string) error { return os.Remove(filepath.Join(p, "states.csv")) }},
		{"output truncated", func(p string) error { return os.Truncate(filepath.Join(p, "states.csv"), 10) }},
		{"record deleted (killed before it was written)", func(p string) error { return os.Remove(filepath.Join(p, RecordName)) }},
		{"record corrupt", func(p string) error { return os.WriteFile(filepath.Join(p, RecordName), []byte("{"), 0o644) }},
		{"point directory deleted", func(p string) error { return os.RemoveAll(p) }},
		{"temporary leftovers", func(p string) error {
			return os.MkdirAll(filepath.Join(filepath.Dir(p), "."+filepath.Base(p)+".tmp-1"), 0o755)
		}},
	}
	for k, d := range damage {
		t.Run(d.name, func(t *testing.T) {
			point := PointDir(dir, k%6)
			require.NoError(t, d.do(point))
			calls.Store(0)
			rep := runSweep(t, f, dir, "csv", Shard{}, 2, &calls)
			if d.name == "temporary leftovers" {
				assert.Equal(t, int64(0), calls.Load(), "a complete point is not rerun")
			} else {
				assert.Equal(t, int64(1), calls.Load(), "only the damaged point reruns")
				assert.Equal(t, 5, rep.Complete)
			}
			assert.Equal(t, want, tree(t, dir))
		})
	}
	calls.Store(0)
	runSweep(t, f, dir, "csv", Shard{}, 1, &calls)
	assert.Equal(t, int64(0), calls.Load(), "a complete sweep reruns nothing")
	entries, err := os.ReadDir(filepath.Join(dir, PointsDir))
	require.NoError(t, err)
	assert.Len(t, entries, 6, "no leftovers")
}

// TestShardsMergeToFullSweep runs the sweep whole (2 workers) and as 3
// shards (1 worker each): every shard holds exactly its points, and the
// merged shards equal the whole sweep byte for byte (manifest, table,
// every point file but the volatile one).
func TestShardsMergeToFullSweep(t *testing.T) {
	f, err := decodeSweep(t, testSweep)
	require.NoError(t, err)
	root := t.TempDir()
	var calls atomic.Int64
	full := filepath.Join(root, "full")
	runSweep(t, f, full, "csv", Shard{}, 2, &calls)
	var shards []string
	for i := range 3 {
		dir := filepath.Join(root, fmt.Sprintf("shard%d", i))
		rep := runSweep(t, f, dir, "csv", Shard{I: i, N: 3}, 1, &calls)
		assert.Equal(t, 2, rep.InShard)
		for k := range 6 {
			_, err := os.Stat(PointDir(dir, k))
			assert.Equal(t, k%3 == i, err == nil, "shard %d, point %d", i, k)
		}
		shards = append(shards, dir)
	}
	merged := filepath.Join(root, "merged")
	rep, err := Merge(merged, shards, false)
	require.NoError(t, err)
	assert.Equal(t, MergeReport{Points: 6, Copied: 6}, rep)
	want := tree(t, full)
	assert.Equal(t, want, tree(t, merged))

	t.Run("idempotent", func(t *testing.T) {
		rep, err := Merge(merged, shards, false)
		require.NoError(t, err)
		assert.Equal(t, MergeReport{Points: 6, Present: 6}, rep)
		assert.Equal(t, want, tree(t, merged))
		_, err = Merge(merged, append([]string{merged}, shards...), false)
		require.NoError(t, err, "the output directory may be among the sources")
		assert.Equal(t, want, tree(t, merged))
	})
	t.Run("into a directory with some points", func(t *testing.T) {
		dir := filepath.Join(root, "step")
		rep, err := Merge(dir, shards[:1], true)
		require.NoError(t, err)
		assert.Equal(t, []int{1, 2, 4, 5}, rep.Missing)
		_, err = Merge(dir, shards[1:], false)
		require.NoError(t, err)
		assert.Equal(t, want, tree(t, dir))
	})
	t.Run("resumed after a partial merge", func(t *testing.T) {
		dir := filepath.Join(root, "partial")
		_, err := Merge(dir, shards[:2], true)
		require.NoError(t, err)
		calls.Store(0)
		runSweep(t, f, dir, "csv", Shard{}, 2, &calls)
		assert.Equal(t, int64(2), calls.Load(), "the third shard's points run")
		assert.Equal(t, want, tree(t, dir))
	})
}

func TestMergeRefusals(t *testing.T) {
	f, err := decodeSweep(t, testSweep)
	require.NoError(t, err)
	other, err := decodeSweep(t, `"phases.Infection.beta" = [0.5, 0.8, 1.1]
"params.seed" = { from = 1, to = 3 }`)
	require.NoError(t, err)
	root := t.TempDir()
	var calls atomic.Int64
	a, b, c := filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(root, "c")
	runSweep(t, f, a, "csv", Shard{I: 0, N: 2}, 1, &calls)
	runSweep(t, f, b, "csv", Shard{I: 1, N: 2}, 1, &calls)
	runSweep(t, other, c, "csv", Shard{I: 1, N: 2}, 1, &calls)

	t.Run("different sweep", func(t *testing.T) {
		out := filepath.Join(root, "m1")
		_, err := Merge(out, []string{a, c}, false)
		var mm *MismatchError
		require.ErrorAs(t, err, &mm)
		assert.ErrorContains(t, err, c+" holds a different sweep from "+a+" (differences: the sweep file's [sweep])")
		assertAbsent(t, out)
	})
	t.Run("different format", func(t *testing.T) {
		d := filepath.Join(root, "parquet")
		runSweep(t, f, d, "parquet", Shard{I: 1, N: 2}, 1, &calls)
		_, err := Merge(filepath.Join(root, "m2"), []string{a, d}, false)
		assert.ErrorContains(t, err, d+" holds a different sweep from "+a+" (differences: format: parquet vs csv)")
	})
	t.Run("incomplete coverage", func(t *testing.T) {
		out := filepath.Join(root, "m3")
		_, err := Merge(out, []string{a}, false)
		var inc *IncompleteError
		require.ErrorAs(t, err, &inc)
		assert.Equal(t, []int{1, 3, 5}, inc.Missing)
		assert.ErrorContains(t, err, "3 of 6 points are complete in none of "+a+": points 1, 3, 5")
		assertAbsent(t, out)
	})
	t.Run("not a sweep directory", func(t *testing.T) {
		_, err := Merge(filepath.Join(root, "m4"), []string{a, root + "/nothing"}, false)
		assert.ErrorIs(t, err, ErrNotSweepDir)
		busy := filepath.Join(root, "busy")
		require.NoError(t, os.MkdirAll(busy, 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(busy, "x"), nil, 0o644))
		_, err = Merge(busy, []string{a, b}, false)
		assert.ErrorIs(t, err, ErrNotSweepDir)
	})
	t.Run("two copies of a point differ", func(t *testing.T) {
		twin := filepath.Join(root, "twin")
		require.NoError(t, os.CopyFS(twin, os.DirFS(a)))
		rec := filepath.Join(PointDir(twin, 0), RecordName)
		data, err := os.ReadFile(rec)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(rec, bytes.Replace(data, []byte(`"final_I": `), []byte(`"final_I": 1`), 1), 0o644))
		out := filepath.Join(root, "m5")
		_, err = Merge(out, []string{a, b, twin}, false)
		assert.ErrorContains(t, err, "point 0: "+PointDir(twin, 0)+" and "+PointDir(a, 0)+" hold different outputs")
		assertAbsent(t, out)
	})
	t.Run("corrupt copy is passed over", func(t *testing.T) {
		bad := filepath.Join(root, "bad")
		require.NoError(t, os.CopyFS(bad, os.DirFS(b)))
		states := filepath.Join(PointDir(bad, 1), "states.csv")
		data, err := os.ReadFile(states)
		require.NoError(t, err)
		data[len(data)-2] ^= 1 // same size, other content
		require.NoError(t, os.Chmod(states, 0o644))
		require.NoError(t, os.WriteFile(states, data, 0o644))
		out := filepath.Join(root, "m6")
		rep, err := Merge(out, []string{a, bad, b}, false)
		require.NoError(t, err)
		require.Len(t, rep.Ignored, 1)
		assert.Contains(t, rep.Ignored[0], "states.csv: content differs from point.json")
		_, err = Merge(filepath.Join(root, "m7"), []string{a, bad}, false)
		assert.ErrorContains(t, err, "1 of 6 points are complete in none")
	})
}

func TestRunRefusesAnotherSweepsDirectory(t *testing.T) {
	f, err := decodeSweep(t, testSweep)
	require.NoError(t, err)
	other, err := decodeSweep(t, `"params.seed" = [1, 2]`)
	require.NoError(t, err)
	dir := filepath.Join(t.TempDir(), "out")
	var calls atomic.Int64
	runSweep(t, f, dir, "csv", Shard{I: 0, N: 6}, 1, &calls)
	_, err = tryRun(other, dir, "csv", Shard{}, 1, &calls)
	var mm *MismatchError
	require.ErrorAs(t, err, &mm)
	_, err = tryRun(f, dir, "parquet", Shard{}, 1, &calls)
	assert.ErrorContains(t, err, dir+" holds a different sweep from sweep.toml (differences: format: csv vs parquet)")

	busy := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(busy, "notes.txt"), nil, 0o644))
	_, err = tryRun(f, busy, "csv", Shard{}, 1, &calls)
	assert.True(t, errors.Is(err, ErrNotSweepDir), err)
}

// TestParquetTable reads sweep.parquet back: columns in table order, axis
// columns typed by their values, metrics as optional doubles.
func TestParquetTable(t *testing.T) {
	f, err := decodeSweep(t, `"phases.Infection.beta" = [0.5, 1]
"params.start_time" = ["2000-01"]
"params.seed" = [3]`)
	require.NoError(t, err)
	dir := filepath.Join(t.TempDir(), "out")
	var calls atomic.Int64
	runSweep(t, f, dir, "parquet", Shard{}, 1, &calls)
	data, err := os.ReadFile(filepath.Join(dir, "sweep.parquet"))
	require.NoError(t, err)
	pf, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	require.NoError(t, err)
	var names, types []string
	for _, col := range pf.Schema().Fields() {
		names = append(names, col.Name())
		types = append(types, col.Type().String())
	}
	assert.Equal(t, []string{"point", "phases.Infection.beta", "params.start_time", "params.seed", "attack_rate", "peak_tick", "final_I"}, names)
	assert.Equal(t, []string{"INT(64,true)", "DOUBLE", "STRING", "INT(64,true)", "DOUBLE", "DOUBLE", "DOUBLE"}, types)
	rows := make([]parquet.Row, 2)
	n, err := pf.RowGroups()[0].Rows().ReadRows(rows)
	if !errors.Is(err, io.EOF) {
		require.NoError(t, err)
	}
	require.Equal(t, 2, n)
	assert.Equal(t, int64(1), rows[1][0].Int64())
	assert.Equal(t, 1.0, rows[1][1].Double(), "the integer 1 of a float axis is a double")
	assert.Equal(t, "2000-01", rows[1][2].String())
	assert.Equal(t, int64(3), rows[1][3].Int64())
}

func assertAbsent(t *testing.T, path string) {
	t.Helper()
	_, err := os.Stat(path)
	assert.ErrorIs(t, err, os.ErrNotExist, "nothing written")
}

// TestFailingPoint: a point whose run fails stops the sweep with an error
// naming the file and the point; the points finished before stay complete
// and a rerun does the rest.
func TestFailingPoint(t *testing.T) {
	f, err := decodeSweep(t, testSweep)
	require.NoError(t, err)
	dir := filepath.Join(t.TempDir(), "out")
	m, err := f.NewManifest("csv", testMetrics)
	require.NoError(t, err)
	var calls atomic.Int64
	good := modelRun(&calls)
	failing := func(ctx context.Context, r PointRun) (Metrics, error) {
		if r.Point.Index == 2 {
			return nil, errors.New("disk on fire")
		}
		return good(ctx, r)
	}
	rep, err := Run(context.Background(), f, Options{Dir: dir, Manifest: m, Workers: 1, Run: failing})
	assert.EqualError(t, err, `sweep.toml: [sweep] point 2 ("phases.Infection.beta" = 0.8, "params.seed" = 1): disk on fire`)
	assert.Equal(t, 2, rep.Ran, "points 0 and 1 ran; no point starts after the failure (1 worker)")
	_, err = os.Stat(filepath.Join(dir, "sweep.csv"))
	assert.ErrorIs(t, err, os.ErrNotExist, "the table is written when the sweep is complete")
	calls.Store(0)
	rep = runSweep(t, f, dir, "csv", Shard{}, 1, &calls)
	assert.Equal(t, 2, rep.Complete)
	assert.Equal(t, int64(4), calls.Load())
}

// TestProgressToALog checks the progress lines written to a non-terminal:
// one per 5 % of the points and the last.
func TestProgressToALog(t *testing.T) {
	var buf bytes.Buffer
	for done := 1; done <= 40; done++ {
		progress(&buf, done, 40, 3)
	}
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	assert.Len(t, lines, 20, "every 2nd of 40 points")
	assert.Equal(t, "sweep: 40/40 points run (3 were complete)", lines[19])
}
