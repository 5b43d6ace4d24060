package cli

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVerboseNamesTheModel: --verbose names the compartmental model, its
// one-day ticks and its states above the schedule; the biweekly model's
// output has no such line (unchanged).
func TestVerboseNamesTheModel(t *testing.T) {
	tests := []struct {
		model string
		want  string // "" for no model line
	}{
		{"biweekly", ""},
		{"compartmental", "model: compartmental (CompartmentalModel), one-day ticks, states S, E, I, R\nschedule: "},
	}
	for _, tt := range tests {
		t.Run(tt.model, func(t *testing.T) {
			out := filepath.Join(t.TempDir(), "out")
			code, stdout, stderr := runCLI(t, "run", "--model", tt.model, "--ticks", "2", "--verbose", "--no-progress", "--out", out)
			require.Equal(t, 0, code, stderr)
			if tt.want == "" {
				assert.NotRegexp(t, `(?m)^model: `, stdout)
				return
			}
			assert.Contains(t, stdout, tt.want)
		})
	}
}

// TestVerboseBuiltinWithoutParams: a built-in component without params
// (PopulationTracker) is listed as "(no params)", not as a user component.
func TestVerboseBuiltinWithoutParams(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "run.toml", "[[phases]]\ntype = \"StateTracker\"\n\n[[phases]]\ntype = \"PopulationTracker\"\n")
	code, stdout, stderr := runCLI(t, "run", "--config", cfg, "--ticks", "2", "--verbose", "--no-progress", "--out", filepath.Join(dir, "out"))
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `(?m)^   2  PopulationTracker +initialiser\+phase  \(no params\)$`, stdout)
	assert.NotContains(t, stdout, "(user component)")
}
