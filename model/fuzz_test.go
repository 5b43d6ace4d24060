package model

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/internal/fuzzwatch"
	"github.com/rubeola/rubeola/internal/snapdigest"
	"github.com/rubeola/rubeola/metrics"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
)

// Fuzz limits: inputs that pass decoding are also built and run for a few
// ticks (the component params are user input too, and some problems only
// show when a phase runs), within these bounds so that one input costs
// milliseconds.
const (
	fuzzMaxTicks   = 3        // ticks run per accepted input
	fuzzMaxPatches = 500      // larger scenarios are only decoded
	fuzzMemory     = 64 << 20 // WithMemoryLimit for fuzzed models
)

// fuzzSkips reports inputs the fuzz targets do not run: paths to devices
// and kernel files (fuzzwatch.NamesDevice) and the ResultsWriter, which
// writes files where its params say.
func fuzzSkips(data []byte) bool {
	return fuzzwatch.NamesDevice(data) || bytes.Contains(bytes.ToLower(data), []byte("esults"))
}

// fuzzOptions are the options of fuzzed models: quiet, the memory limit,
// and one worker (fuzzing needs no parallel kernels, and a model left
// before its end then leaves no parked helper goroutines behind).
func fuzzOptions() []Option {
	return []Option{WithStdout(io.Discard), WithProgressWriter(io.Discard), WithMemoryLimit(fuzzMemory), WithWorkers(1)}
}

// runFuzzed builds and runs a decoded model for at most fuzzMaxTicks ticks;
// errors are fine, panics are not.
func runFuzzed(scn *scenario.Table, p params.BiweeklyParams, fs []phases.Factory, opts ...Option) {
	if scn.Len() > fuzzMaxPatches {
		return
	}
	p.NumTicks = min(p.NumTicks, fuzzMaxTicks)
	p.Verbose, p.ShowProgress = false, false
	m, err := NewBiweekly(scn, p, append(fuzzOptions(), opts...)...)
	if err != nil {
		return
	}
	if err := m.SetComponents(fs...); err != nil {
		return
	}
	_ = m.Run(context.Background())
}

// FuzzDecodeRunFile feeds arbitrary TOML to the run file decoder: it never
// panics; every error line names the file; an accepted run file builds and
// runs (a few ticks) without panicking. The directory holds a scenario CSV
// and an SIA schedule the seeds refer to.
func FuzzDecodeRunFile(f *testing.F) {
	dir := f.TempDir()
	require.NoError(f, os.WriteFile(filepath.Join(dir, "towns.csv"),
		[]byte("id,pop,lat,lon,mcv1\nng:kano,1000,12,8.5,0.4\nng:lagos,5000,6.5,3.4,0.9\n"), 0o644))
	require.NoError(f, os.WriteFile(filepath.Join(dir, "sia.csv"), []byte("id,date\nng:kano,2000-03-01\n"), 0o644))
	for _, seed := range []string{"../examples/variant/run.toml", "../benchmarks/baseline.toml"} {
		data, err := os.ReadFile(seed)
		require.NoError(f, err)
		f.Add(data)
	}
	for _, s := range []string{
		"scenario = \"towns.csv\"\n[params]\nnum_ticks = 520\nseed = 7\n[[phases]]\ntype = \"Infection\"\nseasonality = 0.3\nmixer = { type = \"gravity\", k = 0.01 }\n",
		"[scenario]\nbuilder = \"random_n\"\nn = 20\n[[phases]]\ntype = \"VitalDynamics\"\ncrude_death_rate = 1e300\n",
		"scenario = \"towns.csv\"\n[[phases]]\ntype = \"SIACalendar\"\naggregation_level = 1\nsia_schedule = \"sia.csv\"\n[[phases]]\ntype = \"StateTracker\"\naggregation_level = -2\n",
		"[scenario]\nbuilder = \"two_patch\"\npop = 9007199254740992\n[output]\nformat = \"parquet\"\n",
		"[[phases]]\ntype = \"InfectionSeeding\"\nnum_infections = 5\nuse_largest_patch = true\n[[phases]]\ntype = \"FadeOutTracker\"\n",
		"[[phases]]\ntype = \"ImportationPressure\"\ncrude_importation_rate = { \"patch_1\" = 3.5 }\n[[phases]]\ntype = \"ConstantPop\"\n",
		"[[phases]]\ntype = \"phases[2].betta\"\n",
		"compartments = [\"WR\"]\n[scenario]\nbuilder = \"grid\"\nrows = 2\ncols = 2\n[[phases]]\ntype = \"StateTracker\"\n",
		"compartments = [\"WR\", 3, \"S\"]\n[[phases]]\ntype = \"Infection\"\nmixer = { type = \"truncated\", mixer = { type = \"radiation\" }, top_k = 1 }\n",
	} {
		f.Add([]byte(s))
	}
	fallback, err := scenario.TwoPatch(1000, 0.5)
	require.NoError(f, err)
	f.Fuzz(func(t *testing.T, data []byte) {
		if fuzzSkips(data) {
			return
		}
		var err error
		fuzzwatch.Within(t, fuzzwatch.Deadline, func() {
			var rf *RunFileForTest
			if rf, err = decodeRunFile(bytes.NewReader(data), "fuzz.toml", dir); err != nil {
				return
			}
			scn := rf.Scenario
			if scn == nil {
				scn = fallback
			}
			fs := rf.Components
			if fs == nil {
				fs = DefaultComponents()
			}
			runFuzzed(scn, rf.Params, fs, WithCompartments(rf.Compartments...))
		})
		if err != nil {
			for _, line := range strings.Split(err.Error(), "\n") {
				require.True(t, strings.HasPrefix(line, "fuzz.toml: "), "%q", line)
			}
		}
	})
}

// FuzzLoadSnapshot feeds arbitrary bytes as a snapshot file (plain JSON or
// gzip): loading never panics, every error names the file, and a snapshot
// that loads runs on (a few ticks) without panicking.
func FuzzLoadSnapshot(f *testing.F) {
	dir := f.TempDir()
	scn, err := scenario.Grid(2, 3, 5000, scenario.DefaultGridOptions())
	require.NoError(f, err)
	fs := append(DefaultComponents(), metrics.NewCaseSurveillanceTracker(nil), metrics.NewFadeOutTracker(nil),
		metrics.NewPopulationTracker(nil))
	m, err := NewBiweekly(scn, quietParams(6, 1), WithStdout(io.Discard), WithProgressWriter(io.Discard))
	require.NoError(f, err)
	require.NoError(f, m.SetComponents(fs...))
	require.NoError(f, m.RunTicks(context.Background(), 2))
	for _, name := range []string{"s.json", "s.snap"} {
		path := filepath.Join(dir, name)
		require.NoError(f, m.SaveSnapshot(path))
		data, err := os.ReadFile(path)
		require.NoError(f, err)
		f.Add(data, false)
		if payload, err := snapdigest.Open(bytes.Clone(data)); err == nil {
			f.Add(payload, true) // the plain JSON's payload, sealed again per input
		}
	}
	// reseal: data is a payload, sealed with its digest before loading, so
	// mutations reach the decoder and the content checks behind the digest
	// (a mutated sealed file fails the digest, which the false inputs fuzz).
	f.Fuzz(func(t *testing.T, data []byte, reseal bool) {
		if fuzzSkips(data) {
			return
		}
		if reseal {
			sealed, err := snapdigest.Seal(data)
			if err != nil {
				return
			}
			data = sealed
		}
		// One file per worker process, rewritten for every input (a
		// t.TempDir per input made fuzzing a hundred times slower).
		path := filepath.Join(dir, "fuzz.snap")
		require.NoError(t, os.WriteFile(path, data, 0o644))
		var err error
		fuzzwatch.Within(t, fuzzwatch.Deadline, func() {
			var m *Model
			m, err = LoadSnapshot(path, nil, fuzzOptions()...)
			if err != nil || m.Scenario().Len() > fuzzMaxPatches || slices.ContainsFunc(m.Instances(), isResultsWriter) {
				return
			}
			_ = m.RunTicks(context.Background(), fuzzMaxTicks)
		})
		if err != nil {
			require.True(t, strings.HasPrefix(err.Error(), "snapshot "+path+": "), "%q", err.Error())
		}
	})
}

// isResultsWriter reports the component that writes files.
func isResultsWriter(c phases.Component) bool {
	_, ok := c.(*metrics.ResultsWriter)
	return ok
}
