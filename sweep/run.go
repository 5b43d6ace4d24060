package sweep

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/runfile"
	"github.com/rubeola/rubeola/scenario"
)

// PointRun is one point to run: its run file, freshly decoded, and the
// directory its outputs go to.
type PointRun struct {
	// Point is the point.
	Point Point
	// RunFile is the point's run file (base with the point's values set).
	RunFile *runfile.File
	// Dir is the point's directory. It does not exist or holds an
	// incomplete earlier attempt; the run creates (replaces) it, ideally
	// atomically.
	Dir string
	// Workers is the number of goroutines the point's model may use.
	Workers int
}

// RunFunc runs one point, writes its outputs into r.Dir and returns the
// point's metrics.
type RunFunc func(ctx context.Context, r PointRun) (Metrics, error)

// Options configure [Run].
type Options struct {
	// Dir is the sweep directory.
	Dir string
	// Manifest describes the sweep ([File.NewManifest]).
	Manifest *Manifest
	// Workers is the number of points run at once (0: GOMAXPROCS); each
	// point's model gets GOMAXPROCS / Workers goroutines (at least 1).
	Workers int
	// Shard selects the points to run (zero value: all).
	Shard Shard
	// Volatile names output files that legitimately differ between two
	// runs of a point (wall-clock timings): they are not hashed.
	Volatile []string
	// Progress receives progress reports (nil: none): on a terminal one
	// line redrawn after every point, elsewhere (a log file) a line every
	// 5 % of the points.
	Progress io.Writer
	// Format is the points' tidy tables' format ("" is CSV).
	Format metrics.Format
	// Scenario is the scenario of the points whose run file names none
	// (the command line's embedded default scenario); ScenarioName
	// describes it in their summary.json.
	Scenario     *scenario.Table
	ScenarioName string
	// Run runs a point; nil runs it with [RunPoint], which writes what
	// `rubeola run` writes with the output package.
	Run RunFunc
}

// Report says what [Run] did.
type Report struct {
	// Points is the number of points of the sweep; InShard those of the
	// shard run.
	Points, InShard int
	// Complete counts the shard's points found complete (skipped); Ran the
	// points run now.
	Complete, Ran int
	// Elapsed is the wall time of running the points.
	Elapsed time.Duration
}

// Run runs the shard's points that are not complete in o.Dir, o.Workers at
// a time, then writes the sweep table of every complete point. o.Dir must
// be absent, empty or a directory of the same sweep (same fingerprint:
// then complete points are skipped and incomplete ones redone, so a killed
// sweep resumes). Each point's directory gets its completion record
// (point.json) last. On the first failing point no further point starts;
// Run waits for the running ones and returns the error (finished points
// stay complete).
func Run(ctx context.Context, f *File, o Options) (Report, error) {
	rep := Report{Points: f.NumPoints()}
	if err := prepareDir(o.Dir, o.Manifest, f.Path); err != nil {
		return rep, err
	}
	if err := removeStale(o.Dir, o.Shard); err != nil {
		return rep, err
	}
	var todo []Point
	for _, p := range f.points {
		if !o.Shard.Holds(p.Index) {
			continue
		}
		rep.InShard++
		if _, _, err := readRecord(PointDir(o.Dir, p.Index), o.Manifest, p.Index, false); err == nil {
			rep.Complete++
			continue
		}
		todo = append(todo, p)
	}
	workers := o.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	modelWorkers := max(1, runtime.GOMAXPROCS(0)/workers)

	start := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu    sync.Mutex
		first error
		done  int
	)
	forEach(len(todo), workers, func(k int) {
		if ctx.Err() != nil {
			return
		}
		p := todo[k]
		err := runPoint(ctx, f, o, p, modelWorkers)
		mu.Lock()
		defer mu.Unlock()
		if err != nil {
			if first == nil {
				first = fmt.Errorf("%s: %s: %w", f.Path, f.describePoint(p), err)
			}
			cancel()
			return
		}
		done++
		progress(o.Progress, done, len(todo), rep.Complete)
	})
	rep.Ran, rep.Elapsed = done, time.Since(start)
	if o.Progress != nil && len(todo) > 0 && isTerminal(o.Progress) {
		fmt.Fprintln(o.Progress)
	}
	if first != nil {
		return rep, first
	}
	if err := ctx.Err(); err != nil {
		return rep, err
	}
	return rep, WriteTable(o.Dir)
}

// progress reports done of todo points run: redrawn on a terminal, else a
// line every 5 % (and at the end).
func progress(w io.Writer, done, todo, complete int) {
	switch {
	case w == nil:
	case isTerminal(w):
		fmt.Fprintf(w, "\rsweep: %d/%d points run (%d were complete)", done, todo, complete)
	case done == todo || done%max(1, todo/20) == 0:
		fmt.Fprintf(w, "sweep: %d/%d points run (%d were complete)\n", done, todo, complete)
	}
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// runPoint runs one point and writes its record.
func runPoint(ctx context.Context, f *File, o Options, p Point, workers int) error {
	rf, err := f.RunFile(p)
	if err != nil {
		return err
	}
	dir := PointDir(o.Dir, p.Index)
	r := PointRun{Point: p, RunFile: rf, Dir: dir, Workers: workers}
	var metrics Metrics
	if o.Run != nil {
		metrics, err = o.Run(ctx, r)
	} else {
		metrics, err = RunPoint(ctx, f, r, o)
	}
	if err != nil {
		return err
	}
	files, err := sumFiles(dir, o.Volatile)
	if err != nil {
		return err
	}
	return writeRecord(dir, &Record{Index: p.Index, Fingerprint: o.Manifest.Fingerprint,
		Values: o.Manifest.Points[p.Index].Values, Metrics: finite(metrics), Files: files})
}

// finite drops NaN and infinite metrics (JSON has no such numbers; the
// table shows them as missing).
func finite(m Metrics) Metrics {
	out := Metrics{}
	for k, v := range m {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			out[k] = v
		}
	}
	return out
}

// removeStale removes the hidden leftovers (temporary directories
// .pNNNNN.*) of interrupted attempts at the shard's points in DIR/points.
func removeStale(dir string, shard Shard) error {
	entries, err := os.ReadDir(filepath.Join(dir, PointsDir))
	if err != nil {
		return err
	}
	for _, e := range entries {
		var k int
		var rest string
		if n, _ := fmt.Sscanf(e.Name(), ".p%d.%s", &k, &rest); n == 2 && shard.Holds(k) {
			if err := os.RemoveAll(filepath.Join(dir, PointsDir, e.Name())); err != nil {
				return err
			}
		}
	}
	return nil
}

// prepareDir creates the sweep directory with its manifest, or checks that
// an existing one holds the same sweep (source names the sweep file in
// messages).
func prepareDir(dir string, m *Manifest, source string) error {
	old, err := ReadManifest(dir)
	switch {
	case err == nil:
		if diffs := old.Differences(m); len(diffs) > 0 {
			return &MismatchError{Dir: dir, Other: source, Diffs: diffs}
		}
	case errors.Is(err, os.ErrNotExist):
		entries, rerr := os.ReadDir(dir)
		if rerr == nil && len(entries) > 0 {
			return fmt.Errorf("%s is not empty and has no %s: %w (use another --out)", dir, ManifestName, ErrNotSweepDir)
		}
		if rerr != nil && !errors.Is(rerr, os.ErrNotExist) {
			return rerr
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := writeManifest(dir, m); err != nil {
			return err
		}
	default:
		return err
	}
	return os.MkdirAll(filepath.Join(dir, PointsDir), 0o755)
}
