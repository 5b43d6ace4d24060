package cli

import (
	"bytes"
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
	"github.com/rubeola/rubeola/output"
	"github.com/rubeola/rubeola/params"
	"github.com/rubeola/rubeola/params/paramstest"
	"github.com/rubeola/rubeola/phases"
	"github.com/rubeola/rubeola/scenario"
	"github.com/rubeola/rubeola/systems"
	"github.com/rubeola/rubeola/systems/compartmental"
)

// TestSummaryInfections: the summary's infections are Σ I in the biweekly
// model (I is each tick's incidence), the SEIR Infection's S → E count in
// the compartmental model (I is a prevalence, Σ I is not a count), and
// "not counted" (null) in a compartmental model without one.
func TestSummaryInfections(t *testing.T) {
	scn, err := scenario.TwoPatch(100000, 0)
	require.NoError(t, err)
	seeding := systems.DefaultSeedingParams()
	seeding.NumInfections = 20
	tests := []struct {
		name          string
		compartmental bool
		components    []phases.Factory
		want          string // "sum of I", "exposures" or "not counted"
	}{
		{"biweekly", false, []phases.Factory{systems.NewInfectionSeeding(&seeding), systems.NewInfection(nil)}, "sum of I"},
		{"compartmental", true, []phases.Factory{systems.NewInfectionSeeding(&seeding), compartmental.NewInfection(nil)}, "exposures"},
		{"compartmental without Infection", true, nil, "not counted"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := paramstest.QuietParams(60, 3)
			var m *model.Model
			if tt.compartmental {
				m, err = model.NewCompartmental(scn, params.CompartmentalParams{BiweeklyParams: p}, model.WithStdout(io.Discard))
			} else {
				m, err = model.NewBiweekly(scn, p, model.WithStdout(io.Discard))
			}
			require.NoError(t, err)
			require.NoError(t, m.SetComponents(append(tt.components, metrics.NewStateTracker(nil))...))
			require.NoError(t, m.Run(context.Background()))
			tr := model.InstancesOf[*metrics.StateTracker](m)[0]
			var sumI int64
			for _, v := range tr.Series("I")[:tr.Recorded()] {
				sumI += v
			}
			s := output.NewSummary(output.Inputs{Scenario: "two-patch"}, m, tr, 0, 0)
			var out bytes.Buffer
			printRunSummary(&out, s, "out", []string{"states.csv"}, 0)
			data, err := json.Marshal(s.Totals)
			require.NoError(t, err)
			switch tt.want {
			case "sum of I":
				require.NotNil(t, s.Totals.Infections)
				assert.Equal(t, sumI, *s.Totals.Infections)
				assert.Contains(t, out.String(), fmt.Sprintf("  total infections: %d\n", sumI))
			case "exposures":
				n := model.InstancesOf[*compartmental.Infection](m)[0].Exposures()
				assert.Positive(t, n)
				assert.NotEqual(t, sumI, n, "a prevalence summed over days is not the count")
				require.NotNil(t, s.Totals.Infections)
				assert.Equal(t, n, *s.Totals.Infections)
				assert.Contains(t, out.String(), fmt.Sprintf("  total infections: %d\n", n))
			default:
				assert.Nil(t, s.Totals.Infections)
				assert.Contains(t, string(data), `"infections":null`)
				assert.Contains(t, out.String(), "  total infections: not counted")
			}
		})
	}
}

// TestEnsembleInfectionsDaily: each replicate of a daily ensemble reports
// the infections of the single run with its seed (the S → E count).
func TestEnsembleInfectionsDaily(t *testing.T) {
	dir := t.TempDir()
	ens := filepath.Join(dir, "ens")
	code, stdout, stderr := runCLI(t, "run", "--model", "compartmental", "--ticks", "40", "--replicates", "2", "--seed", "7", "--out", ens, "--no-progress")
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stdout, "total infections: median")
	var es struct {
		PerReplicate []struct {
			Infections *int64 `json:"infections"`
		} `json:"per_replicate"`
		Stats struct {
			Infections *struct {
				N int `json:"n"`
			} `json:"infections"`
		} `json:"stats"`
	}
	decodeJSONFile(t, filepath.Join(ens, "ensemble", "summary.json"), &es)
	require.Len(t, es.PerReplicate, 2)
	require.NotNil(t, es.Stats.Infections)
	assert.Equal(t, 2, es.Stats.Infections.N)
	for r, rep := range es.PerReplicate {
		single := filepath.Join(dir, fmt.Sprint("r", r))
		code, _, stderr := runCLI(t, "run", "--model", "compartmental", "--ticks", "40", "--seed", fmt.Sprint(7+r), "--out", single, "--no-progress")
		require.Equal(t, 0, code, stderr)
		var s struct {
			Totals struct {
				Infections *int64 `json:"infections"`
			} `json:"totals"`
		}
		decodeJSONFile(t, filepath.Join(single, "summary.json"), &s)
		require.NotNil(t, rep.Infections)
		require.NotNil(t, s.Totals.Infections)
		assert.Positive(t, *s.Totals.Infections)
		assert.Equal(t, *s.Totals.Infections, *rep.Infections, "replicate %d", r)
	}
}

// decodeJSONFile decodes the JSON file at path into v.
func decodeJSONFile(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(data, v))
}

// TestDailyInfectionsResume: a daily run and a daily ensemble resumed from
// a snapshot report the infections of the uninterrupted run (the S → E
// count is saved in the snapshot).
func TestDailyInfectionsResume(t *testing.T) {
	type summary struct {
		Totals struct {
			Infections *int64 `json:"infections"`
		} `json:"totals"`
		PerReplicate []struct {
			Infections *int64 `json:"infections"`
		} `json:"per_replicate"`
	}
	for _, tt := range []struct {
		name    string
		args    []string
		summary string // the summary's path in the output directory
	}{
		{"single", nil, "summary.json"},
		{"ensemble", []string{"--replicates", "2"}, filepath.Join("ensemble", "summary.json")},
	} {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			whole := filepath.Join(dir, "whole")
			// 60 days with a snapshot at day 35: the resume has 25 days left to count.
			args := append([]string{"run", "--model", "compartmental", "--ticks", "60", "--seed", "5", "--snapshot-every", "35", "--out", whole, "--no-progress"}, tt.args...)
			code, _, stderr := runCLI(t, args...)
			require.Equal(t, 0, code, stderr)
			resumed := filepath.Join(dir, "resumed")
			code, _, stderr = runCLI(t, "resume", filepath.Join(whole, "snapshots", "tick-000035.snap"), "--out", resumed, "--no-progress")
			require.Equal(t, 0, code, stderr)
			var want, got summary
			decodeJSONFile(t, filepath.Join(whole, tt.summary), &want)
			decodeJSONFile(t, filepath.Join(resumed, tt.summary), &got)
			assert.Equal(t, want, got)
			if tt.summary == "summary.json" {
				require.NotNil(t, got.Totals.Infections)
				assert.Positive(t, *got.Totals.Infections)
			} else {
				require.Len(t, got.PerReplicate, 2)
				require.NotNil(t, got.PerReplicate[1].Infections)
				assert.Positive(t, *got.PerReplicate[1].Infections)
			}
		})
	}
}
