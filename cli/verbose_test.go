package cli

import (
	"io"
	"net/http/httptest"
	"path/filepath"
	"regexp"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// withTerminal makes the CLI treat every stream as a terminal (or none) for
// the test.
func withTerminal(t *testing.T, yes bool) {
	t.Helper()
	saved := isTerminal
	isTerminal = func(io.Writer) bool { return yes }
	t.Cleanup(func() { isTerminal = saved })
}

// TestProgressBarOnlyOnATerminal: issue 14 — the bar is drawn when stderr is
// a terminal and show_progress is true (the default) and --no-progress is
// not given; pipes and CI logs get no bar.
func TestProgressBarOnlyOnATerminal(t *testing.T) {
	for _, tc := range []struct {
		name     string
		terminal bool
		flags    []string
		drawn    bool
	}{
		{"terminal", true, nil, true},
		{"terminal, --no-progress", true, []string{"--no-progress"}, false},
		{"pipe", false, nil, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			withTerminal(t, tc.terminal)
			args := append([]string{"run", "--ticks", "3", "--out", filepath.Join(t.TempDir(), "out")}, tc.flags...)
			code, _, stderr := runCLI(t, args...)
			require.Equal(t, 0, code, stderr)
			if tc.drawn {
				assert.Contains(t, stderr, "3/3", "the bar counts ticks")
			} else {
				assert.Empty(t, stderr)
			}
		})
	}
	// The real check: a test's buffer is not a terminal.
	assert.False(t, isTerminal(&bytesWriter{}))
}

// bytesWriter is a writer that is not a file.
type bytesWriter struct{}

func (bytesWriter) Write(p []byte) (int, error) { return len(p), nil }

// TestVerboseRun: --verbose prints the schedule before the run, keeps the
// model's SPEC §4.6 lines, then prints the phase-timing table and where
// every output went; library diagnostics are logged on stderr.
func TestVerboseRun(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	// A truncated mixer reports its lost mass through the logger.
	cfg := writeFile(t, dir, "run.toml", `
[scenario]
builder = "grid"
rows = 3
cols = 3

[[phases]]
type = "InitializeEquilibriumStates"

[[phases]]
type = "Infection"
mixer = { type = "truncated", mixer = { type = "gravity" }, top_k = 2 }

[[phases]]
type = "StateTracker"
`)
	code, stdout, stderr := runCLI(t, "run", "--config", cfg, "--ticks", "4", "--verbose", "--no-progress",
		"--snapshot-every", "2", "--out", out)
	require.Equal(t, 0, code, stderr)
	for _, pattern := range []string{
		`(?m)^schedule: 3 components, ticks 0 to 4 from 2000-01, seed \d+$`,
		`(?m)^   1  InitializeEquilibriumStatesProcess  initialiser        R0=8$`,
		`(?m)^   2  InfectionProcess +initialiser\+phase  beta=0\.5714 .*mixer=truncated\(mixer=gravity\(a=1 b=1 c=1\.5 k=0\.01\) min_weight=0 top_k=2 renorm=off_diagonal\) alpha=1 storage=float64$`,
		`(?m)^   3  StateTracker +initialiser\+phase  aggregation_level=-1$`,
		// SPEC §4.6, unchanged.
		`(?m)^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}: Running the biweekly model for 4 ticks…$`,
		`(?m)^InfectionProcess: [ 0-9,]{13} µs$`,
		`(?m)^Total: [ 0-9,]{13} microseconds$`,
		`(?m)^phase timing \(µs, 4 ticks\):$`,
		`(?m)^  component +init +ticks total +per tick +share +finalize$`,
		`(?m)^  InitializeEquilibriumStatesProcess +[0-9,]+ +- +- +- +[0-9,]+$`,
		// The share is "-" when every phase of these 4 tiny ticks rounds to 0 µs (a fast machine).
		`(?m)^  InfectionProcess +[0-9,]+ +[0-9,]+ +[0-9,.]+ +([0-9.]+ %|-) +[0-9,]+$`,
		`(?m)^  all phases +[0-9,]+ +[0-9,.]+$`,
		`(?m)^outputs in ` + regexp.QuoteMeta(out) + `:$`,
		`(?m)^  states\.csv +[0-9,]+ bytes$`,
		`(?m)^  summary\.json +[0-9,]+ bytes$`,
		`(?m)^  timing\.csv +[0-9,]+ bytes$`,
		`(?m)^  snapshots/tick-000004\.snap +[0-9,]+ bytes$`,
	} {
		assert.Regexp(t, regexp.MustCompile(pattern), stdout)
	}
	assert.Less(t, regexp.MustCompile(`(?m)^schedule:`).FindStringIndex(stdout)[0],
		regexp.MustCompile(`Running the biweekly model`).FindStringIndex(stdout)[0], "the schedule comes before the run")
	assert.Regexp(t, `level=INFO msg="truncated mixing" component=InfectionProcess report="kept 18, dropped 54`, stderr)

	// Without --verbose: none of it, and nothing logged.
	code, stdout, stderr = runCLI(t, "run", "--config", cfg, "--ticks", "4", "--no-progress", "--out", filepath.Join(dir, "quiet"))
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, stdout, "schedule:")
	assert.NotContains(t, stdout, "phase timing")
	assert.Empty(t, stderr)

	// resume --verbose prints the schedule from the snapshot's tick.
	code, stdout, stderr = runCLI(t, "resume", filepath.Join(out, "snapshots", "tick-000002.snap"), "--verbose", "--no-progress",
		"--out", filepath.Join(dir, "resumed"))
	require.Equal(t, 0, code, stderr)
	assert.Regexp(t, `(?m)^schedule: 3 components, ticks 2 to 4 from 2000-01`, stdout)
	assert.Regexp(t, `(?m)^phase timing \(µs, 4 ticks\):$`, stdout)
}

// TestPyramidVerboseLogsCache: pyramid --verbose logs the download, then
// the cache hit.
func TestPyramidVerboseLogsCache(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(counting(wppCSV(), &hits))
	defer srv.Close()
	args := []string{"pyramid", "AAA", "2000", "--url", srv.URL + "/wpp.csv", "--cache-dir", t.TempDir(), "--verbose"}
	code, _, stderr := runCLI(t, args...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, `msg="demographics: downloaded" url=`+srv.URL+"/wpp.csv")
	code, _, stderr = runCLI(t, args...)
	require.Equal(t, 0, code, stderr)
	assert.Contains(t, stderr, `msg="demographics: WPP extract from the cache" code=AAA`)
	assert.NotContains(t, stderr, "downloading")
}
