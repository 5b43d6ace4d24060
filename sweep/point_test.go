package sweep

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/rubeola/rubeola/metrics"
)

// TestRunPointWritesTheRunFiles: without Options.Run each point runs with
// RunPoint, a single run or an ensemble: its directory holds what `rubeola
// run` writes (summary.json without the wall-clock fields), and the
// record's metrics are the summary's (the attack rate; an ensemble's
// median).
func TestRunPointWritesTheRunFiles(t *testing.T) {
	tests := []struct {
		name     string
		extra    string // appended to the base run file
		files    []string
		summary  string // the summary.json of a point
		attackAt []string
	}{
		{"single", "", []string{"states.csv", "summary.json", "timing.csv", RecordName}, "summary.json",
			[]string{"summary", "attack_rate_global"}},
		{"ensemble", "\n[ensemble]\nreplicates = 2\n", []string{"ensemble/states.csv", "ensemble/summary.json", RecordName},
			"ensemble/summary.json", []string{"stats", "attack_rate", "q50"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := Decode([]byte(baseRunFile+tt.extra+"\n[sweep]\n\"phases.Infection.beta\" = [0.5, 0.8]\n"), "sweep.toml", t.TempDir())
			require.NoError(t, err)
			m, err := f.NewManifest(string(metrics.CSV), MetricNames(f.Base))
			require.NoError(t, err)
			dir := filepath.Join(t.TempDir(), "out")
			rep, err := Run(context.Background(), f, Options{Dir: dir, Manifest: m, Workers: 2, Volatile: []string{"timing.csv"}})
			require.NoError(t, err)
			assert.Equal(t, 2, rep.Ran)
			for k := range 2 {
				point := PointDir(dir, k)
				for _, name := range tt.files {
					assert.FileExists(t, filepath.Join(point, name))
				}
				var sum map[string]any
				data, err := os.ReadFile(filepath.Join(point, tt.summary))
				require.NoError(t, err)
				require.NoError(t, json.Unmarshal(data, &sum))
				assert.NotContains(t, sum, "wall_time_seconds", "a point's summary has no wall-clock fields")
				var at any = sum
				for _, key := range tt.attackAt {
					at = at.(map[string]any)[key]
				}
				rec, _, err := readRecord(point, m, k, true)
				require.NoError(t, err)
				assert.Equal(t, at, rec.Metrics["attack_rate"], "the record's attack rate is the summary's")
			}
		})
	}
}

// TestRunPointNeedsAScenario: a point whose run file names no scenario
// runs on Options.Scenario; without one it fails naming the point.
func TestRunPointNeedsAScenario(t *testing.T) {
	f, err := Decode([]byte("[params]\nnum_ticks = 2\n\n[sweep]\n\"params.seed\" = [1]\n"), "sweep.toml", t.TempDir())
	require.NoError(t, err)
	m, err := f.NewManifest(string(metrics.CSV), MetricNames(f.Base))
	require.NoError(t, err)
	_, err = Run(context.Background(), f, Options{Dir: filepath.Join(t.TempDir(), "out"), Manifest: m, Workers: 1})
	require.ErrorContains(t, err, "point 0: the run file names no scenario")
}
