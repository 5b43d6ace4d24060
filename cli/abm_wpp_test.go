package cli

import (
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// wppRunFile is an agent-based run of 4 × 2000 people from start with
// ticks days and a WPPVitalDynamics of the given extra keys.
func wppRunFile(start string, ticks int, keys ...string) string {
	return fmt.Sprintf(`model = "abm"
scenario = { builder = "grid", rows = 2, cols = 2, pop = 2000, mcv1 = 0 }

[params]
num_ticks = %d
start_time = %q

[[phases]]
type = "WPPVitalDynamics"
%s

[[phases]]
type = "StateTracker"
`, ticks, start, strings.Join(keys, "\n"))
}

// TestWPPVitalDynamicsCommands runs and validates run files with
// WPPVitalDynamics on the generated WPP file of the fake country AAA,
// served on 127.0.0.1 (the cache in a temporary directory): a good run
// downloads once; a pyramid year outside 1950–2100, an unknown country, a
// run past 2100, a missing pyramid file (relative to the run file) and an
// agent table above --max-memory are refused with exit code 2, nothing
// written.
func TestWPPVitalDynamicsCommands(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(counting(wppCSV(), &hits))
	defer srv.Close()
	t.Setenv("RUBEOLA_WPP_URL", srv.URL+"/wpp.csv")
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	dir := t.TempDir()
	writeFile(t, dir, "pyr.csv", "age_min,age_max,count\n0,50,2\n50,100,1\n")

	good := writeFile(t, dir, "good.toml", wppRunFile("2000-01", 60, `country_code = "aaa"`, "year = 2000"))
	out := filepath.Join(dir, "out")
	code, _, stderr := runCLI(t, "run", "--config", good, "--out", out, "--no-progress")
	require.Equal(t, 0, code, stderr)
	assert.FileExists(t, filepath.Join(out, "states.csv"))
	code, _, stderr = runCLI(t, "validate", "--config", writeFile(t, dir, "own.toml",
		wppRunFile("2000-01", 60, `country_code = "aaa"`, `pyramid = "pyr.csv"`)))
	assert.Equal(t, 0, code, stderr)
	assert.Equal(t, int32(1), hits.Load(), "one download, then the cache")

	cases := []struct{ name, file, want string }{
		{"year", wppRunFile("2000-01", 60, `country_code = "aaa"`, "year = 1940"), "year = 1940"},
		{"country", wppRunFile("2000-01", 60, `country_code = "zzz"`), `country_code = "zzz"`},
		{"past 2100", wppRunFile("2095-01", 10*365, `country_code = "aaa"`), "2095 to 2105"},
		{"missing pyramid", wppRunFile("2000-01", 60, `country_code = "aaa"`, `pyramid = "none.csv"`), filepath.Join(dir, "none.csv")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			file := writeFile(t, dir, c.name+".toml", c.file)
			code, _, stderr := runCLI(t, "validate", "--config", file)
			assert.Equal(t, 2, code)
			assert.Contains(t, stderr, "WPPVitalDynamicsProcess")
			assert.Contains(t, stderr, c.want)
			out := filepath.Join(dir, c.name)
			code, _, _ = runCLI(t, "run", "--config", file, "--out", out, "--no-progress")
			assert.Equal(t, 2, code)
			assert.NoDirExists(t, out)
		})
	}
	code, _, stderr = runCLI(t, "validate", "--config", good, "--max-memory", "100kB")
	assert.Equal(t, 2, code)
	assert.Contains(t, stderr, "agents: ")
}
