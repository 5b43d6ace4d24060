package runfile

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRunFileEnsemble: [ensemble] replicates and keep_replicates are read
// into the RunFile; without the table a run is single (0, false).
func TestRunFileEnsemble(t *testing.T) {
	cases := []struct {
		content    string
		replicates int
		keep       bool
	}{
		{"[ensemble]\nreplicates = 16\n", 16, false},
		{"[ensemble]\nreplicates = 1\nkeep_replicates = true\n", 1, true},
		{"[ensemble]\n", 0, false},
		{"[params]\nseed = 1\n", 0, false},
	}
	for _, tc := range cases {
		rf, err := Decode(strings.NewReader(tc.content), "run.toml", t.TempDir())
		require.NoError(t, err, tc.content)
		assert.Equal(t, tc.replicates, rf.Replicates, tc.content)
		assert.Equal(t, tc.keep, rf.KeepReplicates, tc.content)
	}
}

// TestRunFileEnsembleErrors: bad [ensemble] keys and values are named with
// their TOML path, every problem reported.
func TestRunFileEnsembleErrors(t *testing.T) {
	cases := []struct {
		name    string
		content string
		want    []string
	}{
		{"zero", "[ensemble]\nreplicates = 0\n", []string{`run.toml: ensemble.replicates: expected an integer from 1 to 100000, got 0`}},
		{"too many", "[ensemble]\nreplicates = 1000000\n", []string{`run.toml: ensemble.replicates: expected an integer from 1 to 100000, got 1000000`}},
		{"string", "[ensemble]\nreplicates = \"16\"\n", []string{`run.toml: ensemble.replicates: expected an integer, got a string`}},
		{"float", "[ensemble]\nreplicates = 1.5\n", []string{`run.toml: ensemble.replicates: expected an integer, got a float`}},
		{"keep type", "[ensemble]\nreplicates = 2\nkeep_replicates = 1\n", []string{`run.toml: ensemble.keep_replicates: expected a boolean, got an integer`}},
		{"misspelt key", "[ensemble]\nreplicate = 2\n", []string{`run.toml: ensemble.replicate: unknown key (did you mean "replicates"?)`}},
		{"not a table", "ensemble = 3\n", []string{`run.toml: ensemble: expected a table, got an integer`}},
		{"top-level typo", "[ensamble]\nreplicates = 3\n", []string{`run.toml: ensamble: unknown key (did you mean "ensemble"?)`}},
		{"several problems", "[ensemble]\nreplicates = -2\nkeep = true\n",
			[]string{"run.toml: ensemble.keep: unknown key", "run.toml: ensemble.replicates: expected an integer from 1 to 100000, got -2"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(strings.NewReader(tc.content), "run.toml", t.TempDir())
			require.Error(t, err)
			for _, w := range tc.want {
				assert.Contains(t, err.Error(), w)
			}
		})
	}
}
