package cli

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// printingRunFile is a small run whose params make it verbose and hide the
// progress bar, for the flags to override.
const printingRunFile = `
[scenario]
builder = "grid"
rows = 2
cols = 2

[params]
num_ticks = 4
verbose = true
show_progress = false

[[phases]]
type = "InitializeEquilibriumStates"

[[phases]]
type = "Infection"

[[phases]]
type = "StateTracker"
`

// TestPrintingFlagsOverride: --verbose and --no-progress given on the
// command line, true or false, override the params file's verbose and
// show_progress (run) and the snapshot's stored ones (resume, which stores
// the params of the run that wrote it); when not given, the stored value
// stands. Streams count as terminals, so a shown bar is drawn (to "100%").
func TestPrintingFlagsOverride(t *testing.T) {
	withTerminal(t, true)
	dir := t.TempDir()
	cfg := writeFile(t, dir, "run.toml", printingRunFile)
	whole := filepath.Join(dir, "whole")
	code, _, stderr := runCLI(t, "run", "--config", cfg, "--snapshot-every", "2", "--out", whole)
	require.Equal(t, 0, code, stderr)
	snap := filepath.Join(whole, "snapshots", "tick-000002.snap")

	cases := []struct {
		name    string
		flags   []string
		verbose bool
		bar     bool
	}{
		{"stored", nil, true, false},
		{"--verbose=false", []string{"--verbose=false"}, false, false},
		{"--verbose", []string{"--verbose"}, true, false},
		{"--no-progress=false", []string{"--no-progress=false"}, true, true},
		{"--no-progress", []string{"--no-progress"}, true, false},
		{"both", []string{"--verbose=false", "--no-progress=false"}, false, true},
	}
	for k, tc := range cases {
		for _, cmd := range [][]string{{"run", "--config", cfg}, {"resume", snap}} {
			t.Run(cmd[0]+" "+tc.name, func(t *testing.T) {
				out := filepath.Join(dir, fmt.Sprintf("%s-%d", cmd[0], k))
				args := append(append(append([]string{}, cmd...), "--out", out), tc.flags...)
				code, stdout, stderr := runCLI(t, args...)
				require.Equal(t, 0, code, stderr)
				assert.Equal(t, tc.verbose, strings.Contains(stdout, "\nschedule: ") || strings.HasPrefix(stdout, "schedule: "), stdout)
				assert.Equal(t, tc.verbose, strings.Contains(stdout, "phase timing"), stdout)
				assert.Equal(t, tc.bar, strings.Contains(stderr, "100%"), stderr)
			})
		}
	}
}
