package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// summaryInputsOf reads summary.json's inputs object.
func summaryInputsOf(t *testing.T, path string) map[string]any {
	t.Helper()
	var sum struct {
		Inputs map[string]any `json:"inputs"`
	}
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, &sum))
	return sum.Inputs
}

// TestResumeSummaryInputs: after resume, summary.json's inputs are the
// uninterrupted run's — inputs.scenario names the scenario's origin, not
// the snapshot — plus inputs.resumed_from (docs/outputs.md; issue 26 item
// 7: inputs.scenario said "stored in snapshot FILE"), for a single run
// and an ensemble.
func TestResumeSummaryInputs(t *testing.T) {
	dir := t.TempDir()
	scn := writeFile(t, dir, "scn.csv", "id,pop,lat,lon,mcv1\na,50000,51.5,-0.1,0.8\nb,30000,52.5,-1.9,0.7\n")
	for _, tc := range []struct {
		name    string
		extra   []string
		summary string // summary.json's path inside DIR
	}{
		{"single run", nil, "summary.json"},
		{"ensemble", []string{"--replicates", "2"}, filepath.Join("ensemble", "summary.json")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			whole := filepath.Join(dir, tc.name, "whole")
			args := append([]string{"run", "--scenario", scn, "--ticks", "6", "--snapshot-every", "3", "--out", whole}, tc.extra...)
			code, _, stderr := runCLI(t, args...)
			require.Equal(t, 0, code, stderr)
			snap := filepath.Join(whole, "snapshots", "tick-000003.snap")
			resumed := filepath.Join(dir, tc.name, "resumed")
			code, _, stderr = runCLI(t, "resume", snap, "--out", resumed)
			require.Equal(t, 0, code, stderr)

			want := summaryInputsOf(t, filepath.Join(whole, tc.summary))
			assert.Equal(t, scn, want["scenario"])
			want["resumed_from"] = snap
			assert.Equal(t, want, summaryInputsOf(t, filepath.Join(resumed, tc.summary)))
		})
	}
}
